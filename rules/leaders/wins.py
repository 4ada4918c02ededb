"""Could the player to move win within this action phase? A forced-win solver.

The player whose action phase it is (the *mover*) wins when the enemy leader is
captured or surrounded before the phase ends (leaders.goal,
leaders.end.immediate). Within a phase the mover chooses actions, one per figure
(leaders.actions.one-each); when a leader moves, each Nemesis of its enemy must
move (leaders.nemesis.forced-move), and when such a move has a choice of path it
is its OWNER's choice. So the phase is a game tree with two kinds of choice:

- the mover's (its actions, its own Nemesis' paths): one good choice suffices;
- the opponent's (their Nemesis' paths): the win must hold against every one.

A **forced win** is a strategy: my action; for each reply of the opponent, my
next action; ... ending in a capture or surround on every branch. Its length is
the number of the mover's actions on its longest branch (Nemesis moves cost no
action). :func:`forced_win` answers in order of usefulness: is there a forced
win (yes / no / unknown within the work limit), the shortest one (or, with
``mode="first"``, the first one found), and, with ``mode="all"``, one shortest
strategy for every first action that wins.

The search (docs/decisions/0014-leaders-forced-win-search.md):

- iterative deepening on the mover's action count ``d`` = 1, 2, ... up to the
  number of figures that may still act; the first ``d`` with a win is the
  shortest; when even that bound has no win, there is none (a proof);
- an AND-OR depth-first search: OR over the mover's choices, AND over the
  opponent's Nemesis paths;
- a transposition table keyed on (placement, acted figures, pending Nemeses)
  (:func:`compact_key`, :func:`rules.leaders.engine.phase_key` in bytes) holding, per key, the largest depth
  proven to have no win and the smallest proven to have one;
- move ordering: actions that end the game first, then those that change the
  enemy leader's surroundings, then the rest;
- pruning with the last action (``d == 1``): an action whose relocations start
  and end outside the enemy leader's zone (the cells within two steps,
  :data:`rules.leaders.board.ZONE`) and move no leader cannot win: the enemy
  leader's fate depends on that zone only, and no Nemesis is set moving; a
  figure whose every option stays that far is skipped without generating its
  options (:func:`_reach`). ``tests/leaders/test_leaders_solver.py`` checks,
  exhaustively on small positions, that the result equals a plain minimax
  enumeration without pruning, memo or ordering;
- bounded work: a node limit and an optional deadline; past either the answer
  is ``unknown`` with the depth completed and the nodes searched.

:func:`winning_sequences` / :func:`count_winning_sequences` keep the older,
plain listing of every winning action sequence (each flagged when it passes
through an opponent's choice, :func:`needs_opponent`).
"""

from __future__ import annotations

import enum
import functools
import time
from array import array
from collections.abc import Iterator
from typing import Any, Literal

import attrs

import rules.leaders.state
from rules.kernel.verdict import MalformedError
from rules.leaders.board import CELLS, DISTANCE, NEIGHBOURS, RAYS, STEP, ZONE
from rules.leaders.capture import CAPTURE_RING, WEIGHT
from rules.leaders.characters import ACTIVE_KINDS, CODE
from rules.leaders.engine import (
    PhaseKey,
    action_phase_options,
    apply_action_phase,
    leader_fate,
    legal_actions,
    nemesis_paths,
    phase_key,
    successor,
)
from rules.leaders.records import action_to_json
from rules.leaders.state import ACTIONS, OVER, Action, ActionKind, Fate, State

Mode = Literal["shortest", "first", "all"]

#: Default work limits of :func:`forced_win` (nodes: positions expanded by the search).
DEFAULT_NODE_LIMIT = 1_000_000
DEFAULT_ALL_LIMIT = 20

#: The action kinds this module compares on its hot path, as module globals: reading a
#: global costs a tenth of the enum attribute ``ActionKind.MOVE`` (a descriptor call).
_END, _NEMESIS_MOVE = ActionKind.END, ActionKind.NEMESIS_MOVE


# --------------------------------------------------------------------------- the answer


class Status(enum.StrEnum):
    """What :func:`forced_win` found (an outcome, as python-chess's ``Termination``)."""

    WIN = "win"  #: a forced win exists
    NO_WIN = "no-win"  #: proven: none within the phase
    UNKNOWN = "unknown"  #: the work limit ran out first


class Limit(enum.StrEnum):
    """The work limit that stopped a search (``--nodes``, ``--timeout``)."""

    NODES = "nodes"
    TIME = "time"


@attrs.frozen
class Win:
    """The game ended: ``loser``'s leader is ``fate`` (``captured`` or ``surrounded``);
    ``rules`` are the rule IDs that decide it."""

    loser: int
    fate: Fate
    rules: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"win": {"loser": self.loser, "fate": self.fate, "rules": list(self.rules)}}


@attrs.frozen
class Move:
    """The mover's choice (an action of the phase, or its own Nemesis' path), then ``then``."""

    # qualified, so the API page does not confuse it with another game's Action
    action: rules.leaders.state.Action
    then: Line

    def to_json(self) -> dict[str, Any]:
        return {"action": action_to_json(self.action), "then": self.then.to_json()}


@attrs.frozen
class Replies:
    """The opponent's Nemesis on ``cell`` must move and its owner ``seat`` chooses the path:
    for every path, how the mover goes on."""

    seat: int
    cell: int
    branches: tuple[tuple[rules.leaders.state.Action, Line], ...]

    def to_json(self) -> dict[str, Any]:
        return {"replies": {"seat": self.seat, "cell": list(_cell(self.cell)),
                            "branches": [{"action": action_to_json(a), "then": t.to_json()}
                                         for a, t in self.branches]}}


Line = Win | Move | Replies


def _cell(i: int) -> tuple[int, int]:
    return CELLS[i]


def strategy_length(line: Line) -> int:
    """The mover's actions on the longest branch of ``line`` (its own Nemesis' paths are free)."""
    if isinstance(line, Win):
        return 0
    if isinstance(line, Move):
        return (line.action.kind != _NEMESIS_MOVE) + strategy_length(line.then)
    return max(strategy_length(t) for _, t in line.branches)


@attrs.frozen
class ForcedWin:
    """The answer of :func:`forced_win`.

    - ``status``: ``"win"`` (a forced win exists), ``"no-win"`` (proven: none within the
      phase), ``"unknown"`` (the work limit ran out first);
    - ``strategy``: the shortest forced win (``mode="first"``: the first found), its
      ``length`` in the mover's actions;
    - ``strategies``: with ``mode="all"``, one shortest strategy per winning first choice,
      shortest first (at most ``limit``; ``truncated`` when there were more);
    - ``depth_completed``: every strategy of up to this many mover actions was searched
      (for ``no-win``: the number of figures that could still act);
    - ``nodes``: positions the search expanded; ``limit_hit``: ``"nodes"`` or ``"time"``
      when the answer is ``unknown`` (or ``all`` stopped early).
    """

    status: Status
    mover: int
    strategy: Line | None = None
    length: int | None = None
    strategies: tuple[Line, ...] = ()
    truncated: bool = False
    depth_completed: int = 0
    nodes: int = 0
    limit_hit: Limit | None = None
    mode: Mode = "shortest"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"status": self.status, "mover": self.mover, "mode": self.mode,
                               "length": self.length,
                               "strategy": self.strategy.to_json() if self.strategy is not None else None,
                               "depth_completed": self.depth_completed, "nodes": self.nodes,
                               "limit_hit": self.limit_hit}
        if self.mode == "all":
            out["strategies"] = [{"length": strategy_length(s), "strategy": s.to_json()} for s in self.strategies]
            out["truncated"] = self.truncated
        return out


# --------------------------------------------------------------------------- what decides a win


