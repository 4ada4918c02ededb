"""The Z3 proofs of Claim: every theorem proves, and every theorem can fail.

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

import proofs  # noqa: E402
from proofs import COUNTEREXAMPLE, PROVED, THEOREMS, UNKNOWN, Obligation, theorem  # noqa: E402
from proofs.claim import conservation, follow_suit, scoring, winner  # noqa: E402
from rules.claim import trick  # noqa: E402
from rules.claim.cards import Faction, card, full_deck  # noqa: E402
from rules.claim.game import CLAIM, trick_winner_position  # noqa: E402
from rules.claim.scoring import faction_tally, holds_vote, score, wins_game  # noqa: E402
from rules.claim.trick import DOPPELGANGER, DWARF, GOBLIN, KNIGHT, UNDEAD  # noqa: E402
from rules.kernel.logic import CONCRETE  # noqa: E402
from rules.kernel.spec import load_spec  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
BY_NAME = {t.name: t for t in THEOREMS}


def refuted(name: str, **broken: object) -> str:
    """Check theorem ``name`` with ``broken`` implementations; it must find a counterexample."""
    result = BY_NAME[name].check(**broken)
    assert result.status == COUNTEREXAMPLE, result
    assert result.counterexample
    return result.counterexample


# ------------------------------------------------------------------ registry

@pytest.mark.parametrize("thm", [pytest.param(t, id=t.name, marks=pytest.mark.rules(*t.rules)) for t in THEOREMS])
def test_theorem_is_proved(thm: proofs.Theorem) -> None:
    result = thm.check()
    assert result.status == PROVED, result
    assert result.theorem == thm.name and result.counterexample is None
    assert result.seconds < 10, f"{thm.name} took {result.seconds:.1f} s (budget: a few seconds in all)"


def test_registry_is_well_formed() -> None:
    spec = load_spec()
    assert len({t.name for t in THEOREMS}) == len(THEOREMS)
    assert {t.game for t in THEOREMS} == {"claim"}
    assert proofs.theorems("claim") == THEOREMS
    for t in THEOREMS:
        assert t.name.startswith("claim.") and t.rules and t.injectable, t
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


def test_run_all_proves_everything() -> None:
    results = proofs.run_all()
    assert [r.theorem for r in results] == [t.name for t in THEOREMS]
    assert all(r.status == PROVED for r in results), results


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
    return (L.Not(faction == UNDEAD), faction == UNDEAD, False, False)


def revealed_undead_twice(phase, faction, L=CONCRETE):
    return (True, faction == UNDEAD, False, False)


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
        zones = {"winner_score": lambda s: s.score[w], "loser_score": lambda s: s.score[1 - w],
                 "discard": lambda s: s.discard}
        expected = {z: Counter() for z in zones}
        for c in (before.table[0], action.card):
            expected[conservation.expected_played(before.phase, int(c.faction))][c] += 1
        for z, pile in zones.items():
            assert Counter(pile(after)) - Counter(pile(before)) == expected[z], (z, before.table, action)
        if before.phase == 1 and after.phase == 1:  # followers become hands at the phase change
            assert Counter(after.followers[w]) - Counter(before.followers[w]) == Counter([before.revealed])


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
        for f in Faction:
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


# ------------------------------------------------------------------ command line

def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    return subprocess.run([sys.executable, "-m", "proofs", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_cli_json_lines() -> None:
    done = _run("--json")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [d["theorem"] for d in lines] == [t.name for t in THEOREMS]
    for d, t in zip(lines, THEOREMS):
        assert {"theorem", "rules", "status", "seconds"} <= set(d)
        assert d["rules"] == list(t.rules) and d["status"] == PROVED
        assert isinstance(d["seconds"], float) and "counterexample" not in d


def test_cli_table_and_game_filter() -> None:
    done = _run("--game", "claim")
    assert done.returncode == 0, done.stderr
    assert f"{len(THEOREMS)}/{len(THEOREMS)} proved" in done.stdout
    for t in THEOREMS:
        assert t.name in done.stdout


def test_cli_exits_nonzero_on_a_counterexample(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from proofs import __main__ as cli

    thm = BY_NAME["claim.scoring.one-winner"]
    broken = proofs.Theorem(thm.name, thm.rules, thm.statement, lambda: thm.check(wins_game=wins_with_two))
    monkeypatch.setattr(cli, "theorems", lambda game=None: (broken,))
    assert cli.main(["--json"]) == 1
    line = json.loads(capsys.readouterr().out)
    assert line["status"] == COUNTEREXAMPLE and "counterexample" in line
