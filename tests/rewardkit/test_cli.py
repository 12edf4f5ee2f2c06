"""End-to-end tests of the ``rewardkit`` command line on the demo fixtures.

Most run in-process through ``main([...])``; a few run the installed console script and
``python -m rewardkit`` in a subprocess, which is what users actually type.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from paths import REPO

from rewardkit import grade
from rewardkit.cli import main
from rewardkit.jsonl import LineError, Record, iter_jsonl, read_jsonl, write_jsonl
from rewardkit.types import Verdict

ROOT = REPO
DEMO = ROOT / "fixtures" / "demo" / "completions.jsonl"
BAD = ROOT / "fixtures" / "demo" / "bad.jsonl"
DEMO_ROWS = [json.loads(line) for line in DEMO.read_text(encoding="utf-8").splitlines() if line.strip()]
BAD_LINES = {3: None, 6: "completion", 7: None}  # line -> field named in the error
BAD_GOOD_LINES = [1, 2, 4, 8, 9, 10]  # line 5 is empty and skipped; line 9's gold is the JSON number 12

ACC_RE = re.compile(r"accuracy \((flexible|strict)\): (\d+)/(\d+) = ([\d.]+)%")


def _accuracies(text: str) -> dict[str, tuple[int, int]]:
    found = {m.group(1): (int(m.group(2)), int(m.group(3))) for m in ACC_RE.finditer(text)}
    assert set(found) == {"flexible", "strict"}, text
    return found


def _read_out(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _write(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def demo_scored(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict]]:
    """The demo file scored once under each policy (in-process)."""
    out_dir = tmp_path_factory.mktemp("scored")
    scored = {}
    for policy in ("flexible", "strict"):
        out = out_dir / f"{policy}.jsonl"
        assert main(["score", str(DEMO), "-o", str(out), "--policy", policy, "--quiet"]) == 0
        scored[policy] = _read_out(out)
    return scored


# --------------------------------------------------------------------------- import, version, help


def test_import_cli_does_not_load_sympy_or_rich() -> None:
    heavy = ("sympy", "rich", "mpmath", "torch", "transformers", "evalkit.generate")
    code = f"import sys, rewardkit.cli\nprint(sorted(m for m in {heavy!r} if m in sys.modules))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "[]", proc.stdout + proc.stderr


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from rewardkit import __version__

    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"rewardkit {__version__}"


def test_score_help_says_where_results_go(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Without -o the per-line results are not written anywhere" in out
    assert "--gold-key" in out and "--completion-key" in out and "--finished-key" in out


@pytest.mark.parametrize(
    "argv",
    [[], ["score"], ["score", str(DEMO), "--workers", "0"], ["grade", "x"], ["bogus"]],
)
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert "usage:" in capsys.readouterr().err


# --------------------------------------------------------------------------- score


def test_score_writes_one_line_per_input_line_with_fields_kept(demo_scored: dict[str, list[dict]]) -> None:
    out = demo_scored["flexible"]
    assert len(out) == len(DEMO_ROWS) == 40
    verdicts = {v.value for v in Verdict}
    for src, row in zip(DEMO_ROWS, out, strict=True):
        for key, value in src.items():  # input fields kept, order of lines kept
            assert row[key] == value
        assert set(row) == set(src) | {"correct", "verdict", "extracted", "rule", "match", "detail"}
        assert row["verdict"] in verdicts
        assert row["correct"] is (row["verdict"] == "CORRECT")
        if row["verdict"] == "NO_ANSWER":
            assert row["extracted"] is None


# Rows of the demo whose verdict DESIGN.md pins down (line number -> flexible, strict).
EXPECTED = {
    1: ("CORRECT", "CORRECT"),  # The answer is 72.
    3: ("CORRECT", "CORRECT"),  # #### 5
    4: ("CORRECT", "CORRECT"),  # \boxed{42}
    9: ("CORRECT", "CORRECT"),  # $990.00 vs gold $990
    10: ("CORRECT", "CORRECT"),  # 9,360 vs gold 9,360
    11: ("CORRECT", "FORMAT"),  # unanchored final number
    17: ("WRONG", "WRONG"),  # The answer is 294.
    18: ("WRONG", "WRONG"),  # \boxed{684}
    22: ("AMBIGUOUS", "AMBIGUOUS"),  # 3 or 4
    23: ("AMBIGUOUS", "AMBIGUOUS"),  # two different boxes
    25: ("NO_ANSWER", "NO_ANSWER"),  # refusal, no number at all
    27: ("NO_ANSWER", "NO_ANSWER"),  # empty completion
    31: ("TRUNCATED", "TRUNCATED"),  # finished=false, cut off mid-equation
}


@pytest.mark.parametrize("line", sorted(EXPECTED))
def test_score_demo_verdicts(line: int, demo_scored: dict[str, list[dict]]) -> None:
    flexible, strict = EXPECTED[line]
    got = (demo_scored["flexible"][line - 1]["verdict"], demo_scored["strict"][line - 1]["verdict"])
    assert got == (flexible, strict), DEMO_ROWS[line - 1]["completion"]


def test_score_summary_reports_both_policies(
    demo_scored: dict[str, list[dict]], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", str(DEMO)]) == 0
    captured = capsys.readouterr()
    out = captured.out
    assert "40 graded" in out
    for name in ("verdict", "CORRECT", "WRONG", "FORMAT", "NO_ANSWER", "AMBIGUOUS", "TRUNCATED"):
        assert name in out
    assert "GOLD_INVALID excluded: 0" in out
    acc = _accuracies(out)
    # the summary agrees with what the per-line results say under each policy
    for policy in ("flexible", "strict"):
        n_correct = sum(r["correct"] for r in demo_scored[policy])
        assert acc[policy] == (n_correct, 40)
    # the demo has unanchored answers: strict must cost accuracy
    assert acc["strict"][0] < acc["flexible"][0]
    # per-verdict counts of the table match the file (flexible column, then its share)
    n_correct = acc["flexible"][0]
    assert re.search(rf"CORRECT\s*│\s*correct\s*│\s*{n_correct}\s*│\s*{n_correct / 40:.1%}", out), out
    assert "{" not in out  # without -o no JSON lines are printed
    assert "grading" not in captured.err  # no progress bar when stderr is not a terminal


def test_score_to_stdout_keeps_stdout_pure_jsonl(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(DEMO), "-o", "-"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert len(lines) == 40
    rows = [json.loads(line) for line in lines]
    assert [r["question"] for r in rows] == [r["question"] for r in DEMO_ROWS]
    assert "accuracy (flexible)" in captured.err and "accuracy (strict)" in captured.err
    assert "accuracy" not in captured.out


def test_score_without_output_writes_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["score", str(DEMO), "-q"]) == 0
    assert list(tmp_path.iterdir()) == []


EXTRACTED = ROOT / "fixtures" / "demo" / "extracted_answers.jsonl"


def test_score_reads_already_extracted_answers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file of answers a pipeline already extracted (a bare expression, function call or word per line) is
    graded whole: each line gets its expected verdict, and strict calls every one found FORMAT."""
    out = tmp_path / "out.jsonl"
    assert main(["score", str(EXTRACTED), "-o", str(out), "--quiet"]) == 0
    rows = _read_out(out)
    assert [(r["id"], r["verdict"]) for r in rows] == [(r["id"], r["expected"]) for r in rows]
    paid_by = {r["rule"] for r in rows if r["verdict"] == "CORRECT"}
    assert paid_by == {"last_math", "whole_completion", "last_number"}
    assert _accuracies(capsys.readouterr().out) == {"flexible": (9, 14), "strict": (0, 14)}


