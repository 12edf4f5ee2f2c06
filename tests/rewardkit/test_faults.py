"""Faults: commands killed part-way and rerun, grading workers killed mid-batch, output that cannot be
written (no such folder, an unwritable one, a full disk), a model folder whose weights were cut short.

The contract: a rerun after a kill loses no row and duplicates none, and its summary equals that of a run
that was never interrupted; a killed worker is replaced and the batch still returns one result per input;
every failure to write or load is one clear message and exit status 2, never a traceback, and leaves no
corrupted file behind.
"""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from adversarial import figures
from adversarial.synthetic import slow_grade, write_synthetic

from rewardkit import GradeResult, Verdict, sandbox
from rewardkit.cli import main

KILL_ROWS = 6000


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "rewardkit", *args]


def _lines(path: Path) -> int:
    try:
        with path.open("rb") as fh:
            return sum(block.count(b"\n") for block in iter(lambda: fh.read(1 << 16), b""))
    except FileNotFoundError:
        return 0


def _partials(folder: Path, name: str) -> list[Path]:
    """The partial files of ``score -o folder/name`` runs: ``.NAME.HOST.PID.RANDOM.partial``."""
    return sorted(folder.glob(f".{name}*.partial"))


def _signal_when(
    proc: subprocess.Popen[bytes], grown: Path, lines: int, signum: int, timeout: float = 300
) -> int:
    """Send ``signum`` to ``proc`` once ``grown`` has ``lines`` lines (a glob pattern in a folder stands for
    the files it matches, together); return how many it had then."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"the command finished before it could be signalled (status {proc.returncode})")
        seen = sum(_lines(p) for p in grown.parent.glob(grown.name))
        if seen >= lines:
            proc.send_signal(signum)
            return seen
        time.sleep(0.005)
    proc.kill()
    pytest.fail(f"{grown} never reached {lines} lines")


def _kill_when(proc: subprocess.Popen[bytes], grown: Path, lines: int, timeout: float = 300) -> int:
    """SIGKILL ``proc`` once ``grown`` has ``lines`` lines; return how many it had then."""
    seen = _signal_when(proc, grown, lines, signal.SIGKILL, timeout)
    proc.wait(timeout=60)
    return seen


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line]


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_synthetic(tmp_path_factory.mktemp("faults") / "synthetic.jsonl", KILL_ROWS)


# --------------------------------------------------------------------------- killed commands


def test_score_killed_part_way_then_rerun(synthetic: Path, tmp_path: Path) -> None:
    out = tmp_path / "scored.jsonl"
    proc = subprocess.Popen(
        _command("score", str(synthetic), "-o", str(out), "-q"), stdout=subprocess.DEVNULL
    )
    written = _kill_when(proc, tmp_path / ".scored.jsonl*.partial", 64)
    assert proc.returncode == -signal.SIGKILL
    # the output appears in one move at the end: a killed run leaves none, never a truncated one
    assert not out.exists()
    assert len(_partials(tmp_path, out.name)) == 1

    rerun = subprocess.run(
        _command("score", str(synthetic), "-o", str(out), "-q"), capture_output=True, text=True
    )
    assert rerun.returncode == 0, rerun.stderr
    rows = _read_jsonl(out)
    ids = [r["id"] for r in rows]
    expected = [f"s{i}" for i in range(KILL_ROWS)]
    lost, duplicated = len(set(expected) - set(ids)), len(ids) - len(set(ids))
    assert (lost, duplicated) == (0, 0) and ids == expected
    assert _partials(tmp_path, out.name) == []  # the rerun removed what the killed run left

    clean = subprocess.run(_command("score", str(synthetic), "-q"), capture_output=True, text=True)
    assert rerun.stdout == clean.stdout  # the same summary as a run that was never interrupted
    assert f"{KILL_ROWS} graded" in rerun.stdout
    figures.record(
        "faults.score_kill",
        {"rows": KILL_ROWS, "lines_when_killed": written, "rows_lost": lost, "rows_duplicated": duplicated},
    )


def test_score_killed_keeps_the_previous_output(synthetic: Path, tmp_path: Path) -> None:
    out = tmp_path / "scored.jsonl"
    out.write_text('{"previous": true}\n', encoding="utf-8")
    proc = subprocess.Popen(
        _command("score", str(synthetic), "-o", str(out), "-q"), stdout=subprocess.DEVNULL
    )
    _kill_when(proc, tmp_path / ".scored.jsonl*.partial", 64)
    assert out.read_text(encoding="utf-8") == '{"previous": true}\n'


def test_partials_of_killed_scores_do_not_pile_up(synthetic: Path, tmp_path: Path) -> None:
    out = tmp_path / "scored.jsonl"
    for killed in (1, 2):
        proc = subprocess.Popen(
            _command("score", str(synthetic), "-o", str(out), "-q"), stdout=subprocess.DEVNULL
        )
        # each run writes a partial of its own; entering, it removes those of runs that were killed
        _kill_when(proc, tmp_path / ".scored.jsonl*.partial", 64)
        assert proc.returncode == -signal.SIGKILL
        assert len(_partials(tmp_path, out.name)) == 1, killed
    rerun = subprocess.run(
        _command("score", str(synthetic), "-o", str(out), "-q"), capture_output=True, text=True
    )
    assert rerun.returncode == 0, rerun.stderr
    assert [r["id"] for r in _read_jsonl(out)] == [f"s{i}" for i in range(KILL_ROWS)]
    assert sorted(p.name for p in tmp_path.iterdir()) == [out.name]


def _other_rows(tmp_path: Path, n: int) -> Path:
    """A small input of its own ids (``other0``...), to tell its rows from those of the synthetic file."""
    path = tmp_path / "other.jsonl"
    rows = [{"id": f"other{i}", "answer": str(i), "completion": f"The answer is {i}."} for i in range(n)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_two_scores_into_one_output_each_move_a_whole_file(synthetic: Path, tmp_path: Path) -> None:
    out = tmp_path / "scored.jsonl"
    other = _other_rows(tmp_path, 50)
    first = subprocess.Popen(
        _command("score", str(synthetic), "-o", str(out), "-q"), stdout=subprocess.DEVNULL
    )
    # stopped mid-run, the first run holds a half-written output for as long as the second one runs
    _signal_when(first, tmp_path / ".scored.jsonl*.partial", 64, signal.SIGSTOP)
    try:
        second = subprocess.run(
            _command("score", str(other), "-o", str(out), "-q"), capture_output=True, text=True
        )
        assert second.returncode == 0, second.stderr
        assert [r["id"] for r in _read_jsonl(out)] == [f"other{i}" for i in range(50)]
    finally:
        first.send_signal(signal.SIGCONT)
    assert first.wait(timeout=300) == 0  # its complete output was moved into place, so 0 is the truth
    # the last to finish wins, whole: never a mixture of the two, never a line cut off
    assert out.read_bytes().count(b"\0") == 0
    assert [r["id"] for r in _read_jsonl(out)] == [f"s{i}" for i in range(KILL_ROWS)]
    assert _partials(tmp_path, out.name) == []


def _summary_without_paths(path: Path) -> dict[str, Any]:
    summary = json.loads(path.read_text(encoding="utf-8"))
    summary.pop("completions", None)
    return summary


def test_eval_killed_part_way_then_resumed(synthetic: Path, tmp_path: Path) -> None:
    out_dir = tmp_path / "eval"
    records = out_dir / "records.jsonl"
    args = ("eval", "--completions", str(synthetic), "--output-dir", str(out_dir))
    proc = subprocess.Popen(_command(*args), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    written = _kill_when(proc, records, 200)
    assert proc.returncode == -signal.SIGKILL
    assert not (out_dir / "summary.json").exists()

    rerun = subprocess.run(_command(*args), capture_output=True, text=True)
    assert rerun.returncode == 0, rerun.stderr
    assert "Traceback" not in rerun.stderr
    assert "resuming:" in rerun.stderr
    rows = _read_jsonl(records)
    keys = [(r["id"], r["sample_index"]) for r in rows]
    expected = {(f"s{i}", 0) for i in range(KILL_ROWS)}
    lost, duplicated = len(expected - set(keys)), len(keys) - len(set(keys))
    assert (lost, duplicated) == (0, 0) and len(keys) == KILL_ROWS

    clean_dir = tmp_path / "clean"
    clean = subprocess.run(
        _command("eval", "--completions", str(synthetic), "--output-dir", str(clean_dir)),
        capture_output=True,
        text=True,
    )
    assert clean.returncode == 0, clean.stderr
    assert _summary_without_paths(out_dir / "summary.json") == _summary_without_paths(
        clean_dir / "summary.json"
    )
    figures.record(
        "faults.eval_kill",
        {"rows": KILL_ROWS, "records_when_killed": written, "rows_lost": lost, "rows_duplicated": duplicated},
    )


def test_two_evals_into_one_folder_the_second_is_refused(synthetic: Path, tmp_path: Path) -> None:
    out_dir = tmp_path / "eval"
    records = out_dir / "records.jsonl"
    args = ("eval", "--completions", str(synthetic), "--output-dir", str(out_dir))
    first = subprocess.Popen(_command(*args), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _signal_when(first, records, 200, signal.SIGSTOP)
    try:
        before = records.read_bytes()
        second = subprocess.run(_command(*args), capture_output=True, text=True)
        assert records.read_bytes() == before  # the refused run appended nothing
    finally:
        first.send_signal(signal.SIGCONT)
    assert second.returncode == 2, second.stderr
    assert "Traceback" not in second.stderr
    assert f"{out_dir} is in use by another rewardkit run (pid {first.pid})" in second.stderr
    assert first.wait(timeout=300) == 0

    keys = [(r["id"], r["sample_index"]) for r in _read_jsonl(records)]
    assert len(keys) == len(set(keys)) == KILL_ROWS  # no sample recorded twice
    # the lock went with the run that held it: the folder is free again
    again = subprocess.run(_command(*args), capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    assert f"resuming: {KILL_ROWS} of {KILL_ROWS}" in again.stderr


# --------------------------------------------------------------------------- writers side by side


def test_two_atomic_writers_of_one_target_each_move_a_whole_file(tmp_path: Path) -> None:
    from rewardkit.jsonl import JsonlWriter

    out = tmp_path / "out.jsonl"
    with JsonlWriter(out, atomic=True) as first:
        first.write({"run": "first", "row": 0})
        with JsonlWriter(out, atomic=True) as second:
            for row in range(3):
                second.write({"run": "second", "row": row})
        assert _read_jsonl(out) == [{"run": "second", "row": r} for r in range(3)]
        first.write({"run": "first", "row": 1})
    assert _read_jsonl(out) == [{"run": "first", "row": r} for r in range(2)]  # the last to finish, whole
    assert sorted(p.name for p in tmp_path.iterdir()) == [out.name]


def _append_rows(path: str, writer: int, rows: int) -> None:
    from runners.run_logs import RolloutLog

    log = RolloutLog(path)
    for step in range(rows // 20):  # batches of lines that straddle a write buffer's boundaries
        log.write(
            step, [{"writer": writer, "row": 20 * step + i, "text": str(writer) * 3_000} for i in range(20)]
        )


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_concurrent_appenders_never_interleave_within_a_line(tmp_path: Path) -> None:
    import multiprocessing

    path = tmp_path / "metrics.jsonl"
    context = multiprocessing.get_context("fork")
    procs = [context.Process(target=_append_rows, args=(str(path), w, 400)) for w in range(4)]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(120)
        assert proc.exitcode == 0
    rows = _read_jsonl(path)  # a line split by another writer's would not parse
    assert sorted((r["writer"], r["row"]) for r in rows) == [(w, r) for w in range(4) for r in range(400)]
    assert all(r["text"] == str(r["writer"]) * 3_000 for r in rows)


def _fsynced_folders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    import stat

    folders: list[str] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            folders.append(
                os.path.realpath(f"/proc/self/fd/{fd}") if os.path.exists("/proc/self/fd") else "?"
            )
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    return folders


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions and folder fsync")
@pytest.mark.parametrize("writer", ["summary", "report", "records_repair", "jsonl_atomic"])
def test_every_atomic_write_fsyncs_and_gets_the_umask_permissions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, writer: str
) -> None:
    from evalkit.records import RecordWriter, write_summary
    from rewardkit.files import atomic_write
    from rewardkit.jsonl import JsonlWriter

    folders = _fsynced_folders(monkeypatch)
    old = os.umask(0o027)
    try:
        if writer == "summary":
            target = write_summary(tmp_path, {"n": 1})
        elif writer == "report":
            target = tmp_path / "report.md"
            atomic_write(target, "# report\n")
        elif writer == "records_repair":
            target = tmp_path / "records.jsonl"
            target.write_bytes(b'{"id": "a", "sample_index": 0}\n{"id": "b", "sampl')  # a cut-off last line
            os.chmod(target, 0o600)
            with RecordWriter(tmp_path) as records:
                assert records.resumed == 1
        else:
            target = tmp_path / "out.jsonl"
            with JsonlWriter(target, atomic=True) as out:
                out.write({"row": 0})
    finally:
        os.umask(old)
    assert target.stat().st_mode & 0o777 == 0o640  # as open() would create it under the umask
    assert os.path.realpath(tmp_path) in folders  # the rename survives a crash
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith((".tmp", ".partial"))] == []


@pytest.mark.parametrize("log", ["metrics", "rollouts", "trajectories"])
def test_a_damaged_log_line_is_file_line_not_a_traceback(tmp_path: Path, log: str) -> None:
    from rewardkit.errors import DataError
    from runners.agentic import TrajectoryLog
    from runners.run_logs import MetricsLog, RolloutLog

    path = tmp_path / f"{log}.jsonl"
    path.write_bytes(b'{"step": 1}\n\n{"step": 2, "reward": \n')
    reader = {"metrics": MetricsLog, "rollouts": RolloutLog, "trajectories": TrajectoryLog}[log](path)
    with pytest.raises(DataError, match=rf"^{path}:3: invalid JSON at column \d+"):
        reader.read()
    path.write_bytes(b'{"step": 1}\n')
    assert reader.read() == [{"step": 1}]


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_only_the_partials_of_dead_runs_on_this_host_are_removed(tmp_path: Path) -> None:
    from rewardkit import jsonl

    out = tmp_path / "out.jsonl"
    host = jsonl._HOST
    dead = tmp_path / f".out.jsonl.{host}.{_dead_pid()}.0badf00d.partial"
    alive = tmp_path / f".out.jsonl.{host}.{os.getpid()}.0badf00d.partial"
    elsewhere = tmp_path / f".out.jsonl.{host}x.{_dead_pid()}.0badf00d.partial"  # its pids mean nothing here
    other_target = tmp_path / f".other.jsonl.{host}.{_dead_pid()}.0badf00d.partial"
    for path in (dead, alive, elsewhere, other_target):
        path.write_text("{}\n", encoding="utf-8")
    with jsonl.JsonlWriter(out, atomic=True) as writer:
        writer.write({"row": 0})
    assert not dead.exists()
    assert alive.exists() and elsewhere.exists() and other_target.exists()
    assert _read_jsonl(out) == [{"row": 0}]


def test_a_second_record_writer_on_one_folder_is_refused(tmp_path: Path) -> None:
    from evalkit.records import FolderInUse, RecordWriter

    with RecordWriter(tmp_path) as first:
        first.write({"id": "a", "sample_index": 0})
        with pytest.raises(FolderInUse) as refused:
            RecordWriter(tmp_path).open()
        assert str(refused.value).startswith(
            f"{tmp_path} is in use by another rewardkit run (pid {os.getpid()})"
        )
        first.write({"id": "b", "sample_index": 0})
    with RecordWriter(tmp_path) as again:  # released on close
        assert again.resumed == 2


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_worker_does_not_keep_the_folder_locked(tmp_path: Path) -> None:
    """A grading worker forked while the folder is locked must not hold the lock once its parent is killed."""
    from evalkit.records import RecordWriter

    script = (
        "import multiprocessing, os, signal, sys, time\n"
        "from evalkit.records import RecordWriter\n"
        "def running(fd):\n"
        "    os.write(fd, b'x')\n"  # the fork hooks have run: the worker is as it will stay
        "    time.sleep(300)\n"
        "writer = RecordWriter(sys.argv[1])\n"
        "writer.open()\n"
        "r, w = os.pipe()\n"
        "child = multiprocessing.get_context('fork').Process(target=running, args=(w,))\n"
        "child.start()\n"
        "os.read(r, 1)\n"
        "print(child.pid, flush=True)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    parent = subprocess.Popen(
        [sys.executable, "-c", script, str(tmp_path)], stdout=subprocess.PIPE, text=True
    )
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    try:
        assert parent.wait(timeout=60) == -signal.SIGKILL
        os.kill(child, 0)  # the orphaned worker is still alive
        with RecordWriter(tmp_path) as writer:
            assert writer.resumed == 0
    finally:
        os.kill(child, signal.SIGKILL)


# --------------------------------------------------------------------------- killed workers


def _items(n: int) -> list[tuple[str, str, None]]:
    return [(f"3 * {k} = {3 * k}\nThe answer is {3 * k}.", str(3 * k), None) for k in range(n)]


def test_grading_worker_killed_mid_batch_is_replaced() -> None:
    items = _items(240)
    pool = sandbox.GradingPool(2, grade=slow_grade)
    out: dict[str, Any] = {}

    def crash(item: Any, why: str) -> GradeResult:
        return GradeResult(False, Verdict.ERROR, gold=item[1], detail=why)

    def timeout(item: Any) -> GradeResult:
        return GradeResult(False, Verdict.TIMEOUT, gold=item[1])

    def run() -> None:
        out["results"] = pool.run(
            items, timeout_s=30, options={"policy": "flexible"}, on_timeout=timeout, on_crash=crash
        )

    try:
        thread = threading.Thread(target=run)
        thread.start()
        killed = []
        deadline = time.monotonic() + 120
        while len(killed) < 2 and time.monotonic() < deadline:  # kill each worker once, mid-batch
            for w in list(pool.workers):
                pid = w.process.pid
                if pid not in killed and w.started and w.inflight and w.progress[0] >= 1:
                    os.kill(pid, signal.SIGKILL)
                    killed.append(pid)
            time.sleep(0.01)
        thread.join(timeout=300)
        assert not thread.is_alive()
        # both killed workers were replaced, and the pool keeps its size for the next batch
        assert len(pool.workers) == 2 and all(w.process.is_alive() for w in pool.workers)
        assert not {w.process.pid for w in pool.workers} & set(killed)
    finally:
        pool.close()
    assert len(killed) == 2
    results = out["results"]
    assert len(results) == len(items)
    assert all(isinstance(r, GradeResult) for r in results)
    assert [r.gold for r in results] == [i[1] for i in items]  # in input order
    crashed = [r for r in results if r.verdict is Verdict.ERROR]
    assert 1 <= len(crashed) <= 2 and all("died" in r.detail for r in crashed)
    assert all(r.correct for r in results if r.verdict is not Verdict.ERROR)
    figures.record("faults.worker_kill", {"items": len(items), "workers_killed": 2, "results": len(results)})


def test_sandbox_worker_killed_during_a_call() -> None:
    from sandbox_helpers import slow_square

    result: dict[str, Any] = {}

    def run() -> None:
        try:
            result["value"] = sandbox.call(slow_square, 3, 30, timeout_s=60)
        except sandbox.WorkerFailed as exc:
            result["error"] = exc

    thread = threading.Thread(target=run)
    start = time.monotonic()
    thread.start()
    deadline = time.monotonic() + 60
    busy: list[Any] = []
    while not busy and time.monotonic() < deadline:
        time.sleep(0.2)  # the call is in flight once its worker is no longer idle
        idle = {w.process.pid for w in sandbox._idle}
        running = sandbox.live_workers()
        busy = [pid for name, pid in running if name == "rewardkit-sandbox" and pid not in idle]
    assert busy, "no sandbox worker was running the call"
    os.kill(busy[0], signal.SIGKILL)
    thread.join(timeout=60)
    assert isinstance(result.get("error"), sandbox.WorkerFailed)
    assert time.monotonic() - start < 30  # not the 60 s deadline: the death is noticed at once
    assert sandbox.call(divmod, 7, 2, timeout_s=60) == (3, 1)  # a fresh worker takes its place


# --------------------------------------------------------------------------- output that cannot be written


def _unwritable_targets(tmp_path: Path) -> list[Path]:
    a_file = tmp_path / "a-file"
    a_file.write_text("x", encoding="utf-8")
    targets = [tmp_path / "missing" / "out.jsonl", a_file / "out.jsonl"]
    if Path("/proc/self").exists():
        targets.append(Path("/proc/rewardkit-cannot-write-here.jsonl"))  # unwritable even for root
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o500)
        targets.append(locked / "out.jsonl")
    return targets


def test_score_to_an_unwritable_place(
    synthetic: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    small = tmp_path / "small.jsonl"
    small.write_text("".join(synthetic.read_text(encoding="utf-8").splitlines(True)[:50]), encoding="utf-8")
    for target in _unwritable_targets(tmp_path):
        assert main(["score", str(small), "-o", str(target), "-q"]) == 2, target
        err = capsys.readouterr().err
        assert f"cannot write {target}" in err, err
        assert not target.exists()


def test_score_on_a_full_disk(synthetic: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if Path("/dev/full").exists():  # the kernel's always-full device: every write fails with ENOSPC
        assert main(["score", str(synthetic), "-o", "/dev/full", "-q"]) == 2
        assert "cannot write /dev/full: No space left on device" in capsys.readouterr().err


def test_score_when_the_disk_fills_mid_run(
    synthetic: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from rewardkit import jsonl

    real = jsonl.JsonlWriter.write

    def fill_up(self: Any, obj: Any) -> None:
        if self.count >= 500:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(self, obj)

    monkeypatch.setattr(jsonl.JsonlWriter, "write", fill_up)
    out = tmp_path / "scored.jsonl"
    assert main(["score", str(synthetic), "-o", str(out), "-q"]) == 2
    assert f"cannot write {out}: No space left on device" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # neither a truncated output nor its partial file


def test_eval_to_an_unwritable_place(
    synthetic: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    small = tmp_path / "small.jsonl"
    small.write_text("".join(synthetic.read_text(encoding="utf-8").splitlines(True)[:50]), encoding="utf-8")
    a_file = tmp_path / "a-file"
    a_file.write_text("x", encoding="utf-8")
    # a missing folder is created; these cannot be: a file, a folder under a file, one in /proc, a locked one
    folders = [a_file, a_file / "eval", *(t.parent for t in _unwritable_targets(tmp_path)[2:])]
    for folder in folders:
        assert main(["eval", "--completions", str(small), "--output-dir", str(folder)]) == 2, folder
        err = capsys.readouterr().err
        assert "cannot write to" in err and "Traceback" not in err, err


def test_eval_when_the_disk_fills_mid_run(
    synthetic: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from evalkit import records

    real = records.RecordWriter.write

    def fill_up(self: Any, record: Any) -> bool:
        if len(self.records) >= 300:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(self, record)

    out_dir = tmp_path / "eval"
    with monkeypatch.context() as patch:
        patch.setattr(records.RecordWriter, "write", fill_up)
        assert main(["eval", "--completions", str(synthetic), "--output-dir", str(out_dir)]) == 2
    err = capsys.readouterr().err
    assert "No space left on device" in err and "Traceback" not in err, err
    assert not (out_dir / "summary.json").exists()
    kept = _read_jsonl(out_dir / "records.jsonl")
    assert len(kept) == 300  # every line that was written is whole
    # with space again, the rerun grades only the rest
    assert main(["eval", "--completions", str(synthetic), "--output-dir", str(out_dir)]) == 0
    assert f"resuming: 300 of {KILL_ROWS} samples" in capsys.readouterr().err
    assert len(_read_jsonl(out_dir / "records.jsonl")) == KILL_ROWS


# --------------------------------------------------------------------------- a model cut short


def test_eval_model_with_truncated_weights(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from tiny_model import tiny_model

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")

    model = tmp_path / "model"
    tiny_model(model)
    weights = next(model.glob("*.safetensors"))
    with weights.open("r+b") as fh:  # an interrupted copy: the file stops half-way
        fh.truncate(weights.stat().st_size // 2)
    data = tmp_path / "problems.jsonl"
    data.write_text(json.dumps({"question": "What is 2 + 2?", "answer": "4"}) + "\n", encoding="utf-8")
    out_dir = tmp_path / "out"
    # in this process: torch is imported once for the whole test run, not again in a subprocess
    status = main(["eval", "--model", str(model), "--data-file", str(data), "--output-dir", str(out_dir)])
    err = capsys.readouterr().err
    assert status == 2, err[-2000:]
    assert "Traceback" not in err
    assert f"cannot load {model}" in err
    records = out_dir / "model" / "records.jsonl"
    assert not records.exists() or records.read_text(encoding="utf-8") == ""
