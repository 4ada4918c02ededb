"""The Z3 proofs of the Claim family: every theorem proves, and every theorem can fail.

"A proof that cannot fail is a defect": for each theorem at least one test
injects a plausibly broken rule function and expects a counterexample. The
glue tests check that each proof composes the engine's functions the way the
engine does (``legal_actions``, ``trick_winner_position``, trick resolution,
``score``), so the proofs are about the code that runs.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("z3")

from proof_helpers import counterexample, refuter, theorem_params

import proofs
from proofs import COUNTEREXAMPLE, PROVED, UNKNOWN, Obligation, theorem
from proofs.claim import (
    THEOREMS,
    conservation,
    follow_suit,
    follow_table,
    routing,
    scoring,
    table_winner,
    winner,
)
from rules.claim import (
    powers,
    trick,
)
from rules.claim.cards import CLAIM_FACTIONS, Faction, card, full_deck
from rules.claim.explain import trick_winner_position
from rules.claim.game import CLAIM
from rules.claim.scoring import faction_tally, holds_vote, score, wins_game
from rules.claim.trick import (
    DOPPELGANGER,
    DRAGON,
    DWARF,
    GNOME,
    GOBLIN,
    KNIGHT,
    TROLL,
    UNDEAD,
)
from rules.kernel.logic import CONCRETE
from rules.kernel.spec import load_spec

ROOT = Path(__file__).resolve().parents[2]
BY_NAME = {t.name: t for t in THEOREMS}
#: The games of the Claim family; a theorem's game is its name's prefix.
GAMES = ("claim", "claim2", "claim-combined")


refuted = refuter(THEOREMS)


# ------------------------------------------------------------------ registry

@pytest.mark.parametrize("thm", theorem_params(THEOREMS))
def test_theorem_is_proved(thm: proofs.Theorem) -> None:
    result = thm.check()
    assert result.status == PROVED, result
    assert result.theorem == thm.name and result.counterexample is None


def test_registry_is_well_formed() -> None:
    spec = load_spec()
    assert len({t.name for t in THEOREMS}) == len(THEOREMS)
    assert {t.game for t in THEOREMS} == set(GAMES)
    assert set(THEOREMS) <= set(proofs.THEOREMS)
    assert sum((proofs.theorems(g) for g in GAMES), ()) == tuple(
        t for g in GAMES for t in THEOREMS if t.game == g)
    for t in THEOREMS:
        assert t.name.startswith(f"{t.game}.") and t.rules and t.injectable, t
        unknown = [r for r in t.rules if r not in spec]
        assert not unknown, f"{t.name} cites unknown rules {unknown}"
        assert t.statement.endswith(".") and t.statement.count(". ") == 0, t.statement


def test_check_rejects_an_unknown_implementation_name() -> None:
    with pytest.raises(TypeError):
        BY_NAME["claim.follow-suit.exact"].check(may_folow=trick.may_follow)


def test_a_vacuous_theorem_is_not_proved() -> None:
    import z3

    @theorem("claim.test.vacuous", ("claim.follow-suit",), "Nothing at all.")
    def vacuous(L: object) -> Obligation:
        x = z3.Int("x")
        return Obligation(z3.And(x > 1, x < 0), z3.BoolVal(False), lambda m: "")

    result = vacuous.check()
    assert result.status == UNKNOWN and "vacuous" in (result.reason or "")


def test_a_counterexample_that_does_not_show_the_break_fails_the_mutation_helper() -> None:
    """The mutation tests' helper can fail: a claim false whatever the injected function does
    gives a counterexample, but the "broken" function answers as the engine's at it."""
    import z3

    def double(x: object, L: object = CONCRETE) -> object:
        return x * 2  # type: ignore[operator]

    @theorem("claim.test.always-false", ("claim.follow-suit",), "A claim no function can make true.")
    def always_false(L: object, *, twice: object = double) -> Obligation:
        x = z3.Int("x")
        return Obligation(z3.And(x >= 0, x < 4), twice(x, L) > 100, lambda m: f"x = {m.eval(x)}")  # type: ignore[operator]

    def same_as_double(x: object, L: object = CONCRETE) -> object:
        return x + x  # type: ignore[operator]

    def off_by_one(x: object, L: object = CONCRETE) -> object:
        return x * 2 + 1  # type: ignore[operator]

    with pytest.raises(AssertionError, match="does not show the break"):
        counterexample(always_false, twice=same_as_double)
    assert counterexample(always_false, twice=off_by_one).startswith("x = ")  # answers differently: accepted


@pytest.mark.parametrize("game", GAMES)
def test_run_all_proves_everything(game: str) -> None:
    results = proofs.run_all(game)
    assert [r.theorem for r in results] == [t.name for t in THEOREMS if t.game == game]
    assert results and all(r.status == PROVED for r in results), results


# ------------------------------------------------------------------ follow suit

def must_always_follow(faction, lead, holds, L=CONCRETE):
    """Forgets "only when you have no card of that faction": off-faction never allowed."""
    return L.Or(faction == lead, faction == DOPPELGANGER)


def holds_anything(hand, faction, L=CONCRETE):
    """"Holds the led faction" read as "holds any card"."""
    return L.Or(*(f >= 0 for f in hand))


def no_wild_doppelganger(faction, lead, holds, L=CONCRETE):
    """Forbids Doppelgangers while holding the led faction (against claim.doppelgangers)."""
    return L.Or(faction == lead, L.Not(holds))


def knights_ignore_suit(faction, lead, holds, L=CONCRETE):
    """Lets a Knight beat a Goblin even when the follower holds Goblins (against claim.knights.follow-suit)."""
    return L.Or(trick.may_follow(faction, lead, holds, L), L.And(lead == GOBLIN, faction == KNIGHT))


def holds_but_last(hand, faction, L=CONCRETE):
    """An off-by-one: the last card of the hand is not looked at."""
    return L.Or(*(f == faction for f in list(hand)[:-1]))


