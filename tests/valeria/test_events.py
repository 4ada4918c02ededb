"""The Monster Events variant (valeria.variants.events.*, decision 0020): the setup
with the events on top of the Exhausted stack, events revealed in emptied places,
triggers once on a die or the sum (doubles too) before the Harvest phase, tokens
raising the cost or paying a bounty, events slain like monsters and replaced from
the bottom, scoring, and random games of every player count with and without
random citizens."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize
from test_variant_state_machine import VariantGame
from valeria_engine_helpers import act, in_actions, refused, roll, setup_json, walk, with_seat

from rules.kernel.decisions import Decision
from rules.kernel.records import adjudicate, parse_record, record_to_json
from rules.kernel.schema import validate_record
from rules.kernel.verdict import MalformedError
from rules.valeria import engine, events, holdings, scoring
from rules.valeria.cards import Counter as CardCounter
from rules.valeria.data import index
from rules.valeria.game import VALERIA
from rules.valeria.predicates import end_triggered, slay_payment_ok
from rules.valeria.state import ACTIONS, EVENTS, HARVEST, OVER, ActionKind, MonsterEventsDeal, State
from rules.valeria.variants import monster_stack

IX = index()
VARIANT = {"players": 2, "monster_events": True}


def game(chosen: tuple[str, ...] = ("bat-swarm", "mimic"), first: int = 0) -> State:
    """A 2-player game with these events on top of the Exhausted stack, both dukes kept."""
    data = setup_json(events=list(chosen), first=first)
    state = VALERIA.initial_state(VALERIA.setup_from_json(data, VARIANT))
    for seat in range(2):
        state = act(state, {"seat": seat, "keep": state.seats[seat].dealt[0]})
    return state


def reveal(state: State, event: str, position: int) -> State:
    """``event`` face up in ``position`` (its stack emptied), taken from the Exhausted stack."""
    stack = list(state.events.exhausted_stack)
    stack.remove(event)
    placed = list(state.events.placed)
    placed[position] = event
    changes: dict[str, Any] = {"events": attrs.evolve(state.events, placed=tuple(placed), exhausted_stack=tuple(stack))}
    if position < events.FIRST_CITIZEN:
        monsters = list(state.monsters)
        monsters[position] = ()
        changes["monsters"] = tuple(monsters)
    elif position < events.FIRST_DOMAIN:
        counts = list(state.citizen_counts)
        counts[position - events.FIRST_CITIZEN] = 0
        changes["citizen_counts"] = tuple(counts)
    else:
        domains = list(state.domains)
        domains[position - events.FIRST_DOMAIN] = ()
        changes["domains"] = tuple(domains)
    return attrs.evolve(state, **changes)


def lines(before: State, action: dict[str, Any], after: State) -> str:
    return " ".join(t.get("en") for t in VALERIA.explain_step(before, VALERIA.action_from_json(action), after))


# ------------------------------------------------------------------ setup


@pytest.mark.rules("valeria.variants.events.setup", "valeria.setup.exhausted-stack",
                   "valeria.variants.events.chosen-event")
def test_one_event_per_player_lies_face_down_on_top_of_the_exhausted_stack() -> None:
    state = game(("giant-leech", "kobold-thieves"))  # the players chose these two (chosen-event)
    assert state.events.exhausted_stack == ("giant-leech", "kobold-thieves", *("exhausted",) * 4)
    assert state.events.placed == ("",) * 20 and state.events.tokens == ()
    view = VALERIA.view(state, 0)
    assert view.events is not None and view.events.exhausted_size == 6 and view.events.exhausted_known == ()
    assert "giant-leech" not in repr(view) and "kobold-thieves" not in repr(view)
    rng = random.Random(4)
    setup = VALERIA.random_setup(rng, {"players": 5, "monster_events": True, "random_citizens": True})
    dealt = setup.monster_events.events
    assert len(dealt) == len(set(dealt)) == 5 and set(dealt) <= set(IX.events)
    assert VALERIA.variant_of(setup) == {"players": 5, "random_citizens": True, "monster_events": True}
    data = json.loads(json.dumps(VALERIA.setup_to_json(setup)))
    assert data["events"] == list(dealt)
    assert VALERIA.setup_from_json(data, VALERIA.variant_of(setup)) == setup
    assert len(VALERIA.initial_state(setup).events.exhausted_stack) == 15  # 3 cards per player


@pytest.mark.rules("valeria.variants.events.setup")
@pytest.mark.parametrize(("events_field", "variant", "message"), [
    (["bat-swarm"], VARIANT, "must list 2 different Monster Events"),
    (["bat-swarm", "bat-swarm"], VARIANT, "must list 2 different"),
    (["bat-swarm", "dragon"], VARIANT, "must list 2 different"),
    (None, VARIANT, "valeria.variants.events.setup"),
    (["bat-swarm", "mimic"], {"players": 2}, "belongs to the variant with Monster Events"),
])
def test_a_malformed_event_setup_is_refused(events_field: Any, variant: dict[str, Any], message: str) -> None:
    data = setup_json(**({"events": events_field} if events_field is not None else {}))
    with pytest.raises(MalformedError, match=message):
        VALERIA.setup_from_json(data, variant)


@pytest.mark.rules("valeria.variants.events.setup")
def test_a_position_of_the_events_variant_is_refused() -> None:
    state = game()
    with pytest.raises(MalformedError, match="valeria.variants.events.setup"):
        VALERIA.position_from_json({}, VARIANT)
    with pytest.raises(ValueError, match="valeria.variants.events.setup"):
        VALERIA.position_to_json(state)


# ------------------------------------------------------------------ revealed in an emptied place


@pytest.mark.rules("valeria.variants.events.revealed", "valeria.exhausted.replace", "valeria.variants.events.exhausted")
def test_an_emptied_stack_gets_the_top_card_of_the_exhausted_stack() -> None:
    state = game()
    monsters = ((IX.area_stacks["hills"][0],), *game().monsters[1:])
    state = in_actions(attrs.evolve(state, monsters=monsters), 0, strength=10)
    before = state
    state = act(state, {"seat": 0, "slay": "hills", "pay": {"strength": IX.monsters["goblin"].strength}})
    assert state.events.placed[0] == "bat-swarm" and state.events.exhausted_stack == ("mimic", *("exhausted",) * 4)
    assert engine.exhausted(state) == 1  # an event in the place still counts as exhausted
    text = lines(before, {"seat": 0, "slay": "hills", "pay": {"strength": 1}}, state)
    assert "the Monster Event Bat Swarm (number 3)" in text and "valeria.variants.events.revealed" in text
    assert VALERIA.view(state, 1).events.placed[0] == "bat-swarm"  # face up: public
    # the next emptied places get the next cards; with none left the place stays exhausted (ruling O16)
    state = attrs.evolve(state, events=attrs.evolve(state.events, exhausted_stack=("exhausted",)))
    counts = list(state.citizen_counts)
    counts[0] = counts[1] = 0
    state = events.fill(attrs.evolve(state, citizen_counts=tuple(counts)))
    assert state.events.placed[5:7] == ("exhausted", "-") and state.events.exhausted_stack == ()
    assert engine.exhausted(state) == 3


@pytest.mark.rules("valeria.variants.events.exhausted", "valeria.end.conditions")
def test_events_in_the_center_count_toward_the_end_trigger() -> None:
    state = game()
    for p, card in ((0, "bat-swarm"), (5, "mimic")):
        state = reveal(state, card, p)
    state = events.fill(attrs.evolve(state, domains=((), (), *state.domains[2:])))
    assert state.events.placed[15:17] == ("exhausted", "exhausted")
    assert engine.exhausted(state) == 4 and end_triggered(1, 1, engine.exhausted(state), 2)
    result = VALERIA.result(attrs.evolve(state, phase=OVER, end_triggered=True))
    assert result is not None and result.rules == ("valeria.end.conditions", "valeria.exhausted.end-trigger",
                                                   "valeria.variants.events.exhausted", "valeria.end.equal-turns")



@pytest.mark.rules("valeria.variants.events.exhausted", "valeria.end.conditions")
def test_an_event_in_a_monster_place_leaves_all_monsters_slain() -> None:
    """Ruling on valeria.variants.events.exhausted: the condition "all monsters slain"
    looks at the monster stacks; an event lying in a monster stack's place (it counts as
    a monster for effects, not as a stack) does not keep the game going."""
    five = VALERIA.initial_state(VALERIA.random_setup(random.Random(5), {"players": 5, "monster_events": True}))
    event = five.events.exhausted_stack[0]
    state = attrs.evolve(five, monsters=((),) * 5, phase=ACTIONS, actions_left=0, events=attrs.evolve(
        five.events, exhausted_stack=five.events.exhausted_stack[1:],
        placed=(event, *("exhausted",) * 4, *five.events.placed[5:])))
    assert engine.exhausted(state) == 5 < 2 * 5  # the exhausted stacks alone do not end it
    assert engine.end_phase(state).end_triggered
    kept = attrs.evolve(state, monsters=((),) * 4 + (five.monsters[4],), events=attrs.evolve(
        state.events, placed=(event, *("exhausted",) * 3, "", *five.events.placed[5:])))
    assert not engine.end_phase(kept).end_triggered  # a monster left in a stack: not all slain


# ------------------------------------------------------------------ triggers


@pytest.mark.rules("valeria.variants.events.trigger")
def test_the_trigger_predicate_is_once_on_a_die_or_the_sum() -> None:
    for a in range(1, 7):
        for b in range(1, 7):
            for n in range(1, 7):
                assert events.event_triggers(a, b, n) == (1 if n in (a, b, a + b) else 0)


@pytest.mark.rules("valeria.variants.events.trigger", "valeria.variants.events.roll-phase",
                   "valeria.variants.events.instructions")
@pytest.mark.parametrize(("dice", "tokens"), [((2, 3), 1), ((3, 3), 1), ((1, 2), 1), ((3, 6), 1), ((1, 1), 0),
                                              ((4, 5), 0)])
def test_an_event_triggers_once_before_the_harvest(dice: tuple[int, int], tokens: int) -> None:
    """The book's example: 2 and 3 with the Bat Swarm in play: one strength token (V4.12)."""
    state = reveal(game(), "bat-swarm", 0)
    after = roll(state, *dice)
    pending = [d for d in after.pending if d.kind == events.TOKEN_DECISION]
    assert len(pending) == tokens
    if tokens:
        assert after.phase == EVENTS and VALERIA.turn(after).seats == (0,)
        assert {a.card for a in VALERIA.legal_actions(after)} == {"ruins", "forest", "valley", "mountains"}
        text = lines(state, {"chance": "roll", "dice": list(dice)}, after)
        assert "Bat Swarm (number 3) triggers once" in text
        after = act(after, {"seat": 0, "event": "bat-swarm", "token_on": "ruins"})
        assert after.phase in (HARVEST, ACTIONS)  # the harvest only after the instruction, as without the event
        plain = roll(attrs.evolve(state, events=attrs.evolve(state.events, placed=("",) * 20)), *dice)
        assert [(s.gold, s.strength, s.magic) for s in after.seats] == \
            [(s.gold, s.strength, s.magic) for s in plain.seats]
        assert events.tokens_on(after, "ruins") == events.Tokens(1, len(after.monsters[1]) - 1, strength=1)
    else:
        assert after.phase != EVENTS and not pending


