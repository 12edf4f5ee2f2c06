"""``rewardkit pairs``: verifier-labelled preference pairs from the records ``rewardkit eval`` wrote.

The RLAIF idea with a grader instead of a judge model: for each prompt that ``rewardkit eval`` sampled
several times, a completion the verifier graded CORRECT is *chosen* and a WRONG one for the same prompt is
*rejected*. ``rewardkit train rm`` (:mod:`runners.rm`) trains a reward model on them.

    rewardkit eval --model runs/grpo --data-file problems.jsonl --output-dir runs/eval --n 8
    rewardkit pairs runs/grpo -o runs/pairs.jsonl --heldout-fraction 0.1

The records are found as ``rewardkit report`` finds them (:func:`evalkit.records.find_eval_records`): a
training run folder (``RUN/eval/<checkpoint>/``), an eval output folder, one checkpoint's folder, or a
records file. Verdicts are read under the flexible policy by default, as ``grade`` and ``score`` grade.
Pairs are split into train and held-out **by problem id**, never by pair, so no held-out prompt was seen in
training under any checkpoint and the held-out accuracy is honest. Pure Python (no torch): ``rewardkit
pairs`` runs without the ``[train]`` extra.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from evalkit.records import EvalSource, find_eval_records, record_key
from rewardkit.exit_codes import EXIT_OK, EXIT_USAGE
from rewardkit.jsonl import LineError, iter_jsonl, summarize_line_errors, write_jsonl

__all__ = [
    "EXCLUDED_VERDICTS",
    "HELDOUT",
    "REJECTABLE_VERDICTS",
    "TRAIN",
    "Completion",
    "PairStats",
    "build_pairs",
    "pairs_main",
    "read_completions",
]

POLICIES = ("flexible", "strict")
# verdicts that say nothing about the completion (the gold or the grader failed): never chosen, never rejected
EXCLUDED_VERDICTS = frozenset({"GOLD_INVALID", "TIMEOUT", "ERROR"})
# verdicts a rejected completion may have; only WRONG by default (see --rejected-verdicts)
REJECTABLE_VERDICTS = ("WRONG", "FORMAT", "NO_ANSWER", "UNPARSEABLE", "AMBIGUOUS", "TRUNCATED")
_KNOWN_VERDICTS = frozenset({"CORRECT", *REJECTABLE_VERDICTS, *EXCLUDED_VERDICTS})
# the fields each policy reads from a record
_POLICY_FIELDS = {"strict": ("verdict_strict", "correct_strict"), "flexible": ("verdict", "correct")}

TRAIN, HELDOUT = "train", "heldout"


# --------------------------------------------------------------------------- reading eval records


@dataclass(frozen=True)
class Completion:
    """One graded sample, as a pair needs it; ``where`` is ``FILE:LINE`` for messages."""

    checkpoint: str | None
    id: Any
    sample_index: int
    prompt: str
    text: str
    verdict: str
    gold: str | None
    where: str


def _scalar_id(value: Any) -> bool:
    return value is not None and not isinstance(value, (bool, float, list, dict))


def read_completions(
    sources: Sequence[EvalSource], *, policy: str = "flexible"
) -> tuple[list[Completion], list[str], list[str]]:
    """Every graded sample of ``sources`` (:func:`evalkit.records.find_eval_records`): ``(completions,
    errors, warnings)``, verdicts read under ``policy``.

    Each error is ``FILE:LINE: message`` naming the field; that line is skipped. A truncated last line (an
    interrupted eval) is a warning, as ``rewardkit eval`` itself treats it when it resumes.
    """
    verdict_key, correct_key = _POLICY_FIELDS[policy]
    completions: list[Completion] = []
    errors: list[str] = []
    warnings: list[str] = []
    for source in sources:
        checkpoint, path = source.checkpoint, source.records
        seen: dict[tuple[str, int], int] = {}
        truncated_tail = _truncated_last_line(path)
        for item in iter_jsonl(path, required=("id", "sample_index", "completion", verdict_key)):
            if isinstance(item, LineError):
                if item.line == truncated_tail and item.field is None:
                    warnings.append(
                        f"{item.path}:{item.line}: skipping a truncated last line (an interrupted eval?)"
                    )
                else:
                    errors.append(str(item))
                continue
            data, where = item.data, f"{path}:{item.line}"
            problem = _record_problem(data, verdict_key, correct_key)
            if problem is not None:
                errors.append(f"{where}: {problem}")
                continue
            key = record_key(data["id"], data["sample_index"])
            if key in seen:
                errors.append(
                    f"{where}: field 'sample_index': id {data['id']!r} sample {data['sample_index']} "
                    f"repeats line {seen[key]}"
                )
                continue
            seen[key] = item.line
            prompt = data.get("prompt")
            gold = data.get("gold")
            completions.append(
                Completion(
                    checkpoint=checkpoint,
                    id=data["id"],
                    sample_index=data["sample_index"],
                    prompt=prompt if isinstance(prompt, str) else data["question"],
                    text=data["completion"],
                    verdict=data[verdict_key],
                    gold=gold if isinstance(gold, str) else None,
                    where=where,
                )
            )
    return completions, errors, warnings


def _truncated_last_line(path: Path) -> int | None:
    """The number of the last line when the file does not end with a newline (it may be cut short)."""
    raw = path.read_bytes()
    if not raw or raw.endswith(b"\n"):
        return None
    return raw.count(b"\n") + 1


def _record_problem(data: dict[str, Any], verdict_key: str, correct_key: str) -> str | None:
    """What is wrong with one record's fields (naming the field), or None."""
    if not _scalar_id(data["id"]):
        return f"field 'id' must be a string or an integer, got {json.dumps(data['id'])}"
    index = data["sample_index"]
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        return f"field 'sample_index' must be a whole number >= 0, got {json.dumps(index)}"
    if not isinstance(data["completion"], str):
        return f"field 'completion' must be a string, got {json.dumps(data['completion'])[:40]}"
    verdict = data[verdict_key]
    if verdict not in _KNOWN_VERDICTS:
        known = ", ".join(sorted(_KNOWN_VERDICTS))
        return f"field {verdict_key!r} must be one of {known}, got {json.dumps(verdict)}"
    if data.get(correct_key) is not None and data[correct_key] is not (verdict == "CORRECT"):
        return f"field {correct_key!r} is {json.dumps(data[correct_key])} but {verdict_key!r} is {verdict}"
    if not isinstance(data.get("prompt"), str) and not isinstance(data.get("question"), str):
        return "field 'prompt' must be a string (or, for records without one, field 'question')"
    return None


