"""Text rewritten step by step, remembering where each character came from.

The language layer rewrites a completion before anything is extracted (``七十二`` → ``72``); the answer a
grade reports must still point into the text the caller passed (``GradeResult.span`` indexes the original
completion). :class:`Rewritten` applies regular-expression substitutions and keeps, for every character of
the result, the position in the original it stands for: an unchanged character its own, a replacement the
start of what it replaced, and the end of a replacement the end of what it replaced.

>>> r = Rewritten("答案是七十二。")
>>> r.sub(re.compile("七十二"), "72")
>>> r.text, r.original_span(3, 5)
('答案是72。', (3, 6))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable


class Rewritten:
    def __init__(self, text: str) -> None:
        self.text = text
        self._origin: list[int] | None = None  # None while nothing has changed: each position is its own

    @property
    def changed(self) -> bool:
        return self._origin is not None

    def sub(
        self,
        pattern: re.Pattern[str],
        replacement: str | Callable[[re.Match[str]], str],
        pos: int = 0,
        endpos: int | None = None,
    ) -> None:
        """``pattern.sub(replacement, text)`` over ``text[pos:endpos]``; a string replacement is a template
        (``\\1``), as for ``re.sub``."""
        self.apply(
            pattern.finditer(self.text, pos, len(self.text) if endpos is None else endpos), replacement
        )

    def apply(
        self, matches: Iterable[re.Match[str]], replacement: str | Callable[[re.Match[str]], str]
    ) -> None:
        """Replace each of ``matches`` (of the current text, left to right, not overlapping)."""
        text = self.text
        pieces: list[str] = []
        origin: list[int] = []
        old = self._origin if self._origin is not None else range(len(text) + 1)
        last = 0
        for m in matches:
            new = replacement(m) if callable(replacement) else m.expand(replacement)
            if new == m.group():
                continue
            pieces.append(text[last : m.start()])
            origin.extend(old[last : m.start()])
            pieces.append(new)
            origin.extend([old[m.start()]] * len(new))
            last = m.end()
        if not pieces:
            return
        pieces.append(text[last:])
        origin.extend(old[last:])  # with the end of the text
        self.text = "".join(pieces)
        self._origin = origin

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """Where ``text[start:end]`` came from in the original text."""
        if self._origin is None:
            return start, end
        return self._origin[start], self._origin[end]
