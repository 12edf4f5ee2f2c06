"""A calculator tool environment and the word problems it is for.

The problems multiply three-digit numbers (and sometimes add or take away a third), which a small policy
cannot do reliably in its head: calling ``multiply`` is the detour that pays off. In the mixed task
(``easy_fraction``) an easy part of one-digit times tables sits beside them, where the detour buys nothing:
a policy has to learn *when* to call. The tools take numbers,
validate them, and refuse anything else with a message the model can read; nothing the model writes is
ever evaluated as code.

>>> env = CalculatorEnv()
>>> env.reset(answer="30883")
>>> env.multiply(347, 89)
30883
>>> env.calls[0].tool, env.calls[0].ok
('multiply', True)
>>> calculator_problems(1, seed=3)[0]["answer"].isdigit()
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

__all__ = ["CalculatorEnv", "ToolCall", "calculator_problems"]

# |result| above this is refused: a policy probing with huge numbers gets an error, not a 10k-digit string
MAX_MAGNITUDE = 10**15


@dataclass(frozen=True)
class ToolCall:
    """One tool call of an episode: what was asked, what came back, whether it worked."""

    tool: str
    arguments: dict[str, Any]
    result: str
    ok: bool

    def to_dict(self) -> dict[str, Any]:
        return {"tool": self.tool, "arguments": self.arguments, "result": self.result, "ok": self.ok}


def _number(name: str, value: Any) -> int | float:
    # JSON gives ints, floats, or (from a sloppy model) strings such as "347" or "1,200"
    if isinstance(value, bool):
        raise ValueError(f"{name} must be a number, got {value!r}")
    if isinstance(value, (int, float)):
        number: int | float = value
    elif isinstance(value, str):
        text = value.strip().replace(",", "")
        try:
            number = int(text)
        except ValueError:
            try:
                number = float(text)
            except ValueError:
                raise ValueError(f"{name} must be a number, got {value!r}") from None
    else:
        raise ValueError(f"{name} must be a number, got {type(value).__name__}")
    if not math.isfinite(number) or abs(number) > MAX_MAGNITUDE:
        raise ValueError(f"{name} must be a finite number below {MAX_MAGNITUDE:.0e}, got {value!r}")
    return number


def _tidy(value: int | float) -> int | float:
    """72.0 -> 72, so observations read like the answers the grader expects."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return round(value, 10) if isinstance(value, float) else value


class CalculatorEnv:
    """Arithmetic tools for one episode. ``reset`` clears the record of calls."""

    def __init__(self) -> None:
        self.calls: list[ToolCall] = []
        self.row: dict[str, Any] = {}

    def reset(self, **row: Any) -> str | None:
        """Start an episode for one dataset row; no extra observation is added to the prompt."""
        self.calls = []
        self.row = dict(row)
        return None

    def _apply(self, tool: str, arguments: dict[str, Any], op: Any) -> int | float:
        try:
            values = {k: _number(k, v) for k, v in arguments.items()}
            result = _tidy(op(**values))
            if abs(result) > MAX_MAGNITUDE:
                raise ValueError(f"the result is larger than {MAX_MAGNITUDE:.0e}")
        except (ValueError, ZeroDivisionError, OverflowError) as exc:
            self.calls.append(ToolCall(tool, dict(arguments), f"error: {exc}", False))
            raise ValueError(str(exc)) from None
        self.calls.append(ToolCall(tool, dict(arguments), str(result), True))
        return result

    def add(self, a: float, b: float) -> float:
        """Add two numbers.

        Args:
            a: The first number.
            b: The second number.

        Returns:
            The sum a + b.
        """
        return self._apply("add", {"a": a, "b": b}, lambda a, b: a + b)

    def subtract(self, a: float, b: float) -> float:
        """Subtract one number from another.

        Args:
            a: The number to subtract from.
            b: The number to subtract.

        Returns:
            The difference a - b.
        """
        return self._apply("subtract", {"a": a, "b": b}, lambda a, b: a - b)

    def multiply(self, a: float, b: float) -> float:
        """Multiply two numbers.

        Args:
            a: The first factor.
            b: The second factor.

        Returns:
            The product a * b.
        """
        return self._apply("multiply", {"a": a, "b": b}, lambda a, b: a * b)

    def divide(self, a: float, b: float) -> float:
        """Divide one number by another.

        Args:
            a: The dividend.
            b: The divisor (not zero).

        Returns:
            The quotient a / b.
        """
        return self._apply("divide", {"a": a, "b": b}, lambda a, b: a / b)


