"""Grading speed and agreement: rewardkit vs math-verify on the same inputs, in one run.

    .venv/bin/python bench/grading_speed.py                      # every suite, full size
    .venv/bin/python bench/grading_speed.py --limit 500          # quick look
    .venv/bin/python bench/grading_speed.py --suites gsm8k_real --json out/bench.json

Prints a markdown table per run: throughput of each grader, their ratio, agreement of each grader with the
labels and with each other, and rewardkit's slowest single item. Ratios are the numbers to quote; absolute
throughput depends on the machine.

Adding a suite: write ``<name>_rows(data_dir)`` returning ``(group, (completion, gold, label_or_None))``
pairs and register it with ``@suite("<name>")``; ``SUITES[name].items(data_dir)`` gives the plain
``(completion, gold, label_or_None)`` list. ``group`` drives the per-group breakdown (model, answer style,
subject); ``label`` is ``None`` where the data has no ground truth. Adding a grader (another peer, or
``grade_many`` with workers): a ``Grader`` for per-item timing, or a function returning a ``Run``.
"""

from __future__ import annotations

import argparse
import gc
import json
import logging
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
# Benchmark the checkout this file lives in, not whatever rewardkit happens to be installed.
sys.path.insert(0, str(REPO))

Item = tuple[str, str, "bool | None"]  # (completion, gold, label_or_None)
Row = tuple[str, Item]  # (group, item)

WARMUP_ITEMS = 50
BLOCK_ITEMS = 250  # graders take turns in blocks of this many items


# --------------------------------------------------------------------------------------------- suites


@dataclass(frozen=True)
class Suite:
    name: str
    rows: Callable[[Path], list[Row]]
    doc: str

    def items(self, data_dir: Path) -> list[Item]:
        return [item for _, item in self.rows(data_dir)]


SUITES: dict[str, Suite] = {}


def suite(name: str) -> Callable[[Callable[[Path], list[Row]]], Callable[[Path], list[Row]]]:
    """Register ``fn(data_dir) -> [(group, (completion, gold, label_or_None)), ...]`` as a suite."""

    def register(fn: Callable[[Path], list[Row]]) -> Callable[[Path], list[Row]]:
        SUITES[name] = Suite(name, fn, (fn.__doc__ or "").strip().splitlines()[0])
        return fn

    return register


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


GSM8K_MODELS = ("6b_finetuning", "6b_verification", "175b_finetuning", "175b_verification")


@suite("gsm8k_real")
def gsm8k_real_rows(data_dir: Path) -> list[Row]:
    """Real model completions on GSM8K test (4 models x 1319), labelled by the data set's is_correct."""
    rows: list[Row] = []
    for rec in _read_jsonl(data_dir / "gsm8k" / "example_model_solutions.jsonl"):
        gold = rec["ground_truth"].rsplit("A:", 1)[-1].strip()  # e.g. "18", "5,600", "-10"
        for model in GSM8K_MODELS:
            sol = rec[model]
            rows.append((model, (sol["solution"], gold, bool(sol["is_correct"]))))
    return rows


_ONES = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
]  # fmt: skip
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def int_to_words(n: int) -> str:
    """English words for 0 <= n < 1000, e.g. 125 -> 'one hundred twenty-five'."""
    if not 0 <= n < 1000:
        raise ValueError(n)
    if n < 20:
        return _ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + ("-" + _ONES[ones] if ones else "")
    hundreds, rest = divmod(n, 100)
    return _ONES[hundreds] + " hundred" + (" " + int_to_words(rest) if rest else "")


# Fixed reasoning line in front of every style: no digits, so the only numbers are the ones the style adds.
_REASONING = "Let me work through the quantities in the problem one step at a time.\n"

