"""The adapters' action numbering: a catalogue of every action for the Claim family
computed for Leaders and Valeria (tests/adapters/test_fixed_numbering.py), slots where a
dense mask would be too large, and observations from a seat's view only (issue 21 §3)."""

from __future__ import annotations

import enum
import json
import random
import zlib
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import games
from rules.adapters.common import (
    TENSOR_SIZE,
    Catalogue,
    SlotOverflowError,
    Slots,
    _json_scalar,
    canonical,
    decider,
    jsonable,
    numbering,
    observation_string,
    observation_tensor,
    resolved_variant,
    seats_of,
)
from rules.claim.study import action_key
from rules.kernel.game import HasSecrets
from rules.kernel.records import canonical_json
from rules.kernel.simulate import random_action, random_setup
from rules.kernel.study import ActionSpace, Bounds, Field, HasActionSpace, HasBounds, bounds


@pytest.mark.parametrize("key", ["claim", "claim2", "claim-combined"])
def test_the_claim_catalogue_numbers_every_action_once_for_good(key: str) -> None:
    """Every action of seeded games has its number, the same in every state it occurs in."""
    game = games.load(key)
    variant = resolved_variant(game, None)
    catalogue = numbering(game, variant)
    assert isinstance(catalogue, Catalogue) and len(set(catalogue.space.keys)) == catalogue.size
    seen: dict[str, int] = {}
    for seed in range(3):
        rng = random.Random(seed)
        state = game.initial_state(random_setup(game, rng, variant))
        while not game.is_terminal(state):
            for number, action in catalogue.numbered(game, state).items():
                assert seen.setdefault(action_key(game.action_to_json(action)), number) == number
            state = game.apply(state, random_action(game, state, rng))
    if key == "claim2":  # its Giants crush Gnomes (claim2.giants): those numbers are used too
        assert any('"crush"' in text for text in seen)


@pytest.mark.parametrize(("key", "size"), [("claim", 2 * (48 + 49)), ("claim2", 2 * (40 + 41 + 4 * 4 * 4 * 4 * 2))])
def test_the_catalogue_has_the_documented_size(key: str, size: int) -> None:
    """docs/studies.rst: Claim 194 numbers, Claim 2 1,186 (its Gnomes crushed in every multiset)."""
    assert numbering(games.load(key), None).size == size


def test_a_crush_is_one_action_whatever_the_order_of_its_gnomes() -> None:
    space = games.load("claim2").action_space(None)
    assert space.number({"seat": 1, "crush": ["gnome:3", "gnome:1"]}) == space.number(
        {"crush": ["gnome:1", "gnome:3"], "seat": 1})
    with pytest.raises(KeyError):
        space.number({"seat": 2, "play": "gnome:1"})  # no third seat in Claim 2


def test_an_action_space_names_each_action_once() -> None:
    assert ActionSpace(("a", "b"), str).number("b") == 1  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="once"):
        ActionSpace(("a", "a"), str)


@pytest.mark.parametrize("values", [(), (1, 1), ([1, 2], [1, 2]), ({"a": 1, "b": 2}, {"b": 2, "a": 1})])
def test_a_field_holds_each_value_once(values: tuple[Any, ...]) -> None:
    """A shaped space's field: values equal as JSON are one value (its index is their JSON)."""
    with pytest.raises(ValueError, match="distinct values"):
        Field("f", values)
    assert Field("f", ([1, 2], [2, 1], {"a": 1})).digit({"a": 1}) == 2


def test_the_games_offer_their_numbering_and_bounds() -> None:
    """The Claim family lists its actions, Leaders and Valeria compute them and declare their
    slot bounds; a game that declares nothing gets the kernel's defaults (decision 0026)."""
    listed = sorted(key for key in games.GAMES if isinstance(games.load(key), HasActionSpace))
    assert {"claim", "claim2", "claim-combined", "leaders", "valeria"} <= set(listed)
    assert isinstance(numbering(games.load("leaders"), None), Catalogue)
    assert (bounds(games.load("leaders")).most_legal_actions, bounds(games.load("valeria")).most_legal_actions) == (
        1024, 512)
    assert numbering(games.load("valeria"), {"players": 2}).size == 10_504
    assert all(isinstance(games.load(key), HasBounds) for key in ("claim", "leaders", "valeria"))
    assert bounds(object()) == Bounds(1024, 1000)  # type: ignore[arg-type]


