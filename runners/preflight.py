"""Checks a recipe runs before it trains, so a bad setting fails in a second with a message, not an hour
into a run: golds that cannot be graded, a batch GRPO cannot split into groups, a learning rate that is
off by orders of magnitude for the model.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rewardkit.errors import ConfigError, DataError
from runners.devices import world_size

__all__ = ["TINY_PARAMETERS", "check_generation_batch", "check_golds", "check_learning_rate", "model_is_tiny"]


def check_golds(problems: Sequence[Mapping[str, Any]], *, source: str, key: str = "answer") -> None:
    """Raise DataError when golds cannot be parsed (``rewardkit check-data``'s test): a reward would be
    None for every completion of such a problem, and a run on them trains on nothing."""
    from rewardkit import Verdict, grade

    bad = []
    seen: dict[str, bool] = {}
    for line, problem in enumerate(problems, start=1):
        gold = str(problem.get(key, ""))
        if gold not in seen:
            seen[gold] = grade("", gold=gold).verdict is Verdict.GOLD_INVALID
        if seen[gold]:
            bad.append((line, gold))
    if bad:
        line, gold = bad[0]
        shown = gold if len(gold) <= 60 else gold[:57] + "..."
        raise DataError(
            f"{len(bad)} of {len(problems)} golds cannot be parsed, the first {shown!r} "
            f"(run `rewardkit check-data` on the file for all of them)",
            path=source,
            line=line,
            field=key,
        )


def check_generation_batch(per_device_batch: int, accumulation: int, num_generations: int) -> None:
    """TRL samples ``num_generations`` completions per prompt from one generation batch of
    ``per_device_batch × processes × accumulation`` completions: it must divide evenly."""
    total = per_device_batch * world_size() * accumulation
    if num_generations < 2:
        raise ConfigError(
            f"training.num_generations must be at least 2 (group-relative advantages), got {num_generations}"
        )
    if total % num_generations:
        raise ConfigError(
            f"training.per_device_train_batch_size × processes × gradient_accumulation_steps = "
            f"{per_device_batch} × {world_size()} × {accumulation} = {total} is not divisible by "
            f"training.num_generations = {num_generations}; e.g. set the batch size to a multiple of it"
        )


def check_learning_rate(learning_rate: float, *, lora: bool, source: str) -> list[str]:
    """Warnings for learning rates that wreck a pretrained model (a GSM8K run at the seed's 5e-5 fell from
    57 % to 2.4 %). A tiny model (:func:`model_is_tiny`: the offline builder's, or a folder trained from
    one) is exempt: it has little or nothing to forget, and its recipes train it at 1e-3."""
    if model_is_tiny(source):
        return []
    limit = 1e-3 if lora else 1e-5
    if learning_rate > limit:
        what = "LoRA" if lora else "full fine-tuning of a pretrained model"
        return [
            f"training.learning_rate {learning_rate:g} is high for {what} (above {limit:g}); RL fine-tuning "
            f"usually uses 1e-6..{limit:g}, and higher rates can collapse accuracy"
        ]
    return []


# Below this many parameters a model is a test or demo model, not a pretrained language model.
TINY_PARAMETERS = 10_000_000


def model_is_tiny(source: str) -> bool:
    """Whether ``source`` names a tiny model: ``"tiny"`` (built offline), or a local folder whose
    ``config.json`` describes fewer than :data:`TINY_PARAMETERS` parameters (counted from its sizes, without
    loading any weights). A hub id or a folder without a readable config counts as pretrained.

    >>> model_is_tiny("tiny"), model_is_tiny("Qwen/Qwen2.5-0.5B-Instruct")
    (True, False)
    """
    if source == "tiny":
        return True
    try:
        config = json.loads((Path(source) / "config.json").read_text(encoding="utf-8"))
        hidden, layers = int(config["hidden_size"]), int(config["num_hidden_layers"])
        vocab = int(config.get("vocab_size", 0))
        intermediate = int(config.get("intermediate_size") or 4 * hidden)
    except (OSError, ValueError, KeyError, TypeError):
        return False
    # embeddings, then per layer attention (4 h^2) and a gated MLP (3 h i)
    return vocab * hidden + layers * (4 * hidden * hidden + 3 * hidden * intermediate) < TINY_PARAMETERS