@pytest.mark.rules("valeria.variants.events.trigger", "valeria.roll.announce", "valeria.roll.domains")
def test_an_event_follows_the_announced_dice() -> None:
    """Ruling O8: a die changed by a domain (Foxgrove Palisade sets a die to 6 for 2 gold) counts."""
    start = reveal(game(("kobold-thieves", "mimic")), "kobold-thieves", 0)
    start = with_seat(with_seat(start, 0, domains=("foxgrove-palisade",), gold=5), 1, gold=3)
    rolled = roll(start, 1, 2)
    assert rolled.phase == "dice" and rolled.seats[1].gold == 3  # nothing triggered on the rolled 1, 2 and 3
    quiet = attrs.evolve(rolled, events=attrs.evolve(rolled.events, placed=("",) * 20))  # the same game without the event in play
    announce = {"seat": 0, "announce": True}
    assert [s.gold for s in act(rolled, announce).seats] == [s.gold for s in act(quiet, announce).seats]
    change = {"seat": 0, "die": "foxgrove-palisade", "which": 0}  # the domain's one use: the dice are announced
    after, without = act(rolled, change), act(quiet, change)
    assert after.dice == (6, 2) and after.phase != "dice"
    assert [s.gold for s in after.seats] == [s.gold - 1 for s in without.seats]  # every player lost 1 gold