_ONE_STEP = (
    "A farm packs {a} crates with {b} apples in each crate. How many apples does it pack?",
    "A printer prints {a} pages per hour for {b} hours. How many pages does it print?",
    "A stadium has {a} rows with {b} seats in each row. How many seats does it have?",
    "A shop sells {a} boxes of {b} pencils. How many pencils does it sell?",
)
_TWO_STEP = (
    "A warehouse holds {a} boxes with {b} bolts each, and {c} loose bolts. How many bolts are there in all?",
    "A bakery bakes {a} trays of {b} rolls and sells all but {c} of them. How many rolls does it sell?",
)


def calculator_problems(
    n: int,
    *,
    seed: int = 0,
    digits: int = 3,
    two_step_fraction: float = 0.3,
    easy_fraction: float = 0.0,
    easy_digits: int = 1,
    wordings: int | None = None,
) -> list[dict[str, Any]]:
    """``n`` word problems whose answer needs a multiplication of two ``digits``-digit numbers.

    Rows have ``question``, ``answer`` (the number, as text), ``environment: "calculator"`` and ``part``.
    ``easy_fraction`` of them are the *easy part* (``part: "easy"``): the same one-step problems with
    ``easy_digits``-digit factors, a times table a small policy can learn by heart, so the tool pays only on
    the *hard part* (``part: "hard"``). Deterministic by ``seed``; with ``easy_fraction`` 0 the rows are those
    of earlier versions (plus ``part``). ``wordings``: how many of the one-step wordings to draw from (None:
    all); with 1 every question reads alike, so the numbers sit at the same places and copying them into a
    call is a fixed-offset lookup, which a small model learns long before it learns to find them in prose.

    >>> [r["part"] for r in calculator_problems(6, seed=0, easy_fraction=0.5)]
    ['hard', 'hard', 'hard', 'easy', 'easy', 'hard']
    >>> calculator_problems(1, seed=0, easy_fraction=1.0)[0]["question"]
    'A stadium has 8 rows with 2 seats in each row. How many seats does it have?'
    """
    if n < 0 or digits < 1 or easy_digits < 1:
        raise ValueError("need n >= 0, digits >= 1 and easy_digits >= 1")
    if wordings is not None and not 1 <= wordings <= len(_ONE_STEP):
        raise ValueError(f"wordings must be between 1 and {len(_ONE_STEP)}, got {wordings}")
    one_step = _ONE_STEP[:wordings] if wordings else _ONE_STEP
    rng = random.Random(seed)
    rows = []
    for _ in range(n):
        # the easy draw is made only when asked for, so the hard-only rows of a seed stay as they were
        easy = easy_fraction > 0 and rng.random() < easy_fraction
        width = easy_digits if easy else digits
        low, high = 10 ** (width - 1) + 1, 10**width - 1  # one digit: 2..9, as 1 x b is no problem at all
        a, b = rng.randint(low, high), rng.randint(low, high)
        if not easy and rng.random() < two_step_fraction:
            template = rng.randrange(len(_TWO_STEP))
            c = rng.randint(low, high)
            answer = a * b + c if template == 0 else a * b - c
            question = _TWO_STEP[template].format(a=a, b=b, c=c)
        else:
            answer = a * b
            question = rng.choice(one_step).format(a=a, b=b)
        rows.append(
            {
                "question": question,
                "answer": str(answer),
                "environment": "calculator",
                "part": "easy" if easy else "hard",
            }
        )
    return rows
