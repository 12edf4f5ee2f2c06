"""Where a model comes from: a local path or a hub id, and what to do when it is not there.

A source that names a local path and is missing must fail at once: handed to ``from_pretrained`` it is taken
for a hub id, and an offline machine then spends a minute in retries before a message that never says the
folder is missing. :func:`names_local_path` tells the two apart, :func:`missing_path_message` says what
creates the folder, and :func:`hub_kwargs` keeps a hub id to one quick try when the hub cannot be reached.

>>> [names_local_path(s) for s in ("runs/sft_tiny", "./m", "../m", "/abs/m", "a/b/c", "Qwen/Qwen2.5-0.5B")]
[True, True, True, True, True, False]
>>> names_local_path("gpt2")
False
"""

from __future__ import annotations

import functools
import os
import re
import threading
from pathlib import Path
from typing import Any

__all__ = [
    "creating_command",
    "hub_failure",
    "hub_kwargs",
    "hub_offline",
    "missing_path_message",
    "names_local_path",
]

# folders the training recipes write into by default; a source under one of them is a run folder
RUN_ROOTS = ("runs",)
_OUTPUT_DIR = re.compile(r"^output_dir:\s*(\S+)\s*$", re.MULTILINE)


def names_local_path(source: str) -> bool:
    """Whether ``source`` can only mean a local path (so a missing one is an error, not a hub id).

    A hub id is ``name`` or ``org/name``. Anything else is a path: ``./``, ``../``, ``/``, ``~`` or a drive
    letter first, a backslash, more than one ``/``, a first part that is a run folder (``runs/...``), or a
    parent folder that exists here (``models/x`` when ``models/`` is a folder).
    """
    if source in (".", "..") or source.startswith(("./", "../", "/", "~", ".\\", "..\\")):
        return True
    if "\\" in source or source.count("/") > 1 or re.match(r"^[A-Za-z]:[/\\]", source):
        return True
    head, _, tail = source.partition("/")
    if not tail:
        return False
    return head in RUN_ROOTS or Path(head).is_dir()


def _configs_dir() -> Path | None:
    """The shipped recipe configs, found without importing the runners package (which depends on this one)."""
    import importlib.util

    spec = importlib.util.find_spec("runners")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations))) / "configs"
    return folder if folder.is_dir() else None


def creating_command(path: str) -> str | None:
    """The command that writes ``path``: a shipped config whose ``output_dir`` is it, else for a run folder
    the generic ``rewardkit train`` line; None for any other path."""
    wanted = os.path.normpath(path)
    configs = _configs_dir()
    if configs is not None:
        for config in sorted(configs.glob("*.yaml")):
            try:
                text = config.read_text(encoding="utf-8")
            except OSError:
                continue
            match = _OUTPUT_DIR.search(text)
            first = text.splitlines()[0] if text else ""
            if match and os.path.normpath(match.group(1)) == wanted and first.startswith("# rewardkit "):
                return first[2:].split("  ")[0].strip()
    if Path(wanted).parts[:1] and Path(wanted).parts[0] in RUN_ROOTS:
        return f"rewardkit train ALGO --config FILE.yaml output_dir={path}"
    return None


def missing_path_message(path: str, *, what: str = "model") -> str:
    """Why a missing local ``path`` cannot be loaded, and what creates it.

    >>> missing_path_message("nowhere/x")
    'nowhere/x does not exist (it names a local path, so it is not looked up on the hub)'
    """
    message = f"{path} does not exist (it names a local path, so it is not looked up on the hub)"
    command = creating_command(path)
    if command is not None:
        message += f"; {command} creates it"
    if what != "model":
        message = f"{what} {message}"
    return message


@functools.lru_cache(maxsize=1)
def _hub_unreachable(timeout_s: float = 3.0) -> bool:
    """One connection attempt to the hub, bounded (name resolution included) by ``timeout_s``."""
    import socket
    from urllib.parse import urlparse

    endpoint = urlparse(os.environ.get("HF_ENDPOINT") or "https://huggingface.co")
    host, port = endpoint.hostname or "huggingface.co", endpoint.port or 443
    reached: list[bool] = []

    def attempt() -> None:
        try:
            socket.create_connection((host, port), timeout=timeout_s).close()
            reached.append(True)
        except OSError:
            pass

    # getaddrinfo takes no timeout: a thread bounds it, and is left to finish on its own if it hangs
    worker = threading.Thread(target=attempt, daemon=True)
    worker.start()
    worker.join(timeout_s)
    return not reached


def hub_offline() -> bool:
    """Whether hub ids must be read from the local cache only: ``HF_HUB_OFFLINE`` is set, or the hub does
    not answer one bounded connection attempt (then huggingface_hub would retry for about a minute)."""
    if os.environ.get("HF_HUB_OFFLINE", "").strip().lower() in ("1", "true", "yes", "on"):
        return True
    return _hub_unreachable()


def hub_kwargs(source: str) -> dict[str, Any]:
    """Extra ``from_pretrained`` arguments for ``source``: ``local_files_only`` for a hub id while offline,
    so a model that is not cached fails on the first try instead of after the library's retries."""
    if Path(source).exists() or not hub_offline():
        return {}
    return {"local_files_only": True}


def hub_failure(source: str, exc: BaseException) -> str:
    """The message for a hub id that could not be loaded."""
    if hub_offline():
        return (
            f"{source} is not a local folder, and as a hub id it is not in the local cache while the hub "
            f"cannot be reached (offline): download it once with network, or pass a local folder ({exc})"
        )
    return f"cannot load {source} from the hub ({exc})"
