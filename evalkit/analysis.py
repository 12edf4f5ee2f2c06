"""Error analysis of eval records: what went wrong, where the measurement may be at fault, what to do next.

Everything here works on the table :func:`load_records` returns (one row per graded sample, pandas), so a
user can slice the same data their own way. The pieces:

- :data:`CATEGORIES`, :data:`CATEGORY_LABELS`: the taxonomy of DESIGN.md as :attr:`Verdict.category`
  defines it (hedging, AMBIGUOUS, is its own category), re-exported from :mod:`rewardkit.types`;
- :func:`breakdown`: count and rate (Wilson 95% interval) per category under both policies;
  :func:`format_cost`: the strict-vs-flexible gap in points;
- :func:`grader_suspects`: samples where the *measurement* may be wrong — another reading of the same
  completion (its last number, as lm-eval's flexible regex reads it, or its ``#### N`` marker) is
  equivalent to the gold while the grade says otherwise, or the extracted span differs between policies;
- :func:`reasoning_detail`: for wrong answers to GSM8K-style golds with ``<<a*b=c>>`` annotations, whether
  the final number is one of the gold's intermediate results, whether the completion has an arithmetic
  slip, whether the number is right up to a unit scale (x100, x1000, x60);
- :func:`recommendations`: short rule-based advice from the distribution;
- :func:`compare_checkpoints`: category rates per checkpoint and which moved.

>>> [str(x) for x in equations("so 16 - 3 - 4 = 9 eggs, and 9 * 2 = $17.")]
['16 - 3 - 4 = 9 (true)', '9 * 2 = $17 (false: 18)']
>>> scale_factor(Fraction(1800), Fraction(18)), scale_factor(Fraction(3), Fraction(180))
('x100', '/60')
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from evalkit.metrics import wilson_interval
from evalkit.records import EvalSource, checkpoint_step, find_eval_records, natural_key
from rewardkit.jsonl import LineError, Record, iter_jsonl
from rewardkit.types import CATEGORIES, CATEGORY_LABELS, Policy, Verdict

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "CATEGORIES",
    "CATEGORY_LABELS",
    "Change",
    "Equation",
    "EvalSource",
    "ReasoningDetail",
    "accuracy_changes",
    "breakdown",
    "category_changes",
    "checkpoint_step",
    "compare_checkpoints",
    "discover",
    "equations",
    "format_cost",
    "grader_suspects",
    "group_name",
    "intervals_overlap",
    "is_training_run",
    "load_records",
    "moved",
    "reasoning_detail",
    "recommendations",
    "scale_factor",
    "was_cut_off",
]

_VERDICTS = {v.value for v in Verdict}



# ------------------------------------------------------------------------------------------------ loading


# one checkpoint's records, found as every command finds them (evalkit.records.find_eval_records)
discover = find_eval_records


def _read_one(source: EvalSource, errors: list[LineError]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    seen: dict[tuple[str, Any], int] = {}
    label = str(source.records)
    for item in iter_jsonl(source.records, required=("id", "verdict"), strings=("verdict",)):
        if isinstance(item, LineError):
            errors.append(item)
            continue
        data = _validate(item, label, errors)
        if data is None:
            continue
        key = (json.dumps(data["id"]), data.get("sample_index"))
        if key in seen:
            errors.append(
                LineError(
                    label,
                    item.line,
                    f"repeats id {data['id']!r} sample_index {data.get('sample_index')} "
                    f"(first on line {seen[key]})",
                    "sample_index",
                )
            )
            continue
        seen[key] = item.line
        rows.append(data)
    return rows


def _validate(item: Record, label: str, errors: list[LineError]) -> dict[str, Any] | None:
    data = dict(item.data)
    for key in ("verdict", "verdict_strict"):
        value = data.get(key)
        if key == "verdict_strict" and value is None:
            continue
        if value not in _VERDICTS:
            shown = json.dumps(value)[:40]
            errors.append(
                LineError(
                    label,
                    item.line,
                    f"field {key!r} is not a verdict ({', '.join(_VERDICTS)}), got {shown}",
                    key,
                )
            )
            return None
    if data.get("verdict_strict") is None:  # a record graded under one policy: the other reads the same
        data["verdict_strict"] = data["verdict"]
    data.setdefault("correct", data["verdict"] == Verdict.CORRECT.value)
    data.setdefault("correct_strict", data["verdict_strict"] == Verdict.CORRECT.value)
    span = data.get("span")
    if span is not None and not (
        isinstance(span, list) and len(span) == 2 and all(isinstance(x, int) for x in span)
    ):
        errors.append(LineError(label, item.line, "field 'span' must be [start, end] or null", "span"))
        return None
    return data


def load_records(path: str | os.PathLike[str]) -> pd.DataFrame:
    """Every graded sample under ``path`` as one table (pandas), in checkpoint (step) order.

    One row per record with every record field (see :mod:`evalkit.records`), plus ``checkpoint`` (the
    folder name), ``step`` (from ``checkpoint-N``-style names; missing otherwise), ``category`` and
    ``category_strict`` (the error-analysis category under each policy), ``dataset`` (the input the
    summary names, when it names one). Malformed lines are skipped; their ``FILE:LINE: ...`` messages are
    in ``df.attrs["errors"]``. Raises FileNotFoundError when there are no records, ImportError without
    pandas (``pip install 'rewardkit[report]'``).
    """
    import pandas as pd

    errors: list[LineError] = []
    rows: list[dict[str, Any]] = []
    for source in discover(path):
        dataset = _dataset_name(source.summary)
        for data in _read_one(source, errors):
            data["checkpoint"] = source.checkpoint
            data["step"] = source.step
            data["dataset"] = dataset
            rows.append(data)
    df = pd.DataFrame(rows)
    if df.empty:
        df = pd.DataFrame(columns=["id", "sample_index", "verdict", "verdict_strict", "checkpoint", "step"])
    df["step"] = df["step"].astype("Int64")
    df["category"] = [Verdict(v).category for v in df["verdict"]]
    df["category_strict"] = [Verdict(v).category for v in df["verdict_strict"]]
    df.attrs["errors"] = [str(e) for e in errors]
    return df


def _dataset_name(summary: Path) -> str | None:
    """The input a summary names (``completions`` path, ``dataset`` or ``data_file``): its file name only."""
    try:
        data = json.loads(summary.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    for key in ("dataset", "data_file", "completions"):
        value = data.get(key)
        if isinstance(value, str) and value:
            return Path(value).name if key != "dataset" else value
    return None


def checkpoints(df: pd.DataFrame) -> list[str]:
    """The checkpoint names of a records table, in the table's (step) order."""
    return list(dict.fromkeys(df["checkpoint"]))


