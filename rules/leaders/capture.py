"""Capture and surround: when a leader is lost (leaders.end.captured, leaders.end.surrounded).

Pure functions over ints and booleans in the logic vocabulary ``L`` (no Python
branching on their arguments), so the Z3 proofs run exactly this code. The
engine evaluates them once per (kind, offset) into :data:`WEIGHT` and per cell
into :data:`CAPTURE_RING` (``tests/leaders/test_capture.py`` compares).

A *weight* is how much one enemy figure contributes to capturing a leader;
a leader is captured when the weights of the enemy figures around it add up
to at least 2:

- an ordinary enemy character (the enemy leader included) adjacent: 1;
- the Assassin adjacent: 2 (it captures alone);
- the Archer: 1 at distance exactly two in a straight line (whatever stands
  between), 0 when adjacent;
- the Cub: 0 always.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.kernel.logic import CONCRETE, Logic
from rules.kernel.registry import implements
from rules.leaders.board import CELLS, DIRECTIONS, INDEX, N_CELLS, is_cell, is_direction
from rules.leaders.characters import ARCHER, ASSASSIN, CODE, CUB

CAPTURE_NEEDS = 2


@implements("leaders.end.captured", "leaders.archer", "leaders.assassin", "leaders.hermit-cub.cub-no-capture")
def capture_weight(kind: Any, dq: Any, dr: Any, L: Logic = CONCRETE) -> Any:
    """How much an ENEMY figure of character code ``kind`` at offset ``(dq, dr)``
    from a leader contributes to capturing it (0, 1 or 2)."""
    adj = is_direction(dq, dr, L)
    two = L.Or(*(L.And(dq == 2 * a, dr == 2 * b) for a, b in DIRECTIONS))
    return L.If(kind == CUB, 0,
                L.If(kind == ARCHER, L.If(two, 1, 0),
                     L.If(adj, L.If(kind == ASSASSIN, 2, 1), 0)))


def counts_for_capture(kind: Any, dq: Any, dr: Any, L: Logic = CONCRETE) -> Any:
    """Whether an enemy figure of code ``kind`` at offset ``(dq, dr)`` helps capture the leader."""
    return capture_weight(kind, dq, dr, L) > 0


@implements("leaders.end.captured")
def captured(enemies: Sequence[tuple[Any, Any, Any]], L: Logic = CONCRETE) -> Any:
    """The leader is captured: the enemy figures ``(kind, dq, dr)`` (offsets from the
    leader) weigh at least 2 together (two enemies adjacent, the Assassin alone...)."""
    return L.Sum(*(capture_weight(k, dq, dr, L) for k, dq, dr in enemies)) >= CAPTURE_NEEDS


@implements("leaders.end.surrounded")
def surrounded(q: Any, r: Any, occupied: Sequence[Any], L: Logic = CONCRETE) -> Any:
    """The leader at ``(q, r)`` is surrounded: every EXISTING adjacent cell is occupied.

    ``occupied[d]`` says whether the cell in direction ``DIRECTIONS[d]`` holds a
    figure (of either side); a cell off the board needs nothing, so a leader on
    the edge has fewer cells to fill (reference file, known gaps)."""
    return L.And(*(L.Or(L.Not(is_cell(q + a, r + b, L)), occupied[d]) for d, (a, b) in enumerate(DIRECTIONS)))


# --------------------------------------------------------------------------- engine tables

#: Offsets that can ever weigh: the six neighbours and the six cells two steps in line.
OFFSETS: tuple[tuple[int, int], ...] = DIRECTIONS + tuple((2 * a, 2 * b) for a, b in DIRECTIONS)
#: ``WEIGHT[code][k] = capture_weight(code, *OFFSETS[k])``.
WEIGHT: tuple[tuple[int, ...], ...] = tuple(
    tuple(int(capture_weight(code, dq, dr)) for dq, dr in OFFSETS) for code in sorted(CODE.values()))


def _ring(i: int) -> tuple[tuple[int, int], ...]:
    q, r = CELLS[i]
    return tuple((k, INDEX[(q + dq, r + dr)]) for k, (dq, dr) in enumerate(OFFSETS) if (q + dq, r + dr) in INDEX)


#: CAPTURE_RING[i]: the (offset index, cell) pairs around cell ``i`` that exist on the board.
CAPTURE_RING: tuple[tuple[tuple[int, int], ...], ...] = tuple(_ring(i) for i in range(N_CELLS))
