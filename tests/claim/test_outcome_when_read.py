"""A resolved trick's facts are kept by the state and its ``TrickOutcome`` made when read
(``State.last_trick``, decision record 0048): every reader sees what the constructor would have
stored, and the state stays frozen."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from rules.claim import CLAIM, CLAIM2, CLAIM_COMBINED, State
from rules.claim.state import TrickOutcome, stored_last_trick
from rules.kernel.simulate import play_out, random_setup

FOUR_PLAYERS = {"players": 4, "factions": ["gnome", "giant", "dwarf", "dragon", "troll", "seer", "doppelganger"]}
GAMES = [(CLAIM, None), (CLAIM2, None), (CLAIM_COMBINED, FOUR_PLAYERS)]


def states_of(game: Any, variant: Any, seed: int) -> list[State]:
    """Every state of one random game of ``seed``, in order, none of them read yet."""
    rng = random.Random(seed)
    state = game.initial_state(random_setup(game, rng, variant))
    actions, _ = play_out(game, state, random.Random(seed))
    states = [state]
    for action in actions:
        state = game.successor(state, action)
        states.append(state)
    return states


@pytest.mark.parametrize(("game", "variant"), GAMES, ids=["claim", "claim2", "combined-4p"])
def test_last_trick_is_the_outcome_of_the_stored_facts(game: Any, variant: Any) -> None:
    stored_facts = 0
    for seed in range(3):
        for state in states_of(game, variant, seed):
            stored = stored_last_trick(state)
            if type(stored) is tuple:
                stored_facts += 1
                outcome = state.last_trick
                assert outcome == TrickOutcome(*stored)
                assert stored_last_trick(state) is outcome  # made once, then kept in the facts' place
                assert state.last_trick is outcome
            else:
                assert stored is None or type(stored) is TrickOutcome
                assert state.last_trick is stored
    assert stored_facts > 0  # the engine stores facts at its trick ends


@pytest.mark.parametrize(("game", "variant"), GAMES, ids=["claim", "claim2", "combined-4p"])
def test_a_state_with_facts_equals_the_one_the_constructor_makes(game: Any, variant: Any) -> None:
    read, unread = states_of(game, variant, 7), states_of(game, variant, 7)  # the same game twice
    assert len(read) == len(unread)
    for state, lazy in zip(read, unread):
        made = State(**{f.name: getattr(state, f.name) for f in attrs.fields(State)})  # outcome stored
        assert lazy == made and made == lazy
        assert hash(lazy) == hash(made)
        assert repr(lazy) == repr(made)
        assert attrs.evolve(lazy) == made


def test_last_trick_stays_frozen() -> None:
    state = states_of(CLAIM, None, 1)[2]  # after the first trick
    assert type(stored_last_trick(state)) is tuple
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.last_trick = None  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        object.__setattr__(state, "last_trick", None)
    made = State(*(getattr(state, f.name) for f in attrs.fields(State)))  # the constructor stores it once
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        object.__setattr__(made, "last_trick", None)
    assert state.last_trick is not None and state.last_trick.number == 1
