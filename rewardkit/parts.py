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
from rewardkit.lazy_regex import lazy_compile
from rewardkit.several_values import named_quantity_clauses

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
# a part's label opening its line: "(a)", "a)", "a.", "Part a:", "(ii)", "1)", "**(b)**", "Answer (part a):";
# an answer numbered with its colon ("Answer 1:", "Question 2:", "Q2:") or by an ordinal word and its noun
# ("First answer:", "Second part:"; "First, …" opens a step of working)
_PART_LABEL = lazy_compile(
    r"[ \t>*_#-]*(?P<answer>answer\s*)?(?:"
    r"\(\s*(?:part\s+)?(?P<bracketed>[a-h]|[ivx]{1,4}|[1-9])\s*\)"
    r"|part\s+\(?(?P<part>[a-h]|[ivx]{1,4}|[1-9])\)?"
    # (a digit closed by a full stop numbers a step of working more often than a part: "1. 5 + 7 = 12")
    r"|(?P<closed>[a-h]|[ivx]{1,4})[).]|(?P<numbered>[1-9])\)"
    r"|(?:question|q)[ \t]*(?P<asked>[1-9])(?=[*_]*[ \t]*:)"
    r"|(?(answer)(?P<answered>[1-9])(?=[*_]*[ \t]*:)|(?!))"
    rf"|(?P<ordinal>{'|'.join(_ORDINALS)})[ \t]+(?:answer|part|question|blank)(?=[*_]*[ \t]*:)"
    r")[*_]*[ \t]*:?[*_]*[ \t]+",
    re.IGNORECASE,
)

# the labels of the parts in order, by the notation their first label writes
_SEQUENCES = (
    tuple("abcdefgh"),
    ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii"),
    tuple("12345678"),
    _ORDINALS,
)


def _label(line: str) -> tuple[str, int] | None:
    """The part label opening ``line``, lower-cased, and where the part's statement starts after it."""
    m = _PART_LABEL.match(line)
    if m is None:
        return None
    name = m["bracketed"] or m["part"] or m["closed"] or m["numbered"] or m["asked"] or m["answered"]
    return (name or m["ordinal"]).lower(), m.end()


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
_LEAD = lazy_compile(
    r"[\s*_>-]*(?:(?:so|thus|therefore|hence|finally|in\s+the\s+end|in\s+total|altogether)\b[\s,:]*)?"
    r"(?:the\s+)?",
    re.IGNORECASE,
)


# a closing line that lists the answers: "Answers: 12; 8", "The answers are 12 and 8", and a lone answer line
# that lists as many values as the gold has parts ("Answer: 12; 8": one answer in parts, each part graded
# against its value in order); or that gives each named value after its name and a colon: "Maximum: 10,
# minimum: 2"
_ANSWERS_LINE = lazy_compile(
    r"[ \t>*_#-]*(?:(?:so|thus|therefore|hence)\b,?[ \t]*)?(?:the[ \t]+)?(?:final[ \t]+)?"
    r"(?:answers(?:[*_]*[ \t]*:|[ \t]+are\b[ \t]*:?)|(?P<one>answer)(?:[*_]*[ \t]*:|[ \t]+is\b[ \t]*:?))"
    r"[*_]*[ \t]*",
    re.IGNORECASE,
)
# the parts a lone answer's marker lists: bare values (a sign, digits, a decimal point or a fraction's slash,
# a percent sign), two or more, between semicolons; the line's full stop or emphasis after the last
_BARE = r"[-−]?\$?\d+(?:\.\d+)?(?:/\d+)?%?"
_BARE_VALUE = lazy_compile(rf"(?P<value>{_BARE})")
_ONE_ANSWER_VALUES = lazy_compile(rf"[*_]*{_BARE}(?:[ \t]*;[ \t]*{_BARE})+[ \t*_]*\.?")
# (a name is a noun's words, no marker's and no statement's: "Answer: not Minimum: 1" names nothing)
_MARKER_WORD = r"(?:answers?|results?|solutions?|final)\b"
_STATEMENT_WORD = r"(?:not|no|never|cannot|be|is|are|was|were)\b"
_NAMED_VALUE = lazy_compile(
    rf"[ \t>*_-]*(?P<name>(?:(?!{_MARKER_WORD}|{_STATEMENT_WORD})[A-Za-z]+[ \t]+){{0,3}}"
    rf"(?!{_MARKER_WORD})[A-Za-z]+)[*_]*[ \t]*:[*_]*[ \t]*(?=\S)",
    re.IGNORECASE,
)
# what separates two items of such a line (a comma only before a space: "1,500" is one number)
_ITEM_SEPARATOR = lazy_compile(r"[ \t]*;[ \t]*(?:and[ \t]+)?|,[ \t]+(?:and[ \t]+)?|[ \t]+and[ \t]+")


