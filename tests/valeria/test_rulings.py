"""Valeria's open-point rulings (the ``ruling`` annotations of spec/valeria.toml), each
pinned by behaviour where the other test files did not yet pin that part of it.
Every test names its open point; the rule ID it cites carries the ruling."""

from __future__ import annotations

import attrs
import pytest
from valeria_engine_helpers import CITIZENS, STACK, act, in_actions, refused, roll, setup_json, started, with_seat

from rules.valeria import engine, payments, scoring
from rules.valeria.data import index
from rules.valeria.game import VALERIA
from rules.valeria.state import ACTIONS, DICE, HARVEST, OVER, ROLL, HarvestItem, State

IX = index()


def thief_game() -> list[str]:
    c = list(CITIZENS)
    c[6] = "thief"  # the stack of 7
    return c


def legal(state: State, seat: int | None = None) -> list[dict[str, object]]:
    return [VALERIA.action_to_json(a) for a in VALERIA.legal_actions(state) if seat is None or a.seat == seat]


def exhausting(state: State, citizen_stacks: int, monster_stacks: int = 0) -> State:
    """``state`` with its first citizen and monster stacks emptied."""
    counts = (0,) * citizen_stacks + state.citizen_counts[citizen_stacks:]
    return attrs.evolve(state, citizen_counts=counts,
                        monsters=((),) * monster_stacks + state.monsters[monster_stacks:])


# ---------------------------------------------------------------------- setup


@pytest.mark.rules("valeria.setup.monster-stacks-order")
def test_o14_tied_top_strengths_lie_in_either_order() -> None:
    """O14: the Hills and the Barrens both start with a strength-1 monster: either order is a valid setup."""
    for row in (["hills", "barrens", "ruins", "forest", "mountains"],
                ["barrens", "hills", "ruins", "forest", "mountains"]):
        assert VALERIA.setup_from_json(setup_json(monsters=row)).areas == tuple(row)


# ---------------------------------------------------------------------- roll


@pytest.mark.rules("valeria.roll.once-per-card", "valeria.roll.domains")
def test_o7_several_die_changing_domains_act_on_one_die_each_once() -> None:
    """O7: Foxgrove Palisade sets a die to 6, then the Palace of the Dawn lowers the same die."""
    state = with_seat(started(), 0, gold=5, domains=("foxgrove-palisade", "palace-of-the-dawn"))
    after = act(roll(state, 1, 2), {"seat": 0, "die": "foxgrove-palisade", "which": 0})
    assert after.phase == DICE and after.dice == (6, 2) and after.seats[0].gold == 3
    assert {a.get("die") for a in legal(after)} == {"palace-of-the-dawn", None}  # Foxgrove only once
    assert refused(after, {"seat": 0, "die": "foxgrove-palisade", "which": 1}).rules[0] == "valeria.roll.domains"
    after = act(after, {"seat": 0, "die": "palace-of-the-dawn", "which": 0})
    assert after.dice == (5, 2) and after.rolled == (1, 2) and after.used == ("foxgrove-palisade",
                                                                                "palace-of-the-dawn")


@pytest.mark.rules("valeria.roll.announce", "valeria.herald.doubles")
def test_o8_the_herald_sees_the_announced_dice() -> None:
    """O8: dice made equal by a change are doubles for the Herald; natural doubles changed away are not."""
    state = with_seat(started(), 0, domains=("palace-of-the-dawn",))
    made = act(roll(state, 4, 5), {"seat": 0, "die": "palace-of-the-dawn", "which": 1})
    assert made.dice == (4, 4) and made.phase == HARVEST
    # 4, 4 and 8 activate no starter: the Herald once for that and once for the doubles.
    assert made.harvest == ((HarvestItem("herald", "on", 2),), (HarvestItem("herald", "off", 2),))
    away = act(roll(state, 3, 3), {"seat": 0, "die": "palace-of-the-dawn", "which": 0})
    assert away.dice == (2, 3) and away.phase == ACTIONS  # the sum 5 activates the starter Peasant: no Herald