def is_training_run(steps: Sequence[int | None]) -> bool:
    """Whether folders with these steps are checkpoints of one run (each has its own step), to be drawn
    over a step axis; otherwise they are separate things compared (models of several sizes, say).

    >>> is_training_run([5, 10]), is_training_run([None, None]), is_training_run([None, 500])
    (True, False, False)
    """
    return bool(steps) and all(s is not None for s in steps) and len(set(steps)) == len(steps)


# --------------------------------------------------------------------------------------------- breakdown


def breakdown(df: pd.DataFrame) -> pd.DataFrame:
    """Count, rate and Wilson 95% interval of every category, under the flexible and the strict policy.

    Rates are over all records (GOLD_INVALID and grader errors included), so each column sums to 1.
    """
    import pandas as pd

    n = len(df)
    rows = []
    for cat in CATEGORIES:
        row: dict[str, Any] = {"category": cat, "label": CATEGORY_LABELS[cat]}
        for suffix, column in (("", "category"), ("_strict", "category_strict")):
            k = int((df[column] == cat).sum()) if n else 0
            lo, hi = wilson_interval(k, n)
            row[f"count{suffix}"] = k
            row[f"rate{suffix}"] = k / n if n else None
            row[f"ci_low{suffix}"], row[f"ci_high{suffix}"] = (lo, hi) if n else (None, None)
        rows.append(row)
    return pd.DataFrame(rows).set_index("category")


@dataclass(frozen=True)
class FormatCost:
    """Accuracy under both policies (GOLD_INVALID left out, as in summary.json) and the gap in points."""

    scored: int
    accuracy_strict: float | None
    accuracy_flexible: float | None
    lenient_only: int  # samples right under flexible that strict marks FORMAT

    @property
    def points(self) -> float | None:
        if self.accuracy_strict is None or self.accuracy_flexible is None:
            return None
        return 100 * (self.accuracy_flexible - self.accuracy_strict)


