"""Detect execution of injected payloads two ways: the sentinel file they would create, and an audit hook.

The sentinel file catches a payload that ran anywhere, worker processes included. The audit hook
(:pep:`578`) sees more, in this process: it records any attempt to *compile* text that carries the sentinel
name (``eval``/``exec``/``sympify`` of model text all compile it first, even when the payload then fails),
to open the sentinel path, to run a shell command or process naming it, and to unpickle ``os.system``.
An audit hook cannot be removed, so it is installed once per process and only records while armed.
"""

from __future__ import annotations

import contextlib
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

SENTINEL_NAME = f"SENTINEL-{uuid.uuid4().hex[:12]}"

_events: list[str] = []
_armed = False
_installed = False

_COMMAND_EVENTS = frozenset({"os.system", "subprocess.Popen", "os.exec", "os.posix_spawn", "os.spawn"})
_DANGEROUS_GLOBALS = frozenset({"os", "posix", "subprocess", "nt"})


def _text(value: object) -> str:
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if isinstance(value, (list, tuple)):
        return " ".join(_text(v) for v in value)
    return value if isinstance(value, str) else str(value) if isinstance(value, Path) else ""


def _hook(event: str, args: tuple[object, ...]) -> None:
    if not _armed:
        return
    if event == "compile" or event == "open" or event in _COMMAND_EVENTS:
        if args and SENTINEL_NAME in _text(args[0] if event != "subprocess.Popen" else args[1]):
            _events.append(f"{event}: {_text(args[0])[:120]!r}")
    elif event == "pickle.find_class" and args and args[0] in _DANGEROUS_GLOBALS:
        _events.append(f"{event}: {args[0]}.{args[1]}")


def install() -> None:
    """Install the audit hook in this process (once)."""
    global _installed
    if not _installed:
        sys.addaudithook(_hook)
        _installed = True


@contextlib.contextmanager
def watching() -> Iterator[list[str]]:
    """Record the events seen inside the block; yields the list they are appended to."""
    global _armed
    install()
    start = len(_events)
    seen: list[str] = []
    _armed = True
    try:
        yield seen
    finally:
        _armed = False
        seen.extend(_events[start:])


def sentinel_path(folder: Path) -> Path:
    """Where the payloads aim: a file a test can check for, named with this run's sentinel name."""
    return folder / SENTINEL_NAME
