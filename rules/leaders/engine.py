"""The Leaders rules engine: legal actions, their effects and the end of the game.

Pure functions over :class:`~rules.leaders.state.State`; :mod:`rules.leaders.game`
wraps them in the kernel's Game protocol. The order of ``legal_actions`` is
deterministic: forced Nemesis moves, banishments and recruitments in offer
order; in the action phase figure by figure in cell order (moves, then the
ability), and ``end`` last.

Automatic steps (no choice to make): skipping a recruitment (five cards, no
free recruitment cell or no legal placement), the turn passing after the last
recruitment, and a Nemesis forced move with at most one possible path.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

import attrs

from rules.kernel.registry import implements
from rules.kernel.verdict import Violation
from rules.leaders import violations
from rules.leaders.abilities import (
    ABILITIES,
    MOVES_OTHERS,
    Option,
    is_jailed,
    shielded_cells,
    step_moves,
    two_step_paths,
    vizier_moves,
)
from rules.leaders.board import CELLS, NEIGHBOURS, ZONE, recruitment_cells
from rules.leaders.capture import CAPTURE_RING, WEIGHT
from rules.leaders.characters import CARDS, CODE, FIGURES, card_count
from rules.leaders.state import (
    ACTIONS,
    ADVANCED,
    BANISH,
    OVER,
    RECRUITMENT,
    Action,
    ActionKind,
    Fate,
    Piece,
    State,
    engine_action,
)

_CODES = CODE
_CARD_ORDER = {c: i for i, c in enumerate(CARDS)}

#: The action kinds this module compares on its hot path, as module globals: reading a
#: global costs a tenth of the enum attribute ``ActionKind.MOVE`` (a descriptor call).
_ABILITY, _BANISH, _END, _MOVE, _NEMESIS_MOVE, _RECRUIT = (ActionKind.ABILITY, ActionKind.BANISH, ActionKind.END,
                                                          ActionKind.MOVE, ActionKind.NEMESIS_MOVE, ActionKind.RECRUIT)


def cell_name(i: int) -> str:
    return str(list(CELLS[i]))


# --------------------------------------------------------------------------- the end of the game


@implements("leaders.end.captured", "leaders.end.surrounded", "leaders.goal", "leaders.keywords.characters",
            "leaders.keywords.enemies", "leaders.keywords.allies")
def leader_fate(pieces: tuple[Piece, ...], board: tuple[int, ...], cells: tuple[int, ...], side: int) -> Fate | None:
    """:attr:`Fate.CAPTURED` or :attr:`Fate.SURROUNDED` when ``side``'s leader is lost, else ``None``
    (the engine's evaluation of :func:`rules.leaders.capture.captured` and
    ``surrounded`` through their tables; a leader both captured and surrounded
    is reported as captured).

    Characters are every figure, leaders included; enemies are the other side's
    figures (their leader too), allies one's own: a surround counts both."""
    return _fate(pieces, board, [cells[i] for i, p in enumerate(pieces) if p.owner == side and p.kind == "leader"],
                 side)


def _enemy_weight(pieces: tuple[Piece, ...], board: tuple[int, ...] | list[int], c: int, side: int) -> int:
    """The capture weight of ``side``'s enemies around cell ``c`` (leaders.end.captured)."""
    total = 0
    for k, x in CAPTURE_RING[c]:
        j = board[x]
        if j >= 0:
            p = pieces[j]
            if p.owner != side:
                total += WEIGHT[_CODES[p.kind]][k]
    return total


def _fate(pieces: tuple[Piece, ...], board: tuple[int, ...] | list[int], leader_cells: list[int],
          side: int) -> Fate | None:
    """:func:`leader_fate` for leaders standing on ``leader_cells``."""
    surrounded = False
    for c in leader_cells:
        if _enemy_weight(pieces, board, c, side) >= 2:
            return Fate.CAPTURED
        if not surrounded:
            surrounded = all(board[n] >= 0 for n in NEIGHBOURS[c])
    return Fate.SURROUNDED if surrounded else None


