"""Hard deadlines without signals: the same behaviour in the main thread, threads, asyncio and pools."""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from sandbox_helpers import grade_after_slow_import, grade_or_hang, modules_loaded, slow_square

from rewardkit import GradeResult, Verdict, grade, sandbox


def _deadline_holds() -> float:
    start = time.perf_counter()
    with pytest.raises(sandbox.DeadlineExceeded):
        sandbox.call(slow_square, 3, 30, timeout_s=0.3)
    return time.perf_counter() - start


def test_call_returns_the_result():
    assert sandbox.call(slow_square, 7, 0, timeout_s=30) == 49


def test_deadline_in_main_thread_and_worker_is_replaced():
    assert _deadline_holds() < 3
    assert sandbox.call(slow_square, 4, 0, timeout_s=30) == 16  # a fresh worker took over


def test_deadline_in_a_plain_thread():
    elapsed: list[float] = []
    t = threading.Thread(target=lambda: elapsed.append(_deadline_holds()))
    t.start()
    t.join(30)
    assert elapsed and elapsed[0] < 3


def test_deadline_in_a_thread_pool_and_concurrent_calls():
    with ThreadPoolExecutor(max_workers=3) as pool:
        timed = [pool.submit(_deadline_holds) for _ in range(2)]
        fine = pool.submit(sandbox.call, slow_square, 5, 0, timeout_s=30)
        assert all(f.result() < 5 for f in timed)
        assert fine.result() == 25


def test_deadline_inside_asyncio():
    async def main() -> float:
        return await asyncio.to_thread(_deadline_holds)

    async def inline() -> float:
        return _deadline_holds()  # called straight from a coroutine, on the loop's thread

    assert asyncio.run(main()) < 3
    assert asyncio.run(inline()) < 3


def test_exception_in_worker_is_reported():
    with pytest.raises(sandbox.WorkerFailed, match="ZeroDivisionError"):
        sandbox.call(divmod, 1, 0, timeout_s=30)


def test_grade_from_threads_matches_main_thread():
    cases = [
        ("\\boxed{2\\sqrt{2}}", "\\sqrt{8}"),
        ("The answer is 18.", "18"),
        ("\\boxed{x^2+2x+1}", "(x+1)^2"),
    ]
    expected = [grade(c, gold=g).verdict for c, g in cases]
    with ThreadPoolExecutor(max_workers=3) as pool:
        got = list(pool.map(lambda cg: grade(cg[0], gold=cg[1]).verdict, cases))
    assert got == expected == [Verdict.CORRECT] * 3


def _timeout(item):
    return GradeResult(False, Verdict.TIMEOUT, gold=item[1], detail="deadline")


def _crash(item, why):
    return GradeResult(False, Verdict.ERROR, gold=item[1], detail=why)


def test_pool_times_out_one_item_and_keeps_the_rest():
    items = [(f"The answer is {i}.", str(i), None) for i in range(40)]
    items[7] = ("HANG", "7", None)
    items[30] = ("CRASH", "30", None)
    pool = sandbox.GradingPool(2, grade=grade_or_hang)
    start = time.perf_counter()
    results = pool.run(items, timeout_s=0.5, options={}, on_timeout=_timeout, on_crash=_crash)
    assert time.perf_counter() - start < 20
    assert len(results) == 40
    assert results[7].verdict is Verdict.TIMEOUT
    assert results[30].verdict is Verdict.ERROR
    others = [r for i, r in enumerate(results) if i not in (7, 30)]
    assert all(r.verdict is Verdict.CORRECT for r in others)

    # the pool keeps its (replaced) workers for the next batch
    again = pool.run(items[:5], timeout_s=0.5, options={}, on_timeout=_timeout, on_crash=_crash)
    assert [r.verdict for r in again] == [Verdict.CORRECT] * 5
    pool.close()


def test_grade_many_from_two_threads_at_once():
    completions = [f"The answer is {i}." for i in range(200)]
    golds = [str(i) for i in range(200)]
    from rewardkit import grade_many

    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = [pool.submit(grade_many, completions, golds, workers=2) for _ in range(2)]
        for run in runs:
            assert [r.verdict for r in run.result()] == [Verdict.CORRECT] * 200


def test_call_workers_start_with_sympy_loaded():
    """The symbolic step's deadline pays for sympy, never for importing it (half a second idle, more on
    a busy machine: a correct answer graded TIMEOUT)."""
    sandbox._shutdown()  # no idle worker left: the next call starts a fresh one
    assert sandbox.call(modules_loaded, "sympy", "rewardkit.equivalence", timeout_s=30) == [
        "sympy",
        "rewardkit.equivalence",
    ]


@pytest.mark.parametrize(
    ("completion", "verdict"), [("UNCHARGED", Verdict.CORRECT), ("CHARGED", Verdict.TIMEOUT)]
)
def test_pool_does_not_charge_a_first_import_to_the_item(completion, verdict):
    pool = sandbox.GradingPool(1, grade=grade_after_slow_import)
    try:
        results = pool.run(
            [(completion, "1", None)], timeout_s=0.5, options={}, on_timeout=_timeout, on_crash=_crash
        )
    finally:
        pool.close()
    assert results[0].verdict is verdict