def win_rules(state: State, loser: int, last: Action | None, mover: int) -> Win:
    """How ``loser``'s leader fell in the finished ``state``, with the rules that decide it:
    the end condition, the character rules of the figures that weigh (the Assassin alone,
    the Archer at two cells, leaders.end.captured's ordinary weight), the forced Nemesis move
    when a Nemesis made the last move, and leaders.end.own-leader's exception when a
    player's own Nemesis lost their leader."""
    fate = leader_fate(state.pieces, state.board, state.cells, loser) or Fate.CAPTURED
    rules: list[str] = []
    if fate is Fate.CAPTURED:
        rules.append("leaders.end.captured")
        for i, p in enumerate(state.pieces):
            if p.owner != loser or p.kind != "leader":
                continue
            for k, x in CAPTURE_RING[state.cells[i]]:
                j = state.board[x]
                if j >= 0 and state.pieces[j].owner != loser and WEIGHT[CODE[state.pieces[j].kind]][k] > 0:
                    kind = state.pieces[j].kind
                    if kind in ("assassin", "archer"):
                        rules.append(f"leaders.{kind}")
    else:
        rules.append("leaders.end.surrounded")
    if last is not None and last.kind == _NEMESIS_MOVE:
        rules.append("leaders.nemesis.forced-move")
        if last.seat == loser:
            rules.append("leaders.end.own-leader")
    rules.append("leaders.end.immediate")
    return Win(loser, fate, tuple(dict.fromkeys(rules)))


# --------------------------------------------------------------------------- the search


class _OutOfWork(Exception):
    def __init__(self, why: Limit) -> None:
        self.why = why


_INF = 1 << 30
#: Kinds whose own options reach at most this many cells from where they stand (a leader
#: is handled apart: its moves set Nemeses moving). Absent kinds reach anywhere.
_SELF_REACH = {"acrobat": 4, "rider": 2, "bruiser": 2, "archer": 1, "assassin": 1, "jailer": 1, "protector": 1,
               "vizier": 1, "hermit": 1, "cub": 1}


def _reach(kind: str) -> int:
    """How far from its cell any option of a figure of ``kind`` can relocate a figure (moves,
    pushes); ``_INF`` for abilities that act along whole lines or anywhere (Illusionist, Claw
    Launcher, Manipulator, Wanderer, Royal Guard) and for the Brewmaster, which may move its
    own leader (setting the opponent's Nemesis moving)."""
    return _SELF_REACH.get(kind, _INF)


#: Abilities that may move an ENEMY figure (so possibly the enemy leader): with none of them
#: left to act, the enemy leader stays where it is for the rest of the phase.
_MOVES_ENEMIES = frozenset({"bruiser", "illusionist", "claw-launcher", "manipulator"})

#: The abilities that move an enemy figure ONE cell and no mover's figure but the actor by one
#: cell (leaders.bruiser: onto the pushed enemy's cell; leaders.manipulator: the enemy only).
#: With only these left among :data:`_MOVES_ENEMIES`, the enemy leader ends within one cell per
#: such action of where it stands (:func:`lower_bound`).
_ONE_CELL_MOVERS = frozenset({"bruiser", "manipulator"})


#: How far a figure's OWN action can carry it (a leader: 1, 2 with a Vizier on its side; a
#: Bruiser steps onto the cell of the enemy it pushes, a Manipulator's ability moves the enemy
#: only); absent kinds (Royal Guard, Wanderer, Illusionist, Claw Launcher) anywhere.
_OWN_REACH = {"acrobat": 4, "rider": 2, "bruiser": 1, "brewmaster": 1, "archer": 1, "assassin": 1, "jailer": 1,
              "protector": 1, "vizier": 1, "hermit": 1, "cub": 1, "manipulator": 1}


def _relocations(gap: int, own: int, pushes: int) -> int:
    """The fewest relocations that bring a figure ``gap`` steps closer (at least one): its own
    action covers up to ``own`` steps (0: it cannot act), each Brewmaster push one step, at most
    ``pushes`` of them; ``_INF`` when impossible."""
    best = _INF
    if own > 0:
        extra = max(0, gap - own)
        if extra <= pushes:
            best = 1 + extra
    if max(gap, 1) <= pushes:
        best = min(best, max(gap, 1))
    return best


def lower_bound(s: State, mover: int) -> int:
    """A lower bound on the mover's actions still needed to win from ``s`` (running, nothing
    pending); 1 when no better bound is known.

    Sound when one enemy leader stands on the board and the mover has at most one Claw
    Launcher that may still act, and not together with an Illusionist (a pull may carry
    either anywhere first). Then the enemy leader ends the phase on a cell ``c*`` within ``r``
    steps of its cell ``c``, ``r`` the mover's Bruisers and Manipulators that may still act
    and can reach it (each moves one enemy one cell, leaders.bruiser, leaders.manipulator; a
    Bruiser only from next to it, a Manipulator only along its lines: decision 0029), or,
    when an Illusionist of the mover may still act (leaders.illusionist: it swaps places with
    a figure), within ``r`` steps of the cell the Illusionist stands on when it swaps (its
    cell, or as many cells off as Brewmasters may push it), or where a Claw Launcher may pull
    it (:func:`_pulls`); with none of them (the *stationary* case) ``c* == c``. The bound is
    the least over those cells of :func:`_bound_at`.
    """
    enemy = 1 - mover
    pieces, cells, acted = s.pieces, s.cells, s.acted
    leaders = [cells[i] for i, p in enumerate(pieces) if p.owner == enemy and p.kind == "leader"]
    if len(leaders) != 1:
        return 1
    c = leaders[0]
    movers = 0
    bruisers: list[int] = []  # the cells of the mover's Bruisers that may still act
    manipulators: list[int] = []  # the cells of the mover's Manipulators that may still act
    swaps: list[int] = []  # the cells of the mover's Illusionists that may still act
    claws: list[int] = []  # the cells of the mover's Claw Launchers that may still act
    brews: list[int] = []  # the cells of the mover's Brewmasters that may still act
    for i, p in enumerate(pieces):
        if p.owner == mover and i not in acted:
            if p.kind == "illusionist":
                swaps.append(cells[i])
            elif p.kind == "claw-launcher":
                claws.append(cells[i])
            elif p.kind in _ONE_CELL_MOVERS:
                movers += 1
                (bruisers if p.kind == "bruiser" else manipulators).append(cells[i])
            elif p.kind == "brewmaster":
                brews.append(cells[i])
    if len(claws) > 1 or (claws and swaps):
        return 1  # a pull may carry a Claw Launcher or an Illusionist anywhere first: no bound known
    brewmasters = len(brews)
    # A Bruiser pushes the enemy leader only from next to it, and its push is its action: it
    # gets there only by Brewmasters' pushes, or the leader comes by the other movers' actions
    # (it comes within ``movers`` cells of ``c`` when the others move the leader first)
    # (or a Claw Launcher on ``u``, pushed by every Brewmaster, pulls one of them next to itself
    # first: the leader, then the Bruiser must come near ``u``; the Bruiser, seen in line, then
    # the leader)
    far = 0 if swaps else sum(
        1 for b in bruisers
        if DISTANCE[b][c] - 1 > movers - 1 + _useful_pushes(b, DISTANCE[c], movers, 0, tuple(brews), brewmasters)
        and not any(DISTANCE[u][b] <= 1 + 2 * brewmasters + movers
                    or (DISTANCE[u][c] <= 1 + brewmasters + movers
                        and (not _stands(u, brews) or _on_a_line(u, b, brewmasters))) for u in claws))
    pushers = movers - far  # the actions that may move the enemy leader itself
    # A Manipulator moves an enemy it sees in line (leaders.manipulator), and its move is its
    # action: one that no Brewmaster can ever reach sees the leader only if the other movers
    # bring it onto one of its lines first
    pushers -= 0 if swaps or claws else sum(
        1 for u in manipulators if _stands(u, brews) and not _on_a_line(u, c, pushers - 1))
    row = DISTANCE[c]
    pulls = _pulls(s, mover, c, claws[0], (pushers, movers), brews) if claws else {}
    sight = _sight(s, mover, c, movers, tuple(brews), tuple(claws)) if not swaps else (-1, frozenset())
    targets = [t for t in range(len(row)) if row[t] <= pushers
               or any(DISTANCE[u][t] <= movers + brewmasters for u in swaps) or t in pulls]
    targets.sort(key=row.__getitem__)  # c first
    best = _INF
    for target in targets:
        best = min(best, _bound_at(s, mover, c, target, movers, (pushers, len(bruisers) - far), tuple(brews),
                                   tuple(swaps), tuple(claws), pulls.get(target, {}), sight))
        if best <= 1:
            break
    return max(1, best)


