"""The server's bearer token: where it is read from, when one is required, how a request's is checked.

>>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0"), is_loopback("::1")
(True, True, False, True)
>>> [bearer_matches(h, "s3cret") for h in ("Bearer s3cret", "Bearer nope", None)]
[True, False, False]
"""

from __future__ import annotations

import hmac
import ipaddress
import os
from pathlib import Path

from rewardkit.errors import ConfigError

__all__ = ["bearer_matches", "is_loopback", "read_token"]


def is_loopback(host: str) -> bool:
    """Whether binding ``host`` keeps the server reachable from this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name: it may resolve to anything, so it is not loopback
        return False


def read_token(*, env: str | None = None, file: str | None = None) -> str | None:
    """The token from the environment variable ``env`` or the first line of ``file`` (None when neither
    is given); an unset variable, an unreadable file or an empty token is a ConfigError naming where."""
    if env is not None and file is not None:
        raise ConfigError("give the token by --token-env or by --token-file, not both")
    if env is not None:
        token = os.environ.get(env)
        if token is None:
            raise ConfigError(f"--token-env {env}: the environment variable {env} is not set")
        where = f"the environment variable {env}"
    elif file is not None:
        try:
            text = Path(file).read_text(encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"--token-file {file}: cannot read it: {exc.strerror or exc}") from None
        token = text.splitlines()[0] if text else ""
        where = f"the first line of {file}"
    else:
        return None
    token = token.strip()
    if not token:
        raise ConfigError(f"the token in {where} is empty")
    return token


def bearer_matches(header: str | None, token: str) -> bool:
    """Whether an ``Authorization`` header carries ``token``, compared in constant time (a byte-by-byte
    comparison that stops early would tell an attacker how much of a guess was right)."""
    if header is None:
        return False
    scheme, _, given = header.partition(" ")
    if scheme.lower() != "bearer":
        return False
    return hmac.compare_digest(given.strip().encode("utf-8"), token.encode("utf-8"))
