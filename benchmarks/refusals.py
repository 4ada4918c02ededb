"""What asking about an illegal action costs: ``Game.is_legal`` and ``Game.check``, every game.

    python benchmarks/refusals.py [--games 4] [--repeat 5] [--json]

A researcher's agent, a search or a test oracle asks ``is_legal`` (python-chess's question) about
many actions the rules refuse, and reads none of the refusals. For each registered game,
``--games`` seeded random games (``rules bench``'s deal and play) give the positions; each
position is asked about the actions played at the other steps of its game (the game's own
action objects, nearly all illegal there). Per question, by CPU time, the best of ``--repeat``
passes: ``is_legal`` on the illegal ones, and ``check`` followed by reading the refusal's text
in English (what a verdict does). The share of illegal questions is reported beside them.

docs/performance.rst, "Refusals filled when read", has the figures before and after decision
record 0066.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from report import best, emit, machine  # benchmarks/report.py, beside this script

from rules import games
from rules.kernel.simulate import play_out

#: questions per position at most (the actions of the game's other steps, in order)
PER_POSITION = 40


def questions(game: Any, n_games: int, seed: int) -> list[tuple[Any, Any]]:
    """(position, action) pairs from ``n_games`` random games of ``game``: each position with
    up to :data:`PER_POSITION` actions played elsewhere in its game."""
    rng = random.Random(seed)
    pairs = []
    for _ in range(n_games):
        state = game.initial_state(game.random_setup(rng))
        actions, _ = play_out(game, state, rng, stop_after=120)
        positions = [state]
        for action in actions[:-1]:
            positions.append(game.successor(positions[-1], action))
        for i, position in enumerate(positions):
            others = [a for j, a in enumerate(actions) if j != i]
            pairs.extend((position, a) for a in others[:PER_POSITION])
    return pairs


def measure(game: Any, n_games: int, repeat: int) -> dict[str, Any]:
    pairs = questions(game, n_games, seed=1)
    illegal = [(s, a) for s, a in pairs if not game.is_legal(s, a)]

    def ask() -> None:
        for s, a in illegal:
            game.is_legal(s, a)

    def explain() -> None:
        for s, a in illegal:
            game.check(s, a).message.get("en")

    return {"questions": len(pairs), "illegal": len(illegal),
            "is_legal µs": per_call(best(repeat, ask), len(illegal)),
            "check and read µs": per_call(best(repeat, explain), len(illegal))}


def per_call(seconds: float, calls: int) -> float:
    """``seconds`` for ``calls`` calls, in microseconds per call."""
    return round(seconds / max(calls, 1) * 1e6, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report: dict[str, Any] = {"machine": machine()}
    for key, game in sorted(games.load_all().items()):
        report[key] = measure(game, args.games, args.repeat)
    emit(report, args.json)


if __name__ == "__main__":
    main()
