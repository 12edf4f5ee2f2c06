"""``rewardkit audit FILE --a SPEC --b SPEC``: grade completions with two graders, list the disagreements.

A grader's false negatives and false positives on a user's own data show up as the samples where two
graders disagree; reading those few by hand says which grader is right. Grader specs:

- ``rewardkit:flexible`` (or ``rewardkit``), ``rewardkit:strict``: :func:`rewardkit.grade` under a policy;
- ``math-verify``: ``verify(parse(gold), parse(completion))`` (``pip install math-verify``);
- ``lm-eval-gsm8k`` (= ``lm-eval-gsm8k:strict``) and ``lm-eval-gsm8k:flexible``: lm-evaluation-harness's
  GSM8K filters — strict-match reads the first ``#### N``, flexible-extract the last number — then its
  exact match after dropping commas, ``$``, everything up to ``#### `` and a final period;
- ``module:callable``: any importable function called as ``fn(completion, gold)``, returning a bool or a
  number (a number counts as correct when it is at least 0.5; None means it has no verdict). Nothing from
  Python's standard library is accepted (``builtins:eval`` would run the completions), see
  :mod:`rewardkit.named_code`.

A GSM8K rationale gold (``... #### 72``) is reduced to its final answer for every grader but lm-eval's
(which does the same itself).

>>> g = load_grader("lm-eval-gsm8k:flexible")
>>> g("so the total is $1,200.", "Add them: 1000+200 = <<1000+200=1200>>1200\\n#### 1200").correct
True
>>> load_grader("lm-eval-gsm8k")("so the total is 1200", "1200").correct
False
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from rewardkit.errors import ConfigError
from rewardkit.named_code import is_code_name, resolve_callable

__all__ = ["AuditRow", "Grader", "Judgement", "SpecError", "audit", "load_grader"]

PASS_MARK = 0.5


class SpecError(ValueError):
    """A grader spec that cannot be used (unknown name, missing package, import failure)."""


@dataclass(frozen=True)
class Judgement:
    """One grader's view of one sample: correct (None when it gave no verdict), its score and answer."""

    correct: bool | None
    score: float | None = None
    answer: str | None = None
    error: str | None = None


@dataclass(frozen=True)
class Grader:
    """A named grading function ``(completion, gold, finished) -> Judgement``."""

    spec: str
    judge: Callable[[str, str, bool | None], Judgement]

    def __call__(self, completion: str, gold: str, finished: bool | None = None) -> Judgement:
        try:
            return self.judge(completion, gold, finished)
        except Exception as exc:  # one sample's failure must not cost the audit
            return Judgement(None, error=f"{type(exc).__name__}: {exc}")


def _reduced(gold: str) -> str:
    return gold.rsplit("####", 1)[1].strip() if "####" in gold else gold


def _rewardkit(policy: str) -> Callable[[str, str, bool | None], Judgement]:
    from rewardkit import grade

    def judge(completion: str, gold: str, finished: bool | None) -> Judgement:
        r = grade(completion, gold=gold, policy=policy, finished=finished)  # type: ignore[arg-type]
        if r.verdict.value == "GOLD_INVALID":
            return Judgement(None, answer=r.extracted, error=f"GOLD_INVALID: {r.detail}")
        return Judgement(r.correct, 1.0 if r.correct else 0.0, r.extracted, None)

    return judge


def _math_verify() -> Callable[[str, str, bool | None], Judgement]:
    try:
        import logging

        from math_verify import parse, verify
    except ImportError as exc:
        raise SpecError(f"math-verify is not installed ({exc}): pip install math-verify") from None
    logging.getLogger("math_verify").setLevel(logging.CRITICAL)

    def judge(completion: str, gold: str, finished: bool | None) -> Judgement:
        parsed = parse(completion)
        ok = bool(verify(parse(_reduced(gold)), parsed))
        answer = str(parsed[-1]) if parsed else None
        return Judgement(ok, 1.0 if ok else 0.0, answer)

    return judge


# lm-evaluation-harness, tasks/gsm8k/gsm8k.yaml: filters and exact_match's regexes_to_ignore
LM_EVAL_STRICT = re.compile(r"#### (\-?[0-9\.\,]+)")
LM_EVAL_FLEXIBLE = re.compile(r"(-?[$0-9.,]{2,})|(-?[0-9]+)")
_LM_EVAL_IGNORE = (re.compile(","), re.compile(r"\$"), re.compile(r"(?s).*#### "), re.compile(r"\.$"))


def _lm_eval_normalise(text: str) -> str:
    for pattern in _LM_EVAL_IGNORE:
        text = pattern.sub("", text)
    return text.strip().lower()


