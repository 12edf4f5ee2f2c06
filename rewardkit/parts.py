"""Answers in parts: a completion that closes on one statement per part of a question, each with its own value
(``(a) She has 12 apples left.\\n(b) She gave away 8 apples.``, ``Answer (part a): 12\\nAnswer (part b): 18``,
``Alice has 18 marbles and Bob has 12 marbles.``). Against a gold that lists as many values, the parts are its
values in order; the grader judges each part's statement on its own, as it judges a whole answer.

Only where the text closes on exactly as many parts as the gold lists: a part more or less, labels out of
order or a statement after the parts, and there are no parts to read.
"""

from __future__ import annotations

import re

from rewardkit.extract import POLITE_TAIL
from rewardkit.several_values import named_quantity_clauses

# a part's label opening its line: "(a)", "a)", "a.", "Part a:", "(ii)", "1)", "**(b)**", "Answer (part a):"
_PART_LABEL = re.compile(
    r"[ \t>*_#-]*(?:answer\s*)?(?:"
    r"\(\s*(?:part\s+)?(?P<bracketed>[a-h]|[ivx]{1,4}|[1-9])\s*\)"
    r"|part\s+\(?(?P<part>[a-h]|[ivx]{1,4}|[1-9])\)?"
    # (a digit closed by a full stop numbers a step of working more often than a part: "1. 5 + 7 = 12")
    r"|(?P<closed>[a-h]|[ivx]{1,4})[).]|(?P<numbered>[1-9])\)"
    r")[*_]*[ \t]*:?[*_]*[ \t]+",
    re.IGNORECASE,
)

# the labels of the parts in order, by the notation their first label writes
_SEQUENCES = (
    tuple("abcdefgh"),
    ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii"),
    tuple("12345678"),
)


def _label(line: str) -> tuple[str, int] | None:
    """The part label opening ``line``, lower-cased, and where the part's statement starts after it."""
    m = _PART_LABEL.match(line)
    if m is None:
        return None
    return (m["bracketed"] or m["part"] or m["closed"] or m["numbered"]).lower(), m.end()


def labelled_parts(text: str, count: int) -> list[tuple[int, int]] | None:
    """Where the statements of the ``count`` labelled parts that close ``text`` stand, in order, or None: the
    text's last ``count`` lines with words each open with the next label of one sequence from its start
    ((a), (b) …; (i), (ii) …; 1), 2) …), and the line before them is no part of it.

    >>> text = "She had 20.\\n(a) She has 12 apples left.\\n(b) She gave away 8 apples."
    >>> [text[s:e] for s, e in labelled_parts(text, 2)]
    ['She has 12 apples left.', 'She gave away 8 apples.']
    >>> labelled_parts("(a) 12\\n(b) 8\\n(c) 3", 2) is None  # a part more than the gold lists
    True
    >>> labelled_parts("(b) 12\\n(a) 8", 2) is None  # labels out of order
    True
    """
    lines: list[tuple[int, str]] = []
    end = len(text)
    while end > 0 and len(lines) <= count:
        start = text.rfind("\n", 0, end) + 1
        line = text[start:end]
        if line.strip():
            lines.append((start, line))
        end = start - 1
    lines.reverse()
    if len(lines) < count:
        return None
    labels = [_label(line) for _, line in lines]
    own, before = labels[-count:], labels[:-count]
    if any(label is None for label in own):
        return None
    names = [label[0] for label in own if label is not None]
    sequence = next((s for s in _SEQUENCES if tuple(names) == s[:count]), None)
    if sequence is None:
        return None
    if before and before[0] is not None and before[0][0] in sequence:
        return None  # a part before these: the text has more parts than the gold lists
    return [
        (start + label[1], start + len(line.rstrip()))
        for (start, line), label in zip(lines[-count:], own, strict=True)
        if label is not None  # (none is: checked above)
    ]


