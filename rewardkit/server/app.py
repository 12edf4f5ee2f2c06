"""The Starlette application: the endpoints, and the checks every POST passes in order (token 401, body
size 413, JSON 400, contract 422, batch length 413, queue 429, deadline 504).

Nothing here logs model text: a request's log line is its endpoint, status, item count and time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from rewardkit.grade import grade_many
from rewardkit.rewards import Reward, build
from rewardkit.rewards.accuracy import GradedReward
from rewardkit.rewards.base import Scored
from rewardkit.server import payloads
from rewardkit.server.auth import bearer_matches
from rewardkit.server.grading_queue import GradingQueue, QueueFull
from rewardkit.server.metrics import Metrics
from rewardkit.server.openapi import SCHEMA
from rewardkit.server.settings import ServerSettings
from rewardkit.types import GradeResult

__extra__ = "serve"
__all__ = ["create_app", "serve_until_stopped"]

log = logging.getLogger("rewardkit.server")


class _Refused(Exception):
    def __init__(
        self, status: int, message: str, *, field: str | None = None, headers: dict[str, str] | None = None
    ):
        super().__init__(message)
        self.status, self.field, self.headers = status, field, headers or {}

    def response(self) -> JSONResponse:
        body: dict[str, Any] = {"error": str(self)}
        if self.field is not None:
            body["field"] = self.field
        return JSONResponse(body, status_code=self.status, headers=self.headers)


def _graded_parts(reward: Any, seen: set[int] | None = None) -> list[GradedReward]:
    """Every grading reward inside a (possibly composite) reward, so the server's --workers reaches them."""
    seen = set() if seen is None else seen
    if id(reward) in seen:
        return []
    seen.add(id(reward))
    found = [reward] if isinstance(reward, GradedReward) else []
    for value in vars(reward).values() if hasattr(reward, "__dict__") else ():
        for part in value if isinstance(value, (list, tuple)) else (value,):
            if isinstance(part, Reward):
                found.extend(_graded_parts(part, seen))
    return found


def build_reward(settings: ServerSettings) -> Reward:
    """The reward of ``settings``, grading in the server's worker pool: a part left at one worker (the
    default) grades with ``settings.workers`` and the server's per-item budget."""
    reward = build(settings.reward)
    for part in _graded_parts(reward):
        if part.workers == 1:
            part.workers = settings.workers
            part.timeout_s = settings.item_timeout_s
    return reward


def grade_items(items: Sequence[payloads.GradeItem], settings: ServerSettings) -> list[GradeResult]:
    """Grade ``items`` in the worker pool, one :func:`grade_many` call per policy and ``decimals``, results in
    input order."""
    results: list[GradeResult | None] = [None] * len(items)
    for policy, decimals in dict.fromkeys((item.policy, item.decimals) for item in items):
        where = [i for i, item in enumerate(items) if (item.policy, item.decimals) == (policy, decimals)]
        graded = grade_many(
            [items[i].completion for i in where],
            [items[i].gold for i in where],
            workers=settings.workers,
            timeout_s=settings.item_timeout_s,
            policy=policy,  # type: ignore[arg-type]
            finished=[items[i].finished for i in where],
            decimals=decimals,
        )
        for i, result in zip(where, graded, strict=True):
            results[i] = result
    return [r for r in results if r is not None]


def score_batch(reward: Reward, batch: payloads.RewardBatch) -> list[Scored]:
    return reward.score_call(batch.prompts, batch.completions, None, {"answer": batch.golds})


async def _read_body(request: Request, limit: int) -> bytes:
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > limit:
        raise _Refused(413, f"the body is {int(length)} bytes; this server takes at most {limit}")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:  # no Content-Length (chunked), or a lying one: stop reading at the limit
            raise _Refused(413, f"the body is over {limit} bytes, the most this server takes")
        chunks.append(chunk)
    return b"".join(chunks)