def listed_parts(text: str, count: int) -> list[tuple[int, int]] | None:
    """Where the ``count`` items of the closing line stand, when it lists the answers after a marker
    (``Answers: 12; 8``, ``Answer: 12; 8``) or names each value with a colon (``Maximum: 10, minimum: 2``),
    or None: exactly ``count`` items, each a name's value where the line names them, the names distinct.

    >>> text = "So we get:\\nMaximum: 10, minimum: 2."
    >>> [text[s:e] for s, e in listed_parts(text, 2)]
    ['10', '2.']
    >>> text = "Answers: 12; 8"
    >>> [text[s:e] for s, e in listed_parts(text, 2)]
    ['12', '8']
    >>> listed_parts("Maximum: 10, 2", 2) is None, listed_parts("Answers: 12; 8; 3", 2) is None
    (True, True)
    >>> text = "**Answer:** 12; 8"
    >>> [text[s:e] for s, e in listed_parts(text, 2)]
    ['12', '8']
    >>> listed_parts("Answer: not Minimum: 1, Maximum: 3.", 2) is None
    True
    """
    end = len(text.rstrip())
    start = text.rfind("\n", 0, end) + 1
    if end - start > 200 or (
        ":" not in text[start:end] and "are" not in text[start:end] and " is" not in text[start:end]
    ):
        return None
    listed = _ANSWERS_LINE.match(text, start, end)
    if listed is not None and listed["one"] is not None:
        # one answer's marker lists the parts only as bare values after semicolons, as many as the gold's
        values = _ONE_ANSWER_VALUES.fullmatch(text, listed.end(), end)
        if values is None:
            listed = None  # (read as named values, if it names them)
        else:
            bare = [m.span("value") for m in _BARE_VALUE.finditer(text, listed.end(), end)]
            return bare if len(bare) == count else None
    at = listed.end() if listed is not None else start
    items: list[tuple[int, int]] = []
    names: set[str] = set()
    while at < end:
        if listed is None:  # each item its name's value: "Maximum: 10"
            named = _NAMED_VALUE.match(text, at, end)
            if named is None or named["name"].strip().lower() in names:
                return None
            names.add(named["name"].strip().lower())
            at = named.end()
        separator = _ITEM_SEPARATOR.search(text, at, end)
        item_end = separator.start() if separator is not None else end
        if item_end == at or len(items) == count or ":" in text[at:item_end]:
            return None  # (a value holding a colon is another label's: "Minimum: 1" inside an item)
        items.append((at, item_end))
        at = separator.end() if separator is not None else end
    return items if len(items) == count else None


def part_spans(text: str, count: int) -> list[tuple[int, int]] | None:
    """The statements of the ``count`` parts that close ``text`` (:func:`labelled_parts`, else
    :func:`named_parts`, else :func:`listed_parts`), before any polite closing (``I hope this helps!``), or
    None.

    >>> text = "(a) 12\\n(b) 8\\n\\nI hope this helps!"
    >>> [text[s:e] for s, e in part_spans(text, 2)]
    ['12', '8']
    """
    polite = POLITE_TAIL.search(text)
    if polite is not None:
        text = text[: polite.start()]
    return labelled_parts(text, count) or named_parts(text, count) or listed_parts(text, count)
