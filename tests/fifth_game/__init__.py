"""The fifth game: three-card poker, published as a distribution of its own
(``rules-threecard/``: its ``pyproject.toml``, the package ``threecard`` with
its rule book and schema fragment) and registered only through the
entry-point group ``rules.games`` (decision record 0024). Nothing outside
``rules-threecard/`` names it.

:func:`install` installs it the way an installer lays out a wheel, a
``*.dist-info`` with ``entry_points.txt`` beside the package, into a folder
that a child process gets on ``PYTHONPATH`` (:func:`environment`). The tests
run the game in child processes only, so the test process's registry, spec
and ``@implements`` registry hold the library's own games alone.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROJECT = Path(__file__).resolve().parent / "rules-threecard"
KEY = "threecard"


def install(target: Path) -> Path:
    """Copy the package into ``target`` and write its ``*.dist-info`` from the
    project's ``pyproject.toml`` (name, version, entry points); returns ``target``."""
    project = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    name, version = project["name"], project["version"]
    shutil.copytree(PROJECT / KEY, target / KEY, ignore=shutil.ignore_patterns("__pycache__"))
    info = target / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", encoding="utf-8")
    groups = [f"[{group}]\n" + "".join(f"{key} = {value}\n" for key, value in entries.items())
              for group, entries in project["entry-points"].items()]
    (info / "entry_points.txt").write_text("\n".join(groups), encoding="utf-8")
    return target


def environment(site: Path) -> dict[str, str]:
    """The environment of a child process that has the fifth game installed in ``site``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(site), str(ROOT), env.get("PYTHONPATH", "")) if p)
    return env


def run(site: Path, *argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``python ARGV...`` in the checkout with the fifth game installed."""
    return subprocess.run([sys.executable, *argv], capture_output=True, text=True, env=environment(site), cwd=ROOT,
                          input=stdin, timeout=300)
