"""Valeria engine: random 2-5 player games through chance nodes keep the
game's invariants: every card stays in exactly one zone, no resource goes
negative, the end is triggered exactly when the book says and every seat has
had the same number of turns when the game ends."""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from valeria_engine_helpers import conserved, walk

from rules.kernel.records import adjudicate, parse_record, record_to_json
from rules.valeria import answers, engine
from rules.valeria.game import VALERIA
from rules.valeria.predicates import end_triggered
from rules.valeria.state import OVER, ROLL, ActionKind


@pytest.mark.rules("valeria.setup.players", "valeria.harvest.track", "valeria.exhausted.replace",
                   "valeria.end.conditions", "valeria.end.equal-turns", "valeria.end.check",
                   "valeria.resources.unlimited")
@given(seed=st.integers(0, 2**32 - 1))
@settings(max_examples=8)
def test_random_games_keep_the_invariants(seed: int) -> None:
    setup, actions, states = walk(seed)
    for before, after in zip(states, states[1:], strict=False):
        conserved(setup, after)
        assert all(min(s.gold, s.strength, s.magic, s.vp) >= 0 for s in after.seats)
        if after.turns > before.turns or after.phase == OVER:  # an End phase was passed
            fires = end_triggered(sum(len(m) for m in after.monsters), sum(len(d) for d in after.domains),
                                  engine.exhausted(after), after.players)
            assert after.end_triggered == (before.end_triggered or fires)
    last = states[-1]
    assert last.phase == OVER and last.end_triggered
    assert last.turns % last.players == 0  # equal turns
    assert last.active == (last.first - 1) % last.players
    assert sum(1 for s in states if s.phase == ROLL and s.turns) >= last.turns - 1


@pytest.mark.rules("valeria.roll.dice")
def test_a_complete_record_replays_to_the_same_result() -> None:
    setup, actions, states = walk(3, {"players": 4})
    data = json.loads(json.dumps(record_to_json(VALERIA, setup, actions)))
    assert data["variant"] == {"players": 4}
    replay = adjudicate(VALERIA, parse_record(data, lambda key: VALERIA))
    assert replay.legal and replay.finished and replay.final_state == states[-1]
    assert replay.result.winners == VALERIA.result(states[-1]).winners


@pytest.mark.rules("valeria.roll.dice")
def test_an_impossible_die_is_malformed_and_a_roll_out_of_place_is_impossible() -> None:
    from rules.kernel.verdict import MalformedError

    with pytest.raises(MalformedError, match="1..6"):
        VALERIA.action_from_json({"chance": "roll", "dice": [0, 7]})
    setup, actions, _ = walk(4, {"players": 2})
    roll_first = record_to_json(VALERIA, setup, [actions[2]] + actions[:2])  # a roll while the dukes are chosen
    replay = adjudicate(VALERIA, parse_record(roll_first, lambda key: VALERIA))
    assert not replay.legal and replay.impossible and replay.illegal.index == 0
    keep_at_roll = record_to_json(VALERIA, setup, actions[:2] + [actions[0]])  # a seat's choice where chance decides
    replay = adjudicate(VALERIA, parse_record(keep_at_roll, lambda key: VALERIA))
    assert replay.impossible and replay.illegal.index == 2


@pytest.mark.rules("valeria.actions.two", "valeria.recruit.cost-per-copy", "valeria.slay.pay-strength",
                   "valeria.build.requirements")
@given(seed=st.integers(0, 2**32 - 1))
@settings(max_examples=5)
def test_check_accepts_exactly_the_legal_actions(seed: int) -> None:
    """Actions legal somewhere in the game (payments of every split included) are tried
    everywhere: ``check`` accepts one exactly when ``legal_actions`` lists it. (With several
    takes pending, a take that names no domain answers the first queued, as records before
    ``"domain"`` wrote it: accepted, though ``legal_actions`` lists each take by its domain. With
    one take pending, ``legal_actions`` lists it unnamed, and a take naming that one domain is
    the same answer: accepted as the unnamed one is.)"""
    _, actions, states = walk(seed)
    pool = list(dict.fromkeys(a for a in actions if not VALERIA.is_chance(a)))
    for state in states[::3]:
        if VALERIA.turn(state).kind.value == "chance" or VALERIA.is_terminal(state):
            continue
        legal = set(VALERIA.legal_actions(state))
        takes = answers.pending_takes(state)
        only_take = answers.decision_detail(takes[0])[0] if len(takes) == 1 else None
        for action in [*legal, *pool[:: max(1, len(pool) // 60)]]:
            if len(takes) > 1 and action.kind == ActionKind.TAKE and not action.card:
                continue
            listed = action
            if action.kind == ActionKind.TAKE and only_take is not None and action.card == only_take:
                listed = attrs.evolve(action, card="")
            assert (VALERIA.check(state, action) is None) == (listed in legal), (seed, action)
