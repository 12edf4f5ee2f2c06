"""Bad data through every command: empty files, non-UTF-8 bytes, malformed JSON, lines that are not
objects, missing and extra keys, wrong types, duplicate ids, a folder or a missing path instead of a file,
random bytes.

The contract (rewardkit/cli.py's docstring): never a traceback. A malformed line is reported as
``FILE:LINE: message`` naming the field where one is at fault, and skipped; the other lines are still used
and the exit status is 2. An unreadable input is one ``cannot read FILE`` message and exit status 2. Empty
input is not an error (nothing to grade, status 0). ``score`` and ``check-data`` have no notion of ids, so
duplicate ids are graded line by line; ``eval`` keys samples by id and reports a duplicate as malformed.

The commands run in this process through ``main()``: an exception escaping it would fail the test with its
traceback, so "returns a status" is the "no traceback" check.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
from pathlib import Path

import pytest

from rewardkit.cli import main

GOOD = {"id": "g1", "question": "What is 2 + 2?", "answer": "4", "completion": "2 + 2 = 4. The answer is 4."}

# (line text, the field the error must name or None when the line is broken as a whole)
BAD_LINES: list[tuple[bytes, str | None]] = [
    (b"\xff\xfe{not utf-8}", None),
    (b'{"answer": "3", "completion": "x"', None),  # cut-off JSON
    (b"[1, 2, 3]", None),
    (b'"just a string"', None),
    (b"NaN", None),
    (b'{"completion": "no gold here"}', "answer"),
    (b'{"answer": "5"}', "completion"),
    (b'{"answer": true, "completion": "4"}', "answer"),  # a number is a gold, a boolean is not
    (b'{"answer": NaN, "completion": "4"}', "answer"),
    (b'{"answer": -Infinity, "completion": "4"}', "answer"),
    (b'{"answer": 1' + b"0" * 5000 + b', "completion": "4"}', None),  # beyond Python's int/str limit
    (b'{"answer": "5", "completion": ["a", "list"]}', "completion"),
    (b'{"answer": null, "completion": "x"}', "answer"),
    (b'{"answer": {"nested": 1}, "completion": "x"}', "answer"),
]
EXTRA_KEYS = {**GOOD, "id": "g2", "unexpected": {"nested": [1, 2]}, "another": None}


def _mixed_file(tmp_path: Path) -> tuple[Path, dict[int, str | None]]:
    """Good lines around every bad one; returns the file and {bad line number: field}."""
    lines: list[bytes] = []
    bad: dict[int, str | None] = {}
    for k, (raw, field) in enumerate(BAD_LINES):
        lines.append(json.dumps({**GOOD, "id": f"ok{k}"}).encode())
        lines.append(raw)
        bad[len(lines)] = field
    lines.append(json.dumps(EXTRA_KEYS).encode())
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path, bad


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    assert isinstance(status, int)
    out, err = capsys.readouterr()
    return status, out, err


def _commands(path: Path, tmp_path: Path) -> dict[str, list[str]]:
    return {
        "score": ["score", str(path), "-o", str(tmp_path / "scored.jsonl"), "-q"],
        "check-data": ["check-data", str(path)],
        "eval": ["eval", "--completions", str(path), "--output-dir", str(tmp_path / "eval")],
        "audit": ["audit", str(path), "--a", "rewardkit:flexible", "--b", "rewardkit:strict"],
    }


COMMANDS = ("score", "check-data", "eval", "audit")


@pytest.mark.parametrize("command", COMMANDS)
def test_malformed_lines_are_named_and_skipped(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, bad = _mixed_file(tmp_path)
    status, _, err = _run(capsys, *_commands(path, tmp_path)[command])
    assert status == 2, err
    assert "Traceback" not in err
    reported = {int(n) for n in re.findall(rf"^{re.escape(str(path))}:(\d+): ", err, flags=re.M)}
    # check-data reads only the gold: a line whose completion alone is bad is fine there
    expected = {n for n, field in bad.items() if not (command == "check-data" and field == "completion")}
    assert reported == expected, err
    for line, field in bad.items():
        message = next((m for m in err.splitlines() if m.startswith(f"{path}:{line}: ")), "")
        if field is not None and line in expected:
            assert repr(field) in message, message
    if command == "score":
        rows = [json.loads(x) for x in (tmp_path / "scored.jsonl").read_text("utf-8").split("\n") if x]
        assert [r["id"] for r in rows] == [f"ok{k}" for k in range(len(BAD_LINES))] + ["g2"]
        assert rows[-1]["unexpected"] == {"nested": [1, 2]}  # extra keys are kept, not errors
    if command == "eval":
        summary = json.loads((tmp_path / "eval" / "summary.json").read_text("utf-8"))
        assert summary["records"] == len(BAD_LINES) + 1 and summary["malformed_lines"] == len(bad)


@pytest.mark.parametrize("content", [b"", b"\n\n   \n\r\n"], ids=["empty", "blank"])
@pytest.mark.parametrize("command", COMMANDS)
def test_empty_input_is_not_an_error(
    command: str, content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_bytes(content)
    status, out, err = _run(capsys, *_commands(path, tmp_path)[command])
    assert status == 0, err
    if command == "score":
        assert "0 graded" in out and (tmp_path / "scored.jsonl").read_text() == ""


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("what", ["missing", "folder"])
def test_unreadable_input(
    command: str, what: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "input.jsonl"
    if what == "folder":
        path.mkdir()
    status, _, err = _run(capsys, *_commands(path, tmp_path)[command])
    assert status == 2
    assert f"cannot read {path}" in err, err
    assert not (tmp_path / "scored.jsonl").exists()


@pytest.mark.parametrize("command", COMMANDS)
def test_random_bytes(command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "noise.jsonl"
    path.write_bytes(random.Random(9).randbytes(20_000))
    status, _, err = _run(capsys, *_commands(path, tmp_path)[command])
    assert status == 2
    lines = [x for x in err.splitlines() if x.startswith(f"{path}:")]
    assert lines and all(re.match(rf"{re.escape(str(path))}:\d+: ", x) for x in lines)


def test_duplicate_ids(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "dups.jsonl"
    # lines sharing an id are samples of one problem; the same id and sample_index twice is a duplicate
    rows = [{**GOOD, "id": "same", "sample_index": 0}, {**GOOD, "id": "same", "sample_index": 0}]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    commands = _commands(path, tmp_path)

    status, _, err = _run(capsys, *commands["eval"])
    assert status == 2
    assert f"{path}:2: duplicate sample: id 'same' sample_index 0 is already on line 1" in err
    records = (tmp_path / "eval" / "records.jsonl").read_text("utf-8").split("\n")
    assert len([r for r in records if r]) == 1  # the first is graded, the duplicate skipped and counted

    status, out, _ = _run(capsys, *commands["score"])  # no ids in score: every line is graded
    assert status == 0 and "2 graded" in out


def test_lone_surrogates_and_a_bom_are_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "odd.jsonl"
    path.write_bytes(
        b"\xef\xbb\xbf"
        + json.dumps({**GOOD, "completion": "The answer is \ud800 4."}).encode()
        + b"\n"
        + json.dumps({**GOOD, "id": "g2", "answer": "\udfff"}).encode()
        + b"\n"
    )
    for command, argv in _commands(path, tmp_path).items():
        status, _, err = _run(capsys, *argv)
        assert status in (0, 1), f"{command}: {err}"  # check-data: 1, the second gold cannot be parsed
    scored = (tmp_path / "scored.jsonl").read_text("utf-8")
    assert "\\ud800" in scored and json.loads(scored.split("\n")[0])["verdict"] == "CORRECT"


def test_wrong_option_types(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "opts.jsonl"
    rows = [
        {**GOOD, "finished": "yes"},
        {**GOOD, "choices": 7},
        {**GOOD, "id": 1.5},
        {**GOOD, "id": "x", "sample_index": -1},
        {**GOOD, "id": "y", "finish_reason": "exploded"},
        {**GOOD, "id": "z", "token_count": "many"},
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    status, _, err = _run(capsys, "score", str(path), "--choices-key", "choices", "-q")
    assert status == 2
    assert f"{path}:1: field 'finished'" in err and f"{path}:2: field 'choices'" in err
    status, _, err = _run(capsys, *_commands(path, tmp_path)["eval"])
    assert status == 2
    for line, field in (
        (1, "finished"),
        (3, "id"),
        (4, "sample_index"),
        (5, "finish_reason"),
        (6, "token_count"),
    ):
        assert f"{path}:{line}: field '{field}'" in err, err


# --------------------------------------------------------------------------- grade and stress


@pytest.mark.parametrize(
    "argv",
    [
        ["grade", "", "--gold", ""],
        ["grade", "x" * 100_000, "--gold", "1"],
        ["grade", "\x00\ud800", "--gold", "\udfff"],
        ["grade", "(A)", "--gold", "A", "--choices", ""],
        ["grade", "(A)", "--gold", "A", "--choices", ",,,"],
        ["grade", "The answer is 4", "--gold", "{{{{", "--json"],
    ],
    ids=["empty", "long", "surrogates", "no-choices", "commas", "bad-gold"],
)
def test_grade_command_on_odd_input(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, *argv)
    assert status == 0 and out


def test_grade_reads_non_utf8_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    stdin = io.TextIOWrapper(io.BytesIO(b"The answer is \xff 4."), encoding="utf-8", errors="surrogateescape")
    monkeypatch.setattr(sys, "stdin", stdin)
    status, out, _ = _run(capsys, "grade", "-", "--gold", "4", "--json")
    assert status == 0 and json.loads(out)["verdict"] == "CORRECT"


def _spec_files(tmp_path: Path) -> dict[str, str]:
    files = {
        "truncated.json": b'{"accuracy": ',
        "broken.yaml": b"accuracy: [\n  - {",
        "binary.json": b"\xff\xfe\x00",
        "list-of-numbers.json": b"[1, 2]",
        "bad-param.json": b'{"length_penalty": {"alpha": "x", "target": 200}}',
    }
    specs = {}
    for name, content in files.items():
        (tmp_path / name).write_bytes(content)
        specs[name] = f"@{tmp_path / name}"
    (tmp_path / "a-folder").mkdir()
    specs["folder"] = f"@{tmp_path / 'a-folder'}"
    specs["missing"] = f"@{tmp_path / 'missing.json'}"
    return specs


BAD_SPECS = [
    '{"accuracy": ',
    "nosuch",
    "",
    "rewardkit.nosuch:thing",
    '{"gate": {}}',
    '{"accuracy": {"weight": "heavy"}}',
    '{"accuracy": NaN}',
    '{"accuracy": 1e400}',
    '{"length_penalty": {"alpha": -1, "target": 200}}',
    '{"clip": {"reward": "accuracy", "low": 2, "high": 1}}',
    "[]",
]


def test_stress_with_bad_specs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for spec in [*BAD_SPECS, *_spec_files(tmp_path).values()]:
        status, out, err = _run(capsys, "stress", spec)
        assert status == 2, f"{spec!r}: {out[-300:]} {err[-300:]}"
        assert err.startswith(f"rewardkit: error: reward spec {spec!r}"), err


# --------------------------------------------------------------------------- report


def test_report_on_bad_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pandas")
    pytest.importorskip("matplotlib")
    empty = tmp_path / "empty"
    empty.mkdir()
    status, _, err = _run(capsys, "report", str(empty))
    assert status == 2 and "no records.jsonl" in err

    status, _, err = _run(capsys, "report", str(tmp_path / "missing"))
    assert status == 2 and "no such file or folder" in err

    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "records.jsonl").write_bytes(b'{"id": "a", "sample_index": 0\n[1]\n\xff\xfe\n{"id": "b"}\n')
    status, _, err = _run(capsys, "report", str(bad))
    assert status == 2
    assert all(f"records.jsonl:{n}: " in err for n in (1, 2, 3, 4)), err
    assert os.path.exists(bad / "records.jsonl")


# --------------------------------------------------------------------------- damaged records


# lines on which json.loads raises something other than JSONDecodeError
DAMAGED_RECORDS = (
    b'{"id": "big", "sample_index": 0, "token_count": 1' + b"0" * 5000 + b"}",  # past the int/str limit
    b"[" * 100_000 + b"]" * 100_000,  # RecursionError
)


def test_damaged_records_are_a_message_in_every_reader(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    completions = tmp_path / "completions.jsonl"
    rows = [{**GOOD, "id": f"g{k}", "question": f"What is {k} + 2?", "answer": str(k + 2)} for k in range(6)]
    completions.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out_dir = tmp_path / "eval"
    argv = ["eval", "--completions", str(completions), "--output-dir", str(out_dir)]
    assert _run(capsys, *argv)[0] == 0
    records = out_dir / "records.jsonl"
    good = records.read_bytes().splitlines()
    # a damaged copy: the two lines sit among the records, and two records are gone (to be graded again)
    records.write_bytes(b"\n".join([*good[:2], *DAMAGED_RECORDS, *good[4:]]) + b"\n")

    readers = {
        "report": ["report", str(out_dir)],
        "pairs": ["pairs", str(out_dir), "-o", str(tmp_path / "pairs.jsonl")],
        "audit": ["audit", str(records), "--a", "rewardkit:flexible", "--b", "rewardkit:strict"],
    }
    for command, reader in readers.items():
        status, _, err = _run(capsys, *reader)
        assert status == 2 and "Traceback" not in err, f"{command}: {err}"
        # report names the file relative to the folder it reads, the others by the path given
        assert "records.jsonl:3: a number with more than" in err, f"{command}: {err}"
        assert "records.jsonl:4: JSON nested too deeply to read" in err, f"{command}: {err}"

    # a resume drops the damaged lines with a warning each, keeps every good record as it was and grades
    # only the two that are missing
    status, _, err = _run(capsys, *argv)
    assert status == 0 and "Traceback" not in err, err
    assert f"{records}:3: dropping a line: a number with more than" in err
    assert f"{records}:4: dropping a line: JSON nested too deeply to read" in err
    assert "resuming: 4 of 6 samples" in err
    kept = records.read_bytes().splitlines()
    assert kept[:4] == [*good[:2], *good[4:]]
    keys = [json.loads(line)["id"] for line in kept]
    assert sorted(keys) == [f"g{k}" for k in range(6)]  # nothing lost, nothing twice
    summary = json.loads((out_dir / "summary.json").read_text("utf-8"))
    assert summary["records"] == 6


def test_damaged_lines_in_a_run_folder_are_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``report`` on a training run also reads its episodes and TRL's trainer state: the same lines there."""
    pytest.importorskip("pandas")
    pytest.importorskip("matplotlib")
    episode = json.dumps({"phase": "after", "correct": True, "tool_calls": 1, "steps": []}).encode()
    (tmp_path / "trajectories.jsonl").write_bytes(b"\n".join([episode, *DAMAGED_RECORDS, episode]) + b"\n")
    state = tmp_path / "checkpoint-2" / "trainer_state.json"
    state.parent.mkdir()
    for damaged in DAMAGED_RECORDS:
        state.write_bytes(damaged)
        status, _, err = _run(capsys, "report", str(tmp_path))
        assert status == 2 and "Traceback" not in err, err
        assert "trajectories.jsonl:2: a number with more than" in err, err
        assert "trajectories.jsonl:3: JSON nested too deeply to read" in err, err
        assert "trainer_state.json: unreadable" in err, err


