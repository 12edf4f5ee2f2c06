"""Accuracy, length-penalty and step rewards; composition; specs; adapters; TRL's calling convention."""

from __future__ import annotations

import asyncio
import pickle
from concurrent.futures import ThreadPoolExecutor

import pytest
from reward_helpers import Log

from rewardkit.errors import ConfigError
from rewardkit.rewards import build, load_spec
from rewardkit.rewards.accuracy import AccuracyReward, StepReward, count_steps
from rewardkit.rewards.adapters import AsyncReward, compute_score, score, score_details, verl_scorer
from rewardkit.rewards.compose import Clip, Gate, Product, WeightedSum
from rewardkit.rewards.length import LengthPenaltyReward


def trl_call(reward, completions, answers, completion_ids=None, **extra):
    """Exactly the keywords GRPOTrainer passes (TRL 1.16 ``_calculate_rewards``)."""
    log = Log()
    values = reward(
        prompts=[[{"role": "user", "content": "q"}]] * len(completions),
        completions=completions,
        completion_ids=completion_ids if completion_ids is not None else [[1, 2, 3]] * len(completions),
        answer=answers,
        trainer_state=object(),
        log_extra=log.column,
        log_metric=log.metric,
        **extra,
    )
    return values, log


# --- the seed's formulas -------------------------------------------------------------------------------


def test_length_penalty_seed_example_chars():
    completion = "x" * 494 + "#### 7"
    assert len(completion) == 500
    assert LengthPenaltyReward(alpha=0.001, target=200)(completions=[completion], answer=["7"]) == [0.7]


def test_length_penalty_in_tokens_and_only_when_correct():
    reward = LengthPenaltyReward(alpha=0.01, target=10, unit="tokens")
    values, _ = trl_call(
        reward,
        ["#### 7", "#### 8", "#### 7"],
        ["7", "7", "7"],
        completion_ids=[list(range(40)), list(range(40)), list(range(5))],
    )
    assert values == [0.7, 0.0, 1.0]
    with pytest.raises(ValueError, match="completion_ids"):
        reward.score(["#### 7"], completion_ids=None, columns={"answer": ["7"]})


def test_length_penalty_floor_keeps_correct_above_wrong():
    reward = LengthPenaltyReward(alpha=0.01, target=0)
    assert reward(completions=["#### 7" + " " * 500], answer=["7"]) == [0.0]
    unfloored = LengthPenaltyReward(alpha=0.01, target=0, floor=None)
    assert unfloored(completions=["#### 7" + "." * 194], answer=["7"]) == [-1.0]


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [({"alpha": -1, "target": 1}, "alpha"), ({"alpha": 1, "target": 1, "unit": "words"}, "unit")],
)
def test_length_penalty_rejects_bad_parameters(kwargs, match):
    with pytest.raises(ValueError, match=match):
        LengthPenaltyReward(**kwargs)


def test_step_reward_pays_only_correct_answers_and_counts_real_steps():
    text = "Step 1: 3 + 4 = 7\n\n\n\n- then 7 * 2 = 14\n2) check 14 / 2 = 7\n#### 14"
    assert count_steps(text) == 3
    assert count_steps("\n\n\n\nplain prose\nmore prose") == 0  # newlines are not steps
    reward = StepReward(beta=0.1, cap=2)
    assert reward(completions=[text, text.replace("14", "15")], answer=["14", "14"]) == [1.2, 0.0]


def test_accuracy_none_for_unreadable_gold_and_counted():
    values, log = trl_call(AccuracyReward(), ["#### 3", "#### 3"], ["3", "3 or 4"])
    assert values == [1.0, None]
    assert log.metrics["rewards/accuracy/gold_invalid_frac"] == [0.5]
    assert log.metrics["rewards/accuracy/none_frac"] == [0.5]
    assert log.extra["accuracy/verdict"] == ["CORRECT", "GOLD_INVALID"]
    assert log.extra["accuracy/extracted"] == ["3", None]


def test_accuracy_reads_conversational_completions_and_rationale_golds():
    completions = [
        [{"role": "assistant", "content": "so 3 + 4 = 7\n#### 7"}],
        [{"role": "assistant", "content": [{"type": "text", "text": "The answer is 8."}]}],
    ]
    golds = ["She has 3 + 4 = <<3+4=7>>7.\n#### 7", 7]  # a GSM8K rationale, and an int column value
    assert AccuracyReward()(completions=completions, answer=golds) == [1.0, 0.0]


def test_accuracy_gold_key_and_missing_column_error():
    reward = AccuracyReward(gold_key="solution")
    assert reward(completions=["#### 2"], solution=["2"]) == [1.0]
    with pytest.raises(KeyError, match="solution"):
        reward(completions=["#### 2"], answer=["2"])


