"""The rulebook build shared by the docs tests and the browser tests.

``sphinx-build -W`` runs once per test run (the first test that needs it
builds; the ``docs`` marker runs them last, after every test that cites a
rule, so the build reports the outcomes the rulebook shows: decision records
0038, 0052). In a parallel run (``-n``) the
workers share it: :func:`built_once` builds under a file lock into the run's
shared temporary folder, and the other workers wait for it and reuse it
(decision record 0030). The outcomes are also left in
``build/test-status.json``, which ``docs/conf.py`` reads, so a rulebook built
by hand after the suite shows them too (decision record 0015).

The rulebook's builds (this one and the in-page adjudicator's site, tests/web,
:func:`build_site`) read and write in parallel (:data:`RULEBOOK_JOBS`): the
extensions of ``docs/conf.py`` all declare themselves parallel-safe. In a
parallel run both are built in the background while tests run
(``tests/conftest.py``, decision record 0038).

``docs/`` is read once per run when the run builds the site (decision record
0054): the site's Sphinx build (:func:`read_once`) is kept as it was before the
runtime was bundled into a copy of it, and the rulebook's build starts from
another copy of it, so that Sphinx reads again only the documents that show
test outcomes (every build re-reads those) and writes only them. A run that
builds no site builds the rulebook from nothing, as before.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from filelock import FileLock

from rules.web.build import DEFAULT_CACHE, BuildError, bundle

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
STATUS_COPY = ROOT / "build" / "test-status.json"

#: ``sphinx-build -j`` for the rulebook: one process per core. Only for ``docs/``, whose extensions
#: are parallel-safe; a project of a test's own is built serially (an extension that does not say
#: it is safe would turn ``-j`` into a warning, fatal under ``-W``).
RULEBOOK_JOBS = ("-j", "auto")
#: The rulebook's folder in the run's temporary folder.
RULEBOOK = "docs-html"
#: The in-page adjudicator's site's folder in the run's temporary folder (tests/web).
SITE = "site"
#: The site's Sphinx build, before the runtime is bundled into a copy of it: the reading (environment
#: and doctrees) and the pages the rulebook's build starts from, in the run's temporary folder.
READING = "docs-read"


def sphinx_arguments(source: Path, out: Path, *extra: str, quiet: bool = True) -> list[str]:
    """``-W --keep-going [-q] -b html [extra] source out``: how every build of the suite calls
    ``sphinx-build``, in a process of its own (:func:`sphinx_build`) or in the test's
    (``tests/sphinx_here.py``): any warning fails the build, once it has reported every warning."""
    return ["-W", "--keep-going", *(["-q"] if quiet else []), "-b", "html", *extra, str(source), str(out)]


def sphinx_build(source: Path, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """``sphinx-build`` with :func:`sphinx_arguments`, in a process of its own with this checkout importable."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return subprocess.run(
        [sys.executable, "-m", "sphinx", *sphinx_arguments(source, out, *extra)],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=900,
    )


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of this test run: shared by all workers of a parallel run
    (each worker's own folder is inside it), the session's own folder otherwise."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def built_once(tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[Path], None]) -> Path:
    """``build(out)`` run once per test run into ``out`` (the run's folder / ``name``);
    every later caller, in this process or another worker, waits for it and gets ``out``.

    A build that fails (raises, ``pytest.fail`` included) is not retried: its
    message is kept beside ``out`` and every later caller fails with it, as the
    first did, rather than paying for the same failing build again.
    """
    root = run_folder(tmp_path_factory)
    out, done, failed = root / name, root / f"{name}.done", root / f"{name}.failed"
    asked(root, name).touch()
    with FileLock(str(root / f"{name}.lock")):
        if failed.exists():
            pytest.fail(f"{name}: the build failed in another test:\n{failed.read_text(encoding='utf-8')}")
        if not done.exists():
            shutil.rmtree(out, ignore_errors=True)
            try:
                build(out)
            except BaseException as exc:
                failed.write_text(str(exc) or type(exc).__name__, encoding="utf-8")
                raise
            done.touch()
    return out


def asked(root: Path, name: str) -> Path:
    """The mark :func:`built_once` leaves in the run's folder ``root`` as soon as ``name`` is
    asked for: there, the build is done, under way, failed, or about to start."""
    return root / f"{name}.asked"


def rulebook_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where :func:`build_rulebook` builds the rulebook in this run."""
    return run_folder(tmp_path_factory) / RULEBOOK


def build_rulebook(status: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build ``docs/`` once per run with the test outcomes in ``status`` (the
    ``test_status_path`` fixture's file: every outcome but the ``docs`` tests')."""

    def build(out: Path) -> None:
        STATUS_COPY.parent.mkdir(parents=True, exist_ok=True)
        # whole or not at all: the site's build (docs/conf.py reads this file) may be running beside this one
        partial = STATUS_COPY.with_name(f"{STATUS_COPY.name}.{os.getpid()}")
        shutil.copyfile(status, partial)
        os.replace(partial, STATUS_COPY)
        if asked(run_folder(tmp_path_factory), READING).exists():
            shutil.copytree(read_once(tmp_path_factory), out)
        result = sphinx_build(DOCS, out, *RULEBOOK_JOBS, "-D", f"rules_test_status={status}")
        assert result.returncode == 0, f"sphinx-build -W failed:\n{result.stderr[-6000:]}\n{result.stdout[-2000:]}"

    return built_once(tmp_path_factory, RULEBOOK, build)


def read_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``docs/`` built once per run as the site's first step (``sphinx-build -W``, no outcomes of
    this run), and kept as built: the site bundles the runtime into a copy of it, and the
    rulebook's build, when this run has asked for it, starts from another copy (decision record
    0054). That build is then an incremental one: ``rules_test_status`` re-reads no document
    (``rules.sphinx``), the documents that show outcomes are re-read by every build
    (``rules.sphinx.events._outdated``), and the other pages, the same sources read with the
    same configuration, are the ones a build from nothing writes (``-W`` failed this one had any
    of them warned)."""

    def build(out: Path) -> None:
        rulebook = sphinx_build(DOCS, out, *RULEBOOK_JOBS)
        if rulebook.returncode != 0:
            pytest.fail(f"sphinx-build -W:\n{rulebook.stderr[-6000:]}")

    return built_once(tmp_path_factory, READING, build)


def build_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The rulebook with the in-page adjudicator's runtime and wheels, built once per run as
    ``python -m rules.web.build`` builds it: ``sphinx-build -W`` on both cores (:func:`read_once`,
    copied without its doctrees, which a reader never fetches), then ``rules.web.build.bundle``
    (the Pyodide runtime from npm, the wheels). Needs npm."""

    def build(out: Path) -> None:
        try:
            reading = read_once(tmp_path_factory)
        except pytest.fail.Exception as exc:
            pytest.fail(f"building the site failed: {exc}")
        shutil.copytree(reading, out, ignore=shutil.ignore_patterns(".doctrees"))
        try:
            bundle(out, DEFAULT_CACHE)
        except BuildError as exc:
            pytest.fail(f"building the site failed: {exc}")

    return built_once(tmp_path_factory, SITE, build)
