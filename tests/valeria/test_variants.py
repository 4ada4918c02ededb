"""The variants of the Valeria book (decision 0018): the five-player game is
played, the variants not implemented (solo; Monster Events: tests/valeria/test_events.py)
and the unplayable one (no dukes, illegible in the source) are refused with a
message naming their rules."""

from __future__ import annotations

import inspect
import json
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from valeria_engine_helpers import act, conserved, in_actions, refused, roll, setup_json, walk, with_seat

from rules.kernel.records import adjudicate, parse_record, record_to_json
from rules.kernel.schema import validate_record
from rules.kernel.simulate import random_action
from rules.kernel.verdict import MalformedError
from rules.valeria import engine, flows
from rules.valeria.data import index
from rules.valeria.game import VALERIA, Valeria
from rules.valeria.predicates import end_triggered
from rules.valeria.state import HARVEST, OVER, ROLL, State
from rules.valeria.variants import citizen_stack_size, monster_stack, resting_seat, targetable

FIVE_CITIZENS = ["cleric", "merchant", "mercenary", "archer", "peasant", "knight", "thief", "champion", "paladin",
                 "butcher"]
FIVE: dict[str, Any] = setup_json(
    citizens=FIVE_CITIZENS,
    domains=[["cutthroats-truce", "palace-of-the-dawn", "halfpenny-hill", "the-orb-of-urdr"],
             ["foxgrove-palisade", "blood-crow-army", "purloiners-perch", "shattered-hand"],
             ["eye-of-asteraten", "golden-obelisk-of-nae", "grimmwater-keep", "rogues-landing"],
             ["cloudriders-camp", "watcher-on-the-water", "darktide-harbour", "emerald-stronghold"],
             ["cathedral-of-st-aquila", "halfpenny-hill", "nest-of-the-weaver-witch", "gargans-embrace"]],
    dukes=[["simon-the-unclean", "node-master-of-swords"], ["reese-the-firebrand", "cornelius-the-dreamer"],
           ["elsyn-saint-of-shadows", "elisium-the-allsmith"], ["hrothgar-the-conqueror", "isabella-the-righteous"],
           ["lekzandr-the-protector", "waryn-lord-of-rogues"]],
)
FIVE["domains"][4][1] = "pratchetts-plateau"  # every domain once


def owned(**copies: int) -> tuple[int, ...]:
    return tuple(copies.get(kind, 0) for kind in FIVE_CITIZENS)


def five(first: int = 0) -> State:
    state = VALERIA.initial_state(VALERIA.setup_from_json(dict(FIVE, first=first), {"players": 5}))
    for s in range(5):
        state = act(state, {"seat": s, "keep": state.seats[s].dealt[0]})
    return state


# ------------------------------------------------------------------ setup


@pytest.mark.rules("valeria.variants.five-players.changes", "valeria.variants.five-players.stacks",
                   "valeria.symbols.five-players", "valeria.variants.five-players.resting-player")
def test_five_players_have_larger_stacks_and_a_resting_seat() -> None:
    state = five(first=2)
    assert state.players == 5 and state.phase == ROLL
    assert [len(st) for st in state.monsters] == [6] * 5  # V1.1: the card with the 5-player icon added
    assert state.monsters[0] == ("goblin", "goblin", "goblin", "goblin-mage", "goblin-mage", "goblin-king")
    assert Counter(state.monsters[1])["flaming-skeleton"] == 2  # the book's example: 1 king, 2 flaming, 3 skeletons
    assert state.citizen_counts == (6,) * 10  # V1.2
    assert [len(st) for st in state.domains] == [4] * 5  # V1.3: 3 face down + 1 face up
    assert state.resting == 1  # V1.4: right of the first player
    assert VALERIA.view(state, 0).resting == 1
    # a 2-4 player game has none
    assert VALERIA.initial_state(VALERIA.setup_from_json(setup_json(), {"players": 2})).resting is None
    assert citizen_stack_size(4) == 5 and len(monster_stack("hills", 4)) == 5


