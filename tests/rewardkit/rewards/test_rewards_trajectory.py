"""Agentic trajectory reward: parsers, step scorers, discounting, the cap, TRL's call, pickling, garbage."""

from __future__ import annotations

import json
import math
import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reward_helpers import Log

from rewardkit.errors import ConfigError
from rewardkit.rewards import build
from rewardkit.rewards.step_scorers import FinalAnswer, Progress, ToolSucceeded, ValidToolCall
from rewardkit.rewards.trajectory import TrajectoryReward
from rewardkit.rewards.trajectory_steps import Step, Trajectory

CTX = {"gold": "492"}


def call(name, arguments):
    """One TRL/OpenAI assistant tool call entry; ``arguments`` as given (dict or JSON string)."""
    return {"type": "function", "function": {"name": name, "arguments": arguments}}


def seed_episode(answer="The answer is 492."):
    """One valid call that succeeds and returns the gold, then a correct final answer."""
    return [
        {"role": "assistant", "content": "", "tool_calls": [call("multiply", '{"a": 123, "b": 4}')]},
        {"role": "tool", "name": "multiply", "content": "492"},
        {"role": "assistant", "content": answer},
    ]


def multiply(a: int, b: int) -> int:
    """A tool as TRL takes it (a typed Python function)."""
    return a * b


# --- the seed's worked example --------------------------------------------------------------------------


def test_seed_example_sums_to_one_at_gamma_one():
    reward = TrajectoryReward()
    score = reward.evaluate(Trajectory.from_messages(seed_episode()), gold="492")
    assert abs(score.value - 1.0) < 1e-12
    assert score.step_rewards == (0.1, 0.3, 0.6)  # valid call | tool ok + progress | final
    assert score.components == pytest.approx(
        {"valid_call": 0.1, "tool_ok": 0.1, "progress": 0.2, "final": 0.6, "cap": 0.0}, abs=1e-12
    )
    assert score.scored().verdict == "CORRECT" and score.scored().extracted == "492"


def test_seed_example_discounted_by_hand():
    reward = TrajectoryReward(gamma=0.9)
    value = reward.evaluate(Trajectory.from_messages(seed_episode()), gold="492").value
    # t=0: +0.1 (valid call); t=1: +0.1 (tool ok) +0.2 (progress); t=2: +0.6 (correct)
    assert value == pytest.approx(0.1 + 0.9 * (0.1 + 0.2) + 0.81 * 0.6, abs=1e-12)
    assert value == pytest.approx(0.856, abs=1e-12)


def test_discount_counts_every_step_from_zero():
    # thought, call, observation, final: the four rewards land on t = 1, 2, 2, 3
    t = Trajectory.from_text(
        'Thought: too big to do in my head.\nAction: multiply[{"a": 123, "b": 4}]\nObservation: 492\n'
        "Final Answer: 492"
    )
    assert [s.kind for s in t.steps] == ["thought", "tool_call", "observation", "final_answer"]
    score = TrajectoryReward(gamma=0.5).evaluate(t, gold="492")
    assert score.step_rewards == (0.0, 0.1, 0.3, 0.6)
    assert score.value == pytest.approx(0.5 * 0.1 + 0.25 * 0.3 + 0.125 * 0.6, abs=1e-12)
    assert sum(score.components.values()) == pytest.approx(score.value, abs=1e-12)
    assert TrajectoryReward(gamma=0.0).evaluate(t, gold="492").value == 0.0  # only t = 0 counts


# --- parsing: chat messages ------------------------------------------------------------------------------


