"""One engine for Claim, Claim 2 and every combination (2–4 players).

States are immutable; :meth:`ClaimEngine.apply` returns a new state and never
touches its argument. The game objects :data:`CLAIM`, :data:`CLAIM2` and
:data:`CLAIM_COMBINED` are the same engine with a different record key; the
:class:`~rules.claim.variant.Variant` (players, factions, scoring) travels in
the setup and the state. The trick rules are the predicates of
:mod:`rules.claim.trick` and :mod:`rules.claim.powers` (the very functions
the Z3 proofs run), called directly or through tables evaluated from them.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache, cmp_to_key
from itertools import product
from typing import Any

import attrs

from rules.claim import records, violations
from rules.claim.cards import Card, Faction, deck_of
from rules.claim.powers import (
    counts_as_lead,
    crush_victim,
    crushes,
    draws_before,
    leads_next,
    played_card_destinations,
    seer_peeks,
    takes_dwarves,
    team_of,
    troll_destinations,
)
from rules.claim.scoring import score, score_claim2
from rules.claim.state import (
    OVER,
    PHASE_ONE,
    PHASE_TWO,
    Action,
    Crush,
    Pending,
    Play,
    Route,
    Setup,
    State,
    Take,
    TrickOutcome,
    View,
)
from rules.claim.trick import (
    DOPPELGANGER,
    GOBLIN,
    KNIGHT,
    NO_RANK,
    card_rank,
    holds_faction,
    may_follow,
    takes_trick,
)
from rules.claim.variant import (
    CLAIM2_VARIANT,
    CLAIM_VARIANT,
    Variant,
    random_variant,
    variant_from_json,
)
from rules.kernel.game import GameInfo, Result
from rules.kernel.registry import implements
from rules.kernel.text import Text
from rules.kernel.verdict import IllegalActionError, MalformedError, Violation

HAND_SIZE = 13
DECK_SIZE = 26
_ALL_CARDS = tuple(dict.fromkeys(deck_of(tuple(Faction))))
_DISTINCT = tuple(dict.fromkeys(deck_of(CLAIM_VARIANT.factions)))
_SEAT_PLAYS = tuple({c: Play(seat, c) for c in _ALL_CARDS} for seat in range(4))
_SORT_KEY = {c: i for i, c in enumerate(_ALL_CARDS)}

# Precomputed tables. Each is a rule function evaluated (with the engine's
# CONCRETE vocabulary) over its whole finite domain, so the engine obeys
# exactly the functions the Z3 proofs check; tests/claim/test_tables.py
# compares every entry with a direct call.
#: FOLLOWABLE[lead_faction][holds_lead] = factions that may follow
FOLLOWABLE = {lf: {holds: frozenset(f for f in Faction if may_follow(f, lf, holds)) for holds in (False, True)}
              for lf in Faction}
#: RANK[lead_faction][card] = card_rank(card, lead_faction)
RANK = {lf: {c: card_rank(c.faction, c.value, lf) for c in _ALL_CARDS} for lf in Faction}
#: DESTINATIONS[players][phase][faction] = powers.played_card_destinations(phase, faction, players)
DESTINATIONS = {n: {ph: {f: played_card_destinations(ph, f, n) for f in Faction} for ph in (PHASE_ONE, PHASE_TWO)}
                for n in (2, 3, 4)}
#: The zone index (powers.PLAYED_ZONES) whose flag holds, per players, phase and faction.
_ZONE = {n: {ph: {f: next(z for z, flag in enumerate(flags) if flag) for f, flags in table.items()}
             for ph, table in by_phase.items()} for n, by_phase in DESTINATIONS.items()}
#: COUNTS_AS_LEAD[lead_faction][faction] = powers.counts_as_lead(faction, lead_faction)
COUNTS_AS_LEAD = {lf: {f: counts_as_lead(f, lf) for f in Faction} for lf in Faction}
W_SCORE, DWARF_TAKER, LOSER, W_GNOMES, TROLL_POOL, DISCARD = 1, 2, 3, 4, 5, 6


def play(seat: int, card: Card) -> Play:
    """The (interned) action of ``seat`` playing ``card``."""
    return _SEAT_PLAYS[seat][card]


def take(seat: int, card: Card | None) -> Take:
    """Seat ``seat`` takes face-up ``card`` (None: the peeked deck card)."""
    return Take(seat, card)


def crush(seat: int, *gnomes: Card) -> Crush:
    """Seat ``seat`` crushes ``gnomes`` (sorted; may be none)."""
    return Crush(seat, _sorted(gnomes))


class ClaimEngine:
    """The game of the Claim family named by ``key``: ``claim``, ``claim2`` or ``claim-combined``."""

    def __init__(self, key: str) -> None:
        self.key = key
        fixed = {"claim": CLAIM_VARIANT, "claim2": CLAIM2_VARIANT}.get(key)
        self.fixed: Variant | None = fixed
        names = {
            "claim": Text.of(cs="Trůn", en="Claim"),
            "claim2": Text.of(hu="Claim 2", en="Claim 2"),
            "claim-combined": Text.of(hu="A Claim és a Claim 2 kombinálása", en="Claim and Claim 2 combined"),
        }
        self.info = GameInfo(
            key=key, name=names[key], players=(2,) if fixed is not None else (2, 3, 4),
            chance="deal", information="imperfect",
            languages=fixed.languages if fixed is not None else ("hu", "en"),
        )

    def __repr__(self) -> str:
        return f"ClaimEngine({self.key!r})"

    # ------------------------------------------------------------------ records

    def _variant(self, variant: Any) -> Variant:
        if self.fixed is not None:
            if variant is not None:
                raise MalformedError(f"{self.info.name.get('en')} has no variants; remove 'variant'")
            return self.fixed
        if variant is None:
            raise MalformedError("a claim-combined record needs 'variant': {\"players\": 2|3|4, \"factions\": [...]} "
                                 "(claim-combined.two-players, claim-combined.multiplayer)")
        if isinstance(variant, Variant):
            return variant
        return variant_from_json(variant)

    @implements("claim.setup.deck", "claim.setup.deal", "claim.leader.first", "claim2.setup.deck",
                "claim2.setup.deal", "claim2.leader.first", "claim-combined.deck.shuffle",
                "claim-combined.two-players.deal", "claim-combined.multiplayer.shuffle",
                "claim-combined.multiplayer.deal", "claim-combined.leader.first")
    def random_setup(self, rng: random.Random, variant: Any = None) -> Setup:
        """Shuffle the variant's cards with ``rng``, deal the hands, the rest is the deck.

        ``claim-combined`` without a variant draws a legal one from ``rng`` first.
        """
        if self.fixed is None and variant is None:
            v = random_variant(rng)
        else:
            v = self._variant(variant)
        cards = list(v.deck)
        rng.shuffle(cards)
        h = v.hand_size
        hands = tuple(tuple(cards[i * h:(i + 1) * h]) for i in range(v.players))
        return Setup(hands, tuple(cards[v.players * h:]), rng.randrange(v.players), v)

    def setup_from_json(self, data: Any, variant: Any = None) -> Setup:
        return records.setup_from_json(data, self._variant(variant))

    def setup_to_json(self, setup: Setup) -> dict[str, Any]:
        return records.setup_to_json(setup)

    def variant_of(self, setup: Setup) -> dict[str, Any] | None:
        """The record's ``variant`` (None for Claim and Claim 2)."""
        return setup.variant.to_json()

    def position_from_json(self, data: Any, variant: Any = None) -> State:
        return records.position_from_json(data, self._variant(variant))

    def position_to_json(self, state: State) -> dict[str, Any]:
        return records.position_to_json(state)

    def action_from_json(self, data: Any) -> Action:
        return records.action_from_json(data, self.key)

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return records.action_to_json(action)

    # ------------------------------------------------------------------ play

    @implements("claim.phase1.reveal", "claim.setup.hands-secret", "claim2.phase1.reveal",
                "claim-combined.phase1.reveal-two")
    def initial_state(self, setup: Setup) -> State:
        """Phase one begins: the top card (two with 3–4 players) of the deck is revealed."""
        k = setup.variant.face_up_per_trick
        empties = tuple(() for _ in setup.hands)
        return State(PHASE_ONE, setup.hands, setup.deck[k:], setup.deck[:k], setup.leader, (), empties, empties,
                     empties, (), 0, None, empties, (), None, setup.variant)

    @implements("claim.lead", "claim.follow", "claim.phase2.lead", "claim.follow-suit", "claim2.lead",
                "claim2.follow", "claim2.phase2.lead", "claim-combined.play-order")
    def legal_actions(self, state: State) -> tuple[Action, ...]:
        """Every distinct legal action of the seat to move (empty when the game is over)."""
        seat = state.to_move
        if seat is None:
            return ()
        pending = state.pending
        if pending is not None:
            return _pending_options(state, pending)
        hand = state.hands[seat]
        plays = _SEAT_PLAYS[seat]
        if not state.table:
            return tuple(map(plays.__getitem__, dict.fromkeys(hand)))
        allowed = _followable(hand, state.table[0].faction)
        return tuple(plays[c] for c in dict.fromkeys(hand) if c.faction in allowed)

    def check(self, state: State, action: Action) -> Violation | None:
        """Why ``action`` is illegal in ``state``, or ``None`` if it is legal."""
        v = state.variant
        seat = state.to_move
        if seat is None:
            return violations.game_over(v)
        pending = state.pending
        if pending is not None:
            return _check_pending(state, pending, action)
        leading = not state.table
        if type(action) is not Play:
            return violations.no_choice_now(v, action.seat, seat, state.phase, leading)
        if action.seat != seat:
            if leading:
                return violations.not_your_lead(action.seat, seat, state.tricks_played == 0, state.phase, v,
                                                _dragon_led(state))
            return violations.not_your_follow(action.seat, seat, state.phase, v)
        hand = state.hands[seat]
        if action.card not in hand:
            return violations.not_in_hand(seat, action.card, leading, state.phase, v)
        if leading:
            return None
        lead = state.table[0]
        if action.card.faction in _followable(hand, lead.faction):
            return None
        held = max(c for c in hand if c.faction is lead.faction)
        return violations.must_follow(action.card, lead, held, state.phase, v)

    def is_legal(self, state: State, action: Action) -> bool:
        return self.check(state, action) is None

    def apply(self, state: State, action: Action) -> State:
        """The state after ``action``; raises :class:`IllegalActionError` when illegal."""
        violation = self.check(state, action)
        if violation is not None:
            raise IllegalActionError(violation)
        return _apply_legal(state, action)

    def attempt(self, state: State, action: Action) -> State | Violation:
        """Like :meth:`apply`, but returns the violation instead of raising."""
        violation = self.check(state, action)
        return violation if violation is not None else _apply_legal(state, action)

    def is_terminal(self, state: State) -> bool:
        return state.phase == OVER

    def result(self, state: State) -> Result | None:
        if state.phase != OVER:
            return None
        v = state.variant
        scoring = score(state.score) if v.scoring == "claim" else score_claim2(state.score, v)
        return Result(scoring.winners, {"votes": scoring.votes_json()}, scoring.explain())

    @implements("claim.piles.face", "claim.setup.hands-secret", "claim.phase1.loser-draws", "claim2.piles.face",
                "claim2.seers")
    def view(self, state: State, seat: int) -> View:
        """What ``seat`` sees: own hand and followers, public piles, sizes of the rest,
        and the top deck card while this seat is a Seer's winner deciding."""
        pending = state.pending
        peek = (state.deck[0] if pending is not None and pending.seat == seat and pending.deck_allowed
                else None)
        playing = 0 <= seat < len(state.hands)  # any other seat is a spectator: public cards only
        return View(
            seat=seat, phase=state.phase, to_move=state.to_move, leader=state.leader,
            hand=state.hands[seat] if playing else (), followers=state.followers[seat] if playing else (),
            face_up=state.face_up,
            table=state.table, score=state.score, discard=state.discard, deck_size=len(state.deck),
            hand_sizes=tuple(len(h) for h in state.hands),
            follower_counts=tuple(len(f) for f in state.followers),
            known_followers=state.known_followers, gnomes=state.gnomes, trolls=state.trolls,
            pending=pending.kind if pending is not None else None, peek=peek,
        )

    def explain_step(self, before: State, action: Action, after: State) -> tuple[Text, ...]:
        from rules.claim.explain import explain_step

        return explain_step(before, action, after)


