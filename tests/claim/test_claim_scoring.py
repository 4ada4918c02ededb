"""Scoring and its rulings (``claim.scoring.*``).

Each ruling is reached twice: through :func:`rules.claim.scoring.score` on
hand-made score piles, and through a whole recorded game whose play leads
there (replayed with the kernel's ``adjudicate``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rules.games
from rules.claim import (
    CLAIM,
    Card,
    Faction,
    State,
    full_deck,
    holds_vote,
    score,
    wins_game,
)
from rules.claim.cards import CLAIM_FACTIONS
from rules.claim.scoring import faction_tally
from rules.claim.state import OVER
from rules.kernel.records import FORMAT, adjudicate, parse_record, record_to_json


def pile(*texts: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in texts)


def votes(piles: Sequence[Sequence[Card]]) -> dict[str, list[int]]:
    return score(piles).votes_json()


def restated(piles: Sequence[Sequence[Card]]) -> tuple[dict[str, list[int]], tuple[int, ...]]:
    """The scoring rules and rulings restated: more cards wins the vote; equal
    counts go to the higher card; 0–0 and equal count with equal highest go to
    nobody; three votes win, else nobody wins."""
    out: dict[str, list[int]] = {}
    for faction in CLAIM_FACTIONS:
        mine = [[x.value for x in p if x.faction is faction] for p in piles]
        holder = []
        if len(mine[0]) != len(mine[1]):
            holder = [0 if len(mine[0]) > len(mine[1]) else 1]
        elif mine[0] and max(mine[0]) != max(mine[1]):
            holder = [0 if max(mine[0]) > max(mine[1]) else 1]
        out[faction.key] = holder
    totals = [sum(1 for h in out.values() if s in h) for s in (0, 1)]
    return out, tuple(s for s in (0, 1) if totals[s] >= 3)


def over(piles: Sequence[Sequence[Card]]) -> State:
    """A finished game with these score piles (the other cards out of the game)."""
    from collections import Counter

    rest = Counter(full_deck()) - Counter(piles[0]) - Counter(piles[1])
    return State(phase=OVER, hands=((), ()), deck=(), face_up=(), leader=0, table=(),
                 followers=((), ()), known_followers=((), ()), score=(tuple(piles[0]), tuple(piles[1])),
                 discard=tuple(sorted(rest.elements())), tricks_played=26)


# ----------------------------------------------------------------- the rules


@pytest.mark.rules("claim.scoring.count")
def test_counting_cards_per_faction() -> None:
    p = pile("goblin:0", "goblin:0", "goblin:4", "knight:7", "undead:3")
    assert faction_tally(p, Faction.GOBLIN) == (3, 4)
    assert faction_tally(p, Faction.KNIGHT) == (1, 7)
    assert faction_tally(p, Faction.DWARF) == (0, -1)
    assert faction_tally((), Faction.UNDEAD)[0] == 0


@pytest.mark.rules("claim.scoring.majority")
def test_more_cards_win_the_vote_whatever_their_values() -> None:
    piles = (pile("dwarf:0", "dwarf:1", "dwarf:2"), pile("dwarf:8", "dwarf:9"))
    assert votes(piles)["dwarf"] == [0]
    assert holds_vote(3, 2, 2, 9) and not holds_vote(2, 9, 3, 2)
    assert holds_vote(1, 0, 0, -1)


@pytest.mark.rules("claim.scoring.tie-highest")
def test_equal_counts_go_to_the_highest_card() -> None:
    piles = (pile("undead:1", "undead:8"), pile("undead:9", "undead:0"))
    assert votes(piles)["undead"] == [1]
    assert holds_vote(2, 9, 2, 8) and not holds_vote(2, 8, 2, 9)


@pytest.mark.rules("claim.scoring.majority")
def test_ruling_no_cards_on_either_side_means_no_vote() -> None:
    piles = (pile("goblin:1"), pile("dwarf:1"))
    v = votes(piles)
    assert v["knight"] == [] and v["undead"] == [] and v["doppelganger"] == []
    assert not holds_vote(0, -1, 0, -1)
    result = CLAIM.result(over(piles))
    assert result is not None
    lines = "\n".join(t.get("en") for t in result.lines)
    assert "nobody" in lines.lower() and "claim.scoring.majority" in lines


@pytest.mark.rules("claim.scoring.tie-highest")
@pytest.mark.parametrize("zeros", [1, 2])
def test_ruling_equal_count_and_equal_highest_means_no_vote(zeros: int) -> None:
    piles = (pile(*["goblin:0"] * zeros, "dwarf:5"), pile(*["goblin:0"] * zeros, "dwarf:4"))
    assert votes(piles)["goblin"] == []
    assert not holds_vote(zeros, 0, zeros, 0)
    result = CLAIM.result(over(piles))
    assert result is not None and result.details["votes"]["goblin"] == []
    assert any("claim.scoring.tie-highest" in t.get("en") and "nobody" in t.get("en") for t in result.lines)


@pytest.mark.rules("claim.scoring.win")
def test_three_votes_win() -> None:
    piles = (pile("goblin:1", "knight:2", "undead:3"), pile("dwarf:4", "doppelganger:5"))
    s = score(piles)
    assert s.winners == (0,)
    assert wins_game(3) and wins_game(5) and not wins_game(2)
    result = CLAIM.result(over(piles))
    assert result is not None and result.winners == (0,)
    assert result.to_json() == {"votes": {"goblin": [0], "knight": [0], "undead": [0], "dwarf": [1],
                                          "doppelganger": [1]}, "winners": [0]}


@pytest.mark.rules("claim.scoring.win", "claim.scoring.majority")
def test_ruling_two_two_with_an_unawarded_faction_has_no_winner() -> None:
    piles = (pile("goblin:1", "knight:2"), pile("dwarf:4", "doppelganger:5"))  # Undead 0–0
    s = score(piles)
    assert s.votes_json()["undead"] == []
    assert s.winners == ()
    result = CLAIM.result(over(piles))
    assert result is not None and result.winners == () and result.to_json()["winners"] == []
    assert any("claim.scoring.win" in t.get("en") for t in result.lines)
    assert all(t.get("cs") and t.get("cs") != t.get("en") for t in result.lines)


@pytest.mark.rules("claim.scoring.win", "claim.scoring.majority", "claim.scoring.tie-highest")
def test_ruling_two_one_has_no_winner() -> None:
    piles = (pile("goblin:0", "knight:2", "knight:3"), pile("goblin:0", "undead:4"))  # Goblin tie, Dwarf/Dopp 0–0
    s = score(piles)
    assert s.votes_json() == {"goblin": [], "knight": [0], "undead": [1], "dwarf": [], "doppelganger": []}
    assert s.winners == ()


@pytest.mark.rules("claim.scoring.count", "claim.scoring.majority", "claim.scoring.tie-highest",
                   "claim.scoring.win", "claim.phase2.end")
@given(st.permutations(full_deck()), st.integers(0, 52), st.integers(0, 52))
def test_score_agrees_with_the_restated_rules(cards: list[Card], a: int, b: int) -> None:
    a, b = sorted((a, b))
    piles = (tuple(cards[:a]), tuple(cards[a:b]))
    s = score(piles)
    expected_votes, expected_winners = restated(piles)
    assert s.votes_json() == expected_votes
    assert s.winners == expected_winners
    assert len(s.winners) <= 1
    assert len(s.explain()) == 6


# ----------------------------------------------------------------- rulings in whole games

# Two recorded games (random legal play, found by search) whose play reaches the rulings.
# Actions are "seat/card"; the hands, the deck (top first) and the leader are the setup.
GAME_DOPPELGANGERS_ZERO = {
    "hands": [
        "goblin:2 goblin:1 doppelganger:4 goblin:0 goblin:0 doppelganger:0 goblin:8 knight:9 doppelganger:9 "
        "doppelganger:1 undead:3 undead:0 undead:7",
        "dwarf:5 doppelganger:3 doppelganger:6 dwarf:9 doppelganger:7 doppelganger:5 goblin:5 doppelganger:8 "
        "undead:6 knight:7 undead:8 undead:2 doppelganger:2",
    ],
    "deck": "undead:1 goblin:3 dwarf:4 goblin:0 undead:4 knight:5 knight:8 dwarf:6 knight:3 goblin:7 goblin:0 "
            "dwarf:0 goblin:0 knight:6 undead:9 dwarf:3 goblin:6 dwarf:7 goblin:9 dwarf:8 knight:4 undead:5 "
            "dwarf:2 knight:2 goblin:4 dwarf:1",
    "leader": 1,
    "actions": "1/doppelganger:5 0/doppelganger:1 1/undead:2 0/doppelganger:9 0/goblin:0 1/doppelganger:3 "
               "1/goblin:5 0/goblin:0 1/doppelganger:6 0/doppelganger:4 1/undead:8 0/undead:7 1/doppelganger:2 "
               "0/doppelganger:0 1/dwarf:9 0/undead:3 1/knight:7 0/knight:9 0/goblin:8 1/doppelganger:8 "
               "0/undead:0 1/doppelganger:7 1/dwarf:5 0/goblin:2 1/undead:6 0/goblin:1 1/knight:4 0/knight:5 "
               "0/dwarf:4 1/dwarf:2 0/undead:5 1/undead:4 0/goblin:6 1/goblin:0 0/goblin:7 1/goblin:0 "
               "0/knight:6 1/knight:8 1/goblin:0 0/goblin:3 0/dwarf:0 1/dwarf:8 1/knight:3 0/knight:2 "
               "1/goblin:4 0/goblin:9 0/dwarf:3 1/dwarf:7 1/undead:1 0/dwarf:6 1/undead:9 0/dwarf:1",
}
GAME_GOBLIN_ZEROS_TIE = {
    "hands": [
        "goblin:9 goblin:7 dwarf:3 undead:9 goblin:5 goblin:1 goblin:8 undead:4 goblin:0 knight:6 goblin:4 "
        "undead:6 knight:3",
        "dwarf:8 undead:5 doppelganger:5 undead:3 goblin:6 knight:9 goblin:3 doppelganger:2 doppelganger:7 "
        "dwarf:5 knight:4 knight:2 goblin:2",
    ],
    "deck": "doppelganger:1 dwarf:0 dwarf:9 goblin:0 doppelganger:3 undead:2 knight:7 undead:1 dwarf:1 undead:0 "
            "dwarf:6 undead:8 doppelganger:9 doppelganger:8 knight:5 goblin:0 dwarf:4 goblin:0 doppelganger:0 "
            "dwarf:7 doppelganger:6 knight:8 undead:7 goblin:0 dwarf:2 doppelganger:4",
    "leader": 1,
    "actions": "1/dwarf:8 0/dwarf:3 1/knight:4 0/knight:3 1/undead:3 0/undead:4 0/goblin:5 1/goblin:3 0/undead:6 "
               "1/doppelganger:7 1/dwarf:5 0/goblin:7 1/undead:5 0/undead:9 0/goblin:8 1/doppelganger:5 "
               "0/goblin:0 1/doppelganger:2 1/goblin:2 0/goblin:4 0/goblin:9 1/goblin:6 0/goblin:1 1/knight:2 "
               "1/knight:9 0/knight:6 1/dwarf:1 0/doppelganger:4 0/doppelganger:0 1/doppelganger:1 1/dwarf:6 "
               "0/dwarf:0 1/undead:7 0/doppelganger:9 0/undead:0 1/undead:1 1/dwarf:9 0/knight:7 1/dwarf:2 "
               "0/undead:8 1/doppelganger:8 0/doppelganger:3 1/dwarf:7 0/knight:5 1/dwarf:4 0/doppelganger:6 "
               "0/goblin:0 1/goblin:0 0/goblin:0 1/knight:8 1/undead:2 0/goblin:0",
}


def as_record(game: dict[str, Any]) -> dict[str, Any]:
    actions = []
    for a in game["actions"].split():
        seat, card = a.split("/")
        actions.append({"seat": int(seat), "play": card})
    return {"format": FORMAT, "game": "claim",
            "setup": {"hands": [h.split() for h in game["hands"]], "deck": game["deck"].split(),
                      "leader": game["leader"]},
            "actions": actions}


def replay(game: dict[str, Any]) -> Any:
    data = json.loads(json.dumps(as_record(game)))
    record = parse_record(data, rules.games.load)
    result = adjudicate(CLAIM, record, explain=True)
    assert result.legal and result.finished and result.steps == 52
    assert result.result is not None
    # the record round-trips
    assert record_to_json(CLAIM, record.setup, record.actions) == data
    return result


@pytest.mark.rules("claim.scoring.majority", "claim.scoring.win")
def test_recorded_game_with_a_faction_nobody_scored() -> None:
    """All ten Doppelgangers are played in phase one and leave the game: 0–0, no vote;
    the votes split 2–2 with that faction unawarded, so nobody wins."""
    result = replay(GAME_DOPPELGANGERS_ZERO)
    final = result.final_state
    assert not any(x.faction is Faction.DOPPELGANGER for x in final.score[0] + final.score[1])
    assert result.result.details["votes"] == {"goblin": [0], "knight": [1], "undead": [1], "dwarf": [0],
                                              "doppelganger": []}
    assert result.result.winners == ()
    assert restated(final.score) == (result.result.details["votes"], ())


@pytest.mark.rules("claim.scoring.tie-highest", "claim.scoring.win")
def test_recorded_game_with_tied_goblin_zeros() -> None:
    """Both score piles hold exactly two Goblins, both Goblin 0s: equal count, equal
    highest card, nobody gets the Goblin vote; 2–2 with it unawarded, no winner."""
    result = replay(GAME_GOBLIN_ZEROS_TIE)
    final = result.final_state
    goblins = [[x for x in p if x.faction is Faction.GOBLIN] for p in final.score]
    assert goblins == [[Card.parse("goblin:0")] * 2] * 2
    assert result.result.details["votes"]["goblin"] == []
    assert result.result.winners == ()
    assert restated(final.score) == (result.result.details["votes"], ())
    assert result.trace  # explained trick by trick
