"""``rewardkit demo``: SFT imitates its demonstrations, mistakes included; RL with a verifiable reward goes
past them — measured, offline, in a few minutes on a laptop CPU.

1. write the task (:mod:`runners.carry_task`): addition word problems whose demonstrations *forget the carry*
   on most problems that need one, held-out problems split into ``needs a carry`` and ``no carry``;
2. build a tiny random Llama with a character tokenizer (no download) and SFT it on the demonstrations: it
   learns the flaw;
3. RL from the SFT model on the same prompts with rewardkit's accuracy reward (true golds): GRPO by default,
   PPO with ``--algo ppo``, both from the same SFT model with ``--algo both`` (and a comparison table);
4. evaluate the SFT model (``checkpoint-0``) and every RL checkpoint greedily on the held-out problems
   (``rewardkit eval --model``'s code);
5. write the report (HTML: accuracy per split with 95 % intervals, reward and KL curves, the same problems
   answered before and after) and print the story: each split before → after, whether the intervals are
   apart, the KL to the SFT model; a run without a gain says so plainly.

Run it::

    rewardkit demo                      # → runs/demo/grpo/report.html
    rewardkit demo --algo both          # GRPO and PPO from the same SFT model, one table
    rewardkit demo --quick              # a smoke run in about a minute (too small to learn the task)

Every run starts clean: a rerun into the same ``--output-dir`` first removes what an earlier demo wrote there,
so no checkpoint, base model or eval record of a run with other sizes is reused; a folder that holds anything
else is refused. ``DEMO_DIR/provenance.json`` (also in ``demo.json``) records the rewardkit version, the plan,
the seed and the hash of all three.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from rewardkit.exit_codes import EXIT_USAGE
from rewardkit.files import atomic_write

__all__ = ["ALGORITHMS", "DemoPlan", "main", "run_demo", "split_story"]


ALGORITHMS = ("grpo", "ppo")


@dataclass(frozen=True)
class DemoPlan:
    """The sizes of one demo run (``QUICK`` shrinks them; ``bench/gpu_pipeline.py`` grows them)."""

    demonstrations: int = 16_000  # SFT examples (pairs repeat with other names; flaws drawn per example)
    flaw_rate: float = 0.7  # share of the carry problems whose demonstration forgets the carry
    sft_steps: int = 1500
    sft_batch: int = 16
    sft_learning_rate: float = 3e-3
    rl_steps: int = 120
    rl_prompts_per_step: int = 16
    group: int = 8  # GRPO's completions per prompt; PPO samples the same number of completions per step
    rl_learning_rate: float = 3e-4
    beta: float = 0.04  # KL coefficient of both: GRPO's beta, PPO's kl_coef
    checkpoints: int = 3
    eval_problems: int = 300
    hidden_size: int = 64
    num_layers: int = 4
    attn_implementation: str = "auto"  # transformers' choice; bench/gpu_pipeline.py's GPU plans take eager


QUICK = DemoPlan(
    demonstrations=256, sft_steps=20, sft_batch=16, rl_steps=4, rl_prompts_per_step=4, group=4,
    checkpoints=2, eval_problems=8, hidden_size=32, num_layers=2,
)  # fmt: skip

_MODEL_FILES = frozenset(
    {
        "config.json",
        "generation_config.json",
        "model.safetensors",
        "tokenizer.json",
        "tokenizer_config.json",
        "special_tokens_map.json",
        "chat_template.jinja",
    }
)


def _not_model_files(folder: str, names: list[str]) -> list[str]:
    """What a copy of the SFT run leaves out: its logs, base model, checkpoints and optimizer state."""
    return [n for n in names if n not in _MODEL_FILES]


# The prompt and the generation length: shared by every stage, so the SFT model answers the prompt RL samples
# from and the eval asks exactly that prompt again. "348+3=351\n#### 351" is 18 characters, then EOS.
SYSTEM, INSTRUCTION = "", ""
MAX_NEW_TOKENS = 24


# the files of the task, written first: what each stage reads
DEMONSTRATIONS = "demonstrations.jsonl"
RL_PROBLEMS = "rl_problems.jsonl"
EVAL_PROBLEMS = "eval_problems.jsonl"


# everything the demo writes into its folder: what a rerun removes before it starts
DEMO_OUTPUTS = frozenset(
    {"sft", *ALGORITHMS, DEMONSTRATIONS, RL_PROBLEMS, EVAL_PROBLEMS, "demo.json", "provenance.json"}
)


def start_clean(out: Path) -> list[str]:
    """Remove what an earlier demo wrote into ``out``; return the names removed.

    Raises ValueError, before anything is removed, when ``out`` holds anything else: the folder is then not
    (only) a demo's, and deleting in it would lose someone's files.
    """
    if not out.exists():
        return []
    if not out.is_dir():
        raise ValueError(f"--output-dir {out} is a file; pass a folder")
    entries = sorted(out.iterdir())
    foreign = [e.name for e in entries if e.name not in DEMO_OUTPUTS]
    if foreign:
        raise ValueError(
            f"--output-dir {out} holds files the demo did not write ({', '.join(foreign[:5])}): the demo "
            "starts clean by removing its own earlier output, so pass a new or empty folder"
        )
    for entry in entries:
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()
    return [e.name for e in entries]


def provenance(plan: DemoPlan, seed: int, algos: tuple[str, ...]) -> dict[str, Any]:
    """What a demo run is made of: the rewardkit version, its plan, seed and algorithms, and the sha256 of
    all of them (with the generation length), which differs whenever any of them does."""
    from rewardkit import __version__

    config = {"plan": plan.__dict__, "seed": seed, "algos": list(algos), "max_new_tokens": MAX_NEW_TOKENS}
    text = json.dumps({"rewardkit": __version__, **config}, sort_keys=True)
    return {"rewardkit": __version__, **config, "sha256": hashlib.sha256(text.encode()).hexdigest()}


def write_task(out: Path, plan: DemoPlan, seed: int) -> dict[str, Path]:
    """The three files of the task: SFT demonstrations (flawed), the RL prompts (the same problems, true
    golds) and the held-out problems (pairs never seen in training), each line a problem with its
    ``subject`` (``needs a carry`` / ``no carry``)."""
    from runners.carry_task import carry_problems, demonstrations

    held_out = carry_problems(plan.eval_problems, seed=seed + 100_019)
    unseen = frozenset((p["a"], p["b"]) for p in held_out)
    problems = carry_problems(plan.demonstrations, seed=seed, exclude=unseen, distinct=False)
    files = {name: out / name for name in (DEMONSTRATIONS, RL_PROBLEMS, EVAL_PROBLEMS)}
    for name, rows in (
        (DEMONSTRATIONS, demonstrations(problems, flaw_rate=plan.flaw_rate, seed=seed)),
        (RL_PROBLEMS, problems),
        (EVAL_PROBLEMS, held_out),
    ):
        atomic_write(files[name], "".join(json.dumps(r) + "\n" for r in rows))
    return files


class PeakMemory:
    """The peak resident memory of this process while a stage runs, above what it held when the stage began
    (sampled every 20 ms from ``/proc/self/statm``; None where that file does not exist). On a GPU the
    stage's ``torch.cuda.max_memory_allocated`` is the figure to read instead."""

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._start = self._peak = self._rss()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    @staticmethod
    def _rss() -> int | None:
        try:
            pages = int(Path("/proc/self/statm").read_text().split()[1])
            return pages * os.sysconf("SC_PAGE_SIZE")
        except (OSError, ValueError, IndexError, AttributeError):
            return None

    def _sample(self) -> None:
        while not self._stop.wait(0.02):
            rss = self._rss()
            if rss is not None and self._peak is not None:
                self._peak = max(self._peak, rss)

    def __enter__(self) -> PeakMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    @property
    def added_mib(self) -> float | None:
        if self._start is None or self._peak is None:
            return None
        return round((self._peak - self._start) / 2**20, 1)


