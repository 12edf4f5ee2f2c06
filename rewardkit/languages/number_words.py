"""Whole numbers spelled out in French, German, Spanish, Italian, Portuguese and Russian, read as digits.

``soixante-douze``, ``zweiundsiebzig``, ``setenta y dos``, ``settantadue``, ``setenta e dois`` and ``семьдесят
два`` are all 72. The European language layer rewrites them, as digits, only inside the statement a marker of
that language opens (``Réponse : soixante-douze`` → ``Answer: 72``): outside one, and in English, a word is
never read as another language's number ("one" is no French number word, "sei" is also Italian for "you are").

A run of number words is read only whole (``deux trois`` and ``dos y tres`` stay words), and never where it
is one part of something else: a fraction or an ordinal after it (``trois quarts``, ``zwei Drittel``), a
hyphen that glues it to another word (``soixante-douzième``), digits before it (``3 mille`` is left to the
scale words), or an article that stands alone (``une pomme`` is no 1).

>>> read("soixante-dix-sept", "fr"), read("quatre-vingt-dix-neuf", "fr"), read("deux cent mille", "fr")
(77, 99, 200000)
>>> read("dreihundertfünfundvierzig", "de"), read("zwei Millionen dreihunderttausend", "de")
(345, 2300000)
>>> read("novecientos noventa y nueve mil", "es"), read("settantadue", "it"), read("mil e duzentos", "pt")
(999000, 72, 1200)
>>> read("две тысячи двадцать четыре", "ru"), read("deux trois", "fr"), read("dos y tres", "es")
(2024, None, None)
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from functools import lru_cache

from rewardkit.lazy_regex import lazy_compile

__all__ = ["read", "spans"]

THOUSAND = 1000
MILLION = 10**6

# Words to values, written without accents (a word is looked up with its accents taken off, so "dieciséis"
# and "dieciseis" read alike); a scale word (thousand, million) multiplies what stands before it.
_FRENCH = {
    "zero": 0, "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7,
    "huit": 8, "neuf": 9, "dix": 10, "onze": 11, "douze": 12, "treize": 13, "quatorze": 14, "quinze": 15,
    "seize": 16, "vingt": 20, "vingts": 20, "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60,
    "septante": 70, "huitante": 80, "octante": 80, "nonante": 90, "cent": 100, "cents": 100,
    "mille": THOUSAND, "million": MILLION, "millions": MILLION,
}  # fmt: skip
_SPANISH = {
    "cero": 0, "un": 1, "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6,
    "siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "once": 11, "doce": 12, "trece": 13, "catorce": 14,
    "quince": 15, "dieciseis": 16, "diecisiete": 17, "dieciocho": 18, "diecinueve": 19, "veinte": 20,
    "veintiun": 21, "veintiuno": 21, "veintiuna": 21, "veintidos": 22, "veintitres": 23, "veinticuatro": 24,
    "veinticinco": 25, "veintiseis": 26, "veintisiete": 27, "veintiocho": 28, "veintinueve": 29,
    "treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60, "setenta": 70, "ochenta": 80,
    "noventa": 90, "cien": 100, "ciento": 100, "doscientos": 200, "doscientas": 200, "trescientos": 300,
    "trescientas": 300, "cuatrocientos": 400, "cuatrocientas": 400, "quinientos": 500, "quinientas": 500,
    "seiscientos": 600, "seiscientas": 600, "setecientos": 700, "setecientas": 700, "ochocientos": 800,
    "ochocientas": 800, "novecientos": 900, "novecientas": 900, "mil": THOUSAND, "millon": MILLION,
    "millones": MILLION,
}  # fmt: skip
_PORTUGUESE = {
    "zero": 0, "um": 1, "uma": 1, "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6,
    "sete": 7, "oito": 8, "nove": 9, "dez": 10, "onze": 11, "doze": 12, "treze": 13, "catorze": 14,
    "quatorze": 14, "quinze": 15, "dezesseis": 16, "dezasseis": 16, "dezessete": 17, "dezassete": 17,
    "dezoito": 18, "dezenove": 19, "dezanove": 19, "vinte": 20, "trinta": 30, "quarenta": 40,
    "cinquenta": 50, "sessenta": 60, "setenta": 70, "oitenta": 80, "noventa": 90, "cem": 100, "cento": 100,
    "duzentos": 200, "duzentas": 200, "trezentos": 300, "trezentas": 300, "quatrocentos": 400,
    "quatrocentas": 400, "quinhentos": 500, "quinhentas": 500, "seiscentos": 600, "seiscentas": 600,
    "setecentos": 700, "setecentas": 700, "oitocentos": 800, "oitocentas": 800, "novecentos": 900,
    "novecentas": 900, "mil": THOUSAND, "milhao": MILLION, "milhoes": MILLION,
}  # fmt: skip
_RUSSIAN = {
    "ноль": 0, "нуль": 0, "один": 1, "одна": 1, "одно": 1, "два": 2, "две": 2, "три": 3, "четыре": 4,
    "пять": 5, "шесть": 6, "семь": 7, "восемь": 8, "девять": 9, "десять": 10, "одиннадцать": 11,
    "двенадцать": 12, "тринадцать": 13, "четырнадцать": 14, "пятнадцать": 15, "шестнадцать": 16,
    "семнадцать": 17, "восемнадцать": 18, "девятнадцать": 19, "двадцать": 20, "тридцать": 30, "сорок": 40,
    "пятьдесят": 50, "шестьдесят": 60, "семьдесят": 70, "восемьдесят": 80, "девяносто": 90, "сто": 100,
    "двести": 200, "триста": 300, "четыреста": 400, "пятьсот": 500, "шестьсот": 600, "семьсот": 700,
    "восемьсот": 800, "девятьсот": 900, "тысяча": THOUSAND, "тысячи": THOUSAND, "тысяч": THOUSAND,
    "тысячу": THOUSAND, "миллион": MILLION, "миллиона": MILLION, "миллионов": MILLION,
}  # fmt: skip
# German and Italian write a number below a million as one word (``dreihundertfünfundvierzig``,
# ``trecentoquarantacinque``): read by the compound readers below; a million is a word of its own
_GERMAN_SCALES = {"million": MILLION, "millionen": MILLION}
_ITALIAN_SCALES = {"milione": MILLION, "milioni": MILLION}

# Words that join the parts of one number ("vingt et un", "setenta y dos", "cento e vinte e três", "mille e
# cinquecento"): dropped inside a run, never its first or last word
_JOINERS = {"fr": ("et",), "es": ("y",), "pt": ("e",), "it": ("e",), "de": ("und",), "ru": ()}
# Articles that also say "one": a number alone only at the end of their statement ("Réponse : une." but not
# "La réponse est une pomme", nor "un nombre pair")
_ARTICLES = frozenset(("un", "une", "uno", "una", "um", "uma", "ein", "eine", "einen", "einem", "einer"))
_OR_WORDS = {"fr": ("ou",), "de": ("oder",), "es": ("o", "u"), "it": ("o", "oppure"), "pt": ("ou",),
             "ru": ("или", "либо")}  # fmt: skip
# What a run of number words counts when it comes next: a fraction's denominator or an ordinal ("trois
# quarts", "zwei Drittel", "dos tercios", "три четвёртых"); such a run is no whole number of its own
_FRACTION_AFTER = {
    "fr": r"quarts?|tiers|demie?s?|moitiés?|\w+ièmes?",
    "de": r"\w*(?:tel|teln|stel|steln)|halbe?n?",
    "es": r"medi[oa]s?|tercios?|cuartos?|quintos?|sextos?|s[ée]ptimos?|octavos?|novenos?|d[ée]cimos?"
          r"|\w+avos?",
    "it": r"mezz[oaie]|terz[oi]|quart[oi]|quint[oi]|sest[oi]|settim[oi]|ottav[oi]|non[oi]|decim[oi]"
          r"|\w+esim[oiae]",
    "pt": r"mei[oa]s?|terços?|quartos?|quintos?|sextos?|s[ée]timos?|oitavos?|nonos?|d[ée]cimos?|\w+avos",
    "ru": r"\w+(?:ых|ой|ая|ую|ые|ый|ий|ое)|целых|половин\w*|трет\w*|четверт\w*",
}  # fmt: skip
# The words of a decimal point ("tres coma cinco", "drei Komma fünf"): a run beside one is part of a decimal,
# left in words (never its whole part alone); digits around one are joined by european's statement pass
DECIMAL_POINTS = {"fr": "virgule", "de": "komma", "es": "coma|punto", "it": "virgola|punto",
                  "pt": "vírgula|virgula|ponto", "ru": "запятая|целых|целая"}  # fmt: skip
_DECIMAL_AFTER = {
    code: lazy_compile(rf"[ \t\u00a0]+(?:{words})(?!\w)", re.IGNORECASE)
    for code, words in DECIMAL_POINTS.items()
}
_DECIMAL_BEFORE = {
    code: lazy_compile(rf"(?<!\w)(?:{words})[ \t\u00a0]+$", re.IGNORECASE)
    for code, words in DECIMAL_POINTS.items()
}
# "of the" before a number: "un des deux", "una de las dos", "eine der beiden" name one of a group, never its
# size (as "one of the two" is not 2)
_OF_THE = {"fr": r"des|d['’]entre", "de": r"der|von\s+den", "es": r"de\s+l[oa]s|entre\s+l[oa]s",
           "it": r"dei|degli|delle|tra\s+i|fra\s+i", "pt": r"dos|das|entre\s+[oa]s", "ru": r"из"}  # fmt: skip
_OF_THE_BEFORE = {
    code: lazy_compile(rf"(?<!\w)(?:{words})[ \t\u00a0]*$", re.IGNORECASE) for code, words in _OF_THE.items()
}
_FRACTION_AFTER_RE = {
    code: lazy_compile(rf"[ \t\u00a0]+(?:{words})(?![\w])", re.IGNORECASE)
    for code, words in _FRACTION_AFTER.items()
}


def _plain(word: str) -> str:
    """``word`` lower-cased, its Latin accents taken off (``dieciséis`` → ``dieciseis``); Cyrillic keeps its
    letters (``й`` is a letter of its own), but ``ё`` is written ``е``."""
    word = word.lower()
    if word.isascii():
        return word
    if "\u0400" <= word[0] <= "\u04ff":
        return word.replace("ё", "е")
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


# --- one word to its value (a complete number, or a scale word) -------------------------------------------

_GERMAN_ONES = {"ein": 1, "eins": 1, "eine": 1, "zwei": 2, "drei": 3, "vier": 4, "funf": 5, "fuenf": 5,
                "sechs": 6, "sieben": 7, "acht": 8, "neun": 9}  # fmt: skip
_GERMAN_BELOW_20 = {
    "null": 0, **_GERMAN_ONES, "zwo": 2, "zehn": 10, "elf": 11, "zwolf": 12, "zwoelf": 12, "dreizehn": 13,
    "vierzehn": 14, "funfzehn": 15, "fuenfzehn": 15, "sechzehn": 16, "siebzehn": 17, "achtzehn": 18,
    "neunzehn": 19,
}  # fmt: skip
_GERMAN_TENS = {"zwanzig": 20, "dreissig": 30, "dreißig": 30, "vierzig": 40, "funfzig": 50, "fuenfzig": 50,
                "sechzig": 60, "siebzig": 70, "achtzig": 80, "neunzig": 90}  # fmt: skip


def _german_below_100(word: str) -> int | None:
    if word in _GERMAN_BELOW_20:
        return _GERMAN_BELOW_20[word]
    if word in _GERMAN_TENS:
        return _GERMAN_TENS[word]
    ones, joined, tens = word.partition("und")  # "zweiundsiebzig": 2 and 70
    if joined and ones in _GERMAN_ONES and ones not in ("eins", "eine") and tens in _GERMAN_TENS:
        return _GERMAN_ONES[ones] + _GERMAN_TENS[tens]
    return None


def _german_below_1000(word: str) -> int | None:
    hundreds, said, rest = word.partition("hundert")
    if not said:
        return _german_below_100(word)
    if hundreds and (hundreds not in _GERMAN_ONES or hundreds in ("eins", "eine")):
        return None
    rest = rest.removeprefix("und")  # "hundertundeins", as some write it
    below = _german_below_100(rest) if rest else 0
    if below is None or (rest and below == 0):
        return None
    return (_GERMAN_ONES[hundreds] if hundreds else 1) * 100 + below


def _german(word: str) -> int | None:
    """``dreihundertfünfundvierzigtausendeinhundertzwölf`` and the like (a word below a million)."""
    if word in _GERMAN_SCALES:
        return _GERMAN_SCALES[word]
    thousands, said, rest = word.partition("tausend")
    if not said:
        return _german_below_1000(word)
    head = _german_below_1000(thousands) if thousands else 1
    below = _german_below_1000(rest) if rest else 0
    if head is None or head == 0 or below is None or (rest and below == 0):
        return None
    return head * THOUSAND + below


_ITALIAN_ONES = {"uno": 1, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6, "sette": 7, "otto": 8,
                 "nove": 9}  # fmt: skip
_ITALIAN_BELOW_20 = {
    "zero": 0, **_ITALIAN_ONES, "un": 1, "una": 1, "dieci": 10, "undici": 11, "dodici": 12, "tredici": 13,
    "quattordici": 14, "quindici": 15, "sedici": 16, "diciassette": 17, "diciotto": 18, "diciannove": 19,
}  # fmt: skip
_ITALIAN_TENS = {"venti": 20, "trenta": 30, "quaranta": 40, "cinquanta": 50, "sessanta": 60, "settanta": 70,
                 "ottanta": 80, "novanta": 90}  # fmt: skip


def _italian_below_100(word: str) -> int | None:
    if word in _ITALIAN_BELOW_20:
        return _ITALIAN_BELOW_20[word]
    for tens_word, tens in _ITALIAN_TENS.items():
        # "settantadue"; the tens drop their vowel before "uno" and "otto" ("ventuno", "trentotto")
        for stem in (tens_word, tens_word[:-1]):
            if word.startswith(stem):
                rest = word[len(stem) :]
                if not rest:
                    return tens if stem == tens_word else None
                if rest in _ITALIAN_ONES:
                    return tens + _ITALIAN_ONES[rest]
    return None


def _italian_below_1000(word: str) -> int | None:
    at = word.find("cent")
    if at < 0:
        return _italian_below_100(word)
    hundreds, rest = word[:at], word[at + 4 :]
    if hundreds and (hundreds not in _ITALIAN_ONES or hundreds == "uno"):
        return None
    # "cento", "centodue"; "centotto" and "centottanta" drop the o of cento before otto
    for below_word in (rest[1:] if rest.startswith("o") else None, rest if rest.startswith("ott") else None):
        if below_word is None:
            continue
        below = _italian_below_100(below_word) if below_word else 0
        if below is not None and (below or not below_word):
            return (_ITALIAN_ONES[hundreds] if hundreds else 1) * 100 + below
    return None


def _italian(word: str) -> int | None:
    """``novecentonovantanovemilanovecentonovantanove`` and the like (a word below a million)."""
    if word in _ITALIAN_SCALES:
        return _ITALIAN_SCALES[word]
    if word.startswith("mille"):  # "mille", "milleduecento"
        rest = word[5:]
        below = _italian_below_1000(rest) if rest else 0
        return None if below is None or (rest and below == 0) else THOUSAND + below
    thousands, said, rest = word.partition("mila")  # "duemila", "centomilatre"
    if not said:
        return _italian_below_1000(word)
    head = _italian_below_1000(thousands)
    below = _italian_below_1000(rest) if rest else 0
    if head is None or head < 2 or below is None or (rest and below == 0):
        return None
    return head * THOUSAND + below


_TABLES: dict[str, dict[str, int]] = {"fr": _FRENCH, "es": _SPANISH, "pt": _PORTUGUESE, "ru": _RUSSIAN}
_COMPOUND: dict[str, Callable[[str], int | None]] = {"de": _german, "it": _italian}


@lru_cache(maxsize=4096)
def word_value(word: str, code: str) -> int | None:
    """The value of one number word of language ``code`` (a scale word's is its scale), or None."""
    plain = _plain(word)
    if code in _COMPOUND:
        return _COMPOUND[code](plain)
    return _TABLES[code].get(plain)


# --- a run of words to its value ----------------------------------------------------------------------------


def _below_thousand(values: list[int], code: str) -> int | None:
    """The number ``values`` (each a word's) says below a thousand: [hundreds] [tens [ones]] | [teen] |
    [one], each part at most once and in that order; or one word that says it whole (``veintidós``,
    ``settantadue``)."""
    if code == "fr":
        values = _french_compounds(values)
    if len(values) == 1:
        return values[0] if values[0] < THOUSAND else None
    i, n, total = 0, len(values), 0
    if 2 <= values[0] <= 9 and values[1] == 100:  # "deux cents", "zwei hundert"
        total, i = values[0] * 100, 2
    elif values[0] % 100 == 0 and 100 <= values[0] < THOUSAND:  # "cent", "doscientos", "двести"
        total, i = values[0], 1
    if i < n and values[i] % 10 == 0 and 20 <= values[i] <= 90:  # tens, then ones
        total, i = total + values[i], i + 1
        # then ones; in French a teen after 60 and 80 ("soixante-dix", "quatre-vingt-onze")
        teen = code == "fr" and total % 100 in (60, 80)
        if i < n and (1 <= values[i] <= 9 or (teen and 10 <= values[i] <= 19)):
            total, i = total + values[i], i + 1
    elif i < n and 1 <= values[i] <= 99:  # a teen, a one, or tens and ones in one word ("veintidós")
        total, i = total + values[i], i + 1
    if i != n or total == 0:
        return None
    return total


def _french_compounds(values: list[int]) -> list[int]:
    """``quatre vingt`` as 80 and ``dix sept`` as 17: the French numbers said as a product or a sum."""
    out: list[int] = []
    for value in values:
        if out and out[-1] == 4 and value == 20:
            out[-1] = 80
        elif out and out[-1] == 10 and 7 <= value <= 9:
            out[-1] = 10 + value
        else:
            out.append(value)
    return out


def _number(values: list[int], code: str) -> int | None:
    """The whole number a run of word values says: [below a thousand] million [below a million] |
    [below a thousand] thousand [below a thousand] | below a million."""
    if values == [0]:
        return 0
    if 0 in values:
        return None  # zero only alone
    total = 0
    limit = MILLION
    for scale in (MILLION, THOUSAND):
        if scale not in values:
            continue
        at = values.index(scale)
        if scale in values[at + 1 :]:
            return None
        head = values[:at]
        times = _below_thousand(head, code) if head else 1
        if times is None:
            return None
        total += times * scale
        values = values[at + 1 :]
        limit = scale
    if len(values) > 1 and values[0] % THOUSAND == 0 and THOUSAND <= values[0] < limit:
        # a word that says the thousands whole, then what is below them ("duemila e cinquecento")
        total, values, limit = total + values[0], values[1:], THOUSAND
    if not values:
        return total
    if len(values) == 1 and values[0] < limit:  # a compound word: "dreihunderttausend" after "Millionen"
        return total + values[0]
    below = _below_thousand(values, code)
    return None if below is None or below >= limit else total + below


def read(words: str, code: str) -> int | None:
    """The whole number ``words`` spell in language ``code`` (``fr de es it pt ru``), or None when they spell
    none (or not one only)."""
    tokens = [t for t in _TOKEN.findall(words)]
    joiners = _JOINERS[code]
    if not tokens or _plain(tokens[0]) in joiners or _plain(tokens[-1]) in joiners:
        return None
    values = []
    for token in tokens:
        if _plain(token) in joiners:
            continue
        value = word_value(token, code)
        if value is None:
            return None
        values.append(value)
    return _number(values, code)


# --- where runs of number words stand in a statement --------------------------------------------------------

_TOKEN = lazy_compile(r"[^\W\d_]+")
_BETWEEN_WORDS = lazy_compile(r"[ \t\u00a0\-‐]+")
_DIGIT_BEFORE = lazy_compile(r"\d[ \t\u00a0]*$")


def spans(text: str, code: str, start: int = 0, end: int | None = None) -> Iterator[tuple[int, int, int]]:
    """``(start, end, value)`` of each run of number words in ``text[start:end]`` that spells one whole
    number, left to right.

    >>> list(spans("La réponse est soixante-douze, ou deux.", "fr"))
    [(15, 29, 72), (34, 38, 2)]
    >>> list(spans("une pomme, trois quarts, 3 mille, trois virgule cinq, un des deux", "fr"))
    []
    """
    end = len(text) if end is None else end
    joiners = _JOINERS[code]
    run: list[re.Match[str]] = []
    for word in _TOKEN.finditer(text, start, end):
        plain = _plain(word.group())
        is_number = plain in joiners or word_value(word.group(), code) is not None
        if is_number and run and _BETWEEN_WORDS.fullmatch(text, run[-1].end(), word.start()):
            run.append(word)
            continue
        if run:
            yield from _run_value(text, run, code, end)
        run = [word] if is_number else []
    if run:
        yield from _run_value(text, run, code, end)


def _run_value(text: str, run: list[re.Match[str]], code: str, end: int) -> Iterator[tuple[int, int, int]]:
    joiners = _JOINERS[code]
    while run and _plain(run[-1].group()) in joiners:
        run = run[:-1]
    while run and _plain(run[0].group()) in joiners:
        run = run[1:]
    if not run:
        return
    lo, hi = run[0].start(), run[-1].end()
    glued_before = lo > 0 and text[lo - 1] in "-‐" and lo > 1 and text[lo - 2].isalpha()
    glued_after = hi + 1 < len(text) and text[hi] in "-‐" and text[hi + 1].isalpha()
    if glued_before or glued_after or _DIGIT_BEFORE.search(text, max(0, lo - 8), lo):
        return
    if _FRACTION_AFTER_RE[code].match(text, hi, end) or _DECIMAL_AFTER[code].match(text, hi, end):
        return
    if _DECIMAL_BEFORE[code].search(text, max(0, lo - 16), lo) or _OF_THE_BEFORE[code].search(
        text, max(0, lo - 16), lo
    ):
        return
    if len(run) == 1 and _plain(run[0].group()) in _ARTICLES:
        following = _TOKEN.search(text, hi, end)
        if following is not None and _plain(following.group()) not in _OR_WORDS[code]:
            return  # "une pomme": an article; "un ou deux" lists the number one
    value = read(text[lo:hi], code)
    if value is not None:
        yield lo, hi, value
