"""Who takes a trick (``claim.trick-winner`` and its exceptions).

The engine ranks both cards with ``card_rank(faction, value, lead_faction)``
and asks ``takes_trick(0, ranks)``: the leader wins when it holds, else the
follower (``trick_winner_position``, ``_resolve``). That ``else`` is only
right if exactly one position takes the trick, hence the uniqueness theorem.
:func:`takers` is the engine's composition; the theorems run it on every pair
of cards of the deck in both phases.

Claim's winner rule has no phase in it (``claim.phase2.winner``: "the same
way as in phase one") and neither do the engine's functions, so the phase is
quantified but unused; the statement still ranges over both phases, as the
rulebook's claim does.
"""

from __future__ import annotations

from typing import Any

from proofs import Obligation, as_bool, theorem
from proofs.claim.common import is_card, is_phase, name, num, truth
from rules.claim import trick
from rules.claim.trick import DOPPELGANGER, GOBLIN, KNIGHT
from rules.kernel.logic import CONCRETE, Logic


def takers(lead_f: Any, lead_v: Any, follow_f: Any, follow_v: Any, L: Logic, *,
           card_rank: Any = trick.card_rank, takes_trick: Any = trick.takes_trick) -> tuple[Any, Any]:
    """(does the leader's card take the trick, does the follower's) per the engine."""
    ranks = (card_rank(lead_f, lead_v, lead_f, L), card_rank(follow_f, follow_v, lead_f, L))
    return takes_trick(0, ranks, L), takes_trick(1, ranks, L)


def rule_follower_wins(lead_f: Any, lead_v: Any, follow_f: Any, follow_v: Any, L: Logic) -> Any:
    """Read off the rules, not the engine: the follower wins when a Knight follows a
    led Goblin (``claim.knights``), or when its card is of the led faction or a
    Doppelganger (``claim.doppelgangers``) and strictly higher
    (``claim.trick-winner``); a tie goes to the leader
    (``claim.trick-winner.tie``); any other card cannot win
    (``claim.trick-winner.off-faction``)."""
    knight_after_goblin = L.And(lead_f == GOBLIN, follow_f == KNIGHT)
    follows = L.Or(follow_f == lead_f, follow_f == DOPPELGANGER)
    return L.Or(knight_after_goblin, L.And(follows, follow_v > lead_v))


def _trick(L: Logic, **impls: Any) -> tuple[dict[str, Any], Any, tuple[Any, Any]]:
    import z3

    v = {k: z3.Int(k) for k in ("phase", "lead_faction", "lead_value", "follow_faction", "follow_value")}
    domain = z3.And(is_phase(v["phase"]), is_card(v["lead_faction"], v["lead_value"]),
                    is_card(v["follow_faction"], v["follow_value"]))
    taken = takers(v["lead_faction"], v["lead_value"], v["follow_faction"], v["follow_value"], L, **impls)
    return v, domain, (as_bool(taken[0]), as_bool(taken[1]))


def _explain(v: dict[str, Any], taken: tuple[Any, Any]) -> Any:
    def explain(model: Any) -> str:
        lf, lv, ff, fv = (num(model, v[k]) for k in ("lead_faction", "lead_value", "follow_faction", "follow_value"))
        who = [p for p, t in zip(("the leader", "the follower"), taken) if truth(model, t)]
        engine = f"{who[0]} takes" if len(who) == 1 else ("both take" if who else "nobody takes")
        should = "follower" if rule_follower_wins(lf, lv, ff, fv, CONCRETE) else "leader"
        return (f"phase {num(model, v['phase'])}: {name(lf)} {lv} led, {name(ff)} {fv} follows; "
                f"engine: {engine} the trick; the rules: the {should} takes it")
    return explain


@theorem("claim.trick-winner.unique",
         ("claim.trick-winner", "claim.trick-winner.tie", "claim.phase2.winner"),
         "In both phases, for every led card and every following card, exactly one of the two takes the trick.")
def unique(L: Logic, *, card_rank: Any = trick.card_rank, takes_trick: Any = trick.takes_trick) -> Obligation:
    """Defined and unique: never both, never neither."""
    import z3

    v, domain, taken = _trick(L, card_rank=card_rank, takes_trick=takes_trick)
    claim = z3.Sum(*(z3.If(t, 1, 0) for t in taken)) == 1
    return Obligation(domain, claim, _explain(v, taken))


@theorem("claim.trick-winner.matches-rule",
         ("claim.trick-winner", "claim.trick-winner.tie", "claim.trick-winner.off-faction",
          "claim.knights", "claim.doppelgangers", "claim.phase2.winner"),
         "The follower takes the trick exactly when a Knight follows a led Goblin, or its card is of the "
         "led faction or a Doppelganger and strictly higher; otherwise the leader does.")
def matches_rule(L: Logic, *, card_rank: Any = trick.card_rank, takes_trick: Any = trick.takes_trick) -> Obligation:
    """The engine's winner is the rulebook's winner (ties to the leader)."""
    import z3

    v, domain, (leader, follower) = _trick(L, card_rank=card_rank, takes_trick=takes_trick)
    rule = as_bool(rule_follower_wins(v["lead_faction"], v["lead_value"], v["follow_faction"], v["follow_value"], L))
    claim = z3.And(follower == rule, leader == z3.Not(rule))
    return Obligation(domain, claim, _explain(v, (leader, follower)))


THEOREMS = (unique, matches_rule)
