"""Valeria engine: the Roll phase (dice, die-changing domains) and the Harvest phase."""

from __future__ import annotations

import pytest
from valeria_engine_helpers import CITIZENS, act, refused, roll, started, with_seat

from rules.kernel.game import TurnKind
from rules.valeria import engine, harvest
from rules.valeria.game import VALERIA
from rules.valeria.predicates import activations, herald_activations
from rules.valeria.state import ACTIONS, DICE, HARVEST, HarvestItem


def thief_game() -> list[str]:
    c = list(CITIZENS)
    c[1], c[6], c[7] = "blacksmith", "thief", "warlord"
    return c


@pytest.mark.rules("valeria.roll.activation-values", "valeria.roll.dice")
def test_each_die_and_the_sum_activate() -> None:
    assert [activations(3, 5, n) for n in (3, 5, 8, 4)] == [1, 1, 1, 0]
    assert len(engine.ROLL_OUTCOMES) == 36 and sum(p for _, p in engine.ROLL_OUTCOMES) == 1


@pytest.mark.rules("valeria.harvest.doubles", "valeria.harvest.each-copy", "valeria.harvest.two-effects")
def test_three_archers_on_double_four_activate_six_times() -> None:
    state = with_seat(started(), 0, citizens={"archer": 3})
    state = with_seat(state, 1, citizens={"archer": 3})
    after = roll(state, 4, 4)
    assert activations(4, 4, 4) == 2 and activations(4, 4, 8) == 1  # the sum activates once (ruling O5)
    assert dict(harvest.activated(after, 0))["archer"] == 6
    assert after.seats[0].strength == 12  # the active seat's left power: 2 strength each
    assert after.seats[1].strength == 6  # the others' right power: 1 strength each


@pytest.mark.rules("valeria.herald.no-citizen", "valeria.herald.doubles", "valeria.herald.twice",
                   "valeria.herald.unused-effects")
def test_the_herald_on_no_activation_on_doubles_and_twice_on_both() -> None:
    assert [herald_activations(1, 2, 0), herald_activations(1, 2, 3), herald_activations(2, 2, 1),
            herald_activations(1, 1, 0)] == [1, 0, 1, 2]
    state = started()
    after = roll(state, 1, 2)  # activates 1, 2, 3: nobody owns such a card
    assert after.harvest == ((HarvestItem("herald", "on", 1),), (HarvestItem("herald", "off", 1),))
    after = roll(state, 1, 1)
    assert [items[0].count for items in after.harvest] == [2, 2]
    after = roll(state, 2, 3)  # the starter Peasant (5) activated: no consolation (ruling O4)
    assert after.phase == ACTIONS and after.seats[0].gold == 3 and after.seats[1].gold == 3


@pytest.mark.rules("valeria.herald.unused-effects", "valeria.harvest.track")
def test_an_activated_citizen_that_cannot_be_used_still_blocks_the_herald() -> None:
    c = list(CITIZENS)
    c[0] = "monk"
    state = with_seat(started(citizens=c), 1, citizens={"cleric": 0}, gold=0)
    state = with_seat(state, 1, citizens=tuple(1 if i == 0 else 0 for i in range(10)))
    after = roll(state, 1, 2)
    # no Herald for seat 1; the Monk it cannot pay has one possible answer, given by the engine (decision 0033)
    assert after.harvest[1] == () and after.forced == (VALERIA.action_from_json(
        {"seat": 1, "harvest": "monk", "use": False}),)
    assert after.seats[1] == state.seats[1]
    assert not [a for a in VALERIA.legal_actions(after) if a.seat == 1]
    verdict = refused(after, {"seat": 1, "harvest": "monk", "use": True})  # its harvest is over
    assert verdict.rules == ("valeria.turn.phases",)


@pytest.mark.rules("valeria.harvest.any-order", "valeria.harvest.everyone", "valeria.symbols.pay")
def test_seats_resolve_their_harvest_choices_in_any_order_and_spend_what_they_just_gained() -> None:
    c = list(CITIZENS)
    c[0] = "monk"
    state = with_seat(started(citizens=c), 1, gold=0, citizens=tuple(1 if i == 0 else 0 for i in range(10)))
    after = roll(state, 1, 4)  # die 1: Monk; sum 5: the starter Peasant gives 1 gold first
    assert after.seats[1].gold == 1
    turn = VALERIA.turn(after)
    assert turn.kind is TurnKind.SIMULTANEOUS and turn.seats == (1,)
    after = act(after, {"seat": 1, "harvest": "monk", "use": True})
    assert (after.seats[1].gold, after.seats[1].magic) == (0, 3)


