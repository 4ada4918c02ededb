"""Leaders (Czech *Vládci*) for two players: the kernel's Game protocol.

The rules are in :mod:`rules.leaders.engine` (flow, end, recruitment),
:mod:`rules.leaders.abilities` (one generator per ability), and the pure
predicates of :mod:`rules.leaders.board`, :mod:`rules.leaders.capture` and
:mod:`rules.leaders.restrictions` that the Z3 proofs run symbolically.

Records: ``"setup": {"mode": "discovery"|"advanced", "first": 0|1, "deck": [16 card keys, top first]}``
(advanced: no deck). Positions: see :mod:`rules.leaders.positions`. Actions (JSON)::

    {"seat": 0, "piece": [q, r], "move": [[q, r]]}                 one step (two for a leader with a Vizier)
    {"seat": 0, "piece": [q, r], "ability": "rider", "to": [q, r]}   rider, wanderer
    {"seat": 0, "piece": [q, r], "ability": "acrobat", "path": [[q, r], ...]}   acrobat (landings), royal-guard
    {"seat": 0, "piece": [q, r], "ability": "bruiser", "target": [q, r], "to": [q, r]}   bruiser (push cell),
                                                                        manipulator, brewmaster
    {"seat": 0, "piece": [q, r], "ability": "illusionist", "target": [q, r]}
    {"seat": 0, "piece": [q, r], "ability": "claw-launcher", "target": [q, r], "pull": false}
    {"seat": 0, "end": "actions"}                                    stop the action phase
    {"seat": 0, "recruit": "hermit-cub", "cells": [[q, r], [q, r]]}  Hermit's cell, then Cub's
    {"seat": 0, "banish": "acrobat"}                                 advanced mode
    {"seat": 1, "piece": [q, r], "nemesis": [[q, r], [q, r]]}        a Nemesis forced move ("piece" optional)
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
from rules.kernel.verdict import MalformedError, Violation
from rules.leaders import engine
from rules.leaders.board import CELLS, start_cell
from rules.leaders.characters import CARDS, KINDS
from rules.leaders.commands import commands
from rules.leaders.explain import explain_step
from rules.leaders.notation import action_to_json, parse_cell
from rules.leaders.pictures import draw
from rules.leaders.positions import position_from_json, position_notes, position_to_json
from rules.leaders.state import (
    ACTIONS,
    ADVANCED,
    BANISH,
    DISCOVERY,
    OVER,
    Action,
    ActionKind,
    Fate,
    Piece,
    Setup,
    State,
    View,
)

OFFER_SIZE = 3


def _parse_cells(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise MalformedError(f"{where} must be a list of cells [q, r]")
    return tuple(parse_cell(v, f"{where}[{i}]") for i, v in enumerate(value))


def _seat(data: Mapping[str, Any]) -> int:
    seat = data.get("seat")
    if type(seat) is not int or seat not in (0, 1):
        raise MalformedError(f"seat must be 0 or 1, not {seat!r}")
    return seat


def _card(value: Any, where: str) -> str:
    if value not in CARDS:
        raise MalformedError(f"{where} must be a card key ({', '.join(CARDS)}), not {value!r}")
    return str(value)



#: How a lost leader fell, for the result's explanation.
_FATE = {
    Fate.CAPTURED: Text.of(cs="Vládce hráče {s} je zajat (leaders.end.captured).",
                        en="Seat {s}'s leader is captured (leaders.end.captured)."),
    Fate.SURROUNDED: Text.of(cs="Vládce hráče {s} je obklíčen (leaders.end.surrounded).",
                          en="Seat {s}'s leader is surrounded (leaders.end.surrounded)."),
}

_TURNS = (Turn.of(0), Turn.of(1))


class Leaders(GameBase[State, Action]):
    """The game of Leaders (Czech *Vládci*) by Hugo Frénoy, for two players."""

    info = GameInfo(
        key="leaders",
        name=Text.of(cs="Vládci", en="Leaders"),
        players=(2,),
        chance=ChanceMode.SETUP,  # the Discovery deck is shuffled in the setup
        information=Information.IMPERFECT,  # the Discovery deck's order is hidden (see ``view``)
        languages=("cs", "en"),
    )

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
        if variant is not None:
            raise MalformedError("Leaders has no variants; the mode is part of the setup")
        if not isinstance(data, Mapping):
            raise MalformedError("'setup' must be an object with mode, first and (Discovery) deck")
        unknown = sorted(set(data) - {"mode", "first", "deck"})
        if unknown:
            raise MalformedError(f"setup: unknown field(s) {', '.join(unknown)}")
        mode = data.get("mode")
        if mode not in (DISCOVERY, ADVANCED):
            raise MalformedError(f"setup.mode must be 'discovery' or 'advanced', not {mode!r}")
        first = data.get("first")
        if type(first) is not int or first not in (0, 1):
            raise MalformedError("setup.first must be seat 0 or 1 (leaders.setup.first-player)")
        if mode == ADVANCED:
            if "deck" in data:
                raise MalformedError("setup.deck: the advanced mode has no deck (leaders.advanced.offer)")
            return Setup(ADVANCED, first)
        deck = data.get("deck")
        if not isinstance(deck, list) or sorted(map(str, deck)) != sorted(CARDS) or len(deck) != len(CARDS):
            raise MalformedError(f"setup.deck must list the {len(CARDS)} character cards once each, top first "
                                 f"(leaders.setup.offer): {', '.join(CARDS)}")
        return Setup(DISCOVERY, first, tuple(deck))

    def setup_to_json(self, setup: Setup) -> dict[str, Any]:
        out: dict[str, Any] = {"mode": setup.mode, "first": setup.first}
        if setup.mode == DISCOVERY:
            out["deck"] = list(setup.deck)
        return out

    def action_from_json(self, data: Any) -> Action:
        if not isinstance(data, Mapping):
            raise MalformedError(f"an action is a JSON object, not {data!r}")
        seat = _seat(data)
        keys = set(data) - {"seat"}

        def only(*allowed: str) -> None:
            extra = sorted(keys - set(allowed))
            if extra:
                raise MalformedError(f"unexpected field(s) {', '.join(extra)} in {dict(data)!r}")

        if "end" in keys:
            only("end")
            if data["end"] != "actions":
                raise MalformedError("'end' must be \"actions\" (stop the action phase)")
            return Action(seat, ActionKind.END)
        if "recruit" in keys:
            only("recruit", "cells")
            return Action(seat, ActionKind.RECRUIT, card=_card(data["recruit"], "recruit"),
                          path=_parse_cells(data.get("cells"), "cells"))
        if "banish" in keys:
            only("banish")
            return Action(seat, ActionKind.BANISH, card=_card(data["banish"], "banish"))
        if "nemesis" in keys:
            only("nemesis", "piece")
            piece = parse_cell(data["piece"], "piece") if "piece" in data else -1
            return Action(seat, ActionKind.NEMESIS_MOVE, piece, path=_parse_cells(data["nemesis"], "nemesis"))
        if "piece" not in keys:
            raise MalformedError("an action names 'end', 'recruit', 'banish', 'nemesis' or the acting 'piece'")
        piece = parse_cell(data["piece"], "piece")
        if "move" in keys:
            only("piece", "move")
            path = _parse_cells(data["move"], "move")
            if len(path) not in (1, 2):
                raise MalformedError("'move' lists one cell (two for a leader with a Vizier)")
            return Action(seat, ActionKind.MOVE, piece, path=path)
        ability = data.get("ability")
        if ability not in KINDS:
            raise MalformedError(f"'ability' must be a character key ({', '.join(KINDS)}), not {ability!r}")
        only("piece", "ability", "target", "to", "path", "pull")
        target = parse_cell(data["target"], "target") if "target" in data else -1
        if "path" in data and "to" in data:
            raise MalformedError("give either 'to' (one cell) or 'path' (several), not both")
        path = (_parse_cells(data["path"], "path") if "path" in data
                else (parse_cell(data["to"], "to"),) if "to" in data else ())
        pull = data.get("pull", False)
        if type(pull) is not bool:
            raise MalformedError("'pull' must be true or false")
        return Action(seat, ActionKind.ABILITY, piece, ability=ability, target=target, path=path, pull=pull)

    def action_to_json(self, a: Action) -> dict[str, Any]:
        return action_to_json(a)

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

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        """Every legal action of the seat to move (empty when the game is over)."""
        return engine.legal_actions(state)

    def check(self, state: State, action: Action) -> Violation | None:
        return engine.check(state, action)

    def successor(self, state: State, action: Action) -> State:
        return engine.successor(state, action)

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
        if state.phase != OVER:
            return None
        lost = engine.lost_sides(state)
        lines = tuple(_FATE[engine.leader_fate(state.pieces, state.board, state.cells, s) or Fate.CAPTURED].format(s=s)
                      for s in lost)
        if not state.winners:
            lines += (Text.of(cs="Oba vládci padli zároveň: hra nemá vítěze (rozhodnutí k leaders.end.immediate).",
                              en="Both leaders fell at once: no winner (ruling on leaders.end.immediate)."),)
        return Result(state.winners, {"lost": list(lost)}, lines)

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

