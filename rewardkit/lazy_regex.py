"""Regular expressions compiled at their first use.

The grader's readers keep about two thousand module-level patterns, and Python compiles a pattern in pure
Python: compiling them all at import took about 1.6 s of CPU, paid by every process that imports rewardkit
(a CLI call, a sandbox worker, a data-loader process), most of it for readers a given text never reaches (the
Chinese readers for English text, the manipulation readers for text with no cue). :func:`lazy_compile` returns
a stand-in that compiles on the first use of a method and from then on hands out the compiled pattern's own
bound methods, stored on the stand-in: a call costs one instance-dictionary lookup more than on the compiled
pattern (about 0.05 µs). The stand-in stays the object every module holds, so a reader that tells its patterns
apart by identity (``pattern is _RANGE``) still can.

>>> DIGITS = lazy_compile(r"\\d+")
>>> DIGITS.pattern, DIGITS.search("ab 12").group(), DIGITS.findall("1 22 333")
('\\\\d+', '12', ['1', '22', '333'])
"""

from __future__ import annotations

import re
from typing import Any, cast

# the methods of a compiled pattern that the stand-in takes over on first use (its attributes groups,
# groupindex and flags are read through it)
_TAKEN_OVER = (
    "search",
    "match",
    "fullmatch",
    "finditer",
    "findall",
    "sub",
    "subn",
    "split",
)


class _LazyPattern:
    """A pattern's source and flags until something of the compiled pattern is asked for. Its methods compile
    and store the compiled pattern's methods and attributes in the instance's ``__dict__``, which a method
    name then finds before the class's own (these are plain functions, which an instance attribute hides)."""

    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern = pattern  # (read without compiling: patterns are built from other patterns' sources)
        self._flags = flags

    def _compiled(self) -> re.Pattern[str]:
        state = self.__dict__
        compiled: re.Pattern[str] | None = state.get("_compiled_pattern")
        if compiled is not None:
            return compiled
        # (two threads that race here compile it twice and store equal methods)
        compiled = re.compile(self.pattern, self._flags)
        state["_compiled_pattern"] = compiled
        for attribute in _TAKEN_OVER:
            state[attribute] = getattr(compiled, attribute)
        return compiled

    def search(self, *args: Any, **kwargs: Any) -> Any:
        return self._compiled().search(*args, **kwargs)

    def match(self, *args: Any, **kwargs: Any) -> Any:
        return self._compiled().match(*args, **kwargs)

    def fullmatch(self, *args: Any, **kwargs: Any) -> Any:
        return self._compiled().fullmatch(*args, **kwargs)

    def finditer(self, *args: Any, **kwargs: Any) -> Any:
        return self._compiled().finditer(*args, **kwargs)

    def findall(self, *args: Any, **kwargs: Any) -> Any:
        return self._compiled().findall(*args, **kwargs)

    def sub(self, *args: Any, **kwargs: Any) -> Any:
        return self._compiled().sub(*args, **kwargs)

    def subn(self, *args: Any, **kwargs: Any) -> Any:
        return self._compiled().subn(*args, **kwargs)

    def split(self, *args: Any, **kwargs: Any) -> Any:
        return self._compiled().split(*args, **kwargs)

    @property
    def groups(self) -> int:
        return self._compiled().groups

    @property
    def groupindex(self) -> Any:
        return self._compiled().groupindex

    @property
    def flags(self) -> int:
        return self._compiled().flags

    def __repr__(self) -> str:
        return f"lazy_compile({self.pattern!r}, {self._flags})"


def lazy_compile(pattern: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, compiled when first used (typed as the compiled pattern it stands
    for: only its methods and ``pattern``, ``flags``, ``groups``, ``groupindex`` are used)."""
    return cast("re.Pattern[str]", _LazyPattern(pattern, int(flags)))
