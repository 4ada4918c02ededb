"""The Z3 proof of the solo Monster phase's activation mapping (proofs/valeria/solo.py):
proved on the engine's function, and refuted when the mapping is broken."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("z3")

from proofs import COUNTEREXAMPLE, PROVED
from proofs.valeria import THEOREMS
from rules.kernel.logic import Logic

SOLO = next(t for t in THEOREMS if t.name == "valeria.solo-activations")


@pytest.mark.rules("valeria.variants.solo.monster-phase", "valeria.variants.solo.difficulty")
def test_the_activation_mapping_is_proved_for_every_roll_and_setting() -> None:
    result = SOLO.check()
    assert result.status == PROVED, result
    assert set(SOLO.rules) == {"valeria.variants.solo.monster-phase", "valeria.variants.solo.difficulty"}


@pytest.mark.rules("valeria.variants.solo.monster-phase")
def test_the_sum_activating_in_the_normal_setting_is_found() -> None:
    result = SOLO.check(sum_activates={"normal": True, "harder": True, "hardest": True})
    assert result.status == COUNTEREXAMPLE and "normal setting" in (result.counterexample or "")


@pytest.mark.rules("valeria.variants.solo.monster-phase")
def test_doubles_activating_once_are_found() -> None:
    def once(a: Any, b: Any, p: Any, harder: Any, L: Logic) -> Any:
        return L.Sum(L.If(L.Or(a == p, b == p), 1, 0), L.If(L.And(harder, a + b == p), 1, 0))

    result = SOLO.check(stack_activations=once)
    assert result.status == COUNTEREXAMPLE, result
    assert "engine 1 activations, the rule 2" in (result.counterexample or "")


@pytest.mark.rules("valeria.variants.solo.difficulty")
def test_a_sum_above_six_activating_a_stack_is_found() -> None:
    def any_sum(a: Any, b: Any, p: Any, harder: Any, L: Logic) -> Any:  # a sum of 7-12 taken modulo 6
        s = L.If(a + b > 6, a + b - 6, a + b)
        return L.Sum(L.If(a == p, 1, 0), L.If(b == p, 1, 0), L.If(L.And(harder, s == p), 1, 0))

    assert SOLO.check(stack_activations=any_sum).status == COUNTEREXAMPLE
