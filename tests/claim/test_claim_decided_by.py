"""``Result.rules`` of the Claim family: the rule that decided each kind of outcome, which
``rules study`` counts as "decided by" (issue 21, decision record 0026)."""

from __future__ import annotations

import random

import pytest
from claim2_helpers import FOUR, MIXED2, THREE, cards

from rules import games
from rules.claim.scoring import score, score_claim2
from rules.claim.variants import CLAIM2_VARIANT
from rules.kernel.simulate import play_out, random_setup


@pytest.mark.rules("claim.scoring.win")
def test_claim_three_votes_win_and_fewer_leave_no_winner() -> None:
    """Both outcomes cite claim.scoring.win: its threshold, and its ruling that below it nobody wins."""
    won = score((cards("knight:2", "goblin:1", "dwarf:1"), cards("undead:1")))
    assert won.winners == (0,) and won.rules == ("claim.scoring.win",)
    drawn = score((cards("knight:2", "goblin:1"), cards("undead:1", "dwarf:1")))
    assert drawn.winners == () and drawn.rules == ("claim.scoring.win",)


@pytest.mark.rules("claim2.scoring.win", "claim2.scoring.win-tie", "claim-combined.two-players")
def test_two_players_more_votes_then_voting_cards_then_no_winner() -> None:
    assert score_claim2((cards("gnome:1", "dragon:5"), cards("giant:1")), CLAIM2_VARIANT).rules == (
        "claim2.scoring.win",)
    tie = score_claim2((cards("gnome:9"), cards("dragon:0", "dragon:1")), CLAIM2_VARIANT)
    assert tie.winners == (1,) and tie.rules == ("claim2.scoring.win-tie",)
    flat = score_claim2((cards("gnome:9"), cards("dragon:0")), CLAIM2_VARIANT)
    assert flat.winners == () and flat.rules == ("claim2.scoring.win-tie",)  # its ruling: nobody wins
    assert score_claim2((cards("knight:2", "goblin:0"), cards("seer:1")), MIXED2).rules == ("claim2.scoring.win",)


@pytest.mark.rules("claim-combined.scoring.three-players", "claim-combined.scoring.three-players.tie-cards",
                   "claim-combined.scoring.three-players.tie-sum")
def test_three_players_each_tie_break_and_no_winner() -> None:
    outcomes = {
        "votes": (cards("undead:1", "dwarf:1"), cards("seer:1"), ()),
        "cards": (cards("undead:9"), cards("dwarf:1", "dwarf:2"), ()),
        "sum": (cards("undead:9"), cards("dwarf:1"), ()),
        "none": (cards("undead:1"), cards("dwarf:1"), ()),
    }
    decided = {kind: score_claim2(piles, THREE) for kind, piles in outcomes.items()}
    assert {kind: (s.winners, s.rules) for kind, s in decided.items()} == {
        "votes": ((0,), ("claim-combined.scoring.three-players",)),
        "cards": ((1,), ("claim-combined.scoring.three-players.tie-cards",)),
        "sum": ((0,), ("claim-combined.scoring.three-players.tie-sum",)),
        "none": ((), ("claim-combined.scoring.three-players",)),  # its ruling: still tied, nobody wins
    }


@pytest.mark.rules("claim-combined.scoring.four-players")
def test_four_players_a_team_wins_or_nobody() -> None:
    team = score_claim2((cards("dwarf:1"), cards("dwarf:9"), cards("dwarf:2"), ()), FOUR)
    assert team.winners == (0, 2) and team.rules == ("claim-combined.scoring.four-players",)
    tie = score_claim2((cards("dwarf:1"), cards("troll:1"), (), ()), FOUR)
    assert tie.winners == () and tie.rules == ("claim-combined.scoring.four-players",)  # its ruling


@pytest.mark.parametrize("key", ["claim", "claim2", "claim-combined"])
def test_the_result_of_a_finished_game_names_what_decided_it(key: str) -> None:
    """The game's result carries its scoring's rule, a rule of the game's own book."""
    game = games.load(key)
    for seed in range(4):
        state = game.initial_state(random_setup(game, random.Random(seed)))
        _, final = play_out(game, state, random.Random(seed))
        result = game.result(final)
        scoring = final.variant.rules.score(final.score, final.variant)
        assert result is not None and result.rules == scoring.rules and len(result.rules) == 1
        assert result.rules[0].split(".")[0] in game.info.prefixes
