"""Multiple-select golds and answers (:mod:`rewardkit.letter_sets`), and Chinese bounds with a measure before
their 多: properties over generated letter sets, orders and spellings. The tables of cases are
``fixtures/equivalence/multiselect29.jsonl`` and ``fixtures/equivalence/gaokao29.jsonl``.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rewardkit import Verdict, grade
from rewardkit.languages.chinese import CLASSIFIERS, UNITS

LETTERS = "ABCDEFGHIJ"
letter_sets = st.lists(st.sampled_from(LETTERS), min_size=2, max_size=5, unique=True)
# how a set is written, in a gold or an answer
SPELLINGS = (
    lambda ls: "".join(ls),
    lambda ls: ", ".join(ls),
    lambda ls: ",".join(ls),
    lambda ls: "、".join(ls),
    lambda ls: "".join(f"({c})" for c in ls),
    lambda ls: ", ".join(ls[:-1]) + " and " + ls[-1],
)
spellings = st.sampled_from(SPELLINGS)


@given(letter_sets, st.permutations(range(5)), spellings, spellings)
def test_the_same_set_in_any_order_and_spelling_pays(letters, order, gold_spelling, answer_spelling):
    shuffled = [letters[i] for i in order if i < len(letters)]
    result = grade(f"The answer is {answer_spelling(shuffled)}.", gold=gold_spelling(letters))
    assert result.verdict is Verdict.CORRECT, result


@given(letter_sets, st.sampled_from(LETTERS), spellings)
def test_a_subset_or_a_superset_is_wrong(letters, other, spelling):
    gold = "".join(letters)
    subset = letters[:-1]
    answer = spelling(subset) if len(subset) > 1 else subset[0]
    assert grade(f"The answer is {answer}.", gold=gold).verdict is Verdict.WRONG
    if other not in letters:
        superset = spelling([*letters, other])
        assert grade(f"The answer is {superset}.", gold=gold).verdict is Verdict.WRONG


@given(letter_sets, letter_sets)
def test_sets_offered_as_alternatives_pay_nothing(first, second):
    gold = "".join(first)
    answer = f"The answer is {''.join(first)} or {''.join(second)}."
    assert not grade(answer, gold=gold).correct


# the measures and classifiers a number takes before its 多 (多 and the bounds themselves aside; 打 is a verb
# as often as a dozen; 个 is read apart, 72个多)
MEASURES = sorted({*CLASSIFIERS, *UNITS} - {"多", "余", "以上", "以下", "左右", "打", "个"})


@given(st.integers(min_value=1, max_value=9999), st.sampled_from(MEASURES))
def test_a_measure_before_its_more_bounds_the_number(n, measure):
    assert not grade(f"答：需要{n}{measure}多。", gold=str(n)).correct
    assert grade(f"答：需要{n}{measure}。", gold=str(n)).verdict is Verdict.CORRECT
