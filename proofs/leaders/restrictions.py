"""The Jailer's and the Protector's exclusions (``leaders.jailer``, ``leaders.protector``).

The engine asks :func:`rules.leaders.restrictions.jailed` before offering a
figure's active ability and :func:`rules.leaders.restrictions.protected`
before an ability moves another figure. The theorems put the figure on any
cell, up to :data:`SPECIALISTS` Jailers (Protectors) of either side on other
distinct cells, and compare with the card texts:

- Jailer: a figure has no active ability available exactly when it has one
  and an ENEMY Jailer is adjacent to it (passives and plain moves are never
  blocked; the library's ruling on ``leaders.jailer``);
- Protector: an ability may not move a figure exactly when the figure is the
  ability user's enemy and is a Protector or adjacent to an allied
  Protector; an ability never is stopped from moving its own side's figures.
"""

from __future__ import annotations

from typing import Any

from proofs import Obligation, as_bool, theorem
from proofs.leaders.common import (
    cell_text,
    cell_vars,
    num,
    on_board,
    ref_adjacent,
    truth,
)
from rules.kernel.logic import Logic
from rules.leaders import restrictions

SPECIALISTS = 3


def _seat(x: Any) -> Any:
    import z3

    return z3.Or(x == 0, x == 1)


def _others(label: str, figure: tuple[Any, Any]) -> tuple[list[tuple[Any, Any, Any]], Any]:
    """Up to SPECIALISTS figures (q, r, owner) on distinct board cells, none on ``figure``'s cell."""
    import z3

    found = [(*cell_vars(f"{label}{i}"), z3.Int(f"{label}{i}_owner")) for i in range(SPECIALISTS)]
    domain = z3.And(*(z3.And(on_board(q, r), _seat(o)) for q, r, o in found),
                    *(z3.Not(z3.And(a[0] == b[0], a[1] == b[1])) for i, a in enumerate(found) for b in found[i + 1:]))
    return found, domain


def _describe(model: Any, label: str, found: list[tuple[Any, Any, Any]]) -> str:
    return ", ".join(f"{label} of seat {num(model, o)} at {cell_text(model, (q, r))}" for q, r, o in found) or "none"


@theorem("leaders.jailer.exact", ("leaders.jailer", "leaders.keywords.enemies"),
         "A figure may not use its ability exactly when the ability is active and an enemy Jailer stands adjacent "
         "to it: an own Jailer, a distant Jailer or a passive ability never blocks.")
def jailer(L: Logic, *, jailed: Any = restrictions.jailed) -> Obligation:
    import z3

    n = z3.Int("jailers")
    figure, owner, active = cell_vars("figure"), z3.Int("owner"), z3.Bool("active")
    found, domain = _others("jailer", figure)
    domain = z3.And(domain, on_board(*figure), _seat(owner), n >= 0, n <= SPECIALISTS,
                    *(z3.Not(z3.And(q == figure[0], r == figure[1])) for q, r, _ in found))
    cases = {}
    for m in range(SPECIALISTS + 1):
        engine = as_bool(jailed(*figure, owner, active, found[:m], L))
        rule = z3.And(active, z3.Or(False, *(z3.And(o != owner, ref_adjacent(*figure, q, r)) for q, r, o in found[:m])))
        cases[m] = (engine, rule)
    claim = z3.And(*(z3.Implies(n == m, e == r) for m, (e, r) in cases.items()))

    def explain(model: Any) -> str:
        m = num(model, n)
        engine, rule = cases[m]
        return (f"a figure of seat {num(model, owner)} at {cell_text(model, figure)} with an "
                f"{'active' if truth(model, active) else 'passive'} ability; {_describe(model, 'Jailer', found[:m])}: "
                f"engine blocked = {truth(model, engine)}, the card: {truth(model, rule)}")

    return Obligation(domain, claim, explain, smallest=n)


@theorem("leaders.protector.exact", ("leaders.protector", "leaders.keywords.allies"),
         "An ability may not move a figure exactly when the figure is an enemy of the ability's user and is a "
         "Protector or adjacent to a Protector of its own side.")
def protector(L: Logic, *, protected: Any = restrictions.protected) -> Obligation:
    import z3

    n = z3.Int("protectors")
    figure, owner, mover = cell_vars("figure"), z3.Int("owner"), z3.Int("mover_owner")
    is_protector = z3.Bool("is_protector")
    found, domain = _others("protector", figure)
    cases = {}
    for m in range(SPECIALISTS + 1):
        listed = found[:m]
        here = z3.Or(False, *(z3.And(q == figure[0], r == figure[1], o == owner) for q, r, o in listed))
        others_off = z3.And(*(z3.Or(z3.Not(z3.And(q == figure[0], r == figure[1])), o == owner) for q, r, o in listed))
        engine = as_bool(protected(*figure, owner, mover, is_protector, listed, L))
        near = z3.Or(False, *(z3.And(o == owner, ref_adjacent(*figure, q, r)) for q, r, o in listed))
        rule = z3.And(owner != mover, z3.Or(is_protector, near))
        # a Protector is listed among the protectors on its own cell; any other figure's cell holds no Protector
        consistent = z3.And(is_protector == here, others_off)
        cases[m] = (engine, rule, consistent)
    domain = z3.And(domain, on_board(*figure), _seat(owner), _seat(mover), n >= 0, n <= SPECIALISTS,
                    *(z3.Implies(n == m, c) for m, (_, _, c) in cases.items()))
    claim = z3.And(*(z3.Implies(n == m, e == r) for m, (e, r, _) in cases.items()))

    def explain(model: Any) -> str:
        m = num(model, n)
        engine, rule, _ = cases[m]
        kind = "Protector" if truth(model, is_protector) else "figure"
        return (f"an ability of seat {num(model, mover)} would move a {kind} of seat {num(model, owner)} at "
                f"{cell_text(model, figure)}; {_describe(model, 'Protector', found[:m])}: engine forbids = "
                f"{truth(model, engine)}, the card: {truth(model, rule)}")

    return Obligation(domain, claim, explain, smallest=n)


THEOREMS = (jailer, protector)
