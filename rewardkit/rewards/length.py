"""Length shaping: the seed's length penalty on correct answers, DAPO's soft overlong punishment and cosine
length scaling.

``length_penalty`` counts characters unless told ``unit="tokens"``. The other two count tokens: from
``completion_ids`` (TRL passes them as ``list[list[int]]``), else from a ``tokenizer`` option (a callable
text → token ids, e.g. ``tokenizer.encode``), else characters when asked for explicitly with
``unit="chars"``. Anything else is a clear error rather than a silent character count,
because a limit in tokens applied to characters is off by a factor of about four.

>>> f = OverlongReward(max_length=100, cache_length=20)
>>> f(completions=["", "", ""], completion_ids=[[0] * 80, [0] * 90, [0] * 101])
[0.0, -0.5, -1.0]
>>> LengthPenaltyReward(alpha=0.001, target=200)(completions=["x" * 490 + " #### 42"], answer=["42"])
[0.702]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal

from rewardkit.errors import ConfigError
from rewardkit.grade import DEFAULT_TIMEOUT_S
from rewardkit.rewards.accuracy import GradedReward
from rewardkit.rewards.base import Reward, Scored
from rewardkit.types import Policy

LengthUnit = Literal["tokens", "chars"]
Tokenizer = Callable[[str], Any]


class _LengthMixin(Reward):
    """Counts each completion's length in the configured unit (see the module docstring)."""

    unit: LengthUnit
    tokenizer: Tokenizer | None

    def _init_length(self, unit: LengthUnit, tokenizer: Tokenizer | None) -> None:
        if unit not in ("tokens", "chars"):
            raise ConfigError(f"reward {self.name!r}: unit must be 'tokens' or 'chars', got {unit!r}")
        if tokenizer is not None and not callable(tokenizer):
            raise ConfigError(f"reward {self.name!r}: tokenizer must be a callable text -> token ids")
        self.unit = unit
        self.tokenizer = tokenizer

    def lengths(self, texts: list[str], completion_ids: Sequence[Sequence[int]] | None) -> list[int]:
        if self.unit == "chars":
            return [len(t) for t in texts]
        if completion_ids is not None:
            if len(completion_ids) != len(texts):
                raise ValueError(
                    f"reward {self.name!r}: {len(completion_ids)} completion_ids for {len(texts)} completions"
                )
            return [len(ids) for ids in completion_ids]
        if self.tokenizer is not None:
            return [self._count(t) for t in texts]
        raise ValueError(
            f"reward {self.name!r} counts tokens but no completion_ids were passed and no tokenizer= was "
            f"given; pass completion_ids (TRL does), set tokenizer=tokenizer.encode, or set unit='chars'"
        )

    def _count(self, text: str) -> int:
        assert self.tokenizer is not None
        out = self.tokenizer(text)
        if isinstance(out, Mapping):  # a Hugging Face tokenizer called directly returns a BatchEncoding
            out = out["input_ids"]
        return len(out)


class LengthPenaltyReward(GradedReward):
    """``r_acc − α·max(0, l − target)`` for correct answers; 0 for the rest (a wrong answer is not made
    better or worse by its length).

    ``unit``: "chars" (default) or "tokens" (needs ``completion_ids``). ``floor``: the lowest value a correct
    answer can get (default 0.0: a correct answer never scores below a wrong one; None disables).

    >>> LengthPenaltyReward(alpha=0.001, target=200)(completions=["#### 7".rjust(500, ".")], answer=["7"])
    [0.7]
    """

    default_name = "length_penalty"

    def __init__(
        self,
        *,
        alpha: float,
        target: int,
        unit: Literal["chars", "tokens"] = "chars",
        floor: float | None = 0.0,
        **options: Any,
    ) -> None:
        super().__init__(**options)
        if alpha < 0 or target < 0:
            raise ValueError(f"length_penalty needs alpha >= 0 and target >= 0, got {alpha}, {target}")
        if unit not in ("chars", "tokens"):
            raise ValueError(f"length_penalty unit must be 'chars' or 'tokens', got {unit!r}")
        self.alpha, self.target, self.unit, self.floor = alpha, target, unit, floor

    def lengths(self, texts: list[str], completion_ids: Sequence[Sequence[int]] | None) -> list[int]:
        if self.unit == "chars":
            return [len(t) for t in texts]
        if completion_ids is None:
            raise ValueError(f"reward {self.name!r} counts tokens but no completion_ids were passed")
        return [len(ids) for ids in completion_ids]

    def value(self, accuracy: float, text: str, length: int | None) -> float:
        if not accuracy:
            return 0.0
        assert length is not None
        reward = accuracy - self.alpha * max(0, length - self.target)
        reward = round(reward, 12)  # 1 - 0.3 is 0.7, not 0.7000000000000001
        return max(self.floor, reward) if self.floor is not None else reward


