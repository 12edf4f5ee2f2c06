"""What a report says, before it is rendered: a list of blocks (headings, paragraphs, bullet lists,
tables, examples, plots) that :mod:`evalkit.report` builds and :mod:`evalkit.render` turns into terminal
tables, Markdown or HTML, so the three formats say the same things.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "MARK_CLOSE",
    "MARK_OPEN",
    "Block",
    "Bullets",
    "Example",
    "Heading",
    "Para",
    "Plot",
    "Report",
    "Table",
]


MARK_OPEN, MARK_CLOSE = "⟦", "⟧"  # the extracted span in Markdown and terminal examples


@dataclass
class Heading:
    text: str
    level: int = 2


@dataclass
class Para:
    text: str  # `code` spans are the only inline markup


@dataclass
class Bullets:
    items: list[str]


@dataclass
class Table:
    headers: list[str]
    rows: list[list[str]]
    right: set[int] = field(default_factory=set)  # right-aligned column indexes


@dataclass
class Example:
    title: str
    facts: list[tuple[str, str]]
    question: str | None
    tail: str
    span: tuple[int, int] | None  # within ``tail``
    cut: bool  # the tail is not the whole completion


@dataclass
class Plot:
    title: str
    png: bytes


Block = Heading | Para | Bullets | Table | Example | Plot


@dataclass
class Report:
    title: str
    blocks: list[Block]
    records: pd.DataFrame
    log: pd.DataFrame
    warnings: list[str]
