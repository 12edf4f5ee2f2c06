"""Whether a statement says its value again or restates the question: a restatement in another form (``2/5,
which is 40%``), a value concluded otherwise from it, a value that is only part of the answer."""

from __future__ import annotations

import re

from rewardkit.commitment.shared_words import APPROXIMATION, sentence_of, shown_after
from rewardkit.lazy_regex import lazy_compile
from rewardkit.numbers import Quantity, QuantitySpan, combine_compound, same_quantity, same_share, scan
from rewardkit.stated_units import RESTATING, RESTATING_APPROXIMATION, rounded_restatement, rounds_to

# a value named as one given or found before: "my earlier estimate of", "the previous answer,", "what I first
# got:"
_EARLIER_VALUE_BEFORE = lazy_compile(
    r"\b(?:earlier|previous|prior|original|initial|first|old)\s+(?:\w+\s+)?(?:estimate|answer|result|"
    r"value|guess|figure|calculation|attempt|total)\s*(?:of|was|is|=|:|,)?\s*[$*_(]*$|"
    r"\bwhat\s+(?:i|we)\s+(?:first\s+|originally\s+|initially\s+)?(?:got|had|found)(?:\s+(?:before|earlier))?"
    r"\s*(?:,|:|\(|was)?\s*[$*_(]*$",
    re.IGNORECASE,
)


def named_as_earlier(before: str) -> bool:
    """Whether the words before a value name it as one given or found before (``my earlier estimate of``),
    not a new answer.

    >>> named_as_earlier("that doesn't match my earlier estimate of "), named_as_earlier("it is actually ")
    (True, False)
    """
    return _EARLIER_VALUE_BEFORE.search(before[-60:]) is not None


# a value the text names as only part of the answer: "The subtotal is 72", "Total before the discount: 72",
# "72 is the subtotal", "72 is an intermediate result"
_PARTIAL_BEFORE = lazy_compile(
    r"\b(?:sub-?total|partial\s+(?:sum|total|result|answer)|intermediate\s+(?:result|value|total|answer)|"
    r"(?:total|price|cost|amount|sum)\s+(?:before|excluding|without)\s+(?:the\s+|any\s+)?(?:discounts?|tax(?:es)?|"
    r"tips?|fees?|shipping|deductions?|refunds?|returns?))\b[^.!?;\n]{0,30}$",
    re.IGNORECASE,
)
_PARTIAL_AFTER = lazy_compile(
    r"^[\s$*_)]*,?\s*(?:which\s+)?(?:is|was)\s+(?:only\s+|just\s+|merely\s+)?(?:the|a|an)\s+(?:sub-?total|partial\s+"
    r"(?:sum|total|result)|intermediate\s+(?:result|value|step|total))\b",
    re.IGNORECASE,
)


def partial_around(before: str, after: str) -> str | None:
    """Why the words around a value name it as only part of the answer (``The subtotal is``, ``72 is an
    intermediate result``), or None.

    >>> partial_around("The subtotal is ", "."), partial_around("The total is ", ".")
    ("partial: 'The subtotal is …' names part of the answer", None)
    """
    m = _PARTIAL_BEFORE.search(before[-200:])
    if m is not None:
        return f"partial: {(sentence_of(before[-200:], m.start()) + ' …')!r} names part of the answer"
    if _PARTIAL_AFTER.match(after[:200]):
        return f"partial: {shown_after(after)!r} names part of the answer"
    return None


# a restatement of the question holds the answer without asserting it: "The question asks whether (B) …"
_RESTATEMENT_BEFORE = lazy_compile(
    r"\b(?:(?<!\bto\s)the\s+question\s+(?:asks|is)|restat(?:e|es|ed|ing)|"
    r"rephras(?:e|es|ed|ing)|(?:the\s+)?(?:options|choices)\s+(?:mention|include|list)|"
    r"asks?\s+(?:whether|if|how|what|us|for)|"
    # a "so" goes on to a statement of its own: "Restating: 9 groups of 27, so 3 each"
    r"we\s+are\s+asked|we\s+need\s+to\s+(?:check|determine)\s+(?:whether|if))\b"
    r"(?:(?!\b(?:so|thus|therefore|hence)\b)[^=]){0,200}$",
    re.IGNORECASE,
)


