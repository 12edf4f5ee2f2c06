"""One suite's figures from rewardkit's and math-verify's runs: throughputs and their ratio, agreement with
the labels and with each other (overall and per group), per-item times, slowest items, disagreements."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from grader_timing import Run
from suite_registry import Row

SLOWEST = 5  # rewardkit's slowest items listed per suite in the JSON


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
        # the first pass, one-time costs included (rewardkit's patterns compiled at first use)
        "first_pass_ratio": mv.first_pass_s / rk.first_pass_s if rk.first_pass_s > 0 else None,
        "rewardkit_elapsed_s": rk.elapsed_s,
        "math_verify_elapsed_s": mv.elapsed_s,
        "rewardkit_vs_labels": _agree(rk.correct, labels) if has_labels else None,
        "math_verify_vs_labels": _agree(mv.correct, labels) if has_labels else None,
        "rewardkit_vs_math_verify": _agree(rk.correct, mv.correct),
        "rewardkit_worst_item_ms": rk.item_s[worst] * 1e3,
        "rewardkit_median_item_ms": statistics.median(rk.item_s) * 1e3,
        "rewardkit_p99_item_ms": statistics.quantiles(rk.item_s, n=100)[-1] * 1e3 if len(items) > 1 else None,
        "math_verify_worst_item_ms": max(mv.item_s) * 1e3,
        "math_verify_median_item_ms": statistics.median(mv.item_s) * 1e3,
        "rewardkit_worst_item": {"index": worst, "gold": items[worst][1], "tail": items[worst][0][-150:]},
        "rewardkit_slowest_items": [
            {
                "index": i,
                "group": groups[i],
                "ms": rk.item_s[i] * 1e3,
                "math_verify_ms": mv.item_s[i] * 1e3,
                "gold": items[i][1],
                "tail": items[i][0][-100:],
                "verdict": rk.details[i].get("verdict"),
            }
            for i in sorted(range(len(items)), key=rk.item_s.__getitem__, reverse=True)[:SLOWEST]
        ],
        "rewardkit_verdicts": count_values(d.get("verdict") for d in rk.details),
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
            # the median, not the mean: one item that a busy machine stalls moves a group's mean, not this
            "rewardkit_median_item_ms": statistics.median(rk.item_s[i] for i in idx) * 1e3,
        }

    def described(i: int) -> dict[str, Any]:
        return {
            "index": i,
            "group": groups[i],
            "gold": items[i][1],
            "label": labels[i],
            "rewardkit": rk.correct[i],
            **rk.details[i],
            "math_verify": mv.correct[i],
            "tail": items[i][0][-150:],
        }

    disagreements = [
        described(i) for i in range(len(items)) if labels[i] is not None and rk.correct[i] != labels[i]
    ]
    res["rewardkit_vs_math_verify_disagreements"] = [
        described(i) for i in range(len(items)) if rk.correct[i] != mv.correct[i]
    ]
    return res, disagreements


def count_values(values: Any) -> dict[str, int]:
    """How often each value occurs, most frequent first; None is not counted.

    >>> count_values(["WRONG", "CORRECT", None, "CORRECT"])
    {'CORRECT': 2, 'WRONG': 1}
    """
    out: dict[str, int] = {}
    for v in values:
        if v is not None:
            out[v] = out.get(v, 0) + 1
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))