def _gpu_peak_gib() -> float | None:
    import torch

    return round(torch.cuda.max_memory_allocated() / 2**30, 2) if torch.cuda.is_available() else None


def _reset_gpu_peak() -> None:
    import torch

    if torch.cuda.is_available():
        torch.cuda.reset_peak_memory_stats()


def _stage(console: Any, number: int, total: int, title: str) -> float:
    console.rule(f"[bold]{number}/{total} {title}")
    _reset_gpu_peak()
    return time.perf_counter()


def _rl_args(algo: str, out: Path, files: dict[str, Path], plan: DemoPlan, seed: int) -> Any:
    """GRPO's or PPO's settings for the same budget: ``rl_prompts_per_step × group`` completions a step, the
    same completion length, temperature, KL coefficient and accuracy reward; checkpoints at even steps."""
    from runners import grpo, ppo
    from runners.config import DataSettings, ModelSettings, PromptSettings

    common = {
        "output_dir": str(out / algo),
        "model": ModelSettings(source=str(out / "sft"), attn_implementation=plan.attn_implementation),
        "data": DataSettings(source=str(files[RL_PROBLEMS]), n=plan.demonstrations),
        "prompt": PromptSettings(system=SYSTEM, instruction=INSTRUCTION),
        "reward": {"accuracy": 1.0},
    }
    completions = plan.rl_prompts_per_step * plan.group
    save_steps = max(1, plan.rl_steps // plan.checkpoints)
    if algo == "grpo":
        return grpo.Args(
            **common,
            training=grpo.Training(
                learning_rate=plan.rl_learning_rate, max_steps=plan.rl_steps,
                per_device_train_batch_size=completions, num_generations=plan.group, beta=plan.beta,
                max_prompt_length=256, max_completion_length=MAX_NEW_TOKENS, logging_steps=1,
                save_steps=save_steps, save_final=False, seed=seed,
            ),
        )  # fmt: skip
    import torch

    return ppo.Args(
        **common,
        training=ppo.Training(
            learning_rate=plan.rl_learning_rate, max_steps=plan.rl_steps, rollout_batch_size=completions,
            minibatch_size=max(1, completions // 2), ppo_epochs=2, max_completion_length=MAX_NEW_TOKENS,
            kl_coef=plan.beta, logging_steps=1, save_steps=save_steps, save_final=False,
            cpu_threads=None if torch.cuda.is_available() else 1, seed=seed,
        ),
    )  # fmt: skip


MODELS_IN_MEMORY = {
    "grpo": "2: policy, reference (rewards are rules)",
    "ppo": "3: policy, reference, value (a learned reward model would be the 4th; rewards are rules)",
}


def _train_rl(algo: str, args: Any) -> dict[str, Any]:
    """Train; the reward first → last and tokens per second as each trainer counts them."""
    from runners import grpo, ppo

    if algo == "grpo":
        started = time.perf_counter()
        summary = grpo.train(args)
        tokens = _last_logged(Path(args.output_dir), "num_tokens", window=1)  # TRL's running count
        return {
            "reward_start": summary.get("reward_start"),
            "reward_end": summary.get("reward_end"),
            "tokens_per_s": tokens / (time.perf_counter() - started) if tokens else None,
        }
    summary = ppo.train(args)
    return {
        "reward_start": summary.get("first_reward"),
        "reward_end": summary.get("last_reward"),
        "tokens_per_s": summary.get("tokens_per_second"),
    }


def _last_logged(run_dir: Path, key: str, window: int = 5) -> float | None:
    """The mean of the last ``window`` values of ``key`` in ``RUN_DIR/metrics.jsonl`` (None: not logged)."""
    from rewardkit.jsonl import read_log

    values = [m[key] for m in read_log(run_dir / "metrics.jsonl") if isinstance(m.get(key), (int, float))]
    return sum(values[-window:]) / len(values[-window:]) if values else None


def split_story(eval_dir: Path) -> dict[str, Any]:
    """Held-out accuracy per split, first checkpoint (the SFT model) → last (after RL), with 95 % intervals
    and whether they are apart, and the one-line verdict the demo prints."""
    from evalkit.analysis import load_records
    from evalkit.movement import group_changes
    from runners.carry_task import FLAWED, SOUND

    df = load_records(eval_dir)
    splits = {}
    for g in group_changes(df, "subject"):
        c = g.flexible
        splits[g.group] = {
            "n": g.records_last,
            "before": c.first,
            "before_ci": c.first_ci,
            "after": c.last,
            "after_ci": c.last_ci,
            "points": None if c.points is None else round(c.points, 1),
            "intervals_apart": not c.within_noise,
        }
    flawed, sound = splits.get(FLAWED), splits.get(SOUND)
    if flawed is None or sound is None:
        verdict = "the held-out records have no split to compare"
    elif flawed["intervals_apart"] and (flawed["points"] or 0) > 0:
        kept = "held" if not sound["intervals_apart"] else f"moved {sound['points']:+.1f} points"
        verdict = (
            f"RL went past its demonstrations: '{FLAWED}' {_pct(flawed['before'])} → "
            f"{_pct(flawed['after'])} (95% intervals apart), while '{SOUND}' {kept} "
            f"({_pct(sound['before'])} → {_pct(sound['after'])})"
        )
    else:
        verdict = (
            f"no measurable gain on '{FLAWED}': {_pct(flawed['before'])} → {_pct(flawed['after'])}, "
            "within the 95% intervals at this size: the demonstrations' flaw was not undone (more RL steps "
            "may do it)"
        )
    return {"splits": splits, "verdict": verdict}


def run_demo(
    output_dir: str | Path,
    plan: DemoPlan = DemoPlan(),
    *,
    seed: int = 0,
    algos: tuple[str, ...] = ("grpo",),
) -> dict[str, Any]:
    """Run every stage into ``output_dir``; return what was measured (also ``DEMO_DIR/demo.json``)."""
    import torch
    from rich.console import Console

    from evalkit.model_eval import ModelEvalOptions, run_model_eval
    from runners import sft
    from runners.config import DataSettings, ModelSettings, PromptSettings

    unknown = [a for a in algos if a not in ALGORITHMS]
    if unknown or not algos:
        raise ValueError(f"algos must be among {', '.join(ALGORITHMS)}, got {', '.join(algos) or 'none'}")
    try:
        from evalkit.render import write_report
    except ImportError as exc:  # the [report] extra: say so before anything is trained
        raise RuntimeError(
            f"the demo's report needs the [report] extra (pip install 'rewardkit[report]'): {exc}"
        ) from exc
    if not torch.cuda.is_available():
        # The tiny model's matrices are 64 wide: a second thread buys nothing and, on a busy machine, stalls
        # every op at its barrier (measured: 7 s per GRPO step with two threads, 0.4 s with one).
        torch.set_num_threads(1)
    console = Console(stderr=True)
    out = Path(output_dir)
    removed = start_clean(out)
    if removed:
        console.print(
            f"starting clean: removed the earlier demo's {', '.join(removed)} from {out}", markup=False
        )
    out.mkdir(parents=True, exist_ok=True)
    made_of = provenance(plan, seed, algos)
    atomic_write(out / "provenance.json", json.dumps(made_of, indent=2) + "\n")
    started = time.perf_counter()
    stages = 2 + 3 * len(algos)
    files = write_task(out, plan, seed)

    t = _stage(console, 1, stages, "SFT of a tiny random model on demonstrations that forget the carry")
    with PeakMemory() as memory:
        sft_summary = sft.train(
            sft.Args(
                output_dir=str(out / "sft"),
                model=ModelSettings(
                    source="tiny", hidden_size=plan.hidden_size, num_layers=plan.num_layers, seed=seed,
                    attn_implementation=plan.attn_implementation,
                ),
                data=DataSettings(source=str(files[DEMONSTRATIONS]), n=plan.demonstrations),
                prompt=PromptSettings(system=SYSTEM, instruction=INSTRUCTION),
                eval=sft.EvalSettings(n=0),  # the held-out evaluation is stage 3, per split
                training=sft.Training(
                    learning_rate=plan.sft_learning_rate, max_steps=plan.sft_steps,
                    per_device_train_batch_size=plan.sft_batch, max_length=256,
                    warmup_steps=max(1, plan.sft_steps // 20), logging_steps=max(1, plan.sft_steps // 20),
                    seed=seed,
                ),
            )
        )  # fmt: skip
    result: dict[str, Any] = {
        "sft": {
            "loss_start": sft_summary.get("loss_start"),
            "loss_end": sft_summary.get("loss_end"),
            "wall_s": round(time.perf_counter() - t, 1),
            "memory_added_mib": memory.added_mib,
            "peak_gpu_gib": _gpu_peak_gib(),
        },
        "plan": plan.__dict__,
        "provenance": made_of,
    }
    atomic_write(out / "demo.json", json.dumps(result, indent=2) + "\n")  # a run cut short keeps each stage
    number = 1
    for algo in algos:
        number += 1
        title = f"{algo.upper()} on the same prompts, rewardkit's accuracy reward"
        t = _stage(console, number, stages, title)
        with PeakMemory() as memory:
            trained = _train_rl(algo, _rl_args(algo, out, files, plan, seed))
        run_dir = out / algo
        rl = {
            **trained,
            "kl_end": _last_logged(run_dir, "kl"),
            "frac_reward_zero_std_end": _last_logged(run_dir, "frac_reward_zero_std"),
            "wall_s": round(time.perf_counter() - t, 1),
            "memory_added_mib": memory.added_mib,
            "peak_gpu_gib": _gpu_peak_gib(),
            "models_in_memory": MODELS_IN_MEMORY[algo],
        }
        # the model RL started from, as its step 0: the eval and the report then show what RL changed
        shutil.copytree(out / "sft", run_dir / "checkpoint-0", dirs_exist_ok=True, ignore=_not_model_files)

        number += 1
        t = _stage(console, number, stages, f"rewardkit eval over the {algo.upper()} checkpoints (held out)")
        code = run_model_eval(
            ModelEvalOptions(
                model=str(run_dir),
                output_dir=str(run_dir / "eval"),
                data_file=str(files[EVAL_PROBLEMS]),
                n=1,
                temperature=0.0,  # greedy: the answer each model gives, as the story is told
                max_new_tokens=MAX_NEW_TOKENS,
                batch_size=64,
                seed=seed,
                system=SYSTEM,
                instruction=INSTRUCTION,
            ),
            err=sys.stderr,
        )
        if code != 0:
            raise RuntimeError(f"the evaluation of {run_dir} failed (exit {code}); see the messages above")
        rl["eval_s"] = round(time.perf_counter() - t, 1)
        rl["eval"] = _eval_table(run_dir / "eval")
        rl.update(split_story(run_dir / "eval"))

        number += 1
        t = _stage(console, number, stages, f"report of the {algo.upper()} run")
        rl["report"] = str(write_report(run_dir, fmt="html"))
        rl["report_s"] = round(time.perf_counter() - t, 1)
        result[algo] = rl
        atomic_write(out / "demo.json", json.dumps(result, indent=2) + "\n")
    result["wall_s"] = round(time.perf_counter() - started, 1)
    atomic_write(out / "demo.json", json.dumps(result, indent=2) + "\n")
    return result


def _eval_table(eval_dir: Path) -> dict[str, Any]:
    """checkpoint name -> accuracy from each ``summary.json`` the eval wrote."""
    table = {}
    for summary in sorted(eval_dir.glob("*/summary.json")):
        data = json.loads(summary.read_text(encoding="utf-8"))
        table[summary.parent.name] = data.get("accuracy")
    return table


def comparison_table(result: dict[str, Any]) -> str:
    """GRPO and PPO side by side (Markdown): models held, memory, wall time, reward, KL, split accuracy."""
    from runners.carry_task import FLAWED, SOUND

    algos = [a for a in ALGORITHMS if a in result]
    rows = [
        "| | " + " | ".join(a.upper() for a in algos) + " |",
        "|---|" + "---|" * len(algos),
    ]

    def row(label: str, cell: Any) -> None:
        rows.append(f"| {label} | " + " | ".join(cell(result[a]) for a in algos) + " |")

    row("models in memory", lambda r: r["models_in_memory"])
    row("memory added while training (MiB, RSS)", lambda r: _num(r.get("memory_added_mib"), 0))
    if any(result[a].get("peak_gpu_gib") is not None for a in algos):
        row("peak GPU memory (GiB)", lambda r: _num(r.get("peak_gpu_gib"), 2))
    row("wall time (s)", lambda r: _num(r.get("wall_s"), 0))
    row("tokens/s (as each trainer counts them)", lambda r: _num(r.get("tokens_per_s"), 0))
    row("reward, first → last logs", lambda r: f"{_num(r.get('reward_start'))} → {_num(r.get('reward_end'))}")
    row("KL to the SFT model at the end", lambda r: _num(r.get("kl_end"), 4))
    for split in (FLAWED, SOUND):
        row(
            f"held-out '{split}', SFT → RL",
            lambda r, split=split: _split_cell(r.get("splits", {}).get(split)),
        )
    return "\n".join(rows) + "\n"


def _split_cell(split: dict[str, Any] | None) -> str:
    if not split:
        return "-"
    apart = "intervals apart" if split["intervals_apart"] else "within the intervals"
    return f"{_pct(split['before'])} → {_pct(split['after'])} (n={split['n']}, {apart})"


def _pct(value: Any) -> str:
    return f"{100 * value:.1f}%" if isinstance(value, (int, float)) else "-"


def _num(value: Any, digits: int = 3) -> str:
    return f"{value:.{digits}f}" if isinstance(value, (int, float)) else "-"


def main(argv: list[str] | None = None) -> int:
    full, quick = DemoPlan(), QUICK
    parser = argparse.ArgumentParser(
        prog="rewardkit demo",
        description="SFT on demonstrations that forget the carry, then RL with rewardkit's accuracy reward, "
        "evaluated per split on held-out problems, with an HTML report — offline, on CPU. Each run starts "
        "clean: what an earlier demo wrote into --output-dir is removed first.",
    )
    parser.add_argument(
        "--output-dir", metavar="DIR", default="runs/demo", help="where everything goes (default: runs/demo)"
    )
    parser.add_argument(
        "--algo",
        choices=[*ALGORITHMS, "both"],
        default="grpo",
        help="the RL algorithm; both: GRPO and PPO from the same SFT model, compared in one table "
        "(default: grpo)",
    )
    parser.add_argument("--quick", action="store_true", help="a smoke run: tiny sizes, about a minute")
    parser.add_argument(
        "--sft-steps",
        type=int,
        metavar="N",
        help=f"SFT optimizer steps (default: {full.sft_steps}; with --quick: {quick.sft_steps})",
    )
    parser.add_argument(
        "--rl-steps",
        "--grpo-steps",
        dest="rl_steps",
        type=int,
        metavar="N",
        help=f"RL optimizer steps (default: {full.rl_steps}; with --quick: {quick.rl_steps})",
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="seed of the model, the data and sampling (default: 0)"
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    plan = QUICK if args.quick else DemoPlan()
    for name in ("sft_steps", "rl_steps"):
        value = getattr(args, name)
        if value is not None:
            if value < 1:
                parser.error(f"--{name.replace('_', '-')} must be at least 1, got {value}")
            plan = replace(plan, **{name: value})
    algos = ALGORITHMS if args.algo == "both" else (args.algo,)
    from rich.console import Console

    console = Console()
    try:
        result = run_demo(args.output_dir, plan, seed=args.seed, algos=algos)
    except (RuntimeError, OSError, ValueError) as exc:
        print(f"rewardkit: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    console.rule("[bold]done")
    sft_run = result["sft"]
    console.print(
        f"SFT loss {_num(sft_run['loss_start'])} → {_num(sft_run['loss_end'])} ({sft_run['wall_s']:.0f} s)",
        markup=False,
    )
    for algo in algos:
        rl = result[algo]
        console.print(
            f"{algo.upper()}: reward {_num(rl['reward_start'])} → {_num(rl['reward_end'])}, KL to the SFT "
            f"model {_num(rl['kl_end'], 4)} ({rl['wall_s']:.0f} s); held-out greedy accuracy, SFT → "
            f"{algo.upper()}:",
            markup=False,
        )
        for split, s in rl["splits"].items():
            console.print(
                f"  {split:>14}: {_pct(s['before'])} {_ci(s['before_ci'])} → {_pct(s['after'])} "
                f"{_ci(s['after_ci'])}  ({s['points']:+.1f} points, n={s['n']}, "
                f"{'95% intervals apart' if s['intervals_apart'] else 'within the 95% intervals'})",
                markup=False,
            )
        console.print(f"  {rl['verdict']}", markup=False, soft_wrap=True)
        console.print(f"  report: {rl['report']}", markup=False, soft_wrap=True)
    if len(algos) > 1:
        console.print(comparison_table(result), markup=False, soft_wrap=True)
    console.print(f"wall time {result['wall_s']:.0f} s", markup=False)
    return 0


def _ci(ci: Any) -> str:
    return f"[{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]" if ci else ""


if __name__ == "__main__":
    raise SystemExit(main())