def test_slots_are_the_legal_actions_in_record_order_and_bounded() -> None:
    game = games.load("leaders")
    state = game.initial_state(random_setup(game, random.Random(1)))
    numbered = Slots(1024).numbered(game, state)
    texts = [canonical(game.action_to_json(a)) for a in numbered.values()]
    assert list(numbered) == list(range(len(texts))) and texts == sorted(texts)
    with pytest.raises(SlotOverflowError):
        Slots(len(texts) - 1).numbered(game, state)


def test_a_missing_variant_is_fixed_once_so_the_player_count_is() -> None:
    game = games.load("valeria")
    variant = resolved_variant(game, None)
    assert variant == resolved_variant(game, None) and seats_of(game, variant) == variant["players"]


@pytest.mark.parametrize("key", ["claim", "valeria"])
def test_observations_depend_on_the_view_alone(key: str) -> None:
    """What the seat may not see, dealt anew, changes neither its string nor its tensor."""
    game = games.load(key)
    assert isinstance(game, HasSecrets)
    rng = random.Random(4)
    state = game.initial_state(random_setup(game, rng, resolved_variant(game, None)))
    for _ in range(30):
        state = game.apply(state, random_action(game, state, rng))
    seat = decider(game, state) or 0
    other = game.rehide(state, seat, random.Random(9))
    assert observation_string(game, state, seat) == observation_string(game, other, seat)
    assert observation_tensor(game, state, seat) == observation_tensor(game, other, seat)


def _plain_jsonable(value: Any) -> Any:
    """The observation's data as the adapters first wrote it, ``attrs.has`` at every value: the
    reference :func:`~rules.adapters.common.jsonable` must agree with."""
    if attrs.has(type(value)):
        return {f.name: _plain_jsonable(getattr(value, f.name)) for f in attrs.fields(type(value))}
    if isinstance(value, enum.Enum):
        return _plain_jsonable(value.value)
    if isinstance(value, dict):
        return {str(k): _plain_jsonable(v) for k, v in value.items()}
    if isinstance(value, (frozenset, set)):
        return sorted((_plain_jsonable(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [_plain_jsonable(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def _plain_leaves(value: Any, path: str) -> list[str]:
    if isinstance(value, dict):
        return [leaf for k, v in value.items() for leaf in _plain_leaves(v, f"{path}.{k}")]
    if isinstance(value, list):
        return [leaf for i, v in enumerate(value) for leaf in _plain_leaves(v, f"{path}[{i}]")]
    return [f"{path}={json.dumps(value)}"]


@pytest.mark.parametrize(("key", "variant"), [("claim-combined", {"players": 4, "factions": [
    "knight", "goblin", "undead", "dwarf", "doppelganger", "dragon", "troll"]}), ("leaders", None),
    ("valeria", {"players": 3, "monster_events": True}), ("valeria", {"players": 1, "random_citizens": True})])
def test_observations_are_the_plain_reading_of_the_view(key: str, variant: Any) -> None:
    """The quick observation (a class's fields looked up once, the commonest leaves written
    without ``json.dumps``) is the plain one, string and tensor, for every seat along seeded games."""
    game = games.load(key)
    fixed = resolved_variant(game, variant)
    rng = random.Random(5)
    state = game.initial_state(random_setup(game, rng, fixed))
    for _ in range(80):
        if game.is_terminal(state):
            break
        for seat in range(-1, seats_of(game, fixed)):
            plain = _plain_jsonable(game.view(state, seat))
            assert jsonable(game.view(state, seat)) == plain
            assert observation_string(game, state, seat) == canonical_json(plain)
            tensor = [0.0] * TENSOR_SIZE
            for leaf in _plain_leaves(plain, ""):
                tensor[zlib.crc32(leaf.encode("utf-8")) % TENSOR_SIZE] += 1.0
            assert observation_tensor(game, state, seat) == tensor
        state = game.apply(state, random_action(game, state, rng))


@given(st.none() | st.booleans() | st.integers() | st.floats() | st.text())
def test_a_leaf_is_written_as_json_dumps_writes_it(value: Any) -> None:
    assert _json_scalar(value) == json.dumps(value)
