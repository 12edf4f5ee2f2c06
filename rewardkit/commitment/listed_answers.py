"""Whether a value or a word answer is one of several listed (``70, 71, 72``, ``red, blue``)."""

from __future__ import annotations

import re

from rewardkit.commitment.shared_words import NO_ITEM
from rewardkit.lazy_regex import lazy_compile
from rewardkit.numbers import UNIT_PATTERN, same_quantity, scan

# the value ends a list of values: "Candidates: 70, 71, 72", "between 70 and 72", or a range: "72 through
# 74", "72 till 74" ("from 60 to 72" is as often a change as a range, and its last value the answer)
_LISTED_BEFORE = lazy_compile(
    r"(?:^|[\s(:{\[])[-−$]?\d+(?:\.\d+)?[\s$%*_)]*(?:,|,?\s*\band|\s+(?:through|thru|till|until|up\s+until)\b)"
    r"\s*[$*_(]*$|"
    # a run of bare numbers with only spaces between: "Answers: 1 2 3 … 72" (not the groups of "1 000 000")
    r"(?:^|[\s(:{\[])(?!\d{1,3}(?:[ \t]+\d{3})+[ \t]+$)\d+(?:[ \t]+\d+){2,}[ \t]+$|"
    # the lower end of "between" said with its unit, a compound's too: "between 2 hours and", "between 2 hours
    # 30 minutes and", "between 5 km and"
    r"\bbetween[ \t]+[-−$£€]?\d+(?:\.\d+)?(?:[ \t]*(?:"
    + UNIT_PATTERN
    + r")(?:,?[ \t]*\d+(?:\.\d+)?[ \t]*(?:"
    + UNIT_PATTERN
    + r"))*)?[\s*_)]*,?[ \t]*and[ \t]*[$£€*_(]*$",
    re.IGNORECASE,
)


# one or two bare numbers with only spaces between them and the value: "Result: 12 30" (not the groups of
# "1 000 000", nor an operand before a signed value, "72 − 2")
_NUMBERS_BEFORE = lazy_compile(
    r"(?:^|[\s(:{\[])(?!\d{1,3}(?:[ \t]+\d{3})+[ \t]+$)[-−]?\d+(?:\.\d+)?(?:[ \t]+[-−]?\d+(?:\.\d+)?)?[ \t]+$"
)


def listed_before(before: str, value: str = "") -> str | None:
    """Why a value that the lenient rule found is the last of several listed (``70, 71, 72``, ``12 30``), or
    None. ``value``: the value's text, when known: a number written before it with only a space between
    lists it with others unless it is the same number again (``30 30``, one value printed twice) or the
    value carries a sign (``72 − 2``, an operation).

    >>> listed_before("Candidates: 70, 71, "), listed_before("So she has ")
    ("several values: '71, …' lists the value with others", None)
    >>> listed_before("Result: 12 ", "30"), listed_before("Result: 30 ", "30"), listed_before("72 ", "− 2")
    ("several values: '12 …' lists the value with others", None, None)
    """
    m = _LISTED_BEFORE.search(before[-200:])
    if m is None and value[:1].isdigit() and "/" not in value:  # ("2 1/2" is one mixed number)
        m = _NUMBERS_BEFORE.search(before[-200:])
        said = next(scan(value), None)
        if m is not None and said is not None:
            numbers = [found.quantity for found in scan(m.group())]
            if all(same_quantity(number, said.quantity) for number in numbers):
                m = None  # "30 30.0": the value written again
    return (
        None if m is None else f"several values: {(m.group().strip() + ' …')!r} lists the value with others"
    )


# a word answer listed with others after a comma or semicolon: "red, blue", "red; blue". The item is short and
# ends the statement or the next list item; what opens a clause or an aside is no item ("red, since …",
# "red, of course", "yes, it is", "Monday, the 5th")
_LISTED_WORD_AFTER = lazy_compile(
    r"^[ \t*_]*[,;][ \t]*(?:(?:and|or)[ \t]+)?[*_\"']*"
    r"(?P<item>[A-Za-z][A-Za-z'’\-]*(?:[ \t]+[A-Za-z][A-Za-z'’\-]*){0,2})"
    r"[*_\"']*[ \t]*(?:[,;]|\b(?:and|or)\b|[.!]?[ \t]*$|[.!]?[ \t]*\n)",
    re.IGNORECASE,
)


def listed_words_after(after: str) -> str | None:
    """Why a word answer is one of several listed after it (``red, blue``), or None when what follows its
    comma is a clause or an aside (``red, since …``, ``red, of course``).

    >>> listed_words_after(", blue"), listed_words_after(", of course"), listed_words_after(", since …")
    ("several answers: the list goes on with 'blue'", None, None)
    >>> listed_words_after(", no"), listed_words_after(", no doubt.")
    ("several answers: the list goes on with 'no'", None)
    """
    m = _LISTED_WORD_AFTER.match(after[:200])
    if m is None:
        return None
    # "yes, no problem" opens an aside, but a bare "yes" or "no" listed is an answer of its own ("yes, no")
    if m["item"].split()[0].lower().rstrip("'’") in NO_ITEM and m["item"].lower() not in ("yes", "no"):
        return None
    return f"several answers: the list goes on with {m['item']!r}"
