"""Every command's exit statuses come from rewardkit.exit_codes; no module keeps its own copy."""

from __future__ import annotations

import re

import pytest
from paths import REPO

from rewardkit import exit_codes

_OWN_DEFINITION = re.compile(r"^EXIT_[A-Z]+ *= *\d+", re.MULTILINE)


def test_the_statuses() -> None:
    assert (exit_codes.EXIT_OK, exit_codes.EXIT_FINDINGS, exit_codes.EXIT_USAGE) == (0, 1, 2)
    assert exit_codes.EXIT_INTERRUPTED == 130  # 128 + SIGINT, as a shell reports Ctrl-C


@pytest.mark.parametrize("package", ["rewardkit", "evalkit", "runners"])
def test_no_module_defines_its_own_exit_codes(package: str) -> None:
    defining = [
        str(path.relative_to(REPO))
        for path in sorted((REPO / package).rglob("*.py"))
        if path.name != "exit_codes.py" and _OWN_DEFINITION.search(path.read_text(encoding="utf-8"))
    ]
    assert defining == []
