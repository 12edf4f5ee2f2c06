"""The bounded queue between the event loop and the grader: requests wait here, one grading thread takes
them in order.

Grading runs in this thread, never on the event loop, so a slow batch delays the requests behind it but
never ``/health``; and one thread means the persistent worker pool (:func:`rewardkit.sandbox.shared_pool`)
is used by one caller at a time, as it is built to be. A request that is still waiting when its client gives
up (its deadline) is cancelled before it is graded.

>>> q = GradingQueue(capacity=1)
>>> q.submit(lambda: 6 * 7).result()
42
>>> q.close()
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

__all__ = ["GradingQueue", "QueueFull"]


class QueueFull(RuntimeError):
    """Every place in the queue is taken; ``retry_after_s`` is how long the work in it will likely take."""

    def __init__(self, retry_after_s: int) -> None:
        super().__init__(f"the grading queue is full; retry in {retry_after_s} s")
        self.retry_after_s = retry_after_s


class GradingQueue:
    """At most ``capacity`` jobs accepted at once (waiting or running); :meth:`submit` refuses one more."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._jobs: queue.SimpleQueue[tuple[Callable[[], Any], Future[Any]] | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._depth = 0
        self._seconds_per_job = 1.0  # a running mean, for Retry-After
        self._thread = threading.Thread(target=self._loop, name="rewardkit-grading", daemon=True)
        self._thread.start()

    @property
    def depth(self) -> int:
        """Jobs accepted and not finished (the one being graded included)."""
        return self._depth

    def submit(self, job: Callable[[], Any]) -> Future[Any]:
        with self._lock:
            if self._depth >= self.capacity:
                raise QueueFull(max(1, round(self._depth * self._seconds_per_job)))
            self._depth += 1
        future: Future[Any] = Future()
        future.add_done_callback(self._free)  # answered, failed, or cancelled while it waited
        self._jobs.put((job, future))
        return future

    def _free(self, future: Future[Any]) -> None:
        with self._lock:
            self._depth -= 1

    def _loop(self) -> None:
        import time

        while (entry := self._jobs.get()) is not None:
            job, future = entry
            if not future.set_running_or_notify_cancel():  # cancelled while it waited: its slot is free
                continue
            start = time.monotonic()
            try:
                future.set_result(job())
            except BaseException as exc:  # the request gets the error, the thread keeps serving
                future.set_exception(exc)
            self._seconds_per_job = 0.8 * self._seconds_per_job + 0.2 * (time.monotonic() - start)

    def close(self, timeout_s: float | None = None) -> None:
        """Finish the jobs already accepted, then stop the thread."""
        self._jobs.put(None)
        self._thread.join(timeout_s)
