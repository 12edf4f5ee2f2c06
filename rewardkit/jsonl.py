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
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Any

__all__ = ["JsonlWriter", "LineError", "Record", "iter_jsonl", "read_jsonl", "write_jsonl"]

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


def iter_jsonl(
    source: str | os.PathLike[str] | IO[bytes],
    *,
    name: str | None = None,
    required: Sequence[str] = (),
    strings: Sequence[str] = (),
) -> Iterator[Record | LineError]:
    """Yield a :class:`Record` or a :class:`LineError` for every non-empty line of ``source``.

    ``source`` is a path, ``"-"`` for standard input, or a binary stream. ``required`` fields must
    be present; ``strings`` fields must be strings when present (list a field in both to demand a
    present string). Opening a missing file raises ``OSError`` at the first ``next()``: that is a
    problem with the whole run, not with one line.
    """
    if isinstance(source, (str, os.PathLike)):
        label = name or os.fspath(source)
        if os.fspath(source) == STDIO:
            yield from _iter_lines(sys.stdin.buffer, name or "<stdin>", required, strings)
            return
        with open(source, "rb") as fh:
            yield from _iter_lines(fh, label, required, strings)
    else:
        label = name or str(getattr(source, "name", "<stream>"))
        yield from _iter_lines(source, label, required, strings)


def _iter_lines(
    fh: IO[bytes], label: str, required: Sequence[str], strings: Sequence[str]
) -> Iterator[Record | LineError]:
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
        if not isinstance(obj, dict):
            yield LineError(label, number, f"expected a JSON object, got {_type_name(obj)}")
            continue
        error = _check_fields(obj, label, number, required, strings)
        if error is not None:
            yield error
            continue
        yield Record(number, obj)


def _check_fields(
    obj: Mapping[str, Any], label: str, number: int, required: Sequence[str], strings: Sequence[str]
) -> LineError | None:
    for key in required:
        if key not in obj:
            present = ", ".join(repr(k) for k in list(obj)[:8]) or "none"
            return LineError(label, number, f"missing field {key!r} (fields present: {present})", key)
    for key in strings:
        if key in obj and not isinstance(obj[key], str):
            value = obj[key]
            return LineError(
                label,
                number,
                f"field {key!r} must be a string, got {_got(value)}",
                key,
            )
    return None


def read_jsonl(
    source: str | os.PathLike[str] | IO[bytes],
    *,
    name: str | None = None,
    required: Sequence[str] = (),
    strings: Sequence[str] = (),
) -> tuple[list[Record], list[LineError]]:
    """All valid records and all line errors of ``source`` (see :func:`iter_jsonl`)."""
    records: list[Record] = []
    errors: list[LineError] = []
    for item in iter_jsonl(source, name=name, required=required, strings=strings):
        (records if isinstance(item, Record) else errors).append(item)  # type: ignore[arg-type]
    return records, errors


def _dumps(obj: Any) -> str:
    # ensure_ascii=False keeps completions readable; the file is written as UTF-8 either way.
    text = json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: JSON spells it "\\ud800", UTF-8 has no bytes for it
        return json.dumps(obj, ensure_ascii=True, separators=(", ", ": "))
    return text


class JsonlWriter:
    """Write one JSON object per line to a path or, for ``"-"``, to standard output.

    Use as a context manager; lines are written as they come so a long run can be followed with
    ``tail -f``. Standard output is flushed, never closed.

    ``atomic=True`` writes to a hidden ``.NAME.partial`` file next to the target and moves it into place
    only when the block ends without an exception: an interrupted or failed run leaves the previous file
    (or none) instead of a truncated one. Standard output and existing non-regular files (``/dev/null``, a
    pipe) are written directly.
    """

    def __init__(self, target: str | os.PathLike[str], *, atomic: bool = False) -> None:
        self.target = os.fspath(target)
        self.count = 0
        self._fh: IO[str] | None = None
        self._owned = False
        self._partial: str | None = None
        if (
            atomic
            and self.target != STDIO
            and (not os.path.exists(self.target) or os.path.isfile(self.target))
        ):
            folder, name = os.path.split(self.target)
            self._partial = os.path.join(folder, f".{name}.partial")

    def __enter__(self) -> JsonlWriter:
        if self.target == STDIO:
            self._fh = sys.stdout
        else:
            path = self._partial or self.target
            self._fh = open(path, "w", encoding="utf-8", newline="\n")
            self._owned = True
        return self

    def write(self, obj: Mapping[str, Any]) -> None:
        assert self._fh is not None, "use JsonlWriter as a context manager"
        self._fh.write(_dumps(obj) + "\n")
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
        failed = exc_type is not None
        try:
            fh.close()  # may raise itself: the last buffered lines did not fit on the disk
        except BaseException:
            failed = True
            raise
        finally:
            if failed:
                with contextlib.suppress(OSError):
                    os.unlink(self._partial)
            else:
                os.replace(self._partial, self.target)


def write_jsonl(target: str | os.PathLike[str], rows: Iterable[Mapping[str, Any]]) -> int:
    """Write ``rows`` to ``target`` (``"-"`` is standard output); return the number of lines."""
    with JsonlWriter(target) as writer:
        for row in rows:
            writer.write(row)
    return writer.count
