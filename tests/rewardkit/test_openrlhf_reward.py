"""The OpenRLHF reward file, loaded and called exactly as OpenRLHF does with a ``.py`` ``--remote_rm_url``.

OpenRLHF is not installed here (it needs CUDA builds of vLLM and DeepSpeed); its code path is reproduced from
``openrlhf/utils/rollout.py`` (``SingleTurnRewardedExecutor``): ``spec_from_file_location("reward_func",
path)`` + ``exec_module``, ``reward_module.reward_func``, called positionally on chunks through
``asyncio.to_thread`` and gathered, then ``.get("rewards")``, ``.get("scores") or .get("rewards")``,
``.get("extra_logs") or {}`` read from each answer, and ``sample_maker._build_sample_from_output`` turning
them into ``torch.tensor([reward])`` and ``value.flatten()[0].item()``.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import sys

import pytest

import rewardkit.integrations.openrlhf_reward as shipped
from rewardkit.errors import CodeNotAllowedError, ConfigError

PATH = shipped.__file__


def load_like_openrlhf(path=PATH):
    spec = importlib.util.spec_from_file_location("reward_func", path)
    reward_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reward_module)
    return reward_module.reward_func


def rewards_like_openrlhf(queries, prompts, labels):
    """What OpenRLHF keeps per sample: (reward, scores, extra_logs). It calls the file one sample at a time
    (``batch_size = 1`` in ``_fetch_rewards_via_func``)."""
    reward_func = load_like_openrlhf()

    async def fetch():
        tasks = [
            asyncio.to_thread(reward_func, queries[i : i + 1], prompts[i : i + 1], labels[i : i + 1])
            for i in range(len(queries))
        ]
        return await asyncio.gather(*tasks)

    out = []
    for info in asyncio.run(fetch()):
        out.append(
            (info.get("rewards"), info.get("scores") or info.get("rewards"), info.get("extra_logs") or {})
        )
    return out


def floats(values):
    return [float(v) for v in values]


PROMPT = "<|im_start|>user\nNatalia sold 48 clips in April and half as many in May. How many?<|im_end|>\n"


@pytest.mark.parametrize(
    ("query", "prompt", "label", "reward", "valid"),
    [
        (PROMPT + "48 + 24 = 72.\n#### 72", PROMPT, "72", 1.0, 1.0),
        (
            PROMPT + "48 + 24 = 72.\n#### 72",
            PROMPT,
            "Natalia sold 48/2 = 24 clips in May.\n#### 72",
            1.0,
            1.0,
        ),
        (PROMPT + "#### 71", PROMPT, "72", 0.0, 1.0),
        # the prompt's own numbers are not the answer: it is removed before grading
        (PROMPT + "I am not sure.", PROMPT, "48", 0.0, 1.0),
        ("A different template: #### 72", PROMPT, "72", 1.0, 1.0),  # no prefix to strip: whole query graded
        (PROMPT + "#### 3", PROMPT, "\\frac{", 0.0, 0.0),  # a gold it cannot read: 0.0, marked not valid
    ],
)
def test_each_sample_as_openrlhf_calls_the_file(query, prompt, label, reward, valid, monkeypatch):
    monkeypatch.delenv(shipped.ENV, raising=False)
    [(rewards, scores, extra)] = rewards_like_openrlhf([query], [prompt], [label])
    assert floats(rewards) == floats(scores) == [reward]
    assert floats(extra["valid"]) == [valid]


def test_samples_come_back_in_order_with_the_same_keys(monkeypatch):
    monkeypatch.setenv(shipped.ENV, json.dumps({"accuracy": 1.0, "format": 0.5}))
    queries = [PROMPT + t for t in ["#### 72", "#### 70", "<think>48+24</think> #### 72", "#### 72"]]
    labels = ["72", "72", "72", "\\frac{"]
    samples = rewards_like_openrlhf(queries, [PROMPT] * 4, labels)
    rewards = [r for sample in samples for r in floats(sample[0])]
    assert rewards[0] > rewards[1] and rewards[3] == 0.0
    keys = {frozenset(extra) for _, _, extra in samples}
    assert keys == {frozenset({"valid", "accuracy", "format"})}  # verl's lesson: every sample, same keys
    assert [floats(extra["valid"]) for _, _, extra in samples] == [[1.0], [1.0], [1.0], [0.0]]
    # older OpenRLHF versions call it on chunks of micro_rollout_batch_size: the same values, in order
    chunk = load_like_openrlhf()(queries, [PROMPT] * 4, labels)
    assert floats(chunk["rewards"]) == rewards and floats(chunk["extra_logs"]["valid"]) == [
        1.0,
        1.0,
        1.0,
        0.0,
    ]


def test_the_spec_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv(shipped.ENV, '{"length_penalty": {"alpha": 0.01, "target": 5, "unit": "chars"}}')
    reward_func = load_like_openrlhf()
    out = reward_func([PROMPT + "#### 72"], [PROMPT], ["72"])
    assert floats(out["rewards"]) != [1.0]  # a length penalty, not accuracy


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("acuracy", "REWARDKIT_REWARD='acuracy'"),
        ('{"accuracy": ', "REWARDKIT_REWARD="),
    ],
)
def test_a_bad_spec_names_the_variable(spec, message, monkeypatch):
    monkeypatch.setenv(shipped.ENV, spec)
    with pytest.raises(ConfigError, match=message):
        load_like_openrlhf()(["#### 1"], [""], ["1"])


def test_code_named_in_a_spec_file_is_refused(tmp_path, monkeypatch):
    spec = tmp_path / "reward.json"
    spec.write_text(json.dumps("reward_helpers:says_boxed"))
    monkeypatch.setenv(shipped.ENV, f"@{spec}")
    with pytest.raises(CodeNotAllowedError, match=r"REWARDKIT_REWARD='@.*reward_helpers"):
        load_like_openrlhf()(["#### 1"], [""], ["1"])


def test_missing_labels_say_which_flag_is_missing():
    with pytest.raises(ConfigError, match="--label_key"):
        load_like_openrlhf()(["#### 1"], [""], None)
    with pytest.raises(ValueError, match="2 queries, 1 prompts and 2 labels"):
        load_like_openrlhf()(["#### 1", "#### 2"], [""], ["1", "2"])


def test_tensors_when_the_host_has_torch_loaded(monkeypatch):
    torch = pytest.importorskip("torch")
    monkeypatch.delenv(shipped.ENV, raising=False)
    [(reward_val, score_val, extra_logs)] = rewards_like_openrlhf([PROMPT + "#### 72"], [PROMPT], ["72"])
    assert isinstance(reward_val, torch.Tensor)
    # what sample_maker._build_sample_from_output makes of them: one value per sample, shape (1,)
    assert torch.tensor([reward_val]).shape == torch.tensor([score_val]).shape == (1,)
    assert torch.tensor([reward_val]).tolist() == [1.0]
    assert {key: value.flatten()[0].item() for key, value in extra_logs.items()} == {"valid": 1.0}


def test_plain_lists_without_torch(monkeypatch):
    monkeypatch.delitem(sys.modules, "torch", raising=False)
    monkeypatch.delenv(shipped.ENV, raising=False)
    out = load_like_openrlhf()([PROMPT + "#### 72"], [PROMPT], ["72"])
    assert out == {"rewards": [1.0], "scores": [1.0], "extra_logs": {"valid": [1.0]}}
