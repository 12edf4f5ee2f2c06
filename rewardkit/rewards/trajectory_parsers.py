"""Reading agent trajectories from chat messages, ReAct text and step records.

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

>>> from rewardkit.rewards.trajectory_steps import Trajectory
>>> t = Trajectory.from_text('Thought: big product.\\nAction: multiply[{"a": 123, "b": 4}]\\n'
...                          'Observation: 492\\nFinal Answer: 492')
>>> [s.kind for s in t.steps]
['thought', 'tool_call', 'observation', 'final_answer']
>>> t.steps[1].tool, t.steps[1].arguments
('multiply', {'a': 123, 'b': 4})
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from rewardkit.lazy_regex import lazy_compile
from rewardkit.rewards.base import content_text
from rewardkit.rewards.steps import KINDS, Step, invalid_call

_LABELS = {
    "thought": "thought",
    "action": "action",
    "actioninput": "action_input",
    "observation": "observation",
    "finalanswer": "final_answer",
}
_MARKER = lazy_compile(
    r"(?im)(?:^[ \t]*(?:\*\*)?(?P<label>thought|action[ \t]*input|action|observation|final[ \t]*answer)"
    r"(?:\*\*)?[ \t]*:(?:\*\*)?)|(?P<open><(?P<tag>tool_call|tool_response)>)"
)
TOOL_NAME = lazy_compile(r"[A-Za-z_][\w.\-]{0,127}")
_BRACKET_CALL = lazy_compile(r"([A-Za-z_][\w.\-]{0,127})\s*\[(.*)\]", re.DOTALL)
_NAME_IN_JSON = lazy_compile(r'"name"\s*:\s*"([^"\\]{1,128})"')
_FENCE = lazy_compile(r"^```(?:json)?\s*|\s*```$")


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


def text_steps(text: str, *, in_message: bool) -> list[Step]:
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
            steps.append(invalid_call(f"Action Input: {body}"))  # an input with no action names no tool
        elif label in ("observation", "tool_response"):
            steps.append(Step("thought" if in_message else "observation", body))
        elif label == "final_answer":
            steps.append(Step("final_answer", body))
        elif label == "tool_call":
            steps.append(_json_call_step(body) if closed else invalid_call(body, _guess_name(body)))
    return steps


def _action_step(body: str, given: str | None) -> Step:
    content = body if given is None else f"{body}\nAction Input: {given}"
    if body.startswith("{"):
        return _json_call_step(body)
    m = _BRACKET_CALL.match(body)  # up to the last "]"; a remark after the call does not void it
    if m is not None:
        return Step("tool_call", content, tool=m.group(1), arguments=_arguments(m.group(2)))
    if TOOL_NAME.fullmatch(body):
        return Step("tool_call", content, tool=body, arguments=_arguments(given))
    return invalid_call(content)


def _json_call_step(body: str) -> Step:
    text = _FENCE.sub("", body.strip())
    try:
        call = json.loads(text)
    except (ValueError, RecursionError):
        return invalid_call(body, _guess_name(body))
    if not isinstance(call, Mapping):
        return invalid_call(body)
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
    return short(content)


def short(value: Any, limit: int = 500) -> str:
    try:
        text = value if isinstance(value, str) else json.dumps(value, default=str, ensure_ascii=False)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text[:limit]


def _message_call_step(call: Any) -> Step:
    if not isinstance(call, Mapping):
        return invalid_call(short(call))
    function = call.get("function")
    spec = function if isinstance(function, Mapping) else call
    name = spec.get("name")
    tool = name if isinstance(name, str) and name else None
    raw = spec["arguments"] if "arguments" in spec else spec.get("parameters")
    content = short({"name": name, "arguments": raw}, limit=10_000)
    return Step("tool_call", content, tool=tool, arguments=_arguments(raw) if tool else None)


def _ok_flag(message: Mapping[str, Any]) -> bool | None:
    ok = message.get("ok")
    if isinstance(ok, bool):
        return ok
    is_error = message.get("is_error")
    return (not is_error) if isinstance(is_error, bool) else None


def message_steps(messages: Any) -> list[Step]:
    if isinstance(messages, str):
        return text_steps(messages, in_message=False)
    if isinstance(messages, Mapping):
        messages = [messages]
    if not isinstance(messages, Sequence):
        return [invalid_call(short(messages))]
    # (steps, text, is_candidate_final): a message's steps are settled once we know which one is final
    parsed: list[tuple[list[Step], str, bool]] = []
    for message in messages:
        if not isinstance(message, Mapping):
            parsed.append(([invalid_call(short(message))], "", False))
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
            steps = text_steps(text, in_message=True)
            calls = message.get("tool_calls")
            if calls is not None and not isinstance(calls, (list, tuple)):
                steps.append(invalid_call(short(calls)))
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


def record_step(item: Any) -> Step:
    if isinstance(item, Step):
        return item
    if not isinstance(item, Mapping) or item.get("kind") not in KINDS:
        return invalid_call(short(item))
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


def step_text(step: Step) -> str:
    if step.kind == "tool_call" and step.arguments:
        return f"{step.content}\n{short(step.arguments, limit=100_000)}"
    return step.content
