"""`rewardkit serve` under a loopback load test, then under faults: are rewards over HTTP as right as in
process, how much slower, and does the server survive what clients and workers do to it?

    .venv/bin/python bench/serve_load.py                        # 4 clients, 20 s, real GSM8K completions
    .venv/bin/python bench/serve_load.py --clients 2 --seconds 5 --synthetic --json out/serve_load.json

Load: ``--clients`` threads, each with its own keep-alive connection, post batches of ``--batch`` (64)
completions for ``--seconds``, alternating OpenRLHF's ``/get_reward`` and the native ``/v1/grade``. The
completions are the four models' solutions of ``../shared/data/gsm8k/example_model_solutions.jsonl`` (or
synthetic ones with ``--synthetic``). Every answer is checked against the same items graded in this process
first: a batch answered with the wrong number of results counts as lost or duplicated items, a result that
differs from the in-process one as a mismatch. Figures: items/s over HTTP vs the in-process reward on the
same batches with the same worker count (a ratio, same run), p50/p99 latency per request, errors.

Faults, each followed by a normal request that must still succeed: a client that disconnects mid-body and
one that leaves before its answer, malformed JSON (400), an oversize body (413), a wrong token (401), a
grading worker killed mid-batch (the batch still gets exactly one result per item), and SIGTERM while a
batch is being graded (it is answered, then the server exits).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the bench's modules, by bare name

from run_json import run_meta, write_json
from shared_data import REPO, read_gsm8k_solutions

sys.path.insert(0, str(REPO / "tests"))  # the synthetic generator lives with the tests

TOKEN = "bench-token"


def load_items(synthetic: bool, limit: int) -> list[tuple[str, str]]:
    if synthetic:
        from adversarial.synthetic import synthetic_rows

        return [(r["completion"], r["answer"]) for r in synthetic_rows(limit, seed=16)]
    items = [(s, q.final) for q in read_gsm8k_solutions() for s in q.solutions.values()]
    return items[:limit]


def batches(items: list[tuple[str, str]], size: int) -> list[list[tuple[str, str]]]:
    return [items[i : i + size] for i in range(0, len(items) - size + 1, size)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Server:
    def __init__(self, workers: int, max_body: int, queue: int) -> None:
        self.port = free_port()
        env = {**os.environ, "PYTHONPATH": str(REPO), "RK_BENCH_TOKEN": TOKEN}
        argv = [
            sys.executable,
            "-m",
            "rewardkit",
            "serve",
            "--workers",
            str(workers),
            "--port",
            str(self.port),
        ]
        argv += ["--token-env", "RK_BENCH_TOKEN", "--max-body-bytes", str(max_body), "--queue", str(queue)]
        argv += ["--log-level", "warning"]
        self.process = subprocess.Popen(
            argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
        )
        deadline = time.monotonic() + 120
        while True:
            try:
                if self.request("GET", "/health", None, token=None)[0] == 200:
                    break
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start: {self.process.communicate()[1]}") from None
                time.sleep(0.2)

    def connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=300)

    def request(
        self,
        method: str,
        path: str,
        body: Any,
        *,
        token: str | None = TOKEN,
        conn: http.client.HTTPConnection | None = None,
        raw: bytes | None = None,
    ) -> tuple[int, Any]:
        own = conn is None
        conn = conn or self.connection()
        headers = {"content-type": "application/json"}
        if token is not None:
            headers["authorization"] = f"Bearer {token}"
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        try:
            conn.request(method, path, body=data, headers=headers)
            response = conn.getresponse()
            payload = response.read()
            return response.status, json.loads(payload) if payload[:1] in (b"{", b"[") else payload
        finally:
            if own:
                conn.close()

    def children(self) -> list[Any]:
        import psutil

        return psutil.Process(self.process.pid).children(recursive=True)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def grade_body(batch: list[tuple[str, str]]) -> dict[str, Any]:
    return {"items": [{"completion": c, "gold": g} for c, g in batch]}


def openrlhf_body(batch: list[tuple[str, str]]) -> dict[str, Any]:
    prompt = "Question: ...\nAnswer: "
    return {
        "query": [prompt + c for c, _ in batch],
        "prompts": [prompt] * len(batch),
        "labels": [g for _, g in batch],
    }


def in_process(
    all_batches: list[list[tuple[str, str]]], workers: int, seconds: float
) -> tuple[list[list[str]], list[list[float]], float]:
    """Verdicts and rewards of every batch graded here, and the items/s of the accuracy reward cycling
    through the batches for ``seconds``, as the clients will (so caches help both sides alike)."""
    from rewardkit import grade_many
    from rewardkit.rewards import build

    def texts(b: list[tuple[str, str]]) -> dict[str, list[str]]:
        return {"completions": [c for c, _ in b], "answer": [g for _, g in b]}

    reward = build({"accuracy": {"workers": workers}})
    reward(**texts(all_batches[0]))  # start the pool
    rewards = [[0.0 if v is None else v for v in reward(**texts(b))] for b in all_batches]
    verdicts = [
        [r.verdict.value for r in grade_many([c for c, _ in b], [g for _, g in b], workers=workers)]
        for b in all_batches
    ]
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        batch = all_batches[done % len(all_batches)]
        reward(**texts(batch))
        done += 1
    return verdicts, rewards, done * len(all_batches[0]) / (time.perf_counter() - start)


def load(server: Server, all_batches, verdicts, rewards, clients: int, seconds: float) -> dict[str, Any]:
    lock = threading.Lock()
    stats = {"requests": 0, "items": 0, "errors": 0, "lost_or_duplicated": 0, "mismatched": 0}
    latencies: list[float] = []
    stop_at = time.monotonic() + seconds

    def client(k: int) -> None:
        conn = server.connection()
        i = k
        while time.monotonic() < stop_at:
            b = i % len(all_batches)
            native = (i // clients) % 2 == 0
            path, body = (
                ("/v1/grade", grade_body(all_batches[b]))
                if native
                else ("/get_reward", openrlhf_body(all_batches[b]))
            )
            t = time.perf_counter()
            try:
                status, out = server.request("POST", path, body, conn=conn)
            except (OSError, http.client.HTTPException):
                status, out = -1, None
                conn.close()
                conn = server.connection()
            elapsed = time.perf_counter() - t
            with lock:
                stats["requests"] += 1
                if status != 200:
                    stats["errors"] += 1
                else:
                    got = [r["verdict"] for r in out["results"]] if native else out["rewards"]
                    want = verdicts[b] if native else rewards[b]
                    if len(got) != len(want):
                        stats["lost_or_duplicated"] += abs(len(got) - len(want)) or len(want)
                    else:
                        stats["mismatched"] += sum(g != w for g, w in zip(got, want, strict=True))
                    stats["items"] += len(got)
                    latencies.append(elapsed)
            i += clients
        conn.close()

    start = time.monotonic()
    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.monotonic() - start
    return {
        **stats,
        "seconds": round(wall, 2),
        "items_per_s": round(stats["items"] / wall, 1),
        "p50_ms": round(1000 * (percentile(latencies, 0.5) or 0), 1),
        "p99_ms": round(1000 * (percentile(latencies, 0.99) or 0), 1),
    }


def faults(server: Server, batch: list[tuple[str, str]], max_body: int) -> dict[str, Any]:
    out: dict[str, Any] = {}

    def still_serves() -> bool:
        status, answer = server.request("POST", "/v1/grade", grade_body(batch))
        return status == 200 and len(answer["results"]) == len(batch)

    body = json.dumps(grade_body(batch)).encode()
    with socket.create_connection(("127.0.0.1", server.port)) as s:  # leaves halfway through its body
        head = f"POST /v1/grade HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {TOKEN}\r\n"
        s.sendall(f"{head}Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode())
        s.sendall(body[: len(body) // 2])
    out["disconnect_mid_body_then_serves"] = still_serves()
    with socket.create_connection(("127.0.0.1", server.port)) as s:  # sends it all, leaves before the answer
        s.sendall(
            f"{head}Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body
        )
    out["disconnect_before_answer_then_serves"] = still_serves()
    out["malformed_json_status"] = server.request("POST", "/v1/grade", None, raw=b'{"items": [')[0]
    out["oversize_body_status"] = server.request("POST", "/v1/grade", None, raw=b" " * (max_body + 1))[0]
    out["wrong_token_status"] = server.request("POST", "/v1/grade", grade_body(batch), token="wrong")[0]
    out["after_refusals_serves"] = still_serves()

    # a grading worker killed while a large batch is being graded
    big = (batch * (1024 // len(batch) + 1))[:1024]
    answer: dict[str, Any] = {}
    sender = threading.Thread(
        target=lambda: answer.update(r=server.request("POST", "/v1/grade", grade_body(big)))
    )
    sender.start()
    time.sleep(0.3)
    workers = server.children()
    if workers:
        busiest = max(workers, key=lambda p: p.cpu_times().user)
        busiest.kill()
    sender.join()
    status, graded = answer["r"]
    results = graded["results"] if status == 200 else []
    out["worker_killed"] = {
        "killed": bool(workers),
        "status": status,
        "results_for_items": f"{len(results)}/{len(big)}",
        "errors": sum(r["verdict"] == "ERROR" for r in results),
    }
    out["after_worker_killed_serves"] = still_serves()

    # SIGTERM while a batch is being graded: it is answered, then the server exits
    sender = threading.Thread(
        target=lambda: answer.update(r=server.request("POST", "/v1/grade", grade_body(big)))
    )
    sender.start()
    time.sleep(0.3)
    server.process.send_signal(signal.SIGTERM)
    sender.join()
    status, graded = answer["r"]
    out["sigterm_in_flight"] = {
        "status": status,
        "results_for_items": f"{len(graded['results']) if status == 200 else 0}/{len(big)}",
        "exit": server.process.wait(60),
    }
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--clients", type=int, default=4)
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--limit", type=int, default=1024, help="items to cycle through (default: 1024)")
    p.add_argument("--synthetic", action="store_true", help="synthetic completions instead of GSM8K's")
    p.add_argument("--json", type=Path, help="write the figures here")
    args = p.parse_args(argv)

    items = load_items(args.synthetic, args.limit)
    all_batches = batches(items, args.batch)
    verdicts, rewards, local_rate = in_process(all_batches, args.workers, args.seconds)
    max_body = 4 * 1024 * 1024
    server = Server(args.workers, max_body, queue=2 * args.clients)
    try:
        figures = load(server, all_batches, verdicts, rewards, args.clients, args.seconds)
        figures["in_process_items_per_s"] = round(local_rate, 1)
        figures["http_vs_in_process"] = round(figures["items_per_s"] / local_rate, 3)
        fault_figures = faults(server, all_batches[0], max_body)
    finally:
        server.stop()
    data = "synthetic" if args.synthetic else "gsm8k example_model_solutions"
    report = {
        "meta": run_meta(
            clients=args.clients, seconds=args.seconds, batch=args.batch, workers=args.workers, data=data
        ),
        "load": figures,
        "faults": fault_figures,
    }
    print(json.dumps(report, indent=2))
    if args.json:
        write_json(args.json, report)
    ok = figures["errors"] == 0 and figures["lost_or_duplicated"] == 0 and figures["mismatched"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
