"""Rewards graded by a reward server over HTTP: a TRL reward function whose grading runs elsewhere.

:class:`RemoteReward` is called exactly like a built-in reward (TRL's keywords, one ``float`` or ``None`` per
completion) but sends the completions to a server: ``rewardkit serve``'s native ``POST /v1/score``, or any
server that speaks OpenRLHF's remote reward contract (``POST /get_reward``, OpenRLHF's own ``serve_rm``
included). A batch is split into requests of ``batch_size`` completions, sent ``concurrency`` at a time, and
the rewards come back in input order whatever order the answers arrive in. A request that meets 429 (its
``Retry-After`` honoured), a 5xx, a timeout or a refused connection is retried with exponential backoff and
jitter; any other answer is a :class:`~rewardkit.errors.RemoteError` naming the URL, the status and what the
server said. TRL runs ``async`` reward functions concurrently: :meth:`RemoteReward.as_async` gives one.

Needs the ``[serve]`` extra (httpx). Not imported by ``import rewardkit``.

>>> reward = RemoteReward("http://127.0.0.1:8000", token="s3cret", batch_size=32)
>>> reward.__name__, reward.url, reward.protocol
('remote_reward', 'http://127.0.0.1:8000/v1/score', 'native')
>>> RemoteReward("http://10.0.0.7:5000/get_reward").protocol
'openrlhf'
>>> retry_delay(3, base_s=0.5, max_s=30.0, rng=random.Random(0)) <= 0.5 * 2**3
True
"""

from __future__ import annotations

import asyncio
import email.utils
import math
import random
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx

from rewardkit.errors import ConfigError, RemoteError
from rewardkit.rewards.base import Scored, column, completion_text, content_text, log_scored

__extra__ = "serve"

__all__ = ["PROTOCOLS", "AsyncRemoteReward", "RemoteReward", "retry_delay"]

# the endpoint each protocol posts to, when the URL names only the server
PROTOCOLS = {"native": "/v1/score", "openrlhf": "/get_reward"}

# how much of a server's error body goes into the message: enough to read it, not a whole HTML page
MESSAGE_CHARS = 300

# the wait between attempts; a name of its own so that tests can record the waits instead of sleeping them
_sleep = asyncio.sleep


def retry_delay(
    attempt: int,
    *,
    base_s: float,
    max_s: float,
    retry_after_s: float | None = None,
    rng: random.Random | None = None,
) -> float:
    """Seconds to wait before retry number ``attempt + 1`` (``attempt`` counts from 0).

    Exponential with "equal jitter": a uniform draw from the upper half of ``base_s * 2**attempt`` (capped at
    ``max_s``), so that clients that failed together do not come back together, and never a tight zero-wait
    loop. A server's ``Retry-After`` is honoured as the wait, cut to ``max_s`` so that a misconfigured server
    cannot park a training run for an hour.

    >>> retry_delay(0, base_s=1.0, max_s=30.0, retry_after_s=7.0)
    7.0
    >>> retry_delay(10, base_s=1.0, max_s=30.0, rng=random.Random(1)) <= 30.0
    True
    """
    if retry_after_s is not None:
        return min(max(retry_after_s, 0.0), max_s)
    ceiling = min(max_s, base_s * 2.0 ** min(attempt, 1000))
    return (rng or random).uniform(ceiling / 2, ceiling)


def parse_retry_after(value: str | None, *, now: float | None = None) -> float | None:
    """A ``Retry-After`` header in seconds: delta-seconds or an HTTP date; None when absent or unreadable.

    >>> parse_retry_after("3"), parse_retry_after("soon"), parse_retry_after(None)
    (3.0, None, None)
    >>> parse_retry_after("Thu, 01 Jan 1970 00:01:00 GMT", now=0.0)
    60.0
    """
    if value is None:
        return None
    value = value.strip()
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        seconds = when.timestamp() - (time.time() if now is None else now)
    return max(seconds, 0.0) if math.isfinite(seconds) else None


