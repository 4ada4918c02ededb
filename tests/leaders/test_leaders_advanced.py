"""The advanced mode: every card available, two banishment rounds."""

from __future__ import annotations

import pytest
from leaders_helpers import act, rules_of

from rules.leaders import LEADERS, Setup
from rules.leaders.characters import CARDS

pytestmark = pytest.mark.rules("leaders.advanced.offer", "leaders.advanced.banish")


@pytest.mark.rules("leaders.advanced.banish-second", "leaders.recruit.second-player")
def test_the_rulebook_example() -> None:
    """Agnes (seat 0) first; the rulebook's advanced-mode example, step by step."""
    s = LEADERS.initial_state(Setup("advanced", 0))
    assert s.phase == "banish" and s.to_move == 0 and set(s.offer) == set(CARDS)
    assert rules_of(s, act(seat=1, banish="assassin")) == ("leaders.turn",)
    assert rules_of(s, act(end="actions")) == ("leaders.advanced.banish",)
    s = LEADERS.apply(s, act(banish="acrobat"))
    assert rules_of(s, act(seat=1, banish="acrobat")) == ("leaders.advanced.banish",)
    s = LEADERS.apply(s, act(seat=1, banish="assassin"))
    assert s.phase == "actions" and s.to_move == 0 and s.banished == ("acrobat", "assassin")
    s = LEADERS.apply(s, act(piece=[0, 3], move=[[0, 2]]))
    s = LEADERS.apply(s, act(end="actions"))
    assert rules_of(s, act(recruit="acrobat", cells=[[-3, 3]])) == ("leaders.advanced.offer",)
    s = LEADERS.apply(s, act(recruit="archer", cells=[[-3, 3]]))
    s = LEADERS.apply(s, act(seat=1, piece=[0, -3], move=[[0, -2]]))
    s = LEADERS.apply(s, act(seat=1, end="actions"))
    s = LEADERS.apply(s, act(seat=1, recruit="hermit-cub", cells=[[3, -3], [2, -3]]))
    s = LEADERS.apply(s, act(seat=1, recruit="manipulator", cells=[[1, -3]]))
    assert s.to_move == 0 and s.phase == "actions"  # Bruno has 3 cards, Agnes 2: no banishment yet
    s = LEADERS.apply(s, act(piece=[-3, 3], move=[[-2, 2]]))
    s = LEADERS.apply(s, act(end="actions"))
    s = LEADERS.apply(s, act(recruit="bruiser", cells=[[-3, 3]]))
    assert s.phase == "banish" and s.to_move == 0  # both have three: second round, first player first
    s = LEADERS.apply(s, act(banish="illusionist"))
    s = LEADERS.apply(s, act(seat=1, banish="nemesis"))
    assert s.phase == "actions" and s.to_move == 1  # "Hraje znovu Bruno"
    assert s.banished == ("acrobat", "assassin", "illusionist", "nemesis")
    assert not {"acrobat", "assassin", "illusionist", "nemesis", "archer", "bruiser", "manipulator",
                "hermit-cub"} & set(s.offer)
    # there is no third round
    s = LEADERS.apply(s, act(seat=1, end="actions"))
    s = LEADERS.apply(s, act(seat=1, recruit="rider", cells=[[-3, 0]]))
    assert s.phase == "actions" and s.to_move == 0 and s.banish_rounds == 2
