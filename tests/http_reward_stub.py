"""A small reward server on 127.0.0.1 (stdlib ``http.server``) that speaks the two contracts a client meets,
grading for real with :func:`rewardkit.grade`, with switches for the answers a real server gives under load.

* ``POST /v1/score`` (rewardkit's native contract): ``{"completions", "golds", "prompts"?}`` ->
  ``{"rewards": [float|null], "results": [GradeResult.to_dict()], "components": {"accuracy": [...]}}``;
* ``POST /get_reward`` (OpenRLHF's): ``{"query", "prompts", "labels"}`` -> ``{"rewards", "scores",
  "extra_logs"}``, the completion being the query with its prompt removed from the front.

``script``: answers to give first, one per request, in order: ``Reply(status, headers, body)`` or
``Sleep(seconds)`` (then the normal answer). ``delay(body) -> seconds``: a wait before answering a request,
for ordering tests. ``token``: when set, a request without ``Authorization: Bearer <token>`` gets 401.
``requests`` keeps every request (path, headers, decoded body); ``max_in_flight`` how many overlapped.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from rewardkit import Verdict, grade


@dataclass
class Reply:
    status: int
    headers: dict[str, str] = field(default_factory=dict)
    body: Any = None


@dataclass
class Sleep:
    seconds: float


def _native(body: dict) -> dict:
    results = [grade(c, gold=str(g)) for c, g in zip(body["completions"], body["golds"], strict=True)]
    rewards = [None if r.verdict is Verdict.GOLD_INVALID else float(r.correct) for r in results]
    return {
        "rewards": rewards,
        "results": [r.to_dict() for r in results],
        "components": {"accuracy": rewards},
    }


def _openrlhf(body: dict) -> dict:
    rewards = []
    for query, prompt, label in zip(body["query"], body["prompts"], body["labels"], strict=True):
        completion = query[len(prompt) :] if query.startswith(prompt) else query
        rewards.append(float(grade(completion, gold=str(label)).correct))
    return {"rewards": rewards, "scores": rewards, "extra_logs": {}}


class StubRewardServer:
    def __init__(self, *, token: str | None = None) -> None:
        self.token = token
        self.script: list[Reply | Sleep] = []
        self.delay: Callable[[dict], float] | None = None
        self.requests: list[tuple[str, dict[str, str], Any]] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self._lock = threading.Lock()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format, *args):  # quiet: pytest shows what matters
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = None
                with stub._lock:
                    stub.requests.append((self.path, dict(self.headers), body))
                    action = stub.script.pop(0) if stub.script else None
                    stub.in_flight += 1
                    stub.max_in_flight = max(stub.max_in_flight, stub.in_flight)
                try:
                    self._answer(action, body)
                finally:
                    with stub._lock:
                        stub.in_flight -= 1

            def _answer(self, action, body):
                if isinstance(action, Sleep):
                    time.sleep(action.seconds)
                elif isinstance(action, Reply):
                    return self._send(action.status, action.body, action.headers)
                if stub.token is not None and self.headers.get("Authorization") != f"Bearer {stub.token}":
                    return self._send(401, {"error": "missing or wrong bearer token"})
                if stub.delay is not None:
                    time.sleep(stub.delay(body))
                if self.path == "/v1/score":
                    return self._send(200, _native(body))
                if self.path == "/get_reward":
                    return self._send(200, _openrlhf(body))
                return self._send(404, {"error": f"no endpoint {self.path}"})

            def _send(self, status, body, headers=None):
                data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
                try:
                    self.send_response(status)
                    for key, value in (headers or {}).items():
                        self.send_header(key, value)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up waiting: fine
                    pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> StubRewardServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
