"""Answers in other languages: Chinese numerals round-trip, through the reader and through ``grade``, as
English number words do; the language layer keeps spans pointing into the caller's text.

The spelling side is ``tests/chinese_numerals.py``, an oracle written apart from the reader. The tables of
cases are ``fixtures/equivalence/chinese.jsonl`` and ``languages.jsonl``.
"""

from __future__ import annotations

from fractions import Fraction

from chinese_numerals import (
    fraction_to_chinese,
    mixed_to_chinese,
    percent_to_chinese,
    to_chinese,
    to_traditional,
)
from hypothesis import given
from hypothesis import strategies as st

from rewardkit import Verdict, grade
from rewardkit.languages import normalize, rewrite
from rewardkit.languages.chinese import parse_numeral

STYLES = st.sampled_from(["standard", "liang", "explicit_one"])


@given(st.integers(min_value=-(10**16) + 1, max_value=10**16 - 1), STYLES)
def test_integers_round_trip_through_the_numeral_reader(n, style):
    assert parse_numeral(to_chinese(n, style=style)) == n


@given(st.integers(min_value=0, max_value=10**12), STYLES)
def test_integers_round_trip_through_grade(n, style):
    spelled = to_chinese(n, style=style)
    assert grade(f"所以答案是{spelled}。", gold=str(n)).verdict is Verdict.CORRECT
    assert grade(f"所以答案是{spelled}。", gold=str(n + 1)).verdict is Verdict.WRONG
    assert grade(f"答案：{spelled}", gold=str(n), policy="strict").verdict is Verdict.CORRECT


@given(st.integers(min_value=0, max_value=10**12), STYLES, st.booleans())
def test_traditional_integers_round_trip_through_grade(n, style, financial):
    # the traditional script (萬, 億, 兩) and its financial numerals (貳, 參, 陸, 拾, 佰, 仟), with a
    # traditional marker, read as their simplified twins
    spelled = to_traditional(to_chinese(n, style=style), financial=financial)
    assert grade(f"所以答案為{spelled}。", gold=str(n)).verdict is Verdict.CORRECT
    assert grade(f"所以答案為{spelled}。", gold=str(n + 1)).verdict is Verdict.WRONG
    assert grade(f"答案：{spelled}", gold=str(n), policy="strict").verdict is Verdict.CORRECT
    assert grade(f"所以總共賣了{spelled}個。", gold=str(n)).verdict is Verdict.CORRECT


@given(st.integers(min_value=1, max_value=999), st.integers(min_value=2, max_value=999))
def test_fractions_round_trip_through_grade(num, den):
    value = Fraction(num, den)
    spelled = fraction_to_chinese(num, den)
    assert grade(f"答案是{spelled}。", gold=f"\\frac{{{num}}}{{{den}}}").verdict is Verdict.CORRECT
    other = value + Fraction(1, den)
    gold = f"{other.numerator}/{other.denominator}"
    assert grade(f"答案是{spelled}。", gold=gold).verdict is Verdict.WRONG


@given(st.integers(min_value=1, max_value=99), st.integers(min_value=1, max_value=9), st.integers(2, 10))
def test_mixed_numbers_round_trip_through_grade(whole, num, den):
    if num >= den:
        num = den - 1
    value = whole + Fraction(num, den)
    gold = f"{value.numerator}/{value.denominator}"
    assert grade(f"答案是{mixed_to_chinese(whole, num, den)}。", gold=gold).verdict is Verdict.CORRECT


@given(st.integers(min_value=1, max_value=100))
def test_percent_round_trips_through_grade(k):
    assert grade(f"答案是{percent_to_chinese(k)}。", gold=f"{k}%").verdict is Verdict.CORRECT


