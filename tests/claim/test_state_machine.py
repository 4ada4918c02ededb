"""Claim as a Hypothesis state machine: random deals, random legal plays and
random illegal attempts, with the game's invariants checked after every step.

All randomness comes from Hypothesis (the deal is a drawn permutation of the
52 cards), so every failure shrinks and replays. Sizes come from the active
Hypothesis profile (``tests/conftest.py``): ``max_examples`` games of up to
``stateful_step_count`` steps; the teardown finishes every game, so every
example reaches scoring, a record round trip and a replay.

The checks restate the rules independently instead of calling the engine's
own predicates (``may_follow``, ``card_rank``...): follow-suit, the trick
winner, where every card goes, hand sizes and visibility.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import attrs
import pytest
from claim_helpers import every_card_in
from example_counts import below_thorough
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import rules.games
from rules.claim import CLAIM, Card, Faction, Play, Setup, State, full_deck, play
from rules.claim.cards import CLAIM_FACTIONS
from rules.claim.state import OVER
from rules.kernel.records import adjudicate, parse_record, record_to_json
from rules.kernel.spec import load_spec
from rules.kernel.verdict import IllegalActionError, MalformedError, Violation

pytestmark = pytest.mark.rules(
    "claim.components.deck", "claim.setup.deal", "claim.setup.hands-secret", "claim.piles.face",
    "claim.lead", "claim.follow", "claim.follow-suit", "claim.phase2.lead", "claim.phase2.follow",
    "claim.doppelgangers", "claim.doppelgangers.led", "claim.knights.follow-suit",
    "claim.trick-winner", "claim.trick-winner.tie", "claim.trick-winner.off-faction", "claim.knights",
    "claim.leader.first", "claim.leader.previous-winner", "claim.phase1.tricks", "claim.phase1.end",
    "claim.phase1.reveal", "claim.phase1.winner-takes-revealed", "claim.phase1.loser-draws",
    "claim.phase1.undead-to-score", "claim.phase1.undead-revealed", "claim.phase1.discard",
    "claim.phase2.take-followers", "claim.phase2.tricks", "claim.phase2.winner",
    "claim.phase2.winner-takes-both", "claim.dwarves", "claim.dwarves.winner-rest",
    "claim.doppelgangers.no-power", "claim.phase2.end", "claim.scoring.count", "claim.scoring.majority",
    "claim.scoring.tie-highest", "claim.scoring.win",
)

SPEC = load_spec()
DECK = full_deck()
FULL = Counter(DECK)
DISTINCT = sorted(set(DECK))


# ----------------------------------------------------------------- the rules, restated


def may_follow_restated(card: Card, lead: Card, hand: tuple[Card, ...]) -> bool:
    """Follow the led faction if you can; a Doppelganger may always be played."""
    if card.faction is lead.faction or card.faction is Faction.DOPPELGANGER:
        return True
    return not any(x.faction is lead.faction for x in hand)


def leader_wins_restated(lead: Card, follow: Card) -> bool:
    if lead.faction is Faction.GOBLIN and follow.faction is Faction.KNIGHT:
        return False
    if follow.faction is lead.faction or follow.faction is Faction.DOPPELGANGER:
        return lead.value >= follow.value
    return True


def votes_restated(piles: tuple[tuple[Card, ...], tuple[Card, ...]]) -> tuple[dict[str, list[int]], list[int]]:
    votes: dict[str, list[int]] = {}
    for f in CLAIM_FACTIONS:
        a = [x.value for x in piles[0] if x.faction is f]
        b = [x.value for x in piles[1] if x.faction is f]
        if len(a) != len(b):
            votes[f.key] = [0 if len(a) > len(b) else 1]
        elif a and max(a) != max(b):
            votes[f.key] = [0 if max(a) > max(b) else 1]
        else:
            votes[f.key] = []
    totals = [sum(s in v for v in votes.values()) for s in (0, 1)]
    return votes, [s for s in (0, 1) if totals[s] >= 3]




def fields_of(state: State) -> tuple[tuple[str, int, Any], ...]:
    return tuple((f.name, id(getattr(state, f.name)), getattr(state, f.name)) for f in attrs.fields(State))


# ----------------------------------------------------------------- the machine


class ClaimGame(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.setup: Setup | None = None
        self.state: State | None = None
        self.actions: list[Play] = []
        self.won_revealed: tuple[list[Card], list[Card]] = ([], [])

    # -------------------------------------------------------------- setup

    @initialize(deal=st.permutations(DECK), leader=st.integers(0, 1))
    def deal(self, deal: list[Card], leader: int) -> None:
        self.setup = Setup((tuple(deal[:13]), tuple(deal[13:26])), tuple(deal[26:]), leader)
        self.state = CLAIM.initial_state(self.setup)
        assert self.state.face_up == (deal[26],) and self.state.to_move == leader

    @property
    def live(self) -> bool:
        return self.state is not None and not CLAIM.is_terminal(self.state)

    # -------------------------------------------------------------- legal play

    def step(self, action: Play) -> None:
        before = self.state
        assert before is not None
        seat = before.to_move
        hand = before.hands[seat]
        legal = CLAIM.legal_actions(before)
        # legal_actions is exactly the restated rule: any card to lead, follow-suit to follow
        if before.table:
            expected = {x for x in hand if may_follow_restated(x, before.table[0], hand)}
        else:
            expected = set(hand)
        assert {a.card for a in legal} == expected and all(a.seat == seat for a in legal)
        assert len(legal) == len(set(legal))
        assert action in legal and CLAIM.check(before, action) is None
        if before.table:  # every accepted follow obeys follow-suit, restated
            assert may_follow_restated(action.card, before.table[0], hand)
        saved = fields_of(before)
        after = CLAIM.apply(before, action)
        assert fields_of(before) == saved, "apply mutated its input"
        self.actions.append(action)
        self.state = after
        if before.table:
            self.check_trick(before, action.card, after)
        self.check_game()

    def check_trick(self, before: State, follow: Card, after: State) -> None:
        lead = before.table[0]
        winner = before.leader if leader_wins_restated(lead, follow) else 1 - before.leader
        loser = 1 - winner
        assert after.leader == winner  # claim.leader.previous-winner, across the phase change too
        assert after.tricks_played == before.tricks_played + 1
        gained = {k: Counter(v) for k, v in after.zones().items()}
        old = {k: Counter(v) for k, v in before.zones().items()}
        if before.phase == 1:
            self.won_revealed[winner].append(before.face_up[0])
            expect = {f"followers{winner}": [before.face_up[0]], f"followers{loser}": [before.deck[0]],
                      f"score{winner}": [x for x in (lead, follow) if x.faction is Faction.UNDEAD],
                      "discard": [x for x in (lead, follow) if x.faction is not Faction.UNDEAD]}
            if after.phase == 1:
                assert after.face_up == (before.deck[1],) and after.deck == before.deck[2:]
                for name, cards in expect.items():
                    assert gained[name] - old[name] == Counter(cards), name
            else:  # claim.phase1.end -> claim.phase2.take-followers
                assert before.tricks_played == 12 and after.phase == 2
                assert after.deck == () and after.face_up == () and after.followers == ((), ())
                for s in (0, 1):
                    mine = Counter(before.followers[s]) + Counter(expect[f"followers{s}"])
                    assert Counter(after.hands[s]) == mine and len(after.hands[s]) == 13
        else:
            expect = {f"score{loser}": [x for x in (lead, follow) if x.faction is Faction.DWARF],
                      f"score{winner}": [x for x in (lead, follow) if x.faction is not Faction.DWARF]}
            for name, cards in expect.items():
                assert gained[name] - old[name] == Counter(cards), name
            assert after.discard == before.discard
            assert (after.phase == OVER) == (after.tricks_played == 26)

    # Once the game is over every rule still runs, as an attempt to play on
    # (claim.phase2.end): rules that switch off at the end would leave
    # Hypothesis too few to choose from.

    def game_over(self, seat: int, card: Card) -> bool:
        if self.live:
            return False
        self.reject(play(seat, card), {"claim.phase2.end"})
        return True

    @rule(data=st.data())
    def play_legal(self, data: st.DataObject) -> None:
        if self.game_over(0, DISTINCT[0]):
            return
        self.step(data.draw(st.sampled_from(CLAIM.legal_actions(self.state)), label="legal play"))

    @rule(picks=st.lists(st.integers(0, 12), min_size=2, max_size=10))
    def play_several(self, picks: list[int]) -> None:
        """Several legal plays in one step (the invariants run after each)."""
        if self.game_over(1, DISTINCT[-1]):
            return
        for p in picks:
            if not self.live:
                break
            legal = CLAIM.legal_actions(self.state)
            self.step(legal[p % len(legal)])

    # -------------------------------------------------------------- illegal attempts

    def reject(self, action: Play, expected: set[str]) -> Violation:
        state = self.state
        assert state is not None
        saved = fields_of(state)
        copy = attrs.evolve(state)
        violation = CLAIM.check(state, action)
        assert violation is not None, f"{action} should be illegal"
        assert set(violation.rules) == expected, f"{action}: {violation.rules} != {sorted(expected)}"
        unknown = [r for r in violation.rules if r not in SPEC]
        assert not unknown, f"violation cites unknown rule IDs {unknown}"
        assert violation.message.get("cs").strip() and violation.message.get("en").strip()
        assert violation.message.languages == ("cs", "en")
        with pytest.raises(IllegalActionError) as info:
            CLAIM.apply(state, action)
        assert info.value.violation == violation
        assert fields_of(state) == saved and state == copy, "a rejected action changed the state"
        assert action not in CLAIM.legal_actions(state)
        return violation

    @rule(card=st.sampled_from(DISTINCT))
    def wrong_seat(self, card: Card) -> None:
        state = self.state
        if self.game_over(0, card):
            return
        seat = 1 - state.to_move
        one = state.phase == 1
        if state.table:
            expected = {"claim.follow" if one else "claim.phase2.follow"}
        else:
            expected = {"claim.lead" if one else "claim.phase2.lead",
                        "claim.leader.first" if state.tricks_played == 0 else "claim.leader.previous-winner"}
        self.reject(play(seat, card), expected)

    @rule(data=st.data())
    def card_not_in_hand(self, data: st.DataObject) -> None:
        state = self.state
        if self.game_over(1, DISTINCT[0]):
            return
        seat = state.to_move
        absent = [x for x in DISTINCT if x not in state.hands[seat]]
        card = data.draw(st.sampled_from(absent), label="card not in hand")
        leading = not state.table
        rule_id = {(1, True): "claim.lead", (1, False): "claim.follow",
                   (2, True): "claim.phase2.lead", (2, False): "claim.phase2.follow"}[(state.phase, leading)]
        self.reject(play(seat, card), {rule_id})

    def can_revoke(self) -> bool:
        if not self.live or not self.state.table:
            return False
        led = self.state.table[0].faction
        hand = self.state.hands[self.state.to_move]
        return (any(x.faction is led for x in hand)
                and any(x.faction not in (led, Faction.DOPPELGANGER) for x in hand))

    @precondition(can_revoke)
    @rule(data=st.data())
    def off_suit(self, data: st.DataObject) -> None:
        """Play another faction while holding the led one (a revoke)."""
        state = self.state
        lead = state.table[0]
        hand = state.hands[state.to_move]
        offs = sorted({x for x in hand if x.faction not in (lead.faction, Faction.DOPPELGANGER)})
        card = data.draw(st.sampled_from(offs), label="off-suit card")
        expected = {"claim.follow-suit"}
        if state.phase == 2:
            expected.add("claim.phase2.follow")
        if lead.faction is Faction.DOPPELGANGER:
            expected.add("claim.doppelgangers.led")
        if lead.faction is Faction.GOBLIN and card.faction is Faction.KNIGHT:
            expected.add("claim.knights.follow-suit")
        self.reject(play(state.to_move, card), expected)

    # -------------------------------------------------------------- invariants

    @invariant()
    def invariants(self) -> None:
        if self.state is not None:
            self.check_game()

    def check_game(self) -> None:
        state = self.state
        assert state is not None
        zones = state.zones()
        # every card accounted for, exactly once (zones are multisets: five Goblin 0s)
        assert sum((Counter(z) for z in zones.values()), Counter()) == FULL
        assert sum(len(z) for z in zones.values()) == 52
        # hand sizes: 13 - tricks of this phase; the leader one card short mid-trick
        if state.phase == OVER:
            assert state.hands == ((), ()) and state.tricks_played == 26 and state.to_move is None
        else:
            done = state.tricks_played - (13 if state.phase == 2 else 0)
            assert 0 <= done < 13
            n = 13 - done
            sizes = [n, n]
            if state.table:
                assert len(state.table) == 1
                sizes[state.leader] -= 1
            assert [len(h) for h in state.hands] == sizes
            if state.phase == 1:
                assert state.face_up != () and len(state.deck) == 25 - 2 * done
                assert [len(f) for f in state.followers] == [done, done]
                assert [Counter(k) for k in state.known_followers] == [Counter(w) for w in self.won_revealed]
            else:
                assert state.face_up == () and state.deck == () and state.followers == ((), ())
        # views: the own hand, never the other hand, the deck or the other's drawn followers
        for seat in (0, 1):
            other = 1 - seat
            view = CLAIM.view(state, seat)
            assert view.hand == state.hands[seat] and view.followers == state.followers[seat]
            assert view.score == state.score and view.table == state.table and view.discard == state.discard
            assert view.deck_size == len(state.deck)
            assert view.hand_sizes == (len(state.hands[0]), len(state.hands[1]))
            shown = (state.hands[seat] + state.followers[seat] + state.table + state.score[0] + state.score[1]
                     + state.discard + state.known_followers[0] + state.known_followers[1]
                     + state.face_up)
            assert every_card_in(view) == Counter(shown)
            hidden = Counter(state.hands[other]) + Counter(state.deck) + (
                Counter(state.followers[other]) - Counter(state.known_followers[other]))
            public = Counter(shown) - Counter(state.known_followers[seat])  # known ⊆ own followers
            assert public + hidden == FULL, "a view shows a card it should hide"

    # -------------------------------------------------------------- the end

    def teardown(self) -> None:
        if self.state is None:
            return
        while self.live:
            self.step(CLAIM.legal_actions(self.state)[0])
        final = self.state
        result = CLAIM.result(final)
        assert result is not None
        votes, winners = votes_restated(final.score)
        assert result.details["votes"] == votes and list(result.winners) == winners
        assert set(result.winners) <= {0, 1}
        # record round trip
        data = json.loads(json.dumps(record_to_json(CLAIM, self.setup, self.actions)))
        record = parse_record(data, rules.games.load)
        assert record.setup == self.setup and list(record.actions) == self.actions
        # replay determinism
        replayed = adjudicate(CLAIM, record)
        assert replayed.legal and replayed.finished and replayed.steps == 52
        assert replayed.final_state == final
        assert replayed.result == result and replayed.result.to_json() == result.to_json()
        # a 53rd action is more than the record schema allows (decision 0013: malformed, not illegal) ...
        data["actions"].append(data["actions"][0])
        with pytest.raises(MalformedError, match="at most 52"):
            parse_record(data, rules.games.load)
        # ... and the game itself refuses any action after its end
        stopped = adjudicate(CLAIM, attrs.evolve(record, actions=(*record.actions, record.actions[0])))
        assert not stopped.legal and stopped.illegal.index == 52
        assert stopped.illegal.violation.rules == ("claim.phase2.end",)


# One bug at a time: a long game shrinks slowly, and distinct bugs would each be shrunk. Every
# example ends in a whole game, each step checked against the restated rules: 30 games below the
# `thorough` profile (decision record 0061), which plays the profile's count.
ClaimGame.TestCase.settings = settings(max_examples=below_thorough(30), deadline=None, report_multiple_bugs=False)
TestClaimGame = ClaimGame.TestCase
