"""Values named by the word that counts them: ``\\boxed{1} papers and \\boxed{2} bins``, ``2 bins, 1 paper``.

A gold whose boxes each name what their value counts, by a word after the box, answers the question for each
word: the parts are told apart by their words, not by their order. Such a gold is read as one equation per
word (``paper = 1, bin = 2``; :func:`counted_gold`), so an answer that names the parts by their words pays in
any order (``2 bins and 1 paper``; :func:`read_counted`), and bare values are read in the gold's order: ``1,
2`` pays, ``2, 1`` does not.

>>> counted_gold("\\\\boxed{1} papers and \\\\boxed{2} bins")
[('1', 'paper'), ('2', 'bin')]
>>> read_counted("2 bins and 1 paper", ("paper", "bin"))
[('1', 'paper'), ('2', 'bin')]
>>> read_counted("2 bins and 1 pen", ("paper", "bin")) is None
True
"""

from __future__ import annotations

import re

from rewardkit.lazy_regex import lazy_compile
from rewardkit.stated_units import singular

# a box and the word after it that names what its value counts ("\boxed{1} papers", "$\boxed{2}$ \text{bins}")
_BOX_WORD = lazy_compile(
    r"\\boxed\s*\{(?P<value>[^{}]{1,40})\}[\s$]*(?:\\(?:text|mathrm|textrm|mbox)\s*\{\s*)?"
    r"(?P<word>[A-Za-z]{2,20})(?![A-Za-z])"
)
# a value and the word after it ("1 paper", "2 \text{bins}"), joined to the next by a list joiner
_VALUE_WORD = lazy_compile(
    r"(?<![\w.])(?P<value>\d+(?:\.\d+)?)\s*(?:\\(?:text|mathrm)\s*\{\s*)?(?P<word>[A-Za-z]{2,20})\}?(?![A-Za-z])"
)
_JOINER = lazy_compile(r"\s*(?:,\s*(?:and\s+)?|;\s*|\s+and\s+)\s*", re.IGNORECASE)
# words after a value that judge, join or go on: no part's name
_NOT_NAMES = frozenset(
    """and or is are was were be not no but which that then so thus hence wrong incorrect right correct also
    instead first next final finally answer gives get got in of for each total altogether respectively
    more less""".split()
)


def counted_gold(gold: str) -> list[tuple[str, str]] | None:
    """The (value, word) of each box on a gold's last boxed line when every box is followed by the word that
    names what it counts, the words all different; None otherwise."""
    if gold.count("\\boxed") < 2:
        return None
    line_start = gold.rfind("\n", 0, gold.rfind("\\boxed")) + 1
    line = gold[line_start:]
    pairs = [(m["value"].strip(), singular(m["word"])) for m in _BOX_WORD.finditer(line)]
    if len(pairs) != line.count("\\boxed") or any(word in _NOT_NAMES for _, word in pairs):
        return None
    return pairs if len({word for _, word in pairs}) == len(pairs) else None


def read_counted(span: str, names: tuple[str, ...]) -> list[tuple[str, str]] | None:
    """The (value, word) pairs a span lists, one for each name, in the order of ``names``, when the span is
    nothing but values each followed by one of the words (``2 bins and 1 paper``), else None."""
    text = span.strip().rstrip(".!").strip()
    found: dict[str, str] = {}
    at = 0
    for i, m in enumerate(_VALUE_WORD.finditer(text)):
        gap = text[at : m.start()]
        if (i == 0 and gap.strip(" $*")) or (i > 0 and not _JOINER.fullmatch(gap.replace("$", " "))):
            return None
        word = singular(m["word"])
        if word not in names or word in found:
            return None
        found[word] = m["value"]
        at = m.end()
    if text[at:].strip(" $*}") or set(found) != set(names):
        return None
    return [(found[name], name) for name in names]


# what closes a box before the word after it: its brace, math, spacing, a \text{ opening
_AFTER_BOX = lazy_compile(
    r"\}?[\s$]*(?:\\(?:text|mathrm|textrm|mbox)\s*\{\s*)?(?P<word>[A-Za-z]{2,20})(?![A-Za-z])"
)


def counted_boxes(text: str, boxes: list[tuple[int, int, str]]) -> str | None:
    """``2 bins, 1 paper`` for boxes (start, end and value of each) that each have a word right after them
    (``\\boxed{2} bins and \\boxed{1} paper``), None when one has none."""
    parts = []
    for _, end, value in boxes:
        m = _AFTER_BOX.match(text, end, end + 40)
        if m is None:
            return None
        parts.append(f"{value} {m['word']}")
    return ", ".join(parts)


# a run of values each followed by its word, joined as a list: "1 paper and 2 bins", "2 bins, 1 paper"
_UNNAMED = _VALUE_WORD.pattern.replace("?P<value>", "?:").replace("?P<word>", "?:")
_RUN = lazy_compile(rf"{_VALUE_WORD.pattern}(?:{_JOINER.pattern}{_UNNAMED})+", re.IGNORECASE)


def last_counted(region: str, names: tuple[str, ...]) -> tuple[int, int] | None:
    """Where the run of counted values that ends ``region`` (but for its closing punctuation) stands, when it
    names each of ``names`` once (``So she needs 1 paper and 2 bins.``), else None."""
    tail_at = max(0, len(region) - 300)
    last = None
    for m in _RUN.finditer(region, tail_at):
        last = m
    if last is None or region[last.end() :].strip(" \t\n.!*$"):
        return None
    return (last.start(), last.end()) if read_counted(last.group(0), names) is not None else None
