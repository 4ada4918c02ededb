"""The Z3 proofs of duke scoring, the end trigger and the Herald: each proves on the
engine's predicates, and each finds a counterexample when a broken rule is injected."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("z3")

from proof_helpers import counterexample as refuted

from proofs.valeria import scoring
from rules.kernel.logic import CONCRETE, Logic
from rules.valeria import predicates


@pytest.mark.rules("valeria.dukes.resources")
def test_resources_divided_per_type_are_found() -> None:
    """Ruling O1: 1 gold + 1 strength + 1 magic with a duke of 3 is 1 VP, not 0."""
    def per_type(g: Any, s: Any, m: Any, per: Any, L: Logic) -> Any:
        return L.Sum(L.Div(g, per), L.Div(s, per), L.Div(m, per))

    text = refuted(scoring.duke_score, duke_resource_vp=per_type)
    assert "engine" in text and "the rule" in text


@pytest.mark.rules("valeria.dukes.resources")
def test_resources_rounded_up_are_found() -> None:
    def rounded_up(g: Any, s: Any, m: Any, per: Any, L: Logic) -> Any:
        return L.Div(L.Sum(g, s, m, per - 1), per)

    refuted(scoring.duke_score, duke_resource_vp=rounded_up)


@pytest.mark.rules("valeria.scoring.duke-icons", "valeria.dukes.role-icons")
def test_icons_counted_on_citizens_only_are_found() -> None:
    """A duke counts role icons on domains too (unlike the citizens' own counters, ruling O9)."""
    def citizens_only(roles: Any, copies: Any, icons: Any, role: Any, L: Logic) -> Any:
        return L.Sum(*(L.If(r == role, n, 0) for r, n in zip(roles, copies, strict=True)))

    assert "domain icons [" in refuted(scoring.duke_score, role_icons=citizens_only)


@pytest.mark.rules("valeria.scoring.duke-icons")
def test_a_citizen_counted_once_per_kind_is_found() -> None:
    def kinds_not_copies(roles: Any, copies: Any, icons: Any, role: Any, L: Logic) -> Any:
        return L.Sum(*(L.If(L.And(r == role, n > 0), 1, 0) for r, n in zip(roles, copies, strict=True)),
                     *(L.If(i == role, 1, 0) for i in icons))

    refuted(scoring.duke_score, role_icons=kinds_not_copies)


@pytest.mark.rules("valeria.scoring.total")
def test_a_duke_without_its_resources_is_found() -> None:
    def terms_only(vps: Any, counts: Any, resource_vp: Any, L: Logic) -> Any:
        return L.Sum(*(v * n for v, n in zip(vps, counts, strict=True)))

    refuted(scoring.duke_score, duke_vp=terms_only)


@pytest.mark.rules("valeria.exhausted.end-trigger")
def test_exactly_twice_as_many_exhausted_stacks_is_found() -> None:
    """Ruling O13: the book's "equal to" read literally misses an action that empties two stacks at once."""
    def exactly(monsters: Any, domains: Any, exhausted: Any, players: Any, L: Logic) -> Any:
        return L.Or(monsters == 0, domains == 0, exhausted == 2 * players)

    assert "goes on" in refuted(scoring.end_trigger, end_triggered=exactly)


@pytest.mark.rules("valeria.end.conditions")
def test_an_end_without_the_domain_condition_is_found() -> None:
    def no_domains(monsters: Any, domains: Any, exhausted: Any, players: Any, L: Logic) -> Any:
        return L.Or(monsters == 0, exhausted >= 2 * players)

    refuted(scoring.end_trigger, end_triggered=no_domains)


@pytest.mark.rules("valeria.herald.twice")
def test_a_herald_that_activates_once_at_most_is_found() -> None:
    def at_most_once(a: Any, b: Any, activated: Any, L: Logic) -> Any:
        return L.If(L.Or(activated == 0, a == b), 1, 0)

    refuted(scoring.herald, herald_activations=at_most_once)


@pytest.mark.rules("valeria.dukes.resources", "valeria.scoring.duke-icons")
def test_the_predicates_compute_the_books_numbers() -> None:
    """Concrete spot checks of what the proofs quantify: 2 + 2 + 2 resources with a duke
    of 3 is 2 VP (per type it would be 0); 2 worker citizens and a worker domain icon are 3 icons."""
    assert predicates.duke_resource_vp(2, 2, 2, 3) == 2
    assert predicates.duke_resource_vp(2, 2, 2, 3, CONCRETE) != sum(x // 3 for x in (2, 2, 2))
    assert predicates.role_icons(("worker", "holy"), (2, 1), ("worker", "soldier"), "worker") == 3
    assert predicates.duke_vp((1, 2), (3, 1), 2) == 7
