"""Patterns compiled at first use: the same answers as ``re.compile``'s, and no module compiles at import."""

from __future__ import annotations

import ast
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from rewardkit.lazy_regex import lazy_compile

ROOT = Path(__file__).resolve().parents[2]

CASES = [
    (r"(?P<n>\d+)\s*(?P<unit>kg|g)\b", re.IGNORECASE, "Bags: 12 KG, 3 g and 7kg."),
    (r"^answer:\s*(.+)$", re.MULTILINE | re.IGNORECASE, "work\nAnswer: 72\nanswer: 73"),
    (r"答案是?(\d+)", 0, "所以答案是72，不是73"),
    (r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])", 0, "-1.5 and 2 and x3 and 4.0."),
]


@pytest.mark.parametrize(("pattern", "flags", "text"), CASES)
def test_the_stand_in_answers_as_the_compiled_pattern(pattern: str, flags: int, text: str) -> None:
    eager = re.compile(pattern, flags)
    for lazy in (lazy_compile(pattern, flags), lazy_compile(pattern, flags)):
        # the first call of each method compiles (the second stand-in is first used by another method)
        assert lazy.pattern == eager.pattern
        found, expected = lazy.search(text), eager.search(text)
        assert (found and found.span(), found and found.groups()) == (
            expected and expected.span(),
            expected and expected.groups(),
        )
        assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in eager.finditer(text)]
        assert lazy.findall(text) == eager.findall(text)
        assert lazy.sub("<\\g<0>>", text) == eager.sub("<\\g<0>>", text)
        assert lazy.subn("#", text, count=1) == eager.subn("#", text, count=1)
        assert lazy.split(text) == eager.split(text)
        assert bool(lazy.match(text)) == bool(eager.match(text))
        assert bool(lazy.fullmatch(text)) == bool(eager.fullmatch(text))
        assert (lazy.flags, lazy.groups, dict(lazy.groupindex)) == (
            eager.flags,
            eager.groups,
            dict(eager.groupindex),
        )


def test_a_bad_pattern_fails_at_first_use_with_re_error() -> None:
    broken = lazy_compile(r"(unclosed")
    with pytest.raises(re.error):
        broken.search("x")


def test_threads_that_first_use_one_pattern_at_once_agree() -> None:
    pattern = lazy_compile(r"(\d+) apples")
    texts = [f"She has {n} apples." for n in range(200)]
    with ThreadPoolExecutor(8) as pool:
        got = list(pool.map(lambda t: pattern.search(t).group(1), texts))
    assert got == [str(n) for n in range(200)]


def _module_level_compiles(path: Path) -> list[int]:
    lines: list[int] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inside = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if (
                not inside
                and isinstance(child, ast.Call)
                and isinstance(child.func, ast.Attribute)
                and child.func.attr == "compile"
                and isinstance(child.func.value, ast.Name)
                and child.func.value.id == "re"
            ):
                lines.append(child.lineno)
            visit(child, inside)

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return lines


def test_no_module_compiles_a_pattern_at_import() -> None:
    """A module-level ``re.compile`` runs at ``import rewardkit``: with two thousand patterns that was 1.6 s
    of CPU for every process that imports the grader. Module-level patterns use :func:`lazy_compile`."""
    offenders = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "rewardkit").rglob("*.py"))
        if path.name != "lazy_regex.py"
        for line in _module_level_compiles(path)
    ]
    assert offenders == []


def test_the_stand_in_stays_the_object_its_holders_compare() -> None:
    """Readers tell patterns apart by identity (``pattern is _RANGE`` in the Chinese steps): the first use
    must not swap the object a module holds for another."""
    from rewardkit.languages import chinese

    held = [pattern for _triggers, pattern, _replacement in chinese._STEPS]
    assert any(pattern is chinese._RANGE for pattern in held)
    chinese._RANGE.search("3~5")
    assert any(pattern is chinese._RANGE for pattern in held)
