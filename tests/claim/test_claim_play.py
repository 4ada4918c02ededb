"""Claim's rules one by one, on positions built by hand.

Every test cites the rules it pins with ``pytest.mark.rules``; the coverage
test (``tests/test_rule_coverage.py``) fails when a normative rule has none.
Positions come from the ``position`` fixture (``tests/conftest.py``): a real
``Setup`` for phase one, a hand-made ``State`` for phase two.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest
from claim_helpers import every_card_in

from rules.claim import CLAIM, Card, Faction, Play, Setup, State, full_deck, play
from rules.claim.state import OVER
from rules.kernel.spec import load_spec
from rules.kernel.verdict import IllegalActionError, Violation

SPEC = load_spec()


def c(text: str) -> Card:
    return Card.parse(text)


def cards(*texts: str) -> tuple[Card, ...]:
    return tuple(c(t) for t in texts)


def lead(state: State, card: str) -> State:
    return CLAIM.apply(state, play(state.leader, c(card)))


def follow(state: State, card: str) -> State:
    assert state.table, "lead first"
    return CLAIM.apply(state, play(1 - state.leader, c(card)))


def trick(state: State, lead_card: str, follow_card: str) -> State:
    return follow(lead(state, lead_card), follow_card)


def winner(before: State, after: State) -> str:
    """'leader' or 'follower', read from who leads the next trick."""
    return "leader" if after.leader == before.leader else "follower"


def legal_cards(state: State) -> set[Card]:
    return {a.card for a in CLAIM.legal_actions(state)}


def assert_violation(v: Violation | None, *expected: str) -> Violation:
    assert v is not None, "the action should be illegal"
    assert set(expected) <= set(v.rules), f"{v.rules} should include {expected}"
    assert all(r in SPEC for r in v.rules), v.rules
    assert v.message.languages == ("cs", "en")
    assert v.message.get("cs").strip() and v.message.get("en").strip()
    assert v.message.get("cs") != v.message.get("en")
    return v


def snapshot(state: State) -> tuple[Any, ...]:
    """Every field of ``state``, by identity and by value."""
    fields = attrs.fields(State)
    return tuple((f.name, id(getattr(state, f.name)), getattr(state, f.name)) for f in fields)


def assert_illegal(state: State, action: Play, *expected: str) -> Violation:
    before = snapshot(state)
    copy = attrs.evolve(state)
    v = assert_violation(CLAIM.check(state, action), *expected)
    with pytest.raises(IllegalActionError) as info:
        CLAIM.apply(state, action)
    assert info.value.violation == v
    assert snapshot(state) == before and state == copy
    attempt = CLAIM.attempt(state, action)
    assert attempt == v
    assert not CLAIM.is_legal(state, action)
    assert action not in CLAIM.legal_actions(state)
    return v


# ----------------------------------------------------------------- components and setup


@pytest.mark.rules("claim.components.deck")
def test_deck_composition() -> None:
    deck = full_deck()
    assert len(deck) == 52
    by_faction = Counter(x.faction for x in deck)
    assert by_faction == {Faction.GOBLIN: 14, Faction.DWARF: 10, Faction.UNDEAD: 10,
                          Faction.DOPPELGANGER: 10, Faction.KNIGHT: 8}
    assert Counter(deck)[c("goblin:0")] == 5
    for faction in (Faction.GOBLIN, Faction.DWARF, Faction.UNDEAD, Faction.DOPPELGANGER):
        assert {x.value for x in deck if x.faction is faction} == set(range(10))
    assert sorted(x.value for x in deck if x.faction is Faction.KNIGHT) == list(range(2, 10))
    assert all(Counter(deck)[x] == 1 for x in deck if x != c("goblin:0"))


@pytest.mark.rules("claim.components.deck")
def test_cards_are_interned_and_parse() -> None:
    assert Card.parse("goblin:3") is Card.parse("goblin:3")
    assert str(c("doppelganger:7")) == "doppelganger:7"
    assert c("knight:2").name.get("cs") == "rytíř 2" and c("knight:2").name.get("en") == "knight 2"
    assert sorted(cards("undead:1", "goblin:9", "goblin:0")) == list(cards("goblin:0", "goblin:9", "undead:1"))


@pytest.mark.rules("claim.setup.deck", "claim.setup.deal", "claim.leader.first")
def test_random_setup_deals_thirteen_each_from_a_shuffled_deck() -> None:
    seen_leaders = set()
    deals = set()
    for seed in range(20):
        setup = CLAIM.random_setup(random.Random(seed))
        assert len(setup.hands[0]) == len(setup.hands[1]) == 13
        assert len(setup.deck) == 26
        assert Counter(setup.hands[0] + setup.hands[1] + setup.deck) == Counter(full_deck())
        assert setup.leader in (0, 1)
        seen_leaders.add(setup.leader)
        deals.add(setup.hands[0])
    assert seen_leaders == {0, 1}
    assert len(deals) == 20  # shuffled
    assert CLAIM.random_setup(random.Random(3)) == CLAIM.random_setup(random.Random(3))


@pytest.mark.rules("claim.phase1.reveal", "claim.setup.deal")
def test_initial_state_reveals_the_top_card() -> None:
    setup = CLAIM.random_setup(random.Random(11))
    state = CLAIM.initial_state(setup)
    assert state.phase == 1 and state.tricks_played == 0
    assert state.face_up == (setup.deck[0],) and state.deck == setup.deck[1:]
    assert state.hands == setup.hands and state.leader == setup.leader and state.to_move == setup.leader
    assert state.followers == state.score == ((), ()) and state.discard == () and state.table == ()


@pytest.mark.rules("claim.leader.first", "claim.lead")
@pytest.mark.parametrize("first", [0, 1])
def test_the_setup_names_the_first_leader(position: Any, first: int) -> None:
    state = position(leader=first)
    assert state.to_move == first
    assert {a.seat for a in CLAIM.legal_actions(state)} == {first}
    v = assert_illegal(state, play(1 - first, state.hands[1 - first][0]), "claim.lead", "claim.leader.first")
    assert "claim.leader.previous-winner" not in v.rules


# ----------------------------------------------------------------- leading and following


@pytest.mark.rules("claim.lead")
def test_leader_may_lead_any_card_of_any_faction(position: Any) -> None:
    state = position(lead_hand=["knight:4", "undead:0", "dwarf:9", "doppelganger:2"], revealed="goblin:3")
    assert legal_cards(state) == set(state.hands[0])
    # the lead need not match the revealed card's faction
    assert CLAIM.check(state, play(0, c("knight:4"))) is None


@pytest.mark.rules("claim.phase2.lead")
def test_phase_two_leader_may_lead_any_card(position: Any) -> None:
    state = position(phase=2, leader=1, lead_hand=["knight:4", "undead:0", "dwarf:9"])
    assert legal_cards(state) == set(state.hands[1])
    assert all(a.seat == 1 for a in CLAIM.legal_actions(state))


@pytest.mark.rules("claim.follow", "claim.follow-suit")
def test_follower_must_follow_suit(position: Any) -> None:
    state = lead(position(lead_hand=["goblin:5"], follow_hand=["goblin:1", "dwarf:3", "undead:4"],
                          lacks=["doppelganger"]), "goblin:5")
    assert state.to_move == 1
    assert legal_cards(state) == {x for x in state.hands[1] if x.faction is Faction.GOBLIN}
    v = assert_illegal(state, play(1, c("dwarf:3")), "claim.follow-suit")
    assert set(v.rules) == {"claim.follow-suit"}
    assert CLAIM.check(state, play(1, c("goblin:1"))) is None


@pytest.mark.rules("claim.follow", "claim.follow-suit")
def test_follower_void_in_the_led_faction_may_play_anything(position: Any) -> None:
    state = lead(position(lead_hand=["dwarf:2"], follow_hand=["undead:9", "goblin:4", "knight:3"],
                          lacks=["dwarf"]), "dwarf:2")
    assert legal_cards(state) == set(state.hands[1])
    for x in set(state.hands[1]):
        assert CLAIM.check(state, play(1, x)) is None


@pytest.mark.rules("claim.doppelgangers", "claim.follow-suit")
def test_doppelganger_is_wild_even_when_holding_the_led_faction(position: Any) -> None:
    state = lead(position(lead_hand=["undead:5"], follow_hand=["undead:2", "doppelganger:3", "dwarf:1"]),
                 "undead:5")
    assert CLAIM.check(state, play(1, c("doppelganger:3"))) is None
    assert c("doppelganger:3") in legal_cards(state)
    assert_illegal(state, play(1, c("dwarf:1")), "claim.follow-suit")


@pytest.mark.rules("claim.doppelgangers.led", "claim.follow-suit")
def test_led_doppelganger_must_be_followed_by_a_doppelganger(position: Any) -> None:
    state = lead(position(lead_hand=["doppelganger:4"], follow_hand=["doppelganger:1", "goblin:2", "knight:9"]),
                 "doppelganger:4")
    assert {x.faction for x in legal_cards(state)} == {Faction.DOPPELGANGER}
    v = assert_illegal(state, play(1, c("goblin:2")), "claim.follow-suit", "claim.doppelgangers.led")
    assert "claim.knights.follow-suit" not in v.rules
    assert_illegal(state, play(1, c("knight:9")), "claim.doppelgangers.led")


@pytest.mark.rules("claim.doppelgangers.led", "claim.follow-suit")
def test_led_doppelganger_without_doppelgangers_frees_the_follower(position: Any) -> None:
    state = lead(position(lead_hand=["doppelganger:4"], follow_hand=["goblin:2", "knight:9"],
                          lacks=["doppelganger"]), "doppelganger:4")
    assert legal_cards(state) == set(state.hands[1])
    after = follow(state, "knight:9")
    assert winner(state, after) == "leader"  # off-faction cannot win


@pytest.mark.rules("claim.phase2.follow", "claim.follow-suit")
def test_phase_two_follower_must_still_follow_suit(position: Any) -> None:
    state = lead(position(phase=2, lead_hand=["undead:6"], follow_hand=["undead:2", "goblin:9"],
                          lacks=["doppelganger"]), "undead:6")
    assert {x.faction for x in legal_cards(state)} == {Faction.UNDEAD}
    assert_illegal(state, play(1, c("goblin:9")), "claim.follow-suit", "claim.phase2.follow")
    void = lead(position(phase=2, lead_hand=["undead:6"], follow_hand=["goblin:9"], lacks=["undead"]), "undead:6")
    assert c("goblin:9") in legal_cards(void)


# ----------------------------------------------------------------- winning a trick


def independent_winner(lead_card: Card, follow_card: Card) -> str:
    """The trick rules restated (claim.trick-winner, .tie, .off-faction, knights, doppelgangers)."""
    led = lead_card.faction
    if led is Faction.GOBLIN and follow_card.faction is Faction.KNIGHT:
        return "follower"
    if follow_card.faction is led or follow_card.faction is Faction.DOPPELGANGER:
        return "leader" if lead_card.value >= follow_card.value else "follower"
    return "leader"


@pytest.mark.rules("claim.trick-winner", "claim.phase2.winner")
@pytest.mark.parametrize("phase", [1, 2])
@pytest.mark.parametrize("lead_card, follow_card, expected", [
    ("goblin:3", "goblin:7", "follower"),
    ("goblin:7", "goblin:3", "leader"),
    ("dwarf:0", "dwarf:9", "follower"),
    ("undead:9", "undead:0", "leader"),
    ("knight:2", "knight:3", "follower"),
    ("doppelganger:1", "doppelganger:8", "follower"),
])
def test_higher_card_of_the_led_faction_wins(position: Any, phase: int, lead_card: str, follow_card: str,
                                              expected: str) -> None:
    for first in (0, 1):
        state = position(phase=phase, leader=first, lead_hand=[lead_card], follow_hand=[follow_card])
        after = trick(state, lead_card, follow_card)
        assert winner(state, after) == expected
        assert after.leader == (first if expected == "leader" else 1 - first)


@pytest.mark.rules("claim.trick-winner.tie", "claim.phase2.winner")
@pytest.mark.parametrize("phase", [1, 2])
@pytest.mark.parametrize("first", [0, 1])
def test_a_tie_goes_to_the_leader(position: Any, phase: int, first: int) -> None:
    state = position(phase=phase, leader=first, lead_hand=["goblin:0"], follow_hand=["goblin:0"])
    after = trick(state, "goblin:0", "goblin:0")
    assert after.leader == first


@pytest.mark.rules("claim.trick-winner.tie", "claim.doppelgangers")
def test_a_doppelganger_of_equal_value_ties_and_the_leader_wins(position: Any) -> None:
    """Not only Goblin 0s can tie: a Doppelganger counts as following suit and is compared by value."""
    state = position(lead_hand=["undead:5"], follow_hand=["doppelganger:5"], revealed="goblin:1")
    after = trick(state, "undead:5", "doppelganger:5")
    assert winner(state, after) == "leader"


@pytest.mark.rules("claim.trick-winner.off-faction", "claim.phase2.winner")
@pytest.mark.parametrize("phase", [1, 2])
@pytest.mark.parametrize("lead_card, follow_card", [
    ("dwarf:2", "undead:9"), ("undead:0", "goblin:9"), ("dwarf:0", "knight:9"), ("doppelganger:0", "dwarf:9"),
    ("knight:2", "goblin:9"),
])
def test_an_off_faction_card_cannot_win(position: Any, phase: int, lead_card: str, follow_card: str) -> None:
    led = c(lead_card).faction.key
    state = position(phase=phase, lead_hand=[lead_card], follow_hand=[follow_card], lacks=[led, "doppelganger"])
    after = trick(state, lead_card, follow_card)
    assert winner(state, after) == "leader"


@pytest.mark.rules("claim.doppelgangers", "claim.trick-winner")
@pytest.mark.parametrize("phase", [1, 2])
def test_a_following_doppelganger_counts_as_the_led_faction(position: Any, phase: int) -> None:
    for led in ("goblin:4", "undead:4", "dwarf:4", "knight:4"):
        state = position(phase=phase, lead_hand=[led], follow_hand=["doppelganger:6", "doppelganger:2"])
        assert winner(state, trick(state, led, "doppelganger:6")) == "follower"
        assert winner(state, trick(state, led, "doppelganger:2")) == "leader"


@pytest.mark.rules("claim.knights", "claim.phase2.winner")
@pytest.mark.parametrize("phase", [1, 2])
def test_a_knight_on_a_led_goblin_wins_regardless_of_value(position: Any, phase: int) -> None:
    for goblin in range(10):
        for knight in (2, 9):
            g, k = f"goblin:{goblin}", f"knight:{knight}"
            state = position(phase=phase, leader=goblin % 2, lead_hand=[g], follow_hand=[k],
                             lacks=["goblin"])
            after = trick(state, g, k)
            assert winner(state, after) == "follower", (g, k)


@pytest.mark.rules("claim.knights", "claim.trick-winner.off-faction")
@pytest.mark.parametrize("phase", [1, 2])
def test_a_goblin_on_a_led_knight_loses(position: Any, phase: int) -> None:
    state = position(phase=phase, lead_hand=["knight:2"], follow_hand=["goblin:9"], lacks=["knight"])
    assert winner(state, trick(state, "knight:2", "goblin:9")) == "leader"


@pytest.mark.rules("claim.knights")
def test_the_knight_power_needs_a_led_goblin(position: Any) -> None:
    """A Knight played on a led Doppelganger (copying nothing) is just off-faction."""
    state = position(lead_hand=["doppelganger:0"], follow_hand=["knight:9"], lacks=["doppelganger"])
    assert winner(state, trick(state, "doppelganger:0", "knight:9")) == "leader"


@pytest.mark.rules("claim.knights.follow-suit", "claim.follow-suit", "claim.knights")
@pytest.mark.parametrize("phase", [1, 2])
def test_a_knight_may_not_be_played_on_a_goblin_while_holding_a_goblin(position: Any, phase: int) -> None:
    state = lead(position(phase=phase, lead_hand=["goblin:5"], follow_hand=["goblin:1", "knight:9"],
                          lacks=["doppelganger"]), "goblin:5")
    assert c("knight:9") not in legal_cards(state)
    expected = ("claim.follow-suit", "claim.knights.follow-suit") + (("claim.phase2.follow",) if phase == 2 else ())
    v = assert_illegal(state, play(1, c("knight:9")), *expected)
    assert "knights" in v.message.get("en").lower() or "goblin" in v.message.get("en").lower()
    assert winner(state, follow(state, "goblin:1")) == "leader"


@pytest.mark.rules("claim.trick-winner", "claim.trick-winner.tie", "claim.trick-winner.off-faction",
                   "claim.knights", "claim.doppelgangers", "claim.phase2.winner")
def test_every_lead_and_follow_pair_against_the_restated_rules(position: Any) -> None:
    """All 47 × 47 (lead, follow) card pairs in phase two, against an independent statement."""
    distinct = sorted(set(full_deck()))
    mismatches = []
    for lead_card in distinct:
        for follow_card in distinct:
            if lead_card == follow_card and lead_card != c("goblin:0"):
                continue
            lacks = [] if follow_card.faction in (lead_card.faction, Faction.DOPPELGANGER) else [
                lead_card.faction.key]
            state = position(phase=2, lead_hand=[str(lead_card)], follow_hand=[str(follow_card)], lacks=lacks)
            got = winner(state, trick(state, str(lead_card), str(follow_card)))
            if got != independent_winner(lead_card, follow_card):
                mismatches.append((str(lead_card), str(follow_card), got))
    assert not mismatches


# ----------------------------------------------------------------- phase one: where the cards go


def diff(before: tuple[Card, ...], after: tuple[Card, ...]) -> Counter[Card]:
    return Counter(after) - Counter(before)


@pytest.mark.rules("claim.phase1.winner-takes-revealed", "claim.trick-winner")
@pytest.mark.parametrize("who", ["leader", "follower"])
def test_winner_takes_the_revealed_card_to_followers(position: Any, who: str) -> None:
    follow_card = "goblin:7" if who == "follower" else "goblin:1"
    state = position(leader=1, lead_hand=["goblin:3"], follow_hand=[follow_card], revealed="knight:6",
                     deck_top="dwarf:8")
    after = trick(state, "goblin:3", follow_card)
    w = 1 if who == "leader" else 0
    assert after.leader == w
    assert diff(state.followers[w], after.followers[w]) == Counter([c("knight:6")])
    assert after.known_followers[w] == (c("knight:6"),) and after.known_followers[1 - w] == ()


@pytest.mark.rules("claim.phase1.loser-draws", "claim.phase1.reveal")
def test_loser_draws_the_top_card_and_the_next_card_is_revealed(position: Any) -> None:
    state = position(lead_hand=["goblin:3"], follow_hand=["goblin:7"], revealed="knight:6", deck_top="dwarf:8")
    top, next_card = state.deck[0], state.deck[1]
    assert top == c("dwarf:8")
    after = trick(state, "goblin:3", "goblin:7")
    assert after.followers[0] == (c("dwarf:8"),)  # seat 0 led and lost
    assert after.followers[1] == (c("knight:6"),)
    assert after.known_followers[0] == ()  # the drawn card is not public
    assert after.face_up == (next_card,) and after.deck == state.deck[2:]


@pytest.mark.rules("claim.phase1.undead-to-score", "claim.undead")
def test_played_undead_go_to_the_winners_score_pile(position: Any) -> None:
    state = position(lead_hand=["undead:3"], follow_hand=["undead:8"], revealed="goblin:5", deck_top="dwarf:1")
    after = trick(state, "undead:3", "undead:8")
    assert after.score[0] == () and Counter(after.score[1]) == Counter(cards("undead:3", "undead:8"))
    assert after.discard == ()
    assert after.followers == ((c("dwarf:1"),), (c("goblin:5"),))


@pytest.mark.rules("claim.phase1.undead-to-score", "claim.undead", "claim.phase1.discard")
def test_an_undead_played_off_faction_by_the_loser_scores_for_the_winner(position: Any) -> None:
    state = position(lead_hand=["dwarf:2"], follow_hand=["undead:9"], lacks=["dwarf", "doppelganger"],
                     revealed="goblin:6")
    after = trick(state, "dwarf:2", "undead:9")
    assert after.leader == 0
    assert after.score == ((c("undead:9"),), ())
    assert after.discard == (c("dwarf:2"),)


@pytest.mark.rules("claim.phase1.undead-revealed", "claim.phase1.winner-takes-revealed")
def test_a_won_undead_goes_to_followers_not_score(position: Any) -> None:
    state = position(lead_hand=["goblin:9"], follow_hand=["knight:2"], lacks=["goblin"], revealed="undead:4")
    after = trick(state, "goblin:9", "knight:2")
    assert after.followers[1] == (c("undead:4"),)
    assert after.score == ((), ())


@pytest.mark.rules("claim.phase1.discard")
@pytest.mark.parametrize("lead_card, follow_card", [
    ("goblin:3", "goblin:7"), ("knight:4", "knight:5"), ("dwarf:1", "dwarf:2"),
    ("doppelganger:1", "doppelganger:2"), ("goblin:2", "doppelganger:9"),
])
def test_other_played_cards_leave_the_game(position: Any, lead_card: str, follow_card: str) -> None:
    state = position(lead_hand=[lead_card], follow_hand=[follow_card])
    after = trick(state, lead_card, follow_card)
    assert Counter(after.discard) == Counter(cards(lead_card, follow_card))
    assert after.score == ((), ())


@pytest.mark.rules("claim.doppelgangers.no-power", "claim.phase1.undead-to-score", "claim.phase1.discard")
def test_a_doppelganger_copying_undead_is_discarded(position: Any) -> None:
    state = position(lead_hand=["undead:2"], follow_hand=["doppelganger:8"], revealed="dwarf:3")
    after = trick(state, "undead:2", "doppelganger:8")
    assert after.leader == 1
    assert after.score == ((), (c("undead:2"),))
    assert after.discard == (c("doppelganger:8"),)
    assert c("dwarf:3") in after.followers[1]


# ----------------------------------------------------------------- phase two: where the cards go


@pytest.mark.rules("claim.phase2.winner-takes-both", "claim.phase2.tricks")
@pytest.mark.parametrize("lead_card, follow_card, who", [
    ("undead:6", "undead:2", "leader"), ("goblin:1", "goblin:8", "follower"),
    ("knight:2", "goblin:9", "leader"), ("undead:5", "doppelganger:6", "follower"),
])
def test_phase_two_winner_takes_both_cards_to_score(position: Any, lead_card: str, follow_card: str,
                                                    who: str) -> None:
    lacks = [] if c(follow_card).faction in (c(lead_card).faction, Faction.DOPPELGANGER) else [
        c(lead_card).faction.key]
    state = position(phase=2, leader=1, lead_hand=[lead_card], follow_hand=[follow_card], lacks=lacks)
    after = trick(state, lead_card, follow_card)
    w = 1 if who == "leader" else 0
    assert after.leader == w
    assert Counter(after.score[w]) == Counter(cards(lead_card, follow_card)) and after.score[1 - w] == ()
    assert after.discard == state.discard and after.followers == ((), ()) and after.deck == ()


@pytest.mark.rules("claim.dwarves")
def test_dwarves_go_to_the_loser(position: Any) -> None:
    state = position(phase=2, lead_hand=["dwarf:7"], follow_hand=["dwarf:4"])
    after = trick(state, "dwarf:7", "dwarf:4")
    assert after.leader == 0
    assert after.score[0] == () and Counter(after.score[1]) == Counter(cards("dwarf:7", "dwarf:4"))


@pytest.mark.rules("claim.dwarves", "claim.dwarves.winner-rest")
def test_winner_still_takes_the_non_dwarves(position: Any) -> None:
    state = position(phase=2, lead_hand=["dwarf:3"], follow_hand=["goblin:8"], lacks=["dwarf", "doppelganger"])
    after = trick(state, "dwarf:3", "goblin:8")
    assert after.leader == 0
    assert after.score == ((c("goblin:8"),), (c("dwarf:3"),))
    # and the other way round: the follower's Dwarf, played off-faction, goes to the follower who lost
    state = position(phase=2, lead_hand=["undead:1"], follow_hand=["dwarf:9"], lacks=["undead", "doppelganger"])
    after = trick(state, "undead:1", "dwarf:9")
    assert after.score == ((c("undead:1"),), (c("dwarf:9"),))


@pytest.mark.rules("claim.doppelgangers.no-power", "claim.dwarves", "claim.dwarves.winner-rest")
def test_a_doppelganger_after_dwarves_goes_to_the_winner(position: Any) -> None:
    state = position(phase=2, lead_hand=["dwarf:6"], follow_hand=["doppelganger:3"])
    after = trick(state, "dwarf:6", "doppelganger:3")
    assert after.leader == 0
    assert after.score == ((c("doppelganger:3"),), (c("dwarf:6"),))
    # a Doppelganger that wins a Dwarf trick: the Dwarf still goes to the loser
    state = position(phase=2, lead_hand=["dwarf:2"], follow_hand=["doppelganger:7"])
    after = trick(state, "dwarf:2", "doppelganger:7")
    assert after.leader == 1
    assert after.score == ((c("dwarf:2"),), (c("doppelganger:7"),))


@pytest.mark.rules("claim.undead", "claim.phase2.winner-takes-both")
def test_undead_have_no_power_in_phase_two(position: Any) -> None:
    state = position(phase=2, lead_hand=["goblin:9"], follow_hand=["undead:8"], lacks=["goblin", "doppelganger"])
    after = trick(state, "goblin:9", "undead:8")
    assert after.score == ((c("goblin:9"), c("undead:8")), ())


# ----------------------------------------------------------------- the game flow


def first_legal_game(setup: Setup) -> list[tuple[State, Play, State]]:
    state = CLAIM.initial_state(setup)
    steps = []
    while not CLAIM.is_terminal(state):
        action = CLAIM.legal_actions(state)[0]
        after = CLAIM.apply(state, action)
        steps.append((state, action, after))
        state = after
    return steps


@pytest.mark.rules("claim.leader.previous-winner")
def test_the_winner_of_a_trick_leads_the_next(position: Any) -> None:
    state = position(leader=0, lead_hand=["goblin:3", "dwarf:5"], follow_hand=["goblin:7", "dwarf:1"],
                     lacks=["doppelganger"])
    after = trick(state, "goblin:3", "goblin:7")  # seat 1 wins
    assert after.leader == 1 and after.to_move == 1
    v = assert_illegal(after, play(0, c("dwarf:5")), "claim.lead", "claim.leader.previous-winner")
    assert "claim.leader.first" not in v.rules
    again = trick(after, "dwarf:1", "dwarf:5")  # seat 0 wins
    assert again.leader == 0


@pytest.mark.rules("claim.leader.previous-winner", "claim.phase1.end", "claim.phase2.take-followers")
@pytest.mark.parametrize("seed", range(6))
def test_phase_one_last_winner_leads_phase_two(seed: int) -> None:
    steps = first_legal_game(CLAIM.random_setup(random.Random(seed)))
    (before, action, after), = [s for s in steps if s[0].phase == 1 and s[2].phase == 2]
    last_lead, last_follow = before.table[0], action.card
    expected = before.leader if independent_winner(last_lead, last_follow) == "leader" else 1 - before.leader
    assert after.leader == expected and after.to_move == expected
    assert after.tricks_played == 13


@pytest.mark.rules("claim.phase1.tricks", "claim.phase1.end", "claim.phase2.take-followers",
                   "claim.phase2.tricks", "claim.phase2.end")
@pytest.mark.parametrize("seed", range(4))
def test_two_phases_of_thirteen_tricks(seed: int) -> None:
    steps = first_legal_game(CLAIM.random_setup(random.Random(seed)))
    assert len(steps) == 52
    resolved = [after for (_, _, after) in steps if not after.table]
    assert [s.tricks_played for s in resolved] == list(range(1, 27))
    assert [s.phase for s in resolved] == [1] * 12 + [2] * 13 + [OVER]
    # the phase change: followers become the hands, 13 each
    (before, action, first2), = [s for s in steps if s[0].phase == 1 and s[2].phase == 2]
    lead_card = before.table[0]
    w = first2.leader
    expected = [Counter(before.followers[0]), Counter(before.followers[1])]
    expected[w][before.face_up[0]] += 1
    expected[1 - w][before.deck[0]] += 1
    assert [Counter(h) for h in first2.hands] == expected
    assert len(first2.hands[0]) == len(first2.hands[1]) == 13
    assert first2.followers == ((), ()) and first2.deck == () and first2.face_up == ()
    assert lead_card in first2.discard or lead_card in first2.score[0] + first2.score[1]
    final = steps[-1][2]
    assert CLAIM.is_terminal(final) and final.hands == ((), ()) and final.to_move is None
    assert CLAIM.legal_actions(final) == ()
    assert CLAIM.result(final) is not None
    assert all(CLAIM.result(s) is None for (s, _, _) in steps)


@pytest.mark.rules("claim.setup.deal", "claim.phase1.tricks", "claim.phase2.tricks", "claim.phase1.end")
def test_hand_and_deck_sizes_through_a_game() -> None:
    for before, _, _after in first_legal_game(CLAIM.random_setup(random.Random(5))):
        if before.phase == 1 and not before.table:
            t = before.tricks_played
            assert len(before.hands[0]) == len(before.hands[1]) == 13 - t
            assert len(before.deck) == 25 - 2 * t and before.face_up != ()
            assert len(before.followers[0]) + len(before.followers[1]) == 2 * t
        if before.phase == 2 and not before.table:
            assert len(before.hands[0]) == len(before.hands[1]) == 26 - before.tricks_played
            assert before.deck == ()
        if before.table:
            assert len(before.hands[before.leader]) == len(before.hands[1 - before.leader]) - 1


# ----------------------------------------------------------------- violations


@pytest.mark.rules("claim.follow")
def test_leader_cannot_play_twice(position: Any) -> None:
    state = lead(position(lead_hand=["goblin:3", "goblin:4"]), "goblin:3")
    v = assert_illegal(state, play(0, c("goblin:4")), "claim.follow")
    assert v.rules == ("claim.follow",)


@pytest.mark.rules("claim.phase2.lead", "claim.phase2.follow", "claim.leader.previous-winner")
def test_out_of_turn_in_phase_two_cites_phase_two_rules(position: Any) -> None:
    state = position(phase=2, leader=1, lead_hand=["knight:4"], follow_hand=["goblin:4"])
    v = assert_illegal(state, play(0, c("goblin:4")), "claim.phase2.lead", "claim.leader.previous-winner")
    assert set(v.rules) == {"claim.phase2.lead", "claim.leader.previous-winner"}
    mid = lead(state, "knight:4")
    assert assert_illegal(mid, play(1, c("knight:4")), "claim.phase2.follow").rules == ("claim.phase2.follow",)


@pytest.mark.rules("claim.lead", "claim.follow", "claim.phase2.lead", "claim.phase2.follow")
def test_card_not_in_hand(position: Any) -> None:
    state = position(lead_hand=["goblin:3"], follow_hand=["goblin:4"], revealed="dwarf:9")
    absent = c("dwarf:9")  # the revealed card is in nobody's hand
    assert assert_illegal(state, play(0, absent), "claim.lead").rules == ("claim.lead",)
    mid = lead(state, "goblin:3")
    assert assert_illegal(mid, play(1, absent), "claim.follow").rules == ("claim.follow",)
    assert_illegal(mid, play(1, c("goblin:3")), "claim.follow")  # the card just led
    two = position(phase=2, lead_hand=["goblin:3"], follow_hand=["goblin:4"])
    gone = two.discard[0]
    assert assert_illegal(two, play(0, gone), "claim.phase2.lead").rules == ("claim.phase2.lead",)
    assert assert_illegal(lead(two, "goblin:3"), play(1, gone),
                          "claim.phase2.follow").rules == ("claim.phase2.follow",)


@pytest.mark.rules("claim.lead", "claim.trick-winner.tie")
def test_a_goblin_zero_is_in_hand_while_one_copy_remains(position: Any) -> None:
    """Zones are multisets: playing one of two Goblin 0s leaves the other playable."""
    state = position(lead_hand=["goblin:0", "goblin:0"], follow_hand=["goblin:0"])
    after = trick(state, "goblin:0", "goblin:0")
    assert after.leader == 0
    assert Counter(after.hands[0])[c("goblin:0")] == 1
    assert CLAIM.check(after, play(0, c("goblin:0"))) is None
    assert Counter(after.discard)[c("goblin:0")] == 2


@pytest.mark.rules("claim.phase2.end")
def test_no_play_after_the_game_is_over() -> None:
    final = first_legal_game(CLAIM.random_setup(random.Random(2)))[-1][2]
    for action in (play(0, c("goblin:0")), play(1, c("knight:9"))):
        v = assert_illegal(final, action, "claim.phase2.end")
        assert v.rules == ("claim.phase2.end",)


@pytest.mark.rules("claim.follow-suit", "claim.lead", "claim.follow", "claim.phase2.end")
def test_violations_serialise_in_both_languages(position: Any) -> None:
    state = lead(position(lead_hand=["goblin:5"], follow_hand=["goblin:1", "knight:9"]), "goblin:5")
    v = CLAIM.check(state, play(1, c("knight:9")))
    assert v is not None
    en, cs = v.to_json("en"), v.to_json("cs")
    assert en["rules"] == cs["rules"] == list(v.rules)
    assert en["message"] != cs["message"] and "goblin 5" in en["message"] and "skřet 5" in cs["message"]


@pytest.mark.rules("claim.lead", "claim.follow")
def test_apply_never_mutates_its_input(position: Any) -> None:
    state = position(lead_hand=["goblin:3"], follow_hand=["goblin:7"])
    before = snapshot(state)
    mid = lead(state, "goblin:3")
    mid_before = snapshot(mid)
    after = follow(mid, "goblin:7")
    assert snapshot(state) == before and snapshot(mid) == mid_before
    assert after is not mid and mid is not state


# ----------------------------------------------------------------- views




@pytest.mark.rules("claim.setup.hands-secret")
def test_a_view_shows_the_own_hand_and_hides_the_other_and_the_deck(position: Any) -> None:
    state = position(lead_hand=["knight:9"], follow_hand=["knight:8"])
    for seat in (0, 1):
        view = CLAIM.view(state, seat)
        assert view.seat == seat and view.hand == state.hands[seat]
        seen = every_card_in(view)
        assert c("knight:9" if seat == 0 else "knight:8") in seen
        assert c("knight:8" if seat == 0 else "knight:9") not in seen
        assert view.deck_size == 25 and view.hand_sizes == (13, 13)
        for x in set(state.deck):
            assert x not in seen or x == c("goblin:0")


@pytest.mark.rules("claim.piles.face", "claim.phase1.loser-draws", "claim.setup.hands-secret")
def test_drawn_followers_are_hidden_from_the_opponent(position: Any) -> None:
    state = position(lead_hand=["goblin:3"], follow_hand=["goblin:7"], revealed="knight:6", deck_top="dwarf:8")
    after = trick(state, "goblin:3", "goblin:7")  # seat 0 loses and draws dwarf:8
    mine, theirs = CLAIM.view(after, 0), CLAIM.view(after, 1)
    assert mine.followers == (c("dwarf:8"),)
    assert c("dwarf:8") not in every_card_in(theirs)
    assert theirs.follower_counts == (1, 1)
    # the won revealed card is known to both
    assert c("knight:6") in every_card_in(mine) and theirs.followers == (c("knight:6"),)
    assert mine.known_followers[1] == (c("knight:6"),)


@pytest.mark.rules("claim.piles.face")
def test_score_piles_and_table_are_public(position: Any) -> None:
    state = position(lead_hand=["undead:3", "goblin:1"], follow_hand=["undead:8"], revealed="goblin:5")
    after = trick(state, "undead:3", "undead:8")
    for seat in (0, 1):
        view = CLAIM.view(after, seat)
        assert view.score == after.score and view.discard == after.discard and view.face_up == after.face_up
    mid = lead(after, "undead:8") if c("undead:8") in after.hands[after.leader] else lead(
        after, str(after.hands[after.leader][0]))
    assert CLAIM.view(mid, 0).table == CLAIM.view(mid, 1).table == mid.table


# ----------------------------------------------------------------- explanations


@pytest.mark.rules("claim.trick-winner", "claim.knights")
def test_explanations_name_the_deciding_rule(position: Any) -> None:
    state = position(lead_hand=["goblin:9"], follow_hand=["knight:2"], lacks=["goblin"], revealed="undead:4")
    mid = lead(state, "goblin:9")
    after = follow(mid, "knight:2")
    assert CLAIM.explain_step(state, play(0, c("goblin:9")), mid) == ()
    lines = CLAIM.explain_step(mid, play(1, c("knight:2")), after)
    text = "\n".join(t.get("en") for t in lines)
    assert "claim.knights" in text and "seat 1 takes the trick" in text.lower()
    assert all(t.get("cs") and t.get("cs") != t.get("en") for t in lines)
