"""Characters that change what a reader sees without changing what the rules read.

A letter of another script drawn as a Latin one (Cyrillic ``о`` in ``nоt``, Greek ``Ο`` in ``NΟT``) hides a
word from every rule that reads English words, while a reader sees the word: the commitment rules would miss
the negation of ``The answer is nоt 72``. A word that mixes Latin letters with such look-alikes, and holds
nothing else, is read as the Latin word it shows (one character for one, so every span still points into
the text); a word wholly in another script is that script's (Russian ``он`` stays Russian).

A mark combined with a digit (``7́2``, ``72̸`` struck through by a long solidus, ``0.3̅`` with a bar) draws a
number other than its digits: such a number is not read as written. So does a Latin letter drawn as a digit
(``O`` or ``o`` for 0, ``l`` or ``I`` for 1) glued to a number's digits or to its point (``O.5``, ``1.O``,
``1,OOO``): the text is no number, never the digits beside the letter (``O(n)`` and words hold no digit).
"""

from __future__ import annotations

from rewardkit.lazy_regex import lazy_compile
from rewardkit.numbers import DIGIT_LOOKALIKES

# Cyrillic and Greek letters a reader cannot tell from a Latin one, and that Latin letter; the Greek lower
# case keeps only omicron (ρ, ν, κ and ι are math's variables, drawn apart from p, v, k and i)
_LATIN_OF = {
    **dict(zip("аеорсухіјѕԁԛԝһӏ", "aeopcyxijsdqwhl", strict=True)),
    **dict(zip("АВЕКМНОРСТХІЈЅҮ", "ABEKMHOPCTXIJSY", strict=True)),
    **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧο", "ABEZHIKMNOPTYXo", strict=True)),
    "օ": "o",  # Armenian oh
}
_FOLD = str.maketrans(_LATIN_OF)
_LOOKALIKE = lazy_compile(f"[{''.join(_LATIN_OF)}]")
# a word: a run of letters of any script
_WORD = lazy_compile(r"[^\W\d_]+")

# the combining marks (diacritics, overlays, enclosing marks) a digit may carry
_COMBINING = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
_MARKED_DIGIT = lazy_compile(f"\\d[{_COMBINING}]+")
_COMBINING_MARK = lazy_compile(f"[{_COMBINING}]")

# Latin letters drawn as a digit (O o as 0, l I as 1), and those of other scripts, glued to the end of a
# number by nothing or by its point or comma ("1O", "1.O", "1,OOO", "3.O5"), and not the first letters of a
# word ("5.Oh" is a typo's sentence)
_DRAWN = "OoIl" + DIGIT_LOOKALIKES
_DRAWN_AFTER = lazy_compile(f"(?:[.,]?[{_DRAWN}])+(?![^\\W\\d_])")
_WORD_NEXT = lazy_compile(r"['’]|[ \t]+[A-Za-z]")


def fold_mixed_words(text: str, first: int = 0) -> str | None:
    """``text`` with each word that mixes Latin letters and look-alikes of Latin letters spelled in Latin,
    or None where no word does. Its length is kept. ``first``: where the first character outside ASCII
    stands, when the caller knows it (every look-alike is one).

    >>> fold_mixed_words("The answer is n\u043et 72."), fold_mixed_words("Ответ: 72"), fold_mixed_words("72")
    ('The answer is not 72.', None, None)
    >>> fold_mixed_words("пр\u006fблема")  # a Russian word with a Latin o stays Russian
    """
    if _LOOKALIKE.search(text, first) is None:
        return None
    changed = False
    pieces: list[str] = []
    last = 0
    for m in _WORD.finditer(text):
        word = m.group()
        if word.isascii() or _LOOKALIKE.search(word) is None or not any(c.isascii() for c in word):
            continue  # a Latin word, or one with no Latin letter (Russian "он", a Cyrillic "О" by a digit)
        folded = word.translate(_FOLD)
        if folded == word or not folded.isascii():
            continue  # a word of one script, or one that holds letters no Latin letter looks like
        pieces += [text[last : m.start()], folded]
        last = m.end()
        changed = True
    if not changed:
        return None
    pieces.append(text[last:])
    return "".join(pieces)


def marked_digits(text: str, start: int, end: int) -> str | None:
    """The digits carrying a combining mark in ``text[start:end]`` or right after it (``7́2``, ``72̸``), or
    None. A number drawn with such a mark is not the number its digits spell.

    >>> marked_digits("It is 7\u03012.", 6, 9), marked_digits("It is 72\u0338.", 6, 8)
    ('7\u0301', '2\u0338')
    >>> marked_digits("72", 0, 2) is None
    True
    """
    while start > 0 and _COMBINING_MARK.match(text, start - 1):
        start -= 1  # "7́7" read from its second 7: the mark before it joins the two
    m = _MARKED_DIGIT.search(text, max(0, start - 1), end + 1)
    return None if m is None else m.group()


def has_marked_digit(text: str, first: int = 0) -> bool:
    """Whether a digit of ``text`` carries a combining mark (``first``: where the first character outside
    ASCII stands, when known: every mark is one)."""
    mark = _COMBINING_MARK.search(text, first)  # (a mark is rare; a digit, tried at each, is not)
    return mark is not None and _MARKED_DIGIT.search(text, max(0, mark.start() - 1)) is not None


def digit_letters(text: str, start: int, end: int) -> str | None:
    """The letters drawn as digits (Latin ``O``, ``o``, ``l``, ``I``, Cyrillic ``О``, …) glued to the number
    ``text[start:end]`` by nothing or by a point or comma, with what glues them (``O.5``, ``1.O``, ``1,OOO``),
    or None. A letter before the number counts only where it stands alone (``Rs.500`` is rupees).

    >>> digit_letters("O.5", 1, 3), digit_letters("1,OOO", 0, 1), digit_letters("O,5", 2, 3)
    ('O', ',OOO', 'O,')
    >>> digit_letters("O(1)", 2, 3), digit_letters("0.5", 0, 3), digit_letters("5.Oh", 0, 1)
    (None, None, None)
    >>> digit_letters("72.I think so.", 0, 2), digit_letters("72.I'm sure.", 0, 2)
    (None, None)
    """
    after = _DRAWN_AFTER.match(text, end)
    if (
        after is not None
        and after.end() > end
        and not (after.group()[-1] == "I" and _WORD_NEXT.match(text, after.end()))
    ):
        return after.group()  # (a sentence run on after the number, "72.I think", starts with the word "I")
    at = start - 1 if start and text[start - 1] in ".," else start
    if at and text[at - 1] in _DRAWN and (at < 2 or not (text[at - 2].isalpha() or text[at - 2].isdigit())):
        return text[at - 1 : start]
    return None
