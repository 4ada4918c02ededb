"""Immutable models of a Claim game: setup, actions, state, views."""

from __future__ import annotations

import attrs

from rules.claim.cards import Card

Hand = tuple[Card, ...]
Pair = tuple[Hand, Hand]

PHASE_ONE, PHASE_TWO, OVER = 1, 2, 3


@attrs.frozen
class Setup:
    """A deal: two hands of 13, the 26-card draw deck (top first), the first leader."""

    hands: Pair
    deck: Hand
    leader: int


@attrs.frozen(cache_hash=True)
class Play:
    """Seat ``seat`` plays ``card`` from hand. The only kind of action in Claim."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat} plays {self.card}"


@attrs.frozen
class Route:
    """Where one card went when a trick was resolved."""

    card: Card
    zone: str  # "followers", "score", "discard"
    seat: int | None  # owner of the zone; None for the discard
    rules: tuple[str, ...]


@attrs.frozen(slots=True)
class TrickOutcome:
    """The facts of one resolved trick; explanations are derived from them
    (``rules.claim.game.trick_winner_position`` and ``trick_routes``)."""

    number: int  # 1–26 over the whole game
    phase: int
    leader: int
    lead: Card
    follow: Card
    revealed: Card | None  # phase one: the card fought for
    drawn: Card | None  # phase one: the card the loser drew
    winner: int


@attrs.frozen(slots=True)
class State:
    """A whole Claim position, hidden cards included.

    ``deck`` holds the undrawn cards, top first; ``revealed`` is the card
    fought for in phase one; ``table`` the cards played into the current trick
    (lead first). ``known_followers`` are the follower cards every player saw
    arrive (won revealed cards), a subset of ``followers``.
    """

    phase: int
    hands: Pair
    deck: Hand
    revealed: Card | None
    leader: int
    table: Hand
    followers: Pair
    known_followers: Pair
    score: Pair
    discard: Hand
    tricks_played: int = 0
    last_trick: TrickOutcome | None = None

    @property
    def to_move(self) -> int | None:
        """The seat whose play is expected, ``None`` when the game is over."""
        if self.phase == OVER:
            return None
        return self.leader if not self.table else 1 - self.leader

    def zones(self) -> dict[str, Hand]:
        """Every zone by name: the basis of the card-conservation invariant."""
        return {
            "hand0": self.hands[0], "hand1": self.hands[1], "deck": self.deck,
            "revealed": (self.revealed,) if self.revealed is not None else (),
            "table": self.table, "followers0": self.followers[0], "followers1": self.followers[1],
            "score0": self.score[0], "score1": self.score[1], "discard": self.discard,
        }


@attrs.frozen
class View:
    """What one seat may see (``claim.setup.hands-secret``, ``claim.piles.face``).

    Hidden: the other hand, the deck, the other player's drawn followers.
    """

    seat: int
    phase: int
    to_move: int | None
    leader: int
    hand: Hand
    followers: Hand
    revealed: Card | None
    table: Hand
    score: Pair
    discard: Hand
    deck_size: int
    hand_sizes: tuple[int, int]
    follower_counts: tuple[int, int]
    known_followers: Pair
