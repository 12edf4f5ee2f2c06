"""Japanese and Korean answers: a value stated with the copula pays, the same value with a negation, a hedge
or another value after it never does (the verb follows the value in both languages)."""

from __future__ import annotations

import time

from hypothesis import given
from hypothesis import strategies as st

from rewardkit import Verdict, grade
from rewardkit.languages import normalize, rewrite
from rewardkit.languages.japanese_korean import JAPANESE, KOREAN

VALUES = st.one_of(
    st.integers(min_value=0, max_value=10**9).map(str),
    st.decimals(min_value=0, max_value=10**4, places=2, allow_nan=False, allow_infinity=False).map(str),
)
JAPANESE_COUNTERS = st.sampled_from(["", "個", "人", "本", "枚", "匹", " 個"])
KOREAN_COUNTERS = st.sampled_from(["", "개", "명", "마리", " 개"])

JAPANESE_STATED = (
    "答えは{}です。",
    "したがって、答えは{}です。",
    "答え：{}",
    "よって、答えは{}である。",
    "正解は{}です。",
)
JAPANESE_UNCOMMITTED = (
    "答えは{}かもしれません。",
    "答えは{}ではありません。",
    "答えは{}じゃないです。",
    "答えはたぶん{}です。",
    "答えはおそらく{}でしょう。",
    "答えは{}だろう。",
    "答えは{}以上です。",
    "答えは{}だと思いますが、自信がありません。",
)
KOREAN_STATED = ("답은 {}입니다.", "따라서 답은 {}입니다.", "정답은 {}입니다.", "답: {}")
KOREAN_UNCOMMITTED = (
    "답은 {}가 아닙니다.",
    "답은 아마 {}일 것입니다.",
    "답은 {}가 아닐 수도 있습니다.",
    "답은 {}일 수도 있습니다.",
    "답은 {}인 것 같습니다.",
    "답은 {} 이상입니다.",
)


@given(VALUES, JAPANESE_COUNTERS, st.sampled_from(JAPANESE_STATED))
def test_a_japanese_statement_pays_its_value(value, counter, template):
    r = grade(template.format(value + counter), gold=value)
    assert r.verdict is Verdict.CORRECT, (r.extracted, r.detail)


@given(VALUES, JAPANESE_COUNTERS, st.sampled_from(JAPANESE_UNCOMMITTED))
def test_a_japanese_hedge_or_negation_never_pays(value, counter, template):
    r = grade(template.format(value + counter), gold=value)
    assert r.verdict is Verdict.AMBIGUOUS, (r.extracted, r.detail)


@given(VALUES, KOREAN_COUNTERS, st.sampled_from(KOREAN_STATED))
def test_a_korean_statement_pays_its_value(value, counter, template):
    r = grade(template.format(value + counter), gold=value)
    assert r.verdict is Verdict.CORRECT, (r.extracted, r.detail)


@given(VALUES, KOREAN_COUNTERS, st.sampled_from(KOREAN_UNCOMMITTED))
def test_a_korean_hedge_or_negation_never_pays(value, counter, template):
    r = grade(template.format(value + counter), gold=value)
    assert r.verdict is Verdict.AMBIGUOUS, (r.extracted, r.detail)


@given(
    st.integers(min_value=0, max_value=10**6),
    st.integers(min_value=0, max_value=10**6),
    st.sampled_from(
        [
            "答えは{}か{}です。",
            "答えは{}個か{}個です。",
            "答えは{}または{}です。",
            "답은 {} 또는 {}입니다.",
            "답은 {}개 또는 {}개입니다.",
            "답은 {}이나 {}입니다.",
        ]
    ),
)
def test_two_values_offered_pay_neither(first, second, template):
    completion = template.format(first, second)
    for gold in (first, second):
        assert grade(completion, gold=str(gold)).verdict is (
            Verdict.AMBIGUOUS if first != second else Verdict.CORRECT
        )


def test_spans_point_into_the_callers_text():
    for completion, value in (
        ("りんごは6個ずつ7箱。\n答えは42個です。", "42"),
        ("사과는 모두\n답은 42개입니다.", "42"),
    ):
        r = grade(completion, gold=value)
        assert r.correct and r.span is not None
        assert completion[r.span[0] : r.span[1]] == value


def test_other_texts_are_left_to_their_readers():
    # no kana, no Hangul: neither language, whatever Chinese characters the text holds
    for text in ("The answer is 42.", "答案是42个。", "La réponse est 3,5."):
        r = rewrite(text)
        assert normalize(text) == r.text
    assert JAPANESE.code == "ja" and KOREAN.code == "ko"


def to_korean(n: int, spaced: bool) -> str:
    """Spell ``0 < n < 10**12`` in Sino-Korean Hangul numerals (test-side oracle, written apart from the
    reader): no "one" before 십, 백, 천 or 만, one before 억, no zero, a space after each myriad if
    ``spaced``."""
    digits = "_일이삼사오육칠팔구"
    groups = []
    for myriad, size in (("억", 10**8), ("만", 10**4), ("", 1)):
        section, n = divmod(n, size)
        if not section:
            continue
        word = ""
        for place, value in (("천", 1000), ("백", 100), ("십", 10), ("", 1)):
            d, section = divmod(section, value)
            if d:
                word += place if d == 1 and place else digits[d] + place
        groups.append("만" if word + myriad == "일만" else word + myriad)
    return (" " if spaced else "").join(groups)


@given(st.integers(min_value=1, max_value=10**12 - 1), st.booleans())
def test_korean_numerals_round_trip_through_grade(n, spaced):
    # Sino-Korean numerals in Hangul after a marker, as Japanese 百二十 and Chinese 一百二十 are read
    spelled = to_korean(n, spaced)
    assert grade(f"정답은 {spelled}입니다.", gold=str(n)).verdict is Verdict.CORRECT, spelled
    assert grade(f"정답은 {spelled}입니다.", gold=str(n + 1)).verdict is Verdict.WRONG, spelled
    assert grade(f"답: {spelled}", gold=str(n), policy="strict").verdict is Verdict.CORRECT, spelled
    # a negation after it is never paid (when its 이 may close the numeral, no value is read at all)
    assert not grade(f"정답은 {spelled}가 아닙니다.", gold=str(n)).correct, spelled


def test_korean_numerals_in_examples():
    assert to_korean(120, False) == "백이십" and to_korean(15000, True) == "만 오천"
    assert to_korean(100_000_000, False) == "일억" and to_korean(2024, False) == "이천이십사"


LONG_RUNS = {
    "Japanese digits": "答えは" + "1" * 60_000 + "個です",
    "Japanese alternatives": "答えは" + "1か" * 30_000 + "です",
    "Japanese numerals": "答えは" + "三" * 60_000 + "ではありません",
    "Korean alternatives": "답은 " + "42 또는 " * 10_000 + "입니다.",
    "Korean digits": "답은 " + "4" * 60_000 + "가 아닙니다.",
    "Korean numerals": "답은 " + "백이십" * 20_000 + "입니다.",
}


def test_the_reading_is_linear_on_long_runs():
    for name, completion in LONG_RUNS.items():
        start = time.perf_counter()
        r = grade(completion, gold="72")
        assert time.perf_counter() - start < 10, name
        assert r.verdict is not Verdict.ERROR and not r.correct, (name, r.detail)
