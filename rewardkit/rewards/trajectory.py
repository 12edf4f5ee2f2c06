"""Agentic trajectory reward: per-step rewards from pluggable scorers plus the graded final answer, Σ γᵗ rₜ.

A trajectory is a list of :class:`Step` s — ``thought``, ``tool_call``, ``observation``, ``final_answer`` —
read from TRL/OpenAI chat messages (:meth:`Trajectory.from_messages`), from ReAct-style text
(:meth:`Trajectory.from_text`), or from structured records a rollout provides (:meth:`Trajectory.coerce`).
Parsing never raises on model output: whatever cannot be read becomes an *invalid tool call* (a tool-call
step whose ``arguments`` is ``None``), which :class:`ValidToolCall` penalises.

Chat messages (``from_messages``)
    * ``role: "assistant"``: its ``content`` (a string, or a list of ``{"type": "text", "text": ...}``
      parts) is a ``thought``; each entry of ``tool_calls`` — ``{"type": "function", "function": {"name":
      ..., "arguments": ...}}`` or the flat ``{"name": ..., "arguments": ...}`` — is a ``tool_call``, after
      the thought. ``arguments`` may be a dict or a JSON string (also double-encoded); missing/empty means
      ``{}``; anything that is not a JSON object makes the call invalid. The legacy ``function_call`` key
      is read the same way. Content that contains the text markers below (e.g. a ``<tool_call>`` block the
      chat template's parser could not read) is split by them, except that ``Observation:`` and
      ``<tool_response>`` written *by the assistant* are thoughts: a model cannot observe by writing.
    * ``role: "tool"`` (or ``"function"``/``"ipython"``): an ``observation``; ``name`` is its tool, a
      boolean ``ok`` (or ``is_error``) key becomes the step's ``ok`` flag.
    * The last assistant message without tool calls is the final answer: its ``Final Answer:`` segment when
      it has one, else its whole content. System and user messages are not steps.

ReAct text (``from_text``); markers are case-insensitive, ``Label:`` markers start a line (optionally
in ``**bold**``), each segment runs to the next marker:
    * ``Thought: ...`` → ``thought``; text before the first marker is a thought too.
    * ``Action: name[args]`` → ``tool_call``; ``args`` is empty or a JSON object (``search[Paris]`` is an
      invalid call: its arguments are not JSON). ``Action: name`` followed by ``Action Input: {...}`` (the
      LangChain layout) and ``Action: {"name": ..., "arguments": ...}`` are read too.
    * ``<tool_call>{"name": ..., "arguments": {...}}</tool_call>`` (Hermes/Qwen), anywhere in a line; an
      unclosed block or unreadable JSON is an invalid call.
    * ``Observation: ...`` and ``<tool_response>...</tool_response>`` → ``observation``.
    * ``Final Answer: ...`` → ``final_answer`` (the text after the marker).
    * Text with no marker at all is a direct answer: one ``final_answer`` step.

Note that in pure generated text the model writes its own ``Observation:`` lines; only observations that
answer a tool call earn anything, and :class:`Progress` pays only for facts not already in the trajectory,
but a model can still fabricate an observation after its own call. Trust text observations only when the
environment inserted them; prefer chat messages (the trainer writes the tool messages).

>>> t = Trajectory.from_text('Thought: big product.\\nAction: multiply[{"a": 123, "b": 4}]\\n'
...                          'Observation: 492\\nFinal Answer: 492')
>>> [s.kind for s in t.steps]
['thought', 'tool_call', 'observation', 'final_answer']
>>> t.steps[1].tool, t.steps[1].arguments
('multiply', {'a': 123, 'b': 4})
"""

from __future__ import annotations

import bisect
import inspect
import json
import math
import re
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import cached_property, lru_cache
from typing import Any, Literal, Protocol

from rewardkit import grade
from rewardkit.errors import ConfigError
from rewardkit.grade import DEFAULT_TIMEOUT_S
from rewardkit.rewards.accuracy import gold_for
from rewardkit.rewards.base import RAW_COMPLETIONS, TRAINER_KEYS, Reward, Scored, column, content_text
from rewardkit.types import GradeResult, Policy, Verdict

__all__ = [
    "FinalAnswer",
    "Progress",
    "Step",
    "StepScorer",
    "ToolSucceeded",
    "Trajectory",
    "TrajectoryReward",
    "TrajectoryScore",
    "ValidToolCall",
]

StepKind = Literal["thought", "tool_call", "observation", "final_answer"]
KINDS: tuple[str, ...] = ("thought", "tool_call", "observation", "final_answer")


@dataclass(frozen=True)
class Step:
    """One step of a trajectory.

    ``tool``/``arguments`` are set on tool calls; ``arguments`` is the call's JSON object, or ``None`` when
    the call's arguments could not be read as one (an invalid call). ``ok`` is an explicit success flag an
    environment may set on an observation (or its call); ``None`` means "unknown, judge the text".
    """

    kind: StepKind
    content: str
    tool: str | None = None
    arguments: Mapping[str, Any] | None = field(default=None, hash=False)  # dicts are not hashable
    ok: bool | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"step kind must be one of {KINDS}, got {self.kind!r}")


def _invalid(content: str, tool: str | None = None) -> Step:
    return Step("tool_call", content, tool=tool, arguments=None)


