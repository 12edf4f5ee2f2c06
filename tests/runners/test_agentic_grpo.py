"""The agentic recipe's plumbing: the tool-calling tokenizer TRL accepts, the trajectory records and their
discounting, our own episode loop (tool calls parsed, executed, observations fed back; a malformed call is a
penalised step, a raising tool an observation), TRL's tool loop end to end with a tiny model, and the
shipped configs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from paths import REPO

pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("trl")


from rewardkit.errors import ConfigError
from rewardkit.rewards.trajectory import TrajectoryReward
from runners.agentic import (
    TrajectoryLog,
    TrajectoryRecorder,
    calculator_demonstrations,
    environment_tools,
    run_episodes,
    summarize_by_part,
    summarize_episodes,
    tool_tokenizer,
)
from runners.envs import CalculatorEnv

CONFIGS = REPO / "runners" / "configs"
RECORD_KEYS = {
    "step",
    "phase",
    "episode",
    "environment",
    "question",
    "answer",
    "steps",
    "return",
    "verdict",
    "correct",
    "tool_calls",
    "tool_failures",
    "invalid_calls",
    "called_tool_before_answer",
    "part",
}
STEP_KEYS = {"kind", "tool", "arguments", "content", "ok", "reward"}
QUESTION = "A farm packs 347 crates with 89 apples in each crate. How many apples does it pack?"
CALL = '<tool_call>\n{"name": "multiply", "arguments": {"a": 347, "b": 89}}\n</tool_call>'


def _call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "arguments": arguments}}


@pytest.fixture(scope="module")
def tokenizer() -> Any:
    return tool_tokenizer(environment_tools(CalculatorEnv()))


# --------------------------------------------------------------------------- the tokenizer


def test_tokenizer_is_one_trl_recognises_for_tool_calling(tokenizer: Any) -> None:
    from trl.chat_template_utils import (
        add_response_schema,
        is_chat_template_prefix_preserving,
        parse_response,
        qwen2_5_chat_template,
        supports_tool_calling,
    )

    assert tokenizer.chat_template == qwen2_5_chat_template
    assert supports_tool_calling(tokenizer)
    assert is_chat_template_prefix_preserving(tokenizer)
    add_response_schema(tokenizer)  # raises for a template TRL does not know
    for token in ("<|im_start|>", "<|im_end|>", "<tool_call>", "</tool_call>"):
        assert len(tokenizer(token, add_special_tokens=False)["input_ids"]) == 1, token
    assert tokenizer.eos_token == "<|im_end|>"
    # <tool_call> is not special: TRL's plain-text fallback for a malformed call keeps the marker
    assert "<tool_call>" in tokenizer.decode(tokenizer(CALL)["input_ids"], skip_special_tokens=True)

    tools = environment_tools(CalculatorEnv())
    messages = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": QUESTION}]
    prefix = tokenizer.apply_chat_template(
        messages, tools=tools, add_generation_prompt=True, return_dict=False
    )
    assert len(prefix) < 250  # fixed template text and tool schemas are single tokens
    good = tokenizer(CALL + "<|im_end|>", add_special_tokens=False)["input_ids"]
    parsed = parse_response(tokenizer, good, prefix=prefix, tools=tools)
    assert parsed["tool_calls"] == [_call("multiply", {"a": 347, "b": 89})]
    broken = tokenizer(CALL.replace("89}}", "89}") + "<|im_end|>", add_special_tokens=False)["input_ids"]
    fallback = parse_response(tokenizer, broken, prefix=prefix, tools=tools)
    assert "tool_calls" not in fallback and fallback["content"].startswith("<tool_call>")


# --------------------------------------------------------------------------- records and the recording reward


def _episode(observation: str = "30883") -> list[dict[str, Any]]:
    return [
        {"role": "assistant", "content": "", "tool_calls": [_call("multiply", {"a": 347, "b": 89})]},
        {"role": "tool", "name": "multiply", "content": observation},
        {"role": "assistant", "content": "The answer is 30883."},
    ]


def test_recorder_discounts_exactly_and_writes_records(tmp_path: Path) -> None:
    gamma = 0.5
    log = TrajectoryLog(tmp_path / "trajectories.jsonl")
    recorder = TrajectoryRecorder(TrajectoryReward(gamma=gamma), log=log, environment="calculator")
    metrics: dict[str, float] = {}

    class State:
        global_step = 7

    values = recorder(
        prompts=[[{"role": "user", "content": QUESTION}]] * 2,
        completions=[_episode(), [{"role": "assistant", "content": "The answer is 30000."}]],
        answer=["30883", "30883"],
        question=[QUESTION, QUESTION],
        trainer_state=State(),
        log_metric=metrics.__setitem__,
    )
    # r = (valid call 0.1, tool ok 0.1 + progress 0.2, correct 0.6) at t = 0, 1, 2
    assert values[0] == pytest.approx(0.1 + gamma * 0.3 + gamma**2 * 0.6)
    assert values[1] == 0.0
    records = log.read()
    assert [r["episode"] for r in records] == [0, 1]
    first = records[0]
    assert set(first) == RECORD_KEYS and all(set(s) == STEP_KEYS for s in first["steps"])
    assert (first["step"], first["phase"], first["environment"]) == (7, "train", "calculator")
    assert [(s["kind"], s["tool"], s["ok"], s["reward"]) for s in first["steps"]] == [
        ("tool_call", "multiply", None, 0.1),
        ("observation", "multiply", True, 0.3),
        ("final_answer", None, None, 0.6),
    ]
    assert first["steps"][0]["arguments"] == {"a": 347, "b": 89}
    assert first["return"] == pytest.approx(sum(s["reward"] * gamma**t for t, s in enumerate(first["steps"])))
    assert (first["correct"], first["verdict"], first["tool_calls"], first["called_tool_before_answer"]) == (
        True,
        "CORRECT",
        1,
        True,
    )
    assert (records[1]["correct"], records[1]["tool_calls"], records[1]["verdict"]) == (False, 0, "WRONG")
    assert metrics["agentic/tool_call_rate"] == 0.5
    assert metrics["agentic/accuracy_with_tool"] == 1.0 and metrics["agentic/accuracy_without_tool"] == 0.0
    assert metrics["agentic/steps_per_episode"] == 2.0
    assert metrics["rewards/final/mean"] == pytest.approx(gamma**2 * 0.6 / 2)


def test_ranks_number_their_episodes_apart_in_one_log(tmp_path: Path) -> None:
    """Two processes of one run append to the same trajectories.jsonl: episode ids never collide and
    long lines (several buffer sizes) never interleave."""
    log = TrajectoryLog(tmp_path / "trajectories.jsonl")
    recorders = [
        TrajectoryRecorder(TrajectoryReward(), log=log, environment="calculator", rank=r, world_size=2)
        for r in (0, 1)
    ]
    long_question = "How much is 347 times 89? " * 2000  # ~50 kB a line
    for _ in range(3):
        for recorder in recorders:
            recorder(completions=[_episode()] * 2, answer=["30883"] * 2, question=[long_question] * 2)
    episodes = sorted(r["episode"] for r in log.read())  # read() parses every line
    assert episodes == list(range(12))


def _append_many(path: str, rank: int) -> None:
    log = TrajectoryLog(path)
    for i in range(100):  # batches of 20 lines of 3 kB: a buffered file flushes mid-line every 8 kB
        log.write([{"rank": rank, "i": i, "j": j, "pad": "x" * 3000} for j in range(20)])


def test_concurrent_appends_keep_every_line_whole(tmp_path: Path) -> None:
    import multiprocessing

    path = str(tmp_path / "trajectories.jsonl")
    ctx = multiprocessing.get_context(
        "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    )
    writers = [ctx.Process(target=_append_many, args=(path, rank)) for rank in (0, 1)]
    for w in writers:
        w.start()
    for w in writers:
        w.join(60)
        assert w.exitcode == 0
    rows = TrajectoryLog(path).read()  # a torn line would fail to parse
    assert len(rows) == 4000 and len({(r["rank"], r["i"], r["j"]) for r in rows}) == 4000


def test_recorder_penalises_a_malformed_call_and_flags_a_failed_tool(tmp_path: Path) -> None:
    recorder = TrajectoryRecorder(TrajectoryReward(), log=TrajectoryLog(tmp_path / "t.jsonl"))
    malformed = [{"role": "assistant", "content": CALL.replace("89}}", "89}")}]  # TRL's parse fallback
    failed = _episode(observation="{'error': 'b must be a number, got None'}")
    values = recorder(completions=[malformed, failed], answer=["30883", "30883"])
    bad, err = recorder.log.read() if recorder.log else []
    assert bad["invalid_calls"] == 1 and bad["tool_calls"] == 0
    assert bad["steps"][0]["kind"] == "tool_call" and bad["steps"][0]["reward"] == -0.1
    assert values[0] == pytest.approx(-0.1) and bad["verdict"] == "NO_ANSWER"
    assert err["tool_failures"] == 1 and err["steps"][1]["ok"] is False
    assert err["steps"][1]["reward"] == 0.0  # no "tool ok", and the error text holds no gold fact


def test_recorder_needs_one_gold_per_completion() -> None:
    with pytest.raises(ConfigError, match="one gold per completion"):
        TrajectoryRecorder(TrajectoryReward())(completions=[_episode()], answer=[])


def test_summary_counts_accuracy_with_and_without_tool() -> None:
    base = {"tool_failures": 0, "invalid_calls": 0, "steps": [{}], "return": 0.0}
    summary = summarize_episodes(
        [
            {**base, "tool_calls": 1, "correct": True},
            {**base, "tool_calls": 2, "correct": False, "tool_failures": 1},
            {**base, "tool_calls": 0, "correct": False, "invalid_calls": 1},
        ]
    )
    assert summary["tool_call_rate"] == pytest.approx(2 / 3)
    assert summary["accuracy_with_tool"] == 0.5 and summary["accuracy_without_tool"] == 0.0
    assert summary["tool_failure_rate"] == pytest.approx(1 / 3)
    assert summary["invalid_call_rate"] == pytest.approx(1 / 3)


def test_demonstrations_call_the_tool_in_the_requested_share() -> None:
    from runners.envs import calculator_problems

    rows = calculator_problems(200, seed=0, two_step_fraction=0.5)
    demos = calculator_demonstrations(rows, tool_fraction=0.25, seed=0)
    with_tool = [d for d in demos if any(m.get("tool_calls") for m in d)]
    assert 0.15 < len(with_tool) / len(demos) < 0.35
    for demo, row in zip(demos, rows, strict=True):
        tool_messages = [m for m in demo if m["role"] == "tool"]
        assert demo[-1]["content"] == f"The answer is {row['answer']}."
        if tool_messages:
            assert tool_messages[-1]["content"] == row["answer"]  # the last observation is the answer


def test_demonstrations_show_the_tool_only_on_the_hard_part() -> None:
    """On the mixed task the warm start answers the times table directly and calls the calculator on a
    share of the hard problems."""
    from runners.envs import calculator_problems

    rows = calculator_problems(300, seed=2, easy_fraction=0.5, two_step_fraction=0.0)
    demos = calculator_demonstrations(rows, tool_fraction=0.6, seed=0)
    calls = {
        part: [
            any(m.get("tool_calls") for m in d) for d, r in zip(demos, rows, strict=True) if r["part"] == part
        ]
        for part in ("easy", "hard")
    }
    assert not any(calls["easy"])
    assert 0.45 < sum(calls["hard"]) / len(calls["hard"]) < 0.75
    for demo, row in zip(demos, rows, strict=True):
        assert demo[-1]["content"] == f"The answer is {row['answer']}."


def test_summary_by_part_and_the_recorder_logs_each_part(tmp_path: Path) -> None:
    recorder = TrajectoryRecorder(TrajectoryReward(), log=TrajectoryLog(tmp_path / "t.jsonl"))
    metrics: dict[str, float] = {}
    direct = [{"role": "assistant", "content": "The answer is 12."}]
    recorder(
        completions=[direct, _episode(), [{"role": "assistant", "content": "The answer is 5."}]],
        answer=["12", "30883", "30883"],
        part=["easy", "hard", "hard"],
        log_metric=metrics.__setitem__,
    )
    records = recorder.log.read() if recorder.log else []
    assert [r["part"] for r in records] == ["easy", "hard", "hard"]
    by_part = summarize_by_part(records)
    assert (by_part["easy"]["tool_call_rate"], by_part["easy"]["accuracy_without_tool"]) == (0.0, 1.0)
    assert (by_part["hard"]["accuracy_with_tool"], by_part["hard"]["accuracy_without_tool"]) == (1.0, 0.0)
    assert metrics["agentic/hard/tool_call_rate"] == 0.5 and metrics["agentic/easy/accuracy"] == 1.0
    assert summarize_by_part([{**records[0], "part": None}]) == {}


def test_recipe_report_shows_parts_and_whether_the_tool_pays() -> None:
    from runners.agentic_grpo import accuracy_intervals, report, tool_pays

    def rows(part: str, called: int, right: int, n: int) -> list[dict[str, Any]]:
        return [
            {"tool_calls": int(i < called), "correct": i < right, "part": part, "tool_failures": 0}
            | {"invalid_calls": 0, "steps": [{}], "return": 0.0}
            for i in range(n)
        ]

    hard = rows("hard", 40, 25, 60)  # 25/40 right with the tool, 0/20 without
    intervals = accuracy_intervals(hard)
    assert intervals["accuracy_without_tool_ci"] == [0.0, pytest.approx(0.1611, abs=1e-4)]
    assert tool_pays(intervals) is True
    assert tool_pays(accuracy_intervals(rows("hard", 40, 2, 60))) is False  # 2/40 vs 0/20: overlapping
    assert tool_pays(accuracy_intervals(rows("easy", 0, 0, 10))) is None  # nobody called
    after = {
        **summarize_episodes(hard),
        **intervals,
        "parts": {"hard": {**summarize_episodes(hard), **intervals}},
    }
    text = report({"before": {}, "after": after, "tool_call_rate_curve": []})
    hard_after = next(line for line in text.splitlines() if line.startswith("hard  after"))
    assert "0.62 [0.47, 0.76]" in hard_after and hard_after.endswith("yes")


# --------------------------------------------------------------------------- our episode loop, scripted


class ScriptedModel:
    """Stands in for a causal LM: each ``generate`` call appends the next scripted reply of each row
    (chosen by the question in its prompt), so the loop's plumbing is checked without any learning."""

    def __init__(self, tokenizer: Any, scripts: dict[str, list[str]]) -> None:
        import torch

        self.tokenizer, self.scripts = tokenizer, scripts
        self.turn: dict[str, int] = {}
        self.prompts: list[str] = []
        self.training = False
        self._param = torch.nn.Parameter(torch.zeros(1))

    def parameters(self) -> Any:
        return iter([self._param])

    def eval(self) -> None:
        self.training = False

    def train(self, mode: bool = True) -> None:
        self.training = mode

    def generate(self, input_ids: Any, attention_mask: Any, **kwargs: Any) -> Any:
        import torch

        rows = []
        for ids, mask in zip(input_ids, attention_mask, strict=True):
            prompt = self.tokenizer.decode(ids[mask.bool()])
            self.prompts.append(prompt)
            key = next(k for k in self.scripts if k in prompt)
            turn = self.turn.get(key, 0)
            self.turn[key] = turn + 1
            reply = self.tokenizer(self.scripts[key][turn] + "<|im_end|>", add_special_tokens=False)[
                "input_ids"
            ]
            rows.append(ids.tolist() + reply)
        width = max(map(len, rows))
        pad = self.tokenizer.pad_token_id
        return torch.tensor([r + [pad] * (width - len(r)) for r in rows])


