"""What a seat holds, counted and written: the "per" counts of its duchy and Victory stack
(:func:`count`, valeria.citizens.references), and the small edits of a seat's board (gains, payments)
that every step of :mod:`rules.valeria.engine`, :mod:`rules.valeria.harvest` and
:mod:`rules.valeria.effects` makes. The copies of the state and board made at (nearly) every step are
written out once for their fields (:func:`rules.kernel.construct.copier`, decision 0040); each module
keeps its own, those shared by several live here. Nothing here decides: these are the reads and writes
the rules' functions are made of.
"""

from __future__ import annotations

from functools import cache

from rules.kernel.construct import copier
from rules.kernel.registry import implements
from rules.valeria.cards import Amount, Counter, Gain
from rules.valeria.data import Index, index
from rules.valeria.predicates import role_icons
from rules.valeria.state import Seat, State


def _I() -> Index:
    return index()

# The copies this module makes, each written out once for its fields (as in
# :mod:`rules.valeria.holdings`, decision 0040) and called positionally.
# =========================================================================== small state edits

# The copies made at (nearly) every step, each written out once for its fields
# (:func:`rules.kernel.construct.copier`, decision 0040) and called positionally, the new values
# in the order named: this skips :func:`~rules.valeria.state.replace`'s keyword arguments and its
# look-up of the copier, which cost about as much as the copy itself. Those only one module
# makes are that module's.
_set_seats = copier(State, "seats")
set_board = copier(Seat, "gold", "strength", "magic", "vp")
_set_paid = copier(Seat, "gold", "strength", "magic")
set_pending = copier(State, "pending")


# =========================================================================== counting


@implements("valeria.citizens.references", "valeria.symbols.per", "valeria.citizens.role-and-type-icon",
            "valeria.citizens.card-names", "valeria.cards.types", "valeria.dukes.role-icons",
            "valeria.variants.events.scoring")
def count(state: State, seat: int, counter: Counter) -> int:
    """What a "per" counts in ``seat``'s duchy or Victory stack (valeria.citizens.references):
    citizens with a role (citizens only, ruling O9), cards of a name (the starter of that
    name included), citizens, domains or monsters, monsters of an area or type, and for
    dukes role icons on citizens and domains (valeria.scoring.duke-icons). A slain Monster Event
    is a monster of its types and of no area (valeria.variants.events.scoring)."""
    ix = _I()
    s = state.seats[seat]
    kind, value = counter.kind, counter.value
    if kind == "role":
        return sum(n for k, n in zip(state.citizen_kinds, s.citizens, strict=True) if ix.citizens[k].role == value)
    if kind == "role_icon":
        return int(role_icons(tuple(ix.citizens[k].role for k in state.citizen_kinds), s.citizens,
                              tuple(r for d in s.domains for r in ix.domains[d].roles), value))
    if kind == "name":
        own = sum(n for k, n in zip(state.citizen_kinds, s.citizens, strict=True) if k == value)
        return own + len(ix.named_starters.get(value, ()))
    if kind == "card_type":
        if value == "citizen":  # starters are another card type (ruling O19)
            return sum(s.citizens)
        if value == "domain":
            return len(s.domains)
        return len(s.monsters)
    if kind == "area":
        return sum(1 for m in s.monsters if ix.monsters[m].area == value)
    if kind == "monster_type":
        return sum(1 for m in s.monsters if value in ix.monsters[m].types)
    raise ValueError(f"unknown counter {kind!r}")  # the card loader admits no other


def owns_domain(state: State, seat: int, domain: str) -> bool:
    return domain in state.seats[seat].domains


def copies_owned(state: State, seat: int, stack: int) -> int:
    """The cards of ``stack``'s citizen name ``seat`` owns, the starter of that name
    included (= count(name: kind)): the "+" of the recruit price (valeria.recruit.cost-per-copy)."""
    return state.seats[seat].citizens[stack] + citizen_base(state.citizen_kinds[stack])[1]


@cache
def citizen_base(kind: str) -> tuple[int, int]:
    """(printed base cost, starters of the same name) of the citizen ``kind``: the part of its
    recruit price no state changes (valeria.recruit.cost-per-copy), read from the card data once."""
    ix = _I()
    return ix.citizens[kind].cost, len(ix.named_starters.get(kind, ()))


# =========================================================================== small state edits

# The copies made at (nearly) every step, each written out once for its fields
# (:func:`rules.kernel.construct.copier`, decision 0040) and called positionally, the new values
# in the order named: this skips :func:`~rules.valeria.state.replace`'s keyword arguments and its
# look-up of the copier, which cost about as much as the copy itself. Those only one module
# makes are that module's.
_set_seats = copier(State, "seats")
set_board = copier(Seat, "gold", "strength", "magic", "vp")
_set_paid = copier(Seat, "gold", "strength", "magic")
set_pending = copier(State, "pending")


def with_seat(state: State, i: int, seat: Seat) -> State:
    seats = list(state.seats)
    seats[i] = seat
    return _set_seats(state, tuple(seats))


def credit(seat: Seat, amount: Amount, times: int = 1) -> Seat:
    if times == 0:
        return seat
    return set_board(seat, seat.gold + amount.gold * times, seat.strength + amount.strength * times,
                      seat.magic + amount.magic * times, seat.vp + amount.vp * times)


def debit(seat: Seat, gold: int = 0, strength: int = 0, magic: int = 0) -> Seat:
    return _set_paid(seat, seat.gold - gold, seat.strength - strength, seat.magic - magic)


def affords(seat: Seat, amount: Amount) -> bool:
    return seat.gold >= amount.gold and seat.strength >= amount.strength and seat.magic >= amount.magic


def gain_times(state: State, seat: int, gain: Gain) -> int:
    """How many times ``gain`` pays ``seat`` once: what its "per" counts, else once. A count
    reads cards, never resources, so gains made before it do not change it."""
    return count(state, seat, gain.per) if gain.per is not None else 1