def _bound_at(s: State, mover: int, c: int, target: int, movers: int, pushing: tuple[int, int],
              brews: tuple[int, ...], swaps: tuple[int, ...] = (), claws: tuple[int, ...] = (),
              pull: dict[tuple[int, int], int] | None = None,
              sight: tuple[int, frozenset[int] | None] = (-1, frozenset())) -> int:
    """The fewest of the mover's actions that can end the phase with the enemy leader (now on
    ``c``) captured or surrounded on ``target``, counted as follows (0: it already is).

    Every mover's action that is not a Bruiser's or Manipulator's ability relocates exactly
    one figure (the actor, or the Brewmaster's ally); the enemy's figures stand still but for
    their Nemeses (set moving, for free, when the mover's leader moves) and those moved by the
    ``movers`` Bruisers and Manipulators that may still act (at most one enemy each); the
    mover's Nemesis moves for free when the enemy leader moves (leaders.nemesis.forced-move),
    else only when a Brewmaster pushes it. Each figure needs at least :func:`_relocations`
    actions to come within reach of ``target`` (its own action once, up to its
    :data:`_OWN_REACH`, at least the one step every figure may make: a Wanderer's ability
    lands no nearer than two cells from the enemy leader while it stands still, anywhere once
    it may move; a Royal Guard's within two cells of its leader, which itself moves at most a
    step or two and one cell per push (or is swapped to an Illusionist's cell),
    leaders.royal-guard; and one step per push of another
    Brewmaster that may still act; an Acrobat that nothing else moves lands only on the cells
    of :func:`_hops`, over figures that stand or can come there and never on an enemy that
    stands still; a figure beside an enemy Jailer that stands still only steps, leaders.jailer),
    and distinct figures need distinct actions, so:

    - a surround (leaders.end.surrounded) brings a figure into each of the ``e`` empty
      neighbours of ``target`` (``c`` is empty once the leader left it): at least the ``e``
      cheapest entries of figures outside them, of which some may be enemies moved in by
      Bruisers or Manipulators: each such action moves one enemy one cell, so only enemies
      within ``1 + spare`` cells of ``target`` can enter, ``spare`` the actions of those
      figures not needed to move the leader, and at most ``spare`` of them (counted as free:
      the bound only gets lower). ``spare`` is counted per way the leader comes to
      ``target`` (decision 0037): a Manipulator's move of the leader, before or
      after a pull, spends its action;
    - a capture (leaders.end.captured) adds the missing weight ``2 - w``: the cheapest
      Assassin to bring adjacent, or the two cheapest figures of weight one (an Archer: to the
      nearest of the six cells two steps in line), or one when one weight is missing;
    - moving the leader from ``c`` to ``target`` by Bruisers and Manipulators takes at least
      their distance in their actions (``c`` is then empty). A Manipulator moves no figure of
      its own side, so with no Bruiser to act these actions come on top of the entries (a
      Manipulator that moves the leader does not also step in: counting its step among the
      entries only lowers the bound); a Bruiser's push relocates the Bruiser too, so with one
      the larger of the two counts.

    An Illusionist that may still act (its cells ``swaps``) swaps places with a visible
    figure once (leaders.illusionist). A swap leaves the same cells occupied, but it may carry
    any figure to the Illusionist's cell (as many cells off as Brewmasters may push it), so a
    figure's cost is also the swap plus its relocations from there; and it may carry the
    enemy leader there, so ``target`` may be any cell near an Illusionist: one action, the
    swap, on top of the rest unless ``c``, where the Illusionist lands (not empty then), is
    next to ``target`` (the swap may then be the Illusionist's entry: the larger counts); and
    any enemy may have been swapped near enough to be pushed in. One swap relocates two
    figures and may make both weigh: a capture by two figures of weight one then counts the
    dearer of the two only.

    Decision 0041 adds: a Claw Launcher that nothing else moves steps or slides along its lines
    (:func:`_launches`), and acts once, so at most one of the costs counted uses it
    (:func:`_one_use`); Manipulators that move the leader (no Bruiser) are spent, none relocates
    itself; and one Manipulator that nothing moves moves the leader only in its sight
    (:func:`_sight`, ``sight``: its cell and the mover's figures on its line to ``c``), once
    those figures have left; and a figure one step from weighing waits for a Cub of the mover
    that holds every cell that step reaches to leave first (:func:`_held_by_a_cub`).
    """
    pieces, cells, acted = s.pieces, s.cells, s.acted
    brewmasters = len(brews)
    vizier = False
    for p in pieces:
        if p.owner == mover and p.kind == "vizier":
            vizier = True
            break
    board, row = s.board, DISTANCE[target]
    own_leaders = [cells[i] for i, p in enumerate(pieces) if p.owner == mover and p.kind == "leader"]
    ring = {x: k for k, x in CAPTURE_RING[target]}
    empty = sum(1 for n in NEIGHBOURS[target] if board[n] < 0)
    pushers, bruisers = pushing
    leader_moves = pushers > 0 or bool(swaps) or bool(claws)
    # how near a swap (onto the Illusionist's cell) or a pull (next to the Claw Launcher) may
    # carry a figure, the Illusionist or Claw Launcher pushed first by every Brewmaster
    via = [max(0, row[u] - brewmasters) for u in swaps] + [max(0, row[u] - 1 - brewmasters) for u in claws]
    carried = 1 if swaps or claws else 0  # the figures' costs with a swap or pull may count
    # with nothing of the mover left to move an enemy, the enemy's figures but the Nemeses stand
    # where they are: a figure that walks goes round them (:func:`_walks`)
    walls = frozenset(cells[i] for i, p in enumerate(pieces) if p.owner != mover and p.kind != "nemesis")
    walk = None if movers or swaps or claws else _walks(target, walls)
    jailers = [cells[i] for i, p in enumerate(pieces) if p.owner != mover and p.kind == "jailer"]
    # per figure outside the neighbours: the actions to bring it in, without and with a swap
    # (and the same two once the Manipulators that may act have spent their actions moving the
    # leader: their own relocations gone, decision 0041)
    # (and the figure's index, -1 for an enemy)
    enter: list[tuple[int, int, int, int, int]] = []
    others: list[tuple[int, bool]] = []  # per enemy Bruisers or Manipulators may push in: its distance, not a leader
    ones: list[tuple[int, int, int, int, int]] = []  # per figure of weight one not weighing yet: the actions to make it weigh
    twos: list[tuple[int, int, int, int, int]] = []
    weight = 0
    manipulators = 0  # the mover's Manipulators that may still act
    # the cells whose Cubs' leaving the bound may count elsewhere: on a Manipulator's line to
    # the leader (:func:`_sight`) or on a Claw Launcher's lines (:func:`_launches`)
    held = frozenset(cells[j] for j in (sight[1] or ())).union(*(_LINES[w] | set(NEIGHBOURS[w]) for w in claws))
    claw = -1  # the mover's Claw Launcher that may still act
    for i, p in enumerate(pieces):
        x = cells[i]
        if x == c:
            continue  # the enemy leader itself
        dist = row[x]
        if p.owner != mover:
            if p.kind == "nemesis" and dist > 1:
                enter.append((0, 0, 0, 0, -1))
            else:
                others.append((dist, p.kind != "leader"))
            continue
        pushes = brewmasters - (p.kind == "brewmaster" and i not in acted)
        pushes_in = pushes_weigh = pushes
        if pushes and not swaps and not claws:  # only the pushes of Brewmasters on its way count
            reach = _own_range(p.kind, i in acted, vizier)
            pushes_in = _useful_pushes(x, row, 1, reach, brews, pushes)
            pushes_weigh = _useful_pushes(x, row, 2 if p.kind == "archer" else 1, reach, brews, pushes)
        free = False
        if p.kind == "nemesis":
            own, free = 0, leader_moves
        elif i in acted:
            own = 0
        elif p.kind == "leader":
            own = 2 if vizier else 1
        elif p.kind == "wanderer":  # its ability lands anywhere but next to an enemy; or it steps
            own = max(1, dist - 2) if not leader_moves else _INF
        elif p.kind == "royal-guard":  # its ability lands within two cells of its leader; or it steps
            leader_reach = (2 if vizier else 1) + brewmasters
            # (a swap may carry its leader to an Illusionist's cell first)
            # (or pull it next to a Claw Launcher's)
            closest = max(1, min(row[y] for y in (*own_leaders, *swaps, *claws)) - leader_reach - 2 - bool(claws))
            own = max(1, dist - closest)
        else:
            own = _OWN_REACH.get(p.kind, _INF)
        # a Claw Launcher that pulls does not move itself: with a pull, it moves only if pushed
        pulling = bool(claws) and p.kind == "claw-launcher" and i not in acted
        if pulling:
            claw = i
        walks = walk is not None and p.kind in _WALKERS
        if walk is not None and not brewmasters and p.kind in ACTIVE_KINDS and i not in acted and any(
                DISTANCE[x][j] == 1 for j in jailers):
            # beside an enemy Jailer that stands still, and nothing moves it away before it acts:
            # no ability (leaders.jailer), only a step
            own, walks = 1, True
        # an Acrobat that nothing but its own action moves lands on a few cells only (:func:`_hops`)
        hops = p.kind == "acrobat" and i not in acted and not brewmasters and not (walks and own == 1)
        lands_near = hops and any(row[y] == 1 for y in _hops(x, *((walls, _holders(s, mover, i, vizier))
                                                                  if walk is not None else (frozenset(), None))))
        spendable = p.kind == "manipulator" and i not in acted
        manipulators += spendable
        # a Claw Launcher that nothing but its own action moves lands on its lines or steps
        launch = _launches(s, mover, x, target, movers > 0, sight[1] or frozenset()) if (
            p.kind == "claw-launcher" and i not in acted and not brewmasters and not swaps) else None
        if dist > 1:
            plain = 0 if free else (1 if lands_near else _INF) if hops else launch[0] if launch else _relocations(
                walk[x] if walks else dist - 1, own, pushes_in)  # type: ignore[index]
            swap = _relocations(dist - 1, 0, pushes) if pulling else _swapped(plain, via, 1, own, pushes)
            if spendable:
                spent = _relocations(dist - 1, 0, pushes_in)
                enter.append((plain, swap, spent, _swapped(spent, via, 1, 0, pushes), i))
            else:
                enter.append((plain, swap, plain, swap, i))
        code = CODE[p.kind]
        k = ring.get(x)
        if k is not None and WEIGHT[code][k] > 0:
            weight += WEIGHT[code][k]
            continue
        best = max(WEIGHT[code])
        if best == 0:
            continue
        need_dist = 2 if p.kind == "archer" else 1
        if need_dist == 2:  # an Archer weighs only on the six cells two steps in line (leaders.archer)
            gap = min((DISTANCE[x][y] for k, y in CAPTURE_RING[target]
                       if k >= 6 and (walk is None or y not in walls)), default=_INF)
        else:
            gap = walk[x] if walks else max(0, dist - 1)  # type: ignore[index]
        plain = 0 if free else (1 if lands_near else _INF) if hops else launch[1] if launch else _relocations(
            gap, own, pushes_weigh)
        if plain == 1 and gap == 1 and own == 1 and not brewmasters and not swaps and need_dist == 1 and not hops:
            # one step, onto a cell next to both: when a Cub of the mover holds every such cell, it
            # leaves first, by an action that makes nothing weigh (decision 0041)
            steps = [y for y in NEIGHBOURS[x] if ring.get(y, 6) < 6]
            plain += bool(steps) and all(_held_by_a_cub(s, mover, y, held) for y in steps)
        swap = _relocations(gap, 0, pushes) if pulling else _swapped(plain, via, need_dist, own, pushes)
        if spendable:
            spent = _relocations(gap, 0, pushes_weigh)
            (twos if best >= 2 else ones).append((plain, swap, spent, _swapped(spent, via, need_dist, 0, pushes), i))
        else:
            (twos if best >= 2 else ones).append((plain, swap, plain, swap, i))

    def fill(e: int, swapped: int, spare: int, spent: bool = False, blockers: frozenset[int] = frozenset()) -> int:
        """The cheaper of the surround (``e`` cells to fill) and the capture; ``swapped``: 1 when
        a swap may carry a figure, 0 when the only Illusionist swaps the leader; ``spent``: every
        Manipulator that may act moves the leader, so none relocates itself by its own action
        (one action per figure, leaders.actions.one-each); ``spare``: the
        actions of Bruisers and Manipulators this way of winning leaves free to push enemies in
        (each one enemy one cell, so only enemies within ``1 + spare`` cells count, as free
        entries, at most ``spare`` of them; with a Claw Launcher, any other enemy may be pulled in
        by its one action); ``blockers``: the mover's figures that must leave a Manipulator's line
        first, each by an action of its own (:func:`_sight`): one that comes in or weighs may
        do it on its way, the others add one each."""
        pushable = sum(1 for dist, other in others if 1 < dist <= 1 + spare or (swaps and other))
        pulled = sum(1 for dist, other in others if claws and dist > 1 and not (dist <= 1 + spare or (swaps and other)))
        column = swapped + 2 * spent
        entries = sorted([max(0, x[column] - 1) if x[4] in blockers else x[column] for x in enter]
                         + [0] * min(spare, pushable) + [_INF if swapped == 0 else 1] * pulled)
        weak = sorted(max(0, x[column] - 1) if x[4] in blockers else x[column] for x in ones)
        strong = min((max(0, x[column] - 1) if x[4] in blockers else x[column] for x in twos), default=_INF)
        if swapped and claws and not swaps:
            # the Claw Launcher acts once: it pulls one figure, or moves itself, not both
            # (leaders.actions.one-each), so at most one of the costs counted may use it
            def ways(xs: list[tuple[int, int, int, int, int]]) -> list[tuple[int, int]]:
                out = []
                for x in xs:
                    lose = int(x[4] in blockers)
                    plain, carried = max(0, x[column - 1] - lose), max(0, x[column] - lose)
                    # the Claw Launcher's own move uses it; its other cost (pushed) does not
                    out.append((carried, plain) if x[4] == claw else (plain, carried))
                return out
            entries = [_one_use(ways(enter) + [(0, 0)] * min(spare, pushable) + [(_INF, 1)] * pulled, e)]
            e = 1
            weak = [_one_use(ways(ones), 1), _one_use(ways(ones), 2) - _one_use(ways(ones), 1)] if len(ones) >= 2 \
                else [_one_use(ways(ones), 1)] if ones else []
        if weight >= 2:
            capture = 0
        elif weight == 1:
            capture = min(weak[0] if weak else _INF, strong)
        else:
            # one swap may bring two figures to weigh at once (an Archer out to two cells in
            # line, the Illusionist in beside the leader): then only the dearer of the two counts
            # (a pull relocates one figure only)
            pair = (weak[1] if swapped and swaps else weak[0] + weak[1]) if len(weak) >= 2 else _INF
            capture = min(strong, pair)
        return len(blockers) + min(sum(entries[:e]) if len(entries) >= e else _INF, capture)

    best = _INF
    if row[c] <= pushers:  # Bruisers and Manipulators carry the leader there; ``c`` is left empty
        # (at least ``row[c]`` of their actions; each of a Manipulator's moves only the leader)
        spare = movers if bruisers or swaps else movers - row[c]
        # with no Bruiser to push it, Manipulators move the leader, one each: all spent when
        # there are no more of them than its moves
        spent = not bruisers and not swaps and 0 < manipulators <= row[c]
        # one such Manipulator that nothing moves sees the leader on ``c`` only once the mover's
        # figures in between have left (``None``: it never sees it there)
        clearing = sight[1] if spent and manipulators == 1 else frozenset()
        if clearing is not None:
            rest = fill(empty + (row[c] == 1), carried, spare, spent, clearing)
            if claws:  # the Claw Launcher's action pulls a figure, or it does not: the cheaper
                rest = min(rest, fill(empty + (row[c] == 1), 0, spare, spent, clearing))
            best = max(row[c], rest) if bruisers else row[c] + rest
    if any(DISTANCE[u][target] <= movers + brewmasters for u in swaps):  # a swap carries it near
        rest = fill(empty, 1 if len(swaps) > 1 else 0, movers)  # ``c`` holds the Illusionist
        best = min(best, max(1, rest) if row[c] <= 1 else 1 + rest)
    for (before, landing), cost in (pull or {}).items():
        # a pull carries it near: the pull (and what clears its line), every entry without one;
        # with Manipulators only, their ``moved`` moves of the leader come on top (they move
        # no figure of the mover) and leave ``movers - moved`` of them to push enemies in;
        # ``before`` of them come before the pull, the others from ``landing`` on (-1: not known)
        moved = before + (DISTANCE[landing][target] if landing >= 0 else 0)
        if bruisers:
            best = min(best, max(cost, 1 + fill(empty, 0, movers)))
            continue
        spent = 0 < manipulators <= moved
        blockers: frozenset[int] | None = frozenset()
        if spent and manipulators == 1 and sight[0] >= 0:
            # the one Manipulator, which nothing moves, moves the leader once: from ``c`` before
            # the pull, once its line is clear, or from ``landing`` after it, in its sight
            blockers = sight[1] if before else frozenset() if landing in _LINES[sight[0]] else None
        if blockers is not None:
            best = min(best, moved + max(cost, 1 + fill(empty, 0, movers - moved, spent, blockers)))
    return best


