"""What a card costs and every way to pay it: the recruit price (valeria.recruit.cost-per-copy,
Emerald Stronghold), the build price and role requirements (valeria.build.cost,
valeria.build.requirements), a monster's cost (valeria.slay.pay-strength), and the payment splits the
proven predicates admit (:func:`~rules.valeria.predicates.gold_payment_ok`,
:func:`~rules.valeria.predicates.slay_payment_ok`, proved in :mod:`proofs.valeria.payment`). The
offers made of them (recruit, build and slay actions) are tables read once per moment and shared
(decisions 0043, 0047); the Action phase's list is :mod:`rules.valeria.offers`'.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rules.kernel.registry import implements
from rules.valeria import events
from rules.valeria.data import Index, index
from rules.valeria.holdings import citizen_base, owns_domain
from rules.valeria.predicates import gold_payment_ok, recruit_price, slay_payment_ok
from rules.valeria.state import Action, Kind, Payment, Seat, State

# Domains whose power the engine looks for by ID (their text is a `special` rule of the spec).
EMERALD = "emerald-stronghold"
PRATCHETT = "pratchetts-plateau"


def _I() -> Index:
    return index()


@implements("valeria.recruit.choose", "valeria.recruit.duchy", "valeria.recruit.cost-per-copy",
            "valeria.cards.emerald-stronghold", "valeria.citizens.names")
def price_of(state: State, seat: int, stack: int, ignore_plus: bool | None = None) -> int:
    """The recruit price of ``stack``'s citizen for ``seat``: base cost + copies owned,
    without the "+" for an owner of Emerald Stronghold."""
    if ignore_plus is None:
        ignore_plus = EMERALD in state.seats[seat].domains
    return citizen_price(state.citizen_kinds[stack], state.seats[seat].citizens[stack], ignore_plus)


@cache
def citizen_price(kind: str, owned: int, ignore_plus: bool) -> int:
    """The recruit price of the citizen ``kind`` for a seat owning ``owned`` copies of it (its
    starters of that name added here): the proven :func:`~rules.valeria.predicates.recruit_price`,
    evaluated once per card, copies owned and Emerald Stronghold."""
    cost, starters = citizen_base(kind)
    return int(recruit_price(cost, owned + starters, ignore_plus))


@implements("valeria.build.requirements", "valeria.citizens.role-uses", "valeria.domains.starters-no-roles")
def roles_met(state: State, seat: int, domain: str, have: dict[str, int] | None = None) -> bool:
    """The duchy's citizens cover the domain's role icons with multiplicity; starters have
    no role and domains' icons do not count (ruling O9). ``have``: :func:`role_counts`, if known."""
    if have is None:
        have = role_counts(state, seat)
    for role, n in roles_needed(domain):
        if have.get(role, 0) < n:
            return False
    return True


@cache
def roles_needed(domain: str) -> tuple[tuple[str, int], ...]:
    """(role, how many) of the role icons ``domain`` needs (valeria.build.requirements), counted once per card."""
    need = _I().domains[domain].roles
    return tuple((role, need.count(role)) for role in dict.fromkeys(need))


def role_counts(state: State, seat: int) -> dict[str, int]:
    """Citizens of ``seat`` per role icon (starters have none); read, never changed. Read once per
    seat's citizens (:data:`_ROLE_COUNTS`, keyed by the identity of its citizens and the center's
    kinds, as :func:`slay_targets`): the Action phase asks it at most steps, a recruit changes it."""
    owned, kinds = state.seats[seat].citizens, state.citizen_kinds
    known = _ROLE_COUNTS[0]
    if known[0] is owned and known[1] is kinds:
        return known[2]
    out: dict[str, int] = {}
    for role, n in zip(citizen_roles(kinds), owned, strict=True):
        if n:
            out[role] = out.get(role, 0) + n
    _ROLE_COUNTS[0] = (owned, kinds, out)
    return out


#: The citizens and kinds :func:`role_counts` read last and its answer, as one triple replaced whole;
#: the entry keeps them alive, so their identities are no other objects' while it stands.
_ROLE_COUNTS: list[tuple[Any, Any, dict[str, int]]] = [(None, None, {})]


