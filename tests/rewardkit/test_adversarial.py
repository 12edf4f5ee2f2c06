"""The adversarial corpus (tests/adversarial/) through every way rewardkit grades: ``grade`` in this process,
from threads, from asyncio and in a process pool, ``grade_many`` with worker processes, every built-in
reward, and the ``score``, ``check-data`` and ``eval --completions`` commands.

Each path must: raise nothing (and return no ERROR verdict: that is an exception caught inside), run no
payload (the sentinel file never appears and the audit hook sees no compile of payload text), finish each
item within its deadline plus a slack, return exactly one result per input in input order, and never credit
a payload or a plea to the grader as CORRECT.

The slack is generous on purpose (a loaded 2-core machine stalls for seconds); the true worst case is
measured and, with ``REWARDKIT_ADVERSARIAL_REPORT=FILE``, written to FILE as JSON with the other figures.
"""

from __future__ import annotations

import asyncio
import json
import math
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from adversarial import figures, guard
from adversarial.corpus import Item, build_corpus, payloads, small_corpus
from paths import REPO

from rewardkit import GradeResult, Verdict, grade, grade_many
from rewardkit.rewards import build

DEADLINE_S = 1.0  # grade()'s symbolic budget and grade_many's per-item deadline, passed explicitly
# scheduling stalls on a busy 2-core machine, not grader time: an item may take ten times its deadline (the
# slowest takes about 0.5 s idle, a TIMEOUT the 1 s deadline); the measured worst is reported
SLACK_S = 9.0

# every built-in reward, with the parameters it needs to run without a tokenizer
REWARD_SPECS: list[Any] = [
    "accuracy",
    {"length_penalty": {"alpha": 0.001, "target": 200, "unit": "chars"}},
    "step",
    "format",
    "tag_count",
    "boxed_once",
    {"overlong": {"unit": "chars", "max_length": 4096, "cache_length": 512}},
    {"cosine": {"unit": "chars", "max_length": 4096}},
    {"repetition": {"unit": "words"}},
    "trajectory",
]

FIGURES: dict[str, Any] = {}


@pytest.fixture(scope="module")
def sentinel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    path = guard.sentinel_path(tmp_path_factory.mktemp("adversarial"))
    yield path
    assert not path.exists(), "an injected payload ran: the sentinel file exists"
    FIGURES["executions"] = 0  # the sentinel file never appeared
    for section, values in FIGURES.items():
        figures.record(f"adversarial.{section}", values if isinstance(values, dict) else {"value": values})


@pytest.fixture(scope="module")
def corpus(sentinel: Path) -> list[Item]:
    return build_corpus(str(sentinel))


def _check_results(path: str, items: list[Item], results: list[GradeResult], sentinel: Path) -> None:
    assert len(results) == len(items), f"{path}: {len(results)} results for {len(items)} inputs"
    for item, r in zip(items, results, strict=True):
        assert isinstance(r, GradeResult), f"{path}: {item.name} gave {type(r).__name__}"
        if isinstance(item.gold, str):  # the result belongs to this input, not a neighbour
            assert r.gold == item.gold, f"{path}: {item.name} got the result of another input"
        assert r.verdict is not Verdict.ERROR, f"{path}: {item.name}: {r.detail}"
        if item.hostile_answer:
            assert not r.correct, f"{path}: {item.name} was credited: {r.extracted!r}"
    assert not sentinel.exists(), f"{path}: an injected payload ran"


def _record(path: str, items: list[Item], seconds: list[float], results: list[GradeResult]) -> None:
    worst = max(range(len(seconds)), key=seconds.__getitem__)
    FIGURES[path] = {
        "inputs": len(items),
        "worst_s": round(seconds[worst], 4),
        "worst_item": items[worst].name,
        "total_s": round(sum(seconds), 3),
        "verdicts": dict(Counter(r.verdict.value for r in results)),
        "exceptions": 0,  # an exception fails the test before this line
    }


def test_the_detectors_see_a_payload_that_runs(tmp_path: Path) -> None:
    """The checks below could not fail if the detectors were blind: run one payload on purpose."""
    target = guard.sentinel_path(tmp_path)
    payload = f"open({str(target)!r}, 'w').close()"
    with guard.watching() as events:
        exec(compile(payload, "<payload>", "exec"))  # the one deliberate execution in this suite
    assert target.exists()
    assert any(e.startswith("compile") for e in events) and any(e.startswith("open") for e in events)


