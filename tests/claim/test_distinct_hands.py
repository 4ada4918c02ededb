"""The engine notes which hands hold no repeated card (``State._distinct_hands``, decision record
0049): the note is only ever true, it travels only with hands that lose cards, and the legal
actions with it are those without it."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from rules.claim import CLAIM, CLAIM2, CLAIM_COMBINED, State
from rules.claim.engine import legal_actions
from rules.claim.state import DISTINCT_HANDS
from rules.kernel.simulate import random_setup

FOUR_PLAYERS = {"players": 4, "factions": ["gnome", "giant", "dwarf", "dragon", "troll", "seer", "doppelganger"]}
GAMES = [(CLAIM, None), (CLAIM2, None), (CLAIM_COMBINED, FOUR_PLAYERS)]


def noted_seats(state: State) -> list[int]:
    return [seat for seat in range(len(state.hands)) if state._distinct_hands >> seat & 1]


@pytest.mark.parametrize(("game", "variant"), GAMES, ids=["claim", "claim2", "combined-4p"])
def test_a_noted_hand_holds_no_repeated_card_and_lists_as_without_the_note(game: Any, variant: Any) -> None:
    noted = repeated = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.initial_state(random_setup(game, rng, variant))
        assert DISTINCT_HANDS not in vars(state)  # a state made anew carries no note
        while not game.is_terminal(state):
            legal = legal_actions(state)
            fresh = attrs.evolve(state)  # the same position, made by the constructor: no note
            assert DISTINCT_HANDS not in vars(fresh) and fresh == state
            assert legal_actions(fresh) == legal
            for seat in noted_seats(state):
                hand = state.hands[seat]
                assert len(set(hand)) == len(hand), f"seed {seed}: seat {seat}'s hand {hand} is noted distinct"
                noted += 1
            repeated += sum(len(set(hand)) != len(hand) for hand in state.hands)
            state = game.successor(state, rng.choice(legal))
    assert noted and repeated  # both kinds of hand met: the note is used and refused where it must be


def test_a_lead_notes_its_hand_and_the_note_is_no_field() -> None:
    rng = random.Random(1)
    state = CLAIM.initial_state(CLAIM.random_setup(rng))
    while len(set(state.hands[state.leader])) < len(state.hands[state.leader]):  # a deal whose leader's hand is distinct
        state = CLAIM.initial_state(CLAIM.random_setup(rng))
    assert noted_seats(state) == []
    play = legal_actions(state)[0]
    assert noted_seats(state) == [state.leader]  # noted by the listing, on the state listed
    led = CLAIM.successor(state, play)
    assert noted_seats(led) == [state.leader]  # and carried by the copy, whose hand lost a card
    assert DISTINCT_HANDS not in {f.name for f in attrs.fields(State)}
    assert led == attrs.evolve(led) and repr(led) == repr(attrs.evolve(led)) and hash(led) == hash(attrs.evolve(led))
