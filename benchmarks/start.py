"""What a fresh process pays before and for one verdict: the games' import and ``rules adjudicate``.

    python benchmarks/start.py [--runs 15] [--json]

Every command-line verdict, every study worker, every Sphinx build and the in-page engine's
first start import the games and, for most records, read the books; a run of ``rules
adjudicate`` is mostly that. For each case, ``--runs`` fresh processes of this interpreter
(after one not counted), each timed by the operating system (user + system CPU seconds of
the finished child, ``resource.getrusage``); the minimum (the run least disturbed by other
processes) and the median:

- **import the games**: ``import rules.cli`` and every registered game loaded (``rules.games.load_all``);
- **legal Claim record**: ``rules adjudicate examples/claim/full-game.json`` (52 actions, legal);
- **illegal Claim record**: the disputed Doppelganger record (the verdict quotes the rule's text,
  so the books are read);
- **Valeria record**: ``examples/valeria/four-players.json`` (212 actions; the card data is checked
  against the books, so they are read).

docs/performance.rst, "Start-up", has the figures before and after the changes it describes.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from report import emit, machine  # benchmarks/report.py, beside this script

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
CASES = {
    "import the games": ["-c", "import rules.cli; from rules import games; games.load_all()"],
    "legal Claim record": ["-m", "rules.cli", "adjudicate", str(EXAMPLES / "claim" / "full-game.json")],
    "illegal Claim record": ["-m", "rules.cli", "adjudicate", str(EXAMPLES / "claim" / "disputed-doppelganger.json")],
    "Valeria record": ["-m", "rules.cli", "adjudicate", str(EXAMPLES / "valeria" / "four-players.json")],
}


def child_cpu(arguments: list[str]) -> float:
    """CPU seconds (user + system) of one fresh ``python ARGUMENTS`` run to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, *arguments], cwd=ROOT, stdout=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(arguments: list[str], runs: int) -> dict[str, float]:
    child_cpu(arguments)  # not counted: the files and the bytecode read once into the page cache
    times = [child_cpu(arguments) for _ in range(runs)]
    return {"min s": round(min(times), 3), "median s": round(statistics.median(times), 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report: dict[str, Any] = {"processes": {name: measure(arguments, args.runs) for name, arguments in CASES.items()}}
    report.update(machine())
    emit(report, args.json)


if __name__ == "__main__":
    main()
