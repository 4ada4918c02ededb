"""The Nemesis: no actions, a forced move whenever the enemy leader moves."""

from __future__ import annotations

import pytest
from leaders_helpers import act, cell_of, pos, rules_of

from rules.leaders import LEADERS
from rules.leaders.board import CELLS

pytestmark = pytest.mark.rules("leaders.nemesis.forced-move")


def open_board() -> object:
    return pos((0, "leader", 0, 0), (1, "leader", 3, -3), (1, "nemesis", -2, 2), (0, "vizier", 3, 0),
               (0, "brewmaster", 1, 0))


@pytest.mark.rules("leaders.nemesis.no-actions")
def test_the_nemesis_takes_no_actions() -> None:
    s = pos((0, "leader", 0, 3), (1, "leader", 0, -3), (0, "nemesis", 0, 0))
    assert rules_of(s, act(piece=[0, 0], move=[[0, 1]])) == ("leaders.nemesis.no-actions",)
    assert all(a.piece != 18 for a in LEADERS.legal_actions(s) if a.kind == "move")
    assert not [a for a in LEADERS.legal_actions(s) if a.kind == "move" and list(a.path) and a.piece == 18]


@pytest.mark.rules("leaders.nemesis.no-return", "leaders.keywords.move")
def test_enemy_leader_move_forces_two_steps_chosen_by_the_owner() -> None:
    s = LEADERS.apply(open_board(), act(piece=[0, 0], move=[[0, 1]]))
    assert s.pending and s.to_move == 1 and s.player == 0
    assert rules_of(s, act(end="actions")) == ("leaders.nemesis.forced-move",)
    legal = LEADERS.legal_actions(s)
    assert legal and all(a.kind == "nemesis" and len(a.path) == 2 for a in legal)
    start = (-2, 2)
    assert all(CELLS[a.path[-1]] != start for a in legal)  # never back where it started
    bad = act(seat=1, nemesis=[[-1, 2], list(start)])
    assert "leaders.nemesis.no-return" in rules_of(s, bad)
    short = act(seat=1, nemesis=[[-1, 2]])
    assert "leaders.nemesis.shorter" in rules_of(s, short)
    after = LEADERS.apply(s, act(seat=1, nemesis=[[-1, 2], [-1, 3]]))
    assert cell_of(after, "nemesis", 1) == (-1, 3) and not after.pending and after.to_move == 0


@pytest.mark.rules("leaders.nemesis.once-per-action", "leaders.vizier")
def test_once_per_action_however_far_the_leader_went() -> None:
    s = LEADERS.apply(open_board(), act(piece=[0, 0], move=[[0, 1], [0, 2]]))
    assert len(s.pending) == 1
    s = LEADERS.apply(s, LEADERS.legal_actions(s)[0])
    assert not s.pending and s.to_move == 0


@pytest.mark.rules("leaders.nemesis.repeat", "leaders.brewmaster")
def test_again_after_each_action_that_moves_the_leader() -> None:
    s = LEADERS.apply(open_board(), act(piece=[0, 0], move=[[0, 1]]))
    s = LEADERS.apply(s, LEADERS.legal_actions(s)[0])
    # the Brewmaster moves the (adjacent) leader: the Nemesis moves again
    s = LEADERS.apply(s, act(piece=[1, 0], ability="brewmaster", target=[0, 1], to=[1, 1]))
    assert s.pending and s.to_move == 1


@pytest.mark.rules("leaders.nemesis.shorter")
def test_one_step_when_two_are_impossible_stays_when_none_automatically() -> None:
    fill = [(1, "rider", -2, 2), (1, "rider", -3, 2), (1, "rider", -1, 3), (1, "rider", -1, 2)]
    s = pos((0, "leader", 0, 0), (1, "leader", 3, -3), (1, "nemesis", -3, 3), *fill)
    after = LEADERS.apply(s, act(piece=[0, 0], move=[[1, 0]]))
    assert cell_of(after, "nemesis", 1) == (-2, 3) and not after.pending  # the only path, made at once
    boxed = pos((0, "leader", 0, 0), (1, "leader", 3, -3), (1, "nemesis", -3, 3), (1, "rider", -2, 3), *fill[:2])
    after = LEADERS.apply(boxed, act(piece=[0, 0], move=[[1, 0]]))
    assert cell_of(after, "nemesis", 1) == (-3, 3) and not after.pending


@pytest.mark.rules("leaders.nemesis.forced-move", "leaders.manipulator")
def test_own_nemesis_moves_when_my_ability_moves_the_enemy_leader() -> None:
    s = pos((0, "leader", 0, 3), (1, "leader", 0, -1), (0, "manipulator", 0, 1), (0, "nemesis", -3, 0))
    after = LEADERS.apply(s, act(piece=[0, 1], ability="manipulator", target=[0, -1], to=[1, -2]))
    assert after.pending and after.to_move == 0


