"""Multiple-select answers: a set of two or more option letters.

A question with several right options has a gold that names them all, written as the letters run together
(``AC``), in a list (``A, C``, ``A、C``), joined by a word (``A and C``, ``A和C``) or each in its parentheses
(``(A)(C)``). An answer names its set in the same forms (``故选AC``, ``The answer is A and C``,
``\\boxed{A, C}``, ``(A) and (C)``): the order does not count, and a subset or a superset is another answer.
Letters offered as alternatives (``AC or AD``) hedge between sets.

>>> letter_set("AC"), letter_set("C, A"), letter_set("(A)(C)"), letter_set("A and C")
('AC', 'AC', 'AC', 'AC')
>>> letter_set("A, B, and D."), letter_set("A和C"), letter_set("A、C")
('ABD', 'AC', 'AC')
>>> letter_set("A"), letter_set("AA"), letter_set("AB = 5"), letter_set("A or C")
(None, None, None, None)
>>> hedged_sets("AC or AD"), hedged_sets("AC")
('AC or AD', None)
"""

from __future__ import annotations

import re

from rewardkit.lazy_regex import lazy_compile

# the letters an option is labelled by (what a single-letter gold may be, A to J)
OPTION_LETTERS = "ABCDEFGHIJ"
# (I is also the pronoun: "AC, I think" names A and C, "I'd say")
_LETTER = r"\(?[ \t]*(?:[A-HJ]|I(?![ \t]*['’]|[ \t]+(?!and\b|or\b)[a-z]))[ \t]*\)?"
# what joins two letters of one set: nothing (``AC``), a comma (``A, C``, ``A, B, and C``), the enumeration
# comma ``、``, "and", "&", or the Chinese words for "and" (``和``, ``与``, ``及``)
_JOIN = r"[ \t]*(?:(?:,|、|，)[ \t]*(?:and[ \t]+)?|and[ \t]+|&[ \t]*|和|与|及|以及)?[ \t]*"
# (the option word before the letters: "options A and C", "选项A、C")
_SET = lazy_compile(
    rf"(?:(?:the[ \t]+)?options?[ \t]+|选项[ \t]*)?(?P<letters>{_LETTER}(?:{_JOIN}{_LETTER})+)"
    r"[ \t]*[.。!]?[ \t]*"
)
# two letter sets offered as alternatives: "AC or AD", "AC或AD", "A, C or A, D"
_OR = lazy_compile(r"[ \t]+or[ \t]+|[ \t]*或(?:者)?[ \t]*")


# an option's place in the list, said in words
PLACE_WORDS = dict(
    zip("first second third fourth fifth sixth seventh eighth ninth tenth".split(), range(1, 11), strict=True)
)
# the options of a set named by their places, each with its word: "the 1st option and the 3rd option" (as
# the Chinese reader writes "选第一项和第三项"), "option 1 and option 3"; each is its letter in the list
_PLACED_OPTION = lazy_compile(
    rf"(?:the[ \t]+)?(?:(?P<word>{'|'.join(PLACE_WORDS)})|(?P<nth>10|[1-9])(?:st|nd|rd|th))[ \t]+option\b"
    r"|\boption[ \t]+(?P<n>10|[1-9])\b(?![ \t]*[-+*/^=%.,]\d)",
    re.IGNORECASE,
)


def _placed_letter(m: re.Match[str]) -> str:
    place = PLACE_WORDS[m["word"].lower()] if m["word"] else int(m["nth"] or m["n"])
    return OPTION_LETTERS[place - 1]


