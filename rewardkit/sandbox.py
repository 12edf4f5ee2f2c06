"""Hard wall-clock deadlines without signals: work runs in worker processes that are killed and replaced.

``signal.alarm`` only works in the main thread of the main interpreter; a grader that relies on it fails
(or silently scores 0) inside a trainer's worker thread, an asyncio loop or a process pool. Here the
caller waits on a pipe with a timeout instead, which behaves the same everywhere; a worker that overruns is
killed and a fresh one takes its place.

Two users:

* :func:`call` runs one function (e.g. sympy simplification) in a shared worker with a deadline.
* :class:`GradingPool` grades batches in N worker processes for ``grade_many(workers=N)``, with a
  per-item deadline watched through a shared progress slot, so one hung item costs one TIMEOUT result,
  not the batch.

>>> call(divmod, 7, 2, timeout_s=30)
(3, 1)
"""

from __future__ import annotations

import atexit
import gc
import importlib
import multiprocessing
import multiprocessing.connection
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

_METHODS = multiprocessing.get_all_start_methods()
# the fork server imports these once; every worker forked from it starts with them loaded
_PRELOAD = ["rewardkit.grade", "rewardkit.equivalence", "sympy"]


class DeadlineExceeded(TimeoutError):
    """The work did not finish within its deadline; the worker running it was killed."""


class WorkerFailed(RuntimeError):
    """The function raised in the worker, or the worker died."""


def _context() -> Any:
    """Fork while this process runs a single thread (fast, and scripts need no ``__main__`` guard);
    once other threads exist (a trainer, a tokenizer pool) forking can deadlock, so a fork server,
    itself started from a clean process, forks the workers instead."""
    if "fork" in _METHODS and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    method = "forkserver" if "forkserver" in _METHODS else "spawn"
    ctx = multiprocessing.get_context(method)
    if method == "forkserver":
        ctx.set_forkserver_preload(_PRELOAD)
    return ctx


def _serve(conn: multiprocessing.connection.Connection) -> None:
    # A forked worker starts without sympy; imported on first call it would eat half a second of that
    # call's deadline (more on a loaded machine: a correct answer graded TIMEOUT). These workers exist only
    # for symbolic steps, so the import belongs to startup, which is not charged.
    for module in _PRELOAD:
        importlib.import_module(module)
    conn.send("ready")
    while True:
        try:
            function, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply = (True, function(*args))
        except BaseException as exc:  # report everything; the parent decides
            reply = (False, f"{type(exc).__name__}: {exc}")
        conn.send(reply)


class _Worker:
    def __init__(self) -> None:
        ctx = _context()
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(child,), daemon=True, name="rewardkit-sandbox")
        self.process.start()
        child.close()
        # startup (imports) is not charged to the first caller's deadline
        if not self.conn.poll(60) or self.conn.recv() != "ready":
            self.kill()
            raise WorkerFailed("sandbox worker did not start")

    def run(self, function: Callable[..., Any], args: tuple[Any, ...], timeout_s: float) -> Any:
        self.conn.send((function, args))
        if not self.conn.poll(timeout_s):
            self.kill()
            raise DeadlineExceeded(f"{getattr(function, '__name__', function)} exceeded {timeout_s:g} s")
        try:
            ok, value = self.conn.recv()
        except (EOFError, OSError) as exc:
            self.kill()
            raise WorkerFailed("sandbox worker died") from exc
        if not ok:
            raise WorkerFailed(value)
        return value

    def kill(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=5)
        self.conn.close()

    @property
    def alive(self) -> bool:
        return self.process.is_alive()


_idle: list[_Worker] = []
_idle_lock = threading.Lock()
_MAX_IDLE = 4


def call(function: Callable[..., Any], *args: Any, timeout_s: float) -> Any:
    """Run ``function(*args)`` in a worker process and return its result within ``timeout_s``.

    ``function`` must be importable (pickled by reference). Raises :class:`DeadlineExceeded` when the
    deadline passes (the worker is killed) and :class:`WorkerFailed` when the function raised. Safe to
    call from any thread: each concurrent call gets its own worker.
    """
    with _idle_lock:
        worker = _idle.pop() if _idle else None
    if worker is None or not worker.alive:
        worker = _Worker()
    try:
        result = worker.run(function, args, timeout_s)
    except DeadlineExceeded:
        raise
    except WorkerFailed:
        if worker.alive:
            _release(worker)
        raise
    _release(worker)
    return result


