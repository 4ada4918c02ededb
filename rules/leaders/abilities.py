"""One function per way of acting: the legal targets of a figure's move or ability.

Each generator takes the state, the acting figure's id and ``shield`` (the
cells whose figures this player's abilities may not move: the Protector's rule,
:func:`shielded_cells`) and yields ``Option`` objects: the target, the
destination path, the Claw Launcher's pull flag and the relocations
``((piece id, new cell), ...)`` that the action performs simultaneously.

The own-leader rule (leaders.end.own-leader) and the Jailer are checked by the
caller (``rules.leaders.game``): they concern the whole action, not a target.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import attrs

from rules.kernel.registry import implements
from rules.leaders.board import CELLS, NEIGHBOURS, RAYS, STEP
from rules.leaders.characters import ACTIVE_KINDS
from rules.leaders.restrictions import jailed, protected
from rules.leaders.state import State


@attrs.frozen(slots=True)
class Option:
    target: int
    path: tuple[int, ...]
    pull: bool
    moves: tuple[tuple[int, int], ...]


# --------------------------------------------------------------------------- restrictions on the board


@implements("leaders.protector")
def shielded_cells(state: State, mover: int) -> frozenset[int]:
    """Cells whose figures an ability of ``mover``'s figures may not move (leaders.protector):
    each enemy Protector's cell and the cells of its allies adjacent to it.

    The table form of :func:`rules.leaders.restrictions.protected` (the predicate the
    proofs run); ``tests/leaders/test_leaders_board.py`` compares the two."""
    pieces, board = state.pieces, state.board
    out: set[int] = set()
    for i, p in enumerate(pieces):
        if p.kind == "protector" and p.owner != mover:
            c = state.cells[i]
            out.add(c)
            for n in NEIGHBOURS[c]:
                j = board[n]
                if j >= 0 and pieces[j].owner == p.owner:
                    out.add(n)
    return frozenset(out)


def shielded_cells_by_predicate(state: State, mover: int) -> frozenset[int]:
    """:func:`shielded_cells` evaluated through the predicate ``protected`` (for the tests)."""
    protectors = [(*CELLS[state.cells[i]], p.owner) for i, p in enumerate(state.pieces) if p.kind == "protector"]
    if not protectors:
        return frozenset()
    return frozenset(state.cells[i] for i, p in enumerate(state.pieces)
                     if protected(*CELLS[state.cells[i]], p.owner, mover, p.kind == "protector", protectors))


@implements("leaders.jailer", "leaders.jailer.no-interrupt")
def is_jailed(state: State, pid: int) -> bool:
    """The figure ``pid`` may not use its active ability now (leaders.jailer): it has one
    and an enemy Jailer stands adjacent. The table form of
    :func:`rules.leaders.restrictions.jailed` (compared in the tests)."""
    piece = state.pieces[pid]
    if piece.kind not in ACTIVE_KINDS:
        return False
    pieces, board = state.pieces, state.board
    for n in NEIGHBOURS[state.cells[pid]]:
        j = board[n]
        if j >= 0 and pieces[j].kind == "jailer" and pieces[j].owner != piece.owner:
            return True
    return False


def is_jailed_by_predicate(state: State, pid: int) -> bool:
    """:func:`is_jailed` evaluated through the predicate ``jailed`` (for the tests)."""
    piece = state.pieces[pid]
    jailers = [(*CELLS[state.cells[i]], p.owner) for i, p in enumerate(state.pieces) if p.kind == "jailer"]
    return bool(jailers) and bool(jailed(*CELLS[state.cells[pid]], piece.owner, piece.kind in ACTIVE_KINDS, jailers))


def _first_in_ray(board: tuple[int, ...], ray: tuple[int, ...]) -> int:
    """Index in ``ray`` of the first occupied cell (the visible figure), or -1."""
    for k, c in enumerate(ray):
        if board[c] >= 0:
            return k
    return -1


def _visible_beyond_a_gap(board: tuple[int, ...], start: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """``(ray, k)`` for each line from ``start`` whose first figure, ``ray[k]``, is visible
    but NOT adjacent (``k >= 1``: at least one empty cell between) (leaders.keywords.visible).
    The Illusionist, the Claw Launcher and the Manipulator all aim at such figures."""
    for ray in RAYS[start]:
        k = _first_in_ray(board, ray)
        if k >= 1:
            yield ray, k


def two_step_paths(board: tuple[int, ...], start: int) -> Iterator[tuple[int, int]]:
    """Every path of two steps from ``start``, each onto an adjacent empty cell. The mover
    still stands on ``start`` in ``board``, so no path ends where it began: the shared
    reading of the Vizier's extra cell and the Nemesis' two cells (leaders.vizier,
    leaders.nemesis.no-return)."""
    for n in NEIGHBOURS[start]:
        if board[n] < 0:
            for m in NEIGHBOURS[n]:
                if board[m] < 0:
                    yield n, m


# --------------------------------------------------------------------------- moves


@implements("leaders.actions.move", "leaders.keywords.move", "leaders.hermit-cub.move")
def step_moves(state: State, pid: int, shield: frozenset[int]) -> Iterator[Option]:
    """A one-cell move to an adjacent empty cell."""
    board = state.board
    for n in NEIGHBOURS[state.cells[pid]]:
        if board[n] < 0:
            yield Option(-1, (n,), False, ((pid, n),))


@implements("leaders.vizier")
def vizier_moves(state: State, pid: int, shield: frozenset[int]) -> Iterator[Option]:
    """The leader's two-step move when its side has a Vizier: two adjacent empty
    cells in a row, not ending where it started (ruling on leaders.keywords.move)."""
    for path in two_step_paths(state.board, state.cells[pid]):
        yield Option(-1, path, False, ((pid, path[1]),))


# --------------------------------------------------------------------------- active abilities


@implements("leaders.acrobat")
def acrobat(state: State, pid: int, shield: frozenset[int]) -> Iterator[Option]:
    """Jump over an adjacent figure to the empty cell beyond it in line; up to two
    jumps, changing direction allowed; not ending where it started (ruling)."""
    board, start = state.board, state.cells[pid]
    for d in range(6):
        over = STEP[start][d]
        land = STEP[over][d] if over >= 0 else -1
        if over < 0 or land < 0 or board[over] < 0 or board[land] >= 0:
            continue
        yield Option(-1, (land,), False, ((pid, land),))
        for e in range(6):
            over2 = STEP[land][e]
            land2 = STEP[over2][e] if over2 >= 0 else -1
            # ``start`` still holds the Acrobat in ``board``, so no second jump lands back on it;
            # it is never the figure jumped over either (it lies two cells from ``land``)
            if over2 < 0 or land2 < 0 or board[over2] < 0 or board[land2] >= 0:
                continue
            yield Option(-1, (land, land2), False, ((pid, land2),))


@implements("leaders.rider")
def rider(state: State, pid: int, shield: frozenset[int]) -> Iterator[Option]:
    """Two cells in a straight line, both empty."""
    board, start = state.board, state.cells[pid]
    for d in range(6):
        ray = RAYS[start][d]
        if len(ray) >= 2 and board[ray[0]] < 0 and board[ray[1]] < 0:
            yield Option(-1, (ray[1],), False, ((pid, ray[1]),))


@implements("leaders.bruiser")
def bruiser(state: State, pid: int, shield: frozenset[int]) -> Iterator[Option]:
    """Move onto an adjacent enemy's cell and push it to one of the three cells
    beyond it (straight on, or either side of straight on), which must be empty."""
    board, start, owner = state.board, state.cells[pid], state.pieces[pid].owner
    for d in range(6):
        e = STEP[start][d]
        if e < 0 or board[e] < 0 or state.pieces[board[e]].owner == owner or e in shield:
            continue
        for dd in ((d + 5) % 6, d, (d + 1) % 6):
            p = STEP[e][dd]
            if p >= 0 and board[p] < 0:
                yield Option(e, (p,), False, ((pid, e), (board[e], p)))


@implements("leaders.royal-guard")
def royal_guard(state: State, pid: int, shield: frozenset[int]) -> Iterator[Option]:
    """From anywhere to an empty cell adjacent to your leader, then optionally one
    more step to an adjacent empty cell."""
    board, _start, owner = state.board, state.cells[pid], state.pieces[pid].owner
    leaders = [state.cells[i] for i, p in enumerate(state.pieces) if p.owner == owner and p.kind == "leader"]
    firsts = sorted({n for lc in leaders for n in NEIGHBOURS[lc] if board[n] < 0})
    for c in firsts:
        yield Option(-1, (c,), False, ((pid, c),))
        for m in NEIGHBOURS[c]:
            if board[m] < 0:
                yield Option(-1, (c, m), False, ((pid, m),))


@implements("leaders.illusionist")
def illusionist(state: State, pid: int, shield: frozenset[int]) -> Iterator[Option]:
    """Swap places with a visible figure (either side) in line that is not adjacent."""
    board, start = state.board, state.cells[pid]
    for ray, k in _visible_beyond_a_gap(board, start):
        x = ray[k]
        if x not in shield:
            yield Option(x, (), False, ((pid, x), (board[x], start)))


@implements("leaders.claw-launcher")
def claw_launcher(state: State, pid: int, shield: frozenset[int]) -> Iterator[Option]:
    """Towards a visible figure in line until adjacent to it, or pull that figure
    until it is adjacent; either way something moves at least one cell."""
    for ray, k in _visible_beyond_a_gap(state.board, state.cells[pid]):
        x = ray[k]
        yield Option(x, (), False, ((pid, ray[k - 1]),))
        if x not in shield:
            yield Option(x, (), True, ((state.board[x], ray[0]),))


@implements("leaders.manipulator")
def manipulator(state: State, pid: int, shield: frozenset[int]) -> Iterator[Option]:
    """Move a visible enemy that is not adjacent one step to an adjacent empty cell."""
    board, owner = state.board, state.pieces[pid].owner
    for ray, k in _visible_beyond_a_gap(board, state.cells[pid]):
        x = ray[k]
        if state.pieces[board[x]].owner == owner or x in shield:
            continue
        for n in NEIGHBOURS[x]:
            if board[n] < 0:
                yield Option(x, (n,), False, ((board[x], n),))


@implements("leaders.wanderer")
def wanderer(state: State, pid: int, shield: frozenset[int]) -> Iterator[Option]:
    """Move to any empty cell that is not adjacent to an enemy."""
    board, owner = state.board, state.pieces[pid].owner
    watched = {n for i, p in enumerate(state.pieces) if p.owner != owner for n in NEIGHBOURS[state.cells[i]]}
    for c in range(len(board)):
        if board[c] < 0 and c not in watched:
            yield Option(-1, (c,), False, ((pid, c),))


@implements("leaders.brewmaster")
def brewmaster(state: State, pid: int, shield: frozenset[int]) -> Iterator[Option]:
    """Move an adjacent ally one step to an adjacent empty cell."""
    board, start, owner = state.board, state.cells[pid], state.pieces[pid].owner
    for a in NEIGHBOURS[start]:
        if board[a] < 0 or state.pieces[board[a]].owner != owner:
            continue
        for n in NEIGHBOURS[a]:
            if board[n] < 0:
                yield Option(a, (n,), False, ((board[a], n),))


Generator = Callable[[State, int, frozenset[int]], Iterator[Option]]

#: The active ability of each kind that has one (leaders.actions.ability).
ABILITIES: dict[str, Generator] = {
    "acrobat": acrobat, "rider": rider, "bruiser": bruiser, "royal-guard": royal_guard,
    "illusionist": illusionist, "claw-launcher": claw_launcher, "manipulator": manipulator,
    "wanderer": wanderer, "brewmaster": brewmaster,
}
#: Abilities that move a figure other than the user (so the Protector can forbid a target).
MOVES_OTHERS = frozenset({"bruiser", "illusionist", "claw-launcher", "manipulator"})
