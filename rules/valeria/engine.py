"""The flow of a Valeria base game: one pure function per rule, and the two
entry points the game object uses (:func:`legal_actions`, :func:`successor`); why an
action is illegal is :mod:`rules.valeria.violations`' (decision 0023). The variant's own
steps are hooks of ``State.flow``, chosen once by :func:`rules.valeria.flows.flow_of` and
put on the state by :func:`initial_state`, so no function here asks which game it plays.

A turn is Roll (a chance node, then the active seat's die changes) → Harvest
(the active Thief first, then every seat's choices, independent of each other:
``Turn.simultaneous``, decision 0011) → Action (two actions; every choice an
action opens is a pending :class:`~rules.kernel.decisions.Decision`) → End
(end trigger, equal turns). Plain gains are applied by the engine (the book
gives no choice); every choice the book gives a seat is an explicit action.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from itertools import compress
from typing import Any, cast

import attrs

from rules.kernel.construct import copier
from rules.kernel.decisions import Decision, push
from rules.kernel.registry import implements
from rules.valeria import events
from rules.valeria.cards import (
    Amount,
    Choice,
    Counter,
    Domain,
    Effect,
    Exchange,
    ExtraAction,
    Gain,
    GainCitizen,
    LowerDie,
    SetDie,
    Special,
    Take,
)
from rules.valeria.data import Index, branch_labels, index
from rules.valeria.predicates import (
    activations,
    duke_resource_vp,
    duke_vp,
    end_triggered,
    gold_payment_ok,
    herald_activations,
    recruit_price,
    role_icons,
    slay_payment_ok,
)
from rules.valeria.state import (
    ACTIONS,
    DICE,
    DRAW,
    DUKES,
    EVENTS,
    HARVEST,
    OVER,
    RESOURCES,
    ROLL,
    Action,
    ActionKind,
    Flow,
    HarvestItem,
    Kind,
    Payment,
    Seat,
    Setup,
    State,
    replace,
)
from rules.valeria.variants import (
    citizen_stack_size,
    citizen_stacks_exhausted,
    citizens_on_top,
    monster_stack,
    put_back,
    resting_seat,
    taken_top,
    targetable,
)

ACTIONS_PER_TURN = 2
VP_FOR_RETURN = 3  # Watcher on the Water, Nest of the Weaver Witch (card text)
HERALD = "herald"
ON, OFF = "on", "off"

# Domains whose power the engine looks for by ID (their text is a `special` rule of the spec).
EMERALD = "emerald-stronghold"
PRATCHETT = "pratchetts-plateau"
GARGAN = "gargans-embrace"
SPECIAL_DECISIONS = {"valeria.cards.watcher-on-the-water": "watcher",
                     "valeria.cards.nest-of-the-weaver-witch": "nest",
                     "valeria.cards.purloiners-perch": "purloin"}
ONGOING_SPECIALS = frozenset({"valeria.cards.emerald-stronghold", "valeria.cards.pratchetts-plateau",
                              "valeria.cards.gargans-embrace"})


def _I() -> Index:
    return index()


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
# look-up of the copier, which cost about as much as the copy itself.
_set_seats = copier(State, "seats")
_set_board = copier(Seat, "gold", "strength", "magic", "vp")
_set_paid = copier(Seat, "gold", "strength", "magic")
_set_hired = copier(Seat, "gold", "magic", "citizens")
_set_roll = copier(State, "dice", "rolled", "used")
_set_harvest_start = copier(State, "phase", "harvest", "pending")
_set_harvested = copier(State, "phase", "seats", "harvest", "pending")
_set_seats_harvest = copier(State, "seats", "harvest")
_set_action_phase = copier(State, "phase", "actions_left", "harvest", "closing")
_set_rolled_harvest = copier(State, "dice", "rolled", "used", "phase", "seats", "harvest", "pending")
_set_rolled_actions = copier(State, "dice", "rolled", "used", "phase", "seats", "harvest", "pending", "actions_left",
                             "closing")
_set_pending = copier(State, "pending")
_set_slayer = copier(Seat, "gold", "strength", "magic", "monsters")
_set_rewarded_slayer = copier(Seat, "gold", "strength", "magic", "vp", "monsters")
_set_slain = copier(State, "monsters", "seats", "actions_left")
_set_builder = copier(Seat, "gold", "magic", "domains")
_set_built = copier(State, "domains", "seats", "actions_left")
_set_citizen_taken = copier(State, "seats", "citizen_counts", "citizen_stacks", "actions_left")
_set_closing = copier(State, "closing")
_set_actions_left = copier(State, "actions_left")
_set_seats_actions_left = copier(State, "seats", "actions_left")
_set_over = copier(State, "phase", "end_triggered", "actions_left", "closing")
_set_next_turn = copier(State, "active", "resting", "phase", "turns", "end_triggered", "dice", "rolled", "used",
                          "harvest", "actions_left", "closing")


def with_seat(state: State, i: int, seat: Seat) -> State:
    seats = list(state.seats)
    seats[i] = seat
    return _set_seats(state, tuple(seats))


def credit(seat: Seat, amount: Amount, times: int = 1) -> Seat:
    if times == 0:
        return seat
    return _set_board(seat, seat.gold + amount.gold * times, seat.strength + amount.strength * times,
                      seat.magic + amount.magic * times, seat.vp + amount.vp * times)


def _pay(seat: Seat, gold: int = 0, strength: int = 0, magic: int = 0) -> Seat:
    return _set_paid(seat, seat.gold - gold, seat.strength - strength, seat.magic - magic)


def affords(seat: Seat, amount: Amount) -> bool:
    return seat.gold >= amount.gold and seat.strength >= amount.strength and seat.magic >= amount.magic


def gain_times(state: State, seat: int, gain: Gain) -> int:
    """How many times ``gain`` pays ``seat`` once: what its "per" counts, else once. A count
    reads cards, never resources, so gains made before it do not change it."""
    return count(state, seat, gain.per) if gain.per is not None else 1


@implements("valeria.exhausted.replace", "valeria.exhausted.last-card", "valeria.variants.events.exhausted")
def exhausted(state: State) -> int:
    """The exhausted center stacks: the empty ones (valeria.exhausted.replace), also where a
    Monster Event lies in the stack's place (valeria.variants.events.exhausted)."""
    return state.monsters.count(()) + citizen_stacks_exhausted(state) + state.domains.count(())


# =========================================================================== setup


@implements("valeria.setup.player-boards", "valeria.setup.starters", "valeria.setup.monster-stack-order",
            "valeria.setup.citizen-rows", "valeria.setup.domain-row", "valeria.setup.exhausted-stack",
            "valeria.setup.first-player", "valeria.setup.players", "valeria.setup.center-grid",
            "valeria.setup.no-events", "valeria.symbols.five-players", "valeria.cards.limit",
            "valeria.variants.five-players.stacks", "valeria.variants.five-players.resting-player",
            "valeria.variants.random-citizens.setup", "valeria.variants.events.setup")
def initial_state(setup: Setup, flow: Flow) -> State:
    """The center stacks from the setup, each seat with 2 gold, 1 magic, no strength or VP
    and its three starters (valeria.setup.player-boards, valeria.setup.starters), the first
    player active; the seats then keep one of their two dukes (valeria.setup.dukes). With
    five players the stacks are larger and the seat right of the first player rests
    (valeria.variants.five-players.*). ``flow`` holds the variant's hooks
    (:func:`rules.valeria.flows.flow_of`)."""
    seats = tuple(Seat(gold=2, strength=0, magic=1, vp=0, citizens=(0,) * len(setup.citizens), domains=(),
                       monsters=(), dealt=pair, duke=None) for pair in setup.dukes)
    n = setup.players
    dealt = setup.random_citizens
    stacks = tuple(tuple(setup.citizens.index(k) for k in st) for st in dealt.stacks) if dealt is not None else None
    counts = (tuple(sum(st.count(i) for st in stacks) for i in range(len(setup.citizens))) if stacks is not None
              else (citizen_stack_size(n),) * len(setup.citizens))
    return events.initial(State(players=n, first=setup.first, areas=setup.areas,
                                monsters=tuple(monster_stack(a, n) for a in setup.areas),
                                citizen_kinds=setup.citizens, citizen_counts=counts, domains=setup.domains,
                                seats=seats, active=setup.first, phase=DUKES, flow=flow,
                                resting=resting_seat(n, setup.first), citizen_stacks=stacks), setup.monster_events)


# =========================================================================== dukes


@implements("valeria.setup.dukes", "valeria.dukes.secret", "valeria.cards.limit")
def keep_duke(state: State, seat: int, duke: str) -> State:
    """Each seat keeps one of its two dealt dukes face down; the other leaves the game."""
    state = with_seat(state, seat, replace(state.seats[seat], duke=duke))
    if all(s.duke is not None for s in state.seats):
        state = replace(state, phase=ROLL, turns=1)
    return state


# =========================================================================== roll


def roll_outcomes() -> tuple[tuple[Action, Fraction], ...]:
    """36 ordered outcomes of two distinguishable dice, each 1/36 (valeria.roll.dice)."""
    p = Fraction(1, 36)
    return tuple((Action(Kind.ROLL, dice=(a, b)), p) for a in range(1, 7) for b in range(1, 7))


ROLL_OUTCOMES = roll_outcomes()


