"""The one YAML reader of rewardkit: YAML 1.2 booleans, bounded, duplicate keys refused, ``FILE:LINE``.

Training configs (``runners``) and reward spec files (``rewardkit.rewards.load_spec``) are read here. Three
things PyYAML's ``safe_load`` gets wrong for them are fixed:

* YAML 1.1 booleans: ``on``, ``no``, ``yes`` load as True/False, so the key of ``gate: {reward: accuracy,
  on: format}`` would be the boolean True. Here only ``true``/``false`` (any case of the first letter, or all
  caps) are booleans; ``on`` stays a string;
* no bounds: PyYAML shares the object of an alias, so loading a "billion laughs" (nested aliases) is cheap,
  but everything that walks the result afterwards (a dataclass builder, ``json.dumps``, building a reward)
  walks it expanded. A document nested deeper than :data:`MAX_DEPTH` or holding more than
  :data:`MAX_VALUES` values once aliases are expanded, and a recursive alias, are refused while it is being
  composed, before anything walks it;
* a key written twice in one mapping: PyYAML keeps the last one silently; here it is refused.

A refusal is a :class:`YamlRefused` carrying the 1-based line, so the caller's message says ``FILE:LINE``.

>>> parse_yaml("gate: {reward: accuracy, on: format}\\nweight: 1e-3\\n")[0]
{'gate': {'reward': 'accuracy', 'on': 'format'}, 'weight': '1e-3'}
>>> parse_yaml("a: 1\\nb:\\n  c: 2\\n")[1]
{('a',): 1, ('b',): 2, ('b', 'c'): 3}
>>> laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\\n" + "".join(
...     f"{c}: &{c} [{', '.join([f'*{p}'] * 10)}]\\n" for p, c in zip("abcd", "bcde")
... )
>>> parse_yaml(laughs)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
rewardkit.yaml_loader.YamlRefused: holds more than 10,000 values once aliases are expanded (...)
>>> try:
...     parse_yaml("a: 1\\nb: 2\\na: 3\\n")
... except YamlRefused as exc:
...     print(f"{exc.line}: {exc}")
3: duplicate key 'a' (first at line 1)
"""

from __future__ import annotations

import functools
import re
from typing import Any

__all__ = ["MAX_DEPTH", "MAX_VALUES", "YamlRefused", "key_lines", "loader_class", "parse_yaml"]

# A config or a reward spec is a few dozen settings. These bounds are far above any real one, and keep a
# crafted file (a billion laughs of nested aliases, 10,000 nested brackets, a recursive alias) from costing
# more than reading it.
MAX_DEPTH = 50
MAX_VALUES = 10_000  # counted with aliases expanded, as anything that walks the loaded data sees it


class YamlRefused(ValueError):
    """A YAML text outside the bounds, or with a duplicate key: ``str()`` is the reason, ``line`` 1-based."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


@functools.cache
def loader_class() -> Any:
    """PyYAML's safe loader with YAML 1.2 booleans that refuses (:class:`YamlRefused`) what is out of bounds
    while it composes. Each node's expanded size and height are computed once, from its children's."""
    import yaml

    class Loader(yaml.SafeLoader):
        def __init__(self, stream: Any) -> None:
            super().__init__(stream)
            self.open_depth = 0
            self.extent: dict[int, tuple[int, int]] = {}  # id(node) -> (values when expanded, height)

        def compose_node(self, parent: Any, index: Any) -> Any:
            event = self.peek_event()
            line = event.start_mark.line + 1
            if isinstance(event, yaml.AliasEvent):
                node = super().compose_node(parent, index)
                if id(node) not in self.extent:  # the anchored node is still being composed
                    raise YamlRefused(line, f"alias *{event.anchor} is used inside the value it names")
                return node
            self.open_depth += 1
            try:
                if self.open_depth > MAX_DEPTH:
                    raise YamlRefused(line, f"nested deeper than {MAX_DEPTH} levels")
                node = super().compose_node(parent, index)
            finally:
                self.open_depth -= 1
            children = node.value if isinstance(node, yaml.SequenceNode) else []
            if isinstance(node, yaml.MappingNode):
                children = [child for pair in node.value for child in pair]
            size, height = 1, 1
            for child in children:
                child_size, child_height = self.extent[id(child)]
                size, height = size + child_size, max(height, child_height + 1)
            if height > MAX_DEPTH:
                raise YamlRefused(line, f"nested deeper than {MAX_DEPTH} levels with aliases expanded")
            if size > MAX_VALUES:
                raise YamlRefused(
                    line,
                    f"holds more than {MAX_VALUES:,} values once aliases are expanded "
                    "(each use of an alias counts its whole value)",
                )
            self.extent[id(node)] = (size, height)
            return node

    bool_tag = "tag:yaml.org,2002:bool"
    Loader.yaml_implicit_resolvers = {
        first: [(tag, rx) for tag, rx in resolvers if tag != bool_tag]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    Loader.add_implicit_resolver(
        bool_tag, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
    )
    return Loader


def key_lines(root: Any) -> dict[tuple[str, ...], int]:
    """Key path -> 1-based line of every mapping key and sequence item (``("reward", "0")``) of a composed
    YAML tree, for error messages. An alias is the very node it names, so the tree is a graph: each node is
    walked once, under the first path that reaches it. A key twice in one mapping raises
    :class:`YamlRefused`."""
    import yaml

    lines: dict[tuple[str, ...], int] = {}
    visited: set[int] = set()

    def walk(node: Any, prefix: tuple[str, ...]) -> None:
        if id(node) in visited:
            return
        visited.add(id(node))
        if isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                lines.setdefault((*prefix, str(i)), item.start_mark.line + 1)
                walk(item, (*prefix, str(i)))
        elif isinstance(node, yaml.MappingNode):
            first_lines: dict[tuple[str, str], int] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    continue  # a list or mapping as a key: PyYAML refuses it while constructing
                line = key_node.start_mark.line + 1
                identity = (key_node.tag, key_node.value)  # `1` and `"1"` are different keys
                if identity in first_lines:
                    first = first_lines[identity]
                    raise YamlRefused(line, f"duplicate key {key_node.value!r} (first at line {first})")
                first_lines[identity] = line
                path = (*prefix, str(key_node.value))
                lines.setdefault(path, line)
                walk(value_node, path)

    walk(root, ())
    return lines


def parse_yaml(text: str) -> tuple[Any, dict[tuple[str, ...], int]]:
    """``text`` as data, and the line of each key path (:func:`key_lines`).

    Raises :class:`YamlRefused` (out of bounds, a duplicate key), ``yaml.YAMLError`` (not YAML), or another
    ValueError (an integer past Python's 4,300 digits); ImportError without PyYAML.
    """
    loader = loader_class()(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, {}
        lines = key_lines(node)  # before construction, which would silently merge duplicate keys
        return loader.construct_document(node), lines
    finally:
        loader.dispose()