@pytest.mark.rules("claim.follow", "claim.follow-suit", "claim.phase2.follow")
def test_nonempty_catches_follow_suit_without_escape() -> None:
    text = refuted("claim.follow-suit.nonempty", may_follow=must_always_follow)
    assert "engine allows []" in text


@pytest.mark.rules("claim.follow", "claim.follow-suit")
def test_nonempty_catches_holds_any_card() -> None:
    assert "engine allows []" in refuted("claim.follow-suit.nonempty", holds_faction=holds_anything)


@pytest.mark.rules("claim.follow-suit", "claim.doppelgangers")
def test_exact_catches_doppelganger_forbidden_when_holding_lead() -> None:
    assert "doppelganger" in refuted("claim.follow-suit.exact", may_follow=no_wild_doppelganger)


@pytest.mark.rules("claim.follow-suit", "claim.knights.follow-suit")
def test_exact_catches_knight_escaping_follow_suit() -> None:
    text = refuted("claim.follow-suit.exact", may_follow=knights_ignore_suit)
    assert text.startswith("lead goblin") and "knight" in text


@pytest.mark.rules("claim.follow-suit")
def test_exact_catches_holds_faction_off_by_one() -> None:
    refuted("claim.follow-suit.exact", holds_faction=holds_but_last)


@pytest.mark.rules("claim.follow-suit", "claim.doppelgangers.led")
def test_exact_is_not_nonempty() -> None:
    """A mutant that only the exact theorem catches: both theorems are needed."""
    assert BY_NAME["claim.follow-suit.nonempty"].check(may_follow=no_wild_doppelganger).status == PROVED


# ------------------------------------------------------------------ trick winner

def takes_ties_to_both(position, ranks, L=CONCRETE):
    return L.And(*(ranks[position] >= o for j, o in enumerate(ranks) if j != position))


def takes_ties_to_nobody(position, ranks, L=CONCRETE):
    return L.And(*(ranks[position] > o for j, o in enumerate(ranks) if j != position))


def takes_ties_to_follower(position, ranks, L=CONCRETE):
    """Equal ranks go to the *later* card."""
    mine = ranks[position]
    return L.And(*(mine >= o if j < position else mine > o for j, o in enumerate(ranks) if j != position))


def rank_knight_both_ways(faction, value, lead, L=CONCRETE):
    """Also lets a Goblin beat a led Knight (the power read as symmetric)."""
    kog = L.Or(L.And(lead == GOBLIN, faction == KNIGHT), L.And(lead == KNIGHT, faction == GOBLIN))
    follows = L.Or(faction == lead, faction == DOPPELGANGER)
    return L.If(kog, 20 + value, L.If(follows, 10 + value, -1))


def rank_doppelganger_off_faction(faction, value, lead, L=CONCRETE):
    """Forgets that a following Doppelganger counts as following suit."""
    kog = L.And(lead == GOBLIN, faction == KNIGHT)
    return L.If(kog, 20 + value, L.If(faction == lead, 10 + value, -1))


@pytest.mark.rules("claim.trick-winner", "claim.trick-winner.tie")
def test_unique_catches_ties_to_both() -> None:
    assert "engine: both take" in refuted("claim.trick-winner.unique", takes_trick=takes_ties_to_both)


@pytest.mark.rules("claim.trick-winner", "claim.trick-winner.tie", "claim.phase2.winner")
def test_unique_catches_ties_to_nobody() -> None:
    assert "engine: nobody takes" in refuted("claim.trick-winner.unique", takes_trick=takes_ties_to_nobody)


@pytest.mark.rules("claim.trick-winner.tie")
def test_matches_rule_catches_ties_to_follower() -> None:
    text = refuted("claim.trick-winner.matches-rule", takes_trick=takes_ties_to_follower)
    assert "engine: the follower takes the trick; the rules: the leader takes it" in text
    # Still a unique winner: only the rule theorem sees this mutant.
    assert BY_NAME["claim.trick-winner.unique"].check(takes_trick=takes_ties_to_follower).status == PROVED


@pytest.mark.rules("claim.knights", "claim.trick-winner.off-faction")
def test_matches_rule_catches_goblin_beating_led_knight() -> None:
    assert "knight" in refuted("claim.trick-winner.matches-rule", card_rank=rank_knight_both_ways)


@pytest.mark.rules("claim.doppelgangers", "claim.trick-winner")
def test_matches_rule_catches_doppelganger_not_following() -> None:
    assert "doppelganger" in refuted("claim.trick-winner.matches-rule", card_rank=rank_doppelganger_off_faction)


# ------------------------------------------------------------------ card destinations

def played_undead_twice(phase, faction, L=CONCRETE):
    """Phase-one Undead to the winner's score pile *and* the discard."""
    one = phase == 1
    return (False, L.If(one, faction == UNDEAD, L.Not(faction == DWARF)),
            L.And(L.Not(one), faction == DWARF), one)


def played_dwarves_lost(phase, faction, L=CONCRETE):
    """Phase-two Dwarves go nowhere."""
    one = phase == 1
    return (False, L.If(one, faction == UNDEAD, L.Not(faction == DWARF)), False, L.And(one, L.Not(faction == UNDEAD)))


def played_dwarves_to_winner(phase, faction, L=CONCRETE):
    """Forgets the Dwarf power: phase-two Dwarves go to the winner like the rest."""
    one = phase == 1
    return (False, L.If(one, faction == UNDEAD, True), False, L.And(one, L.Not(faction == UNDEAD)))


def played_doppelganger_copies_undead(phase, faction, L=CONCRETE):
    """A Doppelganger treated as an Undead (against claim.doppelgangers.no-power)."""
    undead = L.Or(faction == UNDEAD, faction == DOPPELGANGER)
    one = phase == 1
    return (False, L.If(one, undead, L.Not(faction == DWARF)), L.And(L.Not(one), faction == DWARF),
            L.And(one, L.Not(undead)))


