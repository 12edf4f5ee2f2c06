"""GRPO on TRL's GRPOTrainer, with rewardkit rewards, preflight checks, health warnings and run logs.

Run it::

    rewardkit train grpo --config runners/configs/grpo_tiny.yaml training.max_steps=50

Every setting below reaches TRL (none silently falls back to a library default); anything else GRPOConfig
accepts goes under ``training.extra``. Before training: the golds must parse, the generation batch must split
into groups of ``num_generations``, and a learning rate that would wreck a pretrained model is flagged. While
training: ``RUN_DIR/metrics.jsonl`` (TRL's log keys plus ``rewards/<component>/mean`` and
``parse_failure_rate``), ``RUN_DIR/rollouts.jsonl`` (sampled completions with per-component rewards and
verdicts), warnings when completions are clipped, when groups have no reward spread, or when answers cannot be
read; ``RUN_DIR/checkpoint-N/`` for ``rewardkit eval --model RUN_DIR``.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from rewardkit.files import atomic_write
from runners.config import (
    ALLOW_CODE_HELP,
    DataSettings,
    LoraSettings,
    ModelSettings,
    PromptSettings,
    build_reward,
    exit_recipe,
    run_recipe,
    trl_config,
    write_run_config,
)
from runners.models import apply_lora, load_model
from runners.preflight import check_generation_batch, check_golds, check_learning_rate
from runners.problems import load_problems, prompt_dataset
from runners.run_logs import (
    HealthMonitor,
    MetricsLog,
    RolloutLog,
    RolloutRecorder,
    make_callback,
    raise_if_diverged,
)

DEFAULT_REWARD: dict[str, Any] = {"accuracy": 1.0, "runners.marker_reward:AnswerMarkerReward": 0.2}


@dataclass
class Training:
    """The GRPO settings, forwarded to ``trl.GRPOConfig`` as named."""

    learning_rate: float = field(default=1e-6, metadata={"help": "1e-6..1e-5 full, up to 1e-3 LoRA"})
    max_steps: int = 100
    per_device_train_batch_size: int = field(default=8, metadata={"help": "completions per device step"})
    gradient_accumulation_steps: int = 1
    num_generations: int = field(default=4, metadata={"help": "group size G"})
    beta: float = field(default=0.04, metadata={"help": "KL coefficient; > 0 loads a reference, logs kl"})
    loss_type: str = field(default="dapo", metadata={"help": "grpo, dapo, dr_grpo, bnpo, cispo, ..."})
    epsilon: float = field(default=0.2, metadata={"help": "PPO-style clip range"})
    max_prompt_length: int | None = field(
        default=512, metadata={"help": "prompts with more tokens are dropped (with a warning)"}
    )
    max_completion_length: int = 256
    temperature: float = 1.0
    top_p: float = 1.0
    scale_rewards: Literal["group", "batch", "none"] = "group"
    num_iterations: int = 1
    mask_truncated_completions: bool = False
    lr_scheduler_type: str = "constant"
    warmup_steps: int = 0
    weight_decay: float = 0.0
    max_grad_norm: float = 1.0
    logging_steps: int = 1
    save_steps: int = field(default=50, metadata={"help": "checkpoint-N every this many steps; 0: none"})
    save_total_limit: int | None = None
    save_final: bool = field(default=True, metadata={"help": "save the last model to RUN_DIR itself"})
    seed: int = 0
    extra: dict[str, Any] = field(default_factory=dict, metadata={"help": "other GRPOConfig fields"})


@dataclass
class Args:
    output_dir: str = "runs/grpo"
    model: ModelSettings = field(default_factory=ModelSettings)
    lora: LoraSettings = field(default_factory=LoraSettings)
    data: DataSettings = field(default_factory=DataSettings)
    prompt: PromptSettings = field(default_factory=PromptSettings)
    reward: Any = field(default_factory=lambda: dict(DEFAULT_REWARD), metadata={"help": "a reward spec"})
    allow_code: bool = field(default=False, metadata={"help": ALLOW_CODE_HELP})
    training: Training = field(default_factory=Training)


def _grpo_config() -> Any:
    from trl import GRPOConfig

    return GRPOConfig


def drop_long_prompts(dataset: Any, tokenizer: Any, max_prompt_length: int | None) -> Any:
    """The rows whose prompt fits in ``max_prompt_length`` tokens; says how many were dropped (cutting a
    prompt would cut the question)."""
    from rewardkit.errors import DataError

    if max_prompt_length is None:
        return dataset
    lengths = [len(ids) for ids in tokenizer(list(dataset["prompt"]), add_special_tokens=False)["input_ids"]]
    keep = [i for i, n in enumerate(lengths) if n <= max_prompt_length]
    if not keep:
        raise DataError(
            f"every prompt is longer than training.max_prompt_length = {max_prompt_length} tokens "
            f"(shortest {min(lengths)}); raise it"
        )
    if len(keep) < len(lengths):
        print(
            f"rewardkit: warning: dropped {len(lengths) - len(keep)} of {len(lengths)} prompts longer than "
            f"training.max_prompt_length = {max_prompt_length} tokens",
            file=sys.stderr,
        )
        return dataset.select(keep)
    return dataset


def preflight(args: Args, problems: list[dict[str, Any]]) -> list[str]:
    """The checks that fail fast, before a model is loaded; returns the warnings to show."""
    check_golds(problems, source=args.data.source)
    t = args.training
    check_generation_batch(t.per_device_train_batch_size, t.gradient_accumulation_steps, t.num_generations)
    return check_learning_rate(t.learning_rate, lora=args.lora.r > 0, source=args.model.source)


def summarize(run_dir: Path, metrics: list[dict[str, Any]], **facts: Any) -> dict[str, Any]:
    """``RUN_DIR/summary.json``: first and last logged reward (mean of the first/last five logs) and facts."""
    rewards = [m["reward"] for m in metrics if isinstance(m.get("reward"), (int, float))]
    window = max(1, min(5, len(rewards) // 2))
    summary = {
        "reward_start": sum(rewards[:window]) / window if rewards else None,
        "reward_end": sum(rewards[-window:]) / window if rewards else None,
        "logged_steps": len(metrics),
        **facts,
    }
    atomic_write(run_dir / "summary.json", json.dumps(summary, indent=2, default=str) + "\n")
    return summary


def train(
    args: Args, *, reward: Any = None, trainer_cls: Any = None, config_cls: Any = None
) -> dict[str, Any]:
    """Train; return the summary (also in ``RUN_DIR/summary.json``). ``reward``: a Reward object instead of
    ``args.reward`` (for rewards defined in code)."""
    from rewardkit.rewards import build

    started = time.perf_counter()
    run_dir = Path(args.output_dir)
    name = (trainer_cls.__name__ if trainer_cls else "GRPOTrainer").replace("Trainer", "").lower()

    # 1. data and preflight: fail before loading anything heavy
    problems = load_problems(args.data)
    for warning in preflight(args, problems):
        print(f"rewardkit: warning: {warning}", file=sys.stderr)
    recorder = RolloutRecorder(build(reward) if reward is not None else build_reward(args))

    # 2. model, tokenizer, prompts (the ones `rewardkit eval` uses)
    import torch
    from accelerate import PartialState

    # on CPU-only machines the trainer joins processes over gloo; the state must agree (cpu=True)
    state = PartialState(cpu=not torch.cuda.is_available())
    if state.is_main_process:
        write_run_config(run_dir, args, command=f"rewardkit train {name}")
    with state.main_process_first():  # the tiny model is built once, by the main process
        model, tokenizer, source = load_model(args.model, output_dir=run_dir)
    model = apply_lora(model, args.lora)
    dataset = prompt_dataset(
        problems, tokenizer, system=args.prompt.system, instruction=args.prompt.instruction
    )
    dataset = drop_long_prompts(dataset, tokenizer, args.training.max_prompt_length)

    # 3. the trainer, with our logs attached
    if trainer_cls is None:
        from trl import GRPOTrainer as trainer_cls
    metrics, rollouts, health = (
        MetricsLog(run_dir / "metrics.jsonl"),
        RolloutLog(run_dir / "rollouts.jsonl"),
        HealthMonitor(),
    )
    if state.is_main_process:
        for stale in (metrics.path, rollouts.path):  # a rerun into the same folder starts fresh logs
            stale.unlink(missing_ok=True)
    metrics_callback = make_callback(metrics, rollouts=rollouts, recorder=recorder, health=health)
    trainer = trainer_cls(
        model=model,
        reward_funcs=[recorder],
        args=trl_config(args, config_cls or _grpo_config(), log_completions=False),
        train_dataset=dataset,
        processing_class=tokenizer,
        callbacks=[metrics_callback],
    )
    if state.is_main_process:
        print(
            f"{name}: {source} → {run_dir} | {len(dataset)} prompts | world size {state.num_processes}",
            file=sys.stderr,
        )
    trainer.train()
    raise_if_diverged(metrics_callback)
    print(
        f"rank {state.process_index}/{state.num_processes}: trained {trainer.state.global_step} steps, "
        f"{recorder.calls} reward batches",
        file=sys.stderr,
        flush=True,
    )
    if args.training.save_final:
        trainer.save_model(str(run_dir))
    if not state.is_main_process:
        return {}
    return summarize(
        run_dir,
        metrics.read(),
        algorithm=name,
        model_source=source,
        world_size=state.num_processes,
        steps=trainer.state.global_step,
        warnings=health.warnings,
        wall_s=round(time.perf_counter() - started, 1),
    )


def main(argv: list[str] | None = None) -> int:
    return run_recipe(Args, train, sys.argv[1:] if argv is None else argv, prog="rewardkit train grpo")


if __name__ == "__main__":
    exit_recipe(main())
