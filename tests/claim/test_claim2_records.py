"""Records and positions of Claim 2 and the combinations: round trips,
malformed input refused with a clear message, and explanations."""

from __future__ import annotations

import json
import random

import pytest
from claim2_helpers import FOUR, THREE, position

import rules.games
from rules.claim import CLAIM, CLAIM2, CLAIM_COMBINED, Card, Crush, Take
from rules.claim.variants import CLAIM2_VARIANT
from rules.kernel.records import adjudicate, parse_record, record_to_json
from rules.kernel.simulate import play_out
from rules.kernel.verdict import MalformedError


def random_game(game, seed, variant=None):
    rng = random.Random(seed)
    setup = game.random_setup(rng, variant)
    actions, state = play_out(game, game.initial_state(setup), rng)
    return setup, actions, state


@pytest.mark.rules("claim2.setup.deal", "claim-combined.multiplayer.deal", "claim-combined.two-players.deal")
@pytest.mark.parametrize("game, variant", [(CLAIM2, None), (CLAIM_COMBINED, THREE.to_json()),
                                           (CLAIM_COMBINED, FOUR.to_json()), (CLAIM_COMBINED, None)])
def test_records_round_trip_and_replay(game, variant) -> None:
    setup, actions, final = random_game(game, 5, variant)
    data = json.loads(json.dumps(record_to_json(game, setup, actions, game.variant_of(setup))))
    assert ("variant" in data) == (game is CLAIM_COMBINED)
    assert all(set(a) in ({"seat", "play"}, {"seat", "take"}, {"seat", "crush"}) for a in data["actions"])
    record = parse_record(data, rules.games.load)
    assert record.setup == setup and list(record.actions) == actions
    verdict = adjudicate(game, record, explain=True)
    assert verdict.legal and verdict.finished and verdict.final_state == final
    assert verdict.trace and all(line.languages == ("hu", "en") for line in verdict.trace)


@pytest.mark.rules("claim2.components.deck", "claim-combined.multiplayer.factions")
def test_malformed_setups_are_refused() -> None:
    setup, _, _ = random_game(CLAIM2, 1)
    good = CLAIM2.setup_to_json(setup)
    bad_cases = [
        {**good, "hands": good["hands"][:1]},
        {**good, "leader": 2},
        {**good, "deck": good["deck"][:-1]},
        {**good, "deck": good["deck"][:-1] + ["goblin:3"]},  # a Claim card in a Claim 2 deck
        {**good, "extra": 1},
    ]
    for bad in bad_cases:
        with pytest.raises(MalformedError):
            CLAIM2.setup_from_json(bad)
    with pytest.raises(MalformedError, match="claim2.components.deck"):
        CLAIM2.setup_from_json(bad_cases[3])
    with pytest.raises(MalformedError, match="variant"):
        CLAIM_COMBINED.setup_from_json(good)


@pytest.mark.rules("claim2.lead")
def test_malformed_actions_are_refused() -> None:
    for bad in ({"seat": 0}, {"seat": 4, "play": "gnome:1"}, {"seat": 0, "take": 3}, {"seat": 0, "crush": "gnome:1"},
                {"seat": 0, "play": "gnome:2"}, {"seat": 0, "play": "x", "take": "deck"}, []):
        with pytest.raises(MalformedError):
            CLAIM_COMBINED.action_from_json(bad)
    with pytest.raises(MalformedError):
        CLAIM2.action_from_json({"seat": 2, "play": "gnome:1"})
    with pytest.raises(MalformedError):  # Claim keeps its one kind of action
        CLAIM.action_from_json({"seat": 0, "take": "deck"})
    assert CLAIM2.action_from_json({"seat": 1, "take": "deck"}) == Take(1, None)
    assert CLAIM2.action_from_json({"seat": 1, "crush": ["gnome:5", "gnome:3"]}) == \
        Crush(1, (Card.parse("gnome:3"), Card.parse("gnome:5")))
    for a in (Take(1, None), Take(0, Card.parse("seer:3")), Crush(0, ())):
        assert CLAIM2.action_from_json(CLAIM2.action_to_json(a)) == a