def revealed_undead_to_score(phase, faction, L=CONCRETE):
    """A won Undead to the score pile instead of the followers (against claim.phase1.undead-revealed)."""
    one = phase == 1
    return (L.And(one, L.Not(faction == UNDEAD)), L.And(one, faction == UNDEAD), False, False)


def revealed_undead_twice(phase, faction, L=CONCRETE):
    return (phase == 1, L.And(phase == 1, faction == UNDEAD), False, False)


def revealed_in_every_phase(phase, faction, L=CONCRETE):
    """The old constant: a revealed card to the followers whatever the phase (phase two reveals none)."""
    return (True, False, False, False)


@pytest.mark.rules("claim.phase1.undead-to-score", "claim.phase1.discard")
def test_conservation_catches_undead_to_score_and_discard() -> None:
    text = refuted("claim.trick.conservation", played_card_destinations=played_undead_twice)
    assert "phase 1, undead" in text and "winner_score + discard" in text


@pytest.mark.rules("claim.dwarves")
def test_conservation_catches_lost_dwarves() -> None:
    assert "phase 2, dwarf: a played card goes to nowhere" in refuted(
        "claim.trick.conservation", played_card_destinations=played_dwarves_lost)


@pytest.mark.rules("claim.phase1.winner-takes-revealed", "claim.phase1.undead-revealed")
def test_conservation_catches_revealed_card_duplicated() -> None:
    refuted("claim.trick.conservation", revealed_card_destinations=revealed_undead_twice)


@pytest.mark.rules("claim.dwarves", "claim.phase2.winner-takes-both")
def test_destinations_catches_dwarves_to_winner() -> None:
    assert "phase 2, dwarf" in refuted("claim.trick.destinations", played_card_destinations=played_dwarves_to_winner)
    assert BY_NAME["claim.trick.conservation"].check(
        played_card_destinations=played_dwarves_to_winner).status == PROVED


@pytest.mark.rules("claim.doppelgangers.no-power", "claim.phase1.undead-to-score")
def test_destinations_catches_doppelganger_with_undead_power() -> None:
    assert "phase 1, doppelganger" in refuted(
        "claim.trick.destinations", played_card_destinations=played_doppelganger_copies_undead)


@pytest.mark.rules("claim.phase1.winner-takes-revealed")
def test_destinations_catches_a_revealed_card_in_phase_two() -> None:
    assert "phase 2" in refuted("claim.trick.destinations", revealed_card_destinations=revealed_in_every_phase)


@pytest.mark.rules("claim.phase1.undead-revealed")
def test_destinations_catches_won_undead_to_score() -> None:
    assert "phase 1, undead" in refuted("claim.trick.destinations", revealed_card_destinations=revealed_undead_to_score)


# ------------------------------------------------------------------ scoring

def vote_equal_highest_to_both(c, h, oc, oh, L=CONCRETE):
    """A tie with an equal highest card gives the vote to both players."""
    return L.Or(c > oc, L.And(c == oc, c > 0, h >= oh))


def vote_majority_only(c, h, oc, oh, L=CONCRETE):
    """Forgets claim.scoring.tie-highest: equal counts never give the vote."""
    return c > oc


def vote_fewer_wins(c, h, oc, oh, L=CONCRETE):
    return L.Or(c < oc, L.And(c == oc, c > 0, h > oh))


def wins_with_two(votes, L=CONCRETE):
    return votes >= 2


@pytest.mark.rules("claim.scoring.tie-highest")
def test_vote_unique_catches_equal_highest_to_both() -> None:
    assert "seat 0 and seat 1" in refuted("claim.scoring.vote-unique", holds_vote=vote_equal_highest_to_both)


@pytest.mark.rules("claim.scoring.tie-highest")
def test_vote_rulings_catches_equal_highest_to_both() -> None:
    refuted("claim.scoring.vote-rulings", holds_vote=vote_equal_highest_to_both)


@pytest.mark.rules("claim.scoring.tie-highest")
def test_vote_rulings_catches_missing_tie_break() -> None:
    assert "to nobody" in refuted("claim.scoring.vote-rulings", holds_vote=vote_majority_only)
    assert BY_NAME["claim.scoring.vote-unique"].check(holds_vote=vote_majority_only).status == PROVED


@pytest.mark.rules("claim.scoring.majority")
def test_vote_rulings_catches_fewer_cards_winning() -> None:
    refuted("claim.scoring.vote-rulings", holds_vote=vote_fewer_wins)


@pytest.mark.rules("claim.scoring.win")
def test_one_winner_catches_two_vote_threshold() -> None:
    assert "seat 1 wins=True" in refuted("claim.scoring.one-winner", wins_game=wins_with_two)


@pytest.mark.rules("claim.scoring.win", "claim.scoring.tie-highest")
def test_one_winner_catches_shared_votes() -> None:
    refuted("claim.scoring.one-winner", holds_vote=vote_equal_highest_to_both)


# ------------------------------------------------------------------ follow suit at any table

def lead_of_previous_card(table):
    """The previous card sets the lead (against claim-combined.follow-suit)."""
    return table[-1]


@pytest.mark.rules("claim-combined.follow-suit", "claim.doppelgangers.multiplayer")
def test_any_table_catches_following_the_previous_card() -> None:
    text = refuted("claim-combined.follow-suit.any-table", lead_of_table=lead_of_previous_card)
    assert "follower #3" in text or "follower #4" in text


@pytest.mark.rules("claim-combined.follow-suit", "claim.doppelgangers", "claim2.follow-suit")
def test_any_table_catches_doppelganger_forbidden_when_holding_lead() -> None:
    assert "doppelganger" in refuted("claim-combined.follow-suit.any-table", may_follow=no_wild_doppelganger)


