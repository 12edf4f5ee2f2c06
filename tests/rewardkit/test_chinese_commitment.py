"""Chinese statements that commit to nothing, as properties over random values and the words of each
class: a reported or doubted answer (``小明说答案是72``, ``我不认为答案是72``) against the writer's own
belief (``我认为答案是72``); a hedge between 答案 and its copula (``答案好像是72``); the answer called
wrong after it (``这个答案是错的``) and corrected (``…，应该是70``); a value the statement goes on to
change (``72，然后还要再减去5个``); two letters joined (``B和C``) and another letter called right too
(``A也对``); two values each under its own name (``甲做了72个，乙做了48个``)."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from rewardkit import Verdict, grade
from rewardkit.languages import chinese

VALUES = st.integers(min_value=0, max_value=10**6)
SUBJECTS = ["小明", "老师", "题目", "有同学", "他", "书上", "有人"]
LETTERS = "ABCD"


@given(st.sampled_from(SUBJECTS), st.sampled_from(sorted(chinese._REPORTING_VERBS)), VALUES)
def test_a_reported_answer_is_never_paid(subject, verb, n):
    # (告诉我 and 听说 take no subject of their own before them, and read the same with one)
    completion = f"{subject}{verb}答案是{n}。"
    assert grade(completion, gold=str(n)).verdict is Verdict.AMBIGUOUS


@given(st.sampled_from(sorted(chinese._WRITERS)), st.sampled_from(sorted(chinese._BELIEF_VERBS)), VALUES)
def test_the_writers_own_belief_commits_and_its_negation_does_not(writer, verb, n):
    assert grade(f"{writer}{verb}答案是{n}。", gold=str(n)).verdict is Verdict.CORRECT
    assert grade(f"{writer}不{verb}答案是{n}。", gold=str(n)).verdict is Verdict.AMBIGUOUS


@given(st.sampled_from(chinese._SEEMS), st.sampled_from(["是", "为"]), VALUES)
def test_a_hedge_between_the_answer_and_its_copula_commits_to_nothing(seems, copula, n):
    assert grade(f"答案{seems}{copula}{n}。", gold=str(n)).verdict is Verdict.AMBIGUOUS
    assert grade(f"答案{copula}{n}。", gold=str(n)).verdict is Verdict.CORRECT


@given(
    st.sampled_from(chinese._ANSWER_CALLED),
    st.sampled_from(["是错的", "不对", "错了", "是错误的"]),
    VALUES,
    VALUES,
)
def test_an_answer_called_wrong_is_taken_back_and_corrected_by_a_new_value(answer, wrong, n, m):
    assume(n != m)
    assert grade(f"答案是{n}。{answer}{wrong}。", gold=str(n)).verdict is Verdict.AMBIGUOUS
    corrected = f"答案是{n}。{answer}{wrong}，应该是{m}。"
    assert grade(corrected, gold=str(m)).verdict is Verdict.CORRECT
    assert grade(corrected, gold=str(n)).verdict is Verdict.WRONG


THEN = ["然后", "然后还要再", "再", "还要", "接着", "然后她"]


@given(st.sampled_from(THEN), st.sampled_from(sorted(chinese._OPERATIONS_AFTER)), VALUES)
def test_a_value_changed_after_it_is_no_answer(then, verb, n):
    assert grade(f"答案是{n}，{then}{verb}5个。", gold=str(n)).verdict is Verdict.AMBIGUOUS


@given(st.sampled_from(["和", "与", "及", "以及", "或", "或者"]), st.permutations(LETTERS))
def test_two_letters_joined_name_neither(joiner, letters):
    first, second = letters[0], letters[1]
    for gold in (first, second):
        completion = f"答案是{first}{joiner}{second}。"
        assert grade(completion, gold=gold, choices=LETTERS).verdict is Verdict.AMBIGUOUS


@given(st.sampled_from(["也对", "也正确", "也可以", "同样成立", "也是对的"]), st.permutations(LETTERS))
def test_another_letter_called_right_too_leaves_no_answer(right, letters):
    chosen, other = letters[0], letters[1]
    completion = f"故选{chosen}。\n\n等等，重新检查一下，{other}{right}。"
    assert grade(completion, gold=chosen, choices=LETTERS).verdict is Verdict.AMBIGUOUS


@given(
    st.sampled_from(["甲", "小明", "第一天", "鸡"]),
    st.sampled_from(["乙", "小红", "第二天", "兔"]),
    VALUES,
    VALUES,
)
def test_two_values_under_names_alike_answer_neither(first, second, n, m):
    assume(n != m)
    completion = f"{first}做了{n}个，{second}做了{m}个。"
    assert grade(completion, gold=str(m)).verdict is Verdict.AMBIGUOUS
    assert grade(completion, gold=str(n)).verdict is Verdict.AMBIGUOUS


@given(
    st.sampled_from(["可能", "也许", "好像", "似乎", "貌似"]),
    st.sampled_from(["有", "一共有", "买了", "做了"]),
    VALUES,
)
def test_a_hedge_before_the_verb_of_a_statement_commits_to_nothing(hedge, verb, n):
    assert grade(f"答：小明{hedge}{verb}{n}个。", gold=str(n)).verdict is Verdict.AMBIGUOUS
    assert grade(f"答：小明{verb}{n}个。", gold=str(n)).verdict is Verdict.CORRECT
