"""runners.ppo: the algorithm against hand-computed tensors, then the recipe end to end on a tiny model."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest
from paths import REPO

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("accelerate")


from runners import ppo  # noqa: E402


def close(actual, expected, tol=1e-6):
    expected = torch.as_tensor(expected, dtype=actual.dtype)
    assert torch.allclose(actual, expected, atol=tol), f"{actual.tolist()} != {expected.tolist()}"


# ---------------------------------------------------------------------------------------------- masks


def test_completion_mask_keeps_tokens_through_the_first_eos():
    ids = torch.tensor([[5, 6, 2, 0, 2], [5, 6, 7, 8, 9], [2, 0, 0, 0, 0]])
    mask, ended = ppo.completion_mask(ids, eos_token_ids=[2])
    assert mask.tolist() == [[1, 1, 1, 0, 0], [1, 1, 1, 1, 1], [1, 0, 0, 0, 0]]
    assert ended.tolist() == [True, False, True]


def test_completion_mask_with_several_eos_ids_and_pad_equal_to_eos():
    ids = torch.tensor([[5, 9, 9, 9], [7, 3, 9, 9]])
    mask, ended = ppo.completion_mask(ids, eos_token_ids=[3, 9])
    assert mask.tolist() == [[1, 1, 0, 0], [1, 1, 0, 0]]
    assert ended.tolist() == [True, True]


def test_masked_mean_ignores_padding_and_survives_an_empty_mask():
    values = torch.tensor([[1.0, 2.0, 100.0], [3.0, 100.0, 100.0]])
    mask = torch.tensor([[1, 1, 0], [1, 0, 0]])
    close(ppo.masked_mean(values, mask), 2.0)
    close(ppo.masked_mean(values, mask, dim=1), [1.5, 3.0])
    close(ppo.masked_mean(values, torch.zeros_like(mask)), 0.0)


def test_masked_whiten_uses_real_tokens_only():
    values = torch.tensor([[1.0, 2.0, 3.0], [4.0, 100.0, -100.0]])
    mask = torch.tensor([[1, 1, 1], [1, 0, 0]])
    # real values 1, 2, 3, 4: mean 2.5, population variance 1.25
    s = math.sqrt(1.25)
    close(ppo.masked_whiten(values, mask), [[-1.5 / s, -0.5 / s, 0.5 / s], [1.5 / s, 0.0, 0.0]], tol=1e-5)
    whitened = ppo.masked_whiten(values, mask)
    close(ppo.masked_mean(whitened, mask), 0.0, tol=1e-6)
    close(ppo.masked_mean(whitened**2, mask), 1.0, tol=1e-5)


# ---------------------------------------------------------------------------------------------- rewards


def test_kl_penalty_is_folded_per_token_and_the_score_lands_on_the_last_real_token():
    scores = torch.tensor([1.0, -0.5])
    logprobs = torch.tensor([[-1.0, -2.0, -3.0], [-1.0, -1.0, -1.0]])
    ref_logprobs = torch.tensor([[-1.5, -2.0, -2.0], [-2.0, -1.0, -9.0]])
    mask = torch.tensor([[1, 1, 1], [1, 1, 0]])
    rewards, kl = ppo.kl_shaped_rewards(scores, logprobs, ref_logprobs, mask, kl_coef=0.1)
    close(kl, [[0.5, 0.0, -1.0], [1.0, 0.0, 0.0]])
    close(rewards, [[-0.05, 0.0, 0.1 + 1.0], [-0.1, -0.5, 0.0]])


def test_zero_kl_coef_leaves_only_the_score():
    rewards, _ = ppo.kl_shaped_rewards(
        torch.tensor([2.0]), torch.tensor([[-1.0, -1.0]]), torch.tensor([[-3.0, -3.0]]),
        torch.tensor([[1, 1]]), kl_coef=0.0,
    )  # fmt: skip
    close(rewards, [[0.0, 2.0]])


# ---------------------------------------------------------------------------------------------- GAE


def test_gae_by_hand():
    rewards = torch.tensor([[1.0, 2.0, 3.0]])
    values = torch.tensor([[0.5, 1.0, 1.5]])
    mask = torch.ones(1, 3)
    advantages, returns = ppo.generalized_advantages(rewards, values, mask, gamma=0.9, lam=0.8)
    # δ2 = 3 - 1.5 = 1.5 (terminal: no next value); δ1 = 2 + 0.9·1.5 - 1 = 2.35; δ0 = 1 + 0.9·1 - 0.5 = 1.4
    # A2 = 1.5; A1 = 2.35 + 0.72·1.5 = 3.43; A0 = 1.4 + 0.72·3.43 = 3.8696
    close(advantages, [[3.8696, 3.43, 1.5]], tol=1e-5)
    close(returns, [[4.3696, 4.43, 3.0]], tol=1e-5)


def test_gae_stops_at_the_last_real_token_and_never_bootstraps_from_padding():
    rewards = torch.tensor([[1.0, 2.0, 99.0]])
    values = torch.tensor([[0.5, 1.0, 7.0]])  # the value on the padding position must not leak back
    mask = torch.tensor([[1, 1, 0]])
    advantages, returns = ppo.generalized_advantages(rewards, values, mask, gamma=0.9, lam=0.8)
    # δ1 = 2 + 0 - 1 = 1; δ0 = 1 + 0.9·1 - 0.5 = 1.4; A0 = 1.4 + 0.72·1 = 2.12
    close(advantages, [[2.12, 1.0, 0.0]], tol=1e-6)
    close(returns, [[2.62, 2.0, 0.0]], tol=1e-6)


def test_gae_limits_monte_carlo_and_one_step_td():
    rewards = torch.tensor([[1.0, 2.0, 3.0], [0.0, 5.0, 0.0]])
    values = torch.tensor([[0.5, 1.0, 1.5], [0.2, 0.4, 0.0]])
    mask = torch.tensor([[1, 1, 1], [1, 1, 0]])
    monte_carlo, returns = ppo.generalized_advantages(rewards, values, mask, gamma=1.0, lam=1.0)
    close(monte_carlo, [[6 - 0.5, 5 - 1.0, 3 - 1.5], [5 - 0.2, 5 - 0.4, 0.0]], tol=1e-6)
    close(returns, [[6.0, 5.0, 3.0], [5.0, 5.0, 0.0]], tol=1e-6)
    one_step, _ = ppo.generalized_advantages(rewards, values, mask, gamma=0.5, lam=0.0)
    close(one_step, [[1 + 0.5 - 0.5, 2 + 0.75 - 1.0, 3 - 1.5], [0.2 - 0.2, 5 - 0.4, 0.0]], tol=1e-6)


# ---------------------------------------------------------------------------------------------- losses


def test_clipped_surrogate_inside_and_outside_the_clip_range():
    # one token per case; ε = 0.2
    ratio = torch.tensor([[1.1, 1.5, 0.5, 1.5, 0.5, 3.0]])
    advantages = torch.tensor([[1.0, 1.0, -1.0, -1.0, 1.0, 50.0]])
    mask = torch.tensor([[1, 1, 1, 1, 1, 0]])  # the last is padding
    old_logprobs = torch.full_like(ratio, -2.0)
    logprobs = (old_logprobs + ratio.log()).requires_grad_(True)
    loss, clipped_fraction, approx_kl = ppo.clipped_policy_loss(
        logprobs, old_logprobs, advantages, mask, clip_range=0.2
    )
    # 1.1·(+1) inside the range: -1.1.  1.5·(+1) past 1+ε: -1.2, clipped.  0.5·(-1) below 1-ε: 0.8, clipped.
    # 1.5·(-1): the pessimistic unclipped 1.5.  0.5·(+1): the pessimistic unclipped -0.5.
    close(loss, (-1.1 - 1.2 + 0.8 + 1.5 - 0.5) / 5, tol=1e-6)
    close(clipped_fraction, 2 / 5)
    expected_kl = sum((r - 1) - math.log(r) for r in (1.1, 1.5, 0.5, 1.5, 0.5)) / 5
    close(approx_kl, expected_kl, tol=1e-6)
    loss.backward()
    # d(-Aρ)/dlogp = -Aρ where unclipped is taken, 0 where clipped; averaged over 5 real tokens
    close(logprobs.grad, [[-1.1 / 5, 0.0, 0.0, 1.5 / 5, -0.5 / 5, 0.0]], tol=1e-6)


def test_clipped_surrogate_at_ratio_one_is_minus_the_mean_advantage():
    advantages = torch.tensor([[0.3, -1.2, 2.0]])
    logprobs = torch.tensor([[-1.0, -2.0, -0.5]])
    loss, clipped_fraction, approx_kl = ppo.clipped_policy_loss(
        logprobs, logprobs.clone(), advantages, torch.ones(1, 3), clip_range=0.2
    )
    close(loss, -(0.3 - 1.2 + 2.0) / 3, tol=1e-6)
    close(clipped_fraction, 0.0)
    close(approx_kl, 0.0)


def test_clipped_value_loss_by_hand():
    values = torch.tensor([[1.0, 1.5, 1.5, 9.0]], requires_grad=True)
    old_values = torch.tensor([[0.9, 1.0, 1.0, 0.0]])
    returns = torch.tensor([[2.0, 2.0, 1.0, 0.0]])
    mask = torch.tensor([[1, 1, 1, 0]])
    loss, clipped_fraction = ppo.clipped_value_loss(values, old_values, returns, mask, clip_range=0.2)
    # 1: within ±0.2 of old: (1-2)² = 1.  2: clipped to 1.2: max(0.25, 0.64) = 0.64, clipped.
    # 3: clipped to 1.2 but the unclipped error is larger: max(0.25, 0.04) = 0.25.
    close(loss, 0.5 * (1 + 0.64 + 0.25) / 3, tol=1e-6)
    close(clipped_fraction, 1 / 3, tol=1e-6)
    loss.backward()
    # gradient (V - R)/3 where unclipped is taken, 0 through the clipped branch (its V is constant there)
    close(values.grad, [[(1.0 - 2.0) / 3, 0.0, (1.5 - 1.0) / 3, 0.0]], tol=1e-6)


def test_entropy_and_token_logprobs():
    logits = torch.tensor([[[0.0, 0.0, 0.0, 0.0], [math.log(3.0), 0.0, -1e9, -1e9]]])
    close(
        ppo.entropy_from_logits(logits), [[math.log(4.0), -(0.75 * math.log(0.75) + 0.25 * math.log(0.25))]]
    )
    close(ppo.token_logprobs(logits, torch.tensor([[2, 0]])), [[math.log(0.25), math.log(0.75)]], tol=1e-6)


# ---------------------------------------------------------------------------------------------- the recipe


def digits_then_eos(eos_token_id: int):
    """The learning test's reward: 1.0 for 1-3 digits followed by the end-of-sequence token, else 0.0."""

    def digits_then_eos_reward(completions, completion_ids, **kwargs):
        return [
            1.0 if ids and ids[-1] == eos_token_id and re.fullmatch(r"\d{1,3}", text) else 0.0
            for text, ids in zip(completions, completion_ids, strict=True)
        ]

    return digits_then_eos_reward