# ---------------------------------------------------------------------- choices


def _pending_options(state: State, pending: Pending) -> tuple[Action, ...]:
    seat = pending.seat
    if pending.kind == "take":
        options: list[Action] = [Take(seat, c) for c in dict.fromkeys(state.face_up)]
        if pending.deck_allowed:
            options.append(Take(seat, None))
        return tuple(options)
    ranges = [[(value, k) for k in range(limit + 1)] for value, limit in pending.limits]
    out = []
    for combo in product(*ranges):
        gnomes = tuple(c for value, k in combo for c in [_gnome(value)] * k)
        out.append(Crush(seat, _sorted(gnomes)))
    return tuple(out)


def _gnome(value: int) -> Card:
    return Card(Faction.GNOME, value)


def _check_pending(state: State, pending: Pending, action: Action) -> Violation | None:
    v = state.variant
    if action.seat != pending.seat or (type(action) is Take) != (pending.kind == "take") \
            or (type(action) is Crush) != (pending.kind == "crush"):
        return violations.pending_choice(v, pending, action)
    if type(action) is Take:
        if action.card is None:
            if pending.deck_allowed:
                return None
            return violations.no_deck_choice(v, pending)
        if action.card in state.face_up:
            return None
        return violations.not_face_up(v, pending, action.card)
    assert type(action) is Crush
    wanted = Counter(action.gnomes)
    limits = dict(pending.limits)
    for c, k in wanted.items():
        if c.faction is not Faction.GNOME or k > limits.get(c.value, 0):
            return violations.bad_crush(v, pending, c)
    return None


