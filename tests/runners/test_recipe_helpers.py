"""What the recipes share (runners/config.py, models.py, problems.py, preflight.py, marker_reward.py,
run_logs.py): configs, the tiny model, LoRA, the synthetic task, preflight checks, run logs."""

from __future__ import annotations

import dataclasses
import io
import json
from dataclasses import dataclass, field

import pytest

from rewardkit.errors import ConfigError, DataError
from runners.config import (
    DataSettings,
    LoraSettings,
    ModelSettings,
    load_config,
    parse_args,
    run_recipe,
    trl_config,
)
from runners.marker_reward import AnswerMarkerReward
from runners.preflight import check_generation_batch, check_golds, check_learning_rate, model_is_tiny
from runners.problems import load_problems, synthetic_problems
from runners.run_logs import HealthMonitor, MetricsLog, RolloutLog, RolloutRecorder


@dataclass
class Training:
    learning_rate: float = 1e-6
    steps: int = 10
    warmup: float | None = None


@dataclass
class Example:
    """An example recipe config."""

    output_dir: str = "runs/x"
    model: ModelSettings = field(default_factory=ModelSettings)
    training: Training = field(default_factory=Training)
    tags: list[str] = field(default_factory=list)
    reward: object = "accuracy"


# --------------------------------------------------------------------------- configs


