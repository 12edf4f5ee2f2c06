"""Runs under `accelerate launch`: GRPO and agentic GRPO on two CPU processes (gloo DDP); all ranks train.

Also checks that the shipped accelerate configs are valid YAML naming the settings they are for.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from paths import REPO

ROOT = REPO
ACCELERATE = ROOT / "runners" / "configs" / "accelerate"


def test_shipped_accelerate_configs():
    ddp = yaml.safe_load((ACCELERATE / "ddp_cpu.yaml").read_text())
    assert ddp["distributed_type"] == "MULTI_GPU" and ddp["num_processes"] == 2  # the torchrun launcher
    zero2 = yaml.safe_load((ACCELERATE / "zero2.yaml").read_text())
    assert zero2["distributed_type"] == "DEEPSPEED" and zero2["deepspeed_config"]["zero_stage"] == 2
    fsdp = yaml.safe_load((ACCELERATE / "fsdp.yaml").read_text())
    assert fsdp["distributed_type"] == "FSDP"
    for path in ACCELERATE.glob("*.yaml"):
        assert path.read_text().startswith("# accelerate launch --config_file runners/configs/accelerate/")


def _launcher() -> str:
    pytest.importorskip("accelerate")
    accelerate = shutil.which("accelerate", path=str(Path(sys.executable).parent)) or shutil.which(
        "accelerate"
    )
    if accelerate is None:
        pytest.skip("the accelerate launcher is not on PATH")
    return accelerate


def _env() -> dict[str, str]:
    return {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONPATH": str(ROOT), "CUDA_VISIBLE_DEVICES": ""}


def test_grpo_on_two_cpu_processes(tmp_path):
    pytest.importorskip("trl")
    accelerate = _launcher()
    run = tmp_path / "run"
    command = [
        accelerate, "launch", "--config_file", str(ACCELERATE / "ddp_cpu.yaml"),
        "-m", "runners.grpo", "--config", str(ROOT / "runners" / "configs" / "grpo_tiny.yaml"),
        f"output_dir={run}", "model.source=tiny", "model.hidden_size=32", "model.num_layers=2",
        "data.n=16", "training.max_steps=2", "training.per_device_train_batch_size=4",
        "training.num_generations=4", "training.max_completion_length=8", "training.logging_steps=1",
        "training.save_steps=0", "training.save_final=false",
    ]  # fmt: skip
    done = subprocess.run(command, cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=600)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-4000:]
    assert "terminate called" not in output  # every rank tore its process group down
    assert "world size 2" in output
    assert "rank 0/2: trained 2 steps" in output and "rank 1/2: trained 2 steps" in output
    summary = json.loads((run / "summary.json").read_text())
    assert summary["world_size"] == 2 and summary["steps"] == 2
    assert len((run / "metrics.jsonl").read_text().splitlines()) >= 2  # written once, by the main process


def test_agentic_grpo_on_two_cpu_processes(tmp_path):
    """Every rank trains and appends its own training episodes; the main process alone evaluates and
    writes the summary, and episode ids stay unique across ranks."""
    pytest.importorskip("trl")
    accelerate = _launcher()
    run = tmp_path / "run"
    command = [
        accelerate, "launch", "--config_file", str(ACCELERATE / "ddp_cpu.yaml"),
        "-m", "runners.agentic_grpo", f"output_dir={run}", "model.hidden_size=32", "model.num_layers=2",
        "environment.n=8", "warm_start.steps=2", "warm_start.n=8", "warm_start.batch_size=2",
        "evaluation.episodes=3", "evaluation.max_new_tokens=16", "training.max_steps=1",
        "training.per_device_train_batch_size=4", "training.num_generations=2",
        "training.max_completion_length=16",
    ]  # fmt: skip
    done = subprocess.run(command, cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=600)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-4000:]
    assert "terminate called" not in output
    assert "rank 0/2: trained 1 steps" in output and "rank 1/2: trained 1 steps" in output
    records = [json.loads(line) for line in (run / "trajectories.jsonl").read_text().splitlines()]
    phases = [r["phase"] for r in records]
    assert phases.count("before") == phases.count("after") == 3  # evaluated once, not once per rank
    train = [r["episode"] for r in records if r["phase"] == "train"]
    assert len(train) == 8 and sorted(train) == list(range(8))  # 4 per rank, numbered apart
    summary = json.loads((run / "summary.json").read_text())
    assert summary["train_episodes"] == 8 and summary["before"]["episodes"] == 3
