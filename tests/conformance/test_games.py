"""One conformance suite for every registered game (after OpenSpiel's
``random_sim_test``; decision record 0012).

Every game in ``rules.games.GAMES`` is played at random through the
:class:`~rules.kernel.game.Game` protocol alone, chance nodes included, and
must keep the protocol's promises: who decides is always said, chance
outcomes are a probability distribution, legal actions pass ``check``,
records round-trip and replay deterministically, no public function
mutates its input, a seat's view does not depend on what it may not see,
and every rule a verdict cites exists in the spec. A game added to the
registry is covered without a line here.
"""

from __future__ import annotations

import copy
import json
import random
from fractions import Fraction
from typing import Any

import attrs
import pytest
from example_counts import below_thorough
from hypothesis import given, settings
from hypothesis import strategies as st

import rules.games
from rules.kernel.game import (
    ChanceMode,
    Dynamics,
    Game,
    HasSecrets,
    Information,
    Result,
    Turn,
    TurnKind,
)
from rules.kernel.records import adjudicate, parse_record, record_to_json
from rules.kernel.simulate import play_out, random_action, random_record
from rules.kernel.spec import load_spec
from rules.kernel.text import Text
from rules.kernel.verdict import IllegalActionError, MalformedError, RulesError, Violation

GAMES = rules.games.load_all()
KEYS = sorted(GAMES)
SPEC = load_spec()
#: Leaders need not end (both players may keep stepping aside); every other
#: property is checked on a prefix of this many actions too.
MAX_ACTIONS = 3_000


def walk(game: Game[Any, Any], seed: int, limit: int = MAX_ACTIONS) -> tuple[Any, list[Any], list[Any]]:
    """A random game from ``seed``: its setup, actions and every state visited (first to last)."""
    rng = random.Random(seed)
    setup = game.random_setup(rng)
    state = game.initial_state(setup)
    states, actions = [state], []
    while not game.is_terminal(state) and len(actions) < limit:
        action = random_action(game, state, rng)
        actions.append(action)
        state = game.apply(state, action)
        states.append(state)
    return setup, actions, states


seeds = st.integers(0, 2**32 - 1)
#: The two heaviest properties (a random game of up to 400 actions recorded and replayed; one of up to
#: 200 with every state deep-copied and re-applied) play 20 games per game below the ``thorough``
#: profile (``ci`` played 60: the suite's slowest properties after the builds), every one of the
#: profile's in ``thorough`` (decision record 0030; docs/performance.rst, "The test suite").
WHOLE_GAMES = settings(max_examples=below_thorough(20))


@pytest.mark.parametrize("key", KEYS)
def test_the_game_declares_itself(key: str) -> None:
    game = GAMES[key]
    assert isinstance(game, Game)
    info = game.info
    assert info.key == key
    assert info.players and all(n >= 1 for n in info.players)
    assert isinstance(info.chance, ChanceMode) and isinstance(info.information, Information)
    assert isinstance(info.dynamics, Dynamics)
    assert info.languages[-1] == "en" and all(isinstance(t, str) for t in info.languages)
    assert any(r.id.split(".", 1)[0] in info.prefixes for r in SPEC.rules), "no spec rule carries the game's prefix"
    if isinstance(game, HasSecrets):
        assert info.information is Information.IMPERFECT