def test_messages_tool_calls_observations_and_final():
    messages = [
        {"role": "system", "content": "You can call tools."},
        {"role": "user", "content": "What is 123 * 4?"},
        {
            "role": "assistant",
            "content": [{"type": "text", "text": "I'll use the calculator."}],
            "tool_calls": [call("multiply", {"a": 123, "b": 4}), {"name": "add", "arguments": '{"a": 1}'}],
        },
        {"role": "tool", "name": "multiply", "content": "492"},
        {"role": "tool", "name": "add", "content": "oops", "is_error": True},
        {"role": "assistant", "content": "The answer is 492."},
    ]
    steps = Trajectory.from_messages(messages).steps
    assert [s.kind for s in steps] == [
        "thought",
        "tool_call",
        "tool_call",
        "observation",
        "observation",
        "final_answer",
    ]
    assert steps[0].content == "I'll use the calculator."
    assert (steps[1].tool, steps[1].arguments) == ("multiply", {"a": 123, "b": 4})
    assert (steps[2].tool, steps[2].arguments) == ("add", {"a": 1})  # flat form, JSON-string arguments
    assert (steps[3].tool, steps[3].ok, steps[4].ok) == ("multiply", None, False)
    assert steps[5].content == "The answer is 492."


@pytest.mark.parametrize(
    "arguments, expected",
    [
        ('{"a": 1', None),  # malformed JSON
        ("[1, 2]", None),  # JSON, but not an object
        ('"{\\"a\\": 1}"', {"a": 1}),  # double-encoded, as API logs often have it
        ("", {}),
        (None, {}),
        (42, None),
    ],
)
def test_message_arguments(arguments, expected):
    steps = Trajectory.from_messages(
        [{"role": "assistant", "content": "", "tool_calls": [call("f", arguments)]}]
    ).steps
    assert steps[-1].kind == "tool_call" and steps[-1].arguments == expected


def test_messages_garbage_becomes_invalid_calls_never_raises():
    messages = [
        "not a message",
        {"role": "assistant", "content": None, "tool_calls": "nope"},
        {"role": "assistant", "content": "", "tool_calls": [7, {"function": {"arguments": "{}"}}]},
        {"role": "assistant", "function_call": {"name": "legacy", "arguments": '{"x": 1}'}},
    ]
    steps = Trajectory.from_messages(messages).steps
    calls = [s for s in steps if s.kind == "tool_call"]
    assert [(c.tool, c.arguments) for c in calls] == [
        (None, None),
        (None, None),
        (None, None),
        (None, None),
        ("legacy", {"x": 1}),
    ]
    assert Trajectory.from_messages(object()).steps[0].arguments is None


def test_messages_final_answer_rules():
    # only the last assistant message without tool calls is the final answer; earlier ones are thoughts
    steps = Trajectory.from_messages(
        [
            {"role": "assistant", "content": "Let me think."},
            {"role": "assistant", "content": "", "tool_calls": [call("f", {})]},
            {"role": "tool", "content": "3"},
            {"role": "assistant", "content": "It is 3."},
        ]
    ).steps
    assert [s.kind for s in steps] == ["thought", "tool_call", "observation", "final_answer"]
    # an episode cut off after a tool call has no final answer after it
    cut = Trajectory.from_messages([{"role": "assistant", "content": "", "tool_calls": [call("f", {})]}])
    assert cut.final is None
    # a chat template's unparsed <tool_call> block is a (malformed) call, not an answer
    raw = Trajectory.from_messages(
        [{"role": "assistant", "content": '<tool_call>{"name": "f", "arguments": {'}]
    )
    assert [(s.kind, s.tool, s.arguments) for s in raw.steps] == [("tool_call", "f", None)]
    # an assistant cannot observe by writing "Observation:"; its explicit Final Answer is the answer
    steps = Trajectory.from_messages(
        [{"role": "assistant", "content": "Observation: 492\nFinal Answer: 492"}]
    ).steps
    assert [s.kind for s in steps] == ["thought", "final_answer"]


# --- parsing: ReAct text ---------------------------------------------------------------------------------