@pytest.mark.parametrize(
    "spec",
    ["[" * 5000 + "]" * 5000, '{"accuracy": ' + "1" * 5000 + "}"],
    ids=["nested 5,000 deep", "a 5,000-digit weight"],
)
def test_stress_on_a_spec_past_the_parsers_limits_is_a_message(spec, capsys):
    # json.loads raised RecursionError (a traceback) on the first and ValueError on the second
    assert main(["stress", spec]) == 2
    err = capsys.readouterr().err
    assert "reward spec" in err and "characters)" in err and "Traceback" not in err


def test_build_refuses_a_spec_nested_too_deep():
    from rewardkit.errors import ConfigError
    from rewardkit.rewards import build

    spec: object = "accuracy"
    for _ in range(3000):
        spec = {"gate": {"reward": spec, "on": "format"}}
    with pytest.raises(ConfigError, match="nested deeper"):
        build(spec)


# ------------------------------------------------------------------------------- reward spec files in YAML


def _laughs(levels: int) -> str:
    """A billion laughs: each level's list holds the previous level ten times (10**levels strings)."""
    lines = ["l0: &l0 [" + ", ".join(["lol"] * 10) + "]"]
    for n in range(1, levels + 1):
        lines.append(f"l{n}: &l{n} [" + ", ".join([f"*l{n - 1}"] * 10) + "]")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (_laughs(9), r"spec\.yaml:\d+: holds more than 10,000 values once aliases are expanded"),
        (
            "accuracy: 1\nformat: 0.2\naccuracy: 3\n",
            r"spec\.yaml:3: duplicate key 'accuracy' \(first at line 1\)",
        ),
        ("a: &a [*a]\n", r"spec\.yaml:1: alias \*a is used inside the value it names"),
        ("x: " + "[" * 60 + "]" * 60 + "\n", r"spec\.yaml:1: nested deeper than 50 levels"),
    ],
)
def test_a_yaml_reward_spec_out_of_bounds_is_a_message(tmp_path: Path, text: str, message: str) -> None:
    from rewardkit.errors import ConfigError
    from rewardkit.rewards import load_spec

    spec = tmp_path / "spec.yaml"
    spec.write_text(text)
    with pytest.raises(ConfigError, match=message):
        load_spec(f"@{spec}")


