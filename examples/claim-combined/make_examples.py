"""Regenerate the combined-game records: a whole three-player and a whole
four-player game (deterministic: fixed seeds, random legal actions).

    python examples/claim-combined/make_examples.py
"""

from __future__ import annotations

import json
from pathlib import Path

from rules.claim import CLAIM_COMBINED as G
from rules.kernel.simulate import random_record

HERE = Path(__file__).parent

GAMES = {
    "three-players.json": {"players": 3, "factions": ["goblin", "knight", "undead", "dwarf", "doppelganger",
                                                      "dragon", "seer"]},
    "four-players.json": {"players": 4, "factions": ["gnome", "giant", "dwarf", "dragon", "troll", "seer",
                                                     "doppelganger"]},
}


def main() -> None:
    for seed, (name, variant) in enumerate(GAMES.items(), start=1):
        (HERE / name).write_text(json.dumps(random_record(G, seed, variant=variant), indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
