"""What a seat may not see, made concrete: :func:`rehide` deals the hidden
cards anew, so the conformance suite can show that a seat's view does not
depend on them (``claim.setup.hands-secret``, ``claim.piles.face``)."""

from __future__ import annotations

import random
from collections import Counter

import attrs

from rules.claim.cards import Card
from rules.claim.state import State, choice


def _unknown(followers: tuple[Card, ...], known: tuple[Card, ...]) -> list[Card]:
    """The followers nobody saw arrive (``followers`` minus ``known``, as multisets)."""
    rest = Counter(followers)
    rest.subtract(Counter(known))
    return [card for card, n in rest.items() for _ in range(n)]


def rehide(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with every card ``seat`` cannot see shuffled among the places
    it cannot see: the other hands, the deck (but a top card ``seat`` peeks
    at) and the other players' unseen followers; every size stays."""
    others = [s for s in range(state.players) if s != seat]
    pending = state.decision
    peeked = 1 if pending is not None and pending.seat == seat and choice(pending).deck_allowed and state.deck else 0
    unknown = {s: _unknown(state.followers[s], state.known_followers[s]) for s in others}
    pool = [c for s in others for c in state.hands[s]] + list(state.deck[peeked:])
    pool += [c for s in others for c in unknown[s]]
    rng.shuffle(pool)
    hands = list(state.hands)
    followers = list(state.followers)
    for s in others:
        n = len(hands[s])
        hands[s], pool = tuple(pool[:n]), pool[n:]
    deck_rest = len(state.deck) - peeked
    deck, pool = state.deck[:peeked] + tuple(pool[:deck_rest]), pool[deck_rest:]
    for s in others:
        n = len(unknown[s])
        followers[s], pool = state.known_followers[s] + tuple(pool[:n]), pool[n:]
    return attrs.evolve(state, hands=tuple(hands), deck=deck, followers=tuple(followers))
