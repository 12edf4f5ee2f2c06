"""Code named by a spec (``"package.module:attribute"``): resolved, then checked before anything is called.

A reward spec or an audit grader may name user code. Importing a module runs it and the resolved object is
called with the spec's parameters, so a spec that named ``os:system`` with ``{"command": ...}`` used to run a
shell command while the reward was being built. The rules, in order:

* a name inside Python's standard library or builtins (``os``, ``subprocess``, ``builtins``, ``shutil``,
  ``posix``, ...) is refused before it is imported: no standard-library callable is a reward;
* with ``allow_external=False`` (a spec read from a file whose reader did not opt in), a name outside
  rewardkit's own packages is refused before it is imported;
* after resolution, the object must come from outside the standard library too: the module that defined it
  (for an instance, its class's module) decides, so ``mypackage:system`` where ``system = os.system`` is
  refused as well. Dunder attributes are never followed.

>>> resolve("os:system", what="reward")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
rewardkit.errors.ConfigError: reward 'os:system' names 'os', a module of Python's standard library: ...
>>> resolve("rewardkit.rewards.accuracy:AccuracyReward", what="reward").__name__
'AccuracyReward'
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

from rewardkit.errors import CodeNotAllowedError, ConfigError
from rewardkit.lazy_regex import lazy_compile

__all__ = [
    "OWN_PACKAGES",
    "defining_module",
    "is_code_name",
    "is_own_code",
    "is_standard_library",
    "resolve",
    "resolve_callable",
]

STANDARD_LIBRARY = frozenset(sys.stdlib_module_names) | frozenset(sys.builtin_module_names)
# the packages of this distribution: a spec read from a file may name them without opting in
OWN_PACKAGES = frozenset({"rewardkit", "evalkit", "runners"})


# a dotted module path, a colon, a dotted attribute path: what a spec that names code looks like
_CODE_NAME = lazy_compile(r"[A-Za-z_][\w.]*:[A-Za-z_][\w.]*")


def is_code_name(text: str) -> bool:
    """Whether ``text`` has the shape of a ``module:attribute`` name (nothing is imported to tell).

    >>> is_code_name("mypackage.graders:exact"), is_code_name("rewardkit:strict"), is_code_name("math-verify")
    (True, True, False)
    """
    return _CODE_NAME.fullmatch(text) is not None


def _top_level(module_name: str) -> str:
    return module_name.partition(".")[0]


def is_standard_library(module_name: str) -> bool:
    """Whether ``module_name`` (dotted) belongs to Python's standard library or its builtin modules."""
    return _top_level(module_name) in STANDARD_LIBRARY


def is_own_code(module_name: str) -> bool:
    """Whether ``module_name`` belongs to this distribution (``rewardkit``, ``evalkit``, ``runners``)."""
    return _top_level(module_name) in OWN_PACKAGES


def defining_module(obj: Any) -> str:
    """The module that defined ``obj``: its ``__module__`` (functions, classes, and instances through their
    class), else, for a method of a C object (``"".join``), the module of that object's class."""
    module = getattr(obj, "__module__", None)
    if isinstance(module, str) and module:
        return module
    owner = getattr(obj, "__self__", None)
    if owner is not None and owner is not obj:
        return defining_module(owner if isinstance(owner, type) else type(owner))
    return type(obj).__module__


def resolve(target: str, *, what: str, allow_external: bool = True) -> Any:
    """The object ``target`` (``"module:attribute"``, the attribute may be dotted) names, once it has passed
    the checks of the module docstring; ConfigError (CodeNotAllowedError for external code not allowed)
    otherwise. ``what`` names the thing in messages ("reward", "grader")."""
    module_name, sep, attribute = target.partition(":")
    if not sep or not module_name.strip() or module_name.startswith(".") or not attribute.strip():
        raise ConfigError(f"{what} {target!r}: expected 'module:callable'")
    if is_standard_library(module_name):
        raise ConfigError(
            f"{what} {target!r} names {module_name!r}, a module of Python's standard library: "
            f"a {what} must be rewardkit's or your own code"
        )
    if not allow_external and not is_own_code(module_name):
        raise CodeNotAllowedError(
            f"{what} {target!r} names code outside rewardkit: {module_name!r} would be imported and run"
        )
    parts = attribute.split(".")
    if any(part.startswith("__") and part.endswith("__") for part in parts):
        raise ConfigError(f"{what} {target!r}: a spec may not follow dunder attributes")
    try:
        obj: Any = importlib.import_module(module_name)
    except ImportError as exc:
        raise ConfigError(f"cannot import {module_name!r} for {what} {target!r}: {exc}") from exc
    for part in parts:
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise ConfigError(f"{module_name!r} has no attribute {attribute!r}") from None
    origin = defining_module(obj)
    # only a callable can run anything: a plain value (a dict, a number) is left for the caller to refuse
    if callable(obj) and is_standard_library(origin):
        raise ConfigError(
            f"{what} {target!r} is {getattr(obj, '__name__', type(obj).__name__)!r} from {origin!r} in "
            f"Python's standard library, not a {what}: a {what} must be rewardkit's or your own code"
        )
    return obj


def resolve_callable(target: str, *, what: str, allow_external: bool = True) -> Any:
    """:func:`resolve`, and the object must be callable (ConfigError naming the attribute otherwise): for
    code that is called on every input, such as an audit grader.

    >>> resolve_callable("rewardkit.rewards:REWARDS", what="grader")
    Traceback (most recent call last):
    ...
    rewardkit.errors.ConfigError: grader 'rewardkit.rewards:REWARDS': 'REWARDS' is not callable
    """
    obj = resolve(target, what=what, allow_external=allow_external)
    if not callable(obj):
        raise ConfigError(f"{what} {target!r}: {target.partition(':')[2]!r} is not callable")
    return obj
