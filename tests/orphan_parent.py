"""A parent that starts sandbox and grading workers, prints their pids and waits to be killed.

``python orphan_parent.py MODE``: MODE "fork" starts them from a single-threaded main thread, "threads"
with another thread alive (fresh interpreters), "from-thread" from a thread that then ends. (The test
collector imports this file too: everything runs under the ``__main__`` guard.)
"""

import os
import sys
import threading
import time

_TESTS = os.path.dirname(os.path.abspath(__file__))
# the tests' helpers, then the repository itself first: tests/rewardkit/ must not stand in for the package
sys.path[:0] = [os.path.dirname(_TESTS), _TESTS]

from sandbox_helpers import spin_in_c  # noqa: E402

from rewardkit import GradeResult, Verdict, sandbox  # noqa: E402


def main() -> None:
    print("top level", os.getpid(), flush=True)
    mode = sys.argv[1]
    if mode == "threads":
        threading.Thread(target=time.sleep, args=(3600,), daemon=True).start()
    pids: list[int] = []

    def start() -> None:
        assert sandbox.call(divmod, 7, 2, timeout_s=60) == (3, 1)  # leaves one idle sandbox worker
        pids.extend(w.process.pid for w in sandbox._idle)
        pool = sandbox.GradingPool(2, grade=spin_in_c)
        items = [("SPIN", "1", None), ("SPIN", "1", None)] + [("The answer is 1.", "1", None)] * 6

        def timeout(item):
            return GradeResult(False, Verdict.TIMEOUT, gold=item[1])

        # the workers start here, in the calling thread (forked in mode "fork"), and persist
        pool.run(items[2:], timeout_s=60, options={}, on_timeout=timeout, on_crash=None)
        # both grading workers end up stuck in C code, then the parent is killed while it waits for them
        threading.Thread(
            target=pool.run,
            args=(items,),
            kwargs={"timeout_s": 3600, "options": {}, "on_timeout": timeout, "on_crash": None},
            daemon=True,
        ).start()
        deadline = time.monotonic() + 60
        while len(pool.workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        pids.extend(w.process.pid for w in pool.workers)

    if mode == "from-thread":
        t = threading.Thread(target=start)
        t.start()
        t.join()
    else:
        start()
    time.sleep(1.0)  # the grading workers are in their C loop by now
    print("workers", " ".join(map(str, pids)), flush=True)
    time.sleep(3600)


if __name__ == "__main__":
    main()
