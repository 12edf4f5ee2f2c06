"""``rewardkit train rm``: a reward model trained on verifier-labelled preferences.

The pairs come from ``rewardkit pairs`` (:mod:`runners.pairs`), or, with ``data.source: synthetic``, from
synthetic problems paired exactly as ``rewardkit pairs`` pairs eval records. The reward model ``r(x, y)`` (a
sequence-classification head with one output) is trained with TRL's ``RewardTrainer`` on the Bradley-Terry
pairwise loss ``-log σ(r(x, y_w) - r(x, y_l))``, and held-out pairwise accuracy (the share of held-out pairs
with ``r(chosen) > r(rejected)``) is reported. The trained model is a reward next to the rule rewards
through :class:`runners.rm_reward.RewardModelReward` (also named ``runners.rm:RewardModelReward``).

    rewardkit pairs runs/grpo -o runs/pairs.jsonl --heldout-fraction 0.1
    rewardkit train rm --config runners/configs/rm_tiny.yaml data.source=runs/pairs.jsonl
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rewardkit.errors import DataError
from rewardkit.files import atomic_write
from rewardkit.jsonl import LineError, iter_jsonl
from runners.config import LoraSettings, ModelSettings, PromptSettings
from runners.pairs import HELDOUT, TRAIN, Completion, build_pairs
from runners.rm_reward import RewardModelReward, load_reward_model, score_texts

__all__ = [
    "RewardModelReward",
    "RmArgs",
    "RmData",
    "RmTraining",
    "load_pairs",
    "load_reward_model",
    "main",
    "pairwise_accuracy",
    "read_pair_rows",
    "score_texts",
    "synthetic_completions",
    "train",
]

# --------------------------------------------------------------------------- rewardkit train rm
# (torch, transformers and trl are imported inside the functions below)


@dataclass
class RmData:
    """The preference pairs. ``source``: a pairs JSONL from ``rewardkit pairs`` (rows with ``split:
    heldout`` are the held-out set, unless ``heldout`` names a file of its own), or ``synthetic``: problems
    from :func:`runners.problems.synthetic_problems`, each with its gold rationale (graded CORRECT) and a
    rationale one step short or one step too long (graded WRONG), paired by :func:`build_pairs` exactly as
    ``rewardkit pairs`` pairs eval records (see :func:`synthetic_completions`)."""

    source: str = "synthetic"
    heldout: str | None = None
    n: int = 256
    min_steps: int = 1
    max_steps: int = 2
    max_operand: int = 9
    seed: int = 0
    heldout_fraction: float = 0.2


@dataclass
class RmTraining:
    """Settings forwarded to ``trl.RewardConfig`` as named (anything else it accepts goes under ``extra``)."""

    learning_rate: float = field(default=1e-5, metadata={"help": "1e-5 for a pretrained model; tiny: 1e-3"})
    max_steps: int = field(default=-1, metadata={"help": "-1: run num_train_epochs"})
    num_train_epochs: float = 1.0
    per_device_train_batch_size: int = field(default=8, metadata={"help": "pairs per device step"})
    per_device_eval_batch_size: int = 16
    gradient_accumulation_steps: int = 1
    max_length: int | None = field(default=1024, metadata={"help": "longer pairs are dropped (TRL)"})
    center_rewards_coefficient: float | None = field(
        default=None, metadata={"help": "adds c·mean((r_w + r_l)^2): keeps rewards near 0"}
    )
    lr_scheduler_type: str = "linear"
    warmup_steps: float = field(default=0, metadata={"help": "steps, or a fraction in [0, 1) of them"})
    weight_decay: float = 0.0
    max_grad_norm: float = 1.0
    logging_steps: int = 10
    eval_steps: int = field(default=50, metadata={"help": "evaluate the held-out pairs every N steps"})
    save_steps: int = field(default=0, metadata={"help": "checkpoint-N every this many steps; 0: none"})
    save_final: bool = field(default=True, metadata={"help": "save the trained model to RUN_DIR itself"})
    seed: int = 0
    extra: dict[str, Any] = field(default_factory=dict, metadata={"help": "other RewardConfig fields"})


@dataclass
class RmArgs:
    output_dir: str = "runs/rm"
    model: ModelSettings = field(default_factory=ModelSettings)
    lora: LoraSettings = field(default_factory=LoraSettings)
    data: RmData = field(default_factory=RmData)
    prompt: PromptSettings = field(default_factory=PromptSettings)
    training: RmTraining = field(default_factory=RmTraining)


def synthetic_completions(
    problems: Sequence[dict[str, Any]], prompts: Sequence[str], *, seed: int = 0
) -> list[Completion]:
    """Two graded samples per problem, as ``rewardkit eval`` would record them: the gold rationale, and a
    wrong one, by a coin flip either stopped one step early (``#### N`` the intermediate value) or given one
    step the question never asked for (``N+k=<<N+k=M>>M``, ``#### M``). Both are graded by rewardkit
    (strict policy), so the labels are the verifier's. The wrong one is as often shorter as longer, so
    length alone (which an untrained model reacts to) ranks about half the pairs right: held-out accuracy
    well above 0.5 needs the step count read against the question.
    """
    from rewardkit import grade

    rng = random.Random(f"synthetic-wrong:{seed}")
    out = []
    for problem, prompt in zip(problems, prompts, strict=True):
        *steps, final = problem["answer"].split("\n")
        value = int(final.removeprefix("#### "))
        if len(steps) >= 2 and rng.random() < 0.5:
            wrong = [*steps[:-1], f"#### {steps[-2].rsplit('>>', 1)[1]}"]
        else:
            k = rng.randint(1, 9)
            wrong = [*steps, f"{value}+{k}=<<{value}+{k}={value + k}>>{value + k}", f"#### {value + k}"]
        for index, text in enumerate([problem["answer"], "\n".join(wrong)]):
            verdict = grade(text, gold=problem["answer"], policy="strict").verdict.value
            where = f"synthetic:{problem['id']}:{index}"
            out.append(
                Completion(None, problem["id"], index, prompt, text, verdict, problem["answer"], where)
            )
    return out


def read_pair_rows(path: str) -> list[dict[str, Any]]:
    """The rows of a pairs JSONL; raises DataError naming the file, the line and the field."""
    rows = []
    try:
        for item in iter_jsonl(
            path, required=("prompt", "chosen", "rejected"), strings=("prompt", "chosen", "rejected")
        ):
            if isinstance(item, LineError):
                raise DataError(item.message, path=path, line=item.line, field=item.field)
            split = item.data.get("split", TRAIN)
            if split not in (TRAIN, HELDOUT, None):
                raise DataError(
                    f"field 'split' must be {TRAIN!r} or {HELDOUT!r}, got {json.dumps(split)}",
                    path=path,
                    line=item.line,
                    field="split",
                )
            rows.append({**item.data, "split": split or TRAIN})
    except OSError as exc:
        raise DataError(f"cannot read the pairs: {exc.strerror or exc}", path=path) from exc
    if not rows:
        raise DataError("no pairs in the file (run `rewardkit pairs` on eval records first)", path=path)
    return rows


def load_pairs(args: RmArgs, tokenizer: Any) -> tuple[list[dict[str, Any]], list[dict[str, Any]], str]:
    """``(train rows, held-out rows, description)`` for ``args.data``."""
    data = args.data
    if data.source == "synthetic":
        from runners.problems import prompt_dataset, synthetic_problems

        problems = synthetic_problems(
            data.n,
            min_steps=data.min_steps,
            max_steps=data.max_steps,
            max_operand=data.max_operand,
            seed=data.seed,
        )
        prompts = prompt_dataset(
            problems, tokenizer, system=args.prompt.system, instruction=args.prompt.instruction
        )
        completions = synthetic_completions(problems, prompts["prompt"], seed=data.seed)
        rows, stats = build_pairs(
            completions, policy="strict", seed=data.seed, heldout_fraction=data.heldout_fraction
        )
        described = f"synthetic: {stats.prompts} problems, " + stats.lines()[-1]
    else:
        rows = read_pair_rows(data.source)
        described = data.source
    train_rows = [r for r in rows if r["split"] == TRAIN]
    heldout_rows = [r for r in rows if r["split"] == HELDOUT]
    if data.heldout is not None:
        heldout_rows = read_pair_rows(data.heldout)
        described += f" (held out: {data.heldout})"
    if not train_rows:
        raise DataError("no training pairs (every row is held out)", path=data.source)
    return train_rows, heldout_rows, described


def _preference_dataset(rows: Sequence[dict[str, Any]]) -> Any:
    """TRL's explicit-prompt preference columns only: provenance columns (ids of mixed types) stay out."""
    from datasets import Dataset

    return Dataset.from_dict({k: [r[k] for r in rows] for k in ("prompt", "chosen", "rejected")})


def pairwise_accuracy(
    model: Any, tokenizer: Any, rows: Sequence[dict[str, Any]], *, batch_size: int = 16
) -> dict[str, Any]:
    """The share of ``rows`` with ``r(prompt + chosen) > r(prompt + rejected)`` (ties count as misses), and
    the mean margin. None when there are no rows."""
    if not rows:
        return {"pairs": 0, "accuracy": None, "ties": 0, "mean_margin": None}
    chosen = score_texts(model, tokenizer, [r["prompt"] + r["chosen"] for r in rows], batch_size=batch_size)
    rejected = score_texts(
        model, tokenizer, [r["prompt"] + r["rejected"] for r in rows], batch_size=batch_size
    )
    margins = [c - r for c, r in zip(chosen, rejected, strict=True)]
    return {
        "pairs": len(rows),
        "accuracy": sum(m > 0 for m in margins) / len(rows),
        "ties": sum(m == 0 for m in margins),
        "mean_margin": sum(margins) / len(rows),
    }


def _merged(model: Any) -> Any:
    """A LoRA model with its adapters merged (a plain folder that RewardModelReward loads); others as is."""
    return model.merge_and_unload() if hasattr(model, "merge_and_unload") else model


def train(args: RmArgs) -> dict[str, Any]:
    """Train the reward model; return the summary (also ``RUN_DIR/train_summary.json``)."""
    import time

    from trl import RewardConfig, RewardTrainer

    from runners.config import trl_config, write_run_config
    from runners.models import lora_config, resolve_source
    from runners.run_logs import MetricsLog, make_callback, raise_if_diverged

    started = time.perf_counter()
    run_dir = Path(args.output_dir)
    write_run_config(run_dir, args, command="rewardkit train rm")
    source = resolve_source(args.model, output_dir=run_dir)
    model, tokenizer = load_reward_model(source, dtype=args.model.dtype)
    train_rows, heldout_rows, described = load_pairs(args, tokenizer)
    before = pairwise_accuracy(
        model, tokenizer, heldout_rows, batch_size=args.training.per_device_eval_batch_size
    )

    metrics = MetricsLog(run_dir / "metrics.jsonl")
    metrics.path.unlink(missing_ok=True)  # a rerun into the same folder starts a fresh log
    peft_config = lora_config(args.lora)
    if peft_config is not None:
        peft_config.task_type = "SEQ_CLS"
        peft_config.modules_to_save = ["score"]  # the new head must train, not stay random
    has_heldout = bool(heldout_rows)
    config = trl_config(
        args,
        RewardConfig,
        eval_strategy="steps" if has_heldout else "no",
        disable_tqdm=True,
    )
    metrics_callback = make_callback(metrics)
    trainer = RewardTrainer(
        model=model,
        args=config,
        train_dataset=_preference_dataset(train_rows),
        eval_dataset=_preference_dataset(heldout_rows) if has_heldout else None,
        processing_class=tokenizer,
        peft_config=peft_config,
        callbacks=[metrics_callback],
    )
    print(
        f"rm: {source} → {run_dir} | {len(train_rows)} train pairs, {len(heldout_rows)} held-out "
        f"| {described}",
        file=sys.stderr,
    )
    trainer.train()
    raise_if_diverged(metrics_callback)
    model = _merged(trainer.model)
    after = pairwise_accuracy(
        model, tokenizer, heldout_rows, batch_size=args.training.per_device_eval_batch_size
    )
    trl_eval = trainer.evaluate() if has_heldout else {}
    metrics.write({"step": trainer.state.global_step, **{f"heldout/{k}": v for k, v in after.items()}})
    if args.training.save_final:
        model.save_pretrained(run_dir)
        tokenizer.save_pretrained(run_dir)
    summary = {
        "heldout_pairwise_accuracy": after["accuracy"],
        "heldout_pairwise_accuracy_before": before["accuracy"],
        "heldout_pairs": after["pairs"],
        "heldout_ties": after["ties"],
        "heldout_mean_margin": after["mean_margin"],
        "eval_loss": trl_eval.get("eval_loss"),
        "eval_accuracy": trl_eval.get("eval_accuracy"),
        "train_pairs": len(train_rows),
        "train_loss": trainer.state.log_history[-1].get("train_loss") if trainer.state.log_history else None,
        "steps": trainer.state.global_step,
        "model_source": source,
        "model_dir": str(run_dir) if args.training.save_final else None,
        "pairs": described,
        "wall_s": round(time.perf_counter() - started, 1),
    }
    atomic_write(run_dir / "train_summary.json", json.dumps(summary, indent=2) + "\n")
    if after["accuracy"] is None:
        print(
            "rm: no held-out pairs, so no held-out accuracy (set data.heldout or split the pairs)",
            file=sys.stderr,
        )
    else:
        print(
            f"rm: held-out pairwise accuracy {after['accuracy']:.3f} on {after['pairs']} pairs "
            f"(before training {before['accuracy']:.3f}); summary in {run_dir / 'train_summary.json'}"
        )
    return summary


def main(argv: Sequence[str] | None = None) -> int:
    """``rewardkit train rm --config FILE.yaml [key.sub=value ...]``."""
    from runners.config import run_recipe

    return run_recipe(RmArgs, train, sys.argv[1:] if argv is None else list(argv), prog="rewardkit train rm")
