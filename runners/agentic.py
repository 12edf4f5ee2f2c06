"""The agentic recipe's reusable pieces: a tool-calling tokenizer for the offline tiny model, the trajectory
records, the recording trajectory reward handed to TRL, an episode loop of our own (for the before/after
evaluation), and the SFT warm start on tool-use demonstrations.

The tokenizer is character-level like ``runners.models``'s, but its chat template is exactly TRL's
``qwen2_5_chat_template`` (ChatML with Hermes ``<tool_call>`` blocks). TRL recognises that template by its
text (``add_response_schema``), so the recipe runs unchanged on real ChatML models (Qwen2.5/Qwen3, or
SmolLM2-Instruct given this template). ``<|im_start|>`` and ``<|im_end|>`` (the EOS) are special tokens;
``<tool_call>``/``</tool_call>`` are single tokens but *not* special, so a malformed call the template's
parser rejects still reads as ``<tool_call>...`` text when TRL decodes it (``skip_special_tokens=True``) — and
``Trajectory.from_messages`` makes it a penalised invalid call instead of a silent thought.

A trajectory record (``RUN_DIR/trajectories.jsonl``, one per episode)::

    {"step": 12 | "before" | "after", "phase": "train" | "before" | "after", "episode": 0,
     "environment": "calculator", "question": "...", "answer": "30883",
     "steps": [{"kind": "tool_call", "tool": "multiply", "arguments": {"a": 347, "b": 89},
                "content": "...", "ok": null, "reward": 0.1}, ...],
     "return": 1.0, "verdict": "CORRECT", "correct": true, "tool_calls": 1, "tool_failures": 0,
     "invalid_calls": 0, "called_tool_before_answer": true, "part": "hard"}

``tool_calls`` counts the calls the environment could execute (a tool name and JSON-object arguments);
``invalid_calls`` the malformed ones; ``tool_failures`` the observations that report an error; ``part`` the
problem's part (``"easy"``/``"hard"`` for the calculator's mixed task, None where the rows have none).
"""

from __future__ import annotations

import inspect
import json
import random
import re
import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rewardkit.errors import ConfigError
from rewardkit.files import append_json_lines
from rewardkit.jsonl import read_log
from rewardkit.rewards.component_logs import log_components
from rewardkit.rewards.trajectory import TrajectoryReward, TrajectoryScore
from rewardkit.rewards.trajectory_steps import Trajectory
from runners.models import build_tiny_model

__all__ = [
    "TRL_ERROR_PREFIX",
    "TrajectoryLog",
    "TrajectoryRecorder",
    "build_tool_model",
    "calculator_demonstrations",
    "environment_tools",
    "episode_record",
    "mark_tool_failures",
    "run_episodes",
    "sft_warm_start",
    "summarize_by_part",
    "summarize_episodes",
    "tool_tokenizer",
    "use_chatml_tool_template",
]

# TRL (and our episode loop) turn a raising tool into the observation str({"error": message})
TRL_ERROR_PREFIX = "{'error': "

# The fixed text TRL's qwen2_5 template writes around the tool schemas; one token each in the tiny tokenizer
# (a BPE vocabulary would make them a handful of tokens too), so a prompt is ~200 tokens, not ~1600.
_TOOLS_INTRO = (
    "\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\n"
    "You are provided with function signatures within <tools></tools> XML tags:\n<tools>"
)
_TOOLS_OUTRO = (
    "\n</tools>\n\nFor each function call, return a json object with function name and arguments within "
    '<tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": '
    "<args-json-object>}\n</tool_call>"
)
_SPECIALS = ["<pad>", "<unk>", "<|im_start|>", "<|im_end|>"]
_TAGS = ["<tool_call>", "</tool_call>", "<tool_response>", "</tool_response>"]


# --------------------------------------------------------------------------- tools and the tokenizer