@pytest.mark.rules("valeria.variants.events.trigger")
def test_a_second_token_on_doubles_is_refused() -> None:
    state = roll(reveal(game(), "bat-swarm", 0), 3, 3)
    token = {"seat": 0, "event": "bat-swarm", "token_on": "ruins"}
    state = act(state, token)
    verdict = refused(state, token)
    assert verdict.rules == ("valeria.variants.events.trigger",)
    assert "only once" in verdict.message.get("en") and "jen jednou" in verdict.message.get("cs")
    # an event that did not trigger, or lies in no place, gives no token either
    other = roll(reveal(reveal(game(), "bat-swarm", 0), "mimic", 5), 3, 3)
    assert refused(other, {"seat": 0, "event": "mimic", "token_on": "ruins"}).rules == (
        "valeria.variants.events.trigger",)
    assert refused(roll(game(), 3, 3), token).rules[0] == "valeria.variants.events.trigger"


@pytest.mark.rules("valeria.variants.events.instructions", "valeria.variants.five-players.resting-immune")
def test_every_player_loses_if_possible_and_the_resting_seat_is_exempt() -> None:
    state = reveal(game(("giant-leech", "mimic")), "giant-leech", 2)
    state = with_seat(with_seat(state, 0, strength=3), 1, strength=0)
    after = roll(state, 1, 1)  # the sum 2
    assert after.seats[0].strength == 2 and after.seats[1].strength == 0
    assert "Every player loses 1 strength, if possible" in lines(state, {"chance": "roll", "dice": [1, 1]}, after)
    rng = random.Random(5)
    setup = VALERIA.random_setup(rng, {"players": 5, "monster_events": True})
    chosen = ("kobold-thieves", *[e for e in setup.monster_events.events if e != "kobold-thieves"][:4])
    setup = attrs.evolve(setup, monster_events=MonsterEventsDeal(chosen))
    five = VALERIA.initial_state(setup)
    for s in range(5):
        five = act(five, {"seat": s, "keep": five.seats[s].dealt[0]})
    five = with_seat(reveal(five, "kobold-thieves", 19), five.resting, gold=4)
    assert five.resting is not None
    at = attrs.evolve(five, dice=(6, 6), rolled=(6, 6), phase=EVENTS)
    after_events = events.trigger(at)  # the instruction alone, before any harvest gain
    losses = [b.gold - a.gold for a, b in zip(after_events.seats, five.seats, strict=True)]
    assert losses == [0 if i == five.resting else 1 for i in range(5)]
    assert after_events.pending == ()  # "every player loses" is automatic


