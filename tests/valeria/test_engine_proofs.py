"""The Z3 proofs of Valeria's payments, activations and prices: every theorem
proves on the engine's predicates, and every theorem can fail."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("z3")

from proof_helpers import refuter, theorem_params

import proofs
from proofs import PROVED, Theorem
from proofs.valeria import THEOREMS
from rules.kernel.logic import Logic

refuted = refuter(THEOREMS)


@pytest.mark.parametrize("thm", theorem_params(THEOREMS))
def test_theorem_is_proved(thm: Theorem) -> None:
    result = thm.check()
    assert result.status == PROVED, result


def test_the_theorems_are_found_by_the_runner() -> None:
    assert proofs.theorems("valeria") == THEOREMS
    assert all(t.injectable for t in THEOREMS)


@pytest.mark.rules("valeria.slay.pay-strength")
def test_a_slay_without_real_strength_is_found() -> None:
    def no_real_strength(sc: Any, mc: Any, s: Any, m: Any, hs: Any, hm: Any, L: Logic) -> Any:
        return L.And(s >= 0, m >= mc, s + m == sc + mc, s <= hs, m <= hm)

    assert "0 strength" in refuted("valeria.slay-payment", slay_payment_ok=no_real_strength)


@pytest.mark.rules("valeria.slay.magic-cost")
def test_a_monster_magic_cost_paid_as_strength_is_found() -> None:
    def magic_as_strength(sc: Any, mc: Any, s: Any, m: Any, hs: Any, hm: Any, L: Logic) -> Any:
        return L.And(s >= 1, s + m == sc + mc, s <= hs, m <= hm)

    refuted("valeria.slay-payment", slay_payment_ok=magic_as_strength)


@pytest.mark.rules("valeria.recruit.magic")
def test_a_gold_price_paid_in_magic_only_is_found() -> None:
    def magic_only(price: Any, g: Any, m: Any, hg: Any, hm: Any, L: Logic) -> Any:
        return L.And(g >= 0, m >= 0, g + m == price, g <= hg, m <= hm)

    assert "0 gold" in refuted("valeria.gold-payment", gold_payment_ok=magic_only)


@pytest.mark.rules("valeria.harvest.doubles")
def test_doubles_counting_the_sum_twice_are_found() -> None:
    def sum_twice(a: Any, b: Any, n: Any, L: Logic) -> Any:
        return L.Sum(L.If(a == n, 1, 0), L.If(b == n, 1, 0), L.If(a + b == n, L.If(a == b, 2, 1), 0))

    refuted("valeria.activations", activations=sum_twice)


@pytest.mark.rules("valeria.recruit.cost-per-copy")
def test_a_price_without_the_copies_is_found() -> None:
    def flat(base: Any, owned: Any, ignore: Any, L: Logic) -> Any:
        return base

    refuted("valeria.recruit-price", price=flat)


@pytest.mark.rules("valeria.variants.events.trigger")
def test_an_event_triggered_twice_on_doubles_is_found() -> None:
    def twice_on_doubles(a: Any, b: Any, n: Any, L: Logic) -> Any:
        return L.Sum(L.If(a == n, 1, 0), L.If(b == n, 1, 0), L.If(L.And(a + b == n, a != n, b != n), 1, 0))

    example = refuted("valeria.event-trigger", event_triggers=twice_on_doubles)
    assert "2 time(s)" in example


@pytest.mark.rules("valeria.variants.events.trigger")
def test_an_event_ignoring_the_sum_is_found() -> None:
    def dice_only(a: Any, b: Any, n: Any, L: Logic) -> Any:
        return L.If(L.Or(a == n, b == n), 1, 0)

    example = refuted("valeria.event-trigger", event_triggers=dice_only)
    assert "0 time(s), the rule 1" in example
