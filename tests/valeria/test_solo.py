"""The solo game against the Dark Lord (valeria.variants.solo.*, decision 0021): the
setup with his face-down duke, the Monster phase driven by the dice in each setting,
captures and seized domains, the Second Harvest, the immediate end conditions, both
scores and "equal or more means you lose", views that never show his duke before the
end, records, explanations, and random play-outs of every setting."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from valeria_engine_helpers import SETUP, act, refused, roll, setup_json, walk

from rules import games
from rules.cli import main
from rules.kernel.records import adjudicate, parse_record, read_json, record_to_json
from rules.kernel.schema import assemble, schema_errors
from rules.kernel.verdict import MalformedError
from rules.valeria import engine, solo
from rules.valeria.cards import Gain
from rules.valeria.data import index
from rules.valeria.game import VALERIA
from rules.valeria.state import ACTIONS, MONSTERS, OVER, ROLL, SECOND, Outcome, State
from rules.valeria.variants import monster_stack

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "valeria"
SCHEMA = assemble(games.load_all())
LORD = "reese-the-firebrand"
MINE = ("simon-the-unclean", "node-master-of-swords")
DIFFICULTIES = ("normal", "harder", "hardest")


def solo_setup_json(**changes: Any) -> dict[str, Any]:
    return setup_json(**{"dukes": [list(MINE)], "dark_lord": LORD, **changes})


def started(difficulty: str = "normal", **changes: Any) -> State:
    """The player has kept its first duke; the first roll is next."""
    setup = VALERIA.setup_from_json(solo_setup_json(**changes), {"players": 1, "difficulty": difficulty})
    state = VALERIA.initial_state(setup)
    return act(state, {"seat": 0, "keep": MINE[0]})


def last_action(state: State, dice: tuple[int, int], **fields: Any) -> State:
    """The player's last action of a turn with ``dice`` announced, then the Monster phase."""
    state = attrs.evolve(state, phase=ACTIONS, actions_left=1, dice=dice, rolled=dice, harvest=(), closing=False,
                         **fields)
    return act(state, {"seat": 0, "gain": "gold"})


def seat_with(state: State, **fields: Any) -> State:
    return attrs.evolve(state, seats=(attrs.evolve(state.seats[0], **fields),))


def counts(**stacks: int) -> tuple[int, ...]:
    """Citizen stack sizes of the helper's setup (5 each unless given)."""
    kinds = SETUP["citizens"]
    return tuple(stacks.get(k, 5) for k in kinds)


def forced(before: State, action: dict[str, Any]) -> tuple[State, str]:
    a = VALERIA.action_from_json(action)
    after = VALERIA.apply(before, a)
    steps = " ".join(s.narration.get("en") for s in VALERIA.forced_steps(before, a, after))
    return after, steps


# ------------------------------------------------------------------ setup and variant


@pytest.mark.rules("valeria.variants.solo.setup", "valeria.variants.solo.dark-lord")
def test_the_setup_deals_two_dukes_and_a_face_down_dark_lord_from_the_rest() -> None:
    for seed in range(20):
        setup = VALERIA.random_setup(random.Random(seed), {"players": 1, "difficulty": "harder"})
        assert setup.players == 1 and len(setup.dukes) == 1 and len(setup.dukes[0]) == 2
        assert setup.solo is not None and setup.random_citizens is None and setup.monster_events is None
        assert setup.solo.dark_lord in index().dukes and setup.solo.dark_lord not in setup.dukes[0]
        assert setup.variant.difficulty == "harder"
        assert VALERIA.variant_of(setup) == {"players": 1, "difficulty": "harder"}
        state = VALERIA.initial_state(setup)
        assert state.solo.dark_lord == setup.solo.dark_lord and state.players == 1
        assert all(len(st) == 5 for st in state.monsters) and set(state.citizen_counts) == {5}
        assert all(len(st) == 3 for st in state.domains)
    assert VALERIA.info.automata == ("dark-lord",) and 1 in VALERIA.info.players


