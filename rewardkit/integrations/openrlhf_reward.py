"""OpenRLHF's custom reward file: pass this file's path as ``--remote_rm_url`` and OpenRLHF grades with
rewardkit in its own processes, no server needed.

::

    python -m openrlhf.cli.train_ppo_ray ... --label_key answer \\
        --remote_rm_url "$(python -c 'import rewardkit.integrations.openrlhf_reward as m; print(m.__file__)')"

OpenRLHF loads a ``.py`` ``remote_rm_url`` with ``importlib.util.spec_from_file_location("reward_func",
path)``, runs it, and calls ``reward_func(queries, prompts, labels)`` positionally, in threads
(``asyncio.to_thread``), one sample per call in current versions (chunks of ``micro_rollout_batch_size`` in
older ones); from what comes back it reads ``"rewards"`` (for the advantages), ``"scores"`` (dynamic
filtering; ``rewards`` when absent) and ``"extra_logs"`` (logged per sample), and makes each
``torch.tensor([reward])``: so the values are tensors of one value per sample.
A query is the prompt followed by the response, so the completion graded is the query with its prompt
removed from the front; the labels are the golds.

The reward is a spec read from the ``REWARDKIT_REWARD`` environment variable, as ``--reward`` takes it (a
name, inline JSON, or ``@file``; default ``accuracy``); code named in a spec *file* is refused, as on the
command line. Its gold column is ``answer`` (the default). OpenRLHF needs a number for every sample: where
the reward has none (a gold it cannot read), ``rewards`` holds 0.0 and ``extra_logs["valid"]`` 0.0, so a run
can tell the placeholder from a judgement; each component of a composite is logged too, every sample
carrying the same keys.

>>> queries = ["Q: 3+4?\\nA: 3+4=7. #### 7", "Q: 1+1?\\nA: #### 3"]
>>> out = reward_func(queries, ["Q: 3+4?\\n", "Q: 1+1?\\n"], ["7", "2"])
>>> [float(x) for x in out["rewards"]], [float(x) for x in out["extra_logs"]["valid"]], sorted(out)
([1.0, 0.0], [1.0, 1.0], ['extra_logs', 'rewards', 'scores'])
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Sequence
from typing import Any

from rewardkit.errors import ConfigError
from rewardkit.rewards import build, load_spec
from rewardkit.rewards.base import Reward

__all__ = ["DEFAULT_SPEC", "ENV", "completion_of", "reward_func"]

ENV = "REWARDKIT_REWARD"
DEFAULT_SPEC = "accuracy"

_built: dict[str, Reward] = {}
_lock = threading.Lock()


def _reward(text: str) -> Reward:
    """The reward the spec names, built once per process (OpenRLHF calls the function many times)."""
    with _lock:
        if text not in _built:
            try:
                _built[text] = build(load_spec(text), allow_code=not text.startswith("@"))
            except (ConfigError, ValueError, TypeError) as exc:  # constructors reject parameters with these
                kind = type(exc) if isinstance(exc, ConfigError) else ConfigError  # CodeNotAllowedError stays
                raise kind(f"{ENV}={text!r}: {exc}") from exc
        return _built[text]


def completion_of(query: str, prompt: str | None) -> str:
    """The response in an OpenRLHF query: the query with its prompt removed from the front, when it starts
    with it (otherwise the whole query: grading a prompt-free text beats guessing where it starts).

    >>> completion_of("Q: 2+2?\\nA: 4", "Q: 2+2?\\n"), completion_of("A: 4", "Q: 2+2?\\n")
    ('A: 4', 'A: 4')
    """
    if prompt and query.startswith(prompt):
        return query[len(prompt) :]
    return query


def _returned(values: list[float]) -> Any:
    # OpenRLHF's own examples return tensors; it always has torch loaded, so use it when the host process
    # did, and never import it here (rewardkit stays torch-free)
    torch = sys.modules.get("torch")
    return torch.tensor(values, dtype=torch.float32) if torch is not None else values


def reward_func(
    queries: Sequence[str], prompts: Sequence[str], labels: Sequence[Any] | None, **kwargs: Any
) -> dict[str, Any]:
    """Rewards for one chunk of OpenRLHF's batch (see the module docstring)."""
    if labels is None:
        raise ConfigError("reward_func got no labels: start OpenRLHF with --label_key naming the gold column")
    if not len(queries) == len(prompts) == len(labels):
        raise ValueError(f"{len(queries)} queries, {len(prompts)} prompts and {len(labels)} labels")
    reward = _reward(os.environ.get(ENV) or DEFAULT_SPEC)
    completions = [completion_of(q, p) for q, p in zip(queries, prompts, strict=True)]
    scored = reward.score_call(list(prompts), completions, None, {"answer": list(labels)})
    rewards = [0.0 if s.value is None else float(s.value) for s in scored]
    extra = {"valid": [0.0 if s.value is None else 1.0 for s in scored]}
    for name in sorted({k for s in scored for k in s.components}):
        extra[name] = [float(s.components.get(name) or 0.0) for s in scored]
    return {
        "rewards": _returned(rewards),
        "scores": _returned(rewards),
        "extra_logs": {k: _returned(v) for k, v in extra.items()},
    }