def test_text_formats():
    text = (
        "I should compute this.\n"
        'Action: multiply[{"a": 123, "b": 4}]\n'
        "Observation: 492\n"
        'Action: lookup\nAction Input: {"key": "x"}\n'
        "observation: found\n"
        'then <tool_call>{"name": "add", "arguments": {"a": 1, "b": 2}}</tool_call>\n'
        "<tool_response>3</tool_response>\n"
        "**Final Answer:** 492"
    )
    steps = Trajectory.from_text(text).steps
    assert [(s.kind, s.tool) for s in steps] == [
        ("thought", None),
        ("tool_call", "multiply"),
        ("observation", None),
        ("tool_call", "lookup"),
        ("observation", None),  # "found\nthen": a segment runs to the next marker
        ("tool_call", "add"),
        ("observation", None),
        ("final_answer", None),
    ]
    assert steps[3].arguments == {"key": "x"} and steps[5].arguments == {"a": 1, "b": 2}
    assert steps[4].content == "found\nthen"
    assert steps[-1].content == "492"


@pytest.mark.parametrize(
    "text, tool",
    [
        ('Action: multiply[{"a": 123, "b": 4]', "multiply"),  # malformed JSON
        ("Action: search[Paris]", "search"),  # not a JSON object
        ("Action: do something useful", None),  # no call syntax at all
        ('Action Input: {"a": 1}', None),  # an input with no action
        ('<tool_call>{"name": "multiply", "arguments": {"a": 1</tool_call>', "multiply"),
        ('<tool_call>{"name": "multiply", "arguments": {"a": 1}}', "multiply"),  # unclosed
        ('<tool_call>["multiply"]</tool_call>', None),
    ],
)
def test_text_malformed_calls_are_invalid_steps(text, tool):
    (step,) = Trajectory.from_text(text).steps
    assert (step.kind, step.tool, step.arguments) == ("tool_call", tool, None)
    assert ValidToolCall()(step, 0, Trajectory((step,)), {}) == -0.1


def test_text_without_markers_is_a_direct_answer():
    assert Trajectory.from_text("The answer is 7.").steps == (Step("final_answer", "The answer is 7."),)
    assert Trajectory.from_text("   ").steps == ()
    assert (
        Trajectory.from_text("Thought: hmm\nThe answer is 7.").final is None
    )  # markers demand Final Answer:


def test_coerce_records_round_trip_and_odd_values():
    t = Trajectory.from_messages(seed_episode())
    assert Trajectory.coerce(json.loads(json.dumps(t.to_records()))) == t
    assert Trajectory.coerce({"steps": t.to_records()}) == t
    assert Trajectory.coerce(list(t.steps)) == t
    assert Trajectory.coerce(None) == Trajectory(())
    assert Trajectory.coerce([{"kind": "teleport"}]).steps[0].arguments is None
    assert Trajectory.coerce(3.5).steps[0].kind == "tool_call"
    with pytest.raises(ValueError, match="step kind"):
        Step("teleport", "")


# --- step scorers -----------------------------------------------------------------------------------------


def one(step):
    return step, 0, Trajectory((step,)), {}


def test_valid_tool_call_against_tool_lists_and_schemas():
    good = Step("tool_call", "", "multiply", {"a": 1, "b": 2})
    assert ValidToolCall()(*one(good)) == 0.1
    assert ValidToolCall()(*one(Step("thought", "x"))) == 0.0
    assert ValidToolCall(tools=["add"])(*one(good)) == -0.1  # unknown tool
    assert ValidToolCall(tools=["multiply"])(*one(good)) == 0.1
    by_args = ValidToolCall(tools={"multiply": ["a", "b", "c"]})
    assert by_args.problem(good) == "missing arguments ['c']"
    schema = {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}}
    typed = ValidToolCall(
        tools={"multiply": {**schema, "required": ["a", "b"], "additionalProperties": False}}
    )
    assert typed(*one(good)) == 0.1
    assert (
        typed.problem(Step("tool_call", "", "multiply", {"a": "1", "b": 2}))
        == "argument 'a' is not of type integer"
    )
    assert (
        typed.problem(Step("tool_call", "", "multiply", {"a": 1, "b": 2, "z": 0}))
        == "unexpected argument 'z'"
    )
    # TRL's tools=[callable] and OpenAI tool descriptions
    from_function = ValidToolCall(tools=[multiply])
    assert from_function(*one(good)) == 0.1
    assert from_function.problem(Step("tool_call", "", "multiply", {"a": 1})) == "missing arguments ['b']"
    described = ValidToolCall(
        tools=[{"type": "function", "function": {"name": "multiply", "parameters": schema}}]
    )
    assert described(*one(good)) == 0.1
    assert ValidToolCall(reward=1.0, penalty=-2.0)(*one(Step("tool_call", "", "f", None))) == -2.0
    with pytest.raises(ConfigError):
        ValidToolCall(tools=[3])


