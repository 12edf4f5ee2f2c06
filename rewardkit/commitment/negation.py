"""Whether the words around a value say what the answer is not (``not 40``), and the answer a negated
statement goes on to name (``not 40, but 45``)."""

from __future__ import annotations

import re

from rewardkit.commitment.shared_words import NEGATION_BEFORE, REFUSES
from rewardkit.lazy_regex import lazy_compile
from rewardkit.numbers import Quantity, same_quantity, same_share, scan
from rewardkit.stated_units import rounded_restatement

# what names the answer after a negation: "not 40, but 45", "not 40; it is 45", "not 40 — rather 45"
_CORRECTION = lazy_compile(
    r"^[^\n]{0,80}?(?:[,;:—–-]\s*|\s+)(?:but(?:\s+(?:rather|instead|it\s+is|it's))?|rather|instead|it\s+is|"
    r"it's|it\s+was|the\s+answer\s+is|which\s+is)\b[\s:]*"
    # "不是A，是B" read as "not A, is B": the copula alone after the comma, a value right after it
    r"|^[^\n]{0,80}?[,;]\s*is\s+(?=[-−$(]?\d|\(?[A-J]\b|\\)",
    re.IGNORECASE,
)


def negates(before: str) -> bool:
    """Whether the words right before a value negate it (``is not 40``)."""
    return NEGATION_BEFORE.search(before[-200:]) is not None


# a value its sentence says something is not: "The answer cannot be 18, since …", "It is not 18 but …"
_NEGATED_VALUE = lazy_compile(
    r"(?:\bnot|n't|\bnever|\bcannot)\s+(?:be\s+|equal\s+(?:to\s+)?|exactly\s+)?[*_]*[$€£]?(?P<v>-?\d[\d,]*(?:\.\d+)?)",
    re.IGNORECASE,
)


def negated_earlier(sentence_before: str, value: Quantity | None) -> str | None:
    """Why the words of a sentence before a value have already said the answer is not that value (``The answer
    cannot be 18, since 9 eggs at $2 make 18``), or None: the later mention does not undo the negation.

    >>> negated_earlier("The answer cannot be 18, since 9 eggs at $2 make ", Quantity(18, None)) is not None
    True
    """
    if value is None or (
        "not" not in sentence_before and "n't" not in sentence_before and "never" not in sentence_before
    ):
        return None
    for m in _NEGATED_VALUE.finditer(sentence_before[-300:]):
        said = next(scan(m["v"]), None)
        if said is not None and same_quantity(said.quantity, value):
            return f"negated: {m.group().strip()[:60]!r} says the answer is not this value"
    return None


def negated_before(before: str) -> str | None:
    """Why the words right before a value negate it (``The answer is not``), or None.

    >>> negated_before("The answer is not "), negated_before("It is not 5, so the answer is ")
    ("negated: 'The answer is not …' says what the answer is not", None)
    """
    if negates(before):
        return f"negated: {(before.strip()[-60:] + ' …')!r} says what the answer is not"
    return None


def negation_corrected(after: str, value: Quantity | None = None) -> str | None:
    """After a negated value, the answer the statement goes on to name (``not 40, but 45`` → ``45``). The
    negated ``value`` said again, in any form, names no other (``not 72, which is 72 dollars``, ``not 0.4,
    which is 40%``: still not that value).

    >>> n = next(scan("72")).quantity
    >>> negation_corrected(", which is 45", n), negation_corrected(", which is 72 dollars", n)
    ('45', None)
    >>> negation_corrected(", which is 40%", next(scan("0.4")).quantity)
    """
    m = _CORRECTION.match(after)
    if m is None:
        return None
    rest = after[m.end() :].strip()
    if REFUSES.search(rest[:200]):
        return None  # "not 13, but I cannot determine the exact value": no answer named
    if value is not None and rest:
        again = next(scan(rest), None)
        if (
            again is not None
            and again.start == 0
            and (
                again.quantity.value == value.value
                or same_quantity(again.quantity, value)
                # "not 0.4, which is 40%", "not 5 km, which is 3.1 miles": the value in another form
                or same_share(again.quantity, value)
                or rounded_restatement(again.quantity, value)
            )
        ):
            return None
    return rest or None
