"""The engine notes which hands hold no repeated card (``State._distinct_hands``, decision records
0049 and 0055): the note is only ever true, it travels only with hands that lose cards, and the legal
actions with it are those without it."""

from __future__ import annotations

import pickle
import random
from typing import Any

import attrs
import pytest

from rules.claim import CLAIM, CLAIM2, CLAIM_COMBINED, State
from rules.claim.engine import legal_actions
from rules.claim.state import Noted, make_state
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
        assert state._distinct_hands == 0  # a state made anew notes nothing
        while not game.is_terminal(state):
            legal = legal_actions(state)
            fresh = attrs.evolve(state)  # the same position, made by the constructor: no note
            assert fresh._distinct_hands == 0 and fresh == state
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
    assert "_distinct_hands" in Noted.__slots__ and "_distinct_hands" not in {f.name for f in attrs.fields(State)}
    assert led == attrs.evolve(led) and repr(led) == repr(attrs.evolve(led)) and hash(led) == hash(attrs.evolve(led))


def test_a_state_made_at_once_or_by_the_constructor_notes_nothing() -> None:
    made = make_state(*(getattr(CLAIM.initial_state(CLAIM.random_setup(random.Random(3))), f.name)
                        for f in attrs.fields(State)))
    assert made._distinct_hands == 0 and State(*(getattr(made, f.name) for f in attrs.fields(State)))._distinct_hands == 0


def test_an_unpickled_state_notes_nothing_and_plays_on() -> None:
    rng = random.Random(2)
    state = CLAIM.initial_state(CLAIM.random_setup(rng))
    legal = legal_actions(state)  # may note the leader's hand
    copy = pickle.loads(pickle.dumps(state))  # the fields only: the note's slot is left empty
    with pytest.raises(AttributeError):
        copy._distinct_hands  # noqa: B018  # empty, not 0
    played = CLAIM.successor(copy, legal[0])  # copied from a state with no note: noted nothing
    assert played._distinct_hands == 0 and played == CLAIM.successor(state, legal[0])
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and legal_actions(copy) == legal
    after = CLAIM.successor(copy, legal[0])
    assert after == CLAIM.successor(state, legal[0]) and after._distinct_hands == copy._distinct_hands
