"""Regenerate the bundled Leaders examples: ``python examples/leaders/make_examples.py``."""

from __future__ import annotations

import json
import random
from pathlib import Path

from rules.kernel.records import position_record_to_json, record_to_json
from rules.kernel.simulate import play_out
from rules.leaders import LEADERS
from rules.leaders.perft import REFERENCE_POSITIONS
from rules.leaders.positions import position_from_json

HERE = Path(__file__).resolve().parent


def write(name: str, data: object) -> None:
    (HERE / name).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def full_game(seed: int = 11) -> dict:
    """A complete random Discovery game (every action chosen by ``random.Random(seed)``)."""
    rng = random.Random(seed)
    setup = LEADERS.random_setup(rng)
    while setup.mode != "discovery":
        setup = LEADERS.random_setup(rng)
    actions, _ = play_out(LEADERS, LEADERS.initial_state(setup), rng)
    return record_to_json(LEADERS, setup, actions)


def disputed_jailer() -> dict:
    """Seat 0's Rider stands next to seat 1's Jailer and tries its ability anyway."""
    position = {"pieces": [{"owner": 0, "character": "leader", "cell": [0, 3]},
                           {"owner": 1, "character": "leader", "cell": [0, -3]},
                           {"owner": 0, "character": "rider", "cell": [0, 0]},
                           {"owner": 1, "character": "jailer", "cell": [1, 0]}],
                "to_move": 0, "phase": "actions", "offer": ["acrobat", "bruiser", "vizier"], "deck": []}
    state = position_from_json(position)
    ok = LEADERS.action_from_json({"seat": 0, "piece": [0, 3], "move": [[0, 2]]})
    bad = LEADERS.action_from_json({"seat": 0, "piece": [0, 0], "ability": "rider", "to": [-2, 0]})
    data = position_record_to_json(LEADERS, state, [ok, bad])
    data["comment"] = "The Rider is adjacent to an enemy Jailer: its ability is blocked (leaders.jailer)."
    return data


def win_this_phase() -> dict:
    """The 'melee' reference position as a position record: `rules leaders wins` lists its wins."""
    data = position_record_to_json(LEADERS, position_from_json(REFERENCE_POSITIONS["melee"]))
    data["comment"] = "Could seat 0 have won this action phase? Ask: rules leaders wins win-this-phase.json"
    return data


def main() -> None:
    write("full-game.json", full_game())
    write("disputed-jailer.json", disputed_jailer())
    write("win-this-phase.json", win_this_phase())


if __name__ == "__main__":
    main()