def _held_by_a_cub(s: State, mover: int, y: int, counted: frozenset[int]) -> bool:
    """Does a Cub of the mover (it weighs nothing: leaders.hermit-cub.cub-no-capture) stand on ``y``, a cell
    whose leaving the bound does not count elsewhere (``counted``)? A figure stepping there
    waits for it to leave, an action of its own."""
    j = s.board[y]
    return j >= 0 and y not in counted and s.pieces[j].owner == mover and s.pieces[j].kind == "cub"


def _one_use(ways: list[tuple[int, int]], e: int) -> int:
    """The least sum of ``e`` of the ``ways`` (per figure: its cost without the one action that
    may serve only one of them, and with it) when at most one figure uses that action."""
    if len(ways) < e:
        return _INF
    alone = sorted(w[0] for w in ways)
    best = sum(alone[:e])
    for k, (without, used) in enumerate(ways):
        if used >= without:
            continue
        rest = sorted(w[0] for j, w in enumerate(ways) if j != k)
        best = min(best, used + sum(rest[:e - 1]))
    return best


def _stands(u: int, brews: tuple[int, ...] | list[int]) -> bool:
    """A figure on ``u`` that does not act to move itself stays there for the rest of the phase
    when no Illusionist or Claw Launcher of its side may act and no Brewmaster (``brews``) can
    ever come next to it (a Brewmaster moves only when another pushes it: :func:`_shift`)."""
    return all(DISTANCE[y][u] - 1 > _shift(y, brews) for y in brews)


