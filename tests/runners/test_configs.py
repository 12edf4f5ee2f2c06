"""Every shipped recipe config loads into its recipe's config class, and its first line runs it."""

from __future__ import annotations

import dataclasses
import importlib
import re
from pathlib import Path
from typing import Any

import pytest
from paths import REPO

from runners.config import load_config

CONFIGS = sorted((REPO / "runners" / "configs").glob("*.yaml"))


FIRST_LINE = re.compile(r"# rewardkit train (\w+) --config runners/configs/(\S+)(\s|$)")


def _recipe(path: Path) -> str:
    """The recipe a config is for: the algorithm in its first line's command, which must also name the file
    itself; failing that line, its file name's prefix (grpo_tiny.yaml → grpo; the longest match wins)."""
    from runners.commands import ALGORITHMS

    match = FIRST_LINE.match(path.read_text(encoding="utf-8").splitlines()[0])
    if match:
        assert match.group(2) == path.name, f"{path.name}: its first line runs {match.group(2)}"
        name = match.group(1)
    else:
        prefixes = [n for n in ALGORITHMS if path.stem == n or path.stem.startswith(n + "_")]
        assert prefixes, f"{path.name}: no recipe named like it (one of {sorted(ALGORITHMS)})"
        name = max(prefixes, key=len)
    assert name in ALGORITHMS, f"{path.name}: unknown recipe {name!r}"
    return name


def _config_class(module: Any) -> type:
    """The recipe's config dataclass: ``Args``, else its one ``*Args`` dataclass."""
    if dataclasses.is_dataclass(getattr(module, "Args", None)):
        return module.Args
    found = [
        value
        for name, value in vars(module).items()
        if name.endswith("Args")
        and isinstance(value, type)
        and dataclasses.is_dataclass(value)
        and value.__module__ == module.__name__
    ]
    assert len(found) == 1, f"{module.__name__}: expected one config dataclass named *Args, found {found}"
    return found[0]


def test_there_are_configs():
    assert {"grpo_tiny.yaml", "rloo_tiny.yaml", "sft_tiny.yaml"} <= {p.name for p in CONFIGS}


@pytest.mark.parametrize("path", CONFIGS, ids=[p.name for p in CONFIGS])
def test_config_loads_into_its_recipe(path):
    from runners.commands import ALGORITHMS

    name = _recipe(path)
    module_name = ALGORITHMS[name]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:  # a recipe that needs an extra not installed here
        pytest.skip(f"{module_name} needs {exc.name}")
    config_cls = _config_class(module)
    config = load_config(config_cls, str(path), [])
    assert isinstance(config, config_cls)
    assert FIRST_LINE.match(path.read_text(encoding="utf-8").splitlines()[0]), "line 1: the command"
    assert config.output_dir, "a config names its run folder"
