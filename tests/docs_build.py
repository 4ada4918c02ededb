"""The rulebook build shared by the docs tests and the browser tests.

``sphinx-build -W`` runs once per test session (the first test that needs it
builds; the ``docs`` marker runs them last, after every other test, so the
build reports the whole run's outcomes). The outcomes are also left in
``build/test-status.json``, which ``docs/conf.py`` reads, so a rulebook built
by hand after the suite shows them too (decision record 0015).

The rulebook's builds (this one and the in-page adjudicator's site, tests/web)
read and write in parallel (:data:`RULEBOOK_JOBS`): the extensions of
``docs/conf.py`` all declare themselves parallel-safe, and while a build runs
no other test does, so the second core would otherwise idle (docs/performance.rst).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
STATUS_COPY = ROOT / "build" / "test-status.json"

#: ``sphinx-build -j`` for the rulebook: one process per core. Only for ``docs/``, whose extensions
#: are parallel-safe; a project of a test's own is built serially (an extension that does not say
#: it is safe would turn ``-j`` into a warning, fatal under ``-W``).
RULEBOOK_JOBS = ("-j", "auto")

_BUILT: dict[str, Path] = {}


def sphinx_build(source: Path, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """``sphinx-build -W --keep-going -q -b html [extra] source out`` with this checkout importable."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", *extra, str(source), str(out)],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=900,
    )


def build_rulebook(status: Path, out: Path) -> Path:
    """Build ``docs/`` into ``out`` once per session with the test outcomes in ``status``."""
    if "html" in _BUILT:
        return _BUILT["html"]
    STATUS_COPY.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(status, STATUS_COPY)
    result = sphinx_build(DOCS, out, *RULEBOOK_JOBS, "-D", f"rules_test_status={status}")
    assert result.returncode == 0, f"sphinx-build -W failed:\n{result.stderr[-6000:]}\n{result.stdout[-2000:]}"
    _BUILT["html"] = out
    return out
