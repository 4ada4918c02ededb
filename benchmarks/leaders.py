"""Leaders speed: random games per second, legal-action generation, the forced-win solver.

    python benchmarks/leaders.py [--games 200] [--max-actions 400] [--repeat 3] [--json]
    python benchmarks/leaders.py --puzzles [--json]     # only the puzzle suite

Runs on one core (pure Python, no threads) and reports the best of
``--repeat`` runs (the minimum time is the figure least disturbed by other
processes).

- Random games: :func:`rules.kernel.simulate.bench` plays uniformly random legal actions.
  A Leaders game need not end (a player may always stop the action phase and
  the rules have no draw), so each game is capped at ``--max-actions``; the
  report says how many of the games ended by a capture or surround.
- Legal actions: ``legal_actions`` timed on each perft reference position
  (:data:`rules.leaders.perft.REFERENCE_POSITIONS`) and on positions sampled
  from random games; reported in microseconds per position and per generated
  action. The target (issue 4): well under a millisecond of work per action.
- The puzzle suite (``benchmarks/leaders_puzzles.json``, made by
  ``benchmarks/make_leaders_puzzles.py``): :func:`rules.leaders.forced_win` on each
  "win within this action phase" position, best of ``--repeat`` times, with the
  shortest length, the nodes searched and the total. Targets (issue 11, one core):
  under 10 s each, under 1 s for positions needing at most five of the mover's actions.
  Also the solver on 40 action-phase positions sampled from random complete games.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

from report import emit, machine  # benchmarks/report.py, beside this script

from rules.kernel.simulate import bench
from rules.leaders.game import LEADERS
from rules.leaders.perft import REFERENCE_POSITIONS, reference_state
from rules.leaders.positions import position_from_json
from rules.leaders.wins import forced_win

PUZZLES = Path(__file__).resolve().parent / "leaders_puzzles.json"


def time_game_positions(n: int = 40, seed: int = 21) -> dict[str, Any]:
    """:func:`forced_win` on ``n`` action-phase positions sampled from random complete games
    (at most five cards a side, as in play): CPU seconds, median, 90th percentile and slowest."""
    rng = random.Random(seed)
    samples: list[Any] = []
    while len(samples) < n:
        state = LEADERS.initial_state(LEADERS.random_setup(rng))
        for _ in range(rng.randint(30, 140)):
            if LEADERS.is_terminal(state):
                break
            state = LEADERS.apply(state, rng.choice(LEADERS.legal_actions(state)))
        if state.phase == "actions" and not state.pending and not LEADERS.is_terminal(state):
            samples.append(state)
    times = []
    answers: dict[str, int] = {}
    for state in samples:
        start = time.process_time()
        answer = forced_win(state)
        times.append(time.process_time() - start)
        answers[answer.status] = answers.get(answer.status, 0) + 1
    times.sort()
    return {"game_positions": n, "game_positions_answers": answers,
            "game_positions_median_cpu_seconds": round(times[n // 2], 4),
            "game_positions_p90_cpu_seconds": round(times[int(n * 0.9)], 4),
            "game_positions_slowest_cpu_seconds": round(times[-1], 4)}


def time_puzzles(repeat: int) -> dict[str, Any]:
    """Per puzzle: the answer, the nodes and the best of ``repeat`` solving times (seconds of
    wall clock, and of this process's CPU time: the figure a loaded shared machine disturbs least)."""
    rows: dict[str, Any] = {}
    total = 0.0
    slowest_short = 0.0
    slowest = 0.0
    for p in json.loads(PUZZLES.read_text(encoding="utf-8"))["puzzles"]:
        state = position_from_json(p["position"])
        best = cpu = float("inf")
        for _ in range(repeat):
            start, start_cpu = time.perf_counter(), time.process_time()
            answer = forced_win(state)
            best = min(best, time.perf_counter() - start)
            cpu = min(cpu, time.process_time() - start_cpu)
        assert answer.length == p["length"], (p["name"], answer.length, p["length"])
        figures = sum(1 for x in p["position"]["pieces"] if x["owner"] == state.player)
        rows[p["name"]] = {"status": answer.status, "length": answer.length, "figures": figures,
                           "nodes": answer.nodes, "seconds": round(best, 4), "cpu_seconds": round(cpu, 4)}
        total += best
        slowest = max(slowest, best)
        if answer.length is None or answer.length <= 5:
            slowest_short = max(slowest_short, best)
    return {"puzzles": rows, "puzzles_count": len(rows), "puzzles_total_seconds": round(total, 3),
            "puzzles_slowest_seconds": round(slowest, 4),
            "puzzles_slowest_at_most_five_actions_seconds": round(slowest_short, 4)}


def ended_games(n: int, seed: int, max_actions: int) -> int:
    """How many of ``bench``'s ``n`` random games (same seed, same setups) reach a terminal state."""
    rng = random.Random(seed)
    setups = [LEADERS.random_setup(rng) for _ in range(n)]
    ended = 0
    for setup in setups:
        state = LEADERS.initial_state(setup)
        played = 0
        while not LEADERS.is_terminal(state) and played < max_actions:
            state = LEADERS.apply(state, rng.choice(LEADERS.legal_actions(state)))
            played += 1
        ended += LEADERS.is_terminal(state)
    return ended


def time_legal_actions(state: Any, min_seconds: float = 0.2) -> tuple[float, int]:
    """(seconds per ``legal_actions`` call, number of actions) on ``state``, best of several batches."""
    count = len(LEADERS.legal_actions(state))
    best = float("inf")
    for _ in range(5):
        calls, start = 0, time.perf_counter()
        while True:
            LEADERS.legal_actions(state)
            calls += 1
            elapsed = time.perf_counter() - start
            if elapsed >= min_seconds / 5:
                break
        best = min(best, elapsed / calls)
    return best, count


def sampled_positions(n: int = 300, seed: int = 11, max_actions: int = 200) -> list[Any]:
    """Positions along random games (action phases only), for a broad average."""
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < n:
        state = LEADERS.initial_state(LEADERS.random_setup(rng))
        for _ in range(max_actions):
            if LEADERS.is_terminal(state):
                break
            legal = LEADERS.legal_actions(state)
            if state.phase == "actions" and len(out) < n:
                out.append(state)
            state = LEADERS.apply(state, rng.choice(legal))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--max-actions", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--puzzles", action="store_true", help="time only the forced-win puzzle suite")
    args = parser.parse_args()
    if args.puzzles:
        emit({"game": "leaders", **time_puzzles(args.repeat), **time_game_positions(), **machine()}, args.json)
        return

    runs = [bench(LEADERS, args.games, seed=i, max_actions=args.max_actions) for i in range(args.repeat)]
    best = max(runs, key=lambda r: r["games_per_second"])
    ended = ended_games(args.games, runs.index(best), args.max_actions)

    per_position = {}
    for name in REFERENCE_POSITIONS:
        seconds, count = time_legal_actions(reference_state(name))
        per_position[name] = {"actions": count, "microseconds": round(seconds * 1e6, 1),
                              "microseconds_per_action": round(seconds * 1e6 / max(count, 1), 2)}
    sample = sampled_positions()
    start = time.perf_counter()
    generated = sum(len(LEADERS.legal_actions(s)) for s in sample)
    spent = time.perf_counter() - start

    report = {
        "game": "leaders",
        "games": args.games,
        "max_actions_per_game": args.max_actions,
        "best_games_per_second": best["games_per_second"],
        "all_games_per_second": [r["games_per_second"] for r in runs],
        "games_ended": ended,
        "actions_per_game": round(best["actions"] / best["games"], 1),
        "legal_actions_by_reference_position": per_position,
        "random_positions": len(sample),
        "random_positions_microseconds_per_position": round(spent * 1e6 / len(sample), 1),
        "random_positions_microseconds_per_action": round(spent * 1e6 / max(generated, 1), 2),
        **time_puzzles(args.repeat),
        **time_game_positions(),
        **machine(),
    }
    emit(report, args.json)


if __name__ == "__main__":
    main()
