"""Scoring of Claim 2 and the combinations (rulings 2, 3, 11, 12, 13)."""

from __future__ import annotations

import pytest
from claim2_helpers import FOUR, MIXED2, THREE, cards

from rules.claim.scoring import outvotes, score_claim2
from rules.claim.variants import CLAIM2_VARIANT


def votes(piles, v):
    return score_claim2(piles, v).votes_json()


@pytest.mark.rules("claim2.scoring.count", "claim2.scoring.majority", "claim2.scoring.tie-highest",
                   "claim2.overview.votes")
def test_ruling_2_votes_more_cards_then_highest_then_second_highest() -> None:
    assert outvotes([1, 2], [9]) and not outvotes([9], [1, 2])
    assert outvotes([9, 1], [8, 7])  # equal count: the highest card
    assert outvotes([9, 5, 1], [9, 4, 3])  # highest equal: the second highest
    assert not outvotes([9, 5], [5, 9]) and not outvotes([], [])  # fully equal, 0–0: nobody
    piles = (cards("gnome:3", "gnome:3", "giant:9"), cards("gnome:3", "gnome:1", "giant:9"))
    got = votes(piles, CLAIM2_VARIANT)
    assert got["gnome"] == [0] and got["giant"] == [] and got["dragon"] == []


@pytest.mark.rules("claim2.scoring.win", "claim2.scoring.win-tie")
def test_ruling_3_more_votes_then_cards_in_voting_factions_else_nobody() -> None:
    one = (cards("gnome:1", "dragon:5"), cards("giant:1"))
    assert score_claim2(one, CLAIM2_VARIANT).winners == (0,)
    # one vote each: seat 1's voting faction holds more cards
    tie = (cards("gnome:9"), cards("dragon:0", "dragon:1"))
    result = score_claim2(tie, CLAIM2_VARIANT)
    assert result.winners == (1,) and result.decided_by == "claim2.scoring.win-tie"
    # one vote and one card each, values differ: two players have no sum tie-break: nobody
    flat = (cards("gnome:9"), cards("dragon:0"))
    assert score_claim2(flat, CLAIM2_VARIANT).winners == ()
    assert score_claim2(((), ()), CLAIM2_VARIANT).winners == ()


@pytest.mark.rules("claim-combined.two-players", "claim2.scoring.win")
def test_ruling_11_two_player_combined_games_use_claim2_scoring() -> None:
    # three votes to two would win Claim; in Claim 2 it is "more votes" as well, but a 2–1 wins too
    piles = (cards("knight:2", "goblin:0"), cards("seer:1"))
    result = score_claim2(piles, MIXED2)
    assert result.winners == (0,) and set(result.votes_json()) == {f.key for f in MIXED2.factions}


@pytest.mark.rules("claim-combined.scoring.three-players", "claim-combined.scoring.three-players.tie-cards",
                   "claim-combined.scoring.three-players.tie-sum", "claim-combined.three-players")
def test_ruling_12_three_players() -> None:
    # the unique player with most cards; a tie among the most goes to the highest card
    piles = (cards("undead:1", "undead:2"), cards("undead:9", "undead:0"), cards("undead:3"))
    assert votes(piles, THREE)["undead"] == [1]
    piles = (cards("undead:1"), cards("undead:1"), ())
    assert votes(piles, THREE)["undead"] == []
    # one vote each for seats 0 and 1, more cards: seat 1
    piles = (cards("undead:9"), cards("dwarf:1", "dwarf:2"), ())
    r = score_claim2(piles, THREE)
    assert r.winners == (1,) and r.decided_by == "claim-combined.scoring.three-players.tie-cards"
    # equal cards too: the sum of their values
    piles = (cards("undead:9"), cards("dwarf:1"), ())
    r = score_claim2(piles, THREE)
    assert r.winners == (0,) and r.decided_by == "claim-combined.scoring.three-players.tie-sum"
    piles = (cards("undead:1"), cards("dwarf:1"), ())
    assert score_claim2(piles, THREE).winners == ()


@pytest.mark.rules("claim-combined.scoring.four-players", "claim-combined.four-players.teams")
def test_ruling_13_four_players_score_as_teams() -> None:
    # seats 0 and 2 pool their Dwarves (2 cards) against seat 1's single one
    piles = (cards("dwarf:1"), cards("dwarf:9"), cards("dwarf:2"), ())
    r = score_claim2(piles, FOUR)
    assert r.votes_json()["dwarf"] == [0, 2] and r.winners == (0, 2)
    assert r.votes_json()["gnome"] == []
    tie = (cards("dwarf:1"), cards("troll:1"), (), ())
    assert score_claim2(tie, FOUR).winners == ()


@pytest.mark.rules("claim-combined.scoring.four-players", "claim-combined.scoring.three-players",
                   "claim2.scoring.majority", "claim2.scoring.tie-highest")
def test_the_explanation_names_the_side_the_reason_and_the_deciding_rule() -> None:
    piles = (cards("dwarf:1"), cards("dwarf:9"), cards("dwarf:2"), cards("troll:7"))
    lines = [t.get("en") for t in score_claim2(piles, FOUR).explain()]
    assert "Dwarves: the team of seats 0 + 2 wins the vote, more cards (2 against at most 1): " \
           "claim2.scoring.majority" in lines
    assert lines[-1] == ("Winner: the team of seats 0 + 2 (votes: 0+2: 1, 1+3: 1; "
                         "claim-combined.scoring.three-players.tie-cards).")
    piles = (cards("undead:9", "undead:1"), cards("undead:9", "undead:3"), ())
    lines = [t.get("en") for t in score_claim2(piles, THREE).explain()]
    assert "Undead: seat 1 wins the vote, equal count (2), higher card number 2 (3 against 1): " \
           "claim2.scoring.tie-highest" in lines
    assert lines[-1] == "Winner: seat 1 (votes: 0: 0, 1: 1, 2: 0; claim-combined.scoring.three-players)."
    assert any(t.get("hu").startswith("Győztes: a(z) 1. hely") for t in score_claim2(piles, THREE).explain())