def environment_tools(env: Any) -> list[Callable[..., Any]]:
    """The tools TRL exposes for an ``environment_factory`` instance: its public methods but ``reset`` and
    ``get_reward``, in name order (as ``inspect.getmembers`` lists them)."""
    return [
        getattr(env, name)
        for name, _ in inspect.getmembers(type(env), predicate=inspect.isfunction)
        if name not in ("reset", "get_reward") and not name.startswith("_")
    ]


def _qwen_template() -> str:
    from trl.chat_template_utils import qwen2_5_chat_template

    return str(qwen2_5_chat_template)


def tool_tokenizer(tools: Sequence[Callable[..., Any]] = ()) -> Any:
    """A character-level tokenizer with TRL's ``qwen2_5`` chat template (see the module docstring).

    ``tools``: each tool's schema line (as the template renders it) becomes one token too, so the prompt
    stays short for a tiny model; any other text is one token per character.
    """
    from tokenizers import AddedToken, Regex, Tokenizer, decoders, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast

    schemas = _schema_lines(tools) if tools else []
    plain = [*_TAGS, _TOOLS_INTRO, _TOOLS_OUTRO, *schemas]
    chars = sorted(set(string.printable) - set("\x0b\x0c"))
    vocab = {token: i for i, token in enumerate(_SPECIALS + chars + plain)}
    core = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    core.pre_tokenizer = pre_tokenizers.Split(Regex(r"[\s\S]"), behavior="isolated")
    core.decoder = decoders.Fuse()
    core.add_special_tokens(_SPECIALS)
    core.add_tokens([AddedToken(t, special=False, normalized=False) for t in plain])
    return PreTrainedTokenizerFast(
        tokenizer_object=core,
        pad_token="<pad>",
        eos_token="<|im_end|>",
        unk_token="<unk>",
        padding_side="left",
        chat_template=_qwen_template(),
    )


def _schema_lines(tools: Sequence[Callable[..., Any]]) -> list[str]:
    base = tool_tokenizer()
    text = base.apply_chat_template([{"role": "user", "content": "x"}], tools=list(tools), tokenize=False)
    inner = text.split("<tools>", 1)[1].split("\n</tools>", 1)[0]
    return [line for line in inner.split("\n") if line]


def build_tool_model(
    folder: str | Path,
    *,
    tools: Sequence[Callable[..., Any]],
    hidden_size: int = 64,
    num_layers: int = 4,
    seed: int = 0,
) -> Path:
    """A random Llama and :func:`tool_tokenizer` saved to ``folder`` (what ``from_pretrained`` loads)."""
    return build_tiny_model(
        folder, hidden_size=hidden_size, num_layers=num_layers, seed=seed, tokenizer=tool_tokenizer(tools)
    )


def use_chatml_tool_template(tokenizer: Any) -> Any:
    """Give a ChatML tokenizer (``<|im_start|>``/``<|im_end|>`` in its vocabulary, e.g. SmolLM2-Instruct)
    TRL's ``qwen2_5`` tool-calling template and ``<|im_end|>`` as EOS; ConfigError for other vocabularies."""
    vocab = tokenizer.get_vocab()
    missing = [t for t in ("<|im_start|>", "<|im_end|>") if t not in vocab]
    if missing:
        raise ConfigError(
            f"model.chat_template 'qwen2_5' needs a ChatML vocabulary; the tokenizer lacks {missing}"
        )
    tokenizer.chat_template = _qwen_template()
    tokenizer.eos_token = "<|im_end|>"
    return tokenizer


def _ensure_response_parser(tokenizer: Any) -> None:
    from trl.chat_template_utils import add_response_schema, supports_tool_calling

    if not supports_tool_calling(tokenizer):
        raise ConfigError(
            "the tokenizer's chat template cannot render tool calls (use model.chat_template=qwen2_5)"
        )
    if (
        getattr(tokenizer, "response_template", None) is None
        and getattr(tokenizer, "response_schema", None) is None
    ):
        try:
            add_response_schema(tokenizer)
        except ValueError as exc:
            raise ConfigError(
                "TRL cannot parse tool calls with this chat template (it knows only its shipped templates); "
                "use model.chat_template=qwen2_5 for a ChatML model"
            ) from exc


