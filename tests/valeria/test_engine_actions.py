"""Valeria engine: the four actions, their payments, rewards and domain powers,
exhausted stacks and the end of the game."""

from __future__ import annotations

import attrs
import pytest
from valeria_engine_helpers import STACK, act, in_actions, refused, roll, started, walk, with_seat

from rules.kernel.game import TurnKind
from rules.kernel.verdict import MalformedError
from rules.valeria import answers, engine, events, payments
from rules.valeria.explain import card_name
from rules.valeria.game import VALERIA
from rules.valeria.predicates import end_triggered, gold_payment_ok, recruit_price, slay_payment_ok
from rules.valeria.state import DRAW, OVER, ROLL, ActionKind, Kind


def legal_json(state) -> list[dict]:
    return [VALERIA.action_to_json(a) for a in VALERIA.legal_actions(state)]


# ---------------------------------------------------------------------- the action phase


@pytest.mark.rules("valeria.actions.two", "valeria.actions.repeat", "valeria.actions.mandatory",
                   "valeria.gain.resource", "valeria.resources.kinds")
def test_two_actions_the_same_one_twice_allowed_then_the_turn_passes() -> None:
    state = in_actions()
    state = act(state, {"seat": 0, "gain": "magic"})
    assert state.actions_left == 1 and state.seats[0].magic == 2
    assert {"seat": 0, "gain": "strength"} in legal_json(state)
    state = act(state, {"seat": 0, "gain": "magic"})
    assert state.seats[0].magic == 3 and state.phase == ROLL and state.active == 1
    assert VALERIA.turn(state).kind is TurnKind.CHANCE


@pytest.mark.rules("valeria.actions.two")
def test_acting_out_of_turn_is_refused() -> None:
    verdict = refused(in_actions(), {"seat": 1, "gain": "gold"})
    assert verdict.rules == ("valeria.turn.phases",)


# ---------------------------------------------------------------------- recruit


@pytest.mark.rules("valeria.recruit.cost-per-copy", "valeria.citizens.names", "valeria.recruit.choose",
                   "valeria.recruit.duchy")
def test_a_second_peasant_costs_three_because_the_starter_shares_its_name() -> None:
    assert [recruit_price(2, n) for n in range(4)] == [2, 3, 4, 5]
    state = in_actions(gold=10)
    assert payments.price_of(state, 0, STACK["peasant"]) == 3
    assert payments.price_of(state, 0, STACK["archer"]) == 4
    wrong = refused(state, {"seat": 0, "recruit": "peasant", "pay": {"gold": 2}})
    assert wrong.rules == ("valeria.recruit.cost-per-copy",) and "price is 3" in wrong.message.get("en")
    after = act(state, {"seat": 0, "recruit": "peasant", "pay": {"gold": 3}})
    assert after.seats[0].citizens[STACK["peasant"]] == 1 and after.citizen_counts[STACK["peasant"]] == 4
    assert payments.price_of(after, 0, STACK["peasant"]) == 4


@pytest.mark.rules("valeria.recruit.magic", "valeria.resources.magic-substitute")
def test_magic_replaces_gold_but_one_real_gold_is_paid() -> None:
    assert gold_payment_ok(4, 1, 3, 1, 3) and not gold_payment_ok(4, 0, 4, 5, 5)
    state = in_actions(gold=1, magic=5)
    assert refused(state, {"seat": 0, "recruit": "archer", "pay": {"magic": 4}}).rules[0] == "valeria.recruit.magic"
    after = act(state, {"seat": 0, "recruit": "archer", "pay": {"gold": 1, "magic": 3}})
    assert (after.seats[0].gold, after.seats[0].magic) == (0, 2)
    poor = in_actions(gold=1, magic=1)
    assert "valeria.harvest.track" in refused(poor, {"seat": 0, "recruit": "archer",
                                                     "pay": {"gold": 1, "magic": 3}}).rules


@pytest.mark.rules("valeria.cards.emerald-stronghold")
def test_emerald_stronghold_ignores_the_plus() -> None:
    state = in_actions(domains=("emerald-stronghold",), citizens={"archer": 2})
    assert payments.price_of(state, 0, STACK["archer"]) == 4