# ---------------------------------------------------------------------- harvest


@pytest.mark.rules("valeria.harvest.any-order", "valeria.cards.thief")
def test_o25_o23_the_thief_must_take_once_per_activation() -> None:
    """O25: the Thief's taking cannot be declined; O23: each activation is its own taking."""
    state = with_seat(started(citizens=thief_game()), 0, citizens=tuple(2 if i == 6 else 0 for i in range(10)))
    state = with_seat(state, 1, gold=5)
    after = roll(state, 3, 4)
    assert [d.kind for d in after.pending] == ["thief", "thief"]
    options = legal(after)
    assert options and all("thief" in a for a in options)  # no decline
    assert refused(after, {"seat": 0, "decline": True}).rules == ("valeria.harvest.thief-first",)
    after = act(after, {"seat": 0, "thief": "gold", "from": 1}, {"seat": 0, "thief": "gold", "from": 1})
    assert (after.seats[0].gold, after.seats[1].gold) == (2 + 5, 0)  # 3, then the 2 left


@pytest.mark.rules("valeria.resources.magic-substitute", "valeria.symbols.pay", "valeria.cards.foxgrove-palisade")
def test_o6_magic_replaces_nothing_outside_the_actions() -> None:
    """O6: the Monk's exchange (pay 1 gold) and Foxgrove Palisade (2 gold) take no magic."""
    c = list(CITIZENS)
    c[0] = "monk"
    state = with_seat(started(citizens=c), 1, gold=0, magic=5, citizens=tuple(1 if i == 0 else 0 for i in range(10)))
    after = roll(state, 1, 2)  # die 1: seat 1's Monk
    # 5 magic do not pay the Monk's 1 gold: declining is its one possible answer, the engine's (decision 0033)
    assert after.harvest[1] == () and legal(after, 1) == []
    assert [VALERIA.action_to_json(a) for a in after.forced] == [{"seat": 1, "harvest": "monk", "use": False}]
    rich_in_magic = with_seat(started(), 0, gold=1, magic=5, domains=("foxgrove-palisade",))
    assert roll(rich_in_magic, 6, 3).phase != DICE  # 1 gold and 5 magic cannot pay 2 gold


# ---------------------------------------------------------------------- actions and rewards


@pytest.mark.rules("valeria.monsters.citizen-reward")
def test_o24_a_citizen_reward_with_no_citizen_left_gives_nothing() -> None:
    """O24: the Orc Warrior gives a citizen of base cost up to 3; with none left, nothing."""
    state = in_actions(strength=9)
    counts = tuple(n if IX.citizens[k].cost > 3 else 0 for k, n in zip(state.citizen_kinds, state.citizen_counts,
                                                                         strict=True))
    state = attrs.evolve(state, citizen_counts=counts, monsters=state.monsters[:4] + (("orc-warrior",),))
    after = act(state, {"seat": 0, "slay": "mountains", "pay": {"strength": 9, "magic": 0}})
    assert after.pending == () and after.actions_left == 1
    assert after.seats[0].citizens == state.seats[0].citizens and after.citizen_counts == counts


@pytest.mark.rules("valeria.cards.watcher-on-the-water")
def test_o28_a_returned_monster_is_the_top_even_when_stronger() -> None:
    """O28: the Goblin King returned on top of the Hills is the card to slay there next."""
    state = in_actions(gold=6, citizens={"archer": 2}, monsters=("goblin-king",))
    after = act(state, {"seat": 0, "build": "watcher-on-the-water", "pay": {"gold": 6}},
                {"seat": 0, "return": "goblin-king"})
    assert after.monsters[0][0] == "goblin-king" and after.monsters[0][1] == "goblin"
    after = with_seat(after, 0, strength=1)
    verdict = refused(after, {"seat": 0, "slay": "hills", "pay": {"strength": 1, "magic": 0}})
    assert "valeria.slay.pay-strength" in verdict.rules  # 6 strength now, not the Goblin's 1


