"""``rewardkit score IN.jsonl``: grade every line of a file, stream the results, print a summary per
verdict."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TextIO

from rewardkit.cli.argtypes import int_at_least
from rewardkit.cli.messages import error, open_failed
from rewardkit.cli.options import add_grading_options, add_policy_option, choices_arg
from rewardkit.cli.progress import count_lines, grading_progress
from rewardkit.cli.score_grading import ScoreItem, grade_items, result_fields
from rewardkit.exit_codes import EXIT_OK, EXIT_USAGE
from rewardkit.jsonl import (
    JsonlWriter,
    LineError,
    LineErrorReporter,
    Record,
    gold_error,
    gold_text,
    iter_jsonl,
)
from rewardkit.types import POLICIES

if TYPE_CHECKING:
    from rewardkit.types import Policy, Verdict

__all__ = ["RESULT_FIELDS", "register"]

# Fields a scored line gains; an input field of the same name is overwritten.
RESULT_FIELDS = ("correct", "verdict", "extracted", "rule", "match", "detail")


def register(sub: Any) -> None:
    s = sub.add_parser(
        "score",
        help="grade every line of a JSONL file",
        description="Grade every line of a JSONL file and print a summary per verdict, with accuracy "
        "under both the flexible and the strict policy (GOLD_INVALID lines are excluded from accuracy). "
        "Without -o the per-line results are not written anywhere: only the summary is printed. "
        "With -o FILE each valid input line becomes one output line: the input fields plus "
        + ", ".join(RESULT_FIELDS)
        + ". With -o - the results go to stdout and the summary to stderr. Malformed lines are "
        "reported as FILE:LINE on stderr and skipped; the exit status is then 2.",
    )
    s.add_argument("input", metavar="IN.jsonl", help="input JSONL file ('-' reads stdin)")
    s.add_argument(
        "--gold-key",
        default="answer",
        help="field holding the gold answer (default: answer); a dotted key such as 'meta.answer' reads a "
        "nested field",
    )
    s.add_argument(
        "--completion-key",
        default="completion",
        help="field holding the completion (default: completion); a dotted key such as 'model_6b.solution' "
        "reads a nested field",
    )
    s.add_argument(
        "-o",
        "--output",
        metavar="OUT.jsonl",
        help="write one result line per valid input line here ('-' for stdout); without it, results are "
        "discarded and only the summary is printed",
    )
    add_grading_options(s)
    add_policy_option(s)
    s.add_argument(
        "--finished-key",
        default="finished",
        help="boolean field saying whether the generation ended by itself; used on lines that have it "
        "(default: finished)",
    )
    s.add_argument(
        "--choices-key",
        help="field holding the multiple-choice letters of each line (a string like 'ABCD' or a list)",
    )
    s.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    s.add_argument(
        "--engine",
        choices=("local", "ray"),
        default="local",
        help="local (default) grades in this process and its --workers; ray grades on a Ray cluster (the "
        "one RAY_ADDRESS names, else a local one) and also reads Parquet; needs pip install 'rewardkit[ray]'",
    )
    s.add_argument(
        "--actors", type=int_at_least(1), default=2, help="grader actors with --engine ray (default: 2)"
    )
    # rows per Ray batch, for tests and score_dataset (default: rewardkit.ray_engine.DEFAULT_BATCH_SIZE)
    s.add_argument("--ray-batch-size", type=int_at_least(1), help=argparse.SUPPRESS)

    s.set_defaults(run=cmd_score)


def _read_items(
    args: argparse.Namespace,
    report: Callable[[LineError], None],
    records: Callable[..., Iterable[Record | LineError]] | None = None,
) -> Iterator[ScoreItem]:
    """The valid items of ``args.input``; ``records`` reads it (default: :func:`iter_jsonl` on the path),
    called with iter_jsonl's checking keywords."""
    keys = (args.gold_key, args.completion_key)
    # a dotted key (`model.solution`) reads a nested field; its copy under the flat name is the reader's, not
    # the input's, and stays out of the output line (unless the input had no `model` to copy it from)
    copies = [k for k in keys if "." in k]
    read = records or (lambda **checks: iter_jsonl(args.input, **checks))
    for item in read(required=keys, strings=(args.completion_key,), dotted=True):
        if isinstance(item, LineError):
            report(item)
            continue
        data = item.data
        completion = data[args.completion_key]
        if copies:
            kept = {k: v for k, v in data.items() if k not in copies or k.split(".")[0] not in data}
            item = Record(item.line, kept)
        raw_gold = data[args.gold_key]
        gold = gold_text(raw_gold)
        if gold is None:
            report(LineError(args.input, item.line, gold_error(args.gold_key, raw_gold), args.gold_key))
            continue
        finished = data.get(args.finished_key)
        if not (finished is None or isinstance(finished, bool)):
            report(_field_error(args.input, item, args.finished_key, "must be true, false or null"))
            continue
        choices = None
        if args.choices_key is not None:
            raw = data.get(args.choices_key)
            if not (
                raw is None
                or isinstance(raw, str)
                or (isinstance(raw, list) and all(isinstance(x, str) for x in raw))
            ):
                report(
                    _field_error(args.input, item, args.choices_key, "must be a string or a list of strings")
                )
                continue
            choices = choices_arg(raw)
        yield ScoreItem(item, completion, gold, finished, choices)


