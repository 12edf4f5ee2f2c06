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

Workers start the cheapest safe way (forked while this process has a single thread, a fresh interpreter
otherwise; never by re-running the caller's ``__main__``) and die with the process that started them,
however it ends: see :func:`_start_process`.

>>> call(divmod, 7, 2, timeout_s=30)
(3, 1)
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import importlib
import io
import itertools
import mmap
import multiprocessing
import multiprocessing.connection
import os
import pickle
import queue
import selectors
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from multiprocessing.reduction import ForkingPickler
from typing import Any

_CAN_FORK = "fork" in multiprocessing.get_all_start_methods()
# sandbox workers import these before they say they are ready (start-up is not charged to any call)
_PRELOAD = ["rewardkit.grade", "rewardkit.equivalence", "sympy"]


class DeadlineExceeded(TimeoutError):
    """The work did not finish within its deadline; the worker running it was killed."""


class WorkerFailed(RuntimeError):
    """The function raised in the worker, or the worker died."""


# --- starting workers ---------------------------------------------------------------------------------
#
# A worker is forked while this process runs one thread, its main thread: fast, and it inherits what is
# already imported. Once other threads exist (a trainer, a tokenizer pool) forking can deadlock (a lock
# another thread held stays held forever in the child), so the worker is a fresh interpreter started with
# subprocess instead. multiprocessing's forkserver and spawn re-import the caller's ``__main__`` in every
# worker, which runs a script's top level again (a script without a ``__main__`` guard then cannot start
# its workers at all); a fresh interpreter here imports rewardkit and the target's module, nothing else.
#
# Workers die with the process that started them, SIGKILL included. Each holds the read end of one
# "lifeline" pipe whose write end only that process holds (a forked worker closes its inherited copy
# first thing), and a thread in the worker exits when it reads end-of-file: the kernel closes the write
# end when the parent dies, however it dies. On Linux the kernel also kills the worker outright when the
# thread that started it ends (PR_SET_PDEATHSIG), which reaches a worker stuck in C code that never lets
# its lifeline thread run. So that this fires only when the whole process ends, workers are started by
# threads that live as long as it: forked ones by the main thread, fresh ones by one launcher thread.

_lifeline_lock = threading.Lock()
_lifeline: tuple[int, int, int] | None = None  # (owner pid, read end, write end)


def _lifeline_ends() -> tuple[int, int]:
    global _lifeline
    with _lifeline_lock:
        if _lifeline is None or _lifeline[0] != os.getpid():  # a forked copy of this process needs its own
            read_end, write_end = os.pipe()  # both non-inheritable: exec'd programs never get them
            _lifeline = (os.getpid(), read_end, write_end)
        return _lifeline[1], _lifeline[2]


@dataclass(frozen=True)
class _Birth:
    """What a new worker needs to know about its parent before its target runs."""

    parent_pid: int
    lifeline: int  # read end: end-of-file means the parent is gone
    inherited_write_end: int  # the lifeline's write end a forked worker must close; -1: not inherited


def _exit_when_parent_dies(lifeline: int) -> None:
    while True:
        try:
            if not os.read(lifeline, 1):
                break  # end of file: every write end is closed, the parent is gone
        except InterruptedError:
            continue
        except OSError:
            break
    os._exit(0)


def _enter_worker(birth: _Birth) -> None:
    if birth.inherited_write_end >= 0:
        os.close(birth.inherited_write_end)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1 = PR_SET_PDEATHSIG
        except (OSError, AttributeError):  # no prctl (a libc without it): the lifeline thread remains
            pass
    if os.getppid() != birth.parent_pid:  # the parent died before the guards above were in place
        os._exit(0)
    threading.Thread(
        target=_exit_when_parent_dies, args=(birth.lifeline,), daemon=True, name="rewardkit-lifeline"
    ).start()


def _forked_worker(birth: _Birth, target: Callable[..., Any], args: tuple[Any, ...]) -> None:
    _enter_worker(birth)
    target(*args)


class _Slots:
    """A few doubles shared with a worker process through a mapped temporary file: both processes see the
    same memory whether the worker was forked or started as a fresh interpreter."""

    def __init__(self, values: Sequence[float], fd: int | None = None) -> None:
        size = 8 * len(values)
        if fd is None:
            fd, path = tempfile.mkstemp(prefix="rewardkit-progress-")
            os.unlink(path)  # nothing to clean up, whatever happens to either process
            os.ftruncate(fd, size)
        self.fd = fd
        self._map = mmap.mmap(fd, size)
        self._values = memoryview(self._map).cast("d")
        for i, value in enumerate(values):
            self._values[i] = value

    def __getitem__(self, i: int) -> float:
        return float(self._values[i])

    def __setitem__(self, i: int, value: float) -> None:
        self._values[i] = value

    def close(self) -> None:
        if self.fd >= 0:
            self._values.release()
            self._map.close()
            os.close(self.fd)
            self.fd = -1


def _attached(fd: int, count: int) -> _Slots:
    slots = _Slots.__new__(_Slots)
    slots.fd = fd
    slots._map = mmap.mmap(fd, 8 * count)
    slots._values = memoryview(slots._map).cast("d")
    return slots


def _inherited_connection(fd: int, readable: bool, writable: bool) -> multiprocessing.connection.Connection:
    return multiprocessing.connection.Connection(fd, readable=readable, writable=writable)


class _ChildPickler(pickle.Pickler):
    """Pickles a worker's target and arguments for a fresh interpreter: pipes and shared slots travel as
    file descriptors the child inherits (collected in ``fds``), everything else by value or reference."""

    def __init__(self, file: io.BytesIO, fds: list[int]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.fds = fds

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, multiprocessing.connection.Connection):
            self.fds.append(obj.fileno())
            return _inherited_connection, (obj.fileno(), obj.readable, obj.writable)
        if isinstance(obj, _Slots):
            self.fds.append(obj.fd)
            return _attached, (obj.fd, len(obj._values))
        return NotImplemented


# run by the fresh interpreter: the search path first (plain data), then what needs rewardkit to unpickle
_FRESH_BOOT = (
    "import pickle, sys; sys.path[:] = pickle.load(sys.stdin.buffer); "
    "from rewardkit.sandbox import _fresh_worker; _fresh_worker(sys.stdin.buffer)"
)


def _fresh_worker(stream: Any) -> None:
    # these bytes come from the parent that started this interpreter (no model text is unpickled: it
    # travels inside as plain str), the same trust multiprocessing places in its parent
    birth, target, args = pickle.load(stream)
    stream.close()
    _enter_worker(birth)
    target(*args)


class _FreshInterpreter:
    """A worker that is a new interpreter: the part of ``multiprocessing.Process`` the pools use."""

    def __init__(self, target: Callable[..., Any], args: tuple[Any, ...], birth: _Birth, name: str) -> None:
        self.name = name
        self._payload = (birth, target, args)
        self._popen: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        fds: list[int] = [self._payload[0].lifeline]
        buf = io.BytesIO()
        pickle.dump(list(sys.path), buf, protocol=pickle.HIGHEST_PROTOCOL)
        _ChildPickler(buf, fds).dump(self._payload)
        flags: list[str] = getattr(subprocess, "_args_from_interpreter_flags", list)()
        self._popen = subprocess.Popen(
            [sys.executable, *flags, "-c", _FRESH_BOOT], stdin=subprocess.PIPE, pass_fds=fds
        )
        assert self._popen.stdin is not None
        try:
            self._popen.stdin.write(buf.getvalue())  # small (references and descriptors), read at once
            self._popen.stdin.close()
        except OSError:  # it died on the way up; the caller's "ready" wait reports that
            pass

    @property
    def pid(self) -> int | None:
        return None if self._popen is None else self._popen.pid

    @property
    def exitcode(self) -> int | None:
        return None if self._popen is None else self._popen.poll()

    def is_alive(self) -> bool:
        return self.exitcode is None

    def kill(self) -> None:
        if self._popen is not None and self._popen.poll() is None:
            self._popen.kill()

    def join(self, timeout: float | None = None) -> None:
        if self._popen is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._popen.wait(timeout)


class _Launcher:
    """The one long-lived thread that starts every fresh-interpreter worker (see above): the kernel ties a
    worker's parent-death signal to the thread that started it, and this one ends only with the process."""

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.requests: queue.SimpleQueue[tuple[_FreshInterpreter, Future[None]]] = queue.SimpleQueue()
        threading.Thread(target=self._serve, daemon=True, name="rewardkit-launcher").start()

    def _serve(self) -> None:
        while True:
            process, started = self.requests.get()
            try:
                process.start()
            except BaseException as exc:  # handed to the caller waiting below
                started.set_exception(exc)
            else:
                started.set_result(None)

    def start(self, process: _FreshInterpreter) -> None:
        started: Future[None] = Future()
        self.requests.put((process, started))
        started.result()


_launcher: _Launcher | None = None


def _start_process(target: Callable[..., Any], args: tuple[Any, ...], name: str) -> Any:
    """Start ``target(*args)`` in a worker process (forked or fresh, see above) and return its handle."""
    global _launcher
    read_end, write_end = _lifeline_ends()
    if _can_fork_now():
        ctx = multiprocessing.get_context("fork")
        birth = _Birth(os.getpid(), read_end, write_end)
        forked = ctx.Process(target=_forked_worker, args=(birth, target, args), daemon=True, name=name)
        forked.start()
        _started.add(forked)
        return forked
    fresh = _FreshInterpreter(target, args, _Birth(os.getpid(), read_end, -1), name)
    with _lifeline_lock:
        if _launcher is None or _launcher.pid != os.getpid():
            _launcher = _Launcher()
        launcher = _launcher
    launcher.start(fresh)
    _started.add(fresh)
    return fresh


def _can_fork_now() -> bool:
    in_main_thread = threading.current_thread() is threading.main_thread()
    return _CAN_FORK and in_main_thread and threading.active_count() == 1


_started: weakref.WeakSet[Any] = weakref.WeakSet()


def live_workers() -> list[tuple[str, int]]:
    """(name, pid) of every worker process this process started that is still running: sandbox workers
    are "rewardkit-sandbox", grading pool workers "rewardkit-grader"."""
    return sorted((w.name, w.pid) for w in list(_started) if w.is_alive())


def _warm_up() -> None:
    """Run the symbolic step once on small answers before the first call: the modules sympy imports on
    first use and its caches then cost start-up, not the first item's deadline (a cold worker used to
    make one item TIMEOUT through ``grade()`` and WRONG through a warm ``grade_many`` worker)."""
    from rewardkit.equivalence import symbolic_equal
    from rewardkit.latex import parse_math

    for pred, gold in _WARM_UP_PAIRS:
        symbolic_equal(parse_math(pred), parse_math(gold))


_WARM_UP_PAIRS = [
    ("\\sin^2 x + \\cos^2 x", "1"),
    ("\\frac{x^2-1}{x-1}", "x+1"),
    ("\\sqrt{8} + \\log(e^2)", "2\\sqrt{2} + 2"),
    ("\\tan(\\pi/3) i", "\\sqrt{3} i"),
]


# What a sandbox worker may allocate beyond what it holds when it is ready: a symbolic step that sympy grows
# past it gets MemoryError (a step not shown equal), not the machine's memory (the seed-3 fuzz grew one
# worker to 1.3 GB within its second before this cap).
SANDBOX_MEMORY_BYTES = 1 << 30


def _cap_memory(extra: int) -> None:
    """Cap this process's address space at its present size plus ``extra`` bytes (Linux; elsewhere, or where
    the size cannot be read, nothing is capped)."""
    try:
        import resource

        with open("/proc/self/statm") as f:
            size = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = size + extra
        if hard != resource.RLIM_INFINITY:
            cap = min(cap, hard)
        if soft == resource.RLIM_INFINITY or soft > cap:
            resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (ImportError, OSError, ValueError):
        pass


def _serve(conn: multiprocessing.connection.Connection) -> None:
    # A new worker would spend half a second importing sympy inside its first call's deadline (more on a
    # loaded machine: a correct answer graded TIMEOUT). These workers exist only for symbolic steps, so
    # the imports and a warm-up belong to start-up, which is charged to no call.
    prepare_symbolic()  # done already when forked from a caller that prepared it
    _cap_memory(SANDBOX_MEMORY_BYTES)
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
    """One sandbox worker. It starts at once but is waited for only when first used, so a replacement
    started right after a kill warms up while its caller goes on."""

    def __init__(self) -> None:
        if _can_fork_now():
            # A worker forked from a process that has sympy imported and warmed up is ready in about 50 ms
            # instead of a second (it inherits the imports and the caches, shared copy-on-write), so the
            # replacement of a worker killed at a TIMEOUT is ready before the next item needs it: the
            # caller pays the warm-up once (charged to no item) and about 40 MB.
            prepare_symbolic()
        self.conn, child = multiprocessing.Pipe()
        self.process = _start_process(_serve, (child,), "rewardkit-sandbox")
        child.close()
        self.ready = False

    def wait_ready(self) -> None:
        # start-up (imports, warm-up) is not charged to the first caller's deadline
        if not self.ready:
            waited = time.perf_counter()
            try:
                started = self.conn.poll(60) and self.conn.recv() == "ready"
            except (EOFError, OSError):
                started = False
            finally:
                _charge_to_no_item(time.perf_counter() - waited)
            if not started:
                self.kill()
                raise WorkerFailed("sandbox worker did not start")
            self.ready = True

    def run(self, function: Callable[..., Any], args: tuple[Any, ...], timeout_s: float) -> Any:
        self.wait_ready()
        try:
            self.conn.send((function, args))  # small, to a worker waiting in recv: it never blocks long
        except OSError as exc:  # it died while idle
            self.kill()
            raise WorkerFailed(f"sandbox worker died ({type(exc).__name__})") from exc
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
_SPARES_AFTER_TIMEOUT = 2


def call(function: Callable[..., Any], *args: Any, timeout_s: float) -> Any:
    """Run ``function(*args)`` in a worker process and return its result within ``timeout_s``.

    ``function`` must be importable (pickled by reference). Raises :class:`DeadlineExceeded` when the
    deadline passes (the worker is killed) and :class:`WorkerFailed` when the function raised. Safe to
    call from any thread: each concurrent call gets its own worker.
    """
    worker = _take_idle()
    try:
        result = worker.run(function, args, timeout_s)
    except DeadlineExceeded:
        # Replacements start now and warm up while the caller goes on, and one more is kept as a spare:
        # in a run of items that time out, each next call finds a ready worker instead of waiting for a
        # start-up (1.9 s per TIMEOUT item at timeout_s = 1, before).
        with _idle_lock:
            missing = max(0, _SPARES_AFTER_TIMEOUT - len(_idle))
        for _ in range(missing):
            _release(_Worker())
        raise
    except WorkerFailed:
        if worker.alive:
            _release(worker)
        raise
    _release(worker)
    return result


def _take_idle() -> _Worker:
    """An idle worker, a ready one first (a spare still starting is taken only when none is ready)."""
    with _idle_lock:
        for i in range(len(_idle) - 1, -1, -1):
            if _idle[i].ready or _idle[i].conn.poll(0):
                return _idle.pop(i)
        worker = _idle.pop() if _idle else None
    return worker if worker is not None and worker.alive else _Worker()


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
# A GradingPool worker's progress slot: [index of the item being graded or -1, when that item started,
# the sequence number of the chunk it belongs to].
_progress: Any = None


def import_uncharged(module: str) -> None:
    """Import ``module`` without charging the time to the item a grading worker is on.

    Grading workers start without sympy (most batches never need it, and each copy costs memory); the
    first symbolic item imports it, and half a second of import must not push that item past its
    deadline, so the watchdog looks away while it runs. Outside grading workers this is a plain import."""
    if module not in sys.modules:
        _uncharged(lambda: importlib.import_module(module))


def prepare_symbolic() -> None:
    """Import sympy and warm the symbolic step up (see :func:`_warm_up`), once per process, charged to no
    item: a grading worker's first symbolic item then costs what it costs in a warm sandbox worker, so
    its verdict does not depend on which path graded it."""
    global _symbolic_ready
    if not _symbolic_ready:
        _uncharged(_load_symbolic)
        _symbolic_ready = True


_symbolic_ready = False


def _load_symbolic() -> None:
    for module in _PRELOAD:
        importlib.import_module(module)
    _warm_up()


def _uncharged(setup: Callable[[], Any]) -> None:
    started = time.perf_counter()
    try:
        if _progress is None:
            setup()
            return
        item = _progress[0]
        _progress[0] = -1  # the pool's watchdog skips a worker on no item
        try:
            setup()
        finally:
            _progress[1] = time.monotonic()  # the item's clock restarts (time first: the watchdog reads both)
            _progress[0] = item
    finally:
        _charge_to_no_item(time.perf_counter() - started)


class _UnchargedTime(threading.local):
    # a class attribute every thread starts from: reading it raises nothing, where getattr with a default on a
    # thread that never set it raised and caught an AttributeError on every item graded
    total = 0.0


_uncharged_time = _UnchargedTime()


def _charge_to_no_item(seconds: float) -> None:
    _uncharged_time.total += seconds


def uncharged_seconds() -> float:
    """Seconds this thread has spent on work charged to no item (starting workers, first imports): an item's
    budget leaves them out."""
    return _uncharged_time.total


# Chunks go to a grading worker over a one-way pipe that the parent writes without blocking, each one an
# 8-byte length and then the chunk pickled the way Connection.send pickles. A blocking send of a chunk
# bigger than the pipe's buffer waits for the worker to read it, which a worker stuck on an item never
# does: the parent would hang in send and its watchdog would never run.
_FRAME = struct.Struct("!Q")
_WRITE_BYTES = 1 << 20


def _read_exactly(fd: int, size: int) -> bytes | None:
    buf = bytearray()
    while len(buf) < size:
        block = os.read(fd, min(size - len(buf), _WRITE_BYTES))
        if not block:
            return None  # end of file: the parent closed the pipe (or is gone)
        buf += block
    return bytes(buf)


def _read_chunk(fd: int) -> Any:
    header = _read_exactly(fd, _FRAME.size)
    data = None if header is None else _read_exactly(fd, _FRAME.unpack(header)[0])
    # these bytes were pickled by the parent (model output travels inside as plain str): the same trust
    # Connection.recv places in its peer
    return None if data is None else ForkingPickler.loads(data)


def _serve_batches(
    tasks: multiprocessing.connection.Connection,
    results: multiprocessing.connection.Connection,
    progress: Any,
    grade: Callable[..., Any],
) -> None:
    global INLINE, _progress
    INLINE = True
    _progress = progress
    # objects inherited from the parent are never garbage here: keeping the collector off them avoids
    # touching (and so copying) every inherited page of a forked worker
    gc.freeze()
    results.send("ready")
    while True:
        try:
            chunk = _read_chunk(tasks.fileno())
        except OSError:
            return
        if chunk is None:
            return
        seq, items, options = chunk
        out = []
        progress[2] = seq
        for i, (completion, gold, finished) in enumerate(items):
            progress[1] = time.monotonic()
            progress[0] = i
            out.append(grade(completion, gold=gold, finished=finished, **options))
        progress[0] = -1
        results.send((seq, out))


@dataclass
class _Chunk:
    start: int
    indices: list[int]
    items: list[tuple[Any, Any, Any]]
    seq: int = -1  # set each time it is sent; the worker reports it in its progress slot
    retried: bool = False  # already sent again after a worker died between items with it in flight


_sequence = itertools.count()


class _BatchWorker:
    def __init__(self, grade: Callable[..., Any] | None) -> None:
        self.progress = _Slots([-1.0, 0.0, -1.0])
        tasks_end, self.tasks = multiprocessing.Pipe(duplex=False)
        self.results, results_end = multiprocessing.Pipe(duplex=False)
        self.process = _start_process(
            _serve_batches, (tasks_end, results_end, self.progress, grade), "rewardkit-grader"
        )
        tasks_end.close()
        results_end.close()
        os.set_blocking(self.tasks.fileno(), False)
        self.inflight: deque[_Chunk] = deque()
        self.outbox: deque[memoryview] = deque()  # framed chunks not yet taken by the pipe
        self.started = False

    def wait_ready(self) -> None:
        if not self.started:
            if not self.results.poll(60) or self.results.recv() != "ready":
                self.kill()
                raise WorkerFailed("grading worker did not start")
            self.started = True

    def queue(self, chunk: _Chunk, options: dict[str, Any]) -> None:
        chunk.seq = next(_sequence)
        data = ForkingPickler.dumps((chunk.seq, chunk.items, options))
        self.inflight.append(chunk)
        self.outbox.append(memoryview(_FRAME.pack(len(data))))
        self.outbox.append(memoryview(data))

    def flush(self) -> None:
        """Write as much of the outbox as the pipe takes now, never waiting; raises OSError
        (BrokenPipeError) when the worker has gone."""
        fd = self.tasks.fileno()
        while self.outbox:
            head = self.outbox[0]
            try:
                written = os.write(fd, head[:_WRITE_BYTES])
            except BlockingIOError:
                return
            if written == len(head):
                self.outbox.popleft()
            else:
                self.outbox[0] = head[written:]

    def snapshot(self) -> tuple[int, int, float]:
        """(index of the item being graded or -1, its chunk's sequence number, when it started)."""
        index = int(self.progress[0])
        seq, since = int(self.progress[2]), self.progress[1]
        return (index, seq, since) if int(self.progress[0]) == index else (-1, -1, 0.0)

    def stop(self, grace_s: float = 0.0) -> str:
        """Stop the process (after ``grace_s`` for one that is already on its way out) and say how it
        ended."""
        if grace_s and self.process.is_alive():
            self.process.join(grace_s)
        code = self.process.exitcode
        if code is None:
            self.process.kill()
        self.process.join(timeout=5)
        if code is None:
            return "killed by the pool"
        if code < 0:
            try:
                return f"killed by {signal.Signals(-code).name}"
            except ValueError:
                return f"killed by signal {-code}"
        return f"exit status {code}"

    def close(self) -> None:
        self.tasks.close()
        self.results.close()
        self.progress.close()

    def kill(self) -> None:
        self.stop()
        self.close()


def _wait(
    readers: list[multiprocessing.connection.Connection],
    writers: list[multiprocessing.connection.Connection],
    timeout_s: float,
) -> set[Any]:
    """Wait until one of ``readers`` can be read or one of ``writers`` written; return the readable ones."""
    with selectors.DefaultSelector() as selector:
        for conn in readers:
            selector.register(conn, selectors.EVENT_READ)
        for conn in writers:
            selector.register(conn, selectors.EVENT_WRITE)
        return {key.fileobj for key, events in selector.select(timeout_s) if events & selectors.EVENT_READ}


class GradingPool:
    """Grade (completion, gold, finished) items in ``workers`` processes with a per-item deadline.

    Workers persist between :meth:`run` calls (a training loop grades every step; starting processes each
    time would cost more than the grading). ``on_timeout(item)`` and ``on_crash(item, why)`` build the
    result for an item whose worker had to be killed or died; the rest of its chunk is graded again by a
    fresh worker. Whatever happens to a worker (killed, hung, exited, its pipe closed), :meth:`run`
    returns exactly one result per item, in order.
    """

    def __init__(self, workers: int, grade: Callable[..., Any], temporary: bool = False) -> None:
        # importable (workers get it by reference): rewardkit.grade.grade, or a test's stand-in that hangs.
        # Passed in, so that this module, which grade.py uses, never imports grade.py back
        self.grade = grade
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
        for w in self.workers:
            if not w.process.is_alive():
                w.kill()
        self.workers = [w for w in self.workers if w.process.is_alive()]
        while len(self.workers) < self.size:
            self.workers.append(_BatchWorker(self.grade))
        workers = self.workers
        for w in workers:
            w.wait_ready()

        def take(w: _BatchWorker, seq: int, chunk_results: list[Any]) -> None:
            done = w.inflight.popleft()  # one pipe, in order: the oldest chunk in flight
            if done.seq != seq:
                raise WorkerFailed(f"grading worker answered chunk {seq}, expected {done.seq}")
            for index, result in zip(done.indices, chunk_results, strict=True):
                results[index] = result

        def replace(i: int, failure: str | None) -> None:
            """Replace worker ``i``: ``failure`` says what went wrong with it, None when the watchdog
            kills it for an item past its deadline. Its item in progress gets a result, the rest of what
            it held goes back to the queue."""
            w = workers[i]
            ended = w.stop(grace_s=1.0 if failure else 0.0)
            # what it finished before it died counts (complete messages only: a cut one raises)
            try:
                while w.results.poll(0):
                    take(w, *w.results.recv())
            except (EOFError, OSError):
                pass
            detail = f"grading worker died ({failure}; {ended})"
            index, seq, since = w.snapshot()
            chunk = next((c for c in w.inflight if c.seq == seq), None) if index >= 0 else None
            requeue = list(w.inflight)
            if chunk is not None and index < len(chunk.items):
                item = chunk.items[index]
                if time.monotonic() - since > timeout_s:
                    results[chunk.indices[index]] = on_timeout(item)
                    index_done = True
                elif failure is not None:
                    results[chunk.indices[index]] = on_crash(item, detail)
                    index_done = True
                else:  # the watchdog's kill raced the item's end: not the item's fault, grade it again
                    index_done = False
                if index_done:
                    rest = [k for k in range(len(chunk.items)) if k != index]
                    rebuilt = _Chunk(
                        chunk.start, [chunk.indices[k] for k in rest], [chunk.items[k] for k in rest]
                    )
                    requeue = [rebuilt if c is chunk else c for c in requeue if c is not chunk or rest]
            elif requeue and failure is not None:
                # it died between items (receiving a chunk or sending results): send the oldest chunk
                # again, one item at a time; an item that kills a second worker that way gets an error
                head, *others = requeue
                if len(head.items) > 1:
                    singles = [
                        _Chunk(k, [k], [item], retried=True)
                        for k, item in zip(head.indices, head.items, strict=True)
                    ]
                    requeue = [*singles, *others]
                elif head.retried:
                    results[head.indices[0]] = on_crash(head.items[0], detail)
                    requeue = others
                else:
                    head.retried = True
            pending.extendleft(reversed(requeue))
            w.close()
            workers[i] = _BatchWorker(self.grade)
            workers[i].wait_ready()

        while pending or any(w.inflight for w in workers):
            # two chunks in flight per worker: the next one is already waiting when a result goes back
            for i, w in enumerate(workers):
                while len(w.inflight) < 2 and pending:
                    w.queue(pending.popleft(), options)
                try:
                    w.flush()
                except OSError as exc:
                    replace(i, f"its pipe broke: {type(exc).__name__}")
            readable = _wait(
                [w.results for w in workers if w.inflight], [w.tasks for w in workers if w.outbox], 0.05
            )
            for i, w in enumerate(workers):
                if not w.inflight:
                    continue
                if w.results in readable:
                    try:
                        message = w.results.recv()
                    except (EOFError, OSError) as exc:
                        replace(i, f"its pipe closed: {type(exc).__name__}")
                        continue
                    take(w, *message)
                elif not w.process.is_alive():
                    replace(i, "it exited")
                else:
                    current, _, since = w.snapshot()
                    if current >= 0 and time.monotonic() - since > timeout_s:
                        replace(i, None)
        return results

    def close(self) -> None:
        """Stop the workers (they are daemons, so an exiting interpreter stops them anyway)."""
        for w in self.workers:
            w.kill()
        self.workers = []


_pools: dict[tuple[int, Callable[..., Any]], GradingPool] = {}
_pools_lock = threading.Lock()


def shared_pool(workers: int, grade: Callable[..., Any]) -> GradingPool:
    """The process-wide pool with this many workers grading with ``grade`` (a new one when another thread
    is using it)."""
    with _pools_lock:
        pool = _pools.get((workers, grade))
        if pool is None:
            pool = _pools[workers, grade] = GradingPool(workers, grade)
        elif pool.lock.locked():
            pool = GradingPool(workers, grade, temporary=True)
        return pool


@atexit.register
def _close_pools() -> None:
    for pool in list(_pools.values()):
        pool.close()