def test_episode_loop_executes_calls_feeds_observations_back_and_never_crashes(tokenizer: Any) -> None:
    def call(name: str, a: Any, b: Any) -> str:
        arguments = json.dumps({"a": a, "b": b})
        return f'<tool_call>\n{{"name": "{name}", "arguments": {arguments}}}\n</tool_call>'

    scripts = {
        "347 crates": [call("multiply", 347, 89), "The answer is 30883."],
        "12 boxes": ["The answer is 1000."],
        "split 7": [call("divide", 7, 0), "The answer is 7."],  # the tool raises
        "mystery": [call("cube", 3, 3), "The answer is 27."],  # no such tool
        "broken": [CALL.replace("89}}", "89}")],  # malformed: stays text
        "looping": [call("add", 1, 1)] * 5,  # never answers
    }
    rows = [
        {"question": QUESTION, "answer": "30883"},
        {"question": "A shop sells 12 boxes of 83 pencils. How many pencils?", "answer": "996"},
        {"question": "Divide: split 7 apples among 0 people.", "answer": "7"},
        {"question": "What is the mystery cube of 3?", "answer": "27"},
        {"question": "A broken question.", "answer": "30883"},
        {"question": "A looping question.", "answer": "2"},
    ]
    model = ScriptedModel(tokenizer, scripts)
    records = run_episodes(
        model,
        tokenizer,
        CalculatorEnv,
        rows,
        reward=TrajectoryReward(gamma=0.9),
        system="Be brief.",
        max_tool_calling_iterations=2,
        batch_size=4,
        phase="before",
        environment="calculator",
    )
    assert [r["episode"] for r in records] == list(range(6))
    assert all(set(r) == RECORD_KEYS and r["step"] == r["phase"] == "before" for r in records)
    tool, direct, raised, unknown, broken, looping = records
    # the call ran on the environment and its result came back in the next prompt
    assert [s["kind"] for s in tool["steps"]] == ["tool_call", "observation", "final_answer"]
    assert tool["steps"][1]["content"] == "30883" and tool["correct"] and tool["called_tool_before_answer"]
    assert any("<tool_response>\n30883\n</tool_response>" in p for p in model.prompts)
    assert tool["return"] == pytest.approx(0.1 + 0.9 * 0.3 + 0.81 * 0.6)
    assert direct["tool_calls"] == 0 and not direct["correct"] and direct["verdict"] == "WRONG"
    assert raised["tool_failures"] == 1 and raised["steps"][1]["ok"] is False
    assert "division by zero" in raised["steps"][1]["content"] and raised["correct"]
    assert unknown["tool_failures"] == 1 and "Tool cube not found" in unknown["steps"][1]["content"]
    assert broken["invalid_calls"] == 1 and broken["steps"][0]["reward"] == -0.1 and broken["return"] < 0
    # two tool rounds, then the third reply's call is left unexecuted and the episode ends without an answer
    assert looping["tool_calls"] == 3 and sum(s["kind"] == "observation" for s in looping["steps"]) == 2
    assert looping["verdict"] == "NO_ANSWER"


