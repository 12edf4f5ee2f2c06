"""The registry of grading_speed's suites: a suite is a function ``data_dir -> [(group, item), ...]``.

``@suite("name")`` registers one (``latex_gold=True`` when its golds are bare LaTeX, which math-verify reads
as ``$gold$``, its documented way); ``SUITES`` keeps them in registration order, which is the order of the
default run and of its tables.

>>> @suite("tiny_example")
... def tiny_example_rows(data_dir):
...     "Two items, one group."
...     return [("plain", ("The answer is 3.", "3", True)), ("plain", ("The answer is 4.", "3", False))]
>>> SUITES.pop("tiny_example").items(Path("."))
[('The answer is 3.', '3', True), ('The answer is 4.', '3', False)]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

Item = tuple[str, str, "bool | None"]  # (completion, gold, label_or_None)
Row = tuple[str, Item]  # (group, item)


@dataclass(frozen=True)
class Suite:
    name: str
    rows: Callable[[Path], list[Row]]
    doc: str
    latex_gold: bool = False  # golds are bare LaTeX: math-verify reads them as "$gold$" (its documented way)

    def items(self, data_dir: Path) -> list[Item]:
        return [item for _, item in self.rows(data_dir)]


SUITES: dict[str, Suite] = {}


def suite(
    name: str, *, latex_gold: bool = False
) -> Callable[[Callable[[Path], list[Row]]], Callable[[Path], list[Row]]]:
    """Register ``fn(data_dir) -> [(group, (completion, gold, label_or_None)), ...]`` as a suite."""

    def register(fn: Callable[[Path], list[Row]]) -> Callable[[Path], list[Row]]:
        SUITES[name] = Suite(name, fn, (fn.__doc__ or "").strip().splitlines()[0], latex_gold)
        return fn

    return register
