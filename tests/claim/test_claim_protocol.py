"""The Claim family on the Kernel 2 protocol (decision records 0010–0012):
pending decisions on the kernel's stack, forced steps, rulesets as data,
validating constructors and the rule citations of each game object."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest
from claim2_helpers import FOUR, THREE, c, cards, run
from claim2_helpers import position as position_of

from rules.claim import (
    CLAIM,
    CLAIM2,
    CLAIM_COMBINED,
    ActionKind,
    Card,
    ClaimEngine,
    Crush,
    Faction,
    Phase,
    Play,
    Setup,
    Take,
    card,
    crush,
    play,
    take,
)
from rules.claim.cards import faction_cards
from rules.claim.explain import forced_steps
from rules.claim.game import claim_game
from rules.claim.state import Choice, opened_by
from rules.claim.trick import revealed_card_destinations
from rules.claim.variants import (
    CLAIM2_VARIANT,
    CLAIM_VARIANT,
    COMBINED_MULTI_RULES,
    COMBINED_TWO_RULES,
    ROLES,
    combined,
)
from rules.kernel.decisions import Decision, ForcedStep
from rules.kernel.spec import load_spec
from rules.kernel.verdict import MalformedError, UnknownGameError, Violation

SPEC = load_spec()
KNOWN = frozenset(r.id for r in SPEC.rules)
RULE_IN_TEXT = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+\b")
ENGINES = (CLAIM, CLAIM2, CLAIM_COMBINED)


# ------------------------------------------------------------------ pending decisions (decision record 0011)


@pytest.mark.rules("claim2.seers", "claim2.seers.exchange")
def test_a_seers_choice_is_a_decision_on_the_kernel_stack_and_refusals_cite_its_rule() -> None:
    state = position_of(CLAIM2_VARIANT, phase=1, hands=[["seer:9", "gnome:1"], ["seer:1", "gnome:3"]],
                     face_up=["dragon:5"])
    after = run(state, play(0, c("seer:9")), play(1, c("seer:1")))
    (decision,) = CLAIM2.pending(after)
    assert decision == Decision(0, ActionKind.TAKE, "claim2.seers", Choice((1,), True))
    assert CLAIM2.turn(after).seat == 0 and CLAIM2.legal_actions(after) == (take(0, c("dragon:5")), take(0, None))
    refusal = CLAIM2.check(after, play(0, c("gnome:1")))  # play on instead of choosing
    assert isinstance(refusal, Violation) and refusal.rules[0] == decision.rule
    assert refusal.rules == opened_by(decision)
    done = run(after, take(0, None))  # the deck card; the loser gets the face-up card (claim2.seers.exchange)
    assert CLAIM2.pending(done) == () and done.followers[1][-1] == c("dragon:5")


@pytest.mark.rules("claim2.giants", "claim2.giants.no-gnome")
def test_a_crush_is_a_decision_that_leaves_the_stack_when_made() -> None:
    state = position_of(CLAIM2_VARIANT, phase=2, hands=[["giant:3", "seer:0"], ["giant:5", "seer:1"]],
                     gnomes=[["gnome:3", "gnome:7"], []])
    after = run(state, play(0, c("giant:3")), play(1, c("giant:5")))
    (decision,) = CLAIM2.pending(after)
    assert (decision.seat, decision.kind, decision.rule) == (1, ActionKind.CRUSH, "claim2.giants")
    assert decision.detail == Choice((0,), False, ((3, 1),))
    refused = CLAIM2.check(after, crush(1, c("gnome:7")))
    assert refused is not None and "claim2.giants.no-gnome" in refused.rules
    assert CLAIM2.pending(run(after, crush(1, c("gnome:3")))) == ()


# ------------------------------------------------------------------ forced steps


def _rules_of(steps: tuple[ForcedStep, ...]) -> list[str]:
    return [s.rule for s in steps]


@pytest.mark.rules("claim.phase1.winner-takes-revealed", "claim.phase1.loser-draws", "claim.phase1.reveal")
def test_forced_steps_of_a_two_player_trick_name_their_rules_in_czech_and_english(position: Any) -> None:
    state = position(lead_hand=["goblin:3"], follow_hand=["goblin:7"], revealed="knight:6", deck_top="dwarf:8")
    mid = CLAIM.apply(state, play(0, c("goblin:3")))
    assert CLAIM.forced_steps(state, play(0, c("goblin:3")), mid) == ()  # half a trick: nothing forced yet
    after = CLAIM.apply(mid, play(1, c("goblin:7")))
    steps = CLAIM.forced_steps(mid, play(1, c("goblin:7")), after)
    assert _rules_of(steps) == ["claim.phase1.winner-takes-revealed", "claim.phase1.loser-draws",
                                "claim.phase1.reveal"]
    assert all(s.text.languages == ("cs", "en") for s in steps)
    english = [s.narration.get("en") for s in steps]
    assert english[0] == "  knight 6 goes to seat 1's followers (claim.phase1.winner-takes-revealed)"
    assert english[1] == "  dwarf 8 goes to seat 0's followers (claim.phase1.loser-draws)"
    assert english[2].endswith(f": {after.face_up[0].name.get('en')} (claim.phase1.reveal)")
    # the engine's own account of the trick does not repeat them
    told = "\n".join(t.get("en") for t in CLAIM.explain_step(mid, play(1, c("goblin:7")), after))
    assert "knight 6" not in told and "dwarf 8" not in told


@pytest.mark.rules("claim2.giants.multiplayer", "claim2.giants.multiplayer.not-own-team", "claim2.gnomes.end",
                   "claim2.trolls.last-trick")
def test_forced_steps_narrate_the_automatic_crush_the_last_trolls_and_the_scored_gnomes() -> None:
    """The game's last trick, four players: seat 0's Giant 5 wins, crushes the
    Gnome 5 of seat 1 (an opponent) by itself, not that of seat 2 (the
    partner); the winner takes every Troll left; the laid-out Gnomes are scored."""
    state = position_of(FOUR, phase=2, leader=0, hands=[["giant:5"], ["troll:3"], ["seer:2"], ["seer:3"]],
                        gnomes=[[], ["gnome:5"], ["gnome:7"], []], trolls=["troll:1"])
    plays = (play(0, c("giant:5")), play(1, c("troll:3")), play(2, c("seer:2")), play(3, c("seer:3")))
    before = run(state, *plays[:-1])
    after = CLAIM_COMBINED.apply(before, plays[-1])
    assert after.phase is Phase.OVER and after.last_trick.winner == 0
    steps = CLAIM_COMBINED.forced_steps(before, plays[-1], after)
    assert _rules_of(steps) == ["claim2.giants.multiplayer", "claim2.trolls.last-trick", "claim2.trolls.last-trick",
                                "claim2.gnomes.end"]
    assert all(s.text.languages == ("hu", "en") for s in steps)
    english = [s.narration.get("en") for s in steps]
    assert "seat 1's gnome 5" in english[0]
    assert "troll 3" in english[1] and "troll 1" in english[2] and "seat 0's score pile" in english[1]
    assert "seat 2" in english[3] and "gnome 7" in english[3]
    assert forced_steps(state, plays[0], run(state, plays[0])) == ()  # a lead forces nothing


@pytest.mark.rules("claim.phase2.take-followers", "claim2.phase2.take-followers",
                   "claim-combined.phase2.take-followers", "claim-combined.phase1.reveal-two")
@pytest.mark.parametrize("game", ENGINES, ids=lambda g: g.key)
def test_forced_steps_along_random_games_cite_spec_rules_of_the_game(game: ClaimEngine) -> None:
    seen: Counter[str] = Counter()
    for seed in range(3):
        rng = random.Random(seed)
        state = game.initial_state(game.random_setup(rng))
        while not game.is_terminal(state):
            action = rng.choice(game.legal_actions(state))
            after = game.apply(state, action)
            for step in game.forced_steps(state, action, after):
                assert step.rule in KNOWN and step.rule.split(".")[0] in game.info.prefixes
                assert step.text.languages == state.variant.languages
                seen[step.rule] += 1
            state = after
    assert seen[state.variant.role("phase2.take-followers")] >= 1  # every game ends its phase one
    assert seen[state.variant.role("phase1.reveal")] >= 1


# ------------------------------------------------------------------ rulesets: data, not branches


@pytest.mark.rules("claim.lead", "claim2.lead", "claim-combined.follow-suit", "claim-combined.multiplayer.deal")
def test_each_game_declares_its_rule_prefixes_and_every_role_names_a_spec_rule() -> None:
    assert CLAIM.info.rule_prefixes == ("claim",)
    assert CLAIM2.info.rule_prefixes == ("claim2",)
    assert CLAIM_COMBINED.info.rule_prefixes == ("claim-combined", "claim2", "claim")
    for rules in (CLAIM_VARIANT.rules, CLAIM2_VARIANT.rules, COMBINED_TWO_RULES, COMBINED_MULTI_RULES):
        assert set(rules.roles) == set(ROLES)
        for role, rid in rules.roles.items():
            assert rid in KNOWN and rid.split(".")[0] in rules.rule_prefixes, (rules, role, rid)
        for rids in rules.received.values():
            assert all(r in KNOWN and r.split(".")[0] in rules.rule_prefixes for r in rids)
    assert claim_game("claim2") is CLAIM2
    with pytest.raises(UnknownGameError, match="nope"):
        claim_game("nope")


def _cited(game: ClaimEngine, seed: int) -> set[str]:
    """Every rule ID a random game's refusals, explanations, forced steps and result name."""
    rng = random.Random(seed)
    state = game.initial_state(game.random_setup(rng))
    seen: set[str] = set()

    def from_text(text: Any) -> None:
        for lang in text.languages:
            seen.update(RULE_IN_TEXT.findall(text.get(lang)))

    while not game.is_terminal(state):
        legal = game.legal_actions(state)
        seat = game.turn(state).seat
        for other in {play(seat, x) for h in state.hands for x in h} - set(legal):
            violation = game.check(state, other)
            assert violation is not None
            seen.update(violation.rules)
            from_text(violation.message)
        action = rng.choice(legal)
        after = game.apply(state, action)
        for line in game.explain_step(state, action, after):
            from_text(line)
        for step in game.forced_steps(state, action, after):
            from_text(step.narration)
        state = after
    for line in game.result(state).lines:
        from_text(line)
    return {r for r in seen if r.split(".")[0] in {"claim", "claim2", "claim-combined"}}


