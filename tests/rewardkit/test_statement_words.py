"""The words of a statement around its value, as properties over random values: a Chinese bound before the
verb it bounds (``至少需要72块``) and an English one before its verb (``At least you need 72``) state no
value; a take-back followed by the answer stated again (``72, sorry, it should be 70``,
``72，抱歉，应该是70``) answers the later value; a family of values offered with the value (``18 (or any
multiple of 18)``) pays none of them; a disowned statement ends at its ``but`` (``The student's answer is
72, but the correct answer is 70``); and a letter drawn as a digit glued to the digits (``1З``, Cyrillic
Ze) is no number."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from rewardkit import Verdict, grade
from rewardkit.languages import chinese
from rewardkit.numbers import DIGIT_LOOKALIKES

VALUES = st.integers(min_value=0, max_value=10**6)

# what stands between a bound and its number: an auxiliary with its verb, an adverb, a verb of quantity
CHINESE_GAPS = [
    "需要",
    "要",
    "也要",
    "还需要",
    "只能买",
    "可以买",
    "能装",
    "得",
    "有",
    "只有",
    "要用",
    "买了",
]


@given(st.sampled_from(sorted(chinese._BOUND_ADVERBS)), st.sampled_from(CHINESE_GAPS), VALUES)
def test_a_chinese_bound_before_its_verb_states_no_value(bound, gap, n):
    assert grade(f"答：{bound}{gap}{n}个。", gold=str(n)).verdict is Verdict.AMBIGUOUS
    assert grade(f"所以{bound}{gap}{n}个。", gold=str(n)).verdict is Verdict.AMBIGUOUS
    assert grade(f"答：{gap}{n}个。", gold=str(n)).verdict is Verdict.CORRECT


ENGLISH_BOUNDS = [
    "At least you need {n} bricks.",
    "We at least need {n} bricks.",
    "She can at most buy {n} apples.",
    "At most she can buy {n} apples.",
    "It can at most be {n}.",
    "The answer is, at least, {n}.",
]


@given(st.sampled_from(ENGLISH_BOUNDS), VALUES)
def test_an_english_bound_before_its_verb_states_no_value(template, n):
    assert grade(template.format(n=n), gold=str(n)).verdict is Verdict.AMBIGUOUS


CUES = ["sorry", "no, wait", "no wait", "scratch that", "my mistake", "oops", "wait", "actually"]
RESTATEMENTS = ["it should be", "it is", "it's", "the answer is", "I meant", "the correct answer is"]


@given(VALUES, VALUES, st.sampled_from(CUES), st.sampled_from(RESTATEMENTS), st.sampled_from([", ", " — "]))
def test_the_answer_stated_again_after_a_take_back_is_the_answer(first, later, cue, restatement, separator):
    assume(first != later)
    completion = f"The answer is {first}{separator}{cue}, {restatement} {later}."
    assert grade(completion, gold=str(later)).verdict is Verdict.CORRECT
    assert grade(completion, gold=str(first)).verdict is Verdict.WRONG


@given(VALUES, VALUES, st.sampled_from(["抱歉", "对不起", "不对", "错"]), st.sampled_from(["应该是", "应为"]))
def test_a_chinese_correction_after_a_comma_is_the_answer(first, later, cue, restatement):
    assume(first != later)
    completion = f"答案是{first}，{cue}，{restatement}{later}。"
    assert grade(completion, gold=str(later)).verdict is Verdict.CORRECT
    assert grade(completion, gold=str(first)).verdict is Verdict.WRONG


@given(VALUES, st.sampled_from(["sorry", "wait", "oops", "actually"]))
def test_another_value_after_a_bare_cue_pays_neither(first, cue):
    # "72, sorry, 70", "72, wait, we get 70": no statement of the answer after the cue
    later = first + 2
    for completion in (
        f"The answer is {first}, {cue}, {later}.",
        f"The answer is {first}, {cue}, we get {later}.",
    ):
        assert not grade(completion, gold=str(first)).correct, completion
        assert not grade(completion, gold=str(later)).correct, completion


FAMILIES = [
    "The answer is {n} (or any multiple of {n}).",
    "The answer is {n}, or any multiple of {n}.",
    "The answer is {n} or any other even number.",
    "\\boxed{{{n}}} (or any multiple of {n})",
    "The answer is {n} and any multiple of {n}.",
    "The answer is {n} (any multiple of {n} works).",
    "\\boxed{{{n}}}. Any multiple of {n} also works.",
    "答案是{n}（或任意{n}的倍数）。",
]


@given(st.sampled_from(FAMILIES), st.integers(min_value=1, max_value=10**6))
def test_a_family_of_values_pays_none_of_them(template, n):
    completion = template.format(n=n)
    for gold in (n, 2 * n):
        assert grade(completion, gold=str(gold)).verdict is Verdict.AMBIGUOUS, (completion, gold)


DISOWNED = [
    "The student's answer is",
    "My first answer was",
    "The wrong answer is",
    "Bob says",
    "A naive approach gives",
]


@given(st.sampled_from(DISOWNED), VALUES, VALUES, st.sampled_from([", but", ", however", "; but"]))
def test_a_disowned_value_ends_at_its_but(disowned, first, later, turn):
    assume(first != later)
    completion = f"{disowned} {first}{turn} the correct answer is {later}."
    assert grade(completion, gold=str(later)).verdict is Verdict.CORRECT
    assert grade(completion, gold=str(first)).verdict is Verdict.WRONG


@given(VALUES, st.sampled_from(DIGIT_LOOKALIKES), st.booleans())
def test_a_letter_drawn_as_a_digit_glued_to_digits_is_no_number(n, lookalike, before):
    glued = f"{lookalike}{n}" if before else f"{n}{lookalike}"
    for completion in (f"The answer is {glued}.", f"\\boxed{{{glued}}}", f"She has {glued} apples."):
        assert not grade(completion, gold=str(n)).correct, completion
    assert grade(f"The answer is {glued}.", gold=str(n)).verdict is Verdict.UNPARSEABLE
