"""Claim 2's faction powers in two-player play: Gnomes, Giants, Dragons,
Trolls and Seers, with the rulebook's worked examples (Giants 1–3,
Dragons 1–2) and the rulings the spec records for them."""

from __future__ import annotations

from collections import Counter

import pytest
from claim2_helpers import MIXED2, c, cards, position, run

from rules.claim import CLAIM2, CLAIM_COMBINED, Crush, Take, crush, play, take
from rules.claim.state import OVER
from rules.claim.variants import CLAIM2_VARIANT

V = CLAIM2_VARIANT
G = CLAIM2


# ------------------------------------------------------------------ Giants (ruling 4)


@pytest.mark.rules("claim2.giants", "claim2.phase2.giants-crush", "claim2.phase2.winner")
def test_giants_example_1_winner_may_crush_one_gnome_per_giant() -> None:
    """A plays Giant 3, B Giant 5: B wins and may crush a 3- and a 5-Gnome of
    A's; A has two 3s and a 7, so one 3 goes."""
    state = position(V, phase=2, hands=[["giant:3", "seer:0"], ["giant:5", "seer:1"]],
                     gnomes=[["gnome:3", "gnome:3", "gnome:7"], []])
    after = run(state, play(0, c("giant:3")), play(1, c("giant:5")))
    assert after.decision is not None and after.to_move == 1
    assert set(G.legal_actions(after)) == {crush(1), crush(1, c("gnome:3"))}
    done = run(after, crush(1, c("gnome:3")))
    assert Counter(done.gnomes[0]) == Counter(cards("gnome:3", "gnome:7"))
    assert Counter(done.discard) - Counter(after.discard) == Counter(cards("gnome:3"))
    assert Counter(done.score[1]) - Counter(state.score[1]) == Counter(cards("giant:3", "giant:5"))
    assert done.to_move == 1 and done.decision is None


@pytest.mark.rules("claim2.giants", "claim2.trolls")
def test_giants_example_2_giant_led_troll_played() -> None:
    """A leads Giant 1, B cannot follow and plays Troll 4: A wins and may crush a 1-Gnome of B's."""
    state = position(V, phase=2, hands=[["giant:1", "seer:0"], ["troll:4", "seer:1"]],
                     gnomes=[[], ["gnome:1", "gnome:1"]])
    after = run(state, play(0, c("giant:1")), play(1, c("troll:4")))
    assert set(G.legal_actions(after)) == {crush(0), crush(0, c("gnome:1"))}
    done = run(after, crush(0, c("gnome:1")))
    assert done.gnomes[1] == cards("gnome:1")
    assert Counter(done.score[0]) == Counter(cards("giant:1", "troll:4"))


@pytest.mark.rules("claim2.giants", "claim2.dragons")
def test_giants_example_3_giant_played_off_faction_still_crushes() -> None:
    """A leads Dragon 4, B plays Giant 3: A wins (and leads: the latest Dragon)
    and may crush a 3-Gnome of B's."""
    state = position(V, phase=2, hands=[["dragon:4", "seer:0"], ["giant:3", "seer:1"]],
                     gnomes=[[], ["gnome:3", "gnome:5"]])
    after = run(state, play(0, c("dragon:4")), play(1, c("giant:3")))
    assert set(G.legal_actions(after)) == {crush(0), crush(0, c("gnome:3"))}
    done = run(after, crush(0, c("gnome:3")))
    assert done.gnomes[1] == cards("gnome:5") and done.to_move == 0


@pytest.mark.rules("claim2.giants", "claim2.giants.no-gnome")
def test_ruling_4_crush_is_optional_and_needs_a_matching_gnome() -> None:
    state = position(V, phase=2, hands=[["giant:3", "seer:0"], ["giant:5", "seer:1"]],
                     gnomes=[["gnome:3", "gnome:7"], []])
    after = run(state, play(0, c("giant:3")), play(1, c("giant:5")))
    kept = run(after, crush(1))  # crushing nothing is a choice
    assert kept.gnomes[0] == cards("gnome:3", "gnome:7")
    for wrong in (crush(1, c("gnome:7")), crush(1, c("gnome:3"), c("gnome:3")), crush(0, c("gnome:3"))):
        v = G.check(after, wrong)
        assert v is not None and set(v.rules) & {"claim2.giants", "claim2.giants.no-gnome"}
    # no Gnome of the Giant's value: no decision at all, the Giant simply scores
    none = position(V, phase=2, hands=[["giant:9", "seer:0"], ["giant:1", "seer:1"]], gnomes=[[], ["gnome:3"]])
    after = run(none, play(0, c("giant:9")), play(1, c("giant:1")))
    assert after.decision is None and after.gnomes[1] == cards("gnome:3")


