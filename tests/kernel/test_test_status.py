"""The test-status plumbing of ``tests/conftest.py`` (what the rulebook shows
next to each rule), checked by running a small suite with that conftest in a
subprocess: in one process, and on two workers (``-n 2``), where the ``docs``
tests must still see the outcome of every test that cites a rule and share one
build (decision records 0030, 0052); the status holds the tests that cite a
rule, whose files run first (decision record 0038)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]

SUITE = '''
import json, os, time
import pytest
from docs_build import built_once

def build(out):
    out.mkdir()
    with open(os.environ["BUILDS_OUT"], "a", encoding="utf-8") as builds:
        builds.write("built\\n")

def report(test_status_path, tmp_path_factory, name):
    built_once(tmp_path_factory, "book", build)
    data = json.loads(test_status_path.read_text(encoding="utf-8"))
    with open(os.environ["STATUS_OUT"] + name, "w", encoding="utf-8") as out:
        json.dump(data, out)

@pytest.mark.docs
def test_docs_build(test_status_path, tmp_path_factory):
    # declared first, runs last: it must see every other outcome
    report(test_status_path, tmp_path_factory, "build")

@pytest.mark.docs
def test_docs_again(test_status_path, tmp_path_factory):
    report(test_status_path, tmp_path_factory, "again")

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

@pytest.mark.rules("toy.j")
def test_slow():
    time.sleep(3)  # on two workers, likely still running when the other reaches the docs tests
'''

#: A file without a citing test, collected before the suite's: it runs after the files that hold one.
PLAIN = '''
def test_plain():
    pass
'''

INI = """[pytest]
markers =
    rules(*ids): rule IDs
    docs: runs last
"""


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["one-process", "two-workers"])
def test_status_file_records_every_outcome_and_docs_run_last(tmp_path: Path, workers: list[str]) -> None:
    for name in ("conftest.py", "docs_build.py"):
        shutil.copy(TESTS / name, tmp_path / name)
    (tmp_path / "pytest.ini").write_text(INI, encoding="utf-8")
    (tmp_path / "test_suite.py").write_text(SUITE, encoding="utf-8")
    (tmp_path / "test_plain.py").write_text(PLAIN, encoding="utf-8")
    out, builds = tmp_path / "status-", tmp_path / "builds.txt"
    env = {**os.environ, "STATUS_OUT": str(out), "BUILDS_OUT": str(builds), "HYPOTHESIS_PROFILE": "dev"}
    run = subprocess.run([sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", *workers,
                          "--basetemp", str(tmp_path / "tmp"), str(tmp_path)],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stdout + run.stderr  # test_fail fails, on purpose
    if not workers:  # one process: the file citing rules first, then the other file, the docs tests last
        order = list(dict.fromkeys(line.split(" ")[0] for line in run.stdout.splitlines()
                                   if line.startswith(("test_suite.py::", "test_plain.py::"))))
        assert order[-3:] == ["test_plain.py::test_plain", "test_suite.py::test_docs_build",
                              "test_suite.py::test_docs_again"], order
    passed = {word for line in run.stdout.splitlines() if "PASSED" in line for word in line.split()}
    assert {"test_suite.py::test_docs_build", "test_suite.py::test_docs_again"} <= passed, run.stdout
    assert builds.read_text(encoding="utf-8") == "built\n"  # one build, shared by both docs tests
    assert json.loads((tmp_path / "status-build").read_text(encoding="utf-8")) == json.loads(
        (tmp_path / "status-again").read_text(encoding="utf-8"))
    tests = json.loads((tmp_path / "status-build").read_text(encoding="utf-8"))["tests"]
    by_name = {nodeid.split("::", 1)[1]: entry for nodeid, entry in tests.items()}
    assert by_name == {
        "test_pass": {"outcome": "passed", "rules": ["toy.a"]},
        "test_fail": {"outcome": "failed", "rules": ["toy.b", "toy.c"]},
        "test_skip": {"outcome": "skipped", "rules": ["toy.d"]},
        "test_setup_error": {"outcome": "failed", "rules": ["toy.e"]},
        "test_known_bug": {"outcome": "skipped", "rules": ["toy.f"]},
        "TestGroup::test_param[1]": {"outcome": "passed", "rules": ["toy.h", "toy.g"]},
        "TestGroup::test_param[2]": {"outcome": "failed", "rules": ["toy.h", "toy.g"]},
        "test_param_marks[1]": {"outcome": "passed", "rules": ["toy.i"]},
        "test_slow": {"outcome": "passed", "rules": ["toy.j"]},
    }
    # the tests citing no rule (test_teardown_error, test_plain) are not the rulebook's (decision record 0038)
    assert all(nodeid.startswith("test_suite.py::") for nodeid in tests)

