"""What every subcommand prints the same way: error lines and values shown in messages."""

from __future__ import annotations

import json
import sys
from typing import Any

__all__ = [
    "error",
    "open_failed",
    "print_json",
    "printable",
    "shown",
]

from rewardkit.exit_codes import EXIT_USAGE


def error(message: str) -> None:
    """``rewardkit: error: MESSAGE`` on stderr."""
    print(f"rewardkit: error: {message}", file=sys.stderr)


def open_failed(path: str, exc: OSError) -> int:
    """Report an input that cannot be read; the usage status to return."""
    error(f"cannot read {path}: {exc.strerror or exc}")
    return EXIT_USAGE


def shown(text: str, limit: int = 80) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters (a spec can be megabytes).

    >>> shown("x" * 100, limit=5)
    "'xxxxx'… (100 characters)"
    """
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"… ({len(text):,} characters)"


def printable(value: Any) -> str:
    """``value`` as text any terminal can print: ``-`` for None, a lone surrogate as its escape (from
    non-UTF-8 bytes on the command line or stdin)."""
    if value is None:
        return "-"
    return str(value).encode("utf-8", "backslashreplace").decode("utf-8")


def print_json(obj: Any) -> None:
    """One JSON line on stdout, ASCII-escaped where the terminal cannot show the text."""
    text = json.dumps(obj, ensure_ascii=False)
    try:
        text.encode(sys.stdout.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):  # a lone surrogate, or a terminal that cannot show the text
        text = json.dumps(obj)
    print(text)