@pytest.mark.rules("claim-combined.follow-suit", "claim.follow-suit")
def test_any_table_catches_follow_suit_without_escape() -> None:
    assert "engine allows []" in refuted("claim-combined.follow-suit.any-table", may_follow=must_always_follow)


@pytest.mark.rules("claim-combined.follow-suit")
def test_any_table_catches_holds_faction_off_by_one() -> None:
    refuted("claim-combined.follow-suit.any-table", holds_faction=holds_but_last)


# ------------------------------------------------------------------ trick winner at any table

def rank_knights_alike(faction, value, lead, L=CONCRETE):
    """Every Knight on a led Goblin ranks the same: the first Knight wins, not the highest."""
    kog = L.And(lead == GOBLIN, faction == KNIGHT)
    follows = L.Or(faction == lead, faction == DOPPELGANGER)
    return L.If(kog, 30, L.If(follows, 10 + value, -1))


@pytest.mark.rules("claim2.trick-winner", "claim2.trick-winner.tie", "claim-combined.play-order")
def test_table_unique_catches_ties_to_both() -> None:
    assert " and " in refuted("claim-combined.trick-winner.unique", takes_trick=takes_ties_to_both)


@pytest.mark.rules("claim2.trick-winner", "claim.trick-winner")
def test_table_unique_catches_ties_to_nobody() -> None:
    assert "engine: nobody takes" in refuted("claim-combined.trick-winner.unique", takes_trick=takes_ties_to_nobody)


@pytest.mark.rules("claim.knights.multiplayer")
def test_table_matches_rule_catches_first_knight_winning() -> None:
    text = refuted("claim-combined.trick-winner.matches-rule", card_rank=rank_knights_alike)
    assert text.startswith("3 cards") and text.count("knight") == 2
    # Only a table of three or more cards shows it: the two-player theorems prove.
    assert BY_NAME["claim.trick-winner.matches-rule"].check(card_rank=rank_knights_alike).status == PROVED
    assert BY_NAME["claim-combined.trick-winner.unique"].check(card_rank=rank_knights_alike).status == PROVED


@pytest.mark.rules("claim.doppelgangers.multiplayer", "claim2.trick-winner")
def test_table_matches_rule_catches_doppelganger_not_following() -> None:
    assert "doppelganger" in refuted("claim-combined.trick-winner.matches-rule",
                                     card_rank=rank_doppelganger_off_faction)


@pytest.mark.rules("claim2.trick-winner.tie")
def test_table_matches_rule_catches_ties_to_later_card() -> None:
    refuted("claim-combined.trick-winner.matches-rule", takes_trick=takes_ties_to_follower)
    assert BY_NAME["claim-combined.trick-winner.unique"].check(takes_trick=takes_ties_to_follower).status == PROVED


# ------------------------------------------------------------------ routing of every game

def _with(flags, zone, value, L):
    """``flags`` over PLAYED_ZONES with ``zone`` replaced by ``value``."""
    return tuple(value if z == zone else f for z, f in zip(powers.PLAYED_ZONES, flags, strict=True))


def routed_dwarves_lost_multiplayer(phase, faction, players, L=CONCRETE):
    """Three or four players: phase-two Dwarves go nowhere."""
    return _with(powers.played_card_destinations(phase, faction, players, L), "dwarves_taker_score", False, L)


def routed_gnomes_twice(phase, faction, players, L=CONCRETE):
    """A phase-two Gnome laid out *and* put on the score pile."""
    flags = powers.played_card_destinations(phase, faction, players, L)
    return _with(flags, "winner_score", L.Or(flags[1], L.And(phase == 2, faction == GNOME)), L)


def routed_dwarves_to_loser_always(phase, faction, players, L=CONCRETE):
    """The two-player Dwarf rule at every table (against claim.dwarves.multiplayer)."""
    return powers.played_card_destinations(phase, faction, 2, L)


def routed_doppelganger_as_gnome(phase, faction, players, L=CONCRETE):
    """A Doppelganger copying the Gnomes' power (against claim.doppelgangers.no-power)."""
    return powers.played_card_destinations(phase, L.If(faction == DOPPELGANGER, GNOME, faction), players, L)


def routed_trolls_to_winner(phase, faction, players, L=CONCRETE):
    """Forgets the Troll pool: phase-two Trolls go straight to the winner."""
    return powers.played_card_destinations(phase, L.If(faction == TROLL, GOBLIN, faction), players, L)


@pytest.mark.rules("claim.dwarves.multiplayer")
def test_routing_conservation_catches_lost_multiplayer_dwarves() -> None:
    text = refuted("claim2.trick.conservation", played_card_destinations=routed_dwarves_lost_multiplayer)
    assert "phase 2" in text and "dwarf: a played card goes to nowhere" in text


@pytest.mark.rules("claim2.gnomes")
def test_routing_conservation_catches_gnome_duplicated() -> None:
    assert "winner_score + winner_gnomes" in refuted("claim2.trick.conservation",
                                                     played_card_destinations=routed_gnomes_twice)


@pytest.mark.rules("claim.dwarves.multiplayer", "claim.dwarves")
def test_routing_destinations_catches_two_player_dwarves_at_bigger_tables() -> None:
    text = refuted("claim2.trick.destinations", played_card_destinations=routed_dwarves_to_loser_always)
    assert "dwarf" in text and "(the rules: dwarves_taker_score)" in text
    assert BY_NAME["claim2.trick.conservation"].check(
        played_card_destinations=routed_dwarves_to_loser_always).status == PROVED


@pytest.mark.rules("claim.doppelgangers.no-power", "claim.doppelgangers.multiplayer.no-power", "claim2.gnomes")
def test_routing_destinations_catches_doppelganger_copying_gnomes() -> None:
    assert "doppelganger" in refuted("claim2.trick.destinations", played_card_destinations=routed_doppelganger_as_gnome)


