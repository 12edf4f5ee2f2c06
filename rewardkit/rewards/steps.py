"""One step of an agent trajectory (:class:`Step`): what the trajectory parsers build and the step scorers
read.

>>> Step("tool_call", "", "mul", {"a": 6, "b": 7}).kind
'tool_call'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = ["KINDS", "Step", "StepKind", "invalid_call"]

StepKind = Literal["thought", "tool_call", "observation", "final_answer"]
KINDS: tuple[str, ...] = ("thought", "tool_call", "observation", "final_answer")


@dataclass(frozen=True)
class Step:
    """One step of a trajectory.

    ``tool``/``arguments`` are set on tool calls; ``arguments`` is the call's JSON object, or ``None`` when
    the call's arguments could not be read as one (an invalid call). ``ok`` is an explicit success flag an
    environment may set on an observation (or its call); ``None`` means "unknown, judge the text".
    """

    kind: StepKind
    content: str
    tool: str | None = None
    arguments: Mapping[str, Any] | None = field(default=None, hash=False)  # dicts are not hashable
    ok: bool | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"step kind must be one of {KINDS}, got {self.kind!r}")


def invalid_call(content: str, tool: str | None = None) -> Step:
    """A tool call whose arguments could not be read: what every parser makes of text it cannot read."""
    return Step("tool_call", content, tool=tool, arguments=None)