def test_a_yaml_reward_spec_reads_yaml_1_2_booleans(tmp_path: Path) -> None:
    from rewardkit.rewards import load_spec

    spec = tmp_path / "spec.yml"
    spec.write_text("gate: {reward: accuracy, on: format}\n")
    assert load_spec(f"@{spec}") == {"gate": {"reward": "accuracy", "on": "format"}}


# ------------------------------------------------------------------------- the same error on every line


# score and check-data live in rewardkit/cli.py, which does not use rewardkit.jsonl.LineErrorReporter yet;
# strict: once it does, these pass and the marks must go


@pytest.mark.parametrize(
    "command",
    [
        "eval",
        "audit",
        "report",
        "score",
        "check-data",
    ],
)
def test_one_error_on_every_line_is_summarised(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A nested export (the gold one level down) lacks the field on every line: five lines of the message
    and a count, not 1,319 identical ones. The exit status stays 2."""
    if command == "report":
        pytest.importorskip("pandas")
        pytest.importorskip("matplotlib")
        folder = tmp_path / "run"
        folder.mkdir()
        path = folder / "records.jsonl"
        rows = [{"id": f"q{i}", "sample_index": 0} for i in range(1319)]  # no verdict anywhere
        argv = ["report", str(folder), "--format", "md", "-o", str(tmp_path / "report.md")]
    else:
        path = tmp_path / "nested.jsonl"
        rows = [
            {"id": i, "question": "2 + 2?", "completion": "4", "meta": {"answer": "4"}} for i in range(1319)
        ]
        argv = _commands(path, tmp_path)[command]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    status, _, err = _run(capsys, *argv)
    assert status == 2
    field = "verdict" if command == "report" else "answer"
    lines = [line for line in err.splitlines() if f"missing field {field!r}" in line]
    # FILE:LINE for the ones shown (report names a file relative to the folder it reads)
    assert all(line.split(": ", 1)[0].endswith(f"{path.name}:{n}") for n, line in enumerate(lines[:5], 1))
    assert len(lines) == 6, err
    assert lines[5].startswith(f"... and 1314 more lines: missing field {field!r}")


def test_the_error_summary_tells_messages_apart_and_stays_bounded() -> None:
    from rewardkit.jsonl import LineError, summarize_line_errors

    errors = [LineError("f.jsonl", n, f"invalid JSON at column {n}") for n in range(1, 1001)]
    lines = summarize_line_errors(errors)
    # 100 distinct messages shown once each, then the rest together: 5 shown, the other 895 counted
    assert lines[:100] == [str(e) for e in errors[:100]]
    assert lines[100:105] == [str(e) for e in errors[100:105]]
    assert lines[105:] == ["... and 895 more lines: other messages"]
    mixed = ["f.jsonl:1: a", "f.jsonl:2: b", "f.jsonl:3: a", "f.jsonl:4: a"]
    assert summarize_line_errors(mixed, limit=1) == [
        "f.jsonl:1: a",
        "f.jsonl:2: b",
        "... and 2 more lines: a",
    ]