# --------------------------------------------------------------------------- building pairs


@dataclass
class PairStats:
    """What :func:`build_pairs` found. A *prompt* is one problem id under one checkpoint."""

    records: int = 0
    excluded: Counter[str] = field(default_factory=Counter)  # verdict -> records never paired
    duplicates: int = 0  # completions dropped as textually identical to another of the same prompt
    prompts: int = 0
    prompts_with_pairs: int = 0
    prompts_all_correct: int = 0  # chosen candidates but nothing to reject
    prompts_all_wrong: int = 0  # rejected candidates but nothing correct
    prompts_unusable: int = 0  # neither (only excluded, or verdicts neither chosen nor rejected)
    pairs: dict[str, int] = field(default_factory=lambda: {TRAIN: 0, HELDOUT: 0})
    ids: dict[str, int] = field(default_factory=lambda: {TRAIN: 0, HELDOUT: 0})

    def lines(self) -> list[str]:
        excluded = ", ".join(f"{v} {n}" for v, n in sorted(self.excluded.items())) or "none"
        total = self.pairs[TRAIN] + self.pairs[HELDOUT]
        return [
            f"records: {self.records}; excluded (never paired): {excluded}; "
            f"textual duplicates dropped: {self.duplicates}",
            f"prompts: {self.prompts}; with pairs {self.prompts_with_pairs}, all correct "
            f"{self.prompts_all_correct}, all wrong {self.prompts_all_wrong}, nothing usable "
            f"{self.prompts_unusable} (no pairs from the last three)",
            f"pairs: {total}; train {self.pairs[TRAIN]} from {self.ids[TRAIN]} problem ids, "
            f"held-out {self.pairs[HELDOUT]} from {self.ids[HELDOUT]} problem ids",
        ]