def _on_a_line(u: int, c: int, slack: int) -> bool:
    """Does a line from ``u`` pass, beyond the cell next to ``u``, within ``slack`` cells of
    ``c`` (where a figure must be for an ability aiming along lines at figures not adjacent to
    see it: leaders.keywords.visible)?"""
    row = DISTANCE[c]
    return any(row[r] <= slack for ray in RAYS[u] for r in ray[1:])


def _pulls(s: State, mover: int, c: int, u: int, moving: tuple[int, int],
           brews: list[int]) -> dict[int, dict[tuple[int, int], int]]:
    """The cells where the enemy leader (on ``c``) may end after the Claw Launcher on ``u``
    pulled it, each with, per number of the leader's one-cell moves by Bruisers and
    Manipulators on the way (0 when not known), the fewest other actions of the mover that
    takes, when ``moving =
    (movers, others)``: ``movers`` Bruisers and Manipulators that may move the leader, ``others``
    that may move other enemies, and the Brewmasters on ``brews`` may still act
    (leaders.claw-launcher: it pulls a visible figure in line, not adjacent, until it is next
    to the launcher).

    When no Brewmaster can reach the launcher (:func:`_stands`), it pulls from ``u``: the
    leader, moved ``movers`` cells at most in all, stands ``m`` cells from ``c`` on one of the
    launcher's lines beyond its first cell, lands on that first cell and may go on ``movers -
    m`` cells from there (``m`` plus those cells are its moves). Each of the mover's figures on
    the line up to the leader must leave first, by an action (one action relocates one of the
    mover's figures here: a Bruiser or a Manipulator moves an enemy); with no Bruiser or
    Manipulator at all, an enemy figure there other than a Nemesis cannot leave at all.
    Otherwise the launcher and the leader move ``movers`` and ``len(brews)`` cells between them
    at most, so the leader lands within ``1 +`` that many cells of ``u``, for one action at
    least."""
    movers, others = moving
    if not _stands(u, brews):
        return {t: {(0, -1): 1} for t in range(len(DISTANCE)) if DISTANCE[u][t] <= 1 + movers + len(brews)}
    out: dict[int, dict[tuple[int, int], int]] = {}
    board, pieces, row = s.board, s.pieces, DISTANCE[c]
    for ray in RAYS[u]:
        cost = 1  # the pull, and one action for each of the mover's figures in the way
        for k, x in enumerate(ray):
            if k and row[x] <= movers:  # the leader may be pulled from ``x``
                for t in range(len(DISTANCE)):
                    if DISTANCE[ray[0]][t] <= movers - row[x]:
                        ways = out.setdefault(t, {})
                        way = (row[x], ray[0])
                        ways[way] = min(ways.get(way, _INF), cost)
            j = board[x]
            if j >= 0 and pieces[j].owner == mover:
                cost += 1
            elif j >= 0 and not others and pieces[j].kind != "nemesis":
                break  # an enemy in the way that nothing can move
    return out


def _sight(s: State, mover: int, c: int, movers: int, brews: tuple[int, ...],
           claws: tuple[int, ...]) -> tuple[int, frozenset[int] | None]:
    """When the mover has one Manipulator that may act and nothing can move it (no Brewmaster
    can come next to it, :func:`_stands`; no Claw Launcher that may act can pull it: each stands
    and has it on none of its lines; no Illusionist may act), the figures of the mover between it
    and the enemy leader on ``c``: the leader can be moved from ``c`` by it only once they have
    all left (leaders.manipulator: a visible enemy in line, not adjacent;
    leaders.keywords.visible), each by an action that relocates it (one figure an action, and
    the Manipulator's moves none of the mover's), with its cell. ``None`` when it never sees
    ``c``: not on its lines, or an enemy in the way that nothing moves (no other Bruiser or
    Manipulator, no Claw Launcher, not a Nemesis). ``(-1, frozenset())`` when not known (no such
    Manipulator, or it may be moved)."""
    pieces, board = s.pieces, s.board
    found = [i for i, p in enumerate(pieces) if p.owner == mover and p.kind == "manipulator" and i not in s.acted]
    if len(found) != 1:
        return -1, frozenset()
    u = s.cells[found[0]]
    if not _stands(u, brews) or any(not _stands(w, brews) or u in _LINES[w] for w in claws):
        return -1, frozenset()
    for ray in RAYS[u]:
        if c not in ray[1:]:
            continue
        out = set()
        for y in ray[:ray.index(c)]:
            j = board[y]
            if j < 0:
                continue
            if pieces[j].owner == mover:
                out.add(j)
            elif pieces[j].kind != "nemesis" and movers <= 1 and not claws:
                return u, None
        return u, frozenset(out)
    return u, None


