"""Valeria's ``Result.rules``: the end condition that decided a finished game, one test per
condition of the base game (valeria.end.conditions, valeria.exhausted.end-trigger, the
ruling O15 on valeria.end.check). The solo outcomes are pinned in test_solo.py, the
exhaustion by Monster Events in test_events.py."""

from __future__ import annotations

import attrs
import pytest
from valeria_engine_helpers import act, in_actions, started

from rules.valeria.game import VALERIA
from rules.valeria.state import OVER, State

EQUAL_TURNS = "valeria.end.equal-turns"


def ended(state: State) -> tuple[str, ...]:
    """The rules of the result of ``state`` once its game is over."""
    result = VALERIA.result(attrs.evolve(state, phase=OVER, end_triggered=True))
    assert result is not None
    return result.rules


@pytest.mark.rules("valeria.end.conditions", "valeria.end.equal-turns")
def test_all_monsters_slain_decide_the_game() -> None:
    state = started(3)
    assert ended(attrs.evolve(state, monsters=((),) * 5)) == ("valeria.end.conditions", EQUAL_TURNS)  # 5 < 2 x 3


@pytest.mark.rules("valeria.end.conditions", "valeria.end.equal-turns")
def test_all_domains_built_decide_the_game() -> None:
    state = started(3)
    assert ended(attrs.evolve(state, domains=((),) * 5)) == ("valeria.end.conditions", EQUAL_TURNS)


@pytest.mark.rules("valeria.exhausted.end-trigger", "valeria.end.conditions", "valeria.end.equal-turns")
def test_twice_as_many_exhausted_stacks_as_players_decide_the_game() -> None:
    """Played to its end: the exhausted stacks trigger it on seat 0's turn, seat 1 plays the last."""
    state = started()
    state = attrs.evolve(in_actions(state, seat=1), citizen_counts=(0,) * 4 + state.citizen_counts[4:])
    over = act(state, {"seat": 1, "gain": "gold"}, {"seat": 1, "gain": "gold"})
    result = VALERIA.result(over)
    assert over.phase == OVER and result is not None
    assert result.rules == ("valeria.end.conditions", "valeria.exhausted.end-trigger", EQUAL_TURNS)


@pytest.mark.rules("valeria.end.check", "valeria.end.equal-turns")
def test_an_end_triggered_before_a_stack_was_refilled_cites_the_ruling_that_it_stays_triggered() -> None:
    """O15: the Watcher on the Water or the Nest of the Weaver Witch refilled the stack that
    triggered the end; no condition holds at the end, the end stayed triggered."""
    assert ended(started()) == ("valeria.end.check", EQUAL_TURNS)
