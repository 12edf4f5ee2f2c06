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
from bisect import bisect_right
from collections.abc import Callable, Iterable


class Rewritten:
    """A text and, for each position of it, the position of the original it stands for.

    The positions are kept as pieces (a run of characters copied from the original, or a replacement standing
    for one position), not one number per character: a rewrite usually changes a few words of a long text, and
    copying a number per character at each step cost more than the step's own search.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        # (start in text, origin there, 1 for a copied run or 0 for a replacement), in order of start: a
        # position maps to its piece's origin plus, in a copied run, its distance from the piece's start. The
        # last piece also maps the end of the text. None while nothing has changed: each position is its own.
        self._pieces: list[tuple[int, int, int]] | None = None
        self._starts: list[int] = []

    @property
    def changed(self) -> bool:
        return self._pieces is not None

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
        if not callable(replacement):
            template = replacement
            # a template without a group reference is its own expansion: m.expand parses it on every call
            replacement = (lambda m: m.expand(template)) if "\\" in template else (lambda m: template)
        text = self.text
        pieces: list[str] = []
        # (start in the new text, position in the current text, 1 for a copied run or 0 for a replacement):
        # the pieces as the current text sees them, mapped through its own pieces below if it has any
        local: list[tuple[int, int, int]] = []
        at = 0  # where the next piece starts in the new text
        last = 0
        changed = False
        for m in matches:
            new = replacement(m)
            start, end = m.span()
            if new == text[start:end]:
                continue
            if start > last:
                pieces.append(text[last:start])
                local.append((at, last, 1))
                at += start - last
            if new:
                pieces.append(new)
                local.append((at, start, 0))
                at += len(new)
            last = end
            changed = True
        if not changed:
            return
        pieces.append(text[last:])
        local.append((at, last, 1))  # with the end of the text
        self.text = "".join(pieces)
        if self._pieces is not None:
            local = self._through_pieces(local, len(text) + 1)
        self._pieces = local
        self._starts = [piece[0] for piece in local]

    def _through_pieces(self, local: list[tuple[int, int, int]], end: int) -> list[tuple[int, int, int]]:
        """``local`` (pieces whose origins are positions of the current text, the last run reaching ``end``)
        with origins in the original: a replacement takes its position's origin, a copied run the pieces
        of the current text it spans. A text's first rewrite, the common one, needs none of this."""
        origins: list[tuple[int, int, int]] = []
        for k, (at, position, step) in enumerate(local):
            if step:
                stop = position + (local[k + 1][0] - at if k + 1 < len(local) else end - position)
                self._copy(origins, position, stop, at)
            else:
                origins.append((at, self._origin(position), 0))
        return origins

    def _origin(self, i: int) -> int:
        if self._pieces is None:
            return i
        start, origin, step = self._pieces[bisect_right(self._starts, i) - 1]
        return origin + step * (i - start)

    def _copy(self, into: list[tuple[int, int, int]], lo: int, hi: int, at: int) -> int:
        """Append to ``into`` the pieces that map positions ``lo:hi`` of the current text, moved to start at
        ``at`` of the new one; return where the next piece starts."""
        if lo >= hi:
            return at
        if self._pieces is None:
            found = [(lo, lo, 1)]
        else:
            first = bisect_right(self._starts, lo) - 1
            found = []
            for k in range(first, len(self._pieces)):
                start, origin, step = self._pieces[k]
                if start >= hi:
                    break
                begin = max(lo, start)
                found.append((begin, origin + step * (begin - start), step))
        for start, origin, step in found:
            moved = at + start - lo
            if into and step and into[-1][2] and into[-1][1] + moved - into[-1][0] == origin:
                continue  # the copied run goes on
            into.append((moved, origin, step))
        return at + hi - lo

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """Where ``text[start:end]`` came from in the original text."""
        return self._origin(start), self._origin(end)