def letter_set(text: str) -> str | None:
    """The option letters ``text`` names, two or more distinct ones in one of the forms a set is written in,
    sorted (``C, A`` is ``AC``); None for anything else (one letter, a letter said twice, a letter inside a
    word or an equation: ``AB = 5``). Options named by their places are their letters (``the 1st option and
    the 3rd option`` is ``AC``).

    >>> letter_set("the 1st option and the 3rd option"), letter_set("option 3, option 1")
    ('AC', 'AC')
    """
    text = text.strip()
    if len(text) > 80 or not text:
        return None
    if "ption" in text:
        text = _PLACED_OPTION.sub(_placed_letter, text)
    m = _SET.fullmatch(text)
    if m is None:
        return None
    letters = [c for c in m["letters"] if c in OPTION_LETTERS]
    if len(letters) < 2 or len(set(letters)) != len(letters):
        return None
    return "".join(sorted(letters))


def hedged_sets(text: str) -> str | None:
    """``text`` when it offers two or more letter sets, at least one of several letters, as alternatives
    (``AC or AD``, ``AC或BD``), or None."""
    if len(text) > 160:
        return None
    parts = _OR.split(text.strip())
    if len(parts) < 2:
        return None
    sets = [letter_set(p) or (p.strip(" \t.()") if len(p.strip(" \t.()")) == 1 else None) for p in parts]
    if any(s is None for s in sets) or all(s is not None and len(s) == 1 for s in sets):
        return None
    return text.strip()


# a set named as the answer with no marker: "The correct options are A and C.", "A and C are correct.", "So
# both A and C are right.", "选项A和C都对。" (A and C are both right, read as that English), a line holding
# only the set ("(A) and (C)")
_SET_NAMED = lazy_compile(
    rf"(?:\b(?:correct|right|true)\s+(?:options|choices|answers|statements)\s+are\s*:?[ \t*_]*"
    r"|^[ \t*_]*(?:(?:so|thus|hence|therefore)\b,?[ \t]*)?(?:both[ \t]+)?"
    r"(?:(?:options?|choices?)[ \t]+|选项[ \t]*)?[*_]*"
    rf"(?=[A-J(]))(?P<set>{_LETTER}(?:{_JOIN}{_LETTER})+)[ \t*_]*"
    r"(?:\s+are\s+(?:both\s+|all\s+)?(?:the\s+)?(?:correct|right|true)(?:\s+(?:options|choices|answers))?"
    r"|[ \t]*[都均](?:是)?(?:对|正确)(?:的)?)?"
    r"[ \t]*[.!。！]?[ \t*_]*$",
    re.IGNORECASE | re.MULTILINE,
)


def last_set_named(region: str) -> tuple[int, int] | None:
    """Where the letter set stands that the last line of ``region`` names as the answer, with no marker
    (``The correct options are A and C.``, ``(A) and (C)``), or None."""
    text = region.rstrip()
    line_start = text.rfind("\n") + 1
    if len(text) - line_start > 160:
        return None
    m = _SET_NAMED.search(text, line_start)
    if m is None or letter_set(m["set"]) is None:
        return None
    return m.start("set"), m.end("set")


_SET_WITHIN = lazy_compile(rf"(?<![A-Za-z(])(?P<set>{_LETTER}(?:{_JOIN}{_LETTER})+)(?![A-Za-z)])")


def set_within(text: str) -> tuple[int, int] | None:
    """Where the one letter set of ``text`` stands (``probably AC``, ``not A and C``), or None when it holds
    none, or more than one (a hedge between sets is :func:`hedged_sets`'s)."""
    found = [m for m in _SET_WITHIN.finditer(text[:300]) if letter_set(m["set"]) is not None]
    if len(found) != 1:
        return None
    return found[0].start("set"), found[0].end("set")


_RUN_TOGETHER = lazy_compile(r"[ \t]*(?:[A-J]{2,10}|(?:\([ \t]*[A-J][ \t]*\)){2,10})[ \t]*[.。!]?[ \t]*")


def run_together(text: str) -> bool:
    """Whether ``text`` writes its letters run together (``BC``, ``(B)(C)``), as a multiple-select answer
    does, rather than joined as a list (``B and D``, ``B, D``), which may as well name two candidates."""
    return _RUN_TOGETHER.fullmatch(text) is not None