@implements("valeria.cards.gargans-embrace")
def gargan(state: State) -> State:
    """Every owner of Gargan's Embrace gains 1 VP (doubles rolled, or the dice made equal)."""
    for i, s in enumerate(state.seats):
        if GARGAN in s.domains:
            state = with_seat(state, i, replace(s, vp=s.vp + 1))
    return state


@implements("valeria.roll.dice")
def rolled(state: State, a: int, b: int) -> State:
    """The active seat rolls both dice; then it may use its die-changing domains. When nothing can
    come between the roll and the harvest (no doubles for Gargan's Embrace, no die-changing domain
    of the active seat, no step of the variant, no Thief), the harvest is written in the copy that
    writes the dice (:func:`_harvest_at_roll`, decision 0047)."""
    if a != b and state.flow.announced is None and state.flow.after_step is None and not _die_powers(state):
        after = _harvest_at_roll(state, (a, b))
        if after is not None:
            return after
    state = _set_roll(state, (a, b), (a, b), ())
    if a == b:
        state = gargan(state)
    return _after_die_change(state)


def _harvest_at_roll(state: State, dice: tuple[int, int]) -> State | None:
    """The state after the roll of ``dice`` and its harvest (:func:`start_harvest`), in one copy of
    the state, or ``None`` when the active seat's Thief resolves first (then the roll takes the
    long way). The caller has checked that nothing else comes between: a roll that is not doubles,
    no die-changing domain, no variant's step. A harvest that leaves nobody an item to resolve goes
    on to the Action phase in the same copy (:func:`begin_actions`)."""
    if next(_steals(state, dice), None) is not None:
        return None
    seats, items = harvested(state, dice)
    if any(items):
        return _set_rolled_harvest(state, dice, dice, (), HARVEST, seats, items, ())
    return advance(_action_phase_begun(_set_rolled_actions(state, dice, dice, (), ACTIONS, seats, (), (),
                                                           ACTIONS_PER_TURN, False)))


def _die_powers(state: State) -> tuple[Domain, ...]:
    return die_powers(state.seat.domains)


@cache
def die_powers(domains: tuple[str, ...]) -> tuple[Domain, ...]:
    """The die-changing ones of ``domains`` (valeria.roll.domains), read once per set of built domains."""
    ix = _I()
    return tuple(ix.domains[d] for d in domains if ix.domains[d].die_changing)


def die_cost(state: State, effect: SetDie) -> Amount:
    n = count(state, state.active, effect.per) if effect.per is not None else 1
    a = effect.pay
    return Amount(gold=a.gold * n, strength=a.strength * n, magic=a.magic * n)


def die_change_possible(state: State, domain: str, which: int) -> bool:
    """May the active seat use its die-changing ``domain`` on die ``which`` now? Its own,
    not used this Roll phase (valeria.roll.once-per-card), affordable, and the die can take
    the value (set to another value, or lowered to no less than 1)."""
    if which not in (0, 1) or domain not in state.seat.domains or domain in state.used:
        return False
    d = _I().domains[domain]
    if not d.die_changing:
        return False
    value = state.dice[which]
    for effect in d.effect:
        if isinstance(effect, SetDie):
            if value != effect.value and affords(state.seat, die_cost(state, effect)):
                return True
        elif isinstance(effect, LowerDie) and value - effect.by >= 1:
            return True
    return False


def die_options(state: State) -> Iterator[Action]:
    """Every die change the active seat may make now (:func:`die_change_possible`)."""
    for d in _die_powers(state):
        for which in (0, 1):
            if die_change_possible(state, d.id, which):
                yield Action(Kind.DIE, state.active, d.id, target=which)


def _after_die_change(state: State) -> State:
    if any(True for _ in die_options(state)):
        return replace(state, phase=DICE)
    return start_harvest(state)


@implements("valeria.roll.domains", "valeria.roll.once-per-card", "valeria.symbols.any-die",
            "valeria.cards.foxgrove-palisade", "valeria.cards.desert-orchid", "valeria.cards.palace-of-the-dawn")
def change_die(state: State, domain: str, which: int) -> State:
    """The active seat uses one of its die-changing domains on one die, each domain once
    per Roll phase, on any die (also one changed before, ruling O7); dice made equal
    trigger Gargan's Embrace."""
    d = _I().domains[domain]
    dice = list(state.dice)
    seat = state.seat
    for effect in d.effect:
        if isinstance(effect, SetDie):
            cost = die_cost(state, effect)
            seat = _pay(seat, cost.gold, cost.strength, cost.magic)
            dice[which] = effect.value
        elif isinstance(effect, LowerDie):
            dice[which] -= effect.by
    state = with_seat(state, state.active, seat)
    state = replace(state, dice=(dice[0], dice[1]), used=(*state.used, domain))
    if dice[0] == dice[1]:
        state = gargan(state)
    return _after_die_change(state)


@implements("valeria.roll.announce")
def announce(state: State) -> State:
    """The active seat announces the dice; the announced values drive the harvest."""
    return start_harvest(state)


# =========================================================================== harvest


@cache
def side_effects(card: str, side: str) -> tuple[Effect, ...]:
    """The effects printed on ``side`` of the citizen or starter ``card`` (read once per card)."""
    ix = _I()
    c = ix.citizens.get(card) or ix.starters[card]
    return c.on_turn if side == ON else c.off_turn


@attrs.frozen
class HarvestEffects:
    """One card side's effects sorted for the Harvest phase (:func:`harvest_effects`): the plain
    gains without a "per" summed (gold, strength, magic, VP), those with one (what they count
    changes), the steals the active Thief resolves first (valeria.harvest.thief-first) and how
    many choices or optional exchanges wait for the owner as harvest items."""

    plain: tuple[int, int, int, int]
    counted: tuple[Gain, ...]
    steals: tuple[Effect, ...]
    items: int


@cache
def harvest_effects(card: str, side: str) -> HarvestEffects:
    """``card``'s effects on ``side`` sorted once per card (the cards never change): a gain,
    on the active side a steal (a choice with a take, or a take), else a choice or an exchange;
    the card loader admits nothing else for citizens."""
    gains: list[Gain] = []
    steals: list[Effect] = []
    items = 0
    for effect in side_effects(card, side):
        if isinstance(effect, Gain):
            gains.append(effect)
        elif side == ON and (_is_steal(effect) or isinstance(effect, Take)):
            steals.append(effect)
        elif isinstance(effect, (Choice, Exchange)):
            items += 1
        else:  # pragma: no cover - the card loader's vocabulary for citizens
            raise ValueError(f"{card}: unsupported harvest effect {effect!r}")
    plain = [g.amount for g in gains if g.per is None]
    return HarvestEffects((sum(a.gold for a in plain), sum(a.strength for a in plain), sum(a.magic for a in plain),
                           sum(a.vp for a in plain)), tuple(g for g in gains if g.per is not None), tuple(steals), items)


@implements("valeria.harvest.everyone", "valeria.harvest.two-effects", "valeria.harvest.each-copy",
            "valeria.recruit.not-this-turn")
def activated(state: State, seat: int) -> tuple[tuple[str, int], ...]:
    """(card, activations) of every citizen and starter of ``seat`` that the dice
    activate, each copy separately (valeria.harvest.each-copy). Citizens recruited
    this turn cannot activate: the harvest precedes the Action phase."""
    dice, owned = state.dice, state.seats[seat].citizens
    return starters_activated(dice) + tuple(
        (kind, owned[i] * n) for i, kind, n in kinds_activated_by(dice, state.citizen_kinds) if owned[i])


@cache
def kinds_activated_by(dice: tuple[int, int], kinds: tuple[str, ...]) -> tuple[tuple[int, str, int], ...]:
    """(index, kind, :func:`times_activated`) of the citizen kinds of the center that the ``dice``
    activate at all, one table per roll and game's kinds: a seat's harvest then looks at those
    kinds only (decision 0043). A game's kinds are new to the table at most rolls of the game's
    first turns, so it is made from the roll's table of every citizen card (:func:`activated_cards`,
    decision 0047)."""
    by_card = activated_cards(dice)
    return tuple((i, kind, by_card[kind]) for i, kind in enumerate(kinds) if kind in by_card)


@cache
def starters_activated(dice: tuple[int, int]) -> tuple[tuple[str, int], ...]:
    """(starter, activations) of the starters the ``dice`` activate: the same for every seat
    (each has one of each, valeria.setup.starters), so one table per roll."""
    return tuple((starter.id, n) for starter in _I().cards.starters
                 if (n := sum(ACTIVATIONS[dice][x] for x in starter.activation)))


@cache
def times_activated(dice: tuple[int, int], kind: str) -> int:
    """How often the ``dice`` activate one copy of the citizen ``kind``: the sum over its
    activation numbers of :data:`ACTIVATIONS` (one table per roll and card)."""
    return sum(ACTIVATIONS[dice][x] for x in _I().citizens[kind].activation)


@cache
def activated_cards(dice: tuple[int, int]) -> dict[str, int]:
    """:func:`times_activated` of every citizen card the ``dice`` activate at all, one table per roll
    (read, never changed)."""
    return {kind: n for kind in _I().citizens if (n := times_activated(dice, kind))}


#: ``ACTIVATIONS[(a, b)][n]``: :func:`~rules.valeria.predicates.activations` for every roll and number,
#: evaluated once (the table is the predicate's, not a second reading of the rule).
ACTIVATIONS: dict[tuple[int, int], tuple[int, ...]] = {
    (a, b): tuple(activations(a, b, n) for n in range(13)) for a in range(1, 7) for b in range(1, 7)}


