"""Leaders cells and actions as JSON values: ``[q, r]`` cells and the action objects of
:mod:`rules.leaders.game`.

A leaf module (it imports no other part of the game but the board and the state), so
the game object, positions and the forced-win solver can all write cells and
actions without importing one another.
"""

from __future__ import annotations

from typing import Any

from rules.kernel.verdict import MalformedError
from rules.leaders.board import CELLS, INDEX
from rules.leaders.state import Action, ActionKind

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
