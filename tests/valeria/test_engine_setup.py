"""Valeria engine: setup records, the initial state, the duke choice."""

from __future__ import annotations

import random

import pytest
from valeria_engine_helpers import SETUP, act, new_game, refused, setup_json, started

from rules.kernel.game import TurnKind
from rules.kernel.schema import validate_record
from rules.kernel.verdict import MalformedError
from rules.valeria.data import choice_labels, index
from rules.valeria.game import VALERIA
from rules.valeria.state import DUKES, ROLL


@pytest.mark.rules("valeria.setup.player-boards", "valeria.setup.starters", "valeria.setup.center-grid",
                   "valeria.setup.first-player", "valeria.cards.limit")
def test_each_seat_starts_with_two_gold_one_magic_and_no_citizens() -> None:
    state = new_game(3)
    assert state.players == 3 and state.active == 0
    for s in state.seats:
        assert (s.gold, s.strength, s.magic, s.vp) == (2, 0, 1, 0)
        assert sum(s.citizens) == 0 and s.domains == () and s.monsters == ()
    assert len(state.monsters) == 5 and len(state.citizen_counts) == 10 and len(state.domains) == 5


@pytest.mark.rules("valeria.setup.monster-stack-order", "valeria.symbols.five-players", "valeria.setup.no-events")
def test_monster_stacks_hold_five_cards_weakest_on_top_boss_at_the_bottom() -> None:
    state = new_game()
    assert state.monsters[0] == ("goblin", "goblin", "goblin", "goblin-mage", "goblin-king")
    assert all(len(st) == 5 for st in state.monsters)  # no 5-player card, no monster event


@pytest.mark.rules("valeria.setup.citizen-rows", "valeria.setup.domain-row")
def test_citizen_stacks_hold_five_copies_and_domain_stacks_three_cards() -> None:
    state = new_game()
    assert state.citizen_counts == (5,) * 10
    assert [len(st) for st in state.domains] == [3] * 5


@pytest.mark.rules("valeria.setup.monster-stacks-order")
def test_monster_stacks_must_lie_by_the_strength_of_their_top_card() -> None:
    with pytest.raises(MalformedError, match="valeria.setup.monster-stacks-order"):
        VALERIA.setup_from_json(setup_json(monsters=["ruins", "hills", "forest", "valley", "mountains"]))


@pytest.mark.rules("valeria.setup.monster-row", "valeria.setup.citizen-rows", "valeria.setup.domain-row",
                   "valeria.setup.dukes", "valeria.setup.first-player", "valeria.setup.players")
@pytest.mark.parametrize("change, message", [
    ({"monsters": ["hills", "hills", "forest", "valley", "mountains"]}, "different areas"),
    ({"monsters": ["hills", "ruins", "forest", "valley"]}, "5 different areas"),
    ({"citizens": ["monk"] * 10}, "stack 2 holds"),
    ({"citizens": SETUP["citizens"][:9]}, "10 citizen kinds"),
    ({"domains": [["palace-of-the-dawn"] * 3] + SETUP["domains"][1:]}, "twice"),
    ({"domains": [["no-such-place", "a", "b"]] + SETUP["domains"][1:]}, "unknown domain"),
    ({"domains": SETUP["domains"][:4]}, "5 stacks of 3"),
    ({"dukes": [["simon-the-unclean", "simon-the-unclean"], ["reese-the-firebrand", "cornelius-the-dreamer"]]},
     "dealt once"),
    ({"dukes": [["simon-the-unclean"], ["reese-the-firebrand", "cornelius-the-dreamer"]]}, "two dukes"),
    ({"first": 2}, "setup.first"),
    ({"extra": 1}, "unknown field"),
])
def test_a_malformed_setup_is_refused_with_what_is_wrong(change: dict, message: str) -> None:
    with pytest.raises(MalformedError, match=message):
        VALERIA.setup_from_json(setup_json(**change))


@pytest.mark.rules("valeria.setup.domain-row", "valeria.setup.dukes")
@pytest.mark.parametrize("change, message", [
    ({"domains": [[["palace-of-the-dawn"], "halfpenny-hill", "the-orb-of-urdr"]] + SETUP["domains"][1:]},
     "unknown domain"),
    ({"dukes": [[{"duke": 1}, "node-master-of-swords"], ["reese-the-firebrand", "cornelius-the-dreamer"]]},
     "unknown duke"),
])
def test_a_list_or_object_where_a_card_belongs_is_malformed_not_a_type_error(change: dict, message: str) -> None:
    """The library's readers are called without the schema gate too (rules.web.api builds actions
    with them): a list or an object where a card name belongs is a MalformedError."""
    with pytest.raises(MalformedError, match=message):
        VALERIA.setup_from_json(setup_json(**change))


@pytest.mark.rules("valeria.variants.events.instructions", "valeria.variants.solo.capture", "valeria.setup.dukes")
@pytest.mark.parametrize("action", [
    {"seat": 0, "event": "mimic", "token_on": [1]}, {"seat": 0, "event": ["mimic"], "token_on": "hills"},
    {"seat": 0, "capture": ["cleric"]}, {"seat": 0, "activate": {}}, {"seat": 0, "keep": ["simon-the-unclean"]},
    {"seat": 0, "die": ["palace-of-the-dawn"], "which": 0}, {"seat": 0, "citizen": {}}, {"seat": 0, "return": [2]},
    {"chance": "draw", "monster": ["goblin"]}, {"seat": 0, "gain": ["gold"]},
])
def test_a_list_or_object_where_an_action_names_a_card_is_malformed(action: dict) -> None:
    with pytest.raises(MalformedError):
        VALERIA.action_from_json(action)