@pytest.mark.rules("valeria.harvest.any-order", "valeria.symbols.or")
def test_merchant_choice_is_the_seats_own() -> None:
    state = with_seat(started(), 0, citizens={"merchant": 1})
    after = roll(state, 2, 6)
    assert after.phase == HARVEST and after.harvest[0] == (HarvestItem("merchant", "on", 1),)
    options = sorted(a.option for a in VALERIA.legal_actions(after) if a.seat == 0)
    assert options == ["decline", "gold", "magic"]  # a choice may be declined (ruling O25)
    done = act(after, {"seat": 0, "harvest": "merchant", "choose": "magic"})
    assert done.seats[0].magic == after.seats[0].magic + 2


@pytest.mark.rules("valeria.harvest.thief-first", "valeria.cards.thief", "valeria.harvest.steal-target",
                   "valeria.symbols.take-from", "valeria.symbols.opponent")
def test_the_active_thief_takes_first_and_at_most_what_the_opponent_has() -> None:
    state = with_seat(started(citizens=thief_game()), 0, citizens=tuple(1 if i == 6 else 0 for i in range(10)))
    state = with_seat(state, 1, citizens={"archer": 1})
    after = roll(state, 3, 4)  # 7 activates the Thief; 4 the opponent's Archer
    assert VALERIA.turn(after).seats == (0,) and after.pending[0].kind == "thief"
    assert after.seats[1].strength == 0  # nothing else activated yet
    assert "valeria.harvest.thief-first" in refused(after, {"seat": 1, "harvest": "herald", "choose": "gold"}).rules
    after = act(after, {"seat": 0, "thief": "gold", "from": 1})
    assert (after.seats[0].gold, after.seats[1].gold) == (4, 0)  # 2 gold was all seat 1 had
    assert after.seats[1].strength == 1


@pytest.mark.rules("valeria.citizens.role-and-type-icon", "valeria.citizens.references", "valeria.symbols.per",
                   "valeria.citizens.card-names")
def test_role_counters_count_citizens_only_and_name_counters_the_starter_too() -> None:
    c = thief_game()
    state = with_seat(started(citizens=c), 0, citizens=tuple({1: 1, 5: 2}.get(i, 0) for i in range(10)),
                      domains=("blood-crow-army",))  # 3 Soldier icons on a domain do not count (ruling O9)
    after = roll(state, 2, 1)  # Blacksmith: 1 gold per Soldier citizen = 2 Knights
    assert after.seats[0].gold == 2 + 2
    state = with_seat(started(citizens=c), 1, citizens=tuple({7: 1, 5: 1}.get(i, 0) for i in range(10)))
    after = roll(state, 3, 5)  # 8: seat 1's Warlord, right side: 1 strength per card named Knight
    assert after.seats[1].strength == 2  # the Knight citizen and the starter Knight


@pytest.mark.rules("valeria.recruit.not-this-turn")
def test_a_citizen_recruited_this_turn_produces_from_the_next_harvest_on() -> None:
    state = act(roll(started(), 2, 3), {"seat": 0, "recruit": "archer", "pay": {"gold": 3, "magic": 1}})
    assert state.seats[0].citizens[3] == 1 and state.seats[0].strength == 0
    state = act(state, {"seat": 0, "gain": "gold"})
    after = roll(state, 4, 1)  # seat 1's turn: seat 0's Archer (right side) now produces
    assert after.seats[0].strength == 1


# ---------------------------------------------------------------------- die-changing domains


@pytest.mark.rules("valeria.roll.domains", "valeria.roll.once-per-card", "valeria.cards.palace-of-the-dawn",
                   "valeria.symbols.any-die", "valeria.roll.announce")
def test_palace_of_the_dawn_lowers_one_die_once_never_below_one() -> None:
    state = with_seat(started(), 0, domains=("palace-of-the-dawn",))
    after = roll(state, 1, 5)
    assert after.phase == DICE
    assert [(a.kind, a.target) for a in VALERIA.legal_actions(after)] == [("die", 1), ("announce", -1)]
    assert refused(after, {"seat": 0, "die": "palace-of-the-dawn", "which": 0}).rules[0] == "valeria.roll.domains"
    after = act(after, {"seat": 0, "die": "palace-of-the-dawn", "which": 1})
    assert after.dice == (1, 4) and after.rolled == (1, 5)
    assert after.phase == ACTIONS  # no further change possible: the dice are announced
    assert after.seats[0].gold == 2 + 1  # 1 + 4 = 5: the starter Peasant