def test_corpus_has_every_kind_of_attack(corpus: list[Item]) -> None:
    kinds = Counter(i.category for i in corpus)
    assert len(corpus) >= 200
    assert set(kinds) == {
        "injection",
        "tower",
        "factorial",
        "big",
        "braces",
        "unclosed",
        "encoding",
        "regex",
        "prompt_injection",
        "long",
    }
    assert max(len(i.completion) for i in corpus) >= 1_000_000
    assert any(i.completion.count("{") >= 10_000 for i in corpus)
    assert len({i.name for i in corpus}) == len(corpus)
    FIGURES["corpus"] = {"inputs": len(corpus), "by_category": dict(kinds)}


def test_grade_in_process(corpus: list[Item], sentinel: Path) -> None:
    results, seconds = [], []
    with guard.watching() as events:
        for item in corpus:
            start = time.perf_counter()
            results.append(grade(item.completion, gold=item.gold, timeout_s=DEADLINE_S))
            seconds.append(time.perf_counter() - start)
    assert events == [], f"payload text reached Python's compiler or the shell: {events[:3]}"
    _check_results("grade", corpus, results, sentinel)
    slow = [(i.name, round(s, 2)) for i, s in zip(corpus, seconds, strict=True) if s > DEADLINE_S + SLACK_S]
    assert not slow, f"past the deadline plus slack: {slow}"
    _record("grade", corpus, seconds, results)
    FIGURES["audit_events"] = len(events)


def test_grade_from_threads(corpus: list[Item], sentinel: Path) -> None:
    def one(item: Item) -> tuple[GradeResult, float]:
        start = time.perf_counter()
        r = grade(item.completion, gold=item.gold, timeout_s=DEADLINE_S)
        return r, time.perf_counter() - start

    with guard.watching() as events, ThreadPoolExecutor(4) as pool:
        done = list(pool.map(one, corpus))
    assert events == []
    results = [r for r, _ in done]
    _check_results("threads", corpus, results, sentinel)
    # four threads share the interpreter: an item waits for the others, so the slack grows with them
    assert max(s for _, s in done) <= 4 * (DEADLINE_S + SLACK_S)
    _record("grade_threads", corpus, [s for _, s in done], results)


def test_grade_from_asyncio(corpus: list[Item], sentinel: Path) -> None:
    async def main() -> list[GradeResult]:
        # the way an async trainer grades: off the event loop, several at once
        return await asyncio.gather(
            *(asyncio.to_thread(grade, i.completion, gold=i.gold, timeout_s=DEADLINE_S) for i in corpus)
        )

    start = time.perf_counter()
    results = asyncio.run(main())
    elapsed = time.perf_counter() - start
    _check_results("asyncio", corpus, list(results), sentinel)
    FIGURES["grade_asyncio"] = {"inputs": len(corpus), "total_s": round(elapsed, 3)}


def _grade_in_child(item: tuple[str, str]) -> tuple[str, str | None, bool]:
    r = grade(item[0], gold=item[1], timeout_s=DEADLINE_S)
    return r.verdict.value, r.extracted, r.correct


def test_grade_in_a_process_pool(corpus: list[Item], sentinel: Path) -> None:
    """``grade`` called inside someone else's process pool (a data loader, a reward server): its sandbox
    starts its own worker process from there."""
    subset = [i for i in corpus if i.category in ("tower", "factorial", "injection")][::3]
    with ProcessPoolExecutor(2) as pool:
        out = list(pool.map(_grade_in_child, [(i.completion, i.gold) for i in subset], chunksize=8))
    assert len(out) == len(subset)
    for item, (verdict, _, correct) in zip(subset, out, strict=True):
        assert verdict != "ERROR", item.name
        assert not (item.hostile_answer and correct), item.name
    assert not sentinel.exists()
    FIGURES["grade_process_pool"] = {"inputs": len(subset), "verdicts": dict(Counter(v for v, _, _ in out))}


def test_grade_many_with_worker_processes(corpus: list[Item], sentinel: Path) -> None:
    start = time.perf_counter()
    results = grade_many(
        [i.completion for i in corpus], [i.gold for i in corpus], workers=2, timeout_s=DEADLINE_S
    )
    elapsed = time.perf_counter() - start
    _check_results("grade_many", corpus, results, sentinel)
    # a TIMEOUT is the deadline at work (the worker was killed and replaced), never a lost row
    assert all(r.elapsed_s <= DEADLINE_S + SLACK_S for r in results)
    _record("grade_many_workers2", corpus, [r.elapsed_s for r in results], results)
    FIGURES["grade_many_workers2"]["wall_s"] = round(elapsed, 3)


