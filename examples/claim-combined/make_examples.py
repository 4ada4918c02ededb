"""Regenerate the combined-game records: a whole three-player and a whole
four-player game (deterministic: fixed seeds, random legal actions).

    python examples/claim-combined/make_examples.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from rules.claim import CLAIM_COMBINED as G
from rules.kernel.records import record_to_json

HERE = Path(__file__).parent

GAMES = {
    "three-players.json": {"players": 3, "factions": ["goblin", "knight", "undead", "dwarf", "doppelganger",
                                                      "dragon", "seer"]},
    "four-players.json": {"players": 4, "factions": ["gnome", "giant", "dwarf", "dragon", "troll", "seer",
                                                     "doppelganger"]},
}


def play(variant: dict, seed: int) -> dict:
    rng = random.Random(seed)
    setup = G.random_setup(rng, variant)
    state = G.initial_state(setup)
    actions = []
    while not G.is_terminal(state):
        action = rng.choice(G.legal_actions(state))
        actions.append(action)
        state = G.apply(state, action)
    return record_to_json(G, setup, actions, G.variant_of(setup))


def main() -> None:
    for seed, (name, variant) in enumerate(GAMES.items(), start=1):
        (HERE / name).write_text(json.dumps(play(variant, seed), indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