def _release(worker: _Worker) -> None:
    with _idle_lock:
        if len(_idle) < _MAX_IDLE:
            _idle.append(worker)
            return
    worker.kill()


@atexit.register
def _shutdown() -> None:
    with _idle_lock:
        workers = list(_idle)
        _idle.clear()
    for worker in workers:
        worker.kill()


# --- batch grading ------------------------------------------------------------------------------------

# Set in GradingPool workers: symbolic steps run inline there, since the pool's own deadline covers them.
INLINE = False
# A GradingPool worker's progress slot: [index of the item being graded or -1, when that item started].
_progress: Any = None


def import_uncharged(module: str) -> None:
    """Import ``module`` without charging the time to the item a grading worker is on.

    Grading workers start without sympy (most batches never need it, and each copy costs memory); the
    first symbolic item imports it, and half a second of import must not push that item past its
    deadline, so the watchdog looks away while it runs. Outside grading workers this is a plain import."""
    if module in sys.modules:
        return
    if _progress is None:
        importlib.import_module(module)
        return
    item = _progress[0]
    _progress[0] = -1  # the pool's watchdog skips a worker on no item
    try:
        importlib.import_module(module)
    finally:
        _progress[1] = time.monotonic()  # the item's clock restarts (time first: the watchdog reads both)
        _progress[0] = item


def _serve_batches(
    conn: multiprocessing.connection.Connection, progress: Any, grade_function: Callable[..., Any] | None
) -> None:
    global INLINE, _progress
    INLINE = True
    _progress = progress
    # objects inherited from the parent are never garbage here: keeping the collector off them avoids
    # touching (and so copying) every inherited page of a forked worker
    gc.freeze()
    from rewardkit.grade import grade as default_grade

    grade = grade_function or default_grade

    conn.send("ready")
    while True:
        try:
            chunk_id, items, options = conn.recv()
        except (EOFError, OSError):
            return
        results = []
        for i, (completion, gold, finished) in enumerate(items):
            progress[1] = time.monotonic()
            progress[0] = i
            results.append(grade(completion, gold=gold, finished=finished, **options))
        progress[0] = -1
        conn.send((chunk_id, results))


@dataclass
class _Chunk:
    start: int
    indices: list[int]
    items: list[tuple[Any, Any, Any]]


class _BatchWorker:
    def __init__(self, grade: Callable[..., Any] | None) -> None:
        ctx = _context()
        self.progress = ctx.Array("d", [-1.0, 0.0], lock=False)
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(
            target=_serve_batches, args=(child, self.progress, grade), daemon=True, name="rewardkit-grader"
        )
        self.process.start()
        child.close()
        self.inflight: deque[_Chunk] = deque()
        self.started = False

    def wait_ready(self) -> None:
        if not self.started:
            if not self.conn.poll(60) or self.conn.recv() != "ready":
                self.kill()
                raise WorkerFailed("grading worker did not start")
            self.started = True

    def kill(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=5)
        self.conn.close()


