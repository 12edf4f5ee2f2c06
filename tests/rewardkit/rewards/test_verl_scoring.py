"""verl's entry points, driven through copies of verl's own call and aggregation code.

``pip install verl`` resolves on CPU but would replace transformers, huggingface_hub and tokenizers (about 70
packages) in the environment the rest of the suite runs in, so verl is not imported: each test below
reproduces, line for line, the part of verl that calls the reward function and aggregates what it returns,
naming the file and commit it was copied from.
"""

from __future__ import annotations

import asyncio
import inspect
import math
from collections import defaultdict
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rewardkit.rewards import accuracy as accuracy_module
from rewardkit.rewards import verl_scoring
from rewardkit.rewards.verl_scoring import (
    BASE_KEYS,
    VerlScorer,
    compute_score,
    compute_score_async,
    compute_score_batch,
)
from rewardkit.types import GradeResult, Verdict

COMPOSITE = {"accuracy": 1.0, "step": 0.1}

# (completion, gold, expected verdict): a CORRECT, a WRONG, an unreadable gold, a grader timeout, an error
MIXED = [
    ("1. 3+4=7\n#### 7", "7", "CORRECT"),
    ("#### 8", "7", "WRONG"),
    ("#### 1", "", "GOLD_INVALID"),
    ("HANG #### 5", "5", "TIMEOUT"),
    ("CRASH #### 5", "5", "ERROR"),
]


@pytest.fixture
def faulty_grader(monkeypatch):
    """The real grader, except that "HANG" items time out and "CRASH" items fail, as grade_many reports them
    (deterministic: no item actually has to run past a deadline)."""
    real = accuracy_module.grade_many

    def grade_many(completions, golds, **options):
        results = real(completions, golds, **options)
        for i, text in enumerate(completions):
            if text.startswith("HANG"):
                results[i] = GradeResult(False, Verdict.TIMEOUT, gold=golds[i], detail="deadline")
            elif text.startswith("CRASH"):
                results[i] = GradeResult(False, Verdict.ERROR, gold=golds[i], detail="worker died")
        return results

    monkeypatch.setattr(accuracy_module, "grade_many", grade_many)


def naive_manager_loop(compute_score_fn, samples: list[tuple[str, str, Any]]) -> tuple[list[float], dict]:
    """verl ``verl/workers/reward_manager/naive.py``
    (volcengine/verl@10a6180e1d0078b2d2454369db83482d4de8ac60),
    ``NaiveRewardManager.__call__``: the per-sample call and the ``reward_extra_info`` aggregation, with the
    token decoding replaced by the decoded strings and the reward tensor by a list."""
    rewards: list[float] = []
    reward_extra_info: dict[str, list] = defaultdict(list)
    for data_source, response_str, ground_truth in samples:
        extra_info: dict[str, Any] = {}
        num_turns = None
        extra_info["num_turns"] = num_turns
        score = compute_score_fn(
            data_source=data_source,
            solution_str=response_str,
            ground_truth=ground_truth,
            extra_info=extra_info,
        )
        if isinstance(score, dict):
            reward = score["score"]
            for key, value in score.items():
                reward_extra_info[key].append(value)
        else:
            reward = score
        rewards.append(float(reward))  # reward_tensor[i, valid_response_length - 1] = reward
    return rewards, reward_extra_info


def validation_metrics(data_sources, sample_inputs, infos_dict: dict[str, list]) -> dict:
    """verl ``verl/trainer/ppo/metric_utils.py`` (volcengine/verl@7fd55735213b077cb8ae921397f3c5e00c5e7a98),
    ``process_validation_metrics``: the per-variable mean and std (best/worst-of-N omitted: they reduce the
    same lists with np.max / np.min)."""
    by_prompt: dict = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    for sample_idx, data_source in enumerate(data_sources):
        prompt = sample_inputs[sample_idx]
        var2vals = by_prompt[data_source][prompt]
        for var_name, var_vals in infos_dict.items():
            var2vals[var_name].append(var_vals[sample_idx])
    out: dict = {}
    for data_source, prompt2var2vals in by_prompt.items():
        for prompt, var2vals in prompt2var2vals.items():
            for var_name, var_vals in var2vals.items():
                if isinstance(var_vals[0], str):
                    continue
                out[(data_source, prompt, var_name)] = (np.mean(var_vals), np.std(var_vals), np.max(var_vals))
    return out


