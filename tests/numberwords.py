"""A small int -> English words renderer, used only by the property tests.

It is written independently of ``rewardkit.numbers`` so that a round trip through it checks the parser
against a second opinion rather than against itself.

>>> to_words(72)
'seventy-two'
>>> to_words(105), to_words(105, and_=True)
('one hundred five', 'one hundred and five')
>>> to_words(-5)
'negative five'
>>> to_words(-5, negative="minus")
'minus five'
>>> to_words(1_002_003_040)
'one billion two million three thousand forty'
>>> to_words(120, hyphen=False)
'one hundred twenty'
"""

from __future__ import annotations

_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen"
).split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_SCALES = ((10**9, "billion"), (10**6, "million"), (10**3, "thousand"))

LIMIT = 10**12


def _below_hundred(n: int, hyphen: bool) -> str:
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    if ones == 0:
        return _TENS[tens]
    return f"{_TENS[tens]}{'-' if hyphen else ' '}{_ONES[ones]}"


def _below_thousand(n: int, hyphen: bool, and_: bool) -> str:
    hundreds, rest = divmod(n, 100)
    parts = []
    if hundreds:
        parts.append(f"{_ONES[hundreds]} hundred")
    if rest:
        if hundreds and and_:
            parts.append("and")
        parts.append(_below_hundred(rest, hyphen))
    return " ".join(parts)


def to_words(n: int, *, hyphen: bool = True, and_: bool = False, negative: str = "negative") -> str:
    """English words for ``n`` (|n| < 10**12), American style by default.

    ``and_`` inserts the British "and" after "hundred" ("one hundred and five"); ``hyphen=False`` writes
    "seventy two" instead of "seventy-two"; ``negative`` is the word for the sign.
    """
    if not -LIMIT < n < LIMIT:
        raise ValueError(f"out of range: {n}")
    if n < 0:
        return f"{negative} {to_words(-n, hyphen=hyphen, and_=and_)}"
    if n == 0:
        return "zero"
    parts = []
    for scale, word in _SCALES:
        count, n = divmod(n, scale)
        if count:
            parts.append(f"{_below_thousand(count, hyphen, and_)} {word}")
    if n:
        parts.append(_below_thousand(n, hyphen, and_))
    return " ".join(parts)
