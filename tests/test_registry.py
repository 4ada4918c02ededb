"""The registry of games (:mod:`rules.games`, decision record 0024): where the
registrations come from, what happens when they clash or lead nowhere, and
what an uninstalled checkout does."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest

import rules.games
from rules.games import DISTRIBUTION, GROUP, Registration, RegistrationError, discover, load
from rules.kernel.verdict import RulesError, UnknownGameError


class Dist:
    def __init__(self, name: str) -> None:
        self.name = name


def entry(key: str, target: str, dist: str) -> EntryPoint:
    point = EntryPoint(key, target, GROUP)
    return point._for(Dist(dist))  # type: ignore[attr-defined,no-any-return]


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[EntryPoint]]:
    """Entry points the test chooses, read by ``discover``; the real ones come back after."""
    points: list[EntryPoint] = []
    monkeypatch.setattr(rules.games, "entry_points", lambda group: [p for p in points if p.group == group])
    yield points
    monkeypatch.undo()
    rules.games.refresh()


def test_the_installed_library_registers_its_games_by_entry_point() -> None:
    ours = [r for r in rules.games.REGISTRY.values() if r.distribution == DISTRIBUTION and r.installed]
    assert {r.key for r in ours} == set(rules.games.GAMES) and len(ours) >= 5
    assert list(rules.games.GAMES) == [r.key for r in sorted(ours, key=lambda r: r.target)]


def test_an_uninstalled_checkout_reads_its_pyproject(registry: list[EntryPoint]) -> None:
    found = discover()
    assert {r.key: r.target for r in found} == {r.key: r.target for r in rules.games.REGISTRY.values()}
    assert all(r.distribution == DISTRIBUTION and not r.installed for r in found)


def test_another_distributions_game_joins_ours(registry: list[EntryPoint]) -> None:
    registry.append(entry("claim", "rules.claim.game:CLAIM", DISTRIBUTION))
    registry.append(entry("dice-race", "tests.kernel.test_chance_and_decisions:RACE", "dice-race"))
    found = discover()
    assert [(r.key, r.distribution) for r in found] == [("claim", DISTRIBUTION), ("dice-race", "dice-race")]
    assert found[1].package == "tests.kernel" and found[1].book_folder() is None


def test_two_distributions_may_not_claim_one_key(registry: list[EntryPoint]) -> None:
    registry.append(entry("claim", "rules.claim.game:CLAIM", DISTRIBUTION))
    registry.append(entry("claim", "other.game:CLAIM", "other-claim"))
    with pytest.raises(RegistrationError, match="'claim' is registered twice.*other-claim") as info:
        discover()
    assert isinstance(info.value, RulesError)


def test_an_unknown_key_names_the_known_games() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 'chess'; known games: claim, ") as info:
        load("chess")
    assert isinstance(info.value, KeyError)


def test_no_registered_game_says_how_to_install(registry: list[EntryPoint], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules.games, "_checkout_registrations", list)
    rules.games.refresh()
    assert rules.games.GAMES == {}
    with pytest.raises(UnknownGameError, match="no games are registered.*install the library"):
        load("claim")


@pytest.mark.parametrize(("target", "why"), [
    ("rules.claim.game:NO_SUCH_GAME", "cannot be loaded"),
    ("no_such_module.game:GAME", "cannot be loaded"),
    ("rules.claim.game:CLAIM2", "not a game with that key"),
    ("rules.games:GROUP", "not a game with that key"),
])
def test_an_entry_point_that_leads_to_no_game_of_its_key(monkeypatch: pytest.MonkeyPatch, target: str,
                                                          why: str) -> None:
    monkeypatch.setitem(rules.games.GAMES, "claim", target)
    with pytest.raises(RegistrationError, match=why):
        load("claim")


def test_a_registration_knows_its_package() -> None:
    claim = Registration("claim", "rules.claim.game:CLAIM", DISTRIBUTION)
    assert (claim.module, claim.package) == ("rules.claim.game", "rules.claim")
    assert claim.book_folder() is None  # the library's books live in its top-level spec/
    assert Registration("x", "toplevel:X", "x").book_folder() is None


def test_reading_the_registry_imports_no_game() -> None:
    """Games are imported when loaded, not when listed (the spec folders are found on disk)."""
    code = ("import sys, rules.games\n"
            "print(sorted(m for m in sys.modules if m.startswith('rules.') and not m.startswith('rules.kernel')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['rules.games']"
