"""The speed-up of ``rules study --workers K`` over one worker (issue 21 §2; docs/performance.rst).

    python benchmarks/study.py [GAME] [GAMES] [K]     # default: valeria 400 2

Plays the same seeded study on 1 and on K worker processes, checks that both give
the same summary, and prints the seconds of each and the speed-up (the issue asks
for at least 0.7·K on K free cores).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.studies.run import Study, run


def main(argv: list[str]) -> None:
    game = argv[0] if argv else "valeria"
    n = int(argv[1]) if len(argv) > 1 else 400
    k = int(argv[2]) if len(argv) > 2 else 2
    study = Study(game, n, ("random",), seed=0)
    start = time.perf_counter()
    one = run(study, workers=1)
    single = time.perf_counter() - start
    start = time.perf_counter()
    many = run(study, workers=k)
    parallel = time.perf_counter() - start
    assert one == many, "the same seed must give the same study whatever the workers"
    print(f"{game}, {n} games: 1 worker {single:.2f} s, {k} workers {parallel:.2f} s, "
          f"speed-up {single / parallel:.2f} (target {0.7 * k:.1f})")


if __name__ == "__main__":
    main(sys.argv[1:])