def side_lost(pieces: tuple[Piece, ...], board: tuple[int, ...], cells: tuple[int, ...], side: int) -> bool:
    """``side``'s leader is captured or surrounded (see :func:`leader_fate`)."""
    return leader_fate(pieces, board, cells, side) is not None


def lost_sides(state: State) -> tuple[int, ...]:
    """The sides whose leader is captured or surrounded (:func:`leader_fate`)."""
    pieces, cells = state.pieces, state.cells
    leaders: tuple[list[int], list[int]] = ([], [])
    for i, p in enumerate(pieces):
        if p.kind == "leader":
            leaders[p.owner].append(cells[i])
    return tuple(s for s in (0, 1) if _fate(pieces, state.board, leaders[s], s) is not None)


def leader_zone(state: State, side: int) -> frozenset[int]:
    """The cells that decide the fate of ``side``'s leader(s) (:data:`rules.leaders.board.ZONE`):
    an action that moves no figure from or onto these cells cannot capture or surround them."""
    cells = [state.cells[i] for i, p in enumerate(state.pieces) if p.owner == side and p.kind == "leader"]
    if len(cells) == 1:
        return ZONE[cells[0]]
    return frozenset().union(*(ZONE[c] for c in cells))


@implements("leaders.end.immediate")
def _finish_if_lost(state: State) -> State:
    """End the game right after the action that captured or surrounded a leader;
    the other side wins, nobody when both leaders are lost (ruling)."""
    lost = lost_sides(state)
    if not lost:
        return state
    return _evolve(state, phase=OVER, pending=(), winners=tuple(s for s in (0, 1) if s not in lost))


def _finish_after(before: State, after: State, moves: tuple[tuple[int, int], ...]) -> State:
    """:func:`_finish_if_lost` for a state reached from a running ``before`` by ``moves``: when
    no relocation touches a leader's zone (:func:`leader_zone`), no leader can have fallen."""
    cells, pieces = before.cells, before.pieces
    for i, p in enumerate(pieces):
        if p.kind == "leader":
            zone = ZONE[cells[i]]
            for pid, c in moves:
                if c in zone or cells[pid] in zone:
                    return _finish_if_lost(after)
    return after


# --------------------------------------------------------------------------- relocation and Nemesis


_FIELDS = tuple(a.name for a in attrs.fields(State))


def _evolve(state: State, **changes: Any) -> State:
    """``attrs.evolve`` for :class:`State`, spelt out for speed (the same result)."""
    return State(*[changes[f] if f in changes else getattr(state, f) for f in _FIELDS])


def _moved(state: State, board: tuple[int, ...], cells: tuple[int, ...], acted: frozenset[int],
           pending: tuple[int, ...]) -> State:
    """``state`` with figures relocated (``attrs.evolve`` spelt out: the hottest copy of the engine)."""
    return State(state.mode, state.first, state.pieces, cells, board, state.player, state.phase, acted, pending,
                 state.recruits_left, state.offer, state.deck, state.banished, state.banish_queue,
                 state.banish_rounds, state.turn, state.winners)


