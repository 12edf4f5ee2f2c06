"""Grammar-based fuzzing of grade(): random LaTeX/ASCII math in completions and as golds, each item under a
hard bound, memory capped, and once more through ``grade_many(workers=2)`` under a deadlock watchdog.

Items are random trees from a small grammar — numbers huge and tiny, long digit strings, ``\\frac``,
``\\sqrt[n]{}``, ``^`` towers, rational exponents like ``2^{\\frac{1}{2^{1000}}}``, factorials, ``\\binom``,
trig of huge arguments like ``\\sin(10^{300000})``, ``i``, ``\\pi``, ``e``, nested braces and boxes, floors,
sets, intervals, tuples, deep nesting, malformed LaTeX — placed in completions (``The answer is $…$.``,
``\\boxed{…}``, …) and used as golds. Item ``i`` depends only on ``(seed, i)``, so any item can be regenerated
alone (``--item I`` prints it).

Phase 1 (in-process): a child process grades the items one by one with ``grade(completion, gold=gold,
timeout_s=TIMEOUT)``, under an address-space cap (``resource.setrlimit(RLIMIT_AS)``, ``--rss-cap-mb``) so a
memory blow-up ends as an error or a crash instead of taking the machine. It reports each item's wall time,
verdict and the process's peak RSS (``resource.getrusage``). The parent kills the child when one item runs
past ``--hang-s`` (default 30 s), records that item as a hang and goes on with the rest in a new child; a
child that dies (the memory cap, a segfault) costs its item, recorded as a crash.

Phase 2 (``--workers 2``; 0 skips it): the same items through ``grade_many(..., workers=2)`` in batches of
200, in a child watched by a watchdog: a batch that does not finish within its bound is reported as a deadlock
and the child is killed, never waited on. Each batch must return exactly one result per input.

Exit status 1 when an item ran past ``--timeout`` + 1.0 s, any verdict is ERROR, an item hung or crashed its
child, or a batch deadlocked or returned the wrong number of results; 0 otherwise.

    python bench/fuzz_grade.py --n 20000 --seed 0 --timeout 1 --workers 2 --json out/fuzz.json
    python bench/fuzz_grade.py --n 500 --workers 0            # in-process phase only
    python bench/fuzz_grade.py --item 1234 --seed 0           # print one item
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import selectors
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the bench's modules, by bare name

import shared_data  # noqa: F401 (puts this checkout first on sys.path: grade it, not an installed rewardkit)
from run_json import write_json

OVERHEAD_S = (
    1.0  # an item may take --timeout plus this (parsing, guards, process start-up of a sandbox worker)
)
BATCH = 200
SHOW_TEXT = 300


# ----------------------------------------------------------------------------------------------- grammar


class Grammar:
    """Random LaTeX / ASCII math. ``expr(depth)`` builds a tree; the leaves include the sizes and shapes that
    break graders (towers, huge factorials, deep nesting, long digit strings)."""

    def __init__(self, rng: random.Random) -> None:
        self.r = rng

    def pick(self, *options: Any) -> Any:
        return self.r.choice(options)

    # -- leaves

    def digits(self, lo: int, hi: int) -> str:
        n = self.r.randint(lo, hi)
        return str(self.r.randint(1, 9)) + "".join(self.r.choice("0123456789") for _ in range(n - 1))

    def integer(self) -> str:
        roll = self.r.random()
        if roll < 0.55:
            return str(self.r.randint(0, 100))
        if roll < 0.8:
            return str(self.r.randint(100, 10**6))
        if roll < 0.95:
            return self.digits(15, 400)
        return self.digits(1000, 20000)

    def number(self) -> str:
        roll = self.r.random()
        if roll < 0.4:
            return self.integer()
        if roll < 0.55:
            return f"{self.r.randint(0, 999)}.{self.digits(1, 12)}"
        if roll < 0.62:
            return "0." + "0" * self.r.randint(5, 400) + str(self.r.randint(1, 9))
        if roll < 0.7:
            mantissa = self.pick("1", "6.02", "1.5", "9.99", "2")
            exponent = self.pick(self.r.randint(-400, 400), self.r.randint(-(10**6), 10**6), 23, -300, 300000)
            return self.pick(
                f"{mantissa}e{exponent}",
                f"{mantissa}\\times10^{{{exponent}}}",
                f"{mantissa} \\times 10^{{{exponent}}}",
                f"{mantissa}E{exponent}",
            )
        if roll < 0.78:
            return self.pick("-", "−") + self.integer()
        if roll < 0.84:
            return self.pick("1,000", "12,345,678", "1{,}000", "1\\,000", "3,14")
        if roll < 0.92:
            return f"10^{{{self.pick(10, 100, 1000, 300000, 10**6, self.r.randint(1, 10**9))}}}"
        return self.digits(50000, 120000) if self.r.random() < 0.1 else self.digits(100, 3000)

    def constant(self) -> str:
        return self.pick(
            "\\pi", "e", "i", "\\infty", "x", "y", "n", "\\sqrt{2}", "\\sqrt{-1}", "\\varphi", "\\theta"
        )

    def leaf(self) -> str:
        return self.number() if self.r.random() < 0.7 else self.constant()

    # -- trees

    def expr(self, depth: int = 0) -> str:
        if depth >= 4 or self.r.random() < 0.25 + 0.15 * depth:
            return self.leaf()
        d = depth + 1
        a = self.expr
        rules = [
            lambda: f"\\frac{{{a(d)}}}{{{a(d)}}}",
            lambda: f"\\dfrac{{{a(d)}}}{{{a(d)}}}",
            lambda: f"\\frac{self.r.randint(1, 9)}{self.r.randint(1, 9)}",
            lambda: f"\\sqrt{{{a(d)}}}",
            lambda: f"\\sqrt[{self.pick(2, 3, 7, 100, '10^{100}', 'n', self.integer())}]{{{a(d)}}}",
            lambda: f"{{{a(d)}}}^{{{a(d)}}}",
            lambda: f"({a(d)})^{{{a(d)}}}",
            self.tower,
            self.rational_power,
            lambda: f"{self.pick(self.integer(), '(' + a(d) + ')', '10^{6}', '10^{100}')}!",
            lambda: f"{self.r.randint(0, 30)}!!",
            lambda: f"\\binom{{{self.pick(self.integer(), a(d))}}}{{{self.pick(self.integer(), a(d))}}}",
            lambda: f"\\{self.pick('sin', 'cos', 'tan', 'arctan', 'sec')}({self.huge_or(a, d)})",
            lambda: f"\\{self.pick('sin', 'cos')}^{{{self.r.randint(2, 100)}}}({a(d)})",
            lambda: f"\\log_{{{self.pick(2, 10, 'b', a(d))}}}({self.huge_or(a, d)})",
            lambda: f"\\{self.pick('ln', 'log', 'exp')}({self.huge_or(a, d)})",
            lambda: "e^{" + self.pick("i\\pi", "10^{10}", "10^{300000}", a(d)) + "}",
            lambda: f"i^{{{self.pick('10^{100}', '2', a(d))}}}",
            lambda: f"\\left\\lfloor {a(d)} \\right\\rfloor",
            lambda: f"\\lceil {a(d)} \\rceil",
            lambda: f"\\left| {a(d)} \\right|",
            lambda: " ".join((a(d), self.pick("+", "-", "\\cdot", "\\times", "/", "", "*", "**", "^"), a(d))),
            lambda: f"\\pm {a(d)}",
            lambda: f"{a(d)}\\%",
            lambda: f"{a(d)}^\\circ",
            lambda: f"\\text{{{self.pick('undefined', 'no solution', 'all real numbers', a(d))}}}",
            lambda: f"\\boxed{{{a(d)}}}",
            self.structure,
            self.nested,
            self.ascii,
            self.malformed,
        ]
        return self.r.choice(rules)()

    def huge_or(self, a: Any, d: int) -> str:
        return self.pick("10^{300000}", "10^{10^{10}}", "2^{1000}", "10^{100}\\pi", a(d))

    def tower(self) -> str:
        height = self.r.randint(2, 9)
        base = self.pick("2", "9", "10", "1", "0", "i", "e", "x", "1.0001")
        return "^{".join([base] * height) + "}" * (height - 1)

    def rational_power(self) -> str:
        k = self.pick(2, 10, 1000, 10**6, "10^{100}")
        return self.pick(
            f"2^{{\\frac{{1}}{{2^{{{k}}}}}}}",
            "(-8)^{\\frac{1}{3}}",
            f"{self.integer()}^{{\\frac{{{self.integer()}}}{{{self.integer()}}}}}",
            f"(10^{{{k}}})^{{10^{{{k}}}}}",
            f"{self.integer()}^{{{self.integer()}}}",
        )

    def structure(self) -> str:
        items = [self.expr(3) for _ in range(self.r.randint(1, 6))]
        joined = ", ".join(items)
        return self.pick(
            f"\\{{{joined}\\}}",
            f"({joined})",
            f"[{items[0]}, {self.expr(3)})",
            f"({items[0]}, \\infty)",
            f"(-\\infty, {items[0]}] \\cup [{self.expr(3)}, \\infty)",
            f"\\left( {joined} \\right)",
            f"x = {items[0]}",
            f"{items[0]} \\le x < {self.expr(3)}",
            f"\\begin{{pmatrix}} {items[0]} & {self.expr(3)} \\\\ 0 & 1 \\end{{pmatrix}}",
            joined,
        )

    def nested(self) -> str:
        depth = self.pick(self.r.randint(2, 30), self.r.randint(50, 400), self.r.randint(1000, 5000))
        leaf = self.leaf()
        return self.pick(
            "{" * depth + leaf + "}" * depth,
            "(" * depth + leaf + ")" * depth,
            "\\frac{1}{" * depth + leaf + "}" * depth,
            "\\sqrt{" * depth + leaf + "}" * depth,
            "\\boxed{" * min(depth, 50) + leaf + "}" * min(depth, 50),
            "-" * depth + leaf,
            leaf + "!" * min(depth, 40),
            "2^{" * min(depth, 200) + leaf + "}" * min(depth, 200),
        )

    def ascii(self) -> str:
        a, b = self.leaf(), self.leaf()
        return self.pick(
            f"sqrt({a})",
            f"{a}**{b}",
            f"{a}^{b}",
            f"{a}/{b}",
            f"3*sqrt({a})",
            f"x**2 + {a}*x + {b}",
            f"factorial({a})",
            f"({a})**({b})**({a})",
            f"{a}e{b}",
            f"exp({a})",
        )

    def malformed(self) -> str:
        a = self.leaf()
        return self.pick(
            f"\\frac{{{a}}}",
            "\\sqrt",
            f"{a}^",
            f"{{{a}",
            f"{a}}}",
            f"\\foo{{{a}}}",
            f"\\left( {a}",
            f"{a} \\right)",
            "\\frac{}{}",
            "^{^{^{}}}",
            f"\\boxed{{{a}",
            "$$$$",
            "\\\\\\\\",
            f"{a}" + "\\" * 50,
        )


@dataclass(frozen=True)
class Item:
    i: int
    completion: str
    gold: str


_TEMPLATES = (
    "The answer is ${x}$.",
    "\\boxed{{{x}}}",
    "Simplifying step by step.\n\nTherefore, the final answer is $\\boxed{{{x}}}$. I hope it is correct.",
    "Answer: {x}",
    "We find that the value is ${x}$, so\n\\[\n\\boxed{{{x}}}\n\\]",
    "{x}",
    "The final answer is \\({x}\\)",
    "<think>\nTry $ {x} $ first.\n</think>\nThe answer is $ {x} $.",
    "#### {x}",
    "The answer is ${x}$ or ${y}$.",
    "The answer is \\boxed{{{x}}} and also \\boxed{{{y}}}",
)


def make_item(seed: int, i: int) -> Item:
    """Item ``i`` of the run with ``seed``: a completion stating a random expression, and a gold."""
    rng = random.Random(seed * 1_000_003 + i)
    g = Grammar(rng)
    x = g.expr()
    y = g.expr()
    completion = rng.choice(_TEMPLATES).format(x=x, y=y)
    roll = rng.random()
    if roll < 0.35:
        gold = x  # the same expression: the identical-trees path, and equivalence on monsters
    elif roll < 0.7:
        gold = y
    elif roll < 0.85:
        gold = str(rng.randint(0, 100))
    else:
        gold = g.expr()
    return Item(i, completion, gold)


# ----------------------------------------------------------------------------------------------- children


def _cap_memory(cap_mb: int) -> None:
    if cap_mb > 0:
        import resource

        limit = cap_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _emit(event: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(event) + "\n")
    sys.stdout.flush()


def _peak_rss_mb() -> tuple[float, float]:
    import resource

    me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return round(me, 1), round(kids, 1)


def child_single(seed: int, start: int, stop: int, timeout: float, cap_mb: int) -> None:
    """Grade items ``start..stop-1`` in this process, one event line before and one after each."""
    _cap_memory(cap_mb)
    from rewardkit import grade

    grade(
        "The answer is $\\frac{1}{2}$.", gold="0.5", timeout_s=30
    )  # imports and a sandbox worker, uncharged
    _emit({"event": "ready"})
    for i in range(start, stop):
        item = make_item(seed, i)
        _emit({"event": "start", "i": i})
        t0 = time.perf_counter()
        r = grade(item.completion, gold=item.gold, timeout_s=timeout)
        elapsed = time.perf_counter() - t0
        me, kids = _peak_rss_mb()
        done: dict[str, Any] = {"event": "done", "i": i, "s": round(elapsed, 4), "v": r.verdict.value}
        done["rss"], done["rss_children"] = me, kids
        if r.verdict.value in ("ERROR", "TIMEOUT", "UNPARSEABLE") or elapsed > timeout:
            done["detail"] = r.detail[:500]
        _emit(done)


def child_many(seed: int, n: int, batches: list[int], timeout: float, workers: int, cap_mb: int) -> None:
    """Grade the given batches of items with ``grade_many(workers=...)``, one event line per batch."""
    _cap_memory(cap_mb)
    from rewardkit import grade_many

    _emit({"event": "ready"})
    for b in batches:
        items = [make_item(seed, i) for i in range(b * BATCH, min(n, (b + 1) * BATCH))]
        _emit({"event": "start", "batch": b})
        t0 = time.perf_counter()
        results = grade_many(
            [x.completion for x in items], [x.gold for x in items], workers=workers, timeout_s=timeout
        )
        elapsed = time.perf_counter() - t0
        errors = [
            {"i": x.i, "detail": r.detail[:500]}
            for x, r in zip(items, results, strict=False)
            if r.verdict.value == "ERROR"
        ]
        _emit(
            {
                "event": "done",
                "batch": b,
                "s": round(elapsed, 3),
                "n_in": len(items),
                "n_out": len(results),
                "verdicts": [r.verdict.value for r in results],
                "errors": errors,
                "rss": _peak_rss_mb()[0],
            }
        )


# ----------------------------------------------------------------------------------------------- parent


class Child:
    """A child process of this script, read line by line with deadlines; killed with its process group."""

    def __init__(self, args: list[str]) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,  # its own process group: its sandbox workers go down with it
        )
        assert self.proc.stdout is not None and self.proc.stderr is not None
        os.set_blocking(self.proc.stdout.fileno(), False)
        os.set_blocking(self.proc.stderr.fileno(), False)
        self.sel = selectors.DefaultSelector()
        self.sel.register(self.proc.stdout, selectors.EVENT_READ, "out")
        self.sel.register(self.proc.stderr, selectors.EVENT_READ, "err")
        self.buf = b""
        self.err = b""
        self.eof = False

    def read(self, deadline: float) -> dict[str, Any] | None:
        """The next event, or None when the deadline passes or the child's output ends first."""
        while True:
            if b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                try:
                    return json.loads(line)
                except ValueError:
                    continue  # a stray print from a library
            if self.eof:
                return None
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            for key, _ in self.sel.select(timeout=min(left, 1.0)):
                chunk = os.read(key.fileobj.fileno(), 1 << 16)  # type: ignore[union-attr]
                if key.data == "err":
                    self.err = (self.err + chunk)[-4000:]
                elif chunk:
                    self.buf += chunk
                else:
                    self.eof = True

    def stderr_tail(self) -> str:
        return self.err.decode("utf-8", "replace")[-1000:]

    def kill(self) -> int | None:
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=10)
        with contextlib.suppress(
            ProcessLookupError, PermissionError
        ):  # its sandbox workers, if any outlived it
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.sel.close()
        return self.proc.returncode


