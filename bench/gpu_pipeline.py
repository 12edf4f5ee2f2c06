"""SFT a ~25M-parameter model from scratch on the synthetic task, then GRPO and PPO on the same budget.

The seed's claim to measure: PPO keeps four models in memory (policy, reference, value, reward), GRPO two
(policy, reference; rewards are rules). Both RL stages start from the same SFT model, sample the same number
of completions (steps × completions per step) with the same completion length, rewards and temperature, and
are measured alike: greedy accuracy on held-out problems before and after, tokens per second as each
trainer counts them, completions per second, peak GPU memory (``torch.cuda.max_memory_allocated``, reset
before each stage) and wall time. Results land in ``OUT/results.json`` after every stage (a run cut short
keeps what it measured) and as a Markdown table in ``OUT/results.md``.

    bash bench/gpu_pipeline.sh                 # one GPU, sized for about 8 minutes on an H200
    python bench/gpu_pipeline.py --scale cpu   # the demo's model size on 2 CPU cores, minutes
    python bench/gpu_pipeline.py --scale tiny  # every piece at toy size on a CPU, about a minute
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


@dataclass(frozen=True)
class Scale:
    hidden_size: int
    num_layers: int
    train_problems: int
    eval_problems: int
    sft_steps: int
    sft_batch: int
    sft_lr: float
    rl_steps: int
    rl_completions_per_step: int  # the shared budget: completions sampled per RL step
    group: int  # GRPO's num_generations
    rl_lr: float
    max_completion_length: int
    eval_batch: int


SCALES = {
    # ~25 M parameters; measured budget on one H200: see results.md of a run
    "gpu": Scale(512, 8, 20000, 500, 1200, 64, 1e-3, 80, 64, 8, 1e-5, 48, 250),
    # the demo's model size on 2 CPU cores, a few minutes: small enough to run anywhere, big enough to learn
    "cpu": Scale(64, 4, 2000, 128, 600, 16, 3e-3, 40, 64, 8, 5e-5, 48, 64),
    # every piece at toy size, for a CPU check of the script itself
    "tiny": Scale(32, 2, 256, 16, 20, 16, 3e-3, 3, 8, 4, 1e-4, 16, 16),
}
TASK = {"min_steps": 1, "max_steps": 2, "max_operand": 20}
REWARD = {"accuracy": 1.0, "runners.marker_reward:AnswerMarkerReward": 0.2}


def _gpu_peak_gib() -> float | None:
    import torch

    return torch.cuda.max_memory_allocated() / 2**30 if torch.cuda.is_available() else None


def _reset_gpu_peak() -> None:
    import torch

    if torch.cuda.is_available():
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()


def _accuracy(folder: Path, problems: list[dict[str, Any]], scale: Scale) -> float:
    import torch
    from transformers import AutoModelForCausalLM

    from runners.models import load_tokenizer
    from runners.problems import greedy_accuracy

    device = "cuda" if torch.cuda.is_available() else "cpu"
    model = AutoModelForCausalLM.from_pretrained(folder).to(device)
    tokenizer = load_tokenizer(str(folder))
    result = greedy_accuracy(
        model, tokenizer, problems, system="", instruction="",
        max_new_tokens=scale.max_completion_length, batch_size=scale.eval_batch,
    )  # fmt: skip
    del model
    return float(result["accuracy"])


def _last_num_tokens(run_dir: Path) -> float | None:
    from runners.run_logs import MetricsLog

    values = [m["num_tokens"] for m in MetricsLog(run_dir / "metrics.jsonl").read() if "num_tokens" in m]
    return float(values[-1]) if values else None


def run(out: Path, scale_name: str) -> dict[str, Any]:
    import torch

    from runners import grpo, ppo, sft
    from runners.config import DataSettings, ModelSettings, PromptSettings
    from runners.problems import synthetic_problems

    scale = SCALES[scale_name]
    out.mkdir(parents=True, exist_ok=True)
    if not torch.cuda.is_available():
        torch.set_num_threads(1)
    held_out = synthetic_problems(scale.eval_problems, seed=99_991, **TASK)
    prompt = PromptSettings(system="", instruction="")
    results: dict[str, Any] = {
        "scale": scale_name,
        "device": torch.cuda.get_device_name(0) if torch.cuda.is_available() else "cpu",
        "stages": {},
    }
    began = time.perf_counter()

    def record(stage: str, **values: Any) -> None:
        results["stages"][stage] = values
        results["total_wall_s"] = round(time.perf_counter() - began, 1)
        (out / "results.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
        print(f"[gpu_pipeline] {stage}: {json.dumps(values)}", flush=True)

    # 1. SFT from random weights (the tiny builder at ~25M parameters)
    _reset_gpu_peak()
    t = time.perf_counter()
    sft_args = sft.Args(
        output_dir=str(out / "sft"),
        model=ModelSettings(source="tiny", hidden_size=scale.hidden_size, num_layers=scale.num_layers),
        data=DataSettings(n=scale.train_problems, **TASK),
        prompt=prompt,
        eval=sft.EvalSettings(n=0),
        training=sft.Training(
            learning_rate=scale.sft_lr, max_steps=scale.sft_steps,
            per_device_train_batch_size=scale.sft_batch, max_length=256, lr_scheduler_type="cosine",
            warmup_steps=max(1, scale.sft_steps // 20), logging_steps=max(1, scale.sft_steps // 20),
        ),
    )  # fmt: skip
    sft_summary = sft.train(sft_args)
    sft_wall = time.perf_counter() - t
    peak = _gpu_peak_gib()
    base_accuracy = _accuracy(out / "sft" / "base-model", held_out, scale)
    sft_accuracy = _accuracy(out / "sft", held_out, scale)
    parameters = sum(p.numel() for p in _load_parameters(out / "sft"))
    tokens = _last_num_tokens(out / "sft")
    record(
        "sft",
        parameters=parameters,
        accuracy_before=base_accuracy,
        accuracy_after=sft_accuracy,
        loss_start=sft_summary["loss_start"],
        loss_end=sft_summary["loss_end"],
        tokens_per_s=tokens / sft_wall if tokens else None,
        peak_gpu_gib=peak,
        wall_s=round(sft_wall, 1),
    )

    # 2. GRPO and 3. PPO from the SFT model, the same number of sampled completions each
    rl_data = DataSettings(n=scale.train_problems, seed=1, **TASK)
    _reset_gpu_peak()
    t = time.perf_counter()
    grpo_args = grpo.Args(
        output_dir=str(out / "grpo"),
        model=ModelSettings(source=str(out / "sft")),
        data=rl_data,
        prompt=prompt,
        reward=dict(REWARD),
        training=grpo.Training(
            learning_rate=scale.rl_lr, max_steps=scale.rl_steps,
            per_device_train_batch_size=scale.rl_completions_per_step, num_generations=scale.group,
            beta=0.04, max_prompt_length=256, max_completion_length=scale.max_completion_length,
            logging_steps=max(1, scale.rl_steps // 20), save_steps=0,
        ),
    )  # fmt: skip
    grpo_summary = grpo.train(grpo_args)
    grpo_wall = time.perf_counter() - t
    peak = _gpu_peak_gib()
    tokens = _last_num_tokens(out / "grpo")
    record(
        "grpo",
        accuracy_before=sft_accuracy,
        accuracy_after=_accuracy(out / "grpo", held_out, scale),
        reward_start=grpo_summary["reward_start"],
        reward_end=grpo_summary["reward_end"],
        tokens_per_s=tokens / grpo_wall if tokens else None,
        completions_per_s=scale.rl_steps * scale.rl_completions_per_step / grpo_wall,
        peak_gpu_gib=peak,
        models_in_memory="policy, reference",
        wall_s=round(grpo_wall, 1),
    )

    _reset_gpu_peak()
    t = time.perf_counter()
    ppo_args = ppo.Args(
        output_dir=str(out / "ppo"),
        model=ModelSettings(source=str(out / "sft")),
        data=rl_data,
        prompt=prompt,
        reward=dict(REWARD),
        training=ppo.Training(
            learning_rate=scale.rl_lr, max_steps=scale.rl_steps,
            rollout_batch_size=scale.rl_completions_per_step,
            minibatch_size=max(1, scale.rl_completions_per_step // 2), ppo_epochs=2,
            max_completion_length=scale.max_completion_length, kl_coef=0.04,
            logging_steps=max(1, scale.rl_steps // 20), save_steps=0,
            cpu_threads=None if torch.cuda.is_available() else 1,
        ),
    )  # fmt: skip
    ppo_summary = ppo.train(ppo_args)
    ppo_wall = time.perf_counter() - t
    peak = _gpu_peak_gib()
    record(
        "ppo",
        accuracy_before=sft_accuracy,
        accuracy_after=_accuracy(out / "ppo", held_out, scale),
        reward_start=ppo_summary.get("first_reward"),
        reward_end=ppo_summary.get("last_reward"),
        tokens_per_s=ppo_summary.get("tokens_per_second"),
        completions_per_s=scale.rl_steps * scale.rl_completions_per_step / ppo_wall,
        peak_gpu_gib=peak,
        models_in_memory="policy, reference, value (reward: rules)",
        wall_s=round(ppo_wall, 1),
    )
    (out / "results.md").write_text(markdown(results), encoding="utf-8")
    return results


def _load_parameters(folder: Path) -> Any:
    from transformers import AutoModelForCausalLM

    return AutoModelForCausalLM.from_pretrained(folder).parameters()


def _cell(value: Any, digits: int = 3) -> str:
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return "-" if value is None else str(value)


def markdown(results: dict[str, Any]) -> str:
    rows = [
        f"Device: {results['device']}; scale: {results['scale']}; "
        f"total wall time {results['total_wall_s']} s",
        "",
        "| stage | accuracy before | accuracy after | reward start → end | tokens/s | completions/s "
        "| peak GPU GiB | wall s |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for stage, v in results["stages"].items():
        reward = (
            f"{_cell(v.get('reward_start'))} → {_cell(v.get('reward_end'))}"
            if "reward_start" in v
            else f"loss {_cell(v.get('loss_start'))} → {_cell(v.get('loss_end'))}"
        )
        rows.append(
            f"| {stage} | {_cell(v['accuracy_before'])} | {_cell(v['accuracy_after'])} | {reward} "
            f"| {_cell(v.get('tokens_per_s'), 0)} | {_cell(v.get('completions_per_s'), 1)} "
            f"| {_cell(v.get('peak_gpu_gib'), 2)} | {v['wall_s']} |"
        )
    return "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output-dir", default="runs/gpu_pipeline")
    parser.add_argument("--scale", choices=sorted(SCALES), default="gpu")
    args = parser.parse_args(argv)
    results = run(Path(args.output_dir), args.scale)
    print(markdown(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
