"""The engine's precomputed tables and the small trick helpers every phase uses.

Each table is a rule function of :mod:`rules.claim.trick` or
:mod:`rules.claim.powers` evaluated (with the engine's CONCRETE vocabulary)
over its whole finite domain, so the engine obeys exactly the functions the
Z3 proofs check; ``tests/claim/test_tables.py`` compares every entry with a
direct call. Lookups are what keep Claim above a thousand random games a
second.
"""

from __future__ import annotations

from typing import Any

from rules.claim.cards import Card, Faction, deck_of
from rules.claim.powers import counts_as_lead, leads_next, played_card_destinations
from rules.claim.state import PHASE_ONE, PHASE_TWO, Crush, Play, Take
from rules.claim.trick import card_rank, holds_faction, may_follow, takes_trick
from rules.claim.variant import Variant

_ALL_CARDS = tuple(dict.fromkeys(deck_of(tuple(Faction))))
_SEAT_PLAYS = tuple({c: Play(seat, c) for c in _ALL_CARDS} for seat in range(4))
_SORT_KEY = {c: i for i, c in enumerate(_ALL_CARDS)}

#: FOLLOWABLE[lead_faction][holds_lead] = factions that may follow
FOLLOWABLE = {lf: {holds: frozenset(f for f in Faction if may_follow(f, lf, holds)) for holds in (False, True)}
              for lf in Faction}
#: RANK[lead_faction][card] = card_rank(card, lead_faction)
RANK = {lf: {c: card_rank(c.faction, c.value, lf) for c in _ALL_CARDS} for lf in Faction}
#: DESTINATIONS[players][phase][faction] = powers.played_card_destinations(phase, faction, players)
DESTINATIONS = {n: {ph: {f: played_card_destinations(ph, f, n) for f in Faction} for ph in (PHASE_ONE, PHASE_TWO)}
                for n in (2, 3, 4)}
#: The zone index (powers.PLAYED_ZONES) whose flag holds, per players, phase and faction.
ZONE = {n: {ph: {f: next(z for z, flag in enumerate(flags) if flag) for f, flags in table.items()}
            for ph, table in by_phase.items()} for n, by_phase in DESTINATIONS.items()}
#: COUNTS_AS_LEAD[lead_faction][faction] = powers.counts_as_lead(faction, lead_faction)
COUNTS_AS_LEAD = {lf: {f: counts_as_lead(f, lf) for f in Faction} for lf in Faction}
#: Indices into powers.PLAYED_ZONES (0, the winner's followers, is never a played card's zone).
W_SCORE, DWARF_TAKER, LOSER, W_GNOMES, TROLL_POOL, DISCARD = 1, 2, 3, 4, 5, 6


def play(seat: int, card: Card) -> Play:
    """The (interned) action of ``seat`` playing ``card``."""
    return _SEAT_PLAYS[seat][card]


def take(seat: int, card: Card | None) -> Take:
    """Seat ``seat`` takes face-up ``card`` (None: the peeked deck card)."""
    return Take(seat, card)


def crush(seat: int, *gnomes: Card) -> Crush:
    """Seat ``seat`` crushes ``gnomes`` (sorted; may be none)."""
    return Crush(seat, sorted_cards(gnomes))



def followable(hand: tuple[Card, ...], lead_faction: Faction) -> frozenset[Faction]:
    """The factions a hand may follow ``lead_faction`` with (``may_follow`` via its table)."""
    return FOLLOWABLE[lead_faction][holds_faction([c.faction for c in hand], lead_faction)]


def sorted_cards(cards: Any) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_SORT_KEY.__getitem__))


def winning_position(cards: tuple[Card, ...]) -> int:
    rank = RANK[cards[0].faction]
    ranks = [rank[c] for c in cards]
    if len(ranks) == 2:  # exactly one card takes the trick (the uniqueness theorem)
        return 0 if takes_trick(0, ranks) else 1
    for p in range(len(cards)):
        if takes_trick(p, ranks):
            return p
    raise AssertionError("takes_trick names no winner")  # the uniqueness theorem rules this out


def next_leader_position(variant: Variant, cards: tuple[Card, ...], winner_position: int) -> int:
    """``leads_next``: the latest Dragon's player, else the winner (``claim2.dragons``).

    Without Dragons in the deck the predicate reduces to the winner, so it is
    not evaluated (Claim keeps its speed)."""
    if Faction.DRAGON not in variant.factions:
        return winner_position
    factions = [int(c.faction) for c in cards]
    return next(p for p in range(len(cards)) if leads_next(p, factions, winner_position))



def trick_winner(leader: int, cards: tuple[Card, ...]) -> tuple[int, int]:
    """(the winning card's position in play order, the winner's seat) of a full trick led by ``leader``."""
    wp = winning_position(cards)
    return wp, (leader + wp) % len(cards)
