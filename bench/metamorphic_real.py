"""The metamorphic mutations of ``tests/metamorphic.py`` over real completions: counts per mutation kind.

Reads ``../shared/data/real/*.jsonl`` in place (``id``, ``completion``, ``gold``, ``label``; rows marked
``debatable`` are left out). A row is a source when its label is true and rewardkit grades it CORRECT; each
source is rewritten by every kind that applies to it (``tests/metamorphic.py`` lists them), and each mutant
is graded. A keeping mutant fails when it is no longer CORRECT; a breaking mutant fails when it still is — for
the breaking kinds the failure count is the false-positive count. Nothing is copied into the repository.

    python bench/metamorphic_real.py                          # every set, every source row
    python bench/metamorphic_real.py --limit 300 --seed 0     # a seeded sample of 300 source rows per set
    python bench/metamorphic_real.py --sets tora_gsm8k --kinds negate,hedge --show 3 --json out/mm.json

Exit status 0 (the figures are the output; the tests decide what must hold), 2 when the data cannot be read.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the bench's modules, by bare name

import shared_data
from run_json import write_json

sys.path.insert(0, str(shared_data.REPO / "tests"))  # the mutation library

from metamorphic import ALL_KINDS, EXPECT, Case, mutants

DEFAULT_DATA = shared_data.DEFAULT_DATA / "real"


def load_sources(path: Path) -> tuple[list[Case], Counter[str]]:
    """The rows of a set that may be mutated (label true, not debatable), as cases, and what was left out."""
    cases: list[Case] = []
    skipped: Counter[str] = Counter()
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        row = json.loads(line)
        if row.get("debatable"):
            skipped["debatable"] += 1
        elif row.get("label") is not True:
            skipped["label_false"] += 1
        elif not isinstance(row.get("completion"), str) or not isinstance(row.get("gold"), str):
            skipped["malformed"] += 1
        else:
            cases.append(Case(row["completion"], row["gold"], source=f"{path.stem}:{row.get('id', lineno)}"))
    return cases, skipped


def run_set(
    cases: list[Case], kinds: list[str], show: int, progress: bool = True
) -> tuple[dict[str, dict[str, Any]], Counter[str]]:
    """Grade the sources and their mutants; per kind: mutants, failures, failures by variant, examples."""
    per_kind: dict[str, dict[str, Any]] = {
        k: {"mutants": 0, "failed": 0, "sources": 0, "by_variant": Counter(), "examples": []} for k in kinds
    }
    sources: Counter[str] = Counter()
    start = time.perf_counter()
    for i, case in enumerate(cases, start=1):
        r = case.grade()
        if not r.correct:
            sources[f"not_correct:{r.verdict.value}"] += 1
            continue
        sources["correct"] += 1
        seen: set[str] = set()
        for m in mutants(case, r, kinds=kinds):
            stats = per_kind[m.kind]
            stats["mutants"] += 1
            if m.kind not in seen:
                seen.add(m.kind)
                stats["sources"] += 1
            got = m.grade()
            if m.failed(got):
                stats["failed"] += 1
                stats["by_variant"][m.variant] += 1
                if len(stats["examples"]) < show:
                    stats["examples"].append(
                        {
                            "source": case.source,
                            "variant": m.variant,
                            "gold": case.gold,
                            "options": dict(m.options),
                            "completion_tail": m.completion[-400:],
                            "verdict": got.verdict.value,
                            "rule": got.rule,
                            "extracted": got.extracted,
                            "detail": got.detail,
                        }
                    )
        if progress and i % 100 == 0:
            print(f"  {i}/{len(cases)} sources, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return per_kind, sources


def _table(per_kind: dict[str, dict[str, Any]]) -> list[str]:
    lines = [
        "| kind | expect | sources | mutants | failed | failed % |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for kind, s in per_kind.items():
        rate = f"{100 * s['failed'] / s['mutants']:.1f}" if s["mutants"] else "-"
        lines.append(
            f"| {kind} | {EXPECT[kind]} | {s['sources']} | {s['mutants']} | {s['failed']} | {rate} |"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-dir", type=Path, default=DEFAULT_DATA, help="folder of the real *.jsonl sets")
    parser.add_argument("--sets", default="", help="comma-separated set names (file stems); default all")
    parser.add_argument("--kinds", default="", help="comma-separated mutation kinds; default all")
    parser.add_argument(
        "--limit", type=int, default=0, help="seeded sample of N source rows per set (0: all)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", type=int, default=2, help="examples printed per failing kind")
    parser.add_argument("--json", type=Path, help="write every figure and the examples here")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = parser.parse_args(argv)

    kinds = [k for k in args.kinds.split(",") if k] or list(ALL_KINDS)
    unknown = sorted(set(kinds) - set(ALL_KINDS))
    if unknown:
        parser.error(f"unknown kinds {unknown}; known: {', '.join(ALL_KINDS)}")
    paths = sorted(args.data_dir.glob("*.jsonl"))
    if args.sets:
        wanted = set(args.sets.split(","))
        paths = [p for p in paths if p.stem in wanted]
    if not paths:
        print(f"no data sets under {args.data_dir}", file=sys.stderr)
        return 2

    report: dict[str, Any] = {"kinds": kinds, "limit": args.limit, "seed": args.seed, "sets": {}}
    total: dict[str, dict[str, Any]] = {
        k: {"mutants": 0, "failed": 0, "sources": 0, "by_variant": Counter(), "examples": []} for k in kinds
    }
    start = time.perf_counter()
    for path in paths:
        try:
            cases, skipped = load_sources(path)
        except (OSError, ValueError) as exc:
            print(f"{path}: cannot read: {exc}", file=sys.stderr)
            return 2
        if args.limit and len(cases) > args.limit:
            cases = random.Random(args.seed).sample(cases, args.limit)
        if not args.quiet:
            print(f"{path.stem}: {len(cases)} source rows", file=sys.stderr)
        per_kind, sources = run_set(cases, kinds, args.show, progress=not args.quiet)
        report["sets"][path.stem] = {
            "rows_left_out": dict(skipped),
            "sources": dict(sources),
            "kinds": {k: {**s, "by_variant": dict(s["by_variant"])} for k, s in per_kind.items()},
        }
        for k, s in per_kind.items():
            t = total[k]
            for key in ("mutants", "failed", "sources"):
                t[key] += s[key]
            t["by_variant"].update(s["by_variant"])
            t["examples"].extend(s["examples"][: max(0, args.show - len(t["examples"]))])
        print(f"\n## {path.stem}\n")
        print(f"sources: {dict(sources)}; rows left out: {dict(skipped)}\n")
        print("\n".join(_table(per_kind)))
    report["total"] = {k: {**s, "by_variant": dict(s["by_variant"])} for k, s in total.items()}
    report["seconds"] = round(time.perf_counter() - start, 1)

    print("\n## all sets\n")
    print("\n".join(_table(total)))
    for kind, s in total.items():
        if not s["failed"]:
            continue
        print(f"\n### {kind}: {s['failed']} of {s['mutants']} failed ({dict(s['by_variant'])})")
        for ex in s["examples"]:
            print(f"- {ex['source']} [{ex['variant']}] gold={ex['gold']!r} options={ex['options'] or ''}")
            print(f"  ...{ex['completion_tail'][-240:]!r}")
            print(f"  verdict={ex['verdict']} rule={ex['rule']} extracted={ex['extracted']!r}")
    print(f"\n{report['seconds']} s")
    if args.json:
        write_json(args.json, report, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