def format_cost(df: pd.DataFrame) -> FormatCost:
    scored = df[(df["verdict"] != "GOLD_INVALID") & (df["verdict_strict"] != "GOLD_INVALID")]
    n = len(scored)
    strict = int(scored["correct_strict"].astype(bool).sum()) if n else 0
    flexible = int(scored["correct"].astype(bool).sum()) if n else 0
    lenient_only = int(((scored["verdict"] == "CORRECT") & (scored["verdict_strict"] == "FORMAT")).sum())
    return FormatCost(n, strict / n if n else None, flexible / n if n else None, lenient_only)


# ---------------------------------------------------------------------------------------- grader suspects

# lm-eval's GSM8K "flexible-extract" regex (the last match wins) and its "strict-match" regex
LM_EVAL_FLEXIBLE = re.compile(r"(-?[$0-9.,]{2,})|(-?[0-9]+)")
LM_EVAL_STRICT = re.compile(r"#### (\-?[0-9\.\,]+)")


def last_number(text: str) -> str | None:
    """The last number in ``text`` as lm-eval's GSM8K flexible-extract regex reads it.

    >>> last_number("9 * 2 = $18."), last_number("no digits")
    ('$18.', None)
    """
    matches = [m.group(0) for m in LM_EVAL_FLEXIBLE.finditer(text)]
    matches = [m for m in matches if any(ch.isdigit() for ch in m)]
    return matches[-1] if matches else None


def marker_answer(text: str) -> str | None:
    """The ``#### N`` answer as lm-eval's GSM8K strict-match regex reads it (the first match)."""
    m = LM_EVAL_STRICT.search(text)
    return m.group(1) if m else None


@lru_cache(maxsize=65536)
def _answers_gold(answer: str, gold: str) -> bool:
    """Whether the bare ``answer`` is equivalent to ``gold`` (boxed, so no extraction rule can differ)."""
    from rewardkit import grade

    cleaned = answer.strip().replace("$", "").rstrip(".,")
    if not cleaned or not any(ch.isdigit() for ch in cleaned):
        return False
    return grade("\\boxed{" + cleaned + "}", gold=gold).correct


def _span(value: Any) -> tuple[int, int] | None:
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return int(value[0]), int(value[1])
    return None


def was_cut_off(record: Mapping[str, Any]) -> bool:
    """Whether the completion hit the length limit: verdict TRUNCATED (either policy), ``finished: false``
    or ``finish_reason: "length"``.

    >>> was_cut_off({"verdict": "WRONG", "finish_reason": "length"}), was_cut_off({"verdict": "WRONG"})
    (True, False)
    """
    return (
        Verdict.TRUNCATED.value in (record.get("verdict"), record.get("verdict_strict"))
        or record.get("finished") is False
        or record.get("finish_reason") == "length"
    )


def suspect_reasons(record: Mapping[str, Any]) -> list[str]:
    """Why the grade of one record may be a measurement fault (empty when there is no reason to doubt it)."""
    verdict, strict = record.get("verdict"), record.get("verdict_strict")
    if verdict == "GOLD_INVALID" or strict == "CORRECT":
        return []
    # a completion cut off mid-thought has committed to nothing: a number it wrote on the way that happens
    # to equal the gold is not an answer the grader missed
    if was_cut_off(record):
        return []
    # a hedge ("3 or 4") contains the gold by construction: another reading matching it is the guard working
    hedged = verdict == "AMBIGUOUS" or strict == "AMBIGUOUS"
    completion, gold = record.get("completion"), record.get("gold")
    if not isinstance(completion, str) or not isinstance(gold, str):
        return []
    reasons = []
    # a lenient-only hit that flexible credits is the policy working as designed (the format cost), not doubt
    policy_explains = verdict == "CORRECT" and strict == "FORMAT"
    if not (policy_explains or hedged):
        tail = last_number(completion)
        if tail is not None and _answers_gold(tail, gold):
            reasons.append(f"a lenient re-grade (last number {tail.strip().rstrip('.,')!r}) matches the gold")
        marked = marker_answer(completion)
        if marked is not None and marked != tail and _answers_gold(marked, gold):
            reasons.append(f"the '#### {marked}' answer matches the gold")
    strict_extracted = record.get("extracted_strict")
    strict_span = _span(record.get("span_strict"))
    if (isinstance(strict_extracted, str) and strict_extracted != record.get("extracted")) or (
        strict_span is not None and strict_span != _span(record.get("span"))
    ):
        reasons.append(
            "the extracted span differs between policies "
            f"({record.get('extracted')!r} vs {strict_extracted!r})"
        )
    return reasons


