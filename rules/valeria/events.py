"""The Monster Events variant of Valeria (valeria.variants.events.*, decision 0020).

The events lie face down on top of the Exhausted stack (``Events.exhausted_stack``,
top first, the order dealt in ``Setup.events``). Whenever a center stack is empty
after an action, the top card of the Exhausted stack is put in its place
(``Events.placed``: an Exhausted card or an event). A face-up event triggers once
when a die or the sum shows its number (:func:`event_triggers`, proved in
``proofs/valeria/events.py``); its instruction is carried out after the dice are
announced and before the Harvest phase. Events put cardboard tokens on monsters
(``Events.tokens``): strength and magic raise the slay cost, gold is a bounty. A
slain event goes to the Victory stack like a monster and is replaced by an
Exhausted card from the bottom of the Exhausted stack.

This module holds the variant's state edits and predicates; the engine
(:mod:`rules.valeria.engine`) calls them at the few places the variant changes.
It never imports the engine.
"""

from __future__ import annotations

import random
from typing import Any

from rules.kernel.decisions import Decision, push
from rules.kernel.logic import CONCRETE, Logic
from rules.kernel.registry import implements
from rules.valeria.cards import AddToken, Amount, EveryPlayerLoses
from rules.valeria.data import index
from rules.valeria.state import RESOURCES, Events, MonsterEventsDeal, State, Tokens, replace

#: An Exhausted card (the Exhausted stack's plain cards) and "no card was left" (ruling O16).
EXHAUSTED = "exhausted"
NO_CARD = "-"
#: The center positions: 5 monster stacks, 10 citizen stacks, 5 domain stacks, left to right.
MONSTER_POSITIONS = 5
CITIZEN_POSITIONS = 10
DOMAIN_POSITIONS = 5
POSITIONS = MONSTER_POSITIONS + CITIZEN_POSITIONS + DOMAIN_POSITIONS
FIRST_CITIZEN = MONSTER_POSITIONS
FIRST_DOMAIN = MONSTER_POSITIONS + CITIZEN_POSITIONS
#: ``Tokens.height`` of the event lying in a position.
ON_EVENT = -1
#: The decision a triggered "add a token" instruction opens (the active seat's choice of monster).
TOKEN_DECISION = "event-token"
EXHAUSTED_PER_PLAYER = 2


# ------------------------------------------------------------------ the trigger (proved)


@implements("valeria.variants.events.trigger")
def event_triggers(a: Any, b: Any, number: Any, L: Logic = CONCRETE) -> Any:
    """How many times an event numbered ``number`` triggers on the announced dice ``a``, ``b``:
    once when either die or the sum shows the number, even on doubles (never twice), else 0."""
    return L.If(L.Or(a == number, b == number, a + b == number), 1, 0)


# ------------------------------------------------------------------ setup


@implements("valeria.variants.events.setup")
def deal_events(rng: random.Random, players: int) -> tuple[str, ...]:
    """One event per player drawn from the six and shuffled face down (top first)."""
    return tuple(rng.sample(sorted(index().events), players))


@implements("valeria.variants.events.setup", "valeria.setup.exhausted-stack")
def exhausted_stack(events: tuple[str, ...], players: int) -> tuple[str, ...]:
    """The Exhausted stack, top first: the shuffled events on top of two Exhausted cards
    per player (3 cards per player in all; ruling O10: only in this variant)."""
    return (*events, *(EXHAUSTED,) * (EXHAUSTED_PER_PLAYER * players))


def part(state: State) -> Events:
    """The Monster Events part of ``state`` (the callers know the variant is on)."""
    assert state.events is not None, "a game with Monster Events"
    return state.events


def with_part(state: State, **changes: Any) -> State:
    """``state`` with its Monster Events part changed."""
    return replace(state, events=replace(part(state), **changes))


def initial(state: State, deal: MonsterEventsDeal | None) -> State:
    """``state`` with the Exhausted stack of the variant and no card placed yet, when the setup
    dealt the events (valeria.variants.events.setup); else ``state`` as it is."""
    if deal is None:
        return state
    return replace(state, events=Events(exhausted_stack=exhausted_stack(deal.events, state.players),
                                        placed=("",) * POSITIONS))


# ------------------------------------------------------------------ positions


def position_empty(state: State, p: int) -> bool:
    """Has center position ``p`` no card of its own stack left?"""
    if p < FIRST_CITIZEN:
        return not state.monsters[p]
    if p < FIRST_DOMAIN:
        i = p - FIRST_CITIZEN
        return not state.citizen_stacks[i] if state.citizen_stacks else state.citizen_counts[i] == 0
    return not state.domains[p - FIRST_DOMAIN]


def citizen_position(state: State, kind: int) -> int:
    """The position of the stack a citizen of ``kind`` (an index of ``citizen_kinds``) belongs to."""
    if not state.citizen_stacks:
        return FIRST_CITIZEN + kind
    return FIRST_CITIZEN + index().stack_of[state.citizen_kinds[kind]]


