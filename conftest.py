"""Collection settings for the whole repository (the doctests of rewardkit/, evalkit/ and runners/ included).

A module that needs an optional extra says so with a module-level ``__extra__ = "serve"``. Where that extra
is not installed (the README's install leaves `[serve]` and `[ray]` out), its doctests cannot be imported, so
the module is left out of collection; its tests skip on their own (``pytest.importorskip``).
"""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

_DECLARED = re.compile(r"""^__extra__\s*=\s*["']([\w-]+)["']""", re.MULTILINE)


def _installed(extra: str) -> bool:
    marker = re.compile(rf"""extra\s*==\s*["']{re.escape(extra)}["']""")
    try:
        requires = metadata.requires("rewardkit") or []
    except metadata.PackageNotFoundError:
        return False
    needed = [re.match(r"[A-Za-z0-9_.-]+", req).group(0) for req in requires if marker.search(req)]
    for name in needed:
        try:
            metadata.distribution(name)
        except metadata.PackageNotFoundError:
            return False
    return bool(needed)  # an extra the metadata does not know cannot be installed


def _modules_of_missing_extras() -> list[str]:
    root = Path(__file__).resolve().parent
    missing = []
    for path in sorted((root / "rewardkit").rglob("*.py")):
        found = _DECLARED.search(path.read_text(encoding="utf-8"))
        if found and not _installed(found.group(1)):
            missing.append(str(path.relative_to(root)))
    return missing


collect_ignore = _modules_of_missing_extras()
