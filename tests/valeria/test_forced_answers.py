"""Forced answers (decision 0033): a decision with one possible answer is the engine's. No
state the game hands out waits for such an answer; the explanation narrates each with its
decision's rule; a record of the older format, which writes them out, still reads the same."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.kernel.records import Record, adjudicate
from rules.valeria import forced
from rules.valeria.game import VALERIA
from rules.valeria.harvest import item_options, unpayable_exchange
from rules.valeria.state import Action, State

VARIANTS: list[dict[str, Any]] = [{"players": 2}, {"players": 3}, {"players": 5}, {"players": 1, "difficulty": "normal"},
                                  {"players": 3, "monster_events": True}]


def old_format_game(seed: int, variant: dict[str, Any]) -> tuple[Any, list[Action], list[Action], State]:
    """A random game played as the older records were written: every forced answer written out.
    Returns the setup, the old record's actions, the new record's actions and the final state."""
    rng = random.Random(seed)
    setup = VALERIA.random_setup(rng, variant)
    state = VALERIA.initial_state(setup)
    old: list[Action] = []
    new: list[Action] = []
    while not VALERIA.is_terminal(state) and len(old) < 3000:
        answer = forced.only_answer(state)
        if answer is not None:  # the older format wrote the only answer out as a line of its own
            old.append(answer[0])
            state = forced.step(state, answer[0])
            continue
        if VALERIA.turn(state).kind.name == "CHANCE":
            outcomes = VALERIA.chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            action = rng.choice(VALERIA.legal_actions(state))
        old.append(action)
        new.append(action)
        state = forced.step(state, action)
    return setup, old, new, state


@pytest.mark.rules("valeria.symbols.pay", "valeria.symbols.take-from", "valeria.harvest.any-order")
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(VARIANTS))
@settings(max_examples=6, deadline=None)
def test_an_old_record_with_its_forced_answers_written_out_reads_the_same(seed: int, variant: dict[str, Any]) -> None:
    setup, old, new, final = old_format_game(seed, variant)
    assert len(old) >= len(new)
    old_replay = adjudicate(VALERIA, Record("valeria", setup, tuple(old), variant), explain=True)
    new_replay = adjudicate(VALERIA, Record("valeria", setup, tuple(new), variant))
    assert old_replay.legal and new_replay.legal and old_replay.finished == VALERIA.is_terminal(final)
    assert old_replay.final_state == new_replay.final_state == final
    assert len(old_replay.step_starts) == len(old)  # every line of the old record has its explanation
    repeated = [line for line in old_replay.trace if "writes out an answer the engine already gave" in line.get("en")]
    assert len(repeated) == len(old) - len(new)


@pytest.mark.rules("valeria.symbols.pay")
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(VARIANTS))
@settings(max_examples=6, deadline=None)
def test_no_state_the_game_hands_out_waits_for_a_forced_answer(seed: int, variant: dict[str, Any]) -> None:
    rng = random.Random(seed)
    state = VALERIA.initial_state(VALERIA.random_setup(rng, variant))
    for _ in range(400):
        if VALERIA.is_terminal(state):
            break
        assert forced.only_answer(state) is None
        if VALERIA.turn(state).kind.name == "CHANCE":
            action = rng.choice([a for a, _ in VALERIA.chance_outcomes(state)])
        else:
            action = rng.choice(VALERIA.legal_actions(state))
        state = VALERIA.apply(state, action)


@pytest.mark.rules("valeria.symbols.pay", "valeria.symbols.take-from")
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(VARIANTS))
@settings(max_examples=4, deadline=None)
def test_every_forced_answer_is_narrated_with_its_rule(seed: int, variant: dict[str, Any]) -> None:
    setup, old, new, _ = old_format_game(seed, variant)
    replay = adjudicate(VALERIA, Record("valeria", setup, tuple(new), variant), explain=True)
    narrated = [line.get("en") for line in replay.trace if line.get("en").startswith("The only possible answer")]
    assert len(narrated) == len(old) - len(new)
    assert all(line.endswith(")") and "(valeria." in line for line in narrated)


@pytest.mark.rules("valeria.symbols.pay")
def test_a_legal_answer_is_never_read_as_a_repetition() -> None:
    setup, old, new, _ = old_format_game(11, {"players": 3})
    state = VALERIA.initial_state(setup)
    for action in new[:40]:
        if not VALERIA.is_terminal(state) and VALERIA.turn(state).kind.name != "CHANCE":
            for legal in VALERIA.legal_actions(state):
                assert VALERIA.written_forced_answer(state, legal) is None
        state = VALERIA.apply(state, action)


@pytest.mark.rules("valeria.symbols.pay", "valeria.harvest.any-order")
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(VARIANTS))
@settings(max_examples=6, deadline=None)
def test_the_forced_answer_check_reads_what_legal_actions_lists(seed: int, variant: dict[str, Any]) -> None:
    """The check stops at a pending decision's second answer (decision 0035): the answers it reads
    (``Flow.pending_answers``) are ``legal_actions``, in order; a harvest item whose one answer is
    a decline is exactly an exchange its seat cannot pay."""
    rng = random.Random(seed)
    state = VALERIA.initial_state(VALERIA.random_setup(rng, variant))
    harvest = 0
    while not VALERIA.is_terminal(state):
        if state.pending and state.phase not in ("roll", "draw"):
            assert state.flow.pending_answers(state) == VALERIA.legal_actions(state)
        for seat, items in enumerate(state.harvest):
            for item in items:
                declined = item_options(state, seat, item) == ("decline",)
                assert unpayable_exchange(state, seat, item) == declined
                harvest += 1
        if VALERIA.turn(state).kind.name == "CHANCE":
            action = rng.choice([a for a, _ in VALERIA.chance_outcomes(state)])
        else:
            action = rng.choice(VALERIA.legal_actions(state))
        state = VALERIA.apply(state, action)
    assert harvest  # a whole game harvests (every seat's Herald on doubles, at least)
