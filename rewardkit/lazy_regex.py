"""Regular expressions compiled at their first use.

The grader's readers keep about two thousand module-level patterns, and Python compiles a pattern in pure
Python: compiling them all at import took about 1.6 s of CPU, paid by every process that imports rewardkit
(a CLI call, a sandbox worker, a data-loader process), most of it for readers a given text never reaches (the
Chinese readers for English text, the manipulation readers for text with no cue). :func:`lazy_compile` returns
a stand-in that compiles on the first call of a method and then hands out the compiled pattern's own bound
methods, so a pattern in use costs what ``re.compile``'s does.

>>> DIGITS = lazy_compile(r"\\d+")
>>> DIGITS.pattern, DIGITS.search("ab 12").group(), DIGITS.findall("1 22 333")
('\\\\d+', '12', ['1', '22', '333'])
>>> DIGITS.sub("#", "a1b22")
'a#b#'
"""

from __future__ import annotations

import re
from typing import Any, cast

# the methods and attributes of a compiled pattern that the stand-in takes over on first use
_TAKEN_OVER = (
    "search",
    "match",
    "fullmatch",
    "finditer",
    "findall",
    "sub",
    "subn",
    "split",
    "scanner",
    "groups",
    "groupindex",
    "flags",
)


class _LazyPattern:
    """A pattern's source and flags until something of the compiled pattern is asked for; then the compiled
    pattern's methods and attributes, stored on the stand-in itself (slots: one lookup per call, as a
    compiled pattern's own method takes)."""

    __slots__ = ("pattern", "_flags", "__weakref__", *_TAKEN_OVER)

    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern = pattern  # (read without compiling: patterns are built from other patterns' sources)
        self._flags = flags

    def __getattr__(self, name: str) -> Any:
        # called only for a slot not filled yet: the first use of the pattern (two threads that race here
        # compile it twice and store equal methods)
        compiled = re.compile(self.pattern, self._flags)
        for attribute in _TAKEN_OVER:
            setattr(self, attribute, getattr(compiled, attribute))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy_compile({self.pattern!r}, {self._flags})"


def lazy_compile(pattern: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, compiled when first used (typed as the compiled pattern it stands
    for: only its methods and ``pattern``, ``flags``, ``groups``, ``groupindex`` are used)."""
    return cast("re.Pattern[str]", _LazyPattern(pattern, int(flags)))