@pytest.mark.rules("valeria.recruit.choose", "valeria.exhausted.replace", "valeria.exhausted.last-card")
def test_an_empty_stack_is_exhausted_and_cannot_be_recruited_from() -> None:
    state = in_actions(gold=20)
    counts = list(state.citizen_counts)
    counts[STACK["knight"]] = 1
    state = attrs.evolve(state, citizen_counts=tuple(counts))
    assert engine.exhausted(state) == 0
    after = act(state, {"seat": 0, "recruit": "knight", "pay": {"gold": 3}})
    assert engine.exhausted(after) == 1
    assert "valeria.exhausted.replace" in refused(after, {"seat": 0, "recruit": "knight",
                                                          "pay": {"gold": 3}}).rules


# ---------------------------------------------------------------------- slay


@pytest.mark.rules("valeria.slay.pay-strength", "valeria.slay.magic-cost")
def test_gelatinous_cube_takes_its_magic_plus_strength_or_magic_for_the_rest() -> None:
    assert slay_payment_ok(4, 1, 3, 2, 3, 2)  # the book's example: 3 strength + 2 magic
    assert not slay_payment_ok(4, 1, 4, 0, 9, 9)  # its magic cost is not optional
    assert not slay_payment_ok(4, 1, 0, 5, 9, 9)  # at least one real strength
    state = in_actions(new_swamp(), strength=3, magic=2)
    assert {"seat": 0, "slay": "swamp", "pay": {"strength": 3, "magic": 2}} in legal_json(state)
    verdict = refused(state, {"seat": 0, "slay": "swamp", "pay": {"strength": 0, "magic": 5}})
    assert verdict.rules[0] == "valeria.slay.pay-strength"
    after = act(state, {"seat": 0, "slay": "swamp", "pay": {"strength": 3, "magic": 2}})
    assert after.seats[0].monsters == ("gelatinous-cube",) and after.seats[0].gold == 2 + 2


def new_swamp():
    return started(monsters=["hills", "ruins", "forest", "swamp", "mountains"])


@pytest.mark.rules("valeria.slay.choose", "valeria.slay.victory-stack", "valeria.slay.reward",
                   "valeria.monsters.vp", "valeria.monsters.choice-reward", "valeria.symbols.or")
def test_a_slain_monster_goes_to_the_victory_stack_and_its_reward_choice_is_asked() -> None:
    state = in_actions(strength=10)
    state = attrs.evolve(state, monsters=(("goblin-mage", "goblin-king"),) + state.monsters[1:])
    after = act(state, {"seat": 0, "slay": "hills", "pay": {"strength": 3, "magic": 0}})
    assert after.seats[0].monsters == ("goblin-mage",) and after.monsters[0] == ("goblin-king",)
    assert after.pending[0].kind == "choose"
    assert sorted(a["choose"] for a in legal_json(after)) == ["gold", "magic"]
    assert after.pending[0].rule in refused(after, {"seat": 0, "gain": "gold"}).rules
    after = act(after, {"seat": 0, "choose": "magic"})
    assert after.seats[0].magic == 2 and after.actions_left == 1


@pytest.mark.rules("valeria.monsters.boss-reward", "valeria.monsters.vp-reward")
def test_a_boss_counts_itself_among_the_monsters_of_its_area() -> None:
    state = in_actions(strength=6, monsters=("goblin", "goblin"))
    state = attrs.evolve(state, monsters=(("goblin-king",),) + state.monsters[1:])
    after = act(state, {"seat": 0, "slay": "hills", "pay": {"strength": 6, "magic": 0}})
    assert after.seats[0].gold == 2 + 3


@pytest.mark.rules("valeria.monsters.citizen-reward", "valeria.symbols.up-to", "valeria.cards.orc-warrior")
def test_orc_warrior_gives_a_citizen_of_base_cost_up_to_three_ignoring_the_plus() -> None:
    state = in_actions(strength=9, citizens={"knight": 3})
    state = attrs.evolve(state, monsters=state.monsters[:4] + (("orc-warrior", "orc-chieftain"),))
    after = act(state, {"seat": 0, "slay": "mountains", "pay": {"strength": 9, "magic": 0}})
    offered = sorted(a["citizen"] for a in legal_json(after))
    assert "knight" in offered and "archer" not in offered  # archer costs 4
    after = act(after, {"seat": 0, "citizen": "knight"})
    assert after.seats[0].citizens[STACK["knight"]] == 4


