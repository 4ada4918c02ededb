"""Each active ability on hand-built positions, with the Jailer and the Protector."""

from __future__ import annotations

import pytest
from leaders_helpers import act, cell_of, destinations, options, pos, rules_of

from rules.leaders import LEADERS

pytestmark = pytest.mark.rules("leaders.actions.ability", "leaders.keywords.move")

L0, L1 = (0, "leader", 0, 3), (1, "leader", 0, -3)


@pytest.mark.rules("leaders.actions.move", "leaders.keywords.adjacent", "leaders.actions.one-each")
def test_plain_move_to_adjacent_empty_cells_once() -> None:
    s = pos(L0, L1, (0, "archer", 0, 0), (1, "rider", 1, 0))
    assert options(s, (0, 0)) == {((1, -1),), ((0, -1),), ((-1, 0),), ((-1, 1),), ((0, 1),)}
    after = LEADERS.apply(s, act(piece=[0, 0], move=[[0, 1]]))
    assert rules_of(after, act(piece=[0, 1], move=[[0, 0]])) == ("leaders.actions.one-each",)
    assert rules_of(s, act(piece=[0, 0], move=[[1, 0]])) == ("leaders.actions.move", "leaders.keywords.adjacent")
    assert rules_of(s, act(piece=[0, 0], move=[[2, 0]])) == ("leaders.actions.move", "leaders.keywords.adjacent")


@pytest.mark.rules("leaders.actions.ability")
def test_passive_characters_have_no_ability_action() -> None:
    s = pos(L0, L1, (0, "archer", 0, 0), (1, "rider", 1, 0))
    assert rules_of(s, act(piece=[0, 0], ability="archer", to=[0, 1])) == ("leaders.actions.ability",)
    assert rules_of(s, act(piece=[0, 0], ability="rider", to=[0, 2])) == ("leaders.actions.ability",)


@pytest.mark.rules("leaders.acrobat")
def test_acrobat_jumps_over_adjacent_figures_up_to_twice() -> None:
    # acrobat (0,0); figures at (1,0) [enemy] and (0,1) [ally]; after the first jump to (2,0),
    # a figure at (2,-1) lets it jump again to (2,-2); (0,2) beyond the ally is free.
    s = pos(L0, L1, (0, "acrobat", 0, 0), (1, "rider", 1, 0), (0, "archer", 0, 1), (1, "wanderer", 2, -1))
    dests = options(s, (0, 0), "acrobat")
    assert (None, ((2, 0),), False) in dests and (None, ((0, 2),), False) in dests
    assert (None, ((2, 0), (2, -2)), False) in dests  # changes direction
    assert (None, ((0, 2), (0, 0)), False) not in dests  # not back to the start (ruling on leaders.keywords.move)
    assert all(len(o[1]) <= 2 for o in dests)
    assert destinations(s, (0, 0), "acrobat") == {(2, 0), (0, 2), (2, -2)}
    after = LEADERS.apply(s, act(piece=[0, 0], ability="acrobat", path=[[2, 0], [2, -2]]))
    assert cell_of(after, "acrobat", 0) == (2, -2)


@pytest.mark.rules("leaders.acrobat")
def test_acrobat_needs_an_empty_landing_cell_on_the_board() -> None:
    s = pos(L0, L1, (0, "acrobat", 3, -2), (1, "rider", 3, -3), (1, "archer", 2, -2), (1, "wanderer", 1, -2))
    assert destinations(s, (3, -2), "acrobat") == set()  # beyond (3,-3) is off the board, beyond (2,-2) occupied


@pytest.mark.rules("leaders.rider")
def test_rider_two_cells_in_line_both_empty() -> None:
    s = pos(L0, L1, (0, "rider", 0, 0), (1, "archer", 1, 0), (1, "jailer", -1, -1))
    assert destinations(s, (0, 0), "rider") == {(2, -2), (0, -2), (-2, 0), (-2, 2), (0, 2)}
    # blocked straight on by (1,0); (-1,-1) is not on a line from (0,0) at all
    assert rules_of(s, act(piece=[0, 0], ability="rider", to=[2, 0])) == ("leaders.rider",)


