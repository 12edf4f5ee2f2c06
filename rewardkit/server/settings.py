"""What a reward server is started with; checked once, before anything listens.

>>> ServerSettings(host="0.0.0.0").check()
Traceback (most recent call last):
...
rewardkit.errors.ConfigError: binding 0.0.0.0 (not loopback) needs a bearer token: ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rewardkit.errors import ConfigError
from rewardkit.grade import DEFAULT_TIMEOUT_S
from rewardkit.server.auth import is_loopback

__all__ = ["ServerSettings"]


@dataclass(frozen=True)
class ServerSettings:
    """``reward``: the reward spec ``/v1/score`` and ``/get_reward`` pay with (see
    :func:`rewardkit.rewards.build`). ``workers``: grading processes. ``max_batch``: items per request (more
    is 413). ``max_body_bytes``: request body size (more is 413). ``queue``: requests accepted at once,
    graded or waiting (one more is 429). ``timeout_s``: a request's deadline from its arrival, queueing
    included (past it, 504). ``item_timeout_s``: one item's grading budget (past it, that item is TIMEOUT).
    ``token``: the bearer token every endpoint but ``/health`` requires (None: no auth, loopback only)."""

    reward: Any = "accuracy"
    workers: int = 2
    host: str = "127.0.0.1"
    port: int = 8000
    token: str | None = None
    max_batch: int = 1024
    max_body_bytes: int = 8 * 1024 * 1024
    queue: int = 16
    timeout_s: float = 60.0
    item_timeout_s: float = DEFAULT_TIMEOUT_S

    def check(self) -> ServerSettings:
        """``self`` when it is safe to serve; a ConfigError saying what is wrong otherwise."""
        if self.token is None and not is_loopback(self.host):
            raise ConfigError(
                f"binding {self.host} (not loopback) needs a bearer token: give --token-env NAME or "
                "--token-file FILE"
            )
        for name in ("workers", "max_batch", "max_body_bytes", "queue"):
            if getattr(self, name) < 1:
                raise ConfigError(f"{name} must be at least 1, got {getattr(self, name)}")
        for name in ("timeout_s", "item_timeout_s"):
            if not getattr(self, name) > 0:
                raise ConfigError(f"{name} must be positive, got {getattr(self, name)}")
        return self