#: Per cell, the cells on its lines beyond the first (where an ability aiming along lines at a
#: figure that is not adjacent may find it: leaders.keywords.visible).
_LINES = tuple(frozenset(y for ray in RAYS[u] for y in ray[1:]) for u in range(len(RAYS)))


def _launches(s: State, mover: int, x: int, target: int, enemies_move: bool,
              counted: frozenset[int]) -> tuple[int, int]:
    """The fewest of the mover's actions that bring its Claw Launcher on ``x``, which nothing but
    its own action moves (no Brewmaster or Illusionist of the mover may act), next to ``target``:
    (into a cell next to it, to weigh there). Its own action is a step (leaders.actions.move) or a
    slide along one of its lines towards a visible figure (leaders.claw-launcher), so it lands on a
    neighbour of ``x`` or on a cell of a line from ``x``, and slides only over empty cells: each of
    the mover's figures of no weight on the line before that cell must leave first, by an action
    of its own that makes no figure weigh (decision 0041; one that may weigh could be counted
    among the capture's actions, so it is not counted here); an enemy there that nothing of the
    mover moves (``enemies_move``) and that is no Nemesis never leaves. ``_INF``: not at all.
    ``counted``: figures whose leaving the bound counts elsewhere (:func:`_sight`), not here."""
    near = NEIGHBOURS[target]
    enter = weigh = 1 if any(y in near for y in NEIGHBOURS[x]) else _INF
    board, pieces = s.board, s.pieces
    for ray in RAYS[x]:
        blockers = 0
        for y in ray:
            if y in near:
                enter = 1
                weigh = min(weigh, 1 + blockers)
            j = board[y]
            if j < 0:
                continue
            q = pieces[j]
            if q.owner == mover:
                blockers += max(WEIGHT[CODE[q.kind]]) == 0 and j not in counted
            elif q.kind != "nemesis" and q.kind != "leader" and not enemies_move:
                break  # an enemy that stands where it is
    return enter, weigh


def _own_range(kind: str, acted: bool, vizier: bool) -> int:
    """How far in any direction a figure's own action can still carry it: 0 when it has acted
    (or is a Nemesis, which never acts: leaders.nemesis.no-actions), a leader one cell (two with a
    Vizier, leaders.vizier), a kind of :data:`_OWN_REACH` its reach, any other (Royal Guard,
    Wanderer, Illusionist, Claw Launcher) anywhere."""
    if acted or kind == "nemesis":
        return 0
    if kind == "leader":
        return 2 if vizier else 1
    return _OWN_REACH.get(kind, _INF)


#: Kinds every relocation of which (its own action, a Brewmaster's push) is a path of steps through
#: empty cells: a step, a Rider's two cells in line, a leader's two steps with a Vizier
#: (leaders.actions.move, leaders.rider, leaders.vizier, leaders.brewmaster). An Acrobat jumps
#: over figures; a Wanderer and a Royal Guard land far off.
_WALKERS = frozenset(_OWN_REACH) - {"acrobat"} | {"leader", "nemesis"}


@functools.lru_cache(maxsize=4096)
def _walks(target: int, blocked: frozenset[int]) -> tuple[int, ...]:
    """Per cell, the fewest steps to a neighbour of ``target`` through cells outside ``blocked``
    (the cells of figures that will not move; ``_INF``: none), by a breadth-first search."""
    far = [_INF] * len(DISTANCE)
    frontier = [n for n in NEIGHBOURS[target] if n not in blocked]
    for n in frontier:
        far[n] = 0
    steps = 0
    while frontier:
        steps += 1
        nxt = []
        for x in frontier:
            for n in NEIGHBOURS[x]:
                if far[n] == _INF and n not in blocked:
                    far[n] = steps
                    nxt.append(n)
        frontier = nxt
    return tuple(far)


@functools.lru_cache(maxsize=4096)
def _hops(start: int, walls: frozenset[int], holders: frozenset[int] | None) -> frozenset[int]:
    """The cells an Acrobat on ``start`` may end on by its own action when nothing else moves
    it: a step to a neighbour, or one or two jumps, each over an adjacent figure to the cell
    beyond it in line, not ending where it began (leaders.acrobat). A jump moves it by twice a
    direction, so it stays on the cells ``start`` plus twice a sum of at most two directions.
    ``walls``: cells that stay occupied, so it never lands there; ``holders``: the cells that
    may hold a figure to jump over when it jumps (``None``: any cell may)."""
    out = {n for n in NEIGHBOURS[start] if n not in walls}
    for d in range(6):
        over = STEP[start][d]
        land = STEP[over][d] if over >= 0 else -1
        if land < 0 or land in walls or (holders is not None and over not in holders):
            continue
        out.add(land)
        for e in range(6):
            over2 = STEP[land][e]
            land2 = STEP[over2][e] if over2 >= 0 else -1
            if land2 < 0 or land2 == start or land2 in walls or (holders is not None and over2 not in holders):
                continue
            out.add(land2)
    return frozenset(out)


def _holders(s: State, mover: int, acrobat: int, vizier: bool) -> frozenset[int] | None:
    """The cells where a figure may stand when the Acrobat ``acrobat`` jumps over it, while
    nothing of the mover moves an enemy and no Brewmaster of the mover may push: those occupied
    now, and those another figure of the mover can reach by its own action (:func:`_own_range`);
    ``None`` (any cell) when the enemy has a Nemesis (it moves whenever the mover's leader
    does, leaders.nemesis.forced-move) or a figure of the mover may land anywhere."""
    pieces, cells, acted = s.pieces, s.cells, s.acted
    out = {x for x in range(len(s.board)) if s.board[x] >= 0}
    for j, q in enumerate(pieces):
        if q.owner != mover and q.kind == "nemesis":
            return None
        if q.owner == mover and j != acrobat:
            reach = _own_range(q.kind, j in acted, vizier)
            if reach >= _INF:
                return None
            row = DISTANCE[cells[j]]
            out.update(y for y in range(len(row)) if row[y] <= reach)
    return frozenset(out)


def _useful_pushes(x: int, row: tuple[int, ...], need: int, reach: int, brews: tuple[int, ...], pushes: int) -> int:
    """How many of the ``pushes`` Brewmasters' pushes (``brews``: their cells) can help a figure
    on ``x`` come within ``need`` cells of the cell whose distances are ``row``, when no
    Illusionist or Claw Launcher of the mover may act.

    A Brewmaster pushes only an ally next to it (leaders.brewmaster), one cell, and stands still
    unless another Brewmaster pushes it (its own move would spend its action; without an
    Illusionist or Claw Launcher nothing else of the mover relocates an ally, and the enemy's
    figures move only themselves), which that one can do only once the two met, each moved at
    most once by every other Brewmaster: so the Brewmaster on ``y`` ends at most ``shift``
    cells from ``y``, ``shift`` the other Brewmasters within ``1 + len(brews) - 2`` cells of it.
    The figure travels at most ``reach`` cells by its own action and one per push it receives,
    and to be pushed by the Brewmaster on ``y`` it passes next to it; so the way from ``x`` past
    ``y`` to within ``need`` of the goal, at least
    ``DISTANCE[x][y] - 1 - shift + row[y] - 1 - shift - need`` cells, fits in
    ``reach + pushes``."""
    slack = reach + pushes + 2 + need
    return sum(1 for y in brews if y != x and DISTANCE[y][x] + row[y] <= slack + 2 * _shift(y, brews))


