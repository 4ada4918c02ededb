"""Capture and surround: the predicates, their tables, and the engine's use of them."""

from __future__ import annotations

import random

import pytest
from leaders_helpers import pos

from rules.leaders import engine
from rules.leaders.board import CELLS, DIRECTIONS, INDEX, N_CELLS
from rules.leaders.capture import (
    CAPTURE_RING,
    OFFSETS,
    WEIGHT,
    capture_weight,
    captured,
    counts_for_capture,
    surrounded,
)
from rules.leaders.characters import CODE, KINDS

pytestmark = pytest.mark.rules("leaders.end.captured", "leaders.goal", "leaders.keywords.enemies",
                               "leaders.keywords.characters")


def lost(*pieces: tuple[int, str, int, int], side: int = 1) -> bool:
    s = pos(*pieces)
    return side in engine.lost_sides(s) if s.phase != "over" else side not in s.winners


def test_weight_table_is_the_function() -> None:
    for kind in KINDS:
        for k, (dq, dr) in enumerate(OFFSETS):
            assert WEIGHT[CODE[kind]][k] == capture_weight(CODE[kind], dq, dr)
        for dq in range(-6, 7):
            for dr in range(-6, 7):
                w = capture_weight(CODE[kind], dq, dr)
                assert w == (WEIGHT[CODE[kind]][OFFSETS.index((dq, dr))] if (dq, dr) in OFFSETS else 0)
                assert counts_for_capture(CODE[kind], dq, dr) == (w > 0)


def test_capture_ring_lists_existing_cells() -> None:
    for i in range(N_CELLS):
        q, r = CELLS[i]
        assert {c for _, c in CAPTURE_RING[i]} == {INDEX[(q + a, r + b)] for a, b in OFFSETS if (q + a, r + b) in INDEX}


def test_two_adjacent_enemies_capture_and_the_enemy_leader_counts() -> None:
    assert lost((0, "leader", 0, 0), (1, "leader", 0, -3), (0, "rider", 1, -3), (0, "bruiser", -1, -2), side=1)
    # enemy leader adjacent + one enemy character
    assert lost((0, "leader", 0, -2), (1, "leader", 0, -3), (0, "rider", 1, -3), side=1)
    assert not lost((0, "leader", 0, 0), (1, "leader", 0, -3), (0, "rider", 1, -3), side=1)
    # allies never capture
    assert not lost((0, "leader", 0, 3), (1, "leader", 0, -3), (1, "rider", 1, -3), (1, "bruiser", 0, -2), side=1)


@pytest.mark.rules("leaders.assassin")
def test_the_assassin_captures_alone() -> None:
    assert lost((0, "leader", 0, 3), (1, "leader", 0, 0), (0, "assassin", 1, 0), side=1)
    assert not lost((0, "leader", 0, 3), (1, "leader", 0, 0), (0, "assassin", 2, 0), side=1)


@pytest.mark.rules("leaders.archer")
def test_the_archer_counts_at_two_in_line_not_adjacent() -> None:
    two = ((0, "leader", 0, 3), (1, "leader", 0, 0), (0, "rider", 1, 0))
    assert lost(*two, (0, "archer", -2, 0), side=1)
    assert lost(*two, (0, "archer", -2, 0), (1, "jailer", -1, 0), side=1)  # the cell between may be occupied
    assert not lost(*two, (0, "archer", -1, 0), side=1)  # adjacent: does not help
    assert not lost(*two, (0, "archer", -1, -1), side=1)  # distance 2 but not in line
    assert not lost(*two, (0, "archer", -3, 0), side=1)  # three away


@pytest.mark.rules("leaders.hermit-cub.cub-no-capture")
def test_the_cub_never_counts() -> None:
    base = ((0, "leader", 0, 3), (1, "leader", 0, 0), (0, "rider", 1, 0))
    assert not lost(*base, (0, "cub", -1, 0), side=1)
    assert lost(*base, (0, "hermit", -1, 0), side=1)
    assert all(capture_weight(CODE["cub"], dq, dr) == 0 for dq, dr in OFFSETS)


@pytest.mark.rules("leaders.end.surrounded")
def test_surrounded_in_the_middle_on_the_edge_and_in_the_corner() -> None:
    ring = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)]
    allies = [(1, "rider", q, r) for q, r in ring]
    assert not lost((0, "leader", 0, 3), (1, "leader", 0, 0), *allies, side=1)
    assert lost((0, "leader", 0, 3), (1, "leader", 0, 0), *allies, (1, "archer", 0, 1), side=1)
    # a corner leader has three neighbours, an edge leader four
    assert lost((0, "leader", 0, -1), (1, "leader", 0, -3), (1, "rider", 1, -3), (1, "archer", -1, -2),
                (1, "jailer", 0, -2), side=1)
    edge = [(1, "rider", 2, -3), (1, "archer", 0, -2), (1, "jailer", 1, -2), (1, "vizier", 0, -3)]
    assert lost((0, "leader", 0, 3), (1, "leader", 1, -3), *edge, side=1)
    assert not lost((0, "leader", 0, 3), (1, "leader", 1, -3), *edge[:3], side=1)


@pytest.mark.rules("leaders.end.surrounded")
def test_engine_matches_the_predicates_on_random_boards() -> None:
    rng = random.Random(7)
    kinds = [k for k in KINDS if k != "leader"]
    for _ in range(400):
        cells = rng.sample(CELLS, rng.randint(2, 16))
        figures = [(0, "leader", *cells[0]), (1, "leader", *cells[1])]
        figures += [(rng.randrange(2), rng.choice(kinds), *c) for c in cells[2:]]
        s = pos(*figures)
        occupied = set(cells)
        for side in (0, 1):
            q, r = cells[side]
            enemies = [(CODE[k], fq - q, fr - r) for o, k, fq, fr in figures if o != side]
            expect = bool(captured(enemies)) or bool(
                surrounded(q, r, [(q + a, r + b) in occupied for a, b in DIRECTIONS]))
            assert engine.side_lost(s.pieces, s.board, s.cells, side) == expect
