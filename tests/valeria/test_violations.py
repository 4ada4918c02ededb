"""Valeria's legality is stated once (rules/valeria/violations.py, decision 0023): an
action is legal exactly when :func:`~rules.valeria.violations.refusal` finds no rule it
breaks, and the engine's enumeration offers exactly those actions. Checked both ways on
random games of every variant: each offered action has no refusal, and each near miss of
an offered action (another target, option, card or payment) is refused unless it is offered
itself."""

from __future__ import annotations

import random

import attrs
import pytest

from rules.kernel.game import TurnKind
from rules.kernel.simulate import random_action
from rules.kernel.verdict import MalformedError
from rules.valeria import violations
from rules.valeria.game import VALERIA
from rules.valeria.state import Action, ActionKind, Payment, State


def near_misses(state: State, offered: tuple[Action, ...]) -> set[Action]:
    """Each offered action with one field changed to a value another offered action has, or
    to one step beside its own: the actions a wrong record most plausibly states."""
    cards = {a.card for a in offered} | {"", "gold", *state.citizen_kinds, *state.areas}
    options = {a.option for a in offered} | {"", "use", "decline"}
    out: set[Action] = set()
    for a in offered:
        out.update(attrs.evolve(a, card=c) for c in cards)
        out.update(attrs.evolve(a, option=o) for o in options)
        out.update(attrs.evolve(a, target=t) for t in range(-1, state.players + 1))
        for resource in ("gold", "strength", "magic"):
            out.update(attrs.evolve(a, pay=attrs.evolve(a.pay, **{resource: getattr(a.pay, resource) + d}))
                       for d in (-1, 1))
        out.update(attrs.evolve(a, seat=s) for s in range(state.players))
    return out


@pytest.mark.rules("valeria.actions.two", "valeria.resources.magic-substitute", "valeria.slay.pay-strength",
                   "valeria.variants.five-players.resting-immune")
@pytest.mark.parametrize("variant", [{"players": 2}, {"players": 3, "random_citizens": True},
                                     {"players": 4, "monster_events": True}, {"players": 5}])
def test_legal_means_no_refusal_and_every_near_miss_is_refused(variant: dict[str, object]) -> None:
    rng = random.Random(17)
    state = VALERIA.initial_state(VALERIA.random_setup(rng, variant))
    for step in range(250):
        if VALERIA.is_terminal(state):
            break
        if VALERIA.turn(state).kind is not TurnKind.CHANCE:
            offered = tuple(VALERIA.legal_actions(state))
            legal = set(offered)
            for a in offered:
                assert violations.refusal(state, a) is None, (step, a)
            # a decline without its card, as records before decision 0033 write it, still answers
            older = {attrs.evolve(a, card="") for a in offered if a.kind == ActionKind.DECLINE}
            assert all(violations.refusal(state, a) is None for a in older), step
            for a in near_misses(state, offered) - legal - older:
                refused = violations.refusal(state, a)
                assert refused is not None and refused.rules, (step, a)
        state = VALERIA.apply(state, random_action(VALERIA, state, rng))


@pytest.mark.rules("valeria.actions.two")
def test_an_action_with_a_field_its_kind_does_not_carry_is_refused() -> None:
    rng = random.Random(3)
    state = VALERIA.initial_state(VALERIA.random_setup(rng, {"players": 2}))
    while not (state.phase == "actions" and not state.pending):
        state = VALERIA.apply(state, random_action(VALERIA, state, rng))
    gain = Action(ActionKind.GAIN, state.active, "gold")
    assert violations.refusal(state, gain) is None
    refused = violations.refusal(state, attrs.evolve(gain, option="use"))
    assert refused is not None and refused.rules == ("valeria.actions.two",)


def test_an_action_reads_as_a_sentence() -> None:
    assert str(Action(ActionKind.SLAY, 1, "hills", pay=Payment(strength=1))) == "seat 1 slays hills, paying 1 strength"
    assert str(Action(ActionKind.RECRUIT, 0, "knight", pay=Payment(gold=1, magic=2))) == \
        "seat 0 recruits knight, paying 1 gold and 2 magic"
    assert str(Action(ActionKind.ROLL, dice=(3, 5))) == "the dice roll 3 and 5"
    assert str(Action(ActionKind.THIEF, 2, option="gold", target=0)) == "seat 2 takes gold with the Thief from seat 0"
    assert all(str(Action(kind, 0)) for kind in ActionKind)


def test_what_is_not_an_action_or_a_state_is_malformed() -> None:
    state = VALERIA.initial_state(VALERIA.random_setup(random.Random(1), {"players": 2}))
    with pytest.raises(MalformedError, match="not an action of valeria"):
        VALERIA.is_legal(state, None)  # type: ignore[arg-type]
    with pytest.raises(MalformedError, match="not a state of valeria"):
        VALERIA.check(None, Action(ActionKind.ANNOUNCE, 0))  # type: ignore[arg-type]