def herald_count(state: State, seat: int, acts: tuple[tuple[str, int], ...] | None = None) -> int:
    """How often ``seat``'s Herald activates (:data:`HERALD_ACTIVATIONS`): whether any of its cards did
    (``acts``: :func:`activated`, if known) and whether the dice are doubles."""
    acts = activated(state, seat) if acts is None else acts
    return HERALD_ACTIVATIONS[state.dice][bool(acts)]


#: ``HERALD_ACTIVATIONS[(a, b)][some card activated]``: :func:`~rules.valeria.predicates.herald_activations`
#: for every roll, with no card activated (0) or some (1: the count matters only through being 0),
#: evaluated once like :data:`ACTIVATIONS`.
HERALD_ACTIVATIONS: dict[tuple[int, int], tuple[int, int]] = {
    (a, b): (int(herald_activations(a, b, 0)), int(herald_activations(a, b, 1))) for a in range(1, 7) for b in range(1, 7)}


def _is_steal(effect: Effect) -> bool:
    return isinstance(effect, Choice) and any(isinstance(e, Take) for br in effect.options for e in br)


@implements("valeria.harvest.thief-first", "valeria.cards.thief")
def start_harvest(state: State) -> State:
    """The active seat's stealing citizens (the Thief) resolve first, before anyone
    activates anything else (valeria.harvest.thief-first). With Monster Events the triggered
    events' instructions come first, still in the Roll phase (valeria.variants.events.roll-phase)."""
    if state.phase != EVENTS and state.flow.announced is not None:
        state = state.flow.announced(state)
        if state.pending:
            return state
    decisions: list[Decision] = []
    for card, n, steals in _steals(state, state.dice):
        for effect in steals:
            decisions.extend(Decision(state.active, "thief", "valeria.harvest.thief-first", (card, effect))
                             for _ in range(n))
    if not decisions and state.flow.after_step is None:
        # nothing resolves first and no step of the variant follows this one: the distribution
        # advance would make next is written in the same copy
        seats, items = harvested(state, state.dice)
        return advance(_set_harvested(state, HARVEST, seats, items, ()))
    return advance(_set_harvest_start(state, HARVEST, (), tuple(decisions)))


def _steals(state: State, dice: tuple[int, int]) -> Iterator[tuple[str, int, tuple[Effect, ...]]]:
    """(card, activations, steals) of the active seat's activated cards that steal at a roll of ``dice``,
    in the order of :func:`activated`: the starters' (:func:`starter_harvest`), then the citizens' of
    the kinds the dice activate (:func:`kinds_activated_by`) that the seat owns."""
    yield from starter_harvest(dice, ON).steals
    owned = state.seat.citizens
    for i, card, per in kinds_activated_by(dice, state.citizen_kinds):
        if owned[i]:
            steals = harvest_effects(card, ON).steals
            if steals:
                yield card, owned[i] * per, steals


@implements("valeria.harvest.track", "valeria.herald.unused-effects", "valeria.harvest.any-order",
            "valeria.variants.five-players.resting-harvest")
def distribute(state: State) -> State:
    """Every seat gains its plain gains (the active seat its left powers, the others
    their right ones); its choices and optional exchanges, and its Herald, wait as
    harvest items the seat resolves in any order (valeria.harvest.any-order). The
    resting seat gains nothing, the Herald included (valeria.variants.five-players.resting-harvest).
    A seat's harvest reads its own cards only, so every board is written into the state at once
    (:func:`harvested`)."""
    seats, items = harvested(state, state.dice)
    return _set_seats_harvest(state, seats, items)


def harvested(state: State, dice: tuple[int, int]) -> tuple[tuple[Seat, ...], tuple[tuple[HarvestItem, ...], ...]]:
    """Every seat's board and harvest items after the harvest of ``dice`` that :func:`distribute` writes
    into the state (:func:`start_harvest` writes them in the same copy as the phase when nothing resolves
    first, :func:`_harvest_at_roll` in the copy of the roll): each seat's :func:`harvest_board`."""
    seats = list(state.seats)
    items: list[tuple[HarvestItem, ...]] = []
    for seat in range(state.players):
        if seat == state.resting:
            items.append(())
            continue
        side = ON if seat == state.active else OFF
        seats[seat], mine = harvest_board(state, seat, side, dice)
        items.append(mine)
    return tuple(seats), tuple(items)


@attrs.frozen
class StarterHarvest:
    """One roll's harvest of the starters on one side of the cards (:func:`starter_harvest`): every
    seat has one of each (valeria.setup.starters), so what they give is the same for every seat."""

    plain: tuple[int, int, int, int]  # their plain gains (gold, strength, magic, VP), activations included
    activated: bool  # some starter is activated (the Herald then counts, valeria.herald.no-citizen)
    others: tuple[tuple[str, int, HarvestEffects], ...]  # (starter, activations, effects) with a "per" or items
    steals: tuple[tuple[str, int, tuple[Effect, ...]], ...]  # (starter, activations, its steals)


@cache
def starter_harvest(dice: tuple[int, int], side: str) -> StarterHarvest:
    """The starters' harvest of one roll and side (:class:`StarterHarvest`) from
    :func:`starters_activated` and :func:`harvest_effects`, one table per roll and side, so a seat's
    harvest adds the starters' plain gains at once (decision 0047)."""
    gold = strength = magic = vp = 0
    others: list[tuple[str, int, HarvestEffects]] = []
    steals: list[tuple[str, int, tuple[Effect, ...]]] = []
    activated_starters = starters_activated(dice)
    for card, n in activated_starters:
        effects = harvest_effects(card, side)
        g, s, m, v = effects.plain
        gold, strength, magic, vp = gold + g * n, strength + s * n, magic + m * n, vp + v * n
        if effects.counted or effects.items:
            others.append((card, n, effects))
        if effects.steals:
            steals.append((card, n, effects.steals))
    return StarterHarvest((gold, strength, magic, vp), bool(activated_starters), tuple(others), tuple(steals))


def harvest_board(state: State, seat: int, side: str, dice: tuple[int, int] | None = None
                  ) -> tuple[Seat, tuple[HarvestItem, ...]]:
    """One seat's harvest on ``side`` of its activated cards (:func:`activated`): its board with its
    plain gains, and the harvest items left for it to resolve (choices, optional exchanges, its
    Herald). On the active side the stealing citizens are left out: they resolve first
    (valeria.harvest.thief-first). A "per" counts cards, never resources, so the gains add up in any
    order (valeria.harvest.any-order) and the board is copied once. Read from the roll's tables
    (decision 0047): the starters' plain gains at once (:func:`starter_harvest`), then each citizen
    kind the dice activate (:func:`kinds_activated_by`) that the seat owns, each copy separately,
    in the order of :func:`activated`, without listing the activated cards first. ``dice``: the roll,
    if not yet written into the state (:func:`_harvest_at_roll`)."""
    if dice is None:
        dice = state.dice
    board = state.seats[seat]
    owned = board.citizens
    starters = starter_harvest(dice, side)
    gold, strength, magic, vp = starters.plain
    mine: list[HarvestItem] = []
    some = starters.activated
    for card, n, effects in starters.others:
        g, s, m, v = _counted(state, seat, effects)
        gold, strength, magic, vp = gold + g * n, strength + s * n, magic + m * n, vp + v * n
        if effects.items:
            mine += harvest_items(card, side, n, effects.items)
    for i, card, per in kinds_activated_by(dice, state.citizen_kinds):
        copies = owned[i]
        if not copies:
            continue
        some = True
        n = copies * per
        effects = harvest_effects(card, side)
        g, s, m, v = _counted(state, seat, effects) if effects.counted else effects.plain
        gold, strength, magic, vp = gold + g * n, strength + s * n, magic + m * n, vp + v * n
        if effects.items:
            mine += harvest_items(card, side, n, effects.items)
    if gold or strength or magic or vp:
        board = _set_board(board, board.gold + gold, board.strength + strength, board.magic + magic, board.vp + vp)
    k = HERALD_ACTIVATIONS[dice][some]
    if k:
        mine.append(HarvestItem(HERALD, side, k))
    return board, tuple(mine)


def _counted(state: State, seat: int, effects: HarvestEffects) -> tuple[int, int, int, int]:
    """One activation's gains of a card side (:class:`HarvestEffects`): its plain gains and each gain
    counted "per" (:func:`gain_times`: a count reads cards, never resources)."""
    g, s, m, v = effects.plain
    for gain in effects.counted:
        times, a = gain_times(state, seat, gain), gain.amount
        g, s, m, v = g + a.gold * times, s + a.strength * times, m + a.magic * times, v + a.vp * times
    return g, s, m, v


def harvest_seat(state: State, seat: int, side: str) -> tuple[State, tuple[HarvestItem, ...]]:
    """One seat's harvest (:func:`harvest_board`) written into the state."""
    board, mine = harvest_board(state, seat, side)
    return (state if board is state.seats[seat] else with_seat(state, seat, board)), mine


@cache
def harvest_items(card: str, side: str, n: int, items: int) -> tuple[HarvestItem, ...]:
    """The ``items`` harvest items of ``card`` on ``side`` activated ``n`` times (:func:`harvest_board`),
    made once and shared (they are immutable)."""
    return tuple(HarvestItem(card, side, n) for _ in range(items))


