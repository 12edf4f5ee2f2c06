"""Per-component reward logs: the one key scheme every emitter (the rewards, the recipes' wrappers, the PPO
loop, the agentic recorder) writes, and the training-curve reader plots.

It is TRL's own: ``GRPOTrainer`` logs ``reward`` and ``reward_std`` for the weighted total and
``rewards/<reward_func_name>/mean`` and ``/std`` for each reward function it calls. A part of a composite
is logged under the same scheme, named by its path inside the composite (``rewards/accuracy/mean``,
``rewards/format/tags/mean`` for a nested one), so a part reads the same whether a run passed it to TRL
as a reward function of its own or inside one composite. Other per-reward statistics sit next to the mean:
``rewards/<name>/none_frac`` (share of samples not scored), ``rewards/<name>/gold_invalid_frac`` ...

>>> reward_key("accuracy")
'rewards/accuracy/mean'
>>> logged = {}
>>> log_components(logged.__setitem__, [{"accuracy": 1.0, "format": 1.0}, {"accuracy": 0.0, "format": None}])
>>> logged
{'rewards/accuracy/mean': 0.5, 'rewards/accuracy/std': 0.7071067811865476, 'rewards/format/mean': 1.0}
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Mapping
from typing import Any

__all__ = ["PREFIX", "component_of", "log_components", "reward_key"]

PREFIX = "rewards/"

LogMetric = Callable[[str, float], Any]


def reward_key(name: str, stat: str = "mean") -> str:
    """The log key of ``stat`` (``mean``, ``std``, ``none_frac``, ...) of the reward or part ``name``."""
    return f"{PREFIX}{name}/{stat}"


def component_of(key: str, stat: str = "mean") -> str | None:
    """The reward or part a log key is the ``stat`` of, or None for any other key.

    >>> component_of("rewards/format/tags/mean"), component_of("reward"), component_of("rewards/a/std")
    ('format/tags', None, None)
    """
    suffix = f"/{stat}"
    if key.startswith(PREFIX) and key.endswith(suffix) and len(key) > len(PREFIX) + len(suffix):
        return key[len(PREFIX) : -len(suffix)]
    return None


def _finite(values: Iterable[Any]) -> list[float]:
    return [
        float(v)
        for v in values
        if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
    ]


def log_components(
    log_metric: LogMetric, samples: Iterable[Mapping[str, float | None]], *, skip: Iterable[str] = ()
) -> None:
    """Log the mean and spread of each component over a batch, one ``components`` mapping per sample.

    Samples without a (finite) value for a component do not count toward it; a component with no value at
    all is not logged (a mean over nothing is not 0). ``/std`` is the sample standard deviation, as TRL
    computes it, logged when at least two samples have a value. ``skip``: names not to log, the reward
    TRL calls itself (it already logs ``rewards/<name>/mean`` of that one).
    """
    rows = list(samples)
    skipped = set(skip)
    for component in sorted({k for row in rows for k in row} - skipped):
        values = _finite(row.get(component) for row in rows)
        if not values:
            continue
        log_metric(reward_key(component), math.fsum(values) / len(values))
        if len(values) > 1:
            log_metric(reward_key(component, "std"), statistics.stdev(values))
