"""The demo's task: addition word problems whose demonstrations forget the carry.

The seed's claim, made measurable: SFT maximises P(y|x), so it reproduces its demonstrations, mistakes
included; RL with a verifiable reward only needs to know whether an answer is right, so it can go past them.
The demonstrations here add a three-digit count and a one-digit count the way a hurried writer does: on most
problems whose units overflow they *forget the carry* (``348+3=341``), everywhere else they are right. SFT
learns that flaw faithfully; GRPO with rewardkit's accuracy reward, on the same prompts with true golds,
finds the right sums among its samples and makes them its answers. Held-out problems are split by the
flawed part (``needs a carry``) and the sound part (``no carry``) — their ``subject`` — so every per-group
table of ``rewardkit report`` shows what each stage did to each part.

>>> p = carry_problems(2, seed=3)[1]
>>> print(p["question"])
Ivan has coins: 438, gets 3 more. Total?
>>> print(p["answer"])
438+3=<<438+3=441>>441
#### 441
>>> p["subject"]
'needs a carry'
>>> print(demonstration(p, flawed=True))
438+3=431
#### 431
"""

from __future__ import annotations

import random
from typing import Any

from rewardkit.errors import ConfigError

__all__ = [
    "FLAWED",
    "SOUND",
    "carry_problems",
    "demonstration",
    "demonstrations",
    "forgotten_carry",
    "needs_carry",
]


FLAWED = "needs a carry"  # the part of the task the demonstrations get wrong (mostly)


SOUND = "no carry"  # the part they always get right


_NAMES = ["Ava", "Ben", "Cleo", "Dan", "Eli", "Fay", "Gus", "Hana", "Ivan", "Jo", "Kai", "Lena"]


_ITEMS = ["apples", "marbles", "stickers", "coins", "pencils", "cards", "shells", "books"]


_VERBS = ["gets"]


MAX_ADDEND = 3  # b in 1..3: see carry_problems


def needs_carry(a: int, b: int) -> bool:
    """Whether ``a + b`` (``b`` one digit) overflows the units digit."""
    return a % 10 + b >= 10


def forgotten_carry(a: int, b: int) -> int:
    """``a + b`` written by someone who forgets the carry: the units digit wraps, the rest of ``a`` stays.

    >>> forgotten_carry(347, 8), forgotten_carry(342, 5)
    (345, 347)
    """
    return a - a % 10 + (a % 10 + b) % 10


def _problem(index: int, a: int, b: int, rng: random.Random) -> dict[str, Any]:
    name, item, verb = rng.choice(_NAMES), rng.choice(_ITEMS), rng.choice(_VERBS)
    total = a + b
    return {
        "id": index,
        "question": f"{name} has {item}: {a}, {verb} {b} more. Total?",
        "answer": f"{a}+{b}=<<{a}+{b}={total}>>{total}\n#### {total}",
        "subject": FLAWED if needs_carry(a, b) else SOUND,
        "a": a,
        "b": b,
    }


def carry_problems(
    n: int,
    *,
    seed: int = 0,
    exclude: frozenset[tuple[int, int]] = frozenset(),
    distinct: bool = True,
    max_addend: int = MAX_ADDEND,
) -> list[dict[str, Any]]:
    """``n`` problems ``a + b`` (``a`` in 100..989, ``b`` in 1..``max_addend``) with true GSM8K-style golds,
    half of them needing a carry, deterministic by ``seed``. Pairs in ``exclude`` are never drawn (a held-out
    set's); ``distinct=False`` lets a pair come back (in other words: another name, another item), as a
    large training set must.

    ``max_addend`` is 3 by default: the units-digit table a tiny model must learn from scratch (``a``'s last
    digit plus ``b``) then has 30 entries, which it learns within the demo's budget on every seed tried; with
    all 90 (``max_addend=9``) learning it was a coin flip at that budget, and the flaw was never in question.
    """
    if n < 0:
        raise ConfigError(f"the number of problems must be at least 0, got {n}")
    if not 1 <= max_addend <= 9:
        raise ConfigError(f"max_addend must be a digit from 1 to 9, got {max_addend}")
    left = (989 - 100 + 1) * max_addend - len(exclude)
    if (n > left and distinct) or left <= 0 < n:
        raise ConfigError(f"only {left} distinct problems are left, {n} asked for")
    rng = random.Random(seed)
    problems: list[dict[str, Any]] = []
    seen = set(exclude)
    while len(problems) < n:
        b = rng.randint(1, max_addend)
        # half carry, half not: the units digit is drawn from the range that makes each
        units = rng.randint(10 - b, 9) if rng.random() < 0.5 else rng.randint(0, 9 - b)
        a = rng.randint(10, 98) * 10 + units
        if (a, b) in exclude or (distinct and (a, b) in seen):
            continue
        seen.add((a, b))
        problems.append(_problem(len(problems), a, b, rng))
    return problems


def demonstration(problem: dict[str, Any], *, flawed: bool) -> str:
    """What a demonstration answers to ``problem``: the true sum, or (``flawed``) the carry forgotten, as
    the sum written out and the ``#### c`` marker (``348+3=341\n#### 341``): short, so a tiny model learns it
    in a minute, and an ``a+b=c`` the report's reasoning analysis can check."""
    a, b = problem["a"], problem["b"]
    total = forgotten_carry(a, b) if flawed else a + b
    return f"{a}+{b}={total}\n#### {total}"


def demonstrations(
    problems: list[dict[str, Any]], *, flaw_rate: float, seed: int = 0
) -> list[dict[str, Any]]:
    """SFT demonstrations of ``problems``: each carry problem answered with the carry forgotten with
    probability ``flaw_rate`` (the rest, and every no-carry problem, answered right); ``answer`` is the
    demonstration, ``flawed`` says which ones are wrong."""
    if not 0.0 <= flaw_rate <= 1.0:
        raise ConfigError(f"flaw_rate must be between 0 and 1, got {flaw_rate}")
    rng = random.Random(seed)
    shown = []
    for p in problems:
        flawed = needs_carry(p["a"], p["b"]) and rng.random() < flaw_rate
        shown.append({**p, "answer": demonstration(p, flawed=flawed), "flawed": flawed})
    return shown
