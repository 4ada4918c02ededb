"""The board's geometry: cells, adjacency, lines, visibility, start and recruitment cells."""

from __future__ import annotations

import itertools
import random

import pytest

from rules.leaders import board as B

pytestmark = pytest.mark.rules("leaders.board")


def test_thirty_seven_cells_in_columns_of_four_to_seven() -> None:
    assert B.N_CELLS == 37
    columns = [sum(1 for q, r in B.CELLS if q == col) for col in range(-3, 4)]
    assert columns == [4, 5, 6, 7, 6, 5, 4]
    assert all(max(abs(q), abs(r), abs(q + r)) <= 3 for q, r in B.CELLS)


@pytest.mark.rules("leaders.keywords.adjacent")
def test_neighbour_tables_match_the_predicate() -> None:
    for i, (q, r) in enumerate(B.CELLS):
        expected = {j for j, (q2, r2) in enumerate(B.CELLS) if abs(q - q2) + abs(r - r2) + abs(q + r - q2 - r2) == 2}
        assert set(B.NEIGHBOURS[i]) == expected
    assert len(B.NEIGHBOURS[B.INDEX[(0, 0)]]) == 6
    assert len(B.NEIGHBOURS[B.INDEX[(0, 3)]]) == 3  # a corner
    assert len(B.NEIGHBOURS[B.INDEX[(1, 2)]]) == 4  # an edge


@pytest.mark.rules("leaders.keywords.straight-line")
def test_lines_are_repeated_steps() -> None:
    for i, j in itertools.permutations(range(B.N_CELLS), 2):
        (q1, r1), (q2, r2) = B.CELLS[i], B.CELLS[j]
        on_ray = B.DIRECTION_TO[i][j] >= 0
        assert bool(B.in_line(q1, r1, q2, r2)) == on_ray
        two = on_ray and B.RAYS[i][B.DIRECTION_TO[i][j]].index(j) == 1
        assert bool(B.distance2_in_line(q1, r1, q2, r2)) == two


@pytest.mark.rules("leaders.keywords.visible")
def test_visibility_predicate_against_walking_the_ray() -> None:
    rng = random.Random(4)
    for _ in range(300):
        occupied = {c for c in B.CELLS if rng.random() < 0.3}
        i, j = rng.sample(range(B.N_CELLS), 2)
        d = B.DIRECTION_TO[i][j]
        if d < 0:
            expected = False
        else:
            ray = B.RAYS[i][d]
            expected = not any(B.CELLS[c] in occupied for c in ray[:ray.index(j)])
        got = B.visible(*B.CELLS[i], *B.CELLS[j], lambda q, r, o=occupied: (q, r) in o)
        assert bool(got) == expected


@pytest.mark.rules("leaders.board.start-cells", "leaders.setup.leaders")
def test_leaders_start_on_opposite_corners() -> None:
    assert B.CELLS[B.start_cell(0)] == (0, 3) and B.CELLS[B.start_cell(1)] == (0, -3)


@pytest.mark.rules("leaders.board.recruitment-cells", "leaders.recruit.own-side")
def test_recruitment_cells_are_the_two_edges_at_the_leader_corner() -> None:
    for seat in (0, 1):
        cells = {B.CELLS[i] for i in B.recruitment_cells(seat)}
        assert len(cells) == 7 and B.CELLS[B.start_cell(seat)] in cells  # the corner is included (ruling)
        assert all(max(abs(q), abs(r), abs(q + r)) == 3 for q, r in cells)
    assert not set(B.recruitment_cells(0)) & set(B.recruitment_cells(1))
    assert {(q, -r) for q, r in []} == set()
    assert {B.CELLS[i] for i in B.recruitment_cells(1)} == {(-q, -r) for q, r in B.RECRUITMENT_CELLS[0]}


@pytest.mark.rules("leaders.jailer", "leaders.protector")
def test_the_jailer_and_protector_tables_agree_with_their_predicates() -> None:
    """``is_jailed`` and ``shielded_cells`` (table forms, used in play) give what the proved
    predicates ``jailed`` and ``protected`` give, on positions along random games."""
    import random

    from rules.leaders import LEADERS
    from rules.leaders.abilities import (
        is_jailed,
        is_jailed_by_predicate,
        shielded_cells,
        shielded_cells_by_predicate,
    )

    rng = random.Random(4)
    seen = jailers = protectors = 0
    while seen < 400:
        state = LEADERS.initial_state(LEADERS.random_setup(rng))
        for _ in range(150):
            if LEADERS.is_terminal(state):
                break
            for pid in range(len(state.pieces)):
                assert is_jailed(state, pid) == is_jailed_by_predicate(state, pid)
            for mover in (0, 1):
                assert shielded_cells(state, mover) == shielded_cells_by_predicate(state, mover)
            kinds = {p.kind for p in state.pieces}
            jailers += "jailer" in kinds
            protectors += "protector" in kinds
            seen += 1
            state = LEADERS.apply(state, rng.choice(LEADERS.legal_actions(state)))
    assert jailers > 50 and protectors > 50  # the comparison met both figures often
