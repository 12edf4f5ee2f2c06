"""``rewardkit demo``: the whole loop offline, in a few minutes on a laptop CPU.

1. build a tiny random Llama with a character tokenizer (no download);
2. warm-start it with SFT on synthetic arithmetic word problems (GSM8K-style ``#### N`` golds);
3. train it with GRPO on accuracy plus the ``#### N`` answer format, saving checkpoints;
4. evaluate every checkpoint on held-out problems (``rewardkit eval --model``'s code);
5. write the error-breakdown report (HTML) and print where it is.

Run it::

    rewardkit demo                      # → runs/demo/grpo/report.html
    rewardkit demo --quick              # a smoke run in well under a minute
    rewardkit demo --output-dir DIR --sft-steps 800 --grpo-steps 120

A model this small learns the format quickly and some arithmetic; the point is the loop and the report,
whose numbers are real (sampled accuracy per checkpoint, error buckets, training curves).

Every run starts clean: a rerun into the same ``--output-dir`` first removes what an earlier demo wrote there
(``sft/``, ``grpo/``, ``eval_problems.jsonl``, ``demo.json``, ``provenance.json``), so no checkpoint, base
model or eval record of a run with other sizes is reused; a folder that holds anything else is refused.
``DEMO_DIR/provenance.json`` (also in ``demo.json``) records the rewardkit version, the plan, the seed and the
hash of both.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rewardkit.exit_codes import EXIT_USAGE
from rewardkit.files import atomic_write

__all__ = ["DemoPlan", "main", "run_demo"]


@dataclass(frozen=True)
class DemoPlan:
    """The sizes of one demo run (``--quick`` shrinks every one of them)."""

    sft_steps: int = 300
    sft_batch: int = 16
    grpo_steps: int = 40
    checkpoints: int = 4
    train_problems: int = 2000
    eval_problems: int = 64
    eval_samples: int = 4
    hidden_size: int = 64
    num_layers: int = 4


QUICK = DemoPlan(
    sft_steps=20, sft_batch=16, grpo_steps=4, checkpoints=2, train_problems=64, eval_problems=8,
    eval_samples=2, hidden_size=32, num_layers=2,
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


# The synthetic task, the prompt and the generation length: shared by all three stages, so the SFT model
# answers the prompt GRPO samples from and the eval asks exactly that prompt again.
TASK = {"min_steps": 1, "max_steps": 1, "max_operand": 5}
SYSTEM, INSTRUCTION = "", ""
MAX_NEW_TOKENS = 32


# everything the demo writes into its folder: what a rerun removes before it starts
DEMO_OUTPUTS = frozenset({"sft", "grpo", "eval_problems.jsonl", "demo.json", "provenance.json"})


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


def provenance(plan: DemoPlan, seed: int) -> dict[str, Any]:
    """What a demo run is made of: the rewardkit version, its plan and seed, and the sha256 of all three
    (with the task and generation length), which differs whenever any of them does."""
    from rewardkit import __version__

    config = {"plan": plan.__dict__, "seed": seed, "task": TASK, "max_new_tokens": MAX_NEW_TOKENS}
    text = json.dumps({"rewardkit": __version__, **config}, sort_keys=True)
    return {"rewardkit": __version__, **config, "sha256": hashlib.sha256(text.encode()).hexdigest()}


def _stage(console: Any, number: int, title: str) -> float:
    console.rule(f"[bold]{number}/4 {title}")
    return time.perf_counter()


def run_demo(output_dir: str | Path, plan: DemoPlan = DemoPlan(), *, seed: int = 0) -> dict[str, Any]:
    """Run the four stages into ``output_dir``; return what was measured (also ``DEMO_DIR/demo.json``)."""
    import torch
    from rich.console import Console

    from evalkit.model_eval import ModelEvalOptions, run_model_eval
    from runners import grpo, sft
    from runners.config import DataSettings, ModelSettings, PromptSettings
    from runners.problems import synthetic_problems

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
    made_of = provenance(plan, seed)
    atomic_write(out / "provenance.json", json.dumps(made_of, indent=2) + "\n")
    started = time.perf_counter()
    timings: dict[str, float] = {}
    prompt = PromptSettings(system=SYSTEM, instruction=INSTRUCTION)

    t = _stage(console, 1, "SFT warm start of a tiny random model (built offline)")
    sft_args = sft.Args(
        output_dir=str(out / "sft"),
        model=ModelSettings(
            source="tiny", hidden_size=plan.hidden_size, num_layers=plan.num_layers, seed=seed
        ),
        data=DataSettings(n=plan.train_problems, seed=seed, **TASK),
        prompt=prompt,
        eval=sft.EvalSettings(n=plan.eval_problems, max_new_tokens=MAX_NEW_TOKENS),
        training=sft.Training(
            learning_rate=3e-3,
            max_steps=plan.sft_steps,
            per_device_train_batch_size=plan.sft_batch,
            max_length=256,
            warmup_steps=max(1, plan.sft_steps // 20),
            logging_steps=max(1, plan.sft_steps // 20),
            seed=seed,
        ),
    )
    sft_summary = sft.train(sft_args)
    timings["sft_s"] = time.perf_counter() - t

    t = _stage(console, 2, "GRPO: accuracy + '#### N' format rewards")
    grpo_args = grpo.Args(
        output_dir=str(out / "grpo"),
        model=ModelSettings(source=str(out / "sft")),
        data=DataSettings(n=plan.train_problems, seed=seed + 1, **TASK),
        prompt=prompt,
        reward={"accuracy": 1.0, "runners.marker_reward:AnswerMarkerReward": 0.2},
        training=grpo.Training(
            # 8 prompts x 8 samples a step: with 2 prompts a step (batch 16) the gradient was noise and
            # held-out accuracy drifted down (22.3% -> 19.9%); lr 1e-4 and 2e-4 did no better
            learning_rate=5e-5,
            max_steps=plan.grpo_steps,
            per_device_train_batch_size=64,
            num_generations=8,
            beta=0.04,
            max_prompt_length=256,
            max_completion_length=MAX_NEW_TOKENS,
            logging_steps=1,
            save_steps=max(1, plan.grpo_steps // plan.checkpoints),
            save_final=False,  # the last checkpoint is the final model
            seed=seed,
        ),
    )
    grpo_summary = grpo.train(grpo_args)
    timings["grpo_s"] = time.perf_counter() - t
    # the model GRPO started from, as its step 0: the eval table and the report then show what GRPO changed
    shutil.copytree(out / "sft", out / "grpo" / "checkpoint-0", dirs_exist_ok=True, ignore=_not_model_files)

    t = _stage(console, 3, "rewardkit eval over the GRPO checkpoints (held-out problems)")
    problems_file = out / "eval_problems.jsonl"
    held_out = synthetic_problems(plan.eval_problems, seed=seed + 100_019, **TASK)
    problems_file.write_text("".join(json.dumps(p) + "\n" for p in held_out), encoding="utf-8")
    code = run_model_eval(
        ModelEvalOptions(
            model=str(out / "grpo"),
            output_dir=str(out / "grpo" / "eval"),
            data_file=str(problems_file),
            n=plan.eval_samples,
            temperature=1.0,  # sampled accuracy: what RL moves first at this scale
            max_new_tokens=MAX_NEW_TOKENS,
            batch_size=32,
            seed=seed,
            system=SYSTEM,
            instruction=INSTRUCTION,
        ),
        err=sys.stderr,
    )
    if code != 0:
        raise RuntimeError(f"the evaluation of {out / 'grpo'} failed (exit {code}); see the messages above")
    timings["eval_s"] = time.perf_counter() - t

    t = _stage(console, 4, "error-breakdown report")
    try:
        from evalkit.render import write_report
    except ImportError as exc:  # the [report] extra
        raise RuntimeError(
            f"the report needs the [report] extra (pip install 'rewardkit[report]'): {exc}"
        ) from exc
    report = write_report(out / "grpo", fmt="html")
    timings["report_s"] = time.perf_counter() - t

    result = {
        "report": str(report),
        "sft": {
            k: sft_summary.get(k) for k in ("loss_start", "loss_end", "accuracy_before", "accuracy_after")
        },
        "grpo": {k: grpo_summary.get(k) for k in ("reward_start", "reward_end", "steps", "warnings")},
        "eval": _eval_table(out / "grpo" / "eval"),
        "timings_s": {k: round(v, 1) for k, v in timings.items()},
        "wall_s": round(time.perf_counter() - started, 1),
        "plan": plan.__dict__,
        "provenance": made_of,
    }
    atomic_write(out / "demo.json", json.dumps(result, indent=2) + "\n")
    return result


def _eval_table(eval_dir: Path) -> dict[str, Any]:
    """checkpoint name -> accuracy from each ``summary.json`` the eval wrote."""
    table = {}
    for summary in sorted(eval_dir.glob("*/summary.json")):
        data = json.loads(summary.read_text(encoding="utf-8"))
        table[summary.parent.name] = data.get("accuracy")
    return table


def main(argv: list[str] | None = None) -> int:
    full, quick = DemoPlan(), QUICK
    parser = argparse.ArgumentParser(
        prog="rewardkit demo",
        description="Tiny model, SFT warm start, GRPO, eval over checkpoints, HTML report — offline, on CPU. "
        "Each run starts clean: what an earlier demo wrote into --output-dir is removed first.",
    )
    parser.add_argument(
        "--output-dir", metavar="DIR", default="runs/demo", help="where everything goes (default: runs/demo)"
    )
    parser.add_argument("--quick", action="store_true", help="a smoke run: tiny sizes, well under a minute")
    parser.add_argument(
        "--sft-steps",
        type=int,
        metavar="N",
        help=f"SFT optimizer steps (default: {full.sft_steps}; with --quick: {quick.sft_steps})",
    )
    parser.add_argument(
        "--grpo-steps",
        type=int,
        metavar="N",
        help=f"GRPO optimizer steps (default: {full.grpo_steps}; with --quick: {quick.grpo_steps})",
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="seed of the model, the data and sampling (default: 0)"
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    plan = QUICK if args.quick else DemoPlan()
    if args.sft_steps is not None or args.grpo_steps is not None:
        from dataclasses import replace

        plan = replace(
            plan,
            sft_steps=args.sft_steps if args.sft_steps is not None else plan.sft_steps,
            grpo_steps=args.grpo_steps if args.grpo_steps is not None else plan.grpo_steps,
        )
    from rich.console import Console

    console = Console()
    try:
        result = run_demo(args.output_dir, plan, seed=args.seed)
    except (RuntimeError, OSError, ValueError) as exc:
        print(f"rewardkit: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    sft_acc = result["sft"]
    console.rule("[bold]done")
    console.print(
        f"SFT loss {_fmt(sft_acc['loss_start'])} → {_fmt(sft_acc['loss_end'])}; "
        f"GRPO reward {_fmt(result['grpo']['reward_start'])} → {_fmt(result['grpo']['reward_end'])}; "
        f"sampled accuracy by checkpoint: "
        + ", ".join(f"{name} {_fmt(acc)}" for name, acc in result["eval"].items()),
        markup=False,
    )
    console.print(f"wall time {result['wall_s']:.0f} s")
    console.print(f"report: {result['report']}", markup=False, soft_wrap=True)
    return 0


def _fmt(value: Any) -> str:
    return f"{value:.3f}" if isinstance(value, (int, float)) else "-"


if __name__ == "__main__":
    raise SystemExit(main())
