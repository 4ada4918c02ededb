"""The engine's precomputed tables equal the rule functions they were built from
(docs/decisions/0003-logic-vocabulary.md), entry by entry."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.claim import CLAIM_COMBINED as CLAIM_COMBINED_FOR_TABLES
from rules.claim import powers, trick
from rules.claim.cards import CLAIM_FACTIONS, Faction, deck_of
from rules.claim.tables import COUNTS_AS_LEAD, DESTINATIONS, FOLLOWABLE, FOLLOWERS, HOLDING, RANK, ZONE
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


@pytest.mark.rules("claim.follow-suit", "claim.doppelgangers")
def test_restricts_table_says_whether_may_follow_refuses_a_faction() -> None:
    """A follow is listed without a filter exactly when ``may_follow`` admits every faction."""
    from rules.claim.tables import RESTRICTS

    for lead in Faction:
        for holds in (False, True):
            assert RESTRICTS[lead][holds] == any(not may_follow(f, lead, holds) for f in Faction), (lead, holds)
    assert not RESTRICTS[Faction.GOBLIN][False] and RESTRICTS[Faction.GOBLIN][True]  # claim.follow-suit


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
                assert ZONE[players][phase][f] == flags.index(True)


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


# ------------------------------------------------------------------ the speed tables (issue 3)


def _random_games(game: Any, variant: Any, n: int, seed: int) -> None:
    """Play ``n`` random games, so the lazily filled tables hold the entries real play looks up."""
    import random

    rng = random.Random(seed)
    for _ in range(n):
        state = game.initial_state(game.random_setup(rng, variant))
        while not game.is_terminal(state):
            state = game.apply(state, rng.choice(game.legal_actions(state)))


@pytest.mark.rules("claim.follow-suit", "claim.doppelgangers", "claim.doppelgangers.led", "claim-combined.follow-suit")
def test_follow_by_held_table_is_holds_faction_then_may_follow() -> None:
    from rules.claim.tables import FACTION_SETS, FOLLOW_BY_HELD

    assert len(FACTION_SETS) == 2 ** len(Faction) == len(set(FACTION_SETS))
    for lead in Faction:
        assert set(FOLLOW_BY_HELD[lead]) == set(FACTION_SETS)
        for held in FACTION_SETS:
            holds = trick.holds_faction(sorted(held), lead)
            assert FOLLOW_BY_HELD[lead][held] == {f for f in Faction if may_follow(f, lead, holds)}, (lead, held)
        # the engine's shortcut: what a hand holding the lead may play, any hand may play
        assert FOLLOWABLE[lead][True] <= FOLLOWABLE[lead][False]


@pytest.mark.rules("claim.follow-suit", "claim-combined.follow-suit")
@settings(max_examples=200)
@given(st.lists(st.sampled_from(sorted(set(deck_of(tuple(Faction))))), max_size=13), st.sampled_from(list(Faction)))
def test_followable_of_any_hand_is_the_predicates(hand: list, lead: Faction) -> None:
    """``followable`` reads a hand through the table; the predicates read it card by card."""
    from rules.claim.tables import followable

    holds = trick.holds_faction([c.faction for c in hand], lead)
    assert followable(tuple(hand), lead) == {f for f in Faction if may_follow(f, lead, holds)}


@pytest.mark.rules("claim.follow-suit", "claim.doppelgangers", "claim.doppelgangers.led", "claim-combined.follow-suit")
@settings(max_examples=300)
@given(st.lists(st.sampled_from(sorted(set(deck_of(tuple(Faction))))), max_size=13), st.sampled_from(list(Faction)))
def test_the_cards_tables_pick_the_follows_of_the_predicates(hand: list, lead: Faction) -> None:
    """The engine reads a hand card by card through ``HOLDING`` and ``FOLLOWERS``; the predicates
    read the hand's factions (``holds_faction``), then each card's (``may_follow``)."""
    holds = trick.holds_faction([c.faction for c in hand], lead)
    assert (not HOLDING[lead].isdisjoint(hand)) == holds
    assert [c for c in hand if c in FOLLOWERS[lead][holds]] == [c for c in hand if may_follow(c.faction, lead, holds)]


@pytest.mark.rules("claim.trick-winner", "claim.trick-winner.tie", "claim.knights.multiplayer",
                   "claim-combined.play-order")
def test_winner_table_is_takes_trick_over_every_rank_tuple() -> None:
    """Every rank tuple a trick of 2–4 cards can have (the lead's card always
    ranks as following, ``FOLLOWING + value``): the table names the one
    position ``takes_trick`` names. Entries real play filled in are checked first."""
    from itertools import product

    from claim2_helpers import FOUR, THREE

    from rules.claim.tables import WINNER_BY_RANKS
    from rules.claim.trick import FOLLOWING

    _random_games(CLAIM_COMBINED_FOR_TABLES, FOUR.to_json(), 20, 1)
    _random_games(CLAIM_COMBINED_FOR_TABLES, THREE.to_json(), 20, 2)
    for ranks, position in list(WINNER_BY_RANKS.items()):
        assert [p for p in range(len(ranks)) if trick.takes_trick(p, ranks)] == [position], ranks
    any_rank = sorted({r for by_card in RANK.values() for r in by_card.values()})
    lead_rank = [FOLLOWING + v for v in range(10)]
    assert {RANK[c.faction][c] for c in set(deck_of(tuple(Faction)))} <= set(lead_rank)
    for n in (2, 3, 4):
        for ranks in product(lead_rank, *[any_rank] * (n - 1)):
            winners = [p for p in range(n) if trick.takes_trick(p, ranks)]
            assert winners == [WINNER_BY_RANKS[ranks]], ranks


@pytest.mark.rules("claim.trick-winner", "claim.trick-winner.tie", "claim.trick-winner.off-faction",
                   "claim.knights", "claim.doppelgangers", "claim2.trick-winner")
def test_pair_winner_table_is_card_rank_then_takes_trick_over_every_pair_of_cards() -> None:
    """Every two-card trick of the cards of Claim and Claim 2 (the table two-player games look
    their tricks up in): the position ``takes_trick`` names over the ``card_rank`` of each card."""
    from rules.claim.tables import WINNER_OF_PAIR

    cards = sorted(set(deck_of(tuple(Faction))))
    for lead in cards:
        for follow in cards:
            ranks = [card_rank(c.faction, c.value, lead.faction) for c in (lead, follow)]
            winners = [p for p in (0, 1) if trick.takes_trick(p, ranks)]
            assert winners == [WINNER_OF_PAIR[(lead, follow)]], (lead, follow)


@pytest.mark.rules("claim2.dragons")
def test_next_leader_table_is_leads_next_over_every_faction_tuple() -> None:
    from itertools import product

    from rules.claim.tables import IS_DRAGON, NEXT_LEADER

    for n in (2, 3, 4):
        for factions in product([int(f) for f in Faction], repeat=n):
            flags = tuple(f == trick.DRAGON for f in factions)
            for winner in range(n):
                leaders = [p for p in range(n) if powers.leads_next(p, factions, winner)]
                assert leaders == [NEXT_LEADER[flags][winner]], (factions, winner)
    assert all(IS_DRAGON[c] == (c.faction == Faction.DRAGON) for c in set(deck_of(tuple(Faction))))


@pytest.mark.rules("claim-combined.phase1.draw-order", "claim-combined.phase1.draw-order.tie")
def test_draw_rank_orders_every_pair_of_facts_as_draws_before() -> None:
    from rules.claim.tables import DRAW_FACTS, DRAW_RANK

    assert sorted(DRAW_RANK.values()) == list(range(len(DRAW_FACTS))) == list(range(4 * 2 * 10))
    for a in DRAW_FACTS:
        for b in DRAW_FACTS:
            if a != b:
                assert (DRAW_RANK[a] < DRAW_RANK[b]) == bool(powers.draws_before(*a, *b)), (a, b)


@pytest.mark.rules("claim.dwarves.multiplayer", "claim.dwarves.multiplayer.tie")
def test_dwarves_taker_table_is_takes_dwarves_over_every_value_tuple() -> None:
    from itertools import product

    from rules.claim.tables import DWARVES_TAKER

    for n in (3, 4):
        for values in product(range(10), repeat=n):
            takers = [p for p in range(n) if powers.takes_dwarves(p, values)]
            assert takers == [DWARVES_TAKER[values]], values


@pytest.mark.rules("claim2.trolls", "claim2.trolls.waiting", "claim2.trolls.last-trick")
def test_troll_table_is_troll_destinations_over_every_pool() -> None:
    from itertools import combinations

    from rules.claim.tables import TROLL_TAKEN

    for value in range(10):
        rest = [v for v in range(10) if v != value]
        for k in range(len(rest) + 1):
            for others in combinations(rest, k):
                for last in (False, True):
                    to_score, waits = powers.troll_destinations(value, list(others), last)
                    assert TROLL_TAKEN[(value, frozenset(others), last)] == bool(to_score) != bool(waits)
                    # the predicate reads the others as a set: their order does not matter
                    assert powers.troll_destinations(value, list(reversed(others)), last)[0] == to_score


@pytest.mark.rules("claim2.seers", "claim2.seers.multiplayer")
def test_seer_peeks_table() -> None:
    from rules.claim.tables import SEER_PEEKS

    for f in Faction:
        assert SEER_PEEKS[f] == powers.seer_peeks(1, int(f))
    assert SEER_PEEKS[Faction.SEER] and not SEER_PEEKS[Faction.DOPPELGANGER]


@pytest.mark.rules("claim.trick-winner", "claim.phase1.undead-to-score", "claim.phase1.discard", "claim.dwarves",
                   "claim.phase2.winner-takes-both", "claim2.dragons", "claim2.seers", "claim2.gnomes",
                   "claim2.trolls", "claim2.giants")
def test_pair_trick_table_is_the_rule_functions_over_every_pair_of_cards() -> None:
    """Every two-card trick of the cards of Claim and Claim 2, in both phases: the winning position
    (``card_rank``, ``takes_trick``), the next leader's position (``leads_next``), each card's pile
    (``played_card_destinations`` with two players), and the flag that sends a trick to the general
    resolution: a winning Seer in phase one, a Gnome, a Troll or a Giant in phase two."""
    from rules.claim.tables import PAIR_TRICK

    names = {z: i for i, z in enumerate(powers.PLAYED_ZONES)}
    cards = sorted(set(deck_of(tuple(Faction))))
    for phase in (1, 2):
        for lead in cards:
            for follow in cards:
                pair = (lead, follow)
                wp, next_position, to_winner, to_loser, discarded, special = PAIR_TRICK[phase][pair]
                ranks = [card_rank(c.faction, c.value, lead.faction) for c in pair]
                assert [p for p in (0, 1) if trick.takes_trick(p, ranks)] == [wp], pair
                factions = [c.faction for c in pair]
                assert [p for p in (0, 1) if powers.leads_next(p, factions, wp)] == [next_position], pair
                piles = [powers.played_card_destinations(phase, c.faction, 2) for c in pair]
                for kept, zone in ((to_winner, "winner_score"), (to_loser, "loser_score"), (discarded, "discard")):
                    assert kept == tuple(c for c, flags in zip(pair, piles) if flags[names[zone]]), (pair, zone)
                if phase == 1:  # the general path scores or discards each card; a Seer's win asks a choice
                    other = any(not (f[names["winner_score"]] or f[names["discard"]]) for f in piles)
                    expected = other or bool(powers.seer_peeks(1, pair[wp].faction))
                else:  # a Gnome laid out, a Troll pooled, a Giant's crush
                    other = any(not (f[names["winner_score"]] or f[names["loser_score"]] or f[names["discard"]])
                                for f in piles)
                    expected = other or Faction.GIANT in factions
                assert special == expected, pair