def test_score_custom_keys_and_gold_invalid_excluded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = _write(
        tmp_path / "in.jsonl",
        [
            {"id": 1, "gold": "12", "response": "The answer is 12."},
            {"id": 2, "gold": "3 or 4", "response": "The answer is 12."},
            {"id": 3, "gold": "7", "response": "The answer is 8."},
        ],
    )
    out = tmp_path / "out.jsonl"
    rc = main(["score", str(src), "--gold-key", "gold", "--completion-key", "response", "-o", str(out)])
    assert rc == 0
    rows = _read_out(out)
    assert [r["id"] for r in rows] == [1, 2, 3]
    assert [r["verdict"] for r in rows] == ["CORRECT", "GOLD_INVALID", "WRONG"]
    assert rows[1]["correct"] is False
    text = capsys.readouterr().out
    assert "GOLD_INVALID excluded: 1" in text
    assert _accuracies(text) == {"flexible": (1, 2), "strict": (1, 2)}


def test_score_passes_finished_and_options_through(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import rewardkit

    calls: list[dict] = []
    real = rewardkit.grade_many

    def spy(completions, golds, **kwargs):
        calls.append({"n": len(completions), **kwargs})
        return real(completions, golds, **kwargs)

    monkeypatch.setattr(rewardkit, "grade_many", spy)
    src = _write(
        tmp_path / "in.jsonl",
        [
            {"answer": "7", "completion": "So the total is 3 + 4", "done": False},
            {"answer": "7", "completion": "So the total is 3 + 4 = 7.", "done": True},
            {"answer": "7", "completion": "So the total is 3 + 4 = 7."},
        ],
    )
    out = tmp_path / "out.jsonl"
    assert main(["score", str(src), "--finished-key", "done", "--policy", "strict", "-o", str(out)]) == 0
    assert sum(c["n"] for c in calls) == 3
    assert [f for c in calls for f in c["finished"]] == [False, True, None]  # per row, in order
    assert all(c["policy"] == "strict" and c["workers"] == 1 for c in calls)
    rows = _read_out(out)
    assert rows[0]["verdict"] == "TRUNCATED"
    assert rows[1]["verdict"] == "FORMAT"  # strict: no marker, no box


def test_score_workers(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    assert main(["score", str(DEMO), "--workers", "2", "-o", str(out), "-q"]) == 0
    one = tmp_path / "one.jsonl"
    assert main(["score", str(DEMO), "-o", str(one), "-q"]) == 0
    assert _read_out(out) == _read_out(one)


def test_score_bad_lines_reported_and_others_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.jsonl"
    assert main(["score", str(BAD), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    reported = [int(m) for m in re.findall(rf"^{re.escape(str(BAD))}:(\d+): ", err, flags=re.M)]
    assert reported == sorted(BAD_LINES)
    for line, field in BAD_LINES.items():
        message = next(x for x in err.splitlines() if x.startswith(f"{BAD}:{line}: "))
        if field is not None:
            assert repr(field) in message
    assert "invalid JSON" in err and "expected a JSON object, got array" in err
    rows = _read_out(out)
    src = BAD.read_text(encoding="utf-8").splitlines()
    assert [r["question"] for r in rows] == [json.loads(src[i - 1])["question"] for i in BAD_GOOD_LINES]
    assert all("verdict" in r for r in rows)


def test_score_bad_finished_value(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = _write(
        tmp_path / "in.jsonl",
        [
            {"answer": "1", "completion": "1", "finished": "yes"},
            {"answer": "1", "completion": "The answer is 1."},
        ],
    )
    out = tmp_path / "out.jsonl"
    assert main(["score", str(src), "-o", str(out)]) == 2
    assert f"{src}:1: field 'finished' must be true, false or null" in capsys.readouterr().err
    assert len(_read_out(out)) == 1


def test_score_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope.jsonl"
    assert main(["score", str(missing)]) == 2
    err = capsys.readouterr().err
    assert f"cannot read {missing}" in err and "No such file" in err


def test_score_empty_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "empty.jsonl"
    src.write_text("\n\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["score", str(src), "-o", str(out)]) == 0
    assert out.read_text() == ""
    assert "0 graded" in capsys.readouterr().out


def test_score_reads_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    data = b'{"answer": "4", "completion": "2 + 2 = 4. The answer is 4."}\n'
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert main(["score", "-", "-o", "-"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["verdict"] == "CORRECT" and row["answer"] == "4"


# --------------------------------------------------------------------------- check-data


def test_check_data_ok(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-data", str(DEMO)]) == 0
    assert capsys.readouterr().out.strip().splitlines() == [
        f"{DEMO}: OK, all 40 golds parse",
        "golds read: as written 40",
    ]


def test_check_data_lists_unparseable_golds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = _write(
        tmp_path / "golds.jsonl",
        [{"gold": "72"}, {"gold": "3 or 4"}, {"gold": "$1,250"}, {"gold": "???"}, {"gold": "72"}],
    )
    assert main(["check-data", str(src), "--gold-key", "gold"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{src}:2: gold '3 or 4' cannot be parsed: ")
    assert lines[1].startswith(f"{src}:4: gold '???' cannot be parsed: ")
    assert lines[2] == f"{src}: 2 of 5 golds cannot be parsed"
    assert lines[3] == "golds read: as written 5"
    assert len(lines) == 4


def test_check_data_reads_worked_solutions_and_flags_ones_that_disagree(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a worked solution ending in "A: 20" used to be read as its first number with a unit ("3 cups")
    agreeing = "Janet has 3 cups.\nShe gets 17 more: 3 + 17 = <<3+17=20>>20 cups.\nA: 20"
    # the calculation of the last step says 6, the marker 4: nobody can grade against that with confidence
    disagreeing = "He needs 300,000/50,000 = <<300000/50000=6>>6 years\n#### 4"
    unmarked = "Janet has 3 cups.\nShe gets 17 more, so 20 cups."
    src = _write(
        tmp_path / "golds.jsonl",
        [
            {"gold": agreeing},
            {"gold": disagreeing},
            {"gold": unmarked},
            {"gold": "72"},
            {"gold": "# Answer\n\n5"},
        ],
    )
    assert main(["check-data", str(src), "--gold-key", "gold"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert (
        lines[0].startswith(f"{src}:2: gold ")
        and "states different answers: marker '4' vs calculation '6'" in lines[0]
    )
    assert lines[1].startswith(f"{src}:3: gold ") and "a worked solution with no final answer" in lines[1]
    assert (
        lines[2] == f"{src}: 1 of 5 golds cannot be parsed; 1 of 5 worked solutions state different answers"
    )
    assert lines[3] == "golds read: as written 2, after A: 1, after #### 1, under # Answer 1"
    assert grade("The answer is 20.", gold=agreeing).correct
    assert not grade("The answer is 3.", gold=agreeing).correct


def test_check_data_flags_golds_whose_boxes_are_separated_by_prose(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rejected = "We first get $\\boxed{1}$, which is wrong; the answer is $\\boxed{2}$."
    src = _write(
        tmp_path / "golds.jsonl",
        [{"gold": rejected}, {"gold": "\\boxed{1} and \\boxed{2}"}, {"gold": "\\boxed{3} or \\boxed{4}"}],
    )
    assert main(["check-data", str(src), "--gold-key", "gold"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{src}:1: gold ") and "states different answers" in lines[0]
    assert "separated by prose (', which is wrong; the answer is')" in lines[0]
    assert lines[1].startswith(f"{src}:3: gold ") and "offered as alternatives ('or')" in lines[1]
    assert lines[2] == f"{src}: 2 of 3 worked solutions state different answers"
    assert lines[3] == "golds read: in \\boxed 3"
    assert grade("\\boxed{1, 2}", gold=rejected).verdict is Verdict.GOLD_INVALID


def test_check_data_malformed_lines_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-data", str(BAD)]) == 2
    captured = capsys.readouterr()
    # check-data only needs the gold: the line without a completion is fine here
    reported = [int(m) for m in re.findall(rf"^{re.escape(str(BAD))}:(\d+): ", captured.err, flags=re.M)]
    assert reported == [3, 7]
    assert "OK, all 7 golds parse; 2 malformed line(s) skipped" in captured.out


def test_check_data_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-data", str(tmp_path / "nope.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err


# --------------------------------------------------------------------------- grade


def test_grade_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "--gold", "$18", "--json", "9 * 2 = 18.\nThe answer is $18."]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["verdict"] == "CORRECT" and d["correct"] is True
    assert d["policy"] == "flexible" and d["gold"] == "$18"
    assert d["rule"] is not None and "18" in d["extracted"]
    assert {"gold_parsed", "match", "detail", "span", "elapsed_s", "lenient"} <= set(d)


def test_grade_strict_vs_flexible_json(capsys: pytest.CaptureFixture[str]) -> None:
    text = "Half of 60 is 30, so in all he has 60 + 25 = 85 trees."
    assert main(["grade", "--gold", "85", "--json", text]) == 0
    flexible = json.loads(capsys.readouterr().out)
    assert main(["grade", "--gold", "85", "--json", "--policy", "strict", text]) == 0
    strict = json.loads(capsys.readouterr().out)
    assert (flexible["verdict"], strict["verdict"]) == ("CORRECT", "FORMAT")
    assert strict["correct"] is False and strict["policy"] == "strict"


def test_grade_wrong_answer_exits_0_and_shows_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "--gold", "366", "The answer is 294."]) == 0
    out = capsys.readouterr().out
    assert re.search(r"verdict\s+WRONG \(reasoning_error\)", out), out
    assert re.search(r"extracted\s+294", out), out
    for field in ("rule", "gold_parsed", "match", "detail", "under strict"):
        assert field in out


def test_grade_reads_stdin_and_unfinished(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("So the total is 3 + 4"))
    assert main(["grade", "--gold", "7", "--unfinished", "--json", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "TRUNCATED"


def test_grade_finished_flags_are_exclusive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "--gold", "7", "--finished", "--unfinished", "7"]) == 2
    assert "not allowed with" in capsys.readouterr().err


# --------------------------------------------------------------------------- real processes


def _console_script() -> str:
    exe = Path(sys.executable).parent / "rewardkit"
    found = str(exe) if exe.exists() else shutil.which("rewardkit")
    if found is None:
        pytest.skip("console script not installed (pip install -e .)")
    return found


def test_console_script_score_to_stdout() -> None:
    proc = subprocess.run(
        [_console_script(), "score", str(DEMO), "-o", "-"], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(rows) == 40
    assert "accuracy (flexible)" in proc.stderr
    assert "\x1b[" not in proc.stderr  # no colour codes or progress bar when not a terminal


def test_console_script_bad_file() -> None:
    proc = subprocess.run(
        [_console_script(), "score", str(BAD), "-o", "-"], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 2
    assert len(proc.stdout.splitlines()) == len(BAD_GOOD_LINES)
    assert f"{BAD}:6: missing field 'completion'" in proc.stderr


def test_python_dash_m() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "rewardkit", "grade", "--gold", "5", "--json", "#### 5"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["verdict"] == "CORRECT"


# --------------------------------------------------------------------------- jsonl helpers


def test_iter_jsonl_line_numbers_bom_and_bad_utf8(tmp_path: Path) -> None:
    src = tmp_path / "x.jsonl"
    src.write_bytes(b'\xef\xbb\xbf{"a": "1"}\n\n   \n{"a": "\xff"}\n{"a": 2}\r\n42\n')
    items = list(iter_jsonl(src, required=("a",), strings=("a",)))
    assert items[0] == Record(1, {"a": "1"})
    assert [(e.line, e.field) for e in items[1:] if isinstance(e, LineError)] == [
        (4, None),
        (5, "a"),
        (6, None),
    ]
    assert str(items[1]).startswith(f"{src}:4: not valid UTF-8")
    assert str(items[3]) == f"{src}:6: expected a JSON object, got number"


def test_write_then_read_roundtrip(tmp_path: Path) -> None:
    rows = [{"q": "naïve café", "n": 1}, {"q": "line\nbreak", "n": 2}]
    path = tmp_path / "rt.jsonl"
    assert write_jsonl(path, rows) == 2
    records, errors = read_jsonl(path)
    assert errors == [] and [r.data for r in records] == rows and [r.line for r in records] == [1, 2]
    assert "naïve" in path.read_text(encoding="utf-8")


def test_commands_owned_by_a_module_get_their_whole_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """`rewardkit pairs --help`: options before any positional reach the module's own parser."""
    assert main(["pairs", "--help"]) == 0
    assert "usage: rewardkit pairs" in capsys.readouterr().out
    assert main(["pairs"]) == 2
    assert "required" in capsys.readouterr().err


def test_training_without_the_extra_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)  # `import torch` fails, as on a machine without it
    assert main(["train", "grpo", "--config", "runners/configs/grpo_tiny.yaml"]) == 2
    err = capsys.readouterr().err
    assert "training needs the [train] extra (torch is not installed)" in err and "Traceback" not in err


def test_a_null_field_is_named_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text(
        '{"answer": null, "completion": "x"}\n{"answer": 3, "completion": "x"}\n'
        '{"answer": [3], "completion": "x"}\n{"answer": "3", "completion": null}\n'
    )
    assert main(["score", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:1: field 'answer' must be a string or a number, got null\n" in err
    assert f"{path}:2:" not in err  # a numeric gold is a gold
    assert f"{path}:3: field 'answer' must be a string or a number, got array [3]\n" in err
    assert f"{path}:4: field 'completion' must be a string, got null\n" in err


# --------------------------------------------------------------------------- subcommands registered by others


def test_subcommands_of_other_packages_come_from_entry_points():
    from importlib import metadata

    from rewardkit.cli.plugins import ENTRY_POINT_GROUP, command_modules

    registered = {e.value for e in metadata.entry_points(group=ENTRY_POINT_GROUP)}
    assert {"evalkit.commands", "evalkit.eval_command", "runners.commands"} <= registered
    loaded = {m.__name__ for m in command_modules()}
    assert registered <= loaded
    for command in ("eval", "report", "audit", "train", "pairs", "demo"):
        assert main([command, "--help"]) == 0


def test_a_broken_extension_is_a_warning_and_the_core_still_works(monkeypatch, capsys):
    from importlib import metadata

    from rewardkit.cli import plugins

    real = metadata.entry_points

    def with_a_broken_one(**kw):
        found = list(real(**kw))
        if kw.get("group") == plugins.ENTRY_POINT_GROUP:
            broken = metadata.EntryPoint("aaa_broken", "no_such_module_anywhere", plugins.ENTRY_POINT_GROUP)
            found.append(broken)
        return found

    monkeypatch.setattr(plugins.metadata, "entry_points", with_a_broken_one)
    plugins.command_modules.cache_clear()
    try:
        assert main(["grade", "72", "--gold", "72", "--json"]) == 0
        out, err = capsys.readouterr()
        assert '"verdict": "CORRECT"' in out
        assert "no_such_module_anywhere" in err and "not loaded" in err
        assert main(["report", "--help"]) == 0  # the working extensions still register
    finally:
        plugins.command_modules.cache_clear()


# --------------------------------------------------------------------------- nested fields


def test_score_and_check_data_read_dotted_keys(tmp_path, capsys):
    src = tmp_path / "nested.jsonl"
    rows = [
        {"question": "q1", "answer": "72", "6b_finetuning": {"solution": "So 72.\n#### 72"}},
        {"question": "q2", "answer": "5", "6b_finetuning": {"solution": "#### 4"}},
        {"question": "q3", "answer": "1", "6b_finetuning": {"text": "no solution field"}},
    ]
    src.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = tmp_path / "scored.jsonl"
    code = main(["score", str(src), "--completion-key", "6b_finetuning.solution", "-o", str(out), "-q"])
    captured = capsys.readouterr()
    assert code == 2  # the third line has no solution under 6b_finetuning
    assert f"{src}:3:" in captured.err and "'solution'" in captured.err
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r["verdict"] for r in lines] == ["CORRECT", "WRONG"]
    # the output keeps the input's fields as they were: no flat copy of the nested one
    assert all("6b_finetuning.solution" not in r and "solution" in r["6b_finetuning"] for r in lines)

    golds = tmp_path / "golds.jsonl"
    golds.write_text("".join(json.dumps({"meta": {"answer": a}}) + "\n" for a in ("72", "3 or 4")))
    assert main(["check-data", str(golds), "--gold-key", "meta.answer"]) == 1
    assert f"{golds}:2:" in capsys.readouterr().out
