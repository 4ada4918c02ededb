"""The test-status plumbing of ``tests/conftest.py`` (what the rulebook shows
next to each rule), checked by running a small suite with that conftest in a
subprocess."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

CONFTEST = Path(__file__).resolve().parents[1] / "conftest.py"

SUITE = '''
import json, os
import pytest

@pytest.mark.docs
def test_docs_build(test_status_path):
    # declared first, runs last: it must see every other outcome
    data = json.loads(test_status_path.read_text(encoding="utf-8"))
    with open(os.environ["STATUS_OUT"], "w", encoding="utf-8") as out:
        json.dump(data, out)

@pytest.mark.rules("toy.a")
def test_pass():
    pass

@pytest.mark.rules("toy.b", "toy.c")
def test_fail():
    assert False

@pytest.mark.skip(reason="not today")
@pytest.mark.rules("toy.d")
def test_skip():
    pass

@pytest.fixture
def broken():
    raise RuntimeError("setup breaks")

@pytest.mark.rules("toy.e")
def test_setup_error(broken):
    pass

@pytest.fixture
def broken_teardown():
    yield
    raise RuntimeError("teardown breaks")

def test_teardown_error(broken_teardown):
    pass

@pytest.mark.xfail(strict=True, reason="known bug")
@pytest.mark.rules("toy.f")
def test_known_bug():
    assert False

@pytest.mark.rules("toy.g")
class TestGroup:
    @pytest.mark.rules("toy.h")
    @pytest.mark.parametrize("n", [1, 2])
    def test_param(self, n):
        assert n == 1

@pytest.mark.parametrize("x", [pytest.param(1, marks=pytest.mark.rules("toy.i"))])
def test_param_marks(x):
    pass
'''

INI = """[pytest]
markers =
    rules(*ids): rule IDs
    docs: runs last
"""


def test_status_file_records_every_outcome_and_docs_run_last(tmp_path: Path) -> None:
    shutil.copy(CONFTEST, tmp_path / "conftest.py")
    (tmp_path / "pytest.ini").write_text(INI, encoding="utf-8")
    (tmp_path / "test_suite.py").write_text(SUITE, encoding="utf-8")
    out = tmp_path / "status.json"
    env = {**os.environ, "STATUS_OUT": str(out), "HYPOTHESIS_PROFILE": "dev"}
    run = subprocess.run([sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", str(tmp_path)],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stdout + run.stderr  # test_fail fails, on purpose
    order = [line.split(" ")[0] for line in run.stdout.splitlines() if line.startswith("test_suite.py::")]
    assert order[-1] == "test_suite.py::test_docs_build", order
    assert "test_suite.py::test_docs_build PASSED" in run.stdout, run.stdout
    tests = json.loads(out.read_text(encoding="utf-8"))["tests"]
    by_name = {nodeid.split("::", 1)[1]: entry for nodeid, entry in tests.items()}
    assert by_name == {
        "test_pass": {"outcome": "passed", "rules": ["toy.a"]},
        "test_fail": {"outcome": "failed", "rules": ["toy.b", "toy.c"]},
        "test_skip": {"outcome": "skipped", "rules": ["toy.d"]},
        "test_setup_error": {"outcome": "failed", "rules": ["toy.e"]},
        "test_teardown_error": {"outcome": "failed", "rules": []},
        "test_known_bug": {"outcome": "skipped", "rules": ["toy.f"]},
        "TestGroup::test_param[1]": {"outcome": "passed", "rules": ["toy.h", "toy.g"]},
        "TestGroup::test_param[2]": {"outcome": "failed", "rules": ["toy.h", "toy.g"]},
        "test_param_marks[1]": {"outcome": "passed", "rules": ["toy.i"]},
    }
    assert all(nodeid.startswith("test_suite.py::") for nodeid in tests)