@pytest.mark.rules("claim2.giants", "claim2.gnomes")
def test_ruling_4_gnomes_laid_out_this_trick_are_not_crushable() -> None:
    """Gnomes won in the Giant's own trick go to the winner; the opponent has none to lose."""
    state = position(V, phase=2, hands=[["gnome:3", "seer:0"], ["giant:3", "seer:1"]])
    after = run(state, play(0, c("gnome:3")), play(1, c("giant:3")))
    # the Gnome led wins (the Giant is off-faction); the Gnome is laid out before its winner
    assert after.gnomes[0] == cards("gnome:3") and after.decision is None


@pytest.mark.rules("claim2.giants", "claim2.phase2.end")
def test_a_pending_crush_blocks_play_and_ends_the_game_when_last() -> None:
    state = position(V, phase=2, hands=[["giant:3"], ["giant:5"]], gnomes=[["gnome:3"], ["gnome:5"]])
    after = run(state, play(0, c("giant:3")), play(1, c("giant:5")))
    assert not G.is_terminal(after)
    v = G.check(after, play(1, c("seer:0")))
    assert v is not None and v.rules == ("claim2.giants",)
    done = run(after, crush(1, c("gnome:3")))
    assert done.phase == OVER
    # claim2.gnomes.end: the laid-out Gnomes go to the score piles
    assert c("gnome:5") in done.score[1] and all(not g for g in done.gnomes)


# ------------------------------------------------------------------ Gnomes (ruling 6)


@pytest.mark.rules("claim2.gnomes", "claim2.gnomes.end")
def test_gnomes_are_laid_out_and_scored_at_the_end() -> None:
    state = position(V, phase=2, hands=[["gnome:5", "gnome:1"], ["gnome:3", "gnome:7"]])
    mid = run(state, play(0, c("gnome:5")), play(1, c("gnome:3")))
    assert Counter(mid.gnomes[0]) == Counter(cards("gnome:5", "gnome:3")) and mid.score == ((), ())
    done = run(mid, play(0, c("gnome:1")), play(1, c("gnome:7")))
    assert done.phase == OVER
    assert Counter(done.score[0]) == Counter(cards("gnome:5", "gnome:3"))
    assert Counter(done.score[1]) == Counter(cards("gnome:1", "gnome:7"))


@pytest.mark.rules("claim2.gnomes", "claim2.phase1.discard")
def test_gnomes_have_no_power_in_phase_one() -> None:
    state = position(V, phase=1, hands=[["gnome:5"] + ["seer:0"], ["gnome:3", "seer:1"]], face_up=["dragon:0"])
    after = run(state, play(0, c("gnome:5")), play(1, c("gnome:3")))
    assert Counter(after.discard) - Counter(state.discard) == Counter(cards("gnome:5", "gnome:3"))


# ------------------------------------------------------------------ Dragons (ruling 8)


@pytest.mark.rules("claim2.dragons", "claim2.leader.previous-winner")
def test_dragons_example_1_the_latest_dragon_leads() -> None:
    """A plays Dragon 7, B Dragon 3: A wins the trick, B leads the next."""
    state = position(V, phase=2, hands=[["dragon:7", "seer:0"], ["dragon:3", "seer:1"]])
    after = run(state, play(0, c("dragon:7")), play(1, c("dragon:3")))
    assert after.last_trick.winner == 0 and after.to_move == 1
    assert Counter(after.score[0]) == Counter(cards("dragon:7", "dragon:3"))
    v = G.check(after, play(0, c("seer:0")))
    assert v is not None and "claim2.dragons" in v.rules


@pytest.mark.rules("claim2.dragons")
def test_dragons_example_2_an_off_faction_dragon_leads() -> None:
    """A plays Giant 5, B (no Giant) Dragon 4: A wins, B leads."""
    state = position(V, phase=2, hands=[["giant:5", "seer:0"], ["dragon:4", "seer:1"]])
    after = run(state, play(0, c("giant:5")), play(1, c("dragon:4")))
    assert after.last_trick.winner == 0 and after.to_move == 1


@pytest.mark.rules("claim2.dragons", "claim2.phase1.winner-takes-revealed")
def test_dragons_in_phase_one() -> None:
    state = position(V, phase=1, hands=[["seer:5", "seer:0"], ["dragon:1", "troll:1"]], face_up=["giant:9"],
                     deck_top=["gnome:1"])
    after = run(state, play(0, c("seer:5")), play(1, c("dragon:1")))
    # seer 5 wins (a Seer: the winner decides first); then the Dragon's player leads
    assert after.decision is not None and after.to_move == 0
    done = run(after, take(0, c("giant:9")))
    assert done.to_move == 1 and done.followers[0][-1] == c("giant:9") and done.followers[1][-1] == c("gnome:1")


# ------------------------------------------------------------------ Trolls (ruling 7)


