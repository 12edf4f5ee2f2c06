"""Checking a reward spec's parameters against the constructor they are for, before it runs.

One check for every built-in reward and combinator, read from the constructor's signature and type hints,
so a new reward is checked the moment it is registered: an unknown parameter is named as unknown with the
closest known one, a value of the wrong kind names the parameter and what it allows, and a missing
required parameter is named. Each error carries the parameter in ``ConfigError.keys``, which a config
reader turns into the line of the file the parameter is on.

>>> from rewardkit.rewards.accuracy import AccuracyReward
>>> check_params("accuracy", AccuracyReward, {"policy": "strictt"})
Traceback (most recent call last):
...
rewardkit.errors.ConfigError: reward 'accuracy': parameter 'policy' must be one of 'flexible', 'strict', ...
>>> from rewardkit.rewards.length import LengthPenaltyReward
>>> check_params("length_penalty", LengthPenaltyReward, {"alpha": 0.1, "targt": 200})
Traceback (most recent call last):
...
rewardkit.errors.ConfigError: reward 'length_penalty': unknown parameter 'targt' (did you mean 'target'?); ...
"""

from __future__ import annotations

import collections.abc as abc
import difflib
import inspect
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rewardkit.errors import ConfigError

__all__ = ["Parameter", "check_params", "parameters"]


@dataclass(frozen=True)
class Parameter:
    """One keyword a constructor takes: its name, its type hint (``Any`` when it has none), and whether
    a spec must give it."""

    name: str
    hint: Any
    required: bool


def parameters(factory: Callable[..., Any]) -> dict[str, Parameter]:
    """The keyword parameters ``factory`` accepts, following ``**options`` up the class hierarchy (a
    reward that forwards its options to its base accepts the base's parameters too).

    >>> from rewardkit.rewards.accuracy import StepReward
    >>> sorted(parameters(StepReward))[:4]
    ['beta', 'cap', 'decimals', 'gold_key']
    """
    found: dict[str, Parameter] = {}
    if inspect.isclass(factory):
        functions = [c.__dict__["__init__"] for c in factory.__mro__ if "__init__" in c.__dict__]
    else:
        functions = [factory]
    for function in functions:
        if function is object.__init__:
            break
        try:
            hints = typing.get_type_hints(function)
        except Exception:  # a hint that cannot be resolved is not checked, never a crash
            hints = {}
        forwards = False
        for p in inspect.signature(function).parameters.values():
            if p.kind is p.VAR_KEYWORD:
                forwards = True
            elif p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and p.name != "self":
                found.setdefault(p.name, Parameter(p.name, hints.get(p.name, Any), p.default is p.empty))
        if not forwards:
            break
    return found


def _allowed(hint: Any, value: Any) -> str | None:
    """None when ``value`` fits ``hint``, else what the hint allows, worded for a message. Hints this
    cannot judge (protocols, type variables) allow anything: the constructor still checks them."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any or hint is object:
        return None
    if origin is typing.Literal:
        return None if value in args and type(value) in {type(a) for a in args} else _one_of(args)
    if origin in (typing.Union, types.UnionType):
        wanted = []
        for option in args:
            why = _allowed(option, value)
            if why is None:
                return None
            wanted.append(why)
        return " or ".join(dict.fromkeys(wanted))
    if hint is type(None):
        return None if value is None else "null"
    if hint is bool:
        return None if isinstance(value, bool) else "true or false"
    if hint is int:
        integral = isinstance(value, int) or (isinstance(value, float) and value.is_integer())
        return None if integral and not isinstance(value, bool) else "an integer"
    if hint is float:
        return None if isinstance(value, (int, float)) and not isinstance(value, bool) else "a number"
    if hint is str:
        return None if isinstance(value, str) else "a string"
    kind = origin or hint
    if kind in (abc.Callable, typing.Callable):
        return None if callable(value) else "a callable"
    if kind in (dict, abc.Mapping):
        return None if isinstance(value, Mapping) else "a mapping"
    if kind in (list, tuple, abc.Sequence, abc.Iterable):
        # a YAML or JSON spec has lists where Python has tuples; a fixed-size tuple wants that many items
        fixed = len(args) if kind is tuple and args and ... not in args else None
        if isinstance(value, (list, tuple)) and (fixed is None or len(value) == fixed):
            return None
        return "a list" if fixed is None else f"a list of {fixed} values"
    return None


def _words(hint: Any) -> list[str]:
    """The string values a hint lists (``Literal["cut", "penalize"]``), for a close-match suggestion."""
    if typing.get_origin(hint) is typing.Literal:
        return [a for a in typing.get_args(hint) if isinstance(a, str)]
    return [w for option in typing.get_args(hint) for w in _words(option)]


def _one_of(values: Iterable[Any]) -> str:
    return "one of " + ", ".join(repr(v) for v in values)


def _error(message: str, *keys: str) -> ConfigError:
    exc = ConfigError(message)
    exc.keys = keys
    return exc


def check_params(
    name: str,
    factory: Callable[..., Any],
    given: Mapping[str, Any],
    *,
    what: str = "reward",
    supplied: Iterable[str] = (),
) -> None:
    """ConfigError unless ``given`` are keyword parameters ``factory`` accepts, of the kinds its type
    hints allow, with every required one present (see the module docstring). ``supplied``: parameters
    the caller passes itself (a combinator's built ``reward``), not part of the spec's options."""
    known = {k: p for k, p in parameters(factory).items() if k not in set(supplied)}
    label = f"{what} {name!r}"
    for key, value in given.items():
        if key not in known:
            close = difflib.get_close_matches(str(key), known, n=1, cutoff=0.6)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise _error(
                f"{label}: unknown parameter {key!r}{hint}; parameters: {', '.join(sorted(known))}", str(key)
            )
        allowed = _allowed(known[key].hint, value)
        if allowed is not None:
            close = (
                difflib.get_close_matches(value, _words(known[key].hint), n=1)
                if isinstance(value, str)
                else []
            )
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise _error(f"{label}: parameter {key!r} must be {allowed}, got {value!r}{hint}", str(key))
    missing = [p.name for p in known.values() if p.required and p.name not in given]
    if missing:
        raise _error(
            f"{label}: missing required parameter{'s' if len(missing) > 1 else ''} "
            f"{', '.join(repr(m) for m in missing)}"
        )
