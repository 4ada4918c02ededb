"""The record JSON Schema assembled from the games' fragments
(``rules.kernel.schema``, docs/decisions/0013-records-validated-by-schema.md):
on stand-in games, so the kernel's assembly is tested apart from any real
game, then on the registry."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from rules import games
from rules.cli import main
from rules.kernel.schema import (
    HasRecordSchema,
    SchemaError,
    assemble,
    check_bounds,
    fragment_of,
    load_fragment,
    schema_errors,
    validate_record,
    where,
)
from rules.kernel.verdict import MalformedError

ROOT = Path(__file__).resolve().parents[2]


class Tiles:
    """Not a playable game: a fragment and nothing else."""

    def __init__(self, fragment: dict[str, Any], positions: bool = False) -> None:
        self.fragment = fragment
        if positions:
            self.position_from_json = lambda data, variant=None: data

    def record_schema(self) -> Mapping[str, Any]:
        return self.fragment


SEAT = {"enum": [0, 1]}
TILES = {"$defs": {"tile": {"type": "string", "pattern": "^[a-e][1-5]$", "description": "a letter a-e and a digit"}},
         "setup": {"type": "object", "required": ["first"], "additionalProperties": False,
                   "properties": {"first": SEAT}},
         "action": {"type": "object", "required": ["seat", "tile"], "additionalProperties": False,
                    "properties": {"seat": SEAT, "tile": {"$ref": "#/$defs/tile"}}},
         "maxActions": 3}


def tiles_record(**overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"format": "rules-record/1", "game": "tiles", "setup": {"first": 0},
                            "actions": [{"seat": 0, "tile": "a1"}]}
    data.update(overrides)
    return {k: v for k, v in data.items() if v is not ...}


def errors(data: Any, *game_list: tuple[str, Any]) -> list[str]:
    return schema_errors(assemble(dict(game_list)), data)


def test_a_fragment_is_published_through_the_game_object() -> None:
    game = Tiles(TILES)
    assert isinstance(game, HasRecordSchema) and fragment_of(game) == TILES
    assert fragment_of(object()) is None


def test_the_assembled_schema_is_a_valid_schema_naming_every_game() -> None:
    schema = assemble({"tiles": Tiles(TILES), "other": object()})
    Draft202012Validator.check_schema(schema)
    assert schema["properties"]["game"]["enum"] == ["tiles", "other"]
    assert schema["$defs"] == TILES["$defs"]


def test_a_record_of_the_fragment_is_valid_and_its_faults_are_named() -> None:
    game = ("tiles", Tiles(TILES))
    assert errors(tiles_record(), game) == []
    assert errors(tiles_record(actions=[{"seat": 2, "tile": "a1"}]), game) == ["action 1 (index 0): seat: 2 is not one of 0, 1"]
    assert errors(tiles_record(actions=[{"seat": 0, "tile": "z9"}]), game) == [
        'action 1 (index 0): tile: "z9" is not valid: a letter a-e and a digit']
    four = [{"seat": 0, "tile": "a1"}] * 4
    assert errors(tiles_record(actions=four), game) == ["actions: 4 items; at most 3 allowed"]
    assert errors(tiles_record(setup={"first": 0, "x": 1}), game) == ['setup: unknown field(s): "x" (known: first)']


def test_a_game_without_variants_or_positions_refuses_them() -> None:
    game = ("tiles", Tiles(TILES))
    assert errors(tiles_record(variant=None), game) == ["game 'tiles' has no variants; remove 'variant'"]
    assert errors(tiles_record(setup=..., position={}), game) == [
        "game 'tiles' does not accept positions; give its 'setup'"]


def test_a_game_with_a_variant_requires_it() -> None:
    fragment = {**TILES, "variant": {"type": "object", "required": ["size"], "properties": {"size": {"enum": [5]}}}}
    game = ("tiles", Tiles(fragment))
    assert errors(tiles_record(), game) == ["missing 'variant'"]
    assert errors(tiles_record(variant={"size": 5}), game) == []
    assert errors(tiles_record(variant={"size": 6}), game) == ["variant.size: 6 is not one of 5"]


def test_the_record_part_constrains_across_fields() -> None:
    fragment = {**TILES, "record": {"properties": {"actions": {"items": {"properties": {"seat": {"const": 1}}}}}}}
    assert errors(tiles_record(), ("tiles", Tiles(fragment))) == ["action 1 (index 0): seat: must be 1, not 0"]


def test_each_game_gets_its_own_clause() -> None:
    other = {**TILES, "$defs": {"stone": {"type": "integer"}}, "position": {"type": "object"},
             "action": {"type": "object", "properties": {"stone": {"$ref": "#/$defs/stone"}}}}
    both = (("tiles", Tiles(TILES)), ("stones", Tiles(other, positions=True)))
    assert errors(tiles_record(), *both) == []
    assert errors(tiles_record(game="stones"), *both) == []  # a tile action is an object without a stone
    assert errors(tiles_record(game="stones", actions=[{"stone": "a1"}]), *both) == [
        'action 1 (index 0): stone: "a1" is not an integer']
    assert errors(tiles_record(game="stones", setup=..., position={}), *both) == []
    assert errors(tiles_record(game="go"), *both) == ['game: "go" is not one of "tiles", "stones"']


def test_two_fragments_may_not_define_one_name_differently() -> None:
    clash = {**TILES, "$defs": {"tile": {"type": "integer"}}}
    with pytest.raises(SchemaError, match=r"\$defs/tile"):
        assemble({"tiles": Tiles(TILES), "clash": Tiles(clash)})
    assert assemble({"tiles": Tiles(TILES), "same": Tiles(TILES)})["$defs"] == TILES["$defs"]


def test_a_fragment_with_unknown_keys_is_refused() -> None:
    with pytest.raises(SchemaError, match="unknown key"):
        assemble({"tiles": Tiles({**TILES, "actions": {}})})
    with pytest.raises(SchemaError, match="lacks"):
        assemble({"tiles": Tiles({"setup": {}})})


def test_a_game_without_a_fragment_gets_the_envelope() -> None:
    game = ("free", object())
    assert errors(tiles_record(game="free", actions=[1, "two"]), game) == []
    assert errors(tiles_record(game="free", comment=False), game) == ["comment: false is not a string"]
    assert errors(tiles_record(game="free", setup=..., position={}), game) == [
        "game 'free' does not accept positions; give its 'setup'"]


def test_validate_record_raises_one_line() -> None:
    with pytest.raises(MalformedError) as info:
        validate_record(tiles_record(format="rules-record/2", setup=...), "tiles", Tiles(TILES))
    assert "\n" not in str(info.value)
    validate_record(tiles_record(), "tiles", Tiles(TILES))


@pytest.mark.parametrize("path, text", [
    ((), ""), (("setup", "hands", 0, 3), "setup.hands[0][3]"), (("actions", 4, "seat"), "action 5 (index 4): seat"),
    (("actions", 4), "action 5 (index 4)"), (("actions",), "actions"), (("position", "a b"), 'position."a b"'),
])
def test_places_are_named_as_the_readers_name_them(path: tuple[Any, ...], text: str) -> None:
    assert where(path) == text


@pytest.mark.parametrize("value, words", [
    ({1: 2}, "object key 1 is not a string"), ([float("-inf")], "[0]: -inf is not a JSON number"),
    ({"a": [10**18]}, "a[0]: an integer of about 19 digits"),
])
def test_check_bounds(value: Any, words: str) -> None:
    with pytest.raises(MalformedError, match=words.replace("[", r"\[").replace("]", r"\]")):
        check_bounds(value)
    check_bounds({"a": [10**18 - 1, -(10**18) + 1, 1.5, None, True, "x"]})


# ----------------------------------------------------------------- the registered games


def test_every_registered_game_publishes_its_fragment() -> None:
    for key, game in games.load_all().items():
        fragment = fragment_of(game)
        assert fragment is not None, key
        package = type(game).__module__.rsplit(".", 1)[0]
        assert fragment == load_fragment(package, key)
        assert (ROOT / package.replace(".", "/") / "record.schema.json").is_file()


def test_rules_schema_prints_the_assembled_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == assemble(games.load_all())
    Draft202012Validator.check_schema(printed)
    assert printed["properties"]["game"]["enum"] == list(games.GAMES)


def test_the_schema_of_one_game_agrees_with_the_whole_on_the_examples() -> None:
    whole = Draft202012Validator(assemble(games.load_all()))
    for path in sorted((ROOT / "examples").glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        alone = Draft202012Validator(assemble({data["game"]: games.load(data["game"])}))
        assert whole.is_valid(data) and alone.is_valid(data), path
        broken = {**data, "comment": 1, "actions": [*data["actions"], {"seat": 9}]}
        assert not whole.is_valid(broken) and not alone.is_valid(broken), path