@pytest.mark.rules("valeria.variants.five-players.stacks")
def test_a_five_player_setup_needs_stacks_of_four_domains() -> None:
    three = setup_json(dukes=FIVE["dukes"])
    with pytest.raises(MalformedError, match="stacks of 4 domains with 5 players"):
        VALERIA.setup_from_json(three, {"players": 5})
    with pytest.raises(MalformedError, match="stacks of 3 domains with 2 players"):
        VALERIA.setup_from_json(dict(FIVE, dukes=FIVE["dukes"][:2]), {"players": 2})


# ------------------------------------------------------------------ the resting seat


@pytest.mark.rules("valeria.variants.five-players.resting-harvest", "valeria.herald.doubles")
def test_the_resting_seat_gains_nothing_in_the_harvest() -> None:
    state = five()
    before = [s.gold for s in state.seats]
    after = roll(state, 5, 5)  # every starter Peasant activates twice, every Herald once
    assert after.phase == HARVEST
    assert [s.gold - b for s, b in zip(after.seats, before, strict=True)] == [2, 2, 2, 2, 0]
    assert after.harvest[4] == ()  # not even the Herald
    assert all(any(it.card == "herald" for it in after.harvest[i]) for i in range(4))
    lines = " ".join(t.get("en") for t in VALERIA.explain_step(state, VALERIA.action_from_json(
        {"chance": "roll", "dice": [5, 5]}), after))
    assert "seat 4 rests and gains nothing" in lines


@pytest.mark.rules("valeria.variants.five-players.resting-immune", "valeria.harvest.steal-target")
def test_the_thief_cannot_steal_from_the_resting_seat() -> None:
    state = with_seat(five(), 0, citizens=owned(thief=1))
    state = roll(state, 3, 4)  # the Thief activates on 7
    assert state.pending and state.pending[0].kind == "thief"
    targets = {a.target for a in VALERIA.legal_actions(state)}
    assert targets == {1, 2, 3}
    verdict = refused(state, {"seat": 0, "thief": "gold", "from": 4})
    assert verdict.rules == ("valeria.variants.five-players.resting-immune",)


@pytest.mark.rules("valeria.variants.five-players.resting-immune", "valeria.symbols.take-from",
                   "valeria.cards.purloiners-perch")
def test_domains_cannot_take_from_the_resting_seat() -> None:
    state = in_actions(five(), 0, gold=20, citizens=owned(thief=2, cleric=2))
    state = act(state, {"seat": 0, "build": "cutthroats-truce", "pay": {"gold": 5}})
    assert state.pending[0].kind == "take"
    assert {a.target for a in VALERIA.legal_actions(state)} == {1, 2, 3}
    assert refused(state, {"seat": 0, "take_from": 4}).rules == ("valeria.variants.five-players.resting-immune",)
    state = act(state, {"seat": 0, "take_from": 2})
    assert state.seats[0].gold == 20 - 5 + 2 and state.seats[2].gold == 0
    assert targetable(5, 4, 0, 3) and not targetable(5, 4, 0, 4) and not targetable(5, 4, 0, 0)


@pytest.mark.rules("valeria.variants.five-players.resting-token", "valeria.variants.five-players.resting-player")
def test_the_resting_token_passes_left_with_the_dice() -> None:
    state = in_actions(five(first=3), 3, actions_left=1)
    assert state.resting == 2
    after = act(state, {"seat": 3, "gain": "gold"})
    assert after.phase == ROLL and after.active == 4 and after.resting == 3
    lines = " ".join(t.get("en") for t in VALERIA.explain_step(state, VALERIA.action_from_json(
        {"seat": 3, "gain": "gold"}), after))
    assert "Seat 3, right of the active seat 4, now rests" in lines
    assert [resting_seat(5, a) for a in range(5)] == [4, 0, 1, 2, 3]
    assert resting_seat(4, 1) is None