def create_app(settings: ServerSettings) -> Starlette:
    """The application for ``settings`` (checked first); its grading thread runs until the app shuts down."""
    settings.check()
    reward = build_reward(settings)
    grading = GradingQueue(settings.queue)
    metrics = Metrics()

    def authorized(request: Request) -> bool:
        return settings.token is None or bearer_matches(request.headers.get("authorization"), settings.token)

    def unauthorized() -> JSONResponse:
        return _Refused(
            401, "a valid bearer token is required", headers={"WWW-Authenticate": "Bearer"}
        ).response()

    def post(
        endpoint: str,
        parse: Callable[[Any], Any],
        work: Callable[[Any], Sequence[Any]],
        respond: Callable[[Any], Any],
    ) -> Callable[[Request], Awaitable[Response]]:
        async def handle(request: Request) -> Response:
            start = time.monotonic()
            n, verdicts, status = 0, [], 200
            try:
                if not authorized(request):
                    status = 401
                    return unauthorized()
                body = await _read_body(request, settings.max_body_bytes)
                try:
                    data = json.loads(body)
                except (json.JSONDecodeError, UnicodeDecodeError) as exc:
                    raise _Refused(
                        400, f"the body is not JSON: {type(exc).__name__} at byte {getattr(exc, 'pos', 0)}"
                    ) from None
                try:
                    parsed = parse(data)
                except payloads.PayloadError as exc:
                    raise _Refused(422, str(exc), field=exc.field) from None
                n = len(parsed.completions) if isinstance(parsed, payloads.RewardBatch) else len(parsed)
                if n > settings.max_batch:
                    raise _Refused(
                        413, f"the batch has {n} items; this server takes at most {settings.max_batch}"
                    )
                try:
                    future = grading.submit(lambda: work(parsed))
                except QueueFull as exc:
                    headers = {"Retry-After": str(exc.retry_after_s)}
                    raise _Refused(429, str(exc), headers=headers) from None
                left = settings.timeout_s - (time.monotonic() - start)
                try:
                    out = await asyncio.wait_for(asyncio.wrap_future(future), timeout=max(left, 0.0))
                except asyncio.TimeoutError:
                    raise _Refused(
                        504, f"the request ran past its {settings.timeout_s:g} s deadline"
                    ) from None
                except Exception as exc:  # a reward that raised: its type only, its message may quote text
                    log.warning("%s: the reward raised %s", endpoint, type(exc).__name__)
                    raise _Refused(500, f"grading failed: {type(exc).__name__}") from None
                verdicts = [getattr(r, "verdict", None) for r in out]
                verdicts = [getattr(v, "value", v) for v in verdicts]
                try:
                    return JSONResponse(respond(out))
                except ValueError:  # Starlette refuses NaN and infinities, which JSON has no way to write
                    raise _Refused(
                        500, "a reward returned NaN or an infinity, which JSON cannot carry"
                    ) from None
            except _Refused as refused:
                status = refused.status
                return refused.response()
            finally:
                metrics.request(endpoint, status, items=n if status == 200 else 0, verdicts=verdicts)
                log.info("%s %d items=%d %.3fs", endpoint, status, n, time.monotonic() - start)

        return handle

    async def health(request: Request) -> Response:
        return JSONResponse({"status": "ok", "queue_depth": grading.depth, "queue": settings.queue})

    async def metrics_endpoint(request: Request) -> Response:
        if not authorized(request):
            return unauthorized()
        return PlainTextResponse(
            metrics.render(queue_depth=grading.depth), media_type="text/plain; version=0.0.4"
        )

    async def openapi(request: Request) -> Response:
        return JSONResponse(SCHEMA)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # start the worker pool now, not on the first request (its processes take a second to start)
        warm = [payloads.GradeItem("1", "1")] * (2 * settings.workers)
        grading.submit(lambda: grade_items(warm, settings))
        yield
        grading.close()  # after the server stopped taking requests: the accepted ones finish first

    routes = [
        Route(
            "/get_reward",
            post(
                "/get_reward",
                payloads.parse_openrlhf,
                lambda b: score_batch(reward, b),
                payloads.openrlhf_response,
            ),
            methods=["POST"],
        ),
        Route(
            "/v1/grade",
            post(
                "/v1/grade",
                payloads.parse_grade,
                lambda items: grade_items(items, settings),
                payloads.grade_response,
            ),
            methods=["POST"],
        ),
        Route(
            "/v1/score",
            post(
                "/v1/score", payloads.parse_score, lambda b: score_batch(reward, b), payloads.score_response
            ),
            methods=["POST"],
        ),
        Route("/health", health, methods=["GET"]),
        Route("/metrics", metrics_endpoint, methods=["GET"]),
        Route("/openapi.json", openapi, methods=["GET"]),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.grading = grading
    app.state.metrics = metrics
    return app


def serve_until_stopped(app: Starlette, settings: ServerSettings, *, log_level: str = "info") -> None:
    """Serve ``app`` on uvicorn until SIGTERM or SIGINT.

    uvicorn's own signal handling does the graceful part: it stops listening, lets the requests in flight
    finish, then runs the app's shutdown (which drains the grading queue). No graceful-shutdown timeout:
    a request that was accepted is answered."""
    uvicorn.run(
        app, host=settings.host, port=settings.port, log_level=log_level, timeout_graceful_shutdown=None
    )
