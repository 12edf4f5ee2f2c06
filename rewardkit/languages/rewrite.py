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
from itertools import chain


class Rewritten:
    """A text and, for each position of it, the position of the original it stands for.

    Each rewrite that changed the text keeps its own map, as pieces (a run of characters copied from the text
    before it, or a replacement standing for one position), not one number per character: a rewrite usually
    changes a few words of a long text, and copying a number per character at each step cost more than the
    step's own search. A position is mapped back through them, last first, only when asked (once or twice a
    grade): composing the maps at each step cost more than the steps' own searches on a short text.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        # per rewrite that changed the text, in order: (the starts of its pieces, the pieces) where a piece is
        # (start in its result, origin in the text before it, 1 for a copied run or 0 for a replacement), in
        # order of start: a position maps to its piece's origin plus, in a copied run, its distance from the
        # piece's start. The last piece also maps the end of the text.
        self._maps: list[tuple[list[int], list[tuple[int, int, int]]]] = []

    @property
    def changed(self) -> bool:
        return bool(self._maps)

    def sub(
        self,
        pattern: re.Pattern[str],
        replacement: str | Callable[[re.Match[str]], str],
        pos: int = 0,
        endpos: int | None = None,
    ) -> None:
        """``pattern.sub(replacement, text)`` over ``text[pos:endpos]``; a string replacement is a template
        (``\\1``), as for ``re.sub``."""
        text = self.text
        end = len(text) if endpos is None else endpos
        # most steps find nothing: one search says so, for less than the replacing loop costs
        first = pattern.search(text, pos, end)
        if first is None:
            return
        if first.end() == first.start():  # an empty match: finditer alone knows where the next may start
            self.apply(pattern.finditer(text, pos, end), replacement)
        else:  # the matches after the first start where it ends, as finditer's would
            self.apply(chain((first,), pattern.finditer(text, first.end(), end)), replacement)

    def apply(
        self, matches: Iterable[re.Match[str]], replacement: str | Callable[[re.Match[str]], str]
    ) -> None:
        """Replace each of ``matches`` (of the current text, left to right, not overlapping)."""
        if not callable(replacement):
            template = replacement
            # a template without a group reference is its own expansion: m.expand parses it on every call
            replacement = (lambda m: m.expand(template)) if "\\" in template else (lambda m: template)
        self.splice((*m.span(), replacement(m)) for m in matches)

    def splice(self, edits: Iterable[tuple[int, int, str]]) -> None:
        """Replace each ``text[start:end]`` of ``edits`` (``(start, end, new)``, left to right, not
        overlapping) with its ``new``; an empty span inserts. A rewrite that moves words around a value
        (``42ではない`` → ``not 42``) edits what surrounds it, so that the value keeps its own positions (a
        value's end maps back through what replaced the words right after it: replaced by nothing, they
        would be mapped past).

        >>> r = Rewritten("42ではない")
        >>> r.splice([(0, 0, "not "), (2, 6, " ")])
        >>> r.text, r.original_span(4, 6)
        ('not 42 ', (0, 2))
        """
        text = self.text
        pieces: list[str] = []
        # (start in the new text, position in the current text, 1 for a copied run or 0 for a replacement),
        # and the starts alone, for the search that maps a position back
        local: list[tuple[int, int, int]] = []
        starts: list[int] = []
        at = 0  # where the next piece starts in the new text
        last = 0
        changed = False
        for start, end, new in edits:
            if new == text[start:end]:
                continue
            if start > last:
                pieces.append(text[last:start])
                local.append((at, last, 1))
                starts.append(at)
                at += start - last
            if new:
                pieces.append(new)
                local.append((at, start, 0))
                starts.append(at)
                at += len(new)
            last = end
            changed = True
        if not changed:
            return
        pieces.append(text[last:])
        local.append((at, last, 1))  # with the end of the text
        starts.append(at)
        self.text = "".join(pieces)
        self._maps.append((starts, local))

    def translate(self, table: dict[int, str]) -> None:
        """``text.translate(table)``, where ``table`` writes each character it holds as one character: every
        position stands where it stood (``總共`` → ``总共``), so the map a rewrite keeps is the identity.

        >>> r = Rewritten("總共72個")
        >>> r.translate(str.maketrans("總個", "总个"))
        >>> r.text, r.changed, r.original_span(2, 4)
        ('总共72个', True, (2, 4))
        """
        new = self.text.translate(table)
        if new == self.text:
            return
        if len(new) != len(self.text):
            raise ValueError("translate: a character must be written as one character")
        self.text = new
        self._maps.append(([0], [(0, 0, 1)]))

    def _origin(self, i: int) -> int:
        for starts, pieces in reversed(self._maps):
            start, origin, step = pieces[bisect_right(starts, i) - 1]
            i = origin + step * (i - start)
        return i

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """Where ``text[start:end]`` came from in the original text."""
        return self._origin(start), self._origin(end)