# ------------------------------------------------------------------ random five-player games


@pytest.mark.rules("valeria.variants.five-players.changes", "valeria.variants.five-players.stacks",
                   "valeria.variants.five-players.resting-token", "valeria.variants.five-players.resting-harvest",
                   "valeria.end.conditions", "valeria.exhausted.end-trigger")
@given(seed=st.integers(0, 2**32 - 1))
@settings(max_examples=5, deadline=None)
def test_random_five_player_games_keep_the_invariants(seed: int) -> None:
    setup, actions, states = walk(seed, {"players": 5})
    every_domain = sorted(d for stack in setup.domains for d in stack)
    assert len(every_domain) == 20
    assert states[0].citizen_counts == (6,) * 10  # stacks of 6 (V1.2)
    for before, action, after in zip(states, actions, states[1:], strict=False):
        conserved(setup, after)
        assert all(min(s.gold, s.strength, s.magic, s.vp) >= 0 for s in after.seats)
        assert after.resting == (after.active - 1) % 5 and after.resting != after.active
        if action.kind in ("roll", "die", "announce") and after.phase == HARVEST and after.harvest:
            assert after.harvest[after.resting] == ()
            r, b = after.seats[after.resting], before.seats[after.resting]
            assert (r.gold, r.strength, r.magic) == (b.gold, b.strength, b.magic)  # Gargan's Embrace may give VP
        for seat in (0, after.active):  # views: the resting seat shown, the face-down domains not
            view = VALERIA.view(after, seat)
            assert view.resting == after.resting
            assert all(sv.size == len(st) for sv, st in zip(view.domains, after.domains, strict=True))
            shown = repr(view)
            assert not [d for st in after.domains for d in st[1:] if f"'{d}'" in shown]  # each domain exists once
        if after.turns > before.turns or after.phase == OVER:
            fires = end_triggered(sum(len(m) for m in after.monsters), sum(len(d) for d in after.domains),
                                  engine.exhausted(after), 5)
            assert after.end_triggered == (before.end_triggered or fires)
    last = states[-1]
    assert last.phase == OVER and last.turns % 5 == 0
    assert end_triggered(1, 1, 10, 5) and not end_triggered(1, 1, 9, 5)  # V1.8: 10 exhausted stacks


@pytest.mark.rules("valeria.variants.five-players.changes")
def test_a_five_player_record_replays_and_its_schema_accepts_it() -> None:
    setup, actions, states = walk(11, {"players": 5})
    data = json.loads(json.dumps(record_to_json(VALERIA, setup, actions)))
    assert data["variant"] == {"players": 5}
    validate_record(data, "valeria", VALERIA)
    replay = adjudicate(VALERIA, parse_record(data, lambda key: VALERIA))
    assert replay.legal and replay.finished and replay.final_state == states[-1]
    result = VALERIA.result(states[-1])
    assert result is not None and len(result.details["scores"]) == 5


@pytest.mark.rules("valeria.variants.five-players.changes", "valeria.variants.five-players.resting-player")
def test_a_five_player_position_round_trips() -> None:
    _, _, states = walk(12, {"players": 5})
    state = next(s for s in states[40:] if s.phase == ROLL)
    data = json.loads(json.dumps(VALERIA.position_to_json(state)))
    back = VALERIA.position_from_json(data, {"players": 5})
    assert back.resting == state.resting == (state.active - 1) % 5
    assert VALERIA.position_to_json(back) == data
    data["citizens"][0]["left"] += 1
    with pytest.raises(MalformedError, match="must be 6 cards"):
        VALERIA.position_from_json(data, {"players": 5})


# ------------------------------------------------------------------ refused variants


