"""Every game as an OpenSpiel game passes OpenSpiel's own random simulation test, and
one of its algorithms runs end to end on a small game (issue 21 §3)."""

from __future__ import annotations

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts  # noqa: E402  (after the skip when OpenSpiel is missing)

from rules.adapters.openspiel import DEALS, register  # noqa: E402

CASES = [("rules_claim", ""), ("rules_claim2", ""), ("rules_claim_combined", '{"players": 3, "factions": '
         '["goblin", "knight", "undead", "dwarf", "doppelganger", "dragon", "seer"]}'), ("rules_leaders", ""),
         ("rules_valeria", '{"players": 2}'), ("rules_valeria", '{"players": 1}'),
         # every Valeria variant the engine plays: five players, Monster Events, random citizens, each solo setting
         ("rules_valeria", '{"players": 5}'), ("rules_valeria", '{"players": 3, "monster_events": true}'),
         ("rules_valeria", '{"players": 4, "random_citizens": true, "monster_events": true}'),
         ("rules_valeria", '{"players": 1, "difficulty": "hardest", "random_citizens": true}'),
         ("rules_valeria", '{"players": 1, "difficulty": "harder"}'),
         ("rules_claim_combined", '{"players": 2, "factions": ["gnome", "giant", "dragon", "troll", "seer"]}')]
#: a Leaders game need not end: the simulation stops it early to stay fast (returns 0 then); the
#: longest Valeria variants are stopped early too, so every variant is simulated within the suite's budget
MAX_LENGTH = {"rules_leaders": 60, '{"players": 5}': 60, '{"players": 3, "monster_events": true}': 60,
              '{"players": 4, "random_citizens": true, "monster_events": true}': 60}


def test_every_game_is_registered_with_its_type() -> None:
    names = register()
    assert set(names) <= set(pyspiel.registered_names())
    game = pyspiel.load_game("rules_valeria", {"variant": '{"players": 3}'})
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM and game.num_players() == 3
    assert pyspiel.load_game("rules_claim").get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def test_chance_nodes_carry_the_exact_probabilities() -> None:
    register()
    state = pyspiel.load_game("rules_valeria", {"variant": '{"players": 2}'}).new_initial_state()
    assert state.chance_outcomes() == [(k, 1 / DEALS) for k in range(DEALS)]  # the deal
    state.apply_action(0)
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 and {p for _, p in outcomes} == {1 / 36}  # two ordered dice, valeria.roll


@pytest.mark.parametrize(("name", "variant"), CASES)
def test_openspiel_random_simulation(name: str, variant: str) -> None:
    register()
    limit = MAX_LENGTH.get(name, MAX_LENGTH.get(variant, 0))
    game = pyspiel.load_game(name, {"variant": variant, "max_length": limit})
    assert game.max_game_length() == (limit or game.max_game_length())
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_mcts_plays_a_leaders_game_end_to_end() -> None:
    """OpenSpiel's MCTS bot with random rollouts plays a few moves of Leaders."""
    register()
    game = pyspiel.load_game("rules_leaders", {"max_length": 40})
    state = game.new_initial_state()
    state.apply_action(1)  # deal number 1
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=6,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(1))
    for _ in range(3):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert json.loads(state.observation_string(0))["seat"] == 0


def test_a_clone_shares_what_it_holds_and_then_moves_on_its_own() -> None:
    """OpenSpiel clones a Python state by deep-copying each attribute: the adapter's one attribute,
    immutable, is shared, not copied; a move of the clone leaves the original as it was."""
    register()
    game = pyspiel.load_game("rules_leaders", {"max_length": 40})
    state = game.new_initial_state()
    state.apply_action(3)
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    clone = state.clone()
    assert clone.now is state.now and clone.history() == state.history()
    before = (state.observation_string(0), state.legal_actions(), state.history())
    clone.apply_action(clone.legal_actions()[-1])
    assert (state.observation_string(0), state.legal_actions(), state.history()) == before
    assert clone.history() == [*before[2], before[1][-1]] and clone.now is not state.now
