"""A script of ``benchmarks/`` loaded as a module, for the tests that check the plain engines there
(``tests/claim/test_plain_claim.py``, ``tests/valeria/test_plain_valeria.py``): the scripts are not
a package, and the tests must not put ``benchmarks/`` on the import path for every other test."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load_benchmark(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` as the module ``name``, loaded as ``python benchmarks/<name>.py`` runs
    it: with its own folder on the import path while it loads (it imports its neighbour
    ``report.py``), taken off again after."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(BENCHMARKS))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCHMARKS))
    return module