@pytest.mark.parametrize("spec", REWARD_SPECS, ids=lambda s: s if isinstance(s, str) else next(iter(s)))
def test_every_builtin_reward(spec: Any, corpus: list[Item], sentinel: Path) -> None:
    reward = build(spec)
    values, seconds = [], []
    with guard.watching() as events:
        for item in corpus:
            start = time.perf_counter()
            out = reward(prompts=None, completions=[item.completion], answer=[item.gold])
            seconds.append(time.perf_counter() - start)
            assert len(out) == 1, f"{reward.__name__}: {len(out)} values for one completion"
            values.append(out[0])
    assert events == []
    assert not sentinel.exists()
    for item, v in zip(corpus, values, strict=True):
        assert v is None or (isinstance(v, float) and math.isfinite(v)), f"{item.name}: {v!r}"
    slow = [(i.name, round(s, 2)) for i, s in zip(corpus, seconds, strict=True) if s > DEADLINE_S + SLACK_S]
    assert not slow, f"{reward.__name__} past the deadline plus slack: {slow}"
    if reward.__name__ == "accuracy":  # a payload must never earn the accuracy reward
        paid = [i.name for i, v in zip(corpus, values, strict=True) if i.hostile_answer and v]
        assert not paid, f"accuracy paid payloads: {paid[:5]}"
    worst = max(range(len(seconds)), key=seconds.__getitem__)
    FIGURES[f"reward_{reward.__name__}"] = {
        "inputs": len(corpus),
        "worst_s": round(seconds[worst], 4),
        "worst_item": corpus[worst].name,
        "none": sum(v is None for v in values),
    }


# --------------------------------------------------------------------------- the commands


def _rewardkit(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rewardkit", *args],
        capture_output=True,
        text=True,
        errors="replace",
        timeout=600,
        cwd=cwd,
    )


@pytest.fixture(scope="module")
def corpus_file(sentinel: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Item]]:
    items = small_corpus(str(sentinel))
    path = tmp_path_factory.mktemp("cli") / "adversarial.jsonl"
    with path.open("w", encoding="utf-8") as fh:
        for k, item in enumerate(items):
            row = {"id": item.name, "question": f"q{k}", "answer": item.gold, "completion": item.completion}
            fh.write(json.dumps(row) + "\n")  # ASCII escapes: lone surrogates survive as "\ud800"
    return path, items


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    # split on "\n" only: str.splitlines() also splits at U+2028 and \x85, which completions may hold
    return [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line]


def _no_traceback(proc: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in proc.stderr, proc.stderr[-3000:]


def test_score_command(corpus_file: tuple[Path, list[Item]], sentinel: Path) -> None:
    path, items = corpus_file
    out = path.parent / "scored.jsonl"
    start = time.perf_counter()
    proc = _rewardkit("score", str(path), "-o", str(out), "--timeout", str(DEADLINE_S), cwd=path.parent)
    FIGURES["cli_score"] = {"inputs": len(items), "wall_s": round(time.perf_counter() - start, 2)}
    _no_traceback(proc)
    assert proc.returncode == 0, proc.stderr[-2000:]
    rows = _read_jsonl(out)
    assert [r["id"] for r in rows] == [i.name for i in items]
    assert f"{len(items)} graded" in proc.stdout
    assert all(r["verdict"] != "ERROR" for r in rows)
    assert not [r["id"] for r, i in zip(rows, items, strict=True) if i.hostile_answer and r["correct"]]
    assert not sentinel.exists()


def test_check_data_command(corpus_file: tuple[Path, list[Item]], sentinel: Path) -> None:
    path, items = corpus_file
    proc = _rewardkit("check-data", str(path), cwd=path.parent)
    _no_traceback(proc)
    assert proc.returncode in (0, 1), proc.stderr[-2000:]  # 1: some hostile golds cannot be parsed
    summary, read_as = proc.stdout.strip().splitlines()[-2:]
    assert f"of {len(items)} golds cannot be parsed" in summary or "OK" in summary
    assert read_as.startswith("golds read: ")
    assert not sentinel.exists()


def test_eval_completions_command(corpus_file: tuple[Path, list[Item]], sentinel: Path) -> None:
    path, items = corpus_file
    out_dir = path.parent / "eval"
    start = time.perf_counter()
    proc = _rewardkit("eval", "--completions", str(path), "--output-dir", str(out_dir), cwd=path.parent)
    FIGURES["cli_eval_completions"] = {"inputs": len(items), "wall_s": round(time.perf_counter() - start, 2)}
    _no_traceback(proc)
    assert proc.returncode == 0, proc.stderr[-2000:]
    records = _read_jsonl(out_dir / "records.jsonl")
    assert sorted(r["id"] for r in records) == sorted(i.name for i in items)
    summary = json.loads((out_dir / "summary.json").read_text("utf-8"))
    assert summary["records"] == len(items)
    assert not [r["id"] for r in records if r["verdict"] == "ERROR"]
    assert not sentinel.exists()


def test_grade_many_from_concurrent_threads(corpus: list[Item], sentinel: Path) -> None:
    """Two threads batch-grading at once: one gets its own pool while the other holds the shared one."""
    halves = [corpus[0::2], corpus[1::2]]

    def batch(items: list[Item]) -> list[GradeResult]:
        return grade_many(
            [i.completion for i in items], [i.gold for i in items], workers=2, timeout_s=DEADLINE_S
        )

    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(batch, halves))
    for items, got in zip(halves, results, strict=True):
        _check_results("grade_many_threads", items, got, sentinel)


