"""Step scorers of the trajectory reward: what one step of an agent trajectory earns.

A step scorer is ``scorer(step, index, trajectory, context) -> float`` (:class:`StepScorer`); the built-ins
pay a well-formed tool call (:class:`ValidToolCall`), a call that succeeded (:class:`ToolSucceeded`), each
new relevant fact an observation brings (:class:`Progress`) and the graded final answer
(:class:`FinalAnswer`).

>>> t = Trajectory((Step("tool_call", "", "mul", {"a": 6, "b": 7}), Step("observation", "42")))
>>> [ValidToolCall()(t.steps[0], 0, t, {}), Progress()(t.steps[1], 1, t, {"gold": "42"})]
[0.1, 0.2]
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any, Protocol

from rewardkit import grade
from rewardkit.errors import ConfigError
from rewardkit.grade import DEFAULT_TIMEOUT_S
from rewardkit.lazy_regex import lazy_compile
from rewardkit.rewards.accuracy import gold_for
from rewardkit.rewards.trajectory_parsers import TOOL_NAME, step_text
from rewardkit.rewards.trajectory_steps import Step, Trajectory
from rewardkit.types import GradeResult, Policy, Verdict

__all__ = ["FinalAnswer", "Progress", "StepScorer", "ToolSucceeded", "ValidToolCall", "gold_numbers"]


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
        if not step.tool or not TOOL_NAME.fullmatch(step.tool):
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


_NUMBER = lazy_compile(r"-?\d[\d,]{0,60}(?:\.\d{1,30})?")


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
            found -= set(self.facts(step_text(earlier), context))
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
