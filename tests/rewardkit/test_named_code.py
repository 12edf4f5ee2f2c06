"""Code named by a spec (``module:callable``): checked before anything is called, and named in a file only
where the user opted in. Every payload here targets a sentinel path that must never appear."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from paths import REPO

from rewardkit.cli import main
from rewardkit.errors import CodeNotAllowedError, ConfigError
from rewardkit.rewards import build
from runners import grpo
from runners.config import build_reward, load_config


def payloads(sentinel: Path, keep: Path) -> list[object]:
    """Specs that, called at build time, would create ``sentinel`` or delete the folder ``keep``."""
    command = f"touch {sentinel}"
    return [
        {"os:system": {"command": command}},
        {"posix:system": {"command": command}},
        {"subprocess:run": {"args": command, "shell": True}},
        {"subprocess:Popen": {"args": command, "shell": True}},
        {"builtins:exec": {"source": f"open({str(sentinel)!r}, 'w')"}},
        "builtins:eval",
        {"shutil:rmtree": {"path": str(keep)}},
        {"accuracy": 1.0, "os:system": {"command": command, "weight": 1.0}},
        {"gate": {"reward": "accuracy", "on": {"os:system": {"command": command}}}},
        {"importlib:import_module": {"name": "antigravity"}},
    ]


@pytest.fixture
def targets(tmp_path: Path) -> tuple[Path, Path]:
    keep = tmp_path / "keep"
    keep.mkdir()
    (keep / "file").write_text("still here")
    return tmp_path / "SENTINEL", keep


def assert_nothing_ran(sentinel: Path, keep: Path) -> None:
    assert not sentinel.exists(), "a payload ran"
    assert (keep / "file").read_text() == "still here", "a payload deleted a folder"


def test_standard_library_callables_are_refused_by_build(targets: tuple[Path, Path]) -> None:
    sentinel, keep = targets
    for spec in payloads(sentinel, keep):
        with pytest.raises(ConfigError, match="standard library"):
            build(spec)
        assert_nothing_ran(sentinel, keep)


def test_a_user_module_that_reexports_a_stdlib_callable_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, targets: tuple[Path, Path]
) -> None:
    sentinel, keep = targets
    (tmp_path / "reexports.py").write_text(
        "import functools\nimport os\nimport subprocess\nfrom os import system\n"
        "run = subprocess.run\nshell = functools.partial(os.system)\njoin = ''.join\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("system", "run", "shell", "join"):
        with pytest.raises(ConfigError, match=r"from .* in Python's standard library"):
            build({f"reexports:{name}": {"command": f"touch {sentinel}"}})
    with pytest.raises(ConfigError, match="dunder"):
        build("reexports:os.__dict__")
    assert_nothing_ran(sentinel, keep)


def test_user_rewards_still_build() -> None:
    assert build("reward_helpers:says_boxed")(completions=["\\boxed{9}"], answer=["1"]) == [1.0]
    assert build({"tests.reward_helpers:make_constant": {"value": 0.25}})(completions=["x"]) == [0.25]
    assert build("runners.marker_reward:AnswerMarkerReward")(completions=["#### 5"]) == [1.0]


def test_stress_refuses_a_stdlib_callable(
    targets: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    sentinel, keep = targets
    for spec in payloads(sentinel, keep):
        assert main(["stress", spec if isinstance(spec, str) else json.dumps(spec), "--probe", "empty"]) == 2
        err = capsys.readouterr().err
        assert "standard library" in err and "Traceback" not in err
        assert_nothing_ran(sentinel, keep)
    assert main(["stress", "--allow-code", "os:system"]) == 2
    assert_nothing_ran(sentinel, keep)


def test_stress_runs_code_named_in_a_spec_file_only_with_allow_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps({"reward_helpers:says_boxed": 1.0}))
    assert main(["stress", f"@{spec}", "--probe", "several_boxes"]) == 2
    err = capsys.readouterr().err
    assert "names code outside rewardkit" in err and "--allow-code" in err
    # the same spec typed on the command line names its code in plain sight
    assert main(["stress", json.dumps({"reward_helpers:says_boxed": 1.0}), "--probe", "several_boxes"]) == 1
    assert main(["stress", f"@{spec}", "--allow-code", "--probe", "several_boxes"]) == 1  # the box is farmed
    # rewardkit's own packages need no opt-in
    spec.write_text(json.dumps({"accuracy": 1.0, "runners.marker_reward:AnswerMarkerReward": 0.2}))
    assert main(["stress", f"@{spec}", "--probe", "correct"]) == 0


def write_config(path: Path, reward: object, *extra: str) -> Path:
    path.write_text("\n".join(["output_dir: runs/x", *extra, f"reward: {json.dumps(reward)}", ""]))
    return path


def test_a_train_config_refuses_stdlib_callables_even_when_code_is_allowed(
    tmp_path: Path, targets: tuple[Path, Path]
) -> None:
    sentinel, keep = targets
    for extra in ((), ("allow_code: true",)):
        for spec in payloads(sentinel, keep):
            config = load_config(grpo.Args, str(write_config(tmp_path / "c.yaml", spec, *extra)), [])
            with pytest.raises(ConfigError, match=r"c\.yaml:\d+: key 'reward.*standard library"):
                build_reward(config)
            assert_nothing_ran(sentinel, keep)


def test_train_command_refuses_os_system(
    tmp_path: Path, targets: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    sentinel, keep = targets
    config = write_config(tmp_path / "c.yaml", {"os:system": {"command": f"touch {sentinel}"}})
    # a model that cannot load: were the reward built, the run would stop there instead of training
    argv = [
        "train",
        "grpo",
        "--config",
        str(config),
        f"output_dir={tmp_path / 'run'}",
        "model.source=/nonexistent",
    ]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert (
        f"{config}:2: key 'reward.os:system'" in err and "standard library" in err and "Traceback" not in err
    )
    assert_nothing_ran(sentinel, keep)


def test_a_train_config_names_user_code_only_with_allow_code(tmp_path: Path) -> None:
    spec = {"accuracy": 1.0, "reward_helpers:says_boxed": 0.5}
    path = write_config(tmp_path / "c.yaml", spec)
    with pytest.raises(CodeNotAllowedError, match="outside rewardkit") as refused:
        build_reward(load_config(grpo.Args, str(path), []))
    assert str(refused.value).startswith(f"{path}:2: key 'reward.reward_helpers:says_boxed'")
    assert "allow_code: true" in str(refused.value)

    for config in (
        load_config(grpo.Args, str(path), ["allow_code=true"]),
        load_config(grpo.Args, str(write_config(tmp_path / "ok.yaml", spec, "allow_code: true")), []),
        load_config(grpo.Args, None, [f"reward={json.dumps(spec)}"]),  # typed on the command line
        grpo.Args(reward=spec),  # built in Python
    ):
        assert build_reward(config)(completions=["\\boxed{1}"], answer=["1"]) == [1.5]
    # the shipped configs name only rewardkit's own code
    shipped = REPO / "runners" / "configs" / "grpo_tiny.yaml"
    build_reward(load_config(grpo.Args, str(shipped), []))


def test_the_sentinel_machinery_sees_a_payload_that_does_run(targets: tuple[Path, Path]) -> None:
    """The check above would pass vacuously if the payloads could not run at all: called directly they do."""
    sentinel, keep = targets
    import subprocess

    subprocess.run(f"touch {sentinel}", shell=True, check=True)
    shutil.rmtree(keep)
    assert sentinel.exists() and not keep.exists()


@pytest.mark.parametrize(
    ("text", "shaped"),
    [
        ("mypackage.graders:exact", True),
        ("rewardkit:strict", True),
        ("pkg:Class.method", True),
        ("math-verify", False),
        ("accuracy", False),
        (":attr", False),
        ("module:", False),
        ("a b:c", False),
    ],
)
def test_is_code_name(text: str, shaped: bool) -> None:
    from rewardkit.named_code import is_code_name

    assert is_code_name(text) is shaped


def test_resolve_callable_keeps_the_checks_of_resolve(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rewardkit.errors import CodeNotAllowedError, ConfigError
    from rewardkit.named_code import resolve_callable

    with pytest.raises(ConfigError, match="standard library"):
        resolve_callable("builtins:eval", what="grader")
    with pytest.raises(ConfigError, match=r"'REWARDS' is not callable"):
        resolve_callable("rewardkit.rewards:REWARDS", what="grader")
    (tmp_path / "side_effect_grader.py").write_text("raise SystemExit('imported')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(CodeNotAllowedError):  # refused before the import runs it
        resolve_callable("side_effect_grader:judge", what="grader", allow_external=False)
    assert resolve_callable("rewardkit:grade", what="grader").__name__ == "grade"
