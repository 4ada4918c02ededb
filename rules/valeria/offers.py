"""The legal actions of a Valeria state (:func:`legal_actions`, one of the two entry points the game
object uses; the other is :func:`rules.valeria.engine.successor`): the dukes to keep, the die
changes, every seat's answers to its harvest items, the answers to the decision on top (listed once
per state, decision 0040), and the Action phase's two actions (valeria.actions.two): recruit, slay,
build with every payment the proven predicates admit, or gain a resource. Why an action is illegal
is :mod:`rules.valeria.violations`' (decision 0023).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import compress
from typing import Any

from rules.kernel.registry import implements
from rules.valeria.answers import decision_options
from rules.valeria.cards import Choice
from rules.valeria.engine import die_options
from rules.valeria.harvest import choice_options, exchange_options, item_effect
from rules.valeria.payments import (
    EMERALD,
    PRATCHETT,
    PRICE_ROW,
    add_slays,
    build_actions,
    citizen_price,
    citizen_price_rows,
    face_up_domains,
    recruit_actions,
    role_counts,
)
from rules.valeria.state import ACTIONS, DICE, DRAW, DUKES, HARVEST, OVER, RESOURCES, ROLL, Action, HarvestItem, Kind, State
from rules.valeria.variants import citizens_on_top

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
    """Every seat's answers to each of its harvest items (:func:`~rules.valeria.harvest.item_options`), seat by seat and item
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
    """The answers to the decision on top of ``state.pending`` (:func:`~rules.valeria.answers.decision_options`), in the
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
def harvest_actions(seat: int, card: str, options: tuple[str, ...]) -> tuple[Action, ...]:
    """``seat``'s answers to its harvest item of ``card`` (:func:`~rules.valeria.harvest.item_options`), made once and shared."""
    return tuple(Action(Kind.HARVEST, seat, card, option) for option in options)


@cache
def choice_item_actions(seat: int, card: str, side: str) -> tuple[Action, ...]:
    """``seat``'s answers to its harvest item of ``card`` on ``side`` when it waits for a choice: its
    :func:`~rules.valeria.harvest.item_options`, which read no state then, made once per seat and card side (decision 0043)."""
    effect = item_effect(HarvestItem(card, side, 1))
    assert isinstance(effect, Choice), "only a choice's answers are the card's alone"
    return harvest_actions(seat, card, choice_options(card, effect))


@cache
def gain_actions(seat: int) -> tuple[Action, ...]:
    """The three gains of ``seat`` (valeria.gain.resource), made once."""
    return tuple(Action(Kind.GAIN, seat, r) for r in RESOURCES)


@implements("valeria.actions.two", "valeria.actions.repeat", "valeria.actions.mandatory")
def _main_actions(state: State) -> list[Action]:
    """Recruit, slay, build (each with every payment split the proven predicates admit) or
    gain a resource. A card whose gold price the seat's gold and magic together do not reach, or
    any card when it has no gold, offers no payment split (:func:`~rules.valeria.payments.gold_payments` is then empty:
    :func:`~rules.valeria.predicates.gold_payment_ok` asks at least one real gold and the whole
    price, no more than the seat has), so no split is looked up for it; the roles a domain needs are
    counted only when the seat could pay for some domain. A citizen's price is read from the
    game's price rows (:func:`~rules.valeria.payments.citizen_price_rows`) by the copies the seat owns (decision 0047)."""
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
        add_slays(out, state, me, s.strength, magic)
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
