"""Game records (``rules.kernel.records``): parsing errors are ``MalformedError``
naming the place; ``adjudicate`` replays and stops at the first illegal action.

A tiny counting game keeps these tests game-neutral; one test runs the real
Claim through the same functions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import pytest

import rules.games
from rules.kernel.game import TERMINAL, ChanceMode, Game, GameBase, GameInfo, Information, Result, Turn
from rules.kernel.records import (
    FORMAT,
    Record,
    adjudicate,
    parse_record,
    read_json,
    record_to_json,
)
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError, Violation

# ----------------------------------------------------------------- a toy game


@attrs.frozen
class Count:
    total: int
    turn: int
    target: int


class CountTo(GameBase[Count, int]):
    """Players alternately add 1 or 2; nobody may pass the target; who reaches it wins."""

    info = GameInfo("count", Text.of(en="Count"), (2,), ChanceMode.NONE, Information.PERFECT, ("en",))

    def setup_from_json(self, data: Any, variant: Any = None) -> int:
        if not isinstance(data, Mapping) or not isinstance(data.get("target"), int):
            raise MalformedError("setup.target must be a number")
        return data["target"]

    def setup_to_json(self, setup: int) -> dict[str, Any]:
        return {"target": setup}

    def action_from_json(self, data: Any) -> int:
        if data not in (1, 2) or isinstance(data, bool):
            raise MalformedError(f"an action adds 1 or 2, not {data!r}")
        return data

    def action_to_json(self, action: int) -> Any:
        return action

    def random_setup(self, rng: random.Random) -> int:
        return rng.randint(3, 9)

    def initial_state(self, setup: int) -> Count:
        return Count(0, 0, setup)

    def legal_actions(self, state: Count) -> list[int]:
        return [a for a in (1, 2) if state.total + a <= state.target]

    def check(self, state: Count, action: int) -> Violation | None:
        if state.total + action > state.target:
            return Violation(("count.limit",), Text.of(en=f"{state.total} + {action} passes {state.target}"))
        return None

    def successor(self, state: Count, action: int) -> Count:
        return Count(state.total + action, 1 - state.turn, state.target)

    def turn(self, state: Count) -> Turn:
        return TERMINAL if state.total == state.target else Turn.of(state.turn)

    def result(self, state: Count) -> Result | None:
        return Result((1 - state.turn,)) if self.is_terminal(state) else None

    def view(self, state: Count, seat: int) -> Count:
        return state

    def explain_step(self, before: Count, action: int, after: Count) -> list[Text]:
        return [Text.of(en=f"{before.total} -> {after.total}")]


COUNT = CountTo()


def games(key: str) -> Game[Any, Any]:
    if key == "count":
        return COUNT  # type: ignore[return-value]
    raise KeyError(f"unknown game {key!r}; known games: count")


def record(**overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT, "game": "count", "setup": {"target": 5}, "actions": [2, 2, 1]}
    data.update(overrides)
    return {k: v for k, v in data.items() if v is not ...}


def test_toy_game_satisfies_the_protocol() -> None:
    assert isinstance(COUNT, Game)


# ----------------------------------------------------------------- parse_record


def test_parse_valid_record() -> None:
    rec = parse_record(record(comment="hello"), games)
    assert rec == Record("count", 5, (2, 2, 1), None, "hello")
    assert parse_record(record(actions=...), games).actions == ()


def malformed(data: Any, where: str = "record") -> MalformedError:
    with pytest.raises(MalformedError) as info:
        parse_record(data, games, where=where)
    assert info.value.where == where
    assert str(info.value).startswith(where + ": ")
    return info.value


@pytest.mark.parametrize("data", [[], "record", 3, None])
def test_not_an_object(data: Any) -> None:
    assert "object" in malformed(data).detail


def test_unknown_field() -> None:
    assert "players" in malformed(record(players=2)).detail


@pytest.mark.parametrize("fmt", ["rules-record/2", None, 1, ...])
def test_wrong_format(fmt: Any) -> None:
    err = malformed(record(format=fmt))
    assert "format" in err.detail and FORMAT in err.detail


def test_game_must_be_named() -> None:
    assert "game" in malformed(record(game=7)).detail
    assert "game" in malformed(record(game=...)).detail


def test_unknown_game_names_the_known_ones() -> None:
    err = malformed(record(game="chess"), where="games/1.json")
    assert "chess" in err.detail and "count" in err.detail


def test_unknown_game_with_the_real_registry() -> None:
    with pytest.raises(MalformedError) as info:
        parse_record(record(game="chess"), rules.games.load)
    assert "chess" in str(info.value) and "claim" in str(info.value)


def test_missing_setup() -> None:
    assert "setup" in malformed(record(setup=...)).detail


def test_bad_setup_is_reported_with_the_place() -> None:
    err = malformed(record(setup={"target": "five"}), where="r.json")
    assert "setup.target" in err.detail


def test_actions_must_be_a_list() -> None:
    assert "actions" in malformed(record(actions={"0": 1})).detail


def test_bad_action_names_its_index() -> None:
    err = malformed(record(actions=[1, 2, 3]), where="r.json")
    assert err.detail.startswith("action 3 of 3 (index 2): ") and "3" in err.detail


@pytest.mark.parametrize("comment", [["x"], True, {}, 3, None])
def test_a_comment_is_a_string(comment: Any) -> None:
    assert "comment" in malformed(record(comment=comment)).detail


# ----------------------------------------------------------------- files


def test_read_json_errors_are_malformed(tmp_path: Path) -> None:
    with pytest.raises(MalformedError, match="no such file") as info:
        read_json(tmp_path / "missing.json")
    assert info.value.where == str(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": ', encoding="utf-8")
    with pytest.raises(MalformedError, match="not JSON.*line 1") as info:
        read_json(bad)
    assert info.value.where == str(bad)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(MalformedError):
        read_json(binary)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record()), encoding="utf-8")
    assert read_json(good) == record()


def test_record_to_json_round_trip() -> None:
    data = record_to_json(COUNT, 5, [2, 2, 1])  # type: ignore[arg-type]
    assert data == {"format": FORMAT, "game": "count", "setup": {"target": 5}, "actions": [2, 2, 1]}
    assert parse_record(json.loads(json.dumps(data)), games) == Record("count", 5, (2, 2, 1))
    assert record_to_json(COUNT, 5, [], variant="short")["variant"] == "short"  # type: ignore[arg-type]


# ----------------------------------------------------------------- adjudicate


def test_adjudicate_a_finished_game() -> None:
    result = adjudicate(COUNT, parse_record(record(), games), explain=True)  # type: ignore[arg-type]
    assert result.legal and result.finished and result.illegal is None
    assert result.steps == 3 and result.result == Result((0,))
    assert [t.get("en") for t in result.trace] == ["0 -> 2", "2 -> 4", "4 -> 5"]
    assert result.final_state == Count(5, 1, 5)


def test_adjudicate_an_unfinished_game() -> None:
    result = adjudicate(COUNT, parse_record(record(actions=[1]), games))  # type: ignore[arg-type]
    assert result.legal and not result.finished and result.result is None and result.steps == 1
    assert result.trace == ()  # only with explain=True


def test_adjudicate_stops_at_the_first_illegal_action() -> None:
    # 2 + 2 = 4, then 2 would pass 5 (illegal), the later actions are never looked at
    rec = parse_record(record(actions=[2, 2, 2, 1, 2, 2]), games)
    result = adjudicate(COUNT, rec, explain=True)  # type: ignore[arg-type]
    assert not result.legal and not result.finished
    assert result.illegal is not None and result.illegal.index == 2 and result.illegal.action == 2
    assert result.illegal.violation.rules == ("count.limit",)
    assert result.steps == 2 and result.result is None
    assert result.final_state == Count(4, 0, 5)  # the state the illegal action met
    assert len(result.trace) == 2


def test_adjudicate_claim_record_with_an_illegal_action() -> None:
    """The same machinery with the real game: the violation comes from Claim."""
    claim = rules.games.load("claim")
    setup = claim.random_setup(random.Random(7))
    state = claim.initial_state(setup)
    actions = []
    for _ in range(5):
        action = claim.legal_actions(state)[0]
        actions.append(action)
        state = claim.apply(state, action)
    wrong_seat = {"seat": 1 - state.to_move, "play": str(state.hands[1 - state.to_move][0])}
    data = record_to_json(claim, setup, actions)
    data["actions"] += [wrong_seat, data["actions"][0]]
    result = adjudicate(claim, parse_record(json.loads(json.dumps(data)), rules.games.load))
    assert not result.legal and result.illegal is not None and result.illegal.index == 5
    assert result.steps == 5 and result.final_state == state
    assert all(r.startswith("claim.") for r in result.illegal.violation.rules)


# ----------------------------------------------------------------- positions and variants


class CountFrom(CountTo):
    """The counting game with positions (a running total) and a variant (the step sizes)."""

    info = GameInfo("count-from", Text.of(en="Count from"), (2,), ChanceMode.NONE, Information.PERFECT, ("en",))

    def position_from_json(self, data: Any, variant: Any = None) -> Count:
        if not isinstance(data, Mapping) or set(data) != {"total", "turn", "target"}:
            raise MalformedError("a position is {total, turn, target}")
        if not all(type(data[k]) is int for k in data) or data["total"] > data["target"]:
            raise MalformedError("position: total must not pass the target")
        return Count(data["total"], data["turn"], data["target"])

    def position_to_json(self, state: Count) -> dict[str, Any]:
        return {"total": state.total, "turn": state.turn, "target": state.target}

    def position_notes(self, state: Count) -> list[Text]:
        return [Text.of(en="an odd total")] if state.total % 2 else []

    def variant_of(self, setup: int) -> dict[str, Any]:
        return {"steps": [1, 2]}


COUNT_FROM = CountFrom()


def more_games(key: str) -> Game[Any, Any]:
    if key == "count-from":
        return COUNT_FROM  # type: ignore[return-value]
    return games(key)


def position_record(**overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT, "game": "count-from",
                            "position": {"total": 3, "turn": 1, "target": 5}, "actions": [2]}
    data.update(overrides)
    return {k: v for k, v in data.items() if v is not ...}


def test_position_record_starts_from_its_position() -> None:
    parsed = parse_record(position_record(), more_games)
    assert parsed.setup is None and parsed.position == Count(3, 1, 5)
    verdict = adjudicate(COUNT_FROM, parsed)  # type: ignore[arg-type]
    assert verdict.legal and verdict.finished and verdict.result is not None
    assert verdict.result.winners == (1,)  # seat 1 moved last, from the position's turn
    assert [n.get("en") for n in verdict.notes] == ["an odd total"]


def test_position_record_with_an_illegal_action_names_the_rule() -> None:
    verdict = adjudicate(COUNT_FROM, parse_record(position_record(actions=[1, 2]), more_games))  # type: ignore[arg-type]
    assert not verdict.legal and verdict.illegal is not None
    assert verdict.illegal.index == 1 and verdict.illegal.violation.rules == ("count.limit",)


def test_setup_and_position_are_exclusive() -> None:
    both = position_record(setup={"target": 5})
    with pytest.raises(MalformedError, match="either a 'setup'"):
        parse_record(both, more_games)
    with pytest.raises(MalformedError, match="either a 'setup'"):
        parse_record(position_record(position=...), more_games)


def test_a_game_without_positions_refuses_them() -> None:
    with pytest.raises(MalformedError, match="does not accept positions"):
        parse_record(record(setup=..., position={"total": 1}), games)


def test_malformed_position_is_reported_with_the_place() -> None:
    with pytest.raises(MalformedError) as err:
        parse_record(position_record(position={"total": 9, "turn": 0, "target": 5}), more_games, where="x.json")
    assert err.value.where == "x.json" and "pass the target" in err.value.detail


def test_position_record_round_trip() -> None:
    from rules.kernel.records import position_record_to_json

    state = Count(1, 0, 4)
    data = position_record_to_json(COUNT_FROM, state, [1, 2])  # type: ignore[arg-type]
    assert data == {"format": FORMAT, "game": "count-from", "position": {"total": 1, "turn": 0, "target": 4},
                    "actions": [1, 2]}
    assert parse_record(data, more_games).position == state


def test_record_to_json_takes_the_variant_from_the_setup() -> None:
    data = record_to_json(COUNT_FROM, 5, [1])  # type: ignore[arg-type]
    assert data["variant"] == {"steps": [1, 2]}
    assert "variant" not in record_to_json(COUNT, 5, [1])  # type: ignore[arg-type]


# ----------------------------------------------------------------- the schema is the one gate


class CountWithSchema(CountTo):
    """The counting game publishing its part of the record schema (decision 0013)."""

    info = GameInfo("count-schema", Text.of(en="Count"), (2,), ChanceMode.NONE, Information.PERFECT, ("en",))

    def __init__(self) -> None:
        self.read: list[Any] = []

    def record_schema(self) -> dict[str, Any]:
        return {"setup": {"type": "object", "required": ["target"], "additionalProperties": False,
                          "properties": {"target": {"type": "integer", "minimum": 1, "maximum": 99}}},
                "action": {"enum": [1, 2]}, "maxActions": 10}

    def setup_from_json(self, data: Any, variant: Any = None) -> int:
        self.read.append(data)
        return super().setup_from_json(data, variant)


def test_the_schema_is_checked_before_the_game_reads_anything() -> None:
    game = CountWithSchema()

    def lookup(key: str) -> Game[Any, Any]:
        return game  # type: ignore[return-value]

    good = record(game="count-schema")
    assert parse_record(good, lookup).actions == (2, 2, 1) and game.read == [{"target": 5}]
    for broken, words in [
        (record(game="count-schema", actions=[2, 3]), "action 2 (index 1): 3 is not one of 1, 2"),
        (record(game="count-schema", setup={"target": 0}), "setup.target: 0 is below the minimum 1"),
        (record(game="count-schema", actions=[1] * 11), "actions: 11 items; at most 10 allowed"),
        (record(game="count-schema", variant={}), "game 'count-schema' has no variants; remove 'variant'"),
        (record(game="count-schema", comment=True), "comment: true is not a string"),
    ]:
        game.read.clear()
        with pytest.raises(MalformedError) as info:
            parse_record(broken, lookup, where="f.json")
        assert str(info.value) == f"f.json: {words}"
        assert game.read == []  # refused before the game's reader ran


def test_nothing_the_caller_passed_is_mutated() -> None:
    data = record(comment="c")
    before = json.dumps(data)
    parse_record(data, games)
    assert json.dumps(data) == before