# the question's object named and the value stated after a colon or a "which is": "The question asks for
# the tip: $12", "… it asks for the total for both days, which is 36"
_ASKED_FOR_THEN_STATED = lazy_compile(
    r"\b(?:the\s+question\s+(?:asks|is)|asks?\s+(?:for|what|how))\b"
    r"(?:[^.!?\n:：]{0,80}[:：]|[^.!?\n:：]{1,80}?,\s*which\s+(?:is|equals|comes\s+to))[\s*_$(]*"
    rf"(?:(?:{APPROXIMATION})[\s*_$(]*)?$",
    re.IGNORECASE,
)


def restates(text: str) -> str | None:
    """Why a statement is a restatement of the question rather than an answer, or None. The question's object
    named and the value stated after a colon (``The question asks for the tip: $12``) answers it.

    >>> restates("The question asks for the tip: $") is None, restates("The question asks for the tip, $")
    (True, "a restatement of the question: 'The question asks for the tip, $' asserts no answer")
    """
    m = _RESTATEMENT_BEFORE.search(text[-300:])
    if m is not None and _ASKED_FOR_THEN_STATED.search(m.group()):
        return None
    return f"a restatement of the question: {m.group().strip()[:60]!r} asserts no answer" if m else None


# the words that conclude a value from the one before it in the same statement: "1/4, so 25%", "4 hours, thus
# 240 minutes" (the same value in another form, or another value the statement goes on to)
CONCLUDING_SO = r"so|thus|hence|therefore"
# a value said again right after it, in the same or another form: "(i.e., 72.0)", "(that is, 72)", ", namely
# 72,", "(72.0 cm)", ", which is 40%", ", i.e. 0.33", " (40%)"
_RESTATEMENT_OPENING = lazy_compile(
    rf"[ \t]*(?:\([ \t]*(?:(?:{RESTATING}),?[ \t]*)?"
    rf"|,[ \t]*(?:which[ \t]+is|{RESTATING}|{CONCLUDING_SO})[ \t]*,?[ \t]*)"
    # ("2/3, so about 0.67 or more": a rounded restatement)
    rf"(?:(?P<approximate>{RESTATING_APPROXIMATION})[ \t]+)?",
    re.IGNORECASE,
)
# what a parenthesised restatement may hold after its value before it closes: math or emphasis marks and at
# most a word ("(72.0 cm)", "($0.4$)"); anything more is a second statement, left to the readers
_RESTATEMENT_CLOSE = lazy_compile(r"[$*_ \t]*(?:[A-Za-z]+)?[$*_ \t]*\)")


def _says_again(said: Quantity, value: Quantity, approximate: bool) -> bool:
    """Whether ``said``, right after ``value``, states it again: the same quantity, the same share (``0.4``,
    ``40%``), a rounding in another unit (``5 km``, ``3.1 miles``), or said to be approximate, a rounding of
    it at its places (``2/3``, ``about 0.67``)."""
    return (
        same_quantity(said, value)
        or same_share(said, value)
        or rounded_restatement(said, value)
        or (approximate and rounds_to(value, said))
    )


def restated_otherwise(after: str, value: Quantity | None) -> str | None:
    """Why a value is not committed to when the statement goes straight on to conclude another value from it
    (``1/4, so 26%``, ``36 eggs, so 3 boxes``): two values, neither said to be the answer; None where none
    follows, or where it is the value said again (``1/4, so 25%``), which :func:`past_restatement` steps over.

    >>> from fractions import Fraction as F
    >>> restated_otherwise(", so 26%.", Quantity(F(1, 4))), restated_otherwise(", so 25%.", Quantity(F(1, 4)))
    ("two different values: ', so 26%' concludes another value from it", None)
    """
    if value is None or after[:1] not in ", \t":
        return None
    opening = _CONCLUDING_OPENING.match(after)
    if opening is None:
        return None
    said = after[opening.end() : opening.end() + 60]
    found = next(scan(said), None)
    if found is None or said[: found.start].strip("$*_ \t"):
        return None
    if _says_again(found.quantity, value, opening["approximate"] is not None):
        return None
    said = after[: opening.end() + found.end].strip()
    return f"two different values: {said!r} concludes another value from it"


_CONCLUDING_OPENING = lazy_compile(
    rf"[ \t]*,[ \t]*(?:{CONCLUDING_SO})[ \t]*,?[ \t]*(?:(?P<approximate>{RESTATING_APPROXIMATION})[ \t]+)?",
    re.IGNORECASE,
)


