"""Golds stored as JSON numbers (``"answer": 72``) are golds: every command that reads golds from JSONL turns
them into the same gold text (:func:`rewardkit.jsonl.gold_text`), and the grader reads that text as exactly
the number. Booleans, null, NaN, infinities, arrays and objects stay line errors naming file, line and field.
"""

from __future__ import annotations

import io
import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_bad_data import _commands  # the four commands that read golds, as the bad-data tests run them

from evalkit.model_eval import ModelEvalOptions, load_problems
from rewardkit import Verdict, grade
from rewardkit.cli import main
from rewardkit.jsonl import LineError, gold_error, gold_text, read_jsonl

# (JSON value, its gold text, a completion that states the same number, possibly in another form)
GOLD_TABLE = [
    (72, "72", "The answer is 72."),
    (72.0, "72.0", "The answer is 72."),
    (-3, "-3", "So the change is \\boxed{-3}."),
    (0.5, "0.5", "The answer is \\frac{1}{2}."),
    (1e20, "1e+20", "#### 100000000000000000000"),
    (1e20, "1e+20", "The answer is 1e+20."),
    (1e-07, "1e-07", "The answer is 0.0000001."),
    (3.14159, "3.14159", "The answer is 3.14159."),
    (10**30, "1000000000000000000000000000000", "The answer is 10^{30}."),
]


@pytest.mark.parametrize(("value", "text", "completion"), GOLD_TABLE)
def test_numeric_gold_text_is_read_as_that_number(value: object, text: str, completion: str) -> None:
    assert gold_text(value) == text
    result = grade(completion, gold=text)
    assert result.verdict is Verdict.CORRECT, result.detail
    assert grade("The answer is 71.", gold=text).verdict is Verdict.WRONG


def test_strings_are_kept_and_non_numbers_are_not_golds() -> None:
    assert gold_text(" 3 or 4 ") == " 3 or 4 "  # a string is the gold as written, readable or not
    for value in (True, False, None, math.nan, math.inf, -math.inf, [72], {"value": 72}):
        assert gold_text(value) is None, value
    assert gold_error("answer", None) == "field 'answer' must be a string or a number, got null"
    assert gold_error("gold", False) == "field 'gold' must be a string or a number, got boolean False"
    assert gold_error("answer", math.nan) == "field 'answer' must be a finite number, got number nan"


def test_a_gold_too_long_to_read_is_converted_and_then_refused_by_the_grader() -> None:
    text = gold_text(10**3000)
    assert text is not None and len(text) == 3001
    assert grade("The answer is 1.", gold=text).verdict is Verdict.GOLD_INVALID  # never scored


@settings(max_examples=200, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False))
def test_any_finite_float_gold_matches_itself(value: float) -> None:
    gold = gold_text(value)
    assert gold is not None and float(gold) == value  # the text reads back as the very same float
    for completion in (f"The answer is {value!r}.", f"\\boxed{{{value!r}}}"):
        result = grade(completion, gold=gold)
        assert result.verdict is Verdict.CORRECT, (completion, gold, result.detail)


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=-(10**100), max_value=10**100))
def test_any_integer_gold_matches_itself(value: int) -> None:
    gold = gold_text(value)
    assert gold == str(value)
    for completion in (str(value), f"The answer is {value}."):
        result = grade(completion, gold=gold)
        assert result.verdict is Verdict.CORRECT, (completion, gold, result.detail)


def test_read_jsonl_converts_gold_fields_and_names_bad_ones() -> None:
    src = io.BytesIO(
        b'{"answer": 72, "n": 1}\n{"answer": 1e400}\n{"answer": {"v": 1}}\n{"answer": "x"}\n{"other": 1}\n'
    )
    records, errors = read_jsonl(src, name="g.jsonl", golds=("answer",))
    assert [r.data for r in records] == [{"answer": "72", "n": 1}, {"answer": "x"}, {"other": 1}]
    assert [str(e) for e in errors] == [
        "g.jsonl:2: field 'answer' must be a finite number, got number inf",  # 1e400 overflows a float
        "g.jsonl:3: field 'answer' must be a string or a number, got object {'v': 1}",
    ]
    assert {e.field for e in errors} == {"answer"}


def test_a_number_beyond_the_int_limit_is_a_line_error_not_a_crash() -> None:
    src = io.BytesIO(b'{"answer": "1"}\n{"answer": 1' + b"0" * 5000 + b"}\n" + b"[" * 100_000 + b"\n")
    records, errors = read_jsonl(src, name="big.jsonl", golds=("answer",))
    assert len(records) == 1
    assert [(e.line, e.message) for e in errors] == [
        (2, "a number with more than 4300 digits"),
        (3, "JSON nested too deeply to read"),
    ]


# --------------------------------------------------------------------------- the four commands