def _shift(y: int, brews: tuple[int, ...] | list[int]) -> int:
    """How many cells the Brewmaster on ``y`` may still be pushed (one of ``brews``, the cells of
    the mover's Brewmasters that may act, when no Illusionist or Claw Launcher of the mover may):
    one per other Brewmaster that can come next to it, each moved at most once by every
    remaining one (leaders.brewmaster)."""
    return sum(1 for z in brews if z != y and DISTANCE[y][z] - 1 <= len(brews) - 2)


def _swapped(cost: int, via: list[int], need: int, own: int, pushes: int) -> int:
    """A figure's ``cost`` to come within ``need`` cells of the target, or less when an
    Illusionist's swap may first carry it to ``via`` cells from there (the swap, then its own
    relocations: :func:`_bound_at`)."""
    for near in via:
        cost = min(cost, 1 if near <= need else 1 + _relocations(near - need, own, pushes))
    return cost


def compact_key(s: State) -> tuple[bytes, int, tuple[int, ...]]:
    """:func:`rules.leaders.engine.phase_key` in a compact form for the solver's table: the board
    as 37 signed bytes, the acted figures as a bit mask, the pending Nemeses (the same
    information, about a quarter of the memory per entry)."""
    mask = 0
    for i in s.acted:
        mask |= 1 << i
    return array("b", s.board).tobytes(), mask, s.pending


class _Solver:
    """One search from one root: the mover, the table, the work counters."""

    def __init__(self, mover: int, node_limit: int, deadline: float | None, prune: bool = True) -> None:
        self.mover = mover
        self.node_limit = node_limit
        self.deadline = deadline
        self.prune = prune
        self.nodes = 0
        #: key -> (largest depth proven without a win, smallest depth proven with one)
        self.table: dict[tuple[bytes, int, tuple[int, ...]], tuple[int, int]] = {}

    # ---------------------------------------------------------------- helpers

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise _OutOfWork(Limit.NODES)
        if self.deadline is not None and not self.nodes & 255 and time.monotonic() > self.deadline:
            raise _OutOfWork(Limit.TIME)

    def actors_left(self, s: State) -> int:
        """How many of the mover's figures may still act (the Nemesis never does)."""
        return sum(1 for i, p in enumerate(s.pieces)
                   if p.owner == self.mover and i not in s.acted and p.kind != "nemesis")

    def children(self, s: State, d: int) -> Iterator[tuple[Action, State]]:
        """The mover's options in ``s`` (not pending), ordered, pruned when ``d == 1``."""
        enemy = 1 - self.mover
        enemy_leaders = [s.cells[i] for i, p in enumerate(s.pieces) if p.owner == enemy and p.kind == "leader"]
        zone = ZONE[enemy_leaders[0]] if len(enemy_leaders) == 1 else frozenset().union(
            *(ZONE[c] for c in enemy_leaders))
        last = self.prune and d == 1
        skip: frozenset[int] = frozenset()
        if last:
            skip = frozenset(i for i, p in enumerate(s.pieces)
                             if p.owner == self.mover and p.kind != "leader"
                             and min(DISTANCE[s.cells[i]][c] for c in enemy_leaders) > 2 + _reach(p.kind))
        near: list[tuple[Action, tuple[tuple[int, int], ...], int]] = []
        rest: list[tuple[Action, tuple[tuple[int, int], ...], int]] = []
        for a, moves, pid in action_phase_options(s, skip):
            touching = any(c in zone or s.cells[q] in zone for q, c in moves)
            if touching:
                near.append((a, moves, pid))
            elif not last or any(s.pieces[q].kind == "leader" for q, _ in moves):
                rest.append((a, moves, pid))
            # else: the last action cannot change the enemy leader's fate (module docstring)
        later: list[tuple[Action, State]] = []
        for a, moves, pid in near:  # those that end the game first, the others after
            t = apply_action_phase(s, moves, pid)
            if t.phase == OVER:
                yield a, t
            else:
                later.append((a, t))
        yield from later
        for a, moves, pid in rest:
            yield a, apply_action_phase(s, moves, pid)

    def replies(self, s: State) -> tuple[int, list[tuple[Action, State]]]:
        pid = s.pending[0]
        owner = s.pieces[pid].owner
        out = []
        for path in nemesis_paths(s, pid):
            a = Action(owner, _NEMESIS_MOVE, s.cells[pid], path=path)
            out.append((a, successor(s, a)))
        return owner, out

    # ---------------------------------------------------------------- AND-OR search

    def value(self, t: State, d: int) -> bool:
        if t.phase == OVER:
            return t.winners == (self.mover,)
        if t.phase != ACTIONS or t.player != self.mover:
            return False
        return self.wins(t, d)

    def wins(self, s: State, d: int) -> bool:
        """Does the mover force a win from ``s`` (running, the mover's phase) within ``d`` actions?"""
        d = min(d, self.actors_left(s))
        key = compact_key(s)
        lo, hi = self.table.get(key, (-1, _INF))
        if d >= hi:
            return True
        if d <= lo:
            return False
        self._tick()
        if s.pending:
            owner, kids = self.replies(s)
            if owner == self.mover:
                result = any(self.value(t, d) for _, t in kids)
            else:
                result = all(self.value(t, d) for _, t in kids)
        elif d == 0 or (self.prune and d > 1 and lower_bound(s, self.mover) > d):
            result = False
        else:
            result = any(self.value(t, d - 1) for _, t in self.children(s, d))
        lo, hi = self.table.get(key, (-1, _INF))
        self.table[key] = (lo, min(hi, d)) if result else (max(lo, d), hi)
        return result

    def shortest(self, s: State, d: int) -> int:
        """The smallest ``k <= d`` with a forced win from ``s`` within ``k`` actions (``s`` wins within ``d``)."""
        for k in range(d + 1):
            if self.wins(s, k):
                return k
        raise AssertionError("shortest() on a position without a win within d")  # pragma: no cover

    # ---------------------------------------------------------------- strategies

    def line(self, t: State, d: int, last: Action | None, shortest: bool) -> Line:
        """A strategy from ``t``, which wins within ``d`` (``shortest``: each of the mover's
        choices takes the fewest actions possible from there)."""
        if t.phase == OVER:
            return win_rules(t, 1 - self.mover, last, self.mover)
        if shortest:
            d = self.shortest(t, d)
        if t.pending:
            owner, kids = self.replies(t)
            if owner != self.mover:
                return Replies(owner, t.cells[t.pending[0]],
                               tuple((a, self.line(u, d, a, shortest)) for a, u in kids))
            for a, u in kids:
                if self.value(u, d):
                    return Move(a, self.line(u, d, a, shortest))
        else:
            for a, u in self.children(t, d):
                if self.value(u, d - 1):
                    return Move(a, self.line(u, d - 1, a, shortest))
        raise AssertionError("line() on a position without a win within d")  # pragma: no cover


