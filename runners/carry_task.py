"""The demo's task: addition word problems whose demonstrations forget the carry.

The seed's claim, made measurable: SFT maximises P(y|x), so it reproduces its demonstrations, mistakes
included; RL with a verifiable reward only needs to know whether an answer is right, so it can go past them.
The demonstrations here add a three-digit count and a one-digit count the way a hurried writer does: on most
problems whose units overflow they *forget the carry* (``347+8=345``), everywhere else they are right. SFT
learns that flaw faithfully; GRPO with rewardkit's accuracy reward, on the same prompts with true golds,
finds the right sums among its samples and makes them its answers. Held-out problems are split by the
flawed part (``needs a carry``) and the sound part (``no carry``) — their ``subject`` — so every per-group
table of ``rewardkit report`` shows what each stage did to each part.

>>> p = carry_problems(1, seed=3)[0]
>>> print(p["question"])
Cleo counts cards: 343, then gets 9 more. How many now?
>>> print(p["answer"])
343+9=<<343+9=352>>352
#### 352
>>> p["subject"]
'needs a carry'
>>> print(demonstration(p, flawed=True))
343+9=342
#### 342
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
) -> list[dict[str, Any]]:
    """``n`` problems ``a + b`` (``a`` in 100..989, ``b`` in 1..9; ``a + b`` stays three digits) with true
    GSM8K-style golds, deterministic by ``seed``. Pairs in ``exclude`` are never drawn (a held-out set's);
    ``distinct=False`` lets a pair come back (in other words: another name, another item), as a large
    training set must: there are only 8,010 pairs."""
    if n < 0:
        raise ConfigError(f"the number of problems must be at least 0, got {n}")
    left = _PAIRS - len(exclude)
    if (n > left and distinct) or left <= 0 < n:
        raise ConfigError(f"only {left} distinct problems are left, {n} asked for")
    rng = random.Random(seed)
    problems: list[dict[str, Any]] = []
    seen = set(exclude)
    while len(problems) < n:
        a, b = rng.randint(100, 989), rng.randint(1, 9)
        if (a, b) in exclude or (distinct and (a, b) in seen):
            continue
        seen.add((a, b))
        problems.append(_problem(len(problems), a, b, rng))
    return problems


_PAIRS = (989 - 100 + 1) * 9


def demonstration(problem: dict[str, Any], *, flawed: bool) -> str:
    """What a demonstration answers to ``problem``: the true sum, or (``flawed``) the carry forgotten, as
    the sum written out and the ``#### c`` marker (``347+8=345\n#### 345``): short, so a tiny model learns it
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