@pytest.mark.rules("claim2.trolls")
def test_routing_destinations_catches_trolls_skipping_the_pool() -> None:
    assert "troll" in refuted("claim2.trick.destinations", played_card_destinations=routed_trolls_to_winner)


# ------------------------------------------------------------------ Dwarves with three or four players

def dwarves_ties_to_nobody(position, values, L=CONCRETE):
    mine = values[position]
    return L.And(*(mine < v for j, v in enumerate(values) if j != position))


def dwarves_ties_to_earlier(position, values, L=CONCRETE):
    mine = values[position]
    return L.And(*(mine < v if j < position else mine <= v for j, v in enumerate(values) if j != position))


def dwarves_to_highest(position, values, L=CONCRETE):
    return powers.takes_dwarves(position, [-v for v in values], L)


@pytest.mark.rules("claim.dwarves.multiplayer", "claim.dwarves.multiplayer.tie")
def test_dwarves_one_taker_catches_ties_to_nobody() -> None:
    assert "to nobody" in refuted("claim.dwarves.multiplayer.one-taker", takes_dwarves=dwarves_ties_to_nobody)


@pytest.mark.rules("claim.dwarves.multiplayer.tie")
def test_dwarves_lowest_catches_ties_to_the_earlier_player() -> None:
    refuted("claim.dwarves.multiplayer.lowest", takes_dwarves=dwarves_ties_to_earlier)
    assert BY_NAME["claim.dwarves.multiplayer.one-taker"].check(
        takes_dwarves=dwarves_ties_to_earlier).status == PROVED


@pytest.mark.rules("claim.dwarves.multiplayer")
def test_dwarves_lowest_catches_highest_card_taking_them() -> None:
    refuted("claim.dwarves.multiplayer.lowest", takes_dwarves=dwarves_to_highest)


# ------------------------------------------------------------------ Trolls

def trolls_also_wait(value, pool, last, L=CONCRETE):
    """The taken Troll also stays in the pool."""
    taken, _ = powers.troll_destinations(value, pool, last, L)
    return taken, L.Or(L.Not(taken), L.Not(last))


def trolls_lowest_taken(value, pool, last, L=CONCRETE):
    return powers.troll_destinations(-value, [-v for v in pool], last, L)


def trolls_never_end(value, pool, last, L=CONCRETE):
    """Forgets claim2.trolls.last-trick: Trolls keep waiting after the last trick."""
    return powers.troll_destinations(value, pool, False, L)


def trolls_all_taken(value, pool, last, L=CONCRETE):
    """Every Troll of the pool to the winner (no hold-over at all)."""
    return True, False


@pytest.mark.rules("claim2.trolls", "claim2.trolls.waiting")
def test_trolls_conservation_catches_a_troll_taken_and_waiting() -> None:
    refuted("claim2.trolls.conservation", troll_destinations=trolls_also_wait)


@pytest.mark.rules("claim2.trolls")
def test_trolls_hold_over_catches_the_lowest_taken() -> None:
    assert "pool of Trolls" in refuted("claim2.trolls.hold-over", troll_destinations=trolls_lowest_taken)
    assert BY_NAME["claim2.trolls.conservation"].check(troll_destinations=trolls_lowest_taken).status == PROVED


@pytest.mark.rules("claim2.trolls.last-trick")
def test_trolls_hold_over_catches_trolls_left_after_the_last_trick() -> None:
    assert "(last trick)" in refuted("claim2.trolls.hold-over", troll_destinations=trolls_never_end)


@pytest.mark.rules("claim2.trolls", "claim2.trolls.waiting")
def test_trolls_hold_over_catches_no_hold_over() -> None:
    refuted("claim2.trolls.hold-over", troll_destinations=trolls_all_taken)


# ------------------------------------------------------------------ Giants

def crushes_lower_gnomes(giant, gnome, L=CONCRETE):
    return giant >= gnome


def crushes_everyone(owner_team, winner_team, L=CONCRETE):
    return True


def no_teams(seat, players, L=CONCRETE):
    """Forgets the partnerships of four players."""
    return seat


@pytest.mark.rules("claim2.giants", "claim2.giants.no-gnome")
def test_giants_same_value_catches_crushing_lower_gnomes() -> None:
    assert "engine says crushes" in refuted("claim2.giants.same-value", crushes=crushes_lower_gnomes)


@pytest.mark.rules("claim2.giants.multiplayer.not-own-team")
def test_giants_victims_catches_the_winner_crushing_own_gnomes() -> None:
    assert "crushes the Gnomes of seat" in refuted("claim2.giants.multiplayer.victims", crush_victim=crushes_everyone)


@pytest.mark.rules("claim2.giants.multiplayer.not-own-team", "claim-combined.four-players.teams")
def test_giants_victims_catches_partners_crushed() -> None:
    assert refuted("claim2.giants.multiplayer.victims", team_of=no_teams).startswith("4 players")


# ------------------------------------------------------------------ draw order and the Dragons

def draws_ties_both_ways(i, led_i, value_i, j, led_j, value_j, L=CONCRETE):
    """Equal cards: both draw "before" the other (the tie rule forgotten)."""
    return L.Or(L.And(led_i, L.Not(led_j)), L.And(led_i == led_j, value_i >= value_j))


def draws_in_a_cycle(i, led_i, value_i, j, led_j, value_j, L=CONCRETE):
    """Positions in a circle: each draws before the next one round the table (not an order)."""
    return (j - i) % 3 == 1


def draws_others_first(i, led_i, value_i, j, led_j, value_j, L=CONCRETE):
    """The groups swapped: the off-faction players draw first (still a total order)."""
    return powers.draws_before(i, L.Not(led_i), value_i, j, L.Not(led_j), value_j, L)


def lead_without_doppelgangers(faction, lead, L=CONCRETE):
    return faction == lead


@pytest.mark.rules("claim-combined.phase1.draw-order.tie")
def test_draw_order_total_catches_unbroken_ties() -> None:
    refuted("claim-combined.phase1.draw-order.total", draws_before=draws_ties_both_ways)


