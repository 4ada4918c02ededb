"""Every worked example of ``spec/claim.toml`` (an annotation with a ``trick``
table) replayed through the engine.

For each example a position in that phase is built with those cards (the
follower void in the led faction when the example's follow is off-faction),
the trick is played with either seat leading, and the winner and the
destination of every card are checked against the rules restated here.

The parametrized test carries each example's rule as a run-time marker; the
static citation scanner only reads decorators, so the explicitly marked
tests in ``test_claim_play.py`` keep the coverage.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rules.claim import CLAIM, Card, Faction, State, play
from rules.kernel.spec import Rule, load_spec

SPEC = load_spec()
EXAMPLES = [(rule, n, a.figure) for rule in SPEC.book("claim").rules
            for n, a in enumerate(rule.annotations, 1) if a.kind == "example" and a.figure is not None]


def example_params() -> list[Any]:
    return [pytest.param(rule, trick, id=f"{rule.id}#{n}", marks=pytest.mark.rules(rule.id))
            for rule, n, trick in EXAMPLES]


def expected_zones(phase: int, lead: Card, follow: Card, revealed: Card | None, drawn: Card | None,
                   leader: int, winner: int) -> dict[str, Counter[Card]]:
    """Where the trick's cards must go, restated from the rules:

    phase one: the revealed card to the winner's followers
    (claim.phase1.winner-takes-revealed, even an Undead: claim.phase1.undead-revealed),
    the top card of the deck to the loser's followers (claim.phase1.loser-draws),
    played Undead to the winner's score pile (claim.phase1.undead-to-score), every
    other played card out of the game (claim.phase1.discard), Doppelgangers
    included (claim.doppelgangers.no-power); phase two: Dwarves to the loser's
    score pile (claim.dwarves), everything else to the winner's
    (claim.phase2.winner-takes-both, claim.dwarves.winner-rest).
    """
    loser = 1 - winner
    zones: dict[str, Counter[Card]] = {f"{z}{s}": Counter() for z in ("followers", "score") for s in (0, 1)}
    zones["discard"] = Counter()
    if phase == 1:
        assert revealed is not None and drawn is not None
        zones[f"followers{winner}"][revealed] += 1
        zones[f"followers{loser}"][drawn] += 1
        for x in (lead, follow):
            zones[f"score{winner}" if x.faction is Faction.UNDEAD else "discard"][x] += 1
    else:
        for x in (lead, follow):
            zones[f"score{loser}" if x.faction is Faction.DWARF else f"score{winner}"][x] += 1
    return zones


def zones_gained(before: State, after: State) -> dict[str, Counter[Card]]:
    b, a = before.zones(), after.zones()
    return {name: Counter(a[name]) - Counter(b[name])
            for name in ("followers0", "followers1", "score0", "score1", "discard")}


def test_the_spec_has_worked_examples() -> None:
    assert len(EXAMPLES) >= 10
    assert {t["phase"] for _, _, t in EXAMPLES} == {1, 2}
    assert {t["winner"] for _, _, t in EXAMPLES} == {"leader", "follower"}


@pytest.mark.parametrize("rule, trick", example_params())
@pytest.mark.parametrize("leader", [0, 1])
def test_worked_example(position: Any, rule: Rule, trick: dict[str, Any], leader: int) -> None:
    phase = trick["phase"]
    lead, follow = Card.parse(trick["lead"]), Card.parse(trick["follow"])
    lacks = [] if follow.faction in (lead.faction, Faction.DOPPELGANGER) else [lead.faction.key]
    revealed = trick.get("revealed")
    state = position(phase=phase, leader=leader, lead_hand=[trick["lead"]], follow_hand=[trick["follow"]],
                     lacks=lacks, revealed=revealed)
    assert state.phase == phase and state.to_move == leader
    if phase == 1:
        assert state.face_up == (Card.parse(revealed),)
    drawn = state.deck[0] if phase == 1 else None

    mid = CLAIM.apply(state, play(leader, lead))
    assert CLAIM.check(mid, play(1 - leader, follow)) is None, f"{rule.id}: the example's follow must be legal"
    after = CLAIM.apply(mid, play(1 - leader, follow))

    winner = after.leader
    assert winner == (leader if trick["winner"] == "leader" else 1 - leader), (
        f"{rule.id}: the spec says the {trick['winner']} wins {lead} / {follow}")
    assert zones_gained(state, after) == expected_zones(
        phase, lead, follow, state.face_up[0] if phase == 1 else None, drawn, leader, winner), rule.id
    assert sum(len(z) for z in after.zones().values()) == 52


@pytest.mark.rules("claim.trick-winner")
def test_example_tables_agree_with_their_prose() -> None:
    """The trick table and the English text name the same cards (the revealed
    card only when the prose speaks of it)."""
    for rule, n, trick in EXAMPLES:
        text = next(a for a in rule.annotations if a.figure is trick).text.get("en").lower()
        keys = ["lead", "follow"] + (["revealed"] if "revealed" in text else [])
        for key in keys:
            faction, value = trick[key].split(":")
            assert f"{faction} {value}" in text, f"{rule.id}#{n}: {trick[key]} is not in the prose"