@dataclass(frozen=True)
class Trajectory:
    """A sequence of steps; see the module docstring for the formats the parsers accept."""

    steps: tuple[Step, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", tuple(self.steps))

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def final_index(self) -> int | None:
        """Index of the final answer: the last ``final_answer`` step, or ``None`` when there is none."""
        for i in range(len(self.steps) - 1, -1, -1):
            if self.steps[i].kind == "final_answer":
                return i
        return None

    @property
    def final(self) -> Step | None:
        i = self.final_index
        return None if i is None else self.steps[i]

    @cached_property
    def _answers(self) -> tuple[int | None, ...]:
        # Calls and observations pair first-in first-out, which is how parallel tool calls come back.
        pending: list[int] = []
        out: list[int | None] = []
        for i, step in enumerate(self.steps):
            if step.kind == "tool_call":
                pending.append(i)
            out.append(pending.pop(0) if step.kind == "observation" and pending else None)
        return tuple(out)

    def call_for(self, index: int) -> int | None:
        """The index of the tool call that observation ``index`` answers; ``None`` for an orphan."""
        return self._answers[index] if 0 <= index < len(self.steps) else None

    def to_records(self) -> list[dict[str, Any]]:
        """The steps as JSON-ready dicts (what :meth:`coerce` reads back)."""
        return [
            {"kind": s.kind, "content": s.content, "tool": s.tool, "arguments": s.arguments, "ok": s.ok}
            for s in self.steps
        ]

    @classmethod
    def from_text(cls, text: str) -> Trajectory:
        """Parse ReAct-style text (see the module docstring). Never raises."""
        try:
            return cls(tuple(_text_steps(text if isinstance(text, str) else str(text), in_message=False)))
        except Exception as exc:  # a parser bug must cost one sample, not the run
            return cls((_invalid(f"unparseable trajectory: {type(exc).__name__}"),))

    @classmethod
    def from_messages(cls, messages: Any) -> Trajectory:
        """Parse chat messages (see the module docstring). Never raises."""
        try:
            return cls(tuple(_message_steps(messages)))
        except Exception as exc:
            return cls((_invalid(f"unparseable trajectory: {type(exc).__name__}"),))

    @classmethod
    def coerce(cls, value: Any) -> Trajectory:
        """A trajectory from whatever a completion or a dataset column holds. Never raises.

        A :class:`Trajectory`; a string (ReAct text); a list of messages (any dict with ``role``); a list
        of :class:`Step` s or step records (``{"kind", "content", "tool", "arguments", "ok"}``, as
        :meth:`to_records` writes them); a dict with ``steps``; ``None`` (empty). Anything else is one
        invalid step.
        """
        try:
            if isinstance(value, Trajectory):
                return value
            if value is None:
                return cls(())
            if isinstance(value, str):
                return cls.from_text(value)
            if isinstance(value, Mapping):
                if "steps" in value:
                    return cls.coerce(value["steps"])
                value = [value]
            if isinstance(value, Sequence):
                items = list(value)
                if any(isinstance(m, Mapping) and "role" in m for m in items):
                    return cls.from_messages(items)
                return cls(tuple(_record_step(item) for item in items))
            return cls((_invalid(_short(value)),))
        except Exception as exc:
            return cls((_invalid(f"unparseable trajectory: {type(exc).__name__}"),))


# --- parsing -------------------------------------------------------------------------------------------

_LABELS = {
    "thought": "thought",
    "action": "action",
    "actioninput": "action_input",
    "observation": "observation",
    "finalanswer": "final_answer",
}
_MARKER = re.compile(
    r"(?im)(?:^[ \t]*(?:\*\*)?(?P<label>thought|action[ \t]*input|action|observation|final[ \t]*answer)"
    r"(?:\*\*)?[ \t]*:(?:\*\*)?)|(?P<open><(?P<tag>tool_call|tool_response)>)"
)
_NAME = re.compile(r"[A-Za-z_][\w.\-]{0,127}")
_BRACKET_CALL = re.compile(r"([A-Za-z_][\w.\-]{0,127})\s*\[(.*)\]", re.DOTALL)
_NAME_IN_JSON = re.compile(r'"name"\s*:\s*"([^"\\]{1,128})"')
_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$")


def _segments(text: str) -> list[tuple[str, str, bool]]:
    """(label, content, closed) in order; label "" is unmarked text. ``closed`` matters for tags only."""
    out: list[tuple[str, str, bool]] = []
    m = _MARKER.search(text)
    if m is None:
        return [("", text, True)]
    if m.start() > 0:
        out.append(("", text[: m.start()], True))
    # every closing tag found once, then looked up: searching the rest of the text from each opening made
    # "<tool_call>" * 50_000 take 20 s
    closes: dict[str, tuple[list[int], list[re.Match[str]]]] = {}
    while m is not None:
        if m.group("tag"):
            tag = m.group("tag").lower()
            if tag not in closes:
                found = list(re.compile(rf"</{tag}>", re.IGNORECASE).finditer(text))
                closes[tag] = ([c.start() for c in found], found)
            starts, matches = closes[tag]
            k = bisect.bisect_left(starts, m.end())
            close = matches[k] if k < len(matches) else None
            if close is None:
                nxt = _MARKER.search(text, m.end())
                end = nxt.start() if nxt is not None else len(text)
                out.append((tag, text[m.end() : end], False))
                m = nxt
                continue
            out.append((tag, text[m.end() : close.start()], True))
            nxt = _MARKER.search(text, close.end())
            gap = text[close.end() : nxt.start() if nxt is not None else len(text)]
            if gap.strip():
                out.append(("", gap, True))
            m = nxt
            continue
        label = _LABELS[re.sub(r"[ \t]", "", m.group("label").lower())]
        nxt = _MARKER.search(text, m.end())
        out.append((label, text[m.end() : nxt.start() if nxt is not None else len(text)], True))
        m = nxt
    return out


def _text_steps(text: str, *, in_message: bool) -> list[Step]:
    segments = _segments(text)
    if len(segments) == 1 and segments[0][0] == "":
        body = text.strip()
        if not body:
            return []
        # A bare text is a direct answer; inside a chat it is whatever the message turns out to be.
        return [Step("thought" if in_message else "final_answer", body)]
    steps: list[Step] = []
    i = 0
    while i < len(segments):
        label, raw, closed = segments[i]
        body = raw.strip()
        i += 1
        if label in ("", "thought"):
            if body:
                steps.append(Step("thought", body))
        elif label == "action":
            given: str | None = None
            if i < len(segments) and segments[i][0] == "action_input":
                given = segments[i][1].strip()
                i += 1
            steps.append(_action_step(body, given))
        elif label == "action_input":
            steps.append(_invalid(f"Action Input: {body}"))  # an input with no action names no tool
        elif label in ("observation", "tool_response"):
            steps.append(Step("thought" if in_message else "observation", body))
        elif label == "final_answer":
            steps.append(Step("final_answer", body))
        elif label == "tool_call":
            steps.append(_json_call_step(body) if closed else _invalid(body, _guess_name(body)))
    return steps


def _action_step(body: str, given: str | None) -> Step:
    content = body if given is None else f"{body}\nAction Input: {given}"
    if body.startswith("{"):
        return _json_call_step(body)
    m = _BRACKET_CALL.match(body)  # up to the last "]"; a remark after the call does not void it
    if m is not None:
        return Step("tool_call", content, tool=m.group(1), arguments=_arguments(m.group(2)))
    if _NAME.fullmatch(body):
        return Step("tool_call", content, tool=body, arguments=_arguments(given))
    return _invalid(content)


def _json_call_step(body: str) -> Step:
    text = _FENCE.sub("", body.strip())
    try:
        call = json.loads(text)
    except (ValueError, RecursionError):
        return _invalid(body, _guess_name(body))
    if not isinstance(call, Mapping):
        return _invalid(body)
    name = call.get("name")
    tool = name if isinstance(name, str) and name else None
    raw = call["arguments"] if "arguments" in call else call.get("parameters")
    return Step("tool_call", body, tool=tool, arguments=_arguments(raw) if tool else None)


def _guess_name(body: str) -> str | None:
    # For reports only: the call stays invalid, but "which tool did it try" is useful to see.
    m = _NAME_IN_JSON.search(body[:2000])
    return m.group(1) if m else None


def _arguments(raw: Any) -> dict[str, Any] | None:
    """A call's arguments as a dict; ``None`` when they are not a JSON object."""
    if raw is None:
        return {}
    if isinstance(raw, Mapping):
        return dict(raw)
    if not isinstance(raw, str):
        return None
    text = raw.strip()
    if not text:
        return {}
    for _ in range(2):  # one level of double encoding ('"{\\"a\\": 1}"') is common in API logs
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            return None
        if isinstance(value, dict):
            return value
        if not isinstance(value, str):
            return None
        text = value
    return None


def _content_text(content: Any) -> str:
    # message text as base.content_text reads it; anything unreadable is kept as a short rendering
    if content is None:
        return ""
    if isinstance(content, (str, Mapping, list, tuple)):
        return content_text(content)
    return _short(content)


def _short(value: Any, limit: int = 500) -> str:
    try:
        text = value if isinstance(value, str) else json.dumps(value, default=str, ensure_ascii=False)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text[:limit]


def _message_call_step(call: Any) -> Step:
    if not isinstance(call, Mapping):
        return _invalid(_short(call))
    function = call.get("function")
    spec = function if isinstance(function, Mapping) else call
    name = spec.get("name")
    tool = name if isinstance(name, str) and name else None
    raw = spec["arguments"] if "arguments" in spec else spec.get("parameters")
    content = _short({"name": name, "arguments": raw}, limit=10_000)
    return Step("tool_call", content, tool=tool, arguments=_arguments(raw) if tool else None)


def _ok_flag(message: Mapping[str, Any]) -> bool | None:
    ok = message.get("ok")
    if isinstance(ok, bool):
        return ok
    is_error = message.get("is_error")
    return (not is_error) if isinstance(is_error, bool) else None


def _message_steps(messages: Any) -> list[Step]:
    if isinstance(messages, str):
        return _text_steps(messages, in_message=False)
    if isinstance(messages, Mapping):
        messages = [messages]
    if not isinstance(messages, Sequence):
        return [_invalid(_short(messages))]
    # (steps, text, is_candidate_final): a message's steps are settled once we know which one is final
    parsed: list[tuple[list[Step], str, bool]] = []
    for message in messages:
        if not isinstance(message, Mapping):
            parsed.append(([_invalid(_short(message))], "", False))
            continue
        role = message.get("role", "assistant")
        if role in ("tool", "function", "ipython"):
            name = message.get("name")
            step = Step(
                "observation",
                _content_text(message.get("content")),
                tool=name if isinstance(name, str) else None,
                ok=_ok_flag(message),
            )
            parsed.append(([step], "", False))
        elif role == "assistant":
            text = _content_text(message.get("content"))
            steps = _text_steps(text, in_message=True)
            calls = message.get("tool_calls")
            if calls is not None and not isinstance(calls, (list, tuple)):
                steps.append(_invalid(_short(calls)))
            else:
                steps.extend(_message_call_step(c) for c in calls or ())
            legacy = message.get("function_call")
            if legacy is not None:
                steps.append(_message_call_step(legacy))
            parsed.append((steps, text, not any(s.kind == "tool_call" for s in steps)))
    finals = [i for i, (_, _, candidate) in enumerate(parsed) if candidate]
    if finals:
        steps, text, _ = parsed[finals[-1]]
        if not any(s.kind == "final_answer" for s in steps):
            parsed[finals[-1]] = ([Step("final_answer", text.strip())], text, True)
    return [step for steps, _, _ in parsed for step in steps]


def _record_step(item: Any) -> Step:
    if isinstance(item, Step):
        return item
    if not isinstance(item, Mapping) or item.get("kind") not in KINDS:
        return _invalid(_short(item))
    kind = item["kind"]
    tool = item.get("tool")
    ok = item.get("ok")
    return Step(
        kind,
        _content_text(item.get("content")),
        tool=tool if isinstance(tool, str) and tool else None,
        arguments=_arguments(item.get("arguments")) if kind == "tool_call" else None,
        ok=ok if isinstance(ok, bool) else None,
    )


def _step_text(step: Step) -> str:
    if step.kind == "tool_call" and step.arguments:
        return f"{step.content}\n{_short(step.arguments, limit=100_000)}"
    return step.content


# --- step scorers --------------------------------------------------------------------------------------


class StepScorer(Protocol):
    """A step's reward: ``scorer(step, index, trajectory, context) -> float``.

    ``context`` holds the sample's dataset columns and ``"gold"`` (the gold answer text). A scorer's
    ``name`` attribute (else its ``__name__``) is its key in ``Scored.components``. Scorers must be
    picklable (module-level functions or classes) for TRL's multiprocessing.
    """

    def __call__(
        self, step: Step, index: int, trajectory: Trajectory, context: Mapping[str, Any]
    ) -> float: ...


@dataclass(frozen=True)
class _ToolSpec:
    required: tuple[str, ...] = ()
    properties: Mapping[str, tuple[str, ...] | None] | None = None  # None: any argument names
    extra: bool = True


_ANY = _ToolSpec()
_JSON_TYPES: dict[str, Callable[[Any], bool]] = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
    "null": lambda v: v is None,
}


