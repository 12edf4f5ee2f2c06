"""Ranges and tolerances said in words around a number: the statement names several values, not the number.

``From 9 to 11 marbles.`` and ``12.5 to 12 meters`` state a range: paying either end pays a value the
statement does not commit to (a marker's span already reads ``9 to 11`` as a hedge; the last-number fallback
saw only one end). ``The price rose from 9 to 11.`` is a change, and its last value the answer: a verb of
change before ``from`` (or ``to``) keeps it so. ``Roughly 350, give or take a few.`` and ``350, plus or minus
5`` give a tolerance: a band of values around the number, as ``350 ± 5`` does.

>>> range_end_before("So he has from 9 to "), range_end_before("The price rose from 9 to ")
("'9 to …' is a range", None)
>>> range_start_after(" to 11 marbles."), range_start_after(" to the store")
("'… to 11' is a range", None)
>>> tolerance_after(", give or take a few.", 0), tolerance_after(" plus or minus 5", 0)
('give or take', 'plus or minus')
>>> tolerance_after(" apples", 0)

Two numbers joined by a hyphen are a range as often as a difference; an approximating word before them or a
unit after them says which: ``roughly 18-20`` and ``18-20 dollars`` state a range (nobody approximates a
difference of two exact numbers, nor writes one with its unit after the second term); a falling pair stays
a difference (a range climbs).

>>> hyphen_range("roughly 18-20"), hyphen_range("18-20 dollars"), hyphen_range("20-18")
("'roughly 18-20': a range after an approximating word, not a difference", "'18-20 dollars': a range of \
values in one unit, not a difference", None)
"""

from __future__ import annotations

import re
from fractions import Fraction

from rewardkit.commitment.shared_words import APPROXIMATION
from rewardkit.lazy_regex import lazy_compile
from rewardkit.numbers import UNIT_PATTERN, lookup_unit, parse_number

# a number as the fallback finds it, with a sign, a currency, a percent or a unit after it ("2 hours to")
_END = r"[-−]?[$€£]?\d[\d,]*(?:\.\d+)?(?:%|\s*(?P<unit>" + UNIT_PATTERN + r"))?"
# what joins the two ends of a range: "to", an en or em dash, "through", the tilde East Asian text writes
# ("72~75", "72〜75", "72～75"); ("9-11" is read as 9 and -11)
_JOIN = r"(?:to|through|thru|–|—|~|〜|～)"
# the lower end of a range right before the number (what lies before the number in its sentence)
_RANGE_BEFORE = lazy_compile(rf"(?<![\w.,])(?P<lo>{_END})\s*{_JOIN}\s*[$€£]?$", re.IGNORECASE)
# the upper end right after it
_RANGE_AFTER = lazy_compile(rf"\s*{_JOIN}\s*(?P<hi>{_END.replace('?P<unit>', '?:')})(?![\d])", re.IGNORECASE)
# a verb of change before "from"/"to": "rose from 9 to 11", "rounded 12.5 to 13", "converts 5 ft to 60 in"
_CHANGE = lazy_compile(
    r"\b(?:ris|rose|went|go|gone|grew|grow|increas|decreas|drop|fell|fall|jump|climb|chang|mov|shift|rais|"
    r"reduc|cut|round|convert|turn|becam|becom|expand|shrank|shrunk|doubl|tripl|improv|declin|slid|soar|plung|"
    r"updat|adjust|correct|extend|brought|bring|lower|boost|spik|sank|sink|dipp|dip|swell|swoll|upgrad|"
    r"downgrad|scal|reset|set|sped|speed|slow)\w*",
    re.IGNORECASE,
)
# a band of values around the number: "give or take a few", "plus or minus 5", "+/- 5"
_TOLERANCE = lazy_compile(
    r"[\s,;(]*(?P<said>give\s+or\s+take|plus\s+or\s+minus|\+\s*/\s*-|\+-)(?![A-Za-z])", re.IGNORECASE
)


# a number and a hyphen glued to the number after it: "18-20 people" is a range or a difference, of which
# the 20 is neither the value nor signed
_JOINED_BY_HYPHEN = lazy_compile(r"(?<![\w.,])(?P<lo>[$€£]?\d[\d,]*(?:\.\d+)?)-[$€£]?$")


