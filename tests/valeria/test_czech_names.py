"""A Czech verdict names a card by the Czech book's name where the book gives one (issue 18 §3):
the refusal of a monster payment is written from the card data's names, not its English one."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import rules
import rules.games
from rules.kernel.simulate import random_action
from rules.valeria.data import index
from rules.valeria.positions import position_notes
from rules.valeria.state import ACTIONS, HARVEST

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.rules("valeria.slay.magic-cost", "valeria.slay.pay-strength")
@pytest.mark.parametrize("example", ["disputed-cube-gold.json", "disputed-cube-magic.json"])
def test_a_monster_payment_refusal_names_the_card_in_each_language(example: str) -> None:
    verdict = rules.adjudicate(ROOT / "examples" / "valeria" / example)
    assert verdict.illegal is not None
    message = verdict.illegal.violation.message
    assert "Rosolová krychle" in message.get("cs") and "Gelatinous Cube" not in message.get("cs")
    assert "Gelatinous Cube" in message.get("en")


def test_a_position_within_a_turn_names_its_phase_in_each_language() -> None:
    """A position written mid-turn (decision 0033) is noted with its phase in the verdict's
    language, not by the record's key ("ve fázi akcí", never "ve fázi actions")."""
    game = rules.games.load("valeria")
    rng = random.Random(7)
    state = game.initial_state(game.random_setup(rng))
    seen: dict[str, tuple[str, str]] = {}
    while not game.is_terminal(state) and len(seen) < 2:
        if state.phase in (HARVEST, ACTIONS) and state.phase not in seen:
            (note,) = position_notes(state)
            seen[state.phase] = (note.get("cs"), note.get("en"))
        state = game.apply(state, random_action(game, state, rng))
    assert set(seen) == {HARVEST, ACTIONS}
    for phase, (cs, en) in seen.items():
        assert f"fázi {phase} " not in cs, cs
        assert en.startswith("The position starts within seat"), en
    assert "ve fázi akcí" in seen[ACTIONS][0] and "ve fázi příjmu" in seen[HARVEST][0]


@pytest.mark.rules("valeria.recruit.choose")
def test_a_refusal_quoting_a_card_names_it_in_czech() -> None:
    """A refusal that quotes the card a record wrote ("citizen monk lies in no center stack")
    names it by its Czech name in Czech and keeps the record's ID in English (issue 18 §3)."""
    record = json.loads((ROOT / "examples" / "valeria" / "disputed-price.json").read_text(encoding="utf-8"))
    dealt = None
    for kind in index().citizens:
        record["actions"][-1] = {"seat": 0, "recruit": kind, "pay": {"gold": 9, "magic": 0}}
        verdict = rules.adjudicate(record)
        if verdict.illegal is not None and verdict.illegal.violation.rules == ("valeria.recruit.choose",):
            dealt = kind, verdict.illegal.violation.message
            break
    assert dealt is not None, "every citizen kind lies in the center of this game"
    kind, message = dealt
    czech = index().citizens[kind].name.get("cs")
    assert czech in message.get("cs") and kind not in message.get("cs"), message.get("cs")
    assert kind in message.get("en")