def grader_suspects(df: pd.DataFrame) -> pd.DataFrame:
    """The rows of ``df`` whose grade may be a measurement fault, with a ``reasons`` column (a list).

    A suspect is wrong under the strict policy, not explained by the policy itself (strict FORMAT on a
    sample flexible credits is the format cost), not cut off by the length limit (:func:`was_cut_off`),
    and another reading of the completion — its last
    number, as lm-eval's flexible regex reads it, or its ``#### N`` marker — is equivalent to the gold;
    or its extracted span differs between policies (records that carry ``extracted_strict``/``span_strict``).
    """
    if df.empty:
        return df.assign(reasons=[])
    reasons = [suspect_reasons(r) for r in df.to_dict("records")]
    out = df.assign(reasons=reasons)
    return out[[bool(r) for r in reasons]]


# --------------------------------------------------------------------------------------- reasoning detail

_NUMBER = r"\$?-?\d[\d,]*(?:\.\d+)?"
_OP = r"[-+*/x×÷]"
_EQUATION = re.compile(
    rf"(?<![\w.,%/^])({_NUMBER}(?:\s*{_OP}\s*{_NUMBER})+)\s*=\s*(?:<<[^<>]*>>)?\s*({_NUMBER})(?![\d%^]|\.\d|/\d)"
)
_ANNOTATION = re.compile(r"<<([^<>=]+)=([^<>=]+)>>")


def _fraction(text: str) -> Fraction | None:
    cleaned = text.strip().replace("$", "").replace(",", "").rstrip(".")
    if not cleaned:
        return None
    try:
        return Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        return None


def _evaluate(expression: str) -> Fraction | None:
    """The value of ``a op b op c ...`` with the usual precedence, in exact arithmetic (no eval)."""
    operand = re.compile(rf"\s*({_NUMBER})")
    operator = re.compile(rf"\s*({_OP})")
    m = operand.match(expression)
    first = _fraction(m.group(1)) if m else None
    if m is None or first is None:
        return None
    terms = [first]  # the sum of these is the value; * and / bind to the last term
    pos = m.end()
    while pos < len(expression.rstrip()):
        op_match = operator.match(expression, pos)
        num_match = operand.match(expression, op_match.end()) if op_match else None
        value = _fraction(num_match.group(1)) if num_match else None
        if op_match is None or num_match is None or value is None:
            return None
        op = op_match.group(1)
        if op in "/÷":
            if value == 0:
                return None
            terms[-1] /= value
        elif op in "*x×":
            terms[-1] *= value
        else:
            terms.append(value if op == "+" else -value)
        pos = num_match.end()
    return sum(terms, Fraction(0)) if len(terms) > 1 or pos > m.end() else None


def _decimals(text: str) -> int:
    cleaned = text.strip().replace("$", "").replace(",", "")
    return len(cleaned.split(".", 1)[1]) if "." in cleaned else 0


@dataclass(frozen=True)
class Equation:
    """One ``a op b = c`` statement and whether ``c`` is right (rounding to ``c``'s precision allowed)."""

    expression: str
    stated: str
    value: Fraction

    @property
    def holds(self) -> bool:
        """Whether ``c`` is the value, allowing what is not an arithmetic mistake: rounding or cutting to
        ``c``'s decimals ("5/3 = 1.6", "7/2 = 3"), float noise of a calculator ("= 9.200000000000001") and a
        subtraction written backwards ("5.25 - 15.75 = 10.5": the magnitude is right)."""
        stated = _fraction(self.stated)
        if stated is None:
            return True
        value = self.value
        if abs(value) == abs(stated) or abs(value - stated) <= abs(value) * Fraction(1, 10**9):
            return True
        if value.denominator == 1 and stated.denominator == 1:
            return False
        places = _decimals(self.stated)
        return abs(value - stated) < Fraction(1, 10**places)

    def __str__(self) -> str:
        shown = " ".join(self.expression.split())
        if self.holds:
            return f"{shown} = {self.stated} (true)"
        return f"{shown} = {self.stated} (false: {_show(self.value)})"