def _short(text: str) -> str:
    return (
        text if len(text) <= SHOW_TEXT else text[: SHOW_TEXT // 2] + f" …[{len(text)} chars]… " + text[-80:]
    )


def run_single(args: argparse.Namespace) -> dict[str, Any]:
    """Phase 1: every item in a child, one at a time; a hung or crashed item costs only itself."""
    times: dict[int, float] = {}
    verdicts: dict[int, str] = {}
    details: dict[int, str] = {}
    hangs: list[int] = []
    crashes: list[dict[str, Any]] = []
    peak = {"rss_mb": 0.0, "item": None, "rss_children_mb": 0.0}
    jumps: list[tuple[float, int]] = []
    children = 0
    i = 0
    start = time.perf_counter()
    while i < args.n:
        children += 1
        child = Child(
            [
                *("--child", "single", "--seed", str(args.seed), "--start", str(i), "--stop", str(args.n)),
                *("--timeout", str(args.timeout), "--rss-cap-mb", str(args.rss_cap_mb)),
            ]
        )
        ready = child.read(time.monotonic() + 120)
        if ready is None or ready.get("event") != "ready":
            code = child.kill()
            crashes.append({"i": i, "returncode": code, "stderr": child.stderr_tail(), "where": "start-up"})
            i += 1
            continue
        last_rss = 0.0
        while i < args.n:
            event = child.read(time.monotonic() + 60)
            if event is None or event.get("event") != "start" or event.get("i") != i:
                # the child died between items (or said something else): record and restart at this item
                code = child.kill()
                crashes.append(
                    {"i": i, "returncode": code, "stderr": child.stderr_tail(), "where": "between items"}
                )
                i += 1
                break
            done = child.read(time.monotonic() + args.hang_s)
            if done is None:
                alive = child.proc.poll() is None
                code = child.kill()
                if alive:
                    hangs.append(i)
                    times[i] = args.hang_s
                else:
                    crashes.append(
                        {"i": i, "returncode": code, "stderr": child.stderr_tail(), "where": "grading"}
                    )
                i += 1
                break
            times[i], verdicts[i] = done["s"], done["v"]
            if "detail" in done:
                details[i] = done["detail"]
            if done["rss"] > peak["rss_mb"]:
                peak["rss_mb"], peak["item"] = done["rss"], i
            peak["rss_children_mb"] = max(peak["rss_children_mb"], done["rss_children"])
            if last_rss and done["rss"] - last_rss > 50:
                jumps.append((round(done["rss"] - last_rss, 1), i))
            last_rss = done["rss"]
            i += 1
            if not args.quiet and i % 1000 == 0:
                print(
                    f"  in-process: {i}/{args.n} items, {time.perf_counter() - start:.0f} s", file=sys.stderr
                )
        else:
            child.kill()
    return {
        "times": times,
        "verdicts": verdicts,
        "details": details,
        "hangs": hangs,
        "crashes": crashes,
        "peak": peak,
        "rss_jumps": sorted(jumps, reverse=True)[:10],
        "children": children,
        "wall_s": round(time.perf_counter() - start, 1),
    }


def run_many(args: argparse.Namespace) -> dict[str, Any]:
    """Phase 2: batches of BATCH through grade_many(workers=N) under a watchdog."""
    n_batches = (args.n + BATCH - 1) // BATCH
    # a batch is bounded by its items' deadlines spread over the workers, plus start-up; far past that, stuck
    bound = max(120.0, BATCH * (args.timeout + OVERHEAD_S) / args.workers + 60.0)
    deadlocks: list[dict[str, Any]] = []
    wrong_counts: list[dict[str, Any]] = []
    errors: list[dict[str, Any]] = []
    verdicts: dict[int, str] = {}
    batch_times: list[float] = []
    peak_rss = 0.0
    pending = list(range(n_batches))
    start = time.perf_counter()
    while pending:
        child = Child(
            [
                *("--child", "many", "--seed", str(args.seed), "--stop", str(args.n)),
                *("--timeout", str(args.timeout), "--workers", str(args.workers)),
                *("--rss-cap-mb", str(args.rss_cap_mb), "--batches", ",".join(map(str, pending))),
            ]
        )
        ready = child.read(time.monotonic() + 120)
        if ready is None:
            child.kill()
            deadlocks.append({"batch": pending[0], "where": "start-up", "stderr": child.stderr_tail()})
            pending.pop(0)
            continue
        while pending:
            b = pending[0]
            event = child.read(time.monotonic() + 60)
            if event is None or event.get("batch") != b:
                child.kill()
                deadlocks.append({"batch": b, "where": "between batches", "stderr": child.stderr_tail()})
                pending.pop(0)
                break
            done = child.read(time.monotonic() + bound)
            if done is None:
                alive = child.proc.poll() is None
                child.kill()
                why = f"no result after {bound:.0f} s" if alive else "the child died"
                deadlocks.append({"batch": b, "where": why, "stderr": child.stderr_tail()})
                pending.pop(0)
                break
            pending.pop(0)
            batch_times.append(done["s"])
            peak_rss = max(peak_rss, done["rss"])
            if done["n_out"] != done["n_in"]:
                wrong_counts.append({"batch": b, "in": done["n_in"], "out": done["n_out"]})
            for k, v in enumerate(done["verdicts"]):
                verdicts[b * BATCH + k] = v
            errors.extend(done["errors"])
            if not args.quiet and len(batch_times) % 10 == 0:
                print(
                    f"  grade_many: {len(batch_times)}/{n_batches} batches, "
                    f"{time.perf_counter() - start:.0f} s",
                    file=sys.stderr,
                )
        else:
            child.kill()
    return {
        "batches": n_batches,
        "bound_s": round(bound, 1),
        "deadlocks": deadlocks,
        "wrong_counts": wrong_counts,
        "errors": errors,
        "verdicts": verdicts,
        "batch_s": {
            "max": max(batch_times, default=0.0),
            "mean": round(sum(batch_times) / len(batch_times), 2) if batch_times else 0.0,
        },
        "peak_rss_mb": peak_rss,
        "wall_s": round(time.perf_counter() - start, 1),
    }


def summarise(
    args: argparse.Namespace, single: dict[str, Any], many: dict[str, Any] | None
) -> dict[str, Any]:
    bound = args.timeout + OVERHEAD_S
    times: dict[int, float] = single["times"]
    verdicts: dict[int, str] = single["verdicts"]

    def described(i: int, **extra: Any) -> dict[str, Any]:
        item = make_item(args.seed, i)
        return {
            "i": i,
            "s": times.get(i),
            "verdict": verdicts.get(i),
            "completion": _short(item.completion),
            "gold": _short(item.gold),
            **extra,
        }

    slowest = sorted(times, key=lambda i: -times[i])[:10]
    over = sorted(
        (i for i, s in times.items() if s > bound and i not in single["hangs"]), key=lambda i: -times[i]
    )
    errors = [
        described(i, detail=single["details"].get(i, "")) for i, v in sorted(verdicts.items()) if v == "ERROR"
    ]
    out: dict[str, Any] = {
        "n": args.n,
        "seed": args.seed,
        "timeout_s": args.timeout,
        "bound_s": bound,
        "hang_s": args.hang_s,
        "rss_cap_mb": args.rss_cap_mb,
        "verdicts": dict(Counter(verdicts.values()).most_common()),
        "graded": len(verdicts),
        "slowest": [described(i) for i in slowest],
        "over_bound": [described(i) for i in over],
        "errors": errors,
        "hangs": [described(i) for i in single["hangs"]],
        "crashes": [{**described(c["i"]), **c} for c in single["crashes"]],
        "peak_rss_mb": single["peak"]["rss_mb"],
        "peak_rss_item": single["peak"]["item"],
        "peak_rss_children_mb": single["peak"]["rss_children_mb"],
        "rss_jumps": [{"mb": mb, **described(i)} for mb, i in single["rss_jumps"]],
        "children": single["children"],
        "wall_s": single["wall_s"],
        "time_total_s": round(sum(times.values()), 1),
        "time_median_s": sorted(times.values())[len(times) // 2] if times else 0.0,
    }
    if many is not None:
        mismatched = [i for i, v in many["verdicts"].items() if i in verdicts and v != verdicts[i]]
        out["grade_many"] = {
            "workers": args.workers,
            "batches": many["batches"],
            "bound_s": many["bound_s"],
            "deadlocks": many["deadlocks"],
            "wrong_counts": many["wrong_counts"],
            "errors": [described(e["i"], detail=e["detail"]) for e in many["errors"]],
            "verdicts": dict(Counter(many["verdicts"].values()).most_common()),
            "differs_from_in_process": len(mismatched),
            "differs_examples": [
                {**described(i), "grade_many": many["verdicts"][i]} for i in mismatched[:10]
            ],
            "batch_s": many["batch_s"],
            "peak_rss_mb": many["peak_rss_mb"],
            "wall_s": many["wall_s"],
        }
    failures = []
    if out["over_bound"]:
        failures.append(f"{len(out['over_bound'])} items over {bound:g} s")
    if out["errors"]:
        failures.append(f"{len(out['errors'])} ERROR verdicts")
    if out["hangs"]:
        failures.append(f"{len(out['hangs'])} hangs (over {args.hang_s:g} s)")
    if out["crashes"]:
        failures.append(f"{len(out['crashes'])} crashed children")
    if many is not None:
        gm = out["grade_many"]
        if gm["deadlocks"]:
            failures.append(f"{len(gm['deadlocks'])} grade_many batches deadlocked")
        if gm["wrong_counts"]:
            failures.append(f"{len(gm['wrong_counts'])} grade_many batches with the wrong number of results")
        if gm["errors"]:
            failures.append(f"{len(gm['errors'])} ERROR verdicts from grade_many")
    out["failures"] = failures
    return out


def print_report(s: dict[str, Any]) -> None:
    print(
        f"# fuzz_grade: n={s['n']} seed={s['seed']} timeout={s['timeout_s']:g} s (bound {s['bound_s']:g} s)\n"
    )
    print(
        f"graded {s['graded']} items in {s['wall_s']} s wall ({s['children']} child processes); "
        f"grading time total {s['time_total_s']} s, median {s['time_median_s']} s"
    )
    print(f"verdicts: {s['verdicts']}")
    print(
        f"peak RSS of the grading process: {s['peak_rss_mb']} MB "
        f"(first reached at item {s['peak_rss_item']}); "
        f"its reaped sandbox workers: {s['peak_rss_children_mb']} MB; cap (RLIMIT_AS) {s['rss_cap_mb']} MB\n"
    )
    print("## slowest 10\n")
    for x in s["slowest"]:
        print(f"- #{x['i']} {x['s']:.3f} s {x['verdict']}: completion={x['completion']!r} gold={x['gold']!r}")
    for title, key in (("over the bound", "over_bound"), ("hangs", "hangs"), ("crashes", "crashes")):
        print(f"\n## {title}: {len(s[key])}\n")
        for x in s[key][:20]:
            print(f"- #{x['i']} {x.get('s')} s {x.get('verdict')}:", end=" ")
            print(f"completion={x['completion']!r} gold={x['gold']!r}")
            if x.get("stderr"):
                print(f"  stderr: {x['stderr'][-300:]!r}")
    print(f"\n## ERROR verdicts: {len(s['errors'])}\n")
    for x in s["errors"][:30]:
        print(f"- #{x['i']}: {x['detail']!r}\n  completion={x['completion']!r} gold={x['gold']!r}")
    if s["rss_jumps"]:
        print("\n## largest RSS jumps (MB, item)\n")
        for x in s["rss_jumps"]:
            print(f"- +{x['mb']} MB at #{x['i']}: completion={x['completion']!r} gold={x['gold']!r}")
    gm = s.get("grade_many")
    if gm:
        print(f"\n## grade_many(workers={gm['workers']}), {gm['batches']} batches of {BATCH}\n")
        print(
            f"wall {gm['wall_s']} s; batch max {gm['batch_s']['max']} s, mean {gm['batch_s']['mean']} s "
            f"(watchdog {gm['bound_s']} s); peak RSS {gm['peak_rss_mb']} MB"
        )
        print(f"verdicts: {gm['verdicts']}")
        print(
            f"deadlocks: {len(gm['deadlocks'])}; wrong result counts: {len(gm['wrong_counts'])}; "
            f"ERROR: {len(gm['errors'])}; "
            f"verdicts differing from in-process grade(): {gm['differs_from_in_process']}"
        )
        for d in gm["deadlocks"]:
            print(f"- deadlock in batch {d['batch']}: {d['where']}")
        for x in gm["errors"][:10]:
            print(f"- ERROR #{x['i']}: {x['detail']!r}")
        for x in gm["differs_examples"][:5]:
            print(f"- differs #{x['i']}: grade {x['verdict']} vs grade_many {x['grade_many']}:", end=" ")
            print(repr(x["completion"]))
    print("\nresult: " + ("FAIL: " + "; ".join(s["failures"]) if s["failures"] else "OK"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=20000, help="number of items")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--timeout", type=float, default=1.0, help="grade()'s timeout_s; an item may take this + 1 s"
    )
    parser.add_argument("--workers", type=int, default=2, help="grade_many workers for phase 2 (0: skip it)")
    parser.add_argument(
        "--rss-cap-mb", type=int, default=4096, help="address-space cap of each child (0: none)"
    )
    parser.add_argument(
        "--hang-s", type=float, default=30.0, help="hard bound of one item before its child is killed"
    )
    parser.add_argument("--json", type=Path, help="write every figure here")
    parser.add_argument("--item", type=int, help="print item I of this seed and exit")
    parser.add_argument("--quiet", action="store_true")
    # internal: the children
    parser.add_argument("--child", choices=("single", "many"), help=argparse.SUPPRESS)
    parser.add_argument("--start", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--stop", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--batches", default="", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.item is not None:
        item = make_item(args.seed, args.item)
        print(json.dumps({"completion": item.completion, "gold": item.gold}, ensure_ascii=False))
        return 0
    if args.child == "single":
        child_single(args.seed, args.start, args.stop, args.timeout, args.rss_cap_mb)
        return 0
    if args.child == "many":
        batches = [int(b) for b in args.batches.split(",") if b]
        child_many(args.seed, args.stop, batches, args.timeout, args.workers, args.rss_cap_mb)
        return 0
    if args.workers not in (0, 1, 2) and args.workers < 0:
        parser.error("--workers must be >= 0")

    single = run_single(args)
    many = run_many(args) if args.workers > 0 else None
    summary = summarise(args, single, many)
    print_report(summary)
    if args.json:
        write_json(args.json, summary, ensure_ascii=False)
    return 1 if summary["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