@pytest.mark.rules("valeria.variants.five-players.changes")
@pytest.mark.parametrize(("variant", "message"), [
    ({"players": 4, "dukes": False}, "valeria.variants.no-dukes.scoring.*illegible|illegible.*"
                                     "valeria.variants.no-dukes.scoring"),
    ({"players": 1, "monster_events": True}, "valeria.variants.solo.dark-lord"),
    ({"players": 6}, r"must be 1 \| 2 \| 3 \| 4 \| 5, not 6"),
    ({"players": 4, "dukes": "no"}, "variant.dukes: must be true or false"),
    ({"players": 4, "solo": {}}, "unknown key 'solo'"),
])
def test_variants_the_engine_does_not_play_are_refused_by_name(variant: dict[str, Any], message: str) -> None:
    with pytest.raises(MalformedError, match=message):
        VALERIA.random_setup(random.Random(0), variant)
    record = record_to_json(VALERIA, VALERIA.random_setup(random.Random(0), {"players": 2}), [])
    record["variant"] = variant
    with pytest.raises(MalformedError, match="variant"):
        parse_record(json.loads(json.dumps(record)), lambda key: VALERIA)


@pytest.mark.rules("valeria.variants.five-players.changes")
def test_the_default_flags_are_accepted() -> None:
    variant = {"players": 5, "random_citizens": False, "monster_events": False, "dukes": True}
    assert VALERIA.random_setup(random.Random(0), variant).players == 5


# ------------------------------------------------------------------ random citizens


def random_citizens(seed: int, players: int) -> State:
    rng = random.Random(seed)
    return VALERIA.initial_state(VALERIA.random_setup(rng, {"players": players, "random_citizens": True}))


@pytest.mark.rules("valeria.variants.random-citizens.setup", "valeria.setup.citizen-rows")
@pytest.mark.parametrize("players", [2, 5])
def test_random_citizens_deal_one_mixed_stack_per_activation_number(players: int) -> None:
    state = random_citizens(1, players)
    size = 6 if players == 5 else 5
    assert len(state.citizen_kinds) == 18  # every kind can come up
    assert [len(st) for st in state.citizen_stacks] == [size] * 10
    for stack, numbers_kinds in zip(state.citizen_stacks, index().stack_kinds, strict=True):
        assert {state.citizen_kinds[i] for i in stack} <= set(numbers_kinds)
    assert sum(state.citizen_counts) == 10 * size
    # the setup round-trips through its JSON with the variant
    rng = random.Random(1)
    setup = VALERIA.random_setup(rng, {"players": players, "random_citizens": True})
    variant = VALERIA.variant_of(setup)
    assert variant == {"players": players, "random_citizens": True}
    assert VALERIA.setup_from_json(json.loads(json.dumps(VALERIA.setup_to_json(setup))), variant) == setup
    bad = VALERIA.setup_to_json(setup)
    bad["citizens"][0] = ["peasant"] * size
    with pytest.raises(MalformedError, match="valeria.variants.random-citizens.setup"):
        VALERIA.setup_from_json(bad, variant)
    bad["citizens"][0] = ["monk"] * (size + 1)
    with pytest.raises(MalformedError, match="random-citizens.setup"):
        VALERIA.setup_from_json(bad, variant)


def _monk_over_cleric() -> State:
    state = random_citizens(2, 3)
    kinds = state.citizen_kinds
    monk, cleric = kinds.index("monk"), kinds.index("cleric")
    stacks = ((monk, cleric, cleric, monk, monk), *state.citizen_stacks[1:])
    counts = list(state.citizen_counts)
    counts[monk], counts[cleric] = 3, 2
    state = attrs.evolve(state, citizen_stacks=stacks, citizen_counts=tuple(counts))
    for s in range(3):
        state = act(state, {"seat": s, "keep": state.seats[s].dealt[0]})
    return state


@pytest.mark.rules("valeria.variants.random-citizens.hidden", "valeria.recruit.choose",
                   "valeria.recruit.cost-per-copy")
