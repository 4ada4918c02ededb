"""The engine's activation table is the predicate's own answers (decision 0003): every
entry equals a direct call of :func:`rules.valeria.predicates.activations`."""

from __future__ import annotations

import pytest

from rules.valeria import engine
from rules.valeria.predicates import activations


@pytest.mark.rules("valeria.roll.activation-values", "valeria.harvest.doubles")
def test_the_activation_table_is_the_predicate() -> None:
    assert set(engine.ACTIVATIONS) == {(a, b) for a in range(1, 7) for b in range(1, 7)}
    for (a, b), row in engine.ACTIVATIONS.items():
        assert row == tuple(activations(a, b, n) for n in range(13))
        assert sum(row) == 3  # each die and the sum: one activation each (ruling O5)
