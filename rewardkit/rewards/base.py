"""The reward function object every built-in reward is: TRL's calling convention, picklable, self-logging.

TRL calls a reward as ``f(prompts=..., completions=..., completion_ids=..., **columns)`` with keywords only,
where ``columns`` holds every other dataset column (one entry per completion) plus ``trainer_state``,
``log_extra`` and ``log_metric``. It expects one ``float`` (or ``None``: "not applicable") per completion.
:class:`Reward` implements that once; a concrete reward only implements :meth:`Reward.score`, which sees
plain completion texts and returns one :class:`Scored` per completion.

>>> class Length(Reward):
...     def score(self, texts, *, completion_ids=None, columns):
...         return [Scored(float(len(t))) for t in texts]
>>> Length(name="length")(prompts=None, completions=["ab", [{"role": "assistant", "content": "abc"}]])
[2.0, 3.0]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rewardkit.rewards.component_logs import log_components, reward_key

# The completions as the trainer passed them (chat messages with tool calls intact), handed down to
# :meth:`Reward.score` through ``columns`` so that parts of a composite that need structure can read it.
RAW_COMPLETIONS = "__completions__"
# The prompts the trainer passed, likewise (a reward model scores prompt + completion, also in a composite).
RAW_PROMPTS = "__prompts__"
# Keys in ``columns`` that are not dataset columns: TRL's own, and the raw completions and prompts.
TRAINER_KEYS = frozenset(
    {"trainer_state", "log_extra", "log_metric", "environments", RAW_COMPLETIONS, RAW_PROMPTS}
)


@dataclass(frozen=True)
class Scored:
    """One completion's reward and, when a grader was involved, why.

    ``components`` holds the parts of a composite (name -> value) so reports and logs can show them.
    """

    value: float | None
    verdict: str | None = None
    extracted: str | None = None
    components: Mapping[str, float | None] = field(default_factory=dict)


def content_text(content: Any) -> str:
    """The text of one message's ``content``: a string, or content parts (``{"type": "text", "text": ...}``,
    plain strings, nested ``content``) joined by newlines; anything else is empty.

    >>> content_text([{"type": "text", "text": "4"}, "2"])
    '4\\n2'
    """
    if isinstance(content, str):
        return content
    if isinstance(content, Mapping):
        content = [content]
    if not isinstance(content, Sequence):
        return ""
    parts = []
    for part in content:
        if isinstance(part, str):
            parts.append(part)
        elif isinstance(part, Mapping) and isinstance(part.get("text"), str):
            parts.append(part["text"])
        elif isinstance(part, Mapping) and "content" in part:
            parts.append(content_text(part["content"]))
    return "\n".join(parts)


def completion_text(completion: Any) -> str:
    """The text of one completion: a string as is; for conversational completions (a list of messages, as
    TRL passes them) the assistant messages' contents joined by newlines, with content parts flattened.

    >>> completion_text([{"role": "assistant", "content": [{"type": "text", "text": "42"}]}])
    '42'
    """
    if isinstance(completion, str):
        return completion
    if isinstance(completion, Mapping):
        completion = [completion]
    if isinstance(completion, Sequence):
        return "\n".join(
            content_text(message.get("content", ""))
            for message in completion
            if isinstance(message, Mapping) and message.get("role", "assistant") == "assistant"
        )
    return "" if completion is None else str(completion)


def column(columns: Mapping[str, Any], key: str, n: int, *, reward: str) -> list[Any]:
    """A dataset column with one entry per completion, or a clear error naming what is missing."""
    if key not in columns:
        present = sorted(k for k in columns if k not in TRAINER_KEYS)
        raise KeyError(
            f"reward {reward!r} reads the gold from column {key!r}, which is not among the columns passed "
            f"({present}); set gold_key= to the right column"
        )
    values = columns[key]
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        values = [values] * n
    if len(values) != n:
        raise ValueError(f"column {key!r} has {len(values)} entries for {n} completions")
    return list(values)


class Reward:
    """Base of the built-in rewards: a picklable callable with a readable ``__name__``.

    Subclasses implement :meth:`score`. ``name`` becomes ``__name__`` (TRL logs ``rewards/<name>/mean``).
    """

    default_name = "reward"

    def __init__(self, *, name: str | None = None) -> None:
        self.name = name or self.default_name

    @property
    def __name__(self) -> str:  # TRL and loggers read it
        return self.name

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r})"

    def score(
        self,
        texts: list[str],
        *,
        completion_ids: Sequence[Sequence[int]] | None = None,
        columns: Mapping[str, Any],
    ) -> list[Scored]:
        raise NotImplementedError

    def __call__(
        self,
        prompts: Sequence[Any] | None = None,
        completions: Sequence[Any] | None = None,
        completion_ids: Sequence[Sequence[int]] | None = None,
        **columns: Any,
    ) -> list[float | None]:
        scored = self.score_call(prompts, completions, completion_ids, columns)
        log_scored(self.name, scored, columns)
        return [s.value for s in scored]

    def score_call(
        self,
        prompts: Sequence[Any] | None,
        completions: Sequence[Any] | None,
        completion_ids: Sequence[Sequence[int]] | None,
        columns: dict[str, Any],
    ) -> list[Scored]:
        """:meth:`score` for a trainer's call: the texts, with the raw completions and prompts handed down
        in ``columns`` (for parts of a composite that need them); exactly one result per completion."""
        if completions is None:
            raise TypeError(f"reward {self.name!r} needs completions=")
        texts = [completion_text(c) for c in completions]
        columns[RAW_COMPLETIONS] = completions
        columns[RAW_PROMPTS] = prompts
        scored = self.score(texts, completion_ids=completion_ids, columns=columns)
        if len(scored) != len(texts):  # the contract TRL enforces; fail here with our name on it
            raise RuntimeError(f"reward {self.name!r} scored {len(scored)} of {len(texts)} completions")
        return scored


class TextReward(Reward):
    """A reward that scores each completion text on its own: implement :meth:`value`."""

    def value(self, text: str) -> float:
        raise NotImplementedError

    def score(
        self,
        texts: list[str],
        *,
        completion_ids: Sequence[Sequence[int]] | None = None,
        columns: Mapping[str, Any],
    ) -> list[Scored]:
        return [Scored(self.value(t)) for t in texts]


def log_scored(name: str, scored: list[Scored], columns: Mapping[str, Any]) -> None:
    """Report through TRL's ``log_metric`` / ``log_extra`` when the trainer passed them.

    Per batch, in the key scheme of :mod:`rewardkit.rewards.component_logs` (TRL's own): the mean and
    spread of each component (``rewards/<component>/mean``), the share of samples with no score
    (``rewards/<name>/none_frac``). Per sample: the verdict and the extracted answer, as columns of TRL's
    completions table.
    """
    log_metric: Callable[[str, float], None] | None = columns.get("log_metric")
    log_extra: Callable[[str, list[Any]], None] | None = columns.get("log_extra")
    if log_metric is not None and scored:
        none = sum(s.value is None for s in scored)
        if none:
            log_metric(reward_key(name, "none_frac"), none / len(scored))
        # TRL logs rewards/<name>/mean of the reward it calls; a part of the same name must not overwrite it
        log_components(log_metric, (s.components for s in scored), skip=[name])
    if log_extra is not None and scored:
        if any(s.verdict is not None for s in scored):
            log_extra(f"{name}/verdict", [s.verdict for s in scored])
            log_extra(f"{name}/extracted", [s.extracted for s in scored])
        for component in sorted({k for s in scored for k in s.components}):
            log_extra(f"{name}/{component}", [s.components.get(component) for s in scored])
