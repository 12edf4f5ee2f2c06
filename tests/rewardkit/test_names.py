"""Names in the core say one job each: a class name means one thing across ``rewardkit/``, and the tables and
modules that were renamed for it keep their meaning under the new names."""

from __future__ import annotations

import ast
import importlib
from collections import defaultdict

import pytest
from paths import REPO

from rewardkit import extract, numbers


def _class_definitions() -> dict[str, list[str]]:
    where: dict[str, list[str]] = defaultdict(list)
    for path in sorted((REPO / "rewardkit").rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef):
                where[node.name].append(str(path.relative_to(REPO)))
    return where


def test_a_class_name_names_one_thing_across_the_core() -> None:
    # Two classes of one name in two modules read alike in annotations and tracebacks but are not alike.
    shared = {name: paths for name, paths in _class_definitions().items() if len(paths) > 1}
    assert shared == {}


def test_extraction_returns_its_candidates_and_scanning_its_quantity_spans() -> None:
    candidates = extract.find_answers("We get 3, so the answer is \\boxed{4}.")
    assert type(candidates) is extract.Candidates
    assert "boxed" in [a.rule for a in candidates.anchored]
    spans = list(numbers.scan("2 hours 30 minutes"))
    assert all(type(s) is numbers.QuantitySpan for s in spans)
    assert [(s.start, s.end) for s in spans] == [(0, 7), (8, 18)]


@pytest.mark.parametrize(("word", "multiplier"), sorted(numbers._SCALE_MULTIPLIERS.items()))
def test_each_scale_word_multiplies_the_number_before_it(word: str, multiplier: int) -> None:
    quantity = numbers.parse_number(f"3 {word}")
    assert quantity is not None and quantity.value == 3 * multiplier


def test_tree_values_is_where_the_values_of_math_trees_live() -> None:
    values = importlib.import_module("rewardkit.tree_values")
    assert {"exact_value", "numeric_value", "NotEvaluable", "TooLarge"} <= set(vars(values))
