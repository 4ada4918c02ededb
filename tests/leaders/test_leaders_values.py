"""Public value constructors validate: a wrong value is named where it is made, never a
TypeError or KeyError from inside ``check``."""

from __future__ import annotations

from typing import Any

import pytest
from leaders_helpers import pos

from rules.kernel.verdict import MalformedError
from rules.leaders import LEADERS, Action, Piece, Setup
from rules.leaders.board import INDEX

pytestmark = pytest.mark.rules("leaders.board", "leaders.actions.move")


@pytest.mark.parametrize("kwargs, named", [
    ({"seat": 0, "kind": "move", "piece": (0, 3)}, "Action.piece"),
    ({"seat": 2, "kind": "move"}, "Action.seat"),
    ({"seat": 0, "kind": "jump"}, "Action.kind"),
    ({"seat": 0, "kind": "move", "piece": 3, "path": [4]}, "Action.path"),
    ({"seat": 0, "kind": "move", "piece": 3, "path": (99,)}, "Action.path"),
    ({"seat": 0, "kind": "ability", "piece": 3, "ability": "dragon"}, "Action.ability"),
    ({"seat": 0, "kind": "ability", "piece": 3, "target": 37}, "Action.target"),
    ({"seat": 0, "kind": "ability", "piece": 3, "pull": "yes"}, "Action.pull"),
    ({"seat": 0, "kind": "recruit", "card": "dragon"}, "Action.card"),
])
def test_a_bad_action_value_is_named(kwargs: dict[str, Any], named: str) -> None:
    with pytest.raises(MalformedError, match=named):
        Action(**kwargs)


def test_a_cell_pair_gets_a_hint_and_a_good_action_still_checks() -> None:
    with pytest.raises(MalformedError, match=r"INDEX\[\(0, 3\)\]"):
        Action(0, "move", piece=(0, 3))  # type: ignore[arg-type]
    s = pos((0, "leader", 0, 3), (1, "leader", 0, -3))
    good = Action(0, "move", piece=INDEX[(0, 3)], path=(INDEX[(0, 2)],))
    assert LEADERS.check(s, good) is None and good in LEADERS.legal_actions(s)


def test_check_refuses_what_is_not_an_action_or_state() -> None:
    s = pos((0, "leader", 0, 3), (1, "leader", 0, -3))
    with pytest.raises(MalformedError, match="Action"):
        LEADERS.check(s, {"seat": 0, "end": "actions"})  # type: ignore[arg-type]
    with pytest.raises(MalformedError, match="State"):
        LEADERS.check("state", Action(0, "end"))  # type: ignore[arg-type]


@pytest.mark.parametrize("make, named", [
    (lambda: Piece(3, "leader"), "Piece.owner"),
    (lambda: Piece(0, "dragon"), "Piece.kind"),
    (lambda: Setup("chaos", 0), "Setup.mode"),
    (lambda: Setup("advanced", 2), "Setup.first"),
    (lambda: Setup("discovery", 0, ("acrobat",)), "Setup.deck"),
])
def test_pieces_and_setups_validate(make: Any, named: str) -> None:
    with pytest.raises(MalformedError, match=named):
        make()
