"""Hard deadlines without signals: the same behaviour in the main thread, threads, asyncio and pools."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from paths import TESTS
from sandbox_helpers import (
    grade_after_slow_import,
    grade_after_slow_warm_up,
    grade_or_hang,
    modules_loaded,
    slow_square,
)

from rewardkit import GradeResult, Verdict, grade, sandbox

# A call that sleeps five minutes under a 0.3 s deadline. Idle, DeadlineExceeded comes after 0.3 s, or 1.3 s
# when a fresh worker has to start first (not charged to the deadline, but to this clock; on two cores shared
# with six other busy processes that start took over 20 s). HELD_S is a third of the sleep: a deadline that
# fires only when the work ends still fails, and a busy machine does not.
SLEEP_S = 300
HELD_S = 100.0


def _deadline_holds() -> float:
    start = time.perf_counter()
    with pytest.raises(sandbox.DeadlineExceeded):
        sandbox.call(slow_square, 3, SLEEP_S, timeout_s=0.3)
    return time.perf_counter() - start


def test_call_returns_the_result():
    assert sandbox.call(slow_square, 7, 0, timeout_s=30) == 49


def test_deadline_in_main_thread_and_worker_is_replaced():
    assert _deadline_holds() < HELD_S
    assert sandbox.call(slow_square, 4, 0, timeout_s=30) == 16  # a fresh worker took over


def test_deadline_in_a_plain_thread():
    elapsed: list[float] = []
    t = threading.Thread(target=lambda: elapsed.append(_deadline_holds()))
    t.start()
    t.join(SLEEP_S / 2)
    assert elapsed and elapsed[0] < HELD_S


def test_deadline_in_a_thread_pool_and_concurrent_calls():
    with ThreadPoolExecutor(max_workers=3) as pool:
        timed = [pool.submit(_deadline_holds) for _ in range(2)]
        fine = pool.submit(sandbox.call, slow_square, 5, 0, timeout_s=30)
        assert all(f.result() < HELD_S for f in timed)
        assert fine.result() == 25


def test_deadline_inside_asyncio():
    async def main() -> float:
        return await asyncio.to_thread(_deadline_holds)

    async def inline() -> float:
        return _deadline_holds()  # called straight from a coroutine, on the loop's thread

    assert asyncio.run(main()) < HELD_S
    assert asyncio.run(inline()) < HELD_S


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
    # about 0.7 s idle (the deadline, a crash and two new workers); the hung item sleeps an hour, so a pool
    # that waited on it instead of killing it fails it, which slow worker starts on a busy machine do not
    assert time.perf_counter() - start < HELD_S
    assert len(results) == 40
    assert results[7].verdict is Verdict.TIMEOUT
    assert results[30].verdict is Verdict.ERROR
    others = [r for i, r in enumerate(results) if i not in (7, 30)]
    assert all(r.verdict is Verdict.CORRECT for r in others)

    # the pool keeps its (replaced) workers for the next batch
    again = pool.run(items[:5], timeout_s=0.5, options={}, on_timeout=_timeout, on_crash=_crash)
    assert [r.verdict for r in again] == [Verdict.CORRECT] * 5
    pool.close()


# --- workers that die, hang or lose their pipe while the parent is sending ----------------------------


def _big(k: int) -> tuple[str, str, None]:
    """A ~200 KB completion (graded in milliseconds): a chunk of them is bigger than a pipe's buffer, so
    a blocking send of one to a worker that is not reading waits until the worker reads."""
    return ("Let me think step by step. " * 7_500 + f"The answer is {k}.", str(k), None)


def _start(pool: sandbox.GradingPool, items, timeout_s: float):
    out: dict = {}

    def target() -> None:
        try:
            out["results"] = pool.run(
                items, timeout_s=timeout_s, options={}, on_timeout=_timeout, on_crash=_crash
            )
        except BaseException as exc:  # re-raised by _finish, in the test's thread
            out["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    return thread, out


def _finish(pool: sandbox.GradingPool, thread: threading.Thread, out: dict, limit_s: float = 120):
    thread.join(limit_s)
    hung = thread.is_alive()
    pool.close()  # kills its workers: a parent stuck writing to one gets its error and returns
    thread.join(30)
    assert not hung, f"the pool did not return within {limit_s:g} s"
    if "error" in out:
        raise out["error"]
    return out["results"]


def _pid_grading_the_first_item(pool: sandbox.GradingPool) -> int:
    """The worker grading item 0 (the first item of the first chunk), once it is on it."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for w in list(pool.workers):
            if w.started and w.inflight and w.inflight[0].start == 0 and w.progress[0] == 0:
                return w.process.pid
        time.sleep(0.01)
    pytest.fail("no worker started on item 0")


