"""Regenerate the bundled Claim records (deterministic: fixed seeds).

    python examples/claim/make_examples.py

Each record is a real deal played with random legal moves until the
situation it illustrates comes up; ``tests/test_examples.py`` pins the verdict
of every file, so a change of the engine that changes a verdict is caught.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules.claim import CLAIM, Faction, Play, State, play
from rules.kernel.records import record_to_json
from rules.kernel.simulate import random_record

HERE = Path(__file__).parent
Pick = Callable[[State, tuple[Play, ...]], Play | None]


def search(pick: Pick, *, stop_after_trick: bool = True, seeds: range = range(1000)) -> dict[str, Any]:
    """Play seeded random games; ``pick`` may choose a move (the situation came up)."""
    for seed in seeds:
        rng = random.Random(seed)
        setup = CLAIM.random_setup(rng)
        state = CLAIM.initial_state(setup)
        actions: list[Play] = []
        while not CLAIM.is_terminal(state):
            legal = CLAIM.legal_actions(state)
            chosen = pick(state, legal)
            if chosen is not None:
                actions.append(chosen)
                if CLAIM.check(state, chosen) is not None:  # an illegal action ends the record
                    return record_to_json(CLAIM, setup, actions)
                state = CLAIM.apply(state, chosen)
                if stop_after_trick:
                    return record_to_json(CLAIM, setup, actions)
                continue
            action = rng.choice(legal)
            actions.append(action)
            state = CLAIM.apply(state, action)
    raise RuntimeError("situation not found")


def doppelganger_while_holding(state: State, legal: tuple[Play, ...]) -> Play | None:
    """Goblin led; the follower holds a Goblin and a higher Doppelganger, and plays it."""
    if len(state.table) != 1 or state.phase != 1 or state.table[0].faction is not Faction.GOBLIN:
        return None
    hand = state.hands[1 - state.leader]
    dopp = [c for c in hand if c.faction is Faction.DOPPELGANGER and c.value > state.table[0].value]
    if dopp and any(c.faction is Faction.GOBLIN for c in hand):
        return play(1 - state.leader, dopp[0])
    return None


def knight_while_holding_goblin(state: State, legal: tuple[Play, ...]) -> Play | None:
    """Goblin led; the follower holds a Goblin but plays a Knight (illegal)."""
    if len(state.table) != 1 or state.table[0].faction is not Faction.GOBLIN:
        return None
    hand = state.hands[1 - state.leader]
    knights = [c for c in hand if c.faction is Faction.KNIGHT]
    if knights and any(c.faction is Faction.GOBLIN for c in hand):
        return play(1 - state.leader, knights[0])
    return None


def knight_on_high_goblin(state: State, legal: tuple[Play, ...]) -> Play | None:
    """Goblin 7+ led; the follower has no Goblin and plays a low Knight (legal, wins)."""
    if len(state.table) != 1 or state.table[0].faction is not Faction.GOBLIN or state.table[0].value < 7:
        return None
    hand = state.hands[1 - state.leader]
    knights = sorted(c for c in hand if c.faction is Faction.KNIGHT)
    if knights and not any(c.faction is Faction.GOBLIN for c in hand):
        return play(1 - state.leader, knights[0])
    return None


def write(name: str, record: dict[str, Any], comment: str) -> None:
    record = {"format": record["format"], "game": record["game"], "comment": comment,
              "setup": record["setup"], "actions": record["actions"]}
    (HERE / name).write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def main() -> None:
    write("disputed-doppelganger.json", search(doppelganger_while_holding),
          "Disputed: the follower held a Goblin but played a Doppelganger on the led Goblin and took the "
          "trick. The leader protested that Goblins must be followed. (Verdict: legal, claim.doppelgangers.)")
    write("disputed-knight.json", search(knight_while_holding_goblin),
          "Disputed: 'Knights beat Goblins', so the follower played a Knight on the led Goblin while holding "
          "a Goblin. (Verdict: illegal, claim.follow-suit and claim.knights.follow-suit.)")
    write("knight-beats-goblin.json", search(knight_on_high_goblin),
          "Disputed: a low Knight took a high Goblin. The follower had no Goblin, so the Knight was legal "
          "and wins regardless of value. (Verdict: legal, claim.knights.)")
    rng_game = json.loads(json.dumps(_random_game(7)))
    write("full-game.json", rng_game, "A complete random game (seed 7), legal from start to finish.")


def _random_game(seed: int) -> dict[str, Any]:
    return random_record(CLAIM, seed)


if __name__ == "__main__":
    main()
