"""Three and four players: two face-up cards, the winner's choice, the draw
order, partnerships and the powers that change with more players (rulings
5, 8, 9, 10, 13, 14 and 15 of the spec)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from claim2_helpers import FOUR, THREE, c, cards, position, run

from rules.claim import CLAIM_COMBINED, play, take
from rules.claim.cards import Faction as F
from rules.claim.powers import draws_before
from rules.claim.variants import combined

G = CLAIM_COMBINED


@pytest.mark.rules("claim-combined.phase1.reveal-two", "claim-combined.play-order", "claim-combined.leader.first",
                   "claim-combined.multiplayer.deal")
def test_three_player_setup_reveals_two_and_plays_in_seat_order() -> None:
    import random

    setup = G.random_setup(random.Random(3), THREE.to_json())
    state = G.initial_state(setup)
    assert [len(h) for h in state.hands] == [12, 12, 12] and len(state.face_up) == 2
    assert state.face_up == setup.deck[:2] and len(state.deck) == 34
    assert state.to_move == setup.leader  # ruling 1: the setup's leader
    state = run(state, G.legal_actions(state)[0])
    assert state.to_move == (setup.leader + 1) % 3
    v = G.check(state, play((setup.leader + 2) % 3, state.hands[(setup.leader + 2) % 3][0]))
    assert v is not None and "claim-combined.play-order" in v.rules


@pytest.mark.rules("claim-combined.phase1.winner-chooses", "claim-combined.phase1.next-takes-other",
                   "claim-combined.phase1.others-draw", "claim-combined.phase1.draw-order",
                   "claim.knights.multiplayer")
def test_ruling_10_knight_on_goblins_winner_chooses_then_draw_order() -> None:
    state = position(THREE, phase=1, leader=0, hands=[["goblin:5", "undead:0"], ["goblin:7", "undead:1"],
                                                      ["knight:3", "undead:2"]],
                     face_up=["dwarf:9", "seer:9"], deck_top=["dragon:0"])
    after = run(state, play(0, c("goblin:5")), play(1, c("goblin:7")), play(2, c("knight:3")))
    assert after.last_trick.winner == 2 and after.to_move == 2 and after.decision.kind == "take"
    assert set(G.legal_actions(after)) == {take(2, c("dwarf:9")), take(2, c("seer:9"))}
    done = run(after, take(2, c("seer:9")))
    # draw order: lead-faction players from the highest: seat 1 (goblin 7) takes the other, seat 0 draws
    assert done.followers[2][-1] == c("seer:9") and done.followers[1][-1] == c("dwarf:9")
    assert done.followers[0][-1] == c("dragon:0")
    assert c("dwarf:9") in done.known_followers[1] and c("dragon:0") not in done.known_followers[0]
    assert done.to_move == 2 and len(done.face_up) == 2  # the winner leads; two new cards revealed


@pytest.mark.rules("claim-combined.phase1.draw-order", "claim-combined.phase1.draw-order.tie",
                   "claim.doppelgangers.multiplayer")
def test_ruling_10_draw_order_ties_and_doppelgangers_count_as_lead() -> None:
    state = position(FOUR, phase=1, leader=0,
                     hands=[["dragon:5", "seer:0"], ["doppelganger:5", "seer:1"], ["seer:8", "troll:0"],
                            ["dragon:9", "seer:2"]], face_up=["gnome:9", "giant:9"], deck_top=["troll:8", "troll:9"])
    after = run(state, play(0, c("dragon:5")), play(1, c("doppelganger:5")), play(2, c("seer:8")),
                play(3, c("dragon:9")))
    assert after.last_trick.winner == 3
    # seats 0 and 1 played the lead faction (a Doppelganger counts) with equal values: seat 0 is earlier
    assert after.decision.detail.after == (0, 1, 2)
    done = run(after, take(3, c("giant:9")))
    assert [done.followers[s][-1] for s in range(4)] == list(cards("gnome:9", "troll:8", "troll:9", "giant:9"))


@pytest.mark.rules("claim-combined.phase1.draw-order", "claim-combined.phase1.draw-order.tie")
def test_draws_before_is_a_strict_total_order() -> None:
    facts = [(i, led, v) for i in range(4) for led in (False, True) for v in range(10)]
    for a in facts:
        for b in facts:
            if a[0] == b[0]:
                continue
            assert draws_before(*a, *b) != draws_before(*b, *a)
    assert draws_before(3, True, 0, 0, False, 9)  # lead faction first, whatever the value
    assert draws_before(2, False, 7, 1, False, 4)  # then higher values
    assert draws_before(1, False, 4, 2, False, 4)  # ties: the earlier player


@pytest.mark.rules("claim2.seers.multiplayer", "claim2.seers")
def test_ruling_9_multiplayer_seer_takes_the_deck_card() -> None:
    state = position(FOUR, phase=1, leader=0,
                     hands=[["seer:9", "troll:0"], ["seer:1", "troll:1"], ["seer:5", "troll:2"], ["dwarf:3", "troll:3"]],
                     face_up=["gnome:9", "giant:9"], deck_top=["dragon:7", "dragon:8"])
    after = run(state, play(0, c("seer:9")), play(1, c("seer:1")), play(2, c("seer:5")), play(3, c("dwarf:3")))
    assert set(G.legal_actions(after)) == {take(0, c("gnome:9")), take(0, c("giant:9")), take(0, None)}
    assert G.view(after, 0).peek == c("dragon:7") and all(G.view(after, s).peek is None for s in (1, 2, 3))
    second = run(after, take(0, None))
    # the second in draw order (seat 2, seer 5) chooses one of the two face-up cards
    assert second.to_move == 2 and set(G.legal_actions(second)) == {take(2, c("gnome:9")), take(2, c("giant:9"))}
    v = G.check(second, take(2, None))
    assert v is not None and "claim2.seers" in v.rules
    done = run(second, take(2, c("giant:9")))
    assert [done.followers[s][-1] for s in range(4)] == list(cards("dragon:7", "gnome:9", "giant:9", "dragon:8"))


@pytest.mark.rules("claim.dwarves.multiplayer", "claim.dwarves.multiplayer.tie")
def test_ruling_14_lowest_card_takes_the_dwarves_ties_to_the_later_player() -> None:
    state = position(THREE, phase=2, leader=0, hands=[["dwarf:5", "goblin:0"], ["dwarf:2", "goblin:1"],
                                                      ["undead:2", "goblin:2"]])
    after = run(state, play(0, c("dwarf:5")), play(1, c("dwarf:2")), play(2, c("undead:2")))
    assert after.last_trick.winner == 0 and after.last_trick.dwarves_taker == 2
    assert Counter(after.score[2]) == Counter(cards("dwarf:5", "dwarf:2"))
    assert after.score[0] == cards("undead:2")


@pytest.mark.rules("claim2.giants.multiplayer", "claim2.giants.multiplayer.not-own-team",
                   "claim2.giants.multiplayer.several", "claim-combined.four-players.teams")
def test_ruling_5_giants_crush_every_opponent_never_the_partner() -> None:
    state = position(FOUR, phase=2, leader=0,
                     hands=[["giant:5", "seer:0"], ["giant:3", "seer:1"], ["seer:2", "troll:0"], ["giant:1", "seer:3"]],
                     gnomes=[[], ["gnome:5", "gnome:3", "gnome:3"], ["gnome:5"], ["gnome:1", "gnome:7"]])
    after = run(state, play(0, c("giant:5")), play(1, c("giant:3")), play(2, c("seer:2")), play(3, c("giant:1")))
    assert after.decision is None and after.last_trick.winner == 0
    assert after.gnomes[1] == cards("gnome:3") and after.gnomes[3] == cards("gnome:7")
    assert after.gnomes[2] == cards("gnome:5")  # the winner's partner keeps theirs
    assert Counter(after.discard) - Counter(state.discard) == Counter(cards("gnome:5", "gnome:3", "gnome:1"))


@pytest.mark.rules("claim.knights.multiplayer", "claim.knights.multiplayer.goblins-only")
def test_ruling_15_the_highest_knight_wins_on_goblins_only() -> None:
    state = position(THREE, phase=2, leader=0, hands=[["goblin:9", "undead:1"], ["knight:3", "knight:9"],
                                                      ["knight:7", "dwarf:0"]])
    after = run(state, play(0, c("goblin:9")), play(1, c("knight:3")), play(2, c("knight:7")))
    assert after.last_trick.winner == 2
    later = run(after, play(2, c("dwarf:0")), play(0, c("undead:1")), play(1, c("knight:9")))
    assert later.last_trick.winner == 2  # Dwarves led: the Knight is just off-faction


@pytest.mark.rules("claim2.dragons")
def test_ruling_8_dragons_with_four_players() -> None:
    state = position(FOUR, phase=2, leader=1,
                     hands=[["dragon:1", "troll:1"], ["seer:9", "seer:1"], ["dragon:8", "troll:2"], ["seer:3", "troll:0"]])
    after = run(state, play(1, c("seer:9")), play(2, c("dragon:8")), play(3, c("seer:3")), play(0, c("dragon:1")))
    assert after.last_trick.winner == 1 and after.to_move == 0  # seat 0 played the latest Dragon


@pytest.mark.rules("claim-combined.phase1.end", "claim-combined.phase2.take-followers",
                   "claim-combined.phase2.winner-takes-all")
def test_phase_one_ends_with_followers_in_hand_and_winner_takes_all() -> None:
    state = position(THREE, phase=1, leader=0, hands=[["undead:9"], ["undead:1"], ["undead:2"]],
                     face_up=["goblin:9", "goblin:8"])
    after = run(state, play(0, c("undead:9")), play(1, c("undead:1")), play(2, c("undead:2")))
    assert after.decision is not None
    done = run(after, take(0, c("goblin:9")))
    assert done.phase == 2 and [len(h) for h in done.hands] == [12, 12, 12]
    assert all(f == () for f in done.followers) and done.deck == ()
    assert Counter(done.score[0]) - Counter(state.score[0]) == Counter(cards("undead:9", "undead:1", "undead:2"))


@pytest.mark.rules("claim-combined.phase1.draw-order", "claim.knights.multiplayer")
def test_ruling_losing_knights_draw_after_every_goblin_and_doppelganger() -> None:
    # Goblins led; seat 3's Knight 9 wins; seat 1's Knight 8 lost and is not of the lead faction,
    # so Goblin 1 (seat 0) and Doppelganger 0 (seat 2) come before it in the draw order
    four = combined(4, (F.KNIGHT, F.GOBLIN, F.UNDEAD, F.DWARF, F.DOPPELGANGER, F.DRAGON, F.SEER))
    state = position(four, phase=1, leader=0,
                     hands=[["goblin:1", "undead:0"], ["knight:8", "undead:1"], ["doppelganger:0", "undead:2"],
                            ["knight:9", "undead:3"]], face_up=["dwarf:9", "seer:9"],
                     deck_top=["dragon:0", "dragon:1"])
    after = run(state, play(0, c("goblin:1")), play(1, c("knight:8")), play(2, c("doppelganger:0")),
                play(3, c("knight:9")))
    assert after.last_trick.winner == 3
    done = run(after, take(3, c("seer:9")))
    assert done.followers[0][-1] == c("dwarf:9")  # the highest lead-faction card after the winner
    assert done.followers[2][-1] == c("dragon:0")  # the Doppelganger counts as lead faction: draws next
    assert done.followers[1][-1] == c("dragon:1")  # the losing Knight draws last


def _trick_explanation(state: Any, *plays: Any) -> str:
    """The English explanation of the last play, which completes a trick (phase two: no choice pending)."""
    before = run(state, *plays[:-1])
    after = G.apply(before, plays[-1])
    assert after.tricks_played == before.tricks_played + 1
    return "\n".join(line.get("en") for line in G.explain_step(before, plays[-1], after))


@pytest.mark.rules("claim.knights.multiplayer", "claim.doppelgangers.multiplayer", "claim.trick-winner",
                   "claim.trick-winner.tie", "claim-combined.play-order")
def test_three_and_four_player_explanations_cite_the_rule_that_won_the_trick() -> None:
    def three(*hands: list[str]) -> Any:
        return position(THREE, phase=2, leader=0, hands=list(hands))

    # a Knight takes led Goblins by its power, not as the highest Goblin
    state = three(["goblin:5", "undead:1"], ["knight:3", "undead:2"], ["knight:7", "undead:3"])
    text = _trick_explanation(state, play(0, c("goblin:5")), play(1, c("knight:3")), play(2, c("knight:7")))
    assert "Seat 2 takes the trick (claim-combined.play-order, claim.knights.multiplayer)." in text
    assert "claim.trick-winner" not in text
    # a Doppelganger takes led Goblins as a card of the lead faction
    state = three(["goblin:5", "undead:1"], ["doppelganger:8", "goblin:7"], ["goblin:2", "undead:3"])
    text = _trick_explanation(state, play(0, c("goblin:5")), play(1, c("doppelganger:8")), play(2, c("goblin:2")))
    assert ("Seat 1 takes the trick (claim-combined.play-order, claim.doppelgangers.multiplayer, "
            "claim.trick-winner).") in text
    # the highest Goblin, with neither power involved
    state = three(["goblin:5", "undead:1"], ["goblin:7", "undead:2"], ["goblin:2", "undead:3"])
    text = _trick_explanation(state, play(0, c("goblin:5")), play(1, c("goblin:7")), play(2, c("goblin:2")))
    assert "Seat 1 takes the trick (claim-combined.play-order, claim.trick-winner)." in text
    assert "multiplayer" not in text
    # a tie between the lead and a Doppelganger goes to the earlier card
    state = three(["goblin:5", "undead:1"], ["doppelganger:5", "undead:2"], ["dwarf:0", "undead:3"])
    text = _trick_explanation(state, play(0, c("goblin:5")), play(1, c("doppelganger:5")), play(2, c("dwarf:0")))
    assert "Seat 0 takes the trick (claim-combined.play-order, claim.trick-winner, claim.trick-winner.tie)." in text
    # four players: a Knight beats a Doppelganger and Goblins on led Goblins
    four = combined(4, (F.KNIGHT, F.GOBLIN, F.UNDEAD, F.DWARF, F.DOPPELGANGER, F.DRAGON, F.SEER))
    state = position(four, phase=2, leader=1, hands=[["goblin:9", "undead:0"], ["goblin:1", "undead:1"],
                                                     ["doppelganger:9", "undead:2"], ["knight:2", "undead:3"]])
    text = _trick_explanation(state, play(1, c("goblin:1")), play(2, c("doppelganger:9")), play(3, c("knight:2")),
                              play(0, c("goblin:9")))
    assert "Seat 3 takes the trick (claim-combined.play-order, claim.knights.multiplayer)." in text


@pytest.mark.rules("claim2.trick-winner.tie", "claim-combined.play-order", "claim.doppelgangers.multiplayer")
def test_ruling_a_tie_between_two_followers_goes_to_the_earlier_card() -> None:
    """The ruling on claim2.trick-winner.tie: two followers play equal best
    cards above the lead, and the one who played earlier takes the trick,
    whichever faction each card is (a Doppelganger counts as the lead faction)."""
    from rules.kernel.spec import load_spec

    ruling = load_spec()["claim2.trick-winner.tie"].rulings
    assert len(ruling) == 1 and "two followers" in ruling[0].text.get("en") and ruling[0].text.get("hu")

    def three(*hands: list[str]) -> Any:
        return position(THREE, phase=2, leader=0, hands=list(hands))

    for first, second in (("goblin:7", "doppelganger:7"), ("doppelganger:7", "goblin:7")):
        state = three(["goblin:2", "undead:1"], [first, "undead:2"], [second, "undead:3"])
        plays = (play(0, c("goblin:2")), play(1, c(first)), play(2, c(second)))
        after = run(state, *plays)
        assert after.last_trick.winner == 1, (first, second)
        text = _trick_explanation(state, *plays)
        assert "Seat 1 takes the trick" in text and "ruling on claim2.trick-winner.tie" in text
    # four players, three equal Gnomes: the earliest of the followers' wins; the lead is lower
    state = position(FOUR, phase=2, leader=3, hands=[["gnome:5", "dwarf:0"], ["gnome:5", "dwarf:1"],
                                                     ["gnome:5", "dwarf:2"], ["gnome:1", "dwarf:3"]])
    plays = (play(3, c("gnome:1")), play(0, c("gnome:5")), play(1, c("gnome:5")), play(2, c("gnome:5")))
    assert run(state, *plays).last_trick.winner == 0
    assert "ruling on claim2.trick-winner.tie" in _trick_explanation(state, *plays)
    # a tie with the leader's own card is the book's rule, not the ruling
    state = three(["goblin:7", "undead:1"], ["doppelganger:7", "undead:2"], ["goblin:2", "undead:3"])
    plays = (play(0, c("goblin:7")), play(1, c("doppelganger:7")), play(2, c("goblin:2")))
    text = _trick_explanation(state, *plays)
    assert "Seat 0 takes the trick" in text and "claim.trick-winner.tie" in text and "ruling" not in text
