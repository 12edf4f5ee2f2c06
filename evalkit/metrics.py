"""Sampling metrics over graded records: accuracy with intervals, pass@k, pass^k, maj@k, breakdowns.

Everything here is pure Python (no torch, no numpy) and works on the records the eval writes, one per
problem × sample. A record is a mapping with at least ``id``, ``sample_index``, ``gold``, ``extracted``,
``verdict`` / ``correct`` (flexible policy) and ``verdict_strict`` / ``correct_strict``; optional fields
``extracted_strict``, ``subject``, ``level`` (MATH), ``calculations`` (GSM8K ``<<…>>`` count),
``token_count`` and ``choices`` are used when present.

The estimators, with ``n`` samples of one problem of which ``c`` are correct:

- ``pass@k``: probability that at least one of ``k`` samples drawn without replacement is correct, the
  unbiased estimator of Chen et al. (2021), ``1 - C(n-c, k) / C(n, k)``;
- ``pass^k``: probability that all ``k`` drawn samples are correct (tau-bench), ``C(c, k) / C(n, k)``;
- ``maj@k``: whether the most frequent answer among the first ``k`` samples is correct, where answers are
  grouped by mathematical equivalence (``0.5``, ``1/2`` and ``\\frac{1}{2}`` are one vote each for the
  same answer), not by string.

``k`` can never exceed ``n``: one greedy sample cannot give pass@10, and asking for it is an error.

>>> round(pass_at_k(10, 3, 1), 3), round(pass_at_k(10, 3, 5), 3), pass_hat_k(10, 3, 5)
(0.3, 0.917, 0.0)
>>> pass_at_k(1, 0, 10)
Traceback (most recent call last):
...
ValueError: pass@k needs k <= n samples per problem, got k=10, n=1
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from rewardkit.grade import grade
from rewardkit.types import Policy, Verdict

__all__ = [
    "NON_VOTING",
    "Sample",
    "cluster_answers",
    "cluster_wilson_interval",
    "majority_at_k",
    "pass_at_k",
    "pass_hat_k",
    "summarize",
    "wilson_interval",
]

# the strict policy is the headline (DESIGN.md): its keys carry no suffix
_POLICY_KEYS: tuple[tuple[Policy, str], ...] = (("strict", ""), ("flexible", "_flexible"))

# Verdicts whose sample has not committed to a readable answer under the policy, so it does not vote in
# maj@k: nothing found, unreadable, cut off, hedged, only recoverable by a lenient rule (FORMAT — under the
# strict policy the lenient answer is not accepted, under the flexible one FORMAT means the answer sits in
# the reasoning block), or the grader itself failed / the gold is unusable.
NON_VOTING = frozenset(
    {
        Verdict.NO_ANSWER.value,
        Verdict.UNPARSEABLE.value,
        Verdict.TRUNCATED.value,
        Verdict.AMBIGUOUS.value,
        Verdict.FORMAT.value,
        Verdict.GOLD_INVALID.value,
        Verdict.ERROR.value,
    }
)

_CALC_BUCKETS = ((0, 0, "0"), (1, 2, "1-2"), (3, 4, "3-4"), (5, 6, "5-6"), (7, math.inf, "7+"))


@dataclass(frozen=True)
class Sample:
    """One sample's extracted answer and (optionally) its verdict, as maj@k reads it.

    A sample votes when it has an extracted answer and its verdict is not in :data:`NON_VOTING` (a sample
    without a verdict votes whenever it has an answer). :func:`majority_at_k` also accepts record dicts.

    >>> Sample("1/2", "WRONG").votes, Sample("7", "TRUNCATED").votes, Sample(None).votes
    (True, False, False)
    """

    extracted: str | None
    verdict: str | None = None

    @property
    def votes(self) -> bool:
        if self.extracted is None or not str(self.extracted).strip():
            return False
        return self.verdict is None or str(self.verdict) not in NON_VOTING


SampleLike = Sample | Mapping[str, Any]


# ---------------------------------------------------------------------------------------------- estimators


def _check_nck(name: str, n: int, c: int, k: int) -> None:
    if k < 1:
        raise ValueError(f"{name} needs k >= 1, got k={k}")
    if k > n:
        raise ValueError(f"{name} needs k <= n samples per problem, got k={k}, n={n}")
    if not 0 <= c <= n:
        raise ValueError(f"{name} needs 0 <= c <= n, got c={c}, n={n}")


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k from ``n`` samples with ``c`` correct: ``1 - C(n-c, k) / C(n, k)``.

    Computed in exact rational arithmetic and rounded once, so it has no cancellation at all (more stable
    than the float product ``1 - prod_{i=n-c+1..n} (1 - k/i)`` of Chen et al. 2021, which it equals) and
    pass@1 is exactly ``c/n``. Raises ValueError when ``k > n``, ``k < 1`` or ``c`` is not in ``[0, n]``.

    >>> pass_at_k(5, 2, 1), pass_at_k(5, 2, 2), pass_at_k(5, 2, 4)
    (0.4, 0.7, 1.0)
    """
    _check_nck("pass@k", n, c, k)
    if n - c < k:  # every draw of k must contain a correct sample
        return 1.0
    return float(1 - Fraction(math.comb(n - c, k), math.comb(n, k)))


