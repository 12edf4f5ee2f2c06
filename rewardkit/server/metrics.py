"""What the server counts, in Prometheus' text exposition format (``GET /metrics``).

>>> m = Metrics(clock=lambda: 10.0)
>>> m.request("/v1/grade", 200, items=2, verdicts=["CORRECT", "WRONG"])
>>> print(m.render(queue_depth=0, now=20.0))  # doctest: +ELLIPSIS
# HELP rewardkit_requests_total Requests answered, by endpoint and status.
# TYPE rewardkit_requests_total counter
rewardkit_requests_total{endpoint="/v1/grade",status="200"} 1
...
"""

from __future__ import annotations

import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable

__all__ = ["Metrics"]

# items/s is measured over this window (a rate since start would hide that the server slowed down)
_RATE_WINDOW_S = 60.0


class Metrics:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.started = clock()
        self.lock = threading.Lock()
        self.requests: Counter[tuple[str, int]] = Counter()
        self.items = 0
        self.verdicts: Counter[str] = Counter()
        self.deadlines = 0
        self.recent: deque[tuple[float, int]] = deque()  # (when, items) of the last window

    def request(
        self, endpoint: str, status: int, *, items: int = 0, verdicts: Iterable[str | None] = ()
    ) -> None:
        now = self.clock()
        with self.lock:
            self.requests[endpoint, status] += 1
            self.items += items
            self.verdicts.update(v for v in verdicts if v is not None)
            if items:
                self.recent.append((now, items))
            if status == 504:
                self.deadlines += 1

    def items_per_s(self, now: float) -> float:
        with self.lock:
            while self.recent and self.recent[0][0] < now - _RATE_WINDOW_S:
                self.recent.popleft()
            window = min(_RATE_WINDOW_S, max(now - self.started, 1e-9))
            return sum(n for _, n in self.recent) / window

    def render(self, *, queue_depth: int, now: float | None = None) -> str:
        now = self.clock() if now is None else now
        rate = self.items_per_s(now)
        lines: list[str] = []

        def family(name: str, kind: str, help_: str, samples: Iterable[tuple[str, float]]) -> None:
            lines.append(f"# HELP {name} {help_}")
            lines.append(f"# TYPE {name} {kind}")
            lines.extend(f"{name}{labels} {value:g}" for labels, value in samples)

        with self.lock:
            requests = sorted(self.requests.items())
            verdicts = sorted(self.verdicts.items())
            items, deadlines = self.items, self.deadlines
        family(
            "rewardkit_requests_total",
            "counter",
            "Requests answered, by endpoint and status.",
            ((f'{{endpoint="{e}",status="{s}"}}', n) for (e, s), n in requests),
        )
        family("rewardkit_items_total", "counter", "Items graded or scored.", [("", items)])
        family(
            "rewardkit_items_per_second",
            "gauge",
            f"Items per second over the last {_RATE_WINDOW_S:g} s.",
            [("", rate)],
        )
        family(
            "rewardkit_verdicts_total",
            "counter",
            "Grading verdicts (TIMEOUT: an item past its budget).",
            ((f'{{verdict="{v}"}}', n) for v, n in verdicts),
        )
        family(
            "rewardkit_request_timeouts_total",
            "counter",
            "Requests past their deadline (504).",
            [("", deadlines)],
        )
        family(
            "rewardkit_queue_depth", "gauge", "Requests accepted and not yet answered.", [("", queue_depth)]
        )
        family(
            "rewardkit_uptime_seconds",
            "gauge",
            "Seconds since the server started.",
            [("", now - self.started)],
        )
        return "\n".join(lines) + "\n"
