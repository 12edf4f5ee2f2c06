"""RLOO on TRL's RLOOTrainer: REINFORCE with a leave-one-out baseline, same rewards, checks and logs as GRPO.

Run it::

    rewardkit train rloo --config runners/configs/rloo_tiny.yaml training.max_steps=50

RLOO scores each completion against the mean reward of the *other* completions of its prompt, and folds the
KL to the reference into the reward (``beta``, 0.05 by default, so ``kl`` is logged). The training loop,
preflight checks, health warnings and run folder are GRPO's (``runners/grpo.py``); only the settings differ.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any

from runners import grpo
from runners.config import (
    ALLOW_CODE_HELP,
    DataSettings,
    LoraSettings,
    ModelSettings,
    PromptSettings,
    exit_recipe,
    run_recipe,
)


@dataclass
class Training:
    """The RLOO settings, forwarded to ``trl.RLOOConfig`` as named."""

    learning_rate: float = field(default=1e-6, metadata={"help": "1e-6..1e-5 full, up to 1e-3 LoRA"})
    max_steps: int = 100
    per_device_train_batch_size: int = field(default=8, metadata={"help": "completions per device step"})
    gradient_accumulation_steps: int = 1
    num_generations: int = field(default=4, metadata={"help": "completions per prompt (k)"})
    beta: float = field(default=0.05, metadata={"help": "KL coefficient, folded into the reward"})
    epsilon: float = field(default=0.2, metadata={"help": "clip range of the importance ratio"})
    normalize_advantages: bool = False
    max_prompt_length: int | None = field(
        default=512, metadata={"help": "prompts with more tokens are dropped (with a warning)"}
    )
    max_completion_length: int = 256
    temperature: float = 1.0
    top_p: float = 1.0
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
    extra: dict[str, Any] = field(default_factory=dict, metadata={"help": "other RLOOConfig fields"})


@dataclass
class Args:
    output_dir: str = "runs/rloo"
    model: ModelSettings = field(default_factory=ModelSettings)
    lora: LoraSettings = field(default_factory=LoraSettings)
    data: DataSettings = field(default_factory=DataSettings)
    prompt: PromptSettings = field(default_factory=PromptSettings)
    reward: Any = field(default_factory=lambda: dict(grpo.DEFAULT_REWARD), metadata={"help": "a reward spec"})
    allow_code: bool = field(default=False, metadata={"help": ALLOW_CODE_HELP})
    training: Training = field(default_factory=Training)


def train(args: Args, *, reward: Any = None) -> dict[str, Any]:
    """Train; return the summary (also in ``RUN_DIR/summary.json``)."""
    from trl import RLOOConfig, RLOOTrainer

    return grpo.train(args, reward=reward, trainer_cls=RLOOTrainer, config_cls=RLOOConfig)  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> int:
    return run_recipe(Args, train, sys.argv[1:] if argv is None else argv, prog="rewardkit train rloo")


if __name__ == "__main__":
    exit_recipe(main())
