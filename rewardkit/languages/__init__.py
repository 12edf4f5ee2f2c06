"""Answers in other languages, read into the one notation every reader shares.

Each language module rewrites what its writers put around and inside an answer — markers, numerals, units,
the decimal comma, the words that qualify or negate a statement — into the notation the extraction and
equivalence rules already read, once per completion and per gold, before anything is extracted. So a marker
in another language is a marker under the strict policy too, a Chinese unit converts like an English one,
and no rule of the grader is written twice.

* :mod:`rewardkit.languages.chinese`: numerals (``七十二``, ``两百五十``, ``三分之二``, ``百分之二十五``),
  units (元, 小时, 分钟, 千克, 米 …), markers (``答案是``, ``最终答案``, ``答：``), full-width forms, and the
  words of the commitment rules (``不是``, ``至少``, ``如果``, ``等等，其实``); traditional characters are
  read as their simplified forms first (:mod:`rewardkit.languages.traditional`: ``總共賣了七十二個``).
* :mod:`rewardkit.languages.japanese_korean`: Japanese and Korean markers, counters, the predicates after a
  value (``42ではありません``, ``42가 아닙니다``) and the corrections that follow a statement (``いや、48``).
* :mod:`rewardkit.languages.european`: French, German, Spanish, Italian, Portuguese and Russian markers
  (``Réponse :``, ``Antwort:``, ``La respuesta es``, ``Ответ:``) and the decimal comma of the statements they
  open; the one number a closing conclusion spells out (``Donc elle a soixante-douze billes.``).
* :mod:`rewardkit.languages.arabic_hindi`: Arabic, Persian and Hindi digits and separators (``٣٫٥`` is
  3.5), markers (``الإجابة هي``, ``پاسخ:``, ``उत्तर:``), conclusions (``إذن``, ``अतः``) and words of
  commitment, which refuse a value wherever they stand in its sentence (``उत्तर ७२ नहीं है``).

>>> normalize("答案：七十二")
'answer: 72'
>>> normalize("La respuesta es 3,5")
'The answer is 3.5'
>>> normalize("The answer is 3,5")  # English: no decimal comma, ever
'The answer is 3,5'
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from typing import NamedTuple

from rewardkit.languages import arabic_hindi, chinese, european, japanese_korean
from rewardkit.languages.rewrite import Rewritten
from rewardkit.lazy_regex import lazy_compile
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
        # Japanese first: it writes Chinese characters too, and its own words around them say how it holds a
        # value ("42個ではありません"); what the Chinese reader knows (numerals) it leaves to it
        japanese_korean.rewrite(rewritten, first)
        if rewritten.text is not text:
            first = first_non_ascii(rewritten.text)
        chinese.rewrite(rewritten, first)
        if rewritten.text is not text:
            first = first_non_ascii(rewritten.text)
        if first < len(rewritten.text):
            arabic_hindi.rewrite(rewritten, first)
            first = first_non_ascii(rewritten.text)
    european.rewrite(rewritten, first, doubts)
    return rewritten


doubted_near = european.doubted_near
# an ASCII line before an answer line, read alike with the text rewritten or not (see european.leaves_line)
leaves_line = european.leaves_line

# the scripts of languages no reader here covers (their markers, negations and hedges are not read), by the
# blocks their letters stand in; Greek letters are math's, Cyrillic is read as Russian, and Chinese, Japanese
# and Korean have their readers
_UNREAD_SCRIPTS = (
    ("Hebrew", "\u0590-\u05ff"),
    ("Arabic", "\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff"),
    ("Syriac", "\u0700-\u074f"),
    ("Thaana", "\u0780-\u07bf"),
    ("Devanagari", "\u0900-\u097f\ua8e0-\ua8ff"),
    ("Bengali", "\u0980-\u09ff"),
    ("Gurmukhi", "\u0a00-\u0a7f"),
    ("Gujarati", "\u0a80-\u0aff"),
    ("Oriya", "\u0b00-\u0b7f"),
    ("Tamil", "\u0b80-\u0bff"),
    ("Telugu", "\u0c00-\u0c7f"),
    ("Kannada", "\u0c80-\u0cff"),
    ("Malayalam", "\u0d00-\u0d7f"),
    ("Sinhala", "\u0d80-\u0dff"),
    ("Thai", "\u0e00-\u0e7f"),
    ("Lao", "\u0e80-\u0eff"),
    ("Tibetan", "\u0f00-\u0fff"),
    ("Myanmar", "\u1000-\u109f"),
    ("Georgian", "\u10a0-\u10ff"),
    ("Ethiopic", "\u1200-\u139f"),
    ("Khmer", "\u1780-\u17ff"),
    ("Armenian", "\u0531-\u0587"),
)
_UNREAD_LETTER = lazy_compile("[" + "".join(blocks for _, blocks in _UNREAD_SCRIPTS) + "]")
_SCRIPT_OF = [(name, lazy_compile(f"[{blocks}]")) for name, blocks in _UNREAD_SCRIPTS]


def unread_script(text: str) -> str | None:
    """The name of the script of a letter in ``text`` that no reader here covers (Arabic, Hebrew,
    Devanagari, Thai, …), or None. A statement written in it may negate or hedge its value in words the
    grader does not read. Arabic and Devanagari letters are read where they write Arabic, Persian or Hindi
    (:func:`rewardkit.languages.arabic_hindi.language_of`), and no other script's letter stands beside them.

    >>> unread_script("התשובה 72"), unread_script("答案是72"), unread_script("72")
    ('Hebrew', None, None)
    >>> unread_script("الإجابة هي 72"), unread_script("जवाब ७२ ہے")
    (None, 'Devanagari')
    """
    if text.isascii():
        return None
    for m in _UNREAD_LETTER.finditer(text):
        if m.group().isalpha():  # a letter: digits, marks and punctuation of the script say nothing
            name = next(name for name, letters in _SCRIPT_OF if letters.match(m.group()))
            if name in _READ_SCRIPTS and arabic_hindi.language_of(text) is not None:
                others = _UNREAD_BUT[name].search(text)
                if others is None:
                    return None
                name = next(name for name, letters in _SCRIPT_OF if letters.match(others.group()))
            return name
    return None


# the scripts read where they write a language of arabic_hindi; a letter of any other script stays unread
_READ_SCRIPTS = ("Arabic", "Devanagari")
_UNREAD_BUT = {
    read: lazy_compile("[" + "".join(blocks for name, blocks in _UNREAD_SCRIPTS if name != read) + "]")
    for read in _READ_SCRIPTS
}


# the words of commitment (hedges, negations, bounds) of languages written in Latin letters that no reader
# here covers: a value stated beside one of them is not shown to commit (``Het antwoord is niet 72.``,
# ``Odpowiedź: co najmniej 72``, ``Cevap: belki 72``); none of them is an English word
_UNREAD_COMMITMENT_WORDS = {
    "Dutch": {"misschien": "maybe", "waarschijnlijk": "probably", "mogelijk": "possibly", "niet": "not",
              "geen": "no", "minstens": "at least", "ten minste": "at least", "hoogstens": "at most",
              "maximaal": "at most", "minimaal": "at least", "bijna": "nearly", "meer dan": "more than",
              "minder dan": "less than"},
    "Polish": {"może": "maybe", "prawdopodobnie": "probably", "chyba": "perhaps", "nie": "not",
               "co najmniej": "at least", "przynajmniej": "at least", "co najwyżej": "at most",
               "najwyżej": "at most", "prawie": "nearly", "ponad": "over", "więcej niż": "more than",
               "mniej niż": "less than"},
    "Turkish": {"belki": "maybe", "muhtemelen": "probably", "galiba": "apparently", "değil": "not",
                "en az": "at least", "en fazla": "at most", "en çok": "at most", "neredeyse": "nearly"},
    "Swedish": {"kanske": "maybe", "förmodligen": "probably", "troligen": "probably", "inte": "not",
                "minst": "at least", "högst": "at most", "nästan": "nearly", "mer än": "more than",
                "mindre än": "less than"},
    "Danish or Norwegian": {"måske": "maybe", "kanskje": "maybe", "sandsynligvis": "probably",
                            "sannsynligvis": "probably", "ikke": "not", "mindst": "at least",
                            "højst": "at most", "høyst": "at most", "næsten": "nearly", "nesten": "nearly"},
    "Czech": {"možná": "maybe", "pravděpodobně": "probably", "nejméně": "at least", "alespoň": "at least",
              "nejvýše": "at most", "téměř": "nearly", "skoro": "nearly", "není": "is not"},
    "Indonesian or Malay": {"mungkin": "maybe", "tidak": "not", "bukan": "not", "setidaknya": "at least",
                            "paling sedikit": "at least", "paling banyak": "at most", "hampir": "nearly",
                            "lebih dari": "more than", "kurang dari": "less than"},
    "Romanian": {"poate": "maybe", "probabil": "probably", "cel puțin": "at least", "cel mult": "at most",
                 "aproape": "nearly", "nu este": "is not"},
    "Hungarian": {"talán": "maybe", "valószínűleg": "probably", "legalább": "at least",
                  "legfeljebb": "at most", "majdnem": "nearly"},
    "Vietnamese": {"có lẽ": "maybe", "không": "not", "ít nhất": "at least", "nhiều nhất": "at most"},
}  # fmt: skip
_UNREAD_WORD_OF = {
    word: (language, meaning)
    for language, words in _UNREAD_COMMITMENT_WORDS.items()
    for word, meaning in words.items()
}
# the first word of each, met against a sentence's words: one scan, however many phrases
_UNREAD_FIRST_WORDS = frozenset(word.split()[0] for word in _UNREAD_WORD_OF)
_LETTER_RUN = lazy_compile(r"[^\W\d_]+")


def unread_commitment_word(sentence: str) -> str | None:
    """Why a value stated in ``sentence`` is not shown to commit: the sentence holds a hedge, negation or
    bound of a language written in Latin letters that no reader here covers, or None.

    >>> unread_commitment_word("Het antwoord is niet 72.")
    "'niet' (Dutch: not)"
    >>> unread_commitment_word("Odpowiedź: co najmniej 72"), unread_commitment_word("So the total is 72.")
    ("'co najmniej' (Polish: at least)", None)
    """
    if not sentence.isascii():
        # Arabic, Persian and Hindi say a negation or a hedge after the value too ("उत्तर ७२ नहीं है")
        said = arabic_hindi.commitment_word(sentence)
        if said is not None:
            return said
    words = _LETTER_RUN.findall(sentence.lower())
    if _UNREAD_FIRST_WORDS.isdisjoint(words):
        return None
    for i, word in enumerate(words):
        for phrase in (f"{word} {words[i + 1]}" if i + 1 < len(words) else "", word):
            if phrase in _UNREAD_WORD_OF:
                language, meaning = _UNREAD_WORD_OF[phrase]
                return f"{phrase!r} ({language}: {meaning})"
    return None


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
    read = _line_in_english(text[start:end])
    if read is None:
        return None
    value_start, value_end, english, value_at, value = read
    # made as the tuple it is: a named tuple's own constructor is a Python function, and costs twice as much
    return tuple.__new__(
        AnswerLine, (start, end, english, value_at, value, start + value_start, start + value_end)
    )


@lru_cache(maxsize=4096)
def _line_in_english(line: str) -> tuple[int, int, str, int, str] | None:
    """An answer line read (:func:`read_answer_line`, positions in ``line``): where its number stands, the
    line in English, where the number stands there and what it says; or None. Remembered: a closing line
    repeats, in the samples of one question and across questions with one answer."""
    for value_start, value_end, read, english in _line_readers(_shape(line)):
        value = read(line[value_start:value_end])
        if value is None:
            continue  # the next language's reading, as _read_line tries it
        if english is None:  # the shape's words are not the line's: rewritten from the line's own
            english = _english_shape(line[:value_start] + _PLACEHOLDER + line[value_end:])
            if english is None:
                return None
        before, after = english
        return value_start, value_end, before + value + after, len(before), value
    return None


def _read_line(line: str) -> tuple[int, int, str] | None:
    """The number of an answer line in ``line`` and what it says, read by its language's patterns (what
    :func:`read_answer_line` reads through :func:`_line_readers`)."""
    # a Chinese marker fails the Chinese line's pattern at its first character, where a European one opens
    return chinese.read_answer_line(line) or european.read_answer_line(line)


# The characters that the answer line patterns of both languages (chinese.answer_line_span,
# european.answer_line_span) put in the same classes (\d, \w, a digit of a numeral, a unit of one, a digit of
# full width), each replaced by one of its class: a line and its shape so replaced match alike, to the same
# spans, and only the number's own reading (chinese.line_value, european.plain_value) tells them apart.
# "Réponse : 5600" and "Réponse : 1250" are both read as "Réponse : 1111", once.
_CLASSES = {
    **dict.fromkeys("0123456789", "1"),
    **dict.fromkeys("０１２３４５６７８９", "１"),
    **dict.fromkeys(chinese.DIGITS, "一"),
    **dict.fromkeys([*chinese.SMALL_UNITS, *chinese.BIG_UNITS], "十"),
}
# what a number and the punctuation after it hold: the part of a line whose characters take their class (a
# character of the words before it can too, "Réponse 2 :", and stays as it is: only the cost differs)
_NUMBER_AND_AFTER = "".join(_CLASSES) + "点负-\u2212.,\u00a0\u202f \t*_。"
# every character of that part is in the table (one outside it would cost a failed lookup each)
_ONE_OF_EACH_CLASS = str.maketrans({**{c: c for c in _NUMBER_AND_AFTER}, **_CLASSES})
# a unit of a numeral differs from its digit only right after a decimal point (点 takes digits alone)
_ONE_OF_EACH_CLASS_BUT_POINT = str.maketrans(
    {
        **{c: c for c in _NUMBER_AND_AFTER},
        **_CLASSES,
        **dict.fromkeys([*chinese.SMALL_UNITS, *chinese.BIG_UNITS], "一"),
    }
)
_CLASS_CHARACTERS = frozenset(_CLASSES.values())


def _shape(line: str) -> str:
    """``line`` as its shape: the characters of its number (and of the punctuation after it) each replaced by
    one of their class (:data:`_CLASSES`; a numeral's units as its digits where no 点 stands among them, so
    that a numeral's shape is its length), its words before them as they are.

    >>> _shape("Réponse : 5600."), _shape("答案是七十二。"), _shape("答案是三点一四")
    ('Réponse : 1111.', '答案是一一一。', '答案是一点一一')
    """
    words = line.rstrip(_NUMBER_AND_AFTER)
    number = line[len(words) :]
    # no character of the number follows a 点 of the words: the words end on a character outside the number
    return words + number.translate(_ONE_OF_EACH_CLASS if "点" in number else _ONE_OF_EACH_CLASS_BUT_POINT)


@lru_cache(maxsize=4096)
def _line_readers(
    shape: str,
) -> tuple[tuple[int, int, Callable[[str], str | None], tuple[str, str] | None], ...]:
    """The answer lines a line of ``shape`` (:func:`_shape`) is, in the order
    :func:`_read_line` tries them: where its number stands, what reads it, and the English around it
    (:func:`_english_shape`; None where the shape's words may differ from the line's). A pattern is tried
    once per shape: each costs more than all the rest of reading the line."""
    spans: list[tuple[int, int, Callable[[str], str | None]]] = []
    span = chinese.answer_line_span(shape)
    if span is not None:
        spans.append((*span, chinese.line_value))
    # every marker of those languages holds an answer word: without one (a Chinese line), none is tried
    found = european.answer_line_span(shape) if european.holds_an_answer_word(shape) else None
    if found is not None:
        start, end, language = found
        spans.append((start, end, partial(european.plain_value, language=language)))
    readers = []
    for start, end, read in spans:
        words = shape[:start] + _PLACEHOLDER + shape[end:]
        # no character of a class around the number: the line's words are the shape's
        same = _CLASS_CHARACTERS.isdisjoint(shape[:start]) and _CLASS_CHARACTERS.isdisjoint(shape[end:])
        english = _english_shape(words) if same else None
        readers.append((start, end, read, english))
    return tuple(readers)


# a number every reader leaves as it is, standing for the line's own while its words are read
_PLACEHOLDER = "1"
_DIGIT = lazy_compile(r"\d")


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
