"""Trajectory statistics for the report (``evalkit/trajectories.py``) on a fixture with known answers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from paths import REPO

from evalkit.trajectories import (
    find_trajectories,
    load_trajectories,
    render_trajectories_markdown,
    summarize_trajectories,
)

FIXTURE = REPO / "fixtures" / "agentic" / "trajectories.jsonl"


@pytest.fixture(scope="module")
def summary() -> dict:
    episodes, problems = load_trajectories(FIXTURE)
    assert problems == [] and len(episodes) == 24
    return summarize_trajectories(episodes)


def test_phases_in_order_with_known_rates(summary: dict) -> None:
    assert [p for p in summary if p != "curve"] == ["before", "train", "after"]
    before, after = summary["before"], summary["after"]
    assert before["episodes"] == 8 and before["tool_call_rate"] == 1 / 8 and before["accuracy"] == 2 / 8
    assert before["accuracy_with_tool"] == 1.0 and before["accuracy_without_tool"] == 1 / 7
    assert after["tool_call_rate"] == 6 / 8 and after["accuracy_with_tool"] == 5 / 6
    assert after["accuracy_without_tool"] == 0.0 and after["tool_before_answer_rate"] == 6 / 8
    low, high = after["tool_call_rate_ci"]
    assert low < 6 / 8 < high  # Wilson interval around the rate
    assert after["verdicts"] == {"CORRECT": 5, "WRONG": 3}


def test_training_curve_and_call_quality(summary: dict) -> None:
    train = summary["train"]
    assert train["tool_calls"] == 4 and train["tool_failure_rate"] == 1 / 4
    assert train["invalid_call_rate"] == 1 / 5
    assert [(p["step"], p["episodes"], p["tool_call_rate"], p["accuracy"]) for p in summary["curve"]] == [
        (1, 4, 0.25, 0.25),
        (2, 4, 0.75, 0.5),
    ]


def test_returns_are_described(summary: dict) -> None:
    returns = summary["after"]["returns"]
    assert (
        returns["max"] == pytest.approx(1.0)
        and returns["min"] == 0.0
        and returns["p25"] == pytest.approx(0.3)
    )
    assert returns["median"] == pytest.approx(1.0)
    hist = summary["after"]["return_histogram"]
    assert sum(hist["counts"]) == 8 and len(hist["edges"]) == len(hist["counts"]) + 1


def test_markdown_section(summary: dict) -> None:
    text = render_trajectories_markdown(summary)
    assert text.startswith("| metric | before | train | after |")
    assert "| called a tool [95% CI] | 12.5% [" in text
    assert "| accuracy with a tool call | 100.0% [" in text and "(n=1)" in text
    assert "| 2 | 4 | 75.0% | 50.0% |" in text
    assert render_trajectories_markdown(summarize_trajectories([])) == ""


def test_bad_lines_are_reported_and_skipped(tmp_path: Path) -> None:
    path = tmp_path / "run" / "trajectories.jsonl"
    path.parent.mkdir()
    good = json.dumps({"phase": "after", "correct": True, "tool_calls": 1, "steps": []})
    path.write_text(f'{good}\n{{"phase": \n[1, 2]\n{{"steps": "x"}}\n\n{good}\n')
    episodes, problems = load_trajectories(path)
    assert len(episodes) == 2
    assert [p.split(": ", 1)[0] for p in problems] == [f"{path}:2", f"{path}:3", f"{path}:4"]
    assert "field 'steps' must be a list" in problems[2]
    assert find_trajectories(tmp_path) == [path] and find_trajectories(path) == [path]


def test_report_shows_the_trajectories_of_an_agentic_run(tmp_path: Path) -> None:
    """`rewardkit report` on a run with episodes and no eval records yet: the trajectory section alone."""
    pytest.importorskip("pandas")
    pytest.importorskip("matplotlib")
    import contextlib
    import io
    import shutil

    from rewardkit.cli import main

    run = tmp_path / "run"
    run.mkdir()
    shutil.copy(FIXTURE, run / "trajectories.jsonl")
    with (run / "trajectories.jsonl").open("a") as handle:
        handle.write("{broken\n")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(["report", str(run), "--format", "md", "-o", str(tmp_path / "r.md")])
    # malformed input: reported, skipped, exit status 2 at the end (the report is still written)
    assert rc == 2 and "trajectories.jsonl:25: invalid JSON" in err.getvalue()
    text = (tmp_path / "r.md").read_text()
    assert "Agentic trajectories" in text and "24 episodes" in text
    assert "| called a tool [95% CI] | 12.5% [" in text and "Tool use over training" in text
    assert "trajectories.jsonl:25: invalid JSON" in text  # the bad line is reported, the rest still counts
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["report", str(run), "--format", "html", "-o", str(tmp_path / "r.html")]) == 2
    page = (tmp_path / "r.html").read_text()
    assert "Tool-call rate and accuracy over training" in page and "data:image/png;base64," in page


def _mixed_run() -> list[dict]:
    """Before: nobody calls. After: every hard problem calls and half of those are right; easy ones are
    answered directly and right. Training: one step of each part."""

    def episode(phase: str, part: str, called: bool, correct: bool, step: object = None) -> dict:
        return {
            "phase": phase,
            "step": phase if step is None else step,
            "part": part,
            "correct": correct,
            "tool_calls": int(called),
            "called_tool_before_answer": called,
            "steps": [{"kind": "final_answer"}],
            "return": float(correct),
        }

    episodes = [episode("before", "easy", False, i < 3) for i in range(10)]
    episodes += [episode("before", "hard", False, False) for _ in range(10)]
    episodes += [episode("after", "easy", False, True) for _ in range(10)]
    episodes += [episode("after", "hard", True, i < 5) for i in range(10)]
    episodes += [episode("train", "hard", True, True, step=1), episode("train", "easy", False, False, step=1)]
    return episodes


def test_parts_are_summarised_apart() -> None:
    from evalkit.trajectories import part_table, render_parts_markdown, summarize_parts

    parts = summarize_parts(_mixed_run())
    assert list(parts) == ["easy", "hard"]
    hard, easy = parts["hard"], parts["easy"]
    assert (hard["before"]["tool_call_rate"], hard["after"]["tool_call_rate"]) == (0.0, 1.0)
    assert hard["after"]["accuracy_with_tool"] == 0.5 and hard["before"]["accuracy_without_tool"] == 0.0
    assert (easy["before"]["accuracy"], easy["after"]["accuracy_without_tool"]) == (0.3, 1.0)
    assert [(c["step"], c["tool_call_rate"]) for c in hard["curve"]] == [(1, 1.0)]
    header, rows = part_table(hard)
    assert header == ["metric", "before", "train", "after"]
    assert [r[0] for r in rows] == [
        "episodes",
        "accuracy [95% CI]",
        "called a tool [95% CI]",
        "accuracy with a tool call",
        "accuracy without a tool call",
    ]
    assert rows[3][3].startswith("50.0% [") and rows[3][3].endswith("(n=10)")
    text = render_parts_markdown(parts)
    assert text.startswith("**easy**\n\n| metric | before | train | after |") and "**hard**" in text
    assert summarize_parts([{k: v for k, v in e.items() if k != "part"} for e in _mixed_run()]) == {}


def test_report_shows_each_part_of_a_mixed_task(tmp_path: Path) -> None:
    pytest.importorskip("pandas")
    pytest.importorskip("matplotlib")
    import contextlib
    import io

    from rewardkit.cli import main

    run = tmp_path / "run"
    run.mkdir()
    (run / "trajectories.jsonl").write_text("".join(json.dumps(e) + "\n" for e in _mixed_run()))
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["report", str(run), "--format", "md", "-o", str(tmp_path / "r.md")]) == 0
    text = (tmp_path / "r.md").read_text()
    section = text[text.index("Per problem part") :]
    assert section.index("**easy**") < section.index("**hard**")
    hard = section[section.index("**hard**") :]
    assert "| accuracy with a tool call | – (n=0) | 100.0% [" in hard and "50.0% [" in hard
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["report", str(run), "--format", "html", "-o", str(tmp_path / "r.html")]) == 0
    assert "Per problem part" in (tmp_path / "r.html").read_text()
