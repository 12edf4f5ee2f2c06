"""The house's shape, read from the code's own imports (every ``import`` statement, at module level or
inside a function, ``TYPE_CHECKING`` blocks included):

* dependencies point one way, runners → evalkit → rewardkit: the layer of each package is its place in that
  chain, and no module imports a package above its own;
* the core imports nothing outside the standard library and the distributions its own metadata requires
  (and theirs): no torch, transformers, evalkit or runners, whichever of its modules one looks at;
* no import cycle anywhere among the three packages' modules.
"""

from __future__ import annotations

import ast
import re
import sys
from importlib import metadata

import pytest
from paths import REPO

# the layering DESIGN.md draws, lowest first
LAYERS = ("rewardkit", "evalkit", "runners")


def _module_name(path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, ast.Module]:
    found = {}
    for package in LAYERS:
        for path in sorted((REPO / package).rglob("*.py")):
            found[_module_name(path)] = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return found


MODULES = _modules()


def _imports(name: str, tree: ast.Module) -> set[str]:
    """Every module ``name`` imports: ``import a.b`` gives a.b; ``from a import b`` gives a.b when that is a
    module of the repository, else a (running a package's ``__init__`` on the way to its submodule is not
    an import of the package's names)."""
    is_package = (REPO / name.replace(".", "/") / "__init__.py").exists()
    here = name.split(".") if is_package else name.split(".")[:-1]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            submodules = {f"{source}.{alias.name}" for alias in node.names} & MODULES.keys()
            out.update(submodules)
            if len(submodules) < len(node.names):  # a name defined in the package itself, not a submodule
                out.add(source)
    return out


GRAPH = {name: _imports(name, tree) for name, tree in MODULES.items()}


def _top(module: str) -> str:
    return module.split(".")[0]


def test_the_graph_was_read():
    # a guard against a test that passes because it read nothing
    assert len(MODULES) > 60
    assert "rewardkit.grade" in GRAPH["rewardkit"]
    assert "evalkit.completions" in GRAPH["evalkit.model_eval"]


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_imports_a_package_above_its_own(module):
    layer = LAYERS.index(_top(module))
    above = sorted(m for m in GRAPH[module] if _top(m) in LAYERS and LAYERS.index(_top(m)) > layer)
    assert not above, f"{module} imports {above}, which sit above it (runners -> evalkit -> rewardkit)"


def _required_distributions(name: str, seen: set[str] | None = None) -> set[str]:
    """``name`` and what it requires outside extras, transitively, as normalised distribution names."""
    seen = set() if seen is None else seen
    key = re.sub(r"[-_.]+", "-", name).lower()
    if key in seen:
        return seen
    seen.add(key)
    try:
        requires = metadata.requires(name) or []
    except metadata.PackageNotFoundError:
        return seen
    for req in requires:
        if "extra ==" in req:
            continue
        _required_distributions(re.match(r"[A-Za-z0-9_.-]+", req).group(0), seen)
    return seen


def _declared_extra(tree: ast.Module) -> str | None:
    """The optional extra a module says it needs (a module-level ``__extra__ = "serve"``), or None."""
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "__extra__" for t in node.targets)
            and isinstance(node.value, ast.Constant)
        ):
            return str(node.value.value)
    return None


def _extra_distributions(extra: str) -> set[str]:
    """What rewardkit's extra ``extra`` requires, transitively (empty for an extra the metadata lacks)."""
    found: set[str] = set()
    marker = re.compile(rf"""extra\s*==\s*["']{re.escape(extra)}["']""")
    for req in metadata.requires("rewardkit") or []:
        if marker.search(req):
            found |= _required_distributions(re.match(r"[A-Za-z0-9_.-]+", req).group(0))
    return found


def test_the_core_imports_only_the_standard_library_and_its_own_dependencies():
    """A module that needs an optional extra says so (``__extra__ = "serve"``) and may import what that extra
    requires, and only that; every other core module only what ``pip install rewardkit`` installs."""
    base = _required_distributions("rewardkit")
    assert "sympy" in base and "torch" not in base  # the metadata was read
    providers = metadata.packages_distributions()
    outside = {}
    for module, imported in GRAPH.items():
        if _top(module) != "rewardkit":
            continue
        extra = _declared_extra(MODULES[module])
        allowed = base | (_extra_distributions(extra) if extra else set())
        for target in imported:
            top = _top(target)
            if top in sys.stdlib_module_names or top == "rewardkit" or top == "__future__":
                continue
            # an extra not installed provides nothing here: its import name stands for its distribution
            dists = {re.sub(r"[-_.]+", "-", d).lower() for d in providers.get(top) or [top]}
            if not dists & allowed:
                outside.setdefault(target, []).append(module)
    assert not outside, f"the core imports what its dependencies do not provide: {outside}"


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root] & graph.keys())))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child] & graph.keys()))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))
    return components


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles():
    assert _cycles(GRAPH) == []


def test_a_module_that_declares_an_extra_may_use_it_and_only_it():
    assert _declared_extra(ast.parse('__extra__ = "report"\nimport matplotlib')) == "report"
    assert _declared_extra(ast.parse("import matplotlib")) is None
    assert "matplotlib" in _extra_distributions("report")
    assert "torch" not in _extra_distributions("report") and "torch" in _extra_distributions("train")
    assert _extra_distributions("no-such-extra") == set()


def test_a_module_of_an_extra_that_is_not_installed_is_left_out_of_collection(monkeypatch):
    """The README's install leaves [serve] and [ray] out: their modules' doctests must not break the run."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("repository_conftest", REPO / "conftest.py")
    settings = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(settings)
    monkeypatch.setattr(
        settings.metadata, "requires", lambda name: ["no-such-distribution>=1; extra == 'serve'", "sympy"]
    )
    assert not settings._installed("serve") and not settings._installed("unknown-extra")
    left_out = settings._modules_of_missing_extras()
    declared = sorted(
        name.replace(".", "/") + ("/__init__.py" if (REPO / name.replace(".", "/")).is_dir() else ".py")
        for name, tree in MODULES.items()
        if _declared_extra(tree) is not None
    )
    # the metadata here knows [serve] (missing) and no other extra: every module of an extra is left out
    assert "rewardkit/remote.py" in declared and left_out == declared
