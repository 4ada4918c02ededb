"""The kernel never imports a game (decision record 0012)."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import rules.kernel


def test_importing_every_kernel_module_imports_no_game() -> None:
    modules = [f"rules.kernel.{m.name}" for m in pkgutil.iter_modules(rules.kernel.__path__)]
    assert "rules.kernel.spec" in modules and "rules.kernel.records" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        # rules.games comes with the package's public face (rules.load): the registry names games, imports none
        "games = sorted(m for m in sys.modules if m.startswith('rules.')\n"
        "               and not m.startswith('rules.kernel') and m != 'rules.games')\n"
        "print(games)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", f"the kernel imported {out.stdout.strip()}"
