"""grading_speed's generated suites: seeded polynomial identities (``polynomial_identities``) and long prose
with no answer (``long_prose``). Neither reads data."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from math500_suites import boxed
from suite_registry import Row, suite

POLY_SEED = 20240611
POLY_ITEMS = 200  # identities; as many perturbed ones again


def _random_factors(rng: random.Random, two_vars: bool) -> tuple[int, list[Any]]:
    """A constant and 2+ integer factors of total degree 2..6 in x (or x, y)."""
    import sympy

    x, y = sympy.symbols("x y")
    target = rng.randint(2, 6)
    factors: list[Any] = []
    degree = 0
    while degree < target or len(factors) < 2:
        room = target - degree
        nz = [k for k in range(-7, 8) if k]
        if two_vars and rng.random() < 0.6:
            f = rng.choice([1, 1, 2, -1]) * x + rng.choice(nz) * y + rng.randint(-5, 5)
            deg = 1
        elif room >= 2 and rng.random() < 0.35:
            b = rng.randint(-3, 3)
            c = rng.randint(b * b // 4 + 1, b * b // 4 + 9)  # b^2 < 4c: irreducible over the rationals
            f, deg = x**2 + b * x + c, 2
        else:
            f, deg = rng.choice([1, 1, 1, 2, 3, -1]) * x + rng.choice(nz), 1
        factors.append(f)
        degree += deg
        if degree >= 6:
            break
    return rng.choice([1, 1, 1, 2, 3, -1, -2]), factors


@suite("polynomial_identities", latex_gold=True)
def polynomial_identities_rows(data_dir: Path) -> list[Row]:
    """Seeded random polynomials: expanded gold vs factored form (True), one coefficient off (False)."""
    import sympy

    rng = random.Random(POLY_SEED)
    rows: list[Row] = []
    wrong_rows: list[Row] = []
    for i in range(POLY_ITEMS):
        two_vars = i % 4 == 3
        k, factors = _random_factors(rng, two_vars)
        p = sympy.expand(k * sympy.Mul(*factors))
        gold = sympy.latex(p)
        var = "xy" if two_vars else "x"
        if i % 5 == 4:  # the factors as multiplied, uncollected: "3 (x - 2) (x - 2) (x^2 + 1)"
            answer, form = sympy.latex(sympy.Mul(k, *factors, evaluate=False)), "product"
        else:
            answer, form = sympy.latex(sympy.factor(p)), "factor"
        rows.append((f"{var}_{form}", (boxed(answer), gold, True)))
        # perturb: one coefficient of one factor moves by 1..3
        j = rng.randrange(len(factors))
        poly = sympy.Poly(factors[j], *sorted(factors[j].free_symbols, key=str))
        terms = poly.terms()
        t = rng.randrange(len(terms))
        bumped = [
            (m, c + (rng.choice([-3, -2, -1, 1, 2, 3]) if n == t else 0)) for n, (m, c) in enumerate(terms)
        ]
        if bumped[t][1] == 0:
            bumped[t] = (bumped[t][0], terms[t][1] + 4)
        wrong_factor = sympy.Poly.from_dict(dict(bumped), *poly.gens).as_expr()
        wrong_factors = [*factors[:j], wrong_factor, *factors[j + 1 :]]
        q = sympy.expand(k * sympy.Mul(*wrong_factors))
        assert sympy.expand(q - p) != 0
        wrong = (
            sympy.latex(sympy.Mul(k, *wrong_factors, evaluate=False))
            if form == "product"
            else sympy.latex(sympy.factor(q))
        )
        wrong_rows.append((f"{var}_perturbed", (boxed(wrong), gold, False)))
    return rows + wrong_rows


PROSE_CHARS = 32_000
# no digits, no number words, no answer markers: nothing in here is answer-like
_PROSE_SENTENCES = [
    "The river bent slowly around the hill where the old mill used to stand.",
    "Nobody in the village remembered who had planted the row of tall poplars.",
    "We should first understand what the question is really asking for.",
    "Let us consider the shape of the argument before touching any quantities.",
    "A careful reader notices that the conditions are stated in a roundabout way.",
    "The merchant counted his coins twice and still felt that something was missing.",
    "It helps to restate the problem in plain words and look at it again.",
    "Perhaps the trick is to compare the situation before and after the trade.",
    "The wind carried the smell of rain across the empty market square.",
    "Each step of the reasoning should follow from the step before it.",
    "If we are not careful, we might confuse the rate with the total amount.",
    "She wrote the key facts on a slip of paper and pinned it above the desk.",
    "The pattern seems regular, although it is not yet clear why it holds.",
    "Before drawing a conclusion, it is worth checking the assumptions again.",
    "The teacher smiled, because the students had finally asked the right question.",
    "Some of these details are distractions that do not change the outcome.",
    "Looking at the problem from the other side often makes it simpler.",
    "The lamp flickered while the clock on the wall kept its patient rhythm.",
    "We keep track of what is known and what still has to be found.",
    "At this point the picture becomes clearer, though a few gaps remain.",
]


def _prose(seed: int, digits: bool) -> str:
    rng = random.Random(seed)
    parts: list[str] = []
    size = 0
    while size < PROSE_CHARS + 200:
        s = rng.choice(_PROSE_SENTENCES)
        if digits and rng.random() < 0.3:  # a number in passing, never 42
            n = rng.choice([n for n in range(1, 1000) if n != 42])
            s = s[:-1] + rng.choice([f" near mile {n}.", f", about {n} of them.", f" ({n} times)."])
        s += "\n\n" if rng.random() < 0.15 else " "
        parts.append(s)
        size += len(s)
    text = "".join(parts)[: PROSE_CHARS - 1].rstrip()
    return (text + " " * PROSE_CHARS)[: PROSE_CHARS - 1] + "."


@suite("long_prose")
def long_prose_rows(data_dir: Path) -> list[Row]:
    """32,000-character prose with no answer (with and without stray digits) against gold 42."""
    rows: list[Row] = []
    for seed in range(4):
        rows.append(("no_digits", (_prose(seed, digits=False), "42", False)))
    for seed in range(4):
        rows.append(("scattered_digits", (_prose(100 + seed, digits=True), "42", False)))
    for seed in range(2):  # about the same length with a committed answer at the end, for contrast
        text = _prose(200 + seed, digits=True)[: PROSE_CHARS - 20].rsplit(". ", 1)[0]
        rows.append(("answer_at_end", (text + ". The answer is 42.", "42", True)))
    return rows
