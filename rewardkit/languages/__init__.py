"""Answers in other languages, read into the one notation every reader shares.

Each language module rewrites what its writers put around and inside an answer — markers, numerals, units,
the decimal comma, the words that qualify or negate a statement — into the notation the extraction and
equivalence rules already read, once per completion and per gold, before anything is extracted. So a marker
in another language is a marker under the strict policy too, a Chinese unit converts like an English one,
and no rule of the grader is written twice.

* :mod:`rewardkit.languages.chinese`: numerals (``七十二``, ``两百五十``, ``三分之二``, ``百分之二十五``),
  units (元, 小时, 分钟, 千克, 米 …), markers (``答案是``, ``最终答案``, ``答：``), full-width forms, and the
  words of the commitment rules (``不是``, ``至少``, ``如果``, ``等等，其实``).
* :mod:`rewardkit.languages.european`: French, German, Spanish, Italian, Portuguese and Russian markers
  (``Réponse :``, ``Antwort:``, ``La respuesta es``, ``Ответ:``) and the decimal comma of the statements they
  open.

>>> normalize("答案：七十二")
'answer: 72'
>>> normalize("La respuesta es 3,5")
'The answer is 3.5'
>>> normalize("The answer is 3,5")  # English: no decimal comma, ever
'The answer is 3,5'
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from rewardkit.languages import chinese, european
from rewardkit.languages.rewrite import Rewritten
from rewardkit.substrings import first_non_ascii


def normalize(text: str) -> str:
    """``text`` in the shared notation (English text comes back as it is, after a few substring tests)."""
    return rewrite(text).text


def rewrite(text: str, doubts: bool = False, first: int | None = None) -> Rewritten:
    """:func:`normalize`, remembering where each character of the result came from in ``text``. With
    ``doubts``, the hedges and conditions of a text no marker of another language opens are read too (asked
    when :func:`doubted_near` the value a lenient rule found). ``first`` is where the first character outside
    ASCII stands, when the caller has found it."""
    rewritten = Rewritten(text)
    if first is None:
        first = first_non_ascii(text)
    if first < len(text):
        chinese.rewrite(rewritten, first)
        if rewritten.text is not text:
            first = first_non_ascii(rewritten.text)
    european.rewrite(rewritten, first, doubts)
    return rewritten


doubted_near = european.doubted_near


class AnswerLine(NamedTuple):
    """A completion's last line, a marker of another language and a number, in the shared notation:
    ``english`` stands for ``text[start:end]``, and its value ``english[value_at:value_at + len(value)]`` for
    ``text[value_start:value_end]``."""

    start: int
    end: int
    english: str
    value_at: int
    value: str
    value_start: int
    value_end: int


# an answer line is short: a marker, a number, punctuation
_LONGEST_LINE = 80


def read_answer_line(text: str, lo: int = 0) -> AnswerLine | None:
    """The last line of ``text`` (from ``lo`` on) when a marker of another language opens it and a number
    alone completes it (``Réponse : 2,5``, ``答案是七十二。``), read as :func:`rewrite` reads it, or None.

    Most completions in another language close so, and the rewrite of the whole text, which reads every
    word of it, cost more than grading it: this reads one line. The line reads alike alone and in its text
    (its marker and number are all it holds), and the grader judges such a line's value by that line and
    what follows it (nothing): it agrees with the whole text's rewrite wherever it answers (a property test
    holds the two to it).

    >>> line = read_answer_line("So 2 + 3 = 5.\\nRéponse : 2,5")
    >>> line.english, line.value, (line.value_start, line.value_end)
    ('Answer: 2.5', '2.5', (24, 27))
    >>> read_answer_line("So 2 + 3 = 5.\\nRéponse : 2,5 €") is None
    True
    """
    end = len(text)
    while end > lo and text[end - 1].isspace():
        end -= 1
    start = max(lo, text.rfind("\n", lo, end) + 1)
    if not 0 < end - start <= _LONGEST_LINE:
        return None
    line = text[start:end]
    # a Chinese marker fails the Chinese line's pattern at its first character, where a European one opens
    read = chinese.read_answer_line(line) or european.read_answer_line(line)
    if read is None:
        return None
    value_start, value_end, value = read
    shape = _english_shape(line[:value_start] + _PLACEHOLDER + line[value_end:])
    if shape is None:
        return None
    before, after = shape
    # a tuple: one is made per completion in another language, and a frozen dataclass costs several times more
    return AnswerLine(
        start, end, before + value + after, len(before), value, start + value_start, start + value_end
    )


# a number every reader leaves as it is, standing for the line's own while its words are read
_PLACEHOLDER = "1"
_DIGIT = re.compile(r"\d")


@lru_cache(maxsize=4096)
def _english_shape(shape: str) -> tuple[str, str] | None:
    """An answer line with the placeholder for its number, rewritten: the English before and after the number.
    Its words do not depend on the number (the line has no other), so a line's shape is rewritten once."""
    english = rewrite(shape).text
    digits = _DIGIT.findall(english)
    if digits != [_PLACEHOLDER]:
        return None
    at = english.index(_PLACEHOLDER)
    return english[:at], english[at + 1 :]
