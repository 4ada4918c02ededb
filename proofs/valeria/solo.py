"""The solo game's Monster phase, proved on the engine's own function
(:func:`rules.valeria.solo.stack_activations`, with the engine's table of which
settings let the sum activate, :data:`rules.valeria.solo.SUM_ACTIVATES`).

For every ordered roll (36), every setting (normal, harder, hardest) and every
position 1-6 (1 = the leftmost monster stack ... 5; 6 = a stack of the player's
choice), the number of activations is the one the book gives
(``valeria.variants.solo.monster-phase``, ``valeria.variants.solo.difficulty``):
one per die showing the position, so twice on doubles; the sum activates nothing
in the normal setting, and in the harder ones activates once more the position it
shows when it is 2-6 (ruling O5: each die and the sum are separate sources).
"""

from __future__ import annotations

from typing import Any

from proofs import Obligation, theorem
from rules.kernel.logic import Logic
from rules.valeria import solo

SETTINGS = ("normal", "harder", "hardest")


def _num(model: Any, term: Any) -> int:
    return int(model.eval(term, model_completion=True).as_long())


@theorem("valeria.solo-activations", ("valeria.variants.solo.monster-phase", "valeria.variants.solo.difficulty"),
         "In the solo Monster phase the dice a and b activate the stack at position p (6: the player's choice) once "
         "per die showing p, and in the harder settings once more when the sum a + b is p and 2-6; never otherwise.")
def solo_activations(L: Logic, *, stack_activations: Any = solo.stack_activations,
                     sum_activates: Any = solo.SUM_ACTIVATES) -> Obligation:
    import z3

    a, b, p, d = z3.Ints("die_a die_b position setting")
    domain = z3.And(a >= 1, a <= 6, b >= 1, b <= 6, p >= 1, p <= 6, d >= 0, d < len(SETTINGS))
    by_dice = z3.If(z3.And(a == b, a == p), 2, z3.If(z3.Or(a == p, b == p), 1, 0))
    engine_terms, rule_terms = [], []
    for i, name in enumerate(SETTINGS):
        harder = name != "normal"  # the book: the normal game's sum activates nothing (V5.6), V5.9 adds it
        by_sum = z3.If(z3.And(z3.BoolVal(harder), a + b >= 2, a + b <= 6, a + b == p), 1, 0)
        engine = stack_activations(a, b, p, z3.BoolVal(bool(sum_activates[name])), L)
        engine_terms.append((d == i, engine))
        rule_terms.append((d == i, by_dice + by_sum))
    engine_count = z3.If(d == 0, engine_terms[0][1], z3.If(d == 1, engine_terms[1][1], engine_terms[2][1]))
    rule_count = z3.If(d == 0, rule_terms[0][1], z3.If(d == 1, rule_terms[1][1], rule_terms[2][1]))

    def explain(model: Any) -> str:
        where = "the player's choice" if _num(model, p) == solo.CHOICE else f"stack {_num(model, p)}"
        return (f"dice {_num(model, a)} and {_num(model, b)}, {SETTINGS[_num(model, d)]} setting, {where}: engine "
                f"{_num(model, engine_count)} activations, the rule {_num(model, rule_count)}")

    return Obligation(domain, engine_count == rule_count, explain)


THEOREMS = (solo_activations,)