@pytest.mark.rules("valeria.variants.solo.setup")
def test_a_solo_setup_must_name_a_dark_lord_not_dealt_to_the_player() -> None:
    variant = {"players": 1}
    with pytest.raises(MalformedError, match="valeria.variants.solo.setup"):
        VALERIA.setup_from_json(setup_json(dukes=[list(MINE)]), variant)
    with pytest.raises(MalformedError, match="valeria.variants.solo.setup"):
        VALERIA.setup_from_json(solo_setup_json(dark_lord=MINE[1]), variant)
    with pytest.raises(MalformedError, match="valeria.variants.solo.setup"):
        VALERIA.setup_from_json(setup_json(dark_lord=LORD), {"players": 2})
    setup = VALERIA.setup_from_json(solo_setup_json(), variant)
    assert VALERIA.setup_to_json(setup)["dark_lord"] == LORD
    with pytest.raises(MalformedError, match="decision 0021"):
        VALERIA.position_from_json({}, variant)


@pytest.mark.rules("valeria.variants.solo.dark-lord")
def test_solo_with_monster_events_is_refused_citing_the_ruling() -> None:
    with pytest.raises(MalformedError, match="valeria.variants.solo.dark-lord") as err:
        VALERIA.random_setup(random.Random(0), {"players": 1, "monster_events": True})
    assert "does not say that they combine" in str(err.value)
    rulings = " ".join(a.text.get("en") for a in _spec("valeria.variants.solo.dark-lord").rulings)
    assert "refuses the combination" in rulings
    with pytest.raises(MalformedError, match="difficulty"):
        VALERIA.random_setup(random.Random(0), {"players": 1, "difficulty": "nightmare"})


def _spec(rule_id: str) -> Any:
    from rules.kernel.spec import load_spec

    return load_spec()[rule_id]


# ------------------------------------------------------------------ the activation mapping


def _expected(a: int, b: int, position: int, difficulty: str) -> int:
    """V5.6 / V5.9 spelled out: each die names its position (a 6 the player's choice), twice
    on doubles; the sum 2-6 names one more in the harder settings."""
    n = (a == position) + (b == position)
    if difficulty != "normal" and 2 <= a + b <= 6 and a + b == position:
        n += 1
    return n


@pytest.mark.rules("valeria.variants.solo.monster-phase", "valeria.variants.solo.difficulty")
def test_the_activation_mapping_for_every_roll_and_setting() -> None:
    for difficulty in DIFFICULTIES:
        for a in range(1, 7):
            for b in range(1, 7):
                for position in range(1, 7):
                    got = solo.stack_activations(a, b, position, solo.SUM_ACTIVATES[difficulty])
                    assert got == _expected(a, b, position, difficulty), (a, b, position, difficulty)
    assert solo.stack_activations(3, 3, 3, False) == 2 and solo.stack_activations(3, 3, 6, False) == 0
    assert solo.stack_activations(1, 1, 2, True) == 1 and solo.stack_activations(4, 4, 8, True) == 1  # 8: no stack
    assert solo.stack_activations(2, 4, 6, True) == 1 and solo.stack_activations(2, 4, 6, False) == 0


# ------------------------------------------------------------------ the Monster phase


@pytest.mark.rules("valeria.variants.solo.turn", "valeria.variants.solo.monster-phase",
                   "valeria.variants.solo.capture")
def test_each_die_activates_its_stack_and_the_player_chooses_the_citizen_stack() -> None:
    state = started()
    after, steps = forced(attrs.evolve(state, phase=ACTIONS, actions_left=1, dice=(1, 2), rolled=(1, 2)),
                          {"seat": 0, "gain": "gold"})
    assert after.phase == MONSTERS and after.pending[0].kind == "capture"
    assert "the monster stack Hills (column 1) activates" in steps
    assert {a.card for a in VALERIA.legal_actions(after)} == {"cleric", "knight"}  # column 1: stacks 1 and 6
    assert refused(after, {"seat": 0, "capture": "merchant"}).rules == ("valeria.variants.solo.capture",)
    after, steps = forced(after, {"seat": 0, "capture": "knight"})
    assert after.solo.captured == ("knight",) and after.citizen_counts == counts(knight=4)
    assert "The Dark Lord captures the citizen Knight from column 1" in steps
    assert "Ruins (column 2) activates" in steps and after.pending[0].kind == "capture"
    after, steps = forced(after, {"seat": 0, "capture": "merchant"})
    assert after.solo.captured == ("knight", "merchant")
    assert "Beside the Dark Lord lie the captured citizens (2): Knight, Merchant; the seized domains (0): -" in steps
    assert "Second Harvest: the right sides of all activated citizens" in steps
    # then the Second Harvest (the Herald: no citizen activated, ruling O20) and the next turn
    assert after.phase == SECOND
    after = act(after, {"seat": 0, "harvest": "herald", "choose": "magic"})
    assert after.phase == ROLL and after.turns == state.turns + 1