def test_only_the_top_is_recruited_and_the_card_below_is_revealed() -> None:
    state = in_actions(_monk_over_cleric(), 0, gold=20)
    legal = {a.card for a in VALERIA.legal_actions(state) if a.kind == "recruit"}
    assert "monk" in legal and "cleric" not in legal
    verdict = refused(state, {"seat": 0, "recruit": "cleric", "pay": {"gold": 3}})
    assert "valeria.variants.random-citizens.hidden" in verdict.rules
    view = VALERIA.view(state, 1)
    assert view.citizen_stacks[0].top == "monk" and view.citizen_stacks[0].size == 5 and view.citizen_counts == ()
    recruit = VALERIA.action_from_json({"seat": 0, "recruit": "monk", "pay": {"gold": 3}})
    before, state = state, VALERIA.apply(state, recruit)
    assert VALERIA.view(state, 1).citizen_stacks[0].top == "cleric"  # revealed (valeria.variants.random-citizens.hidden)
    lines = " ".join(t.get("en") for t in VALERIA.explain_step(before, recruit, state))
    assert "citizen stack 1 left it; the card below is revealed: Cleric" in lines
    # the price counts copies of the same name, not of the same stack (V2.3)
    state = in_actions(state, 0, gold=20)
    cleric = next(a for a in VALERIA.legal_actions(state) if a.kind == "recruit" and a.card == "cleric")
    assert cleric.pay.gold + cleric.pay.magic == 3


@pytest.mark.rules("valeria.variants.random-citizens.hidden")
def test_a_reward_reveals_the_next_card_too() -> None:
    """Ruling O18: the card below is revealed whenever the top leaves the stack."""
    from rules.valeria.cards import GainCitizen
    from rules.valeria.effects import gain_citizen

    state = _monk_over_cleric()
    after = gain_citizen(state, 1, state.citizen_kinds.index("monk"))
    assert VALERIA.view(after, 0).citizen_stacks[0].top == "cleric"
    assert after.seats[1].citizens[state.citizen_kinds.index("monk")] == 1
    assert GainCitizen  # the effect the rewards use goes through gain_citizen


@pytest.mark.rules("valeria.variants.random-citizens.hidden")
def test_rehide_deals_the_hidden_citizens_anew_and_keeps_the_tops() -> None:
    state = _monk_over_cleric()
    orders = set()
    for seed in range(20):
        hidden = VALERIA.rehide(state, 0, random.Random(seed))
        assert [st[:1] for st in hidden.citizen_stacks] == [st[:1] for st in state.citizen_stacks]
        assert [len(st) for st in hidden.citizen_stacks] == [len(st) for st in state.citizen_stacks]
        assert VALERIA.view(hidden, 0) == VALERIA.view(state, 0)
        orders.add(hidden.citizen_stacks[0])
    assert len(orders) > 1  # the hidden order is shuffled, not kept


@pytest.mark.rules("valeria.variants.random-citizens.setup", "valeria.variants.random-citizens.hidden",
                   "valeria.exhausted.replace")
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4, 5]))
@settings(max_examples=6, deadline=None)
def test_random_citizen_games_keep_the_invariants(seed: int, players: int) -> None:
    rng = random.Random(seed)
    setup = VALERIA.random_setup(rng, {"players": players, "random_citizens": True})
    state = VALERIA.initial_state(setup)
    copies = Counter(k for st in setup.random_citizens.stacks for k in st)
    actions = []
    while not VALERIA.is_terminal(state):
        action = random_action(VALERIA, state, rng)
        actions.append(action)
        state = VALERIA.apply(state, action)
        center = Counter(state.citizen_kinds[i] for st in state.citizen_stacks for i in st)
        owned = Counter({k: sum(s.citizens[i] for s in state.seats) for i, k in enumerate(state.citizen_kinds)})
        assert center + owned == copies  # conservation
        assert tuple(center[k] for k in state.citizen_kinds) == state.citizen_counts
        assert all(min(s.gold, s.strength, s.magic, s.vp) >= 0 for s in state.seats)
        view = VALERIA.view(state, state.active)
        assert view.citizen_counts == ()  # the hidden composition is never shown
        assert [v.size for v in view.citizen_stacks] == [len(st) for st in state.citizen_stacks]
        assert state.resting == (resting_seat(players, state.active))
    data = json.loads(json.dumps(record_to_json(VALERIA, setup, actions)))
    validate_record(data, "valeria", VALERIA)
    replay = adjudicate(VALERIA, parse_record(data, lambda key: VALERIA))
    assert replay.legal and replay.finished and replay.final_state == state