# ---------------------------------------------------------------------- applying


def _apply_legal(state: State, action: Action) -> State:
    """The state after an action already known to be legal."""
    if type(action) is Play:
        seat, card = action.seat, action.card
        hands = list(state.hands)
        hand = hands[seat]
        i = hand.index(card)
        hands[seat] = hand[:i] + hand[i + 1:]
        table = state.table + (card,)
        if len(table) < len(hands):
            return State(state.phase, tuple(hands), state.deck, state.face_up, state.leader, table,
                         state.followers, state.known_followers, state.score, state.discard,
                         state.tricks_played, state.last_trick, state.gnomes, state.trolls, None, state.variant)
        if state.phase == PHASE_ONE:
            return _resolve_phase_one(state, tuple(hands), table)
        return _resolve_phase_two(state, tuple(hands), table)
    if type(action) is Take:
        return _take(state, action)
    assert type(action) is Crush
    return _crush(state, action)


def _followable(hand: tuple[Card, ...], lead_faction: Faction) -> frozenset[Faction]:
    """The factions a hand may follow ``lead_faction`` with (``may_follow`` via its table)."""
    return FOLLOWABLE[lead_faction][holds_faction([c.faction for c in hand], lead_faction)]


def _sorted(cards: Any) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_SORT_KEY.__getitem__))


