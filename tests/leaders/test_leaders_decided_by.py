"""``Result.rules`` of Leaders: the end condition that decided each kind of outcome, which
``rules study`` counts as "decided by" (issue 21, decision record 0026)."""

from __future__ import annotations

import pytest
from leaders_helpers import act, pos

from rules.kernel.game import Result
from rules.leaders import LEADERS
from rules.leaders.state import State


def result_of(state: State) -> Result:
    result = LEADERS.result(state)
    assert result is not None
    return result


@pytest.mark.rules("leaders.end.captured")
def test_a_capture_decides() -> None:
    s = pos((0, "leader", 0, 3), (1, "leader", 0, -3), (0, "rider", 1, -3), (0, "bruiser", -1, -1))
    result = result_of(LEADERS.apply(s, act(piece=[-1, -1], move=[[-1, -2]])))
    assert (result.winners, result.rules) == ((0,), ("leaders.end.captured",))


@pytest.mark.rules("leaders.end.surrounded")
def test_a_surround_decides() -> None:
    s = pos((0, "leader", 0, 3), (1, "leader", 0, -3), (1, "jailer", 1, -3), (1, "archer", -1, -2),
            (0, "rider", 0, -1))
    result = result_of(LEADERS.apply(s, act(piece=[0, -1], move=[[0, -2]])))
    assert (result.winners, result.rules) == ((0,), ("leaders.end.surrounded",))


@pytest.mark.rules("leaders.end.immediate", "leaders.end.surrounded", "leaders.end.own-leader")
def test_both_leaders_falling_at_once_is_decided_by_the_ruling_on_the_immediate_end() -> None:
    """Each fallen leader's end condition, then the rule whose ruling leaves the game without a
    winner (the position of tests/leaders/test_leaders_nemesis.py)."""
    s = pos((0, "leader", 0, 0), (1, "leader", 0, -3), (1, "rider", 1, -2), (1, "archer", 1, -3),
            (1, "jailer", -1, -2), (1, "nemesis", -2, -1))
    s = LEADERS.apply(s, act(piece=[0, 0], move=[[0, -1]]))
    result = result_of(LEADERS.apply(s, act(seat=1, nemesis=[[-1, -1], [0, -2]])))
    assert result.winners == ()
    # seat 0's leader is captured, seat 1's surrounded, in the order the explanation gives them
    assert result.rules == ("leaders.end.captured", "leaders.end.surrounded", "leaders.end.immediate")
    assert all(rule in line.get("en") for rule, line in zip(result.rules, result.lines))