@pytest.mark.rules("valeria.variants.events.instructions", "valeria.variants.events.cost-tokens")
def test_several_events_resolve_left_to_right_and_tokens_go_on_other_monsters() -> None:
    state = reveal(reveal(game(), "bat-swarm", 7), "mimic", 0)
    after = roll(state, 3, 5)  # both trigger: Mimic (place 0) first, then Bat Swarm (place 7)
    assert [d.detail[0] for d in after.pending] == ["mimic", "bat-swarm"]
    targets = {a.card for a in VALERIA.legal_actions(after)}
    assert targets == {"ruins", "forest", "valley", "mountains", "bat-swarm"}  # not the Mimic itself (O12)
    verdict = refused(after, {"seat": 0, "event": "mimic", "token_on": "mimic"})
    assert verdict.rules[0] == "valeria.variants.events.cost-tokens"
    assert refused(after, {"seat": 0, "event": "bat-swarm", "token_on": "ruins"}).rules == (
        "valeria.variants.events.instructions",)  # the Mimic's token comes first
    after = act(after, {"seat": 0, "event": "mimic", "token_on": "bat-swarm"},
                {"seat": 0, "event": "bat-swarm", "token_on": "mimic"})
    assert events.tokens_on(after, "bat-swarm") == events.Tokens(7, events.ON_EVENT, gold=1)
    assert events.tokens_on(after, "mimic") == events.Tokens(0, events.ON_EVENT, strength=1)
    view = VALERIA.view(after, 1)
    assert view.events.tokens == after.events.tokens