# (style, label, render(n, index) -> answer text or None when the style does not apply to n)
_STYLES: list[tuple[str, bool, Callable[[int, int], str | None]]] = [
    ("boxed", True, lambda n, i: f"So the final result is \\boxed{{{n}}}."),
    ("answer_is", True, lambda n, i: f"The answer is {n}."),
    ("final_answer", True, lambda n, i: f"Final Answer: {n}"),
    ("hashes", True, lambda n, i: f"#### {n}"),
    ("bold_dollar", True, lambda n, i: f"**Answer:** ${n}"),
    ("thousands_sep", True, lambda n, i: f"The answer is {n:,}." if abs(n) >= 1000 else None),
    ("trailing_zeros", True, lambda n, i: f"The answer is {n}.0" if i % 2 else f"Answer: {n}.00"),
    (
        "minerva",
        True,
        lambda n, i: f"The final answer is $\\boxed{{{n}}}$. I hope it is correct.",
    ),
    (
        "think",
        True,
        lambda n, i: f"<think>Maybe it is {n + 3}? No, let me recheck the steps.</think> The answer is {n}",
    ),
    ("unit_word", True, lambda n, i: f"Answer: {n} dollars"),
    ("spelled_out", True, lambda n, i: f"The answer is {int_to_words(n)}." if 0 <= n < 1000 else None),
    (
        "self_correction",
        True,
        lambda n, i: f"The answer is {n + 1}. Wait, I made an error. The answer is {n}.",
    ),
    # Must-be-wrong variants: without them "agreement" would only measure recall.
    ("wrong_answer_is", False, lambda n, i: f"The answer is {n + 1}."),
    ("wrong_boxed", False, lambda n, i: f"So the final result is \\boxed{{{n + 1}}}."),
    (
        "wrong_after_correction",
        False,
        lambda n, i: f"The answer is {n}. Wait, I made an error. The answer is {n + 1}.",
    ),
    (
        "wrong_gold_in_reasoning",
        False,
        lambda n, i: f"Halfway through we have {n} left over.\nThe answer is {n + 1}.",
    ),
]


@suite("gsm8k_styles")
def gsm8k_styles_rows(data_dir: Path) -> list[Row]:
    """GSM8K test golds rendered in common answer styles, plus must-be-wrong variants (N+1)."""
    rows: list[Row] = []
    for i, rec in enumerate(_read_jsonl(data_dir / "gsm8k" / "test.jsonl")):
        gold = rec["answer"].rsplit("#### ", 1)[-1].strip().replace(",", "")
        n = int(gold)  # every GSM8K test answer is an integer
        for style, label, render in _STYLES:
            answer = render(n, i)
            if answer is not None:
                rows.append((style, (_REASONING + answer, gold, label)))
    return rows


# -------------------------------------------------------------------------------------------- graders


@dataclass
class Run:
    """One grader over one suite: a verdict per item and the timings."""

    grader: str
    correct: list[bool]
    details: list[dict[str, Any]]
    elapsed_s: float
    item_s: list[float]

    @property
    def per_s(self) -> float:
        return len(self.correct) / self.elapsed_s if self.elapsed_s > 0 else float("inf")


@dataclass(frozen=True)
class Grader:
    """``grade(completion, gold) -> raw``; ``correct(raw) -> bool``; ``detail(raw) -> dict`` for reports."""

    name: str
    grade: Callable[[str, str], Any]
    correct: Callable[[Any], bool]
    detail: Callable[[Any], dict[str, Any]] = field(default=lambda raw: {})


def rewardkit_grader() -> Grader:
    from rewardkit import grade

    return Grader(
        name="rewardkit",
        grade=lambda completion, gold: grade(completion, gold=gold),
        correct=lambda r: bool(r.correct),
        detail=lambda r: {"verdict": str(r.verdict), "extracted": r.extracted, "rule": r.rule},
    )


def math_verify_grader() -> Grader:
    # math-verify logs every parse failure and timeout; that is noise here and costs time.
    logging.getLogger("math_verify").setLevel(logging.CRITICAL)
    from math_verify import parse, verify

    def grade(completion: str, gold: str) -> bool:
        # Its timeouts use signal.alarm, so this must run in the main thread (it does).
        try:
            return bool(verify(parse(gold), parse(completion)))
        except Exception:
            return False

    return Grader(name="math-verify", grade=grade, correct=bool)


def time_graders(graders: Sequence[Grader], items: Sequence[Item], block: int = BLOCK_ITEMS) -> list[Run]:
    """Warm each grader up on the first items (untimed), then time every grader on the whole suite.

    The graders take turns block by block, so a change in machine load during the run hits all of them
    alike and the ratio stays honest. Each grader's time is the sum of its blocks.
    """
    for g in graders:
        for completion, gold, _ in items[:WARMUP_ITEMS]:
            g.grade(completion, gold)
    clock = time.perf_counter
    raws: list[list[Any]] = [[] for _ in graders]
    item_s: list[list[float]] = [[] for _ in graders]
    elapsed = [0.0] * len(graders)
    for lo in range(0, len(items), block):
        chunk = items[lo : lo + block]
        for k, g in enumerate(graders):
            gc.collect()
            grade, out, times = g.grade, raws[k], item_s[k]
            start = clock()
            for completion, gold, _ in chunk:
                t0 = clock()
                out.append(grade(completion, gold))
                times.append(clock() - t0)
            elapsed[k] += clock() - start
    return [
        Run(
            grader=g.name,
            correct=[g.correct(r) for r in raws[k]],
            details=[g.detail(r) for r in raws[k]],
            elapsed_s=elapsed[k],
            item_s=item_s[k],
        )
        for k, g in enumerate(graders)
    ]


