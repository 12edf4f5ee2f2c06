"""`rewardkit demo --quick`: every stage runs offline and the HTML report is where the demo says; a rerun with
other sizes starts clean, reusing no model, checkpoint or eval record of the first."""

from __future__ import annotations

import dataclasses
import json

import pytest


def test_quick_demo_end_to_end_and_a_rerun_with_other_sizes(tmp_path, capsys):
    pytest.importorskip("trl")
    pytest.importorskip("matplotlib")
    from runners.demo import QUICK, main, run_demo

    out = tmp_path / "demo"
    assert main(["--quick", "--output-dir", str(out)]) == 0
    printed = capsys.readouterr().out
    report = out / "grpo" / "report.html"
    assert f"report: {report}" in printed.replace("\n", "")
    assert report.is_file() and "<html" in report.read_text(encoding="utf-8").lower()
    result = json.loads((out / "demo.json").read_text())
    # checkpoint-0 is the SFT model GRPO started from: the table shows what GRPO changed
    assert set(result["grpo"]["eval"]) == {"checkpoint-0", "checkpoint-2", "checkpoint-4"}
    assert all(0.0 <= acc <= 1.0 for acc in result["grpo"]["eval"].values())
    assert result["sft"]["loss_end"] < result["sft"]["loss_start"]
    assert (out / "grpo" / "metrics.jsonl").is_file() and (out / "grpo" / "rollouts.jsonl").is_file()
    # the held-out problems are split by the demonstrations' flaw, and the story says what moved
    splits = result["grpo"]["splits"]
    assert set(splits) == {"needs a carry", "no carry"}
    assert sum(s["n"] for s in splits.values()) == QUICK.eval_problems
    assert result["grpo"]["verdict"] in printed.replace("\n", "")
    assert "no measurable gain on 'needs a carry'" in result["grpo"]["verdict"]  # too small to learn
    for name in ("demonstrations.jsonl", "rl_problems.jsonl", "eval_problems.jsonl"):
        assert (out / name).is_file()
    first = json.loads((out / "provenance.json").read_text())
    assert first == result["provenance"] and first["plan"] == dataclasses.asdict(QUICK) and first["rewardkit"]

    # the same folder, other sizes: nothing of the first run survives into the second
    other = dataclasses.replace(
        QUICK, hidden_size=64, num_layers=1, rl_steps=2, checkpoints=1, eval_problems=4
    )
    again = run_demo(out, other)
    assert "starting clean: removed the earlier demo's" in capsys.readouterr().err
    assert set(again["grpo"]["eval"]) == {"checkpoint-0", "checkpoint-2"}  # checkpoint-4 of the first is gone
    base = json.loads((out / "sft" / "base-model" / "config.json").read_text())
    assert (base["hidden_size"], base["num_hidden_layers"]) == (64, 1)
    for name in ("checkpoint-0", "checkpoint-2"):
        config = json.loads((out / "grpo" / name / "config.json").read_text())
        assert config["hidden_size"] == 64
        records = (out / "grpo" / "eval" / name / "records.jsonl").read_text().splitlines()
        assert len(records) == other.eval_problems  # greedy, one sample each; none resumed from the first run
    assert again["provenance"]["sha256"] != first["sha256"]


def test_demo_refuses_a_folder_it_did_not_write(tmp_path, capsys):
    from runners.demo import main, start_clean

    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "sft").mkdir()
    assert main(["--quick", "--output-dir", str(tmp_path)]) == 2  # EXIT_USAGE: it could not do its job
    assert "holds files the demo did not write (notes.txt)" in capsys.readouterr().err
    assert (tmp_path / "notes.txt").is_file() and (tmp_path / "sft").is_dir()  # nothing removed
    (tmp_path / "notes.txt").unlink()
    assert start_clean(tmp_path) == ["sft"] and not any(tmp_path.iterdir())


def _story_records(folder, carry_right: int, sound_right: int, n: int = 60) -> None:
    folder.mkdir(parents=True)
    rows = []
    for i in range(n):
        subject = "needs a carry" if i % 2 else "no carry"
        right = (i // 2) < (carry_right if i % 2 else sound_right)
        verdict = "CORRECT" if right else "WRONG"
        rows.append({"id": i, "sample_index": 0, "verdict": verdict, "subject": subject})
    (folder / "records.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


@pytest.mark.parametrize(
    ("carry_after", "sound_after", "says"),
    [
        (29, 30, "RL went past its demonstrations: 'needs a carry' 0.0% → 96.7% (95% intervals apart), while "
         "'no carry' held (100.0% → 100.0%)"),
        (3, 30, "no measurable gain on 'needs a carry': 0.0% → 10.0%"),
        (29, 10, "'no carry' moved -66.7 points (100.0% → 33.3%)"),
    ],
)  # fmt: skip
def test_the_story_is_told_from_the_split_accuracies(tmp_path, carry_after, sound_after, says):
    pytest.importorskip("pandas")
    from runners.demo import comparison_table, split_story

    _story_records(tmp_path / "eval" / "checkpoint-0", carry_right=0, sound_right=30)
    _story_records(tmp_path / "eval" / "checkpoint-150", carry_right=carry_after, sound_right=sound_after)
    story = split_story(tmp_path / "eval")
    assert says in story["verdict"]
    carry = story["splits"]["needs a carry"]
    assert carry["n"] == 30 and carry["before"] == 0.0 and carry["before_ci"][0] == 0.0
    table = comparison_table(
        {
            "grpo": {**story, "models_in_memory": "2", "wall_s": 40.0, "kl_end": 0.01},
            "ppo": {**story, "models_in_memory": "3", "wall_s": 80.0, "reward_start": 0.2, "reward_end": 0.9},
        }
    )
    assert "| | GRPO | PPO |" in table and "| models in memory | 2 | 3 |" in table
    assert "| reward, first → last logs | - → - | 0.200 → 0.900 |" in table
    assert f"| held-out 'needs a carry', SFT → RL | 0.0% → {100 * carry['after']:.1f}% (n=30, " in table


def test_demo_flags_are_checked(capsys):
    from runners.demo import main

    with pytest.raises(SystemExit):
        main(["--rl-steps", "0"])
    assert "--rl-steps must be at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--algo", "dpo"])
    assert "invalid choice: 'dpo'" in capsys.readouterr().err


@pytest.mark.slow
def test_the_default_demo_goes_past_its_demonstrations(tmp_path):
    """The README's first command, measured: held-out accuracy on the flawed split rises with the 95 %
    intervals apart, the sound split stays within its interval, and the KL to the SFT model is reported
    (about 6 minutes on 2 CPU cores)."""
    pytest.importorskip("trl")
    pytest.importorskip("matplotlib")
    from runners.demo import run_demo

    result = run_demo(tmp_path / "demo")
    carry, sound = result["grpo"]["splits"]["needs a carry"], result["grpo"]["splits"]["no carry"]
    assert carry["before"] < 0.1, carry  # SFT learned the flaw of its demonstrations
    assert carry["intervals_apart"] and carry["points"] >= 40, carry
    assert not sound["intervals_apart"], sound
    assert isinstance(result["grpo"]["kl_end"], float)
    assert result["grpo"]["verdict"].startswith("RL went past its demonstrations")