def test_valid_tool_call_repeats_earn_nothing():
    steps = (
        Step("tool_call", "", "f", {"x": 1}),
        Step("observation", "1"),
        Step("tool_call", "", "f", {"x": 1}),
    )
    t = Trajectory(steps)
    scorer = ValidToolCall()
    assert [scorer(s, i, t, {}) for i, s in enumerate(steps)] == [0.1, 0.0, 0.0]
    assert ValidToolCall(repeat=0.05)(steps[2], 2, t, {}) == 0.05


@pytest.mark.parametrize(
    "observation, ok, expected",
    [
        ("492", None, 0.1),
        ("", None, 0.1),
        ("Error: division by zero", None, -0.5),
        ('Traceback (most recent call last):\n  File "x"', None, -0.5),
        ("ZeroDivisionError: division by zero", None, -0.5),
        ("key 'paris' not found", None, -0.5),
        ("Invalid expression", None, -0.5),
        ("Error: but the environment says it worked", True, 0.1),  # the explicit flag wins
        ("492", False, -0.5),
    ],
)
def test_tool_succeeded(observation, ok, expected):
    t = Trajectory((Step("tool_call", "", "f", {}), Step("observation", observation, ok=ok)))
    assert ToolSucceeded(penalty=-0.5)(t.steps[1], 1, t, {}) == expected


def test_tool_succeeded_orphans_and_call_flags():
    orphan = Trajectory((Step("observation", "492"),))
    assert ToolSucceeded()(orphan.steps[0], 0, orphan, {}) == 0.0  # nothing was called: a made-up observation
    flagged = Trajectory((Step("tool_call", "", "f", {}, ok=False), Step("observation", "fine")))
    assert ToolSucceeded()(flagged.steps[1], 1, flagged, {}) == 0.0
    # parallel calls pair first-in first-out
    t = Trajectory.from_messages(
        [
            {"role": "assistant", "content": "", "tool_calls": [call("f", {}), call("g", {})]},
            {"role": "tool", "content": "ok"},
            {"role": "tool", "content": "ok"},
        ]
    )
    assert [t.call_for(i) for i in range(len(t))] == [None, None, 0, 1]


def test_progress_pays_once_per_new_fact():
    t = Trajectory(
        (
            Step("tool_call", "", "lookup", {"key": "a"}),
            Step("observation", "a = 1,250"),
            Step("tool_call", "", "lookup", {"key": "b"}),
            Step("observation", "b = 1250.0 and 7"),
        )
    )
    context = {"gold": "First 12 then 7.\n#### 1250"}  # only the part after #### is the gold
    scorer = Progress()
    assert [scorer(s, i, t, context) for i, s in enumerate(t.steps)] == [0.0, 0.2, 0.0, 0.0]