@pytest.mark.parametrize("key", KEYS)
@given(seed=seeds)
def test_random_games_keep_the_protocol(key: str, seed: int) -> None:
    """Along a random game: ``turn`` agrees with ``is_terminal`` and
    ``legal_actions``, chance outcomes sum to one, every offered action is
    legal, and a finished game has a well-formed result."""
    game = GAMES[key]
    setup, actions, states = walk(game, seed)
    for state, action in zip(states, actions, strict=False):
        turn = game.turn(state)
        assert isinstance(turn, Turn) and turn.kind is not TurnKind.TERMINAL
        assert not game.is_terminal(state) and game.result(state) is None
        if turn.kind is TurnKind.CHANCE:
            outcomes = game.chance_outcomes(state)
            assert outcomes and sum(p for _, p in outcomes) == 1
            assert all(isinstance(p, Fraction) and p > 0 and game.is_chance(o) for o, p in outcomes)
            assert any(action == o for o, _ in outcomes)
        else:
            legal = game.legal_actions(state)
            assert legal, f"seed {seed}: no legal action though {turn} decides"
            assert action in legal
            assert game.check(state, action) is None
            assert not game.is_chance(action)
            if turn.kind is TurnKind.SEAT:
                assert all(d.seat == turn.seat for d in game.pending(state)[:1])
    last = states[-1]
    if game.is_terminal(last):
        assert game.turn(last).kind is TurnKind.TERMINAL
        assert list(game.legal_actions(last)) == []
        result = game.result(last)
        assert isinstance(result, Result)
        seats = range(max(game.info.players))
        assert all(w in seats for w in result.winners) and len(set(result.winners)) == len(result.winners)
        json.dumps(result.to_json())
        assert all(isinstance(t, Text) and t.get("en") for t in result.lines)
    else:
        assert len(actions) == MAX_ACTIONS, "stopped before the end without reaching the limit"


@pytest.mark.parametrize("key", KEYS)
@given(seed=seeds)
@WHOLE_GAMES
def test_the_trusted_play_out_plays_what_apply_plays(key: str, seed: int) -> None:
    """``play_out`` hands the actions it draws from ``legal_actions`` and ``chance_outcomes``
    straight to ``successor`` (decision record 0028): from the same seed it takes the same
    actions and reaches the same state as :func:`walk`, which checks each one through ``apply``."""
    game = GAMES[key]
    setup, actions, states = walk(game, seed, limit=400)
    rng = random.Random(seed)
    trusted_actions, final = play_out(game, game.initial_state(game.random_setup(rng)), rng, stop_after=400)
    assert trusted_actions == actions
    assert final == states[-1]


@pytest.mark.parametrize("key", KEYS)
@given(seed=seeds)
@WHOLE_GAMES
def test_records_round_trip_and_replay_to_the_same_state(key: str, seed: int) -> None:
    game = GAMES[key]
    setup, actions, states = walk(game, seed, limit=400)
    data = json.loads(json.dumps(record_to_json(game, setup, actions)))
    record = parse_record(data, rules.games.load)
    assert record.actions == tuple(actions)
    replay = adjudicate(game, record)
    assert replay.legal and replay.steps == len(actions)
    assert replay.final_state == states[-1]
    assert replay.finished == game.is_terminal(states[-1])


@pytest.mark.parametrize("key", KEYS)
def test_the_same_seed_gives_the_same_record(key: str) -> None:
    game = GAMES[key]
    first = random_record(game, 11, stop_after=300)
    assert first == random_record(game, 11, stop_after=300)
    assert first != random_record(game, 12, stop_after=300)


@pytest.mark.parametrize("key", KEYS)
@given(seed=seeds)
@WHOLE_GAMES
def test_no_public_function_mutates_its_input(key: str, seed: int) -> None:
    game = GAMES[key]
    setup, actions, states = walk(game, seed, limit=200)
    record = record_to_json(game, setup, actions)
    pristine = copy.deepcopy(record)
    parse_record(record, rules.games.load)
    game.setup_from_json(record["setup"], record.get("variant"))
    for raw in record["actions"]:
        game.action_from_json(raw)
    assert record == pristine
    for state, action in zip(states, actions, strict=False):
        assert attrs.has(type(state))
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(state, attrs.fields(type(state))[0].name, None)
        before = copy.deepcopy(state)
        game.apply(state, action)
        game.attempt(state, action)
        game.legal_actions(state)
        game.view(state, 0)
        assert state == before


SECRET_KEYS = [k for k in KEYS if isinstance(GAMES[k], HasSecrets)]


