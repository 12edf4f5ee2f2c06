"""The transient "grading" progress bar that ``score`` and ``eval`` show on a terminal."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["count_lines", "grading_progress"]


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


def count_lines(path: str) -> int | None:
    """Lines in the input, for the progress bar's total (None for stdin or an unreadable file)."""
    if path == "-":
        return None
    try:
        with open(path, "rb") as fh:
            return sum(block.count(b"\n") for block in iter(lambda: fh.read(1 << 20), b""))
    except OSError:
        return None
