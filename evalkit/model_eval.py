"""``rewardkit eval --model PATH``: generate with each checkpoint, grade, record, compare.

For every checkpoint :func:`evalkit.generate.discover_checkpoints` finds (in step order), the problems are
prompted with :func:`evalkit.prompts.build_prompt`, ``n`` completions per problem are generated, graded and
written to ``DIR/<checkpoint>/records.jsonl`` batch by batch (the same records and grading code as
``--completions``: :func:`evalkit.completions.grade_and_write`), then ``DIR/<checkpoint>/summary.json``.
A rerun into the same DIR generates only the ``(id, sample_index)`` pairs not yet recorded, and does not
even load a checkpoint whose records are complete; ``DIR/<checkpoint>/manifest.json``
(:mod:`evalkit.provenance`) makes sure they came from the same model files and generation settings, and
``fresh`` starts each folder clean. A final table compares the checkpoints.

Problems come from ``--data-file`` (JSONL; GSM8K rationale golds ``... #### N`` are reduced by the grader and
keep their ``<<...>>`` count for the by-calculations breakdown) or, for ``--dataset gsm8k|math500`` without a
file, from the hub through ``datasets``. A problem's id is its ``--id-key`` field when present, else its
0-based line number in the file, so ids stay stable under ``--limit`` and ``--shuffle``.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TextIO

from evalkit.completions import Sample, grade_and_write, pct, print_summary, with_ci
from evalkit.prompts import DEFAULT_INSTRUCTION, DEFAULT_SYSTEM, build_prompt
from evalkit.provenance import MANIFEST_FILE, differences, eval_provenance, model_fingerprint
from evalkit.records import (
    PASSTHROUGH,
    RECORDS_FILE,
    SUMMARY_FILE,
    FolderInUse,
    RecordWriter,
    record_key,
    write_summary,
)
from evalkit.sources import hub_failure
from rewardkit.exit_codes import EXIT_OK, EXIT_USAGE
from rewardkit.jsonl import LineError, LineErrorReporter, iter_jsonl

__all__ = ["DATASETS", "ModelEvalOptions", "Problem", "load_problems", "run_model_eval"]


# --dataset presets: the hub dataset (name, config, default split) and the fields of its rows
DATASETS: dict[str, dict[str, Any]] = {
    "gsm8k": {
        "hub": ("openai/gsm8k", "main", "test"),
        "question": "question",
        "answer": "answer",
        "id": "id",
    },
    "math500": {
        "hub": ("HuggingFaceH4/MATH-500", None, "test"),
        "question": "problem",
        "answer": "answer",
        "id": "unique_id",
    },
}


@dataclass(frozen=True)
class ModelEvalOptions:
    """What ``rewardkit eval --model`` was asked to do."""

    model: str
    output_dir: str
    dataset: str | None = None
    data_file: str | None = None
    split: str | None = None
    question_key: str | None = None
    answer_key: str | None = None
    id_key: str | None = None
    base_model: str | None = None
    n: int = 1
    max_new_tokens: int = 512
    temperature: float = 0.0
    top_p: float = 1.0
    batch_size: int = 8
    limit: int | None = None
    shuffle: bool = False
    seed: int = 0
    system: str | None = DEFAULT_SYSTEM
    instruction: str | None = DEFAULT_INSTRUCTION
    ks: Sequence[int] | None = None
    workers: int = 1
    device: str | None = None
    few_shot_file: str | None = None
    few_shot_n: int = 4
    backend: str = "transformers"  # or "vllm" (evalkit.vllm_backend)
    timeout_s: float | None = None  # grading budget per completion (None: the grader's default)
    decimals: int | None = None  # answers rounded to that many places (grade's option; None: as written)
    fresh: bool = False  # discard what a previous run recorded in each checkpoint folder, and start clean

    def keys(self) -> tuple[str, str, str]:
        preset = DATASETS.get(self.dataset or "gsm8k", DATASETS["gsm8k"])
        return (
            self.question_key or preset["question"],
            self.answer_key or preset["answer"],
            self.id_key or preset["id"],
        )


@dataclass(frozen=True)
class Problem:
    id: Any
    question: str
    gold: str
    extra: dict[str, Any] = field(default_factory=dict)


def _problem(data: dict[str, Any], position: int, keys: tuple[str, str, str]) -> Problem:
    question_key, answer_key, id_key = keys
    raw_id = data.get(id_key)
    pid = (
        raw_id
        if isinstance(raw_id, str) or (isinstance(raw_id, int) and not isinstance(raw_id, bool))
        else position
    )
    return Problem(pid, data[question_key], str(data[answer_key]), {k: data.get(k) for k in PASSTHROUGH})


# a data file whose first lines all lack the question or answer key is read with the wrong keys: stop there
WRONG_SHAPE_LINES = 3


def wrong_shape_message(opts: ModelEvalOptions) -> str:
    """Why a data file's lines all miss the expected fields, and the flags that read it: the ``--dataset``
    preset whose fields its first line has, else ``--question-key`` / ``--answer-key``."""
    assert opts.data_file is not None
    question_key, answer_key, _ = opts.keys()
    fields: list[str] = []
    for item in iter_jsonl(opts.data_file):
        if not isinstance(item, LineError):
            fields = list(item.data)
            break
    head = (
        f"{opts.data_file}: the first {WRONG_SHAPE_LINES} lines have no {question_key!r} / {answer_key!r} "
        f"field (fields present: {', '.join(fields) or 'none'}); stopped reading"
    )
    for name, preset in DATASETS.items():
        if name != opts.dataset and preset["question"] in fields and preset["answer"] in fields:
            return f"{head}. These look like {name} problems: pass --dataset {name} (it reads those fields)"
    question = next((f for f in fields if f in ("question", "problem", "prompt", "input")), "FIELD")
    answer = next((f for f in fields if f in ("answer", "gold", "target", "solution", "output")), "FIELD")
    return f"{head}. Name the fields: --question-key {question} --answer-key {answer}"


def _hub_rows(opts: ModelEvalOptions) -> list[dict[str, Any]]:
    assert opts.dataset is not None
    name, config, split = DATASETS[opts.dataset]["hub"]
    try:
        import datasets
    except ImportError:
        raise OSError(
            f"--dataset {opts.dataset} without --data-file loads {name} from the hub, which needs the "
            "'datasets' package (pip install 'rewardkit[eval]'); or pass --data-file FILE.jsonl"
        ) from None
    try:
        rows = datasets.load_dataset(name, config, split=opts.split or split)
    except Exception as exc:  # offline, unknown split, ...: one message, not a traceback
        raise OSError(f"cannot load {name} from the hub ({exc}); pass --data-file FILE.jsonl") from exc
    return [dict(row) for row in rows]


def load_problems(opts: ModelEvalOptions, report: Callable[[LineError], None]) -> list[Problem]:
    """The problems to evaluate: from ``--data-file`` (malformed lines reported and skipped) or the hub,
    shuffled with ``--seed`` when asked, then cut to ``--limit``. Raises OSError when nothing can be read."""
    keys = opts.keys()
    question_key, answer_key, _ = keys
    problems: list[Problem] = []
    if opts.data_file is not None:
        lines = iter_jsonl(
            opts.data_file, required=(question_key, answer_key), strings=(question_key,), golds=(answer_key,)
        )
        missing = 0  # lines so far that lack a key: a file of another shape would report every line
        for item in lines:
            if isinstance(item, LineError):
                report(item)
                if not problems and item.field in (question_key, answer_key) and "missing" in item.message:
                    missing += 1
                    if missing == WRONG_SHAPE_LINES:
                        raise OSError(wrong_shape_message(opts))
                continue
            problems.append(_problem(item.data, item.line - 1, keys))
    else:
        for position, row in enumerate(_hub_rows(opts)):
            if isinstance(row.get(question_key), str) and row.get(answer_key) is not None:
                problems.append(_problem(row, position, keys))
    seen: set[str] = set()
    for p in problems:
        key = json.dumps(p.id)
        if key in seen:
            raise OSError(f"problem id {p.id!r} appears twice: ids must be unique (see --id-key)")
        seen.add(key)
    if opts.shuffle:
        random.Random(opts.seed).shuffle(problems)
    return problems[: opts.limit] if opts.limit is not None else problems


def load_few_shot(opts: ModelEvalOptions) -> list[tuple[str, str]]:
    """The first ``few_shot_n`` (question, worked answer) pairs of ``--few-shot FILE`` (the data's keys).

    Raises OSError naming the file and line of the first unreadable exemplar: a prompt silently missing an
    exemplar would change every result.
    """
    if opts.few_shot_file is None or opts.few_shot_n <= 0:
        return []
    question_key, answer_key, _ = opts.keys()
    shots: list[tuple[str, str]] = []
    for item in iter_jsonl(opts.few_shot_file, required=(question_key, answer_key), strings=(question_key,)):
        if isinstance(item, LineError):
            raise OSError(f"few-shot exemplar unreadable: {item}")
        shots.append((item.data[question_key], str(item.data[answer_key])))
        if len(shots) == opts.few_shot_n:
            break
    return shots


def without_exemplars(problems: list[Problem], shots: Sequence[tuple[str, str]]) -> list[Problem]:
    """Problems minus the ones shown as exemplars (a problem solved in its own prompt measures nothing)."""
    shown = {" ".join(q.split()) for q, _ in shots}
    return [p for p in problems if " ".join(p.question.split()) not in shown]


# --------------------------------------------------------------------------- one checkpoint


def _chunk_seed(seed: int, first: tuple[Any, int]) -> int:
    """A seed per generation chunk, from the run's seed and the chunk's first sample: a resumed run draws
    the same samples as an uninterrupted one would, and no two chunks share a random stream."""
    return (seed * 1_000_003 + zlib.crc32(json.dumps([first[0], first[1]]).encode())) % (2**63)


def _stale(problems: Sequence[Problem], prompts: dict[str, str] | None, writer: RecordWriter) -> str | None:
    recorded: dict[str, dict[str, Any]] = {}
    for r in writer.records:
        recorded.setdefault(json.dumps(r["id"]), r)
    for p in problems:
        old = recorded.get(json.dumps(p.id))
        if old is None:
            continue
        if old.get("gold") != p.gold or old.get("question") != p.question:
            what = "a different problem"
        elif prompts is not None and old.get("prompt") != prompts[json.dumps(p.id)]:
            what = "a different prompt (another --system, --instruction or tokenizer)"
        else:
            continue
        return (
            f"{writer.path} holds records for id {p.id!r} made with {what}: they belong to another run; "
            "use a fresh --output-dir"
        )
    return None


FRESH_HINT = "rerun with --fresh to discard them, or use another --output-dir"


def _open_writer(folder: Path, errc: Any, *, fresh: bool) -> RecordWriter:
    """The folder's record writer, opened (locked); with ``fresh``, what an earlier run left there is deleted
    first, under the lock, so a run writing the folder right now is refused rather than overwritten."""

    def warn(message: str) -> None:
        errc.print(f"rewardkit: warning: {message}", markup=False)

    writer = RecordWriter(folder, warn=warn)
    writer.open()
    leftovers = [folder / name for name in (RECORDS_FILE, SUMMARY_FILE, MANIFEST_FILE)]
    if fresh and (writer.records or any(p.exists() for p in leftovers[1:])):
        writer.close()
        for path in leftovers:
            path.unlink(missing_ok=True)
        errc.print(f"{folder.name}: --fresh: discarded the records of the previous run", markup=False)
        writer = RecordWriter(folder, warn=warn)
        writer.open()
    return writer


def _provenance(ckpt: Any, opts: ModelEvalOptions) -> dict[str, Any]:
    model = model_fingerprint(ckpt.path, gguf_file=ckpt.gguf_file, base_model=ckpt.base_model)
    generation = {
        "max_new_tokens": opts.max_new_tokens,
        "temperature": opts.temperature,
        "top_p": opts.top_p,
        "seed": opts.seed,
        "backend": opts.backend,
    }
    return eval_provenance(model, generation, {"timeout_s": opts.timeout_s, "decimals": opts.decimals})


def _changed_inputs(folder: Path, writer: RecordWriter, provenance: dict[str, Any], errc: Any) -> str | None:
    """Why the records in ``folder`` cannot be resumed (they came from another model, other generation
    settings or another rewardkit), or None; writes this run's ``manifest.json`` when they can."""
    manifest = folder / MANIFEST_FILE
    old: Any = None
    if manifest.is_file():
        try:
            old = json.loads(manifest.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            return f"{manifest}: unreadable ({exc}); {FRESH_HINT}"
    if writer.records and isinstance(old, dict):
        changed = differences(old, provenance)
        if changed:
            return (
                f"{writer.path} holds {len(writer.records)} records made from other inputs "
                f"({'; '.join(changed)}): {FRESH_HINT}"
            )
    elif writer.records:
        errc.print(
            f"rewardkit: warning: {folder.name}: the records have no {MANIFEST_FILE} (an older rewardkit "
            "wrote them): cannot check that they come from this model and these settings",
            markup=False,
        )
    tmp = manifest.with_name(f".{MANIFEST_FILE}.tmp")
    tmp.write_text(json.dumps(provenance, indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, manifest)
    return None


def _why(exc: BaseException) -> str:
    return f"{exc.__class__.__name__}: {exc}"


@dataclass
class _Outcome:
    name: str
    summary: dict[str, Any] | None
    error: str | None = None


def _evaluate_checkpoint(
    ckpt: Any,
    problems: Sequence[Problem],
    opts: ModelEvalOptions,
    out: TextIO,
    errc: Any,
    shots: Sequence[tuple[str, str]] = (),
    position: tuple[int, int] = (0, 1),
) -> _Outcome:
    from evalkit import vllm_backend
    from evalkit.generate import generate, load_model, load_tokenizer
    from evalkit.metrics import summarize

    def note(message: str) -> None:
        errc.print(f"{ckpt.name}: {message}", markup=False)

    folder = Path(opts.output_dir) / ckpt.name
    try:
        writer = _open_writer(folder, errc, fresh=opts.fresh)
        provenance = _provenance(ckpt, opts)
    except FolderInUse as exc:
        return _Outcome(ckpt.name, None, str(exc))
    except OSError as exc:
        return _Outcome(ckpt.name, None, f"cannot write to {folder}: {exc.strerror or exc}")
    stats: dict[str, Any] = {}
    try:
        changed = _changed_inputs(folder, writer, provenance, errc)
        if changed is not None:
            return _Outcome(ckpt.name, None, changed)
        stale = _stale(problems, None, writer)
        if stale is not None:
            return _Outcome(ckpt.name, None, stale)
        todo = [(p, j) for p in problems for j in range(opts.n) if not writer.has(p.id, j)]
        total = len(problems) * opts.n
        if writer.resumed:
            note(f"resuming: {total - len(todo)} of {total} samples already in {writer.path}")
        # the prompts need only the tokenizer: the recorded ones are checked even when nothing is left to do
        try:
            tokenizer = load_tokenizer(ckpt)
        except Exception as exc:  # a missing file, a hub id offline, a half-written checkpoint
            if ckpt.kind == "hub":
                return _Outcome(ckpt.name, None, hub_failure(ckpt.path, exc))
            return _Outcome(ckpt.name, None, f"cannot load the tokenizer of {ckpt.path}: {_why(exc)}")
        prompts = {
            json.dumps(p.id): build_prompt(
                tokenizer, p.question, system=opts.system, instruction=opts.instruction, few_shot=shots
            )
            for p in problems
        }
        stale = _stale(problems, prompts, writer)
        if stale is not None:
            return _Outcome(ckpt.name, None, stale)
        if todo:
            began = time.perf_counter()
            try:
                if opts.backend == "vllm":
                    model: Any = vllm_backend.load(ckpt, seed=opts.seed)
                    sample_with: Any = vllm_backend.generate
                else:
                    model, tokenizer = load_model(ckpt, device=opts.device, tokenizer=tokenizer)
                    sample_with = generate
            except Exception as exc:
                return _Outcome(ckpt.name, None, f"cannot load {ckpt.path}: {_why(exc)}")
            note(f"loaded {ckpt.kind} {ckpt.path} with {opts.backend} in {time.perf_counter() - began:.1f} s")
            stats = _generate_and_grade(
                todo, prompts, model, tokenizer, writer, opts, errc, sample_with, (ckpt.name, *position)
            )
            note(
                f"generated {stats['samples']} samples, {stats['new_tokens']} new tokens in "
                f"{stats['seconds']:.1f} s ({stats['tokens_per_s']:.1f} tokens/s)"
            )
            if opts.backend == "vllm":
                vllm_backend.release(model)
            del model
            _free_memory()

        wanted = {record_key(p.id, j) for p in problems for j in range(opts.n)}
        records = [r for r in writer.records if record_key(r["id"], r["sample_index"]) in wanted]
        try:
            summary = summarize(records, list(opts.ks) if opts.ks else None)
        except ValueError as exc:
            return _Outcome(ckpt.name, None, f"{exc} (the records are saved in {writer.path})")
        summary.update(
            {
                "model": ckpt.path,
                "checkpoint": ckpt.name,
                "kind": ckpt.kind,
                "step": ckpt.step,
                "base_model": ckpt.base_model,
                "gguf_file": ckpt.gguf_file,
                "data": opts.data_file or opts.dataset,
                "provenance": provenance,
                "generation": {
                    "n": opts.n,
                    "max_new_tokens": opts.max_new_tokens,
                    "temperature": opts.temperature,
                    "top_p": opts.top_p,
                    "batch_size": opts.batch_size,
                    "backend": opts.backend,
                    "seed": opts.seed,
                    "system": opts.system,
                    "instruction": opts.instruction,
                    **({"this_run": stats} if stats else {}),
                },
            }
        )
        write_summary(folder, summary)
        title = f"{ckpt.name}: {len(records)} samples graded ({folder / RECORDS_FILE})"
        print_summary(summary, out, title=title)
        return _Outcome(ckpt.name, summary)
    finally:  # the folder stays locked until its summary is written
        writer.close()


def _generate_and_grade(
    todo: Sequence[tuple[Problem, int]],
    prompts: dict[str, str],
    model: Any,
    tokenizer: Any,
    writer: RecordWriter,
    opts: ModelEvalOptions,
    errc: Any,
    generate: Any,
    where: tuple[str, int, int] = ("", 0, 1),
) -> dict[str, Any]:
    """Generate ``todo`` chunk by chunk, grading and writing each chunk before the next (so an interrupt
    keeps it). On a terminal two bars show progress: checkpoints done of all, and this checkpoint's samples.
    ``where`` is (checkpoint name, its 0-based position, the number of checkpoints)."""
    chunk_size = opts.batch_size * 4  # several batches per chunk: generate() sorts them by length
    counted = {"samples": 0, "new_tokens": 0, "seconds": 0.0}

    def on_batch(sequences: int, tokens: int, seconds: float) -> None:
        counted["samples"] += sequences
        counted["new_tokens"] += tokens
        counted["seconds"] += seconds
        advance(sequences)

    progress = None
    advance: Callable[[int], None] = lambda k: None  # noqa: E731
    if errc.is_terminal:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        name, index, count = where
        progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=errc,
        )
        progress.add_task("checkpoints", total=count, completed=index)
        task = progress.add_task(f"{name} samples" if name else "samples", total=len(todo))
        progress.start()
        advance = lambda k: progress.advance(task, k)  # noqa: E731
    try:
        for start in range(0, len(todo), chunk_size):
            chunk = todo[start : start + chunk_size]
            generations = generate(
                model,
                tokenizer,
                [prompts[json.dumps(p.id)] for p, _ in chunk],
                n=1,
                max_new_tokens=opts.max_new_tokens,
                temperature=opts.temperature,
                top_p=opts.top_p,
                batch_size=opts.batch_size,
                seed=_chunk_seed(opts.seed, (chunk[0][0].id, chunk[0][1])),
                on_batch=on_batch,
            )
            samples = [
                Sample(
                    line=0,
                    id=p.id,
                    sample_index=j,
                    completion=g.completion,
                    gold=p.gold,
                    question=p.question,
                    prompt=prompts[json.dumps(p.id)],
                    finish_reason=g.finish_reason,
                    token_count=g.token_count,
                    extra=p.extra,
                )
                for (p, j), [g] in zip(chunk, generations, strict=True)
            ]
            grade_and_write(samples, writer, opts.workers, lambda k: None, opts.timeout_s, opts.decimals)
    finally:
        if progress is not None:
            progress.stop()
    seconds = counted["seconds"]
    return {**counted, "tokens_per_s": counted["new_tokens"] / seconds if seconds else 0.0}


def _free_memory() -> None:
    import gc

    gc.collect()
    try:
        import torch

        if torch.cuda.is_available():
            torch.cuda.empty_cache()
    except ImportError:
        pass


# --------------------------------------------------------------------------- the run


def run_model_eval(opts: ModelEvalOptions, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Evaluate every checkpoint of ``opts.model``, print the comparison table, return the exit code."""
    from rich.console import Console

    from evalkit.generate import discover_checkpoints

    out = out if out is not None else sys.stdout
    errc = Console(file=err if err is not None else sys.stderr, highlight=False, soft_wrap=True)

    def error(message: str) -> None:
        errc.print(f"rewardkit: error: {message}", markup=False)

    if opts.temperature == 0 and opts.n > 1:
        errc.print(
            f"rewardkit: warning: --temperature 0 is greedy: {opts.n} samples would be identical copies "
            "(a fake pass@k); sampling at --temperature 1.0",
            markup=False,
        )
        opts = replace(opts, temperature=1.0)
    if opts.ks and max(opts.ks) > opts.n:
        error(f"--k {max(opts.ks)} needs that many samples per problem: pass --n {max(opts.ks)} or more")
        return EXIT_USAGE

    malformed: list[LineError] = []
    # the first few lines of each distinct message, then a count: a file without the field on every line
    shown = LineErrorReporter(lambda line: errc.print(line, markup=False))

    def report(e: LineError) -> None:
        malformed.append(e)
        shown.add(e)

    try:
        problems = load_problems(opts, report)
        shots = load_few_shot(opts)
    except OSError as exc:
        shown.finish()
        where = opts.data_file or opts.dataset
        error(f"cannot read {exc.filename or where}: {exc.strerror}" if exc.strerror else str(exc))
        return EXIT_USAGE
    shown.finish()
    problems = without_exemplars(problems, shots)
    if not problems:
        error(f"no problems to evaluate in {opts.data_file or opts.dataset}")
        return EXIT_USAGE
    try:
        checkpoints = discover_checkpoints(opts.model, base_model=opts.base_model)
    except ValueError as exc:
        error(str(exc))
        return EXIT_USAGE
    names = ", ".join(c.name for c in checkpoints)
    errc.print(
        f"evaluating {len(checkpoints)} checkpoint(s) ({names}) on {len(problems)} problems "
        f"x {opts.n} samples",
        markup=False,
    )

    outcomes = [
        _evaluate_checkpoint(c, problems, opts, out, errc, shots, (i, len(checkpoints)))
        for i, c in enumerate(checkpoints)
    ]
    for outcome in outcomes:
        if outcome.error is not None:
            error(f"{outcome.name}: {outcome.error}")
    print_comparison(outcomes, out)
    console = Console(file=out, highlight=False, soft_wrap=True)
    folders = ", ".join(o.name for o in outcomes if o.error is None)
    if folders:
        where = f"wrote {RECORDS_FILE} and {SUMMARY_FILE} under {opts.output_dir}/ for: {folders}"
        console.print(where, markup=False)
    else:
        console.print("nothing evaluated: every checkpoint failed (see the errors above)", markup=False)
    if malformed:
        console.print(f"malformed lines skipped: {len(malformed)}", markup=False)
    failed = any(o.error is not None for o in outcomes)
    return EXIT_USAGE if malformed or failed else EXIT_OK


def _pass_cell(summary: dict[str, Any], k: int) -> str:
    strict = (summary.get("pass@k") or {}).get(str(k))
    flexible = (summary.get("pass@k_flexible") or {}).get(str(k))
    return f"{pct(strict)} / {pct(flexible)}"


def print_comparison(outcomes: Sequence[_Outcome], out: TextIO) -> None:
    """One row per checkpoint: n, accuracy under both policies with 95% intervals, pass@k, truncation rate."""
    from rich.console import Console
    from rich.table import Table

    console = Console(file=out, highlight=False, soft_wrap=False)
    if not console.is_terminal:
        console.width = max(console.width, 160)
    done = [o.summary for o in outcomes if o.summary is not None]
    ks = [k for k in (done[0].get("ks", []) if done else []) if k > 1]
    table = Table(title="accuracy by checkpoint")
    for name in ("checkpoint", "n", "strict [95% CI]", "flexible [95% CI]"):
        table.add_column(name, justify="left" if name == "checkpoint" else "right")
    for k in ks:
        table.add_column(f"pass@{k} strict / flex", justify="right")
    table.add_column("truncated", justify="right")
    for o in outcomes:
        s = o.summary
        if s is None:
            table.add_row(o.name, "failed", *[""] * (3 + len(ks)))
            continue
        spp = s.get("samples_per_problem")
        records = s.get("records") or 0
        truncated = (s.get("verdicts") or {}).get("TRUNCATED", 0)
        table.add_row(
            o.name,
            f"{s.get('n')} x {spp}",
            with_ci(s.get("accuracy"), s.get("accuracy_ci95_cluster")),
            with_ci(s.get("accuracy_flexible"), s.get("accuracy_flexible_ci95_cluster")),
            *[_pass_cell(s, k) for k in ks],
            pct(truncated / records) if records else "-",
        )
    console.print(table)
