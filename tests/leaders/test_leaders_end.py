"""The end: immediately after the capturing action; never by capturing your own leader."""

from __future__ import annotations

import pytest
from leaders_helpers import act, pos, rules_of

from rules.leaders import LEADERS

pytestmark = pytest.mark.rules("leaders.end.immediate", "leaders.goal")


@pytest.mark.rules("leaders.end.captured")
def test_the_game_ends_after_the_capturing_action_not_the_phase() -> None:
    s = pos((0, "leader", 0, 3), (1, "leader", 0, -3), (0, "rider", 1, -3), (0, "bruiser", -1, -1),
            (0, "jailer", 2, 0))
    over = LEADERS.apply(s, act(piece=[-1, -1], move=[[-1, -2]]))
    assert LEADERS.is_terminal(over) and over.winners == (0,) and LEADERS.legal_actions(over) == ()
    assert rules_of(over, act(piece=[2, 0], move=[[2, 1]])) == ("leaders.end.immediate",)
    result = LEADERS.result(over)
    assert result is not None and result.to_json() == {"lost": [1], "winners": [0]}


@pytest.mark.rules("leaders.end.own-leader", "leaders.end.captured")
def test_no_action_may_capture_your_own_leader() -> None:
    # seat 0's Illusionist swapping with seat 1's Rider would put the Rider next to seat 0's leader
    s = pos((0, "leader", 0, 3), (1, "leader", 0, -3), (1, "bruiser", 1, 2), (0, "illusionist", 0, 2),
            (1, "rider", 0, -1))
    assert rules_of(s, act(piece=[0, 2], ability="illusionist", target=[0, -1])) == ("leaders.end.own-leader",)
    assert not [a for a in LEADERS.legal_actions(s) if a.ability == "illusionist" and a.target >= 0
                and a.target == s.cells[4]]


@pytest.mark.rules("leaders.end.own-leader", "leaders.end.surrounded")
def test_no_action_may_surround_your_own_leader() -> None:
    s = pos((0, "leader", 0, 3), (1, "leader", 0, -3), (0, "rider", 1, 2), (0, "archer", 0, 2), (0, "jailer", -1, 2))
    assert rules_of(s, act(piece=[-1, 2], move=[[-1, 3]])) == ("leaders.end.own-leader",)
    assert LEADERS.check(s, act(piece=[-1, 2], move=[[-2, 3]])) is None


@pytest.mark.rules("leaders.end.captured", "leaders.end.own-leader")
def test_capturing_both_leaders_with_your_own_action_is_illegal() -> None:
    s = pos((0, "leader", 0, 0), (1, "leader", 0, -2), (1, "rider", 1, -1), (0, "jailer", 1, -3))
    # stepping to (0,-1) would capture the enemy leader (with the Jailer) and its own (Rider + enemy leader)
    assert rules_of(s, act(piece=[0, 0], move=[[0, -1]])) == ("leaders.end.own-leader",)


def test_no_draw_the_library_never_ends_a_stuck_game() -> None:
    s = pos((0, "leader", 0, 3), (1, "leader", 0, -3))
    for _ in range(6):
        s = LEADERS.apply(s, act(seat=s.to_move, end="actions"))
    assert not LEADERS.is_terminal(s) and LEADERS.result(s) is None


@pytest.mark.rules("leaders.end.surrounded", "leaders.end.captured")
def test_the_result_says_how_the_leader_fell() -> None:
    # seat 1's corner leader at (0,-3) has three neighbours: (1,-3) and (-1,-2) hold seat 1's own
    # figures, so seat 0's Rider stepping to (0,-2) surrounds it without capturing it
    s = pos((0, "leader", 0, 3), (1, "leader", 0, -3), (1, "jailer", 1, -3), (1, "archer", -1, -2),
            (0, "rider", 0, -1))
    over = LEADERS.apply(s, act(piece=[0, -1], move=[[0, -2]]))
    result = LEADERS.result(over)
    assert result is not None and result.winners == (0,)
    assert [line.get("en") for line in result.lines] == ["Seat 1's leader is surrounded (leaders.end.surrounded)."]
    s = pos((0, "leader", 0, 3), (1, "leader", 0, -3), (0, "assassin", 0, -1))
    over = LEADERS.apply(s, act(piece=[0, -1], move=[[0, -2]]))
    result = LEADERS.result(over)
    assert result is not None
    assert [line.get("cs") for line in result.lines] == ["Vládce hráče 1 je zajat (leaders.end.captured)."]
