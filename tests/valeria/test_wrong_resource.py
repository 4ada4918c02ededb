"""A payment in the resource its cost does not take (gold for a monster, strength for a
citizen or a domain) is a play the rules judge, not a malformed record: it reads, writes
back unchanged and is refused naming the payment rule; the same action without it is legal."""

from __future__ import annotations

import pytest
from valeria_engine_helpers import in_actions, refused

from rules.valeria.game import VALERIA

GOLD_FOR_MAGIC = {"seat": 0, "slay": "hills", "pay": {"strength": 1, "magic": 0, "gold": 1}}


@pytest.mark.rules("valeria.slay.magic-cost", "valeria.slay.pay-strength")
def test_gold_offered_for_a_monster_is_refused() -> None:
    state = in_actions(strength=5, gold=5, magic=0)
    verdict = refused(state, GOLD_FOR_MAGIC)
    assert verdict.rules == ("valeria.slay.magic-cost", "valeria.slay.pay-strength")
    assert "gold" in verdict.message.get("en")
    plain = {"seat": 0, "slay": "hills", "pay": {"strength": 1, "magic": 0}}
    assert VALERIA.check(state, VALERIA.action_from_json(plain)) is None


@pytest.mark.rules("valeria.recruit.magic", "valeria.build.cost", "valeria.resources.magic-substitute")
def test_strength_offered_for_a_citizen_or_a_domain_is_refused() -> None:
    state = in_actions(strength=9, gold=20, citizens={"peasant": 1, "archer": 2})
    recruit = refused(state, {"seat": 0, "recruit": "merchant", "pay": {"gold": 2, "strength": 1}})
    assert recruit.rules == ("valeria.recruit.magic", "valeria.resources.magic-substitute")
    build = refused(state, {"seat": 0, "build": "palace-of-the-dawn", "pay": {"gold": 11, "strength": 1}})
    assert build.rules == ("valeria.build.cost", "valeria.resources.magic-substitute")
    legal = {"seat": 0, "build": "palace-of-the-dawn", "pay": {"gold": 11}}
    assert VALERIA.check(state, VALERIA.action_from_json(legal)) is None


@pytest.mark.rules("valeria.slay.magic-cost")
def test_the_wrong_resource_is_written_back_and_legal_payments_are_written_as_before() -> None:
    action = VALERIA.action_from_json(GOLD_FOR_MAGIC)
    assert action.pay.strength == 1 and VALERIA.action_to_json(action) == GOLD_FOR_MAGIC
    plain = VALERIA.action_from_json({"seat": 0, "recruit": "merchant", "pay": {"gold": 2}})
    assert VALERIA.action_to_json(plain) == {"seat": 0, "recruit": "merchant", "pay": {"gold": 2, "magic": 0}}