ROWS = [
    {"id": "p1", "question": "q1", "answer": 72, "completion": "The answer is 72."},
    {"id": "p2", "question": "q2", "answer": 72.0, "completion": "\\boxed{72}"},
    {"id": "p3", "question": "q3", "answer": -3, "completion": "So it is 5. The answer is 5."},
    {"id": "p4", "question": "q4", "answer": 0.5, "completion": "The answer is \\frac{1}{2}."},
    {"id": "p5", "question": "q5", "answer": 1e20, "completion": "#### 100000000000000000000"},
    {"id": "p6", "question": "q6", "answer": 1e-07, "completion": "I think it is 0.0000001"},
    {"id": "p7", "question": "q7", "answer": "18", "completion": "The answer is 18."},
]
# flexible verdicts; strict differs only on p6, whose answer no marker or box anchors
VERDICTS = ["CORRECT", "CORRECT", "WRONG", "CORRECT", "CORRECT", "CORRECT", "CORRECT"]
GOLDS = ["72", "72.0", "-3", "0.5", "1e+20", "1e-07", "18"]


def _numeric_file(tmp_path: Path) -> Path:
    path = tmp_path / "numeric.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in ROWS), encoding="utf-8")
    return path


def test_score_grades_numeric_golds_and_keeps_the_input_fields(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "scored.jsonl"
    assert main(["score", str(_numeric_file(tmp_path)), "-o", str(out), "-q"]) == 0
    rows = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    assert [r["verdict"] for r in rows] == VERDICTS
    assert [r["answer"] for r in rows] == [r["answer"] for r in ROWS]  # written as given: 72 stays a number
    text = capsys.readouterr().out
    assert "accuracy (flexible): 6/7" in text and "accuracy (strict): 5/7" in text
    assert "GOLD_INVALID excluded: 0" in text


def test_check_data_reads_numeric_golds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _numeric_file(tmp_path)
    assert main(["check-data", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == f"{path}: OK, all 7 golds parse"


def test_eval_completions_grades_numeric_golds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "eval"
    assert main(["eval", "--completions", str(_numeric_file(tmp_path)), "--output-dir", str(out)]) == 0
    records = [json.loads(line) for line in (out / "records.jsonl").read_text("utf-8").splitlines()]
    by_id = {r["id"]: r for r in records}
    assert [by_id[r["id"]]["gold"] for r in ROWS] == GOLDS
    assert [by_id[r["id"]]["verdict"] for r in ROWS] == VERDICTS
    summary = json.loads((out / "summary.json").read_text("utf-8"))
    assert summary["n"] == 7 and summary["malformed_lines"] == 0
    assert summary["verdicts"] == {"CORRECT": 6, "WRONG": 1}
    assert summary["verdicts_strict"] == {"CORRECT": 5, "FORMAT": 1, "WRONG": 1}


def test_audit_grades_numeric_golds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "disagreements.jsonl"
    path = _numeric_file(tmp_path)
    argv = ["audit", str(path), "--a", "rewardkit:flexible", "--b", "rewardkit:strict", "-o", str(out)]
    assert main(argv) == 0
    assert "7 samples graded" in capsys.readouterr().out
    (row,) = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    assert row["line"] == 6 and row["gold"] == "1e-07"


def test_load_problems_converts_numeric_golds_the_same_way(tmp_path: Path) -> None:
    path = tmp_path / "problems.jsonl"
    path.write_text(
        "".join(json.dumps({"question": r["question"], "answer": r["answer"]}) + "\n" for r in ROWS)
        + '{"question": "q8", "answer": true}\n{"question": "q9", "answer": NaN}\n',
        encoding="utf-8",
    )
    errors: list[LineError] = []
    problems = load_problems(ModelEvalOptions(model="m", output_dir="o", data_file=str(path)), errors.append)
    assert [p.gold for p in problems] == GOLDS
    assert [(e.line, e.field, e.message) for e in errors] == [
        (8, "answer", "field 'answer' must be a string or a number, got boolean True"),
        (9, "answer", "field 'answer' must be a finite number, got number nan"),
    ]


# --------------------------------------------------------------------------- golds that stay errors

BAD_GOLDS = {  # line -> (gold as JSON text, the message after "field 'answer' ")
    2: ("true", "must be a string or a number, got boolean True"),
    3: ("NaN", "must be a finite number, got number nan"),
    4: ("null", "must be a string or a number, got null"),
    5: ("-Infinity", "must be a finite number, got number -inf"),
    6: ("[72]", "must be a string or a number, got array [72]"),
}


@pytest.mark.parametrize("command", ["score", "check-data", "eval", "audit"])
def test_non_number_golds_are_named_by_file_line_and_field(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ['{"id": "ok1", "answer": 4, "completion": "The answer is 4."}']
    lines += [
        f'{{"id": "bad{n}", "answer": {gold}, "completion": "The answer is 4."}}'
        for n, (gold, _) in sorted(BAD_GOLDS.items())
    ]
    lines.append('{"id": "ok2", "answer": 4.0, "completion": "The answer is 4."}')
    path = tmp_path / "bad_golds.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(_commands(path, tmp_path)[command]) == 2
    err = capsys.readouterr().err
    reported = [line for line in err.splitlines() if line.startswith(f"{path}:")]
    assert reported == [f"{path}:{n}: field 'answer' {why}" for n, (_, why) in sorted(BAD_GOLDS.items())]
