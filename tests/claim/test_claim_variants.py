"""Custom decks: every legal selection plays, every bad one is refused with
the rule it breaks (``claim-combined.deck.*``, ``claim-combined.multiplayer.*``)."""

from __future__ import annotations

import itertools
import random

import pytest

from rules.claim import CLAIM, CLAIM2, CLAIM_COMBINED
from rules.claim.cards import Faction
from rules.claim.variants import OTHERS, PAIRS, variant_from_json, variant_violation
from rules.kernel.spec import load_spec
from rules.kernel.verdict import MalformedError

F = Faction
SPEC = load_spec()


@pytest.mark.rules("claim-combined.deck.pair", "claim-combined.deck.two-player-factions",
                   "claim-combined.multiplayer.pair", "claim-combined.multiplayer.factions",
                   "claim-combined.two-players", "claim-combined.multiplayer")
def test_every_legal_selection_is_accepted_and_sized() -> None:
    count = 0
    for players, k in ((2, 3), (3, 5), (4, 5)):
        for pair in PAIRS:
            for others in itertools.combinations(OTHERS, k):
                factions = pair + others
                assert variant_violation(players, factions) is None
                v = variant_from_json({"players": players, "factions": [f.key for f in factions]})
                assert len(v.deck) == (52 if players == 2 else 72)
                assert v.hand_size == {2: 13, 3: 12, 4: 9}[players]
                setup = CLAIM_COMBINED.random_setup(random.Random(count), v)
                assert [len(h) for h in setup.hands] == [v.hand_size] * players
                assert len(setup.deck) == len(v.deck) - v.hand_size * players
                count += 1
    assert count == 2 * (20 + 6 + 6)


@pytest.mark.parametrize("players, factions, rule", [
    (2, (F.KNIGHT, F.GOBLIN, F.GNOME, F.GIANT, F.SEER), "claim-combined.deck.pair"),
    (2, (F.KNIGHT, F.UNDEAD, F.DWARF, F.SEER, F.TROLL), "claim-combined.deck.pair"),
    (2, (F.UNDEAD, F.DWARF, F.SEER), "claim-combined.deck.pair"),
    (2, (F.KNIGHT, F.GOBLIN, F.GNOME, F.SEER, F.TROLL), "claim-combined.deck.pair"),
    (2, (F.KNIGHT, F.GOBLIN, F.SEER, F.TROLL), "claim-combined.deck.two-player-factions"),
    (2, (F.KNIGHT, F.GOBLIN, F.SEER, F.TROLL, F.DWARF, F.UNDEAD), "claim-combined.deck.two-player-factions"),
    (3, (F.GNOME, F.GIANT, F.SEER, F.TROLL, F.DWARF), "claim-combined.multiplayer.factions"),
    (4, (F.GNOME, F.KNIGHT, F.SEER, F.TROLL, F.DWARF, F.UNDEAD, F.DRAGON), "claim-combined.multiplayer.pair"),
    (3, (F.GNOME, F.GIANT, F.SEER, F.SEER, F.TROLL, F.DWARF, F.UNDEAD), "claim-combined.multiplayer.factions"),
    (5, (F.GNOME, F.GIANT, F.SEER, F.TROLL, F.DWARF, F.UNDEAD, F.DRAGON), "claim-combined.multiplayer"),
])
def test_bad_selections_are_refused_with_their_rule(players, factions, rule) -> None:
    v = variant_violation(players, factions)
    assert v is not None and rule in v.rules and all(r in SPEC for r in v.rules)
    with pytest.raises(MalformedError, match=rule.replace(".", r"\.")):
        variant_from_json({"players": players, "factions": [f.key for f in factions]})
    with pytest.raises(MalformedError):
        CLAIM_COMBINED.random_setup(random.Random(0), {"players": players, "factions": [f.key for f in factions]})


@pytest.mark.rules("claim-combined.multiplayer")
def test_malformed_variants() -> None:
    for bad in (None, [], {"players": 3}, {"players": 3, "factions": "goblin"},
                {"players": 3, "factions": ["elf"]}, {"players": 3, "factions": [], "x": 1}):
        with pytest.raises(MalformedError):
            CLAIM_COMBINED.setup_from_json({"hands": [], "deck": [], "leader": 0}, bad)
    for game in (CLAIM, CLAIM2):
        with pytest.raises(MalformedError):
            game.setup_from_json({"hands": [], "deck": [], "leader": 0}, {"players": 2, "factions": []})


@pytest.mark.parametrize(("variant", "names"), [
    ({"players": 5, "factions": []}, ("variant.players", "2 | 3 | 4", "claim-combined.multiplayer")),
    ({"players": 2}, ("variant:", "'factions' is required", '"factions": a list')),
    ({}, ("variant:", "'players' and 'factions' are required",)),
    ({"players": 2, "factions": ["knight", "goblin", "seer", "elf"]}, ("variant.factions", '"troll"', "not [")),
    ({"players": 2, "factions": ["seer", "seer"]}, ("variant.factions", "distinct")),
    ({"players": 2, "factions": [], "colour": "red"}, ("unknown key 'colour'",)),
])
def test_the_variant_is_read_through_the_games_declaration(variant: object, names: tuple[str, ...]) -> None:
    """claim-combined declares ``players`` and ``factions`` once, in ``GameInfo.parameters``
    (decision record 0023); the reader's errors name the key and what it allows."""
    declared = CLAIM_COMBINED.info.parameters
    assert [p.name for p in declared.parameters] == ["players", "factions"]
    assert declared.by_name("players").values == (2, 3, 4)
    assert set(declared.by_name("factions").values) == {f.key for f in Faction}
    assert all(r in SPEC for p in declared.parameters for r in p.rules)
    assert not CLAIM.info.parameters and not CLAIM2.info.parameters
    with pytest.raises(MalformedError) as caught:
        variant_from_json(variant)
    for name in names:
        assert name in str(caught.value)


@pytest.mark.rules("claim-combined.deck.shuffle", "claim-combined.multiplayer.shuffle",
                   "claim-combined.two-players.deal", "claim-combined.multiplayer.deal")
def test_random_setups_draw_legal_variants_and_deal_them() -> None:
    seen = set()
    for seed in range(30):
        setup = CLAIM_COMBINED.random_setup(random.Random(seed))
        v = setup.variant
        seen.add(v.players)
        assert variant_violation(v.players, v.factions) is None
        assert [len(h) for h in setup.hands] == [v.hand_size] * v.players
        assert sorted(setup.deck + sum(setup.hands, ())) == sorted(v.deck)
        assert CLAIM_COMBINED.variant_of(setup) == v.to_json()
    assert seen == {2, 3, 4}
    assert CLAIM.variant_of(CLAIM.random_setup(random.Random(1))) is None