@pytest.mark.rules("valeria.variants.random-citizens.hidden")
def test_positions_of_the_random_citizen_variant_are_refused() -> None:
    with pytest.raises(MalformedError, match="random-citizens.hidden"):
        VALERIA.position_from_json({}, {"players": 2, "random_citizens": True})


# ------------------------------------------------------------------ the variant, declared once and dealt in parts


VARIANTS = ({"players": 3}, {"players": 5, "random_citizens": True}, {"players": 2, "monster_events": True},
            {"players": 1, "difficulty": "hardest"}, {"players": 1, "random_citizens": True, "difficulty": "normal"})


@pytest.mark.rules("valeria.variants.random-citizens.setup", "valeria.variants.events.setup",
                   "valeria.variants.solo.setup")
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_setup_holds_its_variant_and_deals_a_part_only_for_a_variant_that_is_on(variant: dict[str, Any]) -> None:
    """The setup's variant (``variant_of`` returns it as the record has it) is read from what it
    deals: a part for each variant that deals something (random citizens, Monster Events, the
    Dark Lord with the solo game's setting), present exactly when that variant is on; a solo
    setup without the Dark Lord, or the Dark Lord in a game with players, cannot be made."""
    setup = VALERIA.random_setup(random.Random(3), variant)
    assert VALERIA.variant_of(setup) == variant == setup.variant.to_json()
    assert (setup.random_citizens is not None) == variant.get("random_citizens", False)
    assert (setup.monster_events is not None) == variant.get("monster_events", False)
    assert (setup.solo is not None) == (variant["players"] == 1)
    data = json.loads(json.dumps(VALERIA.setup_to_json(setup)))
    assert VALERIA.setup_from_json(data, variant) == setup
    with pytest.raises(ValueError, match="the Dark Lord is dealt in the solo game, and only there"):
        attrs.evolve(setup, players=2 if setup.players == 1 else 1)


@pytest.mark.rules("valeria.turn.phases", "valeria.variants.solo.turn", "valeria.variants.events.roll-phase")
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_variants_hooks_are_chosen_once_when_the_game_starts(variant: dict[str, Any]) -> None:
    """The state carries the hooks of its variant from the start (the base game's, Monster
    Events', the solo game's), so the game object routes every call through them and never asks
    which game it plays; the solo game's part of the state and of the view exist only in it."""
    state = VALERIA.initial_state(VALERIA.random_setup(random.Random(3), variant))
    wanted = (flows.SOLO_FLOW if variant["players"] == 1 else
              flows.EVENTS_FLOW if variant.get("monster_events") else flows.BASE_FLOW)
    assert state.flow is wanted
    view = VALERIA.view(state, 0)
    assert (view.solo is not None) == (state.solo is not None) == (variant["players"] == 1)
    assert (view.events is not None) == (state.events is not None) == variant.get("monster_events", False)
    for call in ("legal_actions", "check", "successor", "result", "explain_step", "forced_steps"):
        source = inspect.getsource(getattr(Valeria, call)).split('"""')[-1]  # the body, past the docstring
        assert ".flow." in source and "solo" not in source and "players" not in source, call
