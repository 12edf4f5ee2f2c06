"""Per-sample eval records: the schema, an incremental writer that resumes, and the atomic summary.

One checkpoint's output folder holds ``records.jsonl`` (one line per graded sample) and ``summary.json``.
A record is keyed by ``(id, sample_index)``. Lines are appended one at a time, each in one write, so an
interrupted run loses at most the line it was writing; a rerun reads what is there, drops a truncated
last line with a warning, and grades only the samples not yet recorded.

Record fields, in order: ``id``, ``sample_index``, ``question``, ``prompt``, ``completion``,
``finish_reason`` (``"stop"``, ``"length"`` or null), ``token_count`` (null when unknown), ``gold``, every
:class:`~rewardkit.types.GradeResult` field under the flexible policy (``correct``, ``verdict``,
``extracted``, ``rule``, ``gold_parsed``, ``extracted_parsed``, ``match``, ``lenient``, ``policy``,
``detail``, ``span``, ``elapsed_s``), ``verdict_strict``, ``correct_strict``, then the passthrough fields
``subject``, ``level`` and ``calculations`` (the number of ``<<...>>`` calculations in a GSM8K gold
rationale, null when the gold is not one).

>>> count_calculations("48/2 = <<48/2=24>>24\\n48+24 = <<48+24=72>>72\\n#### 72")
2
>>> count_calculations("72") is None
True
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import math
import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rewardkit.files import LineAppender, atomic_write, json_line
from rewardkit.jsonl import LineError, Record, iter_jsonl

if TYPE_CHECKING:
    from rewardkit.types import GradeResult

try:
    import fcntl
except ImportError:  # Windows has no flock: there the folder is not locked, and two runs must not share one
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "LOCK_FILE",
    "RECORDS_FILE",
    "SUMMARY_FILE",
    "EvalSource",
    "FolderInUse",
    "RecordWriter",
    "checkpoint_step",
    "count_calculations",
    "find_eval_records",
    "load_records",
    "make_record",
    "record_key",
    "write_summary",
]

RECORDS_FILE = "records.jsonl"
SUMMARY_FILE = "summary.json"
# held (flock) by the one process writing a folder's records; it holds that process's pid, for messages
LOCK_FILE = ".records.lock"

FINISH_REASONS = ("stop", "length")
# input fields carried into every record (and into the summary's breakdowns)
PASSTHROUGH = ("subject", "level")

_CALCULATION = re.compile(r"<<[^<>]*>>")

Key = tuple[str, int]


def count_calculations(gold: str | None) -> int | None:
    """The number of ``<<...>>`` calculations in a GSM8K rationale gold (``... #### N``); None otherwise."""
    if not isinstance(gold, str) or "####" not in gold:
        return None
    return len(_CALCULATION.findall(gold.rsplit("####", 1)[0]))


def record_key(id_: Any, sample_index: int) -> Key:
    """The resume key of a record. Ids compare by their JSON text, so ``7`` and ``"7"`` stay distinct."""
    return (json.dumps(id_, ensure_ascii=False), int(sample_index))


def make_record(
    *,
    id: Any,
    sample_index: int,
    completion: str,
    gold: str,
    result: GradeResult,
    question: str | None = None,
    prompt: str | None = None,
    finish_reason: str | None = None,
    token_count: int | None = None,
    subject: Any = None,
    level: Any = None,
) -> dict[str, Any]:
    """One record line; ``result`` is a flexible-policy grade (a strict one is turned back first)."""
    if finish_reason not in (None, *FINISH_REASONS):
        raise ValueError(f"finish_reason must be 'stop', 'length' or None, got {finish_reason!r}")
    flexible = result.under("flexible")
    strict = result.under("strict")
    record: dict[str, Any] = {
        "id": id,
        "sample_index": sample_index,
        "question": question,
        "prompt": prompt,
        "completion": completion,
        "finish_reason": finish_reason,
        "token_count": token_count,
        "gold": gold,
    }
    fields = flexible.to_dict()
    fields.pop("gold", None)  # the same text as the record's own gold
    record.update(fields)
    record["verdict_strict"] = strict.verdict.value
    record["correct_strict"] = strict.correct
    record["subject"] = subject
    record["level"] = level
    record["calculations"] = count_calculations(gold)
    return record


def _valid_record(obj: Any) -> str | None:
    """Why ``obj`` is not a usable record, or None when it is."""
    if not isinstance(obj, dict):
        return "not a JSON object"
    if "id" not in obj:
        return "no 'id'"
    index = obj.get("sample_index")
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        return "no valid 'sample_index'"
    return None


def load_records(path: str | os.PathLike[str]) -> tuple[list[dict[str, Any]], list[str], bool]:
    """Read a records file: ``(records, warnings, needs_repair)``.

    Lines are decoded by :func:`rewardkit.jsonl.iter_jsonl`, the reader of every JSONL input, so a damaged
    line (not UTF-8, not JSON, a number past Python's int/str limit, nesting too deep to read) is one
    ``FILE:LINE:`` warning here as it is everywhere else. Unreadable lines (the truncated last line of an
    interrupted run, above all) and repeated keys are dropped with a warning each; ``needs_repair`` says
    the file on disk should be rewritten before more lines are appended to it. A missing file is an empty
    one.
    """
    label = os.fspath(path)
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        return [], [], False
    records: list[dict[str, Any]] = []
    warnings: list[str] = []
    seen: set[Key] = set()
    cut_off = bool(raw) and not raw.endswith(b"\n")  # a kill mid-write: the last line has no newline
    repair = cut_off
    last = raw.count(b"\n") + 1 if cut_off else raw.count(b"\n")
    for item in iter_jsonl(io.BytesIO(raw), name=label):
        if isinstance(item, Record):
            why = _valid_record(item.data)
            if why is None:
                obj = item.data
                key = record_key(obj["id"], obj["sample_index"])
                if key not in seen:
                    seen.add(key)
                    records.append(obj)
                    continue
                why = f"repeats id {obj['id']!r} sample {obj['sample_index']}"
        else:
            why = item.message
        repair = True
        if cut_off and item.line == last and isinstance(item, LineError):
            warnings.append(f"{label}:{item.line}: dropping a truncated last line (an interrupted run?)")
        else:
            warnings.append(f"{label}:{item.line}: dropping a line: {why}")
    return records, warnings, repair


class FolderInUse(OSError):
    """Another process is writing records into the folder (it holds the folder's lock).

    An ``OSError`` (``EBUSY``), so code that reports "cannot write to DIR" for any ``OSError`` still refuses
    the folder with a clear message; ``str()`` says what to do.
    """

    def __init__(self, folder: Path, holder: int | None) -> None:
        self.folder = folder
        self.holder = holder
        who = f" (pid {holder})" if holder is not None else ""
        super().__init__(errno.EBUSY, f"in use by another rewardkit run{who}", os.fspath(folder))

    def __str__(self) -> str:
        return (
            f"{self.folder} is in use by another rewardkit run"
            f"{f' (pid {self.holder})' if self.holder is not None else ''}: two runs writing one folder "
            "would record the same samples twice; wait for it to finish or use another --output-dir"
        )


# Lock descriptors this process holds. A grading worker forked while one is held would inherit it and
# keep the folder locked after its parent is killed; closing the child's copy leaves the parent's lock
# in place (a flock belongs to the open file, which the parent still has open).
_HELD_LOCKS: set[int] = set()


def _close_inherited_locks() -> None:
    for fd in _HELD_LOCKS:
        with contextlib.suppress(OSError):
            os.close(fd)
    _HELD_LOCKS.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_close_inherited_locks)


