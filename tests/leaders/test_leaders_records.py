"""Records, actions and positions as JSON; malformed input; views."""

from __future__ import annotations

import json
import random

import pytest
from leaders_helpers import pos

import rules.games
from rules.kernel.game import Information
from rules.kernel.records import adjudicate, parse_record, record_to_json
from rules.kernel.simulate import play_out
from rules.kernel.verdict import MalformedError
from rules.leaders import LEADERS, Setup
from rules.leaders.characters import CARDS
from rules.leaders.positions import position_from_json, position_notes, position_to_json

pytestmark = pytest.mark.rules("leaders.setup.offer", "leaders.board")


def random_game(seed: int, limit: int = 400) -> tuple[Setup, list]:
    rng = random.Random(seed)
    setup = LEADERS.random_setup(rng)
    actions, _ = play_out(LEADERS, LEADERS.initial_state(setup), rng, limit)
    return setup, actions


@pytest.mark.rules("leaders.setup.first-player", "leaders.advanced.offer")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_record_round_trip_and_replay(seed: int) -> None:
    setup, actions = random_game(seed)
    data = json.loads(json.dumps(record_to_json(LEADERS, setup, actions)))
    assert data["game"] == "leaders" and data["setup"]["mode"] in ("discovery", "advanced")
    record = parse_record(data, rules.games.load)
    assert record.setup == setup and list(record.actions) == actions
    verdict = adjudicate(LEADERS, record, explain=True)
    assert verdict.legal and verdict.trace


def test_every_action_kind_round_trips() -> None:
    seen = set()
    for seed in range(8):
        _setup, actions = random_game(seed)
        for a in actions:
            assert LEADERS.action_from_json(json.loads(json.dumps(LEADERS.action_to_json(a)))) == a
            seen.add(a.kind if a.kind != "ability" else a.ability)
    assert {"move", "end", "recruit", "banish"} <= seen and len(seen) >= 10


@pytest.mark.parametrize("bad", [
    {"mode": "discovery", "first": 0},
    {"mode": "discovery", "first": 2, "deck": list(CARDS)},
    {"mode": "advanced", "first": 0, "deck": list(CARDS)},
    {"mode": "discovery", "first": 0, "deck": list(CARDS[:-1]) + ["acrobat"]},
    {"mode": "solo", "first": 0},
])
def test_malformed_setups(bad: dict) -> None:
    with pytest.raises(MalformedError):
        LEADERS.setup_from_json(bad)


@pytest.mark.parametrize("bad", [
    {"seat": 0, "piece": [4, 0], "move": [[3, 0]]},
    {"seat": 0, "piece": [0, 0], "ability": "flying", "to": [1, 0]},
    {"seat": 2, "end": "actions"},
    {"seat": 0, "recruit": "dragon", "cells": [[0, 3]]},
    {"seat": 0, "piece": [0, 0], "move": [[0, 1]], "extra": 1},
    {"seat": 0},
    [1, 2],
])
def test_malformed_actions(bad: object) -> None:
    with pytest.raises(MalformedError):
        LEADERS.action_from_json(bad)


def test_position_round_trip() -> None:
    for seed in (4, 5, 6):
        setup, actions = random_game(seed, limit=30)
        s = LEADERS.initial_state(setup)
        for a in actions:
            s = LEADERS.apply(s, a)
            back = position_from_json(json.loads(json.dumps(position_to_json(s))))
            assert back == s  # pending Nemeses and finished games included


@pytest.mark.rules("leaders.turn.five-characters", "leaders.hermit-cub.recruit")
def test_unreachable_positions_are_noted_and_analysed() -> None:
    s = pos((0, "leader", 0, 3), (1, "leader", 0, -3), (0, "cub", 0, 0), (0, "rider", 1, 0), (0, "rider", 2, 0),
            (0, "archer", -1, 0), (0, "jailer", -2, 0), (0, "vizier", -3, 0))
    notes = " ".join(n.get("en") for n in position_notes(s))
    assert "more than five" in notes and "not paired" in notes and "2 times" in notes
    assert LEADERS.legal_actions(s)


