"""What a run leaves behind besides checkpoints, written while it trains.

A run folder ``RUN_DIR`` (the recipe's ``output_dir``) receives:

* ``config.yaml``: the resolved config, its first line the command that reruns it (``runners/config.py``);
* ``metrics.jsonl``: one JSON object per logging step with TRL's keys (``step``, ``reward``, ``kl``, ...);
* ``rollouts.jsonl``: sampled completions per logging step with their per-component rewards and verdicts;
* ``checkpoint-N/``: what ``rewardkit eval --model RUN_DIR`` evaluates.

Here: the reward wrapper that records rollouts, the metric and rollout logs, the health monitor that warns
about a run going wrong, the divergence check that stops one whose loss or gradient norm stopped being a
number, and the trainer callback that feeds them.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rewardkit.errors import TrainingDiverged
from rewardkit.files import append_json_lines
from rewardkit.jsonl import read_log
from rewardkit.rewards.base import Reward, Scored, completion_text
from rewardkit.rewards.component_logs import log_components

__all__ = [
    "HealthMonitor",
    "MetricsLog",
    "RolloutLog",
    "RolloutRecorder",
    "TrainingDiverged",
    "divergence",
    "make_callback",
    "raise_if_diverged",
]


_PARSE_FAILURES = frozenset({"NO_ANSWER", "UNPARSEABLE"})


def _verdict_name(verdict: Any) -> str | None:
    return None if verdict is None else str(getattr(verdict, "name", verdict)).upper()


class RolloutRecorder(Reward):
    """Wraps a reward: scores through it, and keeps the latest samples for the rollout log.

    It also reports through TRL's ``log_metric``: ``rewards/<component>/mean`` and ``/std`` for each part of
    a composite (:mod:`rewardkit.rewards.component_logs`; TRL itself logs only ``rewards/<name>/mean`` of the
    reward it calls) and ``parse_failure_rate`` (the
    share of graded completions with no readable answer).
    """

    def __init__(self, reward: Reward, *, keep: int = 64) -> None:
        super().__init__(name=reward.name)
        self.reward = reward
        self.keep = keep
        self.pending: list[dict[str, Any]] = []
        self.calls = 0

    def score(
        self, texts: list[str], *, completion_ids: Any = None, columns: Mapping[str, Any]
    ) -> list[Scored]:
        return self.reward.score(texts, completion_ids=completion_ids, columns=columns)

    def __call__(
        self,
        prompts: Sequence[Any] | None = None,
        completions: Sequence[Any] | None = None,
        completion_ids: Sequence[Sequence[int]] | None = None,
        **columns: Any,
    ) -> list[float | None]:
        scored = self.score_call(prompts, completions, completion_ids, columns)
        texts = [completion_text(c) for c in completions or ()]
        self.calls += 1
        self._log(scored, columns)
        answers = columns.get("answer")
        for i, (text, s) in enumerate(zip(texts, scored, strict=True)):
            self.pending.append(
                {
                    "prompt": completion_text(prompts[i]) if prompts is not None else None,
                    "completion": text,
                    "answer": answers[i] if isinstance(answers, list) and i < len(answers) else None,
                    "reward": s.value,
                    "components": dict(s.components),
                    "verdict": _verdict_name(s.verdict),
                    "extracted": s.extracted,
                }
            )
        del self.pending[: -self.keep]
        return [s.value for s in scored]

    def _log(self, scored: list[Scored], columns: Mapping[str, Any]) -> None:
        log_metric = columns.get("log_metric")
        log_extra = columns.get("log_extra")
        if log_metric is not None:
            log_components(log_metric, (s.components for s in scored), skip=[self.name])
            verdicts = [_verdict_name(s.verdict) for s in scored if s.verdict is not None]
            if verdicts:
                failures = sum(v in _PARSE_FAILURES for v in verdicts)
                log_metric("parse_failure_rate", failures / len(verdicts))
        if log_extra is not None and any(s.verdict is not None for s in scored):
            log_extra("verdict", [_verdict_name(s.verdict) for s in scored])

    def take(self) -> list[dict[str, Any]]:
        """The samples kept since the last call, oldest first."""
        out, self.pending = self.pending, []
        return out


class _JsonlLog:
    """A log of a run: rows appended as whole JSON lines (:mod:`rewardkit.files`: one ``O_APPEND`` write
    per batch, so the ranks of a multi-process run never interleave), read back by
    :func:`rewardkit.jsonl.read_log` (a damaged line is a DataError naming ``FILE:LINE``)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def _append(self, rows: Sequence[Mapping[str, Any]]) -> None:
        append_json_lines(self.path, rows, default=_jsonable)

    def read(self) -> list[dict[str, Any]]:
        """Every row written so far (empty when the file does not exist)."""
        return read_log(self.path)


def _jsonable(value: Any) -> Any:
    if hasattr(value, "item"):  # numpy / torch scalars
        return value.item()
    return str(value)


class MetricsLog(_JsonlLog):
    """``RUN_DIR/metrics.jsonl``: one object per logging step with TRL's ``log_history`` keys (``step``,
    ``reward``, ``reward_std``, ``kl``, ``rewards/<name>/mean``, ``completions/mean_length``,
    ``completions/clipped_ratio``, ``loss``, ``frac_reward_zero_std``, ...). Non-finite numbers become null.

    >>> import tempfile
    >>> log = MetricsLog(Path(tempfile.mkdtemp()) / "metrics.jsonl")
    >>> log.write({"step": 1, "reward": 0.5, "kl": float("nan")})
    >>> log.read()
    [{'step': 1, 'reward': 0.5, 'kl': None}]
    """

    def write(self, entry: Mapping[str, Any]) -> None:
        clean = {k: (None if isinstance(v, float) and not math.isfinite(v) else v) for k, v in entry.items()}
        self._append([clean])