def test_progress_ignores_echoes_orphans_and_takes_custom_facts():
    echo = Trajectory((Step("tool_call", "", "calc", {"expr": "492 + 0"}), Step("observation", "492")))
    assert Progress()(echo.steps[1], 1, echo, CTX) == 0.0  # the model wrote 492 itself: not new information
    orphan = Trajectory((Step("observation", "492"),))
    assert Progress()(orphan.steps[0], 0, orphan, CTX) == 0.0
    words = Trajectory(
        (Step("tool_call", "", "capital", {"country": "France"}), Step("observation", "Paris"))
    )
    assert Progress(reward=0.5, facts=mentions_gold_word)(words.steps[1], 1, words, {"gold": "paris"}) == 0.5


def mentions_gold_word(text, context):
    """A custom fact extractor (module level, so the reward still pickles)."""
    return [context["gold"]] if context["gold"] in text.lower() else []


def test_final_answer_scorer():
    t = Trajectory((Step("thought", "hm"), Step("final_answer", "It is 492.")))
    assert FinalAnswer()(t.steps[1], 1, t, CTX) == 0.6
    assert FinalAnswer()(t.steps[0], 0, t, CTX) == 0.0
    assert FinalAnswer(reward=1.0)(t.steps[1], 1, t, {"gold": "7"}) == 0.0
    assert FinalAnswer().judge(Trajectory(()), CTX).verdict.value == "NO_ANSWER"


# --- the reward -------------------------------------------------------------------------------------------


def test_gold_invalid_makes_the_whole_reward_none():
    log = Log()
    values = TrajectoryReward()(
        completions=[seed_episode(), seed_episode()],
        answer=["3 or 4", "492"],
        log_metric=log.metric,
        log_extra=log.column,
    )
    assert values[0] is None and values[1] == pytest.approx(1.0, abs=1e-12)
    assert log.metrics["rewards/trajectory/none_frac"] == [0.5]
    assert log.extra["trajectory/verdict"] == ["GOLD_INVALID", "CORRECT"]
    assert log.extra["trajectory/final"] == [None, 0.6]


def test_trl_keyword_call_with_conversational_tool_calls():
    log = Log()
    wrong = seed_episode("The answer is 491.")
    broken = [{"role": "assistant", "content": "", "tool_calls": [call("multiply", '{"a": 123,')]}]
    completions = [seed_episode(), wrong, broken]
    values = TrajectoryReward()(
        prompts=[[{"role": "user", "content": "What is 123 * 4?"}]] * 3,
        completions=completions,
        completion_ids=[[1, 2, 3]] * 3,
        answer=["492"] * 3,
        trainer_state=object(),
        log_extra=log.column,
        log_metric=log.metric,
    )
    assert values == pytest.approx([1.0, 0.4, -0.1], abs=1e-12)
    assert log.metrics["rewards/valid_call/mean"] == pytest.approx([(0.1 + 0.1 - 0.1) / 3])
    assert log.extra["trajectory/verdict"] == ["CORRECT", "WRONG", "NO_ANSWER"]
    assert log.extra["trajectory/extracted"] == ["492", "491", None]


def test_trajectory_key_column_wins_over_the_text():
    records = Trajectory.from_messages(seed_episode()).to_records()
    reward = TrajectoryReward(trajectory_key="trajectory")
    assert reward(completions=["rendered text"], answer=["492"], trajectory=[records]) == pytest.approx([1.0])
    assert reward(answer=["492", "492"], trajectory=[records, None]) == pytest.approx([1.0, 0.0])
    with pytest.raises(KeyError, match="trajectory"):
        reward(completions=["x"], answer=["492"])


def test_plain_text_completions_and_score_hook():
    reward = TrajectoryReward()
    text = 'Action: multiply[{"a": 123, "b": 4}]\nObservation: 492\nFinal Answer: 492'
    assert reward(completions=[text, "The answer is 492."], answer=[492, "492"]) == pytest.approx([1.0, 0.6])
    # composites call score() with flattened text: it still reads ReAct
    assert reward.score([text], columns={"answer": ["492"]})[0].value == pytest.approx(1.0)


