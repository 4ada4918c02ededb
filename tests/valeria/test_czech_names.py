"""A Czech verdict names a card by the Czech book's name where the book gives one (issue 18 §3):
the refusal of a monster payment is written from the card data's names, not its English one."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.rules("valeria.slay.magic-cost", "valeria.slay.pay-strength")
@pytest.mark.parametrize("example", ["disputed-cube-gold.json", "disputed-cube-magic.json"])
def test_a_monster_payment_refusal_names_the_card_in_each_language(example: str) -> None:
    verdict = rules.adjudicate(ROOT / "examples" / "valeria" / example)
    assert verdict.illegal is not None
    message = verdict.illegal.violation.message
    assert "Rosolová krychle" in message.get("cs") and "Gelatinous Cube" not in message.get("cs")
    assert "Gelatinous Cube" in message.get("en")