def _winning_position(cards: tuple[Card, ...]) -> int:
    rank = RANK[cards[0].faction]
    ranks = [rank[c] for c in cards]
    if len(ranks) == 2:  # exactly one card takes the trick (the uniqueness theorem)
        return 0 if takes_trick(0, ranks) else 1
    for p in range(len(cards)):
        if takes_trick(p, ranks):
            return p
    raise AssertionError("takes_trick names no winner")  # the uniqueness theorem rules this out


def _next_leader_position(variant: Variant, cards: tuple[Card, ...], winner_position: int) -> int:
    """``leads_next``: the latest Dragon's player, else the winner (``claim2.dragons``).

    Without Dragons in the deck the predicate reduces to the winner, so it is
    not evaluated (Claim keeps its speed)."""
    if Faction.DRAGON not in variant.factions:
        return winner_position
    factions = [int(c.faction) for c in cards]
    return next(p for p in range(len(cards)) if leads_next(p, factions, winner_position))


def _dragon_led(state: State) -> bool:
    t = state.last_trick
    return t is not None and any(c.faction is Faction.DRAGON for c in t.cards)


@implements("claim.leader.previous-winner", "claim.phase1.tricks", "claim.phase1.undead-to-score",
            "claim.phase1.discard", "claim2.leader.previous-winner", "claim2.phase1.tricks",
            "claim2.phase1.discard", "claim2.dragons", "claim2.seers", "claim-combined.phase1.winner-chooses",
            "claim-combined.phase1.draw-order", "claim-combined.phase1.draw-order.tie")
