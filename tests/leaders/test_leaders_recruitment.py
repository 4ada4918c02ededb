"""Setup, the turn, recruitment (with the second player's double first recruitment) and Hermit & Cub."""

from __future__ import annotations

import random

import pytest
from leaders_helpers import act, pos, rules_of

from rules.leaders import LEADERS, Setup
from rules.leaders.board import CELLS, recruitment_cells
from rules.leaders.characters import CARDS

pytestmark = pytest.mark.rules("leaders.turn")

DECK = tuple(CARDS)


def opening(first: int = 0) -> object:
    return LEADERS.initial_state(Setup("discovery", first, DECK))


@pytest.mark.rules("leaders.setup.leaders", "leaders.setup.offer", "leaders.setup.first-player")
def test_setup_leaders_offer_and_first_player() -> None:
    s = opening(1)
    assert [CELLS[c] for c in s.cells] == [(0, 3), (0, -3)] and s.to_move == 1
    assert s.offer == DECK[:3] and s.deck == DECK[3:]
    setups = {LEADERS.random_setup(random.Random(seed)) for seed in range(40)}
    assert {x.first for x in setups} == {0, 1} and {x.mode for x in setups} == {"discovery", "advanced"}
    assert all(sorted(x.deck) == sorted(CARDS) for x in setups if x.mode == "discovery")
    assert LEADERS.random_setup(random.Random(5)) == LEADERS.random_setup(random.Random(5))


@pytest.mark.rules("leaders.actions.stop", "leaders.recruit.choose", "leaders.recruit.place",
                   "leaders.recruit.refill", "leaders.recruit.own-side")
def test_recruit_from_the_offer_on_own_cells_then_refill() -> None:
    s = LEADERS.apply(opening(), act(end="actions"))
    assert s.phase == "recruitment" and s.to_move == 0
    legal = LEADERS.legal_actions(s)
    assert {a.card for a in legal} == set(DECK[:3])
    assert all(set(a.path) <= set(recruitment_cells(0)) for a in legal)
    assert rules_of(s, act(recruit="vizier", cells=[[-3, 3]])) == ("leaders.recruit.choose",)
    assert rules_of(s, act(recruit="rider", cells=[[3, -3]])) == ("leaders.recruit.own-side",
                                                                  "leaders.board.recruitment-cells")
    assert rules_of(s, act(recruit="rider", cells=[[0, 3]])) == ("leaders.recruit.place",)  # the leader is there
    assert rules_of(s, act(recruit="rider", cells=[[0, 0]])) == ("leaders.recruit.own-side",
                                                                 "leaders.board.recruitment-cells")
    after = LEADERS.apply(s, act(recruit="rider", cells=[[-3, 3]]))
    assert after.offer == ("acrobat", "bruiser", "royal-guard") and after.deck == DECK[4:]
    assert after.to_move == 1 and after.phase == "actions" and after.turn == 2


@pytest.mark.rules("leaders.recruit.second-player", "leaders.recruit.refill")
def test_second_player_recruits_twice_in_the_first_turn() -> None:
    s = LEADERS.apply(opening(), act(end="actions"))
    s = LEADERS.apply(s, act(recruit="acrobat", cells=[[-3, 3]]))
    s = LEADERS.apply(s, act(seat=1, end="actions"))
    s = LEADERS.apply(s, act(seat=1, recruit="rider", cells=[[3, -3]]))
    assert s.phase == "recruitment" and s.to_move == 1 and s.offer == ("bruiser", "royal-guard", "illusionist")
    s = LEADERS.apply(s, act(seat=1, recruit="illusionist", cells=[[2, -3]]))
    assert s.to_move == 0 and s.phase == "actions" and s.offer == ("bruiser", "royal-guard", "claw-launcher")
    # later turns recruit once
    s = LEADERS.apply(s, act(end="actions"))
    s = LEADERS.apply(s, act(recruit="bruiser", cells=[[-2, 3]]))
    s = LEADERS.apply(s, act(seat=1, end="actions"))
    s = LEADERS.apply(s, act(seat=1, recruit="royal-guard", cells=[[1, -3]]))
    assert s.to_move == 0 and s.phase == "actions"


