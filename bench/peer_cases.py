"""math-verify's own test suite, as data, graded by rewardkit: where we agree, and why we differ where we do.

``../shared/data/peer/math_verify_cases.jsonl`` holds the equivalence cases of math-verify's tests (``gold``,
``pred``, the ``expected`` outcome). Each case is graded the way a reward function grades:
``grade(pred, gold=gold).correct`` under the default (flexible) policy. math-verify's per-test
``options.precision`` (the decimal places its ``float_rounding`` rounds numbers to) is passed as
``grade(..., decimals=precision)``, rewardkit's option for tasks that ask for answers rounded to N places;
its other options (``strict``, ``allow_set_relation_comp``, ...) have no counterpart and are ignored (the
cases they decide are listed as differences). Cases whose test passes the default ``precision=6``
explicitly carry no option and are graded with none, as math-verify's default rounding has no counterpart
in rewardkit's default (its long-decimal policy plays that part).

Every case where rewardkit's outcome differs from the expected one must be listed, with a reason, in
``bench/peer_differences.jsonl`` (``{"id", "reason", "why"}``): a difference nobody has judged is a failure,
and so is a listed difference that no longer occurs (the list would be out of date). Exit status: 0 when every
difference is listed and every listed one occurs, 1 otherwise, 2 when the cases cannot be read.

    python bench/peer_cases.py                      # the table, the reasons, the unlisted differences
    python bench/peer_cases.py --show-agreed-ids    # also which case ids agree
    python bench/peer_cases.py --json out.json
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the bench's modules, by bare name

from run_json import write_json
from shared_data import DEFAULT_DATA, read_checked_jsonl

DEFAULT_CASES = DEFAULT_DATA / "peer" / "math_verify_cases.jsonl"
DEFAULT_DIFFERENCES = Path(__file__).resolve().parent / "peer_differences.jsonl"


def grading_options(case: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of ``grade`` a case's math-verify options map to: ``precision`` → ``decimals``.

    >>> grading_options({"options": {"precision": 2}}), grading_options({"options": {"strict": False}})
    ({'decimals': 2}, {})
    """
    options = case.get("options") or {}
    precision = options.get("precision")
    return {"decimals": precision} if isinstance(precision, int) and not isinstance(precision, bool) else {}


def compare(cases: list[dict[str, Any]], listed: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Grade every case; sort the outcomes into agreed, listed differences, unlisted ones, stale listings."""
    from rewardkit import grade

    agreed: list[str] = []
    differences: list[dict[str, Any]] = []
    for case in cases:
        result = grade(case["pred"], gold=case["gold"], **grading_options(case))
        if result.correct == bool(case["expected"]):
            agreed.append(case["id"])
            continue
        differences.append(
            {
                "id": case["id"],
                "expected": bool(case["expected"]),
                "verdict": result.verdict.value,
                "extracted": result.extracted,
                "detail": result.detail,
                "reason": listed.get(case["id"], {}).get("reason"),
            }
        )
    different = {d["id"] for d in differences}
    return {
        "cases": len(cases),
        "agreed": len(agreed),
        "agreed_ids": agreed,
        "differences": differences,
        "by_reason": dict(Counter(d["reason"] or "UNLISTED" for d in differences).most_common()),
        "unlisted": [d for d in differences if d["reason"] is None],
        "stale": sorted(set(listed) - different),
    }


def render(report: dict[str, Any], listed: dict[str, dict[str, Any]]) -> str:
    lines = [
        f"rewardkit agrees with math-verify's expected outcome on {report['agreed']}/{report['cases']} "
        f"of its own test cases; {len(report['differences'])} differ.",
        "",
        "| reason | cases | why |",
        "|---|---:|---|",
    ]
    whys = {entry["reason"]: entry["why"] for entry in listed.values()}
    for reason, count in report["by_reason"].items():
        lines.append(f"| {reason} | {count} | {whys.get(reason, 'not judged yet: see below')} |")
    for d in report["unlisted"]:
        lines.append(
            f"UNLISTED {d['id']}: expected {d['expected']}, got {d['verdict']} "
            f"(extracted {d['extracted']!r}; {d['detail']})"
        )
    for case_id in report["stale"]:
        lines.append(
            f"STALE {case_id}: listed as a difference, but rewardkit now agrees: drop it from the list"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=Path, default=DEFAULT_CASES, help=f"default {DEFAULT_CASES}")
    parser.add_argument("--differences", type=Path, default=DEFAULT_DIFFERENCES)
    parser.add_argument("--json", type=Path, help="also write every outcome here")
    parser.add_argument("--show-agreed-ids", action="store_true")
    args = parser.parse_args(argv)

    from rewardkit.errors import DataError

    try:
        cases = [data for _, data in read_checked_jsonl(args.cases, ("id", "gold", "pred", "expected"))]
        entries = [data for _, data in read_checked_jsonl(args.differences, ("id", "reason", "why"))]
    except (OSError, DataError) as exc:
        print(f"peer_cases: {exc}", file=sys.stderr)
        return 2
    listed = {entry["id"]: entry for entry in entries}
    report = compare(cases, listed)
    print(render(report, listed))
    if args.show_agreed_ids:
        print("\nagreed: " + ", ".join(report["agreed_ids"]))
    if args.json is not None:
        write_json(args.json, report)
    return 1 if report["unlisted"] or report["stale"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
