"""Time graders on the same items in one run: warmed up, taking turns in blocks, so a change in machine load
hits all of them alike and their ratio holds on a busy machine where absolute times do not."""

from __future__ import annotations

import gc
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from graders import Grader
from suite_registry import Item

WARMUP_ITEMS = 50
BLOCK_ITEMS = 250  # graders take turns in blocks of this many items


@dataclass
class Run:
    """One grader over one suite: a verdict per item and the timings."""

    grader: str
    correct: list[bool]
    details: list[dict[str, Any]]
    elapsed_s: float
    item_s: list[float]

    @property
    def per_s(self) -> float:
        return len(self.correct) / self.elapsed_s if self.elapsed_s > 0 else float("inf")


def time_graders(graders: Sequence[Grader], items: Sequence[Item], block: int = BLOCK_ITEMS) -> list[Run]:
    """Warm each grader up on the first items (untimed), then time every grader on the whole suite.

    The graders take turns block by block, so a change in machine load during the run hits all of them
    alike and the ratio stays honest. Each grader's time is the sum of its blocks.
    """
    for g in graders:
        for completion, gold, _ in items[:WARMUP_ITEMS]:
            g.grade(completion, gold)
    clock = time.perf_counter
    raws: list[list[Any]] = [[] for _ in graders]
    item_s: list[list[float]] = [[] for _ in graders]
    elapsed = [0.0] * len(graders)
    for lo in range(0, len(items), block):
        chunk = items[lo : lo + block]
        for k, g in enumerate(graders):
            gc.collect()
            grade, out, times = g.grade, raws[k], item_s[k]
            start = clock()
            for completion, gold, _ in chunk:
                t0 = clock()
                out.append(grade(completion, gold))
                times.append(clock() - t0)
            elapsed[k] += clock() - start
    return [
        Run(
            grader=g.name,
            correct=[g.correct(r) for r in raws[k]],
            details=[g.detail(r) for r in raws[k]],
            elapsed_s=elapsed[k],
            item_s=item_s[k],
        )
        for k, g in enumerate(graders)
    ]
