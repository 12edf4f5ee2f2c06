"""Dotted keys (``rewardkit.dotted``): nested fields by ``a.b.c``, errors name the part."""

from __future__ import annotations

import io

import pytest

from rewardkit.dotted import MissingField, get_field, lift_fields
from rewardkit.jsonl import LineError, iter_jsonl

ROW = {
    "6b_ft": {"solution": "#### 72", "meta": {"tokens": 12}},
    "a.b": "literal",
    "a": {"b": "nested"},
    "choices": [{"text": "x"}, {"text": "y"}],
    "none": None,
    "n": 3,
}

FOUND = [
    ("n", 3),
    ("6b_ft.solution", "#### 72"),
    ("6b_ft.meta.tokens", 12),
    ("a.b", "literal"),  # a literal key that contains a dot wins
    ("a", {"b": "nested"}),
    ("choices.1.text", "y"),
    ("none", None),
]

PRESENT = "'6b_ft', 'a.b', 'a', 'choices', 'none', 'n'"
MISSING = [
    ("answer", f"missing field 'answer' (fields present: {PRESENT})"),
    ("6b_ft.gold", "field '6b_ft.gold': no 'gold' under '6b_ft' (it has: 'solution', 'meta')"),
    ("6b_ft.meta.x", "field '6b_ft.meta.x': no 'x' under '6b_ft.meta' (it has: 'tokens')"),
    ("none.x", "field 'none.x': 'none' is null, not an object holding 'x'"),
    ("n.x", "field 'n.x': 'n' is int, not an object holding 'x'"),
    ("choices.2.text", "field 'choices.2.text': 'choices' is a list of 2, '2' is not an index in it"),
    ("choices.first", "field 'choices.first': 'choices' is a list of 2, 'first' is not an index in it"),
    ("x.y", f"missing field 'x.y' (fields present: {PRESENT})"),
]  # fmt: skip


@pytest.mark.parametrize(("key", "value"), FOUND)
def test_found(key: str, value: object) -> None:
    assert get_field(ROW, key) == value


@pytest.mark.parametrize(("key", "message"), MISSING)
def test_missing_names_the_part(key: str, message: str) -> None:
    with pytest.raises(MissingField) as info:
        get_field(ROW, key)
    assert str(info.value) == message and info.value.key == key
    assert isinstance(info.value, KeyError)


def test_lift_copies_dotted_values_and_reports_the_first_missing() -> None:
    row = {"m": {"out": "42"}, "k.lit": 1}
    missing = lift_fields(row, ["plain", "k.lit", "m.gone", "m.out"])
    assert row == {"m": {"out": "42"}, "k.lit": 1, "m.out": "42"}  # the later key is still lifted
    assert missing is not None and missing.key == "m.gone"


def test_iter_jsonl_reads_dotted_fields_only_when_asked() -> None:
    text = b'{"m": {"out": 7}, "answer": "7"}\n{"m": {"other": 1}, "answer": "7"}\n'
    asked = list(
        iter_jsonl(io.BytesIO(text), name="f.jsonl", required=("m.out",), golds=("m.out",), dotted=True)
    )
    assert asked[0].data["m.out"] == "7"  # a gold field: its gold text
    assert isinstance(asked[1], LineError) and asked[1].field == "m.out"
    assert str(asked[1]) == "f.jsonl:2: field 'm.out': no 'out' under 'm' (it has: 'other')"
    plain = list(iter_jsonl(io.BytesIO(text), name="f.jsonl", required=("m.out",)))
    assert all(isinstance(item, LineError) for item in plain)