def pass_hat_k(n: int, c: int, k: int) -> float:
    """pass^k: probability that all of ``k`` samples drawn from ``n`` (``c`` correct) are correct.

    ``C(c, k) / C(n, k)``, exact then rounded once; the same validation as :func:`pass_at_k`.

    >>> pass_hat_k(5, 2, 1), pass_hat_k(5, 2, 2), pass_hat_k(5, 2, 3), pass_hat_k(4, 4, 4)
    (0.4, 0.1, 0.0, 1.0)
    """
    _check_nck("pass^k", n, c, k)
    return float(Fraction(math.comb(c, k), math.comb(n, k)))


def _wilson(p: float, n: float, z: float) -> tuple[float, float]:
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n + z * z / (4 * n * n)) / denom
    # clamp rounding noise so that 0/n starts at exactly 0.0 and n/n ends at exactly 1.0
    lo = 0.0 if p <= 0.0 else max(0.0, centre - half)
    hi = 1.0 if p >= 1.0 else min(1.0, centre + half)
    return lo, hi


def wilson_interval(successes: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (95 % with the default ``z``).

    With ``total == 0`` nothing is known and the interval is the whole ``(0.0, 1.0)``. Unlike the normal
    approximation it stays inside [0, 1] and is not degenerate at 0/n or n/n.

    >>> [round(x, 2) for x in wilson_interval(8, 10)]
    [0.49, 0.94]
    >>> wilson_interval(0, 0), wilson_interval(10, 10)[1], wilson_interval(0, 10)[0]
    ((0.0, 1.0), 1.0, 0.0)
    """
    if total < 0 or not 0 <= successes <= total:
        raise ValueError(f"need 0 <= successes <= total, got {successes}/{total}")
    if total == 0:
        return 0.0, 1.0
    return _wilson(successes / total, total, z)


def cluster_wilson_interval(
    successes: Sequence[int], totals: Sequence[int], z: float = 1.96
) -> tuple[float, float]:
    """Wilson interval for a mean over samples that come in clusters (the samples of one problem).

    Samples of one problem are not independent: a problem the model cannot solve fails all its samples.
    The cluster-robust (ratio-estimator) variance gives the design effect ``deff`` and the effective
    sample size ``n_eff = samples / deff`` (Kish), which is kept within ``[problems, samples]``; the
    Wilson interval is then taken at ``n_eff``. When the accuracy is exactly 0 or 1 the design effect
    cannot be estimated and ``n_eff = problems`` (the conservative end). With one sample per problem this
    is the ordinary Wilson interval.

    >>> [round(x, 3) for x in cluster_wilson_interval([4, 0, 4, 0], [4, 4, 4, 4])]  # 4 problems, not 16
    [0.15, 0.85]
    >>> cluster_wilson_interval([1, 0, 1], [1, 1, 1]) == wilson_interval(2, 3)
    True
    """
    if len(successes) != len(totals):
        raise ValueError("successes and totals must have one entry per problem")
    pairs = [(s, t) for s, t in zip(successes, totals, strict=True) if t > 0]
    if any(not 0 <= s <= t for s, t in pairs):
        raise ValueError("need 0 <= successes <= total for every problem")
    clusters = len(pairs)
    total = sum(t for _, t in pairs)
    if total == 0:
        return 0.0, 1.0
    p = sum(s for s, _ in pairs) / total
    n_eff: float = clusters
    if clusters > 1 and 0.0 < p < 1.0:
        variance = clusters / (clusters - 1) * sum((s - p * t) ** 2 for s, t in pairs) / (total * total)
        # variance 0: every problem sits exactly at the mean, no between-problem spread
        n_eff = min(float(total), max(float(clusters), p * (1.0 - p) / variance)) if variance > 0 else total
    return _wilson(p, n_eff, z)


# ------------------------------------------------------------------------------------------------- maj@k


def _boxed(answer: str) -> str:
    return "\\boxed{" + answer + "}"


@lru_cache(maxsize=65536)
def _grades_as(answer: str, gold: str, choices: tuple[str, ...] | str | None) -> bool:
    """Whether ``answer`` grades CORRECT against ``gold`` (boxed, so both policies agree)."""
    return grade(_boxed(answer), gold=gold, choices=choices).correct


def _equivalent(a: str, b: str, choices: tuple[str, ...] | str | None) -> bool:
    if a.strip() == b.strip():
        return True
    # either direction: rewardkit's equivalence is deliberately asymmetric for rounded golds
    # (3.1416 answers a gold of 3.14, not the reverse), and for voting both mean the same answer
    return _grades_as(a, b, choices) or _grades_as(b, a, choices)


def _answer_of(sample: SampleLike, policy: Policy) -> str | None:
    """The answer a sample votes for under ``policy``, or None when it does not vote."""
    if isinstance(sample, Sample):
        return sample.extracted if sample.votes else None
    if policy == "strict":
        extracted = sample.get("extracted_strict", sample.get("extracted"))
        verdict = sample.get("verdict_strict")
    else:
        extracted, verdict = sample.get("extracted"), sample.get("verdict")
    vote = Sample(None if extracted is None else str(extracted), None if verdict is None else str(verdict))
    return vote.extracted if vote.votes else None


def _choices_key(choices: str | Sequence[str] | None) -> tuple[str, ...] | str | None:
    if choices is None or isinstance(choices, str):
        return choices
    return tuple(choices)


def cluster_answers(
    answers: Sequence[str | None], choices: str | Sequence[str] | None = None
) -> tuple[list[int | None], list[str]]:
    """Group answers by equivalence, in order: each answer joins the first earlier cluster it matches.

    Returns one cluster label per answer (None for a missing answer) and each cluster's representative
    (its first answer). Because clusters are created in order, the labels of any prefix are the labels
    that prefix would get on its own, so maj@k for every k needs one clustering.

    >>> cluster_answers(["0.5", "3", None, "\\\\frac{1}{2}", "1/2"])
    ([0, 1, None, 0, 0], ['0.5', '3'])
    """
    key = _choices_key(choices)
    labels: list[int | None] = []
    reps: list[str] = []
    for answer in answers:
        if answer is None:
            labels.append(None)
            continue
        label = next((i for i, rep in enumerate(reps) if _equivalent(answer, rep, key)), None)
        if label is None:
            label = len(reps)
            reps.append(answer)
        labels.append(label)
    return labels, reps


def _majority(labels: Sequence[int | None]) -> int | None:
    counts = Counter(label for label in labels if label is not None)
    if not counts:
        return None
    # cluster labels are numbered by first occurrence: the smallest label wins a tie
    return min(counts, key=lambda label: (-counts[label], label))


def majority_at_k(
    samples: Sequence[SampleLike],
    k: int,
    gold: str,
    *,
    policy: Policy = "flexible",
    choices: str | Sequence[str] | None = None,
) -> bool:
    """maj@k for one problem: is the most frequent answer among the first ``k`` samples correct?

    ``samples`` are :class:`Sample` objects or record dicts (which vote with ``extracted``/``verdict``, or
    under ``policy="strict"`` with ``extracted_strict`` (falling back to ``extracted``)/``verdict_strict``).
    Answers are grouped by equivalence as rewardkit grades it (:func:`cluster_answers`), samples that did
    not commit to an answer (:data:`NON_VOTING` verdicts, no extracted text) do not vote, a tie goes to the
    answer that appeared first, and the winning answer is graded against ``gold``. No vote at all is a
    miss. ``k`` must be in ``[1, len(samples)]``.

    >>> votes = [Sample("3"), Sample("0.5"), Sample("\\\\frac{1}{2}"), Sample("3"), Sample("1/2")]
    >>> majority_at_k(votes, 5, gold="1/2"), majority_at_k(votes, 2, gold="1/2")
    (True, False)
    """
    if not 1 <= k <= len(samples):
        raise ValueError(f"maj@k needs 1 <= k <= n samples, got k={k}, n={len(samples)}")
    answers = [_answer_of(s, policy) for s in samples[:k]]
    labels, reps = cluster_answers(answers, choices)
    winner = _majority(labels)
    return winner is not None and _grades_as(reps[winner], gold, _choices_key(choices))


# ---------------------------------------------------------------------------------------------- summarize


@dataclass
class _Problem:
    id: Any
    records: list[Mapping[str, Any]]

    @property
    def first(self) -> Mapping[str, Any]:
        return self.records[0]

    def correct(self, policy: Policy) -> list[bool]:
        return [_is_correct(r, policy) for r in self.records]


def _verdict(record: Mapping[str, Any], policy: Policy) -> str | None:
    value = record.get("verdict_strict" if policy == "strict" else "verdict")
    return None if value is None else str(value)


def _is_correct(record: Mapping[str, Any], policy: Policy) -> bool:
    value = record.get("correct_strict" if policy == "strict" else "correct")
    if value is None:
        return _verdict(record, policy) == Verdict.CORRECT.value
    return bool(value)


def _gold_invalid(record: Mapping[str, Any]) -> bool:
    invalid = Verdict.GOLD_INVALID.value
    return _verdict(record, "flexible") == invalid or _verdict(record, "strict") == invalid


def _group(records: Iterable[Mapping[str, Any]]) -> list[_Problem]:
    problems: dict[Any, _Problem] = {}
    seen: set[tuple[Any, Any]] = set()
    for record in records:
        pid = record["id"]
        index = record.get("sample_index")
        if index is not None:
            if (pid, index) in seen:
                raise ValueError(f"duplicate record for problem {pid!r}, sample_index {index!r}")
            seen.add((pid, index))
        problems.setdefault(pid, _Problem(pid, [])).records.append(record)
    for problem in problems.values():
        if all(r.get("sample_index") is not None for r in problem.records):
            problem.records.sort(key=lambda r: r["sample_index"])
    return list(problems.values())


def _rate(hits: int, total: int) -> float | None:
    return hits / total if total else None


def _accuracy_block(problems: Sequence[_Problem]) -> dict[str, Any]:
    """n, records and both accuracies over a group of problems (a breakdown cell)."""
    records = sum(len(p.records) for p in problems)
    strict = sum(sum(p.correct("strict")) for p in problems)
    flexible = sum(sum(p.correct("flexible")) for p in problems)
    return {
        "n": len(problems),
        "records": records,
        "accuracy": _rate(strict, records),
        "accuracy_flexible": _rate(flexible, records),
    }


def _calc_bucket(count: Any) -> str | None:
    try:
        value = int(count)
    except (TypeError, ValueError):
        return None
    for lo, hi, name in _CALC_BUCKETS:
        if lo <= value <= hi:
            return name
    return None


def _breakdown(problems: Sequence[_Problem], key: Any, order: Any = None) -> dict[str, Any] | None:
    groups: dict[str, list[_Problem]] = {}
    for problem in problems:
        name = key(problem.first)
        if name is not None:
            groups.setdefault(str(name), []).append(problem)
    if not groups:
        return None
    names = sorted(groups, key=order) if order is not None else sorted(groups)
    return {name: _accuracy_block(groups[name]) for name in names}


def _level_order(name: str) -> tuple[int, Any]:
    digits = "".join(ch for ch in name if ch.isdigit())
    return (0, int(digits)) if digits else (1, name)


def _calc_order(name: str) -> int:
    return [b[2] for b in _CALC_BUCKETS].index(name)


def _ci(interval: tuple[float, float] | None) -> list[float] | None:
    return None if interval is None else [interval[0], interval[1]]


def summarize(records: Sequence[Mapping[str, Any]], ks: Sequence[int] | None = None) -> dict[str, Any]:
    """The summary of one checkpoint's records, JSON-ready (string keys, lists, floats, None).

    Records whose verdict (either policy) is GOLD_INVALID say nothing about the model: they are left out
    of every rate and counted under ``gold_invalid`` (records) and ``gold_invalid_problems`` (problems with
    no other record). TIMEOUT and ERROR records stay in (as not correct) and show in the verdict counts.
    Keys:

    - ``n``: problems scored; ``records``: all records given; ``samples_per_problem``: an int, or
      ``{"min": a, "max": b}`` when problems have different numbers of samples (each problem's pass@k then
      uses its own n);
    - ``accuracy`` (strict policy, the headline) and ``accuracy_flexible``: means over all scored samples;
    - ``accuracy_ci95`` / ``accuracy_flexible_ci95``: Wilson intervals over samples, which treat samples as
      independent — too narrow when there are several samples per problem; ``accuracy_ci95_cluster`` /
      ``accuracy_flexible_ci95_cluster`` account for that (:func:`cluster_wilson_interval`);
    - ``verdicts`` / ``verdicts_strict``: counts per verdict over all records (GOLD_INVALID included);
    - ``ks``, then ``pass@k``, ``pass^k``, ``maj@k`` (strict) and ``pass@k_flexible``, ``pass^k_flexible``,
      ``maj@k_flexible``: ``{str(k): mean over problems}``. Without ``ks`` every k up to the smallest
      per-problem sample count is reported; an explicit k above it is refused with ValueError;
    - ``by_subject``, ``by_level``, ``by_calculations`` (buckets ``1-2``, ``3-4``, ``5-6``, ``7+``, and
      ``0`` if any): ``{name: {n, records, accuracy, accuracy_flexible}}`` when the records carry the
      field, else absent; ``token_count``: ``{"mean", "max"}`` when records carry it.

    >>> recs = [{"id": 1, "sample_index": i, "gold": "2", "extracted": "2" if i else "3",
    ...          "verdict": "CORRECT" if i else "WRONG", "correct": bool(i),
    ...          "verdict_strict": "CORRECT" if i == 1 else "FORMAT", "correct_strict": i == 1}
    ...         for i in range(3)]
    >>> s = summarize(recs)
    >>> s["n"], s["samples_per_problem"], round(s["accuracy"], 3), round(s["accuracy_flexible"], 3)
    (1, 3, 0.333, 0.667)
    >>> {k: round(v, 3) for k, v in s["pass@k"].items()}, s["maj@k_flexible"]
    ({'1': 0.333, '2': 0.667, '3': 1.0}, {'1': 0.0, '2': 0.0, '3': 1.0})
    """
    all_records = list(records)
    problems_all = _group(all_records)
    gold_invalid = sum(1 for r in all_records if _gold_invalid(r))
    problems = [
        _Problem(p.id, kept) for p in problems_all if (kept := [r for r in p.records if not _gold_invalid(r)])
    ]
    sizes = [len(p.records) for p in problems]
    min_n = min(sizes, default=0)

    if ks is None:
        k_list = list(range(1, min_n + 1))
    else:
        k_list = sorted(set(int(k) for k in ks))
        bad = [k for k in k_list if k < 1 or (problems and k > min_n)]
        if bad:
            raise ValueError(
                f"k={bad} cannot be estimated: need 1 <= k <= {min_n}, the fewest samples of any problem"
            )
        if not problems:
            k_list = []

    verdicts = Counter(_verdict(r, "flexible") or "MISSING" for r in all_records)
    verdicts_strict = Counter(_verdict(r, "strict") or "MISSING" for r in all_records)
    summary: dict[str, Any] = {
        "n": len(problems),
        "records": len(all_records),
        "records_scored": sum(sizes),
        "samples_per_problem": (
            (sizes[0] if min(sizes) == max(sizes) else {"min": min(sizes), "max": max(sizes)}) if sizes else 0
        ),
        "gold_invalid": gold_invalid,
        "gold_invalid_problems": len(problems_all) - len(problems),
    }
    for policy, suffix in _POLICY_KEYS:
        hits = [sum(p.correct(policy)) for p in problems]
        total = sum(sizes)
        summary[f"accuracy{suffix}"] = _rate(sum(hits), total)
        summary[f"accuracy{suffix}_ci95"] = _ci(wilson_interval(sum(hits), total) if total else None)
        summary[f"accuracy{suffix}_ci95_cluster"] = _ci(
            cluster_wilson_interval(hits, sizes) if total else None
        )
    summary["verdicts"] = dict(sorted(verdicts.items()))
    summary["verdicts_strict"] = dict(sorted(verdicts_strict.items()))
    summary["ks"] = k_list

    for policy, suffix in _POLICY_KEYS:
        at: dict[str, float] = {}
        hat: dict[str, float] = {}
        maj: dict[str, float] = {}
        counts = [(len(p.records), sum(p.correct(policy))) for p in problems]
        majority_hits = _majority_table(problems, k_list, policy)
        for k in k_list:
            at[str(k)] = sum(pass_at_k(n, c, k) for n, c in counts) / len(counts)
            hat[str(k)] = sum(pass_hat_k(n, c, k) for n, c in counts) / len(counts)
            maj[str(k)] = sum(majority_hits[k]) / len(problems)
        summary[f"pass@k{suffix}"] = at
        summary[f"pass^k{suffix}"] = hat
        summary[f"maj@k{suffix}"] = maj

    breakdowns = {
        "by_subject": _breakdown(problems, lambda r: r.get("subject")),
        "by_level": _breakdown(problems, lambda r: r.get("level"), _level_order),
        "by_calculations": _breakdown(problems, lambda r: _calc_bucket(r.get("calculations")), _calc_order),
    }
    summary.update({name: table for name, table in breakdowns.items() if table is not None})
    tokens = [
        float(r["token_count"]) for p in problems for r in p.records if r.get("token_count") is not None
    ]
    if tokens:
        summary["token_count"] = {"mean": sum(tokens) / len(tokens), "max": max(tokens)}
    return summary


def _majority_table(problems: Sequence[_Problem], ks: Sequence[int], policy: Policy) -> dict[int, list[bool]]:
    """maj@k hit per problem for every k, clustering each problem's answers once."""
    table: dict[int, list[bool]] = {k: [] for k in ks}
    if not ks:
        return table
    for problem in problems:
        choices = _choices_key(problem.first.get("choices"))
        gold = str(problem.first.get("gold", ""))
        answers = [_answer_of(r, policy) for r in problem.records[: max(ks)]]
        labels, reps = cluster_answers(answers, choices)
        for k in ks:
            winner = _majority(labels[:k])
            table[k].append(winner is not None and _grades_as(reps[winner], gold, choices))
    return table
