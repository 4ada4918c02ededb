"""How ``tests/conftest.py`` shares a parallel run's tests between workers (decision record 0063):
the browser modules of ``tests/web`` as one unit, on one worker, so that their browsers and the
device that has visited the site are set up once; every other test on its own. Checked by running a
small suite with that conftest on two workers, as tests/kernel/test_test_status.py does."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]

#: A test that writes which worker ran it; the pause lets both workers take tests.
RECORDING = '''
import os, time
import pytest

@pytest.mark.parametrize("n", range({count}))
def test_recorded(n):
    time.sleep(0.05)
    with open(os.environ["RAN_ON"], "a", encoding="utf-8") as out:
        out.write(f"{{os.environ['PYTEST_XDIST_WORKER']}} {{__name__}}\\n")
'''

INI = """[pytest]
markers =
    rules(*ids): rule IDs
    docs: runs last
"""

#: The small suite's files (path under its root: tests in it); the browser modules come between others.
FILES = {
    "tests/test_first.py": 12,
    "tests/web/test_one_browser.py": 6,
    "tests/web/test_api.py": 6,
    "tests/web/test_two_browser.py": 6,
    "tests/test_last.py": 12,
}


def test_the_browser_modules_run_on_one_worker_and_the_rest_on_both(tmp_path: Path) -> None:
    for name in ("conftest.py", "docs_build.py"):
        shutil.copy(TESTS / name, tmp_path / name)
    (tmp_path / "pytest.ini").write_text(INI, encoding="utf-8")
    for path, count in FILES.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(RECORDING.format(count=count), encoding="utf-8")
    ran_on = tmp_path / "ran-on.txt"
    env = {**os.environ, "RAN_ON": str(ran_on), "HYPOTHESIS_PROFILE": "dev"}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2",
                          "--basetemp", str(tmp_path / "tmp"), "tests"],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    lines = ran_on.read_text(encoding="utf-8").splitlines()
    assert len(lines) == sum(FILES.values())
    workers: dict[str, set[str]] = {}
    for line in lines:
        worker, module = line.split()
        workers.setdefault(module, set()).add(worker)
    browser = workers["test_one_browser"] | workers["test_two_browser"]
    assert len(browser) == 1, f"the browser modules ran on {sorted(browser)}"
    others = set().union(*(w for module, w in workers.items() if not module.endswith("_browser")))
    assert others == {"gw0", "gw1"}, f"the other tests ran on {sorted(others)} only"
