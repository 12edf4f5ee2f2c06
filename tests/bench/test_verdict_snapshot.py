"""bench/verdict_snapshot.py: results graded before and after a change, compared field by field.

The pool itself is the benchmarks' real data; these tests drive the comparison on items written here."""

from __future__ import annotations

from typing import Any

import pytest
from bench_scripts import load_bench_script

ITEMS = [
    ("plain", "9 * 2 = 18\nThe answer is 18.", "18", {}),
    ("strict", "So she has 18 left.", "18", {"policy": "strict"}),
    ("chinese", "所以答案是七十二。", "72", {}),
]


def _script() -> Any:
    return load_bench_script("verdict_snapshot")


def test_the_same_code_differs_in_nothing() -> None:
    script = _script()
    before = list(script.snapshot(ITEMS))
    assert [row["source"] for row in before] == ["plain", "strict", "chinese"]
    assert "elapsed_s" not in before[0] and before[1]["verdict"] == "FORMAT"
    assert list(script.differences(before, script.snapshot(ITEMS))) == []


def test_a_changed_field_is_named_with_both_values() -> None:
    script = _script()
    before = list(script.snapshot(ITEMS))
    before[2] = {**before[2], "span": [0, 1], "rule": "boxed"}
    (line,) = script.differences(before, script.snapshot(ITEMS))
    assert line.startswith("chinese: rule: 'boxed' -> 'answer_is'; span: [0, 1] -> [")


@pytest.mark.parametrize("cut", [slice(0, 2), slice(1, 3)])
def test_another_pool_is_refused(cut: slice) -> None:
    script = _script()
    before = list(script.snapshot(ITEMS))[cut]
    with pytest.raises(ValueError, match="not"):
        list(script.differences(before, script.snapshot(ITEMS)))
