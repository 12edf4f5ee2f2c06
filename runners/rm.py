"""Reward model on verifier-labelled preferences: ``rewardkit pairs`` builds the pairs, ``rewardkit train rm``
trains on them, :class:`RewardModelReward` puts the trained model next to rule rewards.

The RLAIF idea with a grader instead of a judge model: for each prompt that ``rewardkit eval`` sampled
several times, a completion the verifier graded CORRECT is *chosen* and a WRONG one for the same prompt is
*rejected*. The reward model ``r(x, y)`` (a sequence-classification head with one output) is trained with
TRL's ``RewardTrainer`` on the Bradley-Terry pairwise loss ``-log σ(r(x, y_w) - r(x, y_l))``, and held-out
pairwise accuracy (the share of held-out pairs with ``r(chosen) > r(rejected)``) is reported.

    rewardkit eval --model runs/grpo --data-file problems.jsonl --output-dir runs/eval --n 8
    rewardkit pairs runs/eval -o runs/pairs.jsonl --heldout-fraction 0.1
    rewardkit train rm --config runners/configs/rm_tiny.yaml data.pairs=runs/pairs.jsonl

Pairs are split into train and held-out **by problem id**, never by pair, so no held-out prompt was seen in
training under any checkpoint and the held-out accuracy is honest. Everything before the training section
is pure Python (no torch), so ``rewardkit pairs`` runs without the ``[train]`` extra.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from evalkit.prompts import has_chat_template
from evalkit.records import RECORDS_FILE, record_key
from rewardkit.errors import ConfigError, DataError
from rewardkit.exit_codes import EXIT_OK, EXIT_USAGE
from rewardkit.jsonl import LineError, iter_jsonl, write_jsonl
from rewardkit.rewards.base import RAW_PROMPTS, Reward, Scored, column, content_text
from runners.common import LoraSettings, ModelSettings, PromptSettings

__all__ = [
    "EXCLUDED_VERDICTS",
    "REJECTABLE_VERDICTS",
    "PairStats",
    "build_pairs",
    "find_record_files",
    "pairs_main",
    "read_completions",
]


POLICIES = ("strict", "flexible")
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


def find_record_files(path: str | os.PathLike[str]) -> list[tuple[str | None, Path]]:
    """``(checkpoint, records file)`` for what ``rewardkit eval`` wrote at ``path``.

    ``path`` is a records JSONL file, a folder holding ``records.jsonl`` (``eval --completions``), or an eval
    output folder with one subfolder per checkpoint (``eval --model``), each named by its checkpoint.
    Raises ``FileNotFoundError`` with the reason when there is nothing to read.
    """
    root = Path(path)
    if root.is_file():
        return [(None, root)]
    if not root.is_dir():
        raise FileNotFoundError(f"{root}: no such file or folder")
    if (root / RECORDS_FILE).is_file():
        return [(None, root / RECORDS_FILE)]
    found = [
        (sub.name, sub / RECORDS_FILE) for sub in sorted(root.iterdir()) if (sub / RECORDS_FILE).is_file()
    ]
    if not found:
        raise FileNotFoundError(
            f"{root}: no {RECORDS_FILE} here or in its subfolders "
            "(expected the output folder of `rewardkit eval`)"
        )
    return found


def _scalar_id(value: Any) -> bool:
    return value is not None and not isinstance(value, (bool, float, list, dict))


def read_completions(
    files: Sequence[tuple[str | None, Path]], *, policy: str = "strict"
) -> tuple[list[Completion], list[str], list[str]]:
    """Every graded sample of ``files``: ``(completions, errors, warnings)``.

    Each error is ``FILE:LINE: message`` naming the field; that line is skipped. A truncated last line (an
    interrupted eval) is a warning, as ``rewardkit eval`` itself treats it when it resumes.
    """
    verdict_key, correct_key = _POLICY_FIELDS[policy]
    completions: list[Completion] = []
    errors: list[str] = []
    warnings: list[str] = []
    for checkpoint, path in files:
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
    policy: str = "strict",
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
        help="an eval output folder (one subfolder per checkpoint), a records folder, or a records.jsonl",
    )
    p.add_argument("-o", "--output", required=True, help="the pairs JSONL to write ('-' for standard output)")
    p.add_argument(
        "--policy",
        choices=POLICIES,
        default="strict",
        help="whose verdicts decide (default strict: a chosen completion states its answer with a marker or "
        "a box, the format the rule rewards teach)",
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
        files = find_record_files(args.records)
        completions, errors, warnings = read_completions(files, policy=args.policy)
    except OSError as exc:
        print(f"rewardkit: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    for message in warnings:
        print(f"rewardkit: warning: {message}", file=sys.stderr)
    for message in errors:
        print(message, file=sys.stderr)
    rows, stats = build_pairs(
        completions,
        policy=args.policy,
        rejected_verdicts=args.rejected_verdicts,
        max_pairs_per_prompt=args.max_pairs_per_prompt,
        seed=args.seed,
        heldout_fraction=args.heldout_fraction,
    )
    checkpoints = sorted({c or "(none)" for c, _ in files})
    print(f"read {len(files)} records file(s); checkpoints: {', '.join(checkpoints)}", file=report)
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


# --------------------------------------------------------------------------- rewardkit train rm
# (torch, transformers and trl are imported inside the functions below)


@dataclass
class RmData:
    """The preference pairs. ``source``: a pairs JSONL from ``rewardkit pairs`` (rows with ``split:
    heldout`` are the held-out set, unless ``heldout`` names a file of its own), or ``synthetic``: problems
    from :func:`runners.common.synthetic_problems`, each with its gold rationale (graded CORRECT) and a
    rationale one step short or one step too long (graded WRONG), paired by :func:`build_pairs` exactly as
    ``rewardkit pairs`` pairs eval records (see :func:`synthetic_completions`)."""

    source: str = "synthetic"
    heldout: str | None = None
    n: int = 256
    min_steps: int = 1
    max_steps: int = 2
    max_operand: int = 9
    seed: int = 0
    heldout_fraction: float = 0.2


@dataclass
class RmTraining:
    """Settings forwarded to ``trl.RewardConfig`` as named (anything else it accepts goes under ``extra``)."""

    learning_rate: float = field(default=1e-5, metadata={"help": "1e-5 for a pretrained model; tiny: 1e-3"})
    max_steps: int = field(default=-1, metadata={"help": "-1: run num_train_epochs"})
    num_train_epochs: float = 1.0
    per_device_train_batch_size: int = field(default=8, metadata={"help": "pairs per device step"})
    per_device_eval_batch_size: int = 16
    gradient_accumulation_steps: int = 1
    max_length: int | None = field(default=1024, metadata={"help": "longer pairs are dropped (TRL)"})
    center_rewards_coefficient: float | None = field(
        default=None, metadata={"help": "adds c·mean((r_w + r_l)^2): keeps rewards near 0"}
    )
    lr_scheduler_type: str = "linear"
    warmup_steps: float = field(default=0, metadata={"help": "steps, or a fraction in [0, 1) of them"})
    weight_decay: float = 0.0
    max_grad_norm: float = 1.0
    logging_steps: int = 10
    eval_steps: int = field(default=50, metadata={"help": "evaluate the held-out pairs every N steps"})
    save_steps: int = field(default=0, metadata={"help": "checkpoint-N every this many steps; 0: none"})
    save_final: bool = field(default=True, metadata={"help": "save the trained model to RUN_DIR itself"})
    seed: int = 0
    extra: dict[str, Any] = field(default_factory=dict, metadata={"help": "other RewardConfig fields"})


@dataclass
class RmArgs:
    output_dir: str = "runs/rm"
    model: ModelSettings = field(default_factory=ModelSettings)
    lora: LoraSettings = field(default_factory=LoraSettings)
    data: RmData = field(default_factory=RmData)
    prompt: PromptSettings = field(default_factory=PromptSettings)
    training: RmTraining = field(default_factory=RmTraining)


def synthetic_completions(
    problems: Sequence[dict[str, Any]], prompts: Sequence[str], *, seed: int = 0
) -> list[Completion]:
    """Two graded samples per problem, as ``rewardkit eval`` would record them: the gold rationale, and a
    wrong one, by a coin flip either stopped one step early (``#### N`` the intermediate value) or given one
    step the question never asked for (``N+k=<<N+k=M>>M``, ``#### M``). Both are graded by rewardkit
    (strict policy), so the labels are the verifier's. The wrong one is as often shorter as longer, so
    length alone (which an untrained model reacts to) ranks about half the pairs right: held-out accuracy
    well above 0.5 needs the step count read against the question.
    """
    from rewardkit import grade

    rng = random.Random(f"synthetic-wrong:{seed}")
    out = []
    for problem, prompt in zip(problems, prompts, strict=True):
        *steps, final = problem["answer"].split("\n")
        value = int(final.removeprefix("#### "))
        if len(steps) >= 2 and rng.random() < 0.5:
            wrong = [*steps[:-1], f"#### {steps[-2].rsplit('>>', 1)[1]}"]
        else:
            k = rng.randint(1, 9)
            wrong = [*steps, f"{value}+{k}=<<{value}+{k}={value + k}>>{value + k}", f"#### {value + k}"]
        for index, text in enumerate([problem["answer"], "\n".join(wrong)]):
            verdict = grade(text, gold=problem["answer"], policy="strict").verdict.value
            where = f"synthetic:{problem['id']}:{index}"
            out.append(
                Completion(None, problem["id"], index, prompt, text, verdict, problem["answer"], where)
            )
    return out


def read_pair_rows(path: str) -> list[dict[str, Any]]:
    """The rows of a pairs JSONL; raises DataError naming the file, the line and the field."""
    rows = []
    try:
        for item in iter_jsonl(
            path, required=("prompt", "chosen", "rejected"), strings=("prompt", "chosen", "rejected")
        ):
            if isinstance(item, LineError):
                raise DataError(item.message, path=path, line=item.line, field=item.field)
            split = item.data.get("split", TRAIN)
            if split not in (TRAIN, HELDOUT, None):
                raise DataError(
                    f"field 'split' must be {TRAIN!r} or {HELDOUT!r}, got {json.dumps(split)}",
                    path=path,
                    line=item.line,
                    field="split",
                )
            rows.append({**item.data, "split": split or TRAIN})
    except OSError as exc:
        raise DataError(f"cannot read the pairs: {exc.strerror or exc}", path=path) from exc
    if not rows:
        raise DataError("no pairs in the file (run `rewardkit pairs` on eval records first)", path=path)
    return rows


def load_pairs(args: RmArgs, tokenizer: Any) -> tuple[list[dict[str, Any]], list[dict[str, Any]], str]:
    """``(train rows, held-out rows, description)`` for ``args.data``."""
    data = args.data
    if data.source == "synthetic":
        from runners.common import prompt_dataset, synthetic_problems

        problems = synthetic_problems(
            data.n,
            min_steps=data.min_steps,
            max_steps=data.max_steps,
            max_operand=data.max_operand,
            seed=data.seed,
        )
        prompts = prompt_dataset(
            problems, tokenizer, system=args.prompt.system, instruction=args.prompt.instruction
        )
        completions = synthetic_completions(problems, prompts["prompt"], seed=data.seed)
        rows, stats = build_pairs(completions, seed=data.seed, heldout_fraction=data.heldout_fraction)
        described = f"synthetic: {stats.prompts} problems, " + stats.lines()[-1]
    else:
        rows = read_pair_rows(data.source)
        described = data.source
    train_rows = [r for r in rows if r["split"] == TRAIN]
    heldout_rows = [r for r in rows if r["split"] == HELDOUT]
    if data.heldout is not None:
        heldout_rows = read_pair_rows(data.heldout)
        described += f" (held out: {data.heldout})"
    if not train_rows:
        raise DataError("no training pairs (every row is held out)", path=data.source)
    return train_rows, heldout_rows, described


def _preference_dataset(rows: Sequence[dict[str, Any]]) -> Any:
    """TRL's explicit-prompt preference columns only: provenance columns (ids of mixed types) stay out."""
    from datasets import Dataset

    return Dataset.from_dict({k: [r[k] for r in rows] for k in ("prompt", "chosen", "rejected")})


def load_reward_model(source: str, *, dtype: str = "auto") -> tuple[Any, Any]:
    """``(model, tokenizer)``: ``source`` as a sequence classifier with one output (a causal LM folder
    gets a new random ``score`` head), its pad token set on the config so the last real token is scored."""
    import torch
    from transformers import AutoModelForSequenceClassification
    from trl.trainer.reward_trainer import suppress_seqcls_warning

    from runners.common import load_tokenizer

    tokenizer = load_tokenizer(source)
    torch_dtype = torch.float32 if dtype == "auto" else getattr(torch, dtype)
    try:
        with suppress_seqcls_warning():
            model = AutoModelForSequenceClassification.from_pretrained(
                source, num_labels=1, dtype=torch_dtype
            )
    except OSError as exc:
        raise ConfigError(f"model.source {source!r}: cannot load a model from it ({exc})") from exc
    model.config.pad_token_id = tokenizer.pad_token_id
    return model, tokenizer


def score_texts(
    model: Any, tokenizer: Any, texts: Sequence[str], *, batch_size: int = 16, max_length: int | None = None
) -> list[float]:
    """``r(text)`` for each text, exactly as ``RewardTrainer`` scores a pair side: the tokenizer's own
    special tokens, EOS appended, right padding (the classifier reads the last non-pad token)."""
    import torch

    eos = tokenizer.eos_token or ""
    texts = [t if t.endswith(eos) else t + eos for t in texts]
    side, truncation_side = tokenizer.padding_side, tokenizer.truncation_side
    tokenizer.padding_side, tokenizer.truncation_side = "right", "left"  # a cut keeps the answer
    device = next(model.parameters()).device
    was_training = model.training
    model.eval()
    scores: list[float] = []
    try:
        with torch.no_grad():
            for start in range(0, len(texts), batch_size):
                batch = tokenizer(
                    list(texts[start : start + batch_size]),
                    padding=True,
                    truncation=max_length is not None,
                    max_length=max_length,
                    return_tensors="pt",
                ).to(device)
                logits = model(input_ids=batch["input_ids"], attention_mask=batch["attention_mask"]).logits
                scores.extend(logits.squeeze(-1).float().tolist())
    finally:
        tokenizer.padding_side, tokenizer.truncation_side = side, truncation_side
        model.train(was_training)
    return scores


def pairwise_accuracy(
    model: Any, tokenizer: Any, rows: Sequence[dict[str, Any]], *, batch_size: int = 16
) -> dict[str, Any]:
    """The share of ``rows`` with ``r(prompt + chosen) > r(prompt + rejected)`` (ties count as misses), and
    the mean margin. None when there are no rows."""
    if not rows:
        return {"pairs": 0, "accuracy": None, "ties": 0, "mean_margin": None}
    chosen = score_texts(model, tokenizer, [r["prompt"] + r["chosen"] for r in rows], batch_size=batch_size)
    rejected = score_texts(
        model, tokenizer, [r["prompt"] + r["rejected"] for r in rows], batch_size=batch_size
    )
    margins = [c - r for c, r in zip(chosen, rejected, strict=True)]
    return {
        "pairs": len(rows),
        "accuracy": sum(m > 0 for m in margins) / len(rows),
        "ties": sum(m == 0 for m in margins),
        "mean_margin": sum(margins) / len(rows),
    }


def _merged(model: Any) -> Any:
    """A LoRA model with its adapters merged (a plain folder that RewardModelReward loads); others as is."""
    return model.merge_and_unload() if hasattr(model, "merge_and_unload") else model


def train(args: RmArgs) -> dict[str, Any]:
    """Train the reward model; return the summary (also ``RUN_DIR/train_summary.json``)."""
    import time

    from trl import RewardConfig, RewardTrainer

    from runners.common import (
        MetricsLog,
        lora_config,
        make_callback,
        resolve_source,
        trl_config,
        write_run_config,
    )

    started = time.perf_counter()
    run_dir = Path(args.output_dir)
    write_run_config(run_dir, args, command="rewardkit train rm")
    source = resolve_source(args.model, output_dir=run_dir)
    model, tokenizer = load_reward_model(source, dtype=args.model.dtype)
    train_rows, heldout_rows, described = load_pairs(args, tokenizer)
    before = pairwise_accuracy(
        model, tokenizer, heldout_rows, batch_size=args.training.per_device_eval_batch_size
    )

    metrics = MetricsLog(run_dir / "metrics.jsonl")
    metrics.path.unlink(missing_ok=True)  # a rerun into the same folder starts a fresh log
    peft_config = lora_config(args.lora)
    if peft_config is not None:
        peft_config.task_type = "SEQ_CLS"
        peft_config.modules_to_save = ["score"]  # the new head must train, not stay random
    has_heldout = bool(heldout_rows)
    config = trl_config(
        args,
        RewardConfig,
        eval_strategy="steps" if has_heldout else "no",
        disable_tqdm=True,
    )
    trainer = RewardTrainer(
        model=model,
        args=config,
        train_dataset=_preference_dataset(train_rows),
        eval_dataset=_preference_dataset(heldout_rows) if has_heldout else None,
        processing_class=tokenizer,
        peft_config=peft_config,
        callbacks=[make_callback(metrics)],
    )
    print(
        f"rm: {source} → {run_dir} | {len(train_rows)} train pairs, {len(heldout_rows)} held-out "
        f"| {described}",
        file=sys.stderr,
    )
    trainer.train()
    model = _merged(trainer.model)
    after = pairwise_accuracy(
        model, tokenizer, heldout_rows, batch_size=args.training.per_device_eval_batch_size
    )
    trl_eval = trainer.evaluate() if has_heldout else {}
    metrics.write({"step": trainer.state.global_step, **{f"heldout/{k}": v for k, v in after.items()}})
    if args.training.save_final:
        model.save_pretrained(run_dir)
        tokenizer.save_pretrained(run_dir)
    summary = {
        "heldout_pairwise_accuracy": after["accuracy"],
        "heldout_pairwise_accuracy_before": before["accuracy"],
        "heldout_pairs": after["pairs"],
        "heldout_ties": after["ties"],
        "heldout_mean_margin": after["mean_margin"],
        "eval_loss": trl_eval.get("eval_loss"),
        "eval_accuracy": trl_eval.get("eval_accuracy"),
        "train_pairs": len(train_rows),
        "train_loss": trainer.state.log_history[-1].get("train_loss") if trainer.state.log_history else None,
        "steps": trainer.state.global_step,
        "model_source": source,
        "model_dir": str(run_dir) if args.training.save_final else None,
        "pairs": described,
        "wall_s": round(time.perf_counter() - started, 1),
    }
    (run_dir / "train_summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    if after["accuracy"] is None:
        print(
            "rm: no held-out pairs, so no held-out accuracy (set data.heldout or split the pairs)",
            file=sys.stderr,
        )
    else:
        print(
            f"rm: held-out pairwise accuracy {after['accuracy']:.3f} on {after['pairs']} pairs "
            f"(before training {before['accuracy']:.3f}); summary in {run_dir / 'train_summary.json'}"
        )
    return summary


def main(argv: Sequence[str] | None = None) -> int:
    """``rewardkit train rm --config FILE.yaml [key.sub=value ...]``."""
    from runners.common import run_recipe

    return run_recipe(RmArgs, train, sys.argv[1:] if argv is None else list(argv), prog="rewardkit train rm")


# --------------------------------------------------------------------------- the trained model as a reward

NORMALIZE = ("sigmoid", "none", "batch")


class RewardModelReward(Reward):
    """A trained reward model as a rewardkit reward: ``r(prompt + completion)`` per completion.

    ``normalize``: ``sigmoid`` (default) maps the score into (0, 1), the scale of the rule rewards it sits
    next to in a weighted sum; ``none`` keeps the raw score; ``batch`` standardizes within each call. The
    prompt is TRL's ``prompts`` (conversational prompts rendered by the model's chat template), or the
    dataset column ``prompt_column`` when set. The model loads on the first call, on ``device`` (default:
    CUDA when available); the object pickles without it.

        build({"accuracy": 1.0, "runners.rm:RewardModelReward": {"path": "runs/rm", "weight": 0.5}})
    """

    default_name = "reward_model"

    def __init__(
        self,
        path: str,
        *,
        batch_size: int = 16,
        device: str | None = None,
        normalize: str = "sigmoid",
        prompt_column: str | None = None,
        max_length: int | None = None,
        name: str | None = None,
    ) -> None:
        super().__init__(name=name)
        if normalize not in NORMALIZE:
            raise ValueError(f"normalize must be one of {', '.join(NORMALIZE)}, got {normalize!r}")
        if batch_size < 1:
            raise ValueError(f"batch_size must be at least 1, got {batch_size}")
        self.path, self.batch_size, self.device = str(path), batch_size, device
        self.normalize, self.prompt_column, self.max_length = normalize, prompt_column, max_length
        self._model: Any = None
        self._tokenizer: Any = None

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_model"] = state["_tokenizer"] = None  # reloaded lazily in the process that unpickles
        return state

    def __repr__(self) -> str:
        return f"RewardModelReward(path={self.path!r}, normalize={self.normalize!r}, name={self.name!r})"

    def _load(self) -> None:
        import torch

        model, tokenizer = load_reward_model(self.path)
        device = self.device or ("cuda" if torch.cuda.is_available() else "cpu")
        self._model, self._tokenizer = model.to(device).eval(), tokenizer

    def _prompt_texts(self, n: int, columns: Mapping[str, Any]) -> list[str]:
        if self.prompt_column is not None:
            values = column(columns, self.prompt_column, n, reward=self.name)
        else:
            values = columns.get(RAW_PROMPTS)
            if values is None:
                raise ValueError(
                    f"reward {self.name!r} needs the prompts: call it with prompts=, or set prompt_column= "
                    "to the dataset column that holds the prompt text"
                )
            if len(values) != n:
                raise ValueError(f"reward {self.name!r}: {len(values)} prompts for {n} completions")
        return [self._prompt_text(v) for v in values]

    def _prompt_text(self, prompt: Any) -> str:
        if isinstance(prompt, str):
            return prompt
        if has_chat_template(self._tokenizer):
            return str(
                self._tokenizer.apply_chat_template(list(prompt), tokenize=False, add_generation_prompt=True)
            )
        messages = [prompt] if isinstance(prompt, Mapping) else prompt
        return "\n".join(content_text(m.get("content", "")) for m in messages if isinstance(m, Mapping))

    def score(
        self, texts: list[str], *, completion_ids: Any = None, columns: Mapping[str, Any]
    ) -> list[Scored]:
        if self._model is None:
            self._load()
        prompts = self._prompt_texts(len(texts), columns)
        raw = score_texts(
            self._model,
            self._tokenizer,
            [p + t for p, t in zip(prompts, texts, strict=True)],
            batch_size=self.batch_size,
            max_length=self.max_length,
        )
        return [Scored(v) for v in _normalized(raw, self.normalize)]


def _normalized(values: list[float], how: str) -> list[float]:
    """Scores as the reward returns them: ``sigmoid`` squashes each, ``batch`` standardises the batch.

    >>> _normalized([0.0, 2.0], "batch")
    [-1.0, 1.0]
    """
    if how == "sigmoid":
        return [1.0 / (1.0 + math.exp(-v)) if v >= 0 else math.exp(v) / (1.0 + math.exp(v)) for v in values]
    if how == "batch" and len(values) > 1:
        mean = sum(values) / len(values)
        std = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
        return [(v - mean) / std if std > 0 else 0.0 for v in values]
    return list(values)
