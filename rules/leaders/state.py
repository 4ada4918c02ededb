"""Immutable models of a Leaders game: setup, actions, state, views.

Figures are numbered (piece ids) in the order they entered the board; a state
keeps, for each id, its owner and kind (``pieces``) and its cell (``cells``),
and for each of the 37 cells the id standing there or -1 (``board``). Actions
name the acting figure by its CELL (a position may hold two of a kind).
"""

from __future__ import annotations

import attrs

from rules.leaders.board import CELLS

DISCOVERY, ADVANCED = "discovery", "advanced"
BANISH, ACTIONS, RECRUITMENT, OVER = "banish", "actions", "recruitment", "over"

#: Action kinds.
MOVE, ABILITY, END, RECRUIT, BANISH_CARD, NEMESIS_MOVE = "move", "ability", "end", "recruit", "banish", "nemesis"


@attrs.frozen(slots=True)
class Piece:
    """One figure: its owner (seat 0 or 1) and character kind (``rider``, ``cub``...)."""

    owner: int
    kind: str


@attrs.frozen
class Setup:
    """A new game: the mode, the first player and (Discovery) the deck order, top first."""

    mode: str
    first: int
    deck: tuple[str, ...] = ()


@attrs.frozen(slots=True, cache_hash=True)
class Action:
    """One explicit choice. Cells are board indices (``rules.leaders.board.CELLS``).

    - ``move``: ``piece`` steps along ``path`` (one cell; two for a leader with a Vizier);
    - ``ability``: ``piece`` uses ``ability`` on ``target`` with destination(s) ``path``
      and, for the Claw Launcher, ``pull``;
    - ``end``: stop the action phase;
    - ``recruit``: take ``card`` and place its figures on ``cells`` (Hermit, then Cub);
    - ``banish``: remove ``card`` from the game (advanced mode);
    - ``nemesis``: the Nemesis on ``piece`` makes its forced move along ``path``.
    """

    seat: int
    kind: str
    piece: int = -1
    ability: str | None = None
    target: int = -1
    path: tuple[int, ...] = ()
    pull: bool = False
    card: str | None = None

    def __str__(self) -> str:
        def c(i: int) -> str:
            return str(list(CELLS[i]))

        if self.kind == END:
            return f"seat {self.seat} ends the action phase"
        if self.kind == RECRUIT:
            return f"seat {self.seat} recruits {self.card} on {', '.join(c(i) for i in self.path)}"
        if self.kind == BANISH_CARD:
            return f"seat {self.seat} banishes {self.card}"
        steps = " -> ".join(c(i) for i in self.path)
        if self.kind == MOVE:
            return f"seat {self.seat}: {c(self.piece)} moves to {steps}"
        if self.kind == NEMESIS_MOVE:
            return f"seat {self.seat}: Nemesis {c(self.piece)} moves to {steps or 'nowhere'}"
        out = f"seat {self.seat}: {self.ability} {c(self.piece)}"
        if self.target >= 0:
            out += f" on {c(self.target)}" + (" (pull)" if self.pull else "")
        if self.path:
            out += f" to {steps}"
        return out


@attrs.frozen(slots=True)
class State:
    """A whole Leaders position.

    ``player`` is whose turn it is; ``to_move`` who must choose now (the owner of
    a pending Nemesis, the banishing seat, or ``player``). ``acted`` holds the
    ids of the figures that acted this action phase; ``pending`` the Nemesis ids
    that must make their forced move before anything else. ``offer`` is the
    face-up offer (Discovery: up to three cards; advanced: every available card),
    ``deck`` the face-down Discovery deck, top first. ``turn`` counts turns from
    1 (the second player's first turn is turn 2). ``winners`` is set when the
    game is over (empty: no winner).
    """

    mode: str
    first: int
    pieces: tuple[Piece, ...]
    cells: tuple[int, ...]
    board: tuple[int, ...]
    player: int
    phase: str
    acted: frozenset[int] = frozenset()
    pending: tuple[int, ...] = ()
    recruits_left: int = 0
    offer: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    banished: tuple[str, ...] = ()
    banish_queue: tuple[int, ...] = ()
    banish_rounds: int = 0
    turn: int = 1
    winners: tuple[int, ...] = ()

    @property
    def to_move(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.pending:
            return self.pieces[self.pending[0]].owner
        if self.phase == BANISH:
            return self.banish_queue[0]
        return self.player

    def figures(self, seat: int) -> tuple[int, ...]:
        """The ids of ``seat``'s figures."""
        return tuple(i for i, p in enumerate(self.pieces) if p.owner == seat)


@attrs.frozen
class View:
    """What a seat may see: everything but the order of the face-down Discovery deck."""

    seat: int
    mode: str
    first: int
    pieces: tuple[Piece, ...]
    cells: tuple[int, ...]
    player: int
    phase: str
    to_move: int | None
    acted: frozenset[int]
    pending: tuple[int, ...]
    offer: tuple[str, ...]
    deck_size: int
    deck_cards: tuple[str, ...]  # the deck's cards, sorted: which are left is public, not their order
    banished: tuple[str, ...]
    turn: int
    winners: tuple[int, ...]
