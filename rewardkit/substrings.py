"""Where a word occurs in a text: the scans that find the few places a pattern can start, so the pattern is
tried there and not at every position (the grader's fast paths, in every language)."""

from __future__ import annotations

from collections.abc import Iterator

__all__ = ["find_all"]


def find_all(text: str, word: str) -> Iterator[int]:
    """Every index at which ``word`` starts in ``text``, overlapping occurrences included, in order.

    >>> list(find_all("aaa", "aa")), list(find_all("answer: 3", "x"))
    ([0, 1], [])
    """
    at = text.find(word)
    while at >= 0:
        yield at
        at = text.find(word, at + 1)