@pytest.mark.rules("valeria.cards.bane-spider")
def test_bane_spider_offers_a_knight_only_while_the_knight_stack_lasts() -> None:
    state = in_actions(strength=6)
    state = attrs.evolve(state, monsters=state.monsters[:2] + (("bane-spider",),) + state.monsters[3:])
    after = act(state, {"seat": 0, "slay": "forest", "pay": {"strength": 6, "magic": 0}})
    assert sorted(a["choose"] for a in legal_json(after)) == ["citizen", "gold"]
    counts = list(state.citizen_counts)
    counts[STACK["knight"]] = 0
    empty = act(attrs.evolve(state, citizen_counts=tuple(counts)),
                {"seat": 0, "slay": "forest", "pay": {"strength": 6, "magic": 0}})
    # one possible branch left: the engine takes it (decision 0033)
    assert not empty.pending and [VALERIA.action_to_json(a) for a in empty.forced] == [{"seat": 0, "choose": "gold"}]


# ---------------------------------------------------------------------- build


@pytest.mark.rules("valeria.build.requirements", "valeria.citizens.role-uses", "valeria.domains.starters-no-roles")
def test_roles_are_counted_on_citizens_with_multiplicity_never_on_starters() -> None:
    state = in_actions(gold=20, citizens={"peasant": 1, "archer": 1})
    assert not payments.roles_met(state, 0, "palace-of-the-dawn")  # Worker + 2 Soldiers
    verdict = refused(state, {"seat": 0, "build": "palace-of-the-dawn", "pay": {"gold": 11}})
    assert verdict.rules[0] == "valeria.build.requirements"
    state = with_seat(state, 0, citizens={"peasant": 1, "archer": 2})
    assert payments.roles_met(state, 0, "palace-of-the-dawn")  # the book's example (B9)
    after = act(state, {"seat": 0, "build": "palace-of-the-dawn", "pay": {"gold": 11}})
    assert after.seats[0].domains == ("palace-of-the-dawn",)


@pytest.mark.rules("valeria.build.cost", "valeria.build.place", "valeria.build.reveal", "valeria.build.choose")
def test_building_pays_the_cost_at_least_one_gold_and_reveals_the_next_domain() -> None:
    state = in_actions(gold=1, magic=10, citizens={"peasant": 1, "archer": 2})
    assert refused(state, {"seat": 0, "build": "palace-of-the-dawn", "pay": {"magic": 11}}).rules[0] == \
        "valeria.build.cost"
    assert refused(state, {"seat": 0, "build": "halfpenny-hill", "pay": {"gold": 6}}).rules[0] == \
        "valeria.build.choose"  # face down under the Palace
    after = act(state, {"seat": 0, "build": "palace-of-the-dawn", "pay": {"gold": 1, "magic": 10}})
    assert after.domains[0] == ("halfpenny-hill", "the-orb-of-urdr")


@pytest.mark.rules("valeria.cards.pratchetts-plateau")
def test_pratchetts_plateau_makes_domains_one_gold_cheaper() -> None:
    state = in_actions(domains=("pratchetts-plateau",))
    assert payments.build_price(state, 0, "palace-of-the-dawn") == 10


@pytest.mark.rules("valeria.build.reward", "valeria.domains.effects", "valeria.domains.extra-action",
                   "valeria.cards.text-wins")
def test_eye_of_asteraten_gives_five_strength_and_a_slay_inside_the_build_action() -> None:
    state = in_actions(gold=8, citizens={"cleric": 1, "archer": 1})
    after = act(state, {"seat": 0, "build": "eye-of-asteraten", "pay": {"gold": 8}})
    assert after.seats[0].strength == 5 and after.pending[0].kind == "extra-slay"
    after = act(after, {"seat": 0, "slay": "hills", "pay": {"strength": 1, "magic": 0}})
    assert after.seats[0].monsters == ("goblin",) and after.actions_left == 1


