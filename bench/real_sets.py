"""Real labelled completions and peers' test suites, graded by rewardkit and by math-verify in one run.

Reads ``../shared/data/real/*.jsonl`` (real model completions with a label: ``id``, ``completion``,
``gold``, ``label``) and every peer suite ``../shared/data/peer/*.jsonl`` except ``math_verify_cases.jsonl``
(``bench/peer_cases.py`` has that one): ``id``, ``completion``, ``gold``, ``expected``, where a null
``expected`` means the suite skips the case. Rows marked ``debatable`` are left out of every figure and
counted on their own; so are skipped peer cases.

Each row is graded the way a reward grades, ``grade(completion, gold=gold).correct`` (flexible policy), and
the way math-verify's users call it, ``verify(parse(f"${gold}$"), parse(completion))``, with the graders
and timing that ``bench/grading_speed.py`` uses (``bench/graders.py``, ``bench/grader_timing.py``):
math-verify runs in the main thread with its own timeouts (5 s to parse, 5 s to verify, by
``signal.alarm``), and the two graders take turns in blocks, so the time ratio holds on a busy machine.

Every row where rewardkit disagrees with the label must be listed, with a reason, in
``bench/real_differences.jsonl`` (``{"set", "id", "reason", "why"}``): an unlisted difference is a failure,
so is one listed as ``"unjudged"``, and so is a listed difference that no longer occurs. Exit status: 0 when
every difference is listed and judged and every listed one occurs, 1 otherwise, 2 when the data or the list
cannot be read.

    python bench/real_sets.py                          # the figures table, the reasons, the failures
    python bench/real_sets.py --sets tora_gsm8k --limit 500 --no-math-verify
    python bench/real_sets.py --update-differences     # write the list: reasons kept, new ones "unjudged"
    python bench/real_sets.py --json out/real_sets.json --show 20
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))  # the bench's modules, by bare name

from run_json import run_meta, write_json  # noqa: E402
from shared_data import DEFAULT_DATA, read_checked_jsonl, subsample  # noqa: E402

DEFAULT_DIFFERENCES = BENCH / "real_differences.jsonl"
PEER_EXCLUDED = ("math_verify_cases.jsonl",)  # bench/peer_cases.py grades it, against its own list
UNJUDGED = "unjudged"


@dataclass(frozen=True)
class Row:
    set: str
    kind: str  # "real" or "peer"
    id: str
    line: int
    completion: str
    gold: str
    label: bool | None  # None: the peer suite skips the case
    debatable: bool
    multilingual: bool


# ----------------------------------------------------------------------------------------------- data


def _multilingual(data: dict[str, Any]) -> bool:
    """A case in another language than English: tagged so, or with non-ASCII text in the gold or answer."""
    extra = data.get("extra")
    language = str(extra.get("language") or "") if isinstance(extra, dict) else ""
    if language and "ENGLISH" not in language.upper():
        return True
    return not (data["gold"].isascii() and data["completion"].isascii())


def read_set(path: Path, kind: str) -> list[Row]:
    """One file as rows. A label must be a boolean (a peer's ``expected`` may be null); ids are unique."""
    from rewardkit.errors import DataError

    key = "label" if kind == "real" else "expected"
    rows: list[Row] = []
    seen: dict[str, int] = {}
    for index, (line, data) in enumerate(
        read_checked_jsonl(path, ("completion", "gold", key), strings=("completion",), golds=("gold",))
    ):
        label = data[key]
        if not (isinstance(label, bool) or (label is None and kind == "peer")):
            raise DataError(f"field {key!r} must be a boolean, got {label!r}", path=str(path), line=line)
        # Every shipped file has ids; a file without them gets ones that stay put while the file does.
        row_id = str(data["id"]) if data.get("id") is not None else f"{path.stem}-{index:03d}"
        if row_id in seen:
            raise DataError(
                f"duplicate id {row_id!r} (first on line {seen[row_id]})", path=str(path), line=line
            )
        seen[row_id] = line
        rows.append(
            Row(
                set=path.stem,
                kind=kind,
                id=row_id,
                line=line,
                completion=data["completion"],
                gold=data["gold"],
                label=label,
                debatable=bool(data.get("debatable")),
                multilingual=kind == "peer" and _multilingual(data),
            )
        )
    return rows


def set_files(data_dir: Path) -> dict[str, tuple[Path, str]]:
    """``{set name: (path, kind)}``: the real sets first, then the peer suites, each in name order."""
    files: dict[str, tuple[Path, str]] = {}
    for kind, folder in (("real", "real"), ("peer", "peer")):
        for path in sorted((data_dir / folder).glob("*.jsonl")):
            if kind == "peer" and path.name in PEER_EXCLUDED:
                continue
            files[path.stem] = (path, kind)
    return files


def read_differences(path: Path) -> dict[tuple[str, str], dict[str, Any]]:
    from rewardkit.errors import DataError

    listed: dict[tuple[str, str], dict[str, Any]] = {}
    required = ("set", "id", "reason", "why")
    for line, entry in read_checked_jsonl(path, required, strings=required):
        key = (str(entry["set"]), str(entry["id"]))
        if key in listed:
            raise DataError(f"{key[0]}/{key[1]} is listed twice", path=str(path), line=line)
        listed[key] = entry
    return listed


# -------------------------------------------------------------------------------------------- grading


def grade_rows(
    rows: list[Row], with_math_verify: bool
) -> tuple[list[dict[str, Any]], dict[str, float | None]]:
    """Every row graded by rewardkit (and math-verify): one outcome per row, and each grader's seconds."""
    from grader_timing import time_graders
    from graders import math_verify_grader, rewardkit_grader

    graders = [rewardkit_grader()]
    if with_math_verify:
        # A bare LaTeX gold goes in "$...$", the way math-verify's README does it.
        graders.append(math_verify_grader(latex_gold=True))
    runs = time_graders(graders, [(r.completion, r.gold, r.label) for r in rows])
    rk = runs[0]
    mv = runs[1] if with_math_verify else None
    outcomes = []
    for i, row in enumerate(rows):
        outcomes.append(
            {
                "set": row.set,
                "id": row.id,
                "line": row.line,
                "gold": row.gold,
                "label": row.label,
                "multilingual": row.multilingual,
                "rewardkit": rk.correct[i],
                **rk.details[i],
                "rewardkit_ms": rk.item_s[i] * 1e3,
                "math_verify": mv.correct[i] if mv else None,
                "math_verify_ms": mv.item_s[i] * 1e3 if mv else None,
                "tail": row.completion[-300:],
            }
        )
    seconds = {"rewardkit": rk.elapsed_s, "math_verify": mv.elapsed_s if mv else None}
    return outcomes, seconds


def _figures(outcomes: list[dict[str, Any]], grader: str) -> dict[str, int] | None:
    if any(o[grader] is None for o in outcomes):
        return None
    return {
        "agree": sum(o[grader] == o["label"] for o in outcomes),
        "fp": sum(o[grader] and not o["label"] for o in outcomes),
        "fn": sum(o["label"] and not o[grader] for o in outcomes),
    }


def summarize(
    name: str, outcomes: list[dict[str, Any]], seconds: dict[str, float | None], **counts: int
) -> dict[str, Any]:
    return {
        "set": name,
        "n": len(outcomes),
        **counts,
        "rewardkit": _figures(outcomes, "rewardkit"),
        "math_verify": _figures(outcomes, "math_verify"),
        "rewardkit_s": seconds["rewardkit"],
        "math_verify_s": seconds["math_verify"],
    }


def compare(
    outcomes: list[dict[str, Any]], listed: dict[tuple[str, str], dict[str, Any]], graded: dict[str, Any]
) -> dict[str, Any]:
    """Sort rewardkit's differences with the labels into listed, unlisted, unjudged; and find stale listings.

    ``graded`` is the set of ``(set, id)`` that this run could judge; a listing outside the sets of the run
    is left alone, one inside them that names a row not graded here (not in the data, debatable, skipped by
    its suite) or a row where rewardkit now agrees with the label is stale. Under ``--limit`` listings of
    rows outside the subsample are left alone.
    """
    differences = []
    for o in outcomes:
        if o["rewardkit"] == o["label"]:
            continue
        entry = listed.get((o["set"], o["id"]))
        differences.append(
            {
                **o,
                "kind": "fp" if o["rewardkit"] else "fn",
                "reason": entry["reason"] if entry else None,
                "why": entry["why"] if entry else None,
            }
        )
    different = {(d["set"], d["id"]) for d in differences}
    stale = [
        key
        for key in listed
        if key[0] in graded["sets"] and key not in different and key not in graded["outside_sample"]
    ]
    return {
        "differences": differences,
        "by_reason": dict(Counter(d["reason"] or "UNLISTED" for d in differences).most_common()),
        "unlisted": [d for d in differences if d["reason"] is None],
        "unjudged": [d for d in differences if d["reason"] == UNJUDGED],
        "stale": stale,
    }


def updated_differences(
    report: dict[str, Any], listed: dict[tuple[str, str], dict[str, Any]], sets: list[str]
) -> list[dict[str, Any]]:
    """The list as it should be now: this run's differences (reasons kept, new ones unjudged), listings
    of sets or rows this run did not grade kept as they are, stale ones dropped; in set order, then file
    order."""
    stale = set(report["stale"])
    current = {(d["set"], d["id"]): d for d in report["differences"]}
    entries: dict[tuple[str, str], dict[str, Any]] = {}
    for key, entry in listed.items():
        if key not in stale and key not in current:
            entries[key] = {"set": key[0], "id": key[1], "reason": entry["reason"], "why": entry["why"]}
    for key, d in current.items():
        old = listed.get(key)
        entries[key] = {
            "set": key[0],
            "id": key[1],
            "reason": old["reason"] if old else UNJUDGED,
            "why": old["why"]
            if old
            else f"label {d['label']}, rewardkit {d['verdict']} on {d['extracted']!r} ({d['rule']})",
        }
    order = {name: i for i, name in enumerate(sets)}
    return sorted(
        entries.values(), key=lambda e: (order.get(e["set"], len(order)), e["set"], _id_key(e["id"]))
    )


def _id_key(row_id: str) -> tuple:
    # "olympiadbench-99" before "olympiadbench-100"
    head, _, tail = row_id.rpartition("-")
    return (head, int(tail), "") if tail.isdigit() else (row_id, -1, row_id)


# -------------------------------------------------------------------------------------------- output


def _pct(fig: dict[str, int] | None, n: int) -> str:
    if fig is None:
        return "– | – | – | –"
    pct = f"{100 * fig['agree'] / n:.1f} %" if n else "–"
    return f"{fig['agree']}/{n} | {pct} | {fig['fp']} | {fig['fn']}"


def figures_table(summaries: list[dict[str, Any]]) -> str:
    lines = [
        "| set | n | left out | rewardkit agree | % | FP | FN | math-verify agree | % | FP | FN | speed-up |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for s in summaries:
        left_out = f"{s['debatable']} deb" + (f" + {s['skipped']} skip" if s.get("skipped") else "")
        if s["math_verify"] is not None and s["rewardkit_s"] > 0:
            ratio = f"{s['math_verify_s'] / s['rewardkit_s']:.1f}x"
        else:
            ratio = "–"
        lines.append(
            f"| {s['set']} | {s['n']} | {left_out} | {_pct(s['rewardkit'], s['n'])} "
            f"| {_pct(s['math_verify'], s['n'])} | {ratio} |"
        )
    return "\n".join(lines)


def reasons_table(report: dict[str, Any]) -> str:
    lines = ["| reason | rows | FP | FN | sets | e.g. |", "|---|---:|---:|---:|---|---|"]
    for reason, count in report["by_reason"].items():
        rows = [d for d in report["differences"] if (d["reason"] or "UNLISTED") == reason]
        sets = ", ".join(dict.fromkeys(d["set"] for d in rows))
        fp = sum(d["kind"] == "fp" for d in rows)
        example = rows[0]["why"] or "not judged yet: see below"
        if len(example) > 140:
            example = example[:139] + "…"
        example = example.replace("|", "\\|")  # a |x| in a why must not end the cell
        lines.append(f"| {reason} | {count} | {fp} | {count - fp} | {sets} | {example} |")
    return "\n".join(lines)


def _describe(d: dict[str, Any]) -> str:
    mv = "not run" if d["math_verify"] is None else d["math_verify"]
    return (
        f"{d['set']}/{d['id']}: label {d['label']}, rewardkit {d['verdict']} on {d['extracted']!r} "
        f"({d['rule']}; {d['detail']}); math-verify {mv}; gold {d['gold']!r}"
    )


def failures(report: dict[str, Any]) -> str:
    lines = [f"UNLISTED {_describe(d)}\n  tail: {d['tail'][-150:]!r}" for d in report["unlisted"]]
    lines += [f"UNJUDGED {_describe(d)}\n  tail: {d['tail'][-150:]!r}" for d in report["unjudged"]]
    lines += [
        f"STALE {s}/{i}: listed as a difference, but rewardkit now agrees with the label or the row is not "
        "graded: drop it from the list (--update-differences)"
        for s, i in report["stale"]
    ]
    return "\n".join(lines)


def shown(report: dict[str, Any], show: int) -> str:
    per_set: dict[str, list[dict[str, Any]]] = {}
    for d in report["differences"]:
        per_set.setdefault(d["set"], []).append(d)
    blocks = []
    for name, rows in per_set.items():
        lines = [f"### {name}: {len(rows)} differences with the label (first {min(show, len(rows))})"]
        for d in rows[:show]:
            lines.append(f"- [{d['reason'] or 'UNLISTED'}] {_describe(d)}\n  tail: {d['tail'][-150:]!r}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


# ---------------------------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-dir", type=Path, default=DEFAULT_DATA, help="holds real/ and peer/")
    parser.add_argument("--differences", type=Path, default=DEFAULT_DIFFERENCES)
    parser.add_argument("--sets", default=None, help="comma-separated set names (file stems); default all")
    parser.add_argument("--limit", type=int, default=None, help="seeded random subsample of N rows per set")
    parser.add_argument("--seed", type=int, default=0, help="seed for --limit")
    parser.add_argument("--json", type=Path, help="also write every outcome here")
    parser.add_argument("--show", type=int, default=5, help="differences to print per set (default 5)")
    parser.add_argument("--no-math-verify", action="store_true", help="grade with rewardkit only")
    parser.add_argument(
        "--update-differences",
        action="store_true",
        help="rewrite --differences: reasons kept, new differences 'unjudged', stale ones dropped",
    )
    args = parser.parse_args(argv)

    from rewardkit.errors import DataError

    files = set_files(args.data_dir)
    names = list(files)
    if args.sets:
        names = [s.strip() for s in args.sets.split(",") if s.strip()]
        unknown = [n for n in names if n not in files]
        if unknown:
            print(f"real_sets: unknown set(s) {unknown}; known: {list(files)}", file=sys.stderr)
            return 2
    if not names:
        print(f"real_sets: no data under {args.data_dir}/real or {args.data_dir}/peer", file=sys.stderr)
        return 2
    try:
        all_rows = {name: read_set(*files[name]) for name in names}
        if args.update_differences and not args.differences.exists():
            listed = {}
        else:
            listed = read_differences(args.differences)
    except (OSError, DataError) as exc:
        print(f"real_sets: {exc}", file=sys.stderr)
        return 2

    summaries: list[dict[str, Any]] = []
    outcomes: list[dict[str, Any]] = []
    outside_sample: set[tuple[str, str]] = set()
    for name in names:
        rows = all_rows[name]
        debatable = [r for r in rows if r.debatable]
        skipped = [r for r in rows if not r.debatable and r.label is None]
        eligible = [r for r in rows if not r.debatable and r.label is not None]
        keep = set(subsample(len(eligible), args.limit, args.seed))
        outside_sample |= {(name, r.id) for i, r in enumerate(eligible) if i not in keep}
        eligible = [r for i, r in enumerate(eligible) if i in keep]
        print(f"[{name}] {len(eligible)} rows ({len(debatable)} debatable left out) ...", file=sys.stderr)
        if not eligible:
            continue
        done, seconds = grade_rows(eligible, with_math_verify=not args.no_math_verify)
        outcomes += done
        whole = summarize(name, done, seconds, debatable=len(debatable), skipped=len(skipped))
        summaries.append(whole)
        if any(o["multilingual"] for o in done):
            english = [o for o in done if not o["multilingual"]]
            # The time ratio stays the whole suite's: the graders were timed on all of it.
            counts = {
                "debatable": sum(not r.multilingual for r in debatable),
                "skipped": sum(not r.multilingual for r in skipped),
            }
            summaries.append(summarize(f"{name} (excluding multilingual)", english, seconds, **counts))
        print(f"[{name}] rewardkit agrees on {whole['rewardkit']['agree']}/{whole['n']}", file=sys.stderr)

    real = [s for s in summaries if s["set"] in files and files[s["set"]][1] == "real"]
    if len(real) > 1:
        # One figure to quote for real completions; the time ratio is that of the summed times.
        done = [o for o in outcomes if files[o["set"]][1] == "real"]
        total = {k: sum(s[f"{k}_s"] or 0.0 for s in real) or None for k in ("rewardkit", "math_verify")}
        counts = {k: sum(s[k] for s in real) for k in ("debatable", "skipped")}
        after = max(i for i, s in enumerate(summaries) if any(s is r for r in real)) + 1
        summaries.insert(after, summarize("all real sets", done, total, **counts))

    graded = {"sets": set(names), "outside_sample": outside_sample}
    report = compare(outcomes, listed, graded)

    print(figures_table(summaries))
    print()
    print(f"{len(report['differences'])} differences between rewardkit and the labels, by reason:")
    print()
    print(reasons_table(report))
    if args.show > 0 and report["differences"]:
        print()
        print(shown(report, args.show))
    text = failures(report)
    if text:
        print()
        print(text)

    if args.update_differences:
        entries = updated_differences(report, listed, list(files))
        args.differences.parent.mkdir(parents=True, exist_ok=True)
        args.differences.write_text(
            "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in entries), encoding="utf-8"
        )
        new = sum(e["reason"] == UNJUDGED for e in entries)
        print(f"\nwrote {args.differences}: {len(entries)} entries, {new} unjudged", file=sys.stderr)
        listed = {(e["set"], e["id"]): e for e in entries}
        report = compare(outcomes, listed, graded)

    if args.json is not None:
        payload = {
            "meta": run_meta(argv, limit=args.limit, seed=args.seed, math_verify=not args.no_math_verify),
            "sets": summaries,
            "by_reason": report["by_reason"],
            "unlisted": [f"{d['set']}/{d['id']}" for d in report["unlisted"]],
            "unjudged": [f"{d['set']}/{d['id']}" for d in report["unjudged"]],
            "stale": [f"{s}/{i}" for s, i in report["stale"]],
            "outcomes": [
                {**o, "reason": listed.get((o["set"], o["id"]), {}).get("reason")} for o in outcomes
            ],
        }
        write_json(args.json, payload, ensure_ascii=False)
        print(f"wrote {args.json}", file=sys.stderr)
    return 1 if report["unlisted"] or report["unjudged"] or report["stale"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
