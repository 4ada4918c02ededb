"""What every benchmark report ends with, and how it is printed."""

from __future__ import annotations

import json
import platform
import statistics
from collections.abc import Callable
from typing import Any


def machine() -> dict[str, str]:
    """The interpreter and machine the figures were measured on."""
    return {"python": platform.python_version(),
            "machine": f"{platform.machine()} {platform.processor() or ''}".strip()}


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
