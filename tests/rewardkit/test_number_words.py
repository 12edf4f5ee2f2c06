"""Numbers spelled out in French, German, Spanish, Italian, Portuguese and Russian: each round-trips through
the reader and through ``grade`` in a statement its language's marker opens.

The spellers here are the oracle, written from each language's grammar apart from the reader
(``rewardkit.languages.number_words``), which parses words where these generate them.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rewardkit import Verdict, grade
from rewardkit.languages import normalize
from rewardkit.languages.number_words import read

# --- the spellers ------------------------------------------------------------------------------------------

FR_ONES = (
    "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize"
).split()
FR_TENS = {2: "vingt", 3: "trente", 4: "quarante", 5: "cinquante", 6: "soixante"}


def french(n: int) -> str:
    def below_100(k: int) -> str:
        if k <= 16:
            return FR_ONES[k]
        if k < 20:
            return "dix-" + FR_ONES[k - 10]
        if k < 70:
            tens, ones = divmod(k, 10)
            if ones == 0:
                return FR_TENS[tens]
            return FR_TENS[tens] + (" et un" if ones == 1 else "-" + FR_ONES[ones])
        if k < 80:
            return "soixante" + (" et " if k == 71 else "-") + below_100(k - 60)
        if k == 80:
            return "quatre-vingts"
        return "quatre-vingt-" + below_100(k - 80)

    def below_1000(k: int, plural: bool = True) -> str:
        hundreds, rest = divmod(k, 100)
        if hundreds == 0:
            return below_100(rest)
        cents = " cents" if rest == 0 and plural else " cent"
        head = "cent" if hundreds == 1 else FR_ONES[hundreds] + cents
        return head if rest == 0 else head + " " + below_100(rest)

    if n == 0:
        return "zéro"
    thousands, rest = divmod(n, 1000)
    parts = []
    if thousands:
        parts.append("mille" if thousands == 1 else below_1000(thousands, plural=False) + " mille")
    if rest:
        parts.append(below_1000(rest))
    return " ".join(parts)


ES_ONES = (
    "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis "
    "diecisiete dieciocho diecinueve veinte veintiuno veintidós veintitrés veinticuatro veinticinco "
    "veintiséis veintisiete veintiocho veintinueve"
).split()
ES_TENS = {3: "treinta", 4: "cuarenta", 5: "cincuenta", 6: "sesenta", 7: "setenta", 8: "ochenta",
           9: "noventa"}  # fmt: skip
ES_HUNDREDS = {1: "ciento", 2: "doscientos", 3: "trescientos", 4: "cuatrocientos", 5: "quinientos",
               6: "seiscientos", 7: "setecientos", 8: "ochocientos", 9: "novecientos"}  # fmt: skip


def spanish(n: int) -> str:
    def below_100(k: int, apocope: bool) -> str:
        if k < 30:
            word = ES_ONES[k]
            return word[:-1] if apocope and word.endswith("uno") else word.replace("veintiun", "veintiún")
        tens, ones = divmod(k, 10)
        if ones == 0:
            return ES_TENS[tens]
        return ES_TENS[tens] + " y " + ("un" if apocope and ones == 1 else ES_ONES[ones])

    def below_1000(k: int, apocope: bool = False) -> str:
        hundreds, rest = divmod(k, 100)
        if hundreds == 0:
            return below_100(rest, apocope)
        if k == 100:
            return "cien"
        return ES_HUNDREDS[hundreds] + ("" if rest == 0 else " " + below_100(rest, apocope))

    if n == 0:
        return "cero"
    thousands, rest = divmod(n, 1000)
    parts = []
    if thousands:
        parts.append("mil" if thousands == 1 else below_1000(thousands, apocope=True) + " mil")
    if rest:
        parts.append(below_1000(rest))
    return " ".join(parts).replace("veintiun ", "veintiún ")


PT_ONES = (
    "zero um dois três quatro cinco seis sete oito nove dez onze doze treze catorze quinze dezesseis "
    "dezessete dezoito dezenove"
).split()
PT_TENS = {2: "vinte", 3: "trinta", 4: "quarenta", 5: "cinquenta", 6: "sessenta", 7: "setenta", 8: "oitenta",
           9: "noventa"}  # fmt: skip
PT_HUNDREDS = {1: "cento", 2: "duzentos", 3: "trezentos", 4: "quatrocentos", 5: "quinhentos", 6: "seiscentos",
               7: "setecentos", 8: "oitocentos", 9: "novecentos"}  # fmt: skip


def portuguese(n: int) -> str:
    def below_100(k: int) -> str:
        if k < 20:
            return PT_ONES[k]
        tens, ones = divmod(k, 10)
        return PT_TENS[tens] + ("" if ones == 0 else " e " + PT_ONES[ones])

    def below_1000(k: int) -> str:
        hundreds, rest = divmod(k, 100)
        if hundreds == 0:
            return below_100(rest)
        if k == 100:
            return "cem"
        return PT_HUNDREDS[hundreds] + ("" if rest == 0 else " e " + below_100(rest))

    if n == 0:
        return "zero"
    thousands, rest = divmod(n, 1000)
    parts = []
    if thousands:
        parts.append("mil" if thousands == 1 else below_1000(thousands) + " mil")
    if rest:
        # "mil e duzentos", "mil e vinte": "e" after the thousands before a round hundred or below a hundred
        joined = thousands and (rest < 100 or rest % 100 == 0)
        parts.append(("e " if joined else "") + below_1000(rest))
    return " ".join(parts)


DE_ONES = "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf".split()
DE_TEENS = {13: "dreizehn", 14: "vierzehn", 15: "fünfzehn", 16: "sechzehn", 17: "siebzehn", 18: "achtzehn",
            19: "neunzehn"}  # fmt: skip
DE_TENS = {2: "zwanzig", 3: "dreißig", 4: "vierzig", 5: "fünfzig", 6: "sechzig", 7: "siebzig", 8: "achtzig",
           9: "neunzig"}  # fmt: skip


def german(n: int) -> str:
    def below_100(k: int) -> str:
        if k <= 12:
            return DE_ONES[k]
        if k < 20:
            return DE_TEENS[k]
        tens, ones = divmod(k, 10)
        return DE_TENS[tens] if ones == 0 else ("ein" if ones == 1 else DE_ONES[ones]) + "und" + DE_TENS[tens]

    def below_1000(k: int) -> str:
        hundreds, rest = divmod(k, 100)
        head = "" if hundreds == 0 else ("ein" if hundreds == 1 else DE_ONES[hundreds]) + "hundert"
        return head + ("" if rest == 0 else below_100(rest))

    if n == 0:
        return "null"
    thousands, rest = divmod(n, 1000)
    word = ""
    if thousands:
        word = ("ein" if thousands == 1 else below_1000(thousands)) + "tausend"
    if rest:
        word += below_1000(rest)
    return word


IT_ONES = (
    "zero uno due tre quattro cinque sei sette otto nove dieci undici dodici tredici quattordici quindici "
    "sedici diciassette diciotto diciannove"
).split()
IT_TENS = {2: "venti", 3: "trenta", 4: "quaranta", 5: "cinquanta", 6: "sessanta", 7: "settanta", 8: "ottanta",
           9: "novanta"}  # fmt: skip


def italian(n: int) -> str:
    def below_100(k: int) -> str:
        if k < 20:
            return IT_ONES[k]
        tens, ones = divmod(k, 10)
        word = IT_TENS[tens]
        if ones in (1, 8):
            word = word[:-1]
        return word + ("" if ones == 0 else "tré" if ones == 3 else IT_ONES[ones])

    def below_1000(k: int) -> str:
        hundreds, rest = divmod(k, 100)
        head = "" if hundreds == 0 else ("" if hundreds == 1 else IT_ONES[hundreds]) + "cento"
        tail = "" if rest == 0 else below_100(rest)
        if head and tail.startswith("ott"):
            head = head[:-1]  # "centottanta", "duecentotto"
        return head + tail

    if n == 0:
        return "zero"
    thousands, rest = divmod(n, 1000)
    word = ""
    if thousands:
        word = "mille" if thousands == 1 else below_1000(thousands) + "mila"
    if rest:
        word += below_1000(rest)
    return word


RU_ONES = (
    "ноль один два три четыре пять шесть семь восемь девять десять одиннадцать двенадцать тринадцать "
    "четырнадцать пятнадцать шестнадцать семнадцать восемнадцать девятнадцать"
).split()
RU_TENS = {2: "двадцать", 3: "тридцать", 4: "сорок", 5: "пятьдесят", 6: "шестьдесят", 7: "семьдесят",
           8: "восемьдесят", 9: "девяносто"}  # fmt: skip
RU_HUNDREDS = {1: "сто", 2: "двести", 3: "триста", 4: "четыреста", 5: "пятьсот", 6: "шестьсот", 7: "семьсот",
               8: "восемьсот", 9: "девятьсот"}  # fmt: skip


def russian(n: int) -> str:
    def below_1000(k: int, feminine: bool = False) -> list[str]:
        hundreds, rest = divmod(k, 100)
        words = [RU_HUNDREDS[hundreds]] if hundreds else []
        if rest >= 20:
            tens, rest = divmod(rest, 10)
            words.append(RU_TENS[tens])
        if rest:
            word = RU_ONES[rest]
            if feminine and rest in (1, 2):
                word = "одна" if rest == 1 else "две"
            words.append(word)
        return words

    if n == 0:
        return "ноль"
    thousands, rest = divmod(n, 1000)
    words = []
    if thousands:
        last = thousands % 10 if thousands % 100 not in range(11, 20) else 5
        scale = "тысяча" if last == 1 else "тысячи" if last in (2, 3, 4) else "тысяч"
        words += [*below_1000(thousands, feminine=True), scale] if thousands != 1 else ["тысяча"]
    words += below_1000(rest)
    return " ".join(words)


SPELLERS = {"fr": french, "es": spanish, "pt": portuguese, "de": german, "it": italian, "ru": russian}
MARKERS = {
    "fr": "Réponse : {}",
    "es": "La respuesta es {}.",
    "pt": "A resposta é {}.",
    "de": "Die Antwort lautet {}.",
    "it": "La risposta è {}.",
    "ru": "Ответ: {}.",
}
LANGUAGE = st.sampled_from(sorted(SPELLERS))
NUMBER = st.integers(min_value=0, max_value=999_999)


@pytest.mark.parametrize(
    ("code", "n", "words"),
    [
        ("fr", 72, "soixante-douze"),
        ("fr", 91, "quatre-vingt-onze"),
        ("fr", 80, "quatre-vingts"),
        ("fr", 71, "soixante et onze"),
        ("fr", 200_000, "deux cent mille"),
        ("es", 72, "setenta y dos"),
        ("es", 21_000, "veintiún mil"),
        ("de", 72, "zweiundsiebzig"),
        ("de", 345, "dreihundertfünfundvierzig"),
        ("de", 999_999, "neunhundertneunundneunzigtausendneunhundertneunundneunzig"),
        ("it", 72, "settantadue"),
        ("it", 108, "centotto"),
        ("it", 180, "centottanta"),
        ("it", 1_500, "mille e cinquecento"),
        ("pt", 72, "setenta e dois"),
        ("pt", 123, "cento e vinte e três"),
        ("ru", 72, "семьдесят два"),
        ("ru", 2_024, "две тысячи двадцать четыре"),
    ],
)
def test_spelled_numbers_are_read(code, n, words):
    assert read(words, code) == n


@given(LANGUAGE, NUMBER)
def test_spellings_round_trip_through_the_reader(code, n):
    assert read(SPELLERS[code](n), code) == n


@given(LANGUAGE, NUMBER, st.integers(min_value=1, max_value=999_999))
def test_spellings_round_trip_through_grade(code, n, shift):
    completion = MARKERS[code].format(SPELLERS[code](n))
    assert grade(completion, gold=str(n)).verdict is Verdict.CORRECT, normalize(completion)
    other = (n + shift) % 1_000_000
    assert grade(completion, gold=str(other)).verdict is Verdict.WRONG, normalize(completion)


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("fr", "deux trois"),
        ("es", "dos y tres"),
        ("de", "zweiunddrei"),
        ("de", "hundertnull"),
        ("it", "ventiventi"),
        ("pt", "dois três"),
        ("ru", "два три"),
        ("fr", "mille mille"),
        ("es", "y dos"),
    ],
)
def test_words_that_spell_no_one_number_are_not_read(code, words):
    assert read(words, code) is None


def test_number_words_are_read_only_in_their_languages_statements():
    # "one" is no French number word, "sei" is Italian for "you are", and English is never rewritten
    assert normalize("The answer is one.") == "The answer is one."
    assert normalize("Réponse : one") == "Answer: one"
    assert normalize("Il y a deux pommes.") == "Il y a deux pommes."
    assert normalize("La réponse est une pomme.") == "The answer is une pomme."
    assert normalize("La réponse est trois quarts.") == "The answer is trois quarts."
    assert normalize("Réponse : soixante-douzième") == "Answer: soixante-douzième"