def test_max_steps_cut_and_penalize():
    steps = [Step("tool_call", "", "f", {"i": i}) for i in range(4)] + [Step("final_answer", "492")]
    t = Trajectory(steps)
    cut = TrajectoryReward(max_steps=3, step_cap=None).evaluate(t, gold="492")
    assert cut.dropped == 2 and cut.value == pytest.approx(0.3) and cut.grade.verdict.value == "TRUNCATED"
    penalized = TrajectoryReward(max_steps=3, overflow="penalize", step_cap=None).evaluate(t, gold="492")
    # three paid calls, then a call and the final answer over budget: -0.1 each, the answer still graded
    assert penalized.step_rewards == (0.1, 0.1, 0.1, -0.1, 0.5)
    assert penalized.value == pytest.approx(0.3 - 0.2 + 0.6)
    assert penalized.components["overflow"] == pytest.approx(-0.2)


def test_clip_and_components_add_up():
    reward = TrajectoryReward(clip=(0.0, 0.8))
    score = reward.evaluate(Trajectory.from_messages(seed_episode()), gold="492")
    assert score.value == pytest.approx(0.8) and score.components["clip"] == pytest.approx(-0.2)
    bad = reward.evaluate(Trajectory.from_text('Action: f[{"x"]'), gold="492")
    assert bad.value == 0.0 and bad.components["clip"] == pytest.approx(0.1)


def test_custom_scorers_by_name_and_errors_cost_one_sample():
    reward = TrajectoryReward(scorers={"thinks": thinks}, final_reward=1.0)
    t = Trajectory((Step("thought", "a"), Step("thought", "b"), Step("final_answer", "492")))
    score = reward.evaluate(t, gold="492")
    assert score.components["thinks"] == pytest.approx(0.1) and score.value == pytest.approx(1.1)
    broken = TrajectoryReward(scorers=[explodes]).evaluate(t, gold="492")
    assert broken.value is None and broken.scored().verdict == "ERROR" and "boom" in broken.error
    with pytest.raises(ConfigError):
        TrajectoryReward(scorers={"final": thinks})
    with pytest.raises(ConfigError):
        TrajectoryReward(gamma=1.5)


def thinks(step, index, trajectory, context):
    return 0.05 if step.kind == "thought" else 0.0


def explodes(step, index, trajectory, context):
    raise RuntimeError("boom")


# --- hacking probes --------------------------------------------------------------------------------------


def spam(n=20, answer=None):
    messages = []
    for i in range(n):
        messages.append(
            {"role": "assistant", "content": "", "tool_calls": [call("multiply", {"a": i, "b": 1})]}
        )
        messages.append({"role": "tool", "content": str(i)})
    if answer is not None:
        messages.append({"role": "assistant", "content": answer})
    return messages


def test_tool_call_spam_cannot_beat_a_short_correct_episode():
    reward = TrajectoryReward()
    assert reward.step_cap == pytest.approx(0.4)  # one clean round trip, below the 0.6 of a correct answer
    short, direct, spammed, spammed_wrong, padded = reward(
        completions=[
            seed_episode(),
            [{"role": "assistant", "content": "The answer is 492."}],
            spam(),
            spam(answer="The answer is 7."),
            spam(answer="The answer is 492."),
        ],
        answer=["492"] * 5,
    )
    assert spammed == pytest.approx(0.4) and spammed_wrong == pytest.approx(0.4)
    assert spammed < direct < short
    assert padded <= short + 1e-12  # padding a correct episode with calls buys nothing
    uncapped = TrajectoryReward(step_cap=None)(completions=[spam()], answer=["492"])[0]
    assert uncapped == pytest.approx(4.0)  # what the cap prevents


def test_the_cap_never_hides_penalties():
    invalid = [{"role": "assistant", "content": "", "tool_calls": [call("multiply", "{")]}] * 5
    value = TrajectoryReward()(completions=[spam() + invalid], answer=["492"])[0]
    assert value == pytest.approx(0.4 - 0.5)


