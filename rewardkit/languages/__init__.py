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

from rewardkit.languages import chinese, european
from rewardkit.languages.rewrite import Rewritten
from rewardkit.substrings import first_non_ascii


def normalize(text: str) -> str:
    """``text`` in the shared notation (English text comes back as it is, after a few substring tests)."""
    return rewrite(text).text


def rewrite(text: str, doubts: bool = False) -> Rewritten:
    """:func:`normalize`, remembering where each character of the result came from in ``text``. With
    ``doubts``, the hedges and conditions of a text no marker of another language opens are read too (asked
    when :func:`doubted_near` the value a lenient rule found)."""
    rewritten = Rewritten(text)
    first = first_non_ascii(text)
    if first < len(text):
        chinese.rewrite(rewritten, first)
        if rewritten.text is not text:
            first = first_non_ascii(rewritten.text)
    european.rewrite(rewritten, first, doubts)
    return rewritten


doubted_near = european.doubted_near