def _resolve_phase_one(state: State, hands: tuple[tuple[Card, ...], ...], cards: tuple[Card, ...]) -> State:
    """A complete phase-one trick: winner, played cards away, then the face-up cards."""
    v = state.variant
    n = len(hands)
    leader = state.leader
    wp = _winning_position(cards)
    winner = (leader + wp) % n
    zone = _ZONE[n][PHASE_ONE]
    score = list(state.score)
    discard = state.discard
    for c in cards:
        if zone[c.faction] == W_SCORE:
            score[winner] += (c,)
        else:
            discard += (c,)
    next_leader = (leader + _next_leader_position(v, cards, wp)) % n
    number = state.tricks_played + 1
    outcome = TrickOutcome(number, PHASE_ONE, leader, cards, winner, next_leader)
    if n == 2:
        order: tuple[int, ...] = (1 - winner,)
    else:
        led = cards[0].faction
        lead_of = COUNTS_AS_LEAD[led]
        facts = [(p, lead_of[cards[p].faction], cards[p].value) for p in range(n) if p != wp]

        def compare(a: tuple[int, bool, int], b: tuple[int, bool, int]) -> int:
            return -1 if draws_before(*a, *b) else 1

        order = tuple((leader + p) % n for p, _, _ in sorted(facts, key=cmp_to_key(compare)))
    peek = seer_peeks(PHASE_ONE, int(cards[wp].faction))
    if peek or n > 2:
        rules = ("claim2.seers",) if peek else ("claim-combined.phase1.winner-chooses",)
        if peek and n > 2:
            rules += ("claim2.seers.multiplayer",)
        return State(PHASE_ONE, hands, state.deck, state.face_up, next_leader, (), state.followers,
                     state.known_followers, tuple(score), discard, number, outcome, state.gnomes, state.trolls,
                     Pending("take", winner, order, bool(peek), (), rules), v)
    # two players, no choice: the winner takes the face-up card, the loser draws
    return _distribute(state, hands, tuple(score), discard, next_leader, number, outcome, winner,
                       state.face_up[0], False, order)


def _take(state: State, action: Take) -> State:
    pending = state.pending
    assert pending is not None and state.last_trick is not None
    return _distribute(state, state.hands, state.score, state.discard, state.leader, state.tricks_played,
                       state.last_trick, action.seat, action.card, pending.deck_allowed, pending.after)


