"""How rewardkit writes files: whole JSON lines appended with ``O_APPEND``, and one atomic write.

Every writer of the project goes through here (``rewardkit.jsonl.JsonlWriter``, eval records and summaries,
training metrics, rollouts and trajectories, reports), so they all get the same guarantees:

* :class:`LineAppender` appends each batch of lines with a single ``write`` on an ``O_APPEND`` descriptor:
  the kernel puts it at the end of the file as one piece, so several processes (the ranks of a
  multi-process run, two evals) appending to one file never interleave within a line, and a killed writer
  leaves at most its last line cut short. A buffered text file would split a long line over several
  writes. ``fsync=True`` also forces each batch to disk, for files whose loss would cost a rerun;
* :func:`atomic_write` puts a whole file in place or leaves the old one: a temporary file in the same folder
  (so the rename never crosses file systems), written and fsynced, given the permissions a plain ``open()``
  would give it under the umask (``mkstemp`` makes it private), moved over the target with
  ``os.replace``, then the folder fsynced so that the rename itself survives a crash.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> with LineAppender(folder / "log.jsonl") as log:
...     log.write_json([{"step": 1}, {"step": 2, "text": "ünïcode"}])
>>> (folder / "log.jsonl").read_text(encoding="utf-8")
'{"step": 1}\\n{"step": 2, "text": "ünïcode"}\\n'
>>> atomic_write(folder / "summary.json", "{}\\n")
>>> (folder / "summary.json").read_text()
'{}\\n'
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

__all__ = ["LineAppender", "append_json_lines", "atomic_write", "fsync_folder", "json_line", "umask_mode"]


def json_line(obj: Any, *, default: Callable[[Any], Any] | None = None) -> str:
    """``obj`` as one line of JSON (with its newline), readable UTF-8.

    ``ensure_ascii=False`` keeps completions readable; a lone surrogate (which JSON spells ``"\\ud800"`` but
    UTF-8 has no bytes for) falls back to ASCII escapes for that line, so every line encodes.

    >>> json_line({"a": "é"}), json_line({"a": "\\ud800"})
    ('{"a": "é"}\\n', '{"a": "\\\\ud800"}\\n')
    """
    text = json.dumps(obj, ensure_ascii=False, default=default)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(obj, ensure_ascii=True, default=default) + "\n"
    return text + "\n"


def umask_mode(mode: int = 0o666) -> int:
    """``mode`` under this process's umask: the permissions ``open()`` gives a new file."""
    umask = os.umask(0)
    os.umask(umask)
    return mode & ~umask


def fsync_folder(folder: str | os.PathLike[str]) -> None:
    """Force a folder's entries (a rename, a new file) to disk; a no-op where folders cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:  # Windows cannot open a folder; its renames are durable by other means
        return
    try:
        with contextlib.suppress(OSError):  # some file systems refuse fsync on a folder (EINVAL)
            os.fsync(fd)
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    written = 0
    while written < len(data):  # a regular file takes it whole; loop for the odd short write
        written += os.write(fd, data[written:])


class LineAppender:
    """Append whole lines to ``path`` (created, with its folder, on first use).

    Each :meth:`write_text` / :meth:`write_json` call is one ``write`` on an ``O_APPEND`` descriptor (see the
    module docstring); ``fsync=True`` forces it to disk before returning. Use as a context manager, or call
    :meth:`close`.
    """

    def __init__(self, path: str | os.PathLike[str], *, fsync: bool = False) -> None:
        self.path = Path(path)
        self.fsync = fsync
        self._fd: int | None = None

    def __enter__(self) -> LineAppender:
        self.open()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def open(self) -> None:
        if self._fd is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # 0o666: the umask decides, as it does for open()
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)

    def write_text(self, text: str) -> None:
        """Append ``text`` (whole lines, each ending in a newline) in one write."""
        if not text:
            return
        self.open()
        assert self._fd is not None
        _write_all(self._fd, text.encode("utf-8"))
        if self.fsync:
            os.fsync(self._fd)

    def write_json(
        self, rows: Iterable[Mapping[str, Any]], *, default: Callable[[Any], Any] | None = None
    ) -> None:
        """Append one JSON line per row (:func:`json_line`), all in one write."""
        self.write_text("".join(json_line(row, default=default) for row in rows))

    def close(self) -> None:
        """Close the file. Safe to call twice."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)


def append_json_lines(
    path: str | os.PathLike[str],
    rows: Iterable[Mapping[str, Any]],
    *,
    fsync: bool = False,
    default: Callable[[Any], Any] | None = None,
) -> None:
    """Append ``rows`` to ``path`` as JSON lines in one write (nothing happens, and nothing is created, for
    no rows)."""
    text = "".join(json_line(row, default=default) for row in rows)
    if text:
        with LineAppender(path, fsync=fsync) as out:
            out.write_text(text)


def atomic_write(path: str | os.PathLike[str], text: str | bytes) -> None:
    """Replace ``path`` with ``text`` (UTF-8) all at once: readers see the old file or the new one, never a
    part, whatever happens to this process (see the module docstring). Creates the folder."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8") if isinstance(text, str) else text
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        try:
            _write_all(fd, data)
            os.fsync(fd)  # the data is on disk before the name points to it
            if hasattr(os, "fchmod"):
                os.fchmod(fd, umask_mode())
            else:  # Windows
                os.chmod(tmp, umask_mode())
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_folder(target.parent)