# --------------------------------------------------------------------------- trajectory records


def mark_tool_failures(messages: Sequence[Any]) -> list[Any]:
    """The messages with ``ok: False`` on each tool message that carries TRL's error observation (a tool that
    raised, an unknown tool, bad arguments) and ``ok: True`` on the others, so the trajectory reward need not
    guess from the text."""
    out = []
    for message in messages:
        if isinstance(message, Mapping) and message.get("role") == "tool" and "ok" not in message:
            content = message.get("content")
            failed = isinstance(content, str) and content.startswith(TRL_ERROR_PREFIX)
            message = {**message, "ok": not failed}
        out.append(message)
    return out


def _jsonable(value: Any) -> Any:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return json.loads(json.dumps(value, default=str))
    return value


def episode_record(
    score: TrajectoryScore,
    *,
    question: str,
    answer: str,
    environment: str,
    step: int | str,
    phase: str,
    episode: int,
    part: str | None = None,
) -> dict[str, Any]:
    """One ``trajectories.jsonl`` line from a scored trajectory (schema in the module docstring)."""
    steps = []
    rewards = score.step_rewards or (0.0,) * len(score.trajectory)
    for s, r in zip(score.trajectory.steps, rewards, strict=True):
        steps.append(
            {
                "kind": s.kind,
                "tool": s.tool,
                "arguments": _jsonable(dict(s.arguments)) if s.arguments is not None else None,
                "content": s.content,
                "ok": s.ok,
                "reward": float(r),
            }
        )
    calls = [s for s in score.trajectory.steps if s.kind == "tool_call"]
    valid = [s for s in calls if s.tool and s.arguments is not None]
    final = score.trajectory.final_index
    before = score.trajectory.steps[:final] if final is not None else ()
    verdict = score.grade.verdict.name if score.grade is not None else "ERROR"
    return {
        "step": step,
        "phase": phase,
        "episode": episode,
        "environment": environment,
        "question": question,
        "answer": answer,
        "steps": steps,
        "return": score.value,
        "verdict": verdict if score.error is None else "ERROR",
        "correct": bool(score.grade is not None and score.grade.correct),
        "tool_calls": len(valid),
        "tool_failures": sum(s.kind == "observation" and s.ok is False for s in score.trajectory.steps),
        "invalid_calls": len(calls) - len(valid),
        "called_tool_before_answer": final is not None
        and any(s.kind == "tool_call" and s.tool and s.arguments is not None for s in before),
        "part": part,
    }


def summarize_episodes(records: Sequence[Mapping[str, Any]]) -> dict[str, float | int | None]:
    """Rates over episode records: ``tool_call_rate`` (share of episodes with at least one executed call),
    ``accuracy``, ``accuracy_with_tool`` / ``accuracy_without_tool`` (None when no such episode),
    ``tool_failure_rate`` (failed observations per executed call), ``invalid_call_rate`` (share of episodes
    with a malformed call), ``steps_per_episode``, ``mean_return``.

    >>> summarize_episodes([{"tool_calls": 1, "correct": True, "tool_failures": 0, "invalid_calls": 0,
    ...                      "steps": [{}, {}, {}], "return": 1.0}])["accuracy_with_tool"]
    1.0
    """
    n = len(records)
    if n == 0:
        return {"episodes": 0}
    with_tool = [r for r in records if r["tool_calls"] > 0]
    without = [r for r in records if r["tool_calls"] == 0]
    calls = sum(r["tool_calls"] for r in records)
    returns = [r["return"] for r in records if isinstance(r.get("return"), (int, float))]

    def accuracy(rows: Sequence[Mapping[str, Any]]) -> float | None:
        return sum(bool(r["correct"]) for r in rows) / len(rows) if rows else None

    return {
        "episodes": n,
        "tool_call_rate": len(with_tool) / n,
        "accuracy": accuracy(records),
        "accuracy_with_tool": accuracy(with_tool),
        "accuracy_without_tool": accuracy(without),
        "tool_failure_rate": sum(r["tool_failures"] for r in records) / calls if calls else 0.0,
        "invalid_call_rate": sum(r["invalid_calls"] > 0 for r in records) / n,
        "steps_per_episode": sum(len(r["steps"]) for r in records) / n,
        "mean_return": sum(returns) / len(returns) if returns else None,
    }


