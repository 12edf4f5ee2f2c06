"""grade_many(workers=1) against workers=2 on the same items: the scaling check of grading_speed."""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Sequence
from typing import Any

from speed_summary import count_values
from suite_registry import Item

SCALING = "grade_many"  # not a suite: grade_many(workers=1) vs (workers=2) on math500_boxed + math500_alt
# grade_many is timed on two workloads: cheap items (MATH-500 answers, ~0.1 ms each, where process
# overhead shows) and heavier ones (polynomial identities, ~1 ms each)
SCALING_WORKLOADS = {
    "math500_boxed + math500_alt": ("math500_boxed", "math500_alt"),
    "polynomial_identities": ("polynomial_identities",),
}


def grade_many_scaling(items: Sequence[Item], rounds: int = 3) -> dict[str, Any]:
    """Time ``grade_many(..., workers=1)`` against ``workers=2`` on the same items.

    A first untimed ``workers=1`` call loads what grading loads (imports, the sandbox worker, gold caches).
    The first ``workers=2`` call is timed on its own (``first``): it starts the worker processes. Then the
    two take turns ``rounds`` times (median reported) with started workers and cold span caches on both
    sides, as a training loop grading new completions every step sees it.
    """
    from rewardkit import grade_many

    completions = [c for c, _, _ in items]
    golds = [g for _, g, _ in items]
    clock = time.perf_counter

    from rewardkit import sandbox
    from rewardkit.extract import read_math, read_number

    def cold_start(workers: int) -> None:
        # Every timed call starts from cold span caches: the same batch graded again would otherwise hit
        # them in this process (workers=1) and flatter it against workers that saw other chunks last time.
        # Workers are restarted (forked from this cleared state) and warmed on trivial items, untimed.
        read_number.cache_clear()
        read_math.cache_clear()
        if workers > 1:
            for pool in list(sandbox._pools.values()):
                pool.close()
            grade_many(["#### 1"] * 4 * workers, ["1"] * 4 * workers, workers=workers)
            read_number.cache_clear()
            read_math.cache_clear()

    def timed(workers: int) -> tuple[float, list[Any]]:
        cold_start(workers)
        gc.collect()
        t0 = clock()
        out = grade_many(completions, golds, workers=workers)
        return clock() - t0, out

    grade_many(completions, golds, workers=1)  # warm-up, untimed
    for pool in list(sandbox._pools.values()):
        pool.close()
    gc.collect()
    t0 = clock()
    r2 = grade_many(completions, golds, workers=2)  # the first call pays for starting the workers
    first_w2 = clock() - t0
    w1_times: list[float] = []
    w2_times: list[float] = []
    r1: list[Any] = []
    for _ in range(rounds):
        t, r1 = timed(1)
        w1_times.append(t)
        t, r2 = timed(2)
        w2_times.append(t)
    w1, w2 = statistics.median(w1_times), statistics.median(w2_times)
    return {
        "items": len(items),
        "rounds": rounds,
        "workers1_s": w1,
        "workers2_s": w2,
        "workers2_first_call_s": first_w2,
        "speedup": w1 / w2,
        "speedup_first_call": w1 / first_w2,
        "workers1_times_s": w1_times,
        "workers2_times_s": w2_times,
        "results_differ": sum(a.verdict != b.verdict for a, b in zip(r1, r2, strict=True)),
        "workers2_verdicts": count_values(str(r.verdict) for r in r2),
    }
