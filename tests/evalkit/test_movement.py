"""What moved per group and per problem from the first checkpoint to the last, and how the report says it."""

from __future__ import annotations

import html
import io
import json
from pathlib import Path

from evalkit.analysis import load_records
from evalkit.movement import changed_answers, group_changes
from evalkit.render import print_report, render_markdown, write_report
from evalkit.report import build_report


def _checkpoint(folder: Path, rows: list[tuple[str, str, str]]) -> None:
    """rows: (subject, verdict, extracted); ids are row indexes, so both checkpoints ask the same problems."""
    folder.mkdir(parents=True)
    lines = [
        json.dumps(
            {
                "id": i,
                "sample_index": 0,
                "verdict": verdict,
                "extracted": extracted,
                "subject": subject,
                "question": f"question {i}",
                "gold": f"#### {i}",
            }
        )
        for i, (subject, verdict, extracted) in enumerate(rows)
    ]
    (folder / "records.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _run(tmp_path: Path, carry_after: int, sound_after: int) -> Path:
    """50 'needs a carry' problems all wrong before, 50 'no carry' all right; after: the counts given."""
    run = tmp_path / "run"
    before = [("needs a carry", "WRONG", "345")] * 50 + [("no carry", "CORRECT", "347")] * 50
    after = [("needs a carry", "CORRECT" if i < carry_after else "WRONG", "355") for i in range(50)] + [
        ("no carry", "CORRECT" if i < sound_after else "WRONG", "347") for i in range(50)
    ]
    _checkpoint(run / "checkpoint-0", before)
    _checkpoint(run / "checkpoint-40", after)
    return run


def test_each_group_gets_its_own_change_with_intervals(tmp_path):
    df = load_records(_run(tmp_path, carry_after=45, sound_after=48))
    changes = {g.group: g for g in group_changes(df, "subject")}
    assert list(changes) == ["needs a carry", "no carry"]
    carry, sound = changes["needs a carry"], changes["no carry"]
    assert (carry.records_first, carry.records_last) == (50, 50)
    assert carry.flexible.first == 0.0 and carry.flexible.last == 0.9
    assert round(carry.flexible.points, 1) == 90.0 and not carry.flexible.within_noise
    assert round(sound.flexible.points, 1) == -4.0 and sound.flexible.within_noise
    assert carry.strict.last == 0.9  # records without a strict verdict take the flexible one


def test_no_group_change_without_two_checkpoints_or_the_column(tmp_path):
    run = _run(tmp_path, carry_after=45, sound_after=48)
    df = load_records(run)
    assert group_changes(df, "level") == []
    only_first = load_records(run / "checkpoint-0")
    assert group_changes(only_first, "subject") == []
    assert changed_answers(only_first, 3, 0) == {}


def test_changed_answers_pair_the_same_problem_at_both_ends(tmp_path):
    df = load_records(_run(tmp_path, carry_after=45, sound_after=48))
    pairs = changed_answers(df, 3, seed=0)
    assert set(pairs) == {"fixed", "broken"}
    assert len(pairs["fixed"]) == 3 and len(pairs["broken"]) == 2  # only 2 no-carry problems broke
    for pair in pairs["fixed"] + pairs["broken"]:
        assert pair.before["id"] == pair.after["id"]
        assert pair.before["checkpoint"] == "checkpoint-0" and pair.after["checkpoint"] == "checkpoint-40"
    assert all(not p.before["correct"] and p.after["correct"] for p in pairs["fixed"])
    assert all(p.before["correct"] and not p.after["correct"] for p in pairs["broken"])
    assert pairs == changed_answers(df, 3, seed=0)  # the seed fixes the draw
    assert changed_answers(df, 0, seed=0) == {}


def test_the_report_says_which_group_moved_in_every_format(tmp_path):
    run = _run(tmp_path, carry_after=45, sound_after=48)
    out = io.StringIO()
    print_report(run, file=out, examples=2)
    texts = {
        "md": render_markdown(build_report(run, examples=2)),
        "html": Path(write_report(run, fmt="html", output=run / "r.html", examples=2)).read_text("utf-8"),
        "term": out.getvalue(),
    }
    for fmt, text in texts.items():
        flat = " ".join(html.unescape(text).split())
        assert "What moved, by subject: checkpoint-0 → checkpoint-40" in flat, fmt
        assert (
            "needs a carry 0.0% → 90.0% (+90.0 points, a change: the 95% intervals do not overlap)" in flat
        ), fmt
        assert "no carry 100.0% → 96.0% (-4.0 points, within the 95% intervals)" in flat, fmt
        assert "Same problem, checkpoint-0 → checkpoint-40" in flat, fmt
        assert "345 (WRONG)" in flat and "355 (CORRECT)" in flat, fmt


def test_one_group_is_not_repeated_as_a_group_table(tmp_path):
    run = tmp_path / "run"
    _checkpoint(run / "checkpoint-0", [("only", "WRONG", "1")] * 10)
    _checkpoint(run / "checkpoint-5", [("only", "CORRECT", "2")] * 10)
    text = render_markdown(build_report(run, examples=1))
    assert "What moved, by subject" not in text
    assert "## Same problem, checkpoint-0 → checkpoint-5" in text