def item_effect(item: HarvestItem) -> Choice | Exchange:
    """The choice or optional exchange the harvest item waits for (the Herald's is on its one side)."""
    return side_item_effect(item.card, item.side if item.card != HERALD else ON)


@cache
def side_item_effect(card: str, side: str) -> Choice | Exchange:
    """The choice or optional exchange printed on ``side`` of ``card`` (read once per card side)."""
    for effect in side_effects(card, side):
        if isinstance(effect, (Choice, Exchange)):
            return effect
    raise ValueError((card, side))  # pragma: no cover


@cache
def item_branch(card: str, side: str, option: str) -> tuple[Gain, ...]:
    """The gains of the branch ``option`` of the choice a harvest item of ``card`` on ``side`` waits for
    (:func:`item_effect`; valeria.symbols.or): read once per card side and branch (decision 0043)."""
    effect = side_item_effect(card, side if card != HERALD else ON)
    assert isinstance(effect, Choice), "only a choice has branches"
    branch = effect.options[branch_labels(effect).index(option)]
    assert all(isinstance(e, Gain) for e in branch), "a harvest choice's branches are gains"
    return cast(tuple[Gain, ...], branch)


def unpayable_exchange(state: State, seat: int, item: HarvestItem) -> bool:
    """Whether ``item`` is an optional exchange ``seat`` cannot pay now, so that declining is its
    one answer (valeria.symbols.pay): :func:`item_options` is then ``("decline",)``."""
    effect = item_effect(item)
    return isinstance(effect, Exchange) and not affords(state.seats[seat], effect.pay)


def item_options(state: State, seat: int, item: HarvestItem) -> tuple[str, ...]:
    effect = item_effect(item)
    if isinstance(effect, Choice):
        return choice_options(item.card, effect)
    return exchange_options(state.seats[seat], effect)


def exchange_options(board: Seat, effect: Exchange) -> tuple[str, ...]:
    """The answers to an optional exchange for a seat with ``board``: use or decline, only decline when
    it cannot pay (valeria.symbols.pay, :func:`unpayable_exchange`)."""
    return ("use", "decline") if affords(board, effect.pay) else ("decline",)


def choice_options(card: str, effect: Choice) -> tuple[str, ...]:
    """The answers to a harvest item of ``card`` waiting for the choice ``effect``: its branches, and
    a decline: choices of citizens may be declined like exchanges (ruling O25); the Herald's resource
    is a gain. They read no state (:func:`choice_item_actions`)."""
    return branch_labels(effect) + (("decline",) if card != HERALD else ())


@implements("valeria.herald.no-citizen", "valeria.herald.doubles", "valeria.herald.twice",
            "valeria.harvest.any-order", "valeria.symbols.pay", "valeria.symbols.or")
def resolve_item(state: State, seat: int, card: str, option: str) -> State:
    """One harvest item of ``seat``: a branch of a choice (the Herald: one resource of
    the seat's choice) or an optional exchange used or declined. The seat's board and the
    harvest items left are written into the state in one copy."""
    items = list(state.harvest[seat])
    i = next(i for i, it in enumerate(items) if it.card == card)
    item = items[i]
    effect = item_effect(item)
    board = state.seats[seat]
    if isinstance(effect, Choice) and option != "decline":
        for e in item_branch(item.card, item.side, option):
            board = credit(board, e.amount, gain_times(state, seat, e))  # a "per" counts cards, never resources
    elif isinstance(effect, Exchange) and option == "use":  # paid and gained in one copy of the board
        pay, gain = effect.pay, effect.gain
        board = _set_board(board, board.gold - pay.gold + gain.gold, board.strength - pay.strength + gain.strength,
                           board.magic - pay.magic + gain.magic, board.vp + gain.vp)
    if item.count > 1:
        items[i] = harvest_items(item.card, item.side, item.count - 1, 1)[0]  # the item one fewer, shared
    else:
        del items[i]
    harvest = list(state.harvest)
    harvest[seat] = tuple(items)
    seats = list(state.seats)
    seats[seat] = board
    return _set_seats_harvest(state, tuple(seats), tuple(harvest))


@implements("valeria.harvest.steal-target", "valeria.symbols.take-from", "valeria.symbols.opponent",
            "valeria.cards.thief")
def take(state: State, seat: int, victim: int, amount: Amount) -> State:
    """Take from the opponent the active player chooses; when the opponent has less,
    take what they have (ruling O23)."""
    v = state.seats[victim]
    got = Amount(gold=min(amount.gold, v.gold), strength=min(amount.strength, v.strength),
                 magic=min(amount.magic, v.magic))
    state = with_seat(state, victim, _pay(v, got.gold, got.strength, got.magic))
    return with_seat(state, seat, credit(state.seats[seat], got))


# =========================================================================== actions


@implements("valeria.harvest.then-actions", "valeria.turn.domain-phases")
def begin_actions(state: State) -> State:
    """The Harvest phase is complete, so the Action phase begins (valeria.harvest.then-actions):
    the active seat's start-of-phase domains give their gains (valeria.turn.domain-phases)."""
    return _action_phase_begun(_set_action_phase(state, ACTIONS, ACTIONS_PER_TURN, (), False))


def _action_phase_begun(state: State) -> State:
    """The Action phase just written into ``state``: the active seat's start-of-phase domains give
    their gains (valeria.turn.domain-phases)."""
    return _active_domains_at(state, "action-start", "valeria.turn.domain-phases")


def _active_domains_at(state: State, timing: str, rule: str) -> State:
    """The active seat's domains whose effect acts at ``timing`` give it (``rule``), their
    decisions queued in the order built: each domain's decisions go on top of the pending
    stack, so the domains are walked from the last built back to the first, which leaves
    the first built on top (the plain gains of the Action phase's start add up in any order)."""
    ix = _I()
    for d in domains_acting_at(state.seat.domains, timing):
        state = resolve_effects(state, state.active, ix.domains[d].effect, d, rule)
    return state


@cache
def domains_acting_at(domains: tuple[str, ...], timing: str) -> tuple[str, ...]:
    """The ``domains`` (built in this order) whose effect acts at ``timing``, the last built first
    (:func:`_active_domains_at`): read once per set of built domains (decision 0043)."""
    ix = _I()
    return tuple(d for d in reversed(domains) if ix.domains[d].timing == timing)


@implements("valeria.domains.effects", "valeria.cards.text-wins", "valeria.monsters.choice-reward",
            "valeria.domains.extra-action", "valeria.symbols.plus", "valeria.cards.bane-spider")
def resolve_effects(state: State, seat: int, effects: tuple[Effect, ...], source: str, rule: str) -> State:
    """Apply a card's effects in order: plain gains at once, every choice as a pending
    decision of ``seat`` (the first to make on top). The gains add up on the seat's board, written
    into the state once: what the other effects read (a "per", the center, the seat's cards) is
    never a resource."""
    decisions: list[Decision] = []
    board = state.seats[seat]
    for effect in effects:
        if isinstance(effect, Gain):
            board = credit(board, effect.amount, gain_times(state, seat, effect))
        elif isinstance(effect, Choice):
            if any(branch_possible(state, seat, b) for b in effect.options):
                decisions.append(Decision(seat, "choose", "valeria.symbols.or", (source, effect)))
        elif isinstance(effect, GainCitizen):
            if citizen_targets(state, effect):
                decisions.append(Decision(seat, "citizen", rule, (source, effect)))
        elif isinstance(effect, Take):
            if state.players > 1:
                decisions.append(Decision(seat, "take", "valeria.symbols.take-from", (source, effect)))
            else:  # solo: "take from another player" means simply take the reward (valeria.variants.solo.turn)
                board = credit(board, effect.amount)
        elif isinstance(effect, Exchange):
            decisions.append(Decision(seat, "exchange", "valeria.symbols.pay", (source, effect)))
        elif isinstance(effect, ExtraAction):
            decisions.append(Decision(seat, "extra-slay", "valeria.domains.extra-action", (source,)))
        elif isinstance(effect, Special):
            kind = SPECIAL_DECISIONS.get(effect.rule)
            if kind is not None and _special_possible(state, seat, kind):
                decisions.append(Decision(seat, kind, effect.rule, (source,)))
            elif kind is None and effect.rule not in ONGOING_SPECIALS:  # pragma: no cover - data guard
                raise ValueError(f"{source}: the engine does not implement {effect.rule}")
        else:  # pragma: no cover - only the monster-event variant uses the other effects
            raise ValueError(f"{source}: unsupported effect {effect!r}")
    if board is not state.seats[seat]:
        state = with_seat(state, seat, board)
    return _set_pending(state, push(state.pending, *decisions)) if decisions else state


def _special_possible(state: State, seat: int, kind: str) -> bool:
    s = state.seats[seat]
    if kind == "watcher":
        return bool(s.monsters)
    if kind == "nest":
        return any(s.citizens)
    # Purloiner's Perch: any opponent, even one without monsters (ruling); solo: a monster in the center
    return state.players > 1 or any(state.monsters)


@implements("valeria.symbols.up-to", "valeria.monsters.citizen-reward", "valeria.cards.wraith",
            "valeria.cards.orc-warrior")