def _lock_folder(folder: Path) -> int | None:
    """Take the exclusive lock of ``folder`` without waiting; return its descriptor (None: not lockable).

    Raises :class:`FolderInUse` when another process holds it. The kernel drops the lock when the holder
    exits, however it exits (a SIGKILL included), so a killed run never leaves a folder locked.
    """
    if fcntl is None:
        return None
    fd = os.open(folder / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = _pid_in(fd)
        os.close(fd)
        raise FolderInUse(folder, holder) from None
    except OSError as exc:
        os.close(fd)
        if exc.errno in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS):
            return None  # a file system without locks (some network mounts): write unlocked, as on Windows
        raise
    with contextlib.suppress(OSError):  # only for the message of a run that is refused
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
    _HELD_LOCKS.add(fd)
    return fd


def _pid_in(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None


def _unlock(fd: int) -> None:
    _HELD_LOCKS.discard(fd)
    with contextlib.suppress(OSError):
        fcntl.flock(fd, fcntl.LOCK_UN)  # explicit: a forked child's copy must not outlive this close
    os.close(fd)


class RecordWriter:
    """Append records to ``DIR/records.jsonl``, resuming from what a previous run left there.

    From :meth:`open` to :meth:`close` the writer holds an exclusive lock on ``DIR`` (``DIR/.records.lock``):
    a second writer, in this process or another, gets :class:`FolderInUse` instead of appending the same
    samples again. Keep it open until the summary is written, so that a summary always describes the
    records it sits next to.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     with RecordWriter(d) as w:
    ...         _ = w.write({"id": "a", "sample_index": 0})
    ...     with RecordWriter(d) as w:
    ...         print(w.has("a", 0), w.has("a", 1), len(w.records))
    True False 1
    """

    def __init__(self, out_dir: str | os.PathLike[str], *, warn: Callable[[str], None] | None = None) -> None:
        self.dir = Path(out_dir)
        self.path = self.dir / RECORDS_FILE
        self.records: list[dict[str, Any]] = []
        self.resumed = 0
        self.warnings: list[str] = []
        self._warn = warn
        self._keys: set[Key] = set()
        self._out: LineAppender | None = None
        self._lock: int | None = None

    def __enter__(self) -> RecordWriter:
        self.open()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def open(self) -> None:
        """Lock the folder, read what is recorded (repairing the file if it must), open it for appending.
        Raises :class:`FolderInUse` when another writer has the folder, ``OSError`` when it is unwritable."""
        self.dir.mkdir(parents=True, exist_ok=True)
        self._lock = _lock_folder(self.dir)  # before reading: the records read must be the ones appended to
        try:
            records, warnings, repair = load_records(self.path)
            for message in warnings:
                self.warnings.append(message)
                if self._warn is not None:
                    self._warn(message)
            if repair:  # keep only the good lines, so the lines appended next start on a line of their own
                atomic_write(self.path, "".join(json_line(r) for r in records))
            self.records = records
            self.resumed = len(records)
            self._keys = {record_key(r["id"], r["sample_index"]) for r in records}
            self._out = LineAppender(self.path)
            self._out.open()
        except BaseException:
            self._release()
            raise

    def close(self) -> None:
        """Close the records file and release the folder. Safe to call twice."""
        try:
            if self._out is not None:
                out, self._out = self._out, None
                out.close()
        finally:
            self._release()

    def _release(self) -> None:
        if self._lock is not None:
            lock, self._lock = self._lock, None
            _unlock(lock)

    def has(self, id_: Any, sample_index: int) -> bool:
        """Whether ``(id, sample_index)`` is already recorded."""
        return record_key(id_, sample_index) in self._keys

    def write(self, record: Mapping[str, Any]) -> bool:
        """Append one record, in one write (see :mod:`rewardkit.files`); a key already recorded is not written
        again (returns False)."""
        assert self._out is not None, "open the writer first (use it as a context manager)"
        key = record_key(record["id"], record["sample_index"])
        if key in self._keys:
            return False
        self._out.write_text(json_line(record))
        self._keys.add(key)
        self.records.append(dict(record))
        return True

    def write_many(self, records: Iterable[Mapping[str, Any]]) -> int:
        return sum(self.write(r) for r in records)


def write_summary(out_dir: str | os.PathLike[str], summary: Mapping[str, Any]) -> Path:
    """Write ``DIR/summary.json`` atomically (:func:`rewardkit.files.atomic_write`)."""
    path = Path(out_dir) / SUMMARY_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, json.dumps(_finite(summary), ensure_ascii=False, indent=2, allow_nan=False) + "\n")
    return path


