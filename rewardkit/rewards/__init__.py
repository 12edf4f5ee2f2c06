"""Reward functions for TRL, verl and plain Python, built from a spec.

>>> from rewardkit.rewards import build
>>> fn = build({"length_penalty": {"alpha": 0.001, "target": 200, "unit": "chars"}})
>>> fn.__name__
'length_penalty'
>>> total = build({"accuracy": 1.0, "format": {"weight": 0.2}})
>>> total(completions=["<think>3+4=7</think><answer>7</answer>"], answer=["7"])
[1.2]

A spec is one of:

* a name: ``"accuracy"`` (see :data:`REWARDS`), or ``"package.module:attribute"`` for your own reward
  (a :class:`Reward`, a class or factory returning one, or a plain TRL-style function);
* ``{name: {params}}``: one reward with parameters (``name=`` renames it);
* ``{name: weight, name: {params, "weight": w}, ...}``: a weighted sum; weight 0 is monitor-only;
* ``{"gate": {"reward": spec, "on": spec, "threshold": 1.0, "otherwise": 0.0}}``,
  ``{"product": [spec, ...]}``, ``{"clip": {"reward": spec, "low": 0, "high": 1}}``;
* a list of specs: their sum with weight 1 each;
* a :class:`Reward` instance, returned as is.
"""

from __future__ import annotations

import importlib
import inspect
import json
import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rewardkit.errors import ConfigError
from rewardkit.rewards.base import RAW_COMPLETIONS, RAW_PROMPTS, Reward, Scored, completion_text

# name -> "module:Class"; imported on first use so `import rewardkit.rewards` stays light
REWARDS: dict[str, str] = {
    "accuracy": "rewardkit.rewards.accuracy:AccuracyReward",
    "length_penalty": "rewardkit.rewards.accuracy:LengthPenaltyReward",
    "step": "rewardkit.rewards.accuracy:StepReward",
    "format": "rewardkit.rewards.format:FormatReward",
    "tag_count": "rewardkit.rewards.format:TagCountReward",
    "boxed_once": "rewardkit.rewards.format:BoxedOnceReward",
    "overlong": "rewardkit.rewards.length:OverlongReward",
    "cosine": "rewardkit.rewards.length:CosineReward",
    "repetition": "rewardkit.rewards.repetition:RepetitionReward",
    "trajectory": "rewardkit.rewards.trajectory:TrajectoryReward",
}
_COMBINATORS = ("gate", "product", "clip", "sum")

__all__ = ["REWARDS", "Reward", "Scored", "build", "completion_text", "load_spec"]


def _load(target: str) -> Any:
    module_name, _, attribute = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ConfigError(f"cannot import {module_name!r} for reward {target!r}: {exc}") from exc
    try:
        return getattr(module, attribute)
    except AttributeError:
        raise ConfigError(f"{module_name!r} has no attribute {attribute!r}") from None


def _construct(name: str, params: Mapping[str, Any]) -> Reward:
    if name in REWARDS:
        factory = _load(REWARDS[name])
    elif ":" in name:
        factory = _load(name)
    else:
        known = ", ".join(sorted(REWARDS))
        raise ConfigError(f"unknown reward {name!r}; built-in rewards: {known}; or use 'module:callable'")
    if isinstance(factory, Reward):
        if params:
            raise ConfigError(f"{name!r} is a reward instance and takes no parameters, got {sorted(params)}")
        return factory
    if inspect.isclass(factory) and issubclass(factory, Reward):
        try:
            return factory(**params)
        except TypeError as exc:
            raise ConfigError(f"reward {name!r}: {exc}") from exc
    if callable(factory):
        if params:
            made = factory(**params)
            return made if isinstance(made, Reward) else FunctionReward(made, name=name.rpartition(":")[2])
        return FunctionReward(factory, name=name.rpartition(":")[2])
    raise ConfigError(f"{name!r} is not a reward")


def build(spec: Any) -> Reward:
    """A reward from a spec (see the module docstring)."""
    if isinstance(spec, Reward):
        return spec
    if isinstance(spec, str):
        return _construct(spec, {})
    if isinstance(spec, Sequence) and not isinstance(spec, (str, bytes)):
        return _weighted({f"part{i}": 1.0 for i in range(len(spec))}, parts=[build(s) for s in spec])
    if not isinstance(spec, Mapping) or not spec:
        raise ConfigError(f"a reward spec is a name, a mapping or a list, got {spec!r}")
    if len(spec) == 1:
        ((key, value),) = spec.items()
        if key in _COMBINATORS:
            return _combinator(key, value)
        if isinstance(value, Mapping) and "weight" not in value:
            params = dict(value)
            return _construct(key, params)
    return _weighted(spec)