# ------------------------------------------------------------------ tokens: cost and bounty


@pytest.mark.rules("valeria.variants.events.cost-tokens")
def test_strength_and_magic_tokens_raise_the_slay_cost() -> None:
    state = game()
    top = IX.monsters[state.monsters[1][0]]
    state = events.add_token(events.add_token(state, "ruins", events.Amount(strength=1)), "ruins",
                             events.Amount(strength=1, magic=1))
    assert events.slay_cost(state, "ruins") == (top.strength + 2, top.magic + 1)
    state = in_actions(state, 0, strength=20, magic=5)
    printed = {"seat": 0, "slay": "ruins", "pay": {"strength": top.strength, "magic": top.magic}}
    verdict = refused(state, printed)
    assert "valeria.slay.pay-strength" in verdict.rules
    paying = {"seat": 0, "slay": "ruins", "pay": {"strength": top.strength + 2, "magic": top.magic + 1}}
    assert VALERIA.check(state, VALERIA.action_from_json(paying)) is None
    offered = {(a.pay.strength, a.pay.magic) for a in VALERIA.legal_actions(state)
               if a.kind == ActionKind.SLAY and a.card == "ruins"}
    assert (top.strength + 2, top.magic + 1) in offered and (top.strength, top.magic) not in offered
    after = act(state, paying)
    assert after.events.tokens == () and after.seats[0].strength == 20 - top.strength - 2
    assert "tokens 2 + 1" in lines(state, paying, after)


@pytest.mark.rules("valeria.variants.events.bounty")
def test_gold_tokens_are_a_bounty_for_the_slayer() -> None:
    state = game()
    top = IX.monsters[state.monsters[0][0]]
    state = events.add_token(events.add_token(state, "hills", events.Amount(gold=1)), "hills", events.Amount(gold=1))
    assert events.slay_cost(state, "hills") == (top.strength, top.magic)  # gold is no cost (ruling O11)
    state = in_actions(state, 0, strength=10, gold=0)
    pay = {"seat": 0, "slay": "hills", "pay": {"strength": top.strength, "magic": top.magic}}
    after = act(state, pay)
    plain = act(attrs.evolve(state, events=attrs.evolve(state.events, tokens=())), pay)  # the same slay without the tokens
    assert after.seats[0].gold == plain.seats[0].gold + 2 and after.events.tokens == ()
    assert after.seats[0].strength == plain.seats[0].strength  # the gold cost nothing
    assert "a bounty of 2 gold" in lines(state, pay, after)


# ------------------------------------------------------------------ slaying an event


@pytest.mark.rules("valeria.variants.events.revealed", "valeria.variants.events.replace",
                   "valeria.variants.events.scoring")
