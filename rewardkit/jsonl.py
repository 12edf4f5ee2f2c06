"""Read and write JSONL with errors that name ``FILE:LINE`` and the field.

A bad line is a value, not an exception: :func:`iter_jsonl` yields a :class:`LineError` in its place
and carries on, so one malformed row never costs the rest of a file. Empty lines are skipped; line
numbers count every physical line, starting at 1, so they match what an editor shows.

>>> import io
>>> src = io.BytesIO(b'{"answer": "18", "completion": "x"}\\n\\n[1]\\n{"answer": 3}\\n')
>>> for item in iter_jsonl(src, name="demo.jsonl", required=("answer",), strings=("answer",)):
...     print(item)
Record(line=1, data={'answer': '18', 'completion': 'x'})
demo.jsonl:3: expected a JSON object, got array
demo.jsonl:4: field 'answer' must be a string, got number 3

Gold answers are often stored as JSON numbers. A field listed in ``golds`` may be a string or a finite
number, and the record holds its gold text (:func:`gold_text`), so code downstream always sees a string:

>>> src = io.BytesIO(b'{"answer": 72}\\n{"answer": 0.5}\\n{"answer": true}\\n{"answer": NaN}\\n')
>>> for item in iter_jsonl(src, name="golds.jsonl", required=("answer",), golds=("answer",)):
...     print(item)
Record(line=1, data={'answer': '72'})
Record(line=2, data={'answer': '0.5'})
golds.jsonl:3: field 'answer' must be a string or a number, got boolean True
golds.jsonl:4: field 'answer' must be a finite number, got number nan
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import secrets
import socket
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Any

from rewardkit.dotted import lift_fields
from rewardkit.errors import DataError
from rewardkit.files import fsync_folder, json_line
from rewardkit.lazy_regex import lazy_compile

__all__ = [
    "ERRORS_SHOWN",
    "JsonlWriter",
    "LineError",
    "LineErrorReporter",
    "Record",
    "check_rows",
    "gold_error",
    "gold_text",
    "iter_jsonl",
    "read_jsonl",
    "read_log",
    "remove_stale_partials",
    "summarize_line_errors",
    "write_jsonl",
]

STDIO = "-"

_JSON_TYPES = {dict: "object", list: "array", str: "string", bool: "boolean", int: "number", float: "number"}


@dataclass(frozen=True)
class Record:
    """One valid line: its 1-based physical line number and the decoded object."""

    line: int
    data: dict[str, Any]


@dataclass(frozen=True)
class LineError:
    """One invalid line. ``str()`` gives the ``FILE:LINE: message`` form editors and CI understand."""

    path: str
    line: int
    message: str
    field: str | None = None

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    return _JSON_TYPES.get(type(value), type(value).__name__)


def _short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _got(value: Any) -> str:
    """What a field held, for a message: ``null``, or its type and a short repr (``number 3``)."""
    return "null" if value is None else f"{_type_name(value)} {_short(value)}"


def gold_text(value: Any) -> str | None:
    """The gold answer a decoded JSON value stands for, or ``None`` when it is not one.

    A string is kept as it is; an integer is written in decimal; a finite float is written as its ``repr``,
    the shortest text that reads back as the same float (``72.0``, ``0.1``, ``1e+20``, ``1e-07``), which the
    grader reads as exactly that number. Booleans, null, NaN, infinities, arrays and objects are not golds
    (:func:`gold_error` says why). Every command that reads golds from JSONL converts them here, so a
    numeric gold means the same thing to ``score``, ``eval`` and training.

    >>> [gold_text(v) for v in ("72", 72, -3, 72.0, 0.1, 1e20, 1e-7, 10**30)]
    ['72', '72', '-3', '72.0', '0.1', '1e+20', '1e-07', '1000000000000000000000000000000']
    >>> [gold_text(v) for v in (True, None, float("nan"), float("inf"), [1], {"a": 1})]
    [None, None, None, None, None, None]
    """
    if isinstance(value, str):
        return value
    if isinstance(value, bool):  # bool is an int subclass; true is not the gold 1
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and math.isfinite(value):
        return repr(value)
    return None


def gold_error(key: str, value: Any) -> str:
    """Why ``value`` in field ``key`` is not a gold, worded for a ``FILE:LINE:`` message.

    >>> gold_error("answer", None)
    "field 'answer' must be a string or a number, got null"
    >>> gold_error("answer", float("inf"))
    "field 'answer' must be a finite number, got number inf"
    """
    if isinstance(value, float) and not math.isfinite(value):
        return f"field {key!r} must be a finite number, got {_got(value)}"
    return f"field {key!r} must be a string or a number, got {_got(value)}"


def iter_jsonl(
    source: str | os.PathLike[str] | IO[bytes],
    *,
    name: str | None = None,
    required: Sequence[str] = (),
    strings: Sequence[str] = (),
    golds: Sequence[str] = (),
    dotted: bool = False,
) -> Iterator[Record | LineError]:
    """Yield a :class:`Record` or a :class:`LineError` for every non-empty line of ``source``.

    ``source`` is a path, ``"-"`` for standard input, or a binary stream. ``required`` fields must
    be present; ``strings`` fields must be strings when present (list a field in both to demand a
    present string); ``golds`` fields must be strings or finite numbers when present, and the record
    holds their :func:`gold_text`. With ``dotted``, a field named ``a.b`` that a line lacks literally is
    read from ``line["a"]["b"]`` (:mod:`rewardkit.dotted`) and stored under ``"a.b"`` in the record.
    Opening a missing file raises ``OSError`` at the first ``next()``: that is a problem with the whole
    run, not with one line.

    >>> import io
    >>> src = io.BytesIO(b'{"m": {"out": "7"}}\\n{"m": {}}\\n')
    >>> for item in iter_jsonl(src, name="n.jsonl", required=("m.out",), dotted=True):
    ...     print(item)
    Record(line=1, data={'m': {'out': '7'}, 'm.out': '7'})
    n.jsonl:2: field 'm.out': no 'out' under 'm' (it has: nothing)
    """
    checks = _Checks(tuple(required), tuple(strings), tuple(golds), dotted)
    if isinstance(source, (str, os.PathLike)):
        label = name or os.fspath(source)
        if os.fspath(source) == STDIO:
            yield from _iter_lines(sys.stdin.buffer, name or "<stdin>", checks)
            return
        with open(source, "rb") as fh:
            yield from _iter_lines(fh, label, checks)
    else:
        label = name or str(getattr(source, "name", "<stream>"))
        yield from _iter_lines(source, label, checks)


@dataclass(frozen=True)
class _Checks:
    required: tuple[str, ...]
    strings: tuple[str, ...]
    golds: tuple[str, ...]
    dotted: bool = False


def _iter_lines(fh: IO[bytes], label: str, checks: _Checks) -> Iterator[Record | LineError]:
    for number, raw in enumerate(fh, start=1):
        if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]  # a UTF-8 BOM, as some editors and Windows tools write
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield LineError(label, number, f"not valid UTF-8 ({exc.reason} at byte {exc.start})")
            continue
        if not text.strip():
            continue
        try:
            obj = json.loads(text.rstrip("\r\n"))
        except json.JSONDecodeError as exc:
            yield LineError(label, number, f"invalid JSON at column {exc.colno}: {exc.msg}")
            continue
        except ValueError:  # the only other ValueError json raises: Python's int/str conversion limit
            yield LineError(label, number, f"a number with more than {sys.get_int_max_str_digits()} digits")
            continue
        except RecursionError:
            yield LineError(label, number, "JSON nested too deeply to read")
            continue
        if not isinstance(obj, dict):
            yield LineError(label, number, f"expected a JSON object, got {_type_name(obj)}")
            continue
        error = _check_fields(obj, label, number, checks)
        if error is not None:
            yield error
            continue
        yield Record(number, obj)


def _check_fields(obj: dict[str, Any], label: str, number: int, checks: _Checks) -> LineError | None:
    """The first problem with the fields, or None. Converts the ``golds`` fields to gold text in place."""
    if checks.dotted:
        missing = lift_fields(obj, checks.required)
        if missing is not None:
            return LineError(label, number, missing.message, missing.key)
        lift_fields(obj, (*checks.golds, *checks.strings))  # optional fields: absent is fine
    for key in checks.required:
        if key not in obj:
            present = ", ".join(repr(k) for k in list(obj)[:8]) or "none"
            return LineError(label, number, f"missing field {key!r} (fields present: {present})", key)
    for key in checks.golds:
        if key in obj:
            text = gold_text(obj[key])
            if text is None:
                return LineError(label, number, gold_error(key, obj[key]), key)
            obj[key] = text
    for key in checks.strings:
        if key in obj and not isinstance(obj[key], str):
            value = obj[key]
            return LineError(
                label,
                number,
                f"field {key!r} must be a string, got {_got(value)}",
                key,
            )
    return None


def check_rows(
    rows: Iterable[Mapping[str, Any]],
    *,
    name: str,
    required: Sequence[str] = (),
    strings: Sequence[str] = (),
    golds: Sequence[str] = (),
    dotted: bool = False,
) -> Iterator[Record | LineError]:
    """The field checks of :func:`iter_jsonl` applied to rows that are decoded already (a Parquet file's):
    row ``i`` (from 1) is "line" ``i``, so a bad row is named ``FILE:ROW`` as a bad JSONL line is.

    >>> for item in check_rows([{"answer": 7}, {"answer": None}], name="t.parquet", golds=("answer",)):
    ...     print(item)
    Record(line=1, data={'answer': '7'})
    t.parquet:2: field 'answer' must be a string or a number, got null
    """
    checks = _Checks(tuple(required), tuple(strings), tuple(golds), dotted)
    for number, row in enumerate(rows, start=1):
        obj = dict(row)
        error = _check_fields(obj, name, number, checks)
        yield error if error is not None else Record(number, obj)


def read_jsonl(
    source: str | os.PathLike[str] | IO[bytes],
    *,
    name: str | None = None,
    required: Sequence[str] = (),
    strings: Sequence[str] = (),
    golds: Sequence[str] = (),
    dotted: bool = False,
) -> tuple[list[Record], list[LineError]]:
    """All valid records and all line errors of ``source`` (see :func:`iter_jsonl`)."""
    records: list[Record] = []
    errors: list[LineError] = []
    items = iter_jsonl(source, name=name, required=required, strings=strings, golds=golds, dotted=dotted)
    for item in items:
        (records if isinstance(item, Record) else errors).append(item)  # type: ignore[arg-type]
    return records, errors


# how many lines of each distinct message a command prints before it only counts the rest
ERRORS_SHOWN = 5
# distinct messages told apart; past them the rest are counted together, so memory stays bounded on a file
# of a million differently broken lines (``invalid JSON at column N`` differs with N)
_MESSAGE_KINDS = 100
_OTHER = "other messages"
_WHERE = lazy_compile(r"(?P<where>.*?:[0-9]+): (?P<message>.*)", re.DOTALL)


def _message_of(error: LineError | str) -> str:
    if isinstance(error, LineError):
        return error.message
    match = _WHERE.fullmatch(error)
    return match["message"] if match else error


class LineErrorReporter:
    """Report line errors as they come: the first ``limit`` of each distinct message in full (``FILE:LINE:
    message``), the rest only counted, one line per message when :meth:`finish` is called. A file whose
    every line lacks a field (a nested export, the wrong ``--gold-key``) is then a few lines and a count,
    not a thousand identical ones burying everything else.

    ``emit`` prints one line (default: to standard error). Errors are a :class:`LineError` or the text of
    one (``"FILE:LINE: message"``); messages are told apart without their ``FILE:LINE``.

    >>> printed = []
    >>> out = LineErrorReporter(printed.append, limit=2)
    >>> for n in range(1, 6):
    ...     out.add(LineError("in.jsonl", n, "missing field 'answer'", "answer"))
    >>> out.add("in.jsonl:9: invalid JSON at column 3: Expecting value")
    >>> out.finish()
    >>> printed  # doctest: +NORMALIZE_WHITESPACE
    ["in.jsonl:1: missing field 'answer'", "in.jsonl:2: missing field 'answer'",
     'in.jsonl:9: invalid JSON at column 3: Expecting value', "... and 3 more lines: missing field 'answer'"]
    >>> out.count
    6
    """

    def __init__(self, emit: Callable[[str], None] | None = None, *, limit: int = ERRORS_SHOWN) -> None:
        self.emit = emit if emit is not None else (lambda line: print(line, file=sys.stderr))
        self.limit = limit
        self.count = 0
        self._seen: dict[str, int] = {}

    def add(self, error: LineError | str) -> None:
        """Count ``error``; print it while fewer than ``limit`` errors with its message were printed."""
        self.count += 1
        message = _message_of(error)
        if message not in self._seen and len(self._seen) >= _MESSAGE_KINDS:
            message = _OTHER
        seen = self._seen[message] = self._seen.get(message, 0) + 1
        if seen <= self.limit:
            self.emit(str(error))

    def finish(self) -> None:
        """Print one line per message with more errors than were shown. Safe to call twice."""
        for message, seen in self._seen.items():
            if seen > self.limit:
                hidden = seen - self.limit
                self.emit(f"... and {hidden} more line{'s' if hidden != 1 else ''}: {message}")
                self._seen[message] = self.limit


def summarize_line_errors(errors: Iterable[LineError | str], *, limit: int = ERRORS_SHOWN) -> list[str]:
    """The lines a :class:`LineErrorReporter` prints for ``errors``, as a list.

    >>> lines = summarize_line_errors([f"x.jsonl:{n}: not JSON" for n in (1, 2, 3)], limit=1)
    >>> for line in lines:
    ...     print(repr(line))
    'x.jsonl:1: not JSON'
    '... and 2 more lines: not JSON'
    """
    lines: list[str] = []
    reporter = LineErrorReporter(lines.append, limit=limit)
    for error in errors:
        reporter.add(error)
    reporter.finish()
    return lines


def read_log(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """Every object of a JSONL log this project wrote (metrics, rollouts, trajectories); ``[]`` when the file
    does not exist. A damaged line is a :class:`~rewardkit.errors.DataError` naming ``FILE:LINE`` (and the
    field), not a traceback from deep inside a run: a log that cannot be read whole cannot be summarised.
    """
    if not os.path.isfile(path):
        return []
    rows: list[dict[str, Any]] = []
    for item in iter_jsonl(path):
        if isinstance(item, LineError):
            raise DataError(item.message, path=item.path, line=item.line, field=item.field)
        rows.append(item.data)
    return rows


# A partial file is named after its owner, ``.NAME.HOST.PID.RANDOM.partial``: two runs writing one target
# never share a file, and a later run can tell the partial of a killed run (a dead pid on this host) from
# that of a run still going. Hosts differ when a folder is shared over the network or between containers,
# whose pids mean nothing here, so only this host's partials are ever judged.
_HOST = re.sub(r"[^A-Za-z0-9-]", "-", socket.gethostname()) or "host"


def _partial_pattern(name: str) -> re.Pattern[str]:
    return re.compile(rf"\.{re.escape(name)}\.(?P<host>[A-Za-z0-9-]+)\.(?P<pid>[0-9]+)\.[0-9a-f]+\.partial")


def _pid_alive(pid: int) -> bool:
    if os.name == "nt":  # os.kill(pid, 0) would terminate the process on Windows: never judge, keep the file
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # EPERM: alive, owned by another user
        return True
    return True


def remove_stale_partials(target: str | os.PathLike[str]) -> list[str]:
    """Remove the partial files that killed runs writing ``target`` left behind; return their paths.

    A partial is stale when it was made on this host by a process that no longer exists. Partials of live
    processes (this one included) are kept, as are those a pid that was reused since makes look alive: a
    leftover file is a nuisance, deleting a live run's output would be a loss.
    """
    folder, name = os.path.split(os.fspath(target))
    pattern = _partial_pattern(name)
    removed: list[str] = []
    try:
        entries = os.listdir(folder or ".")
    except OSError:
        return removed
    for entry in entries:
        match = pattern.fullmatch(entry)
        if match is None or match["host"] != _HOST or _pid_alive(int(match["pid"])):
            continue
        path = os.path.join(folder, entry)
        with contextlib.suppress(OSError):  # another run may have removed it first
            os.unlink(path)
            removed.append(path)
    return removed


def _create_partial(target: str) -> tuple[str, IO[str]]:
    """A new, empty partial file next to ``target`` that no other run can be writing, opened for text."""
    folder, name = os.path.split(target)
    while True:
        path = os.path.join(folder, f".{name}.{_HOST}.{os.getpid()}.{secrets.token_hex(4)}.partial")
        try:
            # O_EXCL: never open a file another run made; mode 0o666 lets the umask decide, as open() does
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        return path, os.fdopen(fd, "w", encoding="utf-8", newline="\n")


class JsonlWriter:
    """Write one JSON object per line to a path or, for ``"-"``, to standard output.

    Use as a context manager; lines are written as they come so a long run can be followed with
    ``tail -f``. Standard output is flushed, never closed.

    ``atomic=True`` writes to a hidden partial file of this run's own next to the target
    (``.NAME.HOST.PID.RANDOM.partial``) and moves it into place only when the block ends without an
    exception: an interrupted or failed run leaves the previous file (or none) instead of a truncated one,
    and two runs writing one target at once each move a complete file into place (the last one to finish
    wins, whole). Entering removes the partials of killed runs (:func:`remove_stale_partials`). Standard
    output and existing non-regular files (``/dev/null``, a pipe) are written directly.
    """

    def __init__(self, target: str | os.PathLike[str], *, atomic: bool = False) -> None:
        self.target = os.fspath(target)
        self.count = 0
        self._fh: IO[str] | None = None
        self._owned = False
        self._atomic = (
            atomic
            and self.target != STDIO
            and (not os.path.exists(self.target) or os.path.isfile(self.target))
        )
        self._partial: str | None = None

    def __enter__(self) -> JsonlWriter:
        if self.target == STDIO:
            self._fh = sys.stdout
        elif self._atomic:
            remove_stale_partials(self.target)
            self._partial, self._fh = _create_partial(self.target)
            self._owned = True
        else:
            self._fh = open(self.target, "w", encoding="utf-8", newline="\n")
            self._owned = True
        return self

    def write(self, obj: Mapping[str, Any]) -> None:
        assert self._fh is not None, "use JsonlWriter as a context manager"
        self._fh.write(json_line(obj))
        self.count += 1

    def __exit__(self, exc_type: object, *exc: object) -> None:
        if self._fh is None:
            return
        fh, self._fh = self._fh, None
        if not self._owned:
            fh.flush()
            return
        if self._partial is None:
            fh.close()
            return
        partial, self._partial = self._partial, None
        try:
            try:
                if exc_type is None:
                    fh.flush()  # may raise: the last buffered lines did not fit on the disk
                    os.fsync(fh.fileno())  # the data is on disk before the name points to it
            finally:
                fh.close()
            if exc_type is None:
                os.replace(partial, self.target)
                fsync_folder(os.path.dirname(self.target) or ".")  # the rename, too, survives a crash
                return
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(partial)
            raise
        with contextlib.suppress(OSError):
            os.unlink(partial)


def write_jsonl(target: str | os.PathLike[str], rows: Iterable[Mapping[str, Any]]) -> int:
    """Write ``rows`` to ``target`` (``"-"`` is standard output); return the number of lines."""
    with JsonlWriter(target) as writer:
        for row in rows:
            writer.write(row)
    return writer.count