def test_digits_then_eos_reward():
    reward = digits_then_eos(2)
    texts = ["42", "42", "1234", "4a", ""]
    ids = [[7, 2], [7, 8], [2], [2], [2]]
    assert reward(completions=texts, completion_ids=ids) == [1.0, 0.0, 0.0, 0.0, 0.0]


def short_problems(path, n=64):
    # two-character questions: the test measures learning, not prompt processing
    with open(path, "w", encoding="utf-8") as f:
        for i in range(n):
            f.write(
                json.dumps({"question": f"{i % 9 + 1}+{i // 9}", "answer": str(i % 9 + 1 + i // 9)}) + "\n"
            )
    return path


FORMAT_RUN = """\
output_dir: {run}
data: {{source: {data}, n: 64}}
prompt: {{system: "", instruction: ""}}
reward: {{"test_ppo:digits_then_eos": {{eos_token_id: 2}}}}
allow_code: true  # the reward is this test module's own code
training:
  max_steps: 30
  rollout_batch_size: 32
  minibatch_size: 16
  ppo_epochs: 2
  learning_rate: 4.0e-3  # 6e-3 reached 1.0 by step 17, then overshot and oscillated around 0.85
  kl_coef: 0.01
  max_completion_length: 4
  missing_eos_penalty: 1.0
  save_steps: 15
  cpu_threads: 1
"""


@pytest.fixture(scope="module")
def format_run(tmp_path_factory):
    """PPO from a random tiny model on "1-3 digits then EOS" (~20 s on 2 busy CPU cores)."""
    root = tmp_path_factory.mktemp("ppo_format")
    run = root / "run"
    config = root / "ppo.yaml"
    config.write_text(FORMAT_RUN.format(run=run, data=short_problems(root / "short.jsonl")), encoding="utf-8")
    assert ppo.main(["--config", str(config)]) == 0
    return run


def read_jsonl(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_ppo_learns_a_format_reward(format_run):
    rewards = [entry["reward"] for entry in read_jsonl(format_run / "metrics.jsonl")]
    assert len(rewards) == 30
    start, end = sum(rewards[:5]) / 5, sum(rewards[-5:]) / 5
    print(f"PPO format reward: first 5 steps {start:.3f}, last 5 steps {end:.3f}")
    assert start < 0.3
    assert end >= 0.9


def test_logs_use_grpos_keys(format_run):
    entry = read_jsonl(format_run / "metrics.jsonl")[-1]
    for key in (
        "step", "reward", "reward_std", "rewards/digits_then_eos/mean", "kl",
        "completions/mean_length", "completions/clipped_ratio", "loss", "policy_loss", "value_loss",
        "clip_ratio/region_mean", "approx_kl", "entropy", "learning_rate", "num_tokens",
    ):  # fmt: skip
        assert isinstance(entry[key], (int, float)), key
    assert entry["step"] == 30 and entry["learning_rate"] == pytest.approx(4e-3)
    assert 0 <= entry["clip_ratio/region_mean"] <= 1 and entry["kl"] >= 0
    rollouts = read_jsonl(format_run / "rollouts.jsonl")
    assert {r["step"] for r in rollouts} == set(range(1, 31))
    assert {"prompt", "completion", "reward"} <= set(rollouts[-1])
    assert rollouts[-1]["prompt"].startswith("<|user|>")
    summary = json.loads((format_run / "train_summary.json").read_text(encoding="utf-8"))
    assert summary["steps"] == 30 and summary["tokens_per_second"] > 0 and summary["last_reward"] >= 0.8
    assert summary["peak_rss_gib"] > 0
    assert (
        (format_run / "config.yaml").read_text(encoding="utf-8").startswith("# rewardkit train ppo --config")
    )


def test_checkpoints_are_what_rewardkit_eval_reads(format_run):
    from evalkit.generate import discover_checkpoints, generate, load_model

    found = discover_checkpoints(str(format_run))
    assert [(c.name, c.kind, c.step) for c in found] == [
        ("checkpoint-15", "model", 15), ("checkpoint-30", "model", 30), ("final", "model", None),
    ]  # fmt: skip
    model, tokenizer = load_model(found[-1], device="cpu")
    assert tokenizer.eos_token_id == 2  # the id the test reward was given
    (samples,) = generate(model, tokenizer, ["<|user|>3+4</s><|assistant|>"], n=4, temperature=1.0, seed=0,
                          max_new_tokens=4)  # fmt: skip
    assert (
        sum(re.fullmatch(r"\d{1,3}", g.completion) is not None and g.finish_reason == "stop" for g in samples)
        >= 2
    )


def test_lora_policy_with_a_separate_value_model(tmp_path):
    data = short_problems(tmp_path / "short.jsonl", n=8)
    code = ppo.main(
        [
            "--config", "runners/configs/ppo_tiny_lora.yaml", f"output_dir={tmp_path / 'run'}",
            "model.source=tiny", f"data.source={data}", "data.n=8",
            # rewards are all 0 on a random model; the no-EOS penalty is what gives the adapters a gradient
            "training.missing_eos_penalty=1.0",
            "training.max_steps=2", "training.rollout_batch_size=8", "training.minibatch_size=4",
            "training.max_completion_length=4", "training.save_steps=1", "training.samples_per_prompt=2",
        ]
    )  # fmt: skip
    assert code == 0
    entry = read_jsonl(tmp_path / "run" / "metrics.jsonl")[-1]
    assert 0 <= entry["frac_reward_zero_std"] <= 1  # logged when prompts are sampled in groups
    from safetensors.torch import load_file

    from evalkit.generate import discover_checkpoints, load_model

    found = discover_checkpoints(str(tmp_path / "run"))
    assert [(c.name, c.kind) for c in found] == [
        ("checkpoint-1", "lora"),
        ("checkpoint-2", "lora"),
        ("final", "lora"),
    ]
    assert found[-1].base_model == str(tmp_path / "run" / "base-model")
    adapter = load_file(str(tmp_path / "run" / "adapter_model.safetensors"))
    # peft starts every lora_B at zero: nonzero ones mean the adapters trained
    assert any(float(w.abs().max()) > 0 for name, w in adapter.items() if "lora_B" in name)
    assert all("lora_" in name for name in adapter)  # the adapter only, never a copy of the base
    load_model(found[-1], device="cpu")
    assert (tmp_path / "run" / "value-model" / "base-model" / "config.json").is_file()


def test_a_bad_config_key_names_it(tmp_path, capsys):
    from rewardkit.errors import ConfigError
    from runners.config import load_config

    config = tmp_path / "ppo.yaml"
    config.write_text("training:\n  max_steps: 3\n  clip_rnage: 0.1\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"ppo\.yaml:3: key 'training\.clip_rnage': unknown key"):
        load_config(ppo.Args, str(config))
    assert ppo.main(["--config", str(config)]) == 2
    assert "training.clip_rnage" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ("training.minibatch_size=5", "not divisible by training.minibatch_size"),
        ("training.temperature=0", "temperature must be > 0"),
        ("training.lam=1.5", "must lie in \\[0, 1\\]"),
        ("training.max_steps=0", "max_steps must be at least 1"),
    ],
)
def test_settings_that_cannot_work_fail_before_loading(override, message):
    from rewardkit.errors import ConfigError
    from runners.config import load_config

    with pytest.raises(ConfigError, match=message):
        ppo.check_settings(load_config(ppo.Args, None, [override]))


def test_prompt_batches_give_each_process_its_own_prompts():
    world = [ppo.prompt_batches(10, 3, seed=0, rank=rank, world=2) for rank in range(2)]
    for _ in range(5):
        first, second = (next(b) for b in world)
        assert len(first) == len(second) == 3 and not set(first) & set(second)
    epoch = ppo.prompt_batches(6, 3, seed=1, rank=0, world=1)
    assert sorted(next(epoch) + next(epoch)) == list(range(6))  # each epoch visits every prompt once
    too_few = ppo.prompt_batches(2, 3, seed=0, rank=0, world=1)
    assert len(next(too_few)) == 3 and set(next(too_few)) == {0, 1}


@pytest.mark.parametrize("config", sorted(Path("runners/configs").glob("ppo_*.yaml")), ids=lambda p: p.name)
def test_shipped_configs_load_and_name_their_command(config):
    from runners.config import load_config

    assert config.read_text(encoding="utf-8").splitlines()[0] == f"# rewardkit train ppo --config {config}"
    ppo.check_settings(load_config(ppo.Args, str(config)))


@pytest.mark.slow
def test_ppo_on_two_cpu_processes(tmp_path):
    """DDP over gloo: both processes train, their policies stay identical (~1 min on 2 busy cores)."""
    import os
    import shutil
    import subprocess
    import sys

    launcher = shutil.which("accelerate", path=str(Path(sys.executable).parent)) or shutil.which("accelerate")
    if launcher is None:
        pytest.skip("the accelerate launcher is not on PATH")
    root = REPO
    run = tmp_path / "run"
    # --multi_gpu selects accelerate's torchrun launcher, which spawns the processes; without a GPU the
    # recipe's Accelerator(cpu=True) then joins them over gloo (a MULTI_CPU config without mpirun starts one)
    command = [
        launcher, "launch", "--multi_gpu", "--num_processes", "2", "--num_machines", "1",
        "--mixed_precision", "no", "--dynamo_backend", "no",
        "-m", "runners.ppo", "--config", str(root / "runners" / "configs" / "ppo_tiny.yaml"),
        f"output_dir={run}", "model.source=tiny", "model.hidden_size=32", "model.num_layers=2", "data.n=16",
        "prompt.system=''", "prompt.instruction=''", "training.max_steps=2", "training.rollout_batch_size=4",
        "training.minibatch_size=2", "training.max_completion_length=8", "training.logging_steps=1",
        "training.save_steps=0", "training.save_final=false",
    ]  # fmt: skip
    env = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONPATH": str(root), "CUDA_VISIBLE_DEVICES": ""}
    done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-4000:]
    assert "ppo rank 0/2: trained 2 steps" in output and "ppo rank 1/2: trained 2 steps" in output
    summary = json.loads((run / "train_summary.json").read_text(encoding="utf-8"))
    assert summary["processes"] == 2 and summary["ranks_in_sync"] is True
    assert len(read_jsonl(run / "metrics.jsonl")) == 2  # written once, by the main process


def test_a_nan_gradient_norm_stops_ppo_at_that_step(tmp_path, monkeypatch, capsys):
    """The loop reads each update's loss and gradient norm: at the first that is not finite it stops with the
    step, exit 1, and saves neither that step's checkpoint nor a final model."""
    real_update = ppo.ppo_update
    calls = []

    def update_that_blows_up_at_step_2(*args, **kwargs):
        stats = real_update(*args, **kwargs)
        calls.append(1)
        return {**stats, "grad_norm": float("nan")} if len(calls) == 2 else stats

    monkeypatch.setattr(ppo, "ppo_update", update_that_blows_up_at_step_2)
    data = short_problems(tmp_path / "short.jsonl", n=8)
    code = ppo.main(
        [
            "--config", "runners/configs/ppo_tiny.yaml", f"output_dir={tmp_path / 'run'}",
            "model.source=tiny", f"data.source={data}", "data.n=8", "training.max_steps=3",
            "training.rollout_batch_size=8", "training.minibatch_size=4", "training.max_completion_length=4",
            "training.save_steps=1",
        ]
    )  # fmt: skip
    assert code == 1
    assert "training diverged at step 2: grad_norm is nan" in capsys.readouterr().err
    run = tmp_path / "run"
    assert sorted(p.name for p in run.glob("checkpoint-*")) == ["checkpoint-1"]
    assert not (run / "model.safetensors").exists()
