"""Chinese notation around a value: tenths (``七成``, ``八五折``), multiples with a subject
(``这个数是十二的三倍``), clocks in numerals and a time followed by its verb (``三点一刻出发``), the
total a statement gives (``4天一共做60个零件``), a unit before the noun it measures (``72立方米的土``),
and the answer key's heading (``【答案】70\\n【解析】…72``).

Numerals are spelled by ``tests/chinese_numerals.py``, an oracle written apart from the reader. The table of
cases is ``fixtures/equivalence/zhnotation26.jsonl``.
"""

from __future__ import annotations

from chinese_numerals import to_chinese
from hypothesis import given
from hypothesis import strategies as st

from rewardkit import Verdict, grade

DIGIT_CHARACTERS = "零一二三四五六七八九"


@given(st.integers(min_value=1, max_value=9), st.integers(min_value=0, max_value=9))
def test_tenths_in_numerals_are_the_percent_they_count(tenths, hundredths):
    said = to_chinese(tenths) + "成" + (to_chinese(hundredths) if hundredths else "")
    percent = 10 * tenths + hundredths
    assert grade(f"答：合格率是{said}。", gold=f"{percent}%").verdict is Verdict.CORRECT
    assert grade(f"答：合格率是{said}。", gold=str(percent)).verdict is Verdict.WRONG


@given(st.integers(min_value=1, max_value=9), st.integers(min_value=1, max_value=9), st.booleans())
def test_a_discount_of_two_digits_counts_hundredths(first, second, in_digits):
    said = f"{first}{second}" if in_digits else DIGIT_CHARACTERS[first] + DIGIT_CHARACTERS[second]
    price = 10 * first + second
    if not in_digits and second == first + 1:
        # "八九折": two neighbouring digits say "8 or 9 tenths", a range of discounts, never 89 %
        assert grade(f"答：打了{said}折。", gold=f"{price}%").verdict is Verdict.AMBIGUOUS
        return
    assert grade(f"答：打了{said}折。", gold=f"{price}%").verdict is Verdict.CORRECT
    assert grade(f"答：打了{said}折。", gold=f"{price / 10}").verdict is Verdict.WRONG


@given(st.integers(min_value=1, max_value=9999), st.integers(min_value=2, max_value=9))
def test_a_multiple_with_a_subject_is_its_product(base, times):
    said = f"答：这个数是{to_chinese(base)}的{to_chinese(times)}倍。"
    assert grade(said, gold=str(base * times)).verdict is Verdict.CORRECT
    assert grade(said, gold=str(base)).verdict is Verdict.WRONG


@given(st.integers(min_value=1, max_value=11), st.integers(min_value=1, max_value=59), st.booleans())
def test_a_clock_in_numerals_followed_by_its_verb_is_the_time(hour, minute, afternoon):
    part, reading = ("下午", f"{hour + 12}:{minute:02d}") if afternoon else ("", f"{hour}:{minute:02d}")
    said = f"答：{part}{to_chinese(hour)}点{to_chinese(minute)}分出发。"
    assert grade(said, gold=reading).verdict is Verdict.CORRECT
    later = f"{hour + 1}:{minute:02d}" if not afternoon else f"{hour + 13}:{minute:02d}"
    assert grade(said, gold=later).verdict is Verdict.WRONG
    assert not grade(f"答：{part}{hour}点{minute}分以后出发。", gold=reading).correct  # after it: a bound


@given(st.integers(min_value=1, max_value=999), st.integers(min_value=1, max_value=999))
def test_the_total_of_a_statement_is_its_value(over, total):
    said = f"答：{over}天一共做{total}个零件。"
    assert grade(said, gold=str(total)).verdict is Verdict.CORRECT
    if over != total:
        assert grade(said, gold=str(over)).verdict is Verdict.WRONG


UNIT_PAIRS = [("立方米", "平方米"), ("千克", "克"), ("升", "毫升"), ("米", "厘米"), ("平方厘米", "厘米")]


NOUNS = ["土", "大米", "水"]


@given(st.integers(min_value=1, max_value=10**6), st.sampled_from(UNIT_PAIRS), st.sampled_from(NOUNS))
def test_a_unit_before_the_noun_it_measures_keeps_its_unit(n, units, noun):
    stated, other = units
    assert grade(f"答：共需要{n}{stated}的{noun}。", gold=f"{n}{other}").verdict is Verdict.WRONG
    assert grade(f"答：共需要{n}{stated}的{noun}。", gold=f"{n}{stated}").verdict is Verdict.CORRECT


@given(st.integers(min_value=1, max_value=10**6), st.integers(min_value=1, max_value=10**6))
def test_the_working_after_an_answer_key_never_pays_its_own_number(answer, worked):
    said = f"【答案】{answer}\n【解析】每排9人，共8排，9×8={worked}。"
    assert grade(said, gold=str(answer), policy="strict").verdict is Verdict.CORRECT
    if worked != answer:
        assert grade(said, gold=str(worked)).verdict is Verdict.WRONG
