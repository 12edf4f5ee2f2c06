"""Where a word occurs in a text: the scans that find the few places a pattern can start, so the pattern is
tried there and not at every position (the grader's fast paths, in every language)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from rewardkit.lazy_regex import lazy_compile

__all__ = ["find_all", "first_non_ascii", "longest_first"]


def find_all(text: str, word: str, start: int = 0) -> Iterator[int]:
    """Every index at or after ``start`` at which ``word`` starts in ``text``, overlapping occurrences
    included, in order.

    >>> list(find_all("aaa", "aa")), list(find_all("answer: 3", "x")), list(find_all("a-b-c", "-", 2))
    ([0, 1], [], [3])
    """
    at = text.find(word, start)
    while at >= 0:
        yield at
        at = text.find(word, at + 1)


def first_non_ascii(text: str, lo: int = 0) -> int:
    """The position of the first character of ``text`` outside ASCII at or after ``lo``, or its length when
    there is none. Found by halving with :meth:`str.isascii`, which reads a string a machine word at a time: a
    regular expression tests one character at a time, and cost more than the language steps themselves on an
    English text that closes in another language.

    >>> first_non_ascii("So 7 in all.\\n答案是 7"), first_non_ascii("abc"), first_non_ascii("é")
    (13, 3, 0)
    >>> first_non_ascii("éa", 1), first_non_ascii("éaé", 1)
    (2, 2)
    """
    if text.isascii():
        return len(text)
    hi = len(text)  # text[lo:lo] is ASCII, text[lo:hi] is not (or lo is already past the last one)
    if text[lo:].isascii():
        return hi
    while hi - lo > 32:
        mid = (lo + hi) // 2
        if text[lo:mid].isascii():
            lo = mid
        else:
            hi = mid
    found = _NON_ASCII.search(text, lo, hi)  # one C scan of the last few characters, not a loop in Python
    return found.start() if found is not None else hi


_NON_ASCII = lazy_compile(r"[^\x00-\x7f]")


def longest_first(words: Iterable[str]) -> str:
    """A pattern matching any of ``words``, the longest that fits first, as ``"|".join`` of them sorted by
    length would; written as a tree of their shared beginnings (``k(?:g(?:s)?|m)``). The regex engine tries
    the branches of an alternation one after the other: a flat list of four hundred units was tried word by
    word after every number of a text (30 µs a number), where the tree tries one branch a first character.

    >>> longest_first(["km", "kg", "kgs", "m"])
    '(?:k(?:g(?:s)?|m)|m)'
    >>> re.match(longest_first(["答", "答案", "答案是"]), "答案是72").group()
    '答案是'
    """
    tree: dict[str, Any] = {}
    for word in words:
        node = tree
        for c in word:
            node = node.setdefault(c, {})
        node[""] = {}  # a word ends here
    return _branches_of(tree)


def _branches_of(node: dict[str, Any]) -> str:
    # every branch that goes on before the word that ends here: the longest that fits is tried first
    branches = [re.escape(c) + _branches_of(child) for c, child in sorted(node.items()) if c]
    if not branches:
        return ""
    pattern = "(?:" + "|".join(branches) + ")"
    return pattern + "?" if "" in node else pattern
