"""Times said in words around a number: the number is part of a time, and the statement names another value.

``quarter to 8`` is 7:45, ``half past 7`` is 7:30 and ``ten to 8`` is 7:50: reading the hour alone pays 8
for a statement that names a time a quarter of an hour earlier. :func:`clock_phrase` reads such a phrase as
the time of day it names, for a time gold; against any other gold the answer readers refuse it, as they do
an hour with a.m./p.m. (``8 p.m.`` is no bare 8).

``the 1970s``, ``the '70s`` and ``the 1900s`` name a decade or a century, ``her 30s`` an age range: ten (or a
hundred) values, not the year or number they start on. :func:`span_of_years` finds one around a number, and
the readers refuse the number (AMBIGUOUS) unless the gold is itself such a span.

>>> str(clock_phrase("quarter to 8").value), str(clock_phrase("half past seven p.m.").value)
('465', '1170')
>>> [clock_phrase(text) is None for text in ("3 to 2", "quarter to 13", "from ten to 8", "half to 8")]
[True, True, True, True]
>>> span_of_years("the 1970s.", 4, 8), span_of_years("in the '70s", 8, 10), span_of_years("70 s", 0, 2)
('1970s', "'70s", None)
"""

from __future__ import annotations

import re
from fractions import Fraction

from rewardkit.lazy_regex import lazy_compile
from rewardkit.numbers import CLOCK, CLOCK_12, MERIDIEM, UNITS_WORDS, Quantity

# the hours a clock phrase says in words: "one" … "twelve"
_HOUR_WORDS = {word: value for word, value in UNITS_WORDS.items() if 1 <= value <= 12}
_MINUTE_WORDS = {"five": 5, "ten": 10, "quarter": 15, "twenty": 20, "twenty five": 25}
# the minutes of a clock phrase: a word a clock is read in ("quarter", "ten"), "half" only before past/after,
# a count of minutes said as one ("20 minutes"), or bare digits before past/after ("25 past 3"); a bare
# "3 to 2" is a ratio or a range, never a time
_MINUTES = (
    r"(?:(?:a\s+)?(?P<word>quarter|twenty[\s-]five|twenty|ten|five)(?:\s+minutes?)?|(?P<half>half)"
    r"|(?P<count>\d{1,2}|twenty[\s-]five|twenty|ten|five)\s+(?:minutes?|mins?)"
    r"|(?P<bare>\d{1,2})(?=\s+(?:past|after)\b))"
)
_CLOCK_PHRASE = lazy_compile(
    rf"(?<![\w'’-]){_MINUTES}\s+(?P<dir>to|till|til|before|past|after)\s+"
    rf"(?P<hour>\d{{1,2}}|{'|'.join(_HOUR_WORDS)})(?![\w'’])(?:\s*o['’]?\s*clock)?(?:\s*{MERIDIEM})?",
    re.IGNORECASE,
)


# the longest hour a clock phrase names: two digits or its longest hour word (matched as long as written)
_HOUR_CHARS = max(2, *(len(word) for word in _HOUR_WORDS))

# "went from twenty to 8", "between ten to 8 …": a change or a range between two numbers, no clock phrase
_RANGE_BEFORE = lazy_compile(r"\b(?:from|between)\s+$", re.IGNORECASE)


def _phrase_time(m: re.Match[str]) -> Quantity | None:
    hour_text = m["hour"].lower()
    hour = int(hour_text) if hour_text.isdigit() else _HOUR_WORDS[hour_text]
    if m["half"] is not None:
        if m["dir"].lower() not in ("past", "after"):
            return None  # "half to 8" is no time
        minutes = 30
    else:
        said = re.sub(r"[\s-]+", " ", (m["word"] or m["count"] or m["bare"]).lower())
        minutes = int(said) if said.isdigit() else _MINUTE_WORDS[said]
    if not 1 <= hour <= 12 or not 1 <= minutes <= 59:
        return None
    before = m["dir"].lower() in ("to", "till", "til", "before")
    total = hour % 12 * 60 + (-minutes if before else minutes)
    meridiem = (m["mer"] or "").lower()
    if meridiem:
        return Quantity(Fraction((total + (720 if meridiem == "p" else 0)) % 1440), unit=CLOCK)
    return Quantity(Fraction(total % 720), unit=CLOCK_12)


def clock_phrase(text: str) -> Quantity | None:
    """The time of day ``text`` names when, past a few words, all of it is a clock phrase (``quarter to 8``,
    ``at half past seven p.m.``), else None."""
    m = _CLOCK_PHRASE.search(text)
    if m is None or re.search(r"\d", text[: m.start()]) or text[m.end() :].strip(" \t.!,;:*_") != "":
        return None
    if _RANGE_BEFORE.search(text, max(0, m.start() - 12), m.start()):
        return None
    return _phrase_time(m)


def clock_phrase_around(text: str, start: int, end: int) -> tuple[int, int, Quantity | None] | None:
    """The clock phrase whose hour is the number at ``text[start:end]`` (``left at quarter to 8``): its
    bounds and the time it names (None when the phrase names none, ``half to 8``), or None."""
    if end - start > _HOUR_CHARS:
        return None  # longer than any hour: no phrase's hour (a scan of a 1,000-digit number took 0.1 ms)
    window = max(0, start - 40)
    for m in _CLOCK_PHRASE.finditer(text, window, min(len(text), end + 40)):
        if m.start("hour") == start and m.end("hour") == end:
            if _RANGE_BEFORE.search(text, max(0, m.start() - 12), m.start()):
                return None
            return m.start(), m.end(), _phrase_time(m)
    return None


# a decade or century: "1970s", "1970's", "1900s" (a year-shaped number before its plural s), "'70s", and a
# tens number with an article or possessive before it ("the 70s", "mid-80s", "her 30s")
_SPAN_OF_YEARS = lazy_compile(
    r"(?<![\w.,'’‘])(?P<year>1\d\d0|20\d0)['’]?s(?![A-Za-z])"
    r"|['’‘](?P<short>\d0)['’]?s(?![A-Za-z])"
    r"|(?:\b(?:the|early|mid|late|his|her|their|my|your|our|its)[\s-]+)(?P<tens>\d0)['’]?s(?![A-Za-z])",
    re.IGNORECASE,
)


def span_of_years(text: str, start: int, end: int) -> str | None:
    """The decade or century (``1970s``, ``'70s``, ``the 80s``) that the number at ``text[start:end]``
    starts, as written, or None."""
    if end - start not in (2, 4):
        return None  # a decade's number is a year (four digits) or a tens (two): the scan cannot find one
    for m in _SPAN_OF_YEARS.finditer(text, max(0, start - 12), min(len(text), end + 4)):
        group = "year" if m["year"] else "short" if m["short"] else "tens"
        if m.start(group) == start and m.end(group) == end:
            return text[(start - 1 if group == "short" else start) : m.end()]
    return None


def is_span_of_years(text: str) -> bool:
    """Whether all of ``text`` (a gold) names a decade or century (``1970s``, ``the 1900s``).

    >>> is_span_of_years("1970s"), is_span_of_years("the '80s"), is_span_of_years("1970")
    (True, True, False)
    """
    m = _SPAN_OF_YEARS.search(text)
    return m is not None and not re.search(r"\d", text[: m.start()] + text[m.end() :])