def forced_win(state: State, *, mode: Mode = "shortest", limit: int = DEFAULT_ALL_LIMIT,
               node_limit: int = DEFAULT_NODE_LIMIT, timeout: float | None = None,
               prune: bool = True) -> ForcedWin:
    """Can the player whose action phase it is force a win before it ends? (see the module docstring)

    ``mode``: ``"shortest"`` (default: the fewest of the mover's actions, found by iterative
    deepening), ``"first"`` (the first forced win found, searched at full depth), ``"all"``
    (one shortest strategy for each first choice that wins, at most ``limit``).
    ``node_limit`` bounds the positions expanded and ``timeout`` (seconds) the time; past
    either, the status is ``"unknown"`` with how far the search got. ``prune=False``
    switches off the last-action pruning (for the tests that compare).
    """
    if not isinstance(state, State):
        raise MalformedError(f"forced_win needs a Leaders State, not {type(state).__name__}: {state!r}")
    if mode not in ("shortest", "first", "all"):
        raise MalformedError(f"mode must be 'shortest', 'first' or 'all', not {mode!r}")
    for name, value in (("node_limit", node_limit), ("limit", limit)):
        if type(value) is not int or value < 1:
            raise MalformedError(f"{name} must be a positive integer, not {value!r}")
    if timeout is not None and (not isinstance(timeout, (int, float)) or timeout <= 0):
        raise MalformedError(f"timeout must be a positive number of seconds, not {timeout!r}")
    mover = state.player
    if state.phase != ACTIONS:  # over, recruitment or banishment: no action phase to win in
        won = state.phase == OVER and state.winners == (mover,)
        return ForcedWin(Status.NO_WIN if not won else Status.WIN, mover, mode=mode,
                         strategy=win_rules(state, 1 - mover, None, mover) if won else None,
                         length=0 if won else None, strategies=(), depth_completed=0)
    deadline = time.monotonic() + timeout if timeout is not None else None
    solver = _Solver(mover, node_limit, deadline, prune)
    top = solver.actors_left(state)
    done = -1
    try:
        if mode == "first":
            if solver.wins(state, top):
                line = solver.line(state, top, None, shortest=False)
                return ForcedWin(Status.WIN, mover, line, strategy_length(line), depth_completed=top,
                                 nodes=solver.nodes, mode=mode)
            return ForcedWin(Status.NO_WIN, mover, depth_completed=top, nodes=solver.nodes, mode=mode)
        for d in range(top + 1):
            if solver.wins(state, d):
                line = solver.line(state, d, None, shortest=True)
                if mode == "shortest":
                    return ForcedWin(Status.WIN, mover, line, d, depth_completed=d, nodes=solver.nodes, mode=mode)
                return _all(solver, state, line, d, top, limit)
            done = d
        return ForcedWin(Status.NO_WIN, mover, depth_completed=top, nodes=solver.nodes, mode=mode)
    except _OutOfWork as out:
        return ForcedWin(Status.UNKNOWN, mover, depth_completed=max(done, 0), nodes=solver.nodes, limit_hit=out.why,
                         mode=mode)


def _all(solver: _Solver, state: State, best: Line, d: int, top: int, limit: int) -> ForcedWin:
    """Every first choice of the mover that forces a win, each with its shortest strategy."""
    mover = state.player
    found: list[Line] = []
    truncated = False
    hit = None
    try:
        if state.pending and state.to_move != mover:  # the opponent chooses first: one strategy answers all
            return ForcedWin(Status.WIN, mover, best, d, (best,), depth_completed=d, nodes=solver.nodes, mode="all")
        if state.pending:
            _, kids = solver.replies(state)
            first = [(a, t, 0) for a, t in kids]
        else:
            first = [(a, t, 1) for a, t in solver.children(state, top)]
        for a, t, cost in first:
            if not solver.value(t, top - cost):
                continue
            if len(found) >= limit:
                truncated = True
                break
            found.append(Move(a, solver.line(t, top - cost, a, shortest=True)))
    except _OutOfWork as out:
        truncated, hit = True, out.why
    found.sort(key=strategy_length)
    return ForcedWin(Status.WIN, mover, best, d, tuple(found), truncated, depth_completed=d, nodes=solver.nodes,
                     limit_hit=hit, mode="all")


def winning_first_choices(state: State, within: int, node_limit: int = DEFAULT_NODE_LIMIT) -> tuple[Action, ...] | None:
    """The mover's first choices (in search order) that start a forced win of at most ``within``
    of its actions; ``None`` when the node limit ran out. With ``within`` the shortest length,
    one choice means the shortest win is unique (the puzzle suite's criterion)."""
    if state.phase != ACTIONS or (state.pending and state.to_move != state.player):
        return ()
    solver = _Solver(state.player, node_limit, None)
    try:
        if state.pending:
            _, kids = solver.replies(state)
            return tuple(a for a, t in kids if solver.value(t, within))
        return tuple(a for a, t in solver.children(state, within) if solver.value(t, within - 1))
    except _OutOfWork:
        return None


def plain_forced_win_length(state: State) -> int | None:
    """The shortest forced win by plain minimax over ``legal_actions``: no table, no ordering,
    no pruning (exponential; the reference the tests compare :func:`forced_win` with)."""
    mover = state.player

    def win(s: State, d: int) -> bool:
        if s.phase == OVER:
            return s.winners == (mover,)
        if s.phase != ACTIONS or s.player != mover:
            return False
        moves = [a for a in legal_actions(s) if a.kind != _END]
        if s.pending:
            kids = (win(successor(s, a), d) for a in moves)
            return any(kids) if s.to_move == mover else all(kids)
        return d > 0 and any(win(successor(s, a), d - 1) for a in moves)

    if state.phase != ACTIONS:
        return None
    top = sum(1 for i, p in enumerate(state.pieces) if p.owner == mover and i not in state.acted
              and p.kind != "nemesis")
    return next((d for d in range(top + 1) if win(state, d)), None)


def check_strategy(state: State, line: Line) -> int:
    """Play ``line`` from ``state`` against every reply it lists, checking each step is legal,
    that the replies are exactly the opponent's choices and that every branch ends in a
    win of the mover; returns the length. ``AssertionError`` otherwise (for the tests)."""
    mover = state.player
    if isinstance(line, Win):
        assert state.phase == OVER and state.winners == (mover,), "a branch does not end in a win"
        return 0
    if isinstance(line, Move):
        assert state.phase != OVER and state.to_move == mover, "the mover is not to choose here"
        assert line.action in legal_actions(state), f"illegal step {line.action}"
        return (line.action.kind != _NEMESIS_MOVE) + check_strategy(successor(state, line.action), line.then)
    assert state.pending and state.to_move == line.seat != mover, "no opponent's choice here"
    choices = set(legal_actions(state))
    assert {a for a, _ in line.branches} == choices, "the replies are not all of the opponent's choices"
    return max(check_strategy(successor(state, a), t) for a, t in line.branches)


# --------------------------------------------------------------------------- every winning sequence (plain)


class _Sequences:
    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.memo: dict[PhaseKey, int] = {}

    def children(self, s: State) -> Iterator[tuple[Action, State]]:
        for a in legal_actions(s):
            if a.kind != _END:
                yield a, successor(s, a)

    def count(self, s: State) -> int:
        key = phase_key(s)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        total = 0
        for _, t in self.children(s):
            total += self.value(t)
        self.memo[key] = total
        return total

    def value(self, t: State) -> int:
        if t.phase == OVER:
            return 1 if t.winners == (self.mover,) else 0
        return self.count(t)

    def walk(self, s: State, prefix: tuple[Action, ...]) -> Iterator[tuple[Action, ...]]:
        for a, t in self.children(s):
            if self.value(t) == 0:
                continue
            if t.phase == OVER:
                yield prefix + (a,)
            else:
                yield from self.walk(t, prefix + (a,))


def needs_opponent(state: State, sequence: tuple[Action, ...]) -> bool:
    """Does ``sequence`` pass through a choice of the opponent (their Nemesis' path)?
    Such a sequence wins only if the opponent chooses that way (a forced win answers
    every such choice: :func:`forced_win`)."""
    return any(a.seat != state.player for a in sequence)


def count_winning_sequences(state: State) -> int:
    """How many action sequences of this action phase win for the player whose turn it is."""
    if state.phase != ACTIONS:
        return 0
    return _Sequences(state.player).count(state)


def winning_sequences(state: State, limit: int | None = None) -> tuple[tuple[Action, ...], ...]:
    """Every winning action sequence of the current action phase (at most ``limit``), in the
    order of ``legal_actions``; a sequence stops at its winning action."""
    if state.phase != ACTIONS:
        return ()
    out: list[tuple[Action, ...]] = []
    for seq in _Sequences(state.player).walk(state, ()):
        if limit is not None and len(out) >= limit:
            break
        out.append(seq)
    return tuple(out)