@implements("claim.phase1.winner-takes-revealed", "claim.phase1.loser-draws", "claim2.phase1.winner-takes-revealed",
            "claim2.phase1.loser-draws", "claim2.seers.exchange", "claim2.seers.multiplayer",
            "claim-combined.phase1.next-takes-other", "claim-combined.phase1.others-draw",
            "claim-combined.phase1.next-trick", "claim.phase1.end", "claim2.phase1.end",
            "claim-combined.phase1.end")
def _distribute(state: State, hands: tuple[tuple[Card, ...], ...], score: tuple[tuple[Card, ...], ...],
                discard: tuple[Card, ...], leader: int, number: int, t: TrickOutcome, chooser: int,
                chosen: Card | None, seer: bool, after: tuple[int, ...]) -> State:
    """``chooser`` takes ``chosen`` (a face-up card, or None: the top deck card);
    then the seats ``after`` receive theirs in draw order: the face-up card
    left (a choice when two are left), then cards drawn from the deck.

    The other fields (hands, piles, next leader, the trick's outcome) are
    those of the resolved trick."""
    v = state.variant
    followers = list(state.followers)
    known = list(state.known_followers)
    face_up = list(state.face_up)
    deck = state.deck
    received: list[tuple[int, Card, str]] = []
    if chosen is None:
        chosen = deck[0]
        deck = deck[1:]
        received.append((chooser, chosen, "deck"))
    else:
        face_up.remove(chosen)
        known[chooser] += (chosen,)
        received.append((chooser, chosen, "chosen" if seer or len(state.face_up) > 1 else "revealed"))
    followers[chooser] += (chosen,)
    if len(face_up) > 1 and after:  # Seer's winner took the deck card: the next in draw order chooses
        t = TrickOutcome(t.number, t.phase, t.leader, t.cards, t.winner, t.next_leader, t.received + tuple(received))
        return State(PHASE_ONE, hands, deck, tuple(face_up), leader, (), tuple(followers), tuple(known), score,
                     discard, number, t, state.gnomes, state.trolls,
                     Pending("take", after[0], after[1:], False, (), ("claim2.seers.multiplayer",)), v)
    for seat in after:
        if face_up:
            c = face_up.pop(0)
            known[seat] += (c,)
            received.append((seat, c, "other" if v.players > 2 else "exchange"))
        else:
            c = deck[0]
            deck = deck[1:]
            received.append((seat, c, "drawn"))
        followers[seat] += (c,)
    t = TrickOutcome(t.number, t.phase, t.leader, t.cards, t.winner, t.next_leader, t.received + tuple(received))
    if hands[0]:  # claim.phase1.reveal / claim-combined.phase1.reveal-two for the next trick
        k = v.face_up_per_trick
        return State(PHASE_ONE, hands, deck[k:], deck[:k], leader, (), tuple(followers), tuple(known),
                     score, discard, number, t, state.gnomes, state.trolls, None, v)
    # claim.phase1.end -> claim.phase2.take-followers
    empties = tuple(() for _ in hands)
    return State(PHASE_TWO, tuple(_sorted(f) for f in followers), deck, (), leader, (), empties, empties,
                 score, discard, number, t, state.gnomes, state.trolls, None, v)


_RECEIVED_RULES = {
    "claim": {"revealed": ("claim.phase1.winner-takes-revealed",), "drawn": ("claim.phase1.loser-draws",)},
    "claim2": {"revealed": ("claim2.phase1.winner-takes-revealed",), "drawn": ("claim2.phase1.loser-draws",),
               "chosen": ("claim2.phase1.winner-takes-revealed", "claim2.seers"),
               "deck": ("claim2.seers",), "exchange": ("claim2.seers.exchange",)},
    "multi": {"chosen": ("claim-combined.phase1.winner-chooses",), "deck": ("claim2.seers", "claim2.seers.multiplayer"),
              "other": ("claim-combined.phase1.next-takes-other",),
              "drawn": ("claim-combined.phase1.others-draw", "claim-combined.phase1.draw-order")},
}


