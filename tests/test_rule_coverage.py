"""A test fails when a spec rule has no implementation or test, or when code
cites an ID that does not exist.

Sources of citations:

- code: ``@implements(...)`` in the rule registry (filled by importing every
  game with :func:`rules.games.load_all`);
- tests: ``@pytest.mark.rules(...)`` read statically from ``tests/`` with
  :func:`rules.kernel.citations.scan` (and, at run time, from the markers of
  the collected items, which also sees ``pytest.param(..., marks=...)``);
- proofs: ``proofs.THEOREMS`` (each theorem's ``.rules``), when importable;
- the engine: rule IDs in violations and explanations
  (the Claim state machine checks the same on random games).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest

import rules.games
from rules.kernel import citations, registry
from rules.kernel.spec import load_spec

TESTS = Path(__file__).resolve().parent
RULE_IN_TEXT = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+\b")

GAMES = rules.games.load_all()
SPEC = load_spec()
KNOWN = frozenset(r.id for r in SPEC.rules)
#: Every ID prefix a spec book uses: text matching ``<prefix>.<…>`` is a rule citation.
PREFIXES = frozenset(p for b in SPEC.books for p in (b.game, *b.namespaces))
#: Books whose game has no engine in ``rules.games`` yet, and why. Their rules are loaded,
#: linked and checked against every citation like all others, but nothing runs them, so
#: they are not yet held to "implemented and tested". Registering the game's engine in
#: ``rules.games.GAMES`` is what brings a book under full coverage; a book that is neither
#: registered nor listed here fails ``test_only_the_listed_books_lack_an_engine``.
PENDING_ENGINES = {"valeria": "issue 9: the spec and card data land before the engine"}
NORMATIVE = tuple(r.id for r in SPEC.rules if not r.informative and r.game in rules.games.GAMES)


def _theorems() -> tuple[Any, ...] | None:
    """``proofs.THEOREMS`` as a tuple, or ``None`` when the proofs are not importable."""
    try:
        from proofs import THEOREMS
    except ImportError:
        return None
    if isinstance(THEOREMS, Mapping):
        return tuple(THEOREMS.values())
    return tuple(THEOREMS)


def _proof_rules() -> dict[str, list[str]]:
    """rule ID -> names of the theorems citing it (empty without proofs)."""
    table: dict[str, list[str]] = {}
    for t in _theorems() or ():
        for rule in t.rules:
            table.setdefault(rule, []).append(getattr(t, "name", repr(t)))
    return table


def _fmt(ids: Iterable[str]) -> str:
    return ", ".join(sorted(ids))


def test_only_the_listed_books_lack_an_engine() -> None:
    without = {b.game for b in SPEC.books if b.game not in rules.games.GAMES}
    assert without == set(PENDING_ENGINES), (
        f"books without a registered engine: {_fmt(without)}; listed as pending: {_fmt(PENDING_ENGINES)} "
        "(register the engine in rules.games, or list the book in PENDING_ENGINES with the reason)")


def test_every_rule_has_an_implementation() -> None:
    missing = [rid for rid in NORMATIVE if not registry.implementations(rid)]
    assert not missing, (
        f"{len(missing)} normative spec rule(s) have no @implements in the code: {_fmt(missing)}")


def test_every_rule_has_a_test() -> None:
    tested = set(citations.by_rule(citations.scan(TESTS))) | set(_proof_rules())
    missing = [rid for rid in NORMATIVE if rid not in tested]
    assert not missing, (
        f"{len(missing)} normative spec rule(s) are cited by no test (pytest.mark.rules) "
        f"and no proof: {_fmt(missing)}")


def test_code_cites_only_existing_rules() -> None:
    unknown = {rid: [i.qualname for i in registry.implementations(rid)]
               for rid in registry.cited_rules() if rid not in KNOWN}
    assert not unknown, "code cites rule IDs that are not in the spec: " + "; ".join(
        f"{rid} (in {', '.join(where)})" for rid, where in sorted(unknown.items()))


def test_tests_cite_only_existing_rules() -> None:
    unknown = {}
    for c in citations.scan(TESTS):
        for rid in c.rules:
            if rid not in KNOWN:
                unknown.setdefault(rid, []).append(f"{c.file}::{c.name}")
    assert not unknown, "tests cite rule IDs that are not in the spec: " + "; ".join(
        f"{rid} (in {', '.join(where)})" for rid, where in sorted(unknown.items()))


def test_collected_markers_cite_only_existing_rules(request: pytest.FixtureRequest) -> None:
    """The run-time view: also catches ``pytest.param(..., marks=pytest.mark.rules(...))``."""
    unknown: dict[str, list[str]] = {}
    for item in request.session.items:
        for marker in item.iter_markers("rules"):
            for rid in marker.args:
                if rid not in KNOWN:
                    unknown.setdefault(str(rid), []).append(item.nodeid)
    assert not unknown, "test markers cite rule IDs that are not in the spec: " + "; ".join(
        f"{rid} (in {', '.join(where[:3])})" for rid, where in sorted(unknown.items()))


def test_proofs_cite_only_existing_rules() -> None:
    theorems = _theorems()
    if theorems is None:
        pytest.skip("proofs are not importable; tests alone must cover the spec")
    unknown = {rid: names for rid, names in _proof_rules().items() if rid not in KNOWN}
    assert not unknown, "proofs cite rule IDs that are not in the spec: " + "; ".join(
        f"{rid} (in {', '.join(names)})" for rid, names in sorted(unknown.items()))


def test_spec_see_links_exist() -> None:
    broken = [(r.id, t) for r in SPEC.rules for t in r.see if t not in KNOWN]
    assert not broken, f"'see' links to unknown rules: {broken}"


def _every_play(game: Any) -> list[Any]:
    """The Claim family: every (seat, card) play there is, for any seat of any
    player count. Other games: none here (Leaders' state machine filters every
    conceivable action through ``check`` itself)."""
    if not game.info.key.startswith("claim"):
        return []
    from rules.claim.tables import _ALL_CARDS, play

    return [play(seat, c) for seat in range(4) for c in _ALL_CARDS]


def _engine_rule_ids(game: Any, seed: int) -> set[str]:
    """Every rule ID one random game's engine output names: the violations of
    every illegal alternative at each step, the explanations of every step
    (which name the rules that decided each trick and routed each card) and of
    the result."""
    rng = random.Random(seed)
    state = game.initial_state(game.random_setup(rng))
    everything = _every_play(game)
    seen: set[str] = set()

    def from_text(text: Any) -> None:
        for lang in text.languages:
            seen.update(m for m in RULE_IN_TEXT.findall(text.get(lang))
                        if m.split(".")[0] in PREFIXES)

    steps = 0
    while not game.is_terminal(state):
        legal = list(game.legal_actions(state))
        assert legal, f"no legal action in a non-terminal state after {steps} steps"
        for action in everything:
            violation = game.check(state, action)
            if action in legal:
                assert violation is None, f"{action} is in legal_actions but check rejects it"
                continue
            assert violation is not None, f"{action} is not in legal_actions but check accepts it"
            seen.update(violation.rules)
            from_text(violation.message)
        action = rng.choice(legal)
        after = game.apply(state, action)
        for line in game.explain_step(state, action, after):
            from_text(line)
        state = after
        steps += 1
        assert steps < 10_000, "the game does not end"
    for action in everything[:1]:
        violation = game.check(state, action)
        assert violation is not None
        seen.update(violation.rules)
    for line in game.result(state).lines:
        from_text(line)
    return seen


@pytest.mark.parametrize("key", sorted(GAMES))
def test_engine_output_cites_only_existing_rules(key: str) -> None:
    game = GAMES[key]
    seen: set[str] = set()
    for seed in range(3):
        seen |= _engine_rule_ids(game, seed)
    unknown = sorted(seen - KNOWN)
    assert not unknown, f"the {key} engine names rule IDs that are not in the spec: {_fmt(unknown)}"
    assert seen, "the engine named no rule at all"