@pytest.mark.rules("leaders.recruit.no-free-cell", "leaders.recruit.second-player")
def test_no_free_cell_skips_and_the_double_recruitment_is_not_carried_over() -> None:
    own = [(3, -3), (2, -3), (1, -3), (0, -3), (-1, -2), (-2, -1), (-3, 0)]
    blockers = [(0, "rider", q, r) for q, r in own[:6]]
    s = pos((0, "leader", 0, 3), (1, "leader", 0, 0), *blockers, to_move=1, turn=2, first=0,
            offer=["acrobat", "bruiser", "vizier"], deck=["wanderer"])
    s = LEADERS.apply(s, act(seat=1, end="actions"))
    assert s.phase == "recruitment" and s.recruits_left == 2
    s = LEADERS.apply(s, act(seat=1, recruit="vizier", cells=[[-3, 0]]))
    assert s.to_move == 0 and s.phase == "actions"  # the second recruitment is lost
    # every recruitment cell taken: no recruitment at all
    s = pos((0, "leader", 0, 3), (1, "leader", 0, 0), *[(0, "rider", q, r) for q, r in own], to_move=1,
            offer=["acrobat"], deck=[])
    after = LEADERS.apply(s, act(seat=1, end="actions"))
    assert after.to_move == 0 and after.phase == "actions"


@pytest.mark.rules("leaders.recruit.skip", "leaders.turn.five-characters")
def test_five_cards_skip_the_recruitment() -> None:
    s = pos((0, "leader", 0, 1), (1, "leader", 0, -3), (0, "rider", 1, 0), (0, "archer", -1, 0),
            (0, "hermit", 2, 0), (0, "cub", -2, 0), (0, "jailer", 3, -1), offer=["acrobat"], deck=[])
    after = LEADERS.apply(s, act(end="actions"))
    assert after.to_move == 1 and after.phase == "actions"
    four = pos((0, "leader", 0, 1), (1, "leader", 0, -3), (0, "rider", 1, 0), (0, "hermit", 2, 0),
               (0, "cub", -2, 0), offer=["acrobat"], deck=[])
    assert LEADERS.apply(four, act(end="actions")).phase == "recruitment"  # Hermit & Cub count as one


@pytest.mark.rules("leaders.hermit-cub.recruit", "leaders.hermit-cub.one-character")
def test_hermit_and_cub_arrive_together_on_two_free_cells() -> None:
    s = pos((0, "leader", 0, 3), (1, "leader", 0, -3), to_move=0, phase="recruitment",
            offer=["hermit-cub", "rider", "acrobat"], deck=["vizier"])
    assert rules_of(s, act(recruit="hermit-cub", cells=[[-3, 3]])) == ("leaders.hermit-cub.recruit",)
    after = LEADERS.apply(s, act(recruit="hermit-cub", cells=[[-3, 3], [3, 0]]))
    kinds = {(p.kind, CELLS[c]) for p, c in zip(after.pieces, after.cells)}
    assert ("hermit", (-3, 3)) in kinds and ("cub", (3, 0)) in kinds
    # with one free cell only, Hermit & Cub cannot be recruited
    full = [(1, "rider", q, r) for q, r in ((-3, 3), (-2, 3), (-1, 3), (0, 3), (1, 2), (2, 1))]
    one = pos((0, "leader", 0, 0), (1, "leader", 0, -3), *full, to_move=0, phase="recruitment",
              offer=["hermit-cub", "rider"], deck=[])
    assert {a.card for a in LEADERS.legal_actions(one)} == {"rider"}


@pytest.mark.rules("leaders.end.own-leader", "leaders.recruit.place")
def test_a_recruit_may_not_surround_its_own_leader() -> None:
    s = pos((0, "leader", 0, 3), (1, "leader", 0, -3), (0, "rider", 1, 2), (0, "archer", 0, 2),
            to_move=0, phase="recruitment", offer=["acrobat"], deck=[])
    assert rules_of(s, act(recruit="acrobat", cells=[[-1, 3]])) == ("leaders.end.own-leader",)
    assert (CELLS.index((-1, 3)),) not in {a.path for a in LEADERS.legal_actions(s)}


@pytest.mark.rules("leaders.end.immediate", "leaders.end.captured", "leaders.recruit.place")
def test_a_recruitment_can_capture_and_ends_the_game_at_once() -> None:
    # seat 1's leader wandered to (-1,2), next to seat 0's Rider; a recruit on (-2,3) is the second
    # enemy beside it: the game ends right after that recruitment, before the second one of a double turn
    s = pos((0, "leader", 0, 3), (1, "leader", -1, 2), (0, "rider", 0, 2), to_move=0, phase="recruitment",
            turn=2, first=1, recruitments=2, offer=["acrobat", "rider", "bruiser"], deck=["jailer"])
    over = LEADERS.apply(s, act(recruit="bruiser", cells=[[-2, 3]]))
    assert LEADERS.is_terminal(over) and over.winners == (0,) and LEADERS.legal_actions(over) == ()
    calm = LEADERS.apply(s, act(recruit="bruiser", cells=[[3, 0]]))
    assert calm.phase == "recruitment" and calm.recruits_left == 1  # elsewhere the double turn goes on