def reward_loop_aggregate(outputs_flat: list[dict]) -> dict[str, np.ndarray]:
    """verl ``verl/experimental/reward_loop/reward_loop.py``
    (volcengine/verl@603d33deafaacacc5f5bc591d380d144543288b3),
    ``RewardLoopManager.compute_rm_score``: every sample read with the first sample's keys."""
    reward_extra_infos = [output.get("reward_extra_info", {}) for output in outputs_flat]
    reward_extra_keys = set(reward_extra_infos[0].keys())
    non_tensor_batch = {}
    for key in reward_extra_keys:
        non_tensor_batch[key] = np.array([info[key] for info in reward_extra_infos])
    return non_tensor_batch


async def reward_loop_run_single(compute_score_fn, data_source, response_str, ground_truth) -> dict:
    """verl ``verl/experimental/reward/reward_loop/naive.py``
    (volcengine/verl@d49d14d8355d78e4d73971b38f6ac69c69938868),
    ``NaiveRewardLoopManager.run_single``: awaited when a coroutine function, else run in an executor."""
    loop = asyncio.get_running_loop()
    extra_info: dict[str, Any] = {"num_turns": None, "rollout_reward_scores": {}}
    if inspect.iscoroutinefunction(compute_score_fn):
        result = await compute_score_fn(
            data_source=data_source,
            solution_str=response_str,
            ground_truth=ground_truth,
            extra_info=extra_info,
            reward_router_address=None,
            reward_model_tokenizer=None,
            reward_model_path=None,
        )
    else:
        result = await loop.run_in_executor(
            None,
            lambda: compute_score_fn(
                data_source=data_source,
                solution_str=response_str,
                ground_truth=ground_truth,
                extra_info=extra_info,
                reward_router_address=None,
                reward_model_tokenizer=None,
                reward_model_path=None,
            ),
        )
    reward_extra_info = {}
    if isinstance(result, dict):
        score = result["score"]
        for key, value in result.items():
            reward_extra_info[key] = value
    else:
        score = result
        reward_extra_info["acc"] = score
    return {"reward_score": score, "reward_extra_info": reward_extra_info}


def batch_manager_call(compute_score_fn, samples: list[tuple[str, str, Any]], **reward_kwargs) -> list[float]:
    """verl ``verl/workers/reward_manager/batch.py``
    (volcengine/verl@abddec4c2d33d3893e84dcd9970f2d45b8637a65),
    ``BatchRewardManager.verify`` and ``__call__``: numpy arrays in, ``scores[i]`` read back."""
    data_sources = np.array([s[0] for s in samples], dtype=object)
    responses_str = [s[1] for s in samples]
    ground_truths = [s[2] for s in samples]
    extras = np.array([{"split": "train"} for _ in samples], dtype=object)
    scores = compute_score_fn(
        data_sources=data_sources,
        solution_strs=responses_str,
        ground_truths=ground_truths,
        extra_infos=extras,
        **reward_kwargs,
    )
    reward_extra_info: dict[str, list] = defaultdict(list)
    rewards = []
    for i in range(len(samples)):
        score = scores[i]
        if isinstance(score, dict):
            reward = score["score"]
            for key, value in score.items():
                reward_extra_info[key].append(value)
        else:
            reward = score
        rewards.append(reward)
    for key, values in reward_extra_info.items():
        assert len(values) == len(samples), key  # what verl's DataProto needs of each non-tensor column
    return rewards


# --- every sample carries the same keys -------------------------------------------------------------


