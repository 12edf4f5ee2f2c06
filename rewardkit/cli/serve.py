"""``rewardkit serve``: the HTTP reward service (see :mod:`rewardkit.server`).

Only argparse at module level: starlette and uvicorn (the ``[serve]`` extra) load inside :func:`cmd_serve`,
so ``rewardkit --help`` works, and says what to install, without them.
"""

from __future__ import annotations

import argparse
from typing import Any

from rewardkit.cli.argtypes import int_at_least, number_at_least
from rewardkit.cli.messages import error, shown
from rewardkit.exit_codes import EXIT_OK, EXIT_USAGE
from rewardkit.grade import DEFAULT_TIMEOUT_S

__all__ = ["register"]

_EXTRA_HINT = "pip install 'rewardkit[serve]'"


def register(sub: Any) -> None:
    s = sub.add_parser(
        "serve",
        help="serve rewards and grading over HTTP (OpenRLHF's /get_reward, /v1/grade, /v1/score)",
        description="Serve a reward over HTTP: POST /get_reward (OpenRLHF's --remote_rm_url contract), "
        "POST /v1/grade and /v1/score (rewardkit's own), GET /health, /metrics (Prometheus) and "
        "/openapi.json. Binds 127.0.0.1 unless told otherwise; any other address needs a bearer token "
        f"(--token-env or --token-file). Needs the serve extra: {_EXTRA_HINT}. SIGTERM or Ctrl-C stops "
        "taking requests and finishes the accepted ones.",
    )
    s.add_argument(
        "--reward",
        default="accuracy",
        metavar="SPEC",
        help="the reward /v1/score and /get_reward pay with: a built-in name, 'module:callable', inline JSON "
        "or @file.json / @file.yaml (default: accuracy)",
    )
    s.add_argument(
        "--allow-code",
        action="store_true",
        help="let an @file spec name module:callable code outside rewardkit (it is imported and run)",
    )
    s.add_argument("--workers", type=int_at_least(1), default=2, help="grading processes (default: 2)")
    s.add_argument(
        "--host", default="127.0.0.1", help="address to bind (default: 127.0.0.1, this machine only)"
    )
    s.add_argument("--port", type=int_at_least(0), default=8000, help="port (default: 8000)")
    token = s.add_mutually_exclusive_group()
    token.add_argument(
        "--token-env", metavar="NAME", help="read the bearer token from this environment variable"
    )
    token.add_argument(
        "--token-file", metavar="FILE", help="read the bearer token from the first line of FILE"
    )
    s.add_argument(
        "--max-batch",
        type=int_at_least(1),
        default=1024,
        metavar="N",
        help="items per request (default: 1024)",
    )
    s.add_argument(
        "--max-body-bytes",
        type=int_at_least(1),
        default=8 * 1024 * 1024,
        metavar="N",
        help="request body size (default: 8 MiB)",
    )
    s.add_argument(
        "--queue",
        type=int_at_least(1),
        default=16,
        metavar="N",
        help="requests accepted at once, graded or waiting; one more gets 429 with Retry-After (default: 16)",
    )
    s.add_argument(
        "--timeout",
        type=number_at_least(0, inclusive=False, what="a number of seconds"),
        default=60.0,
        metavar="SECONDS",
        help="a request's deadline from its arrival, queueing included; past it, 504 (default: 60)",
    )
    s.add_argument(
        "--item-timeout",
        type=number_at_least(0, inclusive=False, what="a number of seconds"),
        default=DEFAULT_TIMEOUT_S,
        metavar="SECONDS",
        help=f"grading budget per item (default: {DEFAULT_TIMEOUT_S:g} s); an overrun is a TIMEOUT verdict",
    )
    s.add_argument(
        "--log-level",
        choices=("debug", "info", "warning", "error"),
        default="info",
        help="server log level (default: info; no level logs model text)",
    )
    s.set_defaults(run=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from rewardkit.server.app import create_app, serve_until_stopped
    except ImportError as exc:
        missing = (exc.name or str(exc)).split(".")[0]
        error(f"rewardkit serve needs the serve extra ({missing} is missing): {_EXTRA_HINT}")
        return EXIT_USAGE
    from rewardkit.errors import CodeNotAllowedError, ConfigError
    from rewardkit.rewards import build, load_spec
    from rewardkit.server.auth import read_token
    from rewardkit.server.settings import ServerSettings

    from_file = args.reward.startswith("@")
    try:
        reward = build(load_spec(args.reward), allow_code=args.allow_code or not from_file)
    except CodeNotAllowedError as exc:
        error(f"reward spec {shown(args.reward)}: {exc}; pass --allow-code to run code named in a spec file")
        return EXIT_USAGE
    except (ConfigError, ValueError, TypeError) as exc:
        error(f"reward spec {shown(args.reward)}: {exc}")
        return EXIT_USAGE
    try:
        settings = ServerSettings(
            reward=reward,
            workers=args.workers,
            host=args.host,
            port=args.port,
            token=read_token(env=args.token_env, file=args.token_file),
            max_batch=args.max_batch,
            max_body_bytes=args.max_body_bytes,
            queue=args.queue,
            timeout_s=args.timeout,
            item_timeout_s=args.item_timeout,
        ).check()
        app = create_app(settings)
    except ConfigError as exc:
        error(str(exc))
        return EXIT_USAGE
    serve_until_stopped(app, settings, log_level=args.log_level)
    return EXIT_OK