def test_spans_point_into_the_callers_text():
    completion = "每排有8把椅子，一共有9排。\n答案是七十二。"
    r = grade(completion, gold="72")
    assert r.correct and r.span is not None
    assert completion[r.span[0] : r.span[1]] == "七十二"
    long = "x" * 70_000 + "\n答案是七十二。"
    r = grade(long, gold="72")
    assert r.correct and r.span is not None and long[r.span[0] : r.span[1]] == "七十二"


def test_english_text_is_not_rewritten():
    for text in ("The answer is 3,5", "So the answer is 72.", "He ran fast 12 km, or not."):
        assert not rewrite(text).changed and normalize(text) == text


def test_words_that_hold_numeral_characters_are_no_values():
    # 三角形 (triangle), 十分 (very), 一共 (in total), 第一 (first): reading a value there pays the gold 3
    for completion in ("这个图形是三角形。", "他十分高兴。", "他第一个到达。"):
        assert not grade(completion, gold="3").correct and not grade(completion, gold="1").correct


def test_words_that_hold_an_operation_character_are_no_operations():
    # 方案 (a plan) after 次 is no power, 附近 (nearby) no "nearly", 成本 (cost) no tenths
    assert normalize("这是第3次方案。").endswith("次方案.")
    assert "nearly" not in normalize("附近有3个商店。")
    assert "/10" not in normalize("3成本")


LONG_RUNS = {
    "numeral run": "答案是" + "三" * 60_000,
    "numeral and scale": "答案是" + "一万" * 30_000,
    "fractions": "三分之" * 20_000 + "二",
    "neighbours": "三四" * 30_000,
    "clock": "下午3点" * 12_000,
    "digits before a half": "答案是" + "1" * 60_000 + "半小时",
    "digits before a range": "1" * 60_000 + "到",
    "digits before a decimal point": "答案是" + "1" * 60_000 + "点5",
    "digits before a power": "答案是" + "1" * 60_000 + "次方",
    "digits before tenths": "答案是" + "1" * 60_000 + "折",
    "condition": "当" + "x" * 60_000,
    "French groups": "La réponse est " + "1,500 " * 10_000,
    "Russian negations": "Ответ: " + "не " * 20_000 + "5",
    "German groups": "Die Antwort ist " + "1.000." * 10_000,
}


def test_the_language_layer_is_linear_on_long_runs():
    # 60,000 numeral characters took 244 s (a fraction pattern backtracking over the run) and then raised
    # ValueError past Python's 4,300-digit limit: ERROR. Idle each of these takes under 0.25 s.
    import time

    for name, completion in LONG_RUNS.items():
        start = time.perf_counter()
        r = grade(completion, gold="72")
        assert time.perf_counter() - start < 10, name
        assert r.verdict is not Verdict.ERROR and not r.correct, (name, r.detail)


# the groups a number is written in with digits and scale characters ("1万5千", "12万3456", "3千5百"): one
# number ("1万5" is 15000, as 一万五 is: a digit after a unit of 100 or more counts in the next unit down)
@given(st.integers(min_value=1, max_value=9999), st.integers(min_value=1000, max_value=9999), st.booleans())
def test_digits_with_scale_characters_are_one_number(wan, rest, short):
    if rest % 1000 == 0:
        written = f"{wan}万{rest // 1000}" if short else f"{wan}万{rest // 1000}千"
    else:
        written = f"{wan}万{rest}"
    n = wan * 10**4 + rest
    assert grade(f"答：{written}", gold=str(n)).verdict is Verdict.CORRECT, written
    # never the groups glued together ("1万5千" is no 100005000)
    assert not grade(f"答：{written}", gold=f"{wan * 10**4}{rest}").correct, written


# a unit of a translated word problem is its own quantity: "72英里" is no 72千米; the value before it is read
OTHER_UNITS = [("英里", "千米"), ("磅", "千克"), ("毫克", "克"), ("英尺", "米"), ("加仑", "升"), ("毛", "元")]


