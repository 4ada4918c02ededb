"""Records of Leaders: setups, actions and ``[q, r]`` cells as JSON (positions:
:mod:`rules.leaders.positions`).

Records (the setup)::

    {"mode": "discovery"|"advanced", "first": 0|1, "deck": [16 card keys, top first]}   (advanced: no deck)

Actions::

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

A leaf module (it imports no other part of the game but the board, the
characters and the state), so the game object, positions and the forced-win
solver can all read and write cells and actions without importing one another.
Everything here raises only :class:`MalformedError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.kernel.records import object_with
from rules.kernel.verdict import MalformedError
from rules.leaders.board import CELLS, INDEX
from rules.leaders.characters import CARDS, KINDS
from rules.leaders.state import ADVANCED, DISCOVERY, Action, ActionKind, Setup

#: Abilities whose destination is a path of several cells ("path"), the rest one cell ("to").
PATH_ABILITIES = frozenset({"acrobat", "royal-guard"})
#: Abilities whose JSON names a target figure ("target") besides the destination.
TARGET_ABILITIES = frozenset({"bruiser", "illusionist", "claw-launcher", "manipulator", "brewmaster"})


def parse_cell(value: Any, where: str) -> int:
    """A ``[q, r]`` pair on the board, as a cell index; ``MalformedError`` otherwise."""
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(type(x) is int for x in value)):
        raise MalformedError(f"{where} must be a cell [q, r] of two integers, not {value!r}")
    cell = (value[0], value[1])
    if cell not in INDEX:
        raise MalformedError(f"{where}: {list(cell)} is off the board (leaders.board: "
                             "max(|q|, |r|, |q + r|) <= 3)")
    return INDEX[cell]


def cell_json(i: int) -> list[int]:
    """The ``[q, r]`` of cell index ``i``."""
    return list(CELLS[i])


def action_to_json(a: Action) -> dict[str, Any]:
    """The JSON object of an action (the inverse of ``Leaders.action_from_json``)."""
    out: dict[str, Any] = {"seat": a.seat}
    if a.kind == ActionKind.END:
        out["end"] = "actions"
    elif a.kind == ActionKind.RECRUIT:
        out.update(recruit=a.card, cells=[cell_json(c) for c in a.path])
    elif a.kind == ActionKind.BANISH:
        out["banish"] = a.card
    elif a.kind == ActionKind.NEMESIS_MOVE:
        if a.piece >= 0:
            out["piece"] = cell_json(a.piece)
        out["nemesis"] = [cell_json(c) for c in a.path]
    elif a.kind == ActionKind.MOVE:
        out.update(piece=cell_json(a.piece), move=[cell_json(c) for c in a.path])
    else:
        out.update(piece=cell_json(a.piece), ability=a.ability)
        if a.target >= 0:
            out["target"] = cell_json(a.target)
        if a.ability in PATH_ABILITIES or len(a.path) > 1:
            out["path"] = [cell_json(c) for c in a.path]
        elif a.path:
            out["to"] = cell_json(a.path[0])
        if a.ability == "claw-launcher" or a.pull:
            out["pull"] = a.pull
    return out


# --------------------------------------------------------------------------- setups and actions


def _parse_cells(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise MalformedError(f"{where} must be a list of cells [q, r]")
    return tuple(parse_cell(v, f"{where}[{i}]") for i, v in enumerate(value))


def parse_seat(value: Any, where: str = "seat") -> int:
    """A seat of a record or a position (0 or 1); ``where`` names the field in the error."""
    if type(value) is not int or value not in (0, 1):
        raise MalformedError(f"{where} must be seat 0 or 1, not {value!r}")
    return value


def _card(value: Any, where: str) -> str:
    if value not in CARDS:
        raise MalformedError(f"{where} must be a card key ({', '.join(CARDS)}), not {value!r}")
    return str(value)


def setup_from_json(data: Any, variant: Any = None) -> Setup:
    if variant is not None:
        raise MalformedError("Leaders has no variants; the mode is part of the setup")
    data = object_with(data, "setup", ("mode", "first", "deck"), "an object with mode, first and (Discovery) deck")
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


def setup_to_json(setup: Setup) -> dict[str, Any]:
    out: dict[str, Any] = {"mode": setup.mode, "first": setup.first}
    if setup.mode == DISCOVERY:
        out["deck"] = list(setup.deck)
    return out


def action_from_json(data: Any) -> Action:
    if not isinstance(data, Mapping):
        raise MalformedError(f"an action is a JSON object, not {data!r}")
    seat = parse_seat(data.get("seat"))
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
