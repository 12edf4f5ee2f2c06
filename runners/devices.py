"""Where a recipe runs: trainer settings for this machine (CPU or GPU), and the number of processes."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from typing import Any

__all__ = ["checkpointing_under_its_name", "device_kwargs", "world_size"]


def device_kwargs() -> dict[str, Any]:
    """Trainer-config settings for this machine: CPU-safe without CUDA (TRL's bf16 and gradient
    checkpointing defaults fail or only slow things there), bf16 mixed precision on a GPU that has it."""
    import torch

    if not torch.cuda.is_available():
        return {"use_cpu": True, "bf16": False, "gradient_checkpointing": False}
    return {"bf16": bool(torch.cuda.is_bf16_supported()), "fp16": not torch.cuda.is_bf16_supported()}


def checkpointing_under_its_name(config_cls: type, settings: Mapping[str, Any]) -> dict[str, Any]:
    """``settings`` with activation checkpointing under the name ``config_cls`` reads.

    transformers renamed ``gradient_checkpointing`` to ``activation_checkpointing`` and warns (FutureWarning)
    when only the old name is set, while TRL's configs default the old name to True, so every stage of every
    run warned. The new name gets the value ``settings`` asks for under either name, else the config's own
    default of the old one; on a transformers without the new name, ``settings`` are returned as they are.
    """
    fields = {f.name: f for f in dataclasses.fields(config_cls)}
    out = dict(settings)
    if "activation_checkpointing" not in fields:
        return out
    if "activation_checkpointing" in out:  # asked for under the new name: the old one must not add a warning
        out.pop("gradient_checkpointing", None)
        return out
    default = fields["gradient_checkpointing"].default if "gradient_checkpointing" in fields else None
    value = out.pop("gradient_checkpointing", default)
    if isinstance(value, bool):
        out["activation_checkpointing"] = value
    return out


def world_size() -> int:
    """Processes in this run (``accelerate launch`` / torchrun set WORLD_SIZE)."""
    return int(os.environ.get("WORLD_SIZE", "1"))
