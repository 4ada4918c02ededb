"""The OpenSpiel adapter's speed: what OpenSpiel's own tools cost on each game.

    python benchmarks/adapters.py [--repeat 3] [--simulations 6] [--json]

For each game (the variants of tests/adapters/test_openspiel.py's slowest cases), CPU
seconds of:

- **random simulation**: ``pyspiel.random_sim_test`` of one game, which at every
  state clones it, reads every seat's observation string and tensor, and plays on;
- **clone**: one ``state.clone()`` of a state ten actions into a game (mean of 200);
- **MCTS move**: one move of OpenSpiel's MCTS bot with ``--simulations`` random-rollout
  simulations from the same state.

Each figure is the best of ``--repeat`` runs (the one least disturbed by other
processes), by ``time.process_time``. Needs the ``adapters`` extra (OpenSpiel).
docs/performance.rst, "The suite, thirteenth round", has the figures before and after
the shared state (rules.adapters.openspiel.Now).
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from report import best, emit, machine  # benchmarks/report.py, beside this script

from rules.adapters.openspiel import register

#: (OpenSpiel game, variant, max_length): 0 is the game's own bound
CASES = {
    "claim": ("rules_claim", "", 0),
    "claim-combined-3p": ("rules_claim_combined", '{"players": 3, "factions": ["goblin", "knight", "undead", '
                          '"dwarf", "doppelganger", "dragon", "seer"]}', 0),
    "leaders": ("rules_leaders", "", 60),
    "valeria-2p": ("rules_valeria", '{"players": 2}', 0),
    "valeria-5p": ("rules_valeria", '{"players": 5}', 60),
}


def ten_actions_in(game: Any) -> Any:
    """A state ten actions past the deal (deal 1, then each decider's first legal action or the first chance outcome)."""
    state = game.new_initial_state()
    state.apply_action(1)
    for _ in range(10):
        if state.is_terminal():
            break
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0])
    return state


def measure(name: str, variant: str, limit: int, repeat: int, simulations: int) -> dict[str, float]:
    game = pyspiel.load_game(name, {"variant": variant, "max_length": limit})
    state = ten_actions_in(game)
    figures = {"random simulation s": best(repeat, lambda: pyspiel.random_sim_test(
        game, num_sims=1, serialize=False, verbose=False))}
    figures["clone us"] = best(repeat, lambda: [state.clone() for _ in range(200)]) / 200 * 1e6
    if not state.is_chance_node() and not state.is_terminal():
        bot = mcts.MCTSBot(game, uct_c=2, max_simulations=simulations,
                           evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                           random_state=np.random.RandomState(1))
        figures["MCTS move s"] = best(repeat, lambda: bot.step(state))
    return {k: round(v, 3) for k, v in figures.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--simulations", type=int, default=6)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    register()
    report: dict[str, Any] = {"games": {key: measure(*case, args.repeat, args.simulations)
                                        for key, case in CASES.items()}}
    report.update(machine())
    emit(report, args.json)


if __name__ == "__main__":
    main()
