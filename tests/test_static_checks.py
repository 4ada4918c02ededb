"""``mypy --strict`` on ``rules/`` and ``ruff`` on the whole checkout pass
(their settings are in ``pyproject.toml``). They run as tests so the README's
test command and CI run them too."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

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


def test_mypy_still_checks_the_librarys_calls_into_the_extras(tmp_path: Path) -> None:
    """pyproject.toml does not follow the parts of Gymnasium and Ray the library never imports
    (their wrappers, Ray's data library...): what the library calls, ``ray.init`` and
    ``gymnasium.spaces``, is still read with its types, so a wrong argument is an error."""
    pytest.importorskip("ray")
    pytest.importorskip("gymnasium")
    snippet = tmp_path / "extras.py"
    snippet.write_text(textwrap.dedent("""
        import ray
        from gymnasium import spaces
        ray.init(num_cpus="two")
        spaces.Box(0.0, 1.0, "n")
    """), encoding="utf-8")
    out = run("mypy", "--strict", str(snippet))
    assert out.returncode == 1, out.stdout + out.stderr
    assert '"init" has incompatible type "str"' in out.stdout, out.stdout
    assert 'to "Box" has incompatible type "str"' in out.stdout, out.stdout