class GradingPool:
    """Grade (completion, gold, finished) items in ``workers`` processes with a per-item deadline.

    Workers persist between :meth:`run` calls (a training loop grades every step; starting processes each
    time would cost more than the grading). ``on_timeout(item)`` and ``on_crash(item, why)`` build the
    result for an item whose worker had to be killed or died; the rest of its chunk is graded again by a
    fresh worker.
    """

    def __init__(
        self, workers: int, grade: Callable[..., Any] | None = None, temporary: bool = False
    ) -> None:
        self.grade = grade  # an importable stand-in for rewardkit.grade.grade (tests use one that hangs)
        self.temporary = temporary  # closed after its one run
        self.size = max(1, workers)
        self.workers: list[_BatchWorker] = []
        self.lock = threading.Lock()

    def run(
        self,
        items: Sequence[tuple[Any, Any, Any]],
        *,
        timeout_s: float,
        options: dict[str, Any],
        on_timeout: Callable[[tuple[Any, Any, Any]], Any],
        on_crash: Callable[[tuple[Any, Any, Any], str], Any],
    ) -> list[Any]:
        with self.lock:
            try:
                return self._run(items, timeout_s, options, on_timeout, on_crash)
            except BaseException:
                self.close()  # workers may hold half-sent chunks: start clean next time
                raise
            finally:
                if self.temporary:
                    self.close()

    def _run(
        self,
        items: Sequence[tuple[Any, Any, Any]],
        timeout_s: float,
        options: dict[str, Any],
        on_timeout: Callable[[tuple[Any, Any, Any]], Any],
        on_crash: Callable[[tuple[Any, Any, Any], str], Any],
    ) -> list[Any]:
        n = len(items)
        results: list[Any] = [None] * n
        chunk_size = max(1, min(32, n // (self.size * 16) or 1))
        pending: deque[_Chunk] = deque(
            _Chunk(s, list(range(s, min(n, s + chunk_size))), list(items[s : s + chunk_size]))
            for s in range(0, n, chunk_size)
        )
        self.workers = [w for w in self.workers if w.process.is_alive()]
        while len(self.workers) < self.size:
            self.workers.append(_BatchWorker(self.grade))
        workers = self.workers
        for w in workers:
            w.wait_ready()

        def replace(i: int, crashed: bool) -> None:
            w = workers[i]
            chunk = w.inflight[0]
            current = max(0, int(w.progress[0]))
            w.kill()
            item, index = chunk.items[current], chunk.indices[current]
            results[index] = on_crash(item, "grading worker died") if crashed else on_timeout(item)
            rest = [k for k in range(len(chunk.items)) if k != current]
            requeue = list(w.inflight)[1:]
            if rest:
                requeue.insert(
                    0, _Chunk(chunk.start, [chunk.indices[k] for k in rest], [chunk.items[k] for k in rest])
                )
            pending.extendleft(reversed(requeue))
            workers[i] = _BatchWorker(self.grade)
            workers[i].wait_ready()

        while pending or any(w.inflight for w in workers):
            # two chunks in flight per worker: the next one is already waiting when a result goes back
            for w in workers:
                while len(w.inflight) < 2 and pending:
                    chunk = pending.popleft()
                    w.inflight.append(chunk)
                    w.conn.send((chunk.start, chunk.items, options))
            busy = [w for w in workers if w.inflight]
            ready = multiprocessing.connection.wait([w.conn for w in busy], timeout=0.05)
            for i, w in enumerate(workers):
                if not w.inflight:
                    continue
                if w.conn in ready:
                    try:
                        _, chunk_results = w.conn.recv()
                    except (EOFError, OSError):
                        replace(i, crashed=True)
                        continue
                    done = w.inflight.popleft()
                    for index, result in zip(done.indices, chunk_results, strict=True):
                        results[index] = result
                elif not w.process.is_alive():
                    replace(i, crashed=True)
                else:
                    current, since = int(w.progress[0]), w.progress[1]
                    if current >= 0 and time.monotonic() - since > timeout_s:
                        replace(i, crashed=False)
        return results

    def close(self) -> None:
        """Stop the workers (they are daemons, so an exiting interpreter stops them anyway)."""
        for w in self.workers:
            w.kill()
        self.workers = []


_pools: dict[int, GradingPool] = {}
_pools_lock = threading.Lock()


def shared_pool(workers: int) -> GradingPool:
    """The process-wide pool with this many workers (a new one when another thread is using it)."""
    with _pools_lock:
        pool = _pools.get(workers)
        if pool is None:
            pool = _pools[workers] = GradingPool(workers)
        elif pool.lock.locked():
            pool = GradingPool(workers, temporary=True)
        return pool


@atexit.register
def _close_pools() -> None:
    for pool in list(_pools.values()):
        pool.close()