def relocate(state: State, moves: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The board and cells after moving figures simultaneously (a swap is two moves)."""
    board = list(state.board)
    cells = list(state.cells)
    for pid, _ in moves:
        board[cells[pid]] = -1
    for pid, c in moves:
        board[c] = pid
        cells[pid] = c
    return tuple(board), tuple(cells)


@implements("leaders.nemesis.forced-move", "leaders.nemesis.no-return", "leaders.nemesis.shorter")
def nemesis_paths(state: State, pid: int) -> tuple[tuple[int, ...], ...]:
    """The Nemesis' possible forced moves: every 2-step path through adjacent empty
    cells not ending on its start; if none, every 1-step move; if none, staying (``()``)."""
    board, start = state.board, state.cells[pid]
    twos = tuple(two_step_paths(board, start))
    if twos:
        return twos
    firsts = tuple((n,) for n in NEIGHBOURS[start] if board[n] < 0)
    return firsts or ((),)


@implements("leaders.nemesis.repeat", "leaders.nemesis.once-per-action")
def _trigger_nemesis(before: State, after: State, moves: tuple[tuple[int, int], ...]) -> State:
    """After an action that moved a leader, each Nemesis of that leader's enemy must
    move, once per action however far the leader went, then the forced moves with
    a single possible path are made at once."""
    moved = {before.pieces[pid].owner for pid, c in moves
             if before.pieces[pid].kind == "leader" and before.cells[pid] != c}
    if not moved:
        return after
    new = tuple(i for i, p in enumerate(after.pieces) if p.kind == "nemesis" and (1 - p.owner) in moved
                and i not in after.pending)
    return auto_nemesis(_evolve(after, pending=after.pending + new))


def auto_nemesis(state: State) -> State:
    while state.pending and state.phase != OVER:
        paths = nemesis_paths(state, state.pending[0])
        if len(paths) > 1:
            break
        state = _move_nemesis(state, state.pending[0], paths[0])
    return state


def _move_nemesis(state: State, pid: int, path: tuple[int, ...]) -> State:
    """The forced move itself; it may capture either leader (leaders.end.own-leader's exception)."""
    moves = ((pid, path[-1]),) if path else ()
    board, cells = relocate(state, moves)
    after = _moved(state, board, cells, state.acted, state.pending[1:])
    return _finish_if_lost(after)


# --------------------------------------------------------------------------- action phase


def _vizier_for(state: State, owner: int) -> bool:
    return any(p.owner == owner and p.kind == "vizier" for p in state.pieces)


def figure_options(state: State, pid: int, shield: frozenset[int], steps: bool = True) -> Iterator[tuple[str, Option]]:
    """Every (kind, option) a figure may choose before the own-leader rule:
    ``("move", ...)`` and ``(ability name, ...)`` (without the one-cell steps if not ``steps``)."""
    piece = state.pieces[pid]
    if steps:
        for o in step_moves(state, pid, shield):
            yield _MOVE, o
    if piece.kind == "leader" and _vizier_for(state, piece.owner):
        for o in vizier_moves(state, pid, shield):
            yield _MOVE, o
    gen = ABILITIES.get(piece.kind)
    if gen is not None and not is_jailed(state, pid):
        for o in gen(state, pid, shield):
            yield piece.kind, o


def _keeps_own_leader(state: State, seat: int, moves: tuple[tuple[int, int], ...],
                      zone: frozenset[int] | None = None, leaders: list[int] | None = None) -> bool:
    """The own-leader rule for a running state: ``seat``'s leader is not captured or
    surrounded after ``moves``. A relocation outside the leader's zone cannot change that.
    ``zone`` and ``leaders`` (the leader ids) may be passed when already known."""
    cells = state.cells
    if zone is None:
        zone = leader_zone(state, seat)
    for pid, c in moves:
        if c in zone or cells[pid] in zone:
            break
    else:
        return True
    board = list(state.board)
    for pid, _ in moves:
        board[cells[pid]] = -1
    for pid, c in moves:
        board[c] = pid
    if leaders is None:
        leaders = [i for i, p in enumerate(state.pieces) if p.owner == seat and p.kind == "leader"]
    moved = dict(moves)
    return _fate(state.pieces, board, [moved.get(i, cells[i]) for i in leaders], seat) is None



#: ``_STEPS[seat][cell][k]``: the one-cell move from ``cell`` to ``NEIGHBOURS[cell][k]`` (a table of
#: values, so listing the most frequent action builds nothing).
_STEPS: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(Action(seat, _MOVE, c, path=(n,)) for n in NEIGHBOURS[c]) for c in range(len(CELLS)))
    for seat in (0, 1))


@implements("leaders.turn", "leaders.actions.one-each", "leaders.actions.move", "leaders.actions.ability",
            "leaders.actions.stop", "leaders.end.own-leader", "leaders.nemesis.no-actions")