def test_strict_policy_and_truncation_from_token_budget():
    strict = AccuracyReward(policy="strict")
    assert strict(completions=["I get 7", "#### 7"], answer=["7", "7"]) == [0.0, 1.0]
    capped = AccuracyReward(max_tokens=4)
    values, log = trl_call(
        capped, ["so far 3 + 4 = 7", "so far 3 + 4 = 7"], ["7", "7"], completion_ids=[[1, 2, 3, 4], [1, 2]]
    )
    assert values == [0.0, 1.0]
    assert log.extra["accuracy/verdict"] == ["TRUNCATED", "CORRECT"]


# --- composition -----------------------------------------------------------------------------------


def test_weighted_sum_components_monitor_only_and_none():
    total = build(
        {
            "accuracy": 1.0,
            "step": {"beta": 0.1, "weight": 0.5},
            "length_penalty": {"alpha": 0.001, "target": 10, "weight": 0},
        }
    )
    values, log = trl_call(total, ["1. 3+4=7\n#### 7", "#### 8", "#### 7"], ["7", "7", "3 or 4"])
    assert values == [pytest.approx(1.55), 0.0, None]
    assert log.extra["total/accuracy"] == [1.0, 0.0, None]
    assert log.extra["total/length_penalty"][0] == pytest.approx(1 - 0.001 * 5)  # logged, weight 0
    assert log.metrics["rewards/step/mean"] == [pytest.approx(0.55)]
    assert log.extra["total/verdict"] == ["CORRECT", "WRONG", "GOLD_INVALID"]


def test_gate_stops_format_farming():
    gated = build({"gate": {"reward": "accuracy", "on": "format"}})
    good = "<think>3+4=7</think>\n<answer>7</answer>"
    no_format = "3+4=7\n#### 7"
    wrong_format_ok = "<think>guess</think>\n<answer>8</answer>"
    assert gated(completions=[good, no_format, wrong_format_ok], answer=["7"] * 3) == [1.0, 0.0, 0.0]
    assert gated(completions=["no format 3"], answer=["3 or 4"]) == [None]  # a bad gold is never scored
    additive = build({"accuracy": 1.0, "format": 1.0})
    assert additive(completions=[wrong_format_ok], answer=["7"]) == [1.0]  # what the gate prevents


def test_product_and_clip():
    acc, boxed = AccuracyReward(), build("boxed_once")
    product = Product([acc, boxed])
    assert product(completions=["\\boxed{7}", "#### 7"], answer=["7", "7"]) == [1.0, 0.0]
    clipped = Clip(StepReward(beta=1.0, cap=5), low=0.0, high=1.5)
    assert clipped(completions=["1. 1+1=2\n2. 2+2=4\n#### 4"], answer=["4"]) == [1.5]
    with pytest.raises(ValueError, match="low <= high"):
        Clip(acc, low=1, high=0)


def test_composites_need_distinct_part_names():
    with pytest.raises(ValueError, match="distinct names"):
        WeightedSum([(AccuracyReward(), 1.0), (AccuracyReward(), 0.5)])
    ok = WeightedSum([(AccuracyReward(), 1.0), (AccuracyReward(name="acc_strict", policy="strict"), 0.5)])
    assert ok(completions=["I get 7"], answer=["7"]) == [1.0]
    assert isinstance(Gate(AccuracyReward(), on=build("format")), Gate)


# --- specs -----------------------------------------------------------------------------------------


def test_spec_forms():
    assert build("accuracy").__name__ == "accuracy"
    assert build({"accuracy": {"name": "acc"}}).__name__ == "acc"
    assert build(["accuracy", "format"])(completions=["#### 1"], answer=["1"]) == [1.0]
    assert build({"sum": {"accuracy": 2.0}})(completions=["#### 1"], answer=["1"]) == [2.0]
    assert build("reward_helpers:says_boxed")(completions=["\\boxed{9}"], answer=["1"]) == [1.0]
    assert build({"reward_helpers:make_constant": {"value": 0.25}})(completions=["x"]) == [0.25]
    assert load_spec('{"accuracy": 1}') == {"accuracy": 1}
    assert load_spec("accuracy") == "accuracy"


@pytest.mark.parametrize(
    ("spec", "match"),
    [
        ("acuracy", "unknown reward 'acuracy'.*accuracy"),
        ({"accuracy": "heavy"}, "weight of 'accuracy'"),
        ({"gate": {"reward": "accuracy"}}, "needs 'on'"),
        ({"length_penalty": {"alpha": 1}}, "length_penalty"),
        ("nowhere.module:thing", "cannot import"),
        (42, "a reward spec is"),
    ],
)
def test_bad_specs_are_config_errors(spec, match):
    with pytest.raises(ConfigError, match=match):
        build(spec)