@pytest.mark.rules("valeria.setup.players")
def test_the_variant_names_two_to_five_players() -> None:
    with pytest.raises(MalformedError, match=r"variant.players: must be 1 \| 2 \| 3 \| 4 \| 5"):
        VALERIA.setup_from_json(setup_json(), {"players": 6})
    with pytest.raises(MalformedError, match="5 players"):
        VALERIA.setup_from_json(setup_json(), {"players": 5})
    with pytest.raises(MalformedError, match="2 seats"):
        VALERIA.setup_from_json(setup_json(), {"players": 3})
    assert VALERIA.setup_from_json(setup_json(), {"players": 2}).players == 2


@pytest.mark.rules("valeria.setup.dukes", "valeria.dukes.secret")
def test_every_seat_keeps_one_of_its_two_dukes_independently() -> None:
    state = new_game()
    assert state.phase == DUKES
    turn = VALERIA.turn(state)
    assert turn.kind is TurnKind.SIMULTANEOUS and turn.seats == (0, 1)
    state = act(state, {"seat": 1, "keep": "cornelius-the-dreamer"})  # any order (decision 0011)
    assert refused(state, {"seat": 1, "keep": "reese-the-firebrand"}).rules
    assert refused(state, {"seat": 0, "keep": "reese-the-firebrand"}).rules == ("valeria.setup.dukes",)
    state = act(state, {"seat": 0, "keep": "node-master-of-swords"})
    assert state.phase == ROLL and state.seats[0].duke == "node-master-of-swords"
    assert VALERIA.turn(state).kind is TurnKind.CHANCE


@pytest.mark.rules("valeria.dukes.secret")
def test_a_seat_sees_its_own_dukes_only() -> None:
    state = started()
    mine, other = VALERIA.view(state, 0).seats
    assert mine.duke == "simon-the-unclean" and mine.dealt == ("simon-the-unclean", "node-master-of-swords")
    assert other.duke is None and other.dealt == () and other.has_duke
    spectator = VALERIA.view(state, 3)
    assert all(s.duke is None for s in spectator.seats)


@pytest.mark.rules("valeria.setup.domain-row")
def test_face_down_domains_are_hidden_and_rehiding_changes_only_them() -> None:
    state = started()
    view = VALERIA.view(state, 0)
    assert [d.top for d in view.domains] == [st[0] for st in state.domains]
    assert all(d.size == 3 for d in view.domains)
    other = VALERIA.rehide(state, 0, random.Random(1))
    assert other != state and VALERIA.view(other, 0) == view


@pytest.mark.rules("valeria.setup.monster-stacks-order", "valeria.setup.monster-row", "valeria.setup.dukes")
def test_random_setups_are_valid_setups() -> None:
    rng = random.Random(5)
    for _ in range(30):
        setup = VALERIA.random_setup(rng)
        data = VALERIA.setup_to_json(setup)
        assert VALERIA.setup_from_json(data, VALERIA.variant_of(setup)) == setup
    assert {VALERIA.random_setup(rng).players for _ in range(30)} == {2, 3, 4, 5}
    assert VALERIA.random_setup(rng, {"players": 3}).players == 3


@pytest.mark.rules("valeria.setup.players")
def test_the_record_schema_fragment_names_exactly_the_cards_of_the_data() -> None:
    ix = index()
    defs = VALERIA.record_schema()["$defs"]
    assert defs["valeriaCitizen"]["enum"] == [c.id for c in ix.cards.citizens]
    assert defs["valeriaMonster"]["enum"] == [m.id for m in ix.cards.monsters]
    assert defs["valeriaDomain"]["enum"] == [d.id for d in ix.cards.domains]
    assert defs["valeriaDuke"]["enum"] == [d.id for d in ix.cards.dukes]
    assert defs["valeriaArea"]["enum"] == list(ix.areas)
    assert defs["valeriaHarvestCard"]["enum"] == [c.id for c in ix.cards.citizens] + [s.id for s in ix.cards.starters]
    assert defs["valeriaVariant"]["properties"]["players"]["enum"] == [1, 2, 3, 4, 5]
    assert defs["valeriaChoice"]["enum"] == list(choice_labels())


@pytest.mark.rules("valeria.harvest.track")
def test_a_choice_that_names_no_branch_is_malformed_naming_the_allowed_labels() -> None:
    """A typo in a closed vocabulary is a malformed record (exit 2), never a verdict against a player."""
    record = {"format": "rules-record/1", "game": "valeria", "variant": {"players": 2},
              "setup": VALERIA.setup_to_json(VALERIA.random_setup(random.Random(1), {"players": 2})),
              "actions": [{"seat": 1, "harvest": "merchant", "choose": "zlato"}]}
    with pytest.raises(MalformedError, match='choose: "zlato" is not one of "citizen", "gold", "gold-per-forest"'):
        validate_record(record, "valeria", VALERIA)
