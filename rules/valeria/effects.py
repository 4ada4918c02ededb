"""A card's effects and the decisions they open (valeria.domains.effects, valeria.cards.text-wins):
plain gains are applied at once, every choice the card gives its owner is pushed as a pending
:class:`~rules.kernel.decisions.Decision` (a branch, a citizen to gain, a take, an exchange, an extra
slay, a domain's special power). Domains, monster rewards and the citizen gained by a recruit or a
reward all go through here; the answers to these decisions are :mod:`rules.valeria.answers`', what an
answer does is :func:`rules.valeria.engine.successor`'s.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rules.kernel.construct import copier
from rules.kernel.decisions import Decision, push
from rules.kernel.registry import implements
from rules.valeria.cards import Choice, Effect, Exchange, ExtraAction, Gain, GainCitizen, Special, Take
from rules.valeria.data import Index, index
from rules.valeria.holdings import credit, gain_times, set_pending, with_seat
from rules.valeria.state import ACTIONS, Seat, State
from rules.valeria.variants import citizens_on_top, taken_top

SPECIAL_DECISIONS = {"valeria.cards.watcher-on-the-water": "watcher",
                     "valeria.cards.nest-of-the-weaver-witch": "nest",
                     "valeria.cards.purloiners-perch": "purloin"}
ONGOING_SPECIALS = frozenset({"valeria.cards.emerald-stronghold", "valeria.cards.pratchetts-plateau",
                              "valeria.cards.gargans-embrace"})


def _I() -> Index:
    return index()


# The copies this module makes, each written out once for its fields (as in
# :mod:`rules.valeria.holdings`, decision 0040) and called positionally.
_set_hired = copier(Seat, "gold", "magic", "citizens")
_set_citizen_taken = copier(State, "seats", "citizen_counts", "citizen_stacks", "actions_left")


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
    return set_pending(state, push(state.pending, *decisions)) if decisions else state


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
    candidate (:func:`~rules.valeria.answers.offered`), and a reward's choice of every branch (:func:`branch_possible`)."""
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