@pytest.mark.rules("claim-combined.phase1.draw-order")
def test_draw_order_total_catches_a_cycle() -> None:
    assert "engine:" in refuted("claim-combined.phase1.draw-order.total", draws_before=draws_in_a_cycle)


@pytest.mark.rules("claim-combined.phase1.draw-order")
def test_draw_order_matches_rule_catches_groups_swapped() -> None:
    refuted("claim-combined.phase1.draw-order.matches-rule", draws_before=draws_others_first)
    assert BY_NAME["claim-combined.phase1.draw-order.total"].check(
        draws_before=draws_others_first).status == PROVED


@pytest.mark.rules("claim.doppelgangers.multiplayer", "claim-combined.phase1.draw-order")
def test_draw_order_matches_rule_catches_doppelganger_not_lead() -> None:
    assert "doppelganger" in refuted("claim-combined.phase1.draw-order.matches-rule",
                                     counts_as_lead=lead_without_doppelgangers)


def first_dragon_leads(position, factions, winner, L=CONCRETE):
    return powers.leads_next(len(factions) - 1 - position, factions[::-1], len(factions) - 1 - winner, L)


def dragons_ignored(position, factions, winner, L=CONCRETE):
    return position == winner


def dragon_and_winner_lead(position, factions, winner, L=CONCRETE):
    return L.Or(powers.leads_next(position, factions, winner, L), position == winner)


@pytest.mark.rules("claim2.dragons")
def test_dragons_lead_catches_the_first_dragon_leading() -> None:
    assert refuted("claim2.dragons.lead", leads_next=first_dragon_leads).count("dragon") >= 2


@pytest.mark.rules("claim2.dragons")
def test_dragons_lead_catches_dragons_ignored() -> None:
    assert "dragon" in refuted("claim2.dragons.lead", leads_next=dragons_ignored)


@pytest.mark.rules("claim2.dragons", "claim2.leader.previous-winner")
def test_dragons_lead_catches_two_leaders() -> None:
    assert " and " in refuted("claim2.dragons.lead", leads_next=dragon_and_winner_lead)


# ------------------------------------------------------------------ glue: proofs compose like the engine

def _random_trick_states(games: int = 12, seed: int = 2024):
    """(state before the follower plays, the follow action, the state after) over random games."""
    rng = random.Random(seed)
    for _ in range(games):
        state = CLAIM.initial_state(CLAIM.random_setup(rng))
        while not CLAIM.is_terminal(state):
            action = rng.choice(CLAIM.legal_actions(state))
            after = CLAIM.apply(state, action)
            if state.table:
                yield state, action, after
            state = after


@pytest.mark.rules("claim.follow-suit", "claim.phase2.follow", "claim.doppelgangers")
def test_follow_suit_proof_composes_like_legal_actions() -> None:
    seen_sizes = set()
    for state, _, _ in _random_trick_states():
        hand = state.hands[state.to_move]
        lead = int(state.table[0].faction)
        factions = [int(c.faction) for c in hand]
        proof = {c for c, ok in zip(hand, follow_suit.legal_flags(factions, lead, CONCRETE)) if ok}
        rule = {c for c, ok in zip(hand, follow_suit.rule_flags(factions, lead, CONCRETE)) if ok}
        engine = {a.card for a in CLAIM.legal_actions(state)}
        assert proof == engine == rule, (hand, state.table)
        seen_sizes.add(len(hand))
    assert seen_sizes == set(range(1, 14))


@pytest.mark.rules("claim.trick-winner", "claim.knights", "claim.doppelgangers", "claim.trick-winner.tie")
def test_winner_proof_composes_like_trick_winner_position() -> None:
    distinct = tuple(dict.fromkeys(full_deck()))
    for lead in distinct:
        for follow in distinct:
            args = (int(lead.faction), lead.value, int(follow.faction), follow.value)
            leader, follower = winner.takers(*args, CONCRETE)
            position, _ = trick_winner_position(lead, follow)
            assert (leader, follower) == (position == 0, position == 1), (lead, follow)
            assert follower == winner.rule_follower_wins(*args, CONCRETE), (lead, follow)


@pytest.mark.rules("claim.phase1.undead-to-score", "claim.phase1.discard", "claim.dwarves",
                   "claim.phase2.winner-takes-both", "claim.phase1.winner-takes-revealed",
                   "claim.doppelgangers.no-power")
def test_destination_table_matches_resolved_tricks() -> None:
    """Replays random games; every played card lands where ``expected_played`` says."""
    for before, action, after in _random_trick_states():
        w = after.leader  # claim.leader.previous-winner
        zones = {"winner_score": lambda s, w=w: s.score[w], "loser_score": lambda s, w=w: s.score[1 - w],
                 "discard": lambda s: s.discard}
        expected = {z: Counter() for z in zones}
        for c in (before.table[0], action.card):
            expected[conservation.expected_played(before.phase, int(c.faction))][c] += 1
        for z, pile in zones.items():
            assert Counter(pile(after)) - Counter(pile(before)) == expected[z], (z, before.table, action)
        if before.phase == 1 and after.phase == 1:  # followers become hands at the phase change
            assert Counter(after.followers[w]) - Counter(before.followers[w]) == Counter([before.face_up[0]])