def _check_all_but_the_first(results, n: int) -> None:
    assert len(results) == n
    assert [r.gold for r in results] == [str(k) for k in range(n)]  # one each, in input order
    assert all(r.verdict is Verdict.CORRECT for r in results[1:]), [r.detail for r in results[1:]]


def test_pool_watchdog_runs_while_a_stuck_worker_has_a_big_chunk_to_read():
    """A stuck item followed by many ~200 KB completions: the next chunk for the stuck worker does not fit
    in the pipe. A blocking send would wait for the worker to read it (never), so the watchdog would never
    run and the batch would hang; instead the item times out and the rest are graded."""
    items = [("HANG", "0", None)] + [_big(k) for k in range(1, 200)]
    pool = sandbox.GradingPool(2, grade=grade_or_hang)
    results = _finish(pool, *_start(pool, items, timeout_s=1.0))
    _check_all_but_the_first(results, len(items))
    assert results[0].verdict is Verdict.TIMEOUT


def test_pool_worker_killed_while_the_parent_is_sending_to_it():
    """SIGKILL from outside while the parent is writing the worker's next chunk: the write fails with a
    broken pipe, which must cost the item in progress an ERROR, not the batch an exception."""
    items = [("HANG", "0", None)] + [_big(k) for k in range(1, 200)]
    pool = sandbox.GradingPool(2, grade=grade_or_hang)
    thread, out = _start(pool, items, timeout_s=60)
    pid = _pid_grading_the_first_item(pool)
    time.sleep(0.5)  # the parent has queued the next (bigger than the pipe) chunk for it by now
    os.kill(pid, signal.SIGKILL)
    results = _finish(pool, thread, out)
    _check_all_but_the_first(results, len(items))
    assert results[0].verdict is Verdict.ERROR
    assert "died" in results[0].detail and "SIGKILL" in results[0].detail


def test_pool_worker_that_closes_its_pipe():
    """A worker that closes its end of the pipes (and stays alive) while the parent is sending to it."""
    items = [("CLOSE", "0", None)] + [_big(k) for k in range(1, 200)]
    pool = sandbox.GradingPool(2, grade=grade_or_hang)
    results = _finish(pool, *_start(pool, items, timeout_s=60))
    _check_all_but_the_first(results, len(items))
    assert results[0].verdict is Verdict.ERROR
    assert "died" in results[0].detail and "pipe" in results[0].detail


def test_pool_item_whose_result_kills_the_worker_between_items():
    """A worker that dies after grading, sending its results: no item was in progress, so its chunk is
    graded again one item at a time, and only the item that kills a second worker gets an ERROR."""
    items = [(f"The answer is {k}.", str(k), None) for k in range(80)]
    items[21] = ("UNPICKLABLE", "21", None)
    pool = sandbox.GradingPool(2, grade=grade_or_hang)
    results = _finish(pool, *_start(pool, items, timeout_s=60))
    assert len(results) == 80 and [r.gold for r in results if r is not None] == [str(k) for k in range(80)]
    assert [k for k, r in enumerate(results) if r.verdict is not Verdict.CORRECT] == [21]
    assert results[21].verdict is Verdict.ERROR and "exit status 1" in results[21].detail


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