def _balanced_order(n_chosen: int, n_rejected: int) -> Iterator[tuple[int, int]]:
    """Every ``(chosen, rejected)`` index pair once, ordered so that both sides are walked round-robin: a
    capped prefix spreads over all completions instead of pairing one chosen with everything.

    Step ``k`` pairs ``k mod n_chosen`` with ``(k + k div L) mod n_rejected``, ``L = lcm(n_chosen,
    n_rejected)``; the shift after each ``L`` steps reaches the pairs the plain walk would repeat.

    >>> list(_balanced_order(2, 4))
    [(0, 0), (1, 1), (0, 2), (1, 3), (0, 1), (1, 2), (0, 3), (1, 0)]
    """
    cycle = math.lcm(n_chosen, n_rejected)
    for k in range(n_chosen * n_rejected):
        yield k % n_chosen, (k + k // cycle) % n_rejected


def _heldout_ids(ids: Iterable[str], fraction: float, seed: int) -> set[str]:
    """Which problem ids (as JSON text) are held out: ``round(fraction · n)`` of them, at least one when the
    fraction is positive and there are two or more, never all of them."""
    ordered = sorted(ids)
    if fraction <= 0 or len(ordered) < 2:
        return set()
    count = min(len(ordered) - 1, max(1, round(fraction * len(ordered))))
    random.Random(f"heldout:{seed}").shuffle(ordered)
    return set(ordered[:count])


def build_pairs(
    completions: Sequence[Completion],
    *,
    policy: str = "flexible",
    rejected_verdicts: Sequence[str] = ("WRONG",),
    max_pairs_per_prompt: int | None = 4,
    seed: int = 0,
    heldout_fraction: float = 0.1,
) -> tuple[list[dict[str, Any]], PairStats]:
    """Preference rows (TRL's ``prompt``/``chosen``/``rejected`` plus provenance) and their counts.

    Within each prompt (checkpoint, id, prompt text): chosen = CORRECT, rejected = a verdict in
    ``rejected_verdicts``; GOLD_INVALID/TIMEOUT/ERROR records are never used; completions textually identical
    (up to surrounding whitespace) to an earlier one of the same prompt are dropped, so a pair never
    compares a text with itself. At most ``max_pairs_per_prompt`` pairs per prompt (None: all), chosen by a
    seeded shuffle and :func:`_balanced_order`. The same inputs and seed give the same rows.
    """
    bad = sorted(set(rejected_verdicts) - set(REJECTABLE_VERDICTS))
    if bad:
        raise ValueError(f"rejected verdicts must be among {', '.join(REJECTABLE_VERDICTS)}, got {bad}")
    rejectable = set(rejected_verdicts)
    stats = PairStats(records=len(completions))
    groups: dict[tuple[str, str, str], list[Completion]] = {}
    for c in completions:
        if c.verdict in EXCLUDED_VERDICTS:
            stats.excluded[c.verdict] += 1
        key = (c.checkpoint or "", json.dumps(c.id, ensure_ascii=False), c.prompt)
        groups.setdefault(key, []).append(c)

    per_group: list[tuple[str, list[dict[str, Any]]]] = []
    for (checkpoint, id_text, _), members in sorted(groups.items()):
        stats.prompts += 1
        seen_texts: set[str] = set()
        chosen: list[Completion] = []
        rejected: list[Completion] = []
        for c in sorted(members, key=lambda m: m.sample_index):
            if c.verdict in EXCLUDED_VERDICTS:
                continue
            if c.verdict != "CORRECT" and c.verdict not in rejectable:
                continue
            if c.text.strip() in seen_texts:
                stats.duplicates += 1
                continue
            seen_texts.add(c.text.strip())
            (chosen if c.verdict == "CORRECT" else rejected).append(c)
        if chosen and rejected:
            stats.prompts_with_pairs += 1
        elif chosen:
            stats.prompts_all_correct += 1
            continue
        elif rejected:
            stats.prompts_all_wrong += 1
            continue
        else:
            stats.prompts_unusable += 1
            continue
        rng = random.Random(f"pairs:{seed}:{checkpoint}:{id_text}")
        rng.shuffle(chosen)
        rng.shuffle(rejected)
        order = list(_balanced_order(len(chosen), len(rejected)))
        if max_pairs_per_prompt is not None:
            order = order[:max_pairs_per_prompt]
        rows = [_pair_row(chosen[i], rejected[j], policy) for i, j in order]
        per_group.append((id_text, rows))

    heldout = _heldout_ids({id_text for id_text, _ in per_group}, heldout_fraction, seed)
    out: list[dict[str, Any]] = []
    for split in (TRAIN, HELDOUT):
        stats.ids[split] = len({i for i, _ in per_group if (i in heldout) == (split == HELDOUT)})
    for id_text, rows in per_group:
        split = HELDOUT if id_text in heldout else TRAIN
        for row in rows:
            row["split"] = split
            out.append(row)
        stats.pairs[split] += len(rows)
    return out, stats


def _pair_row(chosen: Completion, rejected: Completion, policy: str) -> dict[str, Any]:
    return {
        "prompt": chosen.prompt,
        "chosen": chosen.text,
        "rejected": rejected.text,
        "id": chosen.id,
        "checkpoint": chosen.checkpoint,
        "split": None,  # set once the ids are split
        "policy": policy,
        "chosen_sample_index": chosen.sample_index,
        "rejected_sample_index": rejected.sample_index,
        "chosen_verdict": chosen.verdict,
        "rejected_verdict": rejected.verdict,
        "gold": chosen.gold,
    }


# --------------------------------------------------------------------------- rewardkit pairs


def _fraction(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not (0.0 <= value < 1.0) or math.isnan(value):
        raise argparse.ArgumentTypeError(f"must be in [0, 1), got {value}")
    return value


def _cap(text: str) -> int | None:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 (no limit) or more, got {value}")
    return value or None


def _verdict_list(text: str) -> tuple[str, ...]:
    verdicts = tuple(v.strip().upper() for v in text.split(",") if v.strip())
    bad = [v for v in verdicts if v not in REJECTABLE_VERDICTS]
    if bad or not verdicts:
        raise argparse.ArgumentTypeError(
            f"expected a comma-separated list of {', '.join(REJECTABLE_VERDICTS)}, got {text!r}"
        )
    return verdicts


def _pairs_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="rewardkit pairs",
        description="Build verifier-labelled preference pairs from `rewardkit eval` records: for each "
        "prompt, a completion graded CORRECT is chosen and one graded WRONG for the same prompt is "
        "rejected. Records with GOLD_INVALID, TIMEOUT or ERROR verdicts are never used; textually "
        "identical completions are never paired. Each output line has TRL's preference columns "
        "prompt/chosen/rejected, a split (train or heldout; problem ids are split, never pairs) and "
        "provenance (id, checkpoint, sample indices, verdicts). Malformed records are reported as "
        "FILE:LINE naming the field and skipped; the exit status is then 2.",
    )
    p.add_argument(
        "records",
        metavar="RECORDS",
        help="what `rewardkit eval` wrote, found as `rewardkit report` finds it: a training run folder "
        "(RUN/eval/<checkpoint>/), an eval output folder (one subfolder per checkpoint), one checkpoint's "
        "folder, or a records.jsonl",
    )
    p.add_argument("-o", "--output", required=True, help="the pairs JSONL to write ('-' for standard output)")
    p.add_argument(
        "--policy",
        choices=POLICIES,
        default="flexible",
        help="whose verdicts decide (default flexible, as `grade` and `score` grade: the answer the "
        "completion commits to, wherever it states it; strict: a chosen completion also states it with a "
        "marker or a box, the format the rule rewards teach)",
    )
    p.add_argument(
        "--rejected-verdicts",
        type=_verdict_list,
        default=("WRONG",),
        metavar="V[,V...]",
        help="verdicts a rejected completion may have (default WRONG: a reasoning error). Add FORMAT, "
        "NO_ANSWER, UNPARSEABLE, AMBIGUOUS or TRUNCATED to also prefer a correct answer over a format error, "
        "no answer, a hedge or a cut-off completion",
    )
    p.add_argument(
        "--max-pairs-per-prompt",
        type=_cap,
        default=4,
        metavar="N",
        help="at most N pairs per prompt, spread over its completions (default 4; 0 for all)",
    )
    p.add_argument(
        "--seed", type=int, default=0, help="seed for the choice of pairs and the split (default 0)"
    )
    p.add_argument(
        "--heldout-fraction",
        type=_fraction,
        default=0.1,
        metavar="F",
        help="share of problem ids whose pairs are held out for evaluation (default 0.1; 0 for none)",
    )
    return p


def pairs_main(argv: Sequence[str] | None = None) -> int:
    """``rewardkit pairs RECORDS -o pairs.jsonl [...]``; returns the exit status."""
    try:
        args = _pairs_parser().parse_args(argv)
    except SystemExit as exc:  # --help and usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    report = sys.stderr if args.output == "-" else sys.stdout
    try:
        sources = find_eval_records(args.records)
        completions, errors, warnings = read_completions(sources, policy=args.policy)
    except OSError as exc:
        print(f"rewardkit: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    for message in warnings:
        print(f"rewardkit: warning: {message}", file=sys.stderr)
    for message in summarize_line_errors(errors):
        print(message, file=sys.stderr)
    rows, stats = build_pairs(
        completions,
        policy=args.policy,
        rejected_verdicts=args.rejected_verdicts,
        max_pairs_per_prompt=args.max_pairs_per_prompt,
        seed=args.seed,
        heldout_fraction=args.heldout_fraction,
    )
    checkpoints = ", ".join(s.checkpoint for s in sources)
    print(f"read {len(sources)} records file(s); checkpoints: {checkpoints}", file=report)
    for line in stats.lines():
        print(line, file=report)
    if not rows:
        print(
            "rewardkit: warning: no pairs: no prompt has both a correct and a rejectable completion "
            "(sample more completions per prompt, or widen --rejected-verdicts)",
            file=sys.stderr,
        )
    write_jsonl(args.output, rows)
    if args.output != "-":
        print(f"wrote {args.output}", file=report)
    if errors:
        print(f"rewardkit: error: {len(errors)} malformed record(s) skipped (see above)", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK
