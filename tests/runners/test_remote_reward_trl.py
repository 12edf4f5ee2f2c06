"""RemoteReward inside a real GRPOTrainer step: TRL calls the sync one in its loop and awaits the async one on
its daemon event loop, both graded by a reward server on 127.0.0.1 (tests/http_reward_stub.py)."""

from __future__ import annotations

import pytest

trl = pytest.importorskip("trl", reason="needs the [train] extra: pip install -e '.[train]'")
pytest.importorskip("httpx", reason="needs the [serve] extra: pip install -e '.[serve]'")


def test_one_grpo_step_with_a_sync_and_an_async_remote_reward(tmp_path):
    from datasets import Dataset
    from http_reward_stub import StubRewardServer
    from tiny_model import tiny_model
    from transformers import AutoModelForCausalLM, PreTrainedTokenizerFast, TrainerCallback

    from rewardkit.remote import RemoteReward

    tiny_model(tmp_path / "model")
    tokenizer = PreTrainedTokenizerFast.from_pretrained(tmp_path / "model")
    model = AutoModelForCausalLM.from_pretrained(tmp_path / "model")
    dataset = Dataset.from_list([{"prompt": "3+4=", "answer": "7"}] * 4)
    logged: list[dict] = []

    class Keep(TrainerCallback):
        def on_log(self, args, state, control, logs=None, **kwargs):
            logged.append(dict(logs or {}))

    config = trl.GRPOConfig(
        output_dir=str(tmp_path / "run"),
        max_steps=1,
        per_device_train_batch_size=4,
        num_generations=4,
        max_completion_length=8,
        logging_steps=1,
        save_strategy="no",
        report_to="none",
        use_cpu=True,
        bf16=False,
        gradient_checkpointing=False,
    )
    with StubRewardServer(token="t") as server:
        sync = RemoteReward(server.url, token="t", name="remote_sync", batch_size=2)
        async_ = RemoteReward(f"{server.url}/get_reward", token="t", name="remote_async").as_async()
        trainer = trl.GRPOTrainer(
            model=model,
            reward_funcs=[sync, async_],
            args=config,
            train_dataset=dataset,
            processing_class=tokenizer,
            callbacks=[Keep()],
        )
        assert trainer._has_async_funcs  # TRL saw the async one as async
        trainer.train()
    paths = sorted(path for path, _, _ in server.requests)
    assert paths == ["/get_reward"] + ["/v1/score"] * 2  # 4 completions: 2 native batches, 1 OpenRLHF request
    openrlhf = next(body for path, _, body in server.requests if path == "/get_reward")
    assert all(q.startswith("3+4=") for q in openrlhf["query"]) and openrlhf["labels"] == ["7"] * 4
    metrics = next(m for m in logged if "rewards/remote_sync/mean" in m)
    assert "rewards/remote_async/mean" in metrics
