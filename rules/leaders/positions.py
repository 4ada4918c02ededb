"""Leaders positions as JSON: a disputed or puzzle position without its game.

::

    {"pieces": [{"owner": 0, "character": "rider", "cell": [q, r]}, ...],
     "to_move": 0,                  # whose turn it is (who banishes: "banish_queue")
     "phase": "actions",            # or "recruitment" or "banish"
     "acted": [[q, r], ...],        # figures that already acted this action phase
     "offer": ["acrobat", ...], "deck": [...], "banished": [...],
     "mode": "discovery",           # or "advanced"
     "first": 0, "turn": 3,         # optional: the first player; the turn number (2 = second player's first)
     "recruitments": 1,             # optional, recruitment phase: recruitments left this turn
     "banish_queue": [0, 1], "banish_rounds": 1,   # optional, advanced mode
     "pending_nemesis": [[q, r]]}   # optional: Nemeses that must make their forced move first

Any placement on distinct cells is accepted: more than five characters, a Cub
without its Hermit, two of a kind are noted (:func:`position_notes`) and
analysed all the same. Refused (``MalformedError`` naming the rule): cells off
the board, two figures on one cell, a side without a leader; and, as field
errors, fields that no game can have (a ``pending_nemesis`` that is not a list
of Nemesis cells, a banishment phase outside the advanced mode or with nothing
to banish, where nobody could act). A position in which a leader is already
captured or surrounded is over.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import attrs

from rules.kernel.records import object_with
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError
from rules.leaders import engine
from rules.leaders.board import CELLS, recruitment_cells
from rules.leaders.characters import CARDS, KINDS, card_count, name
from rules.leaders.records import cell_json, parse_cell, parse_seat
from rules.leaders.state import (
    ACTIONS,
    ADVANCED,
    BANISH,
    DISCOVERY,
    OVER,
    RECRUITMENT,
    Piece,
    State,
)

_KEYS = {"pieces", "to_move", "phase", "acted", "offer", "deck", "banished", "mode", "first", "turn",
         "recruitments", "banish_queue", "banish_rounds", "pending_nemesis"}


def _cards(data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or any(v not in CARDS for v in value):
        raise MalformedError(f"position.{key} must list card keys ({', '.join(CARDS)})")
    return tuple(value)


def position_from_json(data: Any, variant: Any = None) -> State:
    if variant is not None:
        raise MalformedError("Leaders has no variants")
    data = object_with(data, "position", _KEYS, "an object with pieces, to_move, phase...")
    raw = data.get("pieces")
    if not isinstance(raw, list):
        raise MalformedError("position.pieces must be a list of {owner, character, cell}")
    pieces: list[Piece] = []
    cells: list[int] = []
    board = [-1] * len(CELLS)
    for i, p in enumerate(raw):
        where = f"position.pieces[{i}]"
        if not isinstance(p, Mapping) or set(p) != {"owner", "character", "cell"}:
            raise MalformedError(f"{where} must be {{\"owner\", \"character\", \"cell\"}}")
        owner = parse_seat(p["owner"], f"{where}.owner")
        if p["character"] not in KINDS:
            raise MalformedError(f"{where}.character must be one of {', '.join(KINDS)}")
        cell = parse_cell(p["cell"], f"{where}.cell")
        if board[cell] >= 0:
            raise MalformedError(f"{where}: two figures on {list(CELLS[cell])} (leaders.board: one figure a cell)")
        board[cell] = len(pieces)
        pieces.append(Piece(owner, p["character"]))
        cells.append(cell)
    for seat in (0, 1):
        if not any(p.owner == seat and p.kind == "leader" for p in pieces):
            raise MalformedError(f"position: seat {seat} has no leader (leaders.setup.leaders)")
    mode = data.get("mode", DISCOVERY)
    if mode not in (DISCOVERY, ADVANCED):
        raise MalformedError("position.mode must be 'discovery' or 'advanced'")
    player = parse_seat(data.get("to_move"), "position.to_move")
    phase = data.get("phase", ACTIONS)
    if phase not in (ACTIONS, RECRUITMENT, BANISH):
        raise MalformedError("position.phase must be 'actions', 'recruitment' or 'banish'")
    first = parse_seat(data.get("first", 0), "position.first")
    turn = data.get("turn", 3)
    if type(turn) is not int or turn < 1:
        raise MalformedError("position.turn must be a positive integer")
    acted = data.get("acted", [])
    if not isinstance(acted, list):
        raise MalformedError("position.acted must be a list of cells")
    acted_ids = set()
    for i, c in enumerate(acted):
        cell = parse_cell(c, f"position.acted[{i}]")
        if board[cell] < 0 or pieces[board[cell]].owner != player:
            raise MalformedError(f"position.acted[{i}]: no figure of the player to move on {list(CELLS[cell])}")
        acted_ids.add(board[cell])
    pending = []
    raw_pending = data.get("pending_nemesis", [])
    if not isinstance(raw_pending, list):
        raise MalformedError("position.pending_nemesis must be a list of Nemesis cells (leaders.nemesis.forced-move)")
    for i, c in enumerate(raw_pending):
        cell = parse_cell(c, f"position.pending_nemesis[{i}]")
        if board[cell] < 0 or pieces[board[cell]].kind != "nemesis":
            raise MalformedError(f"position.pending_nemesis[{i}]: no Nemesis on {list(CELLS[cell])} "
                                 "(leaders.nemesis.forced-move)")
        pending.append(board[cell])
    offer = _cards(data, "offer")
    deck = _cards(data, "deck")
    banished = _cards(data, "banished")
    repeated = sorted(c for c, n in Counter(offer + deck + banished).items() if n > 1)
    if repeated:
        raise MalformedError(f"position: {', '.join(repeated)} listed more than once in offer, deck and banished "
                             "(each character card exists once: leaders.setup.offer)")
    if "offer" not in data and mode == ADVANCED:
        present = {"hermit-cub" if p.kind in ("hermit", "cub") else p.kind for p in pieces}
        offer = tuple(c for c in CARDS if c not in present and c not in banished)
    recruitments = data.get("recruitments", 1)
    if type(recruitments) is not int or not 1 <= recruitments <= 2:
        raise MalformedError("position.recruitments must be 1 or 2")
    queue = data.get("banish_queue", [player, 1 - player] if phase == BANISH else [])
    if not isinstance(queue, list) or not all(s in (0, 1) and type(s) is int for s in queue):
        raise MalformedError("position.banish_queue must list seats")
    if phase == BANISH and not queue:
        raise MalformedError("position.banish_queue: the banish phase needs a seat to banish")
    if phase == BANISH and (mode != ADVANCED or not offer):
        # otherwise nobody could act and the game would not be over
        raise MalformedError("position.phase: a banishment phase needs the advanced mode and a card in the offer "
                             "(leaders.advanced.banish)")
    rounds = data.get("banish_rounds", 1 if mode == ADVANCED else 0)
    if type(rounds) is not int or rounds not in (0, 1, 2):
        raise MalformedError("position.banish_rounds must be 0, 1 or 2")
    state = State(mode=mode, first=first, pieces=tuple(pieces), cells=tuple(cells), board=tuple(board),
                  player=player, phase=phase, acted=frozenset(acted_ids), pending=tuple(pending),
                  recruits_left=recruitments if phase == RECRUITMENT else 0, offer=offer, deck=deck,
                  banished=banished, banish_queue=tuple(queue) if phase == BANISH else (), banish_rounds=rounds,
                  turn=turn)
    lost = engine.lost_sides(state)
    if lost:
        return attrs.evolve(state, phase=OVER, pending=(), winners=tuple(s for s in (0, 1) if s not in lost))
    if phase == RECRUITMENT and (card_count([p.kind for p in pieces if p.owner == player]) >= 5
                                 or not engine.recruit_options(state)):
        state = engine.next_turn(state)  # leaders.recruit.skip: nothing to recruit, the turn passes
    return engine.auto_nemesis(state)


def position_to_json(state: State) -> dict[str, Any]:
    out: dict[str, Any] = {
        "pieces": [{"owner": p.owner, "character": p.kind, "cell": cell_json(c)}
                   for p, c in zip(state.pieces, state.cells)],
        "to_move": state.player,
        "phase": state.phase if state.phase != OVER else ACTIONS,
        "acted": [cell_json(state.cells[i]) for i in sorted(state.acted)],
        "offer": list(state.offer), "deck": list(state.deck), "banished": list(state.banished),
        "mode": state.mode, "first": state.first, "turn": state.turn,
        "banish_rounds": state.banish_rounds,
    }
    if state.phase == RECRUITMENT:
        out["recruitments"] = state.recruits_left
    if state.phase == BANISH:
        out["banish_queue"] = list(state.banish_queue)
    if state.pending:
        out["pending_nemesis"] = [cell_json(state.cells[i]) for i in state.pending]
    return out


def position_notes(state: State) -> tuple[Text, ...]:
    """What makes a position unreachable or unusual in a real game (it is analysed anyway)."""
    notes: list[Text] = []
    for seat in (0, 1):
        kinds = [p.kind for p in state.pieces if p.owner == seat]
        n = card_count(kinds)
        if n > 5:
            notes.append(Text.of(cs="Hráč {s} má {n} karet postav, víc než 5 (leaders.turn.five-characters).",
                                 en="Seat {s} has {n} character cards, more than five "
                                    "(leaders.turn.five-characters).").format(s=seat, n=n))
        if kinds.count("cub") != kinds.count("hermit"):
            notes.append(Text.of(cs="Hráč {s}: Poustevník a Mládě nejsou v páru (leaders.hermit-cub.recruit).",
                                 en="Seat {s}: Hermit and Cub are not paired (leaders.hermit-cub.recruit).")
                         .format(s=seat))
    everyone = Counter(p.kind for p in state.pieces if p.kind != "leader")
    for kind, k in sorted(everyone.items()):
        if k > 1:
            notes.append(Text.of(cs="Postava {c} je na plánu {k}× (hra má jednu) (leaders.components).",
                                 en="{c} stands on the board {k} times (the game has one) (leaders.components).")
                         .format(c=name(kind), k=k))
    leaders = Counter(p.owner for p in state.pieces if p.kind == "leader")
    for seat, k in sorted(leaders.items()):
        if k > 1:
            notes.append(Text.of(cs="Hráč {s} má {k} vládce; prohrává, padne-li kterýkoli.",
                                 en="Seat {s} has {k} leaders; it loses when any of them falls.").format(s=seat, k=k))
    on_board = {"hermit-cub" if p.kind in ("hermit", "cub") else p.kind for p in state.pieces}
    for card in sorted(set(state.offer) & on_board):
        notes.append(Text.of(cs="Karta {c} je v nabídce i na plánu.", en="{c} is both offered and on the board.")
                     .format(c=name(card)))
    if state.phase == OVER:
        notes.append(Text.of(cs="V této pozici je už vládce zajat nebo obklíčen: hra skončila (leaders.end.immediate).",
                             en="A leader is already captured or surrounded here: the game is over "
                                "(leaders.end.immediate)."))
    if state.phase == RECRUITMENT:
        free = [c for c in recruitment_cells(state.player) if state.board[c] < 0]
        if not free:
            notes.append(Text.of(cs="Hráč na tahu nemá volné pole verbování (leaders.recruit.no-free-cell).",
                                 en="The player to move has no free recruitment cell (leaders.recruit.no-free-cell)."))
    return tuple(notes)
