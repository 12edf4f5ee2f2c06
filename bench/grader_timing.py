"""Time graders on the same items in one run: warmed up, taking turns in blocks, so a change in machine load
hits all of them alike and their ratio holds on a busy machine where absolute times do not.

The warm-up is a first pass over the whole suite, timed on its own: it holds what a grader pays once per
process (rewardkit compiles each of its patterns at first use, math-verify builds its extraction patterns and
caches), so the timed passes measure the steady state a training run grades in, and the first pass what a
short run pays."""

from __future__ import annotations

import gc
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from graders import Grader
from suite_registry import Item

WARMUP_ITEMS = 0  # (0: the whole suite, timed as the first pass)
BLOCK_ITEMS = 250  # graders take turns in blocks of this many items


@dataclass
class Run:
    """One grader over one suite: a verdict per item and the timings."""

    grader: str
    correct: list[bool]
    details: list[dict[str, Any]]
    elapsed_s: float
    item_s: list[float]
    first_pass_s: float = 0.0  # the untimed warm-up's own time: one-time costs included

    @property
    def per_s(self) -> float:
        return len(self.correct) / self.elapsed_s if self.elapsed_s > 0 else float("inf")


def time_graders(graders: Sequence[Grader], items: Sequence[Item], block: int = BLOCK_ITEMS) -> list[Run]:
    """Warm each grader up on a first pass over the whole suite (its time kept apart as ``first_pass_s``),
    then time every grader on the whole suite.

    The graders take turns block by block, so a change in machine load during the run hits all of them
    alike and the ratio stays honest. Each grader's time is the sum of its blocks.
    """
    clock = time.perf_counter
    first_pass = [0.0] * len(graders)
    for k, g in enumerate(graders):
        gc.collect()
        start = clock()
        for completion, gold, _ in items[: WARMUP_ITEMS or len(items)]:
            g.grade(completion, gold)
        first_pass[k] = clock() - start
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
            first_pass_s=first_pass[k],
        )
        for k, g in enumerate(graders)
    ]