def _show(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.6g}"


def equations(text: str) -> list[Equation]:
    """Every ``a op b (op c ...) = c`` in ``text`` (calculator annotations ``<<a*b=c>>`` included)."""
    out: list[Equation] = []
    for m in _ANNOTATION.finditer(text):
        expr, stated = m.group(1), m.group(2)
        value = _evaluate(expr) if re.fullmatch(rf"\s*{_NUMBER}(?:\s*{_OP}\s*{_NUMBER})+\s*", expr) else None
        if value is not None and _fraction(stated) is not None:
            out.append(Equation(expr.strip(), stated.strip(), value))
    plain = _ANNOTATION.sub("", text)
    for m in _EQUATION.finditer(plain):
        value = _evaluate(m.group(1))
        if value is not None:
            out.append(Equation(m.group(1).strip(), m.group(2).strip(), value))
    return out


# the unit slips a right answer is read at: percent vs fraction, grams vs kilograms, minutes vs hours
_UNIT_SLIP_FACTORS = ((100, "x100"), (1000, "x1000"), (60, "x60"))


def scale_factor(answer: Fraction, gold: Fraction) -> str | None:
    """``"x100"``, ``"x1000"``, ``"x60"`` (or ``"/100"``...) when ``answer`` is ``gold`` at another scale."""
    if gold == 0 or answer == 0:
        return None
    for factor, name in _UNIT_SLIP_FACTORS:
        if answer == gold * factor:
            return name
        if answer * factor == gold:
            return "/" + name[1:]
    return None


def gold_intermediates(gold: str) -> list[Fraction]:
    """The results of a GSM8K rationale's ``<<...=c>>`` calculations, in order."""
    results = []
    for m in _ANNOTATION.finditer(gold):
        value = _fraction(m.group(2))
        if value is not None:
            results.append(value)
    return results


@dataclass
class ReasoningDetail:
    """What can be said about wrong answers without a model (GSM8K-style rationale golds only)."""

    wrong: int = 0  # reasoning errors (flexible WRONG) in the table
    eligible: int = 0  # of those, with a rationale gold and a numeric answer
    intermediate: int = 0  # the answer is one of the gold's intermediate results
    arithmetic_slip: int = 0  # the completion states an a op b = c with a wrong c
    off_by_unit: int = 0  # right number, wrong scale
    unexplained: int = 0  # none of the above
    scales: dict[str, int] = field(default_factory=dict)
    examples: dict[str, list[str]] = field(default_factory=dict)  # kind -> a few "id: what" lines

    def as_dict(self) -> dict[str, Any]:
        return {
            "wrong": self.wrong,
            "eligible": self.eligible,
            "intermediate": self.intermediate,
            "arithmetic_slip": self.arithmetic_slip,
            "off_by_unit": self.off_by_unit,
            "unexplained": self.unexplained,
            "scales": dict(self.scales),
        }


def classify_wrong(record: Mapping[str, Any]) -> dict[str, Any] | None:
    """The reasoning-error findings of one WRONG record, or None when its gold has no calculations."""
    gold = record.get("gold")
    if not isinstance(gold, str) or "<<" not in gold:
        return None
    answer = _fraction(str(record.get("extracted_parsed") or record.get("extracted") or ""))
    final = _fraction(str(record.get("gold_parsed") or "")) or _fraction(gold.rsplit("####", 1)[-1])
    if answer is None or final is None:
        return None
    steps = [v for v in gold_intermediates(gold) if v != final]
    completion = record.get("completion") if isinstance(record.get("completion"), str) else ""
    slips = [e for e in equations(completion) if not e.holds]
    return {
        "intermediate": answer in steps,
        "slip": str(slips[0]) if slips else None,
        "scale": scale_factor(answer, final),
    }