def test_a_symbolic_step_that_raises_gets_the_same_verdict_in_the_caller_and_in_pool_workers():
    # sympy raising inside the symbolic rung ("Exceeds the limit (4300 digits)") was ERROR in grade_many's
    # workers and WRONG through grade(): one item, one verdict, whatever path grades it
    from rewardkit import Verdict, grade, grade_many

    completions = ["The answer is $\\arctan(10^{300000})$."] * 4
    golds = ["1"] * 4
    # a generous deadline on both paths: this is about exceptions, not about how fast sympy gives up
    alone = [grade(c, gold=g, timeout_s=30).verdict for c, g in zip(completions, golds, strict=True)]
    pooled = [r.verdict for r in grade_many(completions, golds, workers=2, timeout_s=30)]
    assert alone == pooled
    assert Verdict.ERROR not in pooled


def test_a_symbolic_worker_that_dies_is_an_error_not_a_wrong_answer(monkeypatch):
    # an OOM-killed sandbox used to read as "not equal": WRONG "differs from gold", a verdict about the model
    from rewardkit import Verdict, grade, sandbox

    def dies(*args, **kwargs):
        raise sandbox.WorkerFailed("sandbox worker died (killed by SIGKILL)")

    monkeypatch.setattr(sandbox, "call", dies)
    r = grade("\\boxed{\\sin(\\pi)}", gold="0")  # numbers cannot resolve a zero: the symbolic step runs
    assert r.verdict is Verdict.ERROR
    assert "worker failed" in r.detail and not r.correct


def _alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie waiting to be reaped counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rpartition(")")[2].split()[0] != "Z"
    except FileNotFoundError:
        return False


