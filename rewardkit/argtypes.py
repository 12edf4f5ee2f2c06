"""Argument types for the command lines (``rewardkit`` and the subcommands evalkit and runners add).

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

__all__ = ["int_at_least", "number_at_least"]


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