# ------------------------------------------------------------------------------------------- analysis


def _agree(a: Sequence[bool], b: Sequence[bool | None]) -> tuple[int, int]:
    pairs = [(x, y) for x, y in zip(a, b, strict=True) if y is not None]
    return sum(x == y for x, y in pairs), len(pairs)


def summarize(name: str, rows: list[Row], rk: Run, mv: Run) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    groups = [g for g, _ in rows]
    items = [it for _, it in rows]
    labels = [label for _, _, label in items]
    has_labels = any(label is not None for label in labels)
    worst = max(range(len(items)), key=rk.item_s.__getitem__)
    res: dict[str, Any] = {
        "suite": name,
        "items": len(items),
        "rewardkit_per_s": rk.per_s,
        "math_verify_per_s": mv.per_s,
        "ratio": rk.per_s / mv.per_s,
        "rewardkit_elapsed_s": rk.elapsed_s,
        "math_verify_elapsed_s": mv.elapsed_s,
        "rewardkit_vs_labels": _agree(rk.correct, labels) if has_labels else None,
        "math_verify_vs_labels": _agree(mv.correct, labels) if has_labels else None,
        "rewardkit_vs_math_verify": _agree(rk.correct, mv.correct),
        "rewardkit_worst_item_ms": rk.item_s[worst] * 1e3,
        "rewardkit_median_item_ms": statistics.median(rk.item_s) * 1e3,
        "rewardkit_p99_item_ms": statistics.quantiles(rk.item_s, n=100)[-1] * 1e3 if len(items) > 1 else None,
        "math_verify_worst_item_ms": max(mv.item_s) * 1e3,
        "rewardkit_worst_item": {"index": worst, "gold": items[worst][1], "tail": items[worst][0][-150:]},
        "rewardkit_verdicts": _count(d.get("verdict") for d in rk.details),
        "groups": {},
    }
    for g in dict.fromkeys(groups):
        idx = [i for i, gi in enumerate(groups) if gi == g]
        glabels = [labels[i] for i in idx]
        res["groups"][g] = {
            "items": len(idx),
            "rewardkit_vs_labels": _agree([rk.correct[i] for i in idx], glabels) if has_labels else None,
            "math_verify_vs_labels": _agree([mv.correct[i] for i in idx], glabels) if has_labels else None,
            "rewardkit_vs_math_verify": _agree([rk.correct[i] for i in idx], [mv.correct[i] for i in idx]),
        }
    disagreements = [
        {
            "index": i,
            "group": groups[i],
            "gold": items[i][1],
            "label": labels[i],
            "rewardkit": rk.correct[i],
            **rk.details[i],
            "math_verify": mv.correct[i],
            "tail": items[i][0][-150:],
        }
        for i in range(len(items))
        if labels[i] is not None and rk.correct[i] != labels[i]
    ]
    return res, disagreements


