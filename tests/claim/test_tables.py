"""The engine's precomputed tables equal the rule functions they were built from
(docs/decisions/0003-logic-vocabulary.md), entry by entry."""

from __future__ import annotations

import pytest

from rules.claim.cards import Faction, full_deck
from rules.claim.game import DESTINATIONS, FOLLOWABLE, RANK
from rules.claim.trick import card_rank, may_follow, played_card_destinations


@pytest.mark.rules("claim.follow-suit", "claim.doppelgangers", "claim.doppelgangers.led")
def test_followable_table_is_may_follow() -> None:
    for lead in Faction:
        for holds in (False, True):
            for f in Faction:
                assert (f in FOLLOWABLE[lead][holds]) == may_follow(f, lead, holds)
    # spot checks against the rule text
    assert FOLLOWABLE[Faction.GOBLIN][True] == {Faction.GOBLIN, Faction.DOPPELGANGER}
    assert FOLLOWABLE[Faction.DOPPELGANGER][True] == {Faction.DOPPELGANGER}
    assert FOLLOWABLE[Faction.UNDEAD][False] == set(Faction)


@pytest.mark.rules("claim.trick-winner", "claim.knights")
def test_rank_table_is_card_rank() -> None:
    for lead in Faction:
        for c in set(full_deck()):
            assert RANK[lead][c] == card_rank(c.faction, c.value, lead)


@pytest.mark.rules("claim.phase1.undead-to-score", "claim.dwarves")
def test_destination_table_is_played_card_destinations() -> None:
    for phase in (1, 2):
        for f in Faction:
            assert DESTINATIONS[phase][f] == played_card_destinations(phase, f)