@pytest.mark.rules("claim.scoring.majority", "claim.scoring.tie-highest", "claim.scoring.win")
def test_scoring_proof_composes_like_score() -> None:
    rng = random.Random(7)
    deck = list(full_deck())
    piles_list = [([card(Faction.GOBLIN, 0)] * 2, [card(Faction.GOBLIN, 0)] * 2), ([], [])]
    for _ in range(300):
        rng.shuffle(deck)
        cut = rng.randrange(0, 53)
        rest = deck[cut:]
        piles_list.append((deck[:cut][:rng.randrange(0, cut + 1)], rest[:rng.randrange(0, len(rest) + 1)]))
    for piles in piles_list:
        result = score(piles)
        held = dict(result.votes)
        assert set(held) == set(CLAIM_FACTIONS)
        for f in CLAIM_FACTIONS:
            tallies = [faction_tally(p, f) for p in piles]
            flags = scoring.votes(tallies, CONCRETE)
            assert tuple(s for s in (0, 1) if flags[s]) == held[f], (f, tallies)
        totals = [sum(1 for seats in held.values() if s in seats) for s in (0, 1)]
        assert result.winners == tuple(s for s in (0, 1) if wins_game(totals[s]))


def test_scoring_domain_reaches_every_tally() -> None:
    """The vote theorems' tally range covers every pile: count 0 ↔ highest -1."""
    assert scoring.MAX_COUNT == 52 and scoring.CARD_VALUES == tuple(range(10))
    assert faction_tally([], Faction.KNIGHT) == (0, -1)
    assert holds_vote(1, 0, 0, -1) and not holds_vote(0, -1, 0, -1)


def test_doppelganger_keeps_its_faction_in_the_table() -> None:
    assert conservation.expected_played(1, DOPPELGANGER) == "discard"
    assert conservation.expected_played(2, DOPPELGANGER) == "winner_score"
    assert conservation.expected_played(1, UNDEAD) == "winner_score"
    assert conservation.expected_played(2, DWARF) == "loser_score"


# ------------------------------------------------------------------ glue: three and four players

#: Variants whose decks hold every power the multi-player theorems are about.
MULTI_VARIANTS = (
    {"players": 3, "factions": ["knight", "goblin", "dwarf", "doppelganger", "dragon", "troll", "seer"]},
    {"players": 4, "factions": ["gnome", "giant", "dwarf", "doppelganger", "dragon", "troll", "undead"]},
    {"players": 3, "factions": ["gnome", "giant", "dwarf", "undead", "seer", "dragon", "troll"]},
    {"players": 4, "factions": ["knight", "goblin", "dwarf", "doppelganger", "dragon", "seer", "troll"]},
    {"players": 2, "factions": ["gnome", "giant", "dragon", "troll", "dwarf"]},
)


def _combined_steps(games_per_variant: int = 3, seed: int = 11):
    """(state, action, state after) over random games of :data:`MULTI_VARIANTS`."""
    from rules.claim.game import CLAIM_COMBINED

    rng = random.Random(seed)
    for variant in MULTI_VARIANTS:
        for _ in range(games_per_variant):
            state = CLAIM_COMBINED.initial_state(CLAIM_COMBINED.random_setup(rng, variant))
            while not CLAIM_COMBINED.is_terminal(state):
                action = rng.choice(CLAIM_COMBINED.legal_actions(state))
                after = CLAIM_COMBINED.apply(state, action)
                yield state, action, after
                state = after


def _resolved_tricks():
    """(state before the trick's last card, the state after it) for every resolved trick."""
    for before, _, after in _combined_steps():
        if after.last_trick is not None and after.last_trick is not before.last_trick \
                and after.tricks_played == before.tricks_played + 1:
            yield before, after


@pytest.mark.rules("claim-combined.follow-suit", "claim.doppelgangers.multiplayer", "claim2.follow-suit")
def test_any_table_proof_composes_like_legal_actions() -> None:
    from rules.claim.game import CLAIM_COMBINED
    from rules.claim.state import Play

    seen = set()
    for state, _, _ in _combined_steps():
        if state.decision is not None or not state.table:
            continue
        hand = state.hands[state.to_move]
        table = [int(c.faction) for c in state.table]
        lead = follow_table.lead_of_table(table)
        factions = [int(c.faction) for c in hand]
        holds = trick.holds_faction(factions, lead)
        proof = {c for c in hand if trick.may_follow(int(c.faction), lead, holds)}
        rule = {c for c, ok in zip(hand, follow_suit.rule_flags(factions, table[0], CONCRETE)) if ok}
        engine = {a.card for a in CLAIM_COMBINED.legal_actions(state) if isinstance(a, Play)}
        assert proof == engine == rule, (hand, state.table)
        seen.add((state.players, len(state.table)))
    assert {(3, 2), (4, 3)} <= seen


@pytest.mark.rules("claim2.trick-winner", "claim.knights.multiplayer", "claim2.dragons",
                   "claim.dwarves.multiplayer", "claim.dwarves.multiplayer.tie")
def test_table_proofs_compose_like_resolved_tricks() -> None:
    """Winner, next leader and Dwarves taker of every replayed trick are the theorems' compositions."""
    sizes, dragons, dwarves = set(), 0, 0
    for before, after in _resolved_tricks():
        t = after.last_trick
        n = before.players
        facs = [int(c.faction) for c in t.cards]
        vals = [c.value for c in t.cards]
        engine = table_winner.takers(facs, vals, CONCRETE)
        rule = table_winner.rule_takers(facs, vals, CONCRETE)
        assert engine == rule and engine.count(True) == 1, t
        wp = engine.index(True)
        assert t.winner == (t.leader + wp) % n, t
        leads = [powers.leads_next(p, facs, wp) for p in range(n)]
        assert leads.count(True) == 1 and t.next_leader == (t.leader + leads.index(True)) % n, t
        dragons += DRAGON in facs
        if n > 2 and t.phase == 2 and DWARF in facs:
            takers = [powers.takes_dwarves(p, vals) for p in range(n)]
            low = min(vals)
            assert takers.index(True) == max(p for p in range(n) if vals[p] == low)
            assert t.dwarves_taker == (t.leader + takers.index(True)) % n, t
            dwarves += 1
        sizes.add(n)
    assert sizes == {2, 3, 4} and dragons and dwarves


@pytest.mark.rules("claim2.giants.multiplayer", "claim2.giants.multiplayer.not-own-team",
                   "claim-combined.four-players.teams")
