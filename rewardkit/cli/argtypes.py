"""Argument types for the command line (the core's subcommands and those evalkit and runners add).

Each turns the text of one option into a value or raises :class:`argparse.ArgumentTypeError` with a message
that says what was expected, which argparse prints after the option's name.

>>> int_at_least(1)("3")
3
>>> int_at_least(0)("-1")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be 0 or more, got -1
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

__all__ = ["int_at_least", "int_list", "number_at_least", "probability"]


def int_at_least(minimum: int) -> Callable[[str], int]:
    """A whole number no smaller than ``minimum``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < minimum:
            bound = "0 or more" if minimum == 0 else f"at least {minimum}"
            raise argparse.ArgumentTypeError(f"must be {bound}, got {value}")
        return value

    parse.__name__ = f"int_at_least_{minimum}"
    return parse


def number_at_least(
    minimum: float, *, inclusive: bool = True, what: str = "a number"
) -> Callable[[str], float]:
    """A number ``>= minimum`` (``> minimum`` when not ``inclusive``); NaN is refused."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None
        if not (value >= minimum if inclusive else value > minimum):
            if inclusive:
                bound = "0 or more" if minimum == 0 else f"at least {minimum:g}"
            else:
                bound = "positive" if minimum == 0 else f"above {minimum:g}"
            raise argparse.ArgumentTypeError(f"must be {bound}, got {text}")
        return value

    parse.__name__ = "number"
    return parse


def probability(text: str) -> float:
    """A probability mass in (0, 1], such as nucleus sampling's ``top_p``.

    >>> probability("0.9")
    0.9
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(f"must be in (0, 1], got {text}")
    return value


def int_list(text: str) -> list[int]:
    """A comma-separated list of whole numbers of 1 or more, sorted and without repeats (the k of pass@k).

    >>> int_list("8, 1,4,1")
    [1, 4, 8]
    """
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not parts:
        raise argparse.ArgumentTypeError("expected a comma-separated list of whole numbers, e.g. 1,4,8")
    at_least_one = int_at_least(1)
    return sorted({at_least_one(p) for p in parts})
