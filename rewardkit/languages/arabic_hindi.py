"""Arabic, Persian and Hindi answers: their digits and separators, their markers and conclusions, and the
words that decide whether a statement commits to its value.

Arabic writes its own digits (``٧٢``) and a decimal separator of its own (``٣٫٥`` is 3.5, ``٬`` groups
thousands: ``١٬٢٣٤`` is 1,234); Persian writes the Persian forms of those digits (``۷۲``), Hindi the
Devanagari ones (``७२``). :func:`normalize` rewrites

* the digits as ASCII digits and the separators as the point and comma of English (every text: a digit of
  these scripts says nothing else), and the Arabic comma, question mark and semicolon and the Devanagari
  danda (``।``, the full stop) as the English marks;
* in a text written in one of these languages (:func:`language_of`): its markers (``الإجابة هي``,
  ``الجواب:``, ``پاسخ:``, ``उत्तर:``), conclusions (``إذن``, ``بنابراین``, ``अतः``) and words of commitment
  (``ليس`` → ``not``, ``شاید`` → ``maybe``, ``या`` → ``or``) as their English.

Persian and Hindi put the verb after the value, and their negation with it (``پاسخ ۷۲ نیست``, ``उत्तर ७२ नहीं
है``: the answer is not 72): an English rule that reads a negation before its value would miss it there. So
a value read in a sentence of these languages is paid only where that sentence holds none of their words of
commitment (:func:`commitment_word`), wherever it stands. A text in one of these scripts that is none of
these languages (Urdu, Pashto, Kurdish, Marathi, Nepali: a letter or a word of their own tells them) stays
unread, as before.

>>> normalize("الإجابة هي ٣٫٥")
'The answer is 3.5'
>>> normalize("پاسخ: ۷۲"), normalize("उत्तर: ७२")
('Answer: 72', 'Answer: 72')
>>> normalize("अतः उसके पास ७२ सेब हैं।")
'so उसके पास 72 सेब हैं.'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rewardkit.languages.rewrite import Rewritten
from rewardkit.lazy_regex import lazy_compile


@dataclass(frozen=True)
class ScriptLanguage:
    code: str
    name: str
    # markers (pattern → English marker), tried before the words
    markers: dict[str, str]
    # the words that conclude ("so", "therefore", "in total"): patterns → English
    conclusions: dict[str, str]
    # the words of commitment (negations, hedges, bounds, alternatives, conditions, retractions): patterns →
    # English; a value in a sentence that holds one is not shown to commit (commitment_word)
    commitment: dict[str, str]
    # words common in any text of the language: one of them (and no letter of another language of its
    # script) tells it
    function_words: frozenset[str]


ARABIC = ScriptLanguage(
    "ar",
    "Arabic",
    {
        r"ال[إا]جابة\s+ال?نهائية\s+هي": "The final answer is",
        r"ال[إا]جابة\s+ال?نهائية\s*:": "Final answer:",
        r"الجواب\s+ال?نهائي\s+هو": "The final answer is",
        r"الجواب\s+ال?نهائي\s*:": "Final answer:",
        r"ال[إا]جابة\s+(?:الصحيحة\s+)?هي": "The answer is",
        r"الجواب\s+(?:الصحيح\s+)?هو": "The answer is",
        r"ال[إا]جابة\s*:": "Answer:",
        r"الجواب\s*:": "Answer:",
    },
    {
        r"[وف]?(?:إذن|اذن|إذًا|إذاً|لذلك|لذا|بالتالي|ومن\s+ثم)": "so",
        r"[وف]?في\s+المجموع": "in total",
    },
    {
        r"[وف]?(?:ليس|ليست|ليسوا|ليسا|لا|لم|لن|غير)": "not",
        r"[وف]?(?:ربما|لعل|يحتمل|محتمل|قد\s+يكون)": "maybe",
        r"[وف]?(?:تقريبا|تقريبًا|تقريباً|حوالي|حوالى|نحو)": "about",
        r"على\s+الأقل": "at least",
        r"على\s+الأكثر": "at most",
        r"أكثر\s+من": "more than",
        r"أقل\s+من": "less than",
        r"[وف]?(?:أو|أم)": "or",
        r"[وف]?(?:إذا|اذا|لو)": "if",
        r"[وف]?انتظر": "wait",
        r"[وف]?(?:خطأ|خاطئ|خاطئة)": "wrong",
        r"[وف]?(?:لكن|لكنّ)": "but",
    },
    frozenset("في من على هي هو إلى أن التي الذي إذن لذلك الإجابة الجواب لديها لديه عدد مع كل".split()),
)
PERSIAN = ScriptLanguage(
    "fa",
    "Persian",
    {
        r"(?:پاسخ|جواب)\s+نهایی\s+برابر\s+(?:است\s+)?با": "The final answer is",
        r"(?:پاسخ|جواب)\s+نهایی\s*:": "Final answer:",
        r"(?:پاسخ|جواب)\s+برابر\s+(?:است\s+)?با": "The answer is",
        r"(?:پاسخ|جواب)\s*:": "Answer:",
    },
    {
        r"(?:بنابراین|پس|در\s+نتیجه|لذا)": "so",
        r"(?:در\s+مجموع|در\s+کل|مجموعاً|مجموعا)": "in total",
    },
    {
        r"(?:نیست|نیستند|نه|نمی\w*|ندارد|ندارند|نبود|نشد|نخواهد)": "not",
        r"(?:شاید|احتمالا|احتمالاً|ممکن\s+است)": "maybe",
        r"(?:تقریبا|تقریباً|حدود|حدوداً|حدودا)": "about",
        r"(?:حداقل|دست\s*کم)": "at least",
        r"حداکثر": "at most",
        r"(?:بیش|بیشتر)\s+از": "more than",
        r"کمتر\s+از": "less than",
        r"یا": "or",
        r"اگر": "if",
        r"صبر\s+کن(?:ید)?": "wait",
        r"اشتباه": "wrong",
        r"(?:اما|ولی)": "but",
    },
    frozenset("است در از به که را این پاسخ برابر بنابراین دارد هر با".split()),
)
HINDI = ScriptLanguage(
    "hi",
    "Hindi",
    {
        r"अंतिम\s+उत्तर\s+है": "The final answer is",
        r"अंतिम\s+उत्तर\s*:": "Final answer:",
        r"(?:सही\s+)?उत्तर\s+है": "The answer is",
        r"(?:उत्तर|जवाब)\s*:": "Answer:",
    },
    {
        r"(?:अतः|अत:|इसलिए|इसलिये|तो|इस\s+प्रकार|अंततः)": "so",
        r"कुल\s+मिलाकर": "in total",
    },
    {
        r"(?:नहीं|नही|न|मत)": "not",
        r"(?:शायद|संभवतः|संभवत:|संभव\s+है)": "maybe",
        r"(?:लगभग|करीब|क़रीब|तकरीबन|तक़रीबन)": "about",
        r"कम\s+से\s+कम": "at least",
        r"(?:अधिक\s+से\s+अधिक|ज़्यादा\s+से\s+ज़्यादा|अधिकतम)": "at most",
        r"से\s+(?:अधिक|ज़्यादा|ज्यादा)": "more than",
        r"से\s+कम": "less than",
        r"(?:या|अथवा)": "or",
        r"(?:यदि|अगर)": "if",
        r"(?:रुको|रुकिए)": "wait",
        r"(?:गलत|ग़लत)": "wrong",
        r"(?:लेकिन|परंतु|परन्तु)": "but",
    },
    frozenset("है हैं का के की में से को और उत्तर पास कुल अतः इसलिए".split()),
)
LANGUAGES = (ARABIC, PERSIAN, HINDI)

# digits and separators, one character for one
_DIGITS = {
    **{0x0660 + i: str(i) for i in range(10)},  # Arabic-Indic
    **{0x06F0 + i: str(i) for i in range(10)},  # Persian (Extended Arabic-Indic)
    **{0x0966 + i: str(i) for i in range(10)},  # Devanagari
    ord("٫"): ".",  # the Arabic decimal separator
    ord("٬"): ",",  # the Arabic thousands separator
    ord("٪"): "%",
    ord("،"): ",",
    ord("؛"): ";",
    ord("؟"): "?",
    ord("।"): ".",
    ord("॥"): ".",
}
_SCRIPT_CHARACTER = lazy_compile("[\u0600-\u06ff\u0900-\u097f]")
_ARABIC_LETTER = lazy_compile("[\u0621-\u064a\u066e-\u06d3]")
_DEVANAGARI_LETTER = lazy_compile("[\u0900-\u097f]")
# letters of the other languages written in these scripts: Urdu, Pashto, Kurdish, Uyghur, Sindhi (Arabic
# script), Marathi (Devanagari): a text that holds one is none of these languages
_OTHER_ARABIC_SCRIPT = lazy_compile(
    "[\u0679\u0688\u0691\u06ba\u06be\u06c1\u06d2\u067c\u0693\u0696\u069a\u0695"
    "\u06c6\u06ce\u06b5\u06c7\u06c8\u06cb\u06d0\u067b\u0680\u068a\u068d]"
)
_PERSIAN_LETTER = lazy_compile("[\u067e\u0686\u0698\u06af\u06a9\u06cc]")
_OTHER_DEVANAGARI = lazy_compile("[\u0933]|(?<![\u0900-\u097f])(?:आहे|आणि|छ|छन्|हुन्छ)(?![\u0900-\u097f])")
# a letter of a word of these scripts: their vowel signs are no \w
_WORD_CHARACTER = r"\w\u0600-\u06ff\u0900-\u097f"
_TOKEN = lazy_compile(f"[{_WORD_CHARACTER}]+")


def _alternation(patterns: dict[str, str]) -> re.Pattern[str]:
    # each pattern a named group, so the English of a match is found by its group's name
    groups = "|".join(f"(?P<p{i}>{pattern})" for i, pattern in enumerate(patterns))
    return lazy_compile(rf"(?<![{_WORD_CHARACTER}])(?:{groups})(?![{_WORD_CHARACTER}])")


_WORDS = {
    language.code: (
        _alternation({**language.markers, **language.conclusions, **language.commitment}),
        [*language.markers.values(), *language.conclusions.values(), *language.commitment.values()],
    )
    for language in LANGUAGES
}
_COMMITMENT = {language.code: _alternation(language.commitment) for language in LANGUAGES}
_COMMITMENT_ENGLISH = {language.code: list(language.commitment.values()) for language in LANGUAGES}
_BY_CODE = {language.code: language for language in LANGUAGES}


def has_script_letter(text: str, first: int = 0) -> bool:
    """Whether ``text`` holds a letter of the Arabic or Devanagari script from ``first`` on."""
    arabic = _ARABIC_LETTER.search(text, first)
    return arabic is not None or _DEVANAGARI_LETTER.search(text, first) is not None


def language_of(text: str) -> ScriptLanguage | None:
    """The language of ``text`` among these, when its letters and one of its words tell it, else None.

    >>> language_of("إذن لديها ٧٢ تفاحة.").name, language_of("پاسخ: ۷۲").name, language_of("उत्तर: ७२").name
    ('Arabic', 'Persian', 'Hindi')
    >>> language_of("جواب ۷۲ ہے"), language_of("उत्तर ७२ आहे"), language_of("72")
    (None, None, None)
    """
    if text.isascii():
        return None
    if _ARABIC_LETTER.search(text):
        if _OTHER_ARABIC_SCRIPT.search(text):
            return None
        language = PERSIAN if _PERSIAN_LETTER.search(text) else ARABIC
    elif _DEVANAGARI_LETTER.search(text):
        if _OTHER_DEVANAGARI.search(text):
            return None
        language = HINDI
    else:
        return None
    tail = text[-3000:]
    return language if not language.function_words.isdisjoint(_TOKEN.findall(tail)) else None


def commitment_word(sentence: str) -> str | None:
    """Why a value read in ``sentence`` is not shown to commit: it holds a word of commitment of the language
    it is written in, wherever that word stands (these languages may say it after the value); or None.

    >>> commitment_word("उत्तर ७२ नहीं है।"), commitment_word("پاسخ ۷۲ نیست")
    ("'नहीं' (Hindi: not)", "'نیست' (Persian: not)")
    >>> commitment_word("إذن لديها ٧٢ تفاحة."), commitment_word("So it is 72.")
    (None, None)
    """
    if sentence.isascii() or not _SCRIPT_CHARACTER.search(sentence):
        return None
    language = language_of(sentence)
    if language is None:
        return None
    m = _COMMITMENT[language.code].search(sentence)
    if m is None:
        return None
    english = _COMMITMENT_ENGLISH[language.code][int((m.lastgroup or "p0")[1:])]
    return f"{m.group()!r} ({language.name}: {english})"


def normalize(text: str) -> str:
    """``text`` with its digits, separators and (in one of these languages) words in the shared notation."""
    rewritten = Rewritten(text)
    rewrite(rewritten)
    return rewritten.text


def rewrite(r: Rewritten, first: int = 0) -> None:
    """:func:`normalize`, in place; a text with no character of these scripts from ``first`` on is left as it
    is after one search."""
    if _SCRIPT_CHARACTER.search(r.text, first) is None:
        return
    language = language_of(r.text)
    if language is not None:
        words, english = _WORDS[language.code]
        r.sub(words, lambda m: english[int((m.lastgroup or "p0")[1:])])
    r.translate(_DIGITS)