def rehidden(game: Game[Any, Any], seed: int) -> list[tuple[Any, int, Any]]:
    """(state, seat, the state with what ``seat`` may not see changed) along a random game."""
    rng = random.Random(seed)
    _, _, states = walk(game, seed, limit=200)
    return [(state, seat, game.rehide(state, seat, rng))  # type: ignore[attr-defined]
            for state in states[:: max(1, len(states) // 25)]
            for seat in range(max(game.info.players))]


@pytest.mark.parametrize("key", SECRET_KEYS)
@given(seed=seeds)
@settings(max_examples=10)
def test_a_view_does_not_depend_on_what_the_seat_may_not_see(key: str, seed: int) -> None:
    game = GAMES[key]
    for state, seat, other in rehidden(game, seed):
        assert game.view(other, seat) == game.view(state, seat), f"seat {seat} sees something hidden"


@pytest.mark.parametrize("key", SECRET_KEYS)
def test_rehiding_changes_states_so_the_view_test_can_fail(key: str) -> None:
    game = GAMES[key]
    changed = [other != state for seed in range(8) for state, _, other in rehidden(game, seed)]
    assert sum(changed) > len(changed) // 4


@pytest.mark.parametrize("key", KEYS)
@given(seed=seeds)
@settings(max_examples=10)
def test_every_verdict_cites_rules_that_exist(key: str, seed: int) -> None:
    """Actions legal somewhere else are tried everywhere: each refusal names
    at least one rule, and every rule it names is in the spec."""
    game = GAMES[key]
    _, actions, states = walk(game, seed, limit=300)
    pool = list(dict.fromkeys(a for a in actions if not game.is_chance(a)))
    rng = random.Random(seed)
    refused = 0
    for state in states[:: max(1, len(states) // 30)]:
        if game.turn(state).kind is TurnKind.CHANCE:
            continue
        for action in rng.sample(pool, min(len(pool), 12)):
            verdict = game.check(state, action)
            if verdict is None:
                continue
            refused += 1
            assert isinstance(verdict, Violation) and verdict.rules
            assert all(rule in SPEC for rule in verdict.rules), verdict.rules
            assert isinstance(game.attempt(state, action), Violation)
            with pytest.raises(IllegalActionError):
                game.apply(state, action)
    assert refused or len(pool) < 2


def a_state_and_its_action(game: Game[Any, Any], seed: int = 5) -> tuple[Any, Any]:
    """A state a few actions into a random game and an action that may happen there."""
    _, actions, states = walk(game, seed, limit=3)
    return states[-2], actions[-1]


#: Games whose states and actions are classes of their own (Claim and Claim 2 share theirs).
FAMILIES = {type(game): key for key, game in sorted(GAMES.items(), reverse=True)}


@pytest.mark.parametrize("key", KEYS)
def test_what_is_not_the_games_raises_malformed_error(key: str) -> None:
    """``check``, ``is_legal``, ``attempt``, ``apply`` and ``successor`` given a state
    or an action that is not the game's (``None``, a string, another game's), and
    ``legal_actions`` given such a state, raise ``MalformedError`` (a ``RulesError``)
    in every game alike (decision record 0023; ``GameBase``)."""
    game = GAMES[key]
    state, action = a_state_and_its_action(game)
    others = [a_state_and_its_action(GAMES[k]) for t, k in FAMILIES.items() if t is not type(game)]
    assert others, "no game of another family to borrow states and actions from"
    calls = (game.check, game.is_legal, game.attempt, game.apply, game.successor)
    for bad in (None, "play", *(a for _, a in others)):
        for call in calls:
            with pytest.raises(MalformedError, match="not an action of") as caught:
                call(state, bad)
            assert isinstance(caught.value, RulesError)
    for bad in (None, "state", *(s for s, _ in others)):
        for call in calls:
            with pytest.raises(MalformedError, match="not a state of"):
                call(bad, action)
        with pytest.raises(MalformedError, match="not a state of"):
            game.legal_actions(bad)
    assert not isinstance(game.attempt(state, action), Violation)  # the game's own legal pair passes
