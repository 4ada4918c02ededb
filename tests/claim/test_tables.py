"""The engine's precomputed tables equal the rule functions they were built from
(docs/decisions/0003-logic-vocabulary.md), entry by entry."""

from __future__ import annotations

import pytest

from rules.claim import powers, trick
from rules.claim.cards import CLAIM_FACTIONS, Faction, deck_of
from rules.claim.game import _ZONE, COUNTS_AS_LEAD, DESTINATIONS, FOLLOWABLE, RANK
from rules.claim.trick import card_rank, may_follow


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
    assert FOLLOWABLE[Faction.GNOME][True] == {Faction.GNOME, Faction.DOPPELGANGER}


@pytest.mark.rules("claim.trick-winner", "claim.knights")
def test_rank_table_is_card_rank() -> None:
    for lead in Faction:
        for c in set(deck_of(tuple(Faction))):
            assert RANK[lead][c] == card_rank(c.faction, c.value, lead)


@pytest.mark.rules("claim.phase1.undead-to-score", "claim.dwarves", "claim.dwarves.multiplayer", "claim2.gnomes",
                   "claim2.trolls")
def test_destination_table_is_played_card_destinations() -> None:
    for players in (2, 3, 4):
        for phase in (1, 2):
            for f in Faction:
                flags = powers.played_card_destinations(phase, f, players)
                assert DESTINATIONS[players][phase][f] == flags
                assert sum(map(bool, flags)) == 1, (players, phase, f)
                assert _ZONE[players][phase][f] == flags.index(True)


@pytest.mark.rules("claim.phase1.undead-to-score", "claim.dwarves", "claim.doppelgangers.no-power")
def test_general_destinations_agree_with_claims_on_claims_factions() -> None:
    """trick.played_card_destinations (Claim's four zones) is the two-player
    general function restricted to Claim's factions."""
    names = dict(zip(powers.PLAYED_ZONES, range(len(powers.PLAYED_ZONES))))
    for phase in (1, 2):
        for f in CLAIM_FACTIONS:
            general = powers.played_card_destinations(phase, f, 2)
            old = trick.played_card_destinations(phase, f)
            projected = tuple(general[names[z]] for z in trick.DESTINATIONS)
            assert projected == old, (phase, f)


@pytest.mark.rules("claim-combined.phase1.draw-order", "claim.doppelgangers.multiplayer")
def test_counts_as_lead_table() -> None:
    for lead in Faction:
        for f in Faction:
            assert COUNTS_AS_LEAD[lead][f] == powers.counts_as_lead(f, lead)
    assert COUNTS_AS_LEAD[Faction.GOBLIN][Faction.DOPPELGANGER]
    assert not COUNTS_AS_LEAD[Faction.GOBLIN][Faction.KNIGHT]
