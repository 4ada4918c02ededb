"""Claim's record codec: setups and actions from JSON, every mistake a
``MalformedError`` with a clear message."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import rules.games
from rules.claim import CLAIM, Card, play
from rules.kernel.records import FORMAT, parse_record
from rules.kernel.verdict import MalformedError


@pytest.fixture
def setup_json() -> dict[str, Any]:
    return CLAIM.setup_to_json(CLAIM.random_setup(random.Random(42)))


def rejected(data: Any, *fragments: str, variant: Any = None) -> MalformedError:
    with pytest.raises(MalformedError) as info:
        CLAIM.setup_from_json(data, variant)
    for fragment in fragments:
        assert fragment in str(info.value), f"{fragment!r} not in {str(info.value)!r}"
    return info.value


@pytest.mark.rules("claim.setup.deal", "claim.setup.deck", "claim.leader.first")
def test_setup_round_trip(setup_json: dict[str, Any]) -> None:
    setup = CLAIM.setup_from_json(setup_json)
    assert CLAIM.setup_to_json(setup) == setup_json
    assert setup == CLAIM.random_setup(random.Random(42))
    assert json.loads(json.dumps(setup_json)) == setup_json


@pytest.mark.rules("claim.setup.deal")
@pytest.mark.parametrize("seat, size", [(0, 12), (1, 14), (0, 0)])
def test_wrong_hand_size(setup_json: dict[str, Any], seat: int, size: int) -> None:
    data = copy.deepcopy(setup_json)
    pool = data["hands"][seat] + data["deck"]
    data["hands"][seat] = pool[:size]
    data["deck"] = pool[size:]
    rejected(data, f"setup.hands[{seat}]", "13 cards", str(size))


@pytest.mark.rules("claim.setup.deal")
def test_hands_must_be_two_lists(setup_json: dict[str, Any]) -> None:
    rejected({**setup_json, "hands": setup_json["hands"][:1]}, "two hands")
    rejected({**setup_json, "hands": "all"}, "two hands")
    rejected({**setup_json, "hands": [setup_json["hands"][0], "x"]}, "setup.hands[1]")


@pytest.mark.rules("claim.setup.deck")
def test_deck_must_hold_the_26_undealt_cards(setup_json: dict[str, Any]) -> None:
    rejected({**setup_json, "deck": setup_json["deck"][:-1]}, "setup.deck", "26")
    rejected({**setup_json, "deck": None}, "setup.deck")


@pytest.mark.rules("claim.components.deck")
@pytest.mark.parametrize("bad, fragment", [
    ("goblin:10", "digit"), ("knight:1", "no such card"), ("knight:0", "no such card"), ("orc:3", "unknown faction"),
    ("Goblin:3", "unknown faction"), ("goblin3", "not a card"), ("goblin:3:1", "not a card"), (3, "not a card"),
    ("goblin:", "digit"), (" goblin:3", "unknown faction"), ("goblin:x", "digit"),
])
def test_unknown_cards(setup_json: dict[str, Any], bad: Any, fragment: str) -> None:
    data = copy.deepcopy(setup_json)
    data["hands"][1][4] = bad
    err = rejected(data, "setup.hands[1]", fragment)
    assert repr(bad) in str(err)
    data = copy.deepcopy(setup_json)
    data["deck"][0] = bad
    rejected(data, "setup.deck", fragment)


@pytest.mark.rules("claim.components.deck")
def test_deck_must_be_the_complement_of_the_hands(setup_json: dict[str, Any]) -> None:
    """Six Goblin 0s (and no room for the card they replace) is not Claim's deck."""
    data = copy.deepcopy(setup_json)
    victim = next(i for i, x in enumerate(data["deck"]) if x != "goblin:0")
    replaced = data["deck"][victim]
    data["deck"][victim] = "goblin:0"
    err = rejected(data, "52 cards", "claim.components.deck", "goblin:0")
    assert "extra: ['goblin:0']" in str(err) and f"missing: ['{replaced}']" in str(err)