def is_event(card: str) -> bool:
    return card in index().events


def events_in_play(state: State) -> tuple[tuple[int, str], ...]:
    """(position, event) of every face-up event in the center, left to right."""
    ix = index()
    return tuple((p, c) for p, c in enumerate(part(state).placed) if c in ix.events)


@implements("valeria.variants.events.revealed", "valeria.exhausted.replace")
def fill(state: State) -> State:
    """After an action: every center stack that is empty and has no card in its place gets
    the top card of the Exhausted stack face up (an Exhausted card or an event), left to
    right (monster, citizen, domain positions); with none left it stays exhausted without
    a card (ruling O16)."""
    ev = part(state)
    placed = ev.placed
    changed = None
    stack, known = ev.exhausted_stack, ev.known_top
    for p in range(POSITIONS):
        if placed[p] == "" and position_empty(state, p):
            if changed is None:
                changed = list(placed)
            if stack:
                changed[p], stack, known = stack[0], stack[1:], max(0, known - 1)
            else:
                changed[p] = NO_CARD
    if changed is None:
        return state
    return with_part(state, placed=tuple(changed), exhausted_stack=stack, known_top=known)


@implements("valeria.cards.nest-of-the-weaver-witch", "valeria.cards.watcher-on-the-water")
def unplace(state: State, p: int) -> State:
    """A card comes back to the empty position ``p`` (Nest of the Weaver Witch, Watcher on the
    Water): an Exhausted card lying there goes to the bottom of the Exhausted stack, an event
    to its top (everyone has seen it; its tokens go back to the supply), as the Nest card says
    (ruling O17: the Watcher mirrors it)."""
    if state.events is None:
        return state
    card = state.events.placed[p]
    placed = list(state.events.placed)
    placed[p] = ""
    state = with_part(state, placed=tuple(placed))
    if card == EXHAUSTED:
        return with_part(state, exhausted_stack=(*part(state).exhausted_stack, EXHAUSTED))
    if is_event(card):
        ev = part(_clear_tokens(state, p, ON_EVENT))
        return with_part(state, tokens=ev.tokens, exhausted_stack=(card, *ev.exhausted_stack),
                         known_top=ev.known_top + 1)
    return state


# ------------------------------------------------------------------ triggers and instructions


def triggered(state: State) -> tuple[tuple[int, str], ...]:
    """(position, event) of the face-up events the announced dice trigger, left to right."""
    a, b = state.dice
    ix = index()
    return tuple((p, e) for p, e in events_in_play(state) if event_triggers(a, b, ix.events[e].trigger))


@implements("valeria.variants.events.roll-phase", "valeria.variants.events.instructions",
            "valeria.variants.events.trigger", "valeria.variants.five-players.resting-immune")
def trigger(state: State) -> State:
    """After the dice are announced, before the Harvest phase: each triggered event's
    instruction, in the order the events lie in the center (left to right, monster then
    citizen then domain positions; ruling). "Every player loses" takes 1 from every seat
    that has it (if possible), the resting seat exempt; "add a token to any monster" is the
    active seat's decision among the monsters and other events in the center (ruling O12)."""
    decisions: list[Decision] = []
    ix = index()
    for _, event in triggered(state):
        for effect in ix.events[event].on_trigger:
            if isinstance(effect, EveryPlayerLoses):
                state = lose(state, effect.amount)
            elif isinstance(effect, AddToken):
                if token_targets(state, event):
                    decisions.append(Decision(state.active, TOKEN_DECISION, "valeria.variants.events.instructions",
                                              (event, effect.amount)))
            else:  # pragma: no cover - the card loader admits only these two for events
                raise ValueError(f"{event}: unsupported event instruction {effect!r}")
    return replace(state, pending=push(state.pending, *decisions))


@implements("valeria.variants.events.instructions", "valeria.variants.five-players.resting-immune")
def lose(state: State, amount: Amount) -> State:
    """Every seat but the resting one loses ``amount``, as far as it has it."""
    seats = list(state.seats)
    for i, s in enumerate(seats):
        if i == state.resting:
            continue
        seats[i] = replace(s, gold=max(0, s.gold - amount.gold), strength=max(0, s.strength - amount.strength),
                           magic=max(0, s.magic - amount.magic))
    return replace(state, seats=tuple(seats))


@implements("valeria.variants.events.cost-tokens")
def token_targets(state: State, event: str) -> tuple[str, ...]:
    """Where a triggered ``event`` may put its token (ruling O12): the face-up top monster of
    any monster stack (named by its area) or any other face-up event in the center."""
    tops = tuple(a for a, st in zip(state.areas, state.monsters, strict=True) if st)
    return tops + tuple(e for _, e in events_in_play(state) if e != event)