@pytest.mark.slow
def test_many_megabyte_completions(sentinel: Path, tmp_path: Path) -> None:
    """200 one-megabyte completions of mixed hostile content, through grade_many and the score command."""
    rng = random.Random(11)
    pieces = [
        *payloads(str(sentinel)),
        "\\boxed{",
        "}",
        "{",
        "The answer is ",
        "####",
        "1,",
        " ",
        "\n",
        "9^{9^{9}}",
        "\\frac{1}{",
        "<think>",
        "</think>",
        "\x00",
        "\ud800",
        "Action: a[",
        "<tool_call>",
    ]
    completions = []
    for _ in range(200):
        parts: list[str] = []
        size = 0
        while size < 1_000_000:
            piece = rng.choice(pieces) * rng.randint(1, 2000)
            parts.append(piece)
            size += len(piece)
        completions.append("".join(parts)[:1_000_000] + f" The answer is {rng.randint(0, 9)}.")
    golds = [str(rng.randint(0, 9)) for _ in completions]
    start = time.perf_counter()
    results = grade_many(completions, golds, workers=2, timeout_s=DEADLINE_S)
    elapsed = time.perf_counter() - start
    assert len(results) == len(completions)
    assert all(r.verdict is not Verdict.ERROR for r in results)
    assert all(r.elapsed_s <= DEADLINE_S + SLACK_S for r in results)
    assert not sentinel.exists()
    path = tmp_path / "megabytes.jsonl"
    with path.open("w", encoding="utf-8") as fh:
        for k, (c, g) in enumerate(zip(completions, golds, strict=True)):
            fh.write(json.dumps({"id": k, "answer": g, "completion": c}) + "\n")
    proc = _rewardkit("score", str(path), "-o", str(tmp_path / "out.jsonl"), "--workers", "2", cwd=tmp_path)
    _no_traceback(proc)
    assert proc.returncode == 0 and f"{len(completions)} graded" in proc.stdout
    assert len(_read_jsonl(tmp_path / "out.jsonl")) == len(completions)
    assert not sentinel.exists()
    figures.record(
        "adversarial.megabytes",
        {
            "inputs": len(completions),
            "grade_many_wall_s": round(elapsed, 1),
            "worst_s": round(max(r.elapsed_s for r in results), 3),
            "verdicts": dict(Counter(r.verdict.value for r in results)),
        },
    )


# names whose call would run text as code, read it as code, or run a command
FORBIDDEN_CALLS = {
    "eval",
    "exec",
    "compile",
    "sympify",
    "parse_expr",
    "__import__",
    "system",
    "popen",
    "Popen",
}
FORBIDDEN_ATTRIBUTE_CALLS = {("pickle", "loads"), ("pickle", "load"), ("marshal", "loads"), ("yaml", "load")}


def test_no_code_execution_primitive_in_the_packages() -> None:
    """The grading and eval code never calls eval/exec/compile/sympify/parse_expr, unpickles, or shells out.
    ``yaml.load`` is allowed once, with the SafeLoader subclass of rewardkit.rewards (reward specs)."""
    import ast

    root = REPO
    found = []
    for package in ("rewardkit", "evalkit"):
        for path in sorted((root / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                f = node.func
                where = f"{path.relative_to(root)}:{node.lineno}"
                if isinstance(f, ast.Name) and f.id in FORBIDDEN_CALLS:
                    found.append(f"{where} {f.id}()")
                elif isinstance(f, ast.Attribute):
                    owner = f.value.id if isinstance(f.value, ast.Name) else ""
                    if (owner, f.attr) in FORBIDDEN_ATTRIBUTE_CALLS or (
                        f.attr in FORBIDDEN_CALLS and owner not in ("re", "self", "model")
                    ):
                        found.append(f"{where} {owner}.{f.attr}()")
    allowed = [x for x in found if x.startswith("rewardkit/rewards/__init__.py") and "yaml.load" in x]
    assert len(allowed) <= 1
    # a worker started as a fresh interpreter: sys.executable with fixed arguments, which then reads its
    # target from its parent (trusted bytes; model text travels inside as plain str), once each
    fresh_worker = [
        x
        for x in found
        if x.startswith("rewardkit/sandbox.py:") and x.endswith(("subprocess.Popen()", "pickle.load()"))
    ]
    assert len(fresh_worker) <= 2
    assert sorted(set(found) - set(allowed) - set(fresh_worker)) == []