@cache
def citizen_roles(kinds: tuple[str, ...]) -> tuple[str, ...]:
    """The role icon of each citizen kind of the center (valeria.citizens.role-and-type-icon), read once per game's kinds."""
    return tuple(_I().citizens[kind].role for kind in kinds)


@implements("valeria.build.cost", "valeria.cards.pratchetts-plateau")
def build_price(state: State, seat: int, domain: str) -> int:
    """The domain's gold cost, 1 less for an owner of Pratchett's Plateau, never below 1 (ruling)."""
    return domain_price(domain, owns_domain(state, seat, PRATCHETT))


@cache
def domain_price(domain: str, discount: bool) -> int:
    """:func:`build_price` of ``domain`` for a seat with (``discount``) or without Pratchett's Plateau,
    evaluated once per card."""
    return max(1, _I().domains[domain].cost - (1 if discount else 0))


@cache
def gold_payments(price: int, gold: int, magic: int) -> tuple[Payment, ...]:
    """Every (gold, magic) split of a gold ``price`` a seat holding ``gold`` and ``magic`` may pay:
    the candidates filtered by :func:`~rules.valeria.predicates.gold_payment_ok`, the predicate
    :mod:`proofs.valeria.payment` proves (valeria.resources.magic-substitute). Callers clamp the
    holdings to the price (more than the price cannot be paid), so the table stays small."""
    return tuple(Payment(gold=g, magic=price - g) for g in range(price + 1)
                 if gold_payment_ok(price, g, price - g, gold, magic))


@cache
def slay_payments(strength_cost: int, magic_cost: int, strength: int, magic: int) -> tuple[Payment, ...]:
    """Every (strength, magic) payment for a monster costing ``strength_cost`` strength and
    ``magic_cost`` magic: the candidates filtered by the proven
    :func:`~rules.valeria.predicates.slay_payment_ok` (valeria.slay.pay-strength)."""
    total = strength_cost + magic_cost
    return tuple(Payment(strength=x, magic=total - x) for x in range(total + 1)
                 if slay_payment_ok(strength_cost, magic_cost, x, total - x, strength, magic))


def slay_targets(state: State) -> tuple[tuple[str, int, int], ...]:
    """(card, strength cost, magic cost) of every face-up monster: the tops of the monster
    stacks and, with Monster Events, the events in the center (valeria.variants.events.revealed),
    their cost raised by the tokens on them (valeria.variants.events.cost-tokens). Read once per
    center (the monster stacks and the events' part, which only a slay, a return or an event
    changes: :data:`_TARGETED`, decision 0043)."""
    known, targets = _TARGETED[0]
    if known[0] is state.monsters and known[1] is state.events and known[2] is state.areas:
        return targets
    listed = [(area, *monster_cost(stack[0])) for area, stack in zip(state.areas, state.monsters, strict=True) if stack]
    if state.events is not None:
        listed = [(card, *events.slay_cost(state, card)) for card, _, _ in listed]
        listed.extend((e, *events.slay_cost(state, e)) for _, e in events.events_in_play(state))
    targets = tuple(listed)
    _TARGETED[0] = ((state.monsters, state.events, state.areas), targets)
    return targets


#: The center :func:`slay_targets` read last (its monster stacks, events' part and areas) and its
#: answer, as one pair replaced whole; the entry keeps them alive, so their identities are no other's.
_TARGETED: list[tuple[tuple[Any, Any, Any], tuple[tuple[str, int, int], ...]]] = [((None, None, None), ())]


@cache
def monster_cost(monster: str) -> tuple[int, int]:
    """(strength cost, magic cost) printed on ``monster`` (valeria.slay.pay-strength), read once per card."""
    m = _I().monsters[monster]
    return m.strength, m.magic


@cache
def recruit_actions(seat: int, card: str, price: int, gold: int, magic: int) -> tuple[Action, ...]:
    """Every recruit of the citizen ``card`` by ``seat`` at ``price``, one per payment split of
    :func:`gold_payments` (holdings clamped to the price by the caller). The same moment recurs
    across a game and across games, so the actions are made once and shared (they are
    immutable): the enumeration then costs a table lookup per center card."""
    return tuple(Action(Kind.RECRUIT, seat, card, pay=pay) for pay in gold_payments(price, gold, magic))