@pytest.mark.rules("valeria.variants.solo.capture", "valeria.variants.solo.end", "valeria.variants.solo.result")
def test_a_column_without_citizens_gives_its_domain_then_loses_the_game() -> None:
    state = started()
    one = last_action(state, (1, 3), citizen_counts=counts(cleric=0, knight=2))
    assert one.solo.captured == ("knight",) and one.citizen_counts[SETUP["citizens"].index("knight")] == 1
    no_citizens = counts(cleric=0, knight=0, mercenary=0, champion=0)
    before_seize = attrs.evolve(state, phase=ACTIONS, actions_left=1, dice=(1, 3), rolled=(1, 3),
                                citizen_counts=no_citizens)
    after, steps = forced(before_seize, {"seat": 0, "gain": "gold"})
    top, below = state.domains[0][0], state.domains[0][1]
    assert after.solo.seized == (top, state.domains[2][0]) and after.domains[0][0] == below  # the next one revealed
    assert "seizes the domain" in steps and "ruling O21" in steps
    lost = attrs.evolve(before_seize, domains=((), *state.domains[1:]), citizen_counts=counts(cleric=0, knight=0),
                        dice=(1, 2), rolled=(1, 2))  # column 1 first: nothing left there
    after, steps = forced(lost, {"seat": 0, "gain": "gold"})
    assert after.phase == OVER and after.solo.outcome == Outcome.LOSS
    assert "Column 1 holds no citizens and no domains: you lose at once" in steps
    result = VALERIA.result(after)
    assert result is not None and result.winners == () and result.automaton == "dark-lord"
    assert result.details["solo"]["winner"] == "dark-lord"
    assert result.rules == ("valeria.variants.solo.end", "valeria.variants.solo.monster-phase")  # decided by the attack


@pytest.mark.rules("valeria.variants.solo.monster-phase", "valeria.variants.solo.difficulty")
def test_an_exhausted_stack_activates_nothing_unless_the_dark_lord_attacks_in_the_hardest_setting() -> None:
    empty_hills = ((), *started().monsters[1:])
    for difficulty, captured in (("normal", 0), ("harder", 0), ("hardest", 1)):
        state = attrs.evolve(started(difficulty), monsters=empty_hills, citizen_counts=counts(cleric=0))
        after, steps = forced(attrs.evolve(state, phase=ACTIONS, actions_left=1, dice=(1, 5), rolled=(1, 5)),
                              {"seat": 0, "gain": "gold"})
        assert after.solo.captured.count("knight") == captured, difficulty
        assert "Mountains (column 5) activates" in steps
        if captured:
            assert "the Dark Lord attacks himself" in steps and "(valeria.variants.solo.difficulty)" in steps
        else:
            assert "names the exhausted monster stack of column 1: nothing activates" in steps


@pytest.mark.rules("valeria.variants.solo.difficulty", "valeria.variants.solo.monster-phase")
def test_the_sum_activates_in_the_harder_settings_and_doubles_activate_twice() -> None:
    only_workers = counts(knight=0, rogue=0)  # one citizen stack left in columns 1 and 2: no choices
    for difficulty, expected in (("normal", ["cleric", "cleric"]), ("harder", ["cleric", "cleric", "merchant"])):
        after = last_action(started(difficulty), (1, 1), citizen_counts=only_workers)
        assert sorted(after.solo.captured) == sorted(expected), difficulty


