"""The Z3 proofs of Leaders: every theorem proves, and every theorem can fail.

For each theorem at least one test injects a plausibly broken predicate and
expects a counterexample (a proof that cannot fail is a defect). The glue
tests check that the proofs compose the engine's predicates the way the
engine does (capture and surround on the board, visibility as the abilities
see it, the Jailer and Protector in the generated legal actions), so the
proofs are about the code that runs.
"""

from __future__ import annotations

import pytest

pytest.importorskip("z3")

from proof_helpers import refuter, theorem_params

import proofs
from proofs import PROVED, Theorem
from proofs.leaders import THEOREMS
from proofs.leaders.common import BOARD, REFERENCE_DIRECTIONS
from rules.kernel.logic import CONCRETE
from rules.kernel.spec import load_spec
from rules.leaders import board, capture, restrictions
from rules.leaders.board import (
    DIRECTIONS,
    RECRUITMENT_CELLS,
    START_CELLS,
    adjacent,
    in_line,
)
from rules.leaders.characters import ARCHER, ASSASSIN, CUB

BY_NAME = {t.name: t for t in THEOREMS}


refuted = refuter(THEOREMS)


# ------------------------------------------------------------------ registry

@pytest.mark.parametrize("thm", theorem_params(THEOREMS))
def test_theorem_is_proved(thm: Theorem) -> None:
    result = thm.check()
    assert result.status == PROVED, result
    assert result.theorem == thm.name and result.counterexample is None


def test_registry_is_well_formed() -> None:
    spec = load_spec()
    assert len({t.name for t in THEOREMS}) == len(THEOREMS)
    assert proofs.theorems("leaders") == THEOREMS
    assert set(THEOREMS) <= set(proofs.THEOREMS)
    for t in THEOREMS:
        assert t.name.startswith("leaders.") and t.rules and t.injectable, t
        unknown = [r for r in t.rules if r not in spec]
        assert not unknown, f"{t.name} cites unknown rules {unknown}"
        assert t.statement.endswith(".") and t.statement.count(". ") == 0, t.statement


def test_the_issue_s_rules_are_proved() -> None:
    """The issue asks for capture, surround, the Cub, the Archer, visibility, Protector and Jailer."""
    cited = {r for t in THEOREMS for r in t.rules}
    assert {"leaders.end.captured", "leaders.end.surrounded", "leaders.archer", "leaders.assassin",
            "leaders.hermit-cub.cub-no-capture", "leaders.keywords.visible", "leaders.keywords.adjacent",
            "leaders.protector", "leaders.jailer"} <= cited


def test_reference_geometry_is_the_reference_file_s() -> None:
    assert len(BOARD) == len(set(BOARD)) == 37
    assert set(REFERENCE_DIRECTIONS) == set(DIRECTIONS)


# ------------------------------------------------------------------ board

def square_board(q, r, L=CONCRETE):
    """Forgets the third axis: a rhombus of 49 cells."""
    return L.And(q >= -3, q <= 3, r >= -3, r <= 3)


def radius_four(q, r, L=CONCRETE):
    """An off-by-one radius: 61 cells."""
    return L.And(q >= -4, q <= 4, r >= -4, r <= 4, q + r >= -4, q + r <= 4)


def eight_neighbours(q1, r1, q2, r2, L=CONCRETE):
    """Square-grid thinking: (1, 1) and (-1, -1) counted as neighbours too."""
    dq, dr = q2 - q1, r2 - r1
    return L.Or(adjacent(q1, r1, q2, r2, L), L.And(dq == 1, dr == 1), L.And(dq == -1, dr == -1))


def near_or_same(q1, r1, q2, r2, L=CONCRETE):
    """Adjacency read as "within one step": a cell is its own neighbour."""
    return L.Or(adjacent(q1, r1, q2, r2, L), L.And(q1 == q2, r1 == r2))


def one_way(q1, r1, q2, r2, L=CONCRETE):
    """Only three of the six directions: not symmetric."""
    dq, dr = q2 - q1, r2 - r1
    return L.Or(L.And(dq == 1, dr == 0), L.And(dq == 0, dr == 1), L.And(dq == 1, dr == -1))


@pytest.mark.rules("leaders.board")
def test_cells_catches_a_rhombus_and_a_bigger_board() -> None:
    assert "the reference says off" in refuted("leaders.board.cells", is_cell=square_board)
    refuted("leaders.board.cells", is_cell=radius_four)


@pytest.mark.rules("leaders.keywords.adjacent")
def test_adjacency_catches_wrong_neighbours() -> None:
    refuted("leaders.board.adjacency", adjacent=eight_neighbours)
    assert "adjacent(a, a) = True" in refuted("leaders.board.adjacency", adjacent=near_or_same)
    refuted("leaders.board.adjacency", adjacent=one_way)