@cache
def build_actions(seat: int, card: str, price: int, gold: int, magic: int) -> tuple[Action, ...]:
    """Every build of the domain ``card`` by ``seat`` at ``price`` (as :func:`recruit_actions`)."""
    return tuple(Action(Kind.BUILD, seat, card, pay=pay) for pay in gold_payments(price, gold, magic))


@cache
def slay_actions(seat: int, card: str, strength_cost: int, magic_cost: int, strength: int,
                 magic: int) -> tuple[Action, ...]:
    """Every slay of the face-up monster ``card`` by ``seat``, one per payment of
    :func:`slay_payments` (holdings clamped to the cost by the caller), made once and shared."""
    return tuple(Action(Kind.SLAY, seat, card, pay=pay)
                 for pay in slay_payments(strength_cost, magic_cost, strength, magic))


def slay_options(state: State, seat: Seat) -> tuple[Action, ...]:
    """Every payment for every face-up monster (:func:`slay_targets`, :func:`slay_payments`); none
    at all for a seat without strength, as every payment holds at least one real strength
    (:func:`~rules.valeria.predicates.slay_payment_ok`), and none looked up for a monster whose
    whole cost the seat's strength and magic together do not reach, or whose magic cost its magic
    does not: the proven predicate admits no payment then (a test checks, decision 0043)."""
    strength = seat.strength
    if strength < 1:
        return ()
    out: list[Action] = []
    add_slays(out, state, state.active, strength, seat.magic)
    return tuple(out)


def add_slays(out: list[Action], state: State, me: int, strength: int, magic: int) -> None:
    """:func:`slay_options`' payments of ``me`` (``strength``, at least 1, and ``magic``) added to ``out``."""
    for card, sc, mc in slay_targets(state):
        total = sc + mc
        if strength + magic >= total and magic >= mc:
            out += slay_actions(me, card, sc, mc, strength if strength < total else total,
                                magic if magic < total else total)


def face_up_domains(stacks: tuple[tuple[str, ...], ...], discount: bool
                    ) -> tuple[tuple[str, int, tuple[tuple[str, int], ...]], ...]:
    """(domain, :func:`domain_price`, :func:`roles_needed`) of the face-up domain of every stack that has
    one, with or without Pratchett's Plateau (``discount``): read once per domain row (only a build
    changes it), as :func:`slay_targets` reads the face-up monsters (:data:`_FACE_UP_DOMAINS`, decision
    0047). The Action phase tests the role icons against the seat's roles as :func:`roles_met` does (a
    test compares the builds offered with that predicate)."""
    known, listed = _FACE_UP_DOMAINS[0]
    if known[0] is stacks and known[1] is discount:
        return listed
    listed = tuple((stack[0], domain_price(stack[0], discount), roles_needed(stack[0])) for stack in stacks if stack)
    _FACE_UP_DOMAINS[0] = ((stacks, discount), listed)
    return listed


#: The domain row and discount :func:`face_up_domains` read last and its answer, as one pair replaced
#: whole; the entry keeps the row alive, so its identity is no other's while it stands.
_FACE_UP_DOMAINS: list[tuple[tuple[Any, bool], tuple[tuple[str, int, tuple[tuple[str, int], ...]], ...]]] = [
    ((None, False), ())]


#: How many copies owned the price rows of :func:`citizen_price_rows` cover (more than a stack holds;
#: beyond it the price is :func:`citizen_price` itself).
PRICE_ROW = 16


@cache
def citizen_price_rows(kinds: tuple[str, ...], ignore_plus: bool) -> tuple[tuple[int, ...], ...]:
    """Per citizen kind of the center, :func:`citizen_price` for 0 to ``PRICE_ROW - 1`` copies owned,
    with or without Emerald Stronghold (:func:`citizen_price_row`): one table per game's kinds, so the
    Action phase's offers read a price by two indexings instead of a call per card (decision 0047)."""
    return tuple(citizen_price_row(kind, ignore_plus) for kind in kinds)


@cache
def citizen_price_row(kind: str, ignore_plus: bool) -> tuple[int, ...]:
    """:func:`citizen_price` of ``kind`` for 0 to ``PRICE_ROW - 1`` copies owned, read once per card."""
    return tuple(citizen_price(kind, n, ignore_plus) for n in range(PRICE_ROW))
