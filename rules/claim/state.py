"""Immutable models of a game of the Claim family: setup, actions, state, views.

One model serves Claim, Claim 2 and the combinations (2–4 players): every
per-player zone is a tuple with one entry per seat, and the :class:`Variant`
travels with the setup and the state.
"""

from __future__ import annotations

from typing import Any

import attrs

from rules.claim.cards import Card
from rules.claim.variant import CLAIM_VARIANT, Variant

Hand = tuple[Card, ...]
Pair = tuple[Hand, ...]

PHASE_ONE, PHASE_TWO, OVER = 1, 2, 3


@attrs.frozen
class Setup:
    """A deal: one hand per seat, the draw deck (top first), the first leader."""

    hands: Pair
    deck: Hand
    leader: int
    variant: Variant = CLAIM_VARIANT


@attrs.frozen(cache_hash=True)
class Play:
    """Seat ``seat`` plays ``card`` from hand."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat} plays {self.card}"


@attrs.frozen(cache_hash=True)
class Take:
    """Seat ``seat`` takes a face-up card, or (``card`` None) the peeked deck card (Seers)."""

    seat: int
    card: Card | None

    def __str__(self) -> str:
        return f"seat {self.seat} takes {self.card if self.card is not None else 'the deck card'}"


@attrs.frozen(cache_hash=True)
class Crush:
    """Seat ``seat`` crushes these Gnomes with the trick's Giants (two players; may be empty)."""

    seat: int
    gnomes: tuple[Card, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} crushes {' '.join(map(str, self.gnomes)) or 'nothing'}"


Action = Play | Take | Crush


@attrs.frozen
class Route:
    """Where one card went when a trick was resolved."""

    card: Card
    zone: str  # "followers", "score", "gnomes", "trolls", "discard"
    seat: int | None  # owner of the zone; None for the discard and the waiting Trolls
    rules: tuple[str, ...]


@attrs.frozen(slots=True)
class TrickOutcome:
    """The facts of one resolved trick; explanations are derived from them.

    ``cards`` are the played cards in play order (``cards[0]`` led by
    ``leader``); ``received`` say who got the face-up and drawn cards of
    phase one, and how ("revealed", "chosen", "other", "exchange", "deck",
    "drawn"); filled in once the last choice is made.
    """

    number: int
    phase: int
    leader: int
    cards: Hand
    winner: int
    next_leader: int
    received: tuple[tuple[int, Card, str], ...] = ()  # phase one: (seat, card, how) of face-up and drawn cards
    crushed: tuple[tuple[int, Card], ...] = ()  # (owner, Gnome) crushed by this trick's Giants
    dwarves_taker: int | None = None  # 3–4 players: who took the Dwarves

    @property
    def lead(self) -> Card:
        return self.cards[0]

    @property
    def follow(self) -> Card:
        """The second card (two players)."""
        return self.cards[1]

    @property
    def revealed(self) -> Card | None:
        """Phase one, two players: the face-up card fought for."""
        return next((c for _, c, how in self.received if how in ("revealed", "chosen", "exchange")), None)

    @property
    def drawn(self) -> Card | None:
        """Phase one: the (first) card drawn from the deck."""
        return next((c for _, c, how in self.received if how in ("drawn", "deck")), None)


@attrs.frozen(cache_hash=True)
class Pending:
    """A decision the rules leave to one player before play goes on.

    - ``take``: phase one, ``seat`` chooses a face-up card (or, when
      ``deck_allowed``, the peeked top deck card: Seers). ``after`` are the
      seats still to receive a card, in draw order.
    - ``crush``: phase two, two players: ``seat`` (the winner) crushes up to
      ``limits`` Gnomes of the opponent (value, how many at most).
    """

    kind: str
    seat: int
    after: tuple[int, ...] = ()
    deck_allowed: bool = False
    limits: tuple[tuple[int, int], ...] = ()
    rules: tuple[str, ...] = ()


def _face_up(value: Any) -> Hand:
    """Accept Claim's old ``revealed`` (a card or None) as well as a tuple."""
    if type(value) is tuple:
        return value
    return () if value is None else (value,)


def _empties(state: Any) -> Pair:
    return tuple(() for _ in state.hands)


@attrs.frozen(slots=True)
class State:
    """A whole position, hidden cards included.

    ``deck`` holds the undrawn cards, top first; ``face_up`` the cards fought
    for in phase one (one with two players, two with more; keyword
    ``revealed`` accepts Claim's single card); ``table`` the cards played into
    the current trick (lead first). ``known_followers`` are the follower cards
    every player saw arrive, a sub-multiset of ``followers``. ``gnomes`` are
    the Gnomes laid out in front of each player, ``trolls`` the Trolls waiting
    for a later trick, ``pending`` a decision that must be made before play
    goes on.
    """

    phase: int
    hands: Pair
    deck: Hand
    face_up: Hand = attrs.field(alias="revealed", converter=_face_up)
    leader: int = 0
    table: Hand = ()
    followers: Pair = attrs.field(default=attrs.Factory(_empties, takes_self=True))
    known_followers: Pair = attrs.field(default=attrs.Factory(_empties, takes_self=True))
    score: Pair = attrs.field(default=attrs.Factory(_empties, takes_self=True))
    discard: Hand = ()
    tricks_played: int = 0
    last_trick: TrickOutcome | None = None
    gnomes: Pair = attrs.field(default=attrs.Factory(_empties, takes_self=True))
    trolls: Hand = ()
    pending: Pending | None = None
    variant: Variant = CLAIM_VARIANT

    @property
    def revealed(self) -> Card | None:
        """The face-up card of a two-player trick (the first one with more players)."""
        return self.face_up[0] if self.face_up else None

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def to_move(self) -> int | None:
        """The seat whose action is expected, ``None`` when the game is over."""
        if self.phase == OVER:
            return None
        if self.pending is not None:
            return self.pending.seat
        return (self.leader + len(self.table)) % len(self.hands)

    def zones(self) -> dict[str, Hand]:
        """Every zone by name: the basis of the card-conservation invariant."""
        out: dict[str, Hand] = {}
        for s, h in enumerate(self.hands):
            out[f"hand{s}"] = h
        out["deck"] = self.deck
        out["revealed"] = self.face_up
        out["table"] = self.table
        for s in range(len(self.hands)):
            out[f"followers{s}"] = self.followers[s]
        for s in range(len(self.hands)):
            out[f"score{s}"] = self.score[s]
        for s in range(len(self.hands)):
            if self.gnomes[s]:
                out[f"gnomes{s}"] = self.gnomes[s]
        if self.trolls:
            out["trolls"] = self.trolls
        out["discard"] = self.discard
        return out


@attrs.frozen
class View:
    """What one seat may see (``claim.setup.hands-secret``, ``claim.piles.face``).

    Hidden: the other hands, the deck (but for the top card a Seer's winner
    peeks at: ``peek``), the other players' drawn followers.
    """

    seat: int
    phase: int
    to_move: int | None
    leader: int
    hand: Hand
    followers: Hand
    face_up: Hand
    table: Hand
    score: Pair
    discard: Hand
    deck_size: int
    hand_sizes: tuple[int, ...]
    follower_counts: tuple[int, ...]
    known_followers: Pair
    gnomes: Pair = ()
    trolls: Hand = ()
    pending: str | None = None
    peek: Card | None = None

    @property
    def revealed(self) -> Card | None:
        return self.face_up[0] if self.face_up else None