def citizen_targets(state: State, effect: GainCitizen) -> tuple[int, ...]:
    """The citizen stacks a "gain a citizen" effect may take from: not empty, and of the
    named kind, role or base cost at most ``max_cost`` (the "+" ignored, valeria.symbols.up-to).
    Read once per state and effect (decision 0043): the answers to a citizen reward ask it of every
    candidate (:func:`offered`), and a reward's choice of every branch (:func:`branch_possible`)."""
    known, of, targets = _TARGETS[0]
    if known is state and of is effect:
        return targets
    tops = citizens_on_top(state)
    targets = tuple(i for i in citizens_named(effect, state.citizen_kinds) if i in tops)
    _TARGETS[0] = (state, effect, targets)
    return targets


#: The state and effect :func:`citizen_targets` read last and its answer, as one triple (replaced
#: whole); the entry keeps the state and effect alive, so their identities are no other's while here.
_TARGETS: list[tuple[Any, Any, tuple[int, ...]]] = [(None, None, ())]


@cache
def citizens_named(effect: GainCitizen, kinds: tuple[str, ...]) -> tuple[int, ...]:
    """The indices of ``kinds`` whose citizen the effect names: of its kind, role or base cost at
    most ``max_cost`` (valeria.symbols.up-to), read from the card data once per effect and game."""
    cards = [_I().citizens[kind] for kind in kinds]
    return tuple(i for i, c in enumerate(cards) if (effect.max_cost is None or c.cost <= effect.max_cost)
                 and (effect.role is None or c.role == effect.role) and (effect.name is None or c.id == effect.name))


def branch_possible(state: State, seat: int, branch: tuple[Effect, ...]) -> bool:
    """A branch that gains a citizen needs a stack to take it from (ruling O24)."""
    return all(citizen_targets(state, e) for e in branch if isinstance(e, GainCitizen))


@implements("valeria.domains.effects")
def gain_citizen(state: State, seat: int, stack: int, gold: int = 0, magic: int = 0,
                 actions_left: int | None = None) -> State:
    """``seat`` takes the top citizen of ``stack`` into its duchy; Forgotten Sorrows
    adds 1 magic during its owner's Action phase. A recruit pays ``gold`` and ``magic`` and
    counts its action (``actions_left``: the actions left after it), written in the same copy
    of the seat's board and of the state as the citizen taken (decision 0043)."""
    s = state.seats[seat]
    owned = list(s.citizens)
    owned[stack] += 1
    s = _set_hired(s, s.gold - gold, s.magic - magic, tuple(owned))
    seats = list(state.seats)
    seats[seat] = s
    state = _set_citizen_taken(state, tuple(seats), *taken_top(state, stack),
                               state.actions_left if actions_left is None else actions_left)
    if state.phase == ACTIONS and seat == state.active and "forgotten-sorrows" in s.domains:
        state = resolve_effects(state, seat, _I().domains["forgotten-sorrows"].effect, "forgotten-sorrows",
                                "valeria.domains.effects")
    return state


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


def recruit(state: State, stack: int, gold: int, magic: int, actions_left: int) -> State:
    """The active seat pays ``gold`` and ``magic`` for the top citizen of ``stack`` with one of its
    actions (``actions_left``: those left after it, valeria.actions.two)."""
    return gain_citizen(state, state.active, stack, gold, magic, actions_left)


@implements("valeria.slay.choose", "valeria.slay.victory-stack", "valeria.slay.reward",
            "valeria.monsters.boss-reward", "valeria.monsters.vp-reward")
def slay(state: State, stack: int, strength: int, magic: int, actions_left: int | None = None) -> State:
    """The active seat pays for the top monster of ``stack``, puts it in its Victory stack
    and takes its reward at once (a Boss counts itself); The Violet Thorn adds 1 magic.
    With Monster Events the tokens on it go back to the supply, its gold ones to the slayer
    (valeria.variants.events.bounty). ``actions_left``: as :func:`_slain`."""
    state, bounty = events.collect_tokens(state, state.areas[stack])
    monsters = list(state.monsters)
    monster = monsters[stack][0]
    monsters[stack] = monsters[stack][1:]
    return _slain(state, tuple(monsters), monster, strength, magic, bounty, actions_left)


@implements("valeria.variants.events.revealed", "valeria.variants.events.replace", "valeria.variants.events.bounty")
def slay_event(state: State, event: str, strength: int, magic: int, actions_left: int | None = None) -> State:
    """The active seat slays a face-up Monster Event like a monster: it goes to the Victory
    stack, its reward and bounty are gained, and an Exhausted card from the bottom of the
    Exhausted stack takes its place (valeria.variants.events.replace). ``actions_left``: as :func:`_slain`."""
    state, bounty = events.collect_tokens(state, event)
    state = events.remove_slain_event(state, event)
    return _slain(state, state.monsters, event, strength, magic, bounty, actions_left)


def slay_card(state: State, card: str, strength: int, magic: int, actions_left: int | None = None) -> State:
    """Slay the face-up monster ``card``: an area's top monster or an event (``actions_left``: as
    :func:`_slain`)."""
    if card in state.areas:
        return slay(state, state.areas.index(card), strength, magic, actions_left)
    return slay_event(state, card, strength, magic, actions_left)


def _slain(state: State, monsters: tuple[tuple[str, ...], ...], monster: str, strength: int, magic: int,
           bounty: int, actions_left: int | None) -> State:
    """The active seat pays ``strength`` and ``magic`` for ``monster``, puts it in its Victory stack with
    its ``bounty`` of gold, and the center's monster stacks are ``monsters``; with ``actions_left`` (the
    Action phase's actions left after a slay that is one of them, valeria.actions.two) counted in the same
    copy of the seat's board and of the state (decision 0043). Then its reward (valeria.slay.reward)."""
    s = state.seat
    plain = plain_reward(monster)
    if plain is None:
        s = _set_slayer(s, s.gold + bounty, s.strength - strength, s.magic - magic, (*s.monsters, monster))
    else:  # a reward of plain gains only: taken in the same copy of the board (resolve_effects would add them)
        s = _set_rewarded_slayer(s, s.gold + bounty + plain.gold, s.strength - strength + plain.strength,
                                 s.magic - magic + plain.magic, s.vp + plain.vp, (*s.monsters, monster))
    seats = list(state.seats)
    seats[state.active] = s
    state = _set_slain(state, monsters, tuple(seats), state.actions_left if actions_left is None else actions_left)
    if plain is None:
        state = resolve_effects(state, state.active, _I().monsters[monster].reward, monster, "valeria.slay.reward")
    if "the-violet-thorn" in s.domains:
        state = resolve_effects(state, state.active, _I().domains["the-violet-thorn"].effect, "the-violet-thorn",
                                "valeria.domains.effects")
    return state


@cache
def plain_reward(monster: str) -> Amount | None:
    """The sum of ``monster``'s reward when every effect of it is a gain counted by nothing (no "per"),
    which :func:`resolve_effects` would add to the slayer's board at once; ``None`` for any other
    reward. Read once per card, so a slay takes such a reward in the copy that pays for it (decision 0047)."""
    reward = _I().monsters[monster].reward
    if not all(isinstance(e, Gain) and e.per is None for e in reward):
        return None
    gains = [cast(Gain, e).amount for e in reward]
    return Amount(gold=sum(a.gold for a in gains), strength=sum(a.strength for a in gains),
                  magic=sum(a.magic for a in gains), vp=sum(a.vp for a in gains))


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


@implements("valeria.build.choose", "valeria.build.place", "valeria.build.reward", "valeria.build.reveal")
def build(state: State, stack: int, gold: int, magic: int, actions_left: int) -> State:
    """The active seat pays for the face-up domain of ``stack``, places it, takes its
    immediate reward and the next domain of the stack is revealed; the action is counted
    (``actions_left``: those left after it, valeria.actions.two) in the same copy (decision 0043)."""
    domains = list(state.domains)
    domain = domains[stack][0]
    domains[stack] = domains[stack][1:]
    s = state.seat
    seats = list(state.seats)
    seats[state.active] = _set_builder(s, s.gold - gold, s.magic - magic, (*s.domains, domain))
    state = _set_built(state, tuple(domains), tuple(seats), actions_left)
    d = _I().domains[domain]
    if d.timing == "immediate":
        state = resolve_effects(state, state.active, d.effect, domain, "valeria.build.reward")
    return state


@implements("valeria.gain.resource", "valeria.resources.kinds", "valeria.resources.unlimited")
def gain_resource(state: State, resource: str, actions_left: int) -> State:
    """The active seat gains one ``resource`` with one of its actions (``actions_left``: those left
    after it, valeria.actions.two), counted in the same copy (decision 0043)."""
    seats = list(state.seats)
    seats[state.active] = credit(state.seat, GAINS[resource])
    return _set_seats_actions_left(state, tuple(seats), actions_left)


#: The Action phase's gain of one resource (valeria.gain.resource), by resource.
GAINS = {resource: Amount(**{resource: 1}) for resource in RESOURCES}


@implements("valeria.cards.watcher-on-the-water")
def return_monster(state: State, seat: int, monster: str) -> State:
    """Watcher on the Water: the monster goes back on top of its area's stack (ruling O28)
    and its owner gains 3 VP."""
    s = state.seats[seat]
    left = list(s.monsters)
    left.remove(monster)
    stack = state.areas.index(_I().monsters[monster].area)
    if not state.monsters[stack]:
        state = events.unplace(state, stack)
    monsters = list(state.monsters)
    monsters[stack] = (monster, *monsters[stack])
    s = replace(s, monsters=tuple(left), vp=s.vp + VP_FOR_RETURN)
    return replace(with_seat(state, seat, s), monsters=tuple(monsters))


