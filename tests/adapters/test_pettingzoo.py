"""Every game as a PettingZoo AEC environment passes PettingZoo's own API and seed tests (issue 21 §3)."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from rules.adapters.pettingzoo import env

CASES = [("claim", None, None), ("claim2", None, None), ("claim-combined", {"players": 4, "factions": [
    "knight", "goblin", "undead", "dwarf", "doppelganger", "dragon", "seer"]}, None), ("leaders", None, 60),
         ("valeria", {"players": 3}, None), ("valeria", {"players": 1}, None),
         ("valeria", {"players": 5, "monster_events": True}, None),
         ("valeria", {"players": 2, "random_citizens": True}, None),
         ("valeria", {"players": 1, "difficulty": "hardest"}, None)]


@pytest.mark.parametrize(("key", "variant", "max_actions"), CASES)
def test_pettingzoo_api_and_seed(key: str, variant: object, max_actions: int | None) -> None:
    api_test(env(key, variant, max_actions), num_cycles=30, verbose_progress=False)
    seed_test(lambda: env(key, variant, max_actions), num_cycles=30)


def test_a_whole_game_pays_the_winner() -> None:
    e = env("claim")
    e.reset(seed=3)
    final = {}
    for agent in e.agent_iter():
        observation, reward, termination, truncation, _ = e.last()
        if termination or truncation:
            final[agent] = reward
            e.step(None)
            continue
        e.step(int(observation["action_mask"].argmax()))
    assert set(final) == {"seat_0", "seat_1"}
    assert sorted(final.values()) in ([-1.0, 1.0], [0.0, 0.0])  # the winner +1, the loser -1; nobody: 0