def _weighted(spec: Mapping[str, Any], parts: list[Reward] | None = None) -> Reward:
    from rewardkit.rewards.compose import WeightedSum

    if parts is not None:
        return WeightedSum([(p, 1.0) for p in parts])
    weighted = []
    for name, value in spec.items():
        if isinstance(value, bool) or not isinstance(value, (int, float, Mapping)):
            raise ConfigError(
                f"weight of {name!r} must be a number or a mapping of parameters, got {value!r}"
            )
        if isinstance(value, Mapping):
            params = dict(value)
            weight = params.pop("weight", 1.0)
            inner = params.pop("spec", None)
            reward = build(inner) if inner is not None else _construct(name, params)
        else:
            reward, weight = _construct(name, {}), value
        # a NaN or infinite weight would turn every reward of the run into NaN: a config error, not a reward
        if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not math.isfinite(weight):
            raise ConfigError(f"weight of {name!r} must be a finite number, got {weight!r}")
        weighted.append((reward, float(weight)))
    return WeightedSum(weighted)


def _combinator(kind: str, value: Any) -> Reward:
    from rewardkit.rewards import compose

    if kind == "sum":
        if not isinstance(value, Mapping):
            raise ConfigError(f"'sum' takes a mapping of name -> weight or parameters, got {value!r}")
        return _weighted(value)
    if kind == "product":
        if not isinstance(value, Sequence) or isinstance(value, str):
            raise ConfigError(f"'product' takes a list of specs, got {value!r}")
        return compose.Product([build(s) for s in value])
    if not isinstance(value, Mapping) or "reward" not in value:
        raise ConfigError(f"{kind!r} takes a mapping with a 'reward' spec, got {value!r}")
    options = {k: v for k, v in value.items() if k not in ("reward", "on")}
    try:
        if kind == "gate":
            if "on" not in value:
                raise ConfigError("'gate' needs 'on': the spec of the reward that opens the gate")
            return compose.Gate(build(value["reward"]), on=build(value["on"]), **options)
        return compose.Clip(build(value["reward"]), **options)
    except TypeError as exc:
        raise ConfigError(f"{kind!r}: {exc}") from exc


def load_spec(text: str) -> Any:
    """A spec from the command line: a name, ``module:callable``, inline JSON, or ``@file`` (.json/.yaml)."""
    if text.startswith("@"):
        path = Path(text[1:])
        try:
            content = path.read_text()
        except OSError as exc:
            raise ConfigError(f"cannot read reward spec {path}: {exc}") from exc
        if path.suffix in (".yaml", ".yml"):
            try:
                import yaml
            except ImportError as exc:
                raise ConfigError(f"{path}: reading YAML needs PyYAML (pip install pyyaml)") from exc
            try:
                return yaml.load(content, Loader=_yaml_loader())  # a SafeLoader subclass, see below
            except yaml.YAMLError as exc:
                raise ConfigError(f"{path}: not valid YAML: {exc}") from exc
        try:
            return json.loads(content)
        except json.JSONDecodeError as exc:
            raise ConfigError(f"{path}:{exc.lineno}: not valid JSON: {exc.msg}") from exc
    if text.lstrip().startswith(("{", "[")):
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise ConfigError(f"reward spec is not valid JSON at column {exc.colno}: {exc.msg}") from exc
    return text


def _yaml_loader() -> Any:
    """PyYAML's safe loader with YAML 1.2 booleans: only true/false. Under YAML 1.1 the key of
    ``gate: {reward: accuracy, on: format}`` would load as the boolean True."""
    import re

    import yaml

    class Loader(yaml.SafeLoader):
        pass

    bool_tag = "tag:yaml.org,2002:bool"
    Loader.yaml_implicit_resolvers = {
        first: [(tag, rx) for tag, rx in resolvers if tag != bool_tag]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    booleans = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
    Loader.add_implicit_resolver(bool_tag, booleans, list("tTfF"))
    return Loader


class FunctionReward(Reward):
    """A plain TRL-style reward function (``f(completions, **kwargs) -> list[float | None]``) as a Reward,
    so it composes and logs like the built-ins."""

    def __init__(self, function: Callable[..., Sequence[float | None]], *, name: str | None = None) -> None:
        super().__init__(name=name or getattr(function, "__name__", "function"))
        self.function = function

    def score(
        self, texts: list[str], *, completion_ids: Any = None, columns: Mapping[str, Any]
    ) -> list[Scored]:
        dataset_columns = {k: v for k, v in columns.items() if k not in (RAW_COMPLETIONS, RAW_PROMPTS)}
        values = self.function(
            prompts=columns.get(RAW_PROMPTS),
            completions=texts,
            completion_ids=completion_ids,
            **dataset_columns,
        )
        return [Scored(None if v is None else float(v)) for v in values]
