"""A value a statement arrives at before the letter it picks: ``E = hc/λ ≈ 3.6 eV, so the answer is B.``

With the options' values known (``choices=["1.2 eV", "2.4 eV", "3.6 eV", "4.8 eV"]``, or the options listed in
the completion), a statement that arrives at one option's value and draws a different letter from it names
two options, C by its value and B by its letter, and commits to neither. Arriving at the chosen option's own
value (``≈ 2.4 eV, so the answer is B``) is the letter's reason. So is a letter written as the value's label
(``≈ 3.6 eV (B)``). Only the statement that picks the letter
counts (an earlier sentence is working), only a value it arrives at (after ``=``, ``≈``, ``is``; not one it
compares with, ``exceeds 3.6 eV``, rules out, ``is not 3.6 eV``, or judges, ``3.6 eV is too high, so …``),
and only a value equal to another option's (any other number is working).

>>> from rewardkit.extract import read_options
>>> options = read_options(["1.2 eV", "2.4 eV", "3.6 eV", "4.8 eV"])
>>> t = "E = hc/λ ≈ 3.6 eV, so the answer is B."
>>> value_arrived_before(t, t.rindex("B"), "B", "ABCD", options)
"'E = hc/λ ≈ 3.6 eV, so the answer is B' arrives at 3.6 eV, the value of choice C, and picks B"
>>> t = "E = hc/λ ≈ 2.4 eV, so the answer is B."
>>> value_arrived_before(t, t.rindex("B"), "B", "ABCD", options) is None
True
>>> t = "3.6 eV is too high, so the answer is B."
>>> value_arrived_before(t, t.rindex("B"), "B", "ABCD", options) is None
True
>>> t = "E = hc/λ ≈ 3.6 eV (B)"
>>> value_arrived_before(t, t.rindex("B"), "B", "ABCD", options)
"'E = hc/λ ≈ 3.6 eV (B' arrives at 3.6 eV, the value of choice C, and picks B"
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rewardkit.extract import read_number
from rewardkit.lazy_regex import lazy_compile
from rewardkit.numbers import Quantity, same_quantity

# how far back a statement is read from its letter
_REACH = 300
# where a statement starts: the end of the sentence or line before it ("3.6" holds no sentence's end)
_STATEMENT_END = lazy_compile(r"[.!?](?=\s)|\n")
# between the value and the letter: a word that draws the letter from the value, then the words that name
# it ("…, so the answer is B", "…; hence option (B)", "…, which corresponds to \\boxed{B}", "…, so we
# choose B")
_PICK = lazy_compile(
    r"[ \t]*[,;:—–]?[ \t]*(?:and[ \t]+)?"
    r"\b(?:so|hence|thus|therefore|which[ \t]+(?:means|gives|is|matches|corresponds[ \t]+to))\b[ \t,:]*"
    r"(?:(?:the[ \t]+)?(?:(?:final|correct|right|best)[ \t]+)?(?:answer|option|choice)"
    r"(?:[ \t]+(?:is|must[ \t]+be|should[ \t]+be|would[ \t]+be))?[ \t:]*"
    r"|(?:we|I)[ \t]+(?:choose|pick|select|get)[ \t]+|it(?:'s|[ \t]+is|[ \t]+must[ \t]+be)[ \t]+)?"
    r"(?:(?:option|choice)[ \t]+)?(?:\\boxed\{|\\textbf\{|[(*_$])*[ \t]*$",
    re.IGNORECASE,
)
# the bracket a letter written right after a value opens: "v = 36 / 2 = 18 km/h (B)"
_LABEL_OPENS = lazy_compile(r"[ \t]*\([ \t]*$")
# the value the statement arrives at, right before that: after a relation or a verb that states it
# ("≈ 3.6 eV", "= $3.6\\,\\text{eV}$", "is about 3.6 eV"); a comparison ("exceeds", ">"), a negation
# ("is not") or a bound ("at least") before the value is no relation here, and the value is left alone
_ARRIVED = lazy_compile(
    r"(?:=|≈|≃|≅|~|\\approx|\\simeq|\\sim|\b(?:is|equals|gives|get|obtain)\b"
    r"(?:[ \t]+(?:about|approximately|roughly|around|exactly))?)[ \t]*(?:\$|\\\()?[ \t]*"
    r"(?P<value>[-−]?[$€£]?\d[\d,]*(?:\.\d+)?(?:/\d+)?"
    r"(?:[ \t]*(?:\\[,;! ]|~)?[ \t]*"
    r"(?:\\(?:text|mathrm|rm)\{[^{}]{1,12}\}|\\?%|[A-Za-zµμΩÅ°][A-Za-z/^\d·]{0,9}))?)"
    r"[ \t]*(?:\$|\\\))?$"
)


def value_arrived_before(
    text: str, at: int, letter: str, letters: str, options: Sequence[Quantity | None]
) -> str | None:
    """Why the statement that picks the choice ``letter`` (written at ``at`` in ``text``) commits to neither
    when it arrives, right before the letter, at another option's value, or None.

    >>> from rewardkit.extract import read_options
    >>> options = read_options(["12 km/h", "15 km/h", "18 km/h", "21 km/h"])
    >>> t = "First, 60 / 4 = 15 km/h.\\nThe speed is 60 / 5 = 12 km/h, which corresponds to option (C)."
    >>> value_arrived_before(t, t.rindex("C"), "C", "ABCD", options)
    "'The speed is 60 / 5 = 12 km/h, which corresponds to option (C' arrives at 12 km/h, the value of choice \
A, and picks C"
    >>> t = "The speed is 60 / 4 = 15 km/h.\\nSo the answer is C."
    >>> value_arrived_before(t, t.rindex("C"), "C", "ABCD", options) is None
    True
    """
    index = letters.find(letter)
    if index < 0 or not any(options):
        return None
    before = text[max(0, at - _REACH) : at]
    ends = [m.end() for m in _STATEMENT_END.finditer(before)]
    statement = before[ends[-1] :] if ends else before
    if not any(c.isdigit() for c in statement):  # the common case: the statement arrives at no number
        return None
    # the letter drawn from the value ("…, so the answer is B"), or the letter written as the value's label
    # ("= 18 km/h (B)"): either names the option the value says
    pick = _PICK.search(statement) or _LABEL_OPENS.search(statement)
    if pick is None:
        return None
    arrived = _ARRIVED.search(statement, 0, pick.start())
    if arrived is None:
        return None
    stated = read_number(arrived["value"])
    if stated.status != "value" or stated.quantity is None:
        return None
    own = options[index] if index < len(options) else None
    if own is not None and same_quantity(stated.quantity, own):
        return None
    for other, option in zip(letters, options, strict=False):
        if other != letter and option is not None and same_quantity(stated.quantity, option):
            shown = (statement + letter).strip()
            said = arrived["value"].strip()
            return f"{shown!r} arrives at {said}, the value of choice {other}, and picks {letter}"
    return None
