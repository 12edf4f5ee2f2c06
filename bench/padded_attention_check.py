"""Are logits and gradients finite for a left-padded batch, under each attention path, on this device?

    python bench/padded_attention_check.py [--hidden-size 512 --layers 8] [--json OUT]

RL trainers pad prompts on the left, so the first positions of a short prompt's row are padding. Under a
causal mask such a position may attend to no key at all (every earlier key is padding too): a fully
masked row. Eager attention adds the dtype's minimum to masked scores, so such a row gets a uniform,
finite softmax; SDPA kernels are given a boolean mask, and whether a fully masked row comes back as 0 or
as NaN depends on the kernel. A NaN there never reaches the loss (the row is padding) but does reach the
weight gradients (0 × NaN), so one padded batch ruins the weights at the next optimizer step.

For every attention implementation (eager, sdpa) × SDPA backend (the default choice, math, efficient,
cuDNN) × precision (float32, bf16 autocast) × gradient checkpointing (off, on), this builds the same
random tiny Llama, runs one forward and backward on a left-padded batch with the loss on real tokens
only, and prints whether the loss, the real rows' logits, the padded rows' logits and the gradients are
finite. A line per combination; a backend the device lacks says so. On a CPU the CUDA-only backends
are skipped.

Measured on an H200 (torch 2.11+cu130, transformers 5.17), without gradient checkpointing: every path
finite; the cuDNN backend has no float32 kernel. A GRPO run of the demo's task at ~25 M parameters there
(SDPA, bf16, gradient checkpointing, TRL's defaults) did get a NaN gradient norm at its second step, so
this check does not clear SDPA by itself; the checkpointing column is the next thing to read.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def padded_batch(vocab: int, rows: int, length: int, device: Any) -> tuple[Any, Any, Any]:
    """Token ids, attention mask and labels: row i has i*3 left pads (the first row none)."""
    import torch

    generator = torch.Generator().manual_seed(0)
    ids = torch.randint(4, vocab, (rows, length), generator=generator)
    mask = torch.ones(rows, length, dtype=torch.long)
    for row in range(rows):
        pads = min(row * 3, length - 4)
        ids[row, :pads] = 0
        mask[row, :pads] = 0
    labels = ids.masked_fill(mask == 0, -100)
    return ids.to(device), mask.to(device), labels.to(device)


def check_one(
    model_dir: Path, implementation: str, backend: str, precision: str, checkpointing: bool, device: Any
) -> dict[str, Any]:
    import torch
    from torch.nn.attention import SDPBackend, sdpa_kernel
    from transformers import AutoModelForCausalLM

    model = AutoModelForCausalLM.from_pretrained(model_dir, attn_implementation=implementation).to(device)
    model.train()
    if (
        checkpointing
    ):  # TRL's GRPOConfig turns it on by default; the backward then reruns each layer's forward
        model.gradient_checkpointing_enable()
    ids, mask, labels = padded_batch(model.config.vocab_size, 8, 48, device)
    backends = {
        "math": [SDPBackend.MATH],
        "efficient": [SDPBackend.EFFICIENT_ATTENTION],
        "cudnn": [SDPBackend.CUDNN_ATTENTION],
    }
    outcome: dict[str, Any] = {
        "attention": implementation,
        "backend": backend,
        "precision": precision,
        "checkpointing": checkpointing,
    }
    try:
        with (
            sdpa_kernel(backends[backend]) if backend in backends else _nothing(),
            torch.autocast(device.type, dtype=torch.bfloat16) if precision == "bf16" else _nothing(),
        ):
            logits = model(input_ids=ids, attention_mask=mask).logits.float()
            loss = torch.nn.functional.cross_entropy(
                logits[:, :-1].reshape(-1, logits.shape[-1]), labels[:, 1:].reshape(-1), ignore_index=-100
            )
        loss.backward()
    except RuntimeError as exc:  # a backend this device or this mask does not support
        outcome["error"] = str(exc).splitlines()[0][:160]
        return outcome
    real = mask.bool()
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    outcome.update(
        loss_finite=bool(torch.isfinite(loss)),
        real_rows_finite=bool(torch.isfinite(logits[real]).all()),
        padded_rows_finite=bool(torch.isfinite(logits[~real]).all()),
        gradients_finite=all(bool(torch.isfinite(g).all()) for g in grads),
    )
    return outcome


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def main() -> int:
    import torch

    from runners.models import build_tiny_model

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hidden-size", type=int, default=512)
    parser.add_argument("--layers", type=int, default=8)
    parser.add_argument("--json", help="also write the outcomes here")
    args = parser.parse_args()
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    cuda = device.type == "cuda"
    outcomes = []
    with tempfile.TemporaryDirectory() as folder:
        model_dir = build_tiny_model(folder, hidden_size=args.hidden_size, num_layers=args.layers)
        for implementation in ("eager", "sdpa"):
            backends = ["default"] + (
                ["math", "efficient", "cudnn"] if implementation == "sdpa" and cuda else []
            )
            for backend in backends:
                for precision in ("float32", "bf16") if cuda else ("float32",):
                    for checkpointing in (False, True):
                        outcome = check_one(
                            model_dir, implementation, backend, precision, checkpointing, device
                        )
                        outcomes.append(outcome)
                        print(json.dumps(outcome), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(outcomes, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
