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

# ``stateful_step_count`` sizes the Claim state machine (tests/claim/test_state_machine.py):
# a whole game is 52 plays and its teardown finishes every game, so even short
# runs reach scoring. ``deadline=None`` in every profile: a test that fails
# because the machine is loaded is a defect (speed belongs in benchmarks/).
settings.register_profile(
    "dev", max_examples=15, stateful_step_count=40, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci", max_examples=60, stateful_step_count=80, deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough", max_examples=1000, stateful_step_count=150, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
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


# ----------------------------------------------------------------- Claim positions


def claim_position(*, phase: int = 1, leader: int = 0, lead_hand: tuple[str, ...] | list[str] = (),
                   follow_hand: tuple[str, ...] | list[str] = (), lacks: tuple[str, ...] | list[str] = (),
                   revealed: str | None = None, deck_top: str | None = None) -> Any:
    """A consistent 52-card Claim position at the start of a phase, built by hand.

    ``lead_hand``/``follow_hand`` name cards the leader (seat ``leader``) and
    the other seat must hold; the rest of each hand (13 cards) is filled from
    the remaining cards in deck order, the follower's without any card of the
    factions in ``lacks`` (e.g. ``("goblin", "doppelganger")`` for a follower
    void in Goblins who also cannot play a Doppelganger).

    Phase one is ``CLAIM.initial_state`` of a real ``Setup``: ``revealed`` is
    the top card of the draw deck, ``deck_top`` the card below it (the one
    the loser of the first trick draws). Phase two is the state after
    thirteen tricks: the hands hold the followers, the other 26 cards are out
    of the game, the deck is empty.
    """
    from collections import Counter

    from rules.claim import CLAIM, Card, Phase, Setup, State, full_deck

    pool = Counter(full_deck())

    def take(text: str) -> Card:
        c = Card.parse(text)
        if pool[c] <= 0:
            raise ValueError(f"position names {c} more often than the deck holds it")
        pool[c] -= 1
        return c

    lead_cards = [take(t) for t in lead_hand]
    follow_cards = [take(t) for t in follow_hand]
    top = [take(t) for t in (revealed, deck_top) if t is not None] if phase == 1 else []
    if phase == 1 and revealed is None and deck_top is not None:
        raise ValueError("name the revealed card when naming the deck's top card")
    excluded = {f.lower() for f in lacks}
    for c in follow_cards:
        if c.faction.key in excluded:
            raise ValueError(f"the follower holds {c} but should lack {c.faction.key}")

    def fill(hand: list[Card], allowed: Any) -> tuple[Card, ...]:
        for c in sorted(pool.elements()):
            if len(hand) == 13:
                break
            if allowed(c):
                pool[c] -= 1
                hand.append(c)
        if len(hand) != 13:
            raise ValueError("not enough cards to fill the hand")
        return tuple(hand)

    follower = fill(follow_cards, lambda c: c.faction.key not in excluded)
    leading = fill(lead_cards, lambda c: True)
    hands = (leading, follower) if leader == 0 else (follower, leading)
    rest = tuple(sorted(pool.elements()))
    if phase == 1:
        setup = Setup(hands, tuple(top) + rest, leader)
        return CLAIM.initial_state(setup)
    return State(phase=Phase.TWO, hands=hands, deck=(), face_up=(), leader=leader, table=(), followers=((), ()),
                 known_followers=((), ()), score=((), ()), discard=rest, tricks_played=13)


@pytest.fixture
def position() -> Any:
    """:func:`claim_position`, for tests that build Claim positions by hand."""
    return claim_position