def test_auto_cap_with_custom_scorers_and_no_final_reward():
    assert TrajectoryReward(scorers=[thinks]).step_cap == pytest.approx(0.6)
    assert TrajectoryReward(final_reward=0.0).step_cap == pytest.approx(0.4)
    assert TrajectoryReward(scorers=[thinks], final_reward=0.0).step_cap is None


# --- pickling, registry -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "reward",
    [
        TrajectoryReward(),
        TrajectoryReward(name="agent", gamma=0.9, scorers={"progress": Progress(facts=mentions_gold_word)}),
        TrajectoryReward(scorers=[ValidToolCall(tools=[multiply]), ToolSucceeded()]),
        build({"trajectory": {"gamma": 0.9, "max_steps": 8}}),
    ],
)
def test_pickles_and_keeps_its_name(reward):
    again = pickle.loads(pickle.dumps(reward))
    assert again.__name__ == reward.__name__
    assert again(completions=[seed_episode()], answer=["492"]) == reward(
        completions=[seed_episode()], answer=["492"]
    )


def test_registry_name():
    assert build("trajectory").__name__ == "trajectory"
    assert TrajectoryReward.default_name == "trajectory"


# --- never raises on garbage ----------------------------------------------------------------------------

SETTINGS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
keys = st.sampled_from(["role", "content", "tool_calls", "name", "function", "arguments", "ok", "is_error"])
roles = st.sampled_from(["assistant", "tool", "user", "system", "function", 3, None])
react_bits = st.sampled_from(
    ["Thought:", "Action:", "Action Input:", "Observation:", "Final Answer:", "<tool_call>", "</tool_call>",
     "<tool_response>", "[", "]", "{", "}", '"name": "f"', "\n", "492", "Error"]
)  # fmt: skip
react_text = st.lists(react_bits | st.text(max_size=12), max_size=12).map("".join)
messages = st.lists(
    st.fixed_dictionaries({"role": roles}, optional={"content": json_values | react_text}).flatmap(
        lambda d: st.dictionaries(keys, json_values, max_size=3).map(lambda extra: {**extra, **d})
    )
    | st.fixed_dictionaries(
        {
            "role": st.just("assistant"),
            "tool_calls": st.lists(st.builds(call, st.text(max_size=8), json_values)),
        }
    )
    | json_values,
    max_size=6,
)


def check(values, reward):
    assert len(values) == 1
    value = values[0]
    assert value is None or (math.isfinite(value) and value <= reward.final.reward + reward.step_cap + 1e-9)


@SETTINGS
@given(text=st.text() | react_text, gold=st.sampled_from(["492", "3 or 4", "#### 7", ""]))
def test_random_text_never_raises(text, gold):
    reward = TrajectoryReward(gamma=0.95, max_steps=6)
    check(reward(completions=[text], answer=[gold]), reward)
    t = Trajectory.from_text(text)
    score = reward.evaluate(t, gold=gold)
    if score.value is not None:
        assert math.fsum(score.components.values()) == pytest.approx(score.value, abs=1e-9)


@SETTINGS
@given(completion=messages)
def test_random_messages_never_raise(completion):
    reward = TrajectoryReward()
    check(reward(prompts=None, completions=[completion], answer=["492"]), reward)
    check(TrajectoryReward(trajectory_key="t")(completions=["x"], answer=["492"], t=[completion]), reward)


def test_composites_keep_tool_calls_of_chat_completions():
    """Inside a weighted sum the trajectory part still sees the tool calls, not flattened text."""
    from rewardkit.rewards import build

    total = build({"trajectory": 1.0, "accuracy": 0.0})
    log = Log()
    values = total(
        prompts=None,
        completions=[seed_episode()],
        answer=["492"],
        log_metric=log.metric,
        log_extra=log.column,
    )
    assert values == [pytest.approx(1.0)]
    assert log.extra["total/trajectory/valid_call"] == [pytest.approx(0.1)]
    assert log.extra["total/accuracy"] == [1.0]
