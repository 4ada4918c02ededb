"""The kernel's turns, chance nodes, pending decisions, simultaneous choices
and forced steps (decision records 0010 and 0011), on a toy dice game so the
kernel is tested apart from any real game.

*Dice race*: seats take turns; on a turn a die is rolled (chance), then, on a
six, every seat owes an independent choice of a bonus (simultaneous, any
order); otherwise the seat to move chooses to keep the roll or bank it. The
first to 10 points wins. A roll of one is forced back to zero by a rule
(a forced step).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import attrs
import pytest

from rules.kernel.decisions import Decision, Decisions, ForcedStep, pop, push, top
from rules.kernel.game import (
    CHANCE,
    TERMINAL,
    ChanceMode,
    Dynamics,
    Game,
    GameBase,
    GameInfo,
    Information,
    Result,
    Turn,
    TurnKind,
)
from rules.kernel.records import FORMAT, adjudicate, parse_record, record_to_json
from rules.kernel.simulate import _CHOICE_WRITTEN_OUT, bench, play_out, random_action, random_record
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError, Violation

GOAL = 10


@attrs.frozen
class Roll:
    die: int


@attrs.frozen
class Choose:
    seat: int
    bonus: int  # 0 or 1 point


@attrs.frozen
class Race:
    scores: tuple[int, int]
    to_move: int
    rolled: int | None = None  # the die of this turn, once rolled
    owing: tuple[int, ...] = ()  # seats that owe a bonus choice after a six
    pending: Decisions = ()


class DiceRace(GameBase[Race, Any]):
    info = GameInfo("dice-race", Text.of(en="Dice race"), (2,), ChanceMode.NODES, Information.PERFECT, ("en",),
                    dynamics=Dynamics.SIMULTANEOUS_CHOICES)

    def setup_from_json(self, data: Any, variant: Any = None) -> int:
        if data != {}:
            raise MalformedError("the setup is {}")
        return 0

    def setup_to_json(self, setup: int) -> dict[str, Any]:
        return {}

    def action_from_json(self, data: Any) -> Any:
        if isinstance(data, Mapping) and data.get("chance") == "roll" and type(data.get("die")) is int:
            return Roll(data["die"])
        if isinstance(data, Mapping) and set(data) == {"seat", "bonus"}:
            return Choose(data["seat"], data["bonus"])
        raise MalformedError(f"not an action: {data!r}")

    def action_to_json(self, action: Any) -> dict[str, Any]:
        if isinstance(action, Roll):
            return {"chance": "roll", "die": action.die}
        return {"seat": action.seat, "bonus": action.bonus}

    def random_setup(self, rng: random.Random) -> int:
        return 0

    def initial_state(self, setup: int) -> Race:
        return Race((0, 0), 0)

    def turn(self, state: Race) -> Turn:
        if max(state.scores) >= GOAL:
            return TERMINAL
        if state.rolled is None:
            return CHANCE
        if state.owing:
            return Turn.simultaneous(state.owing)
        return Turn.of(state.to_move)

    def chance_outcomes(self, state: Race) -> tuple[tuple[Roll, Fraction], ...]:
        if self.turn(state).kind is not TurnKind.CHANCE:
            return ()
        return tuple((Roll(d), Fraction(1, 6)) for d in range(1, 7))

    def is_chance(self, action: Any) -> bool:
        return isinstance(action, Roll)

    def legal_actions(self, state: Race) -> list[Any]:
        turn = self.turn(state)
        if turn.kind in (TurnKind.CHANCE, TurnKind.TERMINAL):
            return []
        return [Choose(s, b) for s in turn.seats for b in (0, 1)]

    def check(self, state: Race, action: Any) -> Violation | None:
        turn = self.turn(state)
        if not isinstance(action, Choose) or action.seat not in turn.seats or action.bonus not in (0, 1):
            return Violation(("race.turn",), Text.of(en=f"not a choice of {turn.seats}"))
        return None

    def successor(self, state: Race, action: Any) -> Race:
        if isinstance(action, Roll):
            die = 0 if action.die == 1 else action.die  # forced: a one scores nothing
            owing = (0, 1) if die == 6 else ()
            pending = push((), *(Decision(s, "bonus", "race.six") for s in owing))
            return attrs.evolve(state, rolled=die, owing=owing, pending=pending)
        scores = list(state.scores)
        scores[action.seat] += action.bonus
        if state.owing:
            owing = tuple(s for s in state.owing if s != action.seat)
            pending = tuple(d for d in state.pending if d.seat != action.seat)
            return attrs.evolve(state, scores=tuple(scores), owing=owing, pending=pending)
        scores[action.seat] += state.rolled or 0
        return Race((scores[0], scores[1]), 1 - state.to_move)

    def pending(self, state: Race) -> Decisions:
        return state.pending

    def result(self, state: Race) -> Result | None:
        if not self.is_terminal(state):
            return None
        return Result(tuple(s for s in (0, 1) if state.scores[s] >= GOAL))

    def view(self, state: Race, seat: int) -> Race:
        return state

    def explain_step(self, before: Race, action: Any, after: Race) -> list[Text]:
        return [Text.of(en=f"{self.action_to_json(action)}")]

    def forced_steps(self, before: Race, action: Any, after: Race) -> list[ForcedStep]:
        if isinstance(action, Roll) and action.die == 1:
            return [ForcedStep("race.one", Text.of(en="a one scores nothing"))]
        return []


RACE = DiceRace()


def games(key: str) -> Game[Any, Any]:
    if key == "dice-race":
        return RACE  # type: ignore[return-value]
    raise KeyError(f"unknown game {key!r}")


def record(*actions: Any) -> dict[str, Any]:
    return {"format": FORMAT, "game": "dice-race", "setup": {}, "actions": list(actions)}


def roll(d: int) -> dict[str, Any]:
    return {"chance": "roll", "die": d}


def test_the_toy_game_is_a_game() -> None:
    assert isinstance(RACE, Game)


def test_random_play_samples_chance_by_its_probabilities() -> None:
    rng = random.Random(3)
    start = RACE.initial_state(0)
    dice = Counter(random_action(RACE, start, rng).die for _ in range(6000))
    assert set(dice) == set(range(1, 7))
    assert all(800 < n < 1200 for n in dice.values()), dice


def test_random_games_finish_and_replay_identically() -> None:
    actions, state = play_out(RACE, RACE.initial_state(0), random.Random(5))
    assert RACE.is_terminal(state) and RACE.result(state) is not None
    assert any(isinstance(a, Roll) for a in actions)
    data = record_to_json(RACE, 0, actions)
    assert data["actions"][0]["chance"] == "roll"
    replay = adjudicate(RACE, parse_record(data, games))
    assert replay.legal and replay.finished and replay.final_state == state
    report = bench(RACE, 5, seed=1)
    assert report["games"] == 5 and report["actions"] > 0


class _OwnChoice(random.Random):
    """A generator of its own: play_out leaves its draws to its own ``choice``."""


@pytest.mark.parametrize("generator", [random.Random, _OwnChoice])
@pytest.mark.parametrize("seed", range(12))
def test_random_play_draws_as_random_choice_would(generator: type[random.Random], seed: int) -> None:
    """``play_out`` writes ``rng.choice`` out for the standard generator: the same actions, and the
    generator left where a walk drawing with ``rng.choice`` leaves it."""
    assert _CHOICE_WRITTEN_OUT  # the written-out draw is the one exercised here
    rng, walker = generator(seed), generator(seed)
    actions, state = play_out(RACE, RACE.initial_state(0), rng)
    walked, now = [], RACE.initial_state(0)
    while not RACE.is_terminal(now):
        walked.append(random_action(RACE, now, walker))
        now = RACE.apply(now, walked[-1])
    assert actions == walked and state == now and rng.getstate() == walker.getstate()


def test_a_record_of_the_same_seed_is_the_same() -> None:
    assert random_record(RACE, 9) == random_record(RACE, 9)


@pytest.mark.parametrize("actions, index, why", [
    ([roll(7)], 0, "cannot occur"),                                  # a die showing 7
    ([roll(3), roll(4)], 1, "where seat 0 is to act"),                # a roll where a seat decides
    ([{"seat": 0, "bonus": 1}], 0, "chance decides here"),            # a choice where chance decides
])
def test_impossible_chance_is_its_own_verdict(actions: list[Any], index: int, why: str) -> None:
    verdict = adjudicate(RACE, parse_record(record(*actions), games))
    assert not verdict.legal and verdict.impossible
    assert verdict.illegal is not None and verdict.illegal.index == index
    assert why in verdict.illegal.violation.message.get("en")


def test_an_illegal_choice_is_not_impossible() -> None:
    verdict = adjudicate(RACE, parse_record(record(roll(3), {"seat": 1, "bonus": 0}), games))
    assert not verdict.legal and not verdict.impossible
    assert verdict.illegal is not None and verdict.illegal.violation.rules == ("race.turn",)


def test_independent_choices_may_come_in_any_order() -> None:
    for order in ((0, 1), (1, 0)):
        actions = [roll(6), *({"seat": s, "bonus": 1} for s in order), {"seat": 0, "bonus": 0}]
        verdict = adjudicate(RACE, parse_record(record(*actions), games))
        assert verdict.legal, order
        assert verdict.final_state.scores == (7, 1)


def test_pending_decisions_name_the_rule_that_opened_them() -> None:
    state = RACE.apply(RACE.initial_state(0), Roll(6))
    assert RACE.turn(state) == Turn.simultaneous((0, 1))
    assert [(d.seat, d.rule) for d in RACE.pending(state)] == [(0, "race.six"), (1, "race.six")]
    assert {a.seat for a in RACE.legal_actions(state)} == {0, 1}


def test_forced_steps_are_narrated_with_their_rule() -> None:
    verdict = adjudicate(RACE, parse_record(record(roll(1)), games), explain=True)
    assert verdict.legal
    assert any("a one scores nothing (race.one)" == line.get("en") for line in verdict.trace)


def test_the_decision_stack() -> None:
    a, b, c = (Decision(s, "k", "race.six") for s in range(3))
    stack = push(push((), c), a, b)
    assert stack == (a, b, c) and top(stack) == a and pop(stack) == (b, c)
    assert top(()) is None
    with pytest.raises(ValueError):
        pop(())


def test_game_info_refuses_strings_for_enums() -> None:
    with pytest.raises(TypeError):
        GameInfo("x", Text.of(en="X"), (2,), "none", Information.PERFECT, ("en",))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        GameInfo("x", Text.of(en="X"), (2,), ChanceMode.NONE, Information.PERFECT, ("cs",))


def test_the_cli_exits_2_on_an_impossible_record(monkeypatch: pytest.MonkeyPatch, tmp_path: Any,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from rules import cli

    real = cli.games.load
    monkeypatch.setitem(cli.games.GAMES, "dice-race", "tests:RACE")  # registered; loaded through the patched load
    monkeypatch.setattr(cli.games, "load", lambda key: RACE if key == "dice-race" else real(key))
    path = tmp_path / "seven.json"
    path.write_text(json.dumps(record(roll(7))), encoding="utf-8")
    assert cli.main(["adjudicate", str(path)]) == 2
    assert "IMPOSSIBLE record, action 1 of 1" in capsys.readouterr().out
    legal = tmp_path / "legal.json"
    legal.write_text(json.dumps(record(roll(3))), encoding="utf-8")
    assert cli.main(["adjudicate", str(legal), "--lang", "xx"]) == 2
    assert "--lang 'xx'" in capsys.readouterr().err
    assert cli.main(["adjudicate", str(legal)]) == 0