def two_axes(q1, r1, q2, r2, L=CONCRETE):
    """Forgets the third line direction (dq + dr == 0)."""
    dq, dr = q2 - q1, r2 - r1
    return L.And(L.Not(L.And(dq == 0, dr == 0)), L.Or(dq == 0, dr == 0))


def line_with_itself(q1, r1, q2, r2, L=CONCRETE):
    dq, dr = q2 - q1, r2 - r1
    return L.Or(dq == 0, dr == 0, dq + dr == 0)


@pytest.mark.rules("leaders.keywords.straight-line")
def test_straight_line_catches_a_missing_axis_and_the_cell_itself() -> None:
    refuted("leaders.board.straight-line", in_line=two_axes)
    refuted("leaders.board.straight-line", in_line=line_with_itself)


def any_cell_two_away(q1, r1, q2, r2, L=CONCRETE):
    """Distance two in any way, not only in a straight line."""
    return board.doubled_distance(q2 - q1, r2 - r1, L) == 4


@pytest.mark.rules("leaders.archer", "leaders.keywords.straight-line")
def test_distance_two_catches_a_knight_s_jump() -> None:
    refuted("leaders.board.distance-two", distance2_in_line=any_cell_two_away)


@pytest.mark.rules("leaders.board.recruitment-cells", "leaders.board.start-cells")
def test_recruitment_catches_a_missing_corner_and_swapped_sides() -> None:
    no_corner = tuple(tuple(c for c in side if c not in START_CELLS) for side in RECRUITMENT_CELLS)
    refuted("leaders.board.recruitment-cells", recruitment_cells=no_corner)
    refuted("leaders.board.recruitment-cells", recruitment_cells=RECRUITMENT_CELLS[::-1])
    refuted("leaders.board.recruitment-cells", start_cells=START_CELLS[::-1])
    one_edge = (RECRUITMENT_CELLS[0][:4] + ((-3, 2),), RECRUITMENT_CELLS[1])
    refuted("leaders.board.recruitment-cells", recruitment_cells=one_edge)


# ------------------------------------------------------------------ visibility

def sees_through(q1, r1, q2, r2, occupied, L=CONCRETE):
    """Forgets the blockers: any cell in line is visible."""
    return in_line(q1, r1, q2, r2, L)


def target_blocks(q1, r1, q2, r2, occupied, L=CONCRETE):
    """Counts the target's own cell as "between": an occupied cell is never visible."""
    return L.And(board.visible(q1, r1, q2, r2, occupied, L), L.Not(occupied(q2, r2)))


def near_blocker_only(q1, r1, q2, r2, occupied, L=CONCRETE):
    """Looks only at the first cell between (an off-by-one in the ray walk)."""
    dq, dr = q2 - q1, r2 - r1
    uq, ur = L.If(dq > 0, 1, L.If(dq < 0, -1, 0)), L.If(dr > 0, 1, L.If(dr < 0, -1, 0))
    far = board.doubled_distance(dq, dr, L) > 2
    return L.And(in_line(q1, r1, q2, r2, L), L.Or(L.Not(far), L.Not(occupied(q1 + uq, r1 + ur))))


@pytest.mark.rules("leaders.keywords.visible")
def test_visible_catches_ignored_blockers() -> None:
    refuted("leaders.visible.exact", visible=sees_through)
    refuted("leaders.visible.exact", visible=near_blocker_only)
    assert BY_NAME["leaders.visible.symmetric"].check(visible=sees_through).status == PROVED


@pytest.mark.rules("leaders.keywords.visible")
def test_visible_catches_an_occupied_target_and_asymmetry() -> None:
    refuted("leaders.visible.exact", visible=target_blocks)
    assert "visible(a, b)" in refuted("leaders.visible.symmetric", visible=target_blocks)


# ------------------------------------------------------------------ capture and surround

def weight_with(cub=0, archer_adjacent=0, assassin=2):
    """A capture weight with one rule changed (the engine's is ``weight_with()``)."""
    def weight(kind, dq, dr, L=CONCRETE):
        adj = board.is_direction(dq, dr, L)
        two = L.Or(*(L.And(dq == 2 * a, dr == 2 * b) for a, b in DIRECTIONS))
        return L.If(kind == CUB, L.If(adj, cub, 0),
                    L.If(kind == ARCHER, L.If(two, 1, L.If(adj, archer_adjacent, 0)),
                         L.If(adj, L.If(kind == ASSASSIN, assassin, 1), 0)))

    def counts(kind, dq, dr, L=CONCRETE):
        return weight(kind, dq, dr, L) > 0

    def captured(enemies, L=CONCRETE):
        return L.Sum(*(weight(k, dq, dr, L) for k, dq, dr in enemies)) >= 2

    return counts, captured