def _field_error(path: str, record: Record, key: str, what: str) -> LineError:
    value = json.dumps(record.data.get(key))
    if len(value) > 40:
        value = value[:37] + "..."
    return LineError(path, record.line, f"field {key!r} {what}, got {value}", key)


def _chunks(n: int, size: int) -> Iterator[range]:
    for start in range(0, n, size):
        yield range(start, min(start + size, n))


def _score_chunk_size(workers: int) -> int:
    # grade_many hands a call's items to its worker pool in one go, so with workers the chunks must be big
    # enough to keep every worker busy; small enough that memory stays flat however long the input is
    return 64 if workers == 1 else max(512, 128 * workers)


def _batches(items: Iterator[ScoreItem], size: int) -> Iterator[list[ScoreItem]]:
    batch: list[ScoreItem] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


@contextlib.contextmanager
def _progress(args: argparse.Namespace, err: Any) -> Iterator[Callable[[int], None]]:
    enabled = not args.quiet and sys.stderr.isatty()
    with grading_progress(err, count_lines(args.input) if enabled else None, enabled=enabled) as advance:
        yield advance


def cmd_score(args: argparse.Namespace) -> int:
    """Stream the input in chunks: read, grade, write, count. Memory stays flat however long the file;
    the output file appears (atomically, in one move) only when the whole input has been graded."""
    if args.engine == "ray":
        return _score_on_ray(args)
    from rich.console import Console

    from rewardkit.types import Verdict

    err = Console(file=sys.stderr, highlight=False, soft_wrap=True)
    # the first few lines of each distinct error, then a count: memory stays flat however many lines are bad
    line_errors = LineErrorReporter(lambda line: err.print(line, markup=False))
    batches = _batches(_read_items(args, line_errors.add), _score_chunk_size(args.workers))
    try:
        batch = next(batches, None)  # opens the input: a missing file fails here, before any output exists
    except OSError as exc:
        return open_failed(args.input, exc)

    counts = {p: dict.fromkeys(Verdict, 0) for p in POLICIES}
    stage = "write"
    try:
        with contextlib.ExitStack() as stack:
            writer = (
                stack.enter_context(JsonlWriter(args.output, atomic=True))
                if args.output is not None
                else None
            )
            advance = stack.enter_context(_progress(args, err))
            while batch:
                results = grade_items(batch, args)
                for item, r in zip(batch, results, strict=True):
                    if writer is not None:
                        writer.write({**item.record.data, **result_fields(r)})
                    for p in POLICIES:
                        counts[p][r.under(p).verdict] += 1
                advance(len(batch))
                stage = "read"
                batch = next(batches, None)
                stage = "write"
    except BrokenPipeError:
        raise
    except OSError as exc:
        line_errors.finish()
        if stage == "read":
            return open_failed(args.input, exc)
        error(f"cannot write {args.output}: {exc.strerror or exc}")
        return EXIT_USAGE

    line_errors.finish()
    summary_to = sys.stderr if args.output == "-" else sys.stdout
    _print_summary(counts, line_errors.count, args, summary_to)
    return EXIT_USAGE if line_errors.count else EXIT_OK


