"""Import a script of ``bench/`` as a module (the folder is not a package), for tests that drive its logic.

The scripts import the bench's helper modules (``shared_data``, ``graders``, ``speed_summary``, ...) by bare
name, as they do when run from the command line; :func:`bench_module` imports one of those the same way, so
a test sees the very module object a script uses (one ``SUITES`` registry, not two).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _bench_on_path() -> None:
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))


def load_bench_script(name: str) -> ModuleType:
    """``bench/<name>.py`` as the module ``name`` (registered in ``sys.modules``, so dataclasses and pickling
    inside it work), executed afresh."""
    _bench_on_path()
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def bench_module(name: str) -> ModuleType:
    """The helper module ``bench/<name>.py``, imported by bare name as the scripts import it."""
    _bench_on_path()
    module = importlib.import_module(name)
    assert Path(module.__file__ or "").resolve().parent == BENCH, f"{name} is not bench's own module"
    return module