def summarize_by_part(records: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, float | int | None]]:
    """:func:`summarize_episodes` per problem part (records without a ``part`` are left out): whether the
    policy calls the tool where it helps and answers directly where it does not.

    >>> base = {"tool_failures": 0, "invalid_calls": 0, "steps": [{}], "return": 0.0}
    >>> rows = [{**base, "tool_calls": t, "correct": c, "part": p}
    ...         for t, c, p in [(0, True, "easy"), (1, True, "hard"), (0, False, "hard")]]
    >>> {p: s["tool_call_rate"] for p, s in summarize_by_part(rows).items()}
    {'easy': 0.0, 'hard': 0.5}
    """
    parts: dict[str, list[Mapping[str, Any]]] = {}
    for r in records:
        if isinstance(r.get("part"), str):
            parts.setdefault(r["part"], []).append(r)
    return {p: summarize_episodes(parts[p]) for p in sorted(parts)}


class TrajectoryLog:
    """``RUN_DIR/trajectories.jsonl``: append episode records, read them back."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def write(self, records: Iterable[Mapping[str, Any]]) -> None:
        """Append ``records``. Every process of a multi-process run appends its own episodes here: the batch
        goes out in one ``write`` on an ``O_APPEND`` descriptor (:mod:`rewardkit.files`), so lines of two
        ranks never interleave (a buffered file would split a long episode across several writes)."""
        append_json_lines(self.path, records, default=str)

    def read(self) -> list[dict[str, Any]]:
        """Every record written so far; a damaged line is a DataError naming ``FILE:LINE``."""
        return read_log(self.path)


def _at(values: Any, i: int, default: Any = None) -> Any:
    return values[i] if isinstance(values, (list, tuple)) and i < len(values) else default


class TrajectoryRecorder:
    """The reward TRL calls: scores each episode with ``reward`` (a :class:`TrajectoryReward`), writes its
    record to ``log``, and reports through TRL's ``log_metric``: ``agentic/tool_call_rate``,
    ``agentic/tool_failure_rate``, ``agentic/invalid_call_rate``, ``agentic/steps_per_episode``,
    ``agentic/accuracy``, ``agentic/accuracy_with_tool``, ``agentic/accuracy_without_tool`` and
    ``rewards/<component>/mean`` (the discounted per-component parts of the return).

    Tool messages get ``ok`` flags from TRL's error observations (:func:`mark_tool_failures`).
    """

    def __init__(
        self,
        reward: TrajectoryReward,
        *,
        log: TrajectoryLog | None = None,
        environment: str = "",
        rank: int = 0,
        world_size: int = 1,
    ) -> None:
        self.reward = reward
        self.log = log
        self.environment = environment
        self.rank, self.world_size = rank, world_size
        self.episodes = 0  # scored by this process
        self.__name__ = reward.name

    def __call__(
        self,
        prompts: Sequence[Any] | None = None,
        completions: Sequence[Any] | None = None,
        completion_ids: Any = None,
        **columns: Any,
    ) -> list[float | None]:
        if completions is None:
            raise TypeError(f"reward {self.__name__!r} needs completions=")
        golds = columns.get(self.reward.gold_key)
        if not isinstance(golds, (list, tuple)) or len(golds) != len(completions):
            raise ConfigError(
                f"reward {self.__name__!r} needs a {self.reward.gold_key!r} column with one gold per "
                "completion"
            )
        state = columns.get("trainer_state")
        step = int(getattr(state, "global_step", 0) or 0)
        records, values, scores = [], [], []
        for i, completion in enumerate(completions):
            messages = mark_tool_failures(completion) if isinstance(completion, list) else completion
            score = self.reward.evaluate(Trajectory.coerce(messages), gold=golds[i])
            scores.append(score)
            values.append(score.value)
            records.append(
                episode_record(
                    score,
                    question=str(_at(columns.get("question"), i, "")),
                    answer=str(golds[i]),
                    environment=str(_at(columns.get("environment"), i, self.environment) or self.environment),
                    step=step,
                    phase="train",
                    # unique across the processes of a run: rank r numbers r, r + world_size, ...
                    episode=self.episodes * self.world_size + self.rank,
                    part=_at(columns.get("part"), i),
                )
            )
            self.episodes += 1
        if self.log is not None:
            self.log.write(records)
        log_metric = columns.get("log_metric")
        if log_metric is not None:
            _log_metrics(log_metric, records, scores)
            for part, summary in summarize_by_part(records).items():
                for key in ("tool_call_rate", "accuracy"):
                    value = summary.get(key)
                    if isinstance(value, (int, float)):
                        log_metric(f"agentic/{part}/{key}", float(value))
        return values


def _log_metrics(
    log_metric: Callable[[str, float], None], records: list[dict[str, Any]], scores: list[Any]
) -> None:
    summary = summarize_episodes(records)
    for key in (
        "tool_call_rate",
        "tool_failure_rate",
        "invalid_call_rate",
        "steps_per_episode",
        "accuracy",
        "accuracy_with_tool",
        "accuracy_without_tool",
    ):
        value = summary.get(key)
        if isinstance(value, (int, float)):
            log_metric(f"agentic/{key}", float(value))
    log_components(log_metric, (s.components for s in scores))


# --------------------------------------------------------------------------- our own episode loop


def _execute(tools: Mapping[str, Callable[..., Any]], call: Any) -> tuple[str, str]:
    """(tool name, observation) for one parsed call; whatever goes wrong becomes TRL's error observation."""
    function = call.get("function") if isinstance(call, Mapping) else None
    name = function.get("name") if isinstance(function, Mapping) else None
    name = name if isinstance(name, str) else "unknown"
    try:
        if not isinstance(function, Mapping) or call.get("type", "function") != "function":
            raise ValueError(f"Unsupported tool call: {call!r}")
        arguments = function.get("arguments") or {}
        if name not in tools:
            raise ValueError(f"Tool {name} not found.")
        if not isinstance(arguments, Mapping):
            raise ValueError(f"arguments must be a JSON object, got {arguments!r}")
        result = tools[name](**arguments)
    except Exception as exc:  # a tool's failure is the model's observation, never the loop's crash
        return name, str({"error": str(exc)})
    return name, result if isinstance(result, str) else str(result)


