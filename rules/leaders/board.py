"""The Leaders board: 37 hexagonal cells in axial coordinates ``(q, r)``.

Geometry comes from ``/work/shared/reference/leaders.md`` (the Czech text lost
the board picture): a cell exists when ``max(|q|, |r|, |q + r|) <= 3``; the six
directions are listed in ring order, so the two directions next to
``DIRECTIONS[d]`` are ``DIRECTIONS[(d ± 1) % 6]`` (the Bruiser's push uses this).

Two layers:

- pure predicates on coordinates (:func:`is_cell`, :func:`adjacent`,
  :func:`in_line`, :func:`distance2_in_line`, :func:`visible`...) written in the
  logic vocabulary ``L`` (``rules.kernel.logic``): the same function evaluates
  on ints with ``CONCRETE`` and builds Z3 terms with ``symbolic()``;
- tables over cell *indices* (0–36) that the engine uses in play, built by
  evaluating those predicates; ``tests/leaders/test_board.py`` compares them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.kernel.logic import CONCRETE, Logic
from rules.kernel.registry import implements

RADIUS = 3
#: The six neighbour directions in ring order (each is next to its neighbours in the tuple).
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

Cell = tuple[int, int]


# --------------------------------------------------------------------------- predicates (L)


def _abs(x: Any, L: Logic) -> Any:
    return L.If(x >= 0, x, -x)


@implements("leaders.board")
def is_cell(q: Any, r: Any, L: Logic = CONCRETE) -> Any:
    """``(q, r)`` is one of the 37 cells: ``max(|q|, |r|, |q + r|) <= 3``."""
    return L.And(q >= -RADIUS, q <= RADIUS, r >= -RADIUS, r <= RADIUS, q + r >= -RADIUS, q + r <= RADIUS)


def is_direction(dq: Any, dr: Any, L: Logic = CONCRETE) -> Any:
    """``(dq, dr)`` is one of the six unit steps."""
    return L.Or(*(L.And(dq == a, dr == b) for a, b in DIRECTIONS))


def doubled_distance(dq: Any, dr: Any, L: Logic = CONCRETE) -> Any:
    """Twice the hex distance of an offset: ``|dq| + |dr| + |dq + dr|`` (no division, Z3-friendly)."""
    return _abs(dq, L) + _abs(dr, L) + _abs(dq + dr, L)


@implements("leaders.keywords.adjacent")
def adjacent(q1: Any, r1: Any, q2: Any, r2: Any, L: Logic = CONCRETE) -> Any:
    """Two cells are adjacent when they share a side: their offset is one unit step."""
    return is_direction(q2 - q1, r2 - r1, L)


@implements("leaders.keywords.straight-line")
def in_line(q1: Any, r1: Any, q2: Any, r2: Any, L: Logic = CONCRETE) -> Any:
    """Two distinct cells lie on one straight line: a repeated step in one direction
    joins them (``dq == 0``, ``dr == 0`` or ``dq + dr == 0``)."""
    dq, dr = q2 - q1, r2 - r1
    return L.And(L.Not(L.And(dq == 0, dr == 0)), L.Or(dq == 0, dr == 0, dq + dr == 0))


def distance2_in_line(q1: Any, r1: Any, q2: Any, r2: Any, L: Logic = CONCRETE) -> Any:
    """The cells are two steps apart in a straight line (the Archer's capture distance)."""
    dq, dr = q2 - q1, r2 - r1
    return L.Or(*(L.And(dq == 2 * a, dr == 2 * b) for a, b in DIRECTIONS))


def _sign(x: Any, L: Logic) -> Any:
    return L.If(x > 0, 1, L.If(x < 0, -1, 0))


@implements("leaders.keywords.visible")
def visible(q1: Any, r1: Any, q2: Any, r2: Any, occupied: Callable[[Any, Any], Any], L: Logic = CONCRETE) -> Any:
    """The cell ``(q2, r2)`` is visible from ``(q1, r1)``: the two are on one straight
    line and no cell strictly between them is occupied (``occupied(q, r)`` says
    whether a character stands there). On this board a line has at most 7
    cells, so at most 5 lie between."""
    dq, dr = q2 - q1, r2 - r1
    uq, ur = _sign(dq, L), _sign(dr, L)
    twice = doubled_distance(dq, dr, L)
    clear = [L.Or(2 * k >= twice, L.Not(occupied(q1 + k * uq, r1 + k * ur))) for k in range(1, 2 * RADIUS)]
    return L.And(in_line(q1, r1, q2, r2, L), *clear)


# --------------------------------------------------------------------------- cell tables

#: Every cell, row by row (``r`` from -3 to 3, then ``q`` ascending); a cell's index is its position here.
CELLS: tuple[Cell, ...] = tuple((q, r) for r in range(-RADIUS, RADIUS + 1) for q in range(-RADIUS, RADIUS + 1)
                                if is_cell(q, r))
INDEX: dict[Cell, int] = {c: i for i, c in enumerate(CELLS)}
N_CELLS = len(CELLS)


def _step(i: int, d: int) -> int:
    q, r = CELLS[i]
    a, b = DIRECTIONS[d]
    return INDEX.get((q + a, r + b), -1)


#: STEP[i][d]: the cell one step from ``i`` in direction ``d``, or -1 off the board.
STEP: tuple[tuple[int, ...], ...] = tuple(tuple(_step(i, d) for d in range(6)) for i in range(N_CELLS))
#: NEIGHBOURS[i]: the existing adjacent cells of ``i`` (fewer on the edge).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in range(N_CELLS) if adjacent(*CELLS[i], *CELLS[j])) for i in range(N_CELLS))


def _ray(i: int, d: int) -> tuple[int, ...]:
    out = []
    j = STEP[i][d]
    while j >= 0:
        out.append(j)
        j = STEP[j][d]
    return tuple(out)


#: RAYS[i][d]: the cells from ``i`` outwards in direction ``d``, nearest first.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(tuple(_ray(i, d) for d in range(6)) for i in range(N_CELLS))
#: DIRECTION_TO[i][j]: the direction from ``i`` to ``j`` when they are in line, else -1.
DIRECTION_TO: tuple[tuple[int, ...], ...] = tuple(
    tuple(next((d for d in range(6) if j in RAYS[i][d]), -1) for j in range(N_CELLS)) for i in range(N_CELLS))


def _within(i: int, k: int) -> frozenset[int]:
    q, r = CELLS[i]
    return frozenset(j for j, (q2, r2) in enumerate(CELLS) if doubled_distance(q2 - q, r2 - r) <= 2 * k)


#: ZONE[i]: the cells at most two steps from ``i``, ``i`` included: every cell whose content
#: can decide whether a leader on ``i`` is captured or surrounded (its neighbours and the
#: Archer's cells two steps in line). A change outside it leaves that leader's fate alone.
ZONE: tuple[frozenset[int], ...] = tuple(_within(i, 2) for i in range(N_CELLS))
#: DISTANCE[i][j]: the number of steps between cells ``i`` and ``j``.
DISTANCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(int(doubled_distance(CELLS[j][0] - CELLS[i][0], CELLS[j][1] - CELLS[i][1])) // 2 for j in range(N_CELLS))
    for i in range(N_CELLS))


# --------------------------------------------------------------------------- start and recruitment cells

#: The leaders' starting cells, by seat (opposite corners; reference file).
START_CELLS: tuple[Cell, Cell] = ((0, 3), (0, -3))
#: Each side's recruitment cells, the two edges meeting at its leader's corner,
#: the corner included (reference file; one source leaves the corner out).
RECRUITMENT_CELLS: tuple[tuple[Cell, ...], tuple[Cell, ...]] = (
    ((-3, 3), (-2, 3), (-1, 3), (0, 3), (1, 2), (2, 1), (3, 0)),
    ((3, -3), (2, -3), (1, -3), (0, -3), (-1, -2), (-2, -1), (-3, 0)),
)


@implements("leaders.board.start-cells")
def start_cell(seat: int) -> int:
    """The index of ``seat``'s leader's starting cell."""
    return INDEX[START_CELLS[seat]]


@implements("leaders.board.recruitment-cells", "leaders.recruit.own-side")
def recruitment_cells(seat: int) -> tuple[int, ...]:
    """The indices of ``seat``'s recruitment cells (only these may receive its recruits)."""
    return tuple(INDEX[c] for c in RECRUITMENT_CELLS[seat])
