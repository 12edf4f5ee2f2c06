"""``rewardkit eval --completions FILE``: grade completions that already exist, with no model at all.

Each valid input line is one sample: a gold answer, a completion and optionally an id, a sample index,
a finish reason and passthrough fields (``subject``, ``level``). Lines with the same problem id are
samples of one problem (for pass@k and maj@k); a line without an id belongs to the problem of its
question text, or failing that is a problem of its own. The output folder receives ``records.jsonl``
(see :mod:`evalkit.records`) and ``summary.json`` (see :func:`evalkit.metrics.summarize`); a rerun into
the same folder grades only the samples not yet recorded.

A malformed line is reported as ``FILE:LINE: ...`` naming the field, and skipped; the rest is graded and
the exit status is 2 at the end.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from evalkit.records import (
    PASSTHROUGH,
    RECORDS_FILE,
    SUMMARY_FILE,
    FolderInUse,
    RecordWriter,
    make_record,
    record_key,
    write_summary,
)
from rewardkit.dotted import lift_fields
from rewardkit.exit_codes import EXIT_OK, EXIT_USAGE
from rewardkit.jsonl import LineError, LineErrorReporter, Record, iter_jsonl

__all__ = [
    "CompletionsOptions",
    "Sample",
    "grade_and_write",
    "print_summary",
    "read_samples",
    "run_completions",
]


# finish reasons as the common generation APIs spell them, reduced to the record's "stop" / "length"
_FINISH_REASONS = {
    "stop": "stop",
    "eos": "stop",
    "end_turn": "stop",
    "stop_sequence": "stop",
    "length": "length",
    "max_tokens": "length",
    "max_length": "length",
}


@dataclass(frozen=True)
class CompletionsOptions:
    """What ``rewardkit eval --completions`` was asked to do."""

    completions: str
    output_dir: str
    question_key: str = "question"
    answer_key: str = "answer"
    completion_key: str = "completion"
    id_key: str = "id"
    sample_key: str = "sample_index"
    workers: int = 1
    ks: Sequence[int] | None = None
    limit: int | None = None
    timeout_s: float | None = None  # grading budget per completion (None: the grader's default)
    decimals: int | None = None  # answers rounded to that many places (grade's option; None: as written)


@dataclass
class Sample:
    """One valid input line, ready to grade."""

    line: int
    id: Any
    sample_index: int
    completion: str
    gold: str
    question: str | None = None
    prompt: str | None = None
    finish_reason: str | None = None
    token_count: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def finished(self) -> bool | None:
        return None if self.finish_reason is None else self.finish_reason == "stop"


def _json_short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _field_error(path: str, record: Record, key: str, what: str) -> LineError:
    return LineError(path, record.line, f"field {key!r} {what}, got {_json_short(record.data.get(key))}", key)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _finish_reason(path: str, record: Record) -> str | LineError | None:
    data = record.data
    reason: str | None = None
    raw = data.get("finish_reason")
    if raw is not None:
        if not isinstance(raw, str) or raw.lower() not in _FINISH_REASONS:
            return _field_error(path, record, "finish_reason", "must be 'stop', 'length' or null")
        reason = _FINISH_REASONS[raw.lower()]
    finished = data.get("finished")
    if finished is not None:
        if not isinstance(finished, bool):
            return _field_error(path, record, "finished", "must be true, false or null")
        from_flag = "stop" if finished else "length"
        if reason is not None and reason != from_flag:
            return _field_error(path, record, "finished", f"contradicts finish_reason {raw!r}")
        reason = from_flag
    return reason


def _question_id(question: str) -> str:
    return "q-" + hashlib.sha1(question.encode("utf-8")).hexdigest()[:12]


def read_samples(opts: CompletionsOptions, report: Callable[[LineError], None]) -> Iterator[Sample]:
    """Yield the valid samples of the input, reporting every malformed line; raises OSError when unreadable.

    Stops taking new problems after ``opts.limit`` of them (samples of the problems taken are still read).
    """
    path = opts.completions
    keys = (opts.answer_key, opts.completion_key)
    strings = (opts.completion_key, opts.question_key)
    next_index: dict[str, int] = {}  # implicit sample index per problem
    where: dict[tuple[str, int], int] = {}  # (problem, sample) -> line, to report duplicates
    problems: set[str] = set()
    # dotted keys read nested fields: --completion-key 6b_finetuning.solution
    for item in iter_jsonl(path, required=keys, strings=strings, golds=(opts.answer_key,), dotted=True):
        if isinstance(item, LineError):
            report(item)
            continue
        data = item.data
        lift_fields(data, (opts.id_key, opts.sample_key))
        question = data.get(opts.question_key)
        raw_id = data.get(opts.id_key)
        if raw_id is None:
            pid: Any = _question_id(question) if question else f"line-{item.line}"
        elif isinstance(raw_id, str) or _is_int(raw_id):
            pid = raw_id
        else:
            report(_field_error(path, item, opts.id_key, "must be a string or a whole number"))
            continue
        raw_index = data.get(opts.sample_key)
        if raw_index is not None and not (_is_int(raw_index) and raw_index >= 0):
            report(_field_error(path, item, opts.sample_key, "must be a whole number >= 0"))
            continue
        reason = _finish_reason(path, item)
        if isinstance(reason, LineError):
            report(reason)
            continue
        tokens = data.get("token_count")
        if tokens is not None and not (_is_int(tokens) and tokens >= 0):
            report(_field_error(path, item, "token_count", "must be a whole number >= 0 or null"))
            continue
        prompt = data.get("prompt")
        problem = json.dumps(pid)
        index = raw_index if raw_index is not None else next_index.get(problem, 0)
        key = record_key(pid, index)
        if key in where:
            report(
                LineError(
                    path,
                    item.line,
                    f"duplicate sample: id {pid!r} sample_index {index} is already on line {where[key]}",
                    opts.sample_key,
                )
            )
            continue
        if problem not in problems:
            if opts.limit is not None and len(problems) >= opts.limit:
                continue
            problems.add(problem)
        where[key] = item.line
        next_index[problem] = next_index.get(problem, 0) + 1
        yield Sample(
            line=item.line,
            id=pid,
            sample_index=index,
            completion=data[opts.completion_key],
            gold=data[opts.answer_key],
            question=question,
            prompt=prompt if isinstance(prompt, str) else None,
            finish_reason=reason,
            token_count=tokens,
            extra={k: data.get(k) for k in PASSTHROUGH},
        )


def _chunks(n: int, size: int) -> Iterator[range]:
    for start in range(0, n, size):
        yield range(start, min(start + size, n))


def grade_and_write(
    todo: Sequence[Sample],
    writer: RecordWriter,
    workers: int,
    advance: Callable[[int], None],
    timeout_s: float | None = None,
    decimals: int | None = None,
) -> None:
    """Grade in chunks and write each chunk's records as soon as it is graded, so an interrupt keeps them.
    ``timeout_s`` is the grading budget per completion (None: the grader's default); ``decimals`` is
    ``grade``'s option, recorded in each record it changes the grading of (a resumed run must grade alike)."""
    from rewardkit import grade_many
    from rewardkit.grade import DEFAULT_TIMEOUT_S

    # grade_many starts a process pool per call: with workers, chunks must be big enough to pay for it
    size = 64 if workers == 1 else max(512, 128 * workers)
    for chunk in _chunks(len(todo), size):
        batch = [todo[i] for i in chunk]
        flags = [s.finished for s in batch]
        results = grade_many(
            [s.completion for s in batch],
            [s.gold for s in batch],
            workers=workers,
            finished=flags if any(f is not None for f in flags) else None,
            timeout_s=DEFAULT_TIMEOUT_S if timeout_s is None else timeout_s,
            decimals=decimals,
        )
        if len(results) != len(batch):  # the contract says this cannot happen; never misalign records
            raise RuntimeError(f"grade_many returned {len(results)} results for {len(batch)} inputs")
        for s, r in zip(batch, results, strict=True):
            record = make_record(
                id=s.id,
                sample_index=s.sample_index,
                question=s.question,
                prompt=s.prompt,
                completion=s.completion,
                finish_reason=s.finish_reason,
                token_count=s.token_count,
                gold=s.gold,
                result=r,
                **s.extra,
            )
            if decimals is not None:
                record["decimals"] = decimals
            writer.write(record)
        advance(len(batch))


def _stale(samples: Sequence[Sample], writer: RecordWriter, decimals: int | None = None) -> str | None:
    """Why the records already in the folder do not belong to this input (or were graded with another
    ``--decimals``), or None when they do."""
    recorded = {record_key(r["id"], r["sample_index"]): r for r in writer.records}
    for s in samples:
        r = recorded.get(record_key(s.id, s.sample_index))
        if r is not None and r.get("decimals") != decimals:
            return (
                f"{writer.path} already holds a record for id {s.id!r} sample_index {s.sample_index} graded "
                f"with --decimals {r.get('decimals')} (this run: {decimals}): use a fresh --output-dir"
            )
        if r is not None and (r.get("completion") != s.completion or r.get("gold") != s.gold):
            return (
                f"{writer.path} already holds a different record for id {s.id!r} sample_index "
                f"{s.sample_index} (line {s.line} of the input): it was written for another input; "
                "use a fresh --output-dir"
            )
    return None


def run_completions(opts: CompletionsOptions, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Grade ``opts.completions`` into ``opts.output_dir``, print the summary table, return the exit code."""
    from rich.console import Console

    out = out if out is not None else sys.stdout
    errc = Console(file=err if err is not None else sys.stderr, highlight=False, soft_wrap=True)

    def error(message: str) -> None:
        errc.print(f"rewardkit: error: {message}", markup=False)

    def warn(message: str) -> None:
        errc.print(f"rewardkit: warning: {message}", markup=False)

    errors: list[LineError] = []
    # the first few lines of each distinct message, then a count: a file without the field on every line
    shown = LineErrorReporter(lambda line: errc.print(line, markup=False))

    def report(e: LineError) -> None:
        errors.append(e)
        shown.add(e)

    try:
        samples = list(read_samples(opts, report))
    except OSError as exc:
        error(f"cannot read {opts.completions}: {exc.strerror or exc}")
        return EXIT_USAGE
    finally:
        shown.finish()
    if opts.ks:
        per_problem: dict[str, int] = {}
        for s in samples:
            per_problem[json.dumps(s.id)] = per_problem.get(json.dumps(s.id), 0) + 1
        most = max(per_problem.values(), default=0)
        if max(opts.ks) > most:
            error(f"--k {max(opts.ks)} needs that many samples per problem; the input has at most {most}")
            return EXIT_USAGE

    try:
        writer = RecordWriter(opts.output_dir, warn=warn)
        writer.open()
    except FolderInUse as exc:
        error(str(exc))
        return EXIT_USAGE
    except OSError as exc:
        error(f"cannot write to {opts.output_dir}: {exc.strerror or exc}")
        return EXIT_USAGE
    try:  # the folder stays locked until its summary is written: a summary describes the records beside it
        return _grade_and_summarize(opts, samples, errors, writer, out, errc)
    finally:
        with contextlib.suppress(OSError):  # every line was flushed when written; a failed one is reported
            writer.close()


def _grade_and_summarize(
    opts: CompletionsOptions,
    samples: Sequence[Sample],
    errors: Sequence[LineError],
    writer: RecordWriter,
    out: TextIO,
    errc: Any,
) -> int:
    from rich.console import Console

    from evalkit.metrics import summarize

    def error(message: str) -> None:
        errc.print(f"rewardkit: error: {message}", markup=False)

    stale = _stale(samples, writer, opts.decimals)
    if stale is not None:
        error(stale)
        return EXIT_USAGE
    todo = [s for s in samples if not writer.has(s.id, s.sample_index)]
    if writer.resumed:
        errc.print(
            f"resuming: {len(samples) - len(todo)} of {len(samples)} samples already in {writer.path}",
            markup=False,
        )
    try:
        _grade_with_progress(todo, writer, opts.workers, errc, opts.timeout_s, opts.decimals)
    except OSError as exc:  # a full disk, a folder removed mid-run: the lines written so far are whole
        error(f"cannot write to {writer.path}: {exc.strerror or exc} (rerun to grade the rest)")
        return EXIT_USAGE

    wanted = {record_key(s.id, s.sample_index) for s in samples}
    records = [r for r in writer.records if record_key(r["id"], r["sample_index"]) in wanted]
    if len(writer.records) > len(records):
        errc.print(
            f"rewardkit: warning: {len(writer.records) - len(records)} records in {writer.path} are not part "
            "of this input (kept, not summarized)",
            markup=False,
        )
    try:
        summary = summarize(records, list(opts.ks) if opts.ks else None)
    except ValueError as exc:
        error(f"{exc} (the records are saved: rerun with another --k to summarize them)")
        return EXIT_USAGE
    summary["completions"] = str(opts.completions)
    if opts.decimals is not None:
        summary["decimals"] = opts.decimals
    summary["malformed_lines"] = len(errors)
    try:
        write_summary(opts.output_dir, summary)
    except OSError as exc:
        error(f"cannot write {Path(opts.output_dir) / SUMMARY_FILE}: {exc.strerror or exc}")
        return EXIT_USAGE

    print_summary(summary, out, title=f"{opts.completions}: {len(records)} samples graded")
    console = Console(file=out, highlight=False, soft_wrap=True)
    console.print(f"wrote {Path(opts.output_dir) / RECORDS_FILE} and {SUMMARY_FILE}", markup=False)
    if errors:
        console.print(f"malformed lines skipped: {len(errors)}", markup=False)
    return EXIT_USAGE if errors else EXIT_OK


def _grade_with_progress(
    todo: Sequence[Sample],
    writer: RecordWriter,
    workers: int,
    errc: Any,
    timeout_s: float | None = None,
    decimals: int | None = None,
) -> None:
    from rewardkit.cli.progress import grading_progress

    with grading_progress(errc, len(todo), enabled=bool(errc.is_terminal and todo)) as advance:
        grade_and_write(todo, writer, workers, advance, timeout_s, decimals)


# --------------------------------------------------------------------------- the summary table


def pct(value: Any) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def with_ci(value: Any, ci: Any) -> str:
    if value is None:
        return "-"
    if not ci:
        return pct(value)
    return f"{pct(value)} [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]"


def _samples_text(summary: dict[str, Any]) -> str:
    spp = summary.get("samples_per_problem")
    if isinstance(spp, dict):
        return f"{spp.get('min')}-{spp.get('max')}"
    return str(spp)


def print_summary(summary: dict[str, Any], out: TextIO, *, title: str | None = None) -> None:
    """The rich table of a summary: n, accuracy with its interval, pass@k, maj@k, pass^k, verdict counts."""
    from rich.console import Console
    from rich.table import Table

    console = Console(file=out, highlight=False, soft_wrap=False)
    if not console.is_terminal:  # rich assumes 80 columns when piped; keep the rows on one line each
        console.width = max(console.width, 100)
    if title:
        console.print(title, markup=False, soft_wrap=True)

    table = Table(title=None)
    table.add_column("metric")
    table.add_column("strict", justify="right")
    table.add_column("flexible", justify="right")
    n_text = f"{summary.get('n')} problems x {_samples_text(summary)} samples"
    table.add_row("n", n_text, "")
    invalid = summary.get("gold_invalid", 0)
    if invalid:
        table.add_row("GOLD_INVALID (excluded)", f"{invalid} records", "")
    table.add_row(
        "accuracy [95% CI]",
        with_ci(summary.get("accuracy"), summary.get("accuracy_ci95_cluster")),
        with_ci(summary.get("accuracy_flexible"), summary.get("accuracy_flexible_ci95_cluster")),
    )
    for name in ("pass@k", "maj@k", "pass^k"):
        strict = summary.get(name) or {}
        flexible = summary.get(f"{name}_flexible") or {}
        for k in summary.get("ks", []):
            table.add_row(name.replace("k", str(k)), pct(strict.get(str(k))), pct(flexible.get(str(k))))
    console.print(table)

    counts = Table()
    counts.add_column("verdict")
    counts.add_column("strict", justify="right")
    counts.add_column("flexible", justify="right")
    strict_counts = summary.get("verdicts_strict", {})
    flexible_counts = summary.get("verdicts", {})
    from rewardkit.types import Verdict

    order = [v.value for v in Verdict] + sorted(set(strict_counts) | set(flexible_counts))
    shown: set[str] = set()
    for name in order:
        if name in shown or not (strict_counts.get(name) or flexible_counts.get(name)):
            continue
        shown.add(name)
        counts.add_row(name, str(strict_counts.get(name, 0)), str(flexible_counts.get(name, 0)))
    counts.add_row("total", str(summary.get("records", 0)), str(summary.get("records", 0)), style="bold")
    console.print(counts)
