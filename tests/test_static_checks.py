"""``mypy --strict`` on ``rules/`` and ``ruff`` on the whole checkout pass
(their settings are in ``pyproject.toml``). They run as tests so the README's
test command and CI run them too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True,
                          check=False, timeout=900)


def test_mypy_strict_passes_on_the_package() -> None:
    out = run("mypy")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Success" in out.stdout


def test_ruff_passes_on_the_checkout() -> None:
    out = run("ruff", "check", ".")
    assert out.returncode == 0, out.stdout + out.stderr
