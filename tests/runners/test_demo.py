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
    assert set(result["eval"]) == {"checkpoint-0", "checkpoint-2", "checkpoint-4"}
    assert all(0.0 <= acc <= 1.0 for acc in result["eval"].values())
    assert result["sft"]["loss_end"] < result["sft"]["loss_start"]
    assert (out / "grpo" / "metrics.jsonl").is_file() and (out / "grpo" / "rollouts.jsonl").is_file()
    first = json.loads((out / "provenance.json").read_text())
    assert first == result["provenance"] and first["plan"] == dataclasses.asdict(QUICK) and first["rewardkit"]

    # the same folder, other sizes: nothing of the first run survives into the second
    other = dataclasses.replace(
        QUICK, hidden_size=64, num_layers=1, grpo_steps=2, checkpoints=1, eval_problems=4
    )
    again = run_demo(out, other)
    assert "starting clean: removed the earlier demo's" in capsys.readouterr().err
    assert set(again["eval"]) == {"checkpoint-0", "checkpoint-2"}  # checkpoint-4 of the first run is gone
    base = json.loads((out / "sft" / "base-model" / "config.json").read_text())
    assert (base["hidden_size"], base["num_hidden_layers"]) == (64, 1)
    for name in ("checkpoint-0", "checkpoint-2"):
        config = json.loads((out / "grpo" / name / "config.json").read_text())
        assert config["hidden_size"] == 64
        records = (out / "grpo" / "eval" / name / "records.jsonl").read_text().splitlines()
        assert len(records) == other.eval_problems * other.eval_samples  # none resumed from the first run
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
