"""Quantities are read whole or refused, never as a part of themselves: ``n dozen`` is 12n (never n),
thousands grouped by apostrophes (``60’000``) are the whole number (never its first or last group), a mixed
number's vulgar fraction is read with its whole part (``2½``), a number said in descending scales (``2
thousand 5 hundred``) is its sum, and the 一 of a classifier opening a Chinese statement (``一条路长45千米``:
a road is 45 km long) is the article, never the answer 1."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rewardkit import grade

_WHERE_READ = (
    "The answer is {}.",  # after a marker
    "\\boxed{{{}}}",  # in a box
    "She works it out step by step.\nSo she needs {} eggs.",  # the last-number fallback
)


@given(n=st.integers(min_value=1, max_value=999))
def test_n_dozen_is_twelve_n_wherever_a_number_is_read(n):
    for shape in _WHERE_READ:
        completion = shape.format(f"{n} dozen")
        assert grade(completion, gold=str(12 * n)).correct, completion
        assert not grade(completion, gold=str(n)).correct, completion


@given(n=st.integers(min_value=1, max_value=999))
def test_the_plural_dozens_counts_dozens(n):
    # "7 dozens of eggs" answers how many dozens (real completions write it so): the count, after a marker too
    for completion in (f"The answer is {n} dozens.", f"So she needs {n} dozens of eggs."):
        assert grade(completion, gold=str(n)).correct, completion


def _grouped(n: int, mark: str) -> str:
    return f"{n:,}".replace(",", mark)


@given(n=st.integers(min_value=1000, max_value=10**12), mark=st.sampled_from(["'", "’"]))
def test_apostrophe_groups_read_the_whole_number(n, mark):
    written = _grouped(n, mark)
    first, last = written.split(mark)[0], written.split(mark)[-1]
    completions = (
        f"The answer is {written}.",
        f"Réponse : {written}",
        f"\\boxed{{{written}}}",
        f"So the salary is {written} francs.",
        f"So it costs CHF {written}.",
    )
    for completion in completions:
        assert grade(completion, gold=str(n)).correct, completion
        for part in {first, last} - {str(n)}:
            assert not grade(completion, gold=part).correct, (completion, part)


@given(n=st.integers(min_value=1000, max_value=10**9), cents=st.integers(min_value=0, max_value=99))
def test_apostrophe_groups_with_a_decimal_point(n, cents):
    completion = f"Antwort: {_grouped(n, '’')}.{cents:02d} CHF"
    assert grade(completion, gold=f"{n}.{cents:02d}").correct, completion
    assert not grade(completion, gold=_grouped(n, "’").split("’")[0]).correct, completion


@given(head=st.integers(min_value=1, max_value=999), tail=st.integers(min_value=0, max_value=99))
def test_digits_glued_by_an_apostrophe_in_groups_of_two_are_refused(head, tail):
    completion = f"The answer is {head}’{tail:02d}."
    for gold in {str(head), f"{head}{tail:02d}", str(tail)}:
        assert not grade(completion, gold=gold).correct, (completion, gold)


@given(
    thousands=st.integers(min_value=1, max_value=999),
    hundreds=st.integers(min_value=1, max_value=9),
    shape=st.sampled_from(_WHERE_READ[::2]),
)
def test_a_number_said_in_descending_scales_is_read_whole(thousands, hundreds, shape):
    completion = shape.format(f"{thousands} thousand {hundreds} hundred")
    assert grade(completion, gold=str(thousands * 1000 + hundreds * 100)).correct, completion
    for part in (thousands, hundreds * 100, thousands * 1000):
        assert not grade(completion, gold=str(part)).correct, completion


@given(
    whole=st.integers(min_value=1, max_value=99),
    fraction=st.sampled_from(["½", "¼", "¾"]),
    space=st.booleans(),
)
def test_a_mixed_number_is_never_its_fraction_alone(whole, fraction, space):
    value = {"½": 0.5, "¼": 0.25, "¾": 0.75}[fraction]
    completion = f"So she ate {whole}{' ' if space else ''}{fraction} pizzas."
    assert grade(completion, gold=str(whole + value)).correct, completion
    assert not grade(completion, gold=str(value)).correct, completion
    assert not grade(completion, gold=str(whole)).correct, completion


_NOUN_PHRASES = ("一条路长", "一个班有", "一辆车每小时行", "一本书有", "一只鸡重", "一箱苹果有")


@given(n=st.integers(min_value=2, max_value=10**6), phrase=st.sampled_from(_NOUN_PHRASES))
def test_the_article_one_of_a_chinese_noun_phrase_is_never_the_answer(n, phrase):
    for completion in (f"答：{phrase}{n}。", f"所以{phrase}{n}。\n答：{phrase}{n}。"):
        assert not grade(completion, gold="1").correct, completion
        assert grade(completion, gold=str(n)).correct, completion


@given(n=st.integers(min_value=2, max_value=10**6), noun=st.sampled_from(["road", "class", "box", "car"]))
def test_the_article_one_of_an_english_noun_phrase_is_never_the_answer(n, noun):
    completion = f"Answer: One {noun} has {n} parts."
    assert not grade(completion, gold="1").correct, completion
    assert grade(completion, gold=str(n)).correct, completion
