"""The adapters' action numbering: a catalogue of every action for the Claim family,
slots for Leaders and Valeria, and observations from a seat's view only (issue 21 §3)."""

from __future__ import annotations

import random

import pytest

from rules import games
from rules.adapters.common import (
    Catalogue,
    SlotOverflowError,
    Slots,
    canonical,
    catalogue_key,
    decider,
    numbering,
    observation_string,
    observation_tensor,
    resolved_variant,
    seats_of,
)
from rules.kernel.game import HasSecrets
from rules.kernel.simulate import random_action, random_setup


@pytest.mark.parametrize("key", ["claim", "claim2", "claim-combined"])
def test_the_claim_catalogue_numbers_every_action_once_for_good(key: str) -> None:
    """Every action of seeded games has its number, the same in every state it occurs in."""
    game = games.load(key)
    variant = resolved_variant(game, None)
    catalogue = numbering(game, variant)
    assert isinstance(catalogue, Catalogue) and len(set(catalogue.keys)) == catalogue.size
    seen: dict[str, int] = {}
    for seed in range(3):
        rng = random.Random(seed)
        state = game.initial_state(random_setup(game, rng, variant))
        while not game.is_terminal(state):
            for number, action in catalogue.numbered(game, state).items():
                assert seen.setdefault(catalogue_key(game.action_to_json(action)), number) == number
            state = game.apply(state, random_action(game, state, rng))
    if key == "claim2":  # its Giants crush Gnomes (claim2.giants): those numbers are used too
        assert any('"crush"' in text for text in seen)


def test_slots_are_the_legal_actions_in_record_order_and_bounded() -> None:
    game = games.load("leaders")
    state = game.initial_state(random_setup(game, random.Random(1)))
    numbered = Slots(1024).numbered(game, state)
    texts = [canonical(game.action_to_json(a)) for a in numbered.values()]
    assert list(numbered) == list(range(len(texts))) and texts == sorted(texts)
    with pytest.raises(SlotOverflowError):
        Slots(len(texts) - 1).numbered(game, state)


def test_a_missing_variant_is_fixed_once_so_the_player_count_is() -> None:
    game = games.load("valeria")
    variant = resolved_variant(game, None)
    assert variant == resolved_variant(game, None) and seats_of(game, variant) == variant["players"]


@pytest.mark.parametrize("key", ["claim", "valeria"])
def test_observations_depend_on_the_view_alone(key: str) -> None:
    """What the seat may not see, dealt anew, changes neither its string nor its tensor."""
    game = games.load(key)
    assert isinstance(game, HasSecrets)
    rng = random.Random(4)
    state = game.initial_state(random_setup(game, rng, resolved_variant(game, None)))
    for _ in range(30):
        state = game.apply(state, random_action(game, state, rng))
    seat = decider(game, state) or 0
    other = game.rehide(state, seat, random.Random(9))
    assert observation_string(game, state, seat) == observation_string(game, other, seat)
    assert observation_tensor(game, state, seat) == observation_tensor(game, other, seat)
