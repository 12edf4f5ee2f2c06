"""`rewardkit demo --quick`: every stage runs offline and the HTML report is where the demo says."""

from __future__ import annotations

import json

import pytest


def test_quick_demo_end_to_end(tmp_path, capsys):
    pytest.importorskip("trl")
    pytest.importorskip("matplotlib")
    from runners.demo import main

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
