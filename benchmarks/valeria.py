"""Valeria speed: random complete 2-player base games per second, and the cost of
one ``legal_actions`` + ``apply``.

    python benchmarks/valeria.py [--games 200] [--players 2] [--repeat 3] [--json]

Runs on one core (pure Python, no threads) and reports the best of
``--repeat`` runs (the minimum time is the figure least disturbed by other
processes). Random games go through :func:`rules.kernel.simulate.bench`:
rolls are sampled at their chance nodes, every seat's choice (payment splits
included) is uniform over its legal actions. Target (issue 9): at least 100
random complete 2-player games per second.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from report import emit, machine  # benchmarks/report.py, beside this script

from rules.kernel.game import TurnKind
from rules.kernel.simulate import bench, random_action
from rules.valeria.game import VALERIA


def sampled_states(n: int, players: int, seed: int = 11) -> list[Any]:
    """States where a seat decides, along random games."""
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < n:
        state = VALERIA.initial_state(VALERIA.random_setup(rng, {"players": players}))
        while not VALERIA.is_terminal(state) and len(out) < n:
            if VALERIA.turn(state).kind is not TurnKind.CHANCE:
                out.append(state)
            state = VALERIA.apply(state, random_action(VALERIA, state, rng))
    return out


def step_cost(states: list[Any], seed: int = 3) -> tuple[float, float]:
    """(microseconds per ``legal_actions``, microseconds per ``apply`` of a random legal action)."""
    rng = random.Random(seed)
    start = time.perf_counter()
    legal = [VALERIA.legal_actions(s) for s in states]
    listed = time.perf_counter() - start
    chosen = [rng.choice(actions) for actions in legal]
    start = time.perf_counter()
    for state, action in zip(states, chosen, strict=True):
        VALERIA.apply(state, action)
    applied = time.perf_counter() - start
    return listed * 1e6 / len(states), applied * 1e6 / len(states)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    variant = {"players": args.players}
    VALERIA.initial_state(VALERIA.random_setup(random.Random(0), variant))  # load the card data first
    runs = [bench(VALERIA, args.games, seed=i, variant=variant) for i in range(args.repeat)]
    best = max(runs, key=lambda r: r["games_per_second"])
    states = sampled_states(2000, args.players)
    listed, applied = step_cost(states)
    report = {
        "game": "valeria",
        "players": args.players,
        "games": args.games,
        "best_games_per_second": best["games_per_second"],
        "all_games_per_second": [r["games_per_second"] for r in runs],
        "actions_per_game": round(best["actions"] / best["games"], 1),
        "legal_actions_microseconds": round(listed, 1),
        "apply_microseconds": round(applied, 1),
        "target_games_per_second": 100,
        **machine(),
    }
    emit(report, args.json)


if __name__ == "__main__":
    main()
