"""Random simulation of every game (after OpenSpiel's ``random_sim_test``):
play random games through the ``Game`` protocol only (``random_setup``,
``legal_actions``, ``apply``, ``is_terminal``, ``result``) and check that they
end with a well-formed result.

The games' randomness comes from a seed drawn by Hypothesis, so a failure
replays and shrinks.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rules.games
from rules.kernel.game import Game, Result
from rules.kernel.records import adjudicate, parse_record, record_to_json
from rules.kernel.text import Text

GAMES = rules.games.load_all()
MAX_STEPS = 100_000


def simulate(game: Game[Any, Any], seed: int) -> tuple[Any, list[Any], Any]:
    rng = random.Random(seed)
    setup = game.random_setup(rng)
    state = game.initial_state(setup)
    actions = []
    while not game.is_terminal(state):
        legal = list(game.legal_actions(state))
        assert legal, f"seed {seed}: no legal action in a non-terminal state after {len(actions)} actions"
        assert game.result(state) is None
        action = rng.choice(legal)
        assert game.check(state, action) is None, f"seed {seed}: legal_actions offers an illegal {action}"
        after = game.apply(state, action)
        for line in game.explain_step(state, action, after):
            assert isinstance(line, Text)
        actions.append(action)
        state = after
        assert len(actions) < MAX_STEPS, "the game does not end"
    return setup, actions, state


@pytest.mark.parametrize("key", sorted(GAMES))
def test_games_declare_themselves(key: str) -> None:
    game = GAMES[key]
    assert isinstance(game, Game)
    assert game.info.key == key
    assert game.info.players and all(n >= 1 for n in game.info.players)
    assert game.info.chance in ("deal", "none") and game.info.information in ("perfect", "imperfect")
    assert game.info.languages[-1] == "en"


@pytest.mark.parametrize("key", sorted(GAMES))
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_end_with_a_result(key: str, seed: int) -> None:
    game = GAMES[key]
    setup, actions, state = simulate(game, seed)
    assert list(game.legal_actions(state)) == []
    result = game.result(state)
    assert isinstance(result, Result)
    seats = range(max(game.info.players))
    assert all(w in seats for w in result.winners), result.winners
    assert len(set(result.winners)) == len(result.winners)
    json.dumps(result.to_json())  # JSON-serialisable
    assert all(isinstance(t, Text) and t.get("en") for t in result.lines)
    for seat in seats:
        game.view(state, seat)
    # a record of the game replays to the same end
    data = json.loads(json.dumps(record_to_json(game, setup, actions)))
    replay = adjudicate(game, parse_record(data, rules.games.load))
    assert replay.legal and replay.finished and replay.result == result
