"""Valeria speed: random complete games per second with 2 and 5 players and solo, and
the cost of one ``legal_actions`` + ``apply``.

    python benchmarks/valeria.py [--games 200] [--players 2 5 1] [--repeat 3] [--json]
    python benchmarks/valeria.py --vs-plain [--games 200] [--repeat 5] [--json]

Runs on one core (pure Python, no threads) and reports, per player count, the best of
``--repeat`` runs (the minimum time is the figure least disturbed by other processes),
timed by the wall clock as :func:`rules.kernel.simulate.bench` times it and by this
process's CPU time (``time.process_time``, the fairer figure on a shared machine).
Random games go through ``bench``: rolls are sampled at their chance nodes, every
seat's choice (payment splits included) is uniform over its legal actions. One player
is the solo game against the Dark Lord (decision 0021), five the five-player variant.
Target (issue 19 §1): at least 250 random complete 2-player games per second on one
idle core, and one ``legal_actions`` + ``apply`` under 100 µs, for 2 and 5 players and solo.

``--vs-plain`` times the library's 2-player base game against the plain mutable engine of
``benchmarks/plain_valeria.py`` (issue 19 §1, as ``benchmarks/claim.py --vs-plain`` does for
Claim): both play the same ``--games`` random complete games of one seed (one seed deals and
plays the same game in both, ``tests/valeria/test_plain_valeria.py``), alternately, ``--repeat``
pairs in one process, each timed by CPU time; it prints each engine's games per second and the
ratio library / plain of each pair (the goal: at least 1.0).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import plain_valeria  # benchmarks/plain_valeria.py, beside this script
from report import emit, machine  # benchmarks/report.py, beside this script
from report import versus_plain as paired

from rules.kernel.game import TurnKind
from rules.kernel.simulate import bench, play_out, random_action
from rules.valeria.game import VALERIA

TARGET_GAMES_PER_SECOND = 250  # 2 players, one idle core (issue 19 §1)
TARGET_STEP_MICROSECONDS = 100  # one legal_actions + apply, every player count


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
    """(microseconds per ``legal_actions``, microseconds per ``apply`` of a random legal action):
    the public ``apply``, which checks the action (random play skips that check, decision 0028).
    Timed by this process's CPU time, as the other jobs of a shared machine do not count there."""
    rng = random.Random(seed)
    start = time.process_time()
    legal = [VALERIA.legal_actions(s) for s in states]
    listed = time.process_time() - start
    chosen = [rng.choice(actions) for actions in legal]
    start = time.process_time()
    for state, action in zip(states, chosen, strict=True):
        VALERIA.apply(state, action)
    applied = time.process_time() - start
    return listed * 1e6 / len(states), applied * 1e6 / len(states)


def cpu_games_per_second(n: int, players: int, seed: int) -> float:
    """``n`` random complete games, as ``bench`` plays them, per second of this process's CPU time."""
    rng = random.Random(seed)
    setups = [VALERIA.random_setup(rng, {"players": players}) for _ in range(n)]
    start = time.process_time()
    for setup in setups:
        play_out(VALERIA, VALERIA.initial_state(setup), rng)
    return n / (time.process_time() - start)


def versus_plain(n: int, repeat: int) -> dict[str, Any]:
    """The library's 2-player game against the plain engine (:func:`report.versus_plain`): the
    same ``n`` games of each seed in both, pair by pair, by CPU time."""
    return paired(n, repeat, lambda seed: cpu_games_per_second(n, 2, seed),
                  lambda seed: n / plain_valeria.bench(n, seed)[0])


def measure(players: int, games: int, repeat: int) -> dict[str, Any]:
    """One player count's figures: games per second (wall clock and CPU, best of ``repeat``),
    actions per game, and the best of ``repeat`` step costs over 2,000 sampled positions."""
    variant = {"players": players}
    runs = [bench(VALERIA, games, seed=i, variant=variant) for i in range(repeat)]
    best = max(runs, key=lambda r: r["games_per_second"])
    states = sampled_states(2000, players)
    steps = [step_cost(states) for _ in range(repeat)]
    listed, applied = min(s[0] for s in steps), min(s[1] for s in steps)
    return {
        "best_games_per_second": best["games_per_second"],
        "all_games_per_second": [r["games_per_second"] for r in runs],
        "best_cpu_games_per_second": round(max(cpu_games_per_second(games, players, i) for i in range(repeat)), 1),
        "actions_per_game": round(best["actions"] / best["games"], 1),
        "legal_actions_microseconds": round(listed, 1),
        "apply_microseconds": round(applied, 1),
        "legal_actions_plus_apply_microseconds": round(listed + applied, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 5, 1], choices=(1, 2, 3, 4, 5))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--vs-plain", action="store_true",
                        help="time the library's 2-player game against benchmarks/plain_valeria.py, pair by pair")
    args = parser.parse_args()

    VALERIA.initial_state(VALERIA.random_setup(random.Random(0), {"players": 2}))  # load the card data first
    if args.vs_plain:
        emit(versus_plain(args.games, args.repeat), args.json)
        return
    report: dict[str, Any] = {"game": "valeria", "games": args.games}
    for players in args.players:
        report[f"players_{players}"] = measure(players, args.games, args.repeat)
    report["target_games_per_second_2_players"] = TARGET_GAMES_PER_SECOND
    report["target_legal_actions_plus_apply_microseconds"] = TARGET_STEP_MICROSECONDS
    emit({**report, **machine()}, args.json)


if __name__ == "__main__":
    main()