# --------------------------------------------------------------------------- TRL's tool loop, end to end


@pytest.fixture(scope="module")
def memorised_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny model that has memorised one tool-using episode, so it really calls the tool."""
    import torch
    from transformers import AutoModelForCausalLM, PreTrainedTokenizerFast

    from runners.agentic import build_tool_model, sft_warm_start

    folder = tmp_path_factory.mktemp("agentic") / "model"
    tools = environment_tools(CalculatorEnv())
    build_tool_model(folder, tools=tools, hidden_size=64, num_layers=2, seed=0)
    tokenizer = PreTrainedTokenizerFast.from_pretrained(folder)
    model = AutoModelForCausalLM.from_pretrained(folder)
    rows = [{"question": QUESTION, "answer": "30883"}]
    demo = [
        {"role": "system", "content": "Be brief."},
        *calculator_demonstrations(rows, tool_fraction=1.0)[0],
    ]
    torch.manual_seed(0)
    losses = sft_warm_start(model, tokenizer, [demo], tools=tools, steps=80, batch_size=1, learning_rate=1e-2)
    assert losses[-1] < 0.05, losses[-10:]
    model.save_pretrained(folder)
    return folder


def test_trl_tool_loop_end_to_end_writes_records(memorised_model: Path, tmp_path: Path) -> None:
    from datasets import Dataset
    from transformers import AutoModelForCausalLM, PreTrainedTokenizerFast
    from trl import GRPOConfig, GRPOTrainer

    from runners.run_logs import MetricsLog, make_callback

    tokenizer = PreTrainedTokenizerFast.from_pretrained(memorised_model)
    model = AutoModelForCausalLM.from_pretrained(memorised_model)
    log = TrajectoryLog(tmp_path / "trajectories.jsonl")
    recorder = TrajectoryRecorder(TrajectoryReward(gamma=0.9), log=log, environment="calculator")
    metrics = MetricsLog(tmp_path / "metrics.jsonl")
    prompt = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": QUESTION}]
    dataset = Dataset.from_list([{"prompt": prompt, "answer": "30883", "question": QUESTION}] * 4)
    config = GRPOConfig(
        output_dir=str(tmp_path / "run"),
        max_steps=1,
        per_device_train_batch_size=4,
        num_generations=4,
        max_completion_length=96,
        max_tool_calling_iterations=2,
        temperature=0.1,  # near-greedy: the memorised episode
        learning_rate=1e-5,
        logging_steps=1,
        save_strategy="no",
        report_to="none",
        use_cpu=True,
        bf16=False,
        gradient_checkpointing=False,
    )
    trainer = GRPOTrainer(
        model=model,
        reward_funcs=[recorder],
        args=config,
        train_dataset=dataset,
        processing_class=tokenizer,
        environment_factory=CalculatorEnv,
        callbacks=[make_callback(metrics)],
    )
    trainer.train()
    records = log.read()
    assert len(records) == 4 and all(r["phase"] == "train" and r["step"] == 0 for r in records)
    called = [r for r in records if r["tool_calls"]]
    assert called, [r["steps"] for r in records]
    observation = next(s for s in called[0]["steps"] if s["kind"] == "observation")
    assert observation["content"] == "30883" and observation["ok"] is True  # executed by the environment
    logged = metrics.read()[0]
    assert logged["tools/call_frequency"] > 0
    assert logged["agentic/tool_call_rate"] == len(called) / 4
    assert "rewards/valid_call/mean" in logged and "agentic/steps_per_episode" in logged


def test_episode_loop_plays_the_memorised_episode_greedily(memorised_model: Path) -> None:
    from transformers import AutoModelForCausalLM, PreTrainedTokenizerFast

    tokenizer = PreTrainedTokenizerFast.from_pretrained(memorised_model)
    model = AutoModelForCausalLM.from_pretrained(memorised_model)
    [record] = run_episodes(
        model,
        tokenizer,
        CalculatorEnv,
        [{"question": QUESTION, "answer": "30883"}],
        reward=TrajectoryReward(),
        system="Be brief.",
        do_sample=False,
        phase="after",
    )
    assert record["tool_calls"] == 1 and record["correct"], record["steps"]


# --------------------------------------------------------------------------- the recipe and its configs


@pytest.mark.parametrize("path", sorted(CONFIGS.glob("agentic_*.yaml")), ids=lambda p: p.name)
def test_shipped_configs_load_and_name_their_command(path: Path) -> None:
    from runners.agentic_grpo import Args
    from runners.config import load_config
    from runners.preflight import check_generation_batch

    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# ") and "agentic_grpo" in first and path.name in first
    args = load_config(Args, str(path))
    t = args.training
    check_generation_batch(t.per_device_train_batch_size, t.gradient_accumulation_steps, t.num_generations)


def test_recipe_rejects_an_unknown_environment(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from runners.agentic_grpo import main

    assert main([f"output_dir={tmp_path}", "environment.name=weather"]) == 2
    assert "environment.name 'weather'" in capsys.readouterr().err


def test_recipe_rejects_calculator_settings_for_another_environment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from runners.agentic_grpo import main

    assert main([f"output_dir={tmp_path}", "environment.name=lookup", "environment.easy_fraction=0.5"]) == 2
    assert "environment.easy_fraction, environment.digits and environment.wordings" in capsys.readouterr().err


@pytest.mark.parametrize(
    "task", [[], ["environment.easy_fraction=0.5", "environment.digits=2"]], ids=["hard", "mixed"]
)
def test_recipe_runs_end_to_end_at_tiny_size(tmp_path: Path, task: list[str]) -> None:
    from runners.agentic_grpo import main

    argv = [
        f"output_dir={tmp_path}",
        "model.hidden_size=64",
        "model.num_layers=2",
        "environment.n=8",
        "warm_start.steps=3",
        "warm_start.n=8",
        "warm_start.batch_size=2",
        "evaluation.episodes=4",
        "evaluation.max_new_tokens=24",
        "training.max_steps=1",
        "training.per_device_train_batch_size=4",
        "training.num_generations=2",
        "training.max_completion_length=32",
        "training.cpu_threads=1",
        *task,
    ]
    assert main(argv) == 0
    records = TrajectoryLog(tmp_path / "trajectories.jsonl").read()
    assert [r["phase"] for r in records].count("before") == 4
    assert [r["phase"] for r in records].count("after") == 4
    assert [r["phase"] for r in records].count("train") == 4
    assert all(set(r) == RECORD_KEYS for r in records)
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["before"]["episodes"] == summary["after"]["episodes"] == 4
    assert len(summary["tool_call_rate_curve"]) == 1
    assert {"accuracy_with_tool_ci", "accuracy_without_tool_ci"} <= set(summary["after"])
    parts = summary["after"].get("parts", {})
    if task:  # the mixed task: every row is marked, the summary holds each part
        assert set(parts) <= {"easy", "hard"} and sum(p["episodes"] for p in parts.values()) == 4
        assert all(r["part"] in ("easy", "hard") for r in records)
    else:
        assert all(r["part"] == "hard" for r in records)
    assert (tmp_path / "config.yaml").read_text().startswith("# rewardkit train agentic_grpo")


@pytest.mark.slow
def test_tiny_config_learns_when_the_tool_pays(tmp_path: Path) -> None:
    """The CPU demonstration (runners/configs/agentic_tiny.yaml, ~8 minutes on 2 busy cores): after GRPO the
    policy calls the calculator on more of the hard problems, still answers the times table directly, and
    its episodes with a call are right more often than those without, 95 % intervals apart."""
    from runners.agentic_grpo import main, tool_pays

    assert main(["--config", str(CONFIGS / "agentic_tiny.yaml"), f"output_dir={tmp_path}"]) == 0
    summary = json.loads((tmp_path / "summary.json").read_text())
    before, after = summary["before"]["parts"], summary["after"]["parts"]
    assert after["hard"]["tool_call_rate"] > before["hard"]["tool_call_rate"] + 0.1
    assert after["hard"]["accuracy"] > before["hard"]["accuracy"]
    assert after["easy"]["tool_call_rate"] < 0.2
    assert tool_pays(after["hard"]) and tool_pays(summary["after"])


def test_reward_settings_choose_what_a_call_earns() -> None:
    """With valid_call and tool_ok at 0, a working call earns nothing unless it brings a gold number."""
    from rewardkit.rewards.trajectory_steps import Trajectory
    from runners.agentic_grpo import RewardSettings, trajectory_reward

    def episode(a: int, b: int, observation: str) -> Trajectory:
        call = {"type": "function", "function": {"name": "multiply", "arguments": {"a": a, "b": b}}}
        return Trajectory.coerce(
            [
                {"role": "assistant", "content": "", "tool_calls": [call]},
                {"role": "tool", "name": "multiply", "content": observation},
                {"role": "assistant", "content": "The answer is 5."},
            ]
        )

    useful_only = trajectory_reward(RewardSettings(gamma=1.0, valid_call=0.0, tool_ok=0.0))
    assert [name for name, _ in useful_only.scorers] == ["valid_call", "progress"]
    assert useful_only.evaluate(episode(3, 4, "12"), gold="30883").value == 0.0  # a call that does not help
    assert useful_only.evaluate(episode(347, 89, "30883"), gold="30883").value == pytest.approx(0.2)
    default = trajectory_reward(RewardSettings(gamma=1.0))
    assert default.evaluate(episode(3, 4, "12"), gold="30883").value == pytest.approx(0.2)


def test_warm_start_on_the_mixed_task_calls_the_tool_only_where_it_is_needed(tmp_path: Path) -> None:
    """A short warm start on the mixed task (a learning test at CI size): the policy reaches for the
    calculator on three-digit products and answers the times table directly."""
    import torch
    from transformers import AutoModelForCausalLM, PreTrainedTokenizerFast

    from runners.agentic import build_tool_model, sft_warm_start
    from runners.envs import calculator_problems

    torch.set_num_threads(1)
    tools = environment_tools(CalculatorEnv())
    build_tool_model(tmp_path, tools=tools, hidden_size=64, num_layers=2, seed=0)
    tokenizer = PreTrainedTokenizerFast.from_pretrained(tmp_path)
    model = AutoModelForCausalLM.from_pretrained(tmp_path)
    rows = calculator_problems(256, seed=1, easy_fraction=0.5, two_step_fraction=0.0)
    demos = [
        [{"role": "system", "content": "Be brief."}, *d]
        for d in calculator_demonstrations(rows, tool_fraction=1.0, seed=0)
    ]
    torch.manual_seed(0)
    sft_warm_start(model, tokenizer, demos, tools=tools, steps=200, batch_size=16, learning_rate=5e-3)
    held_out = calculator_problems(40, seed=99, easy_fraction=0.5, two_step_fraction=0.0)
    records = run_episodes(
        model,
        tokenizer,
        CalculatorEnv,
        held_out,
        reward=TrajectoryReward(),
        system="Be brief.",
        max_tool_calling_iterations=1,
        max_new_tokens=80,  # a call is ~60 tokens
        do_sample=False,
    )
    by_part = summarize_by_part(records)
    assert by_part["hard"]["tool_call_rate"] > 0.8 and by_part["easy"]["tool_call_rate"] < 0.2, by_part
