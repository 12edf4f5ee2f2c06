"""The ``rewardkit`` subcommands evalkit owns (``report``, ``audit``), registered into the CLI's parser.

Imported before any argument is parsed: argparse only at module level; the work is imported inside ``run``.
Exit status: 0 when the command did its job, 2 for usage errors and unreadable input (a malformed line is
reported as ``FILE:LINE: ...`` naming the field and skipped; the rest is still used and the status is 2).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from rewardkit.cli.argtypes import int_at_least
from rewardkit.exit_codes import EXIT_OK, EXIT_USAGE

if TYPE_CHECKING:
    from rewardkit.jsonl import LineError, Record

__all__ = ["register"]


def _error(message: str) -> None:
    print(f"rewardkit: error: {message}", file=sys.stderr)


_non_negative_int = int_at_least(0)


def register(sub: Any) -> None:
    """Add evalkit's subcommands to ``sub`` (the CLI's subparsers); each sets ``run`` to its handler."""
    r = sub.add_parser(
        "report",
        help="error breakdown of eval records: terminal, Markdown or HTML report",
        description="Read the records `rewardkit eval` wrote under DIR (one eval folder, an eval output "
        "folder with a subfolder per checkpoint, or a training run folder with metrics.jsonl / "
        "trainer_state.json and eval/<checkpoint>/) and report: accuracy per checkpoint under both "
        "policies, the error breakdown (correct, reasoning error, extraction failure, format error, "
        "truncated, ambiguous, data problem, grader problem) with 95% intervals, the format cost "
        "in points, grader suspects, reasoning-error detail for GSM8K-style golds, sampled examples, "
        "what moved between checkpoints, training curves, and what to do next. Needs pandas and "
        "matplotlib: pip install 'rewardkit[report]'.",
    )
    r.add_argument("dir", metavar="DIR", help="eval folder, eval output folder or training run folder")
    r.add_argument(
        "--format",
        choices=("term", "md", "html"),
        default="term",
        help="term: tables on stdout (default); md / html: a file (default DIR/report.md or DIR/report.html)",
    )
    r.add_argument("-o", "--output", metavar="OUT", help="where to write the md/html report ('-' for stdout)")
    r.add_argument(
        "--examples", type=_non_negative_int, default=3, help="sampled examples per category (default: 3)"
    )
    r.add_argument("--seed", type=int, default=0, help="seed of the example sampling (default: 0)")
    r.set_defaults(run=cmd_report)

    a = sub.add_parser(
        "audit",
        help="grade the same completions with two graders and list every disagreement",
        description="Grade every line of FILE with grader A and grader B and list each sample they "
        "disagree on, as a table and (with -o) as JSONL, so a grader's false negatives and false "
        "positives can be measured on your own data. SPEC: rewardkit:flexible, rewardkit:strict, "
        "math-verify (if installed), lm-eval-gsm8k (the harness's strict-match '#### N' regex; "
        "lm-eval-gsm8k:flexible takes the last number), or module:callable called as fn(completion, gold) "
        "returning a bool or a number (correct when >= 0.5). A GSM8K rationale gold is reduced to its "
        "'#### N'.",
    )
    a.add_argument(
        "input", metavar="FILE", help="JSONL with a gold and a completion per line (records.jsonl works)"
    )
    a.add_argument("--a", required=True, metavar="SPEC", dest="a_spec", help="the first grader")
    a.add_argument("--b", required=True, metavar="SPEC", dest="b_spec", help="the second grader")
    a.add_argument(
        "--gold-key",
        help="field holding the gold answer (default: answer, or gold when lines have no answer)",
    )
    a.add_argument(
        "--completion-key", default="completion", help="field holding the completion (default: completion)"
    )
    a.add_argument(
        "-o", "--output", metavar="OUT.jsonl", help="write every disagreement here, one JSON line each"
    )
    a.set_defaults(run=cmd_audit)


# ------------------------------------------------------------------------------------------------ report


def cmd_report(args: argparse.Namespace) -> int:
    try:
        import matplotlib  # noqa: F401
        import pandas  # noqa: F401
    except ImportError as exc:
        _error(f"report needs pandas and matplotlib ({exc}); install them: pip install 'rewardkit[report]'")
        return EXIT_USAGE
    from evalkit.render import default_output, render, render_terminal
    from evalkit.report import build_report
    from rewardkit.files import atomic_write
    from rewardkit.jsonl import summarize_line_errors

    if args.format == "term" and args.output not in (None, "-"):
        _error("--format term prints to the terminal; use --format md or html with -o")
        return EXIT_USAGE
    try:
        built = build_report(args.dir, examples=args.examples, seed=args.seed, plots=args.format == "html")
    except FileNotFoundError as exc:
        _error(str(exc))
        return EXIT_USAGE
    for message in summarize_line_errors(built.warnings):
        print(message, file=sys.stderr)

    if args.format == "term":
        render_terminal(built)
    elif args.output == "-":
        sys.stdout.write(render(built, args.format))
    else:
        from pathlib import Path

        path = Path(args.output) if args.output else default_output(args.dir, args.format)
        try:
            atomic_write(path, render(built, args.format))
        except OSError as exc:
            _error(f"cannot write {path}: {exc.strerror or exc}")
            return EXIT_USAGE
        print(f"wrote {path}")
    if built.warnings:
        print(f"malformed input skipped: {len(built.warnings)} (see above)", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK


# ------------------------------------------------------------------------------------------------- audit


def _finished(data: dict[str, Any]) -> bool | None:
    flag = data.get("finished")
    if isinstance(flag, bool):
        return flag
    reason = data.get("finish_reason")
    if isinstance(reason, str):
        return reason.lower() not in ("length", "max_tokens", "max_length")
    return None


def _audit_sample(
    path: str, item: Record, gold_key: str, completion_key: str
) -> tuple[int, Any, str, str, bool | None] | LineError:
    """One line as an audit sample (line, id, completion, gold text, finished), or why it is not one."""
    from rewardkit.dotted import MissingField, get_field
    from rewardkit.jsonl import LineError, gold_error, gold_text

    data = item.data
    try:  # dotted keys read nested fields: --completion-key 6b_finetuning.solution
        raw_gold, completion = get_field(data, gold_key), get_field(data, completion_key)
    except MissingField as exc:
        return LineError(path, item.line, exc.message, exc.key)
    gold = gold_text(raw_gold)
    if gold is None:
        return LineError(path, item.line, gold_error(gold_key, raw_gold), gold_key)
    if not isinstance(completion, str):
        return LineError(path, item.line, f"field {completion_key!r} must be a string", completion_key)
    return (item.line, data.get("id"), completion, gold, _finished(data))


def cmd_audit(args: argparse.Namespace) -> int:
    from evalkit.audit import SpecError, audit, load_grader
    from rewardkit.jsonl import LineError, iter_jsonl, summarize_line_errors

    try:
        grader_a = load_grader(args.a_spec)
        grader_b = load_grader(args.b_spec)
    except SpecError as exc:
        _error(str(exc))
        return EXIT_USAGE

    errors: list[LineError] = []
    samples: list[tuple[int, Any, str, str, bool | None]] = []
    gold_key = args.gold_key
    try:
        for item in iter_jsonl(args.input):
            if isinstance(item, LineError):
                errors.append(item)
                continue
            data = item.data
            if gold_key is None:  # decided on the first line: 'answer', or 'gold' for eval records
                gold_key = "gold" if "answer" not in data and "gold" in data else "answer"
            sample = _audit_sample(args.input, item, gold_key, args.completion_key)
            if isinstance(sample, LineError):
                errors.append(sample)
            else:
                samples.append(sample)
    except OSError as exc:
        _error(f"cannot read {args.input}: {exc.strerror or exc}")
        return EXIT_USAGE
    for message in summarize_line_errors(errors):
        print(message, file=sys.stderr)

    rows = audit(samples, grader_a, grader_b)
    disagreements = [r for r in rows if r.disagree]
    if args.output is not None:
        from rewardkit.jsonl import write_jsonl

        try:
            write_jsonl(args.output, (r.to_dict(grader_a.spec, grader_b.spec) for r in disagreements))
        except OSError as exc:
            _error(f"cannot write {args.output}: {exc.strerror or exc}")
            return EXIT_USAGE
    _print_audit(args, rows, disagreements, grader_a.spec, grader_b.spec, errors)
    return EXIT_USAGE if errors else EXIT_OK


def _cell(value: Any, limit: int) -> str:
    if value is None:
        return "-"
    flat = " ".join(str(value).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _tail(value: str, limit: int) -> str:
    flat = " ".join(value.split())
    return flat if len(flat) <= limit else "…" + flat[-(limit - 1) :]


def _print_audit(
    args: argparse.Namespace, rows: list[Any], disagreements: list[Any], a: str, b: str, errors: list[Any]
) -> None:
    from collections import Counter

    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    out = sys.stderr if args.output == "-" else sys.stdout
    console = Console(file=out, highlight=False, soft_wrap=False)
    if not console.is_terminal:
        console.width = max(console.width, 120)
    counts = Counter(r.outcome for r in rows)
    n = len(rows)
    console.print(f"{args.input}: {n} samples graded by A = {a} and B = {b}", markup=False, soft_wrap=True)
    summary = Table()
    summary.add_column("outcome")
    summary.add_column("samples", justify="right")
    summary.add_column("share", justify="right")
    for key, label in (
        ("both_right", "both right"),
        ("both_wrong", "both wrong"),
        ("only_a", f"only A right ({a})"),
        ("only_b", f"only B right ({b})"),
        ("no_verdict", "no verdict (bad gold or grader error)"),
    ):
        share = f"{counts[key] / n:.1%}" if n else "-"
        summary.add_row(Text(label), str(counts[key]), share)
    console.print(summary)
    agreement = (counts["both_right"] + counts["both_wrong"]) / n if n else None
    if agreement is not None:
        console.print(f"agreement: {agreement:.1%} ({n - counts['no_verdict']} with a verdict from both)")
    if disagreements:
        table = Table(title=Text(f"{len(disagreements)} disagreement(s)"))
        for name, justify in (("line", "right"), ("id", "left"), ("gold", "left"), ("A says", "left"),
                              ("A read", "left"), ("B says", "left"), ("B read", "left"),
                              ("completion (tail)", "left")):  # fmt: skip
            table.add_column(name, justify=justify)  # type: ignore[arg-type]
        for r in disagreements:
            gold = r.gold.rsplit("####", 1)[1].strip() if "####" in r.gold else r.gold
            table.add_row(
                str(r.line),
                Text(_cell(r.id, 16)),
                Text(_cell(gold, 16)),
                "right" if r.a.correct else "wrong",
                Text(_cell(r.a.answer, 16)),
                "right" if r.b.correct else "wrong",
                Text(_cell(r.b.answer, 16)),
                Text(_tail(r.completion, 60)),
            )
        console.print(table)
    else:
        console.print("no disagreements")
    no_verdict = [r for r in rows if r.outcome == "no_verdict"]
    for r in no_verdict[:10]:
        why = r.a.error or r.b.error or "no verdict"
        console.print(f"{args.input}:{r.line}: no verdict: {why}", markup=False, soft_wrap=True)
    if len(no_verdict) > 10:
        console.print(f"... and {len(no_verdict) - 10} more without a verdict", markup=False)
    if args.output not in (None, "-"):
        console.print(
            f"wrote {len(disagreements)} disagreement(s) to {args.output}", markup=False, soft_wrap=True
        )
    if errors:
        console.print(f"malformed lines skipped: {len(errors)}", markup=False)
