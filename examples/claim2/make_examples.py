"""Regenerate the Claim 2 worked examples (Giants 1–3, Dragons 1–2) and a disputed crush as position records.

    python examples/claim2/make_examples.py

Each record starts from a phase-two ``position`` (the kernel's alternative
to ``setup``): the example's players hold the example's cards plus one Seer
each, so the game goes on after the example's trick; every other card is
out of the game. ``tests/claim/test_claim2_examples.py`` replays them.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from rules.claim import CLAIM2, Card
from rules.claim.variants import CLAIM2_VARIANT

HERE = Path(__file__).parent


def position(hands: list[list[str]], gnomes: list[list[str]], leader: int = 0) -> dict[str, Any]:
    pool = Counter(CLAIM2_VARIANT.deck)
    for pile in hands + gnomes:
        for t in pile:
            pool[Card.parse(t)] -= 1
    data = {"phase": 2, "hands": hands, "leader": leader, "table": [], "score": [[], []], "gnomes": gnomes,
            "trolls": [], "discard": [str(c) for c in sorted(pool.elements())]}
    CLAIM2.position_from_json(data)  # validate
    return data


EXAMPLES = {
    "giants-1.json": (("Giants, example 1: A (seat 0) plays Giant 3, B (seat 1) Giant 5. B wins and may crush a "
                      "3- and a 5-Gnome of A's; A has two 3s and a 7, so one 3-Gnome is crushed."),
                      position([["giant:3", "seer:0"], ["giant:5", "seer:1"]], [["gnome:3", "gnome:3", "gnome:7"], []]),
                      [{"seat": 0, "play": "giant:3"}, {"seat": 1, "play": "giant:5"},
                       {"seat": 1, "crush": ["gnome:3"]}]),
    "giants-2.json": (("Giants, example 2: A leads Giant 1, B cannot follow and plays Troll 4. A wins and may crush "
                      "one of B's 1-Gnomes."),
                      position([["giant:1", "seer:0"], ["troll:4", "seer:1"]], [[], ["gnome:1", "gnome:3"]]),
                      [{"seat": 0, "play": "giant:1"}, {"seat": 1, "play": "troll:4"},
                       {"seat": 0, "crush": ["gnome:1"]}]),
    "giants-3.json": (("Giants, example 3: A plays Dragon 4, B cannot follow and plays Giant 3. A wins and may crush "
                      "one of B's 3-Gnomes."),
                      position([["dragon:4", "seer:0"], ["giant:3", "seer:1"]], [[], ["gnome:3"]]),
                      [{"seat": 0, "play": "dragon:4"}, {"seat": 1, "play": "giant:3"},
                       {"seat": 0, "crush": ["gnome:3"]}]),
    "dragons-1.json": ("Dragons, example 1: A plays Dragon 7, B Dragon 3. A wins the trick, but B leads the next.",
                       position([["dragon:7", "seer:0"], ["dragon:3", "seer:1"]], [[], []]),
                       [{"seat": 0, "play": "dragon:7"}, {"seat": 1, "play": "dragon:3"},
                        {"seat": 1, "play": "seer:1"}]),
    "dragons-2.json": (("Dragons, example 2: A plays Giant 5, B cannot follow and plays Dragon 4. A wins the trick, "
                       "but B leads the next."),
                       position([["giant:5", "seer:0"], ["dragon:4", "seer:1"]], [[], []]),
                       [{"seat": 0, "play": "giant:5"}, {"seat": 1, "play": "dragon:4"},
                        {"seat": 1, "play": "seer:1"}]),
    "disputed-crush.json": (("Disputed: after Giants 3 and 5, B crushes A's 3-Gnome and also A's 7-Gnome. "
                             "Each Giant crushes only a Gnome of its own value."),
                            position([["giant:3", "seer:0"], ["giant:5", "seer:1"]],
                                     [["gnome:3", "gnome:3", "gnome:7"], []]),
                            [{"seat": 0, "play": "giant:3"}, {"seat": 1, "play": "giant:5"},
                             {"seat": 1, "crush": ["gnome:3", "gnome:7"]}]),
}


def main() -> None:
    for name, (comment, pos, actions) in EXAMPLES.items():
        record = {"format": "rules-record/1", "game": "claim2", "comment": comment, "position": pos,
                  "actions": actions}
        (HERE / name).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
