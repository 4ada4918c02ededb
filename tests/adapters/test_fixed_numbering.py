"""The fixed action numbering of games too large to list (issue 21 §3, decision 0026 addendum):
every legal action along seeded games has a number, no two legal actions share one, and
number -> action -> number round-trips."""

from __future__ import annotations

import random

import pytest

from rules import games
from rules.adapters.common import (
    DENSE_MASK_LIMIT,
    Catalogue,
    OutsideSpaceError,
    Slots,
    canonical,
    masked_numbering,
    numbering,
)
from rules.kernel.simulate import random_action, random_setup
from rules.kernel.study import Field, Shape, ShapedSpace
from rules.leaders.records import PATH_ABILITIES, TARGET_ABILITIES
from rules.leaders.state import ADVANCED, DISCOVERY
from rules.leaders.study import ABILITY_FIELDS, ACTION_SPACE


def _walk(key: str, variant: object, setups: list[object], max_actions: int, seed: int) -> dict[str, int]:
    """Each legal seat action's canonical record JSON and its number, along a random game from each
    setup, checking the round trip and that no two share a number (chance outcomes are no seat's)."""
    game = games.load(key)
    space = game.action_space(variant)
    numbers: dict[str, int] = {}
    rng = random.Random(seed)
    for setup in setups:
        state = game.initial_state(setup)
        for _ in range(max_actions):
            if game.is_terminal(state):
                break
            for action in game.legal_actions(state):
                if game.is_chance(action):
                    continue
                data = game.action_to_json(action)
                number = space.number(data)
                assert canonical(space.action_json(number)) == canonical(data), data
                assert numbers.setdefault(canonical(data), number) == number
            state = game.apply(state, random_action(game, state, rng))
    assert len(set(numbers.values())) == len(numbers), "two legal actions share a number"
    return numbers


def test_every_leaders_action_of_both_modes_has_one_number() -> None:
    game = games.load("leaders")
    setups = [random_setup(game, random.Random(seed)) for seed in range(12)]
    assert {s.mode for s in setups} == {DISCOVERY, ADVANCED}
    numbers = _walk("leaders", None, setups, 120, 5)
    kinds = {next(k for k in ("ability", "banish", "recruit", "move", "nemesis", "end") if f'"{k}"' in text)
             for text in numbers}
    assert {"ability", "banish", "recruit", "move", "end"} <= kinds
    assert len(numbers) > 1000


def test_the_leaders_space_has_the_documented_size_and_shapes() -> None:
    """rules/leaders/study.py: 2 × 390,811 numbers; the ability table agrees with the records'."""
    assert ACTION_SPACE.size == 781_622 == games.load("leaders").action_space(None).size
    assert {a for a, f in ABILITY_FIELDS.items() if "path" in f} == PATH_ABILITIES
    assert {a for a, f in ABILITY_FIELDS.items() if "target" in f} == TARGET_ABILITIES
    assert ACTION_SPACE.action_json(0) == {"end": "actions", "seat": 0}
    assert ACTION_SPACE.number({"seat": 1, "end": "actions"}) == ACTION_SPACE.size // 2


def test_leaders_numbers_fixed_in_openspiel_and_slots_in_a_dense_mask() -> None:
    game = games.load("leaders")
    assert isinstance(numbering(game, None), Catalogue)
    assert numbering(game, None).size > DENSE_MASK_LIMIT and isinstance(masked_numbering(game, None), Slots)
    assert isinstance(masked_numbering(games.load("claim2"), None), Catalogue)


def test_a_shaped_space_numbers_by_shape_then_mixed_radix() -> None:
    space = ShapedSpace((Shape((Field("seat", (0, 1)), Field("end", ("turn",)))),
                         Shape((Field("seat", (0, 1)), Field("go", ([0, 0], [0, 1], [1, 1]))))))
    assert space.size == 2 + 6
    assert space.number({"end": "turn", "seat": 1}) == 1
    assert space.number({"go": [1, 1], "seat": 1}) == 2 + 1 * 3 + 2
    assert [space.number(space.action_json(n)) for n in range(space.size)] == list(range(space.size))
    with pytest.raises(KeyError):
        space.number({"go": [2, 2], "seat": 0})
    with pytest.raises(KeyError):
        space.number({"stay": True, "seat": 0})
    with pytest.raises(IndexError):
        space.action_json(space.size)
    with pytest.raises(ValueError, match="distinct"):
        Field("seat", (0, 0))
    with pytest.raises(ValueError, match="once"):
        Shape((Field("seat", (0,)), Field("seat", (1,))))


VALERIA_VARIANTS = [{"players": 1}, {"players": 2}, {"players": 3, "monster_events": True},
                    {"players": 4, "random_citizens": True}, {"players": 5, "monster_events": True},
                    {"players": 1, "random_citizens": True, "difficulty": "hardest"}]


@pytest.mark.parametrize("variant", VALERIA_VARIANTS, ids=lambda v: "-".join(f"{k}={v[k]}" for k in v))
def test_every_valeria_decision_has_one_number(variant: dict[str, object]) -> None:
    """Solo, 2-5 players, Monster Events, random citizens: each seat decision of seeded games is numbered."""
    game = games.load("valeria")
    setups = [random_setup(game, random.Random(seed), variant) for seed in range(2)]
    numbers = _walk("valeria", variant, setups, 400, 3)
    assert len(numbers) > 50



@pytest.mark.parametrize(("variant", "size"), [
    ({"players": 1}, 5_249), ({"players": 2}, 10_504), ({"players": 5}, 26_695),
    ({"players": 4, "random_citizens": True}, 21_240), ({"players": 2, "monster_events": True}, 21_520),
    ({"players": 5, "monster_events": True}, 54_235)])
def test_the_valeria_space_has_the_documented_size(variant: dict[str, object], size: int) -> None:
    """rules/valeria/study.py: the size depends on the seats and the Monster Events; each fits a dense mask."""
    game = games.load("valeria")
    assert game.action_space(variant).size == size
    assert isinstance(masked_numbering(game, variant), Catalogue) and size <= DENSE_MASK_LIMIT


def test_a_legal_action_outside_the_space_is_refused_not_renumbered() -> None:
    game = games.load("leaders")
    state = game.initial_state(random_setup(game, random.Random(1)))
    too_small = Catalogue(ShapedSpace((Shape((Field("seat", (0, 1)), Field("end", ("actions",)))),)))
    with pytest.raises(OutsideSpaceError, match="no number"):
        too_small.numbered(game, state)
