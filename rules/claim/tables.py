"""The engine's precomputed tables and the small trick helpers every phase uses.

Each table is a rule function of :mod:`rules.claim.trick` or
:mod:`rules.claim.powers` evaluated (with the engine's CONCRETE vocabulary)
over its whole finite domain, so the engine obeys exactly the functions the
Z3 proofs check; ``tests/claim/test_tables.py`` compares every entry with a
direct call. Tables whose domain is too large to build at import (the rank
tuples of a four-card trick) are :class:`RuleTable` s, filled entry by entry
from the rule function on first lookup. Lookups are what keep Claim, Claim 2
and the four-player games above a thousand random games a second (issues 2
and 3; ``benchmarks/claim.py``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable
from functools import cmp_to_key, partial
from itertools import combinations, product
from operator import attrgetter
from typing import Any, Generic, TypeVar

from rules.claim.cards import Card, Faction, deck_of
from rules.claim.kinds import Phase
from rules.claim.powers import (
    counts_as_lead,
    draws_before,
    leads_next,
    played_card_destinations,
    seer_peeks,
    takes_dwarves,
    troll_destinations,
)
from rules.claim.state import PHASE_ONE, PHASE_TWO, Crush, Play, Take
from rules.claim.trick import (
    DRAGON,
    GOBLIN,
    card_rank,
    holds_faction,
    may_follow,
    takes_trick,
)
from rules.claim.variants import Variant

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_ALL_CARDS = tuple(dict.fromkeys(deck_of(tuple(Faction))))
_SEAT_PLAYS = tuple({c: Play(seat, c) for c in _ALL_CARDS} for seat in range(4))
_SEAT_TAKES = tuple({c: Take(seat, c) for c in (*_ALL_CARDS, None)} for seat in range(4))
_SORT_KEY = {c: i for i, c in enumerate(_ALL_CARDS)}


class PlayedZone(enum.IntEnum):
    """Indices into :data:`rules.claim.powers.PLAYED_ZONES` (0, the winner's
    followers, is never a played card's zone)."""

    WINNER_SCORE = 1
    DWARVES_TAKER = 2
    LOSER = 3
    WINNER_GNOMES = 4
    TROLL_POOL = 5
    DISCARD = 6


#: FOLLOWABLE[lead_faction][holds_lead] = factions that may follow
FOLLOWABLE = {lf: {holds: frozenset(f for f in Faction if may_follow(f, lf, holds)) for holds in (False, True)}
              for lf in Faction}
#: Every set of factions a hand can hold (the domain of ``holds_faction`` up to order and repeats).
FACTION_SETS = tuple(frozenset(s) for k in range(len(Faction) + 1) for s in combinations(Faction, k))
#: HOLDS_LEAD[lead_faction] = the factions of which one card makes a hand hold the led faction:
#: ``holds_faction`` is an Or over the hand's cards, so it holds of a set of factions exactly when it
#: holds of one of them (as :data:`HOLDING` says of cards).
HOLDS_LEAD = {lf: frozenset(f for f in Faction if holds_faction([f], lf)) for lf in Faction}
#: FOLLOW_BY_HELD[lead_faction][factions held] = factions that may follow:
#: ``may_follow`` with ``holds_faction`` evaluated on the held factions. One
#: lookup per follow instead of a scan of the hand through the vocabulary. Read from
#: :data:`HOLDS_LEAD`, not by ``holds_faction`` on each of the 1,024 sets (a fifth of the Claim
#: engine's import); the tests compare it with ``holds_faction`` on every set.
FOLLOW_BY_HELD = {lf: {held: FOLLOWABLE[lf][not HOLDS_LEAD[lf].isdisjoint(held)] for held in FACTION_SETS}
                  for lf in Faction}
#: HOLDING[lead_faction] = the cards that make a hand hold the led faction: ``holds_faction`` is
#: true of a hand exactly when it is true of one of its cards (it is an Or over the hand's cards),
#: so these are the cards of the factions in :data:`HOLDS_LEAD`.
HOLDING = {lf: frozenset(c for c in _ALL_CARDS if c.faction in HOLDS_LEAD[lf]) for lf in Faction}
#: FOLLOWERS[lead_faction][holds_lead] = the cards that may follow (``may_follow`` of their faction):
#: with :data:`HOLDING`, a hand's follows are filtered in one pass of set look-ups, card by card.
FOLLOWERS = {lf: {holds: frozenset(c for c in _ALL_CARDS if c.faction in FOLLOWABLE[lf][holds])
                  for holds in (False, True)} for lf in Faction}
#: RESTRICTS[lead_faction][holds_lead] = does :data:`FOLLOWERS` leave out any card? When it does not
#: (a hand without the led faction may follow with anything, ``claim.follow-suit``), a follow is
#: listed like a lead, without the filter (decision record 0044).
RESTRICTS = {lf: {holds: not FOLLOWERS[lf][holds].issuperset(_ALL_CARDS) for holds in (False, True)} for lf in Faction}
#: RANK[lead_faction][card] = card_rank(card, lead_faction)
RANK = {lf: {c: card_rank(c.faction, c.value, lf) for c in _ALL_CARDS} for lf in Faction}
#: DESTINATIONS[players][phase][faction] = powers.played_card_destinations(phase, faction, players)
DESTINATIONS = {n: {ph: {f: played_card_destinations(ph, f, n) for f in Faction} for ph in (PHASE_ONE, PHASE_TWO)}
                for n in (2, 3, 4)}
#: The zone (powers.PLAYED_ZONES) whose flag holds, per players, phase and faction.
ZONE = {n: {ph: {f: PlayedZone(next(z for z, flag in enumerate(flags) if flag)) for f, flags in table.items()}
            for ph, table in by_phase.items()} for n, by_phase in DESTINATIONS.items()}
#: COUNTS_AS_LEAD[lead_faction][faction] = powers.counts_as_lead(faction, lead_faction)
COUNTS_AS_LEAD = {lf: {f: counts_as_lead(f, lf) for f in Faction} for lf in Faction}
#: SEER_PEEKS[winning card's faction] = powers.seer_peeks(PHASE_ONE, faction): may the winner peek and choose?
SEER_PEEKS = {f: seer_peeks(PHASE_ONE, int(f)) for f in Faction}
#: The zones by short name (the engine's hot loops compare with them).
W_SCORE, DWARF_TAKER, LOSER, W_GNOMES, TROLL_POOL, DISCARD = PlayedZone


def play(seat: int, card: Card) -> Play:
    """The (interned) action of ``seat`` playing ``card``; a ``ValueError`` names a bad seat or card."""
    plays = _SEAT_PLAYS[seat] if type(seat) is int and 0 <= seat < len(_SEAT_PLAYS) else None
    found = plays.get(card) if plays is not None and type(card) is Card else None
    return found if found is not None else Play(seat, card)  # a seat beyond 3: still an action check() refuses


def take(seat: int, card: Card | None) -> Take:
    """The (interned) action of seat ``seat`` taking face-up ``card`` (None: the peeked deck card)."""
    takes = _SEAT_TAKES[seat] if type(seat) is int and 0 <= seat < len(_SEAT_TAKES) else None
    found = takes.get(card) if takes is not None and (card is None or type(card) is Card) else None
    return found if found is not None else Take(seat, card)


def crush(seat: int, *gnomes: Card) -> Crush:
    """Seat ``seat`` crushes ``gnomes`` (sorted; may be none)."""
    if not all(type(g) is Card for g in gnomes):
        raise ValueError(f"crush: every Gnome must be a Card, not {gnomes!r}")
    return Crush(seat, sorted_cards(gnomes))



_faction = attrgetter("faction")
_DRAGON = Faction.DRAGON


def followable(hand: tuple[Card, ...], lead_faction: Faction) -> frozenset[Faction]:
    """The factions a hand may follow ``lead_faction`` with (``holds_faction`` and
    ``may_follow`` via :data:`FOLLOW_BY_HELD`)."""
    return FOLLOW_BY_HELD[lead_faction][frozenset(map(_faction, hand))]


def sorted_cards(cards: Any) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_SORT_KEY.__getitem__))