def test_an_event_is_slain_like_a_monster_and_replaced_from_the_bottom() -> None:
    state = in_actions(reveal(game(), "bat-swarm", 3), 0, strength=10, gold=0,
                       monsters=("goblin",))
    assert events.slay_cost(state, "bat-swarm") == (6, 0)
    offered = {a.card for a in VALERIA.legal_actions(state) if a.kind == ActionKind.SLAY}
    assert "bat-swarm" in offered
    pay = {"seat": 0, "slay": "bat-swarm", "pay": {"strength": 6}}
    after = act(state, pay)
    assert after.seats[0].monsters == ("goblin", "bat-swarm")
    assert after.seats[0].gold == 2  # 1 gold per monster owned, the Bat Swarm included
    assert after.events.placed[3] == "exhausted"  # an Exhausted card, never the Mimic on top
    assert after.events.exhausted_stack == ("mimic", "exhausted", "exhausted", "exhausted")
    assert engine.exhausted(after) == 1
    assert "from the bottom of the Exhausted stack, never another event" in lines(state, pay, after)
    # no Exhausted card left: the place stays exhausted without a card (ruling O16)
    bare = attrs.evolve(state, events=attrs.evolve(state.events, exhausted_stack=("mimic",)))
    after = act(bare, pay)
    assert after.events.placed[3] == "-" and after.events.exhausted_stack == ("mimic",) and engine.exhausted(after) == 1
    # an event lying nowhere cannot be slain
    assert refused(state, {"seat": 0, "slay": "mimic", "pay": {"strength": 3, "magic": 3}}).rules == (
        "valeria.slay.choose", "valeria.variants.events.revealed")


@pytest.mark.rules("valeria.variants.events.revealed", "valeria.domains.extra-action")
def test_eye_of_asteraten_may_slay_an_event() -> None:
    """Ruling O27: the "you may slay a monster" of a domain reaches the events too."""
    state = reveal(game(), "mimic", 5)
    state = in_actions(state, 0, gold=10, strength=0, magic=3, citizens={"cleric": 1, "knight": 1})
    after = act(state, {"seat": 0, "build": "eye-of-asteraten", "pay": {"gold": 8}})
    assert after.pending[0].kind == "extra-slay"
    assert "mimic" in {a.card for a in VALERIA.legal_actions(after) if a.kind == ActionKind.SLAY}
    after = act(after, {"seat": 0, "slay": "mimic", "pay": {"strength": 3, "magic": 3}})
    assert after.seats[0].monsters == ("mimic",) and after.events.placed[5] == "exhausted"


@pytest.mark.rules("valeria.variants.events.replace", "valeria.cards.watcher-on-the-water",
                   "valeria.cards.nest-of-the-weaver-witch")
def test_a_slain_event_cannot_be_returned_and_a_return_puts_an_event_back_on_top() -> None:
    """Ruling O17: Watcher on the Water mirrors the Nest's sentence on events."""
    state = in_actions(reveal(game(), "bat-swarm", 0), 0, monsters=("goblin", "mimic"))
    state = attrs.evolve(state, pending=(Decision(0, "watcher", "valeria.cards.watcher-on-the-water",
                                                  ("watcher-on-the-water",)),))
    assert {a.card for a in VALERIA.legal_actions(state) if a.kind == "return"} == {"goblin"}
    verdict = refused(state, {"seat": 0, "return": "mimic"})
    assert verdict.rules == ("valeria.cards.watcher-on-the-water", "valeria.variants.events.replace")
    state = events.add_token(state, "bat-swarm", events.Amount(strength=1))
    after = act(state, {"seat": 0, "return": "goblin"})
    assert after.monsters[0] == ("goblin",) and after.events.placed[0] == ""
    assert after.events.exhausted_stack[0] == "bat-swarm" and after.events.known_top == 1 and after.events.tokens == ()
    assert VALERIA.view(after, 1).events.exhausted_known == ("bat-swarm",)
    # the Nest: an Exhausted card lying in the place goes to the bottom
    nest = events.fill(attrs.evolve(after, citizen_counts=(0, *after.citizen_counts[1:]),
                                    seats=(attrs.evolve(after.seats[0], citizens=(1, *after.seats[0].citizens[1:])),
                                           after.seats[1])))
    assert nest.events.placed[5] == "bat-swarm" and nest.events.known_top == 0
    back = engine.return_citizen(nest, 0, 0)
    assert back.events.placed[5] == "" and back.citizen_counts[0] == 1 and back.events.exhausted_stack[0] == "bat-swarm"


