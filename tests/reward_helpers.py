"""Importable user-style rewards for the spec tests (``module:callable``)."""

from __future__ import annotations


def says_boxed(completions, **kwargs):
    """A naive, hackable reward: 1.0 whenever a box appears."""
    return [1.0 if "\\boxed" in c else 0.0 for c in completions]


def make_constant(value=0.5):
    """A factory taking parameters."""

    def constant(completions, **kwargs):
        return [value] * len(completions)

    return constant


class Log:
    """Stands in for TRL's ``log_metric`` / ``log_extra`` and keeps what was logged."""

    def __init__(self):
        self.metrics: dict[str, list[float]] = {}
        self.extra: dict[str, list] = {}

    def metric(self, name, value):
        self.metrics.setdefault(name, []).append(value)

    def column(self, name, values):
        self.extra.setdefault(name, []).extend(values)


def prompt_length_reward(prompts, completions, **kwargs):
    """Reads the prompts, as a reward model does: their length, or -1 when none reached it."""
    if prompts is None:
        return [-1.0] * len(completions)
    return [float(len(p)) for p in prompts]
