"""Read a field of a JSON object by a dotted key: ``model.solution`` is ``data["model"]["solution"]``.

Nested JSONL (one object per model, its completion inside) is common; a flag such as ``--completion-key``
names the field with dots between the levels. A literal key that contains a dot wins when the object has
it, so a flat file whose keys happen to hold dots reads exactly as before. A list level takes a whole
number (``choices.0.text``).

>>> row = {"6b": {"solution": "#### 72"}, "a.b": 1, "choices": [{"text": "x"}]}
>>> get_field(row, "6b.solution")
'#### 72'
>>> get_field(row, "a.b")
1
>>> get_field(row, "choices.0.text")
'x'
>>> get_field(row, "6b.gold")
Traceback (most recent call last):
...
rewardkit.dotted.MissingField: field '6b.gold': no 'gold' under '6b' (it has: 'solution')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = ["MissingField", "get_field", "lift_fields"]


class MissingField(KeyError):
    """A dotted key names a field the object does not have; ``str()`` names the part that is missing."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(key)
        self.key = key
        self.message = message

    def __str__(self) -> str:
        return self.message


def _listed(keys: Iterable[Any]) -> str:
    names = [repr(k) for k in keys]
    return ", ".join(names[:8]) + (", ..." if len(names) > 8 else "") if names else "nothing"


def get_field(data: Any, key: str) -> Any:
    """``data[key]`` when ``data`` has that literal key, else the value the dotted path ``key`` leads to.

    Raises :class:`MissingField` naming the first part of the path that is not there.
    """
    if isinstance(data, dict) and key in data:
        return data[key]
    parts = key.split(".")
    value = data
    for depth, part in enumerate(parts):
        where = ".".join(parts[:depth])
        if isinstance(value, dict):
            if part not in value:
                if depth == 0:
                    raise MissingField(key, f"missing field {key!r} (fields present: {_listed(value)})")
                raise MissingField(
                    key, f"field {key!r}: no {part!r} under {where!r} (it has: {_listed(value)})"
                )
            value = value[part]
        elif isinstance(value, list) and depth > 0:
            if not (part.isdigit() and int(part) < len(value)):
                raise MissingField(
                    key, f"field {key!r}: {where!r} is a list of {len(value)}, {part!r} is not an index in it"
                )
            value = value[int(part)]
        else:
            kind = "null" if value is None else type(value).__name__
            raise MissingField(key, f"field {key!r}: {where!r} is {kind}, not an object holding {part!r}")
    return value


def lift_fields(data: dict[str, Any], keys: Iterable[str]) -> MissingField | None:
    """Copy the value of every dotted key in ``keys`` that ``data`` lacks literally to ``data[key]``, so
    code that reads ``data[key]`` sees it. Keys without a dot are left to the caller's own check.

    Returns the :class:`MissingField` of the first dotted key not found, or None when every one was.

    >>> row = {"m": {"out": "42"}}
    >>> lift_fields(row, ["m.out", "answer"]), row["m.out"]
    (None, '42')
    """
    first: MissingField | None = None
    for key in keys:
        if "." not in key or key in data:
            continue
        try:
            data[key] = get_field(data, key)
        except MissingField as exc:
            first = first or exc
    return first