@pytest.mark.rules("leaders.end.own-leader", "leaders.end.captured")
def test_the_nemesis_may_capture_and_its_move_is_the_exception() -> None:
    s = pos((0, "leader", 0, 0), (1, "leader", 3, -3), (1, "rider", -1, 2), (1, "nemesis", -3, 0))
    s = LEADERS.apply(s, act(piece=[0, 0], move=[[-1, 1]]))
    assert s.pending
    over = LEADERS.apply(s, act(seat=1, nemesis=[[-3, 1], [-2, 1]]))
    assert LEADERS.is_terminal(over) and over.winners == (1,)


@pytest.mark.rules("leaders.end.own-leader", "leaders.end.immediate", "leaders.end.surrounded")
def test_both_leaders_fall_at_once_no_winner() -> None:
    s = pos((0, "leader", 0, 0), (1, "leader", 0, -3), (1, "rider", 1, -2), (1, "archer", 1, -3),
            (1, "jailer", -1, -2), (1, "nemesis", -2, -1))
    s = LEADERS.apply(s, act(piece=[0, 0], move=[[0, -1]]))
    assert s.pending
    over = LEADERS.apply(s, act(seat=1, nemesis=[[-1, -1], [0, -2]]))
    assert LEADERS.is_terminal(over) and over.winners == ()
    result = LEADERS.result(over)
    assert result is not None and result.winners == () and sorted(result.details["lost"]) == [0, 1]


@pytest.mark.rules("leaders.end.own-leader", "leaders.end.surrounded", "leaders.nemesis.forced-move")
def test_the_forced_move_may_surround_its_own_leader_and_the_opponent_wins() -> None:
    # seat 1's corner leader (0,-3) has three neighbours; (1,-3) and (-1,-2) hold seat 1's own figures.
    # Seat 0's leader moves, so seat 1's Nemesis must move; the path ending on (0,-2), the last free
    # neighbour of its OWN leader, is still offered (the exception to the own-leader rule) and loses.
    s = pos((0, "leader", 0, 3), (1, "leader", 0, -3), (1, "jailer", 1, -3), (1, "archer", -1, -2),
            (1, "nemesis", 0, 0))
    s = LEADERS.apply(s, act(piece=[0, 3], move=[[0, 2]]))
    own_goal = act(seat=1, piece=[0, 0], nemesis=[[0, -1], [0, -2]])
    assert s.to_move == 1 and own_goal in LEADERS.legal_actions(s)
    over = LEADERS.apply(s, own_goal)
    assert LEADERS.is_terminal(over) and over.winners == (0,)
    result = LEADERS.result(over)
    assert result is not None and result.details["lost"] == [1]


@pytest.mark.rules("leaders.keywords.move", "leaders.nemesis.forced-move", "leaders.bruiser",
                   "leaders.claw-launcher", "leaders.illusionist")
@pytest.mark.parametrize("mover, action, chooser", [
    # seat 0's Bruiser pushes seat 1's leader: seat 0's Nemesis moves, chosen by seat 0
    ((0, "bruiser", 0, 0), {"piece": [0, 0], "ability": "bruiser", "target": [0, -1], "to": [0, -2]}, 0),
    # seat 0's Claw Launcher pulls seat 1's leader
    ((0, "claw-launcher", 0, 1), {"piece": [0, 1], "ability": "claw-launcher", "target": [0, -1], "pull": True}, 0),
    # seat 0's Illusionist swaps with seat 1's leader
    ((0, "illusionist", 0, 1), {"piece": [0, 1], "ability": "illusionist", "target": [0, -1]}, 0),
    # seat 0's Claw Launcher pulls its OWN leader: seat 1's Nemesis moves during seat 0's turn
    ((0, "claw-launcher", 1, 0), {"piece": [1, 0], "ability": "claw-launcher", "target": [1, 2], "pull": True}, 1),
])
def test_any_move_of_the_enemy_leader_by_any_ability_in_either_turn(
        mover: tuple, action: dict, chooser: int) -> None:
    s = pos((0, "leader", 1, 2), (1, "leader", 0, -1), mover, (0, "nemesis", -3, 3), (1, "nemesis", 3, -3))
    after = LEADERS.apply(s, act(**action))
    assert after.player == 0 and len(after.pending) == 1 and after.to_move == chooser
    nemesis = after.pieces[after.pending[0]]
    assert nemesis.kind == "nemesis" and nemesis.owner == chooser
    assert all(a.kind == "nemesis" and a.seat == chooser and len(a.path) == 2 for a in LEADERS.legal_actions(after))