@pytest.mark.rules("valeria.domains.effects", "valeria.domains.trigger-order", "valeria.turn.domain-phases")
def test_start_and_end_of_action_phase_domains() -> None:
    state = with_seat(started(), 0, domains=("halfpenny-hill", "the-orb-of-urdr"))
    after = roll(state, 1, 2)  # nothing activates: the Heralds
    after = act(after, {"seat": 0, "harvest": "herald", "choose": "gold"},
                {"seat": 1, "harvest": "herald", "choose": "magic"})
    assert after.seats[0].gold == 2 + 1 + 1  # Herald, then Halfpenny Hill at the start of the Action phase
    after = act(after, {"seat": 0, "gain": "gold"}, {"seat": 0, "gain": "gold"})
    # The Orb of Urdr at the end of the Action phase: with one opponent its take has one possible
    # answer, which the engine gives (decision 0033)
    assert not after.pending and after.forced == (VALERIA.action_from_json({"seat": 0, "take_from": 1}),)
    assert (after.seats[0].magic, after.seats[1].magic) == (2, 1)
    assert after.active == 1


def both_takes_pending() -> object:
    """Issue 18's scenario: 3 players, seat 0 built The Orb of Urdr, then the Cathedral of St
    Aquila; its Action phase ends, so both takes wait for its answers."""
    state = in_actions(started(3), actions_left=1, domains=("the-orb-of-urdr", "cathedral-of-st-aquila"))
    state = with_seat(with_seat(state, 1, gold=5, magic=5), 2, gold=5, magic=5)
    return act(state, {"seat": 0, "gain": "strength"})


@pytest.mark.rules("valeria.domains.trigger-order", "valeria.symbols.opponent", "valeria.symbols.take-from")
def test_the_owner_orders_the_cathedral_and_the_orb_and_picks_each_target() -> None:
    """Both takes pending, each answer names its domain: the owner takes in the order it chooses
    (the Cathedral's gold first here) and from the seat it chooses for each."""
    state = both_takes_pending()
    assert [answers.decision_detail(d)[0] for d in state.pending] == ["the-orb-of-urdr", "cathedral-of-st-aquila"]
    offered = legal_json(state)
    assert {"seat": 0, "take_from": 2, "domain": "cathedral-of-st-aquila"} in offered
    assert all("domain" in a for a in offered)  # a written record names the domain when several are pending
    after = act(state, {"seat": 0, "take_from": 2, "domain": "cathedral-of-st-aquila"})
    assert (after.seats[2].gold, after.seats[2].magic) == (4, 5)  # the Cathedral took 1 gold from seat 2
    assert [answers.decision_detail(d)[0] for d in after.pending] == ["the-orb-of-urdr"]
    assert legal_json(after)[0] == {"seat": 0, "take_from": 1}  # one take left: nothing to tell apart
    after = act(after, {"seat": 0, "take_from": 1, "domain": "the-orb-of-urdr"})
    assert (after.seats[1].gold, after.seats[1].magic) == (5, 4) and after.active == 1
    lines = [t.get("en") for t in VALERIA.explain_step(state, VALERIA.action_from_json(
        {"seat": 0, "take_from": 2, "domain": "cathedral-of-st-aquila"}), after)]
    assert lines[0] == "Seat 0 takes 1 gold from seat 2 (Cathedral of St Aquila) (valeria.symbols.take-from)."
    cs = VALERIA.explain_step(state, VALERIA.action_from_json({"seat": 0, "take_from": 1}), after)[0].get("cs")
    assert cs == f"Hráč 0 bere hráči 1 1 magie ({card_name('the-orb-of-urdr', 'cs')}) (valeria.symbols.take-from)."


@pytest.mark.rules("valeria.domains.trigger-order", "valeria.symbols.take-from")
def test_a_take_without_its_domain_answers_the_domain_built_first() -> None:
    """The record format before the domain was named (issue 18): ``take_from 1`` then
    ``take_from 2`` answer the takes in the order built, as the engine always promised: the
    Orb (built first) takes magic from seat 1, the Cathedral gold from seat 2."""
    after = act(both_takes_pending(), {"seat": 0, "take_from": 1}, {"seat": 0, "take_from": 2})
    assert (after.seats[1].gold, after.seats[1].magic) == (5, 4)
    assert (after.seats[2].gold, after.seats[2].magic) == (4, 5)
    verdict = refused(both_takes_pending(), {"seat": 0, "take_from": 1, "domain": "halfpenny-hill"})
    assert verdict.rules[0] == "valeria.domains.trigger-order"
    assert "Halfpenny Hill takes nothing now" in verdict.message.get("en")
    with pytest.raises(MalformedError, match="'domain' names the domain"):
        VALERIA.action_from_json({"seat": 0, "take_from": 1, "domain": "goblin"})


