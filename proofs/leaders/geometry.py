"""The board: its cells, adjacency, straight lines and the recruitment cells.

``leaders.board``, ``leaders.keywords.adjacent``, ``leaders.keywords.straight-line``,
``leaders.board.start-cells``, ``leaders.board.recruitment-cells``. Each theorem
runs the engine's predicate of :mod:`rules.leaders.board` (or its tables) on
symbolic cells and compares it with the reference geometry of
:mod:`proofs.leaders.common`.
"""

from __future__ import annotations

from typing import Any

from proofs import Obligation, as_bool, theorem
from proofs.leaders.common import (
    BOARD,
    cell_text,
    cell_vars,
    num,
    on_board,
    ref_adjacent,
    ref_in_line,
    ref_steps,
    truth,
)
from rules.kernel.logic import Logic
from rules.leaders import board

#: The reference file's leader corners, by seat.
REFERENCE_START = ((0, 3), (0, -3))


@theorem("leaders.board.cells", ("leaders.board",),
         "A cell exists exactly when it lies in the reference's seven columns of 4, 5, 6, 7, 6, 5 and 4 cells "
         "(37 cells in all).")
def cells(L: Logic, *, is_cell: Any = board.is_cell) -> Obligation:
    """The engine's ``max(|q|, |r|, |q + r|) <= 3`` against the column-by-column board, over all integers."""
    import z3

    q, r = cell_vars("cell")
    engine = as_bool(is_cell(q, r, L))

    def explain(model: Any) -> str:
        return (f"cell {cell_text(model, (q, r))}: engine says {'on' if truth(model, engine) else 'off'} the board, "
                f"the reference says {'on' if truth(model, on_board(q, r)) else 'off'}")

    return Obligation(z3.BoolVal(True), engine == on_board(q, r), explain)


def _pair(L: Logic) -> tuple[tuple[Any, Any], tuple[Any, Any], Any]:
    import z3

    a, b = cell_vars("a"), cell_vars("b")
    return a, b, z3.And(on_board(*a), on_board(*b))


@theorem("leaders.board.adjacency", ("leaders.keywords.adjacent",),
         "Two cells of the board are adjacent exactly when one of the six reference steps joins them; "
         "adjacency is symmetric and no cell is adjacent to itself.")
def adjacency(L: Logic, *, adjacent: Any = board.adjacent) -> Obligation:
    import z3

    a, b, domain = _pair(L)
    ab, ba, aa = (as_bool(adjacent(*x, *y, L)) for x, y in ((a, b), (b, a), (a, a)))
    claim = z3.And(ab == ref_adjacent(*a, *b), ab == ba, z3.Not(aa))

    def explain(model: Any) -> str:
        return (f"a = {cell_text(model, a)}, b = {cell_text(model, b)}: engine adjacent(a, b) = {truth(model, ab)}, "
                f"adjacent(b, a) = {truth(model, ba)}, adjacent(a, a) = {truth(model, aa)}; "
                f"the reference: {truth(model, ref_adjacent(*a, *b))}")

    return Obligation(domain, claim, explain)


@theorem("leaders.board.straight-line", ("leaders.keywords.straight-line",),
         "Two cells of the board are in one straight line exactly when a repeated step (1 to 6 times) "
         "in one reference direction leads from one to the other.")
def straight_line(L: Logic, *, in_line: Any = board.in_line) -> Obligation:
    import z3

    a, b, domain = _pair(L)
    engine = as_bool(in_line(*a, *b, L))
    rule = ref_in_line(*a, *b)

    def explain(model: Any) -> str:
        return (f"a = {cell_text(model, a)}, b = {cell_text(model, b)}: engine in line = {truth(model, engine)}, "
                f"the reference: {truth(model, rule)}")

    return Obligation(domain, z3.And(engine == rule), explain)


@theorem("leaders.board.distance-two", ("leaders.keywords.straight-line", "leaders.archer"),
         "The Archer's distance holds exactly for two cells two steps apart in one straight line.")
def distance_two(L: Logic, *, distance2_in_line: Any = board.distance2_in_line) -> Obligation:
    a, b, domain = _pair(L)
    engine = as_bool(distance2_in_line(*a, *b, L))
    rule = ref_steps(*a, *b, 2)

    def explain(model: Any) -> str:
        return (f"a = {cell_text(model, a)}, b = {cell_text(model, b)}: engine distance two in line = "
                f"{truth(model, engine)}, the reference: {truth(model, rule)}")

    return Obligation(domain, engine == rule, explain)


def _edge_near_corner(q: Any, r: Any, corner: tuple[int, int]) -> Any:
    """On the board's edge (three steps from the centre) and at most three steps from ``corner``:
    the two edges that meet at the corner, the corner included."""
    import z3

    def dist2(dq: Any, dr: Any) -> Any:  # twice the hex distance
        return (z3.If(dq >= 0, dq, -dq) + z3.If(dr >= 0, dr, -dr) + z3.If(dq + dr >= 0, dq + dr, -dq - dr))

    return z3.And(on_board(q, r), dist2(q, r) == 6, dist2(q - corner[0], r - corner[1]) <= 6)


@theorem("leaders.board.recruitment-cells",
         ("leaders.board.recruitment-cells", "leaders.board.start-cells", "leaders.recruit.own-side"),
         "Each side's leader starts on its reference corner and its recruitment cells are exactly the 7 edge cells "
         "within three steps of that corner (the two edges meeting there, corner included); the sides share none.")
def recruitment(L: Logic, *, recruitment_cells: Any = board.RECRUITMENT_CELLS,
                start_cells: Any = board.START_CELLS) -> Obligation:
    import z3

    q, r = cell_vars("cell")
    seat = z3.Int("seat")

    def member(table: Any) -> Any:
        return z3.Or(*(z3.And(q == a, r == b) for a, b in table))

    parts = []
    for s in (0, 1):
        corner = REFERENCE_START[s]
        parts.append(z3.Implies(seat == s, z3.And(
            member(recruitment_cells[s]) == _edge_near_corner(q, r, corner),
            z3.BoolVal(tuple(start_cells[s]) == corner),
            z3.BoolVal(len(set(recruitment_cells[s])) == len(recruitment_cells[s]) == 7))))
    shared = z3.And(member(recruitment_cells[0]), member(recruitment_cells[1]))
    claim = z3.And(*parts, z3.Not(shared))

    def explain(model: Any) -> str:
        s, c = num(model, seat), (num(model, q), num(model, r))
        table = recruitment_cells[s] if s in (0, 1) else ()
        return (f"seat {s}, cell {c}: in the engine's recruitment cells of seat 0 = {c in recruitment_cells[0]}, "
                f"of seat 1 = {c in recruitment_cells[1]}; the reference edge rule says "
                f"{truth(model, _edge_near_corner(q, r, REFERENCE_START[s])) if s in (0, 1) else '?'}; "
                f"engine start cell {tuple(start_cells[s]) if s in (0, 1) else '?'}, {len(table)} cells listed")

    return Obligation(z3.Or(seat == 0, seat == 1), claim, explain)


THEOREMS = (cells, adjacency, straight_line, distance_two, recruitment)

assert len(BOARD) == 37  # the reference's column sizes add up to 37
