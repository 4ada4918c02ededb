"""The small closed vocabularies of the Claim family, as enums: the phases of
a game, the kinds of action (which are also the kinds of pending decision,
decision record 0011), where a card goes and how a seat received a card.

They are ``IntEnum``/``StrEnum`` members, so they compare and serialise like
the numbers and words the records hold (``"phase": 1``, ``"take"``), and a
comparison costs what an ``int`` or ``str`` comparison costs.
"""

from __future__ import annotations

import enum


class Phase(enum.IntEnum):
    """The phases of a game: phase one (recruiting followers), phase two, and the end."""

    ONE = 1
    TWO = 2
    OVER = 3


class ActionKind(enum.StrEnum):
    """What an action does; the record key of its payload (``{"seat": 0, "play": …}``).

    ``TAKE`` and ``CRUSH`` are also the kinds of the decisions a state may wait
    for (``Decision.kind``)."""

    PLAY = "play"
    TAKE = "take"
    CRUSH = "crush"


class Zone(enum.StrEnum):
    """Where a card goes when a trick is resolved (for explanations)."""

    FOLLOWERS = "followers"
    SCORE = "score"
    GNOMES = "gnomes"
    TROLLS = "trolls"
    DISCARD = "discard"


class Received(enum.StrEnum):
    """How a seat received a face-up or deck card in phase one.

    ``REVEALED``: two players, the winner takes the face-up card; ``CHOSEN``:
    a winner (or the next in draw order) chose a face-up card; ``DECK``: a
    Seer's winner took the peeked deck card; ``EXCHANGE``: two players, the
    loser takes the face-up card a Seer's winner left; ``OTHER``: three or
    four players, the next in draw order takes the face-up card left;
    ``DRAWN``: drawn from the deck.
    """

    REVEALED = "revealed"
    CHOSEN = "chosen"
    DECK = "deck"
    EXCHANGE = "exchange"
    OTHER = "other"
    DRAWN = "drawn"

    @property
    def chosen(self) -> bool:
        """Did the receiving seat choose (a ``take`` action) rather than the rules hand it the card?"""
        return self in (Received.CHOSEN, Received.DECK)


__all__ = ["ActionKind", "Phase", "Received", "Zone"]
