"""Round 35: a number spelled out in a closing conclusion of French, German, Spanish, Italian, Portuguese or
Russian with no marker; Arabic, Persian and Hindi digits, separators and markers. The spellers of
``test_number_words`` are the oracle of the first; the digits of the second are written here from their
code points, apart from the reader (``rewardkit.languages.arabic_hindi``)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from test_number_words import SPELLERS

from rewardkit import Verdict, grade
from rewardkit.languages import normalize

CONCLUSIONS = {
    "fr": "Elle range ses billes.\nDonc elle a {} billes.",
    "es": "Juan cuenta sus canicas.\nPor lo tanto, Juan tiene {} canicas.",
    "pt": "Ela conta as maçãs.\nPortanto, ela tem {} maçãs.",
    "de": "Sie zählt die Äpfel.\nAlso hat sie {} Äpfel.",
    "it": "Marco conta le figurine.\nQuindi Marco ha {} figurine.",
    "ru": "Она считает яблоки.\nИтак, у неё {} яблок.",
}


@given(st.sampled_from(sorted(CONCLUSIONS)), st.integers(min_value=2, max_value=999_999), st.integers(1, 999))
def test_a_number_spelled_out_in_a_closing_conclusion_round_trips(code, n, shift):
    completion = CONCLUSIONS[code].format(SPELLERS[code](n))
    assert grade(completion, gold=str(n)).verdict is Verdict.CORRECT, normalize(completion)
    assert grade(completion, gold=str(n + shift)).verdict is Verdict.WRONG, normalize(completion)


@given(st.sampled_from(sorted(CONCLUSIONS)), st.integers(2, 99), st.integers(2, 99))
def test_two_numbers_spelled_out_in_a_closing_conclusion_read_none(code, a, b):
    spell = SPELLERS[code]
    completion = CONCLUSIONS[code].format(f"{spell(a)} ({spell(b)})")
    assert grade(completion, gold=str(a)).verdict is not Verdict.CORRECT, normalize(completion)
    assert grade(completion, gold=str(b)).verdict is not Verdict.CORRECT, normalize(completion)


ARABIC_INDIC, PERSIAN, DEVANAGARI = 0x0660, 0x06F0, 0x0966


def _digits(number: str, zero: int) -> str:
    """``number`` (ASCII digits, a point) in the digits that start at code point ``zero``, with the Arabic
    decimal separator for its point."""
    return "".join(chr(zero + int(c)) if c.isdigit() else "\u066b" for c in number)


@given(st.integers(0, 10**6), st.integers(1, 99))
def test_arabic_decimals_round_trip(whole, tenths):
    number = f"{whole}.{tenths}"
    completion = "الجواب: " + _digits(number, ARABIC_INDIC)
    assert grade(completion, gold=number).verdict is Verdict.CORRECT, normalize(completion)
    assert grade(completion, gold=str(tenths)).verdict is Verdict.WRONG, normalize(completion)


@given(st.sampled_from([("پاسخ: {}", PERSIAN), ("उत्तर: {}", DEVANAGARI), ("الإجابة هي {}", ARABIC_INDIC)]),
       st.integers(0, 10**6))  # fmt: skip
def test_markers_of_arabic_persian_hindi_read_their_digits(marker, n):
    text, zero = marker
    completion = text.format(_digits(str(n), zero))
    assert grade(completion, gold=str(n)).verdict is Verdict.CORRECT, normalize(completion)
    assert grade(completion, gold=str(n + 1)).verdict is Verdict.WRONG, normalize(completion)


def test_a_negation_after_the_value_refuses_it():
    for completion in ("پاسخ: ۷۲ نیست", "उत्तर: ७२ नहीं है", "उत्तर ७२ नहीं है।", "الإجابة ليست ٧٢"):
        assert grade(completion, gold="72").verdict is Verdict.AMBIGUOUS, completion