@pytest.mark.rules("valeria.variants.events.scoring", "valeria.scoring.duke-icons")
def test_events_score_like_monsters_and_their_icons_count_for_dukes() -> None:
    state = with_seat(game(), 0, monsters=("giant-leech", "bat-swarm", "goblin"), duke="hrothgar-the-conqueror")
    assert holdings.count(state, 0, CardCounter("card_type", "monster")) == 3
    assert holdings.count(state, 0, CardCounter("monster_type", "titan")) == 1  # the Giant Leech
    assert holdings.count(state, 0, CardCounter("monster_type", "minion")) == 2
    assert holdings.count(state, 0, CardCounter("area", "hills")) == 1  # events belong to no area
    sc = scoring.score(state, 0)
    assert sc.monsters == 4 + 2 + IX.monsters["goblin"].vp
    assert [t[2] for t in sc.duke_terms] == [3, 1]


# ------------------------------------------------------------------ random games of every combination


def check_invariants(setup: Any, before: State, action: Any, after: State, rng: random.Random, views: bool) -> None:
    n = after.players
    for area, stack in zip(after.areas, after.monsters, strict=True):
        slain = [m for s in after.seats for m in s.monsters if IX.monsters[m].area == area]
        assert Counter(stack) + Counter(slain) == Counter(monster_stack(area, n))
    seen = ([c for c in after.events.exhausted_stack if c in IX.events] + [c for c in after.events.placed if c in IX.events]
            + [m for s in after.seats for m in s.monsters if m in IX.events])
    assert sorted(seen) == sorted(setup.monster_events.events)
    assert after.events.exhausted_stack.count("exhausted") + after.events.placed.count("exhausted") == 2 * n
    start = VALERIA.initial_state(setup)
    for i in range(len(after.citizen_kinds)):
        assert after.citizen_counts[i] + sum(s.citizens[i] for s in after.seats) == start.citizen_counts[i]
    assert sorted([d for s in after.seats for d in s.domains] + [d for st in after.domains for d in st]) == \
        sorted(d for st in setup.domains for d in st)
    assert all(min(s.gold, s.strength, s.magic, s.vp) >= 0 for s in after.seats)
    for t in after.events.tokens:  # tokens lie on face-up monsters only
        assert min(t.strength, t.magic, t.gold) >= 0 and t.strength + t.magic + t.gold > 0
        if t.height == events.ON_EVENT:
            assert events.is_event(after.events.placed[t.position])
        else:
            assert t.position < 5 and t.height < len(after.monsters[t.position])
    if not after.pending:
        for p in range(events.POSITIONS):
            assert (after.events.placed[p] == "") == (not events.position_empty(after, p)), p
    if action.kind == ActionKind.SLAY:  # the payment covers the printed cost plus the tokens
        sc, mc = events.slay_cost(before, action.card)
        payer = before.seats[action.seat]
        assert slay_payment_ok(sc, mc, action.pay.strength, action.pay.magic, payer.strength, payer.magic)
    if after.turns > before.turns or after.phase == OVER:
        fires = end_triggered(sum(len(m) for m in after.monsters), sum(len(d) for d in after.domains),
                              engine.exhausted(after), n)
        assert after.end_triggered == (before.end_triggered or fires)
    if views:
        hidden = [c for c in after.events.exhausted_stack[after.events.known_top:] if c in IX.events]
        for seat in [*range(n), -1]:
            view = VALERIA.view(after, seat)
            shown = repr(view)
            assert not [e for e in hidden if f"'{e}'" in shown], (hidden, seat)
            assert view.events.exhausted_size == len(after.events.exhausted_stack)
            assert VALERIA.view(VALERIA.rehide(after, seat, rng), seat) == view


COMBINATIONS = [{"players": p, "monster_events": True, **({"random_citizens": True} if rc else {})}
                for p in (2, 3, 4, 5) for rc in (False, True)]


@pytest.mark.rules("valeria.variants.events.setup", "valeria.variants.events.revealed",
                   "valeria.variants.events.trigger", "valeria.variants.events.instructions",
                   "valeria.variants.events.cost-tokens", "valeria.variants.events.bounty",
                   "valeria.variants.events.replace", "valeria.variants.events.exhausted",
                   "valeria.variants.events.scoring", "valeria.variants.random-citizens.hidden",
                   "valeria.variants.five-players.changes", "valeria.end.conditions")