def reasoning_detail(df: pd.DataFrame, *, examples: int = 3) -> ReasoningDetail:
    """Classify the flexible-WRONG rows of ``df`` (see :func:`classify_wrong`); the kinds can overlap."""
    detail = ReasoningDetail()
    wrong = df[df["verdict"] == "WRONG"] if not df.empty else df
    detail.wrong = len(wrong)
    for record in wrong.to_dict("records"):
        found = classify_wrong(record)
        if found is None:
            continue
        detail.eligible += 1
        label = f"{record.get('checkpoint')}:{record.get('id')}#{record.get('sample_index')}"
        hits = []
        if found["intermediate"]:
            detail.intermediate += 1
            hits.append(
                ("intermediate", f"{label}: answered {record.get('extracted')} (an intermediate step)")
            )
        if found["slip"]:
            detail.arithmetic_slip += 1
            hits.append(("arithmetic_slip", f"{label}: {found['slip']}"))
        if found["scale"]:
            detail.off_by_unit += 1
            detail.scales[found["scale"]] = detail.scales.get(found["scale"], 0) + 1
            hits.append(("off_by_unit", f"{label}: {record.get('extracted')} is the gold {found['scale']}"))
        if not hits:
            detail.unexplained += 1
        for kind, text in hits:
            shown = detail.examples.setdefault(kind, [])
            if len(shown) < examples:
                shown.append(text)
    return detail


# ---------------------------------------------------------------------------------------- recommendations


def recommendations(
    table: pd.DataFrame, cost: FormatCost, suspects: int, detail: ReasoningDetail | None = None
) -> list[str]:
    """Short rule-based advice from one checkpoint's :func:`breakdown` (flexible policy), format cost,
    grader-suspect count and reasoning detail. The thresholds are deliberately simple and printed."""
    n = int(table["count"].sum())
    if n == 0:
        return ["No records: run `rewardkit eval` first."]

    def rate(cat: str, column: str = "count") -> float:
        return float(table.loc[cat, column]) / n

    advice = []
    unreadable = rate("extraction_failure") + rate("format_error", "count_strict")
    if unreadable >= 0.10:
        advice.append(
            f"{unreadable:.0%} of answers could not be read (extraction failures + strict format errors): "
            "fix the prompt's answer format (say exactly how to mark the final answer, e.g. '#### N' or "
            "\\boxed{}) or weight a format reward (`format`, `tag_count`) — do not add training data for "
            "a reasoning problem that is not there."
        )
    if cost.points is not None and cost.points >= 5:
        advice.append(
            f"Strict scoring costs {cost.points:.1f} points over flexible ({cost.lenient_only} answers only "
            "a lenient rule finds): if the strict format matters downstream, train with a strict accuracy "
            "reward or a format reward; otherwise report the flexible accuracy alongside."
        )
    if rate("truncated") >= 0.05:
        advice.append(
            f"{rate('truncated'):.0%} of completions hit the length limit: raise max tokens "
            "(`--max-new-tokens`, `max_completion_length`) or add a length penalty (`overlong`, "
            "`length_penalty`)."
        )
    if rate("ambiguous") >= 0.02:
        advice.append(
            f"{rate('ambiguous'):.0%} of answers hedge between several values: check with `rewardkit stress` "
            "that the training reward does not pay hedges."
        )
    errors = ("reasoning_error", "extraction_failure", "format_error", "truncated", "ambiguous")
    counts = {cat: int(table.loc[cat, "count"]) for cat in errors}
    if counts["reasoning_error"] and counts["reasoning_error"] == max(counts.values()):
        extra = ""
        if detail is not None and detail.eligible:
            extra = (
                f" Of {detail.eligible} wrong answers with annotated golds, {detail.intermediate} stopped at "
                f"an intermediate step, {detail.arithmetic_slip} have an arithmetic slip and "
                f"{detail.off_by_unit} are off by a unit scale."
            )
        advice.append(
            f"Reasoning errors dominate ({rate('reasoning_error'):.0%}): more data or more training steps; "
            "a step or process reward if the errors are arithmetic." + extra
        )
    if suspects:
        advice.append(
            f"{suspects} grader-suspect sample(s): the measurement may be at fault — audit the grader on "
            "these records (`rewardkit audit records.jsonl --gold-key gold --a rewardkit:strict --b "
            "lm-eval-gsm8k:flexible`)."
        )
    if int(table.loc["data_problem", "count"]):
        advice.append(
            f"{int(table.loc['data_problem', 'count'])} gold answer(s) cannot be parsed and are excluded: "
            "fix the data (`rewardkit check-data`)."
        )
    grader_problems = int(table.loc["grader_problem", "count"])
    if grader_problems:
        advice.append(
            f"{grader_problems} grader timeout(s)/error(s): raise the grading budget (`--timeout`)"
            " or report them as a bug with the record."
        )
    if not advice:
        advice.append("No error category stands out; compare checkpoints or evaluate on a harder split.")
    return advice