@pytest.mark.rules("valeria.cards.purloiners-perch")
def test_purloining_from_a_seat_without_monsters_gives_nothing() -> None:
    """The library's reading: an opponent with an empty Victory stack may be chosen; nothing happens."""
    state = in_actions(gold=10, citizens={"rogue": 2})
    state = attrs.evolve(state, domains=(("purloiners-perch",),) + state.domains[1:])
    after = act(state, {"seat": 0, "build": "purloiners-perch", "pay": {"gold": 10}})  # one opponent: forced
    assert [VALERIA.action_to_json(a) for a in after.forced] == [{"seat": 0, "purloin_from": 1}]
    assert after.phase == ACTIONS and after.actions_left == 1 and after.seats[0].monsters == ()
    assert after.draw_from == -1 and VALERIA.turn(after).seats == (0,)


@pytest.mark.rules("valeria.cards.purloiners-perch", "valeria.cards.orc-warrior", "valeria.cards.wraith",
                    "valeria.cards.text-wins")
def test_purloiners_perch_and_the_citizen_rewards_are_mandatory_alike() -> None:
    """The ruling on valeria.cards.purloiners-perch: the book's notes on Purloiner's Perch, the Orc
    Warrior and the Wraith all say "may", the cards say "take" and show a citizen gained; the card
    wins, so none of the three may be declined (a citizen reward only when none qualifies, O24)."""
    state = in_actions(started(3), gold=10, citizens={"rogue": 2})  # two opponents: a choice, not forced
    state = attrs.evolve(state, domains=(("purloiners-perch",),) + state.domains[1:])
    state = with_seat(state, 1, monsters=("goblin",))
    built = act(state, {"seat": 0, "build": "purloiners-perch", "pay": {"gold": 10}})
    assert legal(built) == [{"seat": 0, "purloin_from": 1}, {"seat": 0, "purloin_from": 2}]
    verdict = refused(built, {"seat": 0, "decline": True})
    assert verdict.rules == ("valeria.cards.purloiners-perch",)
    state = in_actions(strength=9)
    for area, monster, pay in (("mountains", "orc-warrior", {"strength": 9, "magic": 0}),
                               ("hills", "wraith", {"strength": 4, "magic": 3})):
        column = state.areas.index(area)
        slain = act(attrs.evolve(with_seat(state, 0, strength=9, magic=3), monsters=state.monsters[:column] + (
            (monster,),) + state.monsters[column + 1:]), {"seat": 0, "slay": area, "pay": pay})
        assert slain.pending[0].kind == "citizen" and {"seat": 0, "decline": True} not in legal(slain)
        assert refused(slain, {"seat": 0, "decline": True}).rules == ("valeria.slay.reward",)


@pytest.mark.rules("valeria.cards.pratchetts-plateau")
def test_pratchetts_plateau_does_not_discount_itself() -> None:
    """The library's reading: the discount is for domains built after the Plateau, not the Plateau."""
    state = in_actions()
    assert payments.build_price(state, 0, "pratchetts-plateau") == IX.domains["pratchetts-plateau"].cost
    owner = in_actions(domains=("pratchetts-plateau",))
    assert payments.build_price(owner, 0, "watcher-on-the-water") == IX.domains["watcher-on-the-water"].cost - 1


# ---------------------------------------------------------------------- the end


