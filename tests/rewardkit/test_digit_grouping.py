"""Digit grouping: thousands in threes (``1,250,000``) and the Indian grouping of lakhs and crores in pairs
before the last three digits (``12,50,000``) read the same number."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rewardkit import grade


def indian(n: int) -> str:
    """``n`` written in the Indian grouping: the last three digits, then pairs."""
    text = str(n)
    head, tail = text[:-3], text[-3:]
    pairs = []
    while head:
        pairs.insert(0, head[-2:])
        head = head[:-2]
    return ",".join([*pairs, tail])


@given(n=st.integers(min_value=100_000, max_value=10**11))
def test_the_indian_grouping_reads_the_number(n):
    written = indian(n)
    completions = (f"The answer is {written}.", f"So she pays ₹{written} in total.", f"\\boxed{{{written}}}")
    for completion in completions:
        assert grade(completion, gold=str(n)).correct, (completion, n)
        assert not grade(completion, gold=str(n + 1)).correct, (completion, n)


def test_indian_grouping_examples():
    assert indian(1250000) == "12,50,000" and indian(10**7) == "1,00,00,000"
