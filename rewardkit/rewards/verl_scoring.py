"""verl's reward entry points for any reward spec, dispatched on ``data_source``.

verl calls a ``custom_reward_function`` in one of three shapes, and this module has one entry for each:

* :func:`compute_score` — one sample per call (the ``naive``, ``prime`` and ``dapo`` reward managers, and
  the reward loop for a plain function): ``compute_score(data_source=, solution_str=, ground_truth=,
  extra_info=)`` (verl ``verl/workers/reward_manager/naive.py``, volcengine/verl@10a6180e1d00);
* :func:`compute_score_batch` — the ``batch`` reward manager: ``compute_score(data_sources=,
  solution_strs=, ground_truths=, extra_infos=, **reward_kwargs)`` returning one result per sample
  (``verl/workers/reward_manager/batch.py``, volcengine/verl@abddec4c2d33); verl passes numpy arrays;
* :func:`compute_score_async` — the async reward loop awaits the function when
  ``inspect.iscoroutinefunction`` says it is one, with ``reward_router_address=``, ``reward_model_tokenizer=``
  and ``reward_model_path=`` added (``verl/experimental/reward/reward_loop/naive.py``,
  volcengine/verl@d49d14d8355d; ``verl/trainer/ppo/reward.py``, verl-project/verl@f7802843d7df).

Every result is a dict with the same keys, whatever the verdict: verl appends each sample's keys to
``reward_extra_info`` lists (the managers above), the reward loop reads every sample with the *first*
sample's keys (``verl/experimental/reward_loop/reward_loop.py``, volcengine/verl@603d33deafaa), and
validation takes ``np.mean`` of every key whose first value is not a string
(``verl/trainer/ppo/metric_utils.py``, ``process_validation_metrics``, volcengine/verl@7fd55735213b). So:

* ``score``: a float (0.0 when the reward had no score, e.g. an unreadable gold, a TIMEOUT or ERROR: verl's
  reward tensor needs a number, and 0.0 pays nothing);
* ``valid``: False exactly then (its mean is the share of samples really judged; filter on it);
* ``verdict`` and ``extracted``: always strings (``""`` when there is none), so validation skips them
  instead of averaging a ``None``;
* one float per component of the reward (0.0 where the component had no value, for the same reason as
  ``score``), the same component keys on every sample, whichever spec its ``data_source`` chose.

>>> compute_score("openai/gsm8k", "... #### 72", "72")
{'score': 1.0, 'verdict': 'CORRECT', 'extracted': '72', 'valid': True}
>>> compute_score("openai/gsm8k", "#### 1", "")
{'score': 0.0, 'verdict': 'GOLD_INVALID', 'extracted': '', 'valid': False}
>>> [r["score"] for r in compute_score_batch(["openai/gsm8k"] * 2, ["#### 3", "#### 4"], ["3", "3"])]
[1.0, 0.0]
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping, Sequence
from typing import Any

from rewardkit.rewards import build
from rewardkit.rewards.base import Reward, Scored

#: data_source → preset, as verl's own ``default_compute_score`` names its sources
#: (``verl/utils/reward_score/__init__.py``, verl-project/verl@e0a4e4dbbddb); a key ending in ``*`` is a
#: prefix.
VERL_SOURCE_PRESETS: dict[str, str] = {
    "openai/gsm8k": "gsm8k",
    "gsm8k": "gsm8k",
    "lighteval/MATH": "math",
    "DigitalLearningGmbH/MATH-lighteval": "math",
    "HuggingFaceH4/MATH-500": "math",
    "math": "math",
    "math_dapo": "math",
    "math_dapo_reasoning": "math",
    "aime*": "math",
    "numina_*": "math",
    "cais/mmlu": "multiple_choice",
    "TIGER-Lab/MMLU-Pro": "multiple_choice",
    "Idavidrein/gpqa": "multiple_choice",
    "allenai/ai2_arc": "multiple_choice",
    "allenai/openbookqa": "multiple_choice",
    "multiple_choice": "multiple_choice",
}

#: preset → reward spec. The grader reads each kind of gold itself (a GSM8K number or "#### N" rationale,
#: a MATH LaTeX answer, a choice letter A–J), so each preset is accuracy under the flexible policy; the
#: table is where a preset would take options of its own.
VERL_PRESETS: dict[str, Any] = {"gsm8k": "accuracy", "math": "accuracy", "multiple_choice": "accuracy"}

# the keys every result carries before the reward's components
BASE_KEYS = ("score", "verdict", "extracted", "valid")


def _spec_key(spec: Any) -> str:
    # one built reward per distinct spec: the presets share one accuracy reward
    if isinstance(spec, Reward):
        return f"reward:{id(spec)}"
    return json.dumps(spec, sort_keys=True, default=repr)


class VerlScorer:
    """verl's ``compute_score`` for any reward spec, in verl's three call shapes.

    ``spec``: the reward for a ``data_source`` that ``sources`` does not name (``None``: such a source is an
    error naming it). ``sources``: ``{data_source: spec}`` (a key ending in ``*`` matches a prefix; an exact
    key wins over a prefix, a longer prefix over a shorter); a value that names a preset (``"gsm8k"``,
    ``"math"``, ``"multiple_choice"``) means that preset's spec. ``presets=True`` adds
    :data:`VERL_SOURCE_PRESETS` under the user's mapping. ``gold_key``: the column the reward reads the
    gold from; ``extra_info`` entries become the other columns.

    Use the object itself for the per-sample managers, :meth:`score_batch` for the ``batch`` manager and
    :meth:`compute_score_async` for the async reward loop.

    >>> scorer = VerlScorer({"accuracy": 1.0, "step": 0.1}, sources={"openai/gsm8k": "gsm8k"})
    >>> sorted(scorer("openai/gsm8k", "#### 1", ""))
    ['accuracy', 'extracted', 'score', 'step', 'valid', 'verdict']
    >>> scorer("my/set", "1. 1+1=2\\n#### 2", "2")["accuracy"]
    1.0
    """

    def __init__(
        self,
        spec: Any = "accuracy",
        *,
        sources: Mapping[str, Any] | None = None,
        presets: bool = False,
        gold_key: str = "answer",
    ) -> None:
        self.gold_key = gold_key
        table: dict[str, Any] = dict(VERL_SOURCE_PRESETS) if presets else {}
        table.update(sources or {})
        self._rewards: dict[str, Reward] = {}
        self._default = None if spec is None else self._reward_for(spec)
        self._sources = {
            source: self._reward_for(VERL_PRESETS.get(s, s) if isinstance(s, str) else s)
            for source, s in table.items()
        }
        self._keys: tuple[str, ...] | None = None

    def _reward_for(self, spec: Any) -> str:
        key = _spec_key(spec)
        if key not in self._rewards:
            self._rewards[key] = build(spec)
        return key

    @property
    def rewards(self) -> list[Reward]:
        """The distinct rewards this scorer grades with (one per distinct spec)."""
        return list(self._rewards.values())

    def reward_key_for(self, data_source: Any) -> str:
        """Which built reward grades ``data_source`` (exact key, then the longest matching prefix, then the
        default); a ``ValueError`` names a source nothing covers."""
        source = str(data_source)
        if source in self._sources:
            return self._sources[source]
        prefixes = [k for k in self._sources if k.endswith("*") and source.startswith(k[:-1])]
        if prefixes:
            return self._sources[max(prefixes, key=len)]
        if self._default is None:
            known = ", ".join(sorted(self._sources)) or "none"
            raise ValueError(
                f"verl data_source {source!r} has no reward spec (known: {known}); pass spec=..."
            )
        return self._default

    def keys(self) -> tuple[str, ...]:
        """The keys of every result: :data:`BASE_KEYS`, then the components of all this scorer's rewards.

        A reward's components are structural (a composite names every part for every sample), so one cheap
        probe per reward finds them; the probe runs once, on first use.
        """
        if self._keys is None:
            components: dict[str, None] = {}
            for reward in self._rewards.values():
                for name in _component_names(reward, self.gold_key):
                    components.setdefault(name, None)
            self._keys = BASE_KEYS + tuple(k for k in components if k not in BASE_KEYS)
        return self._keys

    def __call__(
        self,
        data_source: Any,
        solution_str: str,
        ground_truth: Any,
        extra_info: Mapping[str, Any] | None = None,
        **kwargs: Any,
    ) -> dict[str, Any]:
        return self.score_batch([data_source], [solution_str], [ground_truth], [extra_info], **kwargs)[0]

    def score_batch(
        self,
        data_sources: Sequence[Any],
        solution_strs: Sequence[str],
        ground_truths: Sequence[Any],
        extra_infos: Sequence[Mapping[str, Any] | None] | None = None,
        **kwargs: Any,
    ) -> list[dict[str, Any]]:
        """verl's ``batch`` reward manager call: one result dict per sample, in order. Samples that share a
        reward are graded in one call (with the spec's ``workers``, if it sets them)."""
        n = len(solution_strs)
        if len(data_sources) != n or len(ground_truths) != n:
            raise ValueError(
                f"verl batch: {len(data_sources)} data_sources, {n} solution_strs, "
                f"{len(ground_truths)} ground_truths; they must be the same length"
            )
        extras: list[Mapping[str, Any]] = (
            [{} for _ in range(n)]
            if extra_infos is None
            else [e if isinstance(e, Mapping) else {} for e in extra_infos]
        )
        if len(extras) != n:
            raise ValueError(f"verl batch: {len(extras)} extra_infos for {n} solution_strs")
        groups: dict[str, list[int]] = {}
        for i, source in enumerate(data_sources):
            groups.setdefault(self.reward_key_for(source), []).append(i)
        keys = self.keys()
        out: list[dict[str, Any] | None] = [None] * n
        for reward_key, indices in groups.items():
            reward = self._rewards[reward_key]
            columns = _columns(
                self.gold_key, [ground_truths[i] for i in indices], [extras[i] for i in indices]
            )
            scored = reward.score(
                [str(solution_strs[i]) for i in indices], completion_ids=None, columns=columns
            )
            for i, s in zip(indices, scored, strict=True):
                out[i] = _result(s, keys)
        return [r for r in out if r is not None]

    async def compute_score_async(
        self,
        data_source: Any,
        solution_str: str,
        ground_truth: Any,
        extra_info: Mapping[str, Any] | None = None,
        **kwargs: Any,
    ) -> dict[str, Any]:
        """The async reward loop's call: grades in a thread, so the event loop keeps serving other samples."""
        return await asyncio.to_thread(self, data_source, solution_str, ground_truth, extra_info)


def _columns(gold_key: str, golds: list[Any], extras: list[Mapping[str, Any]]) -> dict[str, list[Any]]:
    # extra_info entries become columns (None where a sample lacks one); the gold column always wins
    columns: dict[str, list[Any]] = {gold_key: golds}
    names: dict[str, None] = {}
    for extra in extras:
        names.update(dict.fromkeys(extra))
    for name in names:
        columns.setdefault(name, [extra.get(name) for extra in extras])
    return columns


def _component_names(reward: Reward, gold_key: str) -> list[str]:
    try:
        probe = reward.score(["#### 0"], completion_ids=None, columns={gold_key: ["0"]})
    except Exception:  # a reward that needs columns the probe lacks: it reports no components
        return []
    return list(probe[0].components) if probe else []


def _number(value: float | None) -> float:
    # verl averages these; None would raise and NaN would poison the mean, so "no value" is 0.0 (see valid)
    return 0.0 if value is None or value != value else float(value)


def _result(scored: Scored, keys: tuple[str, ...]) -> dict[str, Any]:
    result: dict[str, Any] = {
        "score": _number(scored.value),
        "verdict": scored.verdict or "",
        "extracted": scored.extracted or "",
        "valid": scored.value is not None,
    }
    for key in keys[len(BASE_KEYS) :]:
        result[key] = _number(scored.components.get(key))
    return result


def verl_scorer(
    spec: Any = "accuracy",
    *,
    sources: Mapping[str, Any] | None = None,
    presets: bool = False,
    gold_key: str = "answer",
) -> VerlScorer:
    """A verl ``compute_score`` for ``spec`` (see :class:`VerlScorer`)."""
    return VerlScorer(spec, sources=sources, presets=presets, gold_key=gold_key)


_default_verl: VerlScorer | None = None


def _default() -> VerlScorer:
    global _default_verl
    if _default_verl is None:
        _default_verl = VerlScorer("accuracy", presets=True)
    return _default_verl


def compute_score(
    data_source: Any,
    solution_str: str,
    ground_truth: Any,
    extra_info: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> dict[str, Any]:
    """verl entry point, one sample (``custom_reward_function.name=compute_score``): accuracy, with the
    gsm8k, math and multiple-choice presets."""
    return _default()(data_source, solution_str, ground_truth, extra_info)


def compute_score_batch(
    data_sources: Sequence[Any],
    solution_strs: Sequence[str],
    ground_truths: Sequence[Any],
    extra_infos: Sequence[Mapping[str, Any] | None] | None = None,
    **kwargs: Any,
) -> list[dict[str, Any]]:
    """verl entry point for ``reward_model.reward_manager=batch`` (``name=compute_score_batch``)."""
    return _default().score_batch(data_sources, solution_strs, ground_truths, extra_infos)


async def compute_score_async(
    data_source: Any,
    solution_str: str,
    ground_truth: Any,
    extra_info: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> dict[str, Any]:
    """verl entry point for the async reward loop (``name=compute_score_async``)."""
    return await _default().compute_score_async(data_source, solution_str, ground_truth, extra_info)