@implements("valeria.cards.nest-of-the-weaver-witch")
def return_citizen(state: State, seat: int, stack: int) -> State:
    """Nest of the Weaver Witch: a citizen goes back to its stack, its owner gains 3 VP."""
    s = state.seats[seat]
    owned = list(s.citizens)
    owned[stack] -= 1
    s = replace(s, citizens=tuple(owned), vp=s.vp + VP_FOR_RETURN)
    state = with_seat(state, seat, s)
    if state.events is not None:
        p = events.citizen_position(state, stack)
        if events.position_empty(state, p):
            state = events.unplace(state, p)
    return put_back(state, stack)


@implements("valeria.cards.purloiners-perch")
def draw_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """Purloiner's Perch: the victim shuffles its Victory stack face down and the builder
    draws one card: each monster kind with probability copies / stack size."""
    stack = state.seats[state.draw_from].monsters
    kinds = sorted(set(stack))
    return tuple((Action(Kind.DRAW, card=k), Fraction(stack.count(k), len(stack))) for k in kinds)


def drawn(state: State, monster: str) -> State:
    victim = state.seats[state.draw_from]
    left = list(victim.monsters)
    left.remove(monster)
    state = with_seat(state, state.draw_from, replace(victim, monsters=tuple(left)))
    s = state.seat
    state = with_seat(state, state.active, replace(s, monsters=(*s.monsters, monster)))
    return replace(state, phase=ACTIONS, draw_from=-1)


@implements("valeria.domains.effects", "valeria.domains.trigger-order")
def close_actions(state: State) -> State:
    """The end of the Action phase: the active seat's end-of-phase domains act. Their
    owner chooses the order (valeria.domains.trigger-order); the base game's powers
    that act together (Cathedral of St Aquila, The Orb of Urdr: each a take from an
    opponent of the owner's choice) are queued in the order built; a take that names
    its domain answers that domain's, one that names none the first queued, so the
    owner chooses the order and each target (valeria.symbols.opponent,
    :func:`answered_take`)."""
    return _active_domains_at(_set_closing(state, True), "action-end", "valeria.domains.effects")


@cache
def acts_at_phase_end(domains: tuple[str, ...]) -> bool:
    """Does any of ``domains`` act at the end of the Action phase (:func:`close_actions`)? Read once per
    set of built domains (decision 0043)."""
    ix = _I()
    return any(ix.domains[d].timing == "action-end" for d in domains)


@implements("valeria.end.check", "valeria.end.equal-turns", "valeria.turn.phases",
            "valeria.variants.five-players.resting-token")
def end_phase(state: State) -> State:
    """Check the end conditions; once triggered the game goes on until every seat has
    had as many turns (the seat right of the first player plays the last one); else
    the dice pass left, and with five players the resting token with them
    (valeria.variants.five-players.resting-token). (The solo game has its own steps here:
    :data:`rules.valeria.flows.SOLO_FLOW`.)"""
    triggered = state.end_triggered or end_triggered(
        sum(map(len, state.monsters)), sum(map(len, state.domains)), exhausted(state), state.players)
    nxt = (state.active + 1) % state.players
    if triggered and nxt == state.first:
        return _set_over(state, OVER, True, 0, False)
    return _set_next_turn(state, nxt, resting_seat(state.players, nxt), ROLL, state.turns + 1, triggered,
                          (0, 0), (0, 0), (), (), 0, False)


@implements("valeria.end.conditions", "valeria.exhausted.end-trigger", "valeria.end.check",
            "valeria.variants.events.exhausted")
def end_rules(state: State) -> tuple[str, ...]:
    """The rules that ended the game over in ``state`` (``Result.rules``): each end condition
    met (valeria.end.conditions: all monsters slain, all domains built; the exhausted stacks,
    valeria.exhausted.end-trigger, counting those where a Monster Event lies,
    valeria.variants.events.exhausted), or, when a stack was refilled after the end was
    triggered, the ruling that the end stays triggered (valeria.end.check, O15); then the
    equal turns that followed (valeria.end.equal-turns)."""
    monsters_slain = not any(state.monsters)
    domains_built = not any(state.domains)
    by_exhaustion = exhausted(state) >= 2 * state.players
    met: tuple[str, ...] = ("valeria.end.conditions",) if monsters_slain or domains_built else ()
    if by_exhaustion:
        events_lie = state.events is not None and bool(events.events_in_play(state))
        met += ("valeria.end.conditions", "valeria.exhausted.end-trigger",
                *(("valeria.variants.events.exhausted",) if events_lie else ()))
    return (*dict.fromkeys(met or ("valeria.end.check",)), "valeria.end.equal-turns")


def advance(state: State) -> State:
    """Take the steps the rules force until someone must decide."""
    after_step = state.flow.after_step
    while True:
        if after_step is not None and not state.pending:
            state = after_step(state)  # after the action, before anything else
        if state.pending or state.phase in (OVER, ROLL, DICE, DRAW, DUKES):
            return state
        if state.phase == EVENTS:
            state = start_harvest(state)
            continue
        if state.phase == HARVEST:
            if state.harvest == ():
                state = distribute(state)
                continue
            if any(state.harvest):
                return state
            state = begin_actions(state)
            continue
        if state.phase == ACTIONS:
            if state.actions_left > 0:
                return state
            if state.closing or not acts_at_phase_end(state.seat.domains):
                # nothing of the seat's acts at the phase's end: it ends at once, without the copy that
                # marks the end-of-phase powers queued (the end of the phase writes ``closing`` back)
                state = state.flow.end_of_actions(state)
            else:
                state = close_actions(state)
            continue
        return state  # pragma: no cover


# =========================================================================== legal actions


def legal_actions(state: State) -> tuple[Action, ...]:
    if state.pending and state.phase not in (OVER, ROLL, DRAW, DUKES):
        return pending_answers(state)
    if state.phase == ACTIONS:
        return tuple(_main_actions(state))
    if state.phase == HARVEST:
        return tuple(harvest_answers(state))
    return tuple(_legal(state))


def harvest_answers(state: State) -> list[Action]:
    """Every seat's answers to each of its harvest items (:func:`item_options`), seat by seat and item
    by item: a choice's answers depend on the card only (:func:`choice_item_actions`), an exchange's on
    whether the seat can pay it."""
    out: list[Action] = []
    for seat, items in enumerate(state.harvest):
        for item in items:
            effect = item_effect(item)
            if isinstance(effect, Choice):
                out += choice_item_actions(seat, item.card, item.side)
            else:  # item_options of an exchange, its effect read once
                out += harvest_actions(seat, item.card, exchange_options(state.seats[seat], effect))
    return out


#: The state whose answers were listed last and those answers, as one pair (:func:`pending_answers`;
#: replaced whole, so a reader never pairs one state with another's answers); the entry keeps the
#: state alive, so its identity is not another state's while it is here.
_LISTED: list[tuple[Any, tuple[Action, ...]]] = [(None, ())]


def pending_answers(state: State) -> tuple[Action, ...]:
    """The answers to the decision on top of ``state.pending`` (:func:`decision_options`), in the
    order :func:`legal_actions` lists them, listed once per state (decision 0040): the forced-answer
    check after a step (:func:`rules.valeria.forced.only_answer`) lists them, and the legal
    actions asked next of the very same state (random play, a seat choosing) read them from
    :data:`_LISTED` instead of listing them again. States are immutable, so the answers of one
    state object never change."""
    known, answers = _LISTED[0]
    if known is state:
        return answers
    answers = tuple(decision_options(state, state.pending[0]))
    _LISTED[0] = (state, answers)
    return answers


def _legal(state: State) -> Iterator[Action]:
    phase = state.phase
    if phase in (OVER, ROLL, DRAW):
        return
    if phase == DUKES:
        for i, s in enumerate(state.seats):
            if s.duke is None:
                for d in s.dealt:
                    yield Action(Kind.KEEP, i, d)
        return
    if state.pending:
        yield from pending_answers(state)
        return
    if phase == DICE:
        yield from die_options(state)
        yield Action(Kind.ANNOUNCE, state.active)
        return
    if phase == HARVEST:
        yield from harvest_answers(state)
        return
    yield from _main_actions(state)


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


@cache
def harvest_actions(seat: int, card: str, options: tuple[str, ...]) -> tuple[Action, ...]:
    """``seat``'s answers to its harvest item of ``card`` (:func:`item_options`), made once and shared."""
    return tuple(Action(Kind.HARVEST, seat, card, option) for option in options)


@cache
def choice_item_actions(seat: int, card: str, side: str) -> tuple[Action, ...]:
    """``seat``'s answers to its harvest item of ``card`` on ``side`` when it waits for a choice: its
    :func:`item_options`, which read no state then, made once per seat and card side (decision 0043)."""
    effect = item_effect(HarvestItem(card, side, 1))
    assert isinstance(effect, Choice), "only a choice's answers are the card's alone"
    return harvest_actions(seat, card, choice_options(card, effect))


@cache
def gain_actions(seat: int) -> tuple[Action, ...]:
    """The three gains of ``seat`` (valeria.gain.resource), made once."""
    return tuple(Action(Kind.GAIN, seat, r) for r in RESOURCES)


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
    _add_slays(out, state, state.active, strength, seat.magic)
    return tuple(out)


