"""The flow of a Valeria base game: one pure function per rule, the state transitions
from the setup to the end, and :func:`successor`, one of the two entry points the game object
uses (the other, :func:`rules.valeria.offers.legal_actions`, lists what may be played; why an
action is illegal is :mod:`rules.valeria.violations`', decision 0023). The variant's own
steps are hooks of ``State.flow``, chosen once by :func:`rules.valeria.flows.flow_of` and
put on the state by :func:`initial_state`, so no function here asks which game it plays.

A turn is Roll (a chance node, then the active seat's die changes) → Harvest
(the active Thief first, then every seat's choices, independent of each other:
``Turn.simultaneous``, decision 0011) → Action (two actions; every choice an
action opens is a pending :class:`~rules.kernel.decisions.Decision`) → End
(end trigger, equal turns). Plain gains are applied by the engine (the book
gives no choice); every choice the book gives a seat is an explicit action.

The parts the flow reads are modules of their own: what a seat holds and the small edits of
its board (:mod:`rules.valeria.holdings`), the harvest of a roll (:mod:`rules.valeria.harvest`),
a card's effects and the decisions they open (:mod:`rules.valeria.effects`), the answers to those
decisions (:mod:`rules.valeria.answers`), prices and payments (:mod:`rules.valeria.payments`), the
legal actions (:mod:`rules.valeria.offers`) and the final count (:mod:`rules.valeria.scoring`).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from typing import cast

from rules.kernel.construct import copier
from rules.kernel.decisions import Decision
from rules.kernel.registry import implements
from rules.valeria import events
from rules.valeria.answers import answered_take, decision_detail
from rules.valeria.cards import Amount, Domain, Gain, LowerDie, SetDie
from rules.valeria.data import Index, branch_labels, index
from rules.valeria.effects import gain_citizen, resolve_effects
from rules.valeria.harvest import active_steals, distribute, harvested, resolve_item, take
from rules.valeria.holdings import affords, count, credit, debit, set_pending, with_seat
from rules.valeria.predicates import end_triggered
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
    Flow,
    Kind,
    Seat,
    Setup,
    State,
    replace,
)
from rules.valeria.variants import citizen_stack_size, citizen_stacks_exhausted, monster_stack, put_back, resting_seat

ACTIONS_PER_TURN = 2
VP_FOR_RETURN = 3  # Watcher on the Water, Nest of the Weaver Witch (card text)
# A domain whose power the engine looks for by ID (its text is a `special` rule of the spec).
GARGAN = "gargans-embrace"


def _I() -> Index:
    return index()


# The copies this module makes, each written out once for its fields (as in
# :mod:`rules.valeria.holdings`, decision 0040) and called positionally.
_set_roll = copier(State, "dice", "rolled", "used")
_set_harvest_start = copier(State, "phase", "harvest", "pending")
_set_harvested = copier(State, "phase", "seats", "harvest", "pending")
_set_action_phase = copier(State, "phase", "actions_left", "harvest", "closing")
_set_rolled_harvest = copier(State, "dice", "rolled", "used", "phase", "seats", "harvest", "pending")
_set_rolled_actions = copier(State, "dice", "rolled", "used", "phase", "seats", "harvest", "pending", "actions_left",
                             "closing")
_set_slayer = copier(Seat, "gold", "strength", "magic", "monsters")
_set_rewarded_slayer = copier(Seat, "gold", "strength", "magic", "vp", "monsters")
_set_slain = copier(State, "monsters", "seats", "actions_left")
_set_builder = copier(Seat, "gold", "magic", "domains")
_set_built = copier(State, "domains", "seats", "actions_left")
_set_closing = copier(State, "closing")
_set_actions_left = copier(State, "actions_left")
_set_seats_actions_left = copier(State, "seats", "actions_left")
_set_over = copier(State, "phase", "end_triggered", "actions_left", "closing")
_set_next_turn = copier(State, "active", "resting", "phase", "turns", "end_triggered", "dice", "rolled", "used",
                          "harvest", "actions_left", "closing")


# =========================================================================== exhausted stacks


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
    if next(active_steals(state, dice), None) is not None:
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
            seat = debit(seat, cost.gold, cost.strength, cost.magic)
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
    for card, n, steals in active_steals(state, state.dice):
        for effect in steals:
            decisions.extend(Decision(state.active, "thief", "valeria.harvest.thief-first", (card, effect))
                             for _ in range(n))
    if not decisions and state.flow.after_step is None:
        # nothing resolves first and no step of the variant follows this one: the distribution
        # advance would make next is written in the same copy
        seats, items = harvested(state, state.dice)
        return advance(_set_harvested(state, HARVEST, seats, items, ()))
    return advance(_set_harvest_start(state, HARVEST, (), tuple(decisions)))


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
    which :func:`~rules.valeria.effects.resolve_effects` would add to the slayer's board at once; ``None`` for any other
    reward. Read once per card, so a slay takes such a reward in the copy that pays for it (decision 0047)."""
    reward = _I().monsters[monster].reward
    if not all(isinstance(e, Gain) and e.per is None for e in reward):
        return None
    gains = [cast(Gain, e).amount for e in reward]
    return Amount(gold=sum(a.gold for a in gains), strength=sum(a.strength for a in gains),
                  magic=sum(a.magic for a in gains), vp=sum(a.vp for a in gains))


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
    :func:`~rules.valeria.answers.answered_take`)."""
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


def _decide(state: State, a: Action) -> State:
    answered = answered_take(state, a) if a.kind == Kind.TAKE else 0
    assert answered is not None, "a take answers a pending take (checked by violations.refusal)"
    d = state.pending[answered]
    state = set_pending(state, state.pending[:answered] + state.pending[answered + 1:])
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
            s = debit(state.seats[seat], effect.pay.gold, effect.pay.strength, effect.pay.magic)
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