@pytest.mark.parametrize("spec", ["accuracy", COMPOSITE])
def test_a_mixed_batch_survives_the_naive_managers_aggregation(faulty_grader, spec):
    # a timeout first: validation decides from the first value whether a key is a string column
    order = [MIXED[3], MIXED[0], MIXED[2], MIXED[1], MIXED[4]]
    scorer = VerlScorer(spec)
    rewards, infos = naive_manager_loop(scorer, [("openai/gsm8k", c, g) for c, g, _ in order])
    assert infos["verdict"] == [v for _, _, v in order]
    assert infos["valid"] == [False, True, False, True, False]
    assert rewards[1] > 0 and [rewards[i] for i in (0, 2, 3, 4)] == [0.0] * 4
    assert all(len(values) == len(order) for values in infos.values())
    # the trainer stores each key as one numpy column; validation averages the numeric ones
    columns = {k: np.array(v) for k, v in infos.items()}
    assert all(c.shape == (len(order),) for c in columns.values())
    metrics = validation_metrics(["openai/gsm8k"] * len(order), ["q"] * len(order), infos)
    averaged = {var for (_, _, var) in metrics}
    assert averaged == set(infos) - {"verdict", "extracted"}
    assert all(math.isfinite(m) for triple in metrics.values() for m in triple)
    if spec == COMPOSITE:
        assert infos["accuracy"] == [0.0, 1.0, 0.0, 0.0, 0.0]


def test_a_bad_first_sample_does_not_break_the_reward_loop(faulty_grader):
    # the reward loop takes the first sample's keys: an unreadable gold first used to lack the components
    scorer = VerlScorer(COMPOSITE)
    order = [MIXED[2], MIXED[3], MIXED[0], MIXED[1], MIXED[4]]

    async def run() -> list[dict]:
        return await asyncio.gather(
            *(reward_loop_run_single(scorer.compute_score_async, "openai/gsm8k", c, g) for c, g, _ in order)
        )

    columns = reward_loop_aggregate(asyncio.run(run()))
    assert set(columns) == set(BASE_KEYS) | {"accuracy", "step"}
    assert list(columns["verdict"]) == [v for _, _, v in order]
    assert list(columns["step"]) == [0.0, 0.0, pytest.approx(1.1), 0.0, 0.0]


def test_the_async_entry_points_are_what_verl_awaits():
    # verl/trainer/ppo/reward.py (verl-project/verl@f7802843d7df) picks the async wrapper by
    # inspect.iscoroutinefunction on the loaded object: a module function and a bound method both qualify
    assert inspect.iscoroutinefunction(compute_score_async)
    assert inspect.iscoroutinefunction(VerlScorer("accuracy").compute_score_async)
    assert not inspect.iscoroutinefunction(compute_score)
    out = asyncio.run(reward_loop_run_single(compute_score_async, "openai/gsm8k", "#### 72", "72"))
    assert out["reward_score"] == 1.0 and out["reward_extra_info"]["verdict"] == "CORRECT"
    sync = asyncio.run(reward_loop_run_single(compute_score, "openai/gsm8k", "#### 71", "72"))
    assert sync["reward_score"] == 0.0 and sync["reward_extra_info"]["verdict"] == "WRONG"


def test_the_batch_manager_gets_one_result_per_sample_in_order(faulty_grader):
    samples = [("openai/gsm8k", c, g) for c, g, _ in MIXED] + [
        ("lighteval/MATH", "\\boxed{\\frac{1}{2}}", "0.5")
    ]
    rewards = batch_manager_call(compute_score_batch, samples, unused_reward_kwarg=1)
    assert rewards == [1.0, 0.0, 0.0, 0.0, 0.0, 1.0]
    scorer = VerlScorer(COMPOSITE)
    assert batch_manager_call(scorer.score_batch, samples)[0] == pytest.approx(1.0 + 0.1 * 1.1)


def test_batch_and_per_sample_calls_agree(faulty_grader):
    scorer = VerlScorer(COMPOSITE)
    sources = ["openai/gsm8k"] * len(MIXED)
    batch = scorer.score_batch(sources, [c for c, _, _ in MIXED], [g for _, g, _ in MIXED])
    assert batch == [scorer("openai/gsm8k", c, g) for c, g, _ in MIXED]


