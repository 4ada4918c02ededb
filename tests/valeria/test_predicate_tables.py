"""The engine's activation and Herald tables are the predicates' own answers (decision 0003): every
entry equals a direct call of :func:`rules.valeria.predicates.activations` or
:func:`~rules.valeria.predicates.herald_activations`; and a card the Action phase's offers skip
without looking up its payments (decisions 0040 and 0043) is one with no payment at all."""

from __future__ import annotations

import pytest

from rules.valeria import harvest, payments
from rules.valeria.predicates import activations, herald_activations


@pytest.mark.rules("valeria.roll.activation-values", "valeria.harvest.doubles")
def test_the_activation_table_is_the_predicate() -> None:
    assert set(harvest.ACTIVATIONS) == {(a, b) for a in range(1, 7) for b in range(1, 7)}
    for (a, b), row in harvest.ACTIVATIONS.items():
        assert row == tuple(activations(a, b, n) for n in range(13))
        assert sum(row) == 3  # each die and the sum: one activation each (ruling O5)


@pytest.mark.rules("valeria.herald.no-citizen", "valeria.herald.doubles", "valeria.herald.twice")
def test_the_herald_table_is_the_predicate() -> None:
    assert set(harvest.HERALD_ACTIVATIONS) == {(a, b) for a in range(1, 7) for b in range(1, 7)}
    for (a, b), (none, some) in harvest.HERALD_ACTIVATIONS.items():
        assert none == herald_activations(a, b, 0)
        assert all(some == herald_activations(a, b, n) for n in range(1, 40))
        assert none == 1 + (a == b) and some == (a == b)


@pytest.mark.rules("valeria.resources.magic-substitute", "valeria.slay.pay-strength")
def test_the_offers_skip_only_cards_without_a_payment() -> None:
    for price in range(1, 16):
        for gold in range(17):
            for magic in range(17):
                if gold == 0 or gold + magic < price:
                    assert payments.gold_payments(price, min(gold, price), min(magic, price)) == ()
    for strength_cost in range(10):
        for magic_cost in range(4):
            total = strength_cost + magic_cost
            for magic in range(12):
                assert payments.slay_payments(strength_cost, magic_cost, 0, magic) == ()
                for strength in range(1, 12):
                    if strength + magic < total or magic < magic_cost:  # skipped by slay_options (decision 0043)
                        assert payments.slay_payments(strength_cost, magic_cost, min(strength, total),
                                                    min(magic, total)) == ()