@given(st.integers(min_value=1, max_value=10**6), st.sampled_from(OTHER_UNITS))
def test_a_unit_of_another_system_is_no_value_in_this_one(n, units):
    theirs, ours = units
    assert grade(f"答：{n}{theirs}", gold=f"{n}{ours}").verdict is Verdict.WRONG
    assert grade(f"答：{to_chinese(n)}{theirs}", gold=str(n)).verdict is Verdict.CORRECT
    assert not grade(f"答：{n}两", gold=f"{n}2").correct  # 两 after digits is a unit, never the digit 2


# a scale of two characters after digits is one scale ("3千万" is 30 million, never 3000 with its 万 dropped)
TWO_CHARACTER_SCALES = [("千万", 10**7), ("百万", 10**6), ("十万", 10**5), ("万亿", 10**12), ("千亿", 10**11)]


@given(st.integers(min_value=1, max_value=999), st.sampled_from(TWO_CHARACTER_SCALES))
def test_a_scale_of_two_characters_is_one_scale(n, scale):
    written, value = scale
    assert grade(f"答：共有{n}{written}人。", gold=str(n * value)).verdict is Verdict.CORRECT, written
    for dropped in (n, n * value // 10**4, n * value // 10**8, n * value // 10**3, n * value // 100):
        if dropped != n * value:
            assert not grade(f"答：共有{n}{written}人。", gold=str(dropped)).correct, (written, dropped)


# a scale no reader converts refuses the number before it, in every language that writes one: never the number
# without its scale ("3兆个" is no 3)
UNREAD_SCALES = [
    "答：共有{}兆个细胞。", "答案是{}京。", "答えは{}兆個です。", "答えは{}兆円です。", "답은 {}조 개입니다.",
    "답은 {}만 개입니다.", "답은 {}억원입니다.", "답은 {}천 명입니다.", "答案是$\\boxed{{{}}}$兆。",
]  # fmt: skip


@given(st.integers(min_value=1, max_value=10**6), st.sampled_from(UNREAD_SCALES))
def test_a_scale_no_reader_converts_refuses_its_number(n, template):
    r = grade(template.format(n), gold=str(n))
    assert r.verdict is not Verdict.CORRECT, (template, r.detail)
    assert r.verdict in (Verdict.UNPARSEABLE, Verdict.AMBIGUOUS), (template, r.verdict, r.detail)


# a sentence that opens on a correction after a statement overrides it, in Japanese, Korean and Chinese (the
# English "No, wait, 48"); the corrected value is never paid
CORRECTIONS = [
    "答えは{a}です。いや、{b}です。",
    "答えは{a}です。いいえ、{b}です。",
    "答えは{a}です。違います、{b}です。",
    "答えは{a}個です。すみません、{b}個です。",
    "答えは{a}です。正しくは{b}です。",
    "答えは{a}です。訂正すると、{b}です。",
    "答えは{a}です。ちょっと待って、{b}です。",
    "答えは{a}です。あっ、違います、{b}です。",
    "답은 {a}입니다. 아니, {b}입니다.",
    "답은 {a}개입니다. 아니요, {b}개입니다.",
    "답은 {a}입니다. 정정: {b}입니다.",
    "답은 {a}입니다. 잠깐, {b}입니다.",
    "답은 {a}입니다. 아, 틀렸네요. {b}입니다.",
    "答案是{a}。改正为{b}。",
    "答案是{a}。更正为{b}。",
    "答案是{a}。应为{b}。",
    "答案是{a}。不對，應為{b}。",
]


@given(
    st.integers(min_value=0, max_value=10**6),
    st.integers(min_value=1, max_value=10**6),
    st.sampled_from(CORRECTIONS),
)
def test_a_correction_overrides_the_answer_before_it(a, delta, template):
    b = a + delta
    text = template.format(a=a, b=b)
    assert grade(text, gold=str(b)).verdict is Verdict.CORRECT, text
    assert grade(text, gold=str(a)).verdict is Verdict.WRONG, text
