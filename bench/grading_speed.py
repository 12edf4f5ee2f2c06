"""Grading speed and agreement: rewardkit vs math-verify on the same inputs, in one run.

    .venv/bin/python bench/grading_speed.py                      # every suite, full size
    .venv/bin/python bench/grading_speed.py --limit 500          # quick look
    .venv/bin/python bench/grading_speed.py --suites gsm8k_real --json out/bench.json
    .venv/bin/python bench/grading_speed.py --suites math500_boxed,math500_alt,grade_many --limit 300

Prints a markdown table per run: throughput of each grader, their ratio, agreement of each grader with the
labels and with each other, and rewardkit's slowest single item; then a targets table, and (``grade_many``
in ``--suites``) grade_many's workers=2 vs workers=1 speedup. Ratios are the numbers to quote; absolute
throughput depends on the machine.

This file is the command line; the work lives in modules of ``bench/`` named for their job: the suites
(``suite_registry``, ``gsm8k_suites``, ``language_suites``, ``math500_suites``, ``generated_suites``), the
graders (``graders``) and their timing (``grader_timing``), the figures (``speed_summary``), the targets
(``speed_targets``), the ``grade_many`` scaling check (``grade_many_scaling``), the markdown
(``speed_report``), and what every benchmark shares (``shared_data``, ``run_json``).

Adding a suite: write ``<name>_rows(data_dir)`` returning ``(group, (completion, gold, label_or_None))``
pairs in one of the suite modules (or a new one imported below) and register it with ``@suite("<name>")``;
``SUITES[name].items(data_dir)`` gives the plain ``(completion, gold, label_or_None)`` list. ``group`` drives
the per-group breakdown (model, answer style, subject); ``label`` is ``None`` where the data has no ground
truth. Adding a grader (another peer, or ``grade_many`` with workers): a ``Grader`` for per-item timing, or a
function returning a ``Run``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the bench's modules, by bare name

# The suite modules register their suites on import, in this order: the default run's and the tables' order.
# isort: off
import gsm8k_suites  # noqa: F401
import language_suites  # noqa: F401
import math500_suites  # noqa: F401
import generated_suites

# isort: on
from grade_many_scaling import SCALING, SCALING_WORKLOADS, grade_many_scaling
from grader_timing import BLOCK_ITEMS, WARMUP_ITEMS, time_graders
from graders import math_verify_grader, rewardkit_grader
from run_json import run_meta, write_json
from shared_data import DEFAULT_DATA, subsample
from speed_report import (
    disagreement_list,
    group_table,
    markdown_table,
    scaling_table,
    slowest_list,
    targets_table,
)
from speed_summary import count_values, summarize
from speed_targets import check_targets
from suite_registry import SUITES


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    every = [*SUITES, SCALING]
    p.add_argument(
        "--suites", default=",".join(every), help=f"comma-separated, default all: {','.join(every)}"
    )
    p.add_argument("--data-dir", type=Path, default=DEFAULT_DATA)
    p.add_argument("--limit", type=int, default=None, help="random subsample of N items per suite")
    p.add_argument("--seed", type=int, default=0, help="seed for --limit")
    p.add_argument("--json", type=Path, default=None, help="also write the numbers to this JSON file")
    p.add_argument("--show", type=int, default=15, help="disagreements with the labels to print per suite")
    p.add_argument("--rounds", type=int, default=3, help="grade_many: timed rounds per worker count")
    args = p.parse_args(argv)

    names = [s.strip() for s in args.suites.split(",") if s.strip()]
    unknown = [n for n in names if n not in every]
    if unknown:
        p.error(f"unknown suite(s) {unknown}; known: {every}")
    run_scaling = SCALING in names
    names = [n for n in names if n != SCALING]

    rk_grader = rewardkit_grader()
    results: list[dict[str, Any]] = []
    all_disagreements: dict[str, list[dict[str, Any]]] = {}
    for name in names:
        all_rows = SUITES[name].rows(args.data_dir)
        keep = subsample(len(all_rows), args.limit, args.seed)
        rows = [all_rows[i] for i in keep]
        items = [it for _, it in rows]
        print(f"[{name}] {len(items)} items ...", file=sys.stderr, flush=True)
        graders = [rk_grader, math_verify_grader(latex_gold=SUITES[name].latex_gold)]
        runs = time_graders(graders, items)
        speeds = ", ".join(f"{r.grader} {r.per_s:,.0f}/s" for r in runs)
        print(f"[{name}] {speeds}", file=sys.stderr, flush=True)
        res, dis = summarize(name, rows, runs[0], runs[1])
        for d in dis:  # report positions in the full suite, so --limit runs name the same items
            d["index"] = keep[d["index"]]
        res["rewardkit_worst_item"]["index"] = keep[res["rewardkit_worst_item"]["index"]]
        for d in [*res["rewardkit_slowest_items"], *res["rewardkit_vs_math_verify_disagreements"]]:
            d["index"] = keep[d["index"]]
        res["groups_full_suite"] = count_values(g for g, _ in all_rows)  # items per group before --limit
        results.append(res)
        all_disagreements[name] = dis

    scaling = None
    if run_scaling:
        scaling = {}
        for workload, names in SCALING_WORKLOADS.items():
            items = []
            for name in names:
                all_rows = SUITES[name].rows(args.data_dir)
                items += [all_rows[i][1] for i in subsample(len(all_rows), args.limit, args.seed)]
            print(
                f"[{SCALING}] {workload}: {len(items)} items, workers=1 vs 2 ...", file=sys.stderr, flush=True
            )
            scaling[workload] = grade_many_scaling(items, rounds=args.rounds)
    checks = check_targets(results, scaling)

    if results:
        print(markdown_table(results))
    print()
    print(targets_table(checks))
    if scaling is not None:
        print()
        print(scaling_table(scaling))
    if results:
        print()
        print(group_table(results))
    for res in results:
        if res["rewardkit_vs_labels"] is not None:
            print()
            print(disagreement_list(res["suite"], all_disagreements[res["suite"]], args.show))
    for res in results:
        print()
        print(
            disagreement_list(
                res["suite"], res["rewardkit_vs_math_verify_disagreements"], args.show, what="math-verify"
            )
        )
    for res in results:
        print()
        print(slowest_list(res))

    if args.json:
        import math_verify

        try:
            import rewardkit

            rk_version = getattr(rewardkit, "__version__", None)
        except Exception:  # pragma: no cover - reported, not fatal
            rk_version = None
        payload = {
            "meta": run_meta(
                rewardkit=rk_version,
                math_verify=getattr(math_verify, "__version__", None),
                limit=args.limit,
                seed=args.seed,
                warmup_items=WARMUP_ITEMS,
                block_items=BLOCK_ITEMS,
                poly_seed=generated_suites.POLY_SEED,
            ),
            "suites": results,
            "targets": checks,
            "grade_many_scaling": scaling,
            "disagreements_with_labels": all_disagreements,
        }
        write_json(args.json, payload)
        print(f"\nwrote {args.json}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
