"""Leaders (Czech *Vládci*) for two players: the kernel's Game protocol.

The rules are in :mod:`rules.leaders.engine` (flow, end, recruitment),
:mod:`rules.leaders.abilities` (one generator per ability), and the pure
predicates of :mod:`rules.leaders.board`, :mod:`rules.leaders.capture` and
:mod:`rules.leaders.restrictions` that the Z3 proofs run symbolically.

Records (setups and actions as JSON): :mod:`rules.leaders.records`; positions:
:mod:`rules.leaders.positions`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from rules.kernel.decisions import Decision, Decisions
from rules.kernel.game import TERMINAL, ChanceMode, GameBase, GameInfo, Information, Result, Turn
from rules.kernel.pictures import Picture
from rules.kernel.registry import implements
from rules.kernel.schema import load_fragment
from rules.kernel.text import Text
from rules.leaders import engine, records
from rules.leaders.board import CELLS, start_cell
from rules.leaders.characters import CARDS
from rules.leaders.commands import commands
from rules.leaders.explain import explain_step
from rules.leaders.panel import PANEL
from rules.leaders.pictures import draw
from rules.leaders.positions import position_from_json, position_notes, position_to_json
from rules.leaders.state import (
    ACTIONS,
    ADVANCED,
    BANISH,
    DISCOVERY,
    OVER,
    Action,
    Fate,
    Piece,
    Setup,
    State,
    View,
)
from rules.leaders.study import LeadersStudy

OFFER_SIZE = 3


#: How a lost leader fell, for the result's explanation.
_FATE = {
    Fate.CAPTURED: Text.of(cs="Vládce hráče {s} je zajat (leaders.end.captured).",
                           en="Seat {s}'s leader is captured (leaders.end.captured)."),
    Fate.SURROUNDED: Text.of(cs="Vládce hráče {s} je obklíčen (leaders.end.surrounded).",
                             en="Seat {s}'s leader is surrounded (leaders.end.surrounded)."),
}

#: The end condition a lost leader's fate names (``Result.rules``).
_FATE_RULE = {Fate.CAPTURED: "leaders.end.captured", Fate.SURROUNDED: "leaders.end.surrounded"}
#: The rule whose ruling leaves the game without a winner when both leaders fall at once.
_BOTH_FELL = "leaders.end.immediate"

_TURNS = (Turn.of(0), Turn.of(1))


class Leaders(GameBase[State, Action], LeadersStudy):  # scores, forced-win, bounds (decision 0026)
    """The game of Leaders (Czech *Vládci*) by Hugo Frénoy, for two players."""

    info = GameInfo(
        key="leaders",
        name=Text.of(cs="Vládci", en="Leaders"),
        players=(2,),
        chance=ChanceMode.SETUP,  # the Discovery deck is shuffled in the setup
        information=Information.IMPERFECT,  # the Discovery deck's order is hidden (see ``view``)
        languages=("cs", "en"),
    )
    panel = PANEL  # the in-page adjudicator's board (rules.leaders.panel, decision 0025)

    def __init__(self) -> None:
        #: ``rules leaders wins POSITION.json`` (:mod:`rules.leaders.wins`), run with this game
        self.commands = commands(self)

    # ------------------------------------------------------------------ setup

    @implements("leaders.setup.offer", "leaders.setup.first-player")
    def random_setup(self, rng: random.Random) -> Setup:
        """A random mode, first player and (Discovery) shuffled deck, all from ``rng``."""
        mode = rng.choice((DISCOVERY, ADVANCED))
        first = rng.randrange(2)
        if mode == ADVANCED:
            return Setup(ADVANCED, first)
        deck = list(CARDS)
        rng.shuffle(deck)
        return Setup(DISCOVERY, first, tuple(deck))

    def setup_from_json(self, data: Any, variant: Any = None) -> Setup:
        return records.setup_from_json(data, variant)

    def setup_to_json(self, setup: Setup) -> dict[str, Any]:
        return records.setup_to_json(setup)

    def action_from_json(self, data: Any) -> Action:
        return records.action_from_json(data)

    def action_to_json(self, a: Action) -> dict[str, Any]:
        return records.action_to_json(a)

    # ------------------------------------------------------------------ play

    @implements("leaders.setup.leaders", "leaders.setup.offer", "leaders.advanced.offer",
                "leaders.advanced.banish")
    def initial_state(self, setup: Setup) -> State:
        """Both leaders on their starting cells; Discovery: the top three cards face
        up; advanced: every card available and the first banishment round."""
        pieces = (Piece(0, "leader"), Piece(1, "leader"))
        cells = (start_cell(0), start_cell(1))
        board = [-1] * len(CELLS)
        for pid, c in enumerate(cells):
            board[c] = pid
        start = State(mode=setup.mode, first=setup.first, pieces=pieces, cells=cells, board=tuple(board),
                      player=setup.first, phase=ACTIONS)
        if setup.mode == ADVANCED:
            return attrs.evolve(start, phase=BANISH, offer=CARDS, banish_queue=(setup.first, 1 - setup.first),
                                banish_rounds=1)
        return attrs.evolve(start, offer=setup.deck[:OFFER_SIZE], deck=setup.deck[OFFER_SIZE:])

    # The flow of play is rules.leaders.engine's, exposed as it is (no call in between on the hot
    # path); GameBase guards legal_actions, check and successor against what is not the game's.
    legal_actions = staticmethod(engine.legal_actions)
    check = staticmethod(engine.check)
    successor = staticmethod(engine.successor)

    def turn(self, state: State) -> Turn:
        """The seat to move: the owner of a pending Nemesis, the banishing seat, or the player."""
        seat = state.to_move
        return TERMINAL if seat is None else _TURNS[seat]

    def is_terminal(self, state: State) -> bool:
        return state.phase == OVER

    def pending(self, state: State) -> Decisions:
        """Each Nemesis that must still move, the first one now (leaders.nemesis.forced-move)."""
        return tuple(Decision(state.pieces[pid].owner, "nemesis-move", "leaders.nemesis.forced-move", pid)
                     for pid in state.pending)

    def result(self, state: State) -> Result | None:
        """The winner and how each fallen leader fell; ``rules`` names each end condition met
        (``leaders.end.captured``, ``leaders.end.surrounded``) and, when both leaders fell at
        once, ``leaders.end.immediate``, whose ruling leaves the game without a winner."""
        if state.phase != OVER:
            return None
        lost = engine.lost_sides(state)
        fates = tuple(engine.leader_fate(state.pieces, state.board, state.cells, s) or Fate.CAPTURED for s in lost)
        lines = tuple(_FATE[fate].format(s=s) for s, fate in zip(lost, fates))
        decided_by = tuple(dict.fromkeys(_FATE_RULE[fate] for fate in fates))  # each end condition once
        if not state.winners:
            lines += (Text.of(cs="Oba vládci padli zároveň: hra nemá vítěze (rozhodnutí k leaders.end.immediate).",
                              en="Both leaders fell at once: no winner (ruling on leaders.end.immediate)."),)
            decided_by += (_BOTH_FELL,)
        return Result(state.winners, {"lost": list(lost)}, lines, rules=decided_by)

    def view(self, state: State, seat: int) -> View:
        """Everything but the order of the face-down Discovery deck."""
        return View(seat, state.mode, state.first, state.pieces, state.cells, state.player, state.phase,
                    state.to_move, state.acted, state.pending, state.offer, len(state.deck),
                    tuple(sorted(state.deck)), state.banished, state.turn, state.winners)

    def rehide(self, state: State, seat: int, rng: random.Random) -> State:
        """``state`` with the Discovery deck shuffled anew: its order is all a seat may not see."""
        deck = list(state.deck)
        rng.shuffle(deck)
        return attrs.evolve(state, deck=tuple(deck))

    def explain_step(self, before: State, action: Action, after: State) -> tuple[Text, ...]:
        return explain_step(before, action, after)

    # ------------------------------------------------------------------ positions

    def position_from_json(self, data: Any, variant: Any = None) -> State:
        return position_from_json(data, variant)

    def position_to_json(self, state: State) -> dict[str, Any]:
        return position_to_json(state)

    def position_notes(self, state: State) -> tuple[Text, ...]:
        return position_notes(state)

    def record_schema(self) -> dict[str, Any]:
        """Leaders' part of the record JSON Schema (rules/leaders/record.schema.json, decision 0013)."""
        return load_fragment("rules.leaders", "leaders")

    def draw_figure(self, figure: Mapping[str, Any], languages: Sequence[str]) -> Picture:
        """A worked example drawn and replayed: :class:`rules.kernel.pictures.Pictures` (decision record 0015)."""
        return draw(figure, languages)


LEADERS = Leaders()
"""The Leaders game object (it has no state of its own)."""

