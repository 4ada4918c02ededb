"""The fifth game: three-card poker, published as a distribution of its own
(``rules-threecard/``: its ``pyproject.toml``, the package ``threecard`` with
its rule book and schema fragment) and registered only through the
entry-point group ``rules.games`` (decision record 0024). Nothing outside
``rules-threecard/`` names it.

:func:`install` installs it the way an installer lays out a wheel, a
``*.dist-info`` with ``entry_points.txt`` beside the package, into a folder
that a child process gets on ``PYTHONPATH`` (:func:`environment`). The tests
run the game in child processes only, so the test process's registry, spec
and ``@implements`` registry hold the library's own games alone: the commands
of the library (``-m rules``, ``-m sphinx``, ``-c``) in one child per test
module and worker (``child.py``, :class:`Child`; decision record 0058), any
other (the conformance suite's ``-m pytest``) in a process of its own.
"""

from __future__ import annotations

import json
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


class Child:
    """The process of ``child.py`` with the fifth game installed in ``site``, which runs the
    library's commands one after another; :meth:`close` ends it."""

    def __init__(self, site: Path) -> None:
        self.site = site
        self.process = subprocess.Popen([sys.executable, str(Path(__file__).with_name("child.py"))],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        env=environment(site), cwd=ROOT)

    def run(self, argv: tuple[str, ...], stdin: str | None) -> subprocess.CompletedProcess[str]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"argv": list(argv), "stdin": stdin}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        assert line, f"the child ended (status {self.process.poll()})"
        reply = json.loads(line)
        return subprocess.CompletedProcess([sys.executable, *argv], reply["code"], reply["stdout"], reply["stderr"])

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=60)


#: The command lines ``child.py`` runs (the rest start a process of their own).
SERVED = (("-m", "rules"), ("-m", "sphinx"), ("-c",))


def run(site: Path | Child, *argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``python ARGV...`` in the checkout with the fifth game installed: in ``site``'s child when
    it runs such a command, else in a process of its own."""
    if isinstance(site, Child):
        if any(argv[:len(prefix)] == prefix for prefix in SERVED):
            return site.run(argv, stdin)
        site = site.site
    return subprocess.run([sys.executable, *argv], capture_output=True, text=True, env=environment(site), cwd=ROOT,
                          input=stdin, timeout=300)
