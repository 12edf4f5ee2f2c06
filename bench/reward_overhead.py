"""Reward overhead: milliseconds per 1000 completions for each built-in reward, called as TRL calls it.

Inputs: the 5276 real GSM8K completions in ``../shared/data/gsm8k/example_model_solutions.jsonl`` (gold =
the number after the last ``A:``), with fake token ids (4 characters per token) for the token-based rewards.
Each reward is called in batches of 64 (a typical GRPO generation batch) with TRL's full keyword set,
``log_metric`` / ``log_extra`` included, so the logging cost is counted.

    .venv/bin/python bench/reward_overhead.py [--data-dir DIR] [--batch 64] [--json PATH]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the bench's modules, by bare name

from run_json import write_json
from shared_data import DEFAULT_DATA, GSM8K_MODELS, read_gsm8k_solutions

from rewardkit.rewards import build

SPECS: dict[str, Any] = {
    "accuracy": "accuracy",
    "length_penalty": {"length_penalty": {"alpha": 0.001, "target": 200}},
    "step": "step",
    "format": "format",
    "tag_count": "tag_count",
    "boxed_once": "boxed_once",
    "overlong": {"overlong": {"max_length": 512, "cache_length": 128}},
    "cosine": {"cosine": {"max_length": 512}},
    "repetition": "repetition",
    "trajectory (text episodes)": "trajectory",
    "gated accuracy on format": {"gate": {"reward": "accuracy", "on": "format"}},
    "accuracy + 0.1 step + monitor length": {
        "accuracy": 1.0,
        "step": 0.1,
        "length_penalty": {"alpha": 0.001, "target": 200, "weight": 0},
    },
}


def load(data_dir: Path) -> tuple[list[str], list[str]]:
    completions, golds = [], []
    for q in read_gsm8k_solutions(data_dir / "gsm8k" / "example_model_solutions.jsonl"):
        for model in GSM8K_MODELS:
            completions.append(q.solutions[model])
            golds.append(q.final)
    return completions, golds


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data-dir", type=Path, default=DEFAULT_DATA)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--json", type=Path)
    args = p.parse_args(argv)
    completions, golds = load(args.data_dir)
    ids = [list(range(max(1, len(c) // 4))) for c in completions]
    sink: dict[str, list[Any]] = {}
    rows = []
    for label, spec in SPECS.items():
        reward = build(spec)
        times = []
        for _ in range(args.rounds):
            start = time.perf_counter()
            for i in range(0, len(completions), args.batch):
                reward(
                    prompts=None,
                    completions=completions[i : i + args.batch],
                    completion_ids=ids[i : i + args.batch],
                    answer=golds[i : i + args.batch],
                    trainer_state=None,
                    log_metric=lambda n, v: None,
                    log_extra=lambda n, v: sink.setdefault(n, []).extend(v),
                )
            times.append(time.perf_counter() - start)
        ms = statistics.median(times) / len(completions) * 1000 * 1000
        rows.append({"reward": label, "ms_per_1000": round(ms, 1)})
    print(f"| reward (batches of {args.batch}, TRL keywords) | ms per 1000 completions |")
    print("|---|---|")
    for row in rows:
        print(f"| {row['reward']} | {row['ms_per_1000']:.1f} |")
    if args.json:
        write_json(args.json, {"items": len(completions), "batch": args.batch, "rows": rows})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
