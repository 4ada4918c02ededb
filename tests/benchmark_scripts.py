"""A script of ``benchmarks/`` loaded as a module, for the tests that check the plain engines there
(``tests/claim/test_plain_claim.py``, ``tests/valeria/test_plain_valeria.py``): the scripts are not
a package, and the tests must not put ``benchmarks/`` on the import path for every other test."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load_benchmark(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` as the module ``name``."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
