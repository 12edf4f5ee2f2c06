"""Grade a JSONL or Parquet file on a Ray cluster: ``rewardkit score --engine ray`` and :func:`score_dataset`.

The grading runs in a fixed pool of grader actors (Ray Data's ``map_batches`` on an actor pool of size N),
each one rewardkit grader process, so a cluster of many machines grades one file. Everything else is the
local command's own code (:mod:`rewardkit.cli.score` runs this engine when told ``--engine ray``): the same
reader and field checks (so a malformed line gets the same ``FILE:LINE:`` message and the run the same exit
status), the same chunk grader (:mod:`rewardkit.cli.score_grading`), the same output fields and summary.
Line ``i`` of the output is the ``i``-th valid line of the input, whatever order the actors finish in: each
row carries its index and the results are put back in place before anything is written.

JSONL is read by rewardkit's own line reader on the driver: Ray's ``read_json`` stops at the first
malformed line and knows no line numbers, and a bad line must cost that line only. Parquet is read with
``ray.data.read_parquet``; row ``i`` (from 1) is named ``FILE:i`` in messages. The driver holds the input's
records until they are written (the output keeps every input field), so its memory grows with the file.

Ray is an extra (``pip install 'rewardkit[ray]'``) and is imported inside the functions that need it, so
``import rewardkit`` and ``rewardkit --help`` never load it.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import logging
import os
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from rewardkit.cli.score_grading import ScoreItem, grade_items, result_fields
from rewardkit.grade import DEFAULT_TIMEOUT_S
from rewardkit.jsonl import Record, check_rows
from rewardkit.types import POLICIES

if TYPE_CHECKING:
    from rewardkit.types import Policy

__extra__ = "ray"

__all__ = [
    "DEFAULT_BATCH_SIZE",
    "RAY_INSTALL",
    "grade_on_ray",
    "parquet_reader",
    "ray_session",
    "score_dataset",
]

RAY_INSTALL = "pip install 'rewardkit[ray]'"

# rows per map_batches call: large enough that Ray's per-batch overhead is small next to the grading,
# small enough that a pool of actors shares even a short file
DEFAULT_BATCH_SIZE = 256

_NO_RECORD = Record(0, {})  # the actors grade; the record each output line keeps stays on the driver


def score_dataset(
    input_path: str | os.PathLike[str],
    output_path: str | os.PathLike[str] | None = None,
    *,
    gold_key: str = "answer",
    completion_key: str = "completion",
    policy: Policy = "flexible",
    timeout_s: float = DEFAULT_TIMEOUT_S,
    finished_key: str = "finished",
    choices_key: str | None = None,
    actors: int = 2,
    batch_size: int = DEFAULT_BATCH_SIZE,
    decimals: int | None = None,
) -> int:
    """Grade ``input_path`` (JSONL, or Parquet when it ends in ``.parquet``) on Ray and write what
    ``rewardkit score -o output_path`` writes; return the exit status that command would return (0, or 2
    when lines were malformed or the file cannot be read). Uses the running Ray session, else connects to
    the cluster ``RAY_ADDRESS`` names, else starts a local one for the call."""
    from rewardkit.cli import main

    argv = ["score", os.fspath(input_path), "--engine", "ray", "--actors", str(actors), "-q"]
    argv += ["--gold-key", gold_key, "--completion-key", completion_key, "--finished-key", finished_key]
    argv += ["--policy", policy, "--timeout", repr(timeout_s), "--ray-batch-size", str(batch_size)]
    if output_path is not None:
        argv += ["-o", os.fspath(output_path)]
    if choices_key is not None:
        argv += ["--choices-key", choices_key]
    if decimals is not None:
        argv += ["--decimals", str(decimals)]
    return main(argv)


@contextlib.contextmanager
def ray_session() -> Iterator[None]:
    """The running Ray session, else one connected to the cluster ``RAY_ADDRESS`` names, else a local one;
    one this started is shut down on leaving. Raises ImportError when Ray is not installed."""
    import ray

    started = not ray.is_initialized()
    if started:
        # include_dashboard: a grading run serves nothing
        ray.init(include_dashboard=False, logging_level=logging.WARNING)
    try:
        _quiet_ray_data()
        yield
    finally:
        if started:
            ray.shutdown()


def _quiet_ray_data() -> None:
    import ray.data

    ctx = ray.data.DataContext.get_current()
    # the actors finish out of order; the index each row carries puts results back, and in-order delivery
    # lets the driver consume them as a stream
    ctx.execution_options.preserve_order = True
    ctx.enable_progress_bars = False
    # Ray Data logs each execution at INFO on stderr, between our FILE:LINE messages and the summary
    logging.getLogger("ray.data").setLevel(logging.WARNING)


def parquet_reader(path: str) -> Any:
    """A reader of a Parquet file's rows for ``score``'s item reader: called with the JSONL reader's checking
    keywords, it yields what :func:`rewardkit.jsonl.iter_jsonl` would for the same rows as JSON lines."""

    def read(**checks: Any) -> Iterator[Any]:
        if not os.path.exists(path):  # Ray's own error would name a list of paths and a stack
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path)
        yield from check_rows(_parquet_rows(path), name=path, **checks)

    return read


def _parquet_rows(path: str) -> Iterator[dict[str, Any]]:
    import ray.data

    batch: Any  # a pyarrow Table, as batch_format says; Ray's annotation is the union of every format
    for batch in ray.data.read_parquet(path).iter_batches(batch_format="pyarrow", batch_size=4096):
        yield from batch.to_pylist()  # Python values, None for nulls: what the JSONL reader would give


def grade_on_ray(
    items: Sequence[ScoreItem],
    *,
    policy: str,
    timeout: float | None,
    actors: int,
    batch_size: int,
    decimals: int | None = None,
) -> list[tuple[dict[str, Any], list[str]]]:
    """One (result fields, [verdict under each policy]) per item, in item order, graded by ``actors``
    grader actors of the running Ray session."""
    if not items:
        return []
    import ray.data

    rows = [
        {
            "i": i,
            "completion": it.completion,
            "gold": it.gold,
            "finished": it.finished,
            "choices": None if it.choices is None else list(it.choices),
        }
        for i, it in enumerate(items)
    ]
    graded = ray.data.from_items(rows).map_batches(
        _Grader,
        fn_constructor_kwargs={"policy": policy, "timeout": timeout, "decimals": decimals},
        batch_size=batch_size,
        batch_format="pyarrow",
        compute=ray.data.ActorPoolStrategy(size=actors),  # a fixed pool: N graders, started once
        num_cpus=1,
    )
    out: list[Any] = [None] * len(rows)
    batch: Any  # a pyarrow Table
    for batch in graded.iter_batches(batch_format="pyarrow", batch_size=None):
        columns = [batch.column(c).to_pylist() for c in ("i", "fields", *POLICIES)]
        for i, fields, *verdicts in zip(*columns, strict=True):
            if out[i] is not None:  # never two results for one line
                raise RuntimeError(f"line {i} was graded twice")
            out[i] = (json.loads(fields), verdicts)
    missing = sum(r is None for r in out)
    if missing:  # exactly one result per input: a lost row is a failure of the run, not a blank line
        raise RuntimeError(f"{missing} of {len(out)} lines came back ungraded from Ray")
    return out


class _Grader:
    """One grader actor: grades a batch of rows with the local command's chunk grader."""

    def __init__(self, policy: str, timeout: float | None, decimals: int | None = None) -> None:
        self._args = argparse.Namespace(workers=1, policy=policy, timeout=timeout, decimals=decimals)

    def __call__(self, batch: Any) -> dict[str, list[Any]]:
        rows = batch.to_pylist()
        items = [
            ScoreItem(
                _NO_RECORD,
                r["completion"],
                r["gold"],
                r["finished"],
                None if r["choices"] is None else tuple(r["choices"]),
            )
            for r in rows
        ]
        results = grade_items(items, self._args)
        out: dict[str, list[Any]] = {
            "i": [r["i"] for r in rows],
            # JSON text: a column of mixed-type details (str, None) would not fit one Arrow type
            "fields": [json.dumps(result_fields(g)) for g in results],
        }
        for p in POLICIES:
            out[p] = [g.under(p).verdict.value for g in results]
        return out