def _add_slays(out: list[Action], state: State, me: int, strength: int, magic: int) -> None:
    """:func:`slay_options`' payments of ``me`` (``strength``, at least 1, and ``magic``) added to ``out``."""
    for card, sc, mc in slay_targets(state):
        total = sc + mc
        if strength + magic >= total and magic >= mc:
            out += slay_actions(me, card, sc, mc, strength if strength < total else total,
                                magic if magic < total else total)


@implements("valeria.actions.two", "valeria.actions.repeat", "valeria.actions.mandatory")
def _main_actions(state: State) -> list[Action]:
    """Recruit, slay, build (each with every payment split the proven predicates admit) or
    gain a resource. A card whose gold price the seat's gold and magic together do not reach, or
    any card when it has no gold, offers no payment split (:func:`gold_payments` is then empty:
    :func:`~rules.valeria.predicates.gold_payment_ok` asks at least one real gold and the whole
    price, no more than the seat has), so no split is looked up for it; the roles a domain needs are
    counted only when the seat could pay for some domain. A citizen's price is read from the
    game's price rows (:func:`citizen_price_rows`) by the copies the seat owns (decision 0047)."""
    me = state.active
    s = state.seats[me]
    gold, magic = s.gold, s.magic
    out: list[Action] = []
    if gold:
        budget = gold + magic
        kinds, owned, plain = state.citizen_kinds, s.citizens, EMERALD in s.domains
        rows = citizen_price_rows(kinds, plain)
        tops = citizens_on_top(state) if state.citizen_stacks else compress(range(len(kinds)), state.citizen_counts)
        for i in tops:
            row, n = rows[i], owned[i]
            price = row[n] if n < PRICE_ROW else citizen_price(kinds[i], n, plain)
            if budget >= price:
                out += recruit_actions(me, kinds[i], price, gold if gold < price else price,
                                       magic if magic < price else price)
    if s.strength >= 1:
        _add_slays(out, state, me, s.strength, magic)
    if gold:
        have: dict[str, int] | None = None
        for card, price, need in face_up_domains(state.domains, PRATCHETT in s.domains):
            if budget >= price:
                if have is None:
                    have = role_counts(state, me)
                for role, n in need:  # roles_met, its table read once per domain row
                    if have.get(role, 0) < n:
                        break
                else:
                    out += build_actions(me, card, price, gold if gold < price else price,
                                         magic if magic < price else price)
    out += gain_actions(me)
    return out


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


def decision_detail(d: Decision) -> tuple[str, Any]:
    """(source card, effect) of a decision this module pushed."""
    source, effect = cast(tuple[str, Any], d.detail)
    return source, effect


def decision_source(d: Decision) -> str:
    """The card whose power opened a decision this module pushed (a declining answer names it)."""
    return cast(tuple[str, ...], d.detail)[0]


#: The action kind that answers each decision; the optional ones may also be declined.
ANSWERS = {"thief": Kind.THIEF, "choose": Kind.CHOOSE, "citizen": Kind.CITIZEN,
           "take": Kind.TAKE, "exchange": Kind.EXCHANGE, "extra-slay": Kind.SLAY,
           "watcher": Kind.RETURN, "nest": Kind.RETURN, "purloin": Kind.PURLOIN,
           events.TOKEN_DECISION: Kind.TOKEN}
#: Purloiner's Perch is not among them: its card says "take", as the Orc Warrior's and the Wraith's
#: citizen rewards are gains (valeria.cards.text-wins; the ruling on valeria.cards.purloiners-perch).
OPTIONAL = frozenset({"extra-slay", "watcher", "nest", "citizen"})


def answers(d: Decision) -> tuple[ActionKind, ...]:
    """The action kinds that answer the decision ``d``: its own (:data:`ANSWERS`), and a decline
    when it is optional (:data:`OPTIONAL`)."""
    return (ANSWERS[d.kind], Kind.DECLINE) if d.kind in OPTIONAL else (ANSWERS[d.kind],)


def offered(state: State, a: Action, d: Decision) -> bool:
    """Is ``a`` one of the options of the decision ``d`` now (an extra slay's payments and a
    token's targets aside: :func:`slay_options`, :func:`rules.valeria.events.token_targets`)? An
    answer of its kind (:func:`answers`): a branch of the reward (one a seat can take: ruling
    O24), a citizen stack to take from, an opponent to take from (valeria.symbols.opponent; never
    the resting seat), an exchange it can pay, a monster or citizen of its own to return (not a
    slain event: ruling O17), a decline of an optional power or of a reward whose stacks emptied.
    The one predicate of both :func:`decision_options` and the verdict
    (:func:`rules.valeria.violations.decision_refusal`)."""
    if a.kind not in answers(d):
        return False
    if a.kind == Kind.DECLINE and a.card and a.card != decision_source(d):
        return False  # a decline names the card whose power it declines (decision 0033)
    seat = d.seat
    if d.kind in ("thief", "take", "purloin"):
        if not targetable(state.players, state.resting, seat, a.target):
            return False
        return d.kind != "thief" or a.option in branch_labels(decision_detail(d)[1])
    if d.kind == "choose":
        effect = decision_detail(d)[1]
        labels = branch_labels(effect)
        return a.option in labels and branch_possible(state, seat, effect.options[labels.index(a.option)])
    if d.kind == "citizen":
        targets = citizen_targets(state, decision_detail(d)[1])
        if a.kind == Kind.DECLINE:
            return not targets  # emptied since the reward was taken: nothing is gained (ruling O24)
        return a.card in state.citizen_kinds and state.citizen_kinds.index(a.card) in targets
    if d.kind == "exchange":
        return a.option == "decline" or (a.option == "use" and affords(state.seats[seat], decision_detail(d)[1].pay))
    if a.kind == Kind.DECLINE:
        return True  # an extra slay (Sage's Tower), Watcher on the Water, Nest of the Weaver Witch are optional
    if d.kind == "watcher":
        return a.card in state.seats[seat].monsters and not (state.events is not None and events.is_event(a.card))
    if d.kind == "nest":
        return a.card in state.citizen_kinds and state.seats[seat].citizens[state.citizen_kinds.index(a.card)] > 0
    return False  # an extra slay's payment or a token: their own predicates decide


def decision_options(state: State, d: Decision) -> Iterator[Action]:
    """The answers to the decision ``d``: every candidate answer (:func:`answer_candidates`) that
    :func:`offered` admits, so the enumeration and the verdict read one predicate; an extra slay
    offers every payment the slay predicates admit (:func:`slay_options`) or a decline, a Monster
    Event's token each target :func:`rules.valeria.events.token_targets` names."""
    seat = d.seat
    if d.kind == "extra-slay":
        yield from slay_options(state, state.seats[seat])
        yield Action(Kind.DECLINE, seat, decision_source(d))  # the decline names the card (decision 0033)
    elif d.kind == "citizen":
        yield from citizen_answers(state, d)
    elif d.kind == "choose":
        effect = decision_detail(d)[1]
        yield from (a for a, branch in choose_actions(seat, effect) if branch_possible(state, seat, branch))
    elif d.kind == "thief":
        yield from thief_actions(seat, decision_detail(d)[1], state.players, state.resting)
    elif d.kind == "take":
        yield from take_actions(seat, _take_sources(state), state.players, state.resting)
    elif d.kind == events.TOKEN_DECISION:
        event, _ = decision_detail(d)
        for target in events.token_targets(state, event):
            yield Action(Kind.TOKEN, seat, target, option=event)
    else:
        yield from (a for a in answer_candidates(state, d) if offered(state, a, d))


def citizen_answers(state: State, d: Decision) -> tuple[Action, ...]:
    """The answers to the "gain a citizen" decision ``d``: the citizen kinds, in the order of the
    center, of the stacks the reward may take from (:func:`citizen_targets`), or when none is left
    the decline (ruling O24). These are the candidates :func:`offered` admits, read from the targets
    once instead of asking each of the eleven candidates (a test compares both, decision 0047)."""
    targets = citizen_targets(state, decision_detail(d)[1])
    if not targets:
        return (Action(Kind.DECLINE, d.seat, decision_source(d)),)
    kinds = state.citizen_kinds
    return tuple(Action(Kind.CITIZEN, d.seat, kind) for i, kind in enumerate(kinds) if i in targets)


@cache
def choose_actions(seat: int, effect: Choice) -> tuple[tuple[Action, tuple[Effect, ...]], ...]:
    """``seat``'s candidate answers to a reward's choice ``effect``, each with the branch :func:`offered`
    asks to be possible (:func:`branch_possible`): made once per seat and choice (decision 0047)."""
    labels = branch_labels(effect)
    return tuple((Action(Kind.CHOOSE, seat, option=label), effect.options[labels.index(label)]) for label in labels)


@cache
def thief_actions(seat: int, effect: Choice, players: int, resting: int | None) -> tuple[Action, ...]:
    """``seat``'s answers to its Thief's steal ``effect``: each branch against each seat it may take from
    (:func:`~rules.valeria.variants.targetable`), the candidates :func:`offered` admits, which depend
    on the card and the table only: made once (decision 0047)."""
    return tuple(Action(Kind.THIEF, seat, option=label, target=o) for label in branch_labels(effect)
                 for o in range(players) if targetable(players, resting, seat, o))


@cache
def take_actions(seat: int, sources: tuple[str, ...], players: int, resting: int | None) -> tuple[Action, ...]:
    """``seat``'s answers to its pending takes: each domain of ``sources`` (``""`` for one take alone)
    against each seat it may take from (:func:`~rules.valeria.variants.targetable`), the candidates
    :func:`offered` admits, which depend on the table only: made once (decision 0047)."""
    return tuple(Action(Kind.TAKE, seat, source, target=o) for source in sources for o in range(players)
                 if targetable(players, resting, seat, o))


