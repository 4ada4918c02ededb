"""The Z3 proof of the solo Monster phase's activation mapping (proofs/valeria/solo.py):
proved on the engine's function, and refuted when the mapping is broken."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("z3")

from proof_helpers import counterexample

from proofs.valeria import THEOREMS
from rules.kernel.logic import Logic

SOLO = next(t for t in THEOREMS if t.name == "valeria.solo-activations")


@pytest.mark.rules("valeria.variants.solo.monster-phase", "valeria.variants.solo.difficulty")
def test_the_activation_mapping_theorem_covers_both_rules() -> None:
    """It is proved with every Valeria theorem (tests/valeria/test_engine_proofs.py)."""
    assert set(SOLO.rules) == {"valeria.variants.solo.monster-phase", "valeria.variants.solo.difficulty"}


@pytest.mark.rules("valeria.variants.solo.monster-phase")
def test_the_sum_activating_in_the_normal_setting_is_found() -> None:
    assert "normal setting" in counterexample(SOLO, sum_activates={"normal": True, "harder": True, "hardest": True})


@pytest.mark.rules("valeria.variants.solo.monster-phase")
def test_doubles_activating_once_are_found() -> None:
    def once(a: Any, b: Any, p: Any, harder: Any, L: Logic) -> Any:
        return L.Sum(L.If(L.Or(a == p, b == p), 1, 0), L.If(L.And(harder, a + b == p), 1, 0))

    assert "engine 1 activations, the rule 2" in counterexample(SOLO, stack_activations=once)


@pytest.mark.rules("valeria.variants.solo.difficulty")
def test_a_sum_above_six_activating_a_stack_is_found() -> None:
    def any_sum(a: Any, b: Any, p: Any, harder: Any, L: Logic) -> Any:  # a sum of 7-12 taken modulo 6
        s = L.If(a + b > 6, a + b - 6, a + b)
        return L.Sum(L.If(a == p, 1, 0), L.If(b == p, 1, 0), L.If(L.And(harder, s == p), 1, 0))

    counterexample(SOLO, stack_activations=any_sum)