_PARTS_AT_MOST = 8  # the labelled part lines that close a text, at most, read as its parts


def lettered_parts(text: str) -> list[tuple[int, int]] | None:
    """Where the statements stand of the lines labelled by letters or roman numerals ((a), (b) …; (i), (ii)
    …) that close ``text``, two or more from its first label, each with a digit (``(a) After the first week
    she has saved $45.\\n(b) After the fourth week she has saved $180.``); None otherwise. Against one value,
    such parts answer several questions, none of them the one asked; numbered lines (``1) …``, ``2) …``)
    are steps of working as often as parts, and are not read here.

    >>> text = "(a) After one week she has $45.\\n(b) After four weeks she has $180."
    >>> [text[s:e] for s, e in lettered_parts(text)]
    ['After one week she has $45.', 'After four weeks she has $180.']
    >>> lettered_parts("1) 16 - 3 = 13\\n2) 13 * 2 = 26"), lettered_parts("(a) She saves.\\n(b) She spends.")
    (None, None)
    """
    last_line = text[text.rfind("\n", 0, len(text.rstrip())) + 1 :]
    label = _label(last_line)
    if label is None or label[0] in _SEQUENCES[2]:
        return None  # (the common case: the text does not close on a labelled line)
    for count in range(_PARTS_AT_MOST, 1, -1):
        spans = labelled_parts(text, count)
        if spans is None:
            continue
        first = _label(text[text.rfind("\n", 0, spans[0][0]) + 1 :])
        if (
            first is None
            or first[0] not in ("a", "i")
            or not all(any(c.isdigit() for c in text[s:e]) for s, e in spans)
        ):
            return None
        return spans
    return None


def named_parts(text: str, count: int) -> list[tuple[int, int]] | None:
    """Where the clauses of the sentence that closes ``text`` stand, when it names ``count`` quantities and
    gives each its value (``Alice has 18 marbles and Bob has 12 marbles.``), in order, or None.

    >>> text = "In all 30.\\nSo Alice has 18 marbles and Bob has 12 marbles."
    >>> [text[s:e] for s, e in named_parts(text, 2)]
    ['Alice has 18 marbles', 'Bob has 12 marbles.']
    >>> named_parts("If n is even, Alice has 18 and Bob has 12.", 2) is None
    True
    """
    end = len(text.rstrip())
    start = max(text.rfind(c, 0, max(0, end - 1)) for c in ".!?\n")
    # a full stop between digits is a decimal point, not the end of a sentence
    while (
        start > 0 and text[start] == "." and text[start - 1 : start].isdigit() and text[start + 1].isdigit()
    ):
        start = max(text.rfind(c, 0, start) for c in ".!?\n")
    start += 1
    clauses = named_quantity_clauses(text[start:end])
    if clauses is None or len(clauses) != count or not _LEAD.fullmatch(text, start, start + clauses[0][0]):
        return None
    return [(start + s, start + e) for s, e in clauses]


# what may open the sentence before its first named quantity: a conclusion word, no condition or other words
# ("If n is even, Alice has 18 …" states its values under a condition)
_LEAD = re.compile(
    r"[\s*_>-]*(?:(?:so|thus|therefore|hence|finally|in\s+the\s+end|in\s+total|altogether)\b[\s,:]*)?"
    r"(?:the\s+)?",
    re.IGNORECASE,
)


def part_spans(text: str, count: int) -> list[tuple[int, int]] | None:
    """The statements of the ``count`` parts that close ``text`` (:func:`labelled_parts`, else
    :func:`named_parts`), before any polite closing (``I hope this helps!``), or None.

    >>> text = "(a) 12\\n(b) 8\\n\\nI hope this helps!"
    >>> [text[s:e] for s, e in part_spans(text, 2)]
    ['12', '8']
    """
    polite = POLITE_TAIL.search(text)
    if polite is not None:
        text = text[: polite.start()]
    return labelled_parts(text, count) or named_parts(text, count)
