"""Write the Studies page's figures: the first seat's share of decisive games per game
under random and under greedy play, from small seeded studies (docs/studies.rst, issue 21 §4).

    python docs/make_studies.py        # writes docs/studies-first-seat.csv and docs/_static/studies-first-seat.svg

The same seeds give the same figures (tests/studies/test_studies_page.py replays one row).
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent))

from rules.studies.report import plot
from rules.studies.run import Study, run

#: (game, variant, games, max_actions): small enough to build in a minute or two
STUDIES = (("claim", None, 200, None), ("claim2", None, 200, None),
           ("claim-combined", {"players": 3, "factions": ["goblin", "knight", "undead", "dwarf", "doppelganger",
                                                          "dragon", "seer"]}, 200, None),
           ("leaders", None, 100, 400), ("valeria", {"players": 2}, 100, None))
POLICIES = ("random", "greedy")
SEED = 2026
CSV = DOCS / "studies-first-seat.csv"
SVG = DOCS / "_static" / "studies-first-seat.svg"
COLUMNS = ("game", "variant", "policy", "games", "decisive", "first seat wins", "share", "95% interval",
           "median length")


def study(game: str, variant: object, n: int, max_actions: int | None, policy: str) -> Study:
    return Study(game, n, (policy,), variant, SEED, max_actions)


def main() -> None:
    summaries = []
    rows = []
    for game, variant, n, max_actions in STUDIES:
        for policy in POLICIES:
            s = run(study(game, variant, n, max_actions, policy), workers=2)
            summaries.append(s)
            first = s.first_seat
            rows.append((game, "" if variant is None else str(variant.get("players", "")) + " players", policy,
                         s.games, s.decisive, first.k, f"{100 * (first.share or 0):.1f}%",
                         f"{100 * first.low:.1f}–{100 * first.high:.1f}%", s.lengths["median"]))
    with CSV.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(COLUMNS)
        writer.writerows(rows)
    plot(summaries, SVG, seats=False)


if __name__ == "__main__":
    main()