def test_mismatched_batch_lengths_are_named():
    with pytest.raises(ValueError, match="2 data_sources, 1 solution_strs, 1 ground_truths"):
        compute_score_batch(["a", "b"], ["#### 1"], ["1"])


# --- dispatch on data_source -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "home"),
    [
        ("openai/gsm8k", "accuracy"),
        ("lighteval/MATH", "accuracy"),
        ("DigitalLearningGmbH/MATH-lighteval", "accuracy"),
        ("HuggingFaceH4/MATH-500", "accuracy"),
        ("aime2024", "accuracy"),  # prefix preset, as verl's data_source.startswith("aime")
        ("numina_olympiads", "accuracy"),
        ("cais/mmlu", "accuracy"),
        ("my/format-only", "format"),  # the user's mapping
        ("my/tasks-v2", "length"),  # the user's prefix
        ("my/tasks-v2-long", "longer"),  # a longer prefix wins
        ("somewhere/else", "total"),  # the default spec
    ],
)
def test_data_source_picks_its_reward(source, home):
    scorer = VerlScorer(
        COMPOSITE,
        presets=True,
        sources={
            "my/format-only": "format",
            "my/tasks*": {"length_penalty": {"alpha": 0.001, "target": 10, "name": "length"}},
            "my/tasks-v2-*": {"length_penalty": {"alpha": 0.002, "target": 10, "name": "longer"}},
        },
    )
    assert scorer._rewards[scorer.reward_key_for(source)].name == home


def test_every_source_gets_the_union_of_the_keys():
    scorer = VerlScorer("accuracy", sources={"with/steps": COMPOSITE, "openai/gsm8k": "gsm8k"})
    plain = scorer("openai/gsm8k", "#### 3", "3")
    composite = scorer("with/steps", "1. 1+2=3\n#### 3", "3")
    assert list(plain) == list(composite) == [*BASE_KEYS, "accuracy", "step"]
    assert plain["step"] == 0.0 and composite["step"] == pytest.approx(1.1)


def test_a_preset_name_means_the_presets_spec():
    scorer = VerlScorer(None, sources={"my/mc": "multiple_choice"})
    assert scorer("my/mc", "The answer is (B).", "B")["verdict"] == "CORRECT"


def test_an_unknown_source_without_a_default_is_named():
    scorer = VerlScorer(None, sources={"openai/gsm8k": "gsm8k"})
    with pytest.raises(
        ValueError, match=r"data_source 'mystery/set' has no reward spec \(known: openai/gsm8k\)"
    ):
        scorer("mystery/set", "#### 1", "1")


def test_the_shipped_entry_points_use_the_presets():
    assert verl_scoring._default().reward_key_for(
        "HuggingFaceH4/MATH-500"
    ) == verl_scoring._default().reward_key_for("not/a/preset")
    assert compute_score("HuggingFaceH4/MATH-500", "So $\\boxed{\\sqrt{2}}$.", "\\sqrt{2}")["score"] == 1.0


# --- property: fixed keys, aggregatable values -------------------------------------------------------

_SCORER = VerlScorer(COMPOSITE, presets=True, sources={"fmt": "format"})


@settings(max_examples=40)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["openai/gsm8k", "fmt", "lighteval/MATH", "other"]),
            st.text(max_size=40),
            st.one_of(st.text(max_size=8), st.integers(-5, 5), st.none()),
        ),
        min_size=1,
        max_size=6,
    )
)
def test_every_result_has_the_same_keys_and_plain_values(samples):
    results = _SCORER.score_batch([s[0] for s in samples], [s[1] for s in samples], [s[2] for s in samples])
    for result in results:
        assert tuple(result) == _SCORER.keys()
        assert isinstance(result["verdict"], str) and isinstance(result["extracted"], str)
        assert isinstance(result["valid"], bool)
        numbers = [v for k, v in result.items() if k not in ("verdict", "extracted", "valid")]
        assert all(isinstance(v, float) and math.isfinite(v) for v in numbers)
        assert result["valid"] or result["score"] == 0.0