def action_phase_options(state: State, skip: frozenset[int] = frozenset()) -> list[
        tuple[Action, tuple[tuple[int, int], ...], int]]:
    """(action, relocations, acting figure) for every legal action-phase action but ``end``:
    each figure that has not acted (the Nemesis never acts) moves or uses its
    ability, unless that leaves its own leader captured or surrounded. Figures whose
    ids are in ``skip`` are left out (the forced-win search's pruning)."""
    seat = state.player
    shield = shielded_cells(state, seat)
    pieces, acted, board = state.pieces, state.acted, state.board
    own_leaders = [i for i, p in enumerate(pieces) if p.owner == seat and p.kind == "leader"]
    zone = ZONE[state.cells[own_leaders[0]]] if len(own_leaders) == 1 else leader_zone(state, seat)
    # With one leader, a figure moving only itself (not the leader) adds no enemy weight: it can
    # lose the leader only by filling its last empty neighbour from a cell that was not one.
    sole_gap, ring = -2, cast(tuple[int, ...], ())
    if len(own_leaders) == 1:
        ring = NEIGHBOURS[state.cells[own_leaders[0]]]
        gaps = [n for n in ring if board[n] < 0]
        sole_gap = gaps[0] if len(gaps) == 1 else -1
    out: list[tuple[Action, tuple[tuple[int, int], ...], int]] = []
    for cell, pid in enumerate(board):
        if pid < 0:
            continue
        piece = pieces[pid]
        if piece.owner != seat or pid in acted or piece.kind == "nemesis" or pid in skip:
            continue
        alone = sole_gap != -2 and piece.kind != "leader"
        if alone:  # plain steps, written out: the most frequent option by far
            steps = _STEPS[seat][cell]
            for k, n in enumerate(NEIGHBOURS[cell]):
                if board[n] < 0 and (n != sole_gap or cell in ring):
                    out.append((steps[k], ((pid, n),), pid))
        own_step = sole_gap != -2 and piece.kind == "leader"
        if own_step:  # the leader's one-cell steps: the cell it leaves is now an empty neighbour, so
            # it cannot be surrounded there; only the enemy weight around the new cell counts
            steps = _STEPS[seat][cell]
            for k, n in enumerate(NEIGHBOURS[cell]):
                if board[n] < 0 and _enemy_weight(pieces, board, n, seat) < 2:
                    out.append((steps[k], ((pid, n),), pid))
        for kind, o in figure_options(state, pid, shield, steps=not (alone or own_step)):
            moves = o.moves
            if alone and len(moves) == 1 and moves[0][0] == pid:
                ok = moves[0][1] != sole_gap or cell in ring
            else:
                ok = _keeps_own_leader(state, seat, moves, zone, own_leaders)
            if ok:
                if kind == _MOVE:
                    out.append((engine_action(seat, _MOVE, cell, path=o.path), moves, pid))
                else:
                    out.append((engine_action(seat, _ABILITY, cell, kind, o.target, o.path, o.pull), moves, pid))
    return out


def apply_action_phase(state: State, moves: tuple[tuple[int, int], ...], pid: int) -> State:
    board, cells = relocate(state, moves)
    after = _moved(state, board, cells, state.acted | {pid}, state.pending)
    done = _finish_after(state, after, moves)
    if done.phase == OVER:
        return done
    return _trigger_nemesis(state, after, moves)


# --------------------------------------------------------------------------- recruitment and turns


@implements("leaders.recruit.choose", "leaders.recruit.place", "leaders.recruit.own-side",
            "leaders.hermit-cub.recruit", "leaders.advanced.offer")