def past_restatement(after: str, value: Quantity | None) -> str:
    """``after`` past a restatement of ``value`` that opens it (``, which is 40%`` after 2/5, ``(i.e., 72.0)``
    after 72), so that what follows the restatement is read as following the value; ``after`` itself where
    none opens it, or where what is said again is another value: that is left to the readers
    (``72 (i.e., 70)``).

    >>> from fractions import Fraction as F
    >>> past_restatement(", which is 40% or more.", Quantity(F(2, 5)))
    ' or more.'
    >>> past_restatement(", which is 45% or more.", Quantity(F(2, 5)))
    ', which is 45% or more.'
    >>> seventy_two = Quantity(72)
    >>> past_restatement(" (i.e., 72.0) or more", seventy_two), past_restatement(" (i.e., 70)", seventy_two)
    (' or more', ' (i.e., 70)')
    >>> past_restatement(", namely 72, if the store is open", seventy_two)
    ', if the store is open'
    """
    if value is None or after[:1] not in ", \t(":
        return after
    opening = _RESTATEMENT_OPENING.match(after)
    if opening is None:
        return after
    said = after[opening.end() : opening.end() + 60]
    found = next(scan(said), None)
    if found is None or said[: found.start].strip("$*_ \t"):
        return after
    if not _says_again(found.quantity, value, opening["approximate"] is not None):
        return after
    end = opening.end() + found.end
    if "(" in after[: opening.end()]:
        close = _RESTATEMENT_CLOSE.match(after, end)
        if close is None:
            return after
        end = close.end()
    return after[end:]


def restates_value(value: Quantity | None, after: str, at: int, own: str | None = None) -> bool:
    """Whether every value from ``after[at:]`` on, and every one before it, says the same as ``value``
    (``18, or 18.0``; ``2/5, or 40%``, the same share; ``5 km, or 3.1 miles``, rounded in another unit at the
    places it writes; not ``18 or 18.0, though it might be 19``, nor ``3, 1 or 3, 3``: a list offered as an
    alternative to another is a hedge whatever its first value; nor ``72 muffins or 72 boxes``). ``own``: the
    text right after the value, where it is not ``after`` (a hedge before the value: ``72 pens or`` before
    ``72 pencils``)."""
    if value is None:
        return False
    found = _compounds_merged(after[: at + 200], list(scan(after[: at + 200])))
    if not found or not all(
        same_quantity(f.quantity, value)
        or same_share(f.quantity, value)
        or rounded_restatement(f.quantity, value)
        for f in found
    ):
        return False
    # "72 muffins or 72 boxes": the same number of other things, no unit to convert, is another answer
    noun = _NOUN_RIGHT_AFTER.match(after if own is None else own) if value.unit is None else None
    if noun is None:
        return True
    for f in found:
        other = _NOUN_RIGHT_AFTER.match(after, f.end) if f.quantity.unit is None else None
        if other is None:
            continue
        mine, theirs = _singular(noun["noun"]), _singular(other["noun"])
        if mine and theirs and mine != theirs:
            return False
    return True


def _compounds_merged(text: str, found: list[QuantitySpan]) -> list[QuantitySpan]:
    """``found``, the values scanned from ``text``, with each compound read as one (``3 hours 20 minutes``:
    200 minutes, not 3 hours and 20 minutes), as a restatement in other units writes it."""
    if len(found) < 2 or all(f.quantity.unit is None for f in found):
        return found  # (a compound is two values with units at least: most restatements hold none)
    merged: list[QuantitySpan] = []
    i = 0
    while i < len(found):
        quantity, end = combine_compound(text, found[i:]) or (found[i].quantity, found[i].end)
        merged.append(QuantitySpan(quantity, found[i].start, end) if end != found[i].end else found[i])
        i += 1
        while i < len(found) and found[i].start < end:
            i += 1
    return merged


# the word a bare number counts, right after it: "72 muffins", "72 boxes of pens"
_NOUN_RIGHT_AFTER = lazy_compile(r"[ \t]+(?P<noun>[A-Za-z]{3,20})\b")
# words after a number that name no thing it counts ("72 in all", "72 total", "72, which is …")
_NOT_NOUNS = frozenset(
    "and but the for not are was were which that then than total overall altogether all each per more less "
    "left remaining exactly only".split()
)


def _singular(word: str) -> str:
    """A counted noun, singular and lower-cased, for comparing two (``boxes`` → ``box``); a word that names no
    thing (``total``, ``which``) is the same as any."""
    word = word.lower()
    if word in _NOT_NOUNS:
        return ""
    return (
        word.removesuffix("es") if word.endswith(("xes", "ches", "shes", "sses")) else word.removesuffix("s")
    )
