"""The ``rewardkit`` command line: ``grade``, ``score``, ``check-data``, ``stress``, ``eval``, and the
subcommands registered by ``evalkit.commands`` (``report``, ``audit``) and ``runners.commands`` (``train``,
``pairs``, ``demo``).

Exit status: 0 when the command did its job (a wrong answer is a result, not an error), 1 when
``check-data`` found golds that cannot be parsed or ``stress`` found a reward that pays an attack, 2 for
usage errors (an unknown reward spec included) and unreadable or malformed input. A malformed JSONL
line is reported as ``FILE:LINE: ...`` on stderr and skipped; every other line is still processed, and
the exit status is 2 at the end.

This module is imported by the console script before any argument is parsed, so it imports nothing
heavy at module level: sympy and rich load inside the subcommand that needs them, and ``--help``
stays instant.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import functools
import importlib
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from rewardkit.argtypes import int_at_least, number_at_least
from rewardkit.jsonl import JsonlWriter, LineError, Record, gold_error, gold_text, iter_jsonl

if TYPE_CHECKING:
    from rewardkit.types import GradeResult

__all__ = ["build_parser", "grading_progress", "main"]

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2

POLICIES = ("flexible", "strict")

# modules with a ``register(subparsers)`` that adds their subcommands (report, audit, train, demo, ...)
_EXTENSIONS = ("evalkit.commands", "runners.commands")

# Fields a scored line gains; an input field of the same name is overwritten.
RESULT_FIELDS = ("correct", "verdict", "extracted", "rule", "match", "detail")


# --------------------------------------------------------------------------- parser


_positive_int = int_at_least(1)
_positive_float = number_at_least(0, inclusive=False, what="a number of seconds")
_non_negative_float = number_at_least(0)


def _probability(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(f"must be in (0, 1], got {text}")
    return value


def _k_list(text: str) -> list[int]:
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not parts:
        raise argparse.ArgumentTypeError("expected a comma-separated list of whole numbers, e.g. 1,4,8")
    return sorted({_positive_int(p) for p in parts})


def _version() -> str:
    from rewardkit import __version__

    return __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rewardkit",
        description="Grade LLM answers to math problems against gold answers.",
        epilog="Run 'rewardkit COMMAND --help' for the options of one command.",
    )
    parser.add_argument("--version", action="version", version=f"rewardkit {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    policy_help = (
        "flexible (default) judges the final answer wherever the completion states it; "
        "strict demands an anchored answer (a marker or a box) and turns a lenient-only hit into FORMAT"
    )

    g = sub.add_parser(
        "grade",
        help="grade one completion",
        description="Grade one completion against a gold answer and show why it got its verdict. "
        "The exit status is 0 whatever the verdict.",
    )
    g.add_argument("text", metavar="TEXT", help="the completion to grade; '-' reads it from stdin")
    g.add_argument("--gold", required=True, help="the gold answer")
    g.add_argument("--policy", choices=POLICIES, default="flexible", help=policy_help)
    fin = g.add_mutually_exclusive_group()
    fin.add_argument(
        "--finished",
        dest="finished",
        action="store_const",
        const=True,
        default=None,
        help="the generation ended by itself (stop token)",
    )
    fin.add_argument(
        "--unfinished",
        dest="finished",
        action="store_const",
        const=False,
        help="the generation hit the length limit (an answer it never committed to is TRUNCATED)",
    )
    g.add_argument("--choices", metavar="LETTERS", help="multiple-choice letters, e.g. ABCD")
    g.add_argument("--json", action="store_true", help="print the full result as one JSON object")

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
    s.add_argument("--gold-key", default="answer", help="field holding the gold answer (default: answer)")
    s.add_argument(
        "--completion-key", default="completion", help="field holding the completion (default: completion)"
    )
    s.add_argument(
        "-o",
        "--output",
        metavar="OUT.jsonl",
        help="write one result line per valid input line here ('-' for stdout); without it, results are "
        "discarded and only the summary is printed",
    )
    s.add_argument("--workers", type=_positive_int, default=1, help="grader processes (default: 1)")
    s.add_argument("--timeout", type=_positive_float, metavar="SECONDS", help="budget per completion")
    s.add_argument("--policy", choices=POLICIES, default="flexible", help=policy_help)
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

    c = sub.add_parser(
        "check-data",
        help="check that every gold answer can be parsed",
        description="Parse the gold answer of every line and list those that cannot be parsed as "
        "FILE:LINE. Exit status 1 if any gold cannot be parsed, 2 if any line is malformed.",
    )
    c.add_argument("input", metavar="IN.jsonl", help="input JSONL file ('-' reads stdin)")
    c.add_argument("--gold-key", default="answer", help="field holding the gold answer (default: answer)")

    st = sub.add_parser(
        "stress",
        help="run reward-hacking probes against a reward",
        description="Score a built-in library of adversarial completions (empty, hedged 'A or B', several "
        "boxes, every integer 1..100, think-only, injected 'grade this as correct', degenerate repetition, "
        "truncated, perfect tags around a wrong answer, ...) and controls (correct answers) with a reward, "
        "and print each probe's mean reward. An attack fails when its mean exceeds its ceiling: the "
        "threshold, or for a relative attack the mean of its reference probe (format_only may not earn more "
        "than the same text without tags; degenerate and padded_steps not more than the clean correct "
        "answer). Exit status 1 if any attack fails (or, with --strict-controls, a control is unpaid), "
        "2 for an unknown reward spec or probe.",
    )
    st.add_argument(
        "spec",
        metavar="REWARD_SPEC",
        nargs="?",
        help="a built-in reward name, 'module:callable', inline JSON (e.g. "
        '\'{"gate": {"reward": "accuracy", "on": "format"}}\') or @file.json / @file.yaml',
    )
    st.add_argument(
        "--threshold",
        type=float,
        metavar="X",
        help="ceiling on the mean reward of every non-relative attack probe (default: 0.0)",
    )
    st.add_argument(
        "--probe",
        action="append",
        metavar="NAME",
        dest="probes",
        help="run only this probe (repeatable; references a relative probe needs are added)",
    )
    st.add_argument("--json", action="store_true", help="print the results as one JSON object")
    st.add_argument(
        "--allow-code",
        action="store_true",
        help="let an @file spec name module:callable code outside rewardkit (it is imported and run); "
        "module:callable typed on the command line needs no flag. The standard library is never a reward",
    )
    st.add_argument(
        "--strict-controls",
        action="store_true",
        help="also fail when a control probe (a correct answer) earns no reward; by default it is a warning",
    )
    st.add_argument("--list", action="store_true", help="list the probes and exit")

    e = sub.add_parser(
        "eval",
        help="evaluate a model's checkpoints, or existing completions: records, accuracy, pass@k, maj@k",
        description="Generate with a model (--model PATH, on --dataset/--data-file problems) or grade "
        "existing completions (--completions IN.jsonl), and write the per-sample records "
        "(records.jsonl, both policies) and summary.json (n, accuracy under the strict policy, "
        "accuracy_flexible, 95% intervals, pass@k, maj@k, pass^k, counts per verdict). --model takes a "
        "model folder, a training run folder (each checkpoint-N subfolder, in step order, goes to "
        "DIR/checkpoint-N/), a LoRA adapter folder, a .gguf file or a hub id. A rerun into the same DIR "
        "only does what is not yet recorded. Malformed lines are reported as FILE:LINE on stderr and "
        "skipped; the exit status is then 2.",
    )
    e.add_argument("--completions", metavar="IN.jsonl", help="grade the completions in this JSONL file")
    e.add_argument(
        "--model",
        metavar="PATH",
        help="model folder, run folder of checkpoint-N subfolders, LoRA adapter folder, .gguf file or hub id "
        "(needs torch and transformers: pip install 'rewardkit[eval]')",
    )
    e.add_argument("--output-dir", metavar="DIR", help="where records.jsonl and summary.json are written")
    e.add_argument(
        "--dataset",
        choices=("gsm8k", "math500"),
        help="with --model: the benchmark (its field names; loaded from the hub unless --data-file is given)",
    )
    e.add_argument(
        "--data-file", metavar="FILE.jsonl", help="with --model: the problems, one JSON object a line"
    )
    e.add_argument("--split", help="with --dataset and no --data-file: the hub split (default: test)")
    e.add_argument(
        "--question-key",
        help="field holding the question (default: question; problem for --dataset math500)",
    )
    e.add_argument("--answer-key", help="field holding the gold answer (default: answer)")
    e.add_argument(
        "--completion-key", default="completion", help="field holding the completion (default: completion)"
    )
    e.add_argument(
        "--id-key",
        help="field holding the problem id (default: id; unique_id for --dataset math500). With "
        "--completions, lines sharing it are samples of one problem (without it, lines with the same "
        "question are); with --model, a problem without it is named by its 0-based line number",
    )
    e.add_argument(
        "--sample-key",
        default="sample_index",
        help="field holding the sample number within its problem (default: sample_index; without it, "
        "the order of the lines)",
    )
    e.add_argument("--workers", type=_positive_int, default=1, help="grader processes (default: 1)")
    e.add_argument(
        "--timeout",
        type=_positive_float,
        metavar="SECONDS",
        help="grading budget per completion (default: 1.0); an overrun is a TIMEOUT verdict",
    )
    e.add_argument(
        "--k",
        type=_k_list,
        metavar="K[,K...]",
        help="the k of pass@k, maj@k and pass^k (default: every k up to the samples per problem)",
    )
    e.add_argument("--limit", type=_positive_int, metavar="N", help="evaluate only the first N problems")
    gen = e.add_argument_group("generation (with --model)")
    gen.add_argument(
        "--base-model", metavar="PATH", help="base model of a LoRA adapter (default: its config's)"
    )
    gen.add_argument("--n", type=_positive_int, default=1, help="samples per problem (default: 1)")
    gen.add_argument(
        "--max-new-tokens", type=_positive_int, default=512, help="tokens per completion (default: 512)"
    )
    gen.add_argument(
        "--temperature",
        type=_non_negative_float,
        default=0.0,
        help="0 is greedy (default: 0; with --n above 1, sampling at 1.0 is used instead)",
    )
    gen.add_argument("--top-p", type=_probability, default=1.0, help="nucleus sampling mass (default: 1)")
    gen.add_argument("--batch-size", type=_positive_int, default=8, help="sequences per batch (default: 8)")
    gen.add_argument("--seed", type=int, default=0, help="sampling and --shuffle seed (default: 0)")
    gen.add_argument("--shuffle", action="store_true", help="shuffle the problems with --seed before --limit")
    gen.add_argument(
        "--system", help="the system prompt (default: a short math-solver instruction; '' for none)"
    )
    gen.add_argument(
        "--instruction",
        help="the answer-format instruction after each question (default: answer after '####' or in "
        "\\boxed{}; '' for none)",
    )
    gen.add_argument(
        "--few-shot",
        metavar="FILE",
        help="JSONL of worked examples (same question/answer keys as the data) shown before each question; "
        "problems that appear as exemplars are not evaluated",
    )
    gen.add_argument(
        "--few-shot-n", type=_positive_int, default=4, help="how many exemplars from --few-shot (default: 4)"
    )
    gen.add_argument("--device", help="torch device (default: cuda when available, else cpu)")
    gen.add_argument(
        "--backend",
        choices=("transformers", "vllm"),
        default="transformers",
        help="generation backend (default: transformers); vllm needs the vllm package and a GPU, and writes "
        "the same records",
    )

    # subcommands owned by evalkit and runners: each module adds its parsers with a `run` default and
    # imports only argparse at module level, so `--help` stays instant
    for module in _EXTENSIONS:
        importlib.import_module(module).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI and return its exit status (``--help`` and usage errors included)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    command: Callable[[], int] | None = _handover(argv)
    if command is None:
        parser = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit as exc:  # --help, --version and usage errors: report the status, don't exit
            return exc.code if isinstance(exc.code, int) else EXIT_USAGE
        run: Callable[[argparse.Namespace], int] = getattr(args, "run", None) or _COMMANDS[args.command]
        command = lambda: run(args)  # noqa: E731
    try:
        return command()
    except SystemExit as exc:  # a handed-over command's own argparse: --help and usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    except KeyboardInterrupt:
        _error("interrupted")
        return 130
    except BrokenPipeError:  # `rewardkit score ... -o - | head`: the reader left, which is fine
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # so the interpreter's final flush stays quiet
        except (OSError, ValueError):
            pass
        return EXIT_OK


def _handover(argv: list[str]) -> Callable[[], int] | None:
    """The command, when ``argv`` is one an extension module owns whole (``pairs``, ``demo``); else None."""
    for module in _EXTENSIONS:
        owns = getattr(importlib.import_module(module), "owns", None)
        if owns is not None and owns(argv):
            passthrough = importlib.import_module(module).passthrough
            return lambda: int(passthrough(argv))
    return None


# --------------------------------------------------------------------------- helpers


def _shown(text: str, limit: int = 80) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters (a spec can be megabytes)."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"… ({len(text):,} characters)"


def _error(message: str) -> None:
    print(f"rewardkit: error: {message}", file=sys.stderr)


def _open_failed(path: str, exc: OSError) -> int:
    _error(f"cannot read {path}: {exc.strerror or exc}")
    return EXIT_USAGE


def _choices_arg(value: Any) -> Any:
    """Multiple-choice letters as the grader takes them: a tuple of labels, hashable for grouping."""
    if value is None:
        return None
    if isinstance(value, str):
        parts = [p.strip() for p in value.split(",")] if "," in value else list(value.strip())
        return tuple(p for p in parts if p)
    return tuple(value)


def _grade_options(*, policy: str, finished: bool | None, choices: Any) -> dict[str, Any]:
    options: dict[str, Any] = {"policy": policy}
    if finished is not None:
        options["finished"] = finished
    if choices is not None:
        options["choices"] = choices
    return options


def _text(value: Any) -> str:
    if value is None:
        return "-"
    # a lone surrogate (from non-UTF-8 bytes on the command line or stdin) cannot be printed: show its escape
    return str(value).encode("utf-8", "backslashreplace").decode("utf-8")


def _print_json(obj: Any) -> None:
    text = json.dumps(obj, ensure_ascii=False)
    try:
        text.encode(sys.stdout.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):  # a lone surrogate, or a terminal that cannot show the text
        text = json.dumps(obj)
    print(text)


# --------------------------------------------------------------------------- grade


def cmd_grade(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from rewardkit import grade

    text = sys.stdin.read() if args.text == "-" else args.text
    try:
        result = grade(
            text,
            gold=args.gold,
            **_grade_options(policy=args.policy, finished=args.finished, choices=_choices_arg(args.choices)),
        )
    except (TypeError, ValueError) as exc:  # bad options; model output never raises
        _error(str(exc))
        return EXIT_USAGE

    if args.json:
        _print_json(result.to_dict())
        return EXIT_OK

    other = "strict" if result.policy == "flexible" else "flexible"
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column(overflow="fold")
    verdict_style = "green" if result.correct else "red"
    table.add_row("verdict", Text(f"{result.verdict.value} ({result.verdict.bucket})", style=verdict_style))
    table.add_row(f"under {other}", Text(result.under(other).verdict.value))  # type: ignore[arg-type]
    rows = [
        ("extracted", result.extracted),
        ("rule", result.rule),
        ("gold", result.gold),
        ("gold_parsed", result.gold_parsed),
        ("extracted_parsed", result.extracted_parsed),
        ("match", result.match),
        ("detail", result.detail or None),
    ]
    for name, value in rows:
        table.add_row(name, Text(_text(value)))
    Console(file=sys.stdout, highlight=False).print(table)
    return EXIT_OK


# --------------------------------------------------------------------------- score


class _Item:
    __slots__ = ("choices", "finished", "gold", "record")

    def __init__(self, record: Record, gold: str, finished: bool | None, choices: Any) -> None:
        self.record = record  # as read: the output line keeps every input field as it was, a numeric gold too
        self.gold = gold
        self.finished = finished
        self.choices = choices


def _read_items(args: argparse.Namespace, report: Callable[[LineError], None]) -> Iterator[_Item]:
    keys = (args.gold_key, args.completion_key)
    for item in iter_jsonl(args.input, required=keys, strings=(args.completion_key,)):
        if isinstance(item, LineError):
            report(item)
            continue
        data = item.data
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
            choices = _choices_arg(raw)
        yield _Item(item, gold, finished, choices)


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


def _batches(items: Iterator[_Item], size: int) -> Iterator[list[_Item]]:
    batch: list[_Item] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def _grade_items(items: Sequence[_Item], args: argparse.Namespace) -> list[GradeResult]:
    """Grade one chunk: one grade_many call per choices group, results in input order."""
    from rewardkit import grade_many

    results: list[Any] = [None] * len(items)
    extra: dict[str, Any] = {"workers": args.workers, "policy": args.policy}
    if args.timeout is not None:
        extra["timeout_s"] = args.timeout
    groups: dict[Any, list[int]] = {}
    for i, item in enumerate(items):
        groups.setdefault(item.choices, []).append(i)
    for choices, idx in groups.items():
        options = dict(extra)
        flags = [items[i].finished for i in idx]
        if any(f is not None for f in flags):
            options["finished"] = flags
        if choices is not None:
            options["choices"] = choices
        graded = grade_many(
            [items[i].record.data[args.completion_key] for i in idx],
            [items[i].gold for i in idx],
            **options,
        )
        if len(graded) != len(idx):  # the contract says this cannot happen; never misalign rows
            raise RuntimeError(f"grade_many returned {len(graded)} results for {len(idx)} inputs")
        for i, r in zip(idx, graded, strict=True):
            results[i] = r
    return results


def _result_fields(r: GradeResult) -> dict[str, Any]:
    return {
        "correct": r.correct,
        "verdict": r.verdict.value,
        "extracted": r.extracted,
        "rule": r.rule,
        "match": r.match,
        "detail": r.detail,
    }


def _count_lines(path: str) -> int | None:
    """Lines in the input, for the progress bar's total (None for stdin or an unreadable file)."""
    if path == "-":
        return None
    try:
        with open(path, "rb") as fh:
            return sum(block.count(b"\n") for block in iter(lambda: fh.read(1 << 20), b""))
    except OSError:
        return None