def recruit_options(state: State) -> list[Action]:
    """Every legal recruitment: a card of the offer on free recruitment cells of the
    player's side (Hermit then Cub on two distinct cells), not leaving the own
    leader captured or surrounded."""
    seat = state.player
    free = [c for c in recruitment_cells(seat) if state.board[c] < 0]
    gap_sets = [frozenset(n for n in NEIGHBOURS[state.cells[i]] if state.board[n] < 0)
                for i, p in enumerate(state.pieces) if p.owner == seat and p.kind == "leader"]
    # own figures weigh nothing in a capture: a placement loses the own leader only by
    # filling every empty neighbour it has left (leaders.end.surrounded)
    risky = [g for g in gap_sets if len(g) <= 2]
    table = _RECRUITS[seat]
    out = []
    for card in sorted(set(state.offer), key=_CARD_ORDER.__getitem__):
        actions = table[card]
        if len(FIGURES[card]) == 1:
            for c in free:
                if not any(g <= {c} for g in risky):
                    out.append(actions[(c,)])
        else:
            for a in free:
                for b in free:
                    if a != b and not any(g <= {a, b} for g in risky):
                        out.append(actions[(a, b)])
    return out


def _recruit_table(seat: int) -> dict[str, dict[tuple[int, ...], Action]]:
    cells = recruitment_cells(seat)
    return {card: {(c,) if len(FIGURES[card]) == 1 else (c, d): Action(seat, _RECRUIT, card=card,
                                                                      path=(c,) if len(FIGURES[card]) == 1 else (c, d))
                   for c in cells for d in (cells if len(FIGURES[card]) == 2 else (c,))
                   if len(FIGURES[card]) == 1 or c != d}
            for card in CARDS}


#: Every recruitment action, by seat, card and cells (a table of values: listing builds nothing).
_RECRUITS = (_recruit_table(0), _recruit_table(1))
_ENDS = (Action(0, _END), Action(1, _END))


def _placed(state: State, seat: int, card: str, cells: tuple[int, ...]) -> tuple[
        tuple[Piece, ...], tuple[int, ...], tuple[int, ...]]:
    pieces = state.pieces + tuple(Piece(seat, k) for k in FIGURES[card])
    board = list(state.board)
    for n, c in enumerate(cells):
        board[c] = len(state.pieces) + n
    return pieces, tuple(board), state.cells + cells


def _kinds(state: State, seat: int) -> list[str]:
    return [p.kind for p in state.pieces if p.owner == seat]


@implements("leaders.recruit.skip", "leaders.recruit.no-free-cell", "leaders.recruit.second-player")
def start_recruitment(state: State) -> State:
    """After the action phase: recruit once (twice in the second player's first turn),
    or skip with five cards or nowhere to place a recruit (not carried over)."""
    times = 2 if state.player != state.first and state.turn == 2 else 1
    s = _evolve(state, phase=RECRUITMENT, recruits_left=times, acted=frozenset())
    if card_count(_kinds(s, s.player)) >= 5 or not recruit_options(s):
        return next_turn(s)
    return s


@implements("leaders.recruit.refill", "leaders.recruit.second-player")
def apply_recruit(state: State, action: Action) -> State:
    card = action.card
    assert card is not None
    pieces, board, cells = _placed(state, state.player, card, action.path)
    offer = list(state.offer)
    offer.remove(card)
    deck = state.deck
    if state.mode != ADVANCED:
        while len(offer) < 3 and deck:
            offer.append(deck[0])
            deck = deck[1:]
    after = _evolve(state, pieces=pieces, board=board, cells=cells, offer=tuple(offer), deck=deck,
                         recruits_left=state.recruits_left - 1)
    done = _finish_if_lost(after)
    if done.phase == OVER:
        return done
    if after.recruits_left > 0 and card_count(_kinds(after, after.player)) < 5 and recruit_options(after):
        return after
    return next_turn(after)


@implements("leaders.turn", "leaders.advanced.banish-second")
def next_turn(state: State) -> State:
    """The other player's turn; in the advanced mode, once both sides hold three
    cards (leader included), first the second banishment round, first player first."""
    nxt = 1 - state.player
    base = _evolve(state, player=nxt, turn=state.turn + 1, acted=frozenset(), recruits_left=0)
    if (state.mode == ADVANCED and state.banish_rounds == 1
            and all(card_count(_kinds(state, s)) >= 3 for s in (0, 1))):
        return _evolve(base, phase=BANISH, banish_queue=(state.first, 1 - state.first), banish_rounds=2)
    return _evolve(base, phase=ACTIONS)