@pytest.mark.rules("claim.follow-suit", "claim2.follow-suit", "claim-combined.follow-suit")
@pytest.mark.parametrize("game", ENGINES, ids=lambda g: g.key)
def test_a_game_cites_only_rules_under_its_own_prefixes(game: ClaimEngine) -> None:
    cited = set().union(*(_cited(game, seed) for seed in range(2)))
    assert cited <= KNOWN
    assert {r.split(".")[0] for r in cited} <= set(game.info.prefixes), sorted(cited)


# ------------------------------------------------------------------ values validate


@pytest.mark.rules("claim.components.deck", "claim2.components.deck")
def test_card_constructor_gives_the_interned_card_or_a_clear_error() -> None:
    goblin3 = Card.parse("goblin:3")
    assert Card(Faction.GOBLIN, 3) is goblin3 and card(Faction.GOBLIN, 3) is goblin3
    with pytest.raises(ValueError, match="'goblin'.*Card.parse"):
        Card("goblin", 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Faction"):
        Card(0, 3)  # type: ignore[arg-type]
    assert goblin3.faction is Faction.GOBLIN  # the failed calls did not touch the interned card
    with pytest.raises(ValueError, match="no knight 0"):
        Card(Faction.KNIGHT, 0)
    with pytest.raises(ValueError, match="value"):
        Card(Faction.GOBLIN, True)
    with pytest.raises(ValueError, match="no gnome 2"):
        card(Faction.GNOME, 2)
    with pytest.raises(ValueError, match="'goblin'"):
        faction_cards("goblin")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'trick-winner'"):
        CLAIM_VARIANT.role("trick-winner")


@pytest.mark.rules("claim.lead", "claim.follow", "claim.phase2.end", "claim2.seers")
def test_actions_validate_and_check_refuses_well_typed_impossible_actions() -> None:
    for bad in (lambda: Play(0, "goblin:3"), lambda: Play(-1, Card.parse("goblin:3")),
                lambda: play(0, "goblin:3"), lambda: play("0", Card.parse("goblin:3")),
                lambda: Take(0, "deck"), lambda: Crush(0, [Card.parse("gnome:3")]),
                lambda: crush(0, "gnome:3")):
        with pytest.raises(ValueError):
            bad()
    state = CLAIM.initial_state(CLAIM.random_setup(random.Random(4)))
    absent = next(c for c in (Card.parse("gnome:3"), Card.parse("goblin:0")) if c not in state.hands[state.leader])
    impossible = [Play(state.leader, absent), Play(3, state.hands[state.leader][0]), Play(9, absent),
                  take(state.leader, None), Take(7, None), Crush(state.leader, ()), crush(0, Card.parse("gnome:3"))]
    for action in impossible:
        verdict = CLAIM.check(state, action)
        assert isinstance(verdict, Violation) and verdict.rules, action
        assert not CLAIM.is_legal(state, action) and isinstance(CLAIM.attempt(state, action), Violation)
    with pytest.raises(MalformedError, match="not an action"):
        CLAIM.check(state, "goblin:3")  # type: ignore[arg-type]


@pytest.mark.rules("claim.setup.deal", "claim-combined.multiplayer.factions")
def test_setups_and_variants_validate() -> None:
    good = CLAIM.random_setup(random.Random(2))
    with pytest.raises(ValueError, match="hands"):
        Setup(good.hands[:1], good.deck, 0)
    with pytest.raises(ValueError, match="leader"):
        Setup(good.hands, good.deck, 2)
    with pytest.raises(ValueError, match="deck"):
        Setup(good.hands, good.deck[:-1] + (Card.parse("gnome:3"),), 0)
    with pytest.raises(ValueError, match="claim-combined.multiplayer.factions"):
        combined(3, (Faction.KNIGHT, Faction.GOBLIN, Faction.SEER))
    assert combined(3, tuple(reversed(THREE.factions))) == THREE
    assert cards("gnome:1") == (Card(Faction.GNOME, 1),)


# ------------------------------------------------------------------ the revealed card's destinations


@pytest.mark.rules("claim.phase1.winner-takes-revealed", "claim.phase1.undead-revealed")
@pytest.mark.parametrize("faction", ["goblin", "knight", "undead", "dwarf", "doppelganger"])
def test_the_engine_sends_a_won_revealed_card_where_revealed_card_destinations_says(position: Any,
                                                                                   faction: str) -> None:
    shown = f"{faction}:5"
    lead, follow = ("goblin:3", "goblin:7") if faction != "goblin" else ("dwarf:3", "dwarf:7")
    state = position(lead_hand=[lead], follow_hand=[follow], revealed=shown)
    after = CLAIM.apply(CLAIM.apply(state, play(0, c(lead))), play(1, c(follow)))
    flags = revealed_card_destinations(1, int(Faction[faction.upper()]))
    assert flags == (True, False, False, False)  # the winner's followers, nothing else
    assert Counter(after.followers[1]) - Counter(state.followers[1]) == Counter([c(shown)])
    assert c(shown) not in after.score[0] + after.score[1] + after.discard
    assert revealed_card_destinations(2, int(Faction[faction.upper()])) == (False, False, False, False)


@pytest.mark.rules("claim2.seers", "claim2.giants", "claim-combined.play-order")
@pytest.mark.parametrize("game", ENGINES, ids=lambda g: g.key)
def test_check_answers_every_well_typed_action_with_a_verdict(game: ClaimEngine) -> None:
    """Any Play, Take or Crush, of any seat and card, in any state of a random
    game: ``check`` returns None or a Violation citing spec rules (never
    raises), and agrees with ``legal_actions`` and ``attempt``."""
    rng = random.Random(5)
    every = sorted(set(CLAIM_COMBINED.random_setup(rng, {"players": 3, "factions": [
        "knight", "goblin", "undead", "dwarf", "doppelganger", "dragon", "seer"]}).hands[0]
        + CLAIM2_VARIANT.deck + CLAIM_VARIANT.deck))
    state = game.initial_state(game.random_setup(rng))
    while not game.is_terminal(state):
        legal = set(game.legal_actions(state))
        for _ in range(40):
            seat, x = rng.randrange(6), rng.choice(every)
            action = rng.choice([Play(seat, x), Take(seat, x), Take(seat, None), Crush(seat, (x,)), Crush(seat, ())])
            verdict = game.check(state, action)
            assert (verdict is None) == (action in legal), action
            if verdict is not None:
                assert verdict.rules and set(verdict.rules) <= KNOWN
                assert game.attempt(state, action) == verdict
        state = game.apply(state, rng.choice(sorted(legal, key=str)))
    assert isinstance(game.check(state, Play(0, every[0])), Violation)