def test_giants_proof_composes_like_multiplayer_crushes() -> None:
    crushed = 0
    for before, after in _resolved_tricks():
        t = after.last_trick
        n = before.players
        giants = Counter(c.value for c in t.cards if c.faction == Faction.GIANT)
        if n == 2 or not giants:
            continue
        for owner, gnome in t.crushed:
            assert powers.crush_victim(powers.team_of(owner, n), powers.team_of(t.winner, n))
            assert any(powers.crushes(v, gnome.value) for v in giants)
            crushed += 1
        for seat in range(n):  # every opponent lost min(Giants, Gnomes) of each value
            if not powers.crush_victim(powers.team_of(seat, n), powers.team_of(t.winner, n)):
                assert not [g for s, g in t.crushed if s == seat]
                continue
            had = Counter(g.value for g in before.gnomes[seat])
            lost = Counter(g.value for s, g in t.crushed if s == seat)
            assert lost == Counter({v: min(k, had[v]) for v, k in giants.items() if min(k, had[v])}), t
    assert crushed


@pytest.mark.rules("claim-combined.phase1.draw-order", "claim-combined.phase1.draw-order.tie",
                   "claim-combined.phase1.next-takes-other", "claim-combined.phase1.others-draw")
def test_draw_order_proof_composes_like_phase_one() -> None:
    """The seats after the winner receive their cards in the order ``draws_before`` sorts them."""
    from functools import cmp_to_key

    checked = 0
    for before, after in _resolved_tricks():
        t = after.last_trick
        n = before.players
        if n == 2 or t.phase != 1 or after.decision is None:
            continue
        lead = int(t.cards[0].faction)
        wp = (t.winner - t.leader) % n
        facts = [(p, powers.counts_as_lead(int(c.faction), lead), c.value) for p, c in enumerate(t.cards) if p != wp]
        order = sorted(facts, key=cmp_to_key(lambda a, b: -1 if powers.draws_before(*a, *b) else 1))
        expected = tuple((t.leader + p) % n for p, _, _ in order)
        rule = sorted(facts, key=lambda f: (not f[1], -f[2], f[0]))
        assert [f[0] for f in order] == [f[0] for f in rule]
        assert after.decision.seat == t.winner and after.decision.detail.after == expected, (t, after.decision)
        checked += 1
    assert checked


@pytest.mark.rules("claim2.gnomes", "claim2.trolls", "claim2.trolls.waiting", "claim.dwarves.multiplayer",
                   "claim-combined.phase2.winner-takes-all", "claim2.phase1.discard", "claim.undead")
def test_routing_proof_composes_like_resolved_tricks() -> None:
    """Every card of every replayed trick lands in the zone ``expected_zone`` names."""
    zones_seen = set()
    for before, after in _resolved_tricks():
        t = after.last_trick
        if after.phase not in (1, 2) or t.phase != before.phase:
            continue  # the last trick of the game: laid-out Gnomes move to the score piles
        n = before.players
        w = t.winner
        owner = {"winner_score": w, "loser_score": 1 - w, "dwarves_taker_score": t.dwarves_taker}
        expected = {z: Counter() for z in powers.PLAYED_ZONES}
        for c in t.cards:
            expected[routing.expected_zone(t.phase, int(c.faction), n)][c] += 1
        score_gain = {s: Counter(after.score[s]) - Counter(before.score[s]) for s in range(n)}
        trolls_to_score = Counter(c for c in score_gain[w].elements() if c.faction == Faction.TROLL)
        for zone, cards in expected.items():
            if not cards:
                continue
            zones_seen.add(zone)
            if zone in owner:
                assert not cards - score_gain[owner[zone]], (zone, t)
            elif zone == "winner_gnomes":
                assert not cards - (Counter(after.gnomes[w]) - Counter(before.gnomes[w])), t
            elif zone == "discard":
                assert not cards - (Counter(after.discard) - Counter(before.discard)), t
        # the Troll pool: waiting + played = waiting after + the one the winner took
        pool = Counter(before.trolls) + expected["troll_pool"]
        assert pool == Counter(after.trolls) + trolls_to_score, t
        assert sum(trolls_to_score.values()) <= 1 or not after.hands[0]
    assert {"winner_score", "discard", "winner_gnomes", "troll_pool", "dwarves_taker_score", "loser_score"} <= zones_seen


# ------------------------------------------------------------------ command line

def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    return subprocess.run([sys.executable, "-m", "proofs", *args], check=False, cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_cli_json_lines() -> None:
    done = _run("--json", "--game", "claim2")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    ours = [t for t in THEOREMS if t.game == "claim2"]
    assert [d["theorem"] for d in lines] == [t.name for t in ours]
    for d, t in zip(lines, ours):
        assert {"theorem", "rules", "status", "seconds"} <= set(d)
        assert d["rules"] == list(t.rules) and d["status"] == PROVED
        assert isinstance(d["seconds"], float) and "counterexample" not in d


@pytest.mark.parametrize("game", GAMES)
def test_cli_table_and_game_filter(game: str) -> None:
    done = _run("--game", game)
    assert done.returncode == 0, done.stderr
    ours = [t for t in THEOREMS if t.game == game]
    assert f"{len(ours)}/{len(ours)} proved" in done.stdout
    for t in THEOREMS:
        assert (f"\n{t.name} " in done.stdout) == (t.game == game), t.name


def test_cli_exits_nonzero_on_a_counterexample(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from proofs import __main__ as cli

    thm = BY_NAME["claim.scoring.one-winner"]
    broken = proofs.Theorem(thm.name, thm.rules, thm.statement, lambda: thm.check(wins_game=wins_with_two))
    monkeypatch.setattr(cli, "theorems", lambda game=None: (broken,))
    assert cli.main(["--json"]) == 1
    line = json.loads(capsys.readouterr().out)
    assert line["status"] == COUNTEREXAMPLE and "counterexample" in line
