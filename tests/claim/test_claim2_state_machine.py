"""Claim 2 and random legal custom decks (2, 3 and 4 players) as one
Hypothesis state machine: the variant is drawn first (Claim 2 or any legal
combination), then the deal, then random legal actions and random illegal
attempts, with the invariants checked after every step.

The checks restate the rules instead of calling the engine's predicates:
follow-suit, the trick winner, card conservation across every zone
(hands, deck, face-up cards, table, followers, score piles, laid-out Gnomes,
waiting Trolls, the discard with the crushed Gnomes) and what each view shows.
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
from rules.claim import (
    CLAIM2,
    CLAIM_COMBINED,
    Card,
    Crush,
    Faction,
    Play,
    Setup,
    State,
    Take,
    play,
)
from rules.claim.state import OVER
from rules.claim.variants import CLAIM2_VARIANT, OTHERS, PAIRS, Variant, combined
from rules.kernel.records import adjudicate, parse_record, record_to_json
from rules.kernel.spec import load_spec
from rules.kernel.verdict import IllegalActionError

pytestmark = pytest.mark.rules(
    "claim2.components.deck", "claim2.setup.deal", "claim2.lead", "claim2.follow", "claim2.follow-suit",
    "claim2.trick-winner", "claim2.trick-winner.tie", "claim2.phase1.winner-takes-revealed",
    "claim2.phase1.loser-draws", "claim2.phase1.end", "claim2.phase2.take-followers", "claim2.phase2.end",
    "claim2.piles.face", "claim-combined.play-order", "claim-combined.follow-suit",
    "claim-combined.phase1.reveal-two", "claim-combined.phase1.winner-chooses", "claim-combined.phase1.others-draw",
    "claim-combined.multiplayer.deal", "claim-combined.two-players.deal", "claim2.gnomes", "claim2.trolls.waiting",
    "claim2.giants", "claim2.giants.multiplayer", "claim2.seers", "claim2.phase1.tricks", "claim2.phase2.tricks",
    "claim2.phase2.lead", "claim2.phase2.follow",
)

SPEC = load_spec()


@st.composite
def variants(draw: Any) -> Variant:
    players = draw(st.sampled_from((2, 2, 3, 4)), label="players")
    if players == 2 and draw(st.booleans(), label="claim2"):
        return CLAIM2_VARIANT
    pair = draw(st.sampled_from(PAIRS), label="pair")
    others = draw(st.lists(st.sampled_from(OTHERS), min_size=3 if players == 2 else 5,
                           max_size=3 if players == 2 else 5, unique=True), label="others")
    return combined(players, tuple(pair) + tuple(others))


def game_of(v: Variant) -> Any:
    return CLAIM2 if v is CLAIM2_VARIANT else CLAIM_COMBINED


def may_follow_restated(card: Card, lead: Card, hand: tuple[Card, ...]) -> bool:
    if card.faction is lead.faction or card.faction is Faction.DOPPELGANGER:
        return True
    return not any(x.faction is lead.faction for x in hand)


def winner_position_restated(cards: tuple[Card, ...]) -> int:
    led = cards[0].faction

    def strength(c: Card) -> int:
        if led is Faction.GOBLIN and c.faction is Faction.KNIGHT:
            return 100 + c.value
        if c.faction is led or c.faction is Faction.DOPPELGANGER:
            return 10 + c.value
        return -1

    best = max(strength(c) for c in cards)
    return next(p for p, c in enumerate(cards) if strength(c) == best)


def fields_of(state: State) -> tuple[Any, ...]:
    return tuple((f.name, id(getattr(state, f.name))) for f in attrs.fields(State))


class CustomGame(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.state: State | None = None
        self.setup: Setup | None = None
        self.actions: list[Any] = []
        self.game: Any = None

    @initialize(v=variants(), data=st.data())
    def deal(self, v: Variant, data: st.DataObject) -> None:
        deck = data.draw(st.permutations(v.deck), label="deal")
        leader = data.draw(st.integers(0, v.players - 1), label="leader")
        h = v.hand_size
        self.setup = Setup(tuple(tuple(deck[i * h:(i + 1) * h]) for i in range(v.players)),
                           tuple(deck[v.players * h:]), leader, v)
        self.game = game_of(v)
        self.state = self.game.initial_state(self.setup)
        self.full = Counter(v.deck)
        assert self.state.to_move == leader and len(self.state.face_up) == v.face_up_per_trick

    @property
    def live(self) -> bool:
        return self.state is not None and not self.game.is_terminal(self.state)

    def step(self, action: Any) -> None:
        g, before = self.game, self.state
        legal = g.legal_actions(before)
        assert len(legal) == len(set(legal)) and action in legal and g.check(before, action) is None
        if before.decision is None:
            seat = before.to_move
            hand = before.hands[seat]
            expected = {x for x in hand if not before.table or may_follow_restated(x, before.table[0], hand)}
            assert {a.card for a in legal} == expected and all(type(a) is Play and a.seat == seat for a in legal)
        saved = fields_of(before)
        after = g.apply(before, action)
        assert fields_of(before) == saved, "apply mutated its input"
        self.actions.append(action)
        self.state = after
        n = before.players
        if type(action) is Play and len(before.table) == n - 1:
            cards = before.table + (action.card,)
            w = (before.leader + winner_position_restated(cards)) % n
            assert after.last_trick.winner == w and after.last_trick.cards == cards
            assert after.tricks_played == before.tricks_played + 1
            dragons = [p for p, c in enumerate(cards) if c.faction is Faction.DRAGON]
            leads = (before.leader + dragons[-1]) % n if dragons else w
            if after.phase != OVER:
                assert after.leader == leads

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        if not self.live:
            return
        self.step(data.draw(st.sampled_from(self.game.legal_actions(self.state)), label="action"))

    @rule(picks=st.lists(st.integers(0, 20), min_size=2, max_size=12))
    def act_several(self, picks: list[int]) -> None:
        for p in picks:
            if not self.live:
                return
            legal = self.game.legal_actions(self.state)
            self.step(legal[p % len(legal)])

    def reject(self, action: Any) -> None:
        g, state = self.game, self.state
        saved, copy = fields_of(state), attrs.evolve(state)
        violation = g.check(state, action)
        assert violation is not None, f"{action} should be illegal"
        unknown = [r for r in violation.rules if r not in SPEC]
        assert violation.rules and not unknown, f"unknown rule IDs {unknown}"
        assert violation.message.languages == ("hu", "en")
        with pytest.raises(IllegalActionError):
            g.apply(state, action)
        assert fields_of(state) == saved and state == copy
        assert action not in g.legal_actions(state)

    @rule(data=st.data())
    def illegal(self, data: st.DataObject) -> None:
        state = self.state
        v = state.variant
        distinct = sorted(set(v.deck))
        seat = data.draw(st.integers(0, v.players - 1), label="seat")
        card = data.draw(st.sampled_from(distinct), label="card")
        kind = data.draw(st.sampled_from(("play", "take", "deck", "crush")), label="kind")
        action = {"play": lambda: play(seat, card), "take": lambda: Take(seat, card),
                  "deck": lambda: Take(seat, None), "crush": lambda: Crush(seat, (card,))}[kind]()
        if self.live and action in self.game.legal_actions(state):
            return
        self.reject(action)

    def can_revoke(self) -> bool:
        s = self.state
        if not self.live or s.decision is not None or not s.table:
            return False
        led = s.table[0].faction
        hand = s.hands[s.to_move]
        return any(x.faction is led for x in hand) and any(x.faction not in (led, Faction.DOPPELGANGER) for x in hand)

    @precondition(can_revoke)
    @rule(data=st.data())
    def revoke(self, data: st.DataObject) -> None:
        s = self.state
        hand = s.hands[s.to_move]
        offs = sorted({x for x in hand if x.faction not in (s.table[0].faction, Faction.DOPPELGANGER)})
        self.reject(play(s.to_move, data.draw(st.sampled_from(offs), label="revoke")))

    @invariant()
    def invariants(self) -> None:
        state = self.state
        if state is None:
            return
        v = state.variant
        zones = state.zones()
        assert sum((Counter(z) for z in zones.values()), Counter()) == self.full
        assert all(c.faction is Faction.GNOME for g in state.gnomes for c in g)
        assert all(c.faction is Faction.TROLL for c in state.trolls)
        if state.phase == 1:
            assert not any(state.gnomes) and not state.trolls
        for seat in range(v.players):
            known = Counter(state.known_followers[seat])
            assert not known - Counter(state.followers[seat])
        for seat in range(v.players):
            view = self.game.view(state, seat)
            shown = Counter(state.hands[seat]) + Counter(state.followers[seat]) + Counter(state.face_up) \
                + Counter(state.table) + Counter(state.discard) + Counter(state.trolls)
            for s in range(v.players):
                shown += Counter(state.score[s]) + Counter(state.gnomes[s]) + Counter(state.known_followers[s])
            peeking = state.decision is not None and state.decision.seat == seat and state.decision.detail.deck_allowed
            if peeking:
                shown[state.deck[0]] += 1
            assert every_card_in(view) == shown
            hidden = Counter(state.deck) - (Counter(state.deck[:1]) if peeking else Counter())
            for s in range(v.players):
                if s != seat:
                    hidden += Counter(state.hands[s]) + (Counter(state.followers[s]) - Counter(state.known_followers[s]))
            # nothing hidden is shown, except copies of the same card value elsewhere in public
            public = shown - Counter(state.known_followers[seat])
            assert public + hidden == self.full

    def teardown(self) -> None:
        if self.state is None:
            return
        while self.live:
            self.step(self.game.legal_actions(self.state)[0])
        final, g = self.state, self.game
        result = g.result(final)
        v = final.variant
        assert set(result.details["votes"]) == {f.key for f in v.factions}
        assert not any(final.gnomes) and not final.trolls and all(not h for h in final.hands)
        if v.players == 4:
            assert result.winners in ((), (0, 2), (1, 3))
            assert all(seats in ([], [0, 2], [1, 3]) for seats in result.details["votes"].values())
        data = json.loads(json.dumps(record_to_json(g, self.setup, self.actions, g.variant_of(self.setup))))
        record = parse_record(data, rules.games.load)
        assert record.setup == self.setup and list(record.actions) == self.actions
        replayed = adjudicate(g, record)
        assert replayed.legal and replayed.finished and replayed.final_state == final
        assert replayed.result.to_json() == result.to_json()


# Every example ends in a whole game of a drawn variant, each step checked against the restated
# rules: 30 games below the `thorough` profile (decision record 0061), which plays the profile's count.
CustomGame.TestCase.settings = settings(max_examples=below_thorough(30), deadline=None, report_multiple_bugs=False)
TestCustomGame = CustomGame.TestCase