@implements("leaders.advanced.banish", "leaders.advanced.banish-second")
def apply_banish(state: State, card: str) -> State:
    offer = list(state.offer)
    offer.remove(card)
    queue = state.banish_queue[1:]
    return _evolve(state, offer=tuple(offer), banished=state.banished + (card,), banish_queue=queue,
                        phase=BANISH if queue else ACTIONS)


# --------------------------------------------------------------------------- analysis support

PhaseKey = tuple[tuple[int, ...], frozenset[int], tuple[int, ...]]


def phase_key(state: State) -> PhaseKey:
    """What decides the rest of an action phase: the board, the figures that have acted and
    the pending Nemeses (the mover, the figures' kinds, the offer and the deck do not change
    within a phase). The memo key of :mod:`rules.leaders.perft` and :mod:`rules.leaders.wins`."""
    return (state.board, state.acted, state.pending)


# --------------------------------------------------------------------------- the protocol's core


def legal_actions(state: State) -> tuple[Action, ...]:
    if state.phase == OVER:
        return ()
    if state.pending:
        pid = state.pending[0]
        seat = state.pieces[pid].owner
        return tuple(engine_action(seat, _NEMESIS_MOVE, state.cells[pid], path=p) for p in nemesis_paths(state, pid))
    if state.phase == BANISH:
        seat = state.banish_queue[0]
        return tuple(Action(seat, _BANISH, card=c) for c in sorted(set(state.offer), key=_CARD_ORDER.__getitem__))
    if state.phase == RECRUITMENT:
        return tuple(recruit_options(state))
    return tuple([a for a, _, _ in action_phase_options(state)] + [_ENDS[state.player]])


def successor(state: State, action: Action) -> State:
    """The state after a LEGAL ``action`` (no checks; see :func:`check`)."""
    if action.kind == _NEMESIS_MOVE:
        return auto_nemesis(_move_nemesis(state, state.pending[0], action.path))
    if action.kind == _BANISH:
        assert action.card is not None
        return apply_banish(state, action.card)
    if action.kind == _RECRUIT:
        return apply_recruit(state, action)
    if action.kind == _END:
        return start_recruitment(state)
    pid = state.board[action.piece]
    moves = _moves_of(state, action)
    assert moves is not None
    return apply_action_phase(state, moves, pid)


def _moves_of(state: State, action: Action) -> tuple[tuple[int, int], ...] | None:
    """The relocations of a move or ability action, or ``None`` if the figure cannot do it.

    Asks only the generator that can produce the action (a move: the step or, with a
    Vizier, the leader's two steps; an ability: that ability's generator, unless jailed),
    so checking an action costs a fraction of generating every option of the figure."""
    pid = state.board[action.piece]
    piece = state.pieces[pid]
    if action.kind == _MOVE:
        if len(action.path) == 1:
            n = action.path[0]
            if n in NEIGHBOURS[state.cells[pid]] and state.board[n] < 0:
                return ((pid, n),)
            return None
        if piece.kind == "leader" and _vizier_for(state, piece.owner):
            for o in vizier_moves(state, pid, frozenset()):
                if o.path == action.path:
                    return o.moves
        return None
    gen = ABILITIES.get(piece.kind)
    if gen is None or action.ability != piece.kind or is_jailed(state, pid):
        return None
    shield = shielded_cells(state, action.seat) if action.ability in MOVES_OTHERS else frozenset()
    for o in gen(state, pid, shield):
        if o.path == action.path and o.target == action.target and o.pull == action.pull:
            return o.moves
    return None