def _assert_gone_soon(pids: list[int]) -> None:
    """Every one of ``pids`` ends within 30 s (the parent-death signal acts at once, the lifeline soon)."""
    deadline = time.monotonic() + 30
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [p for p in pids if _alive(p)]


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")
@pytest.mark.parametrize("mode", ["fork", "threads", "from-thread"])
def test_workers_die_with_a_parent_killed_by_sigkill(mode):
    # SIGKILLed `score --workers 2` used to leave its workers running with PPID 1 (one at 64 % CPU on a
    # hanging item, others still alive an hour later): each held its sibling's pipe, so none saw EOF.
    # Here the grading workers are stuck in C code when the parent dies, and the workers were started in
    # each of the three ways: forked, fresh interpreters from the main thread, from a thread that ended.
    import subprocess
    import sys

    script = str(TESTS / "orphan_parent.py")
    parent = subprocess.Popen([sys.executable, script, mode], stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout is not None
        lines = [parent.stdout.readline(), parent.stdout.readline()]
        assert lines[0].startswith("top level") and lines[1].startswith("workers"), lines
        pids = [int(p) for p in lines[1].split()[1:]]
        assert len(pids) == 3 and all(_alive(p) for p in pids)
    finally:
        parent.kill()
        parent.wait()
    _assert_gone_soon(pids)


def test_a_script_without_a_main_guard_grades_with_other_threads_alive(tmp_path):
    # with a second thread alive the workers came from multiprocessing's forkserver, which re-imports
    # the caller's __main__ in each: the script's top level ran again in 3 processes and grade_many
    # raised EOFError, though the docs say no guard is needed
    import subprocess
    import sys

    script = tmp_path / "no_guard.py"
    script.write_text(
        "import threading, time\n"
        "print('top level', flush=True)\n"
        "threading.Thread(target=time.sleep, args=(60,), daemon=True).start()\n"
        "from rewardkit import grade, grade_many\n"
        "results = grade_many(['The answer is 4.'] * 8, ['4'] * 8, workers=2)\n"
        "print(*[r.verdict.name for r in results])\n"
        "print(grade('\\\\boxed{2\\\\sqrt{2}}', gold='\\\\sqrt{8}').verdict.name)\n"
    )
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=300, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["top level", " ".join(["CORRECT"] * 8), "CORRECT"]


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry))
    return found


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")
def test_score_killed_by_sigkill_leaves_no_worker_behind(tmp_path):
    import json
    import subprocess
    import sys

    data = tmp_path / "in.jsonl"
    with data.open("w") as f:
        for i in range(200_000):
            f.write(json.dumps({"completion": f"So $x = \\sqrt{{{i}}}$.", "answer": f"\\sqrt{{{i}}}"}) + "\n")
    score = subprocess.Popen(
        [sys.executable, "-m", "rewardkit", "score", str(data), "--workers", "2", "-o", str(tmp_path / "o")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        workers: list[int] = []
        while len(workers) < 2 and time.monotonic() < deadline and score.poll() is None:
            time.sleep(0.1)
            workers = _children(score.pid)
        assert len(workers) >= 2, "score never started its workers"
        time.sleep(0.5)
        workers = _children(score.pid)  # sandbox workers too, if it started any
    finally:
        score.kill()
        score.wait()
    _assert_gone_soon(workers)


def test_a_grading_workers_symbolic_warm_up_is_charged_to_no_item():
    # a cold grading worker's first symbolic item paid sympy's first-use imports and empty caches inside
    # its deadline: TIMEOUT through grade_many where a warm sandbox worker said CORRECT through grade()
    pool = sandbox.GradingPool(1, grade=grade_after_slow_warm_up)
    try:
        results = pool.run(
            [("\\boxed{\\sin(\\pi)}", "0", None)],
            timeout_s=1.0,
            options={},
            on_timeout=_timeout,
            on_crash=_crash,
        )
    finally:
        pool.close()
    assert results[0].verdict is Verdict.CORRECT and results[0].match == "symbolic"


def _ready_idle_workers() -> list:
    return [w for w in sandbox._idle if w.ready or w.conn.poll(0)]


def test_after_a_timeout_the_next_call_finds_a_ready_worker():
    # each TIMEOUT killed the worker and the next call waited for a fresh one's start-up: 1.9 s per
    # TIMEOUT item in a row at timeout_s = 1. Replacements start at once, and one more as a spare.
    sandbox._shutdown()
    with pytest.raises(sandbox.DeadlineExceeded):
        sandbox.call(slow_square, 3, SLEEP_S, timeout_s=0.3)
    deadline = time.monotonic() + 60  # they warm up on their own, with no call waiting on them
    while len(_ready_idle_workers()) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(_ready_idle_workers()) >= 2
    with pytest.raises(sandbox.DeadlineExceeded):
        sandbox.call(slow_square, 3, SLEEP_S, timeout_s=0.3)
    assert _ready_idle_workers()  # a second TIMEOUT in a row still leaves a ready worker for the next call
    assert sandbox.call(slow_square, 4, 0, timeout_s=30) == 16


def test_the_budget_covers_the_whole_item_on_every_path():
    # grade_many's watchdog stops an item at timeout_s whatever step it is in, while grade() used to charge
    # only the symbolic step: 57 of 20,000 fuzz items were WRONG through grade() and TIMEOUT through
    # grade_many. Both now hold the item to one budget.
    from rewardkit import grade, grade_many

    costly = "Let me think about this once more. " * 1800 + "The answer is 1."
    start = time.perf_counter()
    assert grade(costly, gold="1", timeout_s=60).correct
    budget = (time.perf_counter() - start) / 20  # far below what the item costs, on any machine
    assert grade(costly, gold="1", timeout_s=budget).verdict is Verdict.TIMEOUT
    pooled = grade_many([costly] * 4, ["1"] * 4, workers=2, timeout_s=budget)
    assert [r.verdict for r in pooled] == [Verdict.TIMEOUT] * 4
    assert grade("The answer is 1.", gold="1", timeout_s=30).correct


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="the cap needs /proc (Linux)")
def test_a_sandbox_worker_cannot_grow_past_its_memory_cap():
    # one symbolic step of the fuzz grew a sandbox worker to 1.3 GB: the worker's address space is capped at
    # its ready size plus SANDBOX_MEMORY_BYTES, so such a step meets MemoryError and the worker lives on
    from sandbox_helpers import allocate

    assert sandbox.call(allocate, 64, timeout_s=30) == 64
    with pytest.raises(sandbox.WorkerFailed, match="MemoryError"):
        sandbox.call(allocate, (sandbox.SANDBOX_MEMORY_BYTES >> 20) + 512, timeout_s=30)
    assert sandbox.call(allocate, 64, timeout_s=30) == 64  # the same kind of worker, still serving