def run_episodes(
    model: Any,
    tokenizer: Any,
    env_factory: Callable[[], Any],
    rows: Sequence[Mapping[str, Any]],
    *,
    reward: TrajectoryReward,
    system: str | None = None,
    max_tool_calling_iterations: int = 3,
    max_new_tokens: int = 96,
    do_sample: bool = True,
    temperature: float = 1.0,
    seed: int = 0,
    batch_size: int = 64,
    phase: str = "eval",
    environment: str = "",
) -> list[dict[str, Any]]:
    """Play one episode per row and return its records (``step`` and ``phase`` set to ``phase``).

    Independent of the trainer: render the conversation with the environment's tools
    (``apply_chat_template(..., add_generation_prompt=True)``), generate, parse with TRL's ``parse_response``
    (a malformed ``<tool_call>`` stays text: an invalid, penalised step), run the calls on the environment (a
    raising tool or an unknown one is an error observation), append the tool messages, and repeat while the
    model calls tools, at most ``max_tool_calling_iterations`` rounds after the first turn — TRL's loop. Then
    score with ``reward``. Greedy when ``do_sample`` is False.
    """
    import torch
    from trl.chat_template_utils import parse_response

    _ensure_response_parser(tokenizer)
    torch.manual_seed(seed)
    device = next(model.parameters()).device
    was_training = model.training
    model.eval()
    envs = [env_factory() for _ in rows]
    for env, row in zip(envs, rows, strict=True):
        env.reset(**dict(row))
    tools = [environment_tools(env) for env in envs]
    prompts = [
        ([{"role": "system", "content": system}] if system else [])
        + [{"role": "user", "content": str(row["question"])}]
        for row in rows
    ]
    completions: list[list[dict[str, Any]]] = [[] for _ in rows]
    active = list(range(len(rows)))
    rounds = 0
    try:
        while active:
            for start in range(0, len(active), batch_size):
                chunk = active[start : start + batch_size]
                texts = [
                    tokenizer.apply_chat_template(
                        prompts[i] + completions[i],
                        tools=tools[i],
                        add_generation_prompt=True,
                        tokenize=False,
                    )
                    for i in chunk
                ]
                batch = tokenizer(texts, return_tensors="pt", padding=True, add_special_tokens=False).to(
                    device
                )
                with torch.no_grad():
                    out = model.generate(
                        **batch,
                        max_new_tokens=max_new_tokens,
                        do_sample=do_sample,
                        temperature=temperature if do_sample else None,
                        top_p=None,
                        top_k=None,
                        pad_token_id=tokenizer.pad_token_id,
                        eos_token_id=tokenizer.eos_token_id,
                    )
                width = batch["input_ids"].shape[1]
                for j, i in enumerate(chunk):
                    prefix = batch["input_ids"][j][batch["attention_mask"][j].bool()].tolist()
                    ids = out[j, width:].tolist()
                    ids = _trim(ids, tokenizer)
                    message = parse_response(tokenizer, ids, prefix=prefix, tools=tools[i]) if ids else {}
                    if not message:
                        message = {"role": "assistant", "content": ""}
                    completions[i].append(message)
            still = []
            for i in active:
                calls = completions[i][-1].get("tool_calls")
                if not calls or rounds >= max_tool_calling_iterations:
                    continue
                named = {t.__name__: t for t in tools[i]}
                for call in calls:
                    name, observation = _execute(named, call)
                    completions[i].append({"role": "tool", "name": name, "content": observation})
                still.append(i)
            active = still
            rounds += 1
    finally:
        model.train(was_training)
    records = []
    for n, (row, messages) in enumerate(zip(rows, completions, strict=True)):
        score = reward.evaluate(Trajectory.coerce(mark_tool_failures(messages)), gold=row["answer"])
        records.append(
            episode_record(
                score,
                question=str(row["question"]),
                answer=str(row["answer"]),
                environment=str(row.get("environment", environment)),
                step=phase,
                phase=phase,
                episode=n,
                part=row.get("part"),
            )
        )
    return records