class RuleTable(dict[K, V], Generic[K, V]):
    """A table of a rule function over a finite domain too large to build at
    import (every rank tuple of a four-player trick): each entry is the rule
    function's own value, computed the first time the key is looked up and
    kept. ``tests/claim/test_tables.py`` walks the whole domain and compares
    every entry with a direct call."""

    def __init__(self, rule: Callable[[K], V]) -> None:
        super().__init__()
        self.rule = rule

    def __missing__(self, key: K) -> V:
        value = self[key] = self.rule(key)
        return value


def _winner_of(ranks: tuple[int, ...]) -> int:
    """The position whose card ``takes_trick``."""
    # exactly one position does: proofs/claim/table_winner.py (claim-combined.trick-winner.unique)
    return next(p for p in range(len(ranks)) if takes_trick(p, ranks))


#: WINNER_BY_RANKS[ranks in play order] = the winning position (``takes_trick``).
WINNER_BY_RANKS: RuleTable[tuple[int, ...], int] = RuleTable(_winner_of)


def winning_position(cards: tuple[Card, ...]) -> int:
    """The position (0 = the lead) of the card that takes the trick: ``card_rank``
    via :data:`RANK`, then ``takes_trick`` via :data:`WINNER_BY_RANKS`."""
    rank = RANK[cards[0].faction]
    return WINNER_BY_RANKS[tuple([rank[c] for c in cards])]