def needs_three(enemies, L=CONCRETE):
    return L.Sum(*(capture.capture_weight(k, dq, dr, L) for k, dq, dr in enemies)) >= 3


def first_six_only(enemies, L=CONCRETE):
    """Looks at only six figures around the leader (a fixed-size ring buffer)."""
    return capture.captured(list(enemies)[:6], L)


@pytest.mark.rules("leaders.hermit-cub.cub-no-capture")
def test_capture_catches_a_capturing_cub() -> None:
    counts, captured = weight_with(cub=1)
    assert "cub" in refuted("leaders.capture.one-figure", counts_for_capture=counts)
    assert "cub" in refuted("leaders.capture.any-placement", captured=captured)


@pytest.mark.rules("leaders.archer")
def test_capture_catches_an_adjacent_archer() -> None:
    counts, captured = weight_with(archer_adjacent=1)
    assert "archer" in refuted("leaders.capture.one-figure", counts_for_capture=counts)
    assert "archer" in refuted("leaders.capture.any-placement", captured=captured)


@pytest.mark.rules("leaders.assassin")
def test_capture_catches_an_assassin_that_needs_help() -> None:
    counts, captured = weight_with(assassin=1)
    assert BY_NAME["leaders.capture.one-figure"].check(counts_for_capture=counts).status == PROVED
    assert "assassin" in refuted("leaders.capture.one-figure", captured=captured)
    assert "assassin" in refuted("leaders.capture.any-placement", captured=captured)


@pytest.mark.rules("leaders.end.captured")
def test_capture_catches_a_wrong_threshold_and_a_short_ring() -> None:
    refuted("leaders.capture.any-placement", captured=needs_three)
    text = refuted("leaders.capture.any-placement", captured=first_six_only)
    assert text.count(" at (") >= 7  # only placements of seven or more figures expose it


def six_walls(q, r, occupied, L=CONCRETE):
    """Surround read as "all six sides occupied": the board edge never counts."""
    return L.And(*(L.And(capture.is_cell(q + a, r + b, L), occupied[d]) for d, (a, b) in enumerate(DIRECTIONS)))


def edge_counts_half(q, r, occupied, L=CONCRETE):
    """Forgets one direction."""
    return capture.surrounded(q, r, [*list(occupied)[:5], True], L)


@pytest.mark.rules("leaders.end.surrounded")
def test_surround_catches_edge_mistakes() -> None:
    text = refuted("leaders.surround.exact", surrounded=six_walls)
    assert "neighbour cells" in text
    refuted("leaders.surround.exact", surrounded=edge_counts_half)


# ------------------------------------------------------------------ Jailer and Protector

def jails_passives(q, r, owner, is_active, jailers, L=CONCRETE):
    return restrictions.jailed(q, r, owner, True, jailers, L)


def jails_own_side(q, r, owner, is_active, jailers, L=CONCRETE):
    return L.And(is_active, L.Or(*(board.adjacent(q, r, jq, jr, L) for jq, jr, jo in jailers)))


def jails_in_line(q, r, owner, is_active, jailers, L=CONCRETE):
    """Reads "adjacent" as "in line"."""
    return L.And(is_active, L.Or(*(L.And(jo != owner, in_line(q, r, jq, jr, L)) for jq, jr, jo in jailers)))


@pytest.mark.rules("leaders.jailer")
def test_jailer_catches_wrong_blocking() -> None:
    assert "passive" in refuted("leaders.jailer.exact", jailed=jails_passives)
    refuted("leaders.jailer.exact", jailed=jails_own_side)
    refuted("leaders.jailer.exact", jailed=jails_in_line)


def protects_against_own(q, r, owner, mover_owner, is_protector, protectors, L=CONCRETE):
    near = L.Or(*(L.And(po == owner, board.adjacent(q, r, pq, pr, L)) for pq, pr, po in protectors))
    return L.Or(is_protector, near)


def forgets_itself(q, r, owner, mover_owner, is_protector, protectors, L=CONCRETE):
    return restrictions.protected(q, r, owner, mover_owner, False, protectors, L)


def shields_enemies(q, r, owner, mover_owner, is_protector, protectors, L=CONCRETE):
    """Any adjacent Protector shields, whoever owns it."""
    near = L.Or(*(board.adjacent(q, r, pq, pr, L) for pq, pr, po in protectors))
    return L.And(owner != mover_owner, L.Or(is_protector, near))


