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

import contextlib
import inspect
import json
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from rewardkit.errors import ConfigError
from rewardkit.named_code import resolve
from rewardkit.rewards.base import RAW_COMPLETIONS, RAW_PROMPTS, Reward, Scored, completion_text
from rewardkit.rewards.params import check_params
from rewardkit.yaml_loader import YamlRefused, parse_yaml

# name -> "module:Class"; imported on first use so `import rewardkit.rewards` stays light
REWARDS: dict[str, str] = {
    "accuracy": "rewardkit.rewards.accuracy:AccuracyReward",
    "length_penalty": "rewardkit.rewards.length:LengthPenaltyReward",
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


def _load(target: str, *, allow_code: bool = True) -> Any:
    return resolve(target, what="reward", allow_external=allow_code)


@contextlib.contextmanager
def _inside(*keys: str) -> Iterator[None]:
    """Prefix the spec keys of a ConfigError raised inside with ``keys``: the error ends up naming the
    deepest key of the spec it is about, which a config reader turns into a line of its file."""
    try:
        yield
    except ConfigError as exc:
        exc.keys = (*keys, *exc.keys)
        raise


def _construct(name: str, params: Mapping[str, Any], allow_code: bool) -> Reward:
    if name in REWARDS:
        factory = _load(REWARDS[name])
    elif ":" in name:
        factory = _load(name, allow_code=allow_code)  # refused before import when not allowed
    else:
        known = ", ".join(sorted(REWARDS))
        raise ConfigError(f"unknown reward {name!r}; built-in rewards: {known}; or use 'module:callable'")
    if isinstance(factory, Reward):
        if params:
            raise ConfigError(f"{name!r} is a reward instance and takes no parameters, got {sorted(params)}")
        return factory
    if inspect.isclass(factory) and issubclass(factory, Reward):
        if name in REWARDS:  # a built-in's parameters are checked before it is made
            check_params(name, factory, params)
        try:
            return factory(**params)
        except ConfigError:
            raise
        except (TypeError, ValueError) as exc:  # constructors reject bad parameters with these
            raise ConfigError(f"reward {name!r}: {exc}") from exc
    if callable(factory):
        if params:
            made = factory(**params)
            return made if isinstance(made, Reward) else FunctionReward(made, name=name.rpartition(":")[2])
        return FunctionReward(factory, name=name.rpartition(":")[2])
    raise ConfigError(f"{name!r} is not a reward")


def build(spec: Any, *, allow_code: bool = True) -> Reward:
    """A reward from a spec (see the module docstring).

    ``module:callable`` names are checked before anything is called (:mod:`rewardkit.named_code`): nothing
    from Python's standard library is a reward. ``allow_code=False`` (for a spec read from a file) also
    refuses, before importing it, any code outside rewardkit's own packages, with CodeNotAllowedError.

    >>> build({"os:system": {"command": "true"}})
    Traceback (most recent call last):
    ...
    rewardkit.errors.ConfigError: reward 'os:system' names 'os', a module of Python's standard library: ...
    """
    _check_depth(spec)
    if isinstance(spec, Reward):
        return spec
    if isinstance(spec, str):
        return _construct(spec, {}, allow_code)
    if isinstance(spec, Sequence) and not isinstance(spec, (str, bytes)):
        parts = []
        for i, part in enumerate(spec):
            with _inside(str(i)):
                parts.append(build(part, allow_code=allow_code))
        return _weighted({f"part{i}": 1.0 for i in range(len(spec))}, allow_code, parts=parts)
    if not isinstance(spec, Mapping) or not spec:
        raise ConfigError(f"a reward spec is a name, a mapping or a list, got {spec!r}")
    if len(spec) == 1:
        ((key, value),) = spec.items()
        if key in _COMBINATORS:
            with _inside(str(key)):
                return _combinator(key, value, allow_code)
        if isinstance(value, Mapping) and "weight" not in value:
            params = dict(value)
            with _inside(str(key)):
                return _construct(key, params, allow_code)
    return _weighted(spec, allow_code)


def _weighted(spec: Mapping[str, Any], allow_code: bool, parts: list[Reward] | None = None) -> Reward:
    from rewardkit.rewards.compose import WeightedSum

    if parts is not None:
        return WeightedSum([(p, 1.0) for p in parts])
    weighted = []
    for name, value in spec.items():
        with _inside(str(name)):
            weighted.append(_weighted_part(name, value, allow_code))
    return WeightedSum(weighted)


def _weighted_part(name: str, value: Any, allow_code: bool) -> tuple[Reward, float]:
    if isinstance(value, bool) or not isinstance(value, (int, float, Mapping)):
        raise ConfigError(f"weight of {name!r} must be a number or a mapping of parameters, got {value!r}")
    if isinstance(value, Mapping):
        params = dict(value)
        weight = params.pop("weight", 1.0)
        inner = params.pop("spec", None)
        if inner is not None:
            with _inside("spec"):
                reward = build(inner, allow_code=allow_code)
        else:
            reward = _construct(name, params, allow_code)
    else:
        reward, weight = _construct(name, {}, allow_code), value
    # a NaN or infinite weight would turn every reward of the run into NaN: a config error, not a reward
    if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not math.isfinite(weight):
        raise ConfigError(f"weight of {name!r} must be a finite number, got {weight!r}")
    return reward, float(weight)


def _combinator(kind: str, value: Any, allow_code: bool) -> Reward:
    from rewardkit.rewards import compose

    if kind == "sum":
        if not isinstance(value, Mapping):
            raise ConfigError(f"'sum' takes a mapping of name -> weight or parameters, got {value!r}")
        return _weighted(value, allow_code)
    if kind == "product":
        if not isinstance(value, Sequence) or isinstance(value, str):
            raise ConfigError(f"'product' takes a list of specs, got {value!r}")
        factors = []
        for i, factor in enumerate(value):
            with _inside(str(i)):
                factors.append(build(factor, allow_code=allow_code))
        return compose.Product(factors)
    if not isinstance(value, Mapping) or "reward" not in value:
        raise ConfigError(f"{kind!r} takes a mapping with a 'reward' spec, got {value!r}")
    options = {k: v for k, v in value.items() if k not in ("reward", "on")}
    check_params(
        kind,
        compose.Gate if kind == "gate" else compose.Clip,
        options,
        what="combinator",
        supplied=("reward", "on"),
    )
    with _inside("reward"):
        reward = build(value["reward"], allow_code=allow_code)
    try:
        if kind == "gate":
            if "on" not in value:
                raise ConfigError("'gate' needs 'on': the spec of the reward that opens the gate")
            with _inside("on"):
                on = build(value["on"], allow_code=allow_code)
            return compose.Gate(reward, on=on, **options)
        return compose.Clip(reward, **options)
    except ConfigError:
        raise
    except (TypeError, ValueError) as exc:  # unknown options, low above high, ...
        raise ConfigError(f"{kind!r}: {exc}") from exc


# a reward spec is a few levels deep ({"gate": {"reward": {...}, "on": ...}}); 50 is far past any real one
MAX_SPEC_DEPTH = 50


def _check_depth(spec: Any) -> None:
    """ConfigError for a spec nested deeper than MAX_SPEC_DEPTH (checked without recursion: building one
    recursed past Python's limit, a RecursionError traceback)."""
    stack = [(spec, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_SPEC_DEPTH:
            raise ConfigError(f"reward spec nested deeper than {MAX_SPEC_DEPTH} levels")
        if isinstance(node, dict):
            stack.extend((value, depth + 1) for value in node.values())
        elif isinstance(node, (list, tuple)):
            stack.extend((value, depth + 1) for value in node)


def _parsed(parse: Any, content: str, where: str) -> Any:
    """``parse(content)``, with what Python's parsers raise past their limits (recursion, a 4,300-digit
    integer) as a ConfigError naming ``where``."""
    try:
        spec = parse(content)
    except RecursionError as exc:
        raise ConfigError(f"{where}: nested too deeply to read") from exc
    except ValueError as exc:
        if isinstance(exc, (json.JSONDecodeError, YamlRefused)):  # each has a message of its own
            raise
        raise ConfigError(f"{where}: a value cannot be read: {exc}") from exc
    _check_depth(spec)
    return spec


def load_spec(text: str) -> Any:
    """A spec from the command line: a name, ``module:callable``, inline JSON, or ``@file`` (.json/.yaml)."""
    if text.startswith("@"):
        path = Path(text[1:])
        try:
            content = path.read_text()
        except OSError as exc:
            raise ConfigError(f"cannot read reward spec {path}: {exc}") from exc
        if path.suffix in (".yaml", ".yml"):
            return _yaml_spec(content, path)
        try:
            return _parsed(json.loads, content, str(path))
        except json.JSONDecodeError as exc:
            raise ConfigError(f"{path}:{exc.lineno}: not valid JSON: {exc.msg}") from exc
    if text.lstrip().startswith(("{", "[")):
        try:
            return _parsed(json.loads, text, "reward spec")
        except json.JSONDecodeError as exc:
            raise ConfigError(f"reward spec is not valid JSON at column {exc.colno}: {exc.msg}") from exc
    return text


def _yaml_spec(content: str, path: Path) -> Any:
    """A spec file in YAML, read by :mod:`rewardkit.yaml_loader` (YAML 1.2 booleans, so the key of ``gate:
    {reward: accuracy, on: format}`` stays "on"; aliases, nesting and duplicate keys bounded, FILE:LINE)."""
    try:
        import yaml
    except ImportError as exc:
        raise ConfigError(f"{path}: reading YAML needs PyYAML (pip install pyyaml)") from exc
    try:
        return _parsed(lambda c: parse_yaml(c)[0], content, str(path))
    except YamlRefused as exc:
        raise ConfigError(f"{path}:{exc.line}: {exc}") from None
    except yaml.YAMLError as exc:
        raise ConfigError(f"{path}: not valid YAML: {exc}") from exc


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