@pytest.mark.rules("valeria.cards.watcher-on-the-water")
def test_watcher_returns_a_monster_on_top_of_its_stack_for_three_vp() -> None:
    state = in_actions(gold=6, citizens={"archer": 2}, monsters=("goblin",))
    after = act(state, {"seat": 0, "build": "watcher-on-the-water", "pay": {"gold": 6}})
    assert {"seat": 0, "decline": "watcher-on-the-water"} in legal_json(after)  # a decline names its card
    declined = act(after, {"seat": 0, "decline": True})  # as records before decision 0033 write it
    assert declined == act(after, {"seat": 0, "decline": "watcher-on-the-water"}) and not declined.pending
    assert refused(after, {"seat": 0, "decline": "nest-of-the-weaver-witch"}).rules == (
        "valeria.cards.watcher-on-the-water",)
    after = act(after, {"seat": 0, "return": "goblin"})
    assert after.seats[0].vp == 3 and after.seats[0].monsters == () and len(after.monsters[0]) == 6


@pytest.mark.rules("valeria.cards.nest-of-the-weaver-witch")
def test_nest_returns_a_citizen_to_its_stack_for_three_vp() -> None:
    state = in_actions(gold=6, citizens={"peasant": 2})
    state = attrs.evolve(state, domains=(("nest-of-the-weaver-witch",),) + state.domains[1:])
    after = act(state, {"seat": 0, "build": "nest-of-the-weaver-witch", "pay": {"gold": 6}})
    after = act(after, {"seat": 0, "return": "peasant"})
    assert after.seats[0].vp == 3 and after.seats[0].citizens[STACK["peasant"]] == 1
    assert after.citizen_counts[STACK["peasant"]] == 6


@pytest.mark.rules("valeria.cards.purloiners-perch")
def test_purloiners_perch_draws_a_random_monster_at_a_chance_node() -> None:
    state = in_actions(gold=10, citizens={"rogue": 2})
    state = with_seat(state, 1, monsters=("goblin", "goblin", "skeleton"))
    state = attrs.evolve(state, domains=(("purloiners-perch",),) + state.domains[1:])
    after = act(state, {"seat": 0, "build": "purloiners-perch", "pay": {"gold": 10}})  # one opponent: forced
    assert after.phase == DRAW and VALERIA.turn(after).kind is TurnKind.CHANCE
    outcomes = {VALERIA.action_to_json(a)["monster"]: p for a, p in VALERIA.chance_outcomes(after)}
    assert outcomes == {"goblin": pytest.approx(2 / 3), "skeleton": pytest.approx(1 / 3)}
    after = act(after, {"chance": "draw", "monster": "skeleton"})
    assert after.seats[0].monsters == ("skeleton",) and after.seats[1].monsters == ("goblin", "goblin")


# ---------------------------------------------------------------------- the end


@pytest.mark.rules("valeria.end.conditions", "valeria.exhausted.end-trigger")
def test_the_end_trigger() -> None:
    assert end_triggered(0, 5, 0, 2) and end_triggered(3, 0, 0, 2)
    assert not end_triggered(3, 5, 3, 2) and end_triggered(3, 5, 4, 2) and end_triggered(3, 5, 5, 2)
    assert not end_triggered(3, 5, 7, 4) and end_triggered(3, 5, 8, 4)


@pytest.mark.rules("valeria.end.check", "valeria.end.equal-turns")
def test_after_the_trigger_the_round_is_finished_so_all_have_equal_turns() -> None:
    state = in_actions(started(3), seat=0)
    empty = (0,) * 4 + state.citizen_counts[4:]
    state = attrs.evolve(state, citizen_counts=empty, monsters=((),) * 2 + state.monsters[2:])  # 6 exhausted
    state = act(state, {"seat": 0, "gain": "gold"}, {"seat": 0, "gain": "gold"})
    assert state.end_triggered and state.phase == ROLL and state.active == 1
    for seat in (1, 2):
        state = in_actions(state, seat=seat)
        state = act(state, {"seat": seat, "gain": "gold"}, {"seat": seat, "gain": "gold"})
    assert state.phase == OVER and VALERIA.is_terminal(state)
    assert VALERIA.result(state) is not None


