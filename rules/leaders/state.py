"""Immutable models of a Leaders game: setup, actions, state, views.

Figures are numbered (piece ids) in the order they entered the board; a state
keeps, for each id, its owner and kind (``pieces``) and its cell (``cells``),
and for each of the 37 cells the id standing there or -1 (``board``). Actions
name the acting figure by its CELL (a position may hold two of a kind).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

import attrs

from rules.kernel.verdict import MalformedError
from rules.leaders.board import CELLS, N_CELLS
from rules.leaders.characters import CARDS, KINDS

if TYPE_CHECKING:  # the annotations name this module's ActionKind in full (the API pages have two)
    import rules.leaders.state

DISCOVERY, ADVANCED = "discovery", "advanced"
BANISH, ACTIONS, RECRUITMENT, OVER = "banish", "actions", "recruitment", "over"


class ActionKind(enum.StrEnum):
    """What an action does (as Claim's ``ActionKind``). A ``StrEnum``: each member is
    the word its record and its violations use (``"banish"``), compared at a string's cost."""

    MOVE = "move"  #: a figure steps (leaders.actions.move)
    ABILITY = "ability"  #: a figure uses its ability (leaders.actions.ability)
    END = "end"  #: the seat stops its action phase
    RECRUIT = "recruit"  #: a card is taken and its figures placed (leaders.recruit)
    BANISH = "banish"  #: advanced mode: a card leaves the game (leaders.advanced.banish)
    NEMESIS_MOVE = "nemesis"  #: a Nemesis makes its forced move (leaders.nemesis.forced-move)


class Fate(enum.StrEnum):
    """How a leader falls, which ends the game (an outcome, as python-chess's ``Termination``);
    each member is the word records and answers use."""

    CAPTURED = "captured"  #: leaders.end.captured
    SURROUNDED = "surrounded"  #: leaders.end.surrounded


def _action_kind(value: Any) -> ActionKind:
    """An :class:`ActionKind` from a member or its word (``"move"``); anything else is malformed."""
    if type(value) is ActionKind:
        return value
    try:
        return ActionKind(value)
    except ValueError:
        raise _bad("Action", "kind", value, f"one of {', '.join(ActionKind)}") from None


_CELL_INDICES = frozenset(range(N_CELLS))
_CELL_OR_NONE = _CELL_INDICES | {-1}
_KIND_SET = frozenset(KINDS)
_CARD_SET = frozenset(CARDS)


def _bad(cls: str, field: str, value: Any, expected: str, hint: str = "") -> MalformedError:
    return MalformedError(f"{cls}.{field} must be {expected}, not {value!r}{hint}")


def _cell_field(cls: str, field: str, value: Any, allow_none: bool) -> None:
    if type(value) is not int or not (value in _CELL_INDICES or (allow_none and value == -1)):
        hint = (f" (a [q, r] pair names a cell in JSON; here use rules.leaders.board.INDEX[{tuple(value)!r}])"
                if isinstance(value, (tuple, list)) and len(value) == 2 else "")
        raise _bad(cls, field, value, f"a cell index 0..{N_CELLS - 1}" + (" or -1" if allow_none else ""), hint)


@attrs.frozen(slots=True)
class Piece:
    """One figure: its owner (seat 0 or 1) and character kind (``rider``, ``cub``...)."""

    owner: int
    kind: str

    def __attrs_post_init__(self) -> None:
        if type(self.owner) is not int or self.owner not in (0, 1):
            raise _bad("Piece", "owner", self.owner, "seat 0 or 1")
        if self.kind not in _KIND_SET:
            raise _bad("Piece", "kind", self.kind, f"a character key ({', '.join(KINDS)})")


@attrs.frozen
class Setup:
    """A new game: the mode, the first player and (Discovery) the deck order, top first."""

    mode: str
    first: int
    deck: tuple[str, ...] = ()

    def __attrs_post_init__(self) -> None:
        if self.mode not in (DISCOVERY, ADVANCED):
            raise _bad("Setup", "mode", self.mode, "'discovery' or 'advanced'")
        if type(self.first) is not int or self.first not in (0, 1):
            raise _bad("Setup", "first", self.first, "seat 0 or 1")
        if not isinstance(self.deck, tuple) or any(c not in _CARD_SET for c in self.deck):
            raise _bad("Setup", "deck", self.deck, "a tuple of card keys")
        if self.mode == DISCOVERY and sorted(self.deck) != sorted(CARDS):
            raise _bad("Setup", "deck", self.deck, f"the {len(CARDS)} cards once each (leaders.setup.offer)")


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
    # qualified, so the API pages do not confuse it with another game's ActionKind
    kind: rules.leaders.state.ActionKind = attrs.field(converter=_action_kind)
    piece: int = -1
    ability: str | None = None
    target: int = -1
    path: tuple[int, ...] = ()
    pull: bool = False
    card: str | None = None

    def __attrs_post_init__(self) -> None:
        """Values checked on construction, so a wrong one is named here, not deep inside ``check``
        (one expression on the way through; :meth:`_refuse` names the wrong value)."""
        if (type(self.seat) is int and self.seat in (0, 1)
                and type(self.piece) is int and self.piece in _CELL_OR_NONE
                and type(self.target) is int and self.target in _CELL_OR_NONE
                and type(self.path) is tuple and _CELL_INDICES.issuperset(self.path)
                and type(self.pull) is bool and (self.ability is None or self.ability in _KIND_SET)
                and (self.card is None or self.card in _CARD_SET)
                and all(type(c) is int for c in self.path)):
            return
        self._refuse()

    def _refuse(self) -> None:
        if type(self.seat) is not int or self.seat not in (0, 1):
            raise _bad("Action", "seat", self.seat, "seat 0 or 1")
        _cell_field("Action", "piece", self.piece, True)
        _cell_field("Action", "target", self.target, True)
        if type(self.path) is not tuple:
            raise _bad("Action", "path", self.path, "a tuple of cell indices")
        for c in self.path:
            _cell_field("Action", "path", c, False)
        if type(self.pull) is not bool:
            raise _bad("Action", "pull", self.pull, "True or False")
        if self.ability is not None and self.ability not in _KIND_SET:
            raise _bad("Action", "ability", self.ability, "None or a character key")
        if self.card is not None and self.card not in _CARD_SET:
            raise _bad("Action", "card", self.card, "None or a card key")
        raise MalformedError(f"not a valid Leaders action: {self!r}")  # pragma: no cover (the checks above cover it)

    def __str__(self) -> str:
        def c(i: int) -> str:
            return str(list(CELLS[i]))

        if self.kind == ActionKind.END:
            return f"seat {self.seat} ends the action phase"
        if self.kind == ActionKind.RECRUIT:
            return f"seat {self.seat} recruits {self.card} on {', '.join(c(i) for i in self.path)}"
        if self.kind == ActionKind.BANISH:
            return f"seat {self.seat} banishes {self.card}"
        steps = " -> ".join(c(i) for i in self.path)
        if self.kind == ActionKind.MOVE:
            return f"seat {self.seat}: {c(self.piece)} moves to {steps}"
        if self.kind == ActionKind.NEMESIS_MOVE:
            return f"seat {self.seat}: Nemesis {c(self.piece)} moves to {steps or 'nowhere'}"
        out = f"seat {self.seat}: {self.ability} {c(self.piece)}"
        if self.target >= 0:
            out += f" on {c(self.target)}" + (" (pull)" if self.pull else "")
        if self.path:
            out += f" to {steps}"
        return out


_new = object.__new__
_set = object.__setattr__


def engine_action(seat: int, kind: rules.leaders.state.ActionKind, piece: int = -1, ability: str | None = None, target: int = -1,
                  path: tuple[int, ...] = (), pull: bool = False) -> Action:
    """An :class:`Action` from values the engine generated itself (cells from its own tables),
    built without checking them again: the hot path of ``legal_actions``. Callers outside the
    engine construct ``Action(...)``, which validates."""
    a = _new(Action)
    _set(a, "seat", seat)
    _set(a, "kind", kind)
    _set(a, "piece", piece)
    _set(a, "ability", ability)
    _set(a, "target", target)
    _set(a, "path", path)
    _set(a, "pull", pull)
    _set(a, "card", None)
    _set(a, "_attrs_cached_hash", None)
    return a


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