def _schema_spec(schema: Any) -> _ToolSpec:
    if schema is None:
        return _ANY
    if callable(schema) and not isinstance(schema, Mapping):
        try:
            params = inspect.signature(schema).parameters.values()
        except (TypeError, ValueError):
            return _ANY
        named = [p for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
        return _ToolSpec(
            required=tuple(p.name for p in named if p.default is p.empty),
            properties={p.name: None for p in named},
            extra=any(p.kind is p.VAR_KEYWORD for p in params),
        )
    if isinstance(schema, Mapping):
        if isinstance(schema.get("function"), Mapping):  # OpenAI/TRL tool description
            schema = schema["function"]
        if isinstance(schema.get("parameters"), Mapping):
            schema = schema["parameters"]
        properties = schema.get("properties")
        props: dict[str, tuple[str, ...] | None] | None = None
        if isinstance(properties, Mapping):
            props = {}
            for key, prop in properties.items():
                kind = prop.get("type") if isinstance(prop, Mapping) else None
                types = (kind,) if isinstance(kind, str) else tuple(kind) if isinstance(kind, list) else None
                props[str(key)] = types
        required = schema.get("required", ())
        return _ToolSpec(
            required=tuple(str(r) for r in required) if isinstance(required, (list, tuple)) else (),
            properties=props,
            extra=schema.get("additionalProperties", True) is not False,
        )
    if isinstance(schema, (list, tuple, set, frozenset)):
        return _ToolSpec(required=tuple(str(s) for s in schema))
    raise ConfigError(
        f"a tool's schema must be None, a list of required arguments or a mapping, got {schema!r}"
    )


def _tool_specs(tools: Any) -> dict[str, _ToolSpec] | None:
    if tools is None:
        return None
    if isinstance(tools, str):
        return {tools: _ANY}
    if isinstance(tools, Mapping):
        return {str(name): _schema_spec(schema) for name, schema in tools.items()}
    specs: dict[str, _ToolSpec] = {}
    for tool in tools:
        if isinstance(tool, str):
            specs[tool] = _ANY
        elif isinstance(tool, Mapping):
            inner = tool.get("function")
            described: Mapping[str, Any] = inner if isinstance(inner, Mapping) else tool
            if not isinstance(described.get("name"), str):
                raise ConfigError(f"a tool description needs a 'name', got {tool!r}")
            specs[described["name"]] = _schema_spec(described)
        elif callable(tool):
            specs[getattr(tool, "__name__", type(tool).__name__)] = _schema_spec(tool)
        else:
            raise ConfigError(f"tools must be names, tool descriptions or callables, got {tool!r}")
    return specs


class ValidToolCall:
    """``reward`` for a well-formed call, ``penalty`` for a malformed one; 0 for other steps.

    Well-formed: a tool name, arguments that are a JSON object, and — when ``tools`` is given — a known
    tool whose required arguments are present (and, where the schema lists ``properties``, of the right
    JSON type, with no unexpected names if the schema says ``additionalProperties: false`` or the tool is
    a Python function without ``**kwargs``). ``tools``: ``None`` (any name), a list of names, tool
    descriptions (OpenAI/TRL ``{"type": "function", "function": {...}}``) or Python callables (as passed
    to TRL's ``tools=``), or a mapping name → schema (``None``, a list of required argument names, or a
    JSON-schema-ish ``{"properties": ..., "required": [...]}``). ``repeat``: the reward for a valid call
    identical (tool and arguments) to an earlier valid one — 0 by default, so re-issuing the same call
    earns nothing.

    >>> ValidToolCall(tools={"add": ["a", "b"]})(Step("tool_call", "", "add", {"a": 1}), 0, Trajectory(), {})
    -0.1
    """

    name = "valid_call"

    def __init__(
        self, *, reward: float = 0.1, penalty: float = -0.1, tools: Any = None, repeat: float = 0.0
    ) -> None:
        self.reward, self.penalty, self.repeat = float(reward), float(penalty), float(repeat)
        self.tools = _tool_specs(tools)

    def problem(self, step: Step) -> str | None:
        """Why a tool call is invalid, or ``None`` when it is valid (for records and reports)."""
        if step.kind != "tool_call":
            return "not a tool call"
        if not step.tool or not _NAME.fullmatch(step.tool):
            return "no valid tool name"
        if step.arguments is None:
            return "arguments are not a JSON object"
        if self.tools is None:
            return None
        spec = self.tools.get(step.tool)
        if spec is None:
            return f"unknown tool {step.tool!r}"
        missing = [r for r in spec.required if r not in step.arguments]
        if missing:
            return f"missing arguments {missing}"
        if spec.properties is not None:
            for key, value in step.arguments.items():
                if key not in spec.properties:
                    if not spec.extra:
                        return f"unexpected argument {key!r}"
                    continue
                types = spec.properties[key]
                if types and not any(_JSON_TYPES.get(t, lambda v: True)(value) for t in types):
                    return f"argument {key!r} is not of type {'/'.join(types)}"
        return None

    def __call__(self, step: Step, index: int, trajectory: Trajectory, context: Mapping[str, Any]) -> float:
        if step.kind != "tool_call":
            return 0.0
        if self.problem(step) is not None:
            return self.penalty
        for earlier in trajectory.steps[:index]:
            if (
                earlier.kind == "tool_call"
                and earlier.tool == step.tool
                and earlier.arguments == step.arguments
                and self.problem(earlier) is None
            ):
                return self.repeat
        return self.reward


# An observation looks like a failure when it starts with an error word, carries a Python traceback or
# exception name, or says the usual "not found"/"invalid". Heuristics: an explicit ``ok`` flag wins.
DEFAULT_ERROR_PATTERNS: tuple[str, ...] = (
    r"(?i:^\s*(?:error|exception|failed|failure)\b)",
    r"\bTraceback \(most recent call last\)",
    r"\b(?:[A-Z]\w*)?(?:Error|Exception)\b",
    r"(?i:\bnot found\b)",
    r"(?i:\binvalid\b)",
    r"(?i:\bunknown (?:tool|function|command)\b)",
    r"(?i:\bno such\b)",
    r"(?i:\bpermission denied\b)",
    r"(?i:\btimed out\b)",
)
_SCAN = 4000  # errors announce themselves early; long successful outputs are not scanned to the end


class ToolSucceeded:
    """``reward`` on an observation that answers a tool call and does not look like an error, ``penalty``
    when it does; 0 for other steps and for orphan observations (no call before them).

    The observation's ``ok`` flag wins, then its call's ``ok`` flag, then ``error_patterns`` (regular
    expressions searched in the first 4000 characters; see ``DEFAULT_ERROR_PATTERNS``).

    >>> t = Trajectory((Step("tool_call", "", "f", {}), Step("observation", "Error: division by zero")))
    >>> ToolSucceeded()(t.steps[1], 1, t, {}), ToolSucceeded(penalty=-0.1)(t.steps[1], 1, t, {})
    (0.0, -0.1)
    """

    name = "tool_ok"

    def __init__(
        self,
        *,
        reward: float = 0.1,
        penalty: float = 0.0,
        error_patterns: Sequence[str] = DEFAULT_ERROR_PATTERNS,
    ) -> None:
        self.reward, self.penalty = float(reward), float(penalty)
        self.error = re.compile("|".join(f"(?:{p})" for p in error_patterns)) if error_patterns else None

    def looks_like_error(self, text: str) -> bool:
        return self.error is not None and self.error.search(text[:_SCAN]) is not None

    def succeeded(self, index: int, trajectory: Trajectory) -> bool | None:
        """Whether the observation at ``index`` reports success; ``None`` when it answers no call."""
        call = trajectory.call_for(index)
        if call is None:
            return None
        step = trajectory.steps[index]
        for flag in (step.ok, trajectory.steps[call].ok):
            if flag is not None:
                return flag
        return not self.looks_like_error(step.content)

    def __call__(self, step: Step, index: int, trajectory: Trajectory, context: Mapping[str, Any]) -> float:
        if step.kind != "observation":
            return 0.0
        ok = self.succeeded(index, trajectory)
        if ok is None:
            return 0.0
        return self.reward if ok else self.penalty


_NUMBER = re.compile(r"-?\d[\d,]{0,60}(?:\.\d{1,30})?")


def _numbers(text: str) -> frozenset[str]:
    out = set()
    for m in _NUMBER.finditer(text):
        s = m.group().rstrip(",").replace(",", "")
        # "x-5" is a subtraction, not minus five
        if (
            s.startswith("-")
            and m.start() > 0
            and (text[m.start() - 1].isalnum() or text[m.start() - 1] == ")")
        ):
            s = s[1:]
        try:
            d = Decimal(s)
        except InvalidOperation:
            continue
        out.add(str(int(d)) if d == d.to_integral_value() else format(d.normalize(), "f"))
    return frozenset(out)


@lru_cache(maxsize=4096)  # golds repeat across a group of completions; observations are not cached (size)
def _gold_numbers(gold: str) -> frozenset[str]:
    return _numbers(gold.rsplit("####", 1)[-1][:10_000])


def gold_numbers(text: str, context: Mapping[str, Any]) -> set[Hashable]:
    """The default facts of :class:`Progress`: numbers in ``text`` that also appear in the gold answer (the
    part after ``####`` for a GSM8K rationale), compared by value (``1,250`` = ``1250.0``).

    >>> sorted(gold_numbers("The table says 1,250 and 7.", {"gold": "#### 1250"}))
    ['1250']
    """
    gold = context.get("gold")
    if not isinstance(gold, str) or not gold:
        return set()
    wanted = _gold_numbers(gold)
    if not wanted:
        return set()
    return set(wanted & _numbers(text[:100_000]))


class Progress:
    """``reward`` per *new* relevant fact in an observation that answers a tool call; 0 for other steps.

    ``facts(text, context) -> iterable of hashable facts`` says which relevant facts a text contains
    (default :func:`gold_numbers`: numbers of the gold answer). A fact is new when no earlier step of the
    trajectory — thoughts and call arguments included — contains it, so each fact is paid once, and an
    observation that echoes a number the model itself wrote in its call earns nothing. A predicate fits
    too: return ``[text]`` when the observation is relevant.

    >>> t = Trajectory((Step("tool_call", "", "mul", {"a": 6, "b": 7}), Step("observation", "42")))
    >>> Progress()(t.steps[1], 1, t, {"gold": "42"})
    0.2
    """

    name = "progress"

    def __init__(
        self,
        *,
        reward: float = 0.2,
        facts: Callable[[str, Mapping[str, Any]], Iterable[Hashable]] = gold_numbers,
    ) -> None:
        self.reward = float(reward)
        self.facts = facts

    def new_facts(self, index: int, trajectory: Trajectory, context: Mapping[str, Any]) -> set[Hashable]:
        found = set(self.facts(trajectory.steps[index].content, context))
        for earlier in trajectory.steps[:index]:
            if not found:
                break
            found -= set(self.facts(_step_text(earlier), context))
        return found

    def __call__(self, step: Step, index: int, trajectory: Trajectory, context: Mapping[str, Any]) -> float:
        if step.kind != "observation" or trajectory.call_for(index) is None:
            return 0.0
        return self.reward * len(self.new_facts(index, trajectory, context))


# Verdicts that say nothing about the trajectory: its reward is None ("not applicable"), never 0 or 1.
_NOT_APPLICABLE = frozenset({Verdict.GOLD_INVALID, Verdict.TIMEOUT, Verdict.ERROR})


class FinalAnswer:
    """The final answer graded by :func:`rewardkit.grade` against ``context["gold"]``: ``reward`` when
    CORRECT, ``penalty`` otherwise (no final answer included), paid on the final-answer step.

    ``policy``: the grader's policy; under "strict" the final answer's text itself must carry a box or an
    answer marker. :meth:`judge` gives the full :class:`GradeResult`; :meth:`value` is ``None`` when the
    verdict says nothing about the trajectory (GOLD_INVALID, TIMEOUT, ERROR).

    >>> t = Trajectory((Step("final_answer", "The answer is 42."),))
    >>> FinalAnswer()(t.steps[0], 0, t, {"gold": "42"})
    0.6
    """

    name = "final"

    def __init__(
        self,
        *,
        reward: float = 0.6,
        penalty: float = 0.0,
        policy: Policy = "flexible",
        timeout_s: float = DEFAULT_TIMEOUT_S,
    ) -> None:
        self.reward, self.penalty = float(reward), float(penalty)
        self.policy: Policy = policy
        self.timeout_s = timeout_s

    def judge(
        self, trajectory: Trajectory, context: Mapping[str, Any], *, finished: bool | None = None
    ) -> GradeResult:
        final = trajectory.final
        gold = context.get("gold")
        return grade(
            final.content if final is not None else "",
            gold=gold if isinstance(gold, str) else gold_for(gold),
            policy=self.policy,
            finished=finished,
            timeout_s=self.timeout_s,
        )

    def value(self, result: GradeResult) -> float | None:
        if result.verdict in _NOT_APPLICABLE:
            return None
        return self.reward if result.correct else self.penalty

    def __call__(self, step: Step, index: int, trajectory: Trajectory, context: Mapping[str, Any]) -> float:
        if index != trajectory.final_index:
            return 0.0
        value = self.value(self.judge(trajectory, context))
        return 0.0 if value is None else value


# --- the reward ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TrajectoryScore:
    """One trajectory's reward with its parts.

    ``step_rewards``: ``r_t`` per step, undiscounted, the final answer's reward included on its step (what a
    trajectory record shows). ``components``: discounted sums per scorer, ``final``, and the adjustments
    ``cap`` / ``overflow`` / ``clip`` — they add up to ``value``. ``dropped``: steps cut by ``max_steps``.
    """

    value: float | None
    trajectory: Trajectory
    step_rewards: tuple[float, ...] = ()
    components: Mapping[str, float | None] = field(default_factory=dict)
    grade: GradeResult | None = None
    dropped: int = 0
    error: str | None = None

    def scored(self) -> Scored:
        verdict = "ERROR" if self.error is not None else self.grade.verdict.value if self.grade else None
        return Scored(
            self.value, verdict, self.grade.extracted if self.grade else None, dict(self.components)
        )


_RESERVED = frozenset({"final", "cap", "overflow", "clip"})


class TrajectoryReward(Reward):
    """Reward of a multi-step agent trajectory: ``Σ_t γᵗ r_t`` over its steps (``t`` from 0).

    ``r_t`` is the sum of the step scorers' rewards on step ``t``, plus, on the final-answer step, the
    final answer's reward (``final_reward`` when :func:`rewardkit.grade` says CORRECT, else 0). A gold that
    cannot be read (GOLD_INVALID), or a grader timeout/error, makes the whole reward ``None``, never a score.

    Parameters (keyword-only):

    * ``scorers``: step scorers (see :class:`StepScorer`), a list or a mapping name → scorer; default
      ``[ValidToolCall(), ToolSucceeded(), Progress()]`` (+0.1 valid call / −0.1 invalid, +0.1 call
      succeeded, +0.2 per new gold fact).
    * ``final_reward`` (0.6): reward of a correct final answer. ``policy`` ("flexible"), ``timeout_s``: the
      grader's. ``gold_key`` ("answer"): the column holding the gold.
    * ``gamma`` (1.0): discount, in [0, 1].
    * ``step_cap`` ("auto"): per-episode cap on the positive part of the (discounted) step rewards, so
      tool-call spam cannot buy reward. "auto" is what one clean round trip earns — the sum of the scorers'
      ``reward`` attributes, 0.1 + 0.1 + 0.2 = 0.4 with the defaults — and never more than ``final_reward``
      (when that is positive; a scorer without a numeric ``reward`` makes it ``final_reward``). So step
      rewards alone stay below a correct answer (0.4 < 0.6), and padding a correct episode with extra calls
      earns nothing over the short one. A number sets the cap, ``None`` disables it. Penalties are never
      capped: a negative step reward always counts.
    * ``max_steps`` (None): step budget. ``overflow="cut"`` (default) drops the steps past it before scoring —
      a final answer past the budget is not seen (the verdict is TRUNCATED); ``"penalize"`` keeps them, but
      each earns ``overflow_penalty`` (−0.1) instead of its step-scorer rewards (the final answer is still
      graded).
    * ``clip`` (None): ``(low, high)`` bounds for the total.
    * ``trajectory_key`` (None): a column holding structured trajectories (anything
      :meth:`Trajectory.coerce` reads) to score instead of the completions.

    Completions are read with :meth:`Trajectory.coerce`: chat messages keep their tool calls (this class
    overrides ``Reward.__call__``, which would flatten them to text), strings are ReAct text.

    >>> reward = TrajectoryReward()
    >>> episode = [
    ...     {"role": "assistant", "content": "", "tool_calls": [
    ...         {"type": "function", "function": {"name": "multiply", "arguments": '{"a": 123, "b": 4}'}}]},
    ...     {"role": "tool", "name": "multiply", "content": "492"},
    ...     {"role": "assistant", "content": "The answer is 492."},
    ... ]
    >>> reward(prompts=None, completions=[episode], answer=["492"])
    [1.0]
    >>> reward.evaluate(Trajectory.coerce(episode), gold="492").step_rewards
    (0.1, 0.3, 0.6)
    """

    default_name = "trajectory"

    def __init__(
        self,
        *,
        scorers: Sequence[StepScorer] | Mapping[str, StepScorer] | None = None,
        final_reward: float = 0.6,
        gamma: float = 1.0,
        step_cap: float | Literal["auto"] | None = "auto",
        max_steps: int | None = None,
        overflow: Literal["cut", "penalize"] = "cut",
        overflow_penalty: float = -0.1,
        clip: tuple[float, float] | None = None,
        gold_key: str = "answer",
        trajectory_key: str | None = None,
        policy: Policy = "flexible",
        timeout_s: float = DEFAULT_TIMEOUT_S,
        name: str | None = None,
    ) -> None:
        super().__init__(name=name)
        if not 0.0 <= gamma <= 1.0:
            raise ConfigError(f"trajectory gamma must be in [0, 1], got {gamma}")
        if max_steps is not None and (
            isinstance(max_steps, bool) or int(max_steps) != max_steps or max_steps < 1
        ):
            raise ConfigError(f"trajectory max_steps must be a positive integer or None, got {max_steps!r}")
        if overflow not in ("cut", "penalize"):
            raise ConfigError(f"trajectory overflow must be 'cut' or 'penalize', got {overflow!r}")
        if clip is not None and (len(clip) != 2 or clip[0] > clip[1]):
            raise ConfigError(f"trajectory clip must be (low, high) with low <= high, got {clip!r}")
        if scorers is None:
            scorers = [ValidToolCall(), ToolSucceeded(), Progress()]
        named = (
            list(scorers.items()) if isinstance(scorers, Mapping) else [(_scorer_name(s), s) for s in scorers]
        )
        names = [n for n, _ in named]
        clashes = sorted({n for n in names if names.count(n) > 1} | (set(names) & _RESERVED))
        if clashes:
            raise ConfigError(
                f"trajectory scorer names must be unique and not {sorted(_RESERVED)}: {clashes}"
            )
        self.scorers: list[tuple[str, StepScorer]] = named
        self.final = FinalAnswer(reward=final_reward, policy=policy, timeout_s=timeout_s)
        self.gamma = float(gamma)
        if step_cap == "auto":
            self.step_cap: float | None = _auto_cap([s for _, s in named], float(final_reward))
        else:
            self.step_cap = None if step_cap is None else float(step_cap)
        self.max_steps = None if max_steps is None else int(max_steps)
        self.overflow = overflow
        self.overflow_penalty = float(overflow_penalty)
        self.clip = None if clip is None else (float(clip[0]), float(clip[1]))
        self.gold_key = gold_key
        self.trajectory_key = trajectory_key

    def evaluate(
        self, trajectory: Trajectory, *, gold: Any, row: Mapping[str, Any] | None = None
    ) -> TrajectoryScore:
        """Score one trajectory against ``gold``; ``row`` is the sample's other columns (for scorers)."""
        dropped = 0
        if self.max_steps is not None and self.overflow == "cut" and len(trajectory) > self.max_steps:
            dropped = len(trajectory) - self.max_steps
            trajectory = Trajectory(trajectory.steps[: self.max_steps])
        context = {**(row or {}), "gold": gold_for(gold)}
        # A run that hit its step budget before answering has committed to nothing: TRUNCATED, not NO_ANSWER.
        finished = False if dropped and trajectory.final is None else None
        result = self.final.judge(trajectory, context, finished=finished)
        final_value = self.final.value(result)
        keys = [n for n, _ in self.scorers] + ["final"]
        if self.step_cap is not None:
            keys.append("cap")
        if self.max_steps is not None and self.overflow == "penalize":
            keys.append("overflow")
        if self.clip is not None:
            keys.append("clip")
        if final_value is None:
            return TrajectoryScore(
                None, trajectory, components=dict.fromkeys(keys), grade=result, dropped=dropped
            )

        parts = dict.fromkeys(keys, 0.0)
        rewards = [0.0] * len(trajectory)
        positive = 0.0
        try:
            for t, step in enumerate(trajectory.steps):
                weight = self.gamma**t
                if self.max_steps is not None and t >= self.max_steps:  # only reached with "penalize"
                    rewards[t] += self.overflow_penalty
                    parts["overflow"] += weight * self.overflow_penalty
                    continue
                for name, scorer in self.scorers:
                    r = float(scorer(step, t, trajectory, context))
                    if not math.isfinite(r):
                        raise ValueError(f"scorer {name!r} returned {r} on step {t}")
                    rewards[t] += r
                    parts[name] += weight * r
                    positive += max(weight * r, 0.0)
        except Exception as exc:  # a scorer bug costs this sample (counted as None), not the run
            return TrajectoryScore(
                None,
                trajectory,
                components=dict.fromkeys(keys),
                grade=result,
                dropped=dropped,
                error=f"{type(exc).__name__}: {exc}",
            )
        index = trajectory.final_index
        at = index if index is not None else len(trajectory)  # no answer: the episode's end
        if index is not None:
            rewards[index] += final_value
        parts["final"] = self.gamma**at * final_value
        # tolerance: float noise (0.1 + 0.1 + 0.2 vs 0.4) must not cut an episode that sits at the cap
        if self.step_cap is not None and positive > self.step_cap + 1e-12:
            parts["cap"] = self.step_cap - positive
        total = math.fsum(parts.values())
        if self.clip is not None:
            low, high = self.clip
            parts["clip"] = min(max(total, low), high) - total
            total = math.fsum(parts.values())
        # r_t is for records and eyes: 0.1 + 0.2 reads 0.3, not 0.30000000000000004
        return TrajectoryScore(
            total, trajectory, tuple(round(r, 12) for r in rewards), parts, result, dropped
        )

    def score(
        self,
        texts: list[str],
        *,
        completion_ids: Sequence[Sequence[int]] | None = None,
        columns: Mapping[str, Any],
    ) -> list[Scored]:
        """Trajectories from the completions as the trainer passed them (chat messages keep their tool calls,
        also inside a composite), else from the texts as ReAct; a ``trajectory_key`` column wins."""
        raw = columns.get(RAW_COMPLETIONS)
        if raw is not None and len(raw) == len(texts):
            return self._score_all([Trajectory.coerce(c) for c in raw], columns)
        return self._score_all([Trajectory.from_text(t) for t in texts], columns)

    def __call__(
        self,
        prompts: Sequence[Any] | None = None,
        completions: Sequence[Any] | None = None,
        completion_ids: Sequence[Sequence[int]] | None = None,
        **columns: Any,
    ) -> list[float | None]:
        if completions is None and self.trajectory_key is not None and self.trajectory_key in columns:
            # a rollout that records structured trajectories needs no completion text at all
            raw = columns[self.trajectory_key]
            many = isinstance(raw, Sequence) and not isinstance(raw, (str, bytes, Mapping))
            completions = [""] * (len(raw) if many else 1)
        return super().__call__(prompts, completions, completion_ids, **columns)

    def _score_all(self, trajectories: list[Trajectory], columns: Mapping[str, Any]) -> list[Scored]:
        n = len(trajectories)
        if self.trajectory_key is not None:
            # the rollout's structured record is the truth; the completion text is only its rendering
            raw = column(columns, self.trajectory_key, n, reward=self.name)
            trajectories = [Trajectory.coerce(r) for r in raw]
        golds = column(columns, self.gold_key, n, reward=self.name)
        out = []
        for i, trajectory in enumerate(trajectories):
            row = {
                k: v[i] if isinstance(v, (list, tuple)) and len(v) == n else v
                for k, v in columns.items()
                if k not in TRAINER_KEYS
            }
            out.append(self.evaluate(trajectory, gold=golds[i], row=row).scored())
        return out


def _scorer_name(scorer: Any) -> str:
    name = getattr(scorer, "name", None)
    if not isinstance(name, str):
        name = getattr(scorer, "__name__", None)
    return name if isinstance(name, str) else type(scorer).__name__


def _auto_cap(scorers: Sequence[Any], final_reward: float) -> float | None:
    units = [getattr(s, "reward", None) for s in scorers]
    numeric = [float(u) for u in units if isinstance(u, (int, float)) and not isinstance(u, bool)]
    if len(numeric) == len(units):
        unit = math.fsum(max(u, 0.0) for u in numeric)
        return min(unit, final_reward) if final_reward > 0 else unit
    # Unknown scorers: the cap can only promise the brief's bound, step rewards <= a correct answer.
    # With no final reward the user wants step rewards alone; an automatic cap of 0 would zero them.
    return final_reward if final_reward > 0 else None