@given(seed=st.integers(0, 2**32 - 1), combination=st.sampled_from(COMBINATIONS))
@settings(max_examples=10, deadline=None)
def test_random_games_with_events_keep_the_invariants(seed: int, combination: dict[str, Any]) -> None:
    setup, actions, states = walk(seed, combination)
    rng = random.Random(seed)
    for i, (before, action, after) in enumerate(zip(states, actions, states[1:], strict=False)):
        check_invariants(setup, before, action, after, rng, views=i % 7 == 0)
    last = states[-1]
    assert last.phase == OVER and VALERIA.result(last) is not None


@pytest.mark.rules("valeria.variants.events.setup", "valeria.variants.events.trigger")
@pytest.mark.parametrize("combination", COMBINATIONS, ids=lambda c: f"{c['players']}p-rc{int('random_citizens' in c)}")
def test_every_combination_plays_to_the_end_and_replays_from_its_record(combination: dict[str, Any]) -> None:
    seed = 100 + combination["players"] * 2 + ("random_citizens" in combination)
    setup, actions, states = walk(seed, combination)
    data = json.loads(json.dumps(record_to_json(VALERIA, setup, actions)))
    assert data["variant"] == VALERIA.variant_of(setup) and data["variant"]["monster_events"] is True
    validate_record(data, "valeria", VALERIA)
    replay = adjudicate(VALERIA, parse_record(data, lambda key: VALERIA))
    assert replay.legal and replay.finished and replay.final_state == states[-1]
    kinds = Counter(a.kind for a in actions)
    assert kinds["roll"] > 0


# ------------------------------------------------------------------ a state machine over the combinations


class EventsGame(VariantGame):
    """The machine of every variant (tests/valeria/test_variant_state_machine.py) on the
    Monster Events combinations of 2-5 players and random citizens, preferring slays of
    events and tokens so that the variant's paths are taken, with :func:`check_invariants`
    after every step besides the general ones."""

    @initialize(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(COMBINATIONS))
    def deal(self, seed: int, variant: dict[str, Any]) -> None:
        super().deal(seed, variant)

    def choices(self, actions: tuple[Any, ...]) -> list[Any]:
        eventful = [a for a in actions if a.kind == "token" or (a.kind == ActionKind.SLAY and events.is_event(a.card))]
        return eventful or list(actions)

    def checked(self, before: State, action: Any, after: State) -> None:
        check_invariants(self.setup, before, action, after, self.rng, views=self.steps % 5 == 0)


TestEventsGame = pytest.mark.rules(
    "valeria.variants.events.revealed", "valeria.variants.events.replace", "valeria.variants.events.cost-tokens",
    "valeria.variants.events.bounty", "valeria.variants.events.exhausted")(EventsGame.TestCase)
TestEventsGame.settings = settings(max_examples=8, deadline=None)


@pytest.mark.rules("valeria.variants.events.trigger")
def test_the_bundled_disputed_doubles_example_is_refused_in_both_languages() -> None:
    from pathlib import Path

    from rules.kernel.records import read_json

    path = Path(__file__).resolve().parents[2] / "examples" / "valeria" / "disputed-event-doubles.json"
    record = parse_record(read_json(path), lambda key: VALERIA)
    verdict = adjudicate(VALERIA, record)
    assert not verdict.legal and verdict.illegal is not None
    assert verdict.illegal.index == len(record.actions) - 1
    assert verdict.illegal.violation.rules == ("valeria.variants.events.trigger",)
    message = verdict.illegal.violation.message
    assert "triggers only once" in message.get("en") and "aktivuje jen jednou" in message.get("cs")
    last, previous = record.actions[-1], record.actions[-2]
    assert last == previous and last.kind == "token"  # the same token claimed twice
    roll_action = next(a for a in reversed(record.actions) if a.kind == "roll")
    assert roll_action.dice[0] == roll_action.dice[1] == IX.events[last.option].trigger  # doubles of its number