# ------------------------------------------------------------------------------------------- checkpoints


def compare_checkpoints(df: pd.DataFrame, column: str = "category") -> pd.DataFrame:
    """Rate of every category per checkpoint (step order) and its change first → last in points."""
    import pandas as pd

    names = checkpoints(df)
    data: dict[str, list[float]] = {}
    for name in names:
        part = df[df["checkpoint"] == name]
        n = len(part)
        data[name] = [float((part[column] == cat).sum()) / n if n else 0.0 for cat in CATEGORIES]
    table = pd.DataFrame(data, index=list(CATEGORIES))
    if len(names) > 1:
        table["change_points"] = 100 * (table[names[-1]] - table[names[0]])
    return table


def intervals_overlap(a: Sequence[float], b: Sequence[float]) -> bool:
    """Whether two intervals ``(low, high)`` share a point.

    >>> intervals_overlap((0.1, 0.4), (0.3, 0.6)), intervals_overlap((0.1, 0.2), (0.3, 0.6))
    (True, False)
    """
    return a[0] <= b[1] and b[0] <= a[1]


@dataclass(frozen=True)
class Change:
    """One rate (a category's share, or accuracy) at the first and the last checkpoint compared, under one
    policy, with both 95% intervals. A change whose intervals overlap is within the noise of the sample.

    >>> c = Change("format_error", "strict", 0.5, 0.1, (0.3, 0.7), (0.02, 0.25))
    >>> round(c.points, 1), c.within_noise
    (-40.0, False)
    """

    name: str  # a category of CATEGORIES, or "accuracy"
    policy: Policy
    first: float | None
    last: float | None
    first_ci: tuple[float, float] | None
    last_ci: tuple[float, float] | None

    @property
    def points(self) -> float | None:
        if self.first is None or self.last is None:
            return None
        return 100 * (self.last - self.first)

    @property
    def within_noise(self) -> bool:
        """True when the two intervals overlap (or one is unknown): the data cannot tell the rates apart."""
        if self.first_ci is None or self.last_ci is None:
            return True
        return intervals_overlap(self.first_ci, self.last_ci)


def category_changes(df: pd.DataFrame) -> list[Change]:
    """Every category's rate first → last checkpoint (step order), flexible then strict, in CATEGORIES
    order; empty with fewer than two checkpoints. Rates are over all records, as in :func:`breakdown`."""
    names = checkpoints(df)
    if len(names) < 2:
        return []
    first, last = df[df["checkpoint"] == names[0]], df[df["checkpoint"] == names[-1]]

    def rate(part: pd.DataFrame, column: str, cat: str) -> tuple[float | None, tuple[float, float] | None]:
        k, n = int((part[column] == cat).sum()), len(part)
        return (k / n, wilson_interval(k, n)) if n else (None, None)

    out = []
    policies: tuple[tuple[Policy, str], ...] = (("flexible", "category"), ("strict", "category_strict"))
    for cat in CATEGORIES:
        for policy, column in policies:
            (a, a_ci), (b, b_ci) = rate(first, column, cat), rate(last, column, cat)
            out.append(Change(cat, policy, a, b, a_ci, b_ci))
    return out


def accuracy_changes(accuracy: Sequence[Mapping[str, Any]]) -> list[Change]:
    """Strict and flexible accuracy first → last of :func:`accuracy_by_checkpoint`'s rows (empty with one)."""
    if len(accuracy) < 2:
        return []
    a, b = accuracy[0], accuracy[-1]
    policies: tuple[Policy, ...] = ("strict", "flexible")
    return [
        Change("accuracy", p, a[f"accuracy_{p}"], b[f"accuracy_{p}"], a[f"ci_{p}"], b[f"ci_{p}"])
        for p in policies
    ]