def lm_eval_extract(completion: str, mode: str) -> str | None:
    """The answer lm-eval's GSM8K filter takes: the first ``#### N`` (strict), the last number (flexible)."""
    pattern = LM_EVAL_STRICT if mode == "strict" else LM_EVAL_FLEXIBLE
    matches = list(pattern.finditer(completion))
    if not matches:
        return None
    m = matches[0] if mode == "strict" else matches[-1]
    return next((g for g in m.groups() if g), m.group(0))


def _lm_eval(mode: str) -> Callable[[str, str, bool | None], Judgement]:
    def judge(completion: str, gold: str, finished: bool | None) -> Judgement:
        answer = lm_eval_extract(completion, mode)
        if answer is None:
            return Judgement(False, 0.0, None)  # the harness's "[invalid]" fallback
        ok = _lm_eval_normalise(answer) == _lm_eval_normalise(gold)
        return Judgement(ok, 1.0 if ok else 0.0, answer)

    return judge


def _callable(spec: str) -> Callable[[str, str, bool | None], Judgement]:
    try:
        # a grader is called on every completion: nothing from the standard library (builtins:eval) is one
        fn = resolve_callable(spec, what="grader")
    except ConfigError as exc:
        raise SpecError(str(exc)) from None

    def judge(completion: str, gold: str, finished: bool | None) -> Judgement:
        value = fn(completion, _reduced(gold))
        if value is None:
            return Judgement(None, None, None, "returned None (no verdict)")
        if isinstance(value, bool):
            return Judgement(value, 1.0 if value else 0.0)
        if isinstance(value, (int, float)):
            return Judgement(float(value) >= PASS_MARK, float(value))
        return Judgement(None, error=f"returned {type(value).__name__}, expected a bool or a number")

    return judge


_BUILTIN: dict[str, Callable[[], Callable[[str, str, bool | None], Judgement]]] = {
    "rewardkit": lambda: _rewardkit("flexible"),
    "rewardkit:flexible": lambda: _rewardkit("flexible"),
    "rewardkit:strict": lambda: _rewardkit("strict"),
    "math-verify": _math_verify,
    "lm-eval-gsm8k": lambda: _lm_eval("strict"),
    "lm-eval-gsm8k:strict": lambda: _lm_eval("strict"),
    "lm-eval-gsm8k:flexible": lambda: _lm_eval("flexible"),
}

BUILTIN_SPECS = tuple(_BUILTIN)


def load_grader(spec: str) -> Grader:
    """A :class:`Grader` from a spec (see the module docstring); raises :class:`SpecError`."""
    spec = spec.strip()
    if spec in _BUILTIN:
        return Grader(spec, _BUILTIN[spec]())
    if is_code_name(spec):
        return Grader(spec, _callable(spec))
    raise SpecError(f"unknown grader {spec!r}: use one of {', '.join(BUILTIN_SPECS)} or module:callable")


@dataclass(frozen=True)
class AuditRow:
    """One sample graded by both graders."""

    line: int
    id: Any
    gold: str
    completion: str
    a: Judgement
    b: Judgement

    @property
    def outcome(self) -> str:
        """``both_right``, ``both_wrong``, ``only_a``, ``only_b`` (right), or ``no_verdict``."""
        if self.a.correct is None or self.b.correct is None:
            return "no_verdict"
        if self.a.correct and self.b.correct:
            return "both_right"
        if not self.a.correct and not self.b.correct:
            return "both_wrong"
        return "only_a" if self.a.correct else "only_b"

    @property
    def disagree(self) -> bool:
        return self.outcome in ("only_a", "only_b")

    def to_dict(self, a_spec: str, b_spec: str) -> dict[str, Any]:
        return {
            "line": self.line,
            "id": self.id,
            "outcome": self.outcome,
            "gold": self.gold,
            "completion": self.completion,
            "a": {"spec": a_spec, **_judgement_dict(self.a)},
            "b": {"spec": b_spec, **_judgement_dict(self.b)},
        }


def _judgement_dict(j: Judgement) -> dict[str, Any]:
    return {"correct": j.correct, "score": j.score, "answer": j.answer, "error": j.error}


def audit(samples: Iterable[tuple[int, Any, str, str, bool | None]], a: Grader, b: Grader) -> list[AuditRow]:
    """Grade every ``(line, id, completion, gold, finished)`` with both graders."""
    return [
        AuditRow(line, id_, gold, completion, a(completion, gold, finished), b(completion, gold, finished))
        for line, id_, completion, gold, finished in samples
    ]