@pytest.mark.rules("valeria.cards.foxgrove-palisade", "valeria.cards.gargans-embrace")
def test_foxgrove_costs_two_gold_and_equal_dice_feed_gargans_embrace() -> None:
    state = with_seat(started(), 0, domains=("foxgrove-palisade",))
    state = with_seat(state, 1, domains=("gargans-embrace",))
    after = roll(state, 6, 3)
    after = act(after, {"seat": 0, "die": "foxgrove-palisade", "which": 1})
    assert after.dice == (6, 6) and after.seats[0].gold >= 0
    assert after.seats[1].vp == 1  # the dice became equal: Gargan's Embrace
    poor = with_seat(state, 0, gold=1)
    assert roll(poor, 6, 3).phase != DICE  # cannot pay: nothing to decide


@pytest.mark.rules("valeria.cards.gargans-embrace")
def test_natural_doubles_feed_gargans_embrace_even_when_changed_away() -> None:
    state = with_seat(started(), 1, domains=("gargans-embrace",))
    state = with_seat(state, 0, domains=("palace-of-the-dawn",))
    after = roll(state, 3, 3)
    assert after.seats[1].vp == 1
    after = act(after, {"seat": 0, "die": "palace-of-the-dawn", "which": 0})
    assert after.dice == (2, 3) and after.seats[1].vp == 1


@pytest.mark.rules("valeria.cards.desert-orchid")
def test_desert_orchid_costs_one_gold_per_holy_citizen() -> None:
    state = with_seat(started(), 0, domains=("the-desert-orchid",), citizens={"cleric": 2, "paladin": 1})
    assert roll(state, 5, 4).phase != DICE  # 3 Holy citizens: 3 gold, seat 0 has 2
    state = with_seat(state, 0, gold=5)
    after = act(roll(state, 5, 4), {"seat": 0, "die": "the-desert-orchid", "which": 0})
    assert after.dice == (1, 4)
    assert after.seats[0].gold == 5 - 3 + 1  # paid 3, then the starter Peasant (sum 5)
    assert after.seats[0].magic == 1 + 2 * 3  # two Clerics on die 1
    free = with_seat(started(), 0, domains=("the-desert-orchid",), gold=0)
    after = act(roll(free, 5, 4), {"seat": 0, "die": "the-desert-orchid", "which": 0})
    assert after.dice == (1, 4)


@pytest.mark.rules("valeria.symbols.plus")
def test_a_plus_gains_both_sides() -> None:
    state = with_seat(started(), 0, citizens={"mercenary": 1})
    after = roll(state, 3, 6)  # Mercenary (left: 1 strength + 1 gold) and the starter Knight
    assert (after.seats[0].strength, after.seats[0].gold) == (1 + 1, 2 + 1)


@pytest.mark.rules("valeria.harvest.then-actions")
def test_the_action_phase_begins_once_the_harvest_is_complete() -> None:
    """Not while one seat still has a harvest choice to make, and at once when the last is made
    (or when nothing waits for a choice): the active seat then has its two actions."""
    state = roll(started(), 1, 2)  # nothing activates: each seat's Herald waits for its choice
    state = act(state, {"seat": 1, "harvest": "herald", "choose": "gold"})
    assert state.phase == HARVEST and [bool(items) for items in state.harvest] == [True, False]
    assert refused(state, {"seat": 0, "gain": "gold"}).rules[0] != "valeria.actions.two"
    state = act(state, {"seat": 0, "harvest": "herald", "choose": "gold"})
    assert state.phase == ACTIONS and state.actions_left == 2 and state.active == 0
    plain = roll(started(), 2, 3)  # the starter Peasants give their gold by themselves: nothing to choose
    assert plain.phase == ACTIONS and plain.actions_left == 2


@pytest.mark.rules("valeria.turn.phases")
def test_roll_harvest_action_end_in_this_order() -> None:
    state = started()
    assert state.phase == "roll" and VALERIA.turn(state).kind is TurnKind.CHANCE
    state = roll(state, 1, 2)
    assert state.phase == HARVEST  # the Heralds
    state = act(state, {"seat": 1, "harvest": "herald", "choose": "gold"},
                {"seat": 0, "harvest": "herald", "choose": "gold"})
    assert state.phase == ACTIONS and state.actions_left == 2 and state.active == 0
    state = act(state, {"seat": 0, "gain": "gold"}, {"seat": 0, "gain": "gold"})
    assert state.phase == "roll" and state.active == 1 and state.turns == 2  # the dice passed left
