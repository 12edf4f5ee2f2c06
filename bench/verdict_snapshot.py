"""Every field of every result, before and after a change to the grader: a change meant to make grading faster
must not change one verdict, extracted span, detail or rule.

    python bench/verdict_snapshot.py --write out/before.jsonl     # on the code before the change
    python bench/verdict_snapshot.py --compare out/before.jsonl   # on the code after it

The pool is what the benchmarks and tests grade: the rows of the equivalence tables
(``fixtures/equivalence``), the metamorphic mutants of their CORRECT rows (``tests/metamorphic.py``), every
suite of ``bench/grading_speed.py`` (GSM8K, its language closings, MATH-500, the generated ones), the real and
peer sets of ``bench/real_sets.py`` and math-verify's cases (``bench/peer_cases.py``), all read from
``../shared/data/`` in place. Each result is written as one JSON line, every field of
:class:`~rewardkit.GradeResult` but ``elapsed_s``; ``--compare`` grades the same pool and prints each item
whose result differs in any field, and exits 1 when one does (2 when the two pools are not the same items).

Items are graded with a 30 s budget, so that a busy machine's TIMEOUT is not read as a change of verdict.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))  # the bench's modules, by bare name
sys.path.insert(1, str(BENCH.parent / "tests"))  # the metamorphic mutations live with the tests

# isort: off
import gsm8k_suites  # noqa: F401,E402
import language_suites  # noqa: F401,E402
import math500_suites  # noqa: F401,E402
import generated_suites  # noqa: F401,E402

# isort: on
from shared_data import DEFAULT_DATA, REPO, read_jsonl  # noqa: E402
from suite_registry import SUITES  # noqa: E402

TABLES = REPO / "fixtures" / "equivalence"
BUDGET_S = 30.0
# (source, completion, gold, grade options)
Item = tuple[str, str, str, dict[str, Any]]


def table_items() -> Iterator[Item]:
    for path in sorted(TABLES.glob("*.jsonl")):
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if line.strip():
                row = json.loads(line)
                options = {**row.get("options", {}), "policy": row.get("policy", "flexible")}
                yield f"{path.name}:{lineno}", row["completion"], row["gold"], options


def mutant_items() -> Iterator[Item]:
    from metamorphic import fixture_cases, mutants

    for case in fixture_cases(TABLES.glob("*.jsonl")):
        for m in mutants(case):
            options = {**case.options, **m.options, "policy": case.policy}
            options = {k: v for k, v in options.items() if v is not None}
            yield f"{case.source}:{m.kind}:{m.variant}", m.completion, case.gold, options


def suite_items(data_dir: Path) -> Iterator[Item]:
    for name, suite in SUITES.items():
        for i, (completion, gold, _label) in enumerate(suite.items(data_dir)):
            yield f"{name}:{i}", completion, gold, {}


def set_items(data_dir: Path) -> Iterator[Item]:
    from real_sets import read_set, set_files

    for name, (path, kind) in set_files(data_dir).items():
        for row in read_set(path, kind):
            yield f"{name}:{row.id}", row.completion, row.gold, {}
    for case in read_jsonl(data_dir / "peer" / "math_verify_cases.jsonl"):
        yield f"math_verify_cases:{case['id']}", case["pred"], case["gold"], {}


def pool(data_dir: Path) -> Iterator[Item]:
    yield from table_items()
    yield from mutant_items()
    yield from suite_items(data_dir)
    yield from set_items(data_dir)


def result_fields(completion: str, gold: str, options: dict[str, Any]) -> dict[str, Any]:
    """Every field of the result but the clock, as JSON values."""
    from rewardkit import grade

    r = grade(completion, gold=gold, timeout_s=BUDGET_S, **options)
    fields = {f.name: getattr(r, f.name) for f in dataclasses.fields(r) if f.name != "elapsed_s"}
    fields["verdict"] = r.verdict.value
    fields["span"] = list(r.span) if r.span is not None else None
    return fields


def snapshot(items: Iterable[Item]) -> Iterator[dict[str, Any]]:
    for source, completion, gold, options in items:
        yield {"source": source, **result_fields(completion, gold, options)}


def differences(before: Sequence[dict[str, Any]], after: Iterable[dict[str, Any]]) -> Iterator[str]:
    """One line per result of ``after`` that differs from the same item's in ``before`` in any field.

    Raises ValueError when the two are not results of the same items, in the same order.
    """
    n = 0
    for n, row in enumerate(after, start=1):
        if n > len(before) or before[n - 1]["source"] != row["source"]:
            raise ValueError(f"item {n} ({row['source']}) is not item {n} written before")
        old = before[n - 1]
        if old != row:
            fields = sorted(k for k in {*old, *row} if old.get(k) != row.get(k))
            yield f"{row['source']}: " + "; ".join(f"{k}: {old.get(k)!r} -> {row.get(k)!r}" for k in fields)
    if n != len(before):
        raise ValueError(f"{len(before)} results were written before, the pool has {n}: not the same pool")


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--write", type=Path, help="grade the pool and write every result here")
    what.add_argument("--compare", type=Path, help="grade the pool and compare with the results written here")
    p.add_argument("--data-dir", type=Path, default=DEFAULT_DATA)
    p.add_argument("--show", type=int, default=20, help="differences to print")
    args = p.parse_args(argv)

    if args.write:
        args.write.parent.mkdir(parents=True, exist_ok=True)
        n = 0
        with args.write.open("w", encoding="utf-8") as out:
            for row in snapshot(pool(args.data_dir)):
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
                n += 1
        print(f"wrote {n} results to {args.write}")
        return 0

    before = read_jsonl(args.compare)
    differ = 0
    try:
        for line in differences(before, snapshot(pool(args.data_dir))):
            differ += 1
            if differ <= args.show:
                print(line)
    except ValueError as exc:
        print(f"{args.compare}: {exc}")
        return 2
    print(f"{len(before)} results compared, every field but elapsed_s: {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