def test_yaml_and_dotted_overrides(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text(
        "# rewardkit train example --config c.yaml\n"
        "output_dir: runs/y\n"
        "training:\n  learning_rate: 1e-5\n  steps: 3\n"
        "reward: {accuracy: 1.0, format: 0.2}\n"
    )
    config = load_config(Example, str(path), ["training.steps=7", "model.hidden_size=32", "tags=[a, b]"])
    assert config.output_dir == "runs/y"
    assert config.training.learning_rate == pytest.approx(1e-5)  # YAML 1.1 reads 1e-5 as a string
    assert config.training.steps == 7
    assert config.model.hidden_size == 32 and config.model.source == "tiny"
    assert config.tags == ["a", "b"]
    assert config.reward == {"accuracy": 1.0, "format": 0.2}
    assert load_config(Example, None, ["training.warmup="]).training.warmup is None


def test_unknown_key_names_file_line_and_key(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("output_dir: runs/y\ntraining:\n  learning_rate: 1e-5\n  lr: 3\n")
    with pytest.raises(ConfigError, match=r"c\.yaml:4: key 'training\.lr': unknown key"):
        load_config(Example, str(path), [])


def test_wrong_type_names_the_key(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("training:\n  steps: many\n")
    with pytest.raises(ConfigError, match=r"c\.yaml:2: key 'training\.steps': expected an integer"):
        load_config(Example, str(path), [])
    with pytest.raises(ConfigError, match=r"override 'model\.dtype'.*not one of"):
        load_config(Example, None, ["model.dtype=float8"])
    with pytest.raises(ConfigError, match=r"expected key\.sub=value"):
        load_config(Example, None, ["training.steps"])
    with pytest.raises(ConfigError, match="cannot read"):
        load_config(Example, str(tmp_path / "missing.yaml"), [])


def test_yaml_12_booleans_keep_on_as_a_string():
    # under YAML 1.1 the key `on` of a gate spec would load as True
    config = load_config(Example, None, ["reward={gate: {reward: accuracy, on: format}}"])
    assert config.reward == {"gate": {"reward": "accuracy", "on": "format"}}


def test_parse_args_help_lists_fields(capsys):
    with pytest.raises(SystemExit):
        parse_args(Example, ["--help"], prog="rewardkit train example")
    out = capsys.readouterr().out
    assert "training.learning_rate = 1e-06" in out and "model.source = 'tiny'" in out
    assert parse_args(Example, ["training.steps=2"]).training.steps == 2


# --------------------------------------------------------------------------- hostile and mistaken configs


def laughs(levels: int, width: int = 9, *, under: str = "reward") -> str:
    """A "billion laughs": each level a mapping of ``width`` aliases of the level before (width**levels values
    once expanded) in a few hundred bytes."""
    lines = [f"{under}:"]
    for level in range(levels):
        values = ", ".join(f"k{i}: {'1' if level == 0 else f'*l{level - 1}'}" for i in range(width))
        lines.append(f"  l{level}: &l{level} {{{values}}}")
    return "\n".join(lines) + "\n"


def test_a_billion_laughs_is_refused_with_its_line(tmp_path):
    # 9**5 = 59,049 values once expanded: loaded without complaint before, then walked and copied in full
    path = tmp_path / "c.yaml"
    path.write_text(laughs(5))
    with pytest.raises(ConfigError, match=r"c\.yaml:\d+: holds more than 10,000 values once aliases"):
        load_config(Example, str(path), [])
    with pytest.raises(ConfigError, match=r"override 'reward=.*more than 10,000 values"):
        load_config(Example, None, ["reward=" + json.dumps([["x"] * 100] * 101)])


def test_key_lines_walks_each_aliased_node_once():
    """The line index walks an alias once, not once per use: 9**6 paths took seconds (9**9 in 547 bytes
    took 17 s and 947 MB); each node under its first path is a few dozen."""
    import yaml

    from rewardkit.yaml_loader import key_lines

    lines = key_lines(yaml.compose(laughs(6), Loader=yaml.SafeLoader))
    assert len(lines) < 100
    assert lines[("reward", "l1", "k0")] == 3


def test_a_recursive_alias_is_refused(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("output_dir: runs/y\nreward: &r {gate: {reward: *r, on: format}}\n")
    with pytest.raises(ConfigError, match=r"c\.yaml:2: alias \*r is used inside the value it names"):
        load_config(Example, str(path), [])


def test_deep_nesting_is_a_config_error_not_a_recursion_error(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("output_dir: runs/y\n\nreward: " + "[" * 10_000 + "]" * 10_000 + "\n")
    with pytest.raises(ConfigError, match=r"c\.yaml:3: nested deeper than 50 levels"):
        load_config(Example, str(path), [])
    with pytest.raises(ConfigError, match=r"override 'reward=\[\[\[.*nested deeper than 50 levels"):
        load_config(Example, None, ["reward=" + "[" * 10_000 + "]" * 10_000])
    # aliases cannot stack depth past the bound either
    chain = "".join(f"a{i}: &a{i} [*a{i - 1}]\n" for i in range(1, 60))
    path.write_text("a0: &a0 [1]\n" + chain)
    with pytest.raises(ConfigError, match=r"nested deeper than 50 levels with aliases expanded"):
        load_config(Example, str(path), [])


@pytest.mark.parametrize(
    ("text", "key", "line", "first"),
    [
        ("output_dir: a\nmodel:\n  source: tiny\noutput_dir: b\n", "output_dir", 4, 1),
        ("training:\n  steps: 1\n  learning_rate: 1e-5\n  steps: 2\n", "steps", 4, 2),
        ("reward: {accuracy: 1.0, accuracy: 0.5}\n", "accuracy", 1, 1),
    ],
)
def test_a_duplicate_key_is_an_error_naming_both_lines(tmp_path, text, key, line, first):
    path = tmp_path / "c.yaml"
    path.write_text(text)
    with pytest.raises(
        ConfigError, match=rf"c\.yaml:{line}: duplicate key '{key}' \(first at line {first}\)"
    ):
        load_config(Example, str(path), [])


def test_keys_that_only_look_alike_are_not_duplicates(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text('tags: [a]\nreward: {1: x, "1": y}\nmodel: {source: tiny}\n')
    assert load_config(Example, str(path), []).reward == {1: "x", "1": "y"}


@pytest.mark.parametrize(
    ("reward", "message"),
    [
        ("  acuracy: {}\n", r"c\.yaml:3: key 'reward\.acuracy': unknown reward 'acuracy'"),
        ("  accuracy: .nan\n", r"c\.yaml:3: key 'reward\.accuracy': weight of 'accuracy' must be a finite"),
        ("  gate:\n    reward: accuracy\n    on: formt\n", r"c\.yaml:5: key 'reward\.gate\.on': .* 'formt'"),
        ("  - accuracy\n  - {clip: {reward: step, low: 2, high: 1}}\n", r"c\.yaml:4: key 'reward\.1\.clip'"),
        ("  length_penalty: {alpha: -1, target: 3}\n", r"c\.yaml:3: key 'reward\.length_penalty': .*alpha"),
    ],
)
def test_reward_spec_errors_name_the_file_and_line(tmp_path, reward, message):
    from runners.config import build_reward

    path = tmp_path / "c.yaml"
    path.write_text(f"output_dir: runs/y\nreward:\n{reward}")
    config = load_config(Example, str(path), [])
    with pytest.raises(ConfigError, match=message):
        build_reward(config)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("output_dir: y\nreward: " + "[" * 10_000 + "]" * 10_000 + "\n", r":2: nested deeper than 50 levels"),
        ("output_dir: y\nreward:\n  acuracy: 1.0\n", r":3: key 'reward\.acuracy': unknown reward 'acuracy'"),
        ("output_dir: y\noutput_dir: z\n", r":2: duplicate key 'output_dir' \(first at line 1\)"),
    ],
)
def test_train_reports_config_errors_with_file_and_line_and_exit_2(tmp_path, capsys, text, message):
    import re

    from rewardkit.cli import main

    path = tmp_path / "c.yaml"
    path.write_text(text)
    # a model that cannot load: were the config accepted, the run would stop there instead of training
    argv = [
        "train",
        "grpo",
        "--config",
        str(path),
        f"output_dir={tmp_path / 'run'}",
        "model.source=/nonexistent",
    ]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert re.search(re.escape(str(path)) + message, err), err


# --------------------------------------------------------------------------- synthetic task and checks


def test_synthetic_problems_are_deterministic_and_correct():
    from rewardkit import grade

    a = synthetic_problems(50, min_steps=1, max_steps=3, seed=1)
    assert a == synthetic_problems(50, min_steps=1, max_steps=3, seed=1)
    assert a != synthetic_problems(50, min_steps=1, max_steps=3, seed=2)
    assert {p["steps"] for p in a} == {1, 2, 3}
    for p in a:
        assert p["answer"].count("<<") == p["steps"]
        final = p["answer"].rsplit("#### ", 1)[1]
        assert grade(f"#### {final}", gold=p["answer"]).correct
        # every calculation in the rationale is right
        for line in p["answer"].splitlines()[:-1]:
            expression, result = line.split("<<")[1].split(">>")[0].split("=")
            left, op, right = __import__("re").match(r"(\d+)([-+*])(\d+)", expression).groups()
            value = {"+": int(left) + int(right), "-": int(left) - int(right), "*": int(left) * int(right)}[
                op
            ]
            assert value == int(result) >= 0


def test_load_problems_from_file_and_errors(tmp_path):
    path = tmp_path / "d.jsonl"
    path.write_text('{"q": "1+1?", "a": 2}\n{"q": "2+2?", "a": "4"}\n')
    problems = load_problems(DataSettings(source=str(path), question_key="q", answer_key="a", n=5))
    assert [(p["question"], p["answer"]) for p in problems] == [("1+1?", "2"), ("2+2?", "4")]
    path.write_text('{"q": "1+1?", "a": 2}\n{"q": 3}\n')
    with pytest.raises(DataError, match=r"d\.jsonl:2"):
        load_problems(DataSettings(source=str(path), question_key="q", answer_key="a"))
    for bad, why in (("true", "must be a string or a number, got"), ("NaN", "must be a finite number")):
        path.write_text(f'{{"q": "1+1?", "a": 2}}\n{{"q": "2+2?", "a": {bad}}}\n')
        with pytest.raises(DataError, match=rf"d\.jsonl:2: .*'a' {why}"):
            load_problems(DataSettings(source=str(path), question_key="q", answer_key="a"))


def test_check_golds_names_the_line():
    check_golds(synthetic_problems(5), source="synthetic")
    with pytest.raises(DataError, match=r"data\.jsonl:2: 1 of 2 golds cannot be parsed"):
        check_golds([{"answer": "3"}, {"answer": ""}], source="data.jsonl")


def test_generation_batch_must_divide():
    check_generation_batch(8, 1, 4)
    check_generation_batch(2, 2, 4)
    with pytest.raises(ConfigError, match=r"6 is not divisible by training\.num_generations = 4"):
        check_generation_batch(3, 2, 4)


def test_learning_rate_sanity():
    hub = "Qwen/Qwen2.5-0.5B-Instruct"
    assert check_learning_rate(5e-5, lora=False, source=hub)
    assert not check_learning_rate(1e-6, lora=False, source=hub)
    assert not check_learning_rate(5e-5, lora=True, source=hub)
    assert check_learning_rate(5e-3, lora=True, source=hub)
    assert not check_learning_rate(1e-3, lora=False, source="tiny")  # a random model has nothing to lose


SMOLLM2_135M_SIZES = dict(hidden_size=576, num_hidden_layers=30, vocab_size=49152, intermediate_size=1536)


@pytest.mark.parametrize(
    ("sizes", "tiny"),
    [
        ({"hidden_size": 64, "num_hidden_layers": 2, "vocab_size": 120, "intermediate_size": 128}, True),
        (SMOLLM2_135M_SIZES, False),
        ({"hidden_size": 64}, False),  # sizes it cannot count: pretrained, so the warning stays
    ],
)
def test_a_folder_is_tiny_by_its_config_sizes(tmp_path, sizes, tiny):
    (tmp_path / "config.json").write_text(json.dumps(sizes))
    assert model_is_tiny(str(tmp_path)) is tiny
    assert bool(check_learning_rate(1e-3, lora=False, source=str(tmp_path))) is not tiny


def test_a_model_trained_from_the_tiny_builder_is_tiny(tmp_path):
    pytest.importorskip("transformers")
    from runners.models import build_tiny_model

    build_tiny_model(tmp_path / "m")
    assert model_is_tiny(str(tmp_path / "m"))
    assert not check_learning_rate(1e-3, lora=False, source=str(tmp_path / "m"))


# --------------------------------------------------------------------------- rewards and logs


def test_rollout_recorder_logs_components_and_parse_failures():
    from rewardkit.rewards import build

    reward = build({"accuracy": 1.0, "runners.marker_reward:AnswerMarkerReward": 0.5})
    recorder = RolloutRecorder(reward, keep=3)
    metrics: dict[str, float] = {}
    extra: dict[str, list] = {}
    values = recorder(
        prompts=["p1", "p2", "p3", "p4"],
        completions=["#### 4", "#### 5", "so 4", "no idea"],
        answer=["4", "4", "4", "4"],
        log_metric=metrics.__setitem__,
        log_extra=extra.__setitem__,
    )
    assert values == [1.5, 0.5, 1.0, 0.0]
    assert metrics["rewards/accuracy/mean"] == 0.5
    assert metrics["rewards/answer_format/mean"] == 0.5
    assert metrics["parse_failure_rate"] == 0.25
    assert extra["verdict"] == ["CORRECT", "WRONG", "CORRECT", "NO_ANSWER"]
    kept = recorder.take()
    assert [k["prompt"] for k in kept] == ["p2", "p3", "p4"]  # the latest `keep`
    assert kept[-1]["components"] == {"accuracy": 0.0, "answer_format": 0.0}
    assert recorder.take() == []


def test_answer_marker_reward():
    assert AnswerMarkerReward()(completions=["x\n#### 12", "#### 1,000\n", "#### 4\nmore", "####"]) == [
        1.0,
        1.0,
        0.0,
        0.0,
    ]


def test_metrics_and_rollout_logs(tmp_path):
    metrics = MetricsLog(tmp_path / "metrics.jsonl")
    metrics.write({"step": 1, "reward": 0.25, "kl": float("inf")})
    metrics.write({"step": 2, "reward": 0.5})
    assert [m["reward"] for m in metrics.read()] == [0.25, 0.5]
    assert metrics.read()[0]["kl"] is None
    rollouts = RolloutLog(tmp_path / "rollouts.jsonl")
    rollouts.write(2, [{"prompt": "p", "completion": "c", "verdict": "WRONG"}])
    assert json.loads((tmp_path / "rollouts.jsonl").read_text()) == {
        "step": 2,
        "prompt": "p",
        "completion": "c",
        "verdict": "WRONG",
    }


def test_health_monitor_warns_once_per_window():
    stream = io.StringIO()
    health = HealthMonitor(every=10, print_to=stream)
    assert health.check({"step": 1, "frac_reward_zero_std": 1.0, "completions/clipped_ratio": 0.1})
    assert not health.check({"step": 5, "frac_reward_zero_std": 1.0})  # same warning, too soon
    assert health.check({"step": 11, "frac_reward_zero_std": 1.0})
    assert health.check({"step": 12, "completions/clipped_ratio": 0.9, "parse_failure_rate": 0.8})
    text = stream.getvalue()
    assert "all right or all wrong gives no gradient" in text
    assert "max_completion_length" in text and "no readable answer" in text
    assert len(health.warnings) == 4


# --------------------------------------------------------------------------- model, tokenizer, LoRA


@pytest.mark.parametrize("fails", [False, True])
def test_run_recipe_tears_down_the_process_group(tmp_path, fails):
    """A group left open to interpreter exit can abort a rank that trained fine (exit -6): the recipe ends
    it, after a clean run and after a config error alike."""
    torch = pytest.importorskip("torch")
    dist = torch.distributed
    if not dist.is_available():
        pytest.skip("torch without distributed")

    def train(config):
        dist.init_process_group("gloo", init_method=f"file://{tmp_path / 'store'}", rank=0, world_size=1)
        if fails:
            raise ConfigError("training.steps: must be at least 1")

    assert run_recipe(Example, train, [], prog="example") == (2 if fails else 0)
    assert not dist.is_initialized()


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    pytest.importorskip("transformers")
    pytest.importorskip("torch")
    from runners.models import load_model

    return load_model(ModelSettings(), output_dir=tmp_path_factory.mktemp("run"))


def test_tiny_model_roundtrips_text_and_has_tool_template(tiny):
    model, tokenizer, source = tiny
    assert source.endswith("base-model")
    text = "Ben has 3 apples.\n3+4=<<3+4=7>>7\n#### 7"
    ids = tokenizer(text)["input_ids"]
    assert tokenizer.decode(ids) == text  # spaces and newlines survive (the Qwen2Tokenizer pitfall)
    assert tokenizer.padding_side == "left" and tokenizer.pad_token == "<pad>"
    assert model.config.model_type == "llama"
    chat = tokenizer.apply_chat_template(
        [
            {"role": "user", "content": "add"},
            {
                "role": "assistant",
                "content": "",
                "tool_calls": [{"function": {"name": "add", "arguments": {}}}],
            },
            {"role": "tool", "content": "3"},
        ],
        tools=[{"type": "function", "function": {"name": "add"}}],
        tokenize=False,
        add_generation_prompt=True,
    )
    assert (
        "Tools:" in chat and "<tool_call>" in chat and "<|tool|>3" in chat and chat.endswith("<|assistant|>")
    )


def test_prompt_dataset_uses_the_eval_prompt(tiny):
    from evalkit.prompts import build_prompt
    from runners.problems import prompt_dataset

    _, tokenizer, _ = tiny
    problems = synthetic_problems(3)
    data = prompt_dataset(problems, tokenizer)
    assert data.column_names == ["prompt", "answer", "question"]
    assert data[1]["prompt"] == build_prompt(tokenizer, problems[1]["question"])
    short = prompt_dataset(problems, tokenizer, system="", instruction="")
    assert short[0]["prompt"] == f"<|user|>{problems[0]['question']}</s><|assistant|>"


def test_lora_trains_adapters_and_freezes_the_base(tiny):
    torch = pytest.importorskip("torch")
    pytest.importorskip("peft")
    import copy

    from runners.models import apply_lora

    model, tokenizer, _ = tiny
    peft_model = apply_lora(copy.deepcopy(model), LoraSettings(r=4, alpha=8, dropout=0.0))
    before = {name: p.detach().clone() for name, p in peft_model.named_parameters()}
    trainable = [p for p in peft_model.parameters() if p.requires_grad]
    assert trainable and len(trainable) < len(before)
    optimizer = torch.optim.AdamW(trainable, lr=1e-2)
    batch = tokenizer(["#### 7", "#### 12"], return_tensors="pt", padding=True)
    for _ in range(3):
        loss = peft_model(**batch, labels=batch["input_ids"]).loss
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
    changed = {n for n, p in peft_model.named_parameters() if not torch.equal(p, before[n])}
    assert changed and all("lora_" in n for n in changed)
    assert any("lora_B" in n for n in changed)  # B starts at zero: it must move for the adapter to matter
    assert apply_lora(model, LoraSettings(r=0)) is model


# --------------------------------------------------------------------------- model sources


def test_missing_local_model_source_fails_at_once(tmp_path, monkeypatch, capsys):
    from rewardkit.cli import main
    from runners.config import ModelSettings
    from runners.models import resolve_source

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError) as info:
        resolve_source(ModelSettings(source="runs/sft_tiny"), output_dir=tmp_path / "run")
    assert str(info.value).startswith("model.source: runs/sft_tiny does not exist")
    assert "rewardkit train sft --config runners/configs/sft_tiny.yaml creates it" in str(info.value)
    assert resolve_source(ModelSettings(source="org/model"), output_dir=tmp_path) == "org/model"  # a hub id
    argv = ["train", "sft", f"output_dir={tmp_path / 'r'}", "model.source=./nowhere", "data.n=4"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "rewardkit: error: model.source: ./nowhere does not exist" in err and "Traceback" not in err


def test_uncached_hub_id_offline_is_one_clear_error(tmp_path, monkeypatch):
    pytest.importorskip("transformers")
    from runners.config import ModelSettings
    from runners.models import load_model

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(ConfigError, match="not in the local cache while the hub cannot be reached"):
        load_model(ModelSettings(source="nosuch/model"), output_dir=tmp_path)


def test_tiny_base_model_is_rebuilt_when_its_settings_change(tmp_path):
    pytest.importorskip("transformers")
    from runners.config import ModelSettings
    from runners.models import resolve_source

    def built(source):
        config = json.loads((tmp_path / "base-model" / "config.json").read_text())
        return source, config["hidden_size"], config["num_hidden_layers"]

    small = ModelSettings(hidden_size=32, num_layers=2)
    assert built(resolve_source(small, output_dir=tmp_path)) == (str(tmp_path / "base-model"), 32, 2)
    weights = tmp_path / "base-model" / "model.safetensors"
    first = weights.stat().st_mtime_ns
    resolve_source(small, output_dir=tmp_path)
    assert weights.stat().st_mtime_ns == first  # the same settings: built once
    assert built(resolve_source(ModelSettings(hidden_size=64, num_layers=1), output_dir=tmp_path))[1:] == (
        64,
        1,
    )
    (tmp_path / "base-model" / "tiny.json").unlink()  # a model built before the settings were recorded
    assert built(resolve_source(small, output_dir=tmp_path))[1:] == (32, 2)


@pytest.mark.parametrize("recipe", ["grpo", "rloo", "sft", "agentic_grpo"])
def test_trainer_configs_build_without_deprecation_warnings(recipe, tmp_path):
    """transformers renamed gradient_checkpointing; TRL's configs default the old name, which warned at
    every stage of every run. The setting still reaches the config, under the new name where it exists."""
    trl = pytest.importorskip("trl")
    import importlib
    import warnings

    module = importlib.import_module(f"runners.{recipe}")
    args = module.Args(output_dir=str(tmp_path))
    with warnings.catch_warnings():
        warnings.simplefilter("error", FutureWarning)
        if recipe == "agentic_grpo":
            config = module.grpo_config(args)
        else:
            config_cls = {"grpo": trl.GRPOConfig, "rloo": trl.RLOOConfig, "sft": trl.SFTConfig}[recipe]
            config = trl_config(args, config_cls)
    assert config.gradient_checkpointing is False  # CPU: the device defaults turn it off
    if hasattr(config, "activation_checkpointing"):
        assert config.activation_checkpointing is False


def test_a_checkpointing_setting_of_the_user_wins_under_either_name():
    trl = pytest.importorskip("trl")
    from runners.devices import checkpointing_under_its_name

    settings = checkpointing_under_its_name(trl.GRPOConfig, {"gradient_checkpointing": True, "use_cpu": True})
    if any(f.name == "activation_checkpointing" for f in dataclasses.fields(trl.GRPOConfig)):
        assert settings == {"activation_checkpointing": True, "use_cpu": True}
    else:
        assert settings == {"gradient_checkpointing": True, "use_cpu": True}


def test_a_run_folder_records_provenance_and_refuses_another_runs_outputs(tmp_path):
    from rewardkit.errors import ConfigError
    from runners import grpo
    from runners.config import PROVENANCE_FILE, write_run_config

    run = tmp_path / "run"
    args = grpo.Args(output_dir=str(run))
    write_run_config(run, args, command="rewardkit train grpo")
    recorded = json.loads((run / PROVENANCE_FILE).read_text())
    assert recorded["config"]["training"]["learning_rate"] == args.training.learning_rate
    assert recorded["rewardkit"] and "output_dir" not in recorded["config"]

    (run / "checkpoint-2").mkdir()
    # the same run again: allowed
    write_run_config(run, grpo.Args(output_dir=str(run)), command="rewardkit train grpo")
    other = grpo.Args(output_dir=str(run))
    other.training.learning_rate = args.training.learning_rate / 2
    with pytest.raises(ConfigError, match=r"other inputs \(config\.training\.learning_rate .* -> "):
        write_run_config(run, other, command="rewardkit train grpo")
    assert json.loads((run / PROVENANCE_FILE).read_text()) == recorded  # nothing of the first run was touched

    old = tmp_path / "old"  # outputs of a run that recorded nothing: refused, not guessed
    (old / "checkpoint-1").mkdir(parents=True)
    with pytest.raises(ConfigError, match=r"recorded no provenance\.json"):
        write_run_config(old, args, command="rewardkit train grpo")


def test_a_run_from_a_model_folder_records_its_files(tmp_path):
    from runners import grpo
    from runners.config import run_provenance

    model = tmp_path / "model"
    model.mkdir()
    (model / "config.json").write_text("{}")
    (model / "model.safetensors").write_bytes(b"weights one")
    args = grpo.Args(output_dir=str(tmp_path / "run"))
    args.model.source = str(model)
    first = run_provenance(args)["model"]["sha256"]
    (model / "model.safetensors").write_bytes(b"weights two")
    assert run_provenance(args)["model"]["sha256"] != first


@pytest.mark.parametrize("torn_down", [False, True])
def test_a_recipe_script_exits_with_its_status_and_its_output_flushed(tmp_path, torn_down):
    """exit_recipe: a rank that tore its process group down leaves at once (no interpreter teardown, where
    torch's threads can abort it) with the recipe's status and everything it printed; any other run exits
    as a script does."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    script = (
        "import atexit, sys, runners.config as config\n"
        "atexit.register(lambda: print('interpreter teardown'))\n"
        f"config._group_torn_down = {torn_down}\n"
        "print('trained', end='')\n"
        "sys.stderr.write('warned')\n"
        "config.exit_recipe(3)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 3
    assert done.stdout.startswith("trained") and done.stderr == "warned"
    assert ("interpreter teardown" in done.stdout) is not torn_down