@pytest.mark.rules("claim2.trolls", "claim2.trolls.waiting", "claim2.trolls.last-trick")
def test_trolls_wait_and_the_last_trick_takes_them_all() -> None:
    state = position(V, phase=2, hands=[["troll:3", "troll:2", "troll:0"], ["troll:8", "troll:1", "seer:0"]],
                     trolls=["troll:5"])
    one = run(state, play(0, c("troll:3")), play(1, c("troll:8")))
    # pool 5, 3, 8: the winner (seat 1) takes 8; 5 and 3 wait
    assert one.score[1] == cards("troll:8") and Counter(one.trolls) == Counter(cards("troll:5", "troll:3"))
    two = run(one, play(1, c("troll:1")), play(0, c("troll:2")))
    # pool 5, 3, 1, 2: seat 0 wins with troll 2 and takes the highest, 5 (waiting, not played this trick)
    assert one.trolls and two.score[0] == cards("troll:5")
    assert Counter(two.trolls) == Counter(cards("troll:3", "troll:1", "troll:2"))
    done = run(two, play(0, c("troll:0")), play(1, c("seer:0")))
    # last trick: its winner takes every remaining Troll
    assert done.phase == OVER and not done.trolls
    assert Counter(cards("troll:3", "troll:1", "troll:2", "troll:0")) <= Counter(done.score[0])


@pytest.mark.rules("claim2.trolls", "claim2.phase1.discard")
def test_trolls_have_no_power_in_phase_one() -> None:
    state = position(V, phase=1, hands=[["troll:5", "seer:0"], ["troll:3", "seer:1"]], face_up=["dragon:0"])
    after = run(state, play(0, c("troll:5")), play(1, c("troll:3")))
    assert after.trolls == () and c("troll:3") in after.discard


# ------------------------------------------------------------------ Seers (ruling 9)


@pytest.mark.rules("claim2.seers", "claim2.seers.exchange")
def test_seer_winner_may_take_the_deck_card_and_the_loser_gets_the_face_up_one() -> None:
    state = position(V, phase=1, hands=[["seer:5", "seer:0"], ["seer:3", "troll:1"]], face_up=["giant:9"],
                     deck_top=["gnome:1"])
    after = run(state, play(0, c("seer:5")), play(1, c("seer:3")))
    assert set(G.legal_actions(after)) == {take(0, c("giant:9")), take(0, None)}
    # the peeked card is visible to the deciding winner only
    assert G.view(after, 0).peek == c("gnome:1") and G.view(after, 1).peek is None
    done = run(after, take(0, None))
    assert done.followers[0][-1] == c("gnome:1") and done.followers[1][-1] == c("giant:9")
    # the face-up card is public; the deck card is not
    assert c("giant:9") in done.known_followers[1] and c("gnome:1") not in done.known_followers[0]


@pytest.mark.rules("claim2.seers", "claim2.phase1.loser-draws")
def test_seer_winner_taking_the_face_up_card_leaves_the_draw_as_usual() -> None:
    state = position(V, phase=1, hands=[["seer:5", "seer:0"], ["seer:3", "troll:1"]], face_up=["giant:9"],
                     deck_top=["gnome:1"])
    after = run(state, play(0, c("seer:5")), play(1, c("seer:3")))
    done = run(after, take(0, c("giant:9")))
    assert done.followers[0][-1] == c("giant:9") and done.followers[1][-1] == c("gnome:1")


@pytest.mark.rules("claim2.seers", "claim.doppelgangers.no-power")
def test_ruling_6_a_doppelganger_winning_a_seer_trick_has_no_seer_power() -> None:
    state = position(MIXED2, phase=1, hands=[["seer:2", "goblin:1"], ["doppelganger:7", "goblin:2"]],
                     face_up=["knight:9"])
    after = state
    for a in (play(0, c("seer:2")), play(1, c("doppelganger:7"))):
        after = CLAIM_COMBINED.apply(after, a)
    assert after.decision is None and after.followers[1][-1] == c("knight:9")


@pytest.mark.rules("claim2.seers")
def test_a_seer_that_loses_has_no_power() -> None:
    state = position(V, phase=1, hands=[["troll:5", "seer:0"], ["seer:3", "dragon:1"]], face_up=["giant:9"])
    after = run(state, play(0, c("troll:5")), play(1, c("seer:3")))
    assert after.decision is None and after.followers[0][-1] == c("giant:9")


@pytest.mark.rules("claim2.seers")
def test_illegal_choices_are_refused_with_the_seer_rule() -> None:
    state = position(V, phase=1, hands=[["seer:5", "seer:0"], ["seer:3", "troll:1"]], face_up=["giant:9"])
    after = run(state, play(0, c("seer:5")), play(1, c("seer:3")))
    for wrong in (take(1, None), take(0, c("giant:1")), play(0, c("seer:0")), Crush(0, ())):
        v = G.check(after, wrong)
        assert v is not None and "claim2.seers" in v.rules, wrong
        assert v.message.languages == ("hu", "en")
    assert isinstance(G.legal_actions(after)[0], Take)
