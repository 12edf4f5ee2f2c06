"""Agentic trajectory reward: per-step rewards from pluggable scorers plus the graded final answer, Σ γᵗ rₜ.

The pieces live by job: the data (:mod:`~rewardkit.rewards.trajectory_steps`), reading it from chat
messages and ReAct text (:mod:`~rewardkit.rewards.trajectory_parsers`, whose docstring lists the formats),
the step scorers (:mod:`~rewardkit.rewards.step_scorers`); this module adds them up into the reward.

>>> t = Trajectory.from_text('Thought: big product.\\nAction: multiply[{"a": 123, "b": 4}]\\n'
...                          'Observation: 492\\nFinal Answer: 492')
>>> TrajectoryReward().evaluate(t, gold="492").value
1.0
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from rewardkit.errors import ConfigError
from rewardkit.grade import DEFAULT_TIMEOUT_S
from rewardkit.rewards.accuracy import gold_for
from rewardkit.rewards.base import RAW_COMPLETIONS, TRAINER_KEYS, Reward, Scored, column
from rewardkit.rewards.step_scorers import FinalAnswer, Progress, StepScorer, ToolSucceeded, ValidToolCall
from rewardkit.rewards.trajectory_steps import Trajectory
from rewardkit.types import GradeResult, Policy

__all__ = ["TrajectoryReward", "TrajectoryScore"]


@dataclass(frozen=True)
class TrajectoryScore:
    """One trajectory's reward with its parts.

    ``step_rewards``: ``r_t`` per step, undiscounted, the final answer's reward included on its step (what a
    trajectory record shows). ``components``: discounted sums per scorer, ``final``, and the adjustments
    ``cap`` / ``overflow`` / ``clip`` — they add up to ``value``. ``dropped``: steps cut by ``max_steps``.
    """

    value: float | None
    trajectory: Trajectory
    step_rewards: tuple[float, ...] = ()
    components: Mapping[str, float | None] = field(default_factory=dict)
    grade: GradeResult | None = None
    dropped: int = 0
    error: str | None = None

    def scored(self) -> Scored:
        verdict = "ERROR" if self.error is not None else self.grade.verdict.value if self.grade else None
        return Scored(
            self.value, verdict, self.grade.extracted if self.grade else None, dict(self.components)
        )


_RESERVED = frozenset({"final", "cap", "overflow", "clip"})


class TrajectoryReward(Reward):
    """Reward of a multi-step agent trajectory: ``Σ_t γᵗ r_t`` over its steps (``t`` from 0).

    ``r_t`` is the sum of the step scorers' rewards on step ``t``, plus, on the final-answer step, the
    final answer's reward (``final_reward`` when :func:`rewardkit.grade` says CORRECT, else 0). A gold that
    cannot be read (GOLD_INVALID), or a grader timeout/error, makes the whole reward ``None``, never a score.

    Parameters (keyword-only):

    * ``scorers``: step scorers (see :class:`~rewardkit.rewards.step_scorers.StepScorer`), a list or a
      mapping name → scorer; default ``[ValidToolCall(), ToolSucceeded(), Progress()]`` (+0.1 valid call /
      −0.1 invalid, +0.1 call succeeded, +0.2 per new gold fact).
    * ``final_reward`` (0.6): reward of a correct final answer. ``policy`` ("flexible"), ``timeout_s``: the
      grader's. ``gold_key`` ("answer"): the column holding the gold.
    * ``gamma`` (1.0): discount, in [0, 1].
    * ``step_cap`` ("auto"): per-episode cap on the positive part of the (discounted) step rewards, so
      tool-call spam cannot buy reward. "auto" is what one clean round trip earns — the sum of the scorers'
      ``reward`` attributes, 0.1 + 0.1 + 0.2 = 0.4 with the defaults — and never more than ``final_reward``
      (when that is positive; a scorer without a numeric ``reward`` makes it ``final_reward``). So step
      rewards alone stay below a correct answer (0.4 < 0.6), and padding a correct episode with extra calls
      earns nothing over the short one. A number sets the cap, ``None`` disables it. Penalties are never
      capped: a negative step reward always counts.
    * ``max_steps`` (None): step budget. ``overflow="cut"`` (default) drops the steps past it before scoring —
      a final answer past the budget is not seen (the verdict is TRUNCATED); ``"penalize"`` keeps them, but
      each earns ``overflow_penalty`` (−0.1) instead of its step-scorer rewards (the final answer is still
      graded).
    * ``clip`` (None): ``(low, high)`` bounds for the total.
    * ``trajectory_key`` (None): a column holding structured trajectories (anything
      :meth:`Trajectory.coerce` reads) to score instead of the completions.

    Completions are read with :meth:`Trajectory.coerce`: chat messages keep their tool calls (this class
    overrides ``Reward.__call__``, which would flatten them to text), strings are ReAct text.

    >>> reward = TrajectoryReward()
    >>> episode = [
    ...     {"role": "assistant", "content": "", "tool_calls": [
    ...         {"type": "function", "function": {"name": "multiply", "arguments": '{"a": 123, "b": 4}'}}]},
    ...     {"role": "tool", "name": "multiply", "content": "492"},
    ...     {"role": "assistant", "content": "The answer is 492."},
    ... ]
    >>> reward(prompts=None, completions=[episode], answer=["492"])
    [1.0]
    >>> reward.evaluate(Trajectory.coerce(episode), gold="492").step_rewards
    (0.1, 0.3, 0.6)
    """

    default_name = "trajectory"

    def __init__(
        self,
        *,
        scorers: Sequence[StepScorer] | Mapping[str, StepScorer] | None = None,
        final_reward: float = 0.6,
        gamma: float = 1.0,
        step_cap: float | Literal["auto"] | None = "auto",
        max_steps: int | None = None,
        overflow: Literal["cut", "penalize"] = "cut",
        overflow_penalty: float = -0.1,
        clip: tuple[float, float] | None = None,
        gold_key: str = "answer",
        trajectory_key: str | None = None,
        policy: Policy = "flexible",
        timeout_s: float = DEFAULT_TIMEOUT_S,
        name: str | None = None,
    ) -> None:
        super().__init__(name=name)
        if not 0.0 <= gamma <= 1.0:
            raise ConfigError(f"trajectory gamma must be in [0, 1], got {gamma}")
        if max_steps is not None and (
            isinstance(max_steps, bool) or int(max_steps) != max_steps or max_steps < 1
        ):
            raise ConfigError(f"trajectory max_steps must be a positive integer or None, got {max_steps!r}")
        if overflow not in ("cut", "penalize"):
            raise ConfigError(f"trajectory overflow must be 'cut' or 'penalize', got {overflow!r}")
        if clip is not None and (len(clip) != 2 or clip[0] > clip[1]):
            raise ConfigError(f"trajectory clip must be (low, high) with low <= high, got {clip!r}")
        if scorers is None:
            scorers = [ValidToolCall(), ToolSucceeded(), Progress()]
        named = (
            list(scorers.items()) if isinstance(scorers, Mapping) else [(_scorer_name(s), s) for s in scorers]
        )
        names = [n for n, _ in named]
        clashes = sorted({n for n in names if names.count(n) > 1} | (set(names) & _RESERVED))
        if clashes:
            raise ConfigError(
                f"trajectory scorer names must be unique and not {sorted(_RESERVED)}: {clashes}"
            )
        self.scorers: list[tuple[str, StepScorer]] = named
        self.final = FinalAnswer(reward=final_reward, policy=policy, timeout_s=timeout_s)
        self.gamma = float(gamma)
        if step_cap == "auto":
            self.step_cap: float | None = _auto_cap([s for _, s in named], float(final_reward))
        else:
            self.step_cap = None if step_cap is None else float(step_cap)
        self.max_steps = None if max_steps is None else int(max_steps)
        self.overflow = overflow
        self.overflow_penalty = float(overflow_penalty)
        self.clip = None if clip is None else (float(clip[0]), float(clip[1]))
        self.gold_key = gold_key
        self.trajectory_key = trajectory_key

    def evaluate(
        self, trajectory: Trajectory, *, gold: Any, row: Mapping[str, Any] | None = None
    ) -> TrajectoryScore:
        """Score one trajectory against ``gold``; ``row`` is the sample's other columns (for scorers)."""
        dropped = 0
        if self.max_steps is not None and self.overflow == "cut" and len(trajectory) > self.max_steps:
            dropped = len(trajectory) - self.max_steps
            trajectory = Trajectory(trajectory.steps[: self.max_steps])
        context = {**(row or {}), "gold": gold_for(gold)}
        # A run that hit its step budget before answering has committed to nothing: TRUNCATED, not NO_ANSWER.
        finished = False if dropped and trajectory.final is None else None
        result = self.final.judge(trajectory, context, finished=finished)
        final_value = self.final.value(result)
        keys = [n for n, _ in self.scorers] + ["final"]
        if self.step_cap is not None:
            keys.append("cap")
        if self.max_steps is not None and self.overflow == "penalize":
            keys.append("overflow")
        if self.clip is not None:
            keys.append("clip")
        if final_value is None:
            return TrajectoryScore(
                None, trajectory, components=dict.fromkeys(keys), grade=result, dropped=dropped
            )

        parts = dict.fromkeys(keys, 0.0)
        rewards = [0.0] * len(trajectory)
        positive = 0.0
        try:
            for t, step in enumerate(trajectory.steps):
                weight = self.gamma**t
                if self.max_steps is not None and t >= self.max_steps:  # only reached with "penalize"
                    rewards[t] += self.overflow_penalty
                    parts["overflow"] += weight * self.overflow_penalty
                    continue
                for name, scorer in self.scorers:
                    r = float(scorer(step, t, trajectory, context))
                    if not math.isfinite(r):
                        raise ValueError(f"scorer {name!r} returned {r} on step {t}")
                    rewards[t] += r
                    parts[name] += weight * r
                    positive += max(weight * r, 0.0)
        except Exception as exc:  # a scorer bug costs this sample (counted as None), not the run
            return TrajectoryScore(
                None,
                trajectory,
                components=dict.fromkeys(keys),
                grade=result,
                dropped=dropped,
                error=f"{type(exc).__name__}: {exc}",
            )
        index = trajectory.final_index
        at = index if index is not None else len(trajectory)  # no answer: the episode's end
        if index is not None:
            rewards[index] += final_value
        parts["final"] = self.gamma**at * final_value
        # tolerance: float noise (0.1 + 0.1 + 0.2 vs 0.4) must not cut an episode that sits at the cap
        if self.step_cap is not None and positive > self.step_cap + 1e-12:
            parts["cap"] = self.step_cap - positive
        total = math.fsum(parts.values())
        if self.clip is not None:
            low, high = self.clip
            parts["clip"] = min(max(total, low), high) - total
            total = math.fsum(parts.values())
        # r_t is for records and eyes: 0.1 + 0.2 reads 0.3, not 0.30000000000000004
        return TrajectoryScore(
            total, trajectory, tuple(round(r, 12) for r in rewards), parts, result, dropped
        )

    def score(
        self,
        texts: list[str],
        *,
        completion_ids: Sequence[Sequence[int]] | None = None,
        columns: Mapping[str, Any],
    ) -> list[Scored]:
        """Trajectories from the completions as the trainer passed them (chat messages keep their tool calls,
        also inside a composite), else from the texts as ReAct; a ``trajectory_key`` column wins."""
        raw = columns.get(RAW_COMPLETIONS)
        if raw is not None and len(raw) == len(texts):
            return self._score_all([Trajectory.coerce(c) for c in raw], columns)
        return self._score_all([Trajectory.from_text(t) for t in texts], columns)

    def __call__(
        self,
        prompts: Sequence[Any] | None = None,
        completions: Sequence[Any] | None = None,
        completion_ids: Sequence[Sequence[int]] | None = None,
        **columns: Any,
    ) -> list[float | None]:
        if completions is None and self.trajectory_key is not None and self.trajectory_key in columns:
            # a rollout that records structured trajectories needs no completion text at all
            raw = columns[self.trajectory_key]
            many = isinstance(raw, Sequence) and not isinstance(raw, (str, bytes, Mapping))
            completions = [""] * (len(raw) if many else 1)
        return super().__call__(prompts, completions, completion_ids, **columns)

    def _score_all(self, trajectories: list[Trajectory], columns: Mapping[str, Any]) -> list[Scored]:
        n = len(trajectories)
        if self.trajectory_key is not None:
            # the rollout's structured record is the truth; the completion text is only its rendering
            raw = column(columns, self.trajectory_key, n, reward=self.name)
            trajectories = [Trajectory.coerce(r) for r in raw]
        golds = column(columns, self.gold_key, n, reward=self.name)
        out = []
        for i, trajectory in enumerate(trajectories):
            row = {
                k: v[i] if isinstance(v, (list, tuple)) and len(v) == n else v
                for k, v in columns.items()
                if k not in TRAINER_KEYS
            }
            out.append(self.evaluate(trajectory, gold=golds[i], row=row).scored())
        return out


def _scorer_name(scorer: Any) -> str:
    name = getattr(scorer, "name", None)
    if not isinstance(name, str):
        name = getattr(scorer, "__name__", None)
    return name if isinstance(name, str) else type(scorer).__name__


def _auto_cap(scorers: Sequence[Any], final_reward: float) -> float | None:
    units = [getattr(s, "reward", None) for s in scorers]
    numeric = [float(u) for u in units if isinstance(u, (int, float)) and not isinstance(u, bool)]
    if len(numeric) == len(units):
        unit = math.fsum(max(u, 0.0) for u in numeric)
        return min(unit, final_reward) if final_reward > 0 else unit
    # Unknown scorers: the cap can only promise the brief's bound, step rewards <= a correct answer.
    # With no final reward the user wants step rewards alone; an automatic cap of 0 would zero them.
    return final_reward if final_reward > 0 else None