@pytest.mark.parametrize("pieces, rule", [
    ([{"owner": 0, "character": "leader", "cell": [0, 4]}, {"owner": 1, "character": "leader", "cell": [0, -3]}],
     "leaders.board"),
    ([{"owner": 0, "character": "leader", "cell": [0, 3]}, {"owner": 1, "character": "leader", "cell": [0, 3]}],
     "leaders.board"),
    ([{"owner": 0, "character": "leader", "cell": [0, 3]}, {"owner": 1, "character": "rider", "cell": [0, -3]}],
     "leaders.setup.leaders"),
])
def test_malformed_positions_name_the_rule(pieces: list, rule: str) -> None:
    with pytest.raises(MalformedError, match=rule.replace(".", r"\.")):
        position_from_json({"pieces": pieces, "to_move": 0})


_TWO_LEADERS = [{"owner": 0, "character": "leader", "cell": [0, 3]},
                {"owner": 1, "character": "leader", "cell": [0, -3]}]


@pytest.mark.rules("leaders.nemesis.forced-move", "leaders.advanced.banish")
@pytest.mark.parametrize("fields, rule", [
    ({"pending_nemesis": 5}, "leaders.nemesis.forced-move"),
    ({"pending_nemesis": [[0, 3]]}, "leaders.nemesis.forced-move"),
    ({"phase": "banish"}, "leaders.advanced.banish"),  # Discovery has no banishment
    ({"phase": "banish", "mode": "advanced", "offer": []}, "leaders.advanced.banish"),  # nothing to banish
])
def test_malformed_position_fields_are_refused_not_crashed_on(fields: dict, rule: str) -> None:
    """A field that cannot describe a game position is a MalformedError naming the rule, never a
    traceback, and never a state with nobody able to act (review: a non-list ``pending_nemesis``
    raised TypeError; a banishment phase without the advanced mode or without a card to banish
    left a state with no legal action that was not over)."""
    with pytest.raises(MalformedError, match=rule.replace(".", r"\.")):
        position_from_json({"pieces": _TWO_LEADERS, "to_move": 0, **fields})


def test_position_records_are_adjudicated() -> None:
    data = {"format": "rules-record/1", "game": "leaders",
            "position": {"pieces": [{"owner": 0, "character": "leader", "cell": [0, 3]},
                                    {"owner": 1, "character": "leader", "cell": [0, -3]},
                                    {"owner": 0, "character": "assassin", "cell": [1, -2]}], "to_move": 0},
            "actions": [{"seat": 0, "piece": [1, -2], "move": [[1, -3]]}]}
    verdict = adjudicate(LEADERS, parse_record(data, rules.games.load))
    assert verdict.legal and verdict.finished and verdict.result.winners == (0,)


def test_view_hides_only_the_deck_order() -> None:
    s = LEADERS.initial_state(Setup("discovery", 0, tuple(CARDS)))
    other = LEADERS.initial_state(Setup("discovery", 0, tuple(CARDS[:3]) + tuple(reversed(CARDS[3:]))))
    assert LEADERS.view(s, 1) == LEADERS.view(other, 1) and s != other
    assert LEADERS.view(s, 0).offer == s.offer and LEADERS.view(s, 0).deck_size == 13
    assert LEADERS.info.information is Information.IMPERFECT and LEADERS.info.languages == ("cs", "en")


def test_the_abilities_whose_json_names_a_target_are_those_whose_actions_have_one() -> None:
    """rules.leaders.records.TARGET_ABILITIES (the in-page board's tap order) agrees with the engine."""
    import random

    from rules.kernel.simulate import play_out
    from rules.leaders.records import TARGET_ABILITIES

    seen: dict[str, set[bool]] = {}
    for seed in range(30):
        rng = random.Random(seed)
        state = LEADERS.initial_state(LEADERS.random_setup(rng))
        actions, _ = play_out(LEADERS, state, rng, stop_after=150)
        replay = state
        for action in actions:
            for a in LEADERS.legal_actions(replay):
                if a.ability:
                    seen.setdefault(a.ability, set()).add(a.target >= 0)
            replay = LEADERS.apply(replay, action)
    assert seen, "no ability was offered"
    for ability, has_target in seen.items():
        assert has_target == {ability in TARGET_ABILITIES}, ability
