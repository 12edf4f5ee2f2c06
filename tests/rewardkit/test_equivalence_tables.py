"""Equivalence tables: every row of ``fixtures/equivalence/*.jsonl`` is one graded case.

Each line is a JSON object::

    {"completion": str, "gold": str, "expected": <verdict>, "policy": "flexible"|"strict",
     "options": {...grade() keyword args...}, "rule": str, "match": str, "source": str, "note": str}

``policy``, ``options``, ``rule`` (the extraction rule), ``match`` (the equivalence rule, e.g.
``"rounded_to_decimals"``) and ``mutate`` (false: the metamorphic suite, ``tests/metamorphic.py``, leaves a
CORRECT row out, when its final statement names a second value of the answer's kind that the mutations
cannot tell from the answer: ``72, since 70 is incorrect``) are optional; ``options`` carries any of
``grade()``'s keyword arguments (``finished``, ``choices``, ``decimals``, ...). The loader is generic: a new
table dropped into the folder is picked up without touching this file. A malformed row fails its own test
with ``file:line`` so one bad line does not hide the rest of the table.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from paths import REPO

from rewardkit import Verdict, grade

TABLES = REPO / "fixtures" / "equivalence"

# Verdicts a table may expect. TIMEOUT and ERROR describe the grader, not the case, so they never are.
EXPECTABLE = frozenset(
    {"CORRECT", "WRONG", "NO_ANSWER", "UNPARSEABLE", "FORMAT", "AMBIGUOUS", "TRUNCATED", "GOLD_INVALID"}
)
POLICIES = frozenset({"flexible", "strict"})
REQUIRED: dict[str, type] = {"completion": str, "gold": str, "expected": str, "source": str, "note": str}
OPTIONAL: dict[str, type] = {"policy": str, "options": dict, "rule": str, "match": str, "mutate": bool}
# Known grade() options and their types; other option names are passed through unchecked so that new
# tables can exercise options added later.
OPTION_TYPES: dict[str, type | tuple[type, ...]] = {"finished": bool, "choices": (str, list), "decimals": int}


def _load() -> list[Any]:
    params = []
    for path in sorted(TABLES.glob("*.jsonl")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for lineno, text in enumerate(lines, start=1):
            if not text.strip():
                continue
            where = f"{path.relative_to(TABLES.parent.parent)}:{lineno}"
            params.append(pytest.param(where, text, id=f"{path.stem}:{lineno}"))
    return params


def _validate(where: str, text: str) -> dict[str, Any]:
    """The row as a dict, or a pytest failure naming the file and line."""
    try:
        row = json.loads(text)
    except json.JSONDecodeError as e:
        pytest.fail(f"{where}: not valid JSON: {e}", pytrace=False)
    if not isinstance(row, dict):
        pytest.fail(f"{where}: a row must be a JSON object, got {type(row).__name__}", pytrace=False)
    problems = []
    for key, typ in REQUIRED.items():
        if key not in row:
            problems.append(f"missing {key!r}")
        elif not isinstance(row[key], typ):
            problems.append(f"{key!r} must be {typ.__name__}, got {type(row[key]).__name__}")
    for key, typ in OPTIONAL.items():
        if key in row and not isinstance(row[key], typ):
            problems.append(f"{key!r} must be {typ.__name__}, got {type(row[key]).__name__}")
    unknown = set(row) - set(REQUIRED) - set(OPTIONAL)
    if unknown:
        problems.append(f"unknown keys {sorted(unknown)}")
    if isinstance(row.get("expected"), str) and row["expected"] not in EXPECTABLE:
        problems.append(f"'expected' must be one of {sorted(EXPECTABLE)}, got {row['expected']!r}")
    if isinstance(row.get("policy"), str) and row["policy"] not in POLICIES:
        problems.append(f"'policy' must be one of {sorted(POLICIES)}, got {row['policy']!r}")
    for key in ("source", "note", "rule", "match"):
        if isinstance(row.get(key), str) and not row[key].strip():
            problems.append(f"{key!r} must not be empty")
    options = row.get("options")
    if isinstance(options, dict):
        for name, value in options.items():
            if name in ("policy", "gold"):
                problems.append(f"options must not carry {name!r}; use the row's own field")
            want = OPTION_TYPES.get(name)
            if want is not None and not isinstance(value, want):
                kinds = " or ".join(t.__name__ for t in (want if isinstance(want, tuple) else (want,)))
                problems.append(f"options[{name!r}] must be {kinds}, got {type(value).__name__}")
    if problems:
        pytest.fail(f"{where}: malformed row: " + "; ".join(problems), pytrace=False)
    return row


ROWS = _load()


def test_tables_exist() -> None:
    assert ROWS, f"no rows found under {TABLES}"


@pytest.mark.parametrize(("where", "text"), ROWS)
def test_row(where: str, text: str) -> None:
    row = _validate(where, text)
    policy = row.get("policy", "flexible")
    # a row without its own timeout_s grades on the tests' budget (tests/conftest.py), not a busy machine's
    r = grade(row["completion"], gold=row["gold"], policy=policy, **row.get("options", {}))
    expected = Verdict(row["expected"])
    context = (
        f"{where}: {row['note']} [{row['source']}]\n"
        f"  gold={row['gold']!r} policy={policy} options={row.get('options', {})}\n"
        f"  completion={row['completion'][-200:]!r}\n"
        f"  got verdict={r.verdict.value} extracted={r.extracted!r} rule={r.rule!r} detail={r.detail!r}"
    )
    assert r.verdict == expected, f"expected {expected.value}, got {r.verdict.value}\n{context}"
    if "rule" in row:
        assert r.rule == row["rule"], f"expected rule {row['rule']!r}, got {r.rule!r}\n{context}"
    if "match" in row:
        assert r.match == row["match"], f"expected match {row['match']!r}, got {r.match!r}\n{context}"