class RolloutLog(_JsonlLog):
    """``RUN_DIR/rollouts.jsonl``: per logging step, sampled completions with ``step``, ``prompt``,
    ``completion``, ``reward``, per-component rewards, ``verdict``."""

    def write(self, step: int, samples: Sequence[Mapping[str, Any]]) -> None:
        self._append([{"step": step, **s} for s in samples])


@dataclass
class HealthMonitor:
    """Warnings about runs that cannot learn, from each logging step's metrics.

    * ``completions/clipped_ratio`` above ``max_clipped``: completions hit the length limit (no answer, and
      TRUNCATED rewards teach nothing useful);
    * ``frac_reward_zero_std`` above ``max_zero_std``: groups where every completion got the same reward —
      all right or all wrong gives no gradient;
    * ``parse_failure_rate`` above ``max_parse_failures``: the grader cannot read most answers.

    A condition is reported when it first holds and then at most every ``every`` logging steps.
    """

    max_clipped: float = 0.5
    max_zero_std: float = 0.9
    max_parse_failures: float = 0.5
    every: int = 20
    print_to: Any = None
    warnings: list[str] = field(default_factory=list)
    _last: dict[str, int] = field(default_factory=dict)

    def check(self, entry: Mapping[str, Any]) -> list[str]:
        step = int(entry.get("step", 0))
        found = []

        def over(key: str, limit: float) -> float | None:
            value = entry.get(key)
            return value if isinstance(value, (int, float)) and value > limit else None

        if (v := over("completions/clipped_ratio", self.max_clipped)) is not None:
            found.append(
                (
                    "clipped",
                    f"{v:.0%} of completions hit max_completion_length: raise it, or penalise length "
                    "(the overlong reward)",
                )
            )
        if (v := over("frac_reward_zero_std", self.max_zero_std)) is not None:
            found.append(
                (
                    "zero_std",
                    f"{v:.0%} of groups got identical rewards (all right or all wrong gives no gradient): "
                    "use easier/harder problems, more generations, or a higher temperature",
                )
            )
        if (v := over("parse_failure_rate", self.max_parse_failures)) is not None:
            found.append(
                (
                    "parse",
                    f"{v:.0%} of completions have no readable answer: check the prompt's answer format "
                    "against the reward (rewardkit score on rollouts.jsonl shows the verdicts)",
                )
            )
        messages = []
        for kind, text in found:
            last = self._last.get(kind)
            if last is not None and step - last < self.every:
                continue
            self._last[kind] = step
            message = f"step {step}: {text}"
            self.warnings.append(message)
            messages.append(message)
            print(f"rewardkit: warning: {message}", file=self.print_to or sys.stderr)
        return messages


_DIVERGENCE_KEYS = ("loss", "grad_norm")


def divergence(entry: Mapping[str, Any], *, step: int) -> str | None:
    """Why a logging step's metrics say the run diverged, or None.

    >>> divergence({"loss": 0.1, "grad_norm": float("nan")}, step=2)[:44]
    'step 2: grad_norm is nan; the optimizer step'
    >>> divergence({"loss": 0.1, "grad_norm": 0.3}, step=2) is None
    True
    """
    for key in _DIVERGENCE_KEYS:
        value = entry.get(key)
        if isinstance(value, (int, float)) and not math.isfinite(value):
            return (
                f"step {step}: {key} is {value}; the optimizer step wrote non-finite weights, so training "
                "stopped and saved nothing after it. Try a lower training.learning_rate, or on a GPU "
                "model.attn_implementation=eager (bench/padded_attention_check.py)"
            )
    return None


def raise_if_diverged(callback: Any) -> None:
    """Raise :class:`TrainingDiverged` when ``callback`` (from :func:`make_callback`) stopped the run."""
    if getattr(callback, "diverged", None):
        raise TrainingDiverged(callback.diverged)


def make_callback(
    metrics: MetricsLog,
    *,
    rollouts: RolloutLog | None = None,
    recorder: RolloutRecorder | None = None,
    health: HealthMonitor | None = None,
) -> Any:
    """A ``transformers.TrainerCallback`` that writes each logging step to ``metrics`` (and the samples the
    ``recorder`` kept since the last one to ``rollouts``) and runs the ``health`` checks; on the main
    process only. On every process, a step whose loss or gradient norm is not finite stops training before
    anything is saved; its ``diverged`` then says why (:func:`raise_if_diverged`)."""
    from transformers import TrainerCallback

    class MetricsCallback(TrainerCallback):
        diverged: str | None = None

        def on_log(self, args: Any, state: Any, control: Any, logs: Any = None, **kwargs: Any) -> None:
            if logs and (why := divergence(logs, step=state.global_step)):
                # the logged values are reduced over processes, so every rank stops at the same step
                self.diverged = why
                control.should_training_stop = True
                control.should_save = False
            if not state.is_world_process_zero or not logs:
                return
            entry = {"step": state.global_step, **logs}
            metrics.write(entry)
            if rollouts is not None and recorder is not None:
                rollouts.write(state.global_step, recorder.take())
            if health is not None:
                health.check(entry)

    return MetricsCallback()
