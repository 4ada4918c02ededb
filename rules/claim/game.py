"""Claim for two players: ``legal_actions``, ``check``, ``apply`` and friends.

States are immutable; :meth:`Claim.apply` returns a new state and never
touches its argument. The trick and scoring rules are the functions in
:mod:`rules.claim.trick` and :mod:`rules.claim.scoring`, the very functions the
Z3 proofs run symbolically.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from rules.claim import violations
from rules.claim.cards import Card, Faction, full_deck
from rules.claim.scoring import score
from rules.claim.state import (
    OVER,
    PHASE_ONE,
    PHASE_TWO,
    Play,
    Route,
    Setup,
    State,
    TrickOutcome,
    View,
)
from rules.claim.trick import (
    DESTINATION_PILES,
    DOPPELGANGER,
    GOBLIN,
    KNIGHT,
    NO_RANK,
    card_rank,
    holds_faction,
    may_follow,
    played_card_destinations,
    revealed_card_destinations,
    takes_trick,
)
from rules.kernel.game import GameInfo, Result
from rules.kernel.registry import implements
from rules.kernel.text import Text
from rules.kernel.verdict import IllegalActionError, MalformedError, Violation

HAND_SIZE = 13
DECK_SIZE = 26
_DISTINCT = tuple(dict.fromkeys(full_deck()))
_SEAT_PLAYS = tuple({c: Play(seat, c) for c in _DISTINCT} for seat in (0, 1))
_SORT_KEY = {c: i for i, c in enumerate(_DISTINCT)}

# Precomputed tables. Each is the rule function itself evaluated (with the
# engine's CONCRETE vocabulary) over its whole finite domain, so the engine
# obeys exactly the functions the Z3 proofs check; tests/claim compare every
# entry with a direct call.
#: FOLLOWABLE[lead_faction][holds_lead] = factions that may follow
FOLLOWABLE = {lf: {holds: frozenset(f for f in Faction if may_follow(f, lf, holds)) for holds in (False, True)}
              for lf in Faction}
#: RANK[lead_faction][card] = card_rank(card, lead_faction)
RANK = {lf: {c: card_rank(c.faction, c.value, lf) for c in _DISTINCT} for lf in Faction}
#: DESTINATIONS[phase][faction] = played_card_destinations(phase, faction)
DESTINATIONS = {ph: {f: played_card_destinations(ph, f) for f in Faction} for ph in (PHASE_ONE, PHASE_TWO)}
# Zone indices (winner's followers, winner's score, loser's score, discard) whose predicate holds.
_PLAYED_ZONES = {ph: {f: tuple(z for z, flag in enumerate(flags) if flag) for f, flags in table.items()}
                 for ph, table in DESTINATIONS.items()}
_REVEALED_ZONES = {f: tuple(z for z, flag in enumerate(revealed_card_destinations(PHASE_ONE, f)) if flag)
                   for f in Faction}


def play(seat: int, card: Card) -> Play:
    """The (interned) action of ``seat`` playing ``card``."""
    return _SEAT_PLAYS[seat][card]


class Claim:
    """The game of Claim (Czech *Trůn*) for two players."""

    info = GameInfo(
        key="claim",
        name=Text.of(cs="Trůn", en="Claim"),
        players=(2,),
        chance="deal",
        information="imperfect",
        languages=("cs", "en"),
    )

    # ------------------------------------------------------------------ setup

    @implements("claim.setup.deck", "claim.setup.deal", "claim.leader.first")
    def random_setup(self, rng: random.Random) -> Setup:
        """Shuffle all 52 cards with ``rng``, deal 13 to each, the rest is the deck."""
        cards = list(full_deck())
        rng.shuffle(cards)
        return Setup((tuple(cards[:13]), tuple(cards[13:26])), tuple(cards[26:]), rng.randrange(2))

    def setup_from_json(self, data: Any, variant: Any = None) -> Setup:
        if variant is not None:
            raise MalformedError("Claim has no variants; remove 'variant'")
        if not isinstance(data, Mapping):
            raise MalformedError("'setup' must be an object with hands, deck and leader")
        unknown = sorted(set(data) - {"hands", "deck", "leader"})
        if unknown:
            raise MalformedError(f"setup: unknown field(s) {', '.join(unknown)}")
        hands = data.get("hands")
        if not isinstance(hands, list) or len(hands) != 2:
            raise MalformedError("setup.hands must be a list of two hands")
        parsed_hands = []
        for seat, hand in enumerate(hands):
            if not isinstance(hand, list) or len(hand) != HAND_SIZE:
                raise MalformedError(f"setup.hands[{seat}] must list {HAND_SIZE} cards "
                                     f"(claim.setup.deal), not {len(hand) if isinstance(hand, list) else hand!r}")
            parsed_hands.append(tuple(_parse_card(c, f"setup.hands[{seat}]") for c in hand))
        deck = data.get("deck")
        if not isinstance(deck, list) or len(deck) != DECK_SIZE:
            raise MalformedError(f"setup.deck must list the {DECK_SIZE} undealt cards, top first")
        parsed_deck = tuple(_parse_card(c, "setup.deck") for c in deck)
        leader = data.get("leader")
        if type(leader) is not int or leader not in (0, 1):
            raise MalformedError("setup.leader must be seat 0 or 1")
        everything = Counter(parsed_hands[0] + parsed_hands[1] + parsed_deck)
        expected = Counter(full_deck())
        if everything != expected:
            extra = sorted(str(c) for c in (everything - expected).elements())
            missing = sorted(str(c) for c in (expected - everything).elements())
            raise MalformedError("setup: the hands and the deck must be exactly the 52 cards of Claim "
                                 f"(claim.components.deck); extra: {extra or 'none'}, missing: {missing or 'none'}")
        return Setup((parsed_hands[0], parsed_hands[1]), parsed_deck, leader)

    def setup_to_json(self, setup: Setup) -> dict[str, Any]:
        return {"hands": [[str(c) for c in h] for h in setup.hands],
                "deck": [str(c) for c in setup.deck], "leader": setup.leader}

    def action_from_json(self, data: Any) -> Play:
        if not isinstance(data, Mapping) or set(data) != {"seat", "play"}:
            raise MalformedError(f"an action is {{\"seat\": 0|1, \"play\": \"faction:value\"}}, not {data!r}")
        seat = data["seat"]
        if type(seat) is not int or seat not in (0, 1):
            raise MalformedError(f"seat must be 0 or 1, not {seat!r}")
        return play(seat, Card.parse(data["play"]))

    def action_to_json(self, action: Play) -> dict[str, Any]:
        return {"seat": action.seat, "play": str(action.card)}

    # ------------------------------------------------------------------ play

    @implements("claim.phase1.reveal", "claim.setup.hands-secret")
    def initial_state(self, setup: Setup) -> State:
        """Phase one begins: the top card of the deck is revealed."""
        return State(
            phase=PHASE_ONE, hands=setup.hands, deck=setup.deck[1:], revealed=setup.deck[0],
            leader=setup.leader, table=(), followers=((), ()), known_followers=((), ()),
            score=((), ()), discard=(),
        )

    @implements("claim.lead", "claim.follow", "claim.phase2.lead", "claim.follow-suit")
    def legal_actions(self, state: State) -> tuple[Play, ...]:
        """Every distinct legal play of the seat to move (empty when the game is over)."""
        seat = state.to_move
        if seat is None:
            return ()
        hand = state.hands[seat]
        plays = _SEAT_PLAYS[seat]
        if not state.table:
            return tuple(map(plays.__getitem__, dict.fromkeys(hand)))
        allowed = _followable(hand, state.table[0].faction)
        return tuple(plays[c] for c in dict.fromkeys(hand) if c.faction in allowed)

    def check(self, state: State, action: Play) -> Violation | None:
        """Why ``action`` is illegal in ``state``, or ``None`` if it is legal."""
        seat = state.to_move
        if seat is None:
            return violations.game_over()
        leading = not state.table
        if action.seat != seat:
            if leading:
                return violations.not_your_lead(action.seat, seat, state.tricks_played == 0, state.phase)
            return violations.not_your_follow(action.seat, seat, state.phase)
        hand = state.hands[seat]
        if action.card not in hand:
            return violations.not_in_hand(seat, action.card, leading, state.phase)
        if leading:
            return None
        lead = state.table[0]
        if action.card.faction in _followable(hand, lead.faction):
            return None
        held = max(c for c in hand if c.faction is lead.faction)
        return violations.must_follow(action.card, lead, held, state.phase)

    def is_legal(self, state: State, action: Play) -> bool:
        return self.check(state, action) is None

    def apply(self, state: State, action: Play) -> State:
        """The state after ``action``; raises :class:`IllegalActionError` when illegal."""
        violation = self.check(state, action)
        if violation is not None:
            raise IllegalActionError(violation)
        return _play_legal(state, action)

    def attempt(self, state: State, action: Play) -> State | Violation:
        """Like :meth:`apply`, but returns the violation instead of raising."""
        violation = self.check(state, action)
        return violation if violation is not None else _play_legal(state, action)

    def is_terminal(self, state: State) -> bool:
        return state.phase == OVER

    def result(self, state: State) -> Result | None:
        if state.phase != OVER:
            return None
        scoring = score(state.score)
        return Result(scoring.winners, {"votes": scoring.votes_json()}, scoring.explain())

    @implements("claim.piles.face", "claim.setup.hands-secret", "claim.phase1.loser-draws")
    def view(self, state: State, seat: int) -> View:
        """What ``seat`` sees: own hand and followers, public piles, sizes of the rest."""
        return View(
            seat=seat, phase=state.phase, to_move=state.to_move, leader=state.leader,
            hand=state.hands[seat], followers=state.followers[seat], revealed=state.revealed,
            table=state.table, score=state.score, discard=state.discard, deck_size=len(state.deck),
            hand_sizes=(len(state.hands[0]), len(state.hands[1])),
            follower_counts=(len(state.followers[0]), len(state.followers[1])),
            known_followers=state.known_followers,
        )

    def explain_step(self, before: State, action: Play, after: State) -> tuple[Text, ...]:
        from rules.claim.explain import explain_follow, explain_trick

        if not before.table:
            return ()
        follow = explain_follow(before.hands[action.seat], before.table[0], action.card, action.seat)
        assert after.last_trick is not None
        return (follow, *explain_trick(after.last_trick))


def _play_legal(state: State, action: Play) -> State:
    """The state after a play already known to be legal."""
    seat, card = action.seat, action.card
    hands = list(state.hands)
    hand = hands[seat]
    i = hand.index(card)
    hands[seat] = hand[:i] + hand[i + 1:]
    if not state.table:
        return State(state.phase, (hands[0], hands[1]), state.deck, state.revealed, state.leader,
                     (card,), state.followers, state.known_followers, state.score, state.discard,
                     state.tricks_played, state.last_trick)
    return _resolve(state, (hands[0], hands[1]), state.table[0], card)


def _followable(hand: tuple[Card, ...], lead_faction: Faction) -> frozenset[Faction]:
    """The factions a hand may follow ``lead_faction`` with (``may_follow`` via its table)."""
    return FOLLOWABLE[lead_faction][holds_faction([c.faction for c in hand], lead_faction)]


def _taking_position(lead: Card, follow: Card) -> int:
    """0 when the led card takes the trick, 1 when the following card does."""
    rank = RANK[lead.faction]
    return 0 if takes_trick(0, (rank[lead], rank[follow])) else 1


def _sorted(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_SORT_KEY.__getitem__))


def _parse_card(text: Any, where: str) -> Card:
    try:
        return Card.parse(text)
    except MalformedError as exc:
        raise MalformedError(f"{where}: {exc.detail}") from None


@implements("claim.trick-winner", "claim.trick-winner.tie", "claim.phase2.winner")
def trick_winner_position(lead: Card, follow: Card) -> tuple[int, tuple[str, ...]]:
    """Which card takes the trick (0 = lead, 1 = follow) and the rules that decide it."""
    led = lead.faction
    position = _taking_position(lead, follow)
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


@implements("claim.leader.previous-winner", "claim.phase1.tricks", "claim.phase1.end",
            "claim.phase2.take-followers", "claim.phase2.tricks", "claim.phase1.loser-draws")
def _resolve(state: State, hands: tuple[tuple[Card, ...], tuple[Card, ...]], lead: Card, follow: Card) -> State:
    """Resolve a complete trick: winner, card destinations, next leader, phase change."""
    winner = state.leader if _taking_position(lead, follow) == 0 else 1 - state.leader
    loser = 1 - winner
    phase = state.phase
    piles = [state.followers[winner], state.score[winner], state.score[loser], state.discard]
    known = [state.known_followers[0], state.known_followers[1]]
    deck = state.deck
    revealed = state.revealed
    drawn = None
    if phase == PHASE_ONE:
        assert revealed is not None
        for zone in _REVEALED_ZONES[revealed.faction]:
            piles[zone] += (revealed,)
        known[winner] += (revealed,)
        drawn = deck[0]
        deck = deck[1:]
    zones = _PLAYED_ZONES[phase]
    for c in (lead, follow):
        for zone in zones[c.faction]:
            piles[zone] += (c,)
    followers: list[tuple[Card, ...]] = [(), ()]
    scores: list[tuple[Card, ...]] = [(), ()]
    followers[winner], scores[winner], scores[loser], discard = piles
    followers[loser] = state.followers[loser] + ((drawn,) if drawn is not None else ())

    number = state.tricks_played + 1
    outcome = TrickOutcome(number, phase, state.leader, lead, follow, revealed, drawn, winner)
    if hands[0] or hands[1]:
        if phase == PHASE_ONE:  # claim.phase1.reveal for the next trick
            return State(phase, hands, deck[1:], deck[0], winner, (), (followers[0], followers[1]),
                         (known[0], known[1]), (scores[0], scores[1]), discard, number, outcome)
        return State(phase, hands, deck, None, winner, (), (followers[0], followers[1]),
                     (known[0], known[1]), (scores[0], scores[1]), discard, number, outcome)
    if phase == PHASE_ONE:  # claim.phase1.end -> claim.phase2.take-followers
        return State(PHASE_TWO, (_sorted(followers[0]), _sorted(followers[1])), deck, None, winner,
                     (), ((), ()), ((), ()), (scores[0], scores[1]), discard, number, outcome)
    return State(OVER, hands, deck, None, winner, (), (followers[0], followers[1]), (known[0], known[1]),
                 (scores[0], scores[1]), discard, number, outcome)


def trick_routes(t: TrickOutcome) -> tuple[Route, ...]:
    """Where every card of a resolved trick went, with the rules that sent it there."""
    seat_of = {"winner": t.winner, "loser": 1 - t.winner, None: None}
    names = tuple(pile for pile, _ in DESTINATION_PILES)
    owner = tuple(seat_of[whose] for _, whose in DESTINATION_PILES)
    out: list[Route] = []
    if t.revealed is not None:
        out.extend(Route(t.revealed, names[z], owner[z], ("claim.phase1.winner-takes-revealed",))
                   for z in _REVEALED_ZONES[t.revealed.faction])
    if t.drawn is not None:
        out.append(Route(t.drawn, "followers", 1 - t.winner, ("claim.phase1.loser-draws",)))
    for c in (t.lead, t.follow):
        out.extend(Route(c, names[z], owner[z], _route_rules(t.phase, c.faction))
                   for z in _PLAYED_ZONES[t.phase][c.faction])
    return tuple(out)


def _route_rules(phase: int, faction: Faction) -> tuple[str, ...]:
    if phase == PHASE_ONE:
        if faction is Faction.UNDEAD:
            return ("claim.phase1.undead-to-score", "claim.undead")
        if faction is Faction.DOPPELGANGER:
            return ("claim.phase1.discard", "claim.doppelgangers.no-power")
        return ("claim.phase1.discard",)
    if faction is Faction.DWARF:
        return ("claim.dwarves",)
    if faction is Faction.DOPPELGANGER:
        return ("claim.phase2.winner-takes-both", "claim.doppelgangers.no-power")
    return ("claim.phase2.winner-takes-both",)


CLAIM = Claim()
"""The Claim game object (it has no state of its own)."""