@pytest.mark.rules("claim2.gnomes", "claim2.trolls.waiting")
def test_positions_round_trip() -> None:
    p2 = position(CLAIM2_VARIANT, phase=2, hands=[["giant:3", "seer:0"], ["troll:5", "seer:1"]],
                  gnomes=[["gnome:3"], ["gnome:1"]], trolls=["troll:2"], score=[["dragon:1"], []])
    p1 = position(FOUR, phase=1, leader=2, hands=[["seer:1", "seer:2"], ["seer:3", "seer:4"], ["seer:5", "seer:6"],
                                                  ["seer:7", "seer:8"]], face_up=["troll:1", "troll:2"])
    for game, state in ((CLAIM2, p2), (CLAIM_COMBINED, p1)):
        data = json.loads(json.dumps(game.position_to_json(state)))
        again = game.position_from_json(data, state.variant.to_json())
        assert again == state and again.to_move == state.leader
    assert p1.tricks_played == 7 and p2.tricks_played == 24


@pytest.mark.rules("claim2.gnomes")
def test_malformed_positions_are_refused() -> None:
    good = CLAIM2.position_to_json(position(CLAIM2_VARIANT, phase=2, hands=[["giant:3"], ["troll:5"]]))
    bads = [
        {**good, "phase": 3},
        {**good, "hands": [["giant:3"], []]},  # out of step
        {**good, "gnomes": [["giant:1"], []], "discard": [c for c in good["discard"] if c != "giant:1"]},
        {**good, "discard": good["discard"][1:]},  # a card missing
        {**good, "table": ["giant:3", "troll:5"]},
        {**good, "unknown": 1},
    ]
    for bad in bads:
        with pytest.raises(MalformedError):
            CLAIM2.position_from_json(bad)


@pytest.mark.rules("claim2.leader.first", "claim2.phase1.reveal", "claim2.lead", "claim2.setup.deck")
def test_ruling_1_the_setups_leader_leads_first() -> None:
    for leader in (0, 1):
        setup, _, _ = random_game(CLAIM2, leader)
        setup = type(setup)(setup.hands, setup.deck, leader, setup.variant)
        state = CLAIM2.initial_state(setup)
        assert state.to_move == leader and state.face_up == setup.deck[:1] and state.deck == setup.deck[1:]
        v = CLAIM2.check(state, CLAIM2.legal_actions(state)[0].__class__(1 - leader, state.hands[1 - leader][0]))
        assert v is not None and set(v.rules) == {"claim2.lead", "claim2.leader.first"}
        assert v.message.languages == ("hu", "en")


@pytest.mark.rules("claim2.phase1.winner-takes-revealed", "claim2.phase1.loser-draws", "claim2.phase1.end",
                   "claim2.phase2.take-followers", "claim2.phase2.end", "claim2.phase1.tricks", "claim2.phase2.tricks",
                   "claim2.follow", "claim2.phase2.lead", "claim2.phase2.follow", "claim2.piles.face")
def test_claim2_game_shape() -> None:
    rng = random.Random(11)
    state = CLAIM2.initial_state(CLAIM2.random_setup(rng))
    phase_two_at = None
    while not CLAIM2.is_terminal(state):
        seat = state.to_move
        if state.decision is None and state.table:  # claim2.follow / claim2.phase2.follow: follow if you can
            led = state.table[0].faction
            hand = state.hands[seat]
            plays = {a.card for a in CLAIM2.legal_actions(state)}
            assert plays == ({c for c in hand if c.faction is led} or set(hand))
        view = CLAIM2.view(state, seat)  # claim2.piles.face: score piles public, the other hand hidden
        assert view.score == state.score and view.hand == state.hands[seat]
        assert view.hand_sizes == tuple(len(h) for h in state.hands)
        state = CLAIM2.apply(state, rng.choice(CLAIM2.legal_actions(state)))
        if state.phase == 2 and phase_two_at is None:
            phase_two_at = state.tricks_played
            assert [len(h) for h in state.hands] == [13, 13]
    final = state
    assert phase_two_at == 13  # 13 tricks in each phase
    assert final.tricks_played == 26 and all(not h for h in final.hands)
    assert sum(len(s) for s in final.score) + len(final.discard) == 52
    result = CLAIM2.result(final).to_json()
    assert set(result["votes"]) == {"gnome", "giant", "dragon", "troll", "seer"}