def _trim(ids: list[int], tokenizer: Any) -> list[int]:
    """Generated ids up to and including the first EOS, without padding."""
    eos = tokenizer.eos_token_id
    if eos in ids:
        ids = ids[: ids.index(eos) + 1]
    return [t for t in ids if t != tokenizer.pad_token_id]


# --------------------------------------------------------------------------- the SFT warm start

_ONE_STEP_NUMBERS = re.compile(r"\d+")


def calculator_demonstrations(
    rows: Sequence[Mapping[str, Any]], *, tool_fraction: float, seed: int = 0
) -> list[list[dict[str, Any]]]:
    """Demonstration conversations (user, assistant, [tool, assistant]) for calculator problems.

    A ``tool_fraction`` of them multiply with the tool (and add or take away the third number with a
    second call on two-step problems) and copy the result; the others answer directly with the right
    number — which a small model cannot compute, so its direct answers will mostly be wrong. Rows of the
    easy part (``part: "easy"``, a times table) are always answered directly: the warm start shows the tool
    only where it is needed, and RL has to find out whether it pays elsewhere.
    """
    rng = random.Random(seed)
    out = []
    for row in rows:
        question, answer = str(row["question"]), str(row["answer"])
        numbers = [int(x) for x in _ONE_STEP_NUMBERS.findall(question)]
        final = {"role": "assistant", "content": f"The answer is {answer}."}
        draw = rng.random()  # drawn on every row: a seed's hard rows choose alike with or without easy ones
        if draw >= tool_fraction or len(numbers) < 2 or row.get("part") == "easy":
            out.append([{"role": "user", "content": question}, final])
            continue
        a, b = numbers[0], numbers[1]
        messages: list[dict[str, Any]] = [{"role": "user", "content": question}]
        messages += _call("multiply", a, b, a * b)
        if len(numbers) >= 3:
            c = numbers[2]
            name, value = ("subtract", a * b - c) if "all but" in question else ("add", a * b + c)
            messages += _call(name, a * b, c, value)
        out.append([*messages, final])
    return out