def received_routes(t: TrickOutcome, v: Variant) -> tuple[Route, ...]:
    """Where the face-up and drawn cards of a phase-one trick went."""
    table = _RECEIVED_RULES["multi" if v.players > 2 else ("claim" if v.key == "claim" else "claim2")]
    return tuple(Route(c, "followers", seat, table[how]) for seat, c, how in t.received)


@implements("claim.phase2.take-followers", "claim.phase2.tricks", "claim.phase2.winner-takes-both",
            "claim.dwarves", "claim.dwarves.winner-rest", "claim2.phase2.take-followers", "claim2.phase2.tricks",
            "claim2.phase2.winner-takes-both", "claim2.gnomes", "claim2.trolls", "claim2.trolls.waiting",
            "claim2.trolls.last-trick", "claim2.giants", "claim2.giants.no-gnome", "claim2.giants.multiplayer",
            "claim2.giants.multiplayer.several", "claim2.phase2.giants-crush", "claim.dwarves.multiplayer",
            "claim-combined.phase2.take-followers", "claim-combined.phase2.winner-takes-all")
def _resolve_phase_two(state: State, hands: tuple[tuple[Card, ...], ...], cards: tuple[Card, ...]) -> State:
    """A complete phase-two trick: winner, every card's destination, Trolls, Giants, next leader."""
    v = state.variant
    n = len(hands)
    leader = state.leader
    wp = _winning_position(cards)
    winner = (leader + wp) % n
    zone = _ZONE[n][PHASE_TWO]
    score = list(state.score)
    gnomes = list(state.gnomes)
    discard = state.discard
    pool: list[Card] = []
    taker: int | None = None
    for c in cards:
        z = zone[c.faction]
        if z == W_SCORE:
            score[winner] += (c,)
        elif z == LOSER:
            score[1 - winner] += (c,)
        elif z == DWARF_TAKER:
            if taker is None:
                values = [x.value for x in cards]
                taker = (leader + next(q for q in range(n) if takes_dwarves(q, values))) % n
            score[taker] += (c,)
        elif z == W_GNOMES:
            gnomes[winner] += (c,)
        elif z == TROLL_POOL:
            pool.append(c)
        else:
            discard += (c,)
    last = not hands[0]
    trolls = state.trolls
    if pool or trolls:
        everyone = list(trolls) + pool
        waiting: tuple[Card, ...] = ()
        for i, troll in enumerate(everyone):
            others = [x.value for j, x in enumerate(everyone) if j != i]
            to_score, _ = troll_destinations(troll.value, others, last)
            if to_score:
                score[winner] += (troll,)
            else:
                waiting += (troll,)
        trolls = waiting
    pending = None
    giants = [c.value for c in cards if c.faction is Faction.GIANT]
    crushed: list[tuple[int, Card]] = []
    if giants:
        if n == 2:
            opponent_gnomes = Counter(g.value for g in gnomes[1 - winner])
            wanted = Counter(giants)
            limits = tuple((value, min(k, sum(m for gv, m in opponent_gnomes.items() if crushes(value, gv))))
                           for value, k in sorted(wanted.items()))
            limits = tuple((value, k) for value, k in limits if k > 0)
            if limits:
                pending = Pending("crush", winner, (1 - winner,), False, limits, ("claim2.giants",))
        else:
            my_team = team_of(winner, n)
            for seat in range(n):
                if not crush_victim(team_of(seat, n), my_team):
                    continue
                row = list(gnomes[seat])
                for value in giants:
                    hit = next((g for g in row if crushes(value, g.value)), None)
                    if hit is not None:
                        row.remove(hit)
                        crushed.append((seat, hit))
                        discard += (hit,)
                gnomes[seat] = tuple(row)
    next_leader = (leader + _next_leader_position(v, cards, wp)) % n
    number = state.tricks_played + 1
    outcome = TrickOutcome(number, PHASE_TWO, leader, cards, winner, next_leader, (), tuple(crushed), taker)
    after = State(PHASE_TWO, hands, state.deck, (), next_leader, (), state.followers, state.known_followers,
                  tuple(score), discard, number, outcome, tuple(gnomes), trolls, pending, v)
    if pending is None and last:
        return _finish(after)
    return after