#: WINNER_OF_PAIR[(lead, follow)] = the winning position of a two-card trick (:func:`winning_position`:
#: ``card_rank`` and ``takes_trick``), one lookup for every trick of a two-player game; at most one
#: entry per pair of the cards of Claim and Claim 2.
WINNER_OF_PAIR: RuleTable[tuple[Card, ...], int] = RuleTable(winning_position)


def _next_leader_of(dragons: tuple[bool, ...], winner: int) -> int:
    """``leads_next`` evaluated on Dragon flags: a flagged position holds a Dragon,
    any other a non-Dragon (the predicate compares factions with DRAGON only;
    the table test checks every faction tuple)."""
    factions = [DRAGON if d else GOBLIN for d in dragons]
    leaders = [p for p in range(len(dragons)) if leads_next(p, factions, winner)]
    if len(leaders) != 1:  # ruled out by proofs/claim/draw_order.py (dragons_lead)
        raise AssertionError(f"leads_next names {leaders} for {dragons}, winner {winner}")
    return leaders[0]


#: NEXT_LEADER[which positions hold a Dragon][winning position] = the position
#: that leads the next trick (``leads_next``), for 2, 3 and 4 cards.
NEXT_LEADER = {dragons: tuple(_next_leader_of(dragons, w) for w in range(len(dragons)))
               for n in (2, 3, 4) for dragons in product((False, True), repeat=n)}
#: IS_DRAGON[card] = is it a Dragon (the only fact of a card ``leads_next`` reads).
IS_DRAGON = {c: c.faction == DRAGON for c in _ALL_CARDS}


def next_leader_position(variant: Variant, cards: tuple[Card, ...], winner_position: int) -> int:
    """``leads_next``: the latest Dragon's player, else the winner (``claim2.dragons``).

    Without Dragons in the deck the predicate reduces to the winner, so it is
    not looked up (Claim keeps its speed)."""
    if _DRAGON not in variant.factions:
        return winner_position
    return NEXT_LEADER[tuple(map(IS_DRAGON.__getitem__, cards))][winner_position]


def _draws_first(a: tuple[int, bool, int], b: tuple[int, bool, int]) -> int:
    return 0 if a == b else (-1 if draws_before(*a, *b) else 1)


#: Every fact of a player in a 3–4 player phase-one trick: (position, counts as lead, value).
DRAW_FACTS = tuple((p, led, value) for p in range(4) for led in (False, True) for value in range(10))
#: DRAW_RANK[fact] = its place in the order ``draws_before`` puts all of
#: :data:`DRAW_FACTS` in (a strict total order: the table test compares
#: ``DRAW_RANK[a] < DRAW_RANK[b]`` with ``draws_before(*a, *b)`` for every
#: pair), so sorting a trick's players by it is sorting them by ``draws_before``.
DRAW_RANK = {fact: i for i, fact in enumerate(sorted(DRAW_FACTS, key=cmp_to_key(_draws_first)))}