@pytest.mark.rules("valeria.cards.wraith")
def test_wraith_gives_a_citizen_of_base_cost_up_to_two() -> None:
    state = in_actions(started(monsters=["hills", "barrens", "ruins", "forest", "mountains"]), strength=4, magic=3)
    state = attrs.evolve(state, monsters=state.monsters[:1] + (("wraith",),) + state.monsters[2:])
    after = act(state, {"seat": 0, "slay": "barrens", "pay": {"strength": 4, "magic": 3}})
    offered = sorted(a["citizen"] for a in legal_json(after))
    assert offered == ["butcher", "champion", "knight", "merchant", "paladin", "peasant", "rogue"]


@pytest.mark.rules("valeria.setup.exhausted-stack", "valeria.exhausted.end-trigger")
def test_twice_as_many_exhausted_stacks_as_players_end_the_game() -> None:
    for players in (2, 3, 4):
        state = in_actions(started(players), seat=0)
        counts = (0,) * (2 * players - 1) + state.citizen_counts[2 * players - 1:]
        almost = act(attrs.evolve(state, citizen_counts=counts), {"seat": 0, "gain": "gold"},
                     {"seat": 0, "gain": "gold"})
        assert engine.exhausted(almost) == 2 * players - 1 and not almost.end_triggered
        counts = (0,) * (2 * players) + state.citizen_counts[2 * players:]
        ends = act(attrs.evolve(state, citizen_counts=counts), {"seat": 0, "gain": "gold"},
                   {"seat": 0, "gain": "gold"})
        assert ends.end_triggered


def test_kind_names_every_action_kind_by_the_same_member():
    """``Kind`` (the engine's fast reading of the action kinds, decision 0043) holds every member of
    ``ActionKind`` under its own name, the very same object, and nothing else."""
    plain = {name: value for name, value in vars(Kind).items() if not name.startswith("_")}
    assert plain.keys() == ActionKind.__members__.keys()
    assert all(plain[name] is member for name, member in ActionKind.__members__.items())


@pytest.mark.rules("valeria.symbols.up-to", "valeria.monsters.citizen-reward", "valeria.symbols.or",
                   "valeria.harvest.steal-target", "valeria.symbols.take-from")
def test_the_listed_answers_to_a_decision_are_the_candidates_offered_admits() -> None:
    """A decision's answers read from what they depend on (a citizen reward's: its targets; a choice's,
    a steal's and a take's: tables of the card and the table, decision 0047) are the very answers of
    the one predicate: the candidates that ``offered`` admits, in order."""
    asked: dict[str, int] = {}
    for seed in range(9):
        variant = [{"players": 2}, {"players": 5}, {"players": 3, "monster_events": True}][seed % 3]
        for state in walk(seed, variant)[2]:
            if not state.pending or state.phase in (OVER, ROLL, DRAW):
                continue
            d = state.pending[0]
            if d.kind in ("extra-slay", events.TOKEN_DECISION):
                continue
            admitted = [a for a in answers.answer_candidates(state, d) if answers.offered(state, a, d)]
            assert list(answers.decision_options(state, d)) == admitted
            asked[d.kind] = asked.get(d.kind, 0) + 1
    assert all(asked.get(kind, 0) >= 3 for kind in ("citizen", "choose", "thief", "take")), asked


@pytest.mark.rules("valeria.build.requirements", "valeria.build.cost")
def test_the_builds_offered_are_the_domains_whose_roles_are_met_and_price_is_reached() -> None:
    """The Action phase reads a domain's role icons from its row's table (decision 0047): the domains it
    offers to build are exactly the face-up ones whose roles ``roles_met`` finds covered and whose price
    the seat's gold (at least one) and magic reach."""
    checked = 0
    for seed in range(6):
        for state in walk(seed, [{"players": 2}, {"players": 4}][seed % 2])[2]:
            if state.phase != "actions" or state.pending:
                continue
            me, s = state.active, state.seats[state.active]
            offered = {a.card for a in VALERIA.legal_actions(state) if a.kind == ActionKind.BUILD}
            expected = {stack[0] for stack in state.domains if stack and s.gold >= 1
                        and s.gold + s.magic >= payments.build_price(state, me, stack[0])
                        and payments.roles_met(state, me, stack[0])}
            assert offered == expected
            checked += bool(expected)
    assert checked >= 10