def _crush(state: State, action: Crush) -> State:
    pending = state.pending
    assert pending is not None
    victim = pending.after[0]
    gnomes = list(state.gnomes)
    row = list(gnomes[victim])
    for g in action.gnomes:
        row.remove(g)
    gnomes[victim] = tuple(row)
    t = state.last_trick
    assert t is not None
    t = attrs.evolve(t, crushed=t.crushed + tuple((victim, g) for g in action.gnomes))  # rare: no speed concern
    after = State(PHASE_TWO, state.hands, state.deck, (), state.leader, (), state.followers,
                  state.known_followers, state.score, state.discard + action.gnomes, state.tricks_played, t,
                  tuple(gnomes), state.trolls, None, state.variant)
    return _finish(after) if not state.hands[0] else after


@implements("claim.phase2.end", "claim2.phase2.end", "claim2.gnomes.end")
def _finish(state: State) -> State:
    """The last trick is over: laid-out Gnomes go to their owner's score pile
    (``claim2.gnomes.end``), then the game is scored."""
    score = tuple(s + g for s, g in zip(state.score, state.gnomes))
    empties = tuple(() for _ in state.hands)
    return State(OVER, state.hands, state.deck, (), state.leader, (), state.followers, state.known_followers,
                 score, state.discard, state.tricks_played, state.last_trick, empties, state.trolls, None,
                 state.variant)


# ---------------------------------------------------------------------- explanations


@implements("claim.trick-winner", "claim.trick-winner.tie", "claim.phase2.winner")
def trick_winner_position(lead: Card, follow: Card) -> tuple[int, tuple[str, ...]]:
    """Which card takes a two-card trick (0 = lead, 1 = follow) and the rules that decide it."""
    led = lead.faction
    position = _winning_position((lead, follow))
    rank = RANK[led]
    ranks = (rank[lead], rank[follow])
    if led == GOBLIN and follow.faction == KNIGHT:
        why: tuple[str, ...] = ("claim.knights",)
    elif ranks[1] == NO_RANK:
        why = ("claim.trick-winner.off-faction",)
    elif ranks[0] == ranks[1]:
        why = ("claim.trick-winner.tie",)
    elif follow.faction == DOPPELGANGER and led != DOPPELGANGER:
        why = ("claim.doppelgangers", "claim.trick-winner")
    else:
        why = ("claim.trick-winner",)
    return position, why


def trick_routes(t: TrickOutcome, v: Variant = CLAIM_VARIANT) -> tuple[Route, ...]:
    """Where every card of a resolved trick went, with the rules that sent it there."""
    from rules.claim.explain import played_routes

    return received_routes(t, v) + played_routes(t, v)


CLAIM = ClaimEngine("claim")
"""Claim (Czech *Trůn*): two players, Claim's five factions and scoring."""
CLAIM2 = ClaimEngine("claim2")
"""Claim 2: two players, Claim 2's five factions and scoring."""
CLAIM_COMBINED = ClaimEngine("claim-combined")
"""Claim and Claim 2 combined: custom two-player decks, three and four players."""

#: Backwards-compatible name of the engine class.
Claim = ClaimEngine


@cache
def engine(key: str) -> ClaimEngine:
    return {"claim": CLAIM, "claim2": CLAIM2, "claim-combined": CLAIM_COMBINED}[key]
