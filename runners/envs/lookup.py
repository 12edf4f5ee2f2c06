"""A lookup tool over a small in-memory table of fictional towns, with the calculator's arithmetic.

The towns are made up, so their figures cannot be known without calling ``lookup``; the questions need two
lookups and a calculation (a sum, a difference, or a per-person figure), so an episode is several steps:
lookup → lookup → arithmetic → answer.

>>> env = LookupEnv()
>>> env.reset(answer="0")
>>> env.lookup("Veloria", "population")
'48213'
>>> env.lookup("Atlantis", "population")
Traceback (most recent call last):
...
ValueError: no town named 'Atlantis'; known towns: Ashcombe, Brackenford, Dunmere, Eastholt, Fallowmere, ...
"""

from __future__ import annotations

import random
from typing import Any

from runners.envs.calculator import CalculatorEnv, ToolCall

__all__ = ["TOWNS", "LookupEnv", "lookup_problems"]

# fictional towns: population, area in km², number of schools, year founded
TOWNS: dict[str, dict[str, int]] = {
    "Ashcombe": {"population": 12874, "area": 31, "schools": 9, "founded": 1642},
    "Brackenford": {"population": 30561, "area": 58, "schools": 21, "founded": 1588},
    "Dunmere": {"population": 8127, "area": 17, "schools": 5, "founded": 1710},
    "Eastholt": {"population": 21409, "area": 44, "schools": 14, "founded": 1603},
    "Fallowmere": {"population": 5283, "area": 12, "schools": 4, "founded": 1755},
    "Glenwick": {"population": 17650, "area": 35, "schools": 11, "founded": 1671},
    "Harrowgate": {"population": 26318, "area": 49, "schools": 18, "founded": 1625},
    "Kestrelby": {"population": 9942, "area": 22, "schools": 7, "founded": 1694},
    "Marsh Hollow": {"population": 3716, "area": 9, "schools": 3, "founded": 1782},
    "Northwold": {"population": 14205, "area": 40, "schools": 10, "founded": 1650},
    "Ravensmoor": {"population": 11093, "area": 27, "schools": 8, "founded": 1688},
    "Veloria": {"population": 48213, "area": 73, "schools": 32, "founded": 1561},
}
ATTRIBUTES = ("population", "area", "schools", "founded")


class LookupEnv(CalculatorEnv):
    """``lookup(town, attribute)`` plus ``add``/``subtract``/``multiply``/``divide``."""

    def lookup(self, town: str, attribute: str) -> str:
        """Look up one figure about a town.

        Args:
            town: The town's name, e.g. "Veloria".
            attribute: One of "population", "area" (km²), "schools", "founded" (year).

        Returns:
            The figure, as text.
        """
        arguments = {"town": town, "attribute": attribute}
        row = TOWNS.get(str(town).strip()) if isinstance(town, str) else None
        if row is None:
            known = ", ".join(sorted(TOWNS)[:5]) + ", ..."
            message = f"no town named {town!r}; known towns: {known}"
        elif attribute not in row:
            message = f"no attribute {attribute!r}; use one of {', '.join(ATTRIBUTES)}"
        else:
            result = str(row[attribute])
            self.calls.append(ToolCall("lookup", arguments, result, True))
            return result
        self.calls.append(ToolCall("lookup", arguments, f"error: {message}", False))
        raise ValueError(message)


_QUESTIONS = (
    ("How many people live in {x} and {y} together?", "population", lambda p, q: p + q),
    ("How many more people live in {x} than in {y}?", "population", lambda p, q: p - q),
    ("How many schools do {x} and {y} have in total?", "schools", lambda p, q: p + q),
    (
        "How many years older is {x} than {y}? (Use the years they were founded.)",
        "founded",
        lambda p, q: q - p,
    ),
    ("What is the combined area of {x} and {y}, in km²?", "area", lambda p, q: p + q),
)


def lookup_problems(n: int, *, seed: int = 0) -> list[dict[str, Any]]:
    """``n`` questions that need two lookups and one calculation; rows like :func:`calculator_problems`'s
    (``environment: "lookup"``). The first town is the one with the larger figure, so answers are positive."""
    if n < 0:
        raise ValueError("need n >= 0")
    rng = random.Random(seed)
    names = sorted(TOWNS)
    rows = []
    for _ in range(n):
        template, attribute, combine = rng.choice(_QUESTIONS)
        a, b = rng.sample(names, 2)
        # order so the answer is positive: larger figure first, except for "older" (earlier founding first)
        if attribute == "founded":
            x, y = sorted((a, b), key=lambda t: TOWNS[t]["founded"])
        else:
            x, y = sorted((a, b), key=lambda t: -TOWNS[t][attribute])
        answer = combine(TOWNS[x][attribute], TOWNS[y][attribute])
        rows.append({"question": template.format(x=x, y=y), "answer": str(answer), "environment": "lookup"})
    return rows
