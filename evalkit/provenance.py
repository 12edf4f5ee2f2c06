"""What a run folder's results were made from, so a rerun never silently mixes in results of other inputs.

Resume matches samples by ``(id, sample_index)`` and checks the problem and the prompt; that alone let records
of one model be reused for another whose prompt was the same. :func:`model_fingerprint` identifies a model by
the hash of its files, :func:`eval_provenance` adds the generation and grading settings that change a sample,
and :func:`differences` names what changed between two of them. ``rewardkit eval --model`` keeps one in each
checkpoint folder's ``manifest.json`` and in ``summary.json``.

>>> a = {"model": {"sha256": "ab"}, "generation": {"temperature": 0.0}}
>>> b = {"model": {"sha256": "cd"}, "generation": {"temperature": 0.0}}
>>> differences(a, b)
["model.sha256 'ab' -> 'cd'"]
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

__all__ = ["MANIFEST_FILE", "differences", "eval_provenance", "file_sha256", "model_fingerprint"]

MANIFEST_FILE = "manifest.json"

# files that make a model what it is: its config, weights and tokenizer (not logs, not optimizer state)
_MODEL_SUFFIXES = (".json", ".safetensors", ".bin", ".gguf", ".model", ".txt", ".jinja", ".pt", ".pth")
_NOT_MODEL = {"trainer_state.json", "training_args.bin", "optimizer.pt", "scheduler.pt", "rng_state.pth"}
# past 4x this, a file is identified by its size, head and tail (a 15 GB model hashes in ~0.1 s)
_SAMPLED = 16 << 20


def file_sha256(path: str | os.PathLike[str]) -> str:
    """The sha256 of a file; past 64 MiB, of its size, first 16 MiB and last 16 MiB (weights files that
    differ differ throughout, and a safetensors header, which lists every tensor's shape, is at its head).

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile() as f:
    ...     _ = f.write(b"abc"); f.flush()
    ...     file_sha256(f.name)[:12]
    'ba7816bf8f01'
    """
    digest = hashlib.sha256()
    size = os.path.getsize(path)
    with open(path, "rb") as fh:
        if size <= 4 * _SAMPLED:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
        else:
            digest.update(f"size={size};".encode())
            digest.update(fh.read(_SAMPLED))
            fh.seek(size - _SAMPLED)
            digest.update(fh.read(_SAMPLED))
    return digest.hexdigest()


def model_fingerprint(
    path: str, *, gguf_file: str | None = None, base_model: str | None = None
) -> dict[str, Any]:
    """``{"path", "sha256"}`` for a local model folder (the hash of its model files, by name), or
    ``{"hub_id"}`` for a hub id (its files are not at hand); a LoRA adapter adds its base model's."""
    folder = Path(path)
    found: dict[str, Any]
    if not folder.exists():
        found = {"hub_id": path}
    else:
        if gguf_file is not None:
            files = [folder / gguf_file]
        else:
            files = sorted(
                p
                for p in folder.iterdir()
                if p.is_file() and p.suffix in _MODEL_SUFFIXES and p.name not in _NOT_MODEL
            )
        digest = hashlib.sha256()
        for p in files:
            digest.update(f"{p.name}\0{file_sha256(p)}\n".encode())
        found = {"path": str(folder), "sha256": digest.hexdigest()}
    if base_model is not None:
        found["base_model"] = model_fingerprint(base_model)
    return found


def rewardkit_version() -> str:
    from rewardkit import __version__

    return __version__


def eval_provenance(
    model: Mapping[str, Any], generation: Mapping[str, Any], grading: Mapping[str, Any]
) -> dict:
    """The provenance of one checkpoint's records: the rewardkit version (its grader), the model, and the
    settings a sample depends on (``generation``: length, temperature, top-p, seed, backend, prompt;
    ``grading``: the budget per completion and the ``--decimals`` the answers are rounded to)."""
    return {
        "rewardkit": rewardkit_version(),
        "model": dict(model),
        "generation": dict(generation),
        "grading": dict(grading),
    }


def differences(old: Mapping[str, Any], new: Mapping[str, Any], prefix: str = "") -> list[str]:
    """``key old -> new`` for every leaf that differs. A ``path`` is where a model was, not what it is: a
    copied or moved model with the same files is the same model."""
    found: list[str] = []
    for key in sorted({*old, *new}, key=str):
        name = f"{prefix}{key}"
        a, b = old.get(key), new.get(key)
        if isinstance(a, Mapping) and isinstance(b, Mapping):
            found.extend(differences(a, b, f"{name}."))
        elif a != b and key != "path":
            found.append(f"{name} {a!r} -> {b!r}")
    return found