@pytest.mark.rules("leaders.bruiser")
def test_bruiser_takes_the_cell_and_pushes_to_one_of_three() -> None:
    s = pos(L0, L1, (0, "bruiser", 0, 0), (1, "rider", 1, 0), (1, "archer", 2, 0), (0, "jailer", -1, -2))
    # push cells beyond (1,0) seen from (0,0): (2,0) [occupied], (2,-1), (1,1)
    assert options(s, (0, 0), "bruiser") == {((1, 0), ((2, -1),), False), ((1, 0), ((1, 1),), False)}
    after = LEADERS.apply(s, act(piece=[0, 0], ability="bruiser", target=[1, 0], to=[1, 1]))
    assert cell_of(after, "bruiser", 0) == (1, 0) and cell_of(after, "rider", 1) == (1, 1)
    # an ally is not a target
    assert rules_of(s, act(piece=[0, 0], ability="bruiser", target=[-1, 0], to=[-2, 0])) == ("leaders.bruiser",)


@pytest.mark.rules("leaders.bruiser")
def test_bruiser_without_push_cell_has_no_target() -> None:
    s = pos(L0, L1, (0, "bruiser", 1, 0), (1, "rider", 2, 0), (1, "archer", 2, -1))
    # beyond (2,0) seen from (1,0): (3,0), (3,-1), (2,1) -- all free except none; fill them
    s2 = pos(L0, L1, (0, "bruiser", 2, 0), (1, "rider", 3, 0))  # (3,0) is on the edge: nothing beyond
    assert options(s2, (2, 0), "bruiser") == set()
    assert options(s, (1, 0), "bruiser")


