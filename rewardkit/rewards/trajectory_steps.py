"""An agent trajectory: :class:`Trajectory`, a sequence of :class:`~rewardkit.rewards.steps.Step` read from
text, chat messages or records, as the step scorers see it (the formats read:
:mod:`rewardkit.rewards.trajectory_parsers`).

>>> t = Trajectory((Step("tool_call", "", "mul", {"a": 6, "b": 7}), Step("observation", "42")))
>>> t.call_for(1), t.final_index
(0, None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from rewardkit.rewards import trajectory_parsers
from rewardkit.rewards.steps import KINDS, Step, StepKind, invalid_call

__all__ = ["KINDS", "Step", "StepKind", "Trajectory"]


@dataclass(frozen=True)
class Trajectory:
    """A sequence of steps; see the module docstring for the formats the parsers accept."""

    steps: tuple[Step, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", tuple(self.steps))

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def final_index(self) -> int | None:
        """Index of the final answer: the last ``final_answer`` step, or ``None`` when there is none."""
        for i in range(len(self.steps) - 1, -1, -1):
            if self.steps[i].kind == "final_answer":
                return i
        return None

    @property
    def final(self) -> Step | None:
        i = self.final_index
        return None if i is None else self.steps[i]

    @cached_property
    def _answers(self) -> tuple[int | None, ...]:
        # Calls and observations pair first-in first-out, which is how parallel tool calls come back.
        pending: list[int] = []
        out: list[int | None] = []
        for i, step in enumerate(self.steps):
            if step.kind == "tool_call":
                pending.append(i)
            out.append(pending.pop(0) if step.kind == "observation" and pending else None)
        return tuple(out)

    def call_for(self, index: int) -> int | None:
        """The index of the tool call that observation ``index`` answers; ``None`` for an orphan."""
        return self._answers[index] if 0 <= index < len(self.steps) else None

    def to_records(self) -> list[dict[str, Any]]:
        """The steps as JSON-ready dicts (what :meth:`coerce` reads back)."""
        return [
            {"kind": s.kind, "content": s.content, "tool": s.tool, "arguments": s.arguments, "ok": s.ok}
            for s in self.steps
        ]

    @classmethod
    def from_text(cls, text: str) -> Trajectory:
        """Parse ReAct-style text (see the module docstring). Never raises."""
        try:
            text = text if isinstance(text, str) else str(text)
            return cls(tuple(trajectory_parsers.text_steps(text, in_message=False)))
        except Exception as exc:  # a parser bug must cost one sample, not the run
            return cls((invalid_call(f"unparseable trajectory: {type(exc).__name__}"),))

    @classmethod
    def from_messages(cls, messages: Any) -> Trajectory:
        """Parse chat messages (see the module docstring). Never raises."""
        try:
            return cls(tuple(trajectory_parsers.message_steps(messages)))
        except Exception as exc:
            return cls((invalid_call(f"unparseable trajectory: {type(exc).__name__}"),))

    @classmethod
    def coerce(cls, value: Any) -> Trajectory:
        """A trajectory from whatever a completion or a dataset column holds. Never raises.

        A :class:`Trajectory`; a string (ReAct text); a list of messages (any dict with ``role``); a list
        of :class:`Step` s or step records (``{"kind", "content", "tool", "arguments", "ok"}``, as
        :meth:`to_records` writes them); a dict with ``steps``; ``None`` (empty). Anything else is one
        invalid step.
        """
        try:
            if isinstance(value, Trajectory):
                return value
            if value is None:
                return cls(())
            if isinstance(value, str):
                return cls.from_text(value)
            if isinstance(value, Mapping):
                if "steps" in value:
                    return cls.coerce(value["steps"])
                value = [value]
            if isinstance(value, Sequence):
                items = list(value)
                if any(isinstance(m, Mapping) and "role" in m for m in items):
                    return cls.from_messages(items)
                return cls(tuple(trajectory_parsers.record_step(item) for item in items))
            return cls((invalid_call(trajectory_parsers.short(value)),))
        except Exception as exc:
            return cls((invalid_call(f"unparseable trajectory: {type(exc).__name__}"),))