def _score_on_ray(args: argparse.Namespace) -> int:
    """``--engine ray``: the same reading, output and summary, the grading done by a pool of Ray actors
    (:mod:`rewardkit.ray_engine`). The whole input is read before grading starts, so every FILE:LINE
    message comes first; the output is still written whole or not at all."""
    from rich.console import Console

    from rewardkit.ray_engine import (
        DEFAULT_BATCH_SIZE,
        RAY_INSTALL,
        grade_on_ray,
        parquet_reader,
        ray_session,
    )
    from rewardkit.types import Verdict

    err = Console(file=sys.stderr, highlight=False, soft_wrap=True)
    line_errors = LineErrorReporter(lambda line: err.print(line, markup=False))
    reader = parquet_reader(args.input) if args.input.endswith(".parquet") else None
    with contextlib.ExitStack() as ray_running:
        try:
            ray_running.enter_context(ray_session())
        except ImportError:
            error(f"--engine ray needs Ray, which is not installed: {RAY_INSTALL}")
            return EXIT_USAGE
        try:
            items = list(_read_items(args, line_errors.add, records=reader))
        except OSError as exc:
            return open_failed(args.input, exc)
        options = {
            "policy": args.policy,
            "timeout": args.timeout,
            "actors": args.actors,
            "decimals": args.decimals,
        }
        graded = grade_on_ray(items, **options, batch_size=args.ray_batch_size or DEFAULT_BATCH_SIZE)

    counts = {p: dict.fromkeys(Verdict, 0) for p in POLICIES}
    try:
        with contextlib.ExitStack() as stack:
            writer = (
                stack.enter_context(JsonlWriter(args.output, atomic=True))
                if args.output is not None
                else None
            )
            for item, (fields, verdicts) in zip(items, graded, strict=True):
                if writer is not None:
                    writer.write({**item.record.data, **fields})
                for p, v in zip(POLICIES, verdicts, strict=True):
                    counts[p][Verdict(v)] += 1
    except BrokenPipeError:
        raise
    except OSError as exc:
        line_errors.finish()
        error(f"cannot write {args.output}: {exc.strerror or exc}")
        return EXIT_USAGE
    line_errors.finish()
    _print_summary(counts, line_errors.count, args, sys.stderr if args.output == "-" else sys.stdout)
    return EXIT_USAGE if line_errors.count else EXIT_OK


def _print_summary(
    counts: dict[Policy, dict[Verdict, int]], malformed: int, args: argparse.Namespace, out: TextIO
) -> None:
    from rich.console import Console
    from rich.table import Table

    from rewardkit.types import Verdict

    n = sum(counts["flexible"].values())

    def share(k: int) -> str:
        return f"{k / n:.1%}" if n else "-"

    table = Table()
    table.add_column("verdict")
    table.add_column("category")
    for p in POLICIES:
        marker = "*" if p == args.policy else ""
        table.add_column(f"{p}{marker}", justify="right")
        table.add_column("share", justify="right")
    for v in Verdict:
        if not any(counts[p][v] for p in POLICIES):
            continue
        cells = [v.value, v.category]
        for p in POLICIES:
            cells += [str(counts[p][v]), share(counts[p][v])]
        table.add_row(*cells)
    total = ["total", ""]
    for _ in POLICIES:
        total += [str(n), share(n) if n else "-"]
    table.add_row(*total, end_section=False, style="bold")

    console = Console(file=out, highlight=False, soft_wrap=False)
    # a long path must not wrap: tests and scripts grep this line
    console.print(f"{args.input}: {n} graded", markup=False, soft_wrap=True)
    console.print(table, markup=False)
    invalid = counts["flexible"][Verdict.GOLD_INVALID]
    denom = n - invalid
    for p in POLICIES:
        correct = counts[p][Verdict.CORRECT]
        acc = f"{correct / denom:.1%}" if denom else "n/a"
        console.print(f"accuracy ({p}): {correct}/{denom} = {acc}", markup=False)
    console.print(f"GOLD_INVALID excluded: {invalid}", markup=False)
    if malformed:
        console.print(f"malformed lines skipped: {malformed}", markup=False)