@pytest.mark.rules("claim.components.deck")
def test_a_card_dealt_twice_is_rejected(setup_json: dict[str, Any]) -> None:
    data = copy.deepcopy(setup_json)
    card = next(x for x in data["hands"][0] if x != "goblin:0")
    data["hands"][1][0] = card
    err = rejected(data, "extra", card)
    assert "missing" in str(err)


@pytest.mark.rules("claim.leader.first")
@pytest.mark.parametrize("leader", [2, -1, "0", None, True, False, [0], 0.5])
def test_bad_leader(setup_json: dict[str, Any], leader: Any) -> None:
    rejected({**setup_json, "leader": leader}, "setup.leader", "0 or 1")


@pytest.mark.rules("claim.leader.first")
def test_missing_leader(setup_json: dict[str, Any]) -> None:
    data = dict(setup_json)
    del data["leader"]
    rejected(data, "setup.leader")


@pytest.mark.rules("claim.leader.first")
def test_float_leader_is_rejected(setup_json: dict[str, Any]) -> None:
    """A JSON float is not a seat, even 1.0 (``1.0 in (0, 1)`` is true in Python)."""
    rejected({**setup_json, "leader": 1.0}, "setup.leader")
    with pytest.raises(MalformedError, match="seat"):
        CLAIM.action_from_json({"seat": 1.0, "play": "goblin:3"})


def test_setup_shape_errors(setup_json: dict[str, Any]) -> None:
    rejected([], "'setup' must be an object")
    rejected({**setup_json, "players": 2}, "unknown field", "players")
    rejected(setup_json, "no variants", variant="fast")


# ----------------------------------------------------------------- actions


@pytest.mark.rules("claim.lead", "claim.follow")
def test_action_codec() -> None:
    action = CLAIM.action_from_json({"seat": 1, "play": "doppelganger:4"})
    assert action == play(1, Card.parse("doppelganger:4")) and action is play(1, Card.parse("doppelganger:4"))
    assert CLAIM.action_to_json(action) == {"seat": 1, "play": "doppelganger:4"}


@pytest.mark.parametrize("bad, fragment", [
    ({"seat": 2, "play": "goblin:3"}, "seat"), ({"seat": True, "play": "goblin:3"}, "seat"),
    ({"seat": "0", "play": "goblin:3"}, "seat"), ({"play": "goblin:3"}, "an action is"),
    ({"seat": 0, "play": "goblin:3", "say": "hi"}, "an action is"), ("0 goblin:3", "an action is"),
    ({"seat": 0, "play": "knight:1"}, "no such card"), ({"seat": 0, "play": None}, "not a card"),
])
def test_bad_actions(bad: Any, fragment: str) -> None:
    with pytest.raises(MalformedError, match=fragment):
        CLAIM.action_from_json(bad)


def claim_record(setup_json: dict[str, Any], actions: list[Any]) -> dict[str, Any]:
    return {"format": FORMAT, "game": "claim", "setup": setup_json, "actions": actions}


def test_record_errors_name_the_place(setup_json: dict[str, Any]) -> None:
    first = CLAIM.initial_state(CLAIM.setup_from_json(setup_json))
    good = {"seat": first.leader, "play": str(first.hands[first.leader][0])}
    with pytest.raises(MalformedError) as info:
        parse_record(claim_record(setup_json, [good, {"seat": 0, "play": "orc:1"}]), rules.games.load,
                     where="games/7.json")
    assert str(info.value).startswith("games/7.json: action 2 (index 1): ") and "orc" in str(info.value)
    bad_setup = {**setup_json, "leader": 3}
    with pytest.raises(MalformedError, match=r"^games/8.json: setup.leader"):
        parse_record(claim_record(bad_setup, []), rules.games.load, where="games/8.json")


def test_superscript_digit_is_malformed_not_a_crash(setup_json: dict[str, Any]) -> None:
    with pytest.raises(MalformedError):
        Card.parse("goblin:²")
    with pytest.raises(MalformedError):
        parse_record(claim_record(setup_json, [{"seat": 0, "play": "goblin:²"}]), rules.games.load)


def test_non_ascii_digit_is_not_a_card() -> None:
    with pytest.raises(MalformedError):
        Card.parse("goblin:٣")