def _dwarves_taker_of(values: tuple[int, ...]) -> int:
    """The position that ``takes_dwarves`` (exactly one)."""
    # exactly one position does: proofs/claim/powers.py (dwarves_one_taker)
    return next(p for p in range(len(values)) if takes_dwarves(p, values))


#: DWARVES_TAKER[card values in play order] = the position that takes the
#: trick's Dwarves with 3–4 players (``takes_dwarves``).
DWARVES_TAKER: RuleTable[tuple[int, ...], int] = RuleTable(_dwarves_taker_of)


def _troll_taken_of(key: tuple[int, frozenset[int], bool]) -> bool:
    """Does the winner take the Troll of ``value`` from a pool where the other Trolls have ``others``?"""
    value, others, last = key
    return bool(troll_destinations(value, sorted(others), last)[0])


#: TROLL_TAKEN[(a Troll's value, the other pool Trolls' values, is this the
#: game's last trick)] = does it go to the winner's score pile
#: (``troll_destinations``; else it waits)? Trolls have distinct values 0–9,
#: and the predicate compares the value with each other one, so the others
#: are a set: the domain is 10 x 2^9 x 2 keys.
TROLL_TAKEN: RuleTable[tuple[int, frozenset[int], bool], bool] = RuleTable(_troll_taken_of)


def trick_winner(leader: int, cards: tuple[Card, ...]) -> tuple[int, int]:
    """(the winning card's position in play order, the winner's seat) of a full trick led by ``leader``."""
    wp = WINNER_OF_PAIR[cards] if len(cards) == 2 else winning_position(cards)
    return wp, (leader + wp) % len(cards)


#: A two-player trick's facts that its two cards decide: (winning position, the position that leads
#: next, the cards to the winner's score pile, to the loser's, to the discard, whether anything else
#: happens: in phase one a Seer's win, in phase two a Gnome laid out, a Troll pooled or a Giant played).
#: Two-player tricks without such a card are resolved from this one look-up (decision record 0044).
PairTrick = tuple[int, int, tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], bool]


def _pair_trick(phase: Phase, cards: tuple[Card, ...]) -> PairTrick:
    """What a two-player trick of ``cards`` (lead first) in ``phase`` decides by its cards alone:
    :func:`winning_position` (``card_rank``, ``takes_trick``), ``leads_next``'s position (via
    :data:`NEXT_LEADER`), and where each card goes (``played_card_destinations`` via :data:`ZONE`)."""
    wp = winning_position(cards)
    zone = ZONE[2][phase]
    to_winner = tuple([c for c in cards if zone[c.faction] is W_SCORE])
    to_loser = tuple([c for c in cards if zone[c.faction] is LOSER])
    discarded = tuple([c for c in cards if zone[c.faction] is DISCARD])
    if phase is PHASE_ONE:  # a card neither scored nor discarded, or a choice to follow (claim2.seers)
        special = len(to_winner) + len(discarded) < len(cards) or bool(SEER_PEEKS[cards[wp].faction])
    else:  # a Gnome laid out, a Troll pooled, or a Giant's crush to follow (claim2.giants)
        special = (len(to_winner) + len(to_loser) + len(discarded) < len(cards)
                   or any(c.faction is Faction.GIANT for c in cards))
    return wp, NEXT_LEADER[tuple(map(IS_DRAGON.__getitem__, cards))][wp], to_winner, to_loser, discarded, special


#: PAIR_TRICK[phase][(lead, follow)] = :func:`_pair_trick`, filled on first look-up.
PAIR_TRICK: dict[Phase, RuleTable[tuple[Card, ...], PairTrick]] = {
    phase: RuleTable(partial(_pair_trick, phase)) for phase in (PHASE_ONE, PHASE_TWO)}
