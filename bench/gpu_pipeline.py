"""The demo's task at other scales: SFT on demonstrations that forget the carry, then GRPO and PPO from the
same SFT model on the same budget of sampled completions, measured alike.

The seed's claim to measure: PPO keeps more models in memory (policy, reference, value — and a reward model
when the reward is learned), GRPO two (policy, reference; rewards are rules). Both RL stages start from the
same SFT model, sample the same number of completions per step with the same completion length, reward,
KL coefficient and temperature, and are measured alike (``runners.demo.run_demo`` with both algorithms):
greedy held-out accuracy per split (``needs a carry``: the demonstrations' flaw; ``no carry``) before and
after with 95 % intervals, reward first → last, KL to the SFT model, memory added while training (peak GPU
memory on a GPU), tokens per second and wall time. The demo's folders go to ``OUT/demo/`` (its reports
included), the figures to ``OUT/results.json`` and, as a Markdown table, ``OUT/results.md``.

    bash bench/gpu_pipeline.sh                 # one GPU, sized for a few minutes on an H200
    python bench/gpu_pipeline.py --scale gpu-short  # the same model, 10 RL steps: about a minute on an H200
    python bench/gpu_pipeline.py --scale cpu   # the demo's own sizes on 2 CPU cores, about 10 minutes
    python bench/gpu_pipeline.py --scale tiny  # every piece at toy size on a CPU, about a minute
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from runners.demo import QUICK, DemoPlan  # noqa: E402

# ~25 M parameters, a larger RL batch: about four minutes on one H200. Sized from what one took there
# (2026-12-04, "gpu-short"): SFT ~10 steps/s at batch 64, GRPO ~0.5 s and PPO ~0.8 s per step of 32 × 8
GPU_PLAN = replace(
    DemoPlan(), demonstrations=16_000, sft_steps=800, sft_batch=64, sft_learning_rate=1e-3, rl_steps=100,
    rl_prompts_per_step=32, rl_learning_rate=3e-5, eval_problems=500, checkpoints=2, hidden_size=512,
    num_layers=8,
    # eager attention: free at these lengths, and off the SDPA kernels, under which a run at this size got a
    # NaN gradient norm at its second GRPO step on an H200 (bench/padded_attention_check.py)
    attn_implementation="eager",
)  # fmt: skip
# the same model on a short budget (about a minute on an H200): where the GPU figures in README come from
GPU_SHORT_PLAN = replace(
    GPU_PLAN, demonstrations=8000, sft_steps=300, rl_steps=10, eval_problems=200, checkpoints=1
)
SCALES = {
    "gpu": GPU_PLAN,
    "gpu-short": GPU_SHORT_PLAN,
    # the demo's own sizes: what `rewardkit demo --algo both` runs
    "cpu": DemoPlan(),
    # every piece at toy size, for a CPU check of the script itself
    "tiny": QUICK,
}


def run(out: Path, scale_name: str, seed: int = 0) -> dict[str, Any]:
    import torch

    from runners.demo import ALGORITHMS, run_demo

    # the demo's folder starts clean on every run; the results sit beside it
    result = run_demo(out / "demo", SCALES[scale_name], seed=seed, algos=ALGORITHMS)
    result["scale"] = scale_name
    result["device"] = torch.cuda.get_device_name(0) if torch.cuda.is_available() else "cpu"
    (out / "results.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    (out / "results.md").write_text(markdown(result), encoding="utf-8")
    return result


def markdown(result: dict[str, Any]) -> str:
    from runners.demo import comparison_table

    sft = result["sft"]
    return (
        f"Device: {result['device']}; scale: {result['scale']}; total wall time {result['wall_s']} s "
        f"(SFT {sft['wall_s']} s, loss {sft['loss_start']:.3f} → {sft['loss_end']:.3f})\n\n"
        + comparison_table(result)
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output-dir", default="runs/gpu_pipeline")
    parser.add_argument("--scale", choices=sorted(SCALES), default="gpu")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    result = run(Path(args.output_dir), args.scale, args.seed)
    print(markdown(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