@pytest.mark.rules("valeria.variants.solo.monster-phase")
def test_a_six_activates_a_non_exhausted_stack_of_the_players_choice() -> None:
    state = started()
    state = attrs.evolve(state, monsters=(state.monsters[0], (), *state.monsters[2:]),
                         citizen_counts=counts(knight=0, champion=0))
    after = last_action(state, (6, 6))
    assert after.pending[0].kind == "activate"
    assert {a.card for a in VALERIA.legal_actions(after)} == {"hills", "forest", "valley", "mountains"}
    assert refused(after, {"seat": 0, "activate": "ruins"}).rules == ("valeria.variants.solo.monster-phase",)
    after = act(after, {"seat": 0, "activate": "valley"}, {"seat": 0, "capture": "archer"},
                {"seat": 0, "activate": "forest"})
    assert after.solo.captured == ("archer", "mercenary")


# ------------------------------------------------------------------ harvests and "another player"


@pytest.mark.rules("valeria.variants.solo.second-harvest", "valeria.variants.solo.turn")
def test_the_second_harvest_takes_the_right_side_of_every_citizen_even_one_recruited_this_turn() -> None:
    state = started()
    state = attrs.evolve(state, phase=ACTIONS, actions_left=2, dice=(1, 4), rolled=(1, 4),
                         citizen_counts=counts(knight=0, paladin=0))
    state = seat_with(state, gold=10, magic=0)
    state = act(state, {"seat": 0, "recruit": "cleric", "pay": {"gold": 3}})  # price 3, activation 1
    with_cleric = state.seats[0]
    state = act(state, {"seat": 0, "gain": "strength"})
    # one citizen stack left in columns 1 and 4: the Cleric and the Archer are captured without a choice
    assert state.phase == ROLL and sorted(state.solo.captured) == ["archer", "cleric"]
    right = index().citizens["cleric"].off_turn[0]
    assert isinstance(right, Gain)
    assert state.seats[0].magic == with_cleric.magic + right.amount.magic  # the Cleric's right side: 1 magic
    assert state.seats[0].strength == with_cleric.strength + 1
    assert state.seats[0].gold == with_cleric.gold + 1  # 1 + 4 = 5: the starter Peasant's right side


@pytest.mark.rules("valeria.variants.solo.second-harvest")
def test_the_herald_activates_in_the_second_harvest_as_for_an_opponent() -> None:
    state = last_action(started(), (3, 3), citizen_counts=counts(champion=0))
    assert state.solo.captured == ("mercenary", "mercenary")  # doubles: column 3 twice
    assert state.phase == SECOND  # doubles: the Herald (HE3) on the right side, ruling O20
    items = state.harvest[0]
    assert [(it.card, it.count) for it in items] == [("herald", 1)]
    before = state.seats[0].magic
    state = act(state, {"seat": 0, "harvest": "herald", "choose": "magic"})
    assert state.seats[0].magic == before + 1 and state.phase == ROLL
    assert VALERIA.legal_actions(state) == ()


@pytest.mark.rules("valeria.variants.solo.turn")
def test_taking_from_another_player_means_taking_the_reward() -> None:
    state = started(citizens=["cleric", "merchant", "mercenary", "archer", "peasant", "knight", "thief", "champion",
                              "paladin", "butcher"])
    state = seat_with(state, citizens=tuple(1 if k == "thief" else 0 for k in state.citizen_kinds))
    state = roll(state, 3, 4)  # 7: the Thief; no opponent: the reward is simply taken
    assert state.pending[0].kind == "thief"
    assert set(VALERIA.legal_actions(state)) == {VALERIA.action_from_json({"seat": 0, "thief": r})
                                                 for r in ("gold", "magic")}
    assert refused(state, {"seat": 0, "thief": "gold", "from": 1}).rules == ("valeria.variants.solo.turn",)
    gold = state.seats[0].gold
    state = act(state, {"seat": 0, "thief": "gold"})
    assert state.seats[0].gold == gold + 3
    # a domain that takes from an opponent simply gives (Cutthroat's Truce: 3 gold)
    state = attrs.evolve(state, phase=ACTIONS, actions_left=2, harvest=(), pending=(),
                         domains=(("cutthroats-truce",), *state.domains[1:]))
    state = seat_with(state, gold=10, magic=0, citizens=tuple(1 if k in ("thief", "cleric") else 0
                                                              for k in state.citizen_kinds))
    state = act(state, {"seat": 0, "build": "cutthroats-truce", "pay": {"gold": 5}})
    assert state.seats[0].gold == 10 - 5 + 3 and not state.pending