@pytest.mark.rules("leaders.royal-guard")
def test_royal_guard_next_to_the_leader_then_one_more_step() -> None:
    s = pos((0, "leader", 0, 0), L1, (0, "royal-guard", 3, -3), (1, "rider", 1, 0))
    firsts = {o[1][0] for o in options(s, (3, -3), "royal-guard")}
    assert firsts == {(1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}  # (1,0) is occupied
    assert (None, ((0, 1), (0, 2)), False) in options(s, (3, -3), "royal-guard")
    assert all(len(o[1]) in (1, 2) for o in options(s, (3, -3), "royal-guard"))


@pytest.mark.rules("leaders.illusionist", "leaders.keywords.visible")
def test_illusionist_swaps_with_visible_non_adjacent_figures() -> None:
    s = pos(L0, L1, (0, "illusionist", 0, 0), (1, "rider", 2, 0), (1, "archer", 3, 0), (0, "jailer", 0, 1),
            (1, "wanderer", 0, -2))
    targets = {o[0] for o in options(s, (0, 0), "illusionist")}
    assert targets == {(2, 0), (0, -2)}  # (3,0) hidden behind (2,0); (0,1) adjacent
    after = LEADERS.apply(s, act(piece=[0, 0], ability="illusionist", target=[2, 0]))
    assert cell_of(after, "illusionist", 0) == (2, 0) and cell_of(after, "rider", 1) == (0, 0)


@pytest.mark.rules("leaders.claw-launcher", "leaders.keywords.visible")
def test_claw_launcher_moves_to_or_pulls_a_visible_figure() -> None:
    s = pos(L0, L1, (0, "claw-launcher", -3, 0), (1, "rider", 1, 0), (0, "archer", -2, 0))
    # the archer is adjacent (no movement possible); the rider is hidden behind it; the only
    # target left is the enemy leader on (0,-3), seen along the (1,-1) line
    assert {o[0] for o in options(s, (-3, 0), "claw-launcher")} == {(0, -3)}
    s = pos(L0, L1, (0, "claw-launcher", -3, 0), (1, "rider", 1, 0))
    assert ((1, 0), (), False) in options(s, (-3, 0), "claw-launcher")
    moved = LEADERS.apply(s, act(piece=[-3, 0], ability="claw-launcher", target=[1, 0], pull=False))
    assert cell_of(moved, "claw-launcher", 0) == (0, 0)
    pulled = LEADERS.apply(s, act(piece=[-3, 0], ability="claw-launcher", target=[1, 0], pull=True))
    assert cell_of(pulled, "rider", 1) == (-2, 0) and cell_of(pulled, "claw-launcher", 0) == (-3, 0)


@pytest.mark.rules("leaders.manipulator")
def test_manipulator_moves_a_visible_non_adjacent_enemy_one_step() -> None:
    s = pos(L0, L1, (0, "manipulator", 0, 0), (1, "rider", 0, -2), (1, "archer", 1, 0), (0, "jailer", -2, 0))
    got = options(s, (0, 0), "manipulator")
    assert {o[0] for o in got} == {(0, -2)}  # (1,0) adjacent, (-2,0) an ally
    assert {o[1][0] for o in got} == {(1, -2), (1, -3), (-1, -2), (-1, -1), (0, -1)}  # (0,-3) holds a leader
    after = LEADERS.apply(s, act(piece=[0, 0], ability="manipulator", target=[0, -2], to=[-1, -1]))
    assert cell_of(after, "rider", 1) == (-1, -1)


@pytest.mark.rules("leaders.wanderer")
def test_wanderer_any_empty_cell_not_adjacent_to_an_enemy() -> None:
    s = pos(L0, L1, (0, "wanderer", 0, 0), (1, "rider", 2, -1))
    dests = destinations(s, (0, 0), "wanderer")
    from rules.leaders.board import CELLS, adjacent

    enemies = [(0, -3), (2, -1)]
    expected = {c for c in CELLS if c not in {(0, 3), (0, -3), (2, -1), (0, 0)}
                and not any(adjacent(*c, *e) for e in enemies)}
    assert dests == expected


@pytest.mark.rules("leaders.brewmaster", "leaders.keywords.allies")
def test_brewmaster_moves_an_adjacent_ally_one_step() -> None:
    s = pos(L0, L1, (0, "brewmaster", 0, 0), (0, "archer", 1, 0), (1, "rider", -1, 0))
    got = options(s, (0, 0), "brewmaster")
    assert {o[0] for o in got} == {(1, 0)}  # not the enemy
    after = LEADERS.apply(s, act(piece=[0, 0], ability="brewmaster", target=[1, 0], to=[2, 0]))
    assert cell_of(after, "archer", 0) == (2, 0)
    # the archer was moved, it did not act: it may still act itself
    assert LEADERS.check(after, act(piece=[2, 0], move=[[3, 0]])) is None


@pytest.mark.rules("leaders.vizier")
def test_vizier_gives_the_leader_a_two_step_move() -> None:
    s = pos((0, "leader", 0, 0), L1, (1, "rider", 3, -3))
    assert rules_of(s, act(piece=[0, 0], move=[[0, 1], [0, 2]])) == ("leaders.actions.move", "leaders.vizier")
    s = pos((0, "leader", 0, 0), L1, (0, "vizier", 3, -3))
    assert LEADERS.check(s, act(piece=[0, 0], move=[[0, 1], [0, 2]])) is None
    assert ((0, 1), (0, 0)) not in options(s, (0, 0))  # not back to the start
    vizier = pos((0, "leader", 0, 0), L1, (0, "vizier", 3, -3))
    assert rules_of(vizier, act(piece=[3, -3], move=[[2, -2], [1, -1]])) == ("leaders.actions.move",
                                                                            "leaders.vizier")


@pytest.mark.rules("leaders.hermit-cub.move", "leaders.hermit-cub.one-character")
def test_hermit_and_cub_each_move_once_without_abilities() -> None:
    s = pos(L0, L1, (0, "hermit", 0, 0), (0, "cub", 2, 0))
    s = LEADERS.apply(s, act(piece=[0, 0], move=[[0, 1]]))
    s = LEADERS.apply(s, act(piece=[2, 0], move=[[2, 1]]))
    assert rules_of(s, act(piece=[0, 1], move=[[0, 0]])) == ("leaders.actions.one-each",)
    s0 = pos(L0, L1, (0, "hermit", 0, 0))
    assert rules_of(s0, act(piece=[0, 0], ability="hermit", to=[0, 1])) == ("leaders.hermit-cub.move",)


# ----------------------------------------------------------------------- Jailer


@pytest.mark.rules("leaders.jailer")
def test_jailer_blocks_adjacent_enemy_active_abilities_only() -> None:
    s = pos(L0, L1, (0, "rider", 0, 0), (1, "jailer", 1, 0), (0, "archer", -2, 0), (1, "wanderer", -1, -1))
    assert options(s, (0, 0), "rider") == set()
    assert rules_of(s, act(piece=[0, 0], ability="rider", to=[0, 2])) == ("leaders.jailer",)
    assert LEADERS.check(s, act(piece=[0, 0], move=[[0, 1]])) is None  # moving is not an ability
    own = pos(L0, L1, (0, "rider", 0, 0), (0, "jailer", 1, 0))
    assert options(own, (0, 0), "rider")  # an allied Jailer blocks nothing


@pytest.mark.rules("leaders.jailer", "leaders.jailer.no-interrupt")
def test_jailer_is_checked_when_the_action_starts() -> None:
    # the acrobat lands next to the enemy Jailer after its first jump, and may still jump again
    s = pos(L0, L1, (0, "acrobat", -2, 0), (1, "archer", -1, 0), (1, "jailer", 1, -1), (1, "rider", 0, -1))
    assert (None, ((0, 0), (0, -2)), False) in options(s, (-2, 0), "acrobat")


@pytest.mark.rules("leaders.jailer", "leaders.vizier")
def test_jailer_does_not_block_passive_abilities() -> None:
    s = pos((0, "leader", 0, 0), L1, (0, "vizier", 2, -1), (1, "jailer", 3, -1), (1, "jailer", 0, 1))
    assert LEADERS.check(s, act(piece=[0, 0], move=[[-1, 0], [-2, 0]])) is None


# ----------------------------------------------------------------------- Protector


@pytest.mark.rules("leaders.protector", "leaders.bruiser")
def test_protector_stops_pushes() -> None:
    s = pos(L0, L1, (0, "bruiser", 0, 0), (1, "rider", 1, 0), (1, "protector", 2, -1))
    assert options(s, (0, 0), "bruiser") == set()
    assert rules_of(s, act(piece=[0, 0], ability="bruiser", target=[1, 0], to=[1, 1])) == ("leaders.protector",)
    p = pos(L0, L1, (0, "bruiser", 0, 0), (1, "protector", 1, 0))
    assert rules_of(p, act(piece=[0, 0], ability="bruiser", target=[1, 0], to=[2, 0])) == ("leaders.protector",)


@pytest.mark.rules("leaders.protector", "leaders.claw-launcher")
def test_protector_stops_pulls_but_not_the_claw_launcher_moving_itself() -> None:
    s = pos(L0, L1, (0, "claw-launcher", -3, 0), (1, "rider", 1, 0), (1, "protector", 1, 1))
    assert {o for o in options(s, (-3, 0), "claw-launcher") if o[0] == (1, 0)} == {((1, 0), (), False)}
    assert rules_of(s, act(piece=[-3, 0], ability="claw-launcher", target=[1, 0], pull=True)) == (
        "leaders.protector",)


@pytest.mark.rules("leaders.protector", "leaders.manipulator")
def test_protector_stops_the_manipulator() -> None:
    s = pos(L0, L1, (0, "manipulator", 0, 0), (1, "rider", 0, -2), (1, "protector", 1, -2))
    assert options(s, (0, 0), "manipulator") == set()
    assert rules_of(s, act(piece=[0, 0], ability="manipulator", target=[0, -2], to=[-1, -1])) == (
        "leaders.protector",)


@pytest.mark.rules("leaders.protector", "leaders.illusionist")
def test_protector_stops_swaps_with_enemies_not_with_allies() -> None:
    s = pos(L0, L1, (0, "illusionist", 0, 0), (1, "protector", 2, 0), (0, "rider", 0, -2), (0, "archer", -1, -1))
    targets = {o[0] for o in options(s, (0, 0), "illusionist")}
    assert (2, 0) not in targets and (0, -2) in targets
    assert rules_of(s, act(piece=[0, 0], ability="illusionist", target=[2, 0])) == ("leaders.protector",)
    # the Protector protects against ENEMY abilities: its own side may move it
    own = pos(L0, L1, (0, "brewmaster", 0, 0), (0, "protector", 1, 0))
    assert options(own, (0, 0), "brewmaster")


@pytest.mark.rules("leaders.protector", "leaders.nemesis.forced-move")
def test_protector_does_not_stop_the_nemesis_moving_itself() -> None:
    # seat 1's Nemesis stands next to seat 1's own Protector; seat 0's leader moves:
    # the Nemesis' forced move is its own, not an enemy ability moving it (ruling)
    s = pos((0, "leader", 0, 0), (1, "leader", 3, -3), (1, "nemesis", -2, 0), (1, "protector", -2, -1))
    after = LEADERS.apply(s, act(piece=[0, 0], move=[[1, -1]]))
    assert after.to_move == 1 and after.pending
    nemesis_moves = LEADERS.legal_actions(after)
    assert nemesis_moves and all(a.kind == "nemesis" and len(a.path) == 2 for a in nemesis_moves)


@pytest.mark.rules("leaders.royal-guard")
def test_royal_guard_extra_step_never_ends_where_it_started() -> None:
    # already next to its leader on (1,0): it may hop to another cell beside the leader and step on,
    # but not step back onto (1,0) (ruling: an ability that changes nothing is no action)
    s = pos((0, "leader", 0, 0), L1, (0, "royal-guard", 1, 0))
    got = options(s, (1, 0), "royal-guard")
    assert got and all(o[1][-1] != (1, 0) for o in got)
    assert {o[1][0] for o in got} == {(1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}
    back = act(piece=[1, 0], ability="royal-guard", path=[[1, -1], [1, 0]])
    # the refusal cites the ruling that decides it (an ability that changes nothing is not an
    # action, the ruling on leaders.claw-launcher), not only the card text
    assert rules_of(s, back) == ("leaders.royal-guard", "leaders.claw-launcher")
    assert "Ruling on leaders.royal-guard" in LEADERS.check(s, back).message.get("en")
    # any other impossible path still cites the card alone
    assert rules_of(s, act(piece=[1, 0], ability="royal-guard", path=[[3, -3]])) == ("leaders.royal-guard",)


@pytest.mark.rules("leaders.acrobat", "leaders.claw-launcher")
def test_acrobat_second_jump_back_to_its_cell_cites_the_ruling() -> None:
    s = pos((0, "leader", 0, 3), L1, (0, "acrobat", 0, 0), (1, "rider", 1, 0))
    back = act(piece=[0, 0], ability="acrobat", path=[[2, 0], [0, 0]])
    assert rules_of(s, back) == ("leaders.acrobat", "leaders.claw-launcher")


@pytest.mark.rules("leaders.protector", "leaders.illusionist", "leaders.claw-launcher", "leaders.manipulator")
def test_protector_shields_itself_and_adjacent_allies_from_every_enemy_ability() -> None:
    # seat 1's Protector on (2,-2) shields itself and the adjacent seat-1 Rider on (1,-2); the seat-1
    # Wanderer on (-2,0) is not adjacent to it and may be swapped with
    s = pos(L0, L1, (0, "illusionist", 1, 0), (0, "claw-launcher", -1, 1), (0, "manipulator", 2, 0),
            (1, "rider", 1, -2), (1, "protector", 2, -2), (1, "wanderer", -2, 0))
    assert {o[0] for o in options(s, (1, 0), "illusionist")} == {(-2, 0)}
    assert rules_of(s, act(piece=[1, 0], ability="illusionist", target=[1, -2])) == ("leaders.protector",)
    # the Claw Launcher may fly to the Protector but not pull it
    assert {o for o in options(s, (-1, 1), "claw-launcher") if o[0] == (2, -2)} == {((2, -2), (), False)}
    assert rules_of(s, act(piece=[-1, 1], ability="claw-launcher", target=[2, -2], pull=True)) == (
        "leaders.protector",)
    # the Manipulator sees the Protector across (2,-1) but may not move it
    assert {o[0] for o in options(s, (2, 0), "manipulator")} == set()
    assert rules_of(s, act(piece=[2, 0], ability="manipulator", target=[2, -2], to=[3, -3])) == (
        "leaders.protector",)
