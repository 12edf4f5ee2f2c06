"""Supervised fine-tuning on TRL's SFTTrainer: the warm start before RL, with the prompt RL and eval use.

Run it::

    rewardkit train sft --config runners/configs/sft_tiny.yaml

Each problem becomes a prompt/completion pair: the prompt from ``evalkit.prompts.build_prompt`` (exactly what
GRPO samples from and ``rewardkit eval`` asks), the completion the gold rationale (``... #### N``); the loss
covers the completion only and TRL appends EOS, so the model learns to stop. Greedy accuracy on held-out
problems is measured before and after (``eval.n``) and written to ``RUN_DIR/summary.json`` with the first and
last logged loss. The final model is saved to ``RUN_DIR`` (LoRA merged in), ready as ``model.source`` of an
RL recipe.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rewardkit.files import atomic_write
from runners.config import (
    DataSettings,
    LoraSettings,
    ModelSettings,
    PromptSettings,
    exit_recipe,
    run_recipe,
    trl_config,
    write_run_config,
)
from runners.models import apply_lora, load_model
from runners.preflight import check_golds
from runners.problems import greedy_accuracy, load_problems, prompt_dataset
from runners.run_logs import MetricsLog, make_callback, raise_if_diverged


@dataclass
class Training:
    """The SFT settings, forwarded to ``trl.SFTConfig`` as named."""

    learning_rate: float = field(default=2e-5, metadata={"help": "2e-5 for a pretrained model; ~3e-3 tiny"})
    max_steps: int = 500
    per_device_train_batch_size: int = 16
    gradient_accumulation_steps: int = 1
    max_length: int = 1024
    completion_only_loss: bool = True
    lr_scheduler_type: str = "cosine"
    warmup_steps: int = 0
    weight_decay: float = 0.0
    max_grad_norm: float = 1.0
    logging_steps: int = 10
    save_steps: int = field(default=0, metadata={"help": "checkpoint-N every this many steps; 0: none"})
    save_total_limit: int | None = None
    save_final: bool = field(default=True, metadata={"help": "save the last model to RUN_DIR itself"})
    seed: int = 0
    extra: dict[str, Any] = field(default_factory=dict, metadata={"help": "other SFTConfig fields"})


@dataclass
class EvalSettings:
    """Greedy accuracy before and after training on ``n`` held-out problems (synthetic data: a different
    seed; a file: its first ``n`` problems, which then are not held out). ``n = 0`` skips it."""

    n: int = 64
    max_new_tokens: int = 64


@dataclass
class Args:
    output_dir: str = "runs/sft"
    model: ModelSettings = field(default_factory=ModelSettings)
    lora: LoraSettings = field(default_factory=LoraSettings)
    data: DataSettings = field(default_factory=lambda: DataSettings(n=2000))
    prompt: PromptSettings = field(default_factory=PromptSettings)
    eval: EvalSettings = field(default_factory=EvalSettings)
    training: Training = field(default_factory=Training)


def held_out(args: Args) -> list[dict[str, Any]]:
    """The problems for the before/after accuracy."""
    if args.eval.n <= 0:
        return []
    seed = args.data.seed + 100_003 if args.data.source == "synthetic" else args.data.seed
    return load_problems(dataclasses.replace(args.data, n=args.eval.n, seed=seed))


def train(args: Args) -> dict[str, Any]:
    """Train; return the summary (also in ``RUN_DIR/summary.json``)."""
    from accelerate import PartialState
    from trl import SFTConfig, SFTTrainer

    started = time.perf_counter()
    run_dir = Path(args.output_dir)

    # 1. data: prompt (the eval prompt) -> completion (the gold rationale)
    problems = load_problems(args.data)
    check_golds(problems, source=args.data.source)
    test_problems = held_out(args)
    import torch

    # on CPU-only machines the trainer joins processes over gloo; the state must agree (cpu=True)
    state = PartialState(cpu=not torch.cuda.is_available())
    if state.is_main_process:
        write_run_config(run_dir, args, command="rewardkit train sft")
    with state.main_process_first():
        model, tokenizer, source = load_model(args.model, output_dir=run_dir)
    model = apply_lora(model, args.lora)
    prompts = prompt_dataset(
        problems, tokenizer, system=args.prompt.system, instruction=args.prompt.instruction
    )
    dataset = prompts.rename_column("answer", "completion").remove_columns(["question"])

    def accuracy() -> dict[str, float] | None:
        if not test_problems or not state.is_main_process:
            return None
        return greedy_accuracy(
            model,
            tokenizer,
            test_problems,
            system=args.prompt.system,
            instruction=args.prompt.instruction,
            max_new_tokens=args.eval.max_new_tokens,
        )

    before = accuracy()

    # 2. train
    metrics = MetricsLog(run_dir / "metrics.jsonl")
    if state.is_main_process:
        metrics.path.unlink(missing_ok=True)
    metrics_callback = make_callback(metrics)
    trainer = SFTTrainer(
        model=model,
        args=trl_config(args, SFTConfig),
        train_dataset=dataset,
        processing_class=tokenizer,
        callbacks=[metrics_callback],
    )
    trainer.train()
    raise_if_diverged(metrics_callback)
    after = accuracy()

    # 3. the warm start for RL: a plain model folder (adapters merged)
    if args.training.save_final and state.is_main_process:
        final = trainer.model.merge_and_unload() if args.lora.r > 0 else trainer.model
        final.save_pretrained(run_dir)
        tokenizer.save_pretrained(run_dir)
    if not state.is_main_process:
        return {}
    losses = [m["loss"] for m in metrics.read() if isinstance(m.get("loss"), (int, float))]
    summary = {
        "algorithm": "sft",
        "model_source": source,
        "steps": trainer.state.global_step,
        "loss_start": losses[0] if losses else None,
        "loss_end": losses[-1] if losses else None,
        "accuracy_before": before,
        "accuracy_after": after,
        "wall_s": round(time.perf_counter() - started, 1),
    }
    atomic_write(run_dir / "summary.json", json.dumps(summary, indent=2) + "\n")
    print(
        f"sft: loss {summary['loss_start']} → {summary['loss_end']}; accuracy {before} → {after}",
        file=sys.stderr,
    )
    return summary


def main(argv: list[str] | None = None) -> int:
    return run_recipe(Args, train, sys.argv[1:] if argv is None else argv, prog="rewardkit train sft")


if __name__ == "__main__":
    exit_recipe(main())