def _endpoint(url: str, protocol: str) -> tuple[str, str]:
    """The URL to post to and the protocol it speaks, from the URL's path when ``protocol`` is "auto"."""
    if protocol not in ("auto", *PROTOCOLS):
        raise ConfigError(f"protocol={protocol!r}: expected one of auto, {', '.join(PROTOCOLS)}")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ConfigError(f"reward server URL {url!r}: expected http://HOST:PORT[/path]")
    path = parts.path.rstrip("/")
    if protocol == "auto":
        named = [name for name, endpoint in PROTOCOLS.items() if path.endswith(endpoint)]
        if named:
            protocol = named[0]
        elif path == "":
            protocol = "native"
        else:
            raise ConfigError(
                f"reward server URL {url!r}: its path names no known endpoint "
                f"({', '.join(PROTOCOLS.values())}); pass protocol='native' or protocol='openrlhf'"
            )
    if path == "":
        path = PROTOCOLS[protocol]
    return urlunsplit((parts.scheme, parts.netloc, path, parts.query, "")), protocol


def _positive(name: str, value: float, *, zero_ok: bool = False) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ConfigError(f"{name}={value!r}: expected a number")
    if value < 0 or (value == 0 and not zero_ok):
        raise ConfigError(f"{name}={value!r}: expected {'0 or more' if zero_ok else 'more than 0'}")


def _json_gold(gold: Any) -> str | int | float:
    """A gold as JSON carries it: strings and numbers as they are, anything else (numpy scalars) as text."""
    if isinstance(gold, (str, int, float)) and not isinstance(gold, bool):
        return gold
    return str(gold)


def _prompt_text(prompt: Any) -> str:
    """A prompt's text: a string as is; for chat prompts every message's content, joined by newlines."""
    if isinstance(prompt, str):
        return prompt
    if isinstance(prompt, Sequence):
        return "\n".join(content_text(m.get("content", "")) for m in prompt if isinstance(m, Mapping))
    return "" if prompt is None else str(prompt)


def _server_message(response: httpx.Response) -> str:
    """What a server said about a refusal: its JSON ``error``/``detail``/``message``, else its text."""
    try:
        body = response.json()
    except ValueError:
        body = None
    if isinstance(body, Mapping):
        for key in ("error", "detail", "message"):
            if body.get(key):
                return str(body[key])[:MESSAGE_CHARS]
    text = response.text.strip()
    return text[:MESSAGE_CHARS] if text else response.reason_phrase


def _reward_value(value: Any, *, url: str, index: int) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise RemoteError(f"reward {index} is {value!r}, not a number", url=url, status=200)
    return float(value)


