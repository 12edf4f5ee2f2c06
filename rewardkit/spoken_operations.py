"""Arithmetic said in words around a number: the number is an operand, and the statement names another value.

``The answer is 72 times 2`` states 144, ``twice 72`` and ``the square root of 72`` are not 72 either; reading
the number alone pays 72 for a statement that says something else. The answer readers ask
:func:`operation_before` about the words before a span's first number and :func:`operation_after` about the
words after it, and refuse the span (UNPARSEABLE) when either names an operation.

Only an operation on an operand counts: ``72 times 2``, ``72 plus x``, but not ``72 times as many``,
``72 times a week`` or ``72 plus tax``; a comparison stays a value (``72 more than last year`` answers "how
many more"), and so does a residue (``2 (mod 5)``).

>>> operation_after("72 times 2", 2), operation_after("72 times a week", 2), operation_after("72 squared.", 2)
('times', None, 'squared')
>>> operation_before("the square root of "), operation_before("twice "), operation_before("a total of ")
('the square root of', 'twice', None)
>>> operation_after("72² cm", 2), operation_before("a multiple of "), operation_before("√")
('²', 'a multiple of', '√')
"""

from __future__ import annotations

import re

from rewardkit.numbers import CARDINAL_WORDS

# what an infix operation needs after it to be one: a number, a number word, math, or a one-letter variable
# ("a" and "I" are words: "72 times a week")
_OPERAND = (
    r"(?=[-−]?\d|[$\\(]|(?![aAI]\b)[A-Za-z]\b(?!['’])|(?:"
    + "|".join(sorted(CARDINAL_WORDS, key=len, reverse=True))
    + r"|half|a\s+(?:half|third|quarter))\b)"
)
_INFIX = (
    r"times|multiplied\s+by|divided\s+by|over|plus|minus|mod(?:ulo)?|to\s+the\s+(?:\w+\s+)?power(?:\s+of)?|"
    r"raised\s+to(?:\s+the\s+(?:\w+\s+)?power(?:\s+of)?)?|(?:increased|decreased|reduced|multiplied)\s+by|less"
)
_POSTFIX = r"squared|cubed|factorial|halved|doubled|tripled"
# after the number, past the math delimiters that close it ("$72$ times $2$")
# glued to the number: a power, a root or pi written as a symbol ("72²", "72√2", "72π")
_GLUED_AFTER = r"[²³⁴⁵⁶⁷⁸⁹]|√|π"
_AFTER = re.compile(
    rf"(?P<glued>{_GLUED_AFTER})|(?:\s*(?:\$|\\\)))?\s+(?:(?P<infix>{_INFIX})\s+{_OPERAND}|"
    rf"(?P<postfix>{_POSTFIX}|pi)\b)",
    re.IGNORECASE,
)
# before the number: what it is the operand of ("the square root of 72", "twice 72", "the sum of 72 and 5")
_BEFORE = re.compile(
    r"(?:(?<![\w'’])(?P<op>double|twice|triple|thrice|quadruple|sqrt|log|ln|(?:(?:the\s+)?(?:square|cube|fourth)"
    r"\s+root|the\s+(?:sum|product|difference|quotient|ratio|average|mean|square|cube|reciprocal|logarithm|"
    r"log|factorial|opposite|negative|inverse)|(?:a|an|the)\s+(?:multiple|factor|divisor|power)|"
    r"(?:multiples?|factors?|divisors?|powers?)|divisible\s+by|sin|cos|tan)(?:\s+(?:of|between))?|√))"
    r"\s*(?:\$|\\\()?\s*$",
    re.IGNORECASE,
)


def operation_after(text: str, end: int) -> str | None:
    """The operation the words after a number (``text[end:]``) apply to it (``times``, ``squared``), or
    None."""
    m = _AFTER.match(text, end)
    if m is None or (m["glued"] and not text[end - 1 : end].isdigit()):
        return None  # "5 m²": the power belongs to the unit, not to the number
    return re.sub(r"\s+", " ", (m["glued"] or m["infix"] or m["postfix"]).lower())


def operation_before(prefix: str) -> str | None:
    """The operation the words right before a number take it as an operand of (``twice``, ``the sum of``), or
    None. ``prefix`` is the text before the number."""
    m = _BEFORE.search(prefix[-60:])
    return None if m is None else re.sub(r"\s+", " ", m["op"])
