"""Visibility (``leaders.keywords.visible``): same straight line, nothing strictly between.

The engine's :func:`rules.leaders.board.visible` takes ``occupied(q, r)``, a
function saying whether a figure stands on a cell; here it is an
uninterpreted Z3 function, so the theorems hold for every placement of
figures on the board at once.
"""

from __future__ import annotations

from typing import Any

from proofs import Obligation, as_bool, theorem
from proofs.leaders.common import (
    BOARD,
    MAX_STEPS,
    REFERENCE_DIRECTIONS,
    cell_text,
    cell_vars,
    on_board,
    truth,
)
from rules.kernel.logic import Logic
from rules.leaders import board


def rule_visible(a: tuple[Any, Any], b: tuple[Any, Any], occupied: Any) -> Any:
    """Read off the keyword: ``b`` is ``n`` steps from ``a`` in one reference direction and
    none of the ``n - 1`` cells strictly between holds a figure."""
    import z3

    (q1, r1), (q2, r2) = a, b
    return z3.Or(*(z3.And(q2 - q1 == n * dq, r2 - r1 == n * dr,
                          *(z3.Not(occupied(q1 + k * dq, r1 + k * dr)) for k in range(1, n)))
                   for dq, dr in REFERENCE_DIRECTIONS for n in range(1, MAX_STEPS + 1)))


def _setup() -> tuple[tuple[Any, Any], tuple[Any, Any], Any, Any]:
    import z3

    a, b = cell_vars("a"), cell_vars("b")
    occupied = z3.Function("occupied", z3.IntSort(), z3.IntSort(), z3.BoolSort())
    return a, b, occupied, z3.And(on_board(*a), on_board(*b))


def _explain(a: Any, b: Any, occupied: Any, terms: dict[str, Any]) -> Any:
    def explain(model: Any) -> str:
        taken = [c for c in BOARD if truth(model, occupied(*c))]
        said = ", ".join(f"{k} = {truth(model, t)}" for k, t in terms.items())
        return (f"a = {cell_text(model, a)}, b = {cell_text(model, b)}, occupied cells {taken}: {said}")
    return explain


@theorem("leaders.visible.exact", ("leaders.keywords.visible",),
         "A cell is visible from another exactly when both lie on one straight line and no figure stands "
         "strictly between them, whatever stands on the two cells themselves.")
def exact(L: Logic, *, visible: Any = board.visible) -> Obligation:
    a, b, occupied, domain = _setup()
    engine = as_bool(visible(*a, *b, occupied, L))
    rule = rule_visible(a, b, occupied)
    return Obligation(domain, engine == rule, _explain(a, b, occupied, {"engine": engine, "the rule": rule}))


@theorem("leaders.visible.symmetric", ("leaders.keywords.visible",),
         "Visibility is symmetric and no cell is visible from itself.")
def symmetric(L: Logic, *, visible: Any = board.visible) -> Obligation:
    import z3

    a, b, occupied, domain = _setup()
    ab, ba, aa = (as_bool(visible(*x, *y, occupied, L)) for x, y in ((a, b), (b, a), (a, a)))
    return Obligation(domain, z3.And(ab == ba, z3.Not(aa)),
                      _explain(a, b, occupied, {"visible(a, b)": ab, "visible(b, a)": ba, "visible(a, a)": aa}))


THEOREMS = (exact, symmetric)