def range_end_before(before: str, value: str = "") -> str | None:
    """Why the number ``value`` after ``before`` (the text of its sentence up to it) is the upper end of a
    range (``From 9 to 11``, ``18-20 people``), or None: none, or the change of a value (``rose from 9 to
    11``). A lower end said with its unit makes a range only up to a value in that unit's dimension (``2 hours
    to 2 hours 30 minutes``; not ``60 miles to 3 cities``).

    >>> range_end_before("It takes 2 hours to ", "2 hours 30 minutes"), range_end_before("60 miles to ", "3")
    ("'2 hours to …' is a range", None)
    >>> range_end_before("It takes 18-"), range_end_before("It takes -")
    ("'18-…' joins two numbers: a range or a difference, not one value", None)
    """
    if before[-1:] in ("-", "$", "€", "£"):
        joined = _JOINED_BY_HYPHEN.search(before[-40:])
        if joined is not None:
            return f"'{joined['lo']}-…' joins two numbers: a range or a difference, not one value"
    if (
        "to" not in before
        and "–" not in before
        and "—" not in before
        and "thr" not in before
        and "~" not in before
        and (before.isascii() or ("〜" not in before and "～" not in before))
    ):
        return None
    m = _RANGE_BEFORE.search(before[-80:])
    if m is None or _CHANGE.search(before[: len(before) - len(before[-80:]) + m.start()]):
        return None
    if m["unit"] is not None:
        low, high = lookup_unit(m["unit"]), parse_number(value)
        if low is None or high is None or high.unit is None or high.unit.dimension != low.dimension:
            return None
    return f"'{m['lo']} to …' is a range"


def range_start_after(after: str) -> str | None:
    """Why the number before ``after`` (the text after it) is the lower end of a range (``9 to 11``), or
    None."""
    m = _RANGE_AFTER.match(after)
    return None if m is None else f"'… to {m['hi']}' is a range"


def tolerance_after(text: str, end: int) -> str | None:
    """The words that give the value ending at ``end`` a tolerance (``give or take``, ``plus or minus``), or
    None."""
    if "take" not in text and "minus" not in text and "+" not in text:
        return None
    m = _TOLERANCE.match(text, end)
    return None if m is None else re.sub(r"\s+", " ", m["said"].lower())


# two unsigned numbers joined by a hyphen, spaced or not, each maybe with its currency sign, after an
# approximating word ("roughly 18-20", "~18-20") or before a unit, a currency word or a percent sign ("18-20
# dollars", "about 18 - 20 minutes", "18-20%"): the whole statement, presentation around it
_HYPHEN_RANGE = lazy_compile(
    rf"[\s*_]*(?P<approx>(?:{APPROXIMATION})\s+|[~≈∼]\s*|\\(?:approx|sim)\s*)?"
    r"[$€£]?\s*(?P<lo>\d[\d,]*(?:\.\d+)?)\s*-\s*[$€£]?\s*(?P<hi>\d[\d,]*(?:\.\d+)?)"
    rf"(?P<unit>\s*(?:%|\\%|(?:{UNIT_PATTERN})\.?))?[\s.*_]*",
    re.IGNORECASE,
)


def hyphen_range(span: str) -> str | None:
    """Why a statement of two numbers joined by a hyphen, climbing, states a range and not their difference:
    an approximating word before them (``roughly 18-20``) or a unit after them (``18-20 dollars``,
    ``18-20%``), spaced or not; or None (``18-20``, ``20-18 = 2``, ``x-5``: another reader's). A falling
    pair is a difference, approximated or not (``about 20-18`` is about 2): a range climbs."""
    if "-" not in span:
        return None
    m = _HYPHEN_RANGE.fullmatch(span)
    if m is None or (m["approx"] is None and m["unit"] is None):
        return None
    if Fraction(m["lo"].replace(",", "")) >= Fraction(m["hi"].replace(",", "")):
        return None
    said = m.group().strip(" \t\n*_.")
    if m["approx"] is not None:
        return f"{said!r}: a range after an approximating word, not a difference"
    return f"{said!r}: a range of values in one unit, not a difference"