def _count(values: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for v in values:
        if v is not None:
            out[v] = out.get(v, 0) + 1
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def _frac(pair: tuple[int, int] | None) -> str:
    return "—" if pair is None else f"{pair[0]}/{pair[1]}"


def markdown_table(results: list[dict[str, Any]]) -> str:
    head = (
        "| suite | items | rewardkit /s | math-verify /s | ratio | rewardkit vs labels "
        "| math-verify vs labels | rewardkit vs math-verify | rewardkit worst item |"
    )
    lines = [head, "|" + "---|" * head.count(" | ") + "---|"]
    for r in results:
        lines.append(
            f"| {r['suite']} | {r['items']} | {r['rewardkit_per_s']:,.0f} | {r['math_verify_per_s']:,.0f} "
            f"| {r['ratio']:.1f}x | {_frac(r['rewardkit_vs_labels'])} | {_frac(r['math_verify_vs_labels'])} "
            f"| {_frac(r['rewardkit_vs_math_verify'])} | {r['rewardkit_worst_item_ms']:.2f} ms |"
        )
    return "\n".join(lines)


def group_table(results: list[dict[str, Any]]) -> str:
    head = (
        "| suite | group | items | rewardkit vs labels | math-verify vs labels | rewardkit vs math-verify |"
    )
    lines = [head, "|---|---|---|---|---|---|"]
    for r in results:
        for g, s in r["groups"].items():
            lines.append(
                f"| {r['suite']} | {g} | {s['items']} | {_frac(s['rewardkit_vs_labels'])} "
                f"| {_frac(s['math_verify_vs_labels'])} | {_frac(s['rewardkit_vs_math_verify'])} |"
            )
    return "\n".join(lines)


def disagreement_list(name: str, rows: list[dict[str, Any]], show: int) -> str:
    shown = min(show, len(rows))
    out = [f"### {name}: rewardkit disagrees with the label on {len(rows)} items (showing {shown})"]
    for d in rows[:show]:
        out.append(
            f"- #{d['index']} [{d['group']}] gold={d['gold']!r} label={d['label']} "
            f"rewardkit={d['rewardkit']} "
            f"verdict={d.get('verdict')} extracted={d.get('extracted')!r} rule={d.get('rule')} "
            f"math-verify={d['math_verify']}\n  tail: {d['tail']!r}"
        )
    return "\n".join(out)


# ----------------------------------------------------------------------------------------------- main


def subsample(n: int, limit: int | None, seed: int) -> list[int]:
    """Indices of the items to run: all of them, or a seeded random ``limit`` of them in suite order."""
    if limit is None or limit >= n:
        return list(range(n))
    return sorted(random.Random(seed).sample(range(n), limit))


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--suites", default=",".join(SUITES), help=f"comma-separated, default all: {','.join(SUITES)}"
    )
    p.add_argument("--data-dir", type=Path, default=REPO.parent / "shared" / "data")
    p.add_argument("--limit", type=int, default=None, help="random subsample of N items per suite")
    p.add_argument("--seed", type=int, default=0, help="seed for --limit")
    p.add_argument("--json", type=Path, default=None, help="also write the numbers to this JSON file")
    p.add_argument("--show", type=int, default=15, help="disagreements with the labels to print per suite")
    args = p.parse_args(argv)

    names = [s.strip() for s in args.suites.split(",") if s.strip()]
    unknown = [n for n in names if n not in SUITES]
    if unknown:
        p.error(f"unknown suite(s) {unknown}; known: {list(SUITES)}")

    graders = [rewardkit_grader(), math_verify_grader()]
    results: list[dict[str, Any]] = []
    all_disagreements: dict[str, list[dict[str, Any]]] = {}
    for name in names:
        all_rows = SUITES[name].rows(args.data_dir)
        keep = subsample(len(all_rows), args.limit, args.seed)
        rows = [all_rows[i] for i in keep]
        items = [it for _, it in rows]
        print(f"[{name}] {len(items)} items ...", file=sys.stderr, flush=True)
        runs = time_graders(graders, items)
        speeds = ", ".join(f"{r.grader} {r.per_s:,.0f}/s" for r in runs)
        print(f"[{name}] {speeds}", file=sys.stderr, flush=True)
        res, dis = summarize(name, rows, runs[0], runs[1])
        for d in dis:  # report positions in the full suite, so --limit runs name the same items
            d["index"] = keep[d["index"]]
        res["rewardkit_worst_item"]["index"] = keep[res["rewardkit_worst_item"]["index"]]
        results.append(res)
        all_disagreements[name] = dis

    print(markdown_table(results))
    print()
    print(group_table(results))
    for res in results:
        if res["rewardkit_vs_labels"] is not None:
            print()
            print(disagreement_list(res["suite"], all_disagreements[res["suite"]], args.show))

    if args.json:
        import math_verify

        try:
            import rewardkit

            rk_version = getattr(rewardkit, "__version__", None)
        except Exception:  # pragma: no cover - reported, not fatal
            rk_version = None
        payload = {
            "meta": {
                "argv": sys.argv,
                "python": platform.python_version(),
                "platform": platform.platform(),
                "rewardkit": rk_version,
                "math_verify": getattr(math_verify, "__version__", None),
                "limit": args.limit,
                "seed": args.seed,
                "warmup_items": WARMUP_ITEMS,
                "block_items": BLOCK_ITEMS,
                "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            },
            "suites": results,
            "disagreements_with_labels": all_disagreements,
        }
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
        print(f"\nwrote {args.json}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