def token_amount(state: State) -> Amount:
    """The tokens the pending "add a token" instruction puts (its decision is on top)."""
    detail = state.pending[0].detail
    assert isinstance(detail, tuple)
    amount = detail[1]
    assert isinstance(amount, Amount)
    return amount


def _key(state: State, card: str) -> tuple[int, int]:
    """(position, height) of the face-up monster named by an area or an event."""
    if card in state.areas:
        i = state.areas.index(card)
        return i, len(state.monsters[i]) - 1
    return part(state).placed.index(card), ON_EVENT


@implements("valeria.variants.events.cost-tokens", "valeria.variants.events.bounty")
def add_token(state: State, target: str, amount: Amount) -> State:
    """Put ``amount``'s tokens on the face-up monster ``target`` (an area's top or an event)."""
    p, h = _key(state, target)
    tokens = list(part(state).tokens)
    for i, t in enumerate(tokens):
        if (t.position, t.height) == (p, h):
            tokens[i] = replace(t, strength=t.strength + amount.strength, magic=t.magic + amount.magic,
                                gold=t.gold + amount.gold)
            return with_part(state, tokens=tuple(tokens))
    return with_part(state, tokens=(*tokens, Tokens(p, h, amount.strength, amount.magic, amount.gold)))


def tokens_on(state: State, card: str) -> Tokens | None:
    """The tokens on the face-up monster ``card`` (an area's top or an event), if any."""
    if state.events is None or not state.events.tokens:
        return None
    p, h = _key(state, card)
    return next((t for t in state.events.tokens if (t.position, t.height) == (p, h)), None)


@implements("valeria.variants.events.cost-tokens")
def slay_cost(state: State, card: str) -> tuple[int, int]:
    """(strength, magic) to slay the face-up monster ``card``: the printed values plus
    the strength and magic tokens on it."""
    ix = index()
    m = ix.monsters[state.monsters[state.areas.index(card)][0] if card in state.areas else card]
    t = tokens_on(state, card)
    if t is None:
        return m.strength, m.magic
    return m.strength + t.strength, m.magic + t.magic


def _clear_tokens(state: State, p: int, h: int) -> State:
    if state.events is None or not state.events.tokens:
        return state
    return with_part(state, tokens=tuple(t for t in state.events.tokens if (t.position, t.height) != (p, h)))


@implements("valeria.variants.events.bounty")
def collect_tokens(state: State, card: str) -> tuple[State, int]:
    """The face-up monster ``card`` is being slain: its tokens go back to the supply; the
    gold tokens are the slayer's bounty (ruling O11: gained, not paid). Returns the state
    and the bounty."""
    t = tokens_on(state, card)
    if t is None:
        return state, 0
    return _clear_tokens(state, t.position, t.height), t.gold


@implements("valeria.variants.events.replace", "valeria.variants.events.revealed")
def remove_slain_event(state: State, event: str) -> State:
    """A slain event leaves its position: an Exhausted card from the bottom of the Exhausted
    stack takes its place, never another event; with no Exhausted card left the position
    stays exhausted without a card (ruling O16)."""
    ev = part(state)
    p = ev.placed.index(event)
    stack = ev.exhausted_stack
    below = next((i for i in range(len(stack) - 1, -1, -1) if stack[i] == EXHAUSTED), None)
    placed = list(ev.placed)
    if below is None:
        placed[p] = NO_CARD
    else:
        placed[p] = EXHAUSTED
        stack = stack[:below] + stack[below + 1:]
    known = min(ev.known_top, len(stack))
    return with_part(state, placed=tuple(placed), exhausted_stack=stack, known_top=known)


_WORDS = {"gold": ("zlaťák", "gold"), "strength": ("síla", "strength"), "magic": ("magie", "magic")}


def resources_word(amount: Amount, lang: str = "en") -> str:
    """``"1 strength"`` for an instruction's amount (explanations), in ``lang`` (cs or en)."""
    k = 0 if lang == "cs" else 1
    return ", ".join(f"{getattr(amount, r)} {_WORDS[r][k]}" for r in RESOURCES if getattr(amount, r))


def rehide(state: State, rng: random.Random) -> Events | None:
    """The Monster Events part with the events nobody has seen dealt anew: the face-down events
    below the known top are drawn from the events not visible anywhere (not in the center,
    not in a Victory stack, not known on top), in the same slots."""
    ev = state.events
    if ev is None or not ev.exhausted_stack:
        return ev
    ix = index()
    stack = list(ev.exhausted_stack)
    hidden = [i for i in range(ev.known_top, len(stack)) if stack[i] in ix.events]
    if not hidden:
        return ev
    seen = {c for c in ev.placed} | {m for s in state.seats for m in s.monsters} | set(stack[:ev.known_top])
    pool = [e for e in sorted(ix.events) if e not in seen]
    fresh = rng.sample(pool, len(hidden))
    for i, e in zip(hidden, fresh, strict=True):
        stack[i] = e
    return replace(ev, exhausted_stack=tuple(stack))