@pytest.mark.rules("valeria.end.conditions", "valeria.end.check", "valeria.exhausted.end-trigger")
def test_o13_o15_one_action_exhausting_two_stacks_jumps_past_the_double_and_ends_at_the_turns_end() -> None:
    """O13: 3 exhausted stacks, then one slay empties a monster stack and its reward the last Knight:
    5 exhausted, past 2 x 2; O15: the trigger is checked at the turn's end, not during it."""
    state = exhausting(in_actions(strength=9), citizen_stacks=2, monster_stacks=1)  # cleric, merchant, hills
    counts = list(state.citizen_counts)
    counts[STACK["knight"]] = 1
    state = attrs.evolve(state, citizen_counts=tuple(counts), monsters=state.monsters[:4] + (("orc-warrior",),))
    assert engine.exhausted(state) == 3
    after = act(state, {"seat": 0, "slay": "mountains", "pay": {"strength": 9, "magic": 0}},
                {"seat": 0, "citizen": "knight"})
    assert engine.exhausted(after) == 5 and not after.end_triggered and after.phase == ACTIONS
    after = act(after, {"seat": 0, "gain": "gold"})
    assert after.end_triggered and after.phase == ROLL and after.active == 1


@pytest.mark.rules("valeria.end.check", "valeria.cards.watcher-on-the-water")
def test_o15_o28_a_triggered_end_stays_triggered_when_a_stack_is_refilled() -> None:
    """O15/O28: after the trigger the Watcher on the Water refills the Hills (4 -> 3 exhausted, below
    2 x 2): the end stays triggered and the round still ends the game."""
    state = exhausting(in_actions(), citizen_stacks=3, monster_stacks=1)
    state = act(state, {"seat": 0, "gain": "gold"}, {"seat": 0, "gain": "gold"})
    assert state.end_triggered and state.active == 1
    state = in_actions(state, seat=1, gold=6, citizens={"archer": 2}, monsters=("goblin",))
    state = act(state, {"seat": 1, "build": "watcher-on-the-water", "pay": {"gold": 6}},
                {"seat": 1, "return": "goblin"})
    assert state.monsters[0] == ("goblin",) and engine.exhausted(state) == 3
    state = act(state, {"seat": 1, "gain": "gold"})
    assert state.phase == OVER and state.end_triggered


@pytest.mark.rules("valeria.exhausted.replace", "valeria.setup.exhausted-stack")
def test_o16_more_exhausted_stacks_than_exhausted_cards_still_count() -> None:
    """O16: 2 Exhausted cards per player; a fifth empty stack with 2 players counts all the same."""
    state = exhausting(in_actions(), citizen_stacks=4, monster_stacks=1)
    assert engine.exhausted(state) == 5 > 2 * state.players
    state = exhausting(in_actions(), citizen_stacks=10, monster_stacks=5)
    assert engine.exhausted(state) == 15


# ---------------------------------------------------------------------- scoring


@pytest.mark.rules("valeria.scoring.tie")
def test_o3_slain_monsters_are_not_duchy_cards_in_a_tie() -> None:
    """O3: seat 0 has more cards counting its Victory stack (1 starter set + 1 citizen + 2 monsters)
    but fewer duchy cards (3 starters + 1 citizen = 4 < 5): it wins the tie."""
    monsters = ("goblin", "goblin")
    vp = sum(IX.monsters[m].vp for m in monsters)
    state = with_seat(started(), 0, gold=0, strength=0, magic=0, vp=10 - vp, citizens={"peasant": 1},
                      monsters=monsters, duke="cornelius-the-dreamer")
    state = with_seat(state, 1, gold=0, strength=0, magic=0, vp=10, citizens={"peasant": 2},
                      duke="cornelius-the-dreamer")
    result = VALERIA.result(attrs.evolve(state, phase=OVER))
    assert result is not None and result.winners == (0,)
    assert [s["total"] for s in result.details["scores"]] == [10, 10]


@pytest.mark.rules("valeria.citizens.references", "valeria.cards.types")
def test_o19_a_duke_counting_citizens_ignores_the_starters() -> None:
    """O19: Reese the Firebrand (1 VP per citizen, monster, domain) scores 0 for the three starters alone."""
    state = with_seat(started(), 0, gold=0, strength=0, magic=0, duke="reese-the-firebrand")
    assert scoring.score(state, 0).duke == 0
    assert scoring.score(with_seat(state, 0, citizens={"peasant": 2}), 0).duke == 2
