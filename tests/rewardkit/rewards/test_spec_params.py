"""Every built-in reward's parameters are checked when its spec is built: unknown names (with the closest
known one), values of the wrong kind (naming what is allowed), missing required ones; and the error names
the parameter, so a config file's reader can name its line."""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Any

import pytest

from rewardkit.errors import ConfigError
from rewardkit.named_code import resolve
from rewardkit.rewards import REWARDS, build
from rewardkit.rewards.params import parameters

# the fewest parameters each built-in needs
MINIMAL: dict[str, dict[str, Any]] = {name: {} for name in REWARDS}
MINIMAL["length_penalty"] = {"alpha": 0.001, "target": 200}


def _factory(name: str) -> Any:
    return resolve(REWARDS[name], what="reward")


def _typo(word: str) -> str:
    """One letter dropped from the middle: 'target' -> 'taget'."""
    i = len(word) // 2
    return word[:i] + word[i + 1 :]


def _literal_params(name: str) -> list[tuple[str, list[str]]]:
    out = []
    for p in parameters(_factory(name)).values():
        for hint in (p.hint, *typing.get_args(p.hint)):
            if typing.get_origin(hint) is typing.Literal:
                out.append((p.name, [a for a in typing.get_args(hint) if isinstance(a, str)]))
    return out


def _typed_params(name: str, kind: type) -> list[str]:
    return [p.name for p in parameters(_factory(name)).values() if p.hint is kind]


@pytest.mark.parametrize("name", sorted(REWARDS))
def test_minimal_spec_builds(name):
    assert build({name: MINIMAL[name]}).name == name


CASES = [(name, param) for name in sorted(REWARDS) for param in parameters(_factory(name)) if len(param) > 3]


@pytest.mark.parametrize(("name", "param"), CASES)
def test_misspelt_parameter_is_unknown_with_a_suggestion(name, param):
    wrong = _typo(param)
    with pytest.raises(ConfigError) as info:
        build({name: {**MINIMAL[name], wrong: 1}})
    message = str(info.value)
    assert f"unknown parameter {wrong!r}" in message
    assert f"did you mean {param!r}?" in message
    assert info.value.keys == (name, wrong)
    assert "missing" not in message


LITERALS = [(name, param, words) for name in sorted(REWARDS) for param, words in _literal_params(name)]


def test_every_choice_parameter_is_in_the_table():
    # policy on every graded reward, the unit of the length rewards, format's mode, trajectory's overflow
    assert {(n, p) for n, p, _ in LITERALS} >= {
        ("accuracy", "policy"),
        ("step", "policy"),
        ("cosine", "policy"),
        ("trajectory", "policy"),
        ("length_penalty", "unit"),
        ("overlong", "unit"),
        ("repetition", "unit"),
        ("format", "mode"),
        ("trajectory", "overflow"),
    }


@pytest.mark.parametrize(("name", "param", "words"), LITERALS)
def test_a_choice_outside_the_allowed_ones_names_them(name, param, words):
    wrong = words[0] + words[0][-1]  # 'strict' -> 'strictt'
    with pytest.raises(ConfigError) as info:
        build({name: {**MINIMAL[name], param: wrong}})
    message = str(info.value)
    assert f"parameter {param!r} must be " in message and "one of" in message
    assert all(repr(w) in message for w in words)
    assert f"did you mean {words[0]!r}?" in message
    assert info.value.keys == (name, param)


NUMBERS = [(n, p) for n in sorted(REWARDS) for p in _typed_params(n, float) + _typed_params(n, int)]


@pytest.mark.parametrize(("name", "param"), NUMBERS)
def test_a_number_parameter_refuses_text_and_booleans(name, param):
    for wrong in ("0.5", True):
        with pytest.raises(ConfigError, match=rf"parameter '{param}' must be (a number|an integer)"):
            build({name: {**MINIMAL[name], param: wrong}})


@pytest.mark.parametrize("missing", ["alpha", "target"])
def test_a_missing_required_parameter_is_named(missing):
    params = {k: v for k, v in MINIMAL["length_penalty"].items() if k != missing}
    with pytest.raises(ConfigError, match=rf"missing required parameter '{missing}'"):
        build({"length_penalty": params})


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ({"gate": {"reward": "accuracy", "on": "format", "treshold": 1}}, "did you mean 'threshold'?"),
        ({"clip": {"reward": "accuracy", "hihg": 1}}, "did you mean 'high'?"),
        ({"clip": {"reward": "accuracy", "low": "zero"}}, "parameter 'low' must be a number or null"),
        ({"sum": {"accuracy": 1.0, "format": {"weight": 0.5, "mdoe": "strict"}}}, "did you mean 'mode'?"),
    ],
)
def test_combinators_and_weighted_parts_are_checked_too(spec, message):
    with pytest.raises(ConfigError, match=message.replace("?", r"\?")):
        build(spec)


def test_list_values_from_a_file_are_accepted_where_python_has_tuples():
    assert build({"trajectory": {"clip": [0, 1]}}).clip == (0.0, 1.0)
    with pytest.raises(ConfigError, match="parameter 'clip' must be a list of 2 values or null"):
        build({"trajectory": {"clip": [0, 1, 2]}})


def test_the_error_names_the_config_file_line_of_the_parameter(tmp_path):
    config_module = pytest.importorskip("runners.config")

    @dataclass
    class Opt:
        reward: Any = "accuracy"

    config = tmp_path / "c.yaml"
    config.write_text("reward:\n  accuracy:\n    gold_key: answer\n    policy: strictt\n", encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        config_module.build_reward(config_module.load_config(Opt, str(config), []))
    assert str(info.value).startswith(f"{config}:4: key 'reward.accuracy.policy': ")
    assert "one of 'flexible', 'strict'" in str(info.value)
