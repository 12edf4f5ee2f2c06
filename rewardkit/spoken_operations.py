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
>>> operation_after("120 over 6", 3), operation_after("120 over 6 weeks", 3)
('over', None)
>>> operation_after("120 over six days", 3)
>>> operation_before("the square root of "), operation_before("twice "), operation_before("a total of ")
('the square root of', 'twice', None)
>>> operation_after("72² cm", 2), operation_before("a multiple of "), operation_before("√")
('²', 'a multiple of', '√')
"""

from __future__ import annotations

import re

from rewardkit.lazy_regex import lazy_compile
from rewardkit.numbers import CARDINAL_WORDS

# what an infix operation needs after it to be one: a number, a number word, math, or a one-letter variable
# ("a" and "I" are words: "72 times a week")
_OPERAND = (
    r"(?=[-−]?\d|[$\\(]|(?![aAI]\b)[A-Za-z]\b(?!['’])|(?:"
    + "|".join(sorted(CARDINAL_WORDS, key=len, reverse=True))
    + r"|half|a\s+(?:half|third|quarter)|itself)\b)"
)
# "over 6 weeks", "over six days": the period the value was reached in, no division ("$120 over 6 weeks")
_OVER_A_PERIOD = (
    r"(?!\s+(?:\d[\d.,]*|"
    + "|".join(sorted(CARDINAL_WORDS, key=len, reverse=True))
    + r")\s+(?:(?:more|consecutive|straight|full|whole|school|working|business)\s+)?"
    r"(?:seconds?|minutes?|hours?|days?|nights?|weeks?|weekends?|months?|years?|decades?|semesters?|seasons?)\b)"
)
_INFIX = (
    rf"times|multiplied\s+by|divided\s+by|over{_OVER_A_PERIOD}|plus|minus|mod(?:ulo)?|"
    r"to\s+the\s+(?:\w+\s+)?power(?:\s+of)?|"
    r"raised\s+to(?:\s+the\s+(?:\w+\s+)?power(?:\s+of)?)?|(?:increased|decreased|reduced|multiplied)\s+by|less|"
    # "72 choose 2" (a binomial), "72 by 2" (dimensions), "72 point 5" (a decimal said in words), "72 vs 70"
    r"choose|by|point|vs\.?|versus|"
    # "72 more than x": a sum with a variable ("72 more than last year" is a comparison, and stays a value)
    r"(?:more|less|fewer)\s+than(?=\s+(?![aAI]\b)[A-Za-z]\b(?![A-Za-z'’]))"
)
# "72 inverted" (1/72), "72 reversed" (27), "72 tenths" (7.2), and a closing "72 plus" (72 or more)
_POSTFIX = (
    r"squared|cubed|factorial|halved|doubled|tripled|inverted|reversed|negated|tenths|hundredths|thousandths|"
    r"plus(?=\s*(?:[.!?;,)]|$))"
)
# after the number, past the math delimiters that close it ("$72$ times $2$")
# glued to the number: a power, a root or pi written as a symbol ("72²", "72√2", "72π")
# (a power, a root or pi set a space off the number is still its own: "72 ²", "12 π")
_GLUED_AFTER = r"[ \t]?(?:[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]|√|π)"
_AFTER = lazy_compile(
    rf"(?P<glued>{_GLUED_AFTER})|(?:\s*(?:\$|\\\)))?\s+(?:(?P<infix>{_INFIX})\s+{_OPERAND}|"
    rf"(?P<postfix>{_POSTFIX}|pi)\b)",
    re.IGNORECASE,
)
# before the number: what it is the operand of ("the square root of 72", "twice 72", "the sum of 72 and 5")
_BEFORE = lazy_compile(
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
    return re.sub(r"\s+", " ", (m["glued"] or m["infix"] or m["postfix"]).strip().lower())


# before the number: a description the number is a parameter of, not the value described ("the number of
# groups for 72 students", "the cost of 72 apples"); "the number 72", "a total of 72" name the number itself
_DESCRIBED_BY = lazy_compile(
    r"(?<![\w'’])(?P<op>the\s+(?:number|cost|price|amount|value|area|perimeter|volume|length|width|height|"
    r"weight|age|time|distance|speed)\s+of)\s+(?:(?:[A-Za-z]+\s+){1,4}(?:for|of|with|in|from|per)\s+)?$",
    re.IGNORECASE,
)


# before the number: an operation said in words that takes it as its second operand, whatever stands before
# (words that name no number, "the number of eggs Janet sells times $2", "the base cost plus 5", "the total
# divided by 4", or a number, "9 times $2"), and a verb that operates by it ("Multiply the eggs by $2", "so we
# multiply by 3"); "at times", "increased by 5" (a change said) and "over 6" (a bound) are none
_OPERATION_SAID_BEFORE = lazy_compile(
    r"(?<![\w'’])(?<!\bat\s)(?P<op>times|plus|(?:multiplied|divided)\s+by|"
    r"(?:multipl(?:y|ies|ying)|divid(?:e|es|ing))(?:\s+(?!by\b)[A-Za-z'’]+){0,4}?\s+by)\s*(?:\$|\\\()?\s*$",
    re.IGNORECASE,
)


# before the number: a part of it taken ("1/3 of 9", "25% of 80", "half of 9", "two thirds of the 9",
# "$\\frac13$ of 9"): the number is the whole the part is taken of, not the value said
_PART_OF = lazy_compile(
    r"(?<![\w'’./])(?P<op>(?:\d+\s*/\s*\d+|\d+(?:\.\d+)?\s*(?:%|percent\b|per\s+cent\b)|"
    r"\\[dt]?frac\s*(?:\{\s*\d+\s*\}\s*\{\s*\d+\s*\}|\d\d)\s*\$?|"
    r"(?:(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten)[\s-]+)?(?:half|halves|thirds?|quarters?|"
    r"fourths?|fifths?|sixths?|sevenths?|eighths?|ninths?|tenths?))\s+of(?:\s+(?:the|a|an))?)\s*(?:\$|\\\()?\s*$",
    re.IGNORECASE,
)


def operation_before(prefix: str) -> str | None:
    """The operation the words right before a number take it as an operand of (``twice``, ``the sum of``,
    ``times``), or None. ``prefix`` is the text before the number.

    >>> operation_before("the number of groups for "), operation_before("the cost of ")
    ('the number of', 'the cost of')
    >>> operation_before("the number "), operation_before("the number of groups needed is ")
    (None, None)
    >>> operation_before("the number of eggs Janet sells times $"), operation_before("so we multiply by ")
    ('times', 'multiply by')
    >>> operation_before("the price went up by "), operation_before("at times ")
    (None, None)
    >>> operation_before("He gave away 1/3 of "), operation_before("25% of the "), operation_before("3 of ")
    ('1/3 of', '25% of the', None)
    """
    tail = prefix[-60:]
    m = _BEFORE.search(tail) or _DESCRIBED_BY.search(tail)
    if m is None and "of" in tail.lower():
        m = _PART_OF.search(tail)
    if m is None and ("times" in tail or "plus" in tail or "by" in tail or "BY" in tail or "TIMES" in tail):
        said = _OPERATION_SAID_BEFORE.search(tail)
        # (an instruction that opens its sentence, "Then multiply by 2", is read as one: instruction_before)
        if said is not None and (said["op"][0] in "tTpP" or instruction_before(prefix) is None):
            m = said
    return None if m is None else re.sub(r"\s+", " ", m["op"])


# a sentence or list item that tells the reader to operate ("Subtract 4", "3. Then multiply by 2"): its
# numbers are operands while only the operation's objects stand between the verb and the number ("Multiply the
# total by 3", "Subtract 4 from 28"); any other word ("… and you have 24", "… to get 24", "… so 24 remain")
# states a result
_INSTRUCTION = lazy_compile(
    r"^[\s*_>#-]*(?:\d{1,2}[.)][ \t]*)?(?:(?:then|next|now|finally|lastly|first|after\s+that)[,\s]+)?"
    # (or names the step it takes: "Subtracting 4 from 28: 24", "Then dividing by 2")
    r"(?P<op>subtract(?:ing)?|add(?:ing)?|multiply(?:ing)?|divid(?:e|ing)|doubl(?:e|ing)|halv(?:e|ing)|"
    r"tripl(?:e|ing)|deduct(?:ing)?|tak(?:e|ing)\s+away|remov(?:e|ing)|squar(?:e|ing)|cub(?:e|ing)|"
    r"increas(?:e|ing)|decreas(?:e|ing)|reduc(?:e|ing))\b"
    r"(?:[ \t]+(?:it|them|this|that|these|those|the|a|an|total|result|sum|number|numbers|answer|amount|value|"
    r"price|cost|previous|remaining|both|each|another|by|from|to|of|with|and|[$€£]?\d[\d.,]*%?))*[ \t]*$",
    re.IGNORECASE,
)


def instruction_before(prefix: str) -> str | None:
    """The instruction a sentence opens with when a number right after it is that instruction's operand
    (``Subtract 4``, ``Then multiply the total by 3``), or None; ``prefix`` is the sentence up to the number.
    A word other than the operation's objects states a result (``Subtract 4 from 28 to get 24``).

    >>> instruction_before("Subtract "), instruction_before("Then, multiply the total by ")
    ('subtract', 'multiply')
    >>> instruction_before("Subtract 4 from 28 to get "), instruction_before("She adds ")
    (None, None)
    >>> instruction_before("Subtract 4 from 28 and you have "), instruction_before("Add 3 and ")
    (None, 'add')
    >>> instruction_before("Subtracting 4 from "), instruction_before("Then dividing by ")
    ('subtract', 'divide')
    >>> instruction_before("Taking away "), instruction_before("Multiplying 12 by ")
    ('take away', 'multiply')
    """
    m = _INSTRUCTION.search(prefix) if len(prefix) <= 120 else None
    if m is None:
        return None
    op = re.sub(r"\s+", " ", m["op"].lower())
    if "ing" in op:  # the step named by its gerund is the instruction's verb: "dividing" → "divide"
        op = op.replace("ing", "" if op.startswith(_KEEPS_ITS_LETTERS) else "e", 1)
    return op


# the verbs whose gerund is the verb and "ing" ("adding"; not "dividing", "taking")
_KEEPS_ITS_LETTERS = ("subtract", "add", "multiply", "deduct")
