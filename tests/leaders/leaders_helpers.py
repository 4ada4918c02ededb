"""Helpers shared by the Leaders tests (imported by name: pytest puts this folder on sys.path)."""

from __future__ import annotations

from typing import Any

from rules.leaders import LEADERS, State
from rules.leaders.positions import position_from_json


def pos(*pieces: tuple[int, str, int, int], to_move: int = 0, **extra: Any) -> State:
    """A position from ``(owner, kind, q, r)`` figures (position JSON fields as keywords)."""
    data = {"pieces": [{"owner": o, "character": k, "cell": [q, r]} for o, k, q, r in pieces],
            "to_move": to_move, **extra}
    return position_from_json(data)


def act(**data: Any) -> Any:
    """An action from its JSON fields (``seat`` defaults to 0)."""
    data.setdefault("seat", 0)
    return LEADERS.action_from_json(data)


def legal_json(state: State) -> list[dict[str, Any]]:
    return [LEADERS.action_to_json(a) for a in LEADERS.legal_actions(state)]


def options(state: State, cell: tuple[int, int], ability: str | None = None) -> set[Any]:
    """The legal choices of the figure on ``cell``: for moves the destination paths, for an
    ability ``(target, destination path, pull)``, all as (q, r) tuples."""
    out: set[Any] = set()
    for a in legal_json(state):
        if a.get("piece") != list(cell):
            continue
        if ability is None and "move" in a:
            out.add(tuple(tuple(c) for c in a["move"]))
        elif ability is not None and a.get("ability") == ability:
            path = a.get("path") or ([a["to"]] if "to" in a else [])
            target = tuple(a["target"]) if "target" in a else None
            out.add((target, tuple(tuple(c) for c in path), a.get("pull", False)))
    return out


def destinations(state: State, cell: tuple[int, int], ability: str) -> set[tuple[int, int]]:
    """Where the figure on ``cell`` can end with its ability (last cell of its path)."""
    return {o[1][-1] for o in options(state, cell, ability) if o[1]}


def rules_of(state: State, action: Any) -> tuple[str, ...]:
    v = LEADERS.check(state, action)
    assert v is not None, f"{action} should be illegal"
    return v.rules


def cell_of(state: State, kind: str, owner: int) -> tuple[int, int]:
    from rules.leaders.board import CELLS

    (pid,) = [i for i, p in enumerate(state.pieces) if p.kind == kind and p.owner == owner]
    return CELLS[state.cells[pid]]