@pytest.mark.rules("valeria.variants.solo.turn", "valeria.cards.purloiners-perch")
def test_taking_a_monster_takes_the_top_of_the_leftmost_non_exhausted_stack() -> None:
    state = started()
    state = attrs.evolve(state, phase=ACTIONS, actions_left=2, monsters=((), *state.monsters[1:]),
                         domains=(("purloiners-perch",), *state.domains[1:]))
    state = seat_with(state, gold=20, magic=0, citizens=tuple(2 for _ in state.citizen_kinds))
    state = act(state, {"seat": 0, "build": "purloiners-perch", "pay": {"gold": index().domains[
        "purloiners-perch"].cost}})
    # "take a monster" has one possible answer in the solo game: the engine's (decision 0033)
    assert not state.pending and [VALERIA.action_to_json(a) for a in state.forced] == [{"seat": 0, "purloin": True}]
    assert state.seats[0].monsters == (monster_stack("ruins", 1)[0],) and len(state.monsters[1]) == 4
    assert VALERIA.action_to_json(VALERIA.action_from_json({"seat": 0, "purloin": True})) == {"seat": 0,
                                                                                             "purloin": True}


# ------------------------------------------------------------------ the end and the scores


@pytest.mark.rules("valeria.variants.solo.end", "valeria.variants.solo.result")
def test_slaying_the_last_monster_wins_at_once() -> None:
    state = started()
    last = state.monsters[0][-1:]  # the Boss of the Hills: strength 6
    state = attrs.evolve(state, phase=ACTIONS, actions_left=2, monsters=(last, (), (), (), ()))
    state = seat_with(state, strength=6)
    after, steps = forced(state, {"seat": 0, "slay": "hills", "pay": {"strength": 6}})
    assert after.phase == OVER and after.solo.outcome == Outcome.WIN and "All monsters are slain: you win at once" in steps
    result = VALERIA.result(after)
    assert result is not None and result.winners == (0,) and result.details["solo"]["winner"] == "player"
    assert result.automaton == "" and "for now" in result.lines[-1].get("en")
    assert result.rules == ("valeria.variants.solo.end",)  # all monsters slain: won at once


@pytest.mark.rules("valeria.variants.solo.end", "valeria.variants.solo.end-phase")
def test_five_exhausted_stacks_end_the_game_at_once_even_in_the_action_phase() -> None:
    state = started()
    state = attrs.evolve(state, phase=ACTIONS, actions_left=2, citizen_counts=counts(cleric=0, merchant=0, knight=0,
                                                                                       rogue=1))
    assert engine.exhausted(state) == 3
    state = act(state, {"seat": 0, "gain": "gold"})
    assert state.phase == ACTIONS  # 3 exhausted: play goes on
    state = attrs.evolve(state, domains=((), *state.domains[1:]))
    state = seat_with(state, gold=10)
    after, steps = forced(state, {"seat": 0, "recruit": "rogue", "pay": {"gold": 2}})
    assert after.phase == OVER and after.solo.outcome == Outcome.SCORE and engine.exhausted(after) == 5
    assert "5 center stacks are exhausted: the game ends and is scored" in steps
    result = VALERIA.result(after)
    assert result is not None and result.rules == ("valeria.variants.solo.end", "valeria.variants.solo.result")


def _over(state: State) -> State:
    return attrs.evolve(state, phase=OVER, solo=attrs.evolve(state.solo, outcome=Outcome.SCORE))