@pytest.mark.rules("leaders.protector")
def test_protector_catches_wrong_shields() -> None:
    refuted("leaders.protector.exact", protected=protects_against_own)
    assert "a Protector of seat" in refuted("leaders.protector.exact", protected=forgets_itself)
    refuted("leaders.protector.exact", protected=shields_enemies)


# ------------------------------------------------------------------ glue: the proofs' predicates are what the engine runs

def _random_states(games: int = 6, seed: int = 4, max_actions: int = 300):
    """States along random games in both modes (every character gets recruited sooner or later)."""
    import random

    from rules.leaders.game import LEADERS

    rng = random.Random(seed)
    for _ in range(games):
        setup = LEADERS.random_setup(rng)
        state = LEADERS.initial_state(setup)
        for _ in range(max_actions):
            yield state
            if LEADERS.is_terminal(state):
                break
            state = LEADERS.apply(state, rng.choice(LEADERS.legal_actions(state)))


def _on_board(state):
    from rules.leaders.board import CELLS

    return [(i, p, CELLS[c]) for i, (p, c) in enumerate(zip(state.pieces, state.cells)) if c >= 0]


@pytest.mark.rules("leaders.end.captured", "leaders.end.surrounded")
def test_capture_proof_predicates_decide_like_the_engine_s_tables() -> None:
    """The engine decides the end through tables built from ``captured``/``surrounded``;
    on every state of random games both say the same for both leaders."""
    from rules.leaders.characters import CODE
    from rules.leaders.engine import side_lost

    checked = 0
    for state in _random_states():
        figures = _on_board(state)
        taken = {cell for _, _, cell in figures}
        for seat in (0, 1):
            expected = False
            for _, p, (lq, lr) in figures:
                if p.owner != seat or p.kind != "leader":
                    continue
                enemies = [(CODE[e.kind], q - lq, r - lr) for _, e, (q, r) in figures if e.owner != seat]
                near = [(lq + a, lr + b) in taken for a, b in DIRECTIONS]
                expected = expected or capture.captured(enemies) or capture.surrounded(lq, lr, near)
            assert side_lost(state.pieces, state.board, state.cells, seat) == expected, (state, seat)
            checked += 1
    assert checked > 500


@pytest.mark.rules("leaders.keywords.visible")
def test_visible_agrees_with_the_engine_s_rays() -> None:
    """The abilities see along ``RAYS`` up to the first figure; ``visible`` says the same."""
    from rules.leaders.board import CELLS, RAYS

    for n, state in enumerate(_random_states(games=2)):
        if n % 25:
            continue
        occupied = {CELLS[c] for c in state.cells if c >= 0}

        def taken(q: int, r: int, occupied: set = occupied) -> bool:
            return (q, r) in occupied

        for i, a in enumerate(CELLS):
            for ray in RAYS[i]:
                blocked = False
                for c in ray:
                    b = CELLS[c]
                    assert board.visible(*a, *b, taken) == (not blocked), (a, b)
                    blocked = blocked or b in occupied


@pytest.mark.rules("leaders.jailer", "leaders.protector")
def test_legal_actions_respect_the_jailer_and_the_protector() -> None:
    """No ability of a figure next to an enemy Jailer is offered, and no offered ability
    moves an enemy figure that ``protected`` shields (the actor itself may move)."""
    from rules.leaders.characters import ACTIVE_KINDS
    from rules.leaders.game import LEADERS
    from rules.leaders.state import ActionKind

    jailed_seen = shielded_seen = 0
    for state in _random_states(games=8, seed=9):
        if LEADERS.is_terminal(state) or state.phase != "actions" or state.pending:
            continue
        figures = _on_board(state)
        jailers = [(*cell, p.owner) for _, p, cell in figures if p.kind == "jailer"]
        protectors = [(*cell, p.owner) for _, p, cell in figures if p.kind == "protector"]
        actions = [a for a in LEADERS.legal_actions(state) if a.kind == ActionKind.ABILITY]
        for i, p, cell in figures:
            if p.owner == state.player and restrictions.jailed(*cell, p.owner, p.kind in ACTIVE_KINDS, jailers):
                jailed_seen += 1
                assert not [a for a in actions if a.piece == state.cells[i]], (state, cell)
        for a in actions:
            after = LEADERS.apply(state, a)
            for i, p, cell in figures:
                if state.cells[i] == a.piece or p.owner == state.player or p.kind == "nemesis":
                    continue  # the actor moves itself; a Nemesis' own forced move is not "moved by" the ability
                if restrictions.protected(*cell, p.owner, state.player, p.kind == "protector", protectors):
                    shielded_seen += 1
                    assert after.cells[i] == state.cells[i], (state, a, cell)
    assert jailed_seen and shielded_seen
