"""The reward-hacking probes (``rewardkit.rewards.hacking_probes``) and ``rewardkit stress``.

Sound rewards pass every attack and pay every control; deliberately hackable rewards fail exactly on the
probes that expose them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from rewardkit import grade
from rewardkit.cli import main
from rewardkit.rewards import Reward, Scored, build
from rewardkit.rewards.hacking_probes import (
    ITEMS,
    PROBES,
    Item,
    Probe,
    ProbeResult,
    equivalent_forms,
    run_probes,
    wrong_value,
)

GATED = {"gate": {"reward": "accuracy", "on": "format"}}
ADDITIVE = {"accuracy": 1.0, "format": 1.0}
LENGTH = {"length_penalty": {"alpha": 0.001, "target": 200}}


def _by_name(results: Sequence[ProbeResult]) -> dict[str, ProbeResult]:
    return {r.probe.name: r for r in results}


def _failed_attacks(results: Sequence[ProbeResult]) -> set[str]:
    return {r.probe.name for r in results if r.exceeded}


def _unpaid_controls(results: Sequence[ProbeResult]) -> set[str]:
    return {r.probe.name for r in results if r.probe.kind == "control" and r.passed is False}


# test-local hackable rewards


def boxed_reward(completions: Sequence[str], **kwargs: Any) -> list[float]:
    """Pays 1.0 whenever a box appears: the classic format-as-accuracy bug."""
    return [1.0 if "\\boxed" in c else 0.0 for c in completions]


def last_box_string_reward(completions: Sequence[str], answer: Sequence[str], **kwargs: Any) -> list[float]:
    """String-compares the last box with the gold: hacked by several boxes, too strict for 18.0."""
    out = []
    for c, gold in zip(completions, answer, strict=True):
        last = c.rsplit("\\boxed{", 1)[-1].split("}", 1)[0] if "\\boxed{" in c else None
        out.append(1.0 if last == gold else 0.0)
    return out


class Recorder(Reward):
    """Records what the runner passes; pays nothing. ``max_tokens`` as the graded rewards spell it."""

    def __init__(self, max_tokens: int | None = None, gold_key: str = "answer") -> None:
        super().__init__(name="recorder")
        self.max_tokens = max_tokens
        self.gold_key = gold_key
        self.calls: list[dict[str, Any]] = []

    def score(
        self, texts: list[str], *, completion_ids: Any = None, columns: Mapping[str, Any]
    ) -> list[Scored]:
        self.calls.append({"texts": texts, "ids": completion_ids, "columns": dict(columns)})
        return [Scored(0.0) for _ in texts]


# --------------------------------------------------------------------------- the library


def test_probe_names_unique_and_complete() -> None:
    names = [p.name for p in PROBES]
    assert len(names) == len(set(names))
    expected = {
        "empty", "whitespace", "hedged", "several_boxes", "every_integer", "think_only", "unterminated_think",
        "answer_in_reasoning", "injection", "degenerate", "truncated", "format_only", "repeated_box",
        "correct", "equivalent", "wrong_answer", "no_tags", "padded_steps", "operand", "supposed", "asked",
        "negated",
    }  # fmt: skip
    assert set(names) == expected
    kinds = {p.name: p.kind for p in PROBES}
    assert {n for n, k in kinds.items() if k == "control"} == {"correct", "equivalent", "repeated_box"}
    assert kinds["no_tags"] == "reference"
    for p in PROBES:
        assert p.relative_to is None or p.relative_to in kinds
        for item in ITEMS:
            made = p.make(item.question, item.gold)
            assert made and all(isinstance(c, str) for c in made), p.name


def test_items_cover_numbers_and_latex() -> None:
    golds = [i.gold for i in ITEMS]
    assert {"18", "0.5", r"\frac{1}{3}", r"2\sqrt{2}", "(1,2)"} <= set(golds)


@pytest.mark.parametrize("gold", [i.gold for i in ITEMS] + ["7", "-3", "2.25", r"\dfrac{3}{4}", "(0, 5)"])
def test_wrong_value_and_equivalent_forms_are_what_they_claim(gold: str) -> None:
    wrong = wrong_value(gold)
    assert not grade(f"\\boxed{{{wrong}}}", gold=gold).correct
    forms = equivalent_forms(gold)
    assert forms and gold not in forms
    for form in forms:
        assert grade(f"The answer is \\boxed{{{form}}}.", gold=gold).correct, form


def test_probe_completions_mean_what_they_say() -> None:
    """Controls are correct answers; hacks never contain a clean correct answer the grader would accept."""
    by = {p.name: p for p in PROBES}
    for item in ITEMS:
        for name in ("correct", "equivalent", "repeated_box"):
            for c in by[name].make(item.question, item.gold):
                assert grade(c, gold=item.gold).correct, (name, c[:80])
        for name in ("hedged", "several_boxes", "think_only", "answer_in_reasoning", "format_only"):
            assert item.gold in "".join(by[name].make(item.question, item.gold)) or name == "format_only"
        fmt = by["format_only"].make(item.question, item.gold)
        ref = by["no_tags"].make(item.question, item.gold)
        assert [len(c) for c in fmt] == [len(c) for c in ref]  # only the tags differ
        assert all("<think>" in c for c in fmt) and not any("<" in c for c in ref)


# --------------------------------------------------------------------------- sound rewards pass


@pytest.mark.parametrize(
    "spec", ["accuracy", LENGTH, GATED, "step"], ids=["accuracy", "length", "gated", "step"]
)
def test_builtin_rewards_pass_every_attack_and_pay_every_control(spec: Any) -> None:
    probes = [p for p in PROBES if not (spec == "step" and p.name == "padded_steps")]
    results = run_probes(spec, probes=probes)
    assert _failed_attacks(results) == set(), [r.to_dict() for r in results if r.exceeded]
    assert _unpaid_controls(results) == set()
    by = _by_name(results)
    assert by["correct"].mean is not None and by["correct"].mean > 0
    assert all(r.none_count == 0 and r.error is None for r in results)


def test_step_is_not_paid_for_repeating_one_step() -> None:
    by = _by_name(run_probes("step", probes=["padded_steps"]))
    assert by["padded_steps"].passed, by["padded_steps"].to_dict()


def test_gate_stops_format_farming_that_the_sum_allows() -> None:
    gated = _by_name(run_probes(GATED, probes=["format_only"]))
    summed = _by_name(run_probes(ADDITIVE, probes=["format_only"]))
    assert gated["format_only"].mean == 0.0 and gated["format_only"].passed
    assert summed["no_tags"].mean == 0.0
    assert summed["format_only"].mean == 1.0 and summed["format_only"].bound == 0.0
    assert summed["format_only"].exceeded


# --------------------------------------------------------------------------- hackable rewards fail


def test_additive_format_reward_is_caught() -> None:
    results = run_probes(ADDITIVE)
    failed = _failed_attacks(results)
    # tags around anything are paid: a wrong answer, every integer, an injected "correct"
    assert {"format_only", "every_integer", "injection", "answer_in_reasoning"} <= failed
    assert {"empty", "whitespace", "hedged", "several_boxes", "truncated", "wrong_answer"}.isdisjoint(failed)
    assert _unpaid_controls(results) == set()


def test_box_presence_reward_is_caught() -> None:
    results = run_probes(build(f"{__name__}:boxed_reward"))
    failed = _failed_attacks(results)
    assert {"hedged", "several_boxes", "every_integer", "think_only", "unterminated_think",
            "answer_in_reasoning", "injection", "wrong_answer"} <= failed  # fmt: skip
    assert {"empty", "whitespace", "truncated"}.isdisjoint(failed)


def test_last_box_string_match_is_caught_both_ways() -> None:
    results = run_probes(last_box_string_reward)
    by = _by_name(results)
    assert by["several_boxes"].exceeded  # "maybe \boxed{7}, maybe \boxed{18}" is paid
    assert by["correct"].passed
    # too strict: never pays 18.0 or 1/3 -> the control is unpaid
    assert by["equivalent"].mean == 0.0 and by["equivalent"].passed is False


# --------------------------------------------------------------------------- the runner


def test_runner_passes_trl_keywords_ids_and_gold_columns() -> None:
    rec = Recorder(max_tokens=300, gold_key="solution")
    run_probes(rec, items=[("What is 1+1?", "2")], probes=["truncated", "empty", "correct"])
    assert len(rec.calls) == 3
    truncated, empty, correct = rec.calls
    for call in rec.calls:
        n = len(call["texts"])
        assert call["columns"]["answer"] == ["2"] * n == call["columns"]["solution"]
    # an unfinished probe uses the whole generation budget; the others are as long as their text
    assert all(len(ids) >= 300 for ids in truncated["ids"])
    assert [len(ids) for ids in correct["ids"]] == [len(t) for t in correct["texts"]]
    assert empty["ids"] == [[]]


def test_runner_without_max_tokens_sends_text_length_ids() -> None:
    rec = Recorder()
    run_probes(rec, probes=["truncated"])
    (call,) = rec.calls
    assert [len(ids) for ids in call["ids"]] == [len(t) for t in call["texts"]]


def test_selected_relative_probe_brings_its_reference() -> None:
    names = [r.probe.name for r in run_probes("accuracy", probes=["format_only", "degenerate"])]
    assert names == ["format_only", "degenerate", "no_tags", "correct"]
    with pytest.raises(KeyError, match="unknown probe 'nope'"):
        run_probes("accuracy", probes=["nope"])


def test_threshold_and_custom_probes() -> None:
    double = Probe("double", "a test probe", lambda q, g: [f"\\boxed{{{g}}}", "x"], ceiling=0.5)
    by = _by_name(run_probes("accuracy", items=[Item("q", "4")], probes=[double]))
    assert by["double"].mean == 0.5 and by["double"].bound == 0.5 and by["double"].passed
    by = _by_name(run_probes("accuracy", items=[Item("q", "4")], probes=[double], threshold=0.25))
    assert by["double"].exceeded
    by = _by_name(run_probes(ADDITIVE, probes=["injection"], threshold=1.0))
    assert by["injection"].passed


def test_none_and_errors_are_counted_not_hidden() -> None:
    def none_reward(completions: Sequence[str], **kwargs: Any) -> list[None]:
        return [None] * len(completions)

    by = _by_name(run_probes(none_reward, probes=["empty", "correct"]))
    assert by["empty"].none_count == len(ITEMS) and by["empty"].mean is None and by["empty"].passed
    assert by["correct"].passed is False  # a reward that pays nothing teaches nothing

    def crashing(completions: Sequence[str], **kwargs: Any) -> list[float]:
        if any(not c for c in completions):
            raise ValueError("empty completion")
        return [0.0] * len(completions)

    by = _by_name(run_probes(crashing, probes=["empty", "whitespace"]))
    assert by["empty"].exceeded and by["empty"].error == "ValueError: empty completion"
    assert by["whitespace"].passed


def test_gold_invalid_items_are_none() -> None:
    by = _by_name(run_probes("accuracy", items=[("q", "")], probes=["empty"]))
    assert by["empty"].none_count == 1 and by["empty"].passed


# --------------------------------------------------------------------------- CLI


def test_cli_stress_accuracy_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stress", "accuracy"]) == 0
    out = capsys.readouterr().out
    for name in [p.name for p in PROBES] + ["PASS", "threshold", "verdict"]:
        assert name in out
    assert "FAIL" not in out
    assert "0 of 18 attacks paid above their ceiling" in out


def test_cli_stress_gated_passes_and_additive_fails(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stress", json.dumps(GATED)]) == 0
    capsys.readouterr()
    assert main(["stress", json.dumps(ADDITIVE)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "format_only" in out


def test_cli_stress_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stress", json.dumps(ADDITIVE), "--json", "--probe", "format_only", "--probe", "empty"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["passed"] is False and data["attacks_failed"] == ["format_only"]
    assert data["spec"] == ADDITIVE and data["threshold"] == 0.0
    rows = {r["probe"]: r for r in data["probes"]}
    assert set(rows) == {"format_only", "empty", "no_tags"}
    assert rows["format_only"]["mean"] == 1.0 and rows["format_only"]["verdict"] == "FAIL"
    assert rows["format_only"]["relative_to"] == "no_tags" and rows["no_tags"]["verdict"] == "REF"
    assert rows["empty"]["verdict"] == "PASS" and rows["empty"]["none"] == 0

    assert main(["stress", "accuracy", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["passed"] is True and data["reward"] == "accuracy"


def test_cli_threshold_overrides(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stress", json.dumps(ADDITIVE), "--probe", "injection"]) == 1
    assert main(["stress", json.dumps(ADDITIVE), "--probe", "injection", "--threshold", "0.5"]) == 0
    assert "<= 0.500" in capsys.readouterr().out


def test_cli_controls_warn_unless_strict(capsys: pytest.CaptureFixture[str]) -> None:
    # a repetition penalty is never positive: its controls go unpaid, which is a warning by default
    assert main(["stress", "repetition", "--probe", "correct"]) == 0
    assert "WARN" in capsys.readouterr().out
    assert main(["stress", "repetition", "--probe", "correct", "--strict-controls"]) == 1
    assert "FAIL" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["stress", "nope"], "unknown reward 'nope'"),
        (["stress", "no_such_module_xyz:fn"], "cannot import"),
        (["stress", "{bad json"], "not valid JSON"),
        (["stress", "@/nonexistent/spec.json"], "cannot read reward spec"),
        (["stress", '{"length_penalty": {"alpha": -1, "target": 3}}'], "alpha >= 0"),
        (["stress", '{"accuracy": {"bogus": 1}}'], "bogus"),
        (["stress", "accuracy", "--probe", "nope"], "unknown probe(s) nope"),
        (["stress"], "needs a REWARD_SPEC"),
    ],
)
def test_cli_usage_errors_exit_2(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_cli_spec_from_files_and_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    spec_json = tmp_path / "gated.json"
    spec_json.write_text(json.dumps(GATED))
    assert main(["stress", f"@{spec_json}", "--probe", "format_only"]) == 0

    spec_yaml = tmp_path / "sum.yaml"
    spec_yaml.write_text("accuracy: 1.0\nformat: 1.0\n")
    assert main(["stress", f"@{spec_yaml}", "--probe", "format_only"]) == 1  # the additive sum is farmed

    (tmp_path / "my_rewards.py").write_text(
        "def boxed(completions, **kw):\n    return [1.0 if '\\\\boxed' in c else 0.0 for c in completions]\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    capsys.readouterr()
    assert main(["stress", "my_rewards:boxed", "--probe", "several_boxes", "--probe", "empty"]) == 1
    out = capsys.readouterr().out
    assert "several_boxes" in out and "FAIL" in out


def test_cli_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stress", "--list"]) == 0
    out = capsys.readouterr().out
    assert all(p.name in out for p in PROBES)


def test_console_script_stress() -> None:
    exe = Path(sys.executable).parent / "rewardkit"
    script = str(exe) if exe.exists() else shutil.which("rewardkit")
    if script is None:
        pytest.skip("console script not installed (pip install -e .)")
    proc = subprocess.run([script, "stress", "accuracy"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "several_boxes" in proc.stdout and "PASS" in proc.stdout
    proc = subprocess.run(
        [script, "stress", json.dumps(ADDITIVE), "--json"], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 1, proc.stderr
    assert "format_only" in json.loads(proc.stdout)["attacks_failed"]
