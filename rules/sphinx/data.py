"""What a build knows beyond the spec: test outcomes and proof runs.

:func:`tests_table` (the tests citing each rule, with their outcome from
``rules_test_status``) and :func:`proof_report` (the theorems, run or not,
per ``rules_run_proofs``) are computed once per process and shared by every
document, so a rulebook with hundreds of rules scans the tests and runs the
proofs once. :func:`_count` tallies statuses for the prose summaries.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from rules import rulebook
from rules.kernel.verdict import MalformedError

T = TypeVar("T")

logger = logging.getLogger(__name__)


_CACHE: dict[tuple[Any, ...], Any] = {}


def _cached(key: tuple[Any, ...], make: Callable[[], T]) -> T:
    if key not in _CACHE:
        _CACHE[key] = make()
    value: T = _CACHE[key]
    return value


def _status_path(env: BuildEnvironment) -> Path | None:
    configured = env.config.rules_test_status
    if not configured:
        return None
    path = Path(configured)
    return path if path.is_absolute() else Path(env.srcdir) / path


def _tests_dir(env: BuildEnvironment) -> Path | None:
    configured = env.config.rules_tests_dir
    if configured:
        path = Path(configured)
        return path if path.is_absolute() else Path(env.srcdir) / path
    return rulebook.default_tests_dir()


def own_build(env: BuildEnvironment) -> bool:
    """Whether this is the library's own rulebook build (the ``docs/`` folder of the checkout
    that holds the package): it shows the seed file each rule comes from and the library's
    tests and proofs of each rule."""
    return Path(env.srcdir).resolve() == (rulebook.repo_root() / "docs").resolve()


def evidence_elsewhere(env: BuildEnvironment) -> bool:
    """Whether the library's tests and proofs of a rule are not this build's to show: another
    project that cites the rules (and names no tests of its own, ``rules_tests_dir``). Its pages
    point to the published rulebook for them, rather than "tested by 0" and a proofs notice
    about a build that never meant to hold them (issue 18 §3)."""
    return not own_build(env) and not env.config.rules_tests_dir


def tests_table(env: BuildEnvironment, location: Any = None) -> dict[str, list[rulebook.CitingTest]]:
    if evidence_elsewhere(env):
        return {}
    status_path = _status_path(env)
    tests_dir = _tests_dir(env)
    stamp = status_path.stat().st_mtime_ns if status_path is not None and status_path.exists() else None

    def make() -> dict[str, list[rulebook.CitingTest]]:
        status = None
        if status_path is not None:
            try:
                status = rulebook.read_test_status(status_path)
            except MalformedError as exc:
                logger.warning("rules_test_status: %s", exc, location=location, type="rules", subtype="tests")
        return rulebook.tests_by_rule(tests_dir, status)

    return _cached(("tests", str(tests_dir), str(status_path), stamp), make)


def proof_report(env: BuildEnvironment) -> rulebook.ProofReport:
    if evidence_elsewhere(env):
        return rulebook.ProofReport(False, "the proofs are the published rulebook's")
    run = bool(env.config.rules_run_proofs)
    module = env.config.rules_proofs_module

    def make() -> rulebook.ProofReport:
        report = rulebook.collect_proofs(run, module)
        if not report.available:
            logger.info("rules: no proofs in this build (%s)", report.reason)
        for p in report.runs:
            if p.status == rulebook.PROOF_ERROR:
                logger.warning("proof %s raised %s", p.name, p.detail, type="rules", subtype="proofs")
        return report

    return _cached(("proofs", run, module), make)


def _count(values: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return out
