"""The Monster Event trigger, proved on the engine's predicate (decision 0020).

For every ordered roll (36 outcomes) and every event number 1-6 (and beyond, up to 12),
:func:`rules.valeria.events.event_triggers` (the function the engine calls to find the
triggered events) says an event triggers exactly when a die or the sum shows its number,
and never more than once, doubles included (``valeria.variants.events.trigger``).
"""

from __future__ import annotations

from typing import Any

from proofs import Obligation, theorem
from rules.kernel.logic import Logic
from rules.valeria import events


def _num(model: Any, term: Any) -> int:
    return int(model.eval(term, model_completion=True).as_long())


@theorem("valeria.event-trigger", ("valeria.variants.events.trigger",),
         "On dice a and b an event numbered n triggers once when a = n, b = n or a + b = n (once even on doubles, "
         "once when a die and the sum both show n) and else not at all.")
def event_trigger(L: Logic, *, event_triggers: Any = events.event_triggers) -> Obligation:
    import z3

    a, b, n = z3.Ints("die_a die_b number")
    domain = z3.And(a >= 1, a <= 6, b >= 1, b <= 6, n >= 1, n <= 12)
    rule = z3.If(z3.Or(a == n, b == n, a + b == n), 1, 0)
    engine = event_triggers(a, b, n, L)

    def explain(model: Any) -> str:
        return (f"dice {_num(model, a)} and {_num(model, b)}, an event numbered {_num(model, n)}: the engine "
                f"triggers it {_num(model, engine)} time(s), the rule {_num(model, rule)}")

    return Obligation(domain, z3.And(engine == rule, engine <= 1), explain)


THEOREMS = (event_trigger,)
