"""``rewardkit eval --completions``: records, summary.json, resume, malformed input, the usage messages.

The expected verdicts and summary values of ``fixtures/eval/completions.jsonl`` were worked out by hand
(see the tables below); the fixture has 12 problems x 4 samples, one of them with an unreadable gold.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from paths import REPO

from evalkit.records import RecordWriter, count_calculations, load_records
from rewardkit.cli import main

FIXTURES = REPO / "fixtures" / "eval"
COMPLETIONS = FIXTURES / "completions.jsonl"
BAD = FIXTURES / "bad.jsonl"

# (flexible, strict) verdict of every input line, in file order
EXPECTED = [
    # p01: GSM8K rationale gold "#### 72" (2 calculations)
    ("CORRECT", "CORRECT"),
    ("CORRECT", "FORMAT"),  # "... so 72 clips in total." — only the last-number rule finds it
    ("WRONG", "WRONG"),
    ("CORRECT", "CORRECT"),
    # p02: GSM8K gold "#### 10"
    ("CORRECT", "CORRECT"),
    ("CORRECT", "FORMAT"),
    ("TRUNCATED", "TRUNCATED"),  # finish_reason "length"
    ("CORRECT", "CORRECT"),
    # p03: GSM8K gold "#### 5" (3 calculations)
    ("CORRECT", "CORRECT"),
    ("WRONG", "WRONG"),
    ("AMBIGUOUS", "AMBIGUOUS"),  # "5 or 15"
    ("WRONG", "WRONG"),
    # p04: gold "3 or 4" cannot be read
    *[("GOLD_INVALID", "GOLD_INVALID")] * 4,
    # p05: \frac{1}{2}, Algebra, Level 2
    ("CORRECT", "CORRECT"),
    ("CORRECT", "CORRECT"),
    ("WRONG", "WRONG"),
    ("CORRECT", "FORMAT"),
    # p06: 2\sqrt{2}, Algebra, Level 4
    ("CORRECT", "CORRECT"),
    ("WRONG", "WRONG"),
    ("WRONG", "WRONG"),
    ("TRUNCATED", "TRUNCATED"),  # finish_reason "length"
    # p07: 12\pi, explicit sample_index 3, 2, 1, 0
    ("CORRECT", "CORRECT"),
    ("CORRECT", "CORRECT"),
    ("WRONG", "WRONG"),
    ("CORRECT", "CORRECT"),
    # p08: GSM8K gold "#### 1250"
    ("CORRECT", "CORRECT"),
    ("CORRECT", "CORRECT"),
    ("WRONG", "WRONG"),
    ("CORRECT", "CORRECT"),
    # no id: grouped by the question text; gold "18"
    ("CORRECT", "CORRECT"),
    ("CORRECT", "CORRECT"),
    ("CORRECT", "FORMAT"),
    ("CORRECT", "CORRECT"),
    # p10: gold 7, "finished" flags
    ("TRUNCATED", "TRUNCATED"),  # finished: false, nothing committed
    ("CORRECT", "CORRECT"),
    ("CORRECT", "CORRECT"),  # finished: false but a boxed answer was committed
    ("WRONG", "WRONG"),
    # p11: gold B
    ("CORRECT", "CORRECT"),
    ("WRONG", "WRONG"),
    ("CORRECT", "CORRECT"),
    ("AMBIGUOUS", "AMBIGUOUS"),  # "It is A or B.": a hedge between two letters
    # p12: -3, no question
    ("CORRECT", "CORRECT"),
    ("WRONG", "WRONG"),
    ("CORRECT", "CORRECT"),
    ("CORRECT", "CORRECT"),
]

# Per scored problem (p04 excluded), samples correct out of 4 in sample_index order:
#   flexible c = 3,3,1,3,1,3,3,4,2,2,3 (sum 28); strict c = 2,2,1,2,1,3,3,3,2,2,3 (sum 24); 44 records.
# pass@2 = mean of 1 - C(4-c,2)/6: flexible (6*1 + 2*.5 + 1 + 2*5/6)/11 = 29/33,
#   strict (5*5/6 + 2*.5 + 4*1)/11 = 5/6.  pass^2 = mean of C(c,2)/6: flexible (6*.5 + 1 + 2/6)/11 = 13/33.
# maj@4: p03 votes 5, 15, (hedge), 15 -> 15 wrong; p06 votes sqrt8, 2sqrt3, sqrt12 (= 2sqrt3) -> wrong;
#   every other problem's majority is right -> 9/11.  maj@1: p10's first sample is TRUNCATED -> 10/11.
EXPECTED_SUMMARY: dict[str, Any] = {
    "n": 11,
    "records": 48,
    "gold_invalid": 4,
    "samples_per_problem": 4,
    "accuracy": 24 / 44,
    "accuracy_flexible": 28 / 44,
    "verdicts": {
        "CORRECT": 28,
        "WRONG": 11,
        "TRUNCATED": 3,
        "AMBIGUOUS": 2,
        "GOLD_INVALID": 4,
    },
    "verdicts_strict": {
        "CORRECT": 24,
        "FORMAT": 4,
        "WRONG": 11,
        "TRUNCATED": 3,
        "AMBIGUOUS": 2,
        "GOLD_INVALID": 4,
    },
}

VOLATILE = ("elapsed_s",)


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    rc = main(argv)
    captured = capsys.readouterr()
    return rc, captured.out, captured.err


def _eval(src: Path, out: Path, *extra: str) -> list[str]:
    return ["eval", "--completions", str(src), "--output-dir", str(out), *extra]


def _records(out: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (out / "records.jsonl").read_text(encoding="utf-8").splitlines()]


def _stable(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k not in VOLATILE} for r in records]


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("eval")
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        rc = main(_eval(COMPLETIONS, out))
    assert rc == 0
    return out, buf.getvalue()


# --------------------------------------------------------------------------- records


def test_records_verdicts_under_both_policies(graded: tuple[Path, str]) -> None:
    records = _records(graded[0])
    assert len(records) == len(EXPECTED) == 48
    got = [(r["verdict"], r["verdict_strict"]) for r in records]
    assert got == EXPECTED
    for r, (flexible, strict) in zip(records, EXPECTED, strict=True):
        assert r["correct"] is (flexible == "CORRECT")
        assert r["correct_strict"] is (strict == "CORRECT")
        assert r["policy"] == "flexible"


def test_record_schema(graded: tuple[Path, str]) -> None:
    records = _records(graded[0])
    first = records[0]
    assert list(first)[:8] == [
        "id",
        "sample_index",
        "question",
        "prompt",
        "completion",
        "finish_reason",
        "token_count",
        "gold",
    ]
    for name in (
        "extracted",
        "rule",
        "gold_parsed",
        "extracted_parsed",
        "match",
        "lenient",
        "detail",
        "span",
    ):
        assert name in first
    assert list(first)[-5:] == ["verdict_strict", "correct_strict", "subject", "level", "calculations"]
    assert first["id"] == "p01" and first["sample_index"] == 0
    assert first["finish_reason"] == "stop" and first["token_count"] == 31
    assert first["gold"].endswith("#### 72") and first["gold_parsed"] == "72"
    assert first["calculations"] == 2 and first["subject"] is None


def test_finish_reasons_and_truncation(graded: tuple[Path, str]) -> None:
    by_line = _records(graded[0])
    truncated = [i + 1 for i, r in enumerate(by_line) if r["verdict"] == "TRUNCATED"]
    assert truncated == [7, 24, 37]
    assert by_line[6]["finish_reason"] == "length" and by_line[6]["token_count"] == 64
    assert by_line[23]["finish_reason"] == "length"
    # the "finished" boolean becomes a finish reason too
    assert [r["finish_reason"] for r in by_line[36:40]] == ["length", "stop", "length", "stop"]
    assert by_line[8]["finish_reason"] is None


def test_problem_ids_sample_indexes_and_passthrough(graded: tuple[Path, str]) -> None:
    records = _records(graded[0])
    p07 = [r for r in records if r["id"] == "p07"]
    assert [r["sample_index"] for r in p07] == [3, 2, 1, 0]  # explicit, kept in file order
    no_id = records[32:36]
    assert len({r["id"] for r in no_id}) == 1 and str(no_id[0]["id"]).startswith("q-")
    assert [r["sample_index"] for r in no_id] == [0, 1, 2, 3]
    p05 = [r for r in records if r["id"] == "p05"]
    assert {(r["subject"], r["level"]) for r in p05} == {("Algebra", "Level 2")}
    assert {r["calculations"] for r in records if r["id"] == "p03"} == {3}
    assert {r["calculations"] for r in records if r["id"] == "p05"} == {None}
    assert {r["question"] for r in records if r["id"] == "p12"} == {None}


# --------------------------------------------------------------------------- summary


def test_summary_values(graded: tuple[Path, str]) -> None:
    summary = json.loads((graded[0] / "summary.json").read_text())
    for key, value in EXPECTED_SUMMARY.items():
        if isinstance(value, float):
            assert summary[key] == pytest.approx(value), key
        else:
            assert summary[key] == value, key
    assert summary["ks"] == [1, 2, 3, 4]
    assert summary["pass@k_flexible"]["1"] == pytest.approx(28 / 44)
    assert summary["pass@k_flexible"]["2"] == pytest.approx(29 / 33)
    assert summary["pass@k"]["2"] == pytest.approx(5 / 6)
    assert summary["pass@k"]["4"] == pytest.approx(1.0)
    assert summary["pass^k_flexible"]["2"] == pytest.approx(13 / 33)
    assert summary["maj@k_flexible"]["4"] == pytest.approx(9 / 11)
    assert summary["maj@k"]["1"] == pytest.approx(10 / 11)
    lo, hi = summary["accuracy_ci95"]
    assert lo < 24 / 44 < hi
    assert summary["by_subject"]["Algebra"]["n"] == 2
    assert summary["by_level"]["Level 2"]["accuracy_flexible"] == pytest.approx(0.75)
    assert summary["malformed_lines"] == 0


def test_table_printed(graded: tuple[Path, str]) -> None:
    out = graded[1]
    assert "48 samples graded" in out
    assert "11 problems x 4 samples" in out
    assert "54.5% [" in out and "63.6% [" in out
    for row in ("pass@2", "maj@4", "pass^2", "FORMAT", "GOLD_INVALID"):
        assert row in out
    assert "83.3%" in out and "87.9%" in out and "81.8%" in out


def test_workers_give_identical_records(graded: tuple[Path, str], tmp_path: Path) -> None:
    assert main(_eval(COMPLETIONS, tmp_path, "--workers", "2")) == 0
    assert _stable(_records(tmp_path)) == _stable(_records(graded[0]))


def test_console_script(tmp_path: Path) -> None:
    exe = Path(sys.executable).parent / "rewardkit"
    if not exe.exists():
        pytest.skip("console script not installed (pip install -e .)")
    proc = subprocess.run(
        [str(exe), *_eval(COMPLETIONS, tmp_path, "--k", "1,4", "--limit", "3")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["n"] == 3 and summary["records"] == 12 and summary["ks"] == [1, 4]
    # p01..p03 flexible: 3 + 3 + 1 correct of 12; strict: 2 + 2 + 1
    assert summary["accuracy_flexible"] == pytest.approx(7 / 12)
    assert summary["accuracy"] == pytest.approx(5 / 12)
    assert "pass@4" in proc.stdout and "pass@2" not in proc.stdout


# --------------------------------------------------------------------------- resume


def test_resume_after_interrupted_run(graded: tuple[Path, str], tmp_path: Path, capsys: Any) -> None:
    full = (graded[0] / "records.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    # an interrupted run: 20 complete lines, then half of the 21st
    partial = "".join(full[:20]) + full[20][: len(full[20]) // 2]
    (tmp_path / "records.jsonl").write_text(partial, encoding="utf-8")
    kept = _records_text(partial)

    rc, _, err = _run(_eval(COMPLETIONS, tmp_path), capsys)
    assert rc == 0
    assert "records.jsonl:21: dropping a truncated last line" in err
    assert "resuming: 20 of 48" in err
    records = _records(tmp_path)
    keys = [(r["id"], r["sample_index"]) for r in records]
    assert len(keys) == len(set(keys)) == 48
    assert records[:20] == kept  # not regraded: even elapsed_s is the old one
    expected = sorted(_stable(_records(graded[0])), key=lambda r: json.dumps(r, sort_keys=True))
    assert sorted(_stable(records), key=lambda r: json.dumps(r, sort_keys=True)) == expected
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["accuracy"] == pytest.approx(24 / 44) and summary["records"] == 48

    # a complete run is a no-op the second time
    rc, _, err = _run(_eval(COMPLETIONS, tmp_path), capsys)
    assert rc == 0 and "resuming: 48 of 48" in err
    assert len(_records(tmp_path)) == 48


def _records_text(text: str) -> list[dict[str, Any]]:
    out = []
    for line in text.splitlines():
        with contextlib.suppress(json.JSONDecodeError):
            out.append(json.loads(line))
    return out


def test_resume_refuses_records_of_another_input(
    graded: tuple[Path, str], tmp_path: Path, capsys: Any
) -> None:
    shutil.copy(graded[0] / "records.jsonl", tmp_path / "records.jsonl")
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({"id": "p01", "answer": "1", "completion": "#### 1"}) + "\n")
    rc, _, err = _run(_eval(other, tmp_path), capsys)
    assert rc == 2 and "use a fresh --output-dir" in err


def test_record_writer_drops_bad_lines(tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    path.write_text(
        '{"id": "a", "sample_index": 0}\nnot json\n{"id": "a", "sample_index": 0}\n{"id": "b", "samp'
    )
    records, warnings, repair = load_records(path)
    assert [r["id"] for r in records] == ["a"] and repair
    assert any(":2: dropping a line" in w for w in warnings)
    assert any(":3: dropping a line: repeats" in w for w in warnings)
    assert any(":4: dropping a truncated last line" in w for w in warnings)
    with RecordWriter(tmp_path) as writer:
        assert writer.has("a", 0) and not writer.has("b", 0)
        assert writer.write({"id": "b", "sample_index": 0}) is True
        assert writer.write({"id": "a", "sample_index": 0}) is False
    assert [json.loads(line)["id"] for line in path.read_text().splitlines()] == ["a", "b"]
    assert count_calculations("no rationale #### 3") == 0


# --------------------------------------------------------------------------- errors


def test_malformed_lines_reported_and_rest_graded(tmp_path: Path, capsys: Any) -> None:
    rc, out, err = _run(_eval(BAD, tmp_path), capsys)
    assert rc == 2
    name = str(BAD)
    assert f"{name}:2: invalid JSON" in err
    assert f"{name}:3:" not in err  # its gold is the JSON number 9: a gold like "9"
    assert f"{name}:5: missing field 'completion'" in err
    assert f"{name}:6: field 'finish_reason'" in err
    assert f"{name}:7: field 'id'" in err
    assert f"{name}:9: expected a JSON object" in err
    assert f"{name}:10: duplicate sample" in err
    assert "malformed lines skipped: 6" in out
    records = _records(tmp_path)
    assert [(r["id"], r["sample_index"], r["gold"], r["verdict"]) for r in records] == [
        ("b1", 0, "4", "CORRECT"),
        ("b2", 0, "9", "CORRECT"),
        ("b2", 1, "9", "CORRECT"),
        ("b3", 0, "3", "TRUNCATED"),
    ]
    assert json.loads((tmp_path / "summary.json").read_text())["malformed_lines"] == 6


def test_model_or_completions_required(tmp_path: Path, capsys: Any) -> None:
    rc, _, err = _run(["eval", "--output-dir", str(tmp_path)], capsys)
    assert rc == 2
    assert "--model" in err and "--completions" in err and "neither" in err
    rc, _, err = _run(
        ["eval", "--model", "m", "--completions", str(COMPLETIONS), "--output-dir", str(tmp_path)], capsys
    )
    assert rc == 2 and "both" in err
    rc, _, err = _run(["eval", "--model", "some/model", "--output-dir", str(tmp_path)], capsys)
    assert rc == 2 and "--data-file" in err
    assert not (tmp_path / "summary.json").exists()


def test_usage_errors(tmp_path: Path, capsys: Any) -> None:
    rc, _, err = _run(["eval", "--completions", str(COMPLETIONS)], capsys)
    assert rc == 2 and "--output-dir" in err
    rc, _, err = _run(_eval(COMPLETIONS, tmp_path, "--k", "1,8"), capsys)
    assert rc == 2 and "--k 8" in err
    rc, _, err = _run(_eval(COMPLETIONS, tmp_path, "--k", "x"), capsys)
    assert rc == 2
    rc, _, err = _run(_eval(tmp_path / "missing.jsonl", tmp_path), capsys)
    assert rc == 2 and "cannot read" in err


def test_timeout_reaches_the_grader(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import rewardkit

    seen: list[Any] = []
    real = rewardkit.grade_many

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs.get("timeout_s"))
        return real(*args, **kwargs)

    monkeypatch.setattr(rewardkit, "grade_many", spy)
    argv = ["eval", "--completions", str(COMPLETIONS), "--output-dir", str(tmp_path / "a")]
    argv += ["--timeout", "2.5"]
    rc, _, err = _run(argv, capsys)
    assert rc == 0, err
    assert seen and set(seen) == {2.5}
    seen.clear()
    rc, _, err = _run([*argv[:3], "--output-dir", str(tmp_path / "b")], capsys)
    # the grader's own default (REWARDKIT_TIMEOUT_S's, which tests/conftest.py sets)
    assert rc == 0 and set(seen) == {importlib.import_module("rewardkit.grade").DEFAULT_TIMEOUT_S}
    rc, _, err = _run([*argv[:-1], "0"], capsys)
    assert rc == 2 and "--timeout" in err


def test_dotted_keys_grade_nested_completions(tmp_path: Path, capsys: Any) -> None:
    src = tmp_path / "nested.jsonl"
    rows = [
        {"question": "q1", "gold": {"answer": "72"}, "6b_finetuning": {"solution": "so #### 72"}},
        {"question": "q2", "gold": {"answer": "5"}, "6b_finetuning": {"solution": "#### 4"}},
        {"question": "q3", "gold": {"answer": "5"}, "6b_finetuning": {"text": "#### 5"}},
    ]
    src.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "out"
    keys = ("--completion-key", "6b_finetuning.solution", "--answer-key", "gold.answer")
    rc, _, err = _run(_eval(src, out, *keys), capsys)
    assert rc == 2  # the third line is reported, the others graded
    why = "field '6b_finetuning.solution': no 'solution' under '6b_finetuning' (it has: 'text')"
    assert f"{src}:3: {why}" in err
    records = _records(out)
    assert [(r["question"], r["completion"], r["gold"], r["verdict"]) for r in records] == [
        ("q1", "so #### 72", "72", "CORRECT"),
        ("q2", "#### 4", "5", "WRONG"),
    ]


def test_decimals_grades_rounded_answers_and_guards_resume(tmp_path: Path, capsys: Any) -> None:
    """``eval --decimals 2``: a rounded answer is CORRECT, the records and summary say the option, and a rerun
    into the same folder with another ``--decimals`` is refused (its records were graded otherwise)."""
    src = tmp_path / "rounded.jsonl"
    rows = [
        {"id": "q1", "question": "1/3 to 2 places?", "answer": "\\frac{1}{3}", "completion": "#### 0.33"},
        {"id": "q2", "question": "8/3 to 2 places?", "answer": "\\frac{8}{3}", "completion": "#### 2.6"},
    ]
    src.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "out"
    rc, _, err = _run(_eval(src, out, "--decimals", "2"), capsys)
    assert rc == 0, err
    records = _records(out)
    assert [(r["verdict"], r["match"], r["decimals"]) for r in records] == [
        ("CORRECT", "rounded_to_decimals", 2),
        ("WRONG", "mismatch", 2),
    ]
    assert json.loads((out / "summary.json").read_text(encoding="utf-8"))["decimals"] == 2
    rc, _, err = _run(_eval(src, out), capsys)
    assert rc == 2 and "--decimals 2" in err and "use a fresh --output-dir" in err
    plain = tmp_path / "plain"
    rc, _, err = _run(_eval(src, plain), capsys)
    assert rc == 0, err
    assert [r["verdict"] for r in _records(plain)] == ["WRONG", "WRONG"]
    assert all("decimals" not in r for r in _records(plain))