class RemoteReward:
    """A TRL reward function graded by a reward server (see the module docstring).

    ``url``: the server (``http://HOST:PORT``, posting to ``/v1/score``) or an endpoint (``…/v1/score``,
    ``…/get_reward``); ``protocol``: "auto" (from the URL's path), "native" or "openrlhf". ``token``: sent
    as ``Authorization: Bearer``; never shown by ``repr``. ``gold_key``: the dataset column with the golds
    (a completion whose gold is None gets None, and is not sent). ``batch_size`` completions per request,
    ``concurrency`` requests in flight, ``retries`` further attempts per request, ``timeout_s`` per attempt,
    backoff from ``backoff_s`` doubling up to ``max_backoff_s``.

    Picklable (clients are made per call, never stored); ``__name__`` is ``name``.
    """

    def __init__(
        self,
        url: str,
        token: str | None = None,
        *,
        protocol: str = "auto",
        gold_key: str = "answer",
        batch_size: int = 64,
        concurrency: int = 4,
        retries: int = 5,
        timeout_s: float = 60.0,
        backoff_s: float = 0.5,
        max_backoff_s: float = 30.0,
        name: str = "remote_reward",
    ) -> None:
        self.url, self.protocol = _endpoint(url, protocol)
        for key, value in (("batch_size", batch_size), ("concurrency", concurrency)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ConfigError(f"{key}={value!r}: expected a whole number, 1 or more")
        if isinstance(retries, bool) or not isinstance(retries, int) or retries < 0:
            raise ConfigError(f"retries={retries!r}: expected a whole number, 0 or more")
        _positive("timeout_s", timeout_s)
        _positive("backoff_s", backoff_s, zero_ok=True)
        _positive("max_backoff_s", max_backoff_s, zero_ok=True)
        if token is not None and (not isinstance(token, str) or not token or "\n" in token):
            raise ConfigError("token: expected a non-empty string on one line")
        self.token = token
        self.gold_key = gold_key
        self.batch_size, self.concurrency, self.retries = batch_size, concurrency, retries
        self.timeout_s, self.backoff_s, self.max_backoff_s = float(timeout_s), float(backoff_s), max_backoff_s
        self.name = name

    @property
    def __name__(self) -> str:  # TRL logs rewards/<__name__>/mean
        return self.name

    def __repr__(self) -> str:
        token = ", token=…" if self.token else ""
        return f"RemoteReward({self.url!r}{token}, protocol={self.protocol!r}, name={self.name!r})"

    def as_async(self) -> AsyncRemoteReward:
        """The same reward with an ``async`` ``__call__``, which TRL awaits alongside its other async ones."""
        return AsyncRemoteReward(self)

    def __call__(
        self,
        prompts: Sequence[Any] | None = None,
        completions: Sequence[Any] | None = None,
        completion_ids: Sequence[Sequence[int]] | None = None,
        **columns: Any,
    ) -> list[float | None]:
        coroutine = self.score_async(prompts=prompts, completions=completions, **columns)
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(coroutine)
        # called synchronously from inside a running loop (a notebook, an async caller): asyncio.run would
        # refuse there, so the requests get a loop of their own on a thread
        with ThreadPoolExecutor(max_workers=1) as pool:
            return pool.submit(asyncio.run, coroutine).result()

    async def score_async(
        self,
        prompts: Sequence[Any] | None = None,
        completions: Sequence[Any] | None = None,
        **columns: Any,
    ) -> list[float | None]:
        """The rewards, awaited: the requests run on the caller's event loop."""
        if completions is None:
            raise TypeError(f"reward {self.name!r} needs completions=")
        n = len(completions)
        golds = column(columns, self.gold_key, n, reward=self.name)
        if prompts is not None and len(prompts) != n:
            raise ValueError(f"reward {self.name!r}: {len(prompts)} prompts for {n} completions")
        texts = [completion_text(c) for c in completions]
        prompt_texts = None if prompts is None else [_prompt_text(p) for p in prompts]
        # a completion without a gold has nothing to be judged against: None, as a built-in reward gives
        todo = [i for i in range(n) if golds[i] is not None]
        batches = [todo[start : start + self.batch_size] for start in range(0, len(todo), self.batch_size)]
        scored: list[Scored] = [Scored(None) for _ in range(n)]
        gate = asyncio.Semaphore(self.concurrency)
        limits = httpx.Limits(max_connections=self.concurrency, max_keepalive_connections=self.concurrency)
        async with httpx.AsyncClient(timeout=self.timeout_s, limits=limits) as client:

            async def send(batch: list[int]) -> None:
                body = self._body(batch, texts, prompt_texts, golds)
                async with gate:
                    answer = await self._post(client, body)
                for i, one in zip(batch, self._read(answer, len(batch)), strict=True):
                    scored[i] = one

            tasks = [asyncio.ensure_future(send(batch)) for batch in batches]
            try:
                await asyncio.gather(*tasks)
            except BaseException:
                # one batch failed (or the caller was cancelled): the rest must not go on being sent over a
                # client about to close, on a loop (TRL's daemon loop) that nobody will stop to cancel them
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
                raise
        log_scored(self.name, scored, columns)
        return [s.value for s in scored]

    def _body(
        self, batch: list[int], texts: list[str], prompts: list[str] | None, golds: list[Any]
    ) -> dict[str, Any]:
        if self.protocol == "openrlhf":
            # OpenRLHF sends prompt + response as "query" and the prompt alone; the server strips it
            heads = [prompts[i] if prompts is not None else "" for i in batch]
            return {
                "query": [head + texts[i] for head, i in zip(heads, batch, strict=True)],
                "prompts": heads,
                "labels": [_json_gold(golds[i]) for i in batch],
            }
        body: dict[str, Any] = {
            "completions": [texts[i] for i in batch],
            "golds": [_json_gold(golds[i]) for i in batch],
        }
        if prompts is not None:
            body["prompts"] = [prompts[i] for i in batch]
        return body

    def _read(self, answer: Any, n: int) -> list[Scored]:
        """One :class:`Scored` per completion of a request, from the server's answer, or a RemoteError."""
        rewards = answer.get("rewards") if isinstance(answer, Mapping) else None
        if not isinstance(rewards, list) or len(rewards) != n:
            got = f"{len(rewards)} rewards" if isinstance(rewards, list) else "no 'rewards' list"
            raise RemoteError(f"answered {got} for {n} completions", url=self.url, status=200)
        values = [_reward_value(v, url=self.url, index=i) for i, v in enumerate(rewards)]
        if self.protocol == "openrlhf":
            return [Scored(v) for v in values]
        results = answer.get("results")
        results = results if isinstance(results, list) and len(results) == n else [{}] * n
        components = answer.get("components")
        components = components if isinstance(components, Mapping) else {}
        out = []
        for i, value in enumerate(values):
            result = results[i] if isinstance(results[i], Mapping) else {}
            parts = {
                str(name): _reward_value(column_values[i], url=self.url, index=i)
                for name, column_values in components.items()
                if isinstance(column_values, list) and len(column_values) == n
            }
            out.append(Scored(value, result.get("verdict"), result.get("extracted"), parts))
        return out

    async def _post(self, client: httpx.AsyncClient, body: dict[str, Any]) -> Any:
        """One request, retried on 429, 5xx, timeouts and refused connections; the decoded JSON answer."""
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        for attempt in range(self.retries + 1):
            retry_after = None
            try:
                response = await client.post(self.url, json=body, headers=headers)
            except httpx.TransportError as exc:  # refused, reset, timed out: the server may come back
                status, why = None, (f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__)
            else:
                if response.status_code == 200:
                    try:
                        return response.json()
                    except ValueError:
                        raise RemoteError(
                            "answered with a body that is not JSON", url=self.url, status=200
                        ) from None
                status, why = response.status_code, _server_message(response)
                if status != 429 and status < 500:  # the request itself is wrong: retrying cannot help
                    raise RemoteError(why, url=self.url, status=status)
                if status == 429:
                    retry_after = parse_retry_after(response.headers.get("retry-after"))
            if attempt == self.retries:
                tries = f"{self.retries + 1} attempt{'s' if self.retries else ''}"
                raise RemoteError(f"gave up after {tries}: {why}", url=self.url, status=status)
            wait = retry_delay(
                attempt, base_s=self.backoff_s, max_s=self.max_backoff_s, retry_after_s=retry_after
            )
            await _sleep(wait)
        raise AssertionError("unreachable")  # the loop returns or raises on its last attempt


class AsyncRemoteReward:
    """:class:`RemoteReward` with an ``async def __call__``: TRL (``is_async_callable`` looks at
    ``__call__``) awaits it on its own event loop, concurrently with its other async rewards. Picklable."""

    def __init__(self, remote: RemoteReward) -> None:
        self.remote = remote

    @property
    def __name__(self) -> str:
        return self.remote.name

    def __repr__(self) -> str:
        return f"{self.remote!r}.as_async()"

    async def __call__(
        self,
        prompts: Sequence[Any] | None = None,
        completions: Sequence[Any] | None = None,
        completion_ids: Sequence[Sequence[int]] | None = None,
        **columns: Any,
    ) -> list[float | None]:
        return await self.remote.score_async(prompts=prompts, completions=completions, **columns)