def test_spec_files(tmp_path):
    good = tmp_path / "r.json"
    good.write_text('{"accuracy": 1.0,\n "step": {"beta": 0.1}}')
    assert build(load_spec(f"@{good}"))(completions=["#### 1"], answer=["1"]) == [2.0]
    yaml_spec = tmp_path / "r.yaml"
    yaml_spec.write_text("gate:\n  reward: accuracy\n  on: format\n")
    tagged = ["<think>1</think><answer>1</answer>"]
    assert build(load_spec(f"@{yaml_spec}"))(completions=tagged, answer=["1"]) == [1.0]
    broken = tmp_path / "broken.yaml"
    broken.write_text("gate: [unclosed\n")
    with pytest.raises(ConfigError, match=r"broken\.yaml: not valid YAML"):
        load_spec(f"@{broken}")
    bad = tmp_path / "bad.json"
    bad.write_text('{"accuracy": 1.0,\n "step": }')
    with pytest.raises(ConfigError, match=r"bad.json:2: not valid JSON"):
        load_spec(f"@{bad}")


# --- pickling, threads, adapters --------------------------------------------------------------------


@pytest.mark.parametrize(
    "spec",
    [
        "accuracy",
        {"length_penalty": {"alpha": 0.001, "target": 200}},
        {"gate": {"reward": "accuracy", "on": "format"}},
        {"accuracy": 1, "step": 0.1},
    ],
)
def test_rewards_pickle_and_keep_their_name(spec):
    reward = build(spec)
    clone = pickle.loads(pickle.dumps(reward))
    assert clone.__name__ == reward.__name__
    batch = {"completions": ["<think>7</think><answer>7</answer>", "#### 8"], "answer": ["7", "7"]}
    assert clone(**batch) == reward(**batch)


def test_thread_safety():
    reward = build({"accuracy": 1.0, "step": 0.1})
    batches = [[f"1. {i}+1={i + 1}\n#### {i + 1}" for i in range(k, k + 30)] for k in range(0, 240, 30)]
    answers = [[str(i + 1) for i in range(k, k + 30)] for k in range(0, 240, 30)]
    expected = [reward(completions=b, answer=a) for b, a in zip(batches, answers, strict=True)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(
            pool.map(lambda ba: reward(completions=ba[0], answer=ba[1]), zip(batches, answers, strict=True))
        )
    assert got == expected


def test_async_variant():
    reward = AsyncReward("accuracy")
    assert reward.__name__ == "accuracy"
    assert asyncio.run(reward(prompts=None, completions=["#### 5"], answer=["5"])) == [1.0]
    assert pickle.loads(pickle.dumps(reward)).__name__ == "accuracy"


def test_verl_compute_score():
    assert compute_score("gsm8k", "... #### 72", "72")["score"] == 1.0
    invalid = compute_score("gsm8k", "#### 1", "")
    # extracted is "" (not None) so verl's validation metrics skip it as a string column
    assert invalid == {"score": 0.0, "verdict": "GOLD_INVALID", "extracted": "", "valid": False}
    composite = verl_scorer({"accuracy": 1.0, "step": 0.1})
    out = composite("math", "1. 1+1=2\n#### 2", "2", extra_info={"split": "train"})
    assert out["score"] == pytest.approx(1.0 + 0.1 * 1.1) and out["accuracy"] == 1.0 and out["valid"]


def test_batch_api_with_workers():
    completions = [f"#### {i % 7}" for i in range(60)]
    golds = [str(i % 5) for i in range(60)]
    one = score(completions, golds, workers=1)
    two = score(completions, golds, workers=2)
    assert one == two and sum(one) == sum(1 for i in range(60) if i % 7 == i % 5)
    details = score_details(completions[:2], golds[:2], spec={"accuracy": 1, "step": 0.1}, workers=2)
    assert details[0].verdict == "CORRECT" and details[0].components["accuracy"] == 1.0


def test_prompts_reach_a_function_reward_inside_a_weighted_sum() -> None:
    """A reward that reads prompts (a reward model) works as a part of a composite, not only alone."""
    from rewardkit.rewards import build

    total = build({"accuracy": 1.0, "tests.reward_helpers:prompt_length_reward": 0.5})
    assert total(prompts=["abcd", "ab"], completions=["#### 3", "#### 4"], answer=["3", "3"]) == [3.0, 1.0]
    alone = build("tests.reward_helpers:prompt_length_reward")
    assert alone(completions=["x"], answer=["1"]) == [-1.0]