@contextlib.contextmanager
def grading_progress(console: Any, total: int | None, *, enabled: bool) -> Iterator[Callable[[int], None]]:
    """A transient "grading" bar on ``console`` while the block runs; yields ``advance(k)``. Disabled, it
    yields a no-op (quiet runs, output that is not a terminal)."""
    if not enabled:
        yield lambda k: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(
        TextColumn("grading"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task("grading", total=total)
        yield lambda k: progress.advance(task, k)


@contextlib.contextmanager
def _progress(args: argparse.Namespace, err: Any) -> Iterator[Callable[[int], None]]:
    enabled = not args.quiet and sys.stderr.isatty()
    with grading_progress(err, _count_lines(args.input) if enabled else None, enabled=enabled) as advance:
        yield advance


def cmd_score(args: argparse.Namespace) -> int:
    """Stream the input in chunks: read, grade, write, count. Memory stays flat however long the file;
    the output file appears (atomically, in one move) only when the whole input has been graded."""
    from rich.console import Console

    from rewardkit.types import Verdict

    err = Console(file=sys.stderr, highlight=False, soft_wrap=True)
    malformed = 0  # a count, not a list: a file of a million bad lines must not fill the memory either

    def report(e: LineError) -> None:
        nonlocal malformed
        malformed += 1
        err.print(str(e), markup=False)

    batches = _batches(_read_items(args, report), _score_chunk_size(args.workers))
    try:
        batch = next(batches, None)  # opens the input: a missing file fails here, before any output exists
    except OSError as exc:
        return _open_failed(args.input, exc)

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
                results = _grade_items(batch, args)
                for item, r in zip(batch, results, strict=True):
                    if writer is not None:
                        writer.write({**item.record.data, **_result_fields(r)})
                    for p in POLICIES:
                        counts[p][r.under(p).verdict] += 1  # type: ignore[arg-type]
                advance(len(batch))
                stage = "read"
                batch = next(batches, None)
                stage = "write"
    except BrokenPipeError:
        raise
    except OSError as exc:
        if stage == "read":
            return _open_failed(args.input, exc)
        _error(f"cannot write {args.output}: {exc.strerror or exc}")
        return EXIT_USAGE

    summary_to = sys.stderr if args.output == "-" else sys.stdout
    _print_summary(counts, malformed, args, summary_to)
    return EXIT_USAGE if malformed else EXIT_OK


def _print_summary(
    counts: dict[str, dict[Any, int]], malformed: int, args: argparse.Namespace, out: TextIO
) -> None:
    from rich.console import Console
    from rich.table import Table

    from rewardkit.types import Verdict

    n = sum(counts["flexible"].values())

    def share(k: int) -> str:
        return f"{k / n:.1%}" if n else "-"

    table = Table()
    table.add_column("verdict")
    table.add_column("bucket")
    for p in POLICIES:
        marker = "*" if p == args.policy else ""
        table.add_column(f"{p}{marker}", justify="right")
        table.add_column("share", justify="right")
    for v in Verdict:
        if not any(counts[p][v] for p in POLICIES):
            continue
        cells = [v.value, v.bucket]
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


# --------------------------------------------------------------------------- check-data


# how a gold's answer was found, as check-data's summary names it
_GOLD_READ_AS = {
    "as_written": "as written",
    "hashes": "after ####",
    "a_colon": "after A:",
    "answer_colon": "after Answer:",
    "answer_is": "after 'the answer is'",
    "final_answer": "after Final Answer",
    "answer_heading": "under # Answer",
    "answer_tag": "in <answer>",
    "boxed": "in \\boxed",
}


def cmd_check_data(args: argparse.Namespace) -> int:
    from rewardkit import grade
    from rewardkit.grade import gold_readings, parse_gold

    # golds repeat (several completions a question, usually next to each other): a bounded cache keeps the
    # parse of each recent one, and memory flat however many distinct golds a file holds
    @functools.lru_cache(maxsize=4096)
    def problem_of(gold: str) -> tuple[str | None, str | None, str]:
        """What is wrong with the gold ("unparseable" or "disagree", with why; None when nothing is), and
        how its answer was read."""
        parsed = parse_gold(gold)
        if parsed.kind == "invalid":
            return "unparseable", parsed.why or "no detail", parsed.read_as
        readings = gold_readings(gold)
        for where, text in readings.items():
            # a worked solution whose final marker, last box and the calculation of its last step say
            # different things is a gold nobody can grade against with confidence: flagged, not passed
            if not grade(f"\\boxed{{{text}}}", gold=gold).correct:
                stated = " vs ".join(f"{w} {t!r}" for w, t in readings.items())
                return "disagree", f"{stated} (the {where} differs)", parsed.read_as
        return None, None, parsed.read_as

    malformed = n = 0
    problems: collections.Counter[str] = collections.Counter()
    read_as: collections.Counter[str] = collections.Counter()
    keys = (args.gold_key,)
    try:
        for item in iter_jsonl(args.input, required=keys, golds=keys):
            if isinstance(item, LineError):
                malformed += 1
                print(item, file=sys.stderr)
                continue
            n += 1
            gold = item.data[args.gold_key]
            problem, why, how = problem_of(gold)
            read_as[how] += 1
            if problem is not None:
                problems[problem] += 1
                shown = gold if len(gold) <= 60 else gold[:57] + "..."
                said = "cannot be parsed" if problem == "unparseable" else "states different answers"
                print(f"{args.input}:{item.line}: gold {shown!r} {said}: {why}")
    except OSError as exc:
        return _open_failed(args.input, exc)

    bad = f"; {malformed} malformed line(s) skipped" if malformed else ""
    if problems:
        found = []
        if problems["unparseable"]:
            found.append(f"{problems['unparseable']} of {n} golds cannot be parsed")
        if problems["disagree"]:
            found.append(f"{problems['disagree']} of {n} worked solutions state different answers")
        print(f"{args.input}: {'; '.join(found)}{bad}")
    else:
        print(f"{args.input}: OK, all {n} golds parse{bad}")
    if read_as:
        how = ", ".join(f"{_GOLD_READ_AS.get(k, k)} {v}" for k, v in read_as.most_common())
        print(f"golds read: {how}")
    if malformed:
        return EXIT_USAGE
    return EXIT_FINDINGS if problems else EXIT_OK


# --------------------------------------------------------------------------- stress


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _bound_text(r: Any) -> str:
    if r.probe.kind == "reference":
        return "-"
    if r.probe.kind == "control":
        return f"> {_num(r.bound)}"
    if r.probe.relative_to is not None:
        return f"<= {_num(r.bound)} ({r.probe.relative_to})"
    return f"<= {_num(r.bound)}"


def _stress_verdict(r: Any, strict_controls: bool) -> str:
    if r.passed is None:
        return "REF"
    if r.passed:
        return "PASS"
    if r.probe.kind == "control" and not strict_controls:
        return "WARN"
    return "FAIL"


def cmd_stress(args: argparse.Namespace) -> int:
    from rewardkit.errors import CodeNotAllowedError, ConfigError
    from rewardkit.rewards import build, load_spec
    from rewardkit.rewards.probes import PROBES, run_probes

    if args.list:
        for p in PROBES:
            print(f"{p.name:20} {p.kind:9} {p.description}")
        return EXIT_OK
    if args.spec is None:
        _error("stress needs a REWARD_SPEC (a reward name, module:callable, JSON or @file)")
        return EXIT_USAGE
    known = {p.name for p in PROBES}
    unknown = [n for n in args.probes or () if n not in known]
    if unknown:
        _error(f"unknown probe(s) {', '.join(unknown)}; probes: {', '.join(sorted(known))}")
        return EXIT_USAGE
    # a spec typed here names its code in plain sight; one read from a file may have come from anywhere
    from_file = args.spec.startswith("@")
    try:
        spec = load_spec(args.spec)
        reward = build(spec, allow_code=args.allow_code or not from_file)
    except CodeNotAllowedError as exc:
        _error(f"reward spec {_shown(args.spec)}: {exc}; pass --allow-code to run code named in a spec file")
        return EXIT_USAGE
    except (ConfigError, ValueError, TypeError) as exc:  # constructors reject bad parameters with these
        _error(f"reward spec {_shown(args.spec)}: {exc}")
        return EXIT_USAGE

    results = run_probes(reward, probes=args.probes, threshold=args.threshold)
    attacks_failed = [r.probe.name for r in results if r.exceeded]
    controls_failed = [r.probe.name for r in results if r.probe.kind == "control" and r.passed is False]
    failed = bool(attacks_failed) or (args.strict_controls and bool(controls_failed))
    status = EXIT_FINDINGS if failed else EXIT_OK

    if args.json:
        payload = {
            "reward": reward.name,
            "spec": spec,
            "threshold": 0.0 if args.threshold is None else args.threshold,
            "probes": [r.to_dict() | {"verdict": _stress_verdict(r, args.strict_controls)} for r in results],
            "attacks_failed": attacks_failed,
            "controls_failed": controls_failed,
            "passed": not failed,
        }
        print(json.dumps(payload, ensure_ascii=False))
        return status

    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    styles = {"PASS": "green", "FAIL": "bold red", "WARN": "yellow", "REF": "dim"}
    shown = args.spec if len(args.spec) <= 70 else args.spec[:67] + "..."
    table = Table(title=Text(f"stress: {shown}"))
    for name, justify in (
        ("probe", "left"),
        ("kind", "left"),
        ("mean", "right"),
        ("min", "right"),
        ("max", "right"),
        ("None", "right"),
        ("threshold", "left"),
        ("verdict", "left"),
    ):
        table.add_column(name, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    for r in results:
        verdict = _stress_verdict(r, args.strict_controls)
        table.add_row(
            r.probe.name,
            r.probe.kind,
            _num(r.mean),
            _num(r.min),
            _num(r.max),
            str(r.none_count),
            _bound_text(r),
            f"[{styles[verdict]}]{verdict}[/]",
        )
    console = Console(file=sys.stdout, highlight=False)
    if not console.is_terminal:  # rich assumes 80 columns when piped; the table needs a few more
        console.width = max(console.width, 110)
    console.print(table)
    for r in results:
        if r.error is not None:
            console.print(f"{r.probe.name}: the reward raised {r.error}", markup=False)
    attacks = sum(r.probe.kind == "attack" for r in results)
    controls = sum(r.probe.kind == "control" for r in results)
    console.print(
        f"{len(attacks_failed)} of {attacks} attacks paid above their ceiling"
        + (f" ({', '.join(attacks_failed)})" if attacks_failed else "")
        + f"; {len(controls_failed)} of {controls} controls unpaid"
        + (f" ({', '.join(controls_failed)})" if controls_failed else ""),
        markup=False,
    )
    console.print("FAIL" if failed else "PASS", markup=False, style="bold red" if failed else "bold green")
    return status


# --------------------------------------------------------------------------- eval


def cmd_eval(args: argparse.Namespace) -> int:
    if (args.completions is None) == (args.model is None):
        _error(
            "eval needs either --model PATH (generate, then grade) or --completions IN.jsonl (grade existing "
            "completions), not " + ("both" if args.model else "neither")
        )
        return EXIT_USAGE
    if args.output_dir is None:
        _error("eval needs --output-dir DIR (where records.jsonl and summary.json are written)")
        return EXIT_USAGE
    if args.model is not None:
        return _eval_model(args)

    from evalkit.completions import CompletionsOptions, run_completions

    opts = CompletionsOptions(
        completions=args.completions,
        output_dir=args.output_dir,
        question_key=args.question_key or "question",
        answer_key=args.answer_key or "answer",
        completion_key=args.completion_key,
        id_key=args.id_key or "id",
        sample_key=args.sample_key,
        workers=args.workers,
        ks=args.k,
        limit=args.limit,
        timeout_s=args.timeout,
    )
    return run_completions(opts)


def _eval_model(args: argparse.Namespace) -> int:
    if args.dataset is None and args.data_file is None:
        _error("--model needs the problems: --dataset gsm8k|math500 and/or --data-file FILE.jsonl")
        return EXIT_USAGE
    try:
        import torch  # noqa: F401
        import transformers  # noqa: F401
    except ImportError as exc:
        _error(f"--model needs torch and transformers ({exc}); install them: pip install 'rewardkit[eval]'")
        return EXIT_USAGE

    from evalkit.model_eval import ModelEvalOptions, run_model_eval
    from evalkit.prompts import DEFAULT_INSTRUCTION, DEFAULT_SYSTEM

    opts = ModelEvalOptions(
        model=args.model,
        output_dir=args.output_dir,
        dataset=args.dataset,
        data_file=args.data_file,
        split=args.split,
        question_key=args.question_key,
        answer_key=args.answer_key,
        id_key=args.id_key,
        base_model=args.base_model,
        n=args.n,
        max_new_tokens=args.max_new_tokens,
        temperature=args.temperature,
        top_p=args.top_p,
        batch_size=args.batch_size,
        limit=args.limit,
        shuffle=args.shuffle,
        seed=args.seed,
        system=DEFAULT_SYSTEM if args.system is None else args.system,
        instruction=DEFAULT_INSTRUCTION if args.instruction is None else args.instruction,
        ks=args.k,
        workers=args.workers,
        device=args.device,
        few_shot_file=args.few_shot,
        few_shot_n=args.few_shot_n,
        backend=args.backend,
        timeout_s=args.timeout,
    )
    return run_model_eval(opts)


_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "grade": cmd_grade,
    "score": cmd_score,
    "check-data": cmd_check_data,
    "stress": cmd_stress,
    "eval": cmd_eval,
}


if __name__ == "__main__":
    raise SystemExit(main())
