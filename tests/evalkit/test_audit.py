"""``rewardkit audit``: two graders on the same completions, every disagreement listed.

``fixtures/report/audit.jsonl`` carries, per line, what rewardkit (flexible) and lm-eval's GSM8K
strict-match regex are known to say (``rewardkit_flexible``, ``lm_eval_strict``) and why (``note``).
"""

from __future__ import annotations

import json
import sys

import pytest
from paths import REPO

from evalkit.audit import SpecError, audit, lm_eval_extract, load_grader
from rewardkit.cli import main

FIXTURES = REPO / "fixtures" / "report"
AUDIT = FIXTURES / "audit.jsonl"


def _rows() -> list[dict]:
    return [json.loads(line) for line in AUDIT.read_text(encoding="utf-8").splitlines()]


def test_graders_say_what_the_fixture_expects():
    a, b = load_grader("rewardkit:flexible"), load_grader("lm-eval-gsm8k")
    for row in _rows():
        assert a(row["completion"], row["answer"]).correct is row["rewardkit_flexible"], row["note"]
        assert b(row["completion"], row["answer"]).correct is row["lm_eval_strict"], row["note"]


def test_cli_lists_every_disagreement(tmp_path, capsys):
    out = tmp_path / "disagree.jsonl"
    code = main(["audit", str(AUDIT), "--a", "rewardkit:flexible", "--b", "lm-eval-gsm8k", "-o", str(out)])
    assert code == 0
    expected = [(i, r) for i, r in enumerate(_rows(), 1) if r["rewardkit_flexible"] != r["lm_eval_strict"]]
    written = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [w["line"] for w in written] == [i for i, _ in expected] == [2, 3, 4, 5, 8]
    first = written[0]
    assert first["outcome"] == "only_a" and first["a"]["spec"] == "rewardkit:flexible"
    assert first["a"]["answer"] == "72" and first["b"]["answer"] is None
    hedge = next(w for w in written if w["line"] == 4)
    assert hedge["outcome"] == "only_b" and hedge["b"]["answer"] == "72"
    text = capsys.readouterr().out
    assert "5 disagreement(s)" in text and "agreement: 37.5%" in text
    assert "only A right (rewardkit:flexible)" in text


def test_policies_and_lm_eval_modes():
    assert lm_eval_extract("#### 5\n#### 6", "strict") == "5"
    assert lm_eval_extract("it costs $1,200. Then 7", "flexible") == "7"
    assert lm_eval_extract("no number", "flexible") is None
    strict, flexible = load_grader("rewardkit:strict"), load_grader("rewardkit")
    assert flexible("so 72", "72").correct and not strict("so 72", "72").correct
    assert load_grader("lm-eval-gsm8k:flexible")("so 72.", "#### 72").correct


def test_module_callable_graders(tmp_path, monkeypatch):
    (tmp_path / "my_graders.py").write_text(
        "def exact(completion, gold):\n    return completion.strip() == gold\n"
        "def partial(completion, gold):\n    return 0.6 if gold in completion else 0.1\n"
        "def broken(completion, gold):\n    raise RuntimeError('boom')\n"
        "def unsure(completion, gold):\n    return None\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "my_graders", raising=False)
    assert load_grader("my_graders:exact")("72", "#### 72").correct  # the rationale gold is reduced
    j = load_grader("my_graders:partial")("about 72", "72")
    assert j.correct and j.score == pytest.approx(0.6)
    assert not load_grader("my_graders:partial")("about 7", "72").correct
    broken = load_grader("my_graders:broken")("x", "1")
    assert broken.correct is None and broken.error == "RuntimeError: boom"
    assert load_grader("my_graders:unsure")("x", "1").correct is None
    rows = audit(
        [(1, "a", "72", "72", None)], load_grader("my_graders:broken"), load_grader("my_graders:exact")
    )
    assert rows[0].outcome == "no_verdict" and not rows[0].disagree


def test_bad_specs_are_usage_errors(capsys):
    for spec, message in (
        ("nope", "unknown grader 'nope'"),
        ("no_such_module_xyz:f", "cannot import 'no_such_module_xyz'"),
        ("rewardkit:no_such_function", "has no attribute 'no_such_function'"),
        ("rewardkit.rewards:REWARDS", "is not callable"),
        # a grader is called on every completion: builtins:eval would run them, so the standard library is out
        ("builtins:eval", "standard library"),
        ("json:loads", "standard library"),
        ("rewardkit.named_code:importlib.import_module", "standard library"),
    ):
        with pytest.raises(SpecError, match=message):
            load_grader(spec)
        assert main(["audit", str(AUDIT), "--a", spec, "--b", "rewardkit"]) == 2
        assert message in capsys.readouterr().err


def test_malformed_input_is_named_by_file_line_and_field(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        '{"answer": "3", "completion": "#### 3"}\n{"answer": null, "completion": "x"}\n{"answer": "3"}\n[1]\n'
        '{"answer": true, "completion": "x"}\n{"answer": 3, "completion": 3}\n'
        '{"answer": 3, "completion": "#### 3"}\n',
        encoding="utf-8",
    )
    assert main(["audit", str(bad), "--a", "rewardkit", "--b", "lm-eval-gsm8k"]) == 2
    captured = capsys.readouterr()
    err = captured.err
    assert f"{bad}:2: field 'answer' must be a string or a number, got null" in err
    assert f"{bad}:3: missing field 'completion'" in err
    assert f"{bad}:4: expected a JSON object" in err
    assert f"{bad}:5: field 'answer' must be a string or a number, got boolean True" in err
    assert f"{bad}:6: field 'completion' must be a string" in err
    assert f"{bad}:7:" not in err  # a numeric gold is a gold
    assert "2 samples graded" in captured.out
    assert main(["audit", str(tmp_path / "missing.jsonl"), "--a", "rewardkit", "--b", "rewardkit"]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_eval_records_work_as_input(capsys):
    records = FIXTURES / "run" / "eval" / "checkpoint-10" / "records.jsonl"
    assert main(["audit", str(records), "--a", "rewardkit:strict", "--b", "lm-eval-gsm8k:flexible"]) == 0
    text = capsys.readouterr().out
    assert "14 samples graded" in text


def test_math_verify_when_installed():
    pytest.importorskip("math_verify")
    grader = load_grader("math-verify")
    assert grader("The answer is $\\frac{1}{2}$", "0.5").correct
    assert grader("so it is 72", "Natalia sold 48+24 = <<48+24=72>>72\n#### 72").correct
    assert not grader("The answer is 3", "4").correct


def test_dotted_keys_read_nested_fields(tmp_path, capsys):
    src = tmp_path / "nested.jsonl"
    src.write_text(
        '{"answer": "72", "m": {"solution": "#### 72"}}\n{"answer": "3", "m": {"text": "#### 3"}}\n',
        encoding="utf-8",
    )
    argv = ["audit", str(src), "--a", "rewardkit", "--b", "lm-eval-gsm8k", "--completion-key", "m.solution"]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert f"{src}:2: field 'm.solution': no 'solution' under 'm' (it has: 'text')" in captured.err
    assert "1 samples graded" in captured.out
