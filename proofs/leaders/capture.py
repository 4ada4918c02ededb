"""Capture and surround (``leaders.end.captured``, ``leaders.end.surrounded`` and the
capture passives: ``leaders.archer``, ``leaders.assassin``,
``leaders.hermit-cub.cub-no-capture``).

The engine asks :func:`rules.leaders.capture.captured` with the enemy figures
around a leader as ``(kind, dq, dr)`` (offsets from the leader), and
:func:`rules.leaders.capture.surrounded` with the occupancy of the six
directions. The theorems place the leader on ANY cell (edge and corner cells
included) and up to :data:`ENEMIES` enemy figures of any kind on any other
distinct cells, or any occupancy at all for the surround, and compare with
the rule stated from the reference geometry:

- captured: an enemy Assassin adjacent, or at least two *helpers*, where a
  helper is an adjacent enemy that is neither the Cub nor the Archer (the
  enemy leader is one), or an enemy Archer exactly two steps away in a
  straight line;
- surrounded: every board cell adjacent to the leader holds a figure.
"""

from __future__ import annotations

from typing import Any

from proofs import Obligation, as_bool, theorem
from proofs.leaders.common import (
    BOARD,
    cell_text,
    cell_vars,
    is_kind,
    kind_name,
    num,
    on_board,
    ref_adjacent,
    ref_steps,
    truth,
)
from rules.kernel.logic import Logic
from rules.leaders import capture
from rules.leaders.board import DIRECTIONS
from rules.leaders.characters import ARCHER, ASSASSIN, CUB

#: Enemy figures around the leader in the placement theorem (any number from 0 to this).
ENEMIES = 12


def rule_helps(kind: Any, dq: Any, dr: Any) -> Any:
    """One enemy figure helps capture: the Archer only two steps away in line (not adjacent),
    the Cub never, any other enemy (the leader included) when adjacent."""
    import z3

    return z3.If(kind == CUB, False,
                 z3.If(kind == ARCHER, ref_steps(0, 0, dq, dr, 2), ref_adjacent(0, 0, dq, dr)))


def rule_captured(enemies: list[tuple[Any, Any, Any]]) -> Any:
    """An adjacent Assassin captures alone; otherwise two helpers are needed."""
    import z3

    assassin = z3.Or(False, *(z3.And(k == ASSASSIN, ref_adjacent(0, 0, dq, dr)) for k, dq, dr in enemies))
    helpers = z3.Sum(0, *(z3.If(rule_helps(k, dq, dr), 1, 0) for k, dq, dr in enemies))
    return z3.Or(assassin, helpers >= 2)


@theorem("leaders.capture.one-figure",
         ("leaders.end.captured", "leaders.archer", "leaders.assassin", "leaders.hermit-cub.cub-no-capture"),
         "A single enemy figure helps capture a leader exactly when the rule says (the Archer only two steps away "
         "in a straight line, the Cub never, any other figure when adjacent) and captures it alone exactly when "
         "it is an adjacent Assassin.")
def one_figure(L: Logic, *, counts_for_capture: Any = capture.counts_for_capture,
               captured: Any = capture.captured) -> Obligation:
    import z3

    kind, dq, dr = z3.Int("kind"), z3.Int("dq"), z3.Int("dr")
    helps = as_bool(counts_for_capture(kind, dq, dr, L))
    alone = as_bool(captured([(kind, dq, dr)], L))
    rule_alone = z3.And(kind == ASSASSIN, ref_adjacent(0, 0, dq, dr))
    claim = z3.And(helps == rule_helps(kind, dq, dr), alone == rule_alone)

    def explain(model: Any) -> str:
        return (f"an enemy {kind_name(num(model, kind))} at offset ({num(model, dq)}, {num(model, dr)}) from the "
                f"leader: engine helps = {truth(model, helps)}, captures alone = {truth(model, alone)}; the rule: "
                f"helps = {truth(model, rule_helps(kind, dq, dr))}, alone = {truth(model, rule_alone)}")

    return Obligation(is_kind(kind), claim, explain)


@theorem("leaders.capture.any-placement",
         ("leaders.end.captured", "leaders.archer", "leaders.assassin", "leaders.hermit-cub.cub-no-capture",
          "leaders.keywords.enemies"),
         "For a leader on any cell, edge and corner included, and 0 to 12 enemy figures of any kinds on any other "
         "distinct cells, the engine finds it captured exactly when an enemy Assassin is adjacent or two helpers "
         "stand around it (adjacent non-Cub non-Archer enemies, the enemy leader included, and Archers two steps "
         "away in line).")
def any_placement(L: Logic, *, captured: Any = capture.captured) -> Obligation:
    import z3

    n = z3.Int("enemies")
    leader = cell_vars("leader")
    figures = [(z3.Int(f"kind{i}"), *cell_vars(f"enemy{i}")) for i in range(ENEMIES)]
    offsets = [(k, q - leader[0], r - leader[1]) for k, q, r in figures]
    domain = z3.And(n >= 0, n <= ENEMIES, on_board(*leader),
                    *(z3.And(is_kind(k), on_board(q, r), z3.Not(z3.And(q == leader[0], r == leader[1])))
                      for k, q, r in figures),
                    *(z3.Not(z3.And(a[1] == b[1], a[2] == b[2])) for i, a in enumerate(figures)
                      for b in figures[i + 1:]))
    cases = {m: (as_bool(captured(offsets[:m], L)), rule_captured(offsets[:m])) for m in range(ENEMIES + 1)}
    claim = z3.And(*(z3.Implies(n == m, engine == rule) for m, (engine, rule) in cases.items()))

    def explain(model: Any) -> str:
        m = num(model, n)
        engine, rule = cases[m]
        around = ", ".join(f"{kind_name(num(model, k))} at {cell_text(model, (q, r))}" for k, q, r in figures[:m])
        return (f"leader at {cell_text(model, leader)}, enemies: [{around}]; engine captured = "
                f"{truth(model, engine)}, the rule: {truth(model, rule)}")

    return Obligation(domain, claim, explain, smallest=n)


def rule_surrounded(leader: tuple[Any, Any], occupied: Any) -> Any:
    """Every cell of the board adjacent to the leader holds a figure (fewer cells on the edge)."""
    import z3

    return z3.And(*(z3.Implies(ref_adjacent(*leader, *c), occupied(*c)) for c in BOARD))


@theorem("leaders.surround.exact", ("leaders.end.surrounded",),
         "A leader on any cell, edge and corner included, is surrounded exactly when every existing cell adjacent "
         "to it holds a figure of either side, whatever the rest of the board holds.")
def surround(L: Logic, *, surrounded: Any = capture.surrounded) -> Obligation:
    import z3

    leader = cell_vars("leader")
    occupied = z3.Function("occupied", z3.IntSort(), z3.IntSort(), z3.BoolSort())
    around = [occupied(leader[0] + a, leader[1] + b) for a, b in DIRECTIONS]  # as the engine passes them
    engine = as_bool(surrounded(*leader, around, L))
    rule = rule_surrounded(leader, occupied)

    def explain(model: Any) -> str:
        lq, lr = num(model, leader[0]), num(model, leader[1])
        near = [(lq + a, lr + b) for a, b in DIRECTIONS if (lq + a, lr + b) in BOARD]
        taken = [c for c in near if truth(model, occupied(*c))]
        return (f"leader at ({lq}, {lr}) with {len(near)} neighbour cells, occupied {taken}: engine surrounded = "
                f"{truth(model, engine)}, the rule: {truth(model, rule)}")

    return Obligation(on_board(*leader), engine == rule, explain)


THEOREMS = (one_figure, any_placement, surround)