@pytest.mark.rules("valeria.variants.solo.scoring", "valeria.variants.solo.result")
def test_both_scores_and_equal_or_more_means_you_lose() -> None:
    ix = index()
    state = started()
    state = attrs.evolve(state, solo=attrs.evolve(state.solo, captured=("cleric", "knight", "rogue"),
                                                  seized=("palace-of-the-dawn",)),
                         monsters=(state.monsters[0][2:], *state.monsters[1:]),
                         domains=(state.domains[0][1:], *state.domains[1:]))
    state = seat_with(state, monsters=state.monsters[0][:0] + started().monsters[0][:2], vp=2, gold=5)
    mine, his = solo.scores(state)
    # yours: slain monsters + built domains + board VP (ruling O20) + your duke
    assert mine.monsters == sum(ix.monsters[m].vp for m in state.seats[0].monsters) and mine.board == 2
    # his: every monster still in the stacks + seized domains + his duke on survivors, captives, seized domains
    survivors = [m for st in state.monsters for m in st]
    assert his.monsters == sum(ix.monsters[m].vp for m in survivors)
    assert his.domains == ix.domains["palace-of-the-dawn"].vp and his.board == 0 and his.duke_resources == 0
    duke = ix.dukes[LORD]
    expected = 0
    for term in duke.score:
        kind, value = term.per.kind, term.per.value
        if kind == "role_icon":
            n = sum(1 for c in state.solo.captured if ix.citizens[c].role == value) + sum(
                ix.domains["palace-of-the-dawn"].roles.count(value) for _ in (0,))
        elif kind == "card_type":
            n = {"citizen": 3, "domain": 1, "monster": len(survivors)}[value]
        elif kind == "monster_type":
            n = sum(1 for m in survivors if value in ix.monsters[m].types)
        else:
            n = sum(1 for m in survivors if ix.monsters[m].area == value)
        expected += term.vp * n
    assert his.duke == expected
    # equal: the Dark Lord wins; one more VP for you: you win
    gap = his.total - mine.total
    tied = seat_with(state, vp=state.seats[0].vp + gap)
    assert solo.scores(tied)[0].total == solo.scores(tied)[1].total
    result = VALERIA.result(_over(tied))
    assert result is not None and result.winners == () and result.details["solo"]["winner"] == "dark-lord"
    assert "equal or more means you lose" in " ".join(line.get("en") for line in result.lines)
    ahead = VALERIA.result(_over(seat_with(state, vp=state.seats[0].vp + gap + 1)))
    assert ahead is not None and ahead.winners == (0,)
    assert ahead.to_json()["solo"]["player"] == ahead.to_json()["solo"]["dark-lord"] + 1


# ------------------------------------------------------------------ views and secrets


@pytest.mark.rules("valeria.variants.solo.setup")
def test_the_dark_lords_duke_is_in_no_view_before_the_end() -> None:
    state = last_action(started(), (1, 2), citizen_counts=counts(knight=0, rogue=0))
    for seat in (0, -1):
        view = VALERIA.view(state, seat)
        assert view.solo is not None and view.solo.dark_lord is None and LORD not in repr(view)
        assert view.solo.captured == state.solo.captured == ("cleric", "merchant")
        other = VALERIA.rehide(state, seat, random.Random(3))
        assert VALERIA.view(other, seat) == view
    assert {VALERIA.rehide(state, 0, random.Random(i)).solo.dark_lord for i in range(30)} - {LORD}
    over = _over(state)
    assert VALERIA.view(over, 0).solo.dark_lord == LORD and VALERIA.rehide(over, 0, random.Random(1)).solo.dark_lord == LORD


# ------------------------------------------------------------------ random games of every setting


def play(seed: int, difficulty: str, random_citizens: bool = False) -> tuple[Any, list[Any], list[State]]:
    return walk(seed, {"players": 1, "difficulty": difficulty, "random_citizens": random_citizens}, limit=3000)


@pytest.mark.rules("valeria.variants.solo.turn", "valeria.variants.solo.monster-phase", "valeria.variants.solo.capture",
                   "valeria.variants.solo.second-harvest", "valeria.variants.solo.end", "valeria.variants.solo.scoring",
                   "valeria.variants.solo.result", "valeria.variants.solo.setup", "valeria.variants.solo.difficulty")
