"""Perft: pinned reference counts, cross-checked with a naive brute-force enumerator."""

from __future__ import annotations

import pytest
from brute import brute_legal
from leaders_helpers import pos

from rules.leaders import LEADERS, State
from rules.leaders.characters import CARDS
from rules.leaders.perft import (
    REFERENCE_POSITIONS,
    count_phase_sequences,
    count_turns,
    reference_state,
)

pytestmark = pytest.mark.rules("leaders.turn", "leaders.actions.one-each", "leaders.actions.stop",
                               "leaders.actions.move", "leaders.actions.ability")

#: name -> (phase sequences, whole turns)
PINNED = {
    "opening": (4, 75),
    "skirmish": (32548, 32548),
    "guards": (10940, 10940),
    "melee": (21064, 332157),
}


def test_every_reference_position_is_pinned_and_every_character_appears() -> None:
    assert set(PINNED) == set(REFERENCE_POSITIONS)
    kinds = {p.kind for name in REFERENCE_POSITIONS for p in reference_state(name).pieces}
    figures = {k for card in CARDS for k in (("hermit", "cub") if card == "hermit-cub" else (card,))}
    assert figures | {"leader"} <= kinds


@pytest.mark.parametrize("name", sorted(PINNED))
def test_reference_counts(name: str) -> None:
    state = reference_state(name)
    assert (count_phase_sequences(state), count_turns(state)) == PINNED[name]


# ----------------------------------------------------------------------- naive enumerator


def naive_phase(state: State) -> int:
    total = 0
    for a in brute_legal(state):
        if a.kind == "end":
            total += 1
            continue
        after = LEADERS.apply(state, a)
        total += 1 if LEADERS.is_terminal(after) else naive_phase(after)
    return total


def naive_turns(state: State, player: int) -> int:
    if LEADERS.is_terminal(state) or (state.phase != "recruitment" and state.player != player):
        return 1
    total = 0
    for a in brute_legal(state):
        after = LEADERS.apply(state, a)
        if state.phase == "recruitment" or a.kind == "end":
            total += naive_turns(after, player) if after.phase == "recruitment" else 1
        else:
            total += 1 if LEADERS.is_terminal(after) else naive_turns(after, player)
    return total


SMALL = {
    "opening": lambda: reference_state("opening"),
    "vizier-duel": lambda: pos((0, "leader", 0, 1), (0, "vizier", 1, 1), (1, "leader", 0, -1),
                               acted=[[1, 1]], offer=["rider"], deck=[]),
}


@pytest.mark.parametrize("name", sorted(SMALL))
def test_counts_agree_with_a_naive_enumerator(name: str) -> None:
    state = SMALL[name]()
    assert naive_phase(state) == count_phase_sequences(state)
    assert naive_turns(state, state.player) == count_turns(state)