def _call(name: str, a: int, b: int, result: int) -> list[dict[str, Any]]:
    call = {"type": "function", "function": {"name": name, "arguments": {"a": a, "b": b}}}
    return [
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "name": name, "content": str(result)},
    ]


def _assistant_spans(
    tokenizer: Any, messages: list[dict[str, Any]], tools: Any
) -> tuple[list[int], list[int]]:
    """Token ids of the conversation and a 0/1 mask of the assistant's own tokens (its turns with EOS)."""
    full = tokenizer.apply_chat_template(messages, tools=tools, tokenize=True, return_dict=False)
    mask = [0] * len(full)
    for k, message in enumerate(messages):
        if message["role"] != "assistant":
            continue
        start = len(
            tokenizer.apply_chat_template(
                messages[:k], tools=tools, tokenize=True, return_dict=False, add_generation_prompt=True
            )
        )
        end = len(
            tokenizer.apply_chat_template(messages[: k + 1], tools=tools, tokenize=True, return_dict=False)
        )
        for t in range(start, min(end, len(full))):
            mask[t] = 1
    return full, mask


def sft_warm_start(
    model: Any,
    tokenizer: Any,
    conversations: Sequence[list[dict[str, Any]]],
    *,
    tools: Sequence[Callable[..., Any]],
    steps: int,
    batch_size: int = 16,
    learning_rate: float = 3e-3,
    seed: int = 0,
    log_every: int = 0,
) -> list[float]:
    """Supervised fine-tuning on the assistant turns of ``conversations`` (rendered with ``tools``), with
    AdamW; returns the loss per step. A plain loop: the warm start is a means, not the demonstration."""
    import torch

    encoded = [_assistant_spans(tokenizer, m, list(tools)) for m in conversations]
    device = next(model.parameters()).device
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=learning_rate)
    rng = random.Random(seed)
    model.train()
    losses = []
    for step in range(steps):
        batch = [encoded[rng.randrange(len(encoded))] for _ in range(batch_size)]
        width = max(len(ids) for ids, _ in batch)
        pad = tokenizer.pad_token_id
        input_ids = torch.tensor([ids + [pad] * (width - len(ids)) for ids, _ in batch], device=device)
        attention = torch.tensor(
            [[1] * len(ids) + [0] * (width - len(ids)) for ids, _ in batch], device=device
        )
        labels = torch.tensor(
            [
                [t if m else -100 for t, m in zip(ids, mask, strict=True)] + [-100] * (width - len(ids))
                for ids, mask in batch
            ],
            device=device,
        )
        loss = model(input_ids=input_ids, attention_mask=attention, labels=labels).loss
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        optimizer.zero_grad()
        losses.append(loss.item())
        if log_every and (step + 1) % log_every == 0:
            print(
                f"warm start step {step + 1}/{steps}: loss {sum(losses[-log_every:]) / log_every:.3f}",
                flush=True,
            )
    model.eval()
    return losses
