"""What every benchmark report ends with, and how it is printed."""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any


def machine() -> dict[str, str]:
    """The interpreter and machine the figures were measured on."""
    return {"python": platform.python_version(),
            "machine": f"{platform.machine()} {platform.processor() or ''}".strip()}


def best(repeat: int, run: Callable[[], Any]) -> float:
    """The least CPU time (seconds) of ``repeat`` calls of ``run``: the call least disturbed by the
    rest of the machine."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def emit(report: dict[str, Any], as_json: bool) -> None:
    """One JSON object, or one ``key value`` line per figure (a nested table indented)."""
    if as_json:
        print(json.dumps(report))
        return
    for key, value in report.items():
        if isinstance(value, dict):
            print(key)
            for name, figures in value.items():
                print(f"  {name:38} {figures}")
        else:
            print(f"{key:40} {value}")


def versus_plain(n: int, repeat: int, library: Callable[[int], float], plain: Callable[[int], float]
                 ) -> dict[str, Any]:
    """A library's engine against a plain engine (issue 19 §1): ``repeat`` pairs run alternately
    (which engine runs first alternates too), each pair the same ``n`` games of seed ``i``;
    ``library(i)`` and ``plain(i)`` are each engine's games per second of CPU time for seed ``i``.
    Both lists of games per second, the ratio library / plain of each pair and their median."""
    library_runs: list[float] = []
    plain_runs: list[float] = []
    for i in range(repeat):
        for engine in ("library", "plain") if i % 2 == 0 else ("plain", "library"):
            if engine == "library":
                library_runs.append(library(i))
            else:
                plain_runs.append(plain(i))
    ratios = [a / b for a, b in zip(library_runs, plain_runs, strict=True)]
    return {
        "games": n,
        "library_cpu_games_per_second": [round(x, 1) for x in library_runs],
        "plain_cpu_games_per_second": [round(x, 1) for x in plain_runs],
        "ratios_library_to_plain": [round(r, 3) for r in ratios],
        "median_ratio": round(statistics.median(ratios), 3),
        **machine(),
    }


def time_plain_games(deal: Callable[[random.Random], Any], play_out: Callable[[Any, random.Random], list[Any]],
                     games: int, seed: int) -> tuple[float, int]:
    """A plain engine's ``games`` random complete games from ``random.Random(seed)``, the deals first
    (``deal(rng)``) and then the play (``play_out(game, rng)``, the actions played), as ``rules bench``
    does, so one seed plays the same games in the plain engine and in the library: (CPU seconds of the
    play, actions). Both plain engines are timed by this one loop, so they are timed alike."""
    rng = random.Random(seed)
    deals = [deal(rng) for _ in range(games)]
    start = time.process_time()
    actions = 0
    for game in deals:
        actions += len(play_out(game, rng))
    return time.process_time() - start, actions


def plain_main(doc: str, game: str, default_games: int, bench: Callable[[int, int], tuple[float, int]]) -> None:
    """A plain engine's command line: ``--games`` and ``--seed``, and its games per second of CPU."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--games", type=int, default=default_games)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    seconds, actions = bench(args.games, args.seed)
    print(f"{args.games} plain random {game} games in {seconds:.4f} s of CPU: "
          f"{args.games / seconds:.1f} games/s ({actions} actions)")