@given(seed=st.integers(0, 2**32 - 1), difficulty=st.sampled_from(DIFFICULTIES), random_citizens=st.booleans())
@settings(max_examples=9, deadline=None)
def test_random_solo_games_keep_the_invariants_and_name_the_winner(seed: int, difficulty: str,
                                                                   random_citizens: bool) -> None:
    setup, actions, states = play(seed, difficulty, random_citizens)
    setup_domains = Counter(d for stack in setup.domains for d in stack)
    for state in states:
        s = state.seats[0]
        for area, stack in zip(state.areas, state.monsters, strict=True):
            taken = [m for m in s.monsters if m in monster_stack(area, 1)]
            assert Counter(stack) + Counter(taken) == Counter(monster_stack(area, 1))
        for i, kind in enumerate(state.citizen_kinds):  # center + duchy + captured = every copy dealt
            stacks = setup.random_citizens.stacks if setup.random_citizens is not None else None
            dealt = sum(st.count(kind) for st in stacks) if stacks is not None else 5
            assert state.citizen_counts[i] + s.citizens[i] + state.solo.captured.count(kind) == dealt
        assert Counter(d for st in state.domains for d in st) + Counter(s.domains) + Counter(state.solo.seized) == \
            setup_domains
        assert min(s.gold, s.strength, s.magic, s.vp) >= 0
        if state.phase != OVER:
            assert state.solo.dark_lord not in repr(VALERIA.view(state, 0)) + repr(VALERIA.legal_actions(state))
    last = states[-1]
    assert last.solo.outcome in tuple(Outcome)
    result = VALERIA.result(last)
    assert result is not None
    winner = result.details["solo"]["winner"]
    assert (winner == "player") == (result.winners == (0,)) and winner in ("player", "dark-lord")
    if last.solo.outcome == Outcome.SCORE:
        mine, his = result.details["solo"]["player"], result.details["solo"]["dark-lord"]
        assert (winner == "player") == (mine > his)
    assert VALERIA.view(last, 0).solo.dark_lord == setup.solo.dark_lord
    # the record replays and its schema accepts it
    data = json.loads(json.dumps(record_to_json(VALERIA, setup, actions)))
    assert not schema_errors(SCHEMA, data)
    verdict = adjudicate(VALERIA, parse_record(data, lambda key: VALERIA))
    assert verdict.legal and verdict.finished and verdict.result is not None
    assert verdict.result.winners == result.winners


# ------------------------------------------------------------------ examples and the command line


@pytest.mark.rules("valeria.variants.solo.result", "valeria.variants.solo.scoring")
def test_the_bundled_solo_games_and_their_verdicts(capsys: pytest.CaptureFixture[str]) -> None:
    win = parse_record(read_json(EXAMPLES / "solo-win.json"), lambda key: VALERIA)
    loss = parse_record(read_json(EXAMPLES / "solo-loss.json"), lambda key: VALERIA)
    won, lost = adjudicate(VALERIA, win), adjudicate(VALERIA, loss)
    assert won.result is not None and won.result.winners == (0,)
    assert lost.result is not None and lost.result.winners == () and lost.result.automaton == "dark-lord"
    assert main(["valeria", "score", str(EXAMPLES / "solo-win.json")]) == 0
    out = capsys.readouterr().out
    assert "Player: monsters" in out and "Dark Lord (duke" in out and "Winner: the player" in out
    assert main(["valeria", "score", "--json", str(EXAMPLES / "solo-loss.json")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["winners"] == [] and data["automaton"] == "dark-lord" and data["solo"]["winner"] == "dark-lord"
    for lang, words in (("en", ("you lose at once", "Monster phase", "captures the citizen", "Winner: dark-lord")),
                        ("cs", ("prohrál jste ihned", "Fáze nestvůr", "zajímá obyvatele", "Vítěz: dark-lord"))):
        main(["adjudicate", "--explain", "--lang", lang, str(EXAMPLES / "solo-loss.json")])
        out = capsys.readouterr().out
        assert all(w in out for w in words), (lang, [w for w in words if w not in out])
        assert "valeria.end.equal-turns" not in out
