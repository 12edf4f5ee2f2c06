"""grading_speed's markdown: the suites table, the targets, grade_many's scaling, the per-group breakdown,
the disagreement lists and the slowest items."""

from __future__ import annotations

from typing import Any


def _frac(pair: tuple[int, int] | None) -> str:
    return "—" if pair is None else f"{pair[0]}/{pair[1]}"


def _first_pass(result: dict[str, Any]) -> str:
    ratio = result.get("first_pass_ratio")
    return "—" if ratio is None else f"{ratio:.1f}x"


def markdown_table(results: list[dict[str, Any]]) -> str:
    head = (
        "| suite | items | rewardkit /s | math-verify /s | ratio | first pass ratio | rewardkit vs labels "
        "| math-verify vs labels | rewardkit vs math-verify | rewardkit worst item |"
    )
    lines = [head, "|" + "---|" * head.count(" | ") + "---|"]
    for r in results:
        lines.append(
            f"| {r['suite']} | {r['items']} | {r['rewardkit_per_s']:,.0f} | {r['math_verify_per_s']:,.0f} "
            f"| {r['ratio']:.1f}x | {_first_pass(r)} | {_frac(r['rewardkit_vs_labels'])} "
            f"| {_frac(r['math_verify_vs_labels'])} "
            f"| {_frac(r['rewardkit_vs_math_verify'])} | {r['rewardkit_worst_item_ms']:.2f} ms |"
        )
    return "\n".join(lines)


def group_table(results: list[dict[str, Any]]) -> str:
    head = (
        "| suite | group | items | rewardkit vs labels | math-verify vs labels | rewardkit vs math-verify "
        "| rewardkit median item |"
    )
    lines = [head, "|---|---|---|---|---|---|---|"]
    for r in results:
        for g, s in r["groups"].items():
            lines.append(
                f"| {r['suite']} | {g} | {s['items']} | {_frac(s['rewardkit_vs_labels'])} "
                f"| {_frac(s['math_verify_vs_labels'])} | {_frac(s['rewardkit_vs_math_verify'])} "
                f"| {s['rewardkit_median_item_ms'] * 1e3:.1f} µs |"
            )
    return "\n".join(lines)


def disagreement_list(name: str, rows: list[dict[str, Any]], show: int, what: str = "the label") -> str:
    shown = min(show, len(rows))
    out = [f"### {name}: rewardkit disagrees with {what} on {len(rows)} items (showing {shown})"]
    for d in rows[:show]:
        detail = (d.get("detail") or "")[:120]
        out.append(
            f"- #{d['index']} [{d['group']}] gold={d['gold']!r} label={d['label']} "
            f"rewardkit={d['rewardkit']} "
            f"verdict={d.get('verdict')} extracted={d.get('extracted')!r} rule={d.get('rule')} "
            f"math-verify={d['math_verify']}\n  detail: {detail!r}\n  tail: {d['tail'][-100:]!r}"
        )
    return "\n".join(out)


def targets_table(checks: list[dict[str, Any]]) -> str:
    lines = ["| suite | target | value | met |", "|---|---|---|---|"]
    for c in checks:
        lines.append(f"| {c['suite']} | {c['target']} | {c['value']} | {'yes' if c['met'] else '**NO**'} |")
    return "\n".join(lines)


def scaling_table(scaling: dict[str, dict[str, Any]]) -> str:
    lines = [
        "| grade_many workload | call | items | workers=1 | workers=2 | speedup |",
        "|---|---|---|---|---|---|",
    ]
    notes = []
    for workload, s in scaling.items():
        lines += [
            f"| {workload} | first workers=2 call (starts the workers) | {s['items']} "
            f"| {s['workers1_s']:.2f} s | {s['workers2_first_call_s']:.2f} s "
            f"| {s['speedup_first_call']:.2f}x |",
            f"| {workload} | warm workers (median of {s['rounds']}) | {s['items']} | {s['workers1_s']:.2f} s "
            f"| {s['workers2_s']:.2f} s | {s['speedup']:.2f}x |",
        ]
        notes.append(
            f"{workload}: workers=1 and workers=2 differ on {s['results_differ']} items; "
            f"workers=2 verdicts: {s['workers2_verdicts']}"
        )
    return "\n".join([*lines, "", *notes])


def slowest_list(res: dict[str, Any]) -> str:
    out = [f"### {res['suite']}: rewardkit's {len(res['rewardkit_slowest_items'])} slowest items"]
    for d in res["rewardkit_slowest_items"]:
        out.append(
            f"- #{d['index']} [{d['group']}] {d['ms']:.1f} ms (math-verify {d['math_verify_ms']:.1f} ms) "
            f"{d['verdict']} gold={d['gold'][:60]!r} tail={d['tail'][-60:]!r}"
        )
    return "\n".join(out)
