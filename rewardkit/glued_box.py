"""A box written as part of the math around it: its content is an operand, not the answer.

``-\\boxed{72}``, ``x = - \\boxed{72}``, ``2\\boxed{36}``, ``\\boxed{72}^2``, ``\\boxed{72} \\times 2``,
``\\sqrt{\\boxed{72}}`` and ``\\frac{\\boxed{72}}{2}`` state other values than 72; the box alone would pay 72
for them. A box that its own sentence calls wrong (``\\boxed{72} is wrong``, ``\\boxed{72} (incorrect)``)
asserts nothing either.

What stays an answer: a box between math delimiters, prose, punctuation or a bullet (``$\\boxed{72}$.``,
``- \\boxed{72}``, ``Answer - \\boxed{72}``), followed by its unit or degrees (``\\boxed{72}^\\circ``,
``\\boxed{5}\\text{ cm}``, ``\\boxed{30}\\%``), or set equal to something (``x = \\boxed{72}``).

>>> glued_math("-\\\\boxed{72}", 1, 12), glued_math("x = \\\\boxed{72}.", 4, 14)
("a sign or operand before the box: '-'", None)
>>> glued_math("\\\\boxed{72}^2", 0, 10), glued_math("\\\\boxed{72}^\\\\circ", 0, 10)
("math after the box: '^2'", None)
>>> called_wrong("\\\\boxed{72} is wrong.", 10), called_wrong("\\\\boxed{72} is the answer.", 10)
("the box is called wrong: 'is wrong'", None)
"""

from __future__ import annotations

import re

from rewardkit.commitment.whole_statement import DISOWNED_AFTER
from rewardkit.lazy_regex import lazy_compile
from rewardkit.numbers import scale_word_is_noun, sign_after, unread_scale_after
from rewardkit.spoken_operations import operation_after, operation_before

# before the box (and the math delimiter that opens it): a sign or a coefficient touching it, an operator, or
# the argument of a command that takes the box as an operand ("**" is bold, "- " a bullet or a dash, but
# after "=", "(" or "is" a spaced minus is the sign: "x = - \\boxed{3}", "The answer is - \\boxed{3}")
_BEFORE = lazy_compile(
    r"(?:-|(?:[=(]|\b(?:is|equals)\b)[ \t]*[-−][ \t]+|\d|[+/^×÷·−][ \t]*|\\(?:times|cdot|div|pm|mp)[ \t]*|"
    r"\\(?:sqrt(?:\[[^\]]{0,10}\])?|frac|dfrac|tfrac|binom)\{|\\frac\{[^{}]{0,40}\}\{|[\^_]\{)(?:\$|\\\(|\\\[)?$"
)
# what an operator after the box needs to be one: a number, math, or a one-letter variable ("a", "I" are
# words)
_OPERAND = r"(?=[\d\\(]|(?![aAI][^a-zA-Z])[a-zA-Z](?![a-zA-Z]))"
# after the box (and the delimiter that closes it): digits touching it, an operator with an operand, a power
# that is not a degree sign or a prime, a symbol it multiplies
_AFTER = lazy_compile(
    r"(?:\$|\\\)|\\\])?(?:\d|\.\d|[ \t]*(?:[-+/×÷·−][ \t]*" + _OPERAND + r"|\\(?:times|cdot|div|pm|mp)\b|"
    r"\^(?![ \t]*\{?[ \t]*(?:\\circ|\\prime|[o°]))|\\(?:pi|sqrt|frac)\b|"
    # one side of a relation ("\\boxed{72} \\neq 73"; "<|" opens a special token, "<|im_end|>"), or a scale
    # word that multiplies it ("\\text{ hundred}", "\\boxed{2} dozen eggs": 24, never the box's 2; "dozens"
    # counts dozens, "\\boxed{7} dozens of eggs" is 7)
    r"\\(?:neq?|leq?|geq?|lt|gt)\b|[<>≤≥≠](?![/a-zA-Z!|])|(?:\\text\{\s*|\s)(?:(?:hundred|thousand|million|billion|trillion)s?|lakhs?|crores?|grand|score|gross|dozen)\b))"
)
# a question mark right after it: "The answer is \\boxed{72}?"
_ASKED = lazy_compile(r"[ \t]*(?:\$|\\\)|\\\])?[ \t]*\?")
# its own sentence calling it wrong
# ... or giving it as a careless solver's pick or a trap ("\\boxed{C} is what a naive student picks")
_CALLED_WRONG = lazy_compile(
    r"[ \t]*(?:\$|\\\)|\\\])?[ \t]*[.,]?[ \t]*(?:is\s+(?:wrong|incorrect|not\s+(?:correct|right|"
    r"the\s+(?:final\s+|correct\s+)?answer))\b|\(\s*(?:wrong|incorrect)\s*\))|"
    rf"(?:\$|\\\)|\\\])?{DISOWNED_AFTER}",
    re.IGNORECASE,
)


def glued_math(text: str, start: int, end: int) -> str | None:
    """Why the box at ``text[start:end]`` (from ``\\boxed`` to its closing brace) is an operand of the math or
    the arithmetic words around it, or None when it stands alone."""
    line_start = text.rfind("\n", 0, start) + 1
    before = _BEFORE.search(text, max(line_start, start - 60), start)
    if before is not None and before.end() == start:
        return f"a sign or operand before the box: {before.group().strip()!r}"
    spoken = operation_before(text[max(line_start, start - 60) : start])
    if spoken is not None:
        return f"the box is an operand of {spoken!r}"
    after = _AFTER.match(text, end, min(len(text), end + 60))
    if after is not None and not _scale_word_is_noun_after(text, start, after):
        return f"math after the box: {text[end : end + 12].partition(chr(10))[0].strip()!r}"
    spoken = operation_after(text, end)
    if spoken is not None:
        return f"the box is an operand of {spoken!r}"
    if unread_scale_after(text, end) or sign_after(text, end):  # "\boxed{72} Millionen", "… below zero"
        return f"words after the box change its value: {text[end : end + 24].partition(chr(10))[0].strip()!r}"
    return None


def _scale_word_is_noun_after(text: str, start: int, after: re.Match[str]) -> bool:
    """Whether the ``score`` or ``gross`` that ends what :data:`_AFTER` matched after the box at ``start`` is
    the noun or the adjective (``a \\boxed{95} score on the test``), as after a numeral: no scale of it."""
    word = after.group()[-5:]
    if word.lower() not in ("score", "gross"):
        return False
    return scale_word_is_noun(text, start, after.end(), word, text[max(0, start - 2) : start] == "\\$")


def called_wrong(text: str, end: int) -> str | None:
    """Why the sentence of the box that ends at ``end`` takes it back (``\\boxed{72} is wrong``) or asks about
    it (``\\boxed{72}?``), or None."""
    if _ASKED.match(text, end, min(len(text), end + 12)):
        return f"the box is asked about: {text[end : end + 12].partition(chr(10))[0].strip()!r}"
    m = _CALLED_WRONG.match(text, end, min(len(text), end + 80))
    return None if m is None else f"the box is called wrong: {m.group().strip()!r}"
