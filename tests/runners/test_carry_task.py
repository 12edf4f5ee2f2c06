"""The demo's task: demonstrations that forget the carry, held-out pairs never trained on, splits."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rewardkit import grade
from rewardkit.errors import ConfigError
from runners.carry_task import (
    FLAWED,
    SOUND,
    carry_problems,
    demonstration,
    demonstrations,
    forgotten_carry,
    needs_carry,
)


@given(st.integers(100, 989), st.integers(1, 9))
def test_the_forgotten_carry_differs_from_the_sum_exactly_when_a_carry_is_needed(a, b):
    wrong = forgotten_carry(a, b)
    assert (wrong != a + b) == needs_carry(a, b)
    assert wrong % 10 == (a + b) % 10  # the units digit is right: only the carry is lost
    assert a + b - wrong == (10 if needs_carry(a, b) else 0)  # exactly the lost ten


@pytest.mark.parametrize(
    ("a", "b", "carry", "wrong"),
    [
        (347, 8, True, 345),
        (342, 5, False, 347),
        (395, 8, True, 393),
        (980, 9, False, 989),
        (989, 1, True, 980),
    ],
)
def test_forgotten_carry_table(a, b, carry, wrong):
    assert needs_carry(a, b) is carry and forgotten_carry(a, b) == wrong


def test_problems_have_true_golds_that_rewardkit_reads_and_a_split():
    problems = carry_problems(200, seed=1)
    assert len({(p["a"], p["b"]) for p in problems}) == 200  # distinct by default
    assert 70 <= sum(p["subject"] == FLAWED for p in problems) <= 130  # about half need a carry
    assert {p["b"] for p in problems} == {1, 2, 3}
    assert {p["b"] for p in carry_problems(300, seed=1, max_addend=9)} == set(range(1, 10))
    for p in problems:
        total = p["a"] + p["b"]
        assert 100 <= total <= 999 and p["subject"] == (FLAWED if needs_carry(p["a"], p["b"]) else SOUND)
        assert grade(str(total), gold=p["answer"]).correct
        assert grade(demonstration(p, flawed=False), gold=p["answer"]).correct
        flawed = demonstration(p, flawed=True)
        assert grade(flawed, gold=p["answer"]).correct is (p["subject"] == SOUND)
    assert carry_problems(50, seed=1) == problems[:50]  # deterministic by seed


def test_held_out_pairs_are_never_drawn_for_training():
    held = carry_problems(300, seed=9)
    unseen = frozenset((p["a"], p["b"]) for p in held)
    train = carry_problems(5000, seed=2, exclude=unseen, distinct=False)
    assert not unseen & {(p["a"], p["b"]) for p in train}
    assert len({(p["a"], p["b"]) for p in train}) < 5000  # pairs repeat when not distinct


def test_demonstrations_forget_the_carry_at_the_flaw_rate_and_only_there():
    problems = carry_problems(4000, seed=3, distinct=False)
    shown = demonstrations(problems, flaw_rate=0.7, seed=0)
    carry = [d for d in shown if d["subject"] == FLAWED]
    assert all(not d["flawed"] for d in shown if d["subject"] == SOUND)
    assert 0.65 < sum(d["flawed"] for d in carry) / len(carry) < 0.75
    for d in shown:
        assert grade(d["answer"], gold=str(d["a"] + d["b"])).correct is not d["flawed"]
    assert all(not d["flawed"] for d in demonstrations(problems, flaw_rate=0.0))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: carry_problems(-1), "at least 0"),
        (lambda: carry_problems(9000), "only 2670 distinct problems are left"),
        (lambda: carry_problems(10, max_addend=0), "a digit from 1 to 9"),
        (lambda: demonstrations(carry_problems(2), flaw_rate=1.5), "between 0 and 1"),
    ],
)
def test_bad_sizes_are_named(call, message):
    with pytest.raises(ConfigError, match=message):
        call()
