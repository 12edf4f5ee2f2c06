"""grading_speed's targets: per suite, checks of its figures (speed ratio, agreement, time per item, the time
of an answer in another language against the same one in English), plus no item over 1 s anywhere and
grade_many's workers=2 speedup."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from language_suites import ENGLISH_OF

MAX_ITEM_MS = 1000.0  # no single item over 1 s, in any suite
PROSE_ITEM_MS = 50.0
WORKERS_SPEEDUP = 1.7
# an answer in another language costs at most this much more than the same statement in English
LANGUAGE_COST = 1.2


def _ratio_target(minimum: float) -> Callable[[dict[str, Any]], tuple[str, str, bool]]:
    return lambda r: (f"throughput >= {minimum:g}x math-verify", f"{r['ratio']:.1f}x", r["ratio"] >= minimum)


def _labels_all(r: dict[str, Any]) -> tuple[str, str, bool]:
    got, n = r["rewardkit_vs_labels"]
    return "agreement with labels n/n", f"{got}/{n}", got == n


def _labels_at_least_math_verify(r: dict[str, Any]) -> tuple[str, str, bool]:
    rk, mv = r["rewardkit_vs_labels"], r["math_verify_vs_labels"]
    return "agreement with labels >= math-verify's", f"{rk[0]}/{rk[1]} vs {mv[0]}/{mv[1]}", rk[0] >= mv[0]


def _prose_time(r: dict[str, Any]) -> tuple[str, str, bool]:
    value = (
        f"worst {r['rewardkit_worst_item_ms']:.1f} ms, median {r['rewardkit_median_item_ms']:.1f} ms "
        f"(math-verify median {r['math_verify_median_item_ms']:.1f} ms, "
        f"worst {r['math_verify_worst_item_ms']:.1f} ms)"
    )
    return f"rewardkit <= {PROSE_ITEM_MS:g} ms per item", value, r["rewardkit_worst_item_ms"] <= PROSE_ITEM_MS


def _cost_against(group: str, english: str) -> Callable[[dict[str, Any]], tuple[str, str, bool]]:
    """The median time per item of ``group`` against that of its English counterpart, in the same run."""

    def check(r: dict[str, Any]) -> tuple[str, str, bool]:
        target = f"{group} <= {LANGUAGE_COST:g}x {english} per item (median)"
        ours, theirs = r["groups"].get(group), r["groups"].get(english)
        if ours is None or theirs is None:
            return target, "not both in this run", False
        a, b = ours["rewardkit_median_item_ms"], theirs["rewardkit_median_item_ms"]
        return target, f"{a / b:.2f}x ({a * 1e3:.1f} vs {b * 1e3:.1f} µs)", a <= LANGUAGE_COST * b

    return check


TARGETS: dict[str, list[Callable[[dict[str, Any]], tuple[str, str, bool]]]] = {
    "gsm8k_real": [_ratio_target(30), _labels_all],
    "gsm8k_languages": [_labels_all, *(_cost_against(g, e) for g, e in ENGLISH_OF.items())],
    "math500_boxed": [_ratio_target(5), _labels_at_least_math_verify],
    "math500_alt": [_ratio_target(5), _labels_at_least_math_verify],
    "polynomial_identities": [_ratio_target(3)],
    "long_prose": [_prose_time],
}


def check_targets(results: list[dict[str, Any]], scaling: dict[str, Any] | None) -> list[dict[str, Any]]:
    out = []
    for r in results:
        for check in TARGETS.get(r["suite"], []):
            target, value, met = check(r)
            out.append({"suite": r["suite"], "target": target, "value": value, "met": met})
        worst = r["rewardkit_worst_item_ms"]
        out.append(
            {
                "suite": r["suite"],
                "target": "no item over 1 s",
                "value": f"worst {worst:.1f} ms",
                "met": worst <= MAX_ITEM_MS,
            }
        )
    for workload, result in (scaling or {}).items():
        # the target is for warm workers (the pool persists); the first call's start-up is in the table
        for key, what in (("speedup", "warm workers"),):
            out.append(
                {
                    "suite": f"grade_many ({workload})",
                    "target": f"workers=2 >= {WORKERS_SPEEDUP:g}x workers=1 ({what})",
                    "value": f"{result[key]:.2f}x",
                    "met": result[key] >= WORKERS_SPEEDUP,
                }
            )
    return out