def moved(changes: Iterable[Change], threshold_points: float = 1.0) -> list[Change]:
    """The changes of at least ``threshold_points``, largest first (ties: category order, flexible first)."""
    order = {cat: i for i, cat in enumerate(CATEGORIES)}
    big = [c for c in changes if c.points is not None and abs(c.points) >= threshold_points]
    return sorted(big, key=lambda c: (-abs(c.points or 0.0), order.get(c.name, -1), c.policy != "flexible"))


def accuracy_by_checkpoint(df: pd.DataFrame) -> list[dict[str, Any]]:
    """Per checkpoint: name, step, records, strict and flexible accuracy (GOLD_INVALID left out)."""
    out = []
    for name in checkpoints(df):
        part = df[df["checkpoint"] == name]
        cost = format_cost(part)
        step = part["step"].iloc[0]
        out.append(
            {
                "checkpoint": name,
                "step": None if step is None or _isna(step) else int(step),
                "records": len(part),
                "scored": cost.scored,
                "accuracy_strict": cost.accuracy_strict,
                "accuracy_flexible": cost.accuracy_flexible,
                "ci_strict": _ci(part, "correct_strict", cost.scored),
                "ci_flexible": _ci(part, "correct", cost.scored),
            }
        )
    return out


def _isna(value: Any) -> bool:
    try:
        import pandas as pd

        return bool(pd.isna(value))
    except (TypeError, ValueError):
        return False


def _ci(part: pd.DataFrame, column: str, scored: int) -> tuple[float, float] | None:
    if not scored:
        return None
    kept = part[(part["verdict"] != "GOLD_INVALID") & (part["verdict_strict"] != "GOLD_INVALID")]
    return wilson_interval(int(kept[column].astype(bool).sum()), scored)


def group_accuracy(df: pd.DataFrame, key: str) -> list[tuple[str, int, float | None, float | None]]:
    """(group, records, strict accuracy, flexible accuracy) per value of ``key`` (level, subject, ...)."""
    if key not in df or df[key].isna().all():
        return []
    out = []
    names = df[key].map(group_name)
    values = sorted({v for v in names if isinstance(v, str)}, key=natural_key)
    for value in values:
        part = df[names == value]
        cost = format_cost(part)
        out.append((value, len(part), cost.accuracy_strict, cost.accuracy_flexible))
    return out


def group_name(value: Any) -> str | None:
    """A group column's value as the name shown (None for a missing one; 3.0 from a gappy column is "3")."""
    if value is None or _isna(value):
        return None
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # a whole-number column with gaps comes back from pandas as floats
    return str(value)


def sample_examples(
    df: pd.DataFrame, n: int, seed: int, *, column: str = "category"
) -> dict[str, list[dict]]:
    """Up to ``n`` records per non-correct category, drawn with a fixed seed (stable across runs).

    Format errors are drawn from the strict policy's FORMAT verdicts (under flexible, FORMAT is rare: it
    only means the answer sits inside the reasoning block); the other categories from ``column``.
    """
    import random

    rng = random.Random(seed)
    out: dict[str, list[dict]] = {}
    for cat in CATEGORIES[1:]:
        col = "category_strict" if cat == "format_error" else column
        rows = df[df[col] == cat].to_dict("records") if not df.empty else []
        if not rows:
            continue
        rows.sort(key=lambda r: (json.dumps(r.get("id"), default=str), r.get("sample_index") or 0))
        out[cat] = rng.sample(rows, min(n, len(rows)))
    return out


def completion_tail(completion: str, span: Sequence[int] | None, limit: int = 400) -> tuple[str, int | None]:
    """The last ``limit`` characters of a completion (more, to keep the extracted span in view), and the
    offset of the tail in the completion, or None when the whole completion is shown."""
    start = max(0, len(completion) - limit)
    if span is not None and span[0] < start:
        start = max(0, span[0] - 80)
    if start == 0:
        return completion, None
    # start at a word boundary so the tail does not begin mid-number
    cut = completion.find(" ", start, start + 40)
    if cut != -1 and (span is None or cut < span[0]):
        start = cut + 1
    return completion[start:], start


def iter_sources(df: pd.DataFrame) -> Iterable[tuple[str, pd.DataFrame]]:
    for name in checkpoints(df):
        yield name, df[df["checkpoint"] == name]