def _take_sources(state: State) -> tuple[str, ...]:
    """The domains a take answer names: each of the takes pending together (:func:`pending_takes`),
    or ``""`` for one take alone."""
    takes = pending_takes(state)
    return tuple(decision_detail(t)[0] for t in takes) if len(takes) > 1 else ("",)


def answer_candidates(state: State, d: Decision) -> Iterator[Action]:
    """Every answer of the right shape to ``d``, in the order the options are listed: each
    branch label against each seat (a steal), each branch, each citizen kind then a decline, each
    pending take's domain against each seat (several takes at once, Cathedral of St Aquila and The
    Orb of Urdr: each answer names its domain), use then decline, each monster or citizen kind of
    the seat's own then a decline, each seat (Purloiner's Perch, not optional: the card says "take")."""
    seat, kind = d.seat, d.kind
    if kind in ("thief", "choose"):
        labels = branch_labels(decision_detail(d)[1])
        if kind == "choose":
            yield from (Action(Kind.CHOOSE, seat, option=label) for label in labels)
        else:
            yield from (Action(Kind.THIEF, seat, option=label, target=o)
                        for label in labels for o in range(state.players))
    elif kind == "citizen":
        yield from (Action(Kind.CITIZEN, seat, c) for c in state.citizen_kinds)
        yield Action(Kind.DECLINE, seat, decision_source(d))
    elif kind == "take":
        yield from (Action(Kind.TAKE, seat, source, target=o) for source in _take_sources(state)
                    for o in range(state.players))
    elif kind == "exchange":
        yield Action(Kind.EXCHANGE, seat, option="use")
        yield Action(Kind.EXCHANGE, seat, option="decline")
    elif kind in ("watcher", "nest"):
        mine = state.seats[seat]
        cards = sorted(set(mine.monsters)) if kind == "watcher" else [c for c, n in zip(state.citizen_kinds, mine.citizens,
                                                                                           strict=True) if n]
        yield from (Action(Kind.RETURN, seat, c) for c in cards)
        yield Action(Kind.DECLINE, seat, decision_source(d))
    elif kind == "purloin":
        yield from (Action(Kind.PURLOIN, seat, target=o) for o in range(state.players))


# =========================================================================== successor


def successor(state: State, a: Action) -> State:
    """The state after the legal action ``a`` (the kinds asked in the order of how often they come:
    harvest choices and rolls first, decision 0043)."""
    k = a.kind
    if k == Kind.HARVEST:
        return advance(resolve_item(state, a.seat, a.card, a.option))
    if k == Kind.ROLL:
        return advance(rolled(state, *a.dice))
    if k == Kind.DRAW:
        return advance(drawn(state, a.card))
    if k == Kind.KEEP:
        return keep_duke(state, a.seat, a.card)
    if k == Kind.DIE:
        return advance(change_die(state, a.card, a.target))
    if k == Kind.ANNOUNCE:
        return advance(announce(state))
    if state.pending:
        return advance(_decide(state, a))
    if k == Kind.RECRUIT:  # the action counted in the recruit's own copy
        return advance(recruit(state, state.citizen_kinds.index(a.card), a.pay.gold, a.pay.magic,
                               state.actions_left - 1))
    left = state.actions_left - 1  # each action counted in the copy the action makes
    if k == Kind.SLAY:
        return advance(slay_card(state, a.card, a.pay.strength, a.pay.magic, left))
    if k == Kind.BUILD:
        stack = next(i for i, st in enumerate(state.domains) if st and st[0] == a.card)
        return advance(build(state, stack, a.pay.gold, a.pay.magic, left))
    if k == Kind.GAIN:
        return advance(gain_resource(state, a.card, left))
    return advance(_set_actions_left(state, left))  # pragma: no cover - the Action phase has no other action


@implements("valeria.domains.trigger-order")
def pending_takes(state: State) -> tuple[Decision, ...]:
    """The "take" decisions on top of the pending stack, all of one seat: the takes that
    act together (Cathedral of St Aquila and The Orb of Urdr at the end of the Action
    phase), which their owner answers in the order of its choice."""
    if not state.pending or state.pending[0].kind != "take":
        return ()
    owner = state.pending[0].seat
    run = []
    for d in state.pending:
        if d.kind != "take" or d.seat != owner:
            break
        run.append(d)
    return tuple(run)


@implements("valeria.domains.trigger-order", "valeria.symbols.opponent")
def answered_take(state: State, a: Action) -> int | None:
    """Where in ``state.pending`` the take ``a`` answers: the pending take of the domain it
    names (``a.card``), among the takes on top (:func:`pending_takes`), as the owner chooses
    the order; without a name the take queued first (the first built). ``None``: no take
    of the named domain is pending."""
    takes = pending_takes(state)
    if not a.card:
        return 0 if takes else None
    return next((i for i, d in enumerate(takes) if decision_detail(d)[0] == a.card), None)


def _decide(state: State, a: Action) -> State:
    answered = answered_take(state, a) if a.kind == Kind.TAKE else 0
    assert answered is not None, "a take answers a pending take (checked by violations.refusal)"
    d = state.pending[answered]
    state = _set_pending(state, state.pending[:answered] + state.pending[answered + 1:])
    seat = d.seat
    if a.kind == Kind.DECLINE:
        return state
    if d.kind == "thief":
        _, effect = decision_detail(d)
        branch = effect.options[branch_labels(effect).index(a.option)]
        for e in branch:
            state = take(state, seat, a.target, e.amount)
        return state
    if d.kind == "choose":
        source, effect = decision_detail(d)
        branch = effect.options[branch_labels(effect).index(a.option)]
        rule = "valeria.slay.reward" if source in _I().monsters else "valeria.build.reward"
        return resolve_effects(state, seat, branch, source, rule)
    if d.kind == "citizen":
        return gain_citizen(state, seat, state.citizen_kinds.index(a.card))
    if d.kind == "take":
        _, effect = decision_detail(d)
        return take(state, seat, a.target, effect.amount)
    if d.kind == "exchange":
        _, effect = decision_detail(d)
        if a.option == "use":
            s = _pay(state.seats[seat], effect.pay.gold, effect.pay.strength, effect.pay.magic)
            state = with_seat(state, seat, credit(s, effect.gain))
        return state
    if d.kind == "extra-slay":
        return slay_card(state, a.card, a.pay.strength, a.pay.magic)
    if d.kind == events.TOKEN_DECISION:
        _, amount = decision_detail(d)
        return events.add_token(state, a.card, amount)
    if d.kind == "watcher":
        return return_monster(state, seat, a.card)
    if d.kind == "nest":
        return return_citizen(state, seat, state.citizen_kinds.index(a.card))
    if d.kind == "purloin":
        if not state.seats[a.target].monsters:  # nothing to draw: nothing happens (ruling)
            return state
        return replace(state, phase=DRAW, draw_from=a.target)
    raise ValueError(d.kind)  # pragma: no cover


# =========================================================================== scoring


@attrs.frozen
class Score:
    seat: int
    monsters: int
    domains: int
    board: int
    duke_terms: tuple[tuple[Counter, int, int, int], ...]  # (what is counted, VP each, count, VP)
    duke_resources: int
    duchy_cards: int

    @property
    def duke(self) -> int:
        return int(duke_vp(tuple(t[1] for t in self.duke_terms), tuple(t[2] for t in self.duke_terms),
                           self.duke_resources))

    @property
    def total(self) -> int:
        return self.monsters + self.domains + self.board + self.duke


STARTERS_PER_SEAT = 3


@implements("valeria.scoring.total", "valeria.scoring.duke-icons", "valeria.monsters.vp", "valeria.resources.vp",
            "valeria.dukes.resources", "valeria.domains.vp", "valeria.variants.events.scoring")
def score(state: State, seat: int) -> Score:
    """Printed VP of slain monsters and built domains, VP on the board and the duke:
    its terms (role icons on citizens and domains) and the summed resources divided
    by its number (ruling O1)."""
    ix = _I()
    s = state.seats[seat]
    duke = ix.dukes[s.duke] if s.duke else None
    terms: list[tuple[Counter, int, int, int]] = []
    res = 0
    if duke is not None:
        for term in duke.score:
            n = count(state, seat, term.per)
            terms.append((term.per, term.vp, n, n * term.vp))
        res = int(duke_resource_vp(s.gold, s.strength, s.magic, duke.resources_per_vp))
    return Score(seat, sum(ix.monsters[m].vp for m in s.monsters), sum(ix.domains[d].vp for d in s.domains), s.vp,
                 tuple(terms), res, STARTERS_PER_SEAT + sum(s.citizens) + len(s.domains))


@implements("valeria.scoring.winner", "valeria.scoring.tie")
def winners(scores: tuple[Score, ...]) -> tuple[int, ...]:
    """Most VP wins; a tie goes to the tied seat with fewer cards in its duchy
    (starters, citizens, domains: ruling O3); still equal, they share the victory."""
    best = max(sc.total for sc in scores)
    tied = [sc for sc in scores if sc.total == best]
    fewest = min(sc.duchy_cards for sc in tied)
    return tuple(sc.seat for sc in tied if sc.duchy_cards == fewest)