def check(state: State, action: Action) -> Violation | None:
    """Why ``action`` is illegal in ``state``, or ``None`` (the game object refuses what is
    not a Leaders state or action at all with ``MalformedError``: ``GameBase``)."""
    a = action
    if state.phase == OVER:
        return violations.game_over()
    if state.pending:
        pid = state.pending[0]
        owner = state.pieces[pid].owner
        if a.kind != _NEMESIS_MOVE or a.seat != owner or a.piece not in (-1, state.cells[pid]):  # -1: unnamed
            return violations.nemesis_first(a.seat, owner, cell_name(state.cells[pid]))
        paths = nemesis_paths(state, pid)
        if a.path in paths:
            return None
        rules = ["leaders.nemesis.forced-move"]
        if a.path and a.path[-1] == state.cells[pid]:
            rules.append("leaders.nemesis.no-return")
        if len(a.path) < len(paths[0]):
            rules.append("leaders.nemesis.shorter")
        return violations.nemesis_path(cell_name(state.cells[pid]), tuple(rules))
    expected = state.to_move
    assert expected is not None
    if a.kind == _NEMESIS_MOVE:
        return violations.nemesis_no_actions()
    if a.seat != expected:
        return violations.not_your_turn(a.seat, expected)
    if state.phase == BANISH:
        if a.kind != _BANISH:
            return violations.wrong_phase(a.kind, state.phase)
        return None if a.card in state.offer else violations.not_available(str(a.card))
    if state.phase == RECRUITMENT:
        if a.kind != _RECRUIT:
            return violations.wrong_phase(a.kind, state.phase)
        return _check_recruit(state, a)
    if a.kind not in (_MOVE, _ABILITY, _END):
        return violations.wrong_phase(a.kind, state.phase)
    if a.kind == _END:
        return None
    return _check_figure_action(state, a)


def _check_recruit(state: State, a: Action) -> Violation | None:
    card = str(a.card)
    if card not in state.offer:
        return violations.not_offered(card, state.mode == ADVANCED)
    needed = len(FIGURES[card])
    if len(a.path) != needed or len(set(a.path)) != needed:
        return violations.bad_recruit_cells(card, needed)
    own = recruitment_cells(a.seat)
    for c in a.path:
        if c not in own:
            return violations.not_own_recruitment_cell(cell_name(c))
        if state.board[c] >= 0:
            return violations.occupied_recruitment_cell(cell_name(c))
    if side_lost(*_placed(state, a.seat, card, a.path), a.seat):
        return violations.own_leader()
    return None


def _check_figure_action(state: State, a: Action) -> Violation | None:
    where = cell_name(a.piece) if 0 <= a.piece < len(CELLS) else str(a.piece)
    pid = state.board[a.piece] if 0 <= a.piece < len(state.board) else -1
    if pid < 0 or state.pieces[pid].owner != a.seat:
        return violations.not_your_figure(where)
    piece = state.pieces[pid]
    if piece.kind == "nemesis":
        return violations.nemesis_no_actions()
    if pid in state.acted:
        return violations.already_acted(where)
    if a.kind == _MOVE:
        if len(a.path) == 2 and not (piece.kind == "leader" and _vizier_for(state, a.seat)):
            return violations.no_vizier(where)
        moves = _moves_of(state, a)
        if moves is None:
            return violations.bad_vizier_move(where) if len(a.path) == 2 else violations.bad_move(where)
    else:
        if a.ability != piece.kind or a.ability not in ABILITIES:
            return violations.no_such_ability(where, str(a.ability), piece.kind)
        if is_jailed(state, pid):
            return violations.jailed(where)
        moves = _moves_of(state, a)
        if moves is None:
            if a.ability in ("royal-guard", "acrobat") and len(a.path) == 2 and a.path[1] == a.piece:
                return violations.back_to_start(a.ability, where)
            if (a.ability in MOVES_OTHERS and 0 <= a.target < len(CELLS)
                    and a.target in shielded_cells(state, a.seat) and (a.ability != "claw-launcher" or a.pull)):
                return violations.protected(cell_name(a.target))
            return violations.bad_target(str(a.ability), where)
    if not _keeps_own_leader(state, a.seat, moves):
        return violations.own_leader()
    return None
