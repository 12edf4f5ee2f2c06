"""Synthetic GSM8K-style completions, streamed: for the kill tests, the load test and bench/score_load.py.

Every line is ``{"id", "question", "answer", "completion"}``. The answer styles rotate through markers, boxes,
a bare last number, a wrong answer and a thousands separator, so the grader's main paths all run; the
expected verdicts are known (a wrong-answer style is the only WRONG one).

>>> rows = list(synthetic_rows(8))
>>> [r["id"] for r in rows[:3]], sum(expected_correct(i) for i in range(8))
(['s0', 's1', 's2'], 6)
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

# (template, states the right number); {x} is the answer as written
STYLES: tuple[tuple[str, bool], ...] = (
    ("#### {x}", True),
    ("The answer is {x}.", True),
    ("So the final answer is $\\boxed{{{x}}}$.", True),
    ("That makes {x} in total.", True),
    ("The answer is {wrong}.", False),
    ("Final Answer: {comma}", True),
    ("<think>Maybe {wrong}? No.</think>\nThe answer is {x}.", True),
    ("\\boxed{{{wrong}}}", False),
)


def expected_correct(i: int) -> bool:
    """Whether line ``i`` states the right answer (the flexible policy credits every such line)."""
    return STYLES[i % len(STYLES)][1]


def synthetic_rows(
    n: int, *, seed: int = 0, start: int = 0, problems: int | None = None
) -> Iterator[dict[str, Any]]:
    """``n`` lines from line ``start`` on. ``problems``: draw the questions from that many distinct ones (the
    grader's caches then stop growing early, which a memory test needs); default: a fresh one per line."""
    rng = random.Random(seed * 1_000_003 + start)
    for i in range(start, start + n):
        a, b = rng.randint(12, 999), rng.randint(12, 999)
        if problems is not None:
            a, b = 12 + i % problems, 37
        gold = a * b
        template, _ = STYLES[i % len(STYLES)]
        answer = template.format(x=gold, wrong=gold + 1, comma=f"{gold:,}")
        completion = f"We multiply {a} by {b}: {a} * {b} = {gold}.\n{answer}"
        yield {
            "id": f"s{i}",
            "question": f"What is {a} times {b}?",
            "answer": str(gold),
            "completion": completion,
        }


def write_synthetic(path: Path, n: int, *, seed: int = 0, problems: int | None = None) -> Path:
    """Write ``n`` synthetic lines to ``path`` in blocks (flat memory for a million lines)."""
    with path.open("w", encoding="utf-8") as fh:
        block = 10_000
        for start in range(0, n, block):
            rows = synthetic_rows(min(block, n - start), seed=seed, start=start, problems=problems)
            fh.write("".join(json.dumps(r) + "\n" for r in rows))
    return path


def slow_grade(completion: Any, **options: Any) -> Any:
    """``grade`` that takes 20 ms an item: a stand-in for GradingPool workers, so a batch is still running
    when a test kills one of them (importable: workers load it by reference)."""
    import time

    from rewardkit import grade

    time.sleep(0.02)
    return grade(completion, **options)