class OverlongReward(_LengthMixin):
    """DAPO's soft overlong punishment (Yu et al. 2025, eq. 13), on the completion length ``|y|``:

    * ``0`` when ``|y| ≤ L_max − L_cache``;
    * ``((L_max − L_cache) − |y|) / L_cache`` when ``L_max − L_cache < |y| ≤ L_max`` (0 → −1 linearly);
    * ``−1`` when ``|y| > L_max``.

    It is a penalty to add to the task reward, so it never pays anything. Options (keyword-only):
    ``max_length=4096`` (L_max), ``cache_length=1024`` (L_cache, 0 ≤ L_cache ≤ L_max; 0 is a hard cut),
    ``unit="tokens"`` or ``"chars"``, ``tokenizer=None`` (callable text → token ids, used when
    ``completion_ids`` are absent), ``name="overlong"``.

    >>> f = OverlongReward(max_length=100, cache_length=20)
    >>> f(completions=["a", "b"], completion_ids=[[1] * 85, [1] * 100])
    [-0.25, -1.0]
    """

    default_name = "overlong"

    def __init__(
        self,
        *,
        max_length: int = 4096,
        cache_length: int = 1024,
        unit: LengthUnit = "tokens",
        tokenizer: Tokenizer | None = None,
        name: str | None = None,
    ) -> None:
        super().__init__(name=name)
        if not 0 <= cache_length <= max_length or max_length <= 0:
            raise ConfigError(
                f"reward {self.name!r} needs 0 <= cache_length <= max_length and max_length > 0, "
                f"got cache_length={cache_length}, max_length={max_length}"
            )
        self.max_length = max_length
        self.cache_length = cache_length
        self._init_length(unit, tokenizer)

    def value(self, length: int) -> float:
        """The penalty for one completion of ``length`` units."""
        expected = self.max_length - self.cache_length
        if length <= expected:
            return 0.0
        if length <= self.max_length:
            return (expected - length) / self.cache_length
        return -1.0

    def score(
        self,
        texts: list[str],
        *,
        completion_ids: Sequence[Sequence[int]] | None = None,
        columns: Mapping[str, Any],
    ) -> list[Scored]:
        return [Scored(self.value(n)) for n in self.lengths(texts, completion_ids)]


class CosineReward(GradedReward, _LengthMixin):
    """Cosine length scaling (Yeo et al. 2025, "Demystifying Long Chain-of-Thought Reasoning in LLMs").

    With ``t`` the completion length and ``T = max_length``::

        r(t) = lo + 0.5·(hi − lo)·(1 + cos(π·min(t/T, 1)))      # hi at t = 0, lo at t = T

    * correct answers: ``hi = r_c_max``, ``lo = r_c_min`` — shorter correct answers earn more;
    * wrong answers (any scored verdict other than CORRECT): ``hi = r_w_min``, ``lo = r_w_max`` — a short
      wrong answer is punished most, so the policy is pushed to think longer when it is wrong;
    * ``t > T``: ``exceed_penalty`` whatever the answer (``exceed_penalty=None`` clamps ``t/T`` to 1
      instead, so over-long completions get the value at ``T``);
    * a gold that cannot be read (GOLD_INVALID) or a grader timeout/error: ``None``, never a fake score.

    Correctness is ``rewardkit.grade`` against the gold column. Options (keyword-only): ``max_length=1000``,
    ``r_c_min=0.5``, ``r_c_max=1.0``, ``r_w_min=-1.0``, ``r_w_max=-0.5``, ``exceed_penalty=-1.0``,
    ``gold_key="answer"``, ``policy="flexible"``, ``workers=1``, ``timeout_s`` (grading budget per item),
    ``decimals=None`` (answers rounded to that many places, as ``grade`` takes it), ``unit="tokens"``,
    ``tokenizer=None``, ``name="cosine"``.

    >>> f = CosineReward(max_length=100)
    >>> ids = [[], [0] * 50, [0] * 50]
    >>> f(completions=["#### 7", "#### 7", "#### 8"], completion_ids=ids, answer=["7"] * 3)
    [1.0, 0.75, -0.75]
    """

    default_name = "cosine"

    def __init__(
        self,
        *,
        max_length: int = 1000,
        r_c_min: float = 0.5,
        r_c_max: float = 1.0,
        r_w_min: float = -1.0,
        r_w_max: float = -0.5,
        exceed_penalty: float | None = -1.0,
        gold_key: str = "answer",
        policy: Policy = "flexible",
        workers: int = 1,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        decimals: int | None = None,
        unit: LengthUnit = "tokens",
        tokenizer: Tokenizer | None = None,
        name: str | None = None,
    ) -> None:
        super().__init__(
            gold_key=gold_key,
            policy=policy,
            workers=workers,
            timeout_s=timeout_s,
            decimals=decimals,
            name=name,
        )
        if max_length <= 0:
            raise ConfigError(f"reward {self.name!r} needs max_length > 0, got {max_length}")
        self.max_length = max_length
        self.r_c_min, self.r_c_max = r_c_min, r_c_max
        self.r_w_min, self.r_w_max = r_w_min, r_w_max
        self.exceed_penalty = exceed_penalty
        self._init_length(unit, tokenizer)

    def lengths(self, texts: list[str], completion_ids: Sequence[Sequence[int]] | None) -> list[int]:
        return _LengthMixin.lengths(self, texts, completion_ids)

    def value(self, accuracy: float, text: str, length: int | None) -> float:
        """The reward for one graded completion of ``length`` units (the grading is GradedReward's)."""
        assert length is not None
        if length > self.max_length and self.exceed_penalty is not None:
            return self.exceed_penalty
        hi, lo = (self.r_c_max, self.r_c_min) if accuracy else (self.r_w_min, self.r_w_max)
        progress = min(max(length / self.max_length, 0.0), 1.0)
        # round: cos(pi/2) is 6e-17, and 0.75 should read 0.75 in logs and tests
        return round(lo + 0.5 * (hi - lo) * (1.0 + math.cos(math.pi * progress)), 12)
