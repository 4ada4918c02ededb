"""Shared test configuration.

- Hypothesis profiles ``dev`` (default: seconds), ``ci`` (default when ``CI``
  is set; the whole suite stays within a few minutes on two cores) and
  ``thorough`` (for a long local run). ``HYPOTHESIS_PROFILE`` overrides both.
- Test-status plumbing for the rulebook: every test's outcome is recorded
  with the rule IDs of its ``rules`` markers, and the ``test_status_path``
  fixture writes them as JSON. Tests marked ``docs`` run last, so the docs
  build that requests the fixture sees every other outcome.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# ----------------------------------------------------------------- hypothesis

#: Per-profile sizes of the Claim state machine (``tests/claim/test_state_machine.py``):
#: (examples, steps per example). A whole game is 52 plays; teardown finishes
#: every game, so even short runs reach scoring.
STATE_MACHINE_SIZES = {"dev": (15, 40), "ci": (60, 80), "thorough": (1000, 150)}

settings.register_profile(
    "dev", max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci", max_examples=60, deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow],
)


def hypothesis_profile() -> str:
    """``HYPOTHESIS_PROFILE`` if set, else ``ci`` under CI, else ``dev``."""
    explicit = os.environ.get("HYPOTHESIS_PROFILE")
    if explicit:
        return explicit
    return "ci" if os.environ.get("CI") else "dev"


PROFILE = hypothesis_profile()
settings.load_profile(PROFILE)


# ----------------------------------------------------------------- test status

_OUTCOMES = pytest.StashKey[dict[str, dict[str, Any]]]()
_RULES = pytest.StashKey[dict[str, list[str]]]()
_CONFIG: list[pytest.Config] = []


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_OUTCOMES] = {}
    config.stash[_RULES] = {}
    _CONFIG.append(config)


def pytest_unconfigure(config: pytest.Config) -> None:
    if config in _CONFIG:
        _CONFIG.remove(config)


def _item_rules(item: pytest.Item) -> list[str]:
    ids: list[str] = []
    for marker in item.iter_markers("rules"):
        for rule in marker.args:
            if isinstance(rule, str) and rule not in ids:
                ids.append(rule)
    return ids


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    """Remember each test's rule IDs; move ``docs`` tests to the end (stable order)."""
    rules = config.stash[_RULES]
    for item in items:
        rules[item.nodeid] = _item_rules(item)
    items[:] = ([i for i in items if i.get_closest_marker("docs") is None]
                + [i for i in items if i.get_closest_marker("docs") is not None])


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Record one outcome per test: the call phase's, or ``failed`` when setup or
    teardown fail, or ``skipped`` when setup skips. (``xfail`` reports as ``skipped``.)"""
    if not _CONFIG:
        return
    config = _CONFIG[-1]
    outcomes = config.stash[_OUTCOMES]
    rules = config.stash[_RULES].get(report.nodeid, [])
    previous = outcomes.get(report.nodeid, {}).get("outcome")
    if report.when == "call":
        outcome = report.outcome
    elif report.when == "setup" and not report.passed:
        outcome = "failed" if report.failed else "skipped"
    elif report.when == "teardown" and report.failed:
        outcome = "failed"
    else:
        return
    if previous == "failed":
        return  # a later phase never hides a failure
    outcomes[report.nodeid] = {"outcome": outcome, "rules": list(rules)}


def recorded_outcomes(config: pytest.Config) -> dict[str, dict[str, Any]]:
    """The outcomes recorded so far, by node ID (a copy)."""
    return {k: {"outcome": v["outcome"], "rules": list(v["rules"])}
            for k, v in config.stash[_OUTCOMES].items()}


@pytest.fixture(scope="session")
def test_status_path(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Write ``{"tests": {nodeid: {"outcome": ..., "rules": [...]}}}`` and return its path.

    The file holds what has run before the first test that requests this
    fixture; ``docs`` tests run last, so for them that is every other test.
    """
    path = tmp_path_factory.mktemp("test-status") / "test-status.json"
    data = {"tests": recorded_outcomes(request.config)}
    path.write_text(json.dumps(data, indent=2, sort_keys=True), encoding="utf-8")
    return path