def _finite(obj: Any) -> Any:
    """NaN and infinities become null: JSON has no spelling for them."""
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, Mapping):
        return {k: _finite(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_finite(v) for v in obj]
    return obj


# ------------------------------------------------------------------------------------ finding the records

# checkpoint-500, global_step500, step_20, ckpt-3: the number is the training step
_STEP = re.compile(r"(?:checkpoint|global_step|step|ckpt)[-_]?(\d+)$", re.IGNORECASE)


def checkpoint_step(name: str) -> int | None:
    """The training step a checkpoint folder's name carries, or None.

    >>> checkpoint_step("checkpoint-500"), checkpoint_step("global_step20"), checkpoint_step("base")
    (500, 20, None)
    """
    m = _STEP.search(name)
    return int(m.group(1)) if m else None


@dataclass(frozen=True)
class EvalSource:
    """One checkpoint's eval records: its name (relative to the folder searched), step and files."""

    checkpoint: str
    step: int | None
    records: Path

    @property
    def summary(self) -> Path:
        return self.records.parent / SUMMARY_FILE


def natural_key(text: str) -> tuple[Any, ...]:
    """A sort key that orders the numbers inside names by value: 6b, 13b, 175b (never 13b, 175b, 6b).

    >>> sorted(["175b", "6b", "13b"], key=natural_key)
    ['6b', '13b', '175b']
    """
    return tuple((1, int(p), "") if p.isdigit() else (0, 0, p) for p in re.split(r"(\d+)", text))


def _order(source: EvalSource) -> tuple[Any, ...]:
    # folders without a step (a base model, an eval of plain completions, models of several sizes) come
    # first, in natural order
    return (0 if source.step is None else 1, source.step or 0, natural_key(source.checkpoint))


def find_eval_records(path: str | os.PathLike[str]) -> list[EvalSource]:
    """Every ``records.jsonl`` under ``path``, in step order: the one place commands that read what
    ``rewardkit eval`` wrote (``report``, ``pairs``) look for it, so they accept the same folders.

    ``path`` is a records file, one checkpoint's eval folder (``eval --completions``), an eval output folder
    with one subfolder per checkpoint (``eval --model``), or a training run folder whose evals sit under
    ``RUN/eval/<checkpoint>/``. A checkpoint is named by its folder relative to the eval root
    (``checkpoint-500`` for ``RUN/eval/checkpoint-500/records.jsonl``), by the folder's own name when
    ``path`` itself holds the records. Hidden folders are skipped. Raises FileNotFoundError when ``path``
    does not exist or holds no records.

    >>> import tempfile
    >>> run = Path(tempfile.mkdtemp())
    >>> for name in ("checkpoint-20", "checkpoint-5"):
    ...     (run / "eval" / name).mkdir(parents=True)
    ...     _ = (run / "eval" / name / RECORDS_FILE).write_text("")
    >>> [(s.checkpoint, s.step) for s in find_eval_records(run)]
    [('checkpoint-5', 5), ('checkpoint-20', 20)]
    >>> [s.checkpoint for s in find_eval_records(run / "eval" / "checkpoint-5")]
    ['checkpoint-5']
    """
    root = Path(path)
    if root.is_file():
        return [EvalSource(root.parent.name or ".", checkpoint_step(root.parent.name), root)]
    if not root.is_dir():
        raise FileNotFoundError(f"{root}: no such file or folder")
    found = [
        p
        for p in root.rglob(RECORDS_FILE)
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(root).parts[:-1])
    ]
    if not found:
        raise FileNotFoundError(f"{root}: no {RECORDS_FILE} in it or below it (run `rewardkit eval` first)")
    sources = []
    for p in found:
        parts = p.parent.relative_to(root).parts
        if parts and parts[0] == "eval" and len(parts) > 1:  # a run folder: RUN/eval/<checkpoint>/
            parts = parts[1:]
        name = "/".join(parts) if parts else (root.resolve().name or ".")
        step = checkpoint_step(parts[-1]) if parts else checkpoint_step(name)
        sources.append(EvalSource(name, step, p))
    return sorted(sources, key=_order)
