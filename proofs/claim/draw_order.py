"""The draw order of a multi-player phase-one trick
(``claim-combined.phase1.draw-order``) and who leads next (``claim2.dragons``).

After a trick of three or four players the face-up cards and the deck are
shared out in an order: the players who played the lead faction first (a
Doppelganger counts as the lead faction: ``claim.doppelgangers.multiplayer``),
from the highest card down; then the others from the highest card down,
whatever their faction; equal cards: the earlier player first
(``claim-combined.phase1.draw-order.tie``). The engine sorts the players with
``draws_before``, which is only sound if it is a strict total order, and the
order must be the rule's.
"""

from __future__ import annotations

from typing import Any

from proofs import Obligation, as_bool, theorem
from proofs.claim.common import (
    ALL_FACTIONS,
    ALL_VALUES,
    PLAYERS,
    card_text,
    exactly_one,
    is_card,
    is_faction,
    name,
    num,
    one_of,
    truth,
)
from rules.claim import powers
from rules.claim.trick import DOPPELGANGER, DRAGON
from rules.kernel.logic import Logic

SEATS = max(PLAYERS)


def _cards(L: Logic, counts_as_lead: Any) -> tuple[Any, ...]:
    """Three positions of a trick: their position number, card, and lead flag."""
    import z3

    lead = z3.Int("lead_faction")
    pos = [z3.Int(f"position_{x}") for x in "ijk"]
    fac = [z3.Int(f"faction_{x}") for x in "ijk"]
    val = [z3.Int(f"value_{x}") for x in "ijk"]
    led = [as_bool(counts_as_lead(f, lead, L)) for f in fac]
    domain = z3.And(is_faction(lead, ALL_FACTIONS), *(is_card(f, v, ALL_VALUES) for f, v in zip(fac, val)),
                    *(z3.And(p >= 0, p < SEATS) for p in pos))
    return lead, pos, fac, val, led, domain


def _order_explain(lead: Any, pos: list[Any], fac: list[Any], val: list[Any], what: Any) -> Any:
    def explain(model: Any) -> str:
        cards = [f"#{num(model, p) + 1} {card_text(model, f, v)}" for p, f, v in zip(pos, fac, val)]
        return f"lead {name(num(model, lead))}; {', '.join(cards)}: {what(model)}"
    return explain


@theorem("claim-combined.phase1.draw-order.total",
         ("claim-combined.phase1.draw-order", "claim-combined.phase1.draw-order.tie"),
         "The draw order is a strict total order on the players of a trick: nobody draws before themselves, "
         "of two players exactly one draws first, and it is transitive.")
def total(L: Logic, *, draws_before: Any = powers.draws_before, counts_as_lead: Any = powers.counts_as_lead) -> Obligation:
    """Sorting the players by ``draws_before`` gives one well-defined order."""
    import z3

    lead, pos, fac, val, led, domain = _cards(L, counts_as_lead)
    # Two cards at the same position are the same card.
    domain = z3.And(domain, *(z3.Implies(pos[a] == pos[b], z3.And(fac[a] == fac[b], val[a] == val[b]))
                              for a in range(3) for b in range(a + 1, 3)))

    def before(a: int, b: int) -> Any:
        return as_bool(draws_before(pos[a], led[a], val[a], pos[b], led[b], val[b], L))

    claim = z3.And(
        z3.Not(before(0, 0)),
        z3.Implies(pos[0] != pos[1], exactly_one((before(0, 1), before(1, 0)))),
        z3.Implies(z3.And(before(0, 1), before(1, 2)), before(0, 2)),
    )

    def what(model: Any) -> str:
        pairs = [(a, b) for a in range(3) for b in range(3) if truth(model, before(a, b))]
        return "engine: " + (", ".join(f"#{num(model, pos[a]) + 1} before #{num(model, pos[b]) + 1}"
                                       for a, b in pairs) or "nobody draws before anybody")
    return Obligation(domain, claim, _order_explain(lead, pos, fac, val, what))


@theorem("claim-combined.phase1.draw-order.matches-rule",
         ("claim-combined.phase1.draw-order", "claim-combined.phase1.draw-order.tie",
          "claim.doppelgangers.multiplayer"),
         "A player draws before another exactly when only the first played the lead faction or a Doppelganger, "
         "or both or neither did and the first card is higher, or equal and played earlier.")
def matches_rule(L: Logic, *, draws_before: Any = powers.draws_before,
                 counts_as_lead: Any = powers.counts_as_lead) -> Obligation:
    """The order is the book's: lead-faction players first, high to low, ties to the earlier."""
    import z3

    lead, pos, fac, val, _, domain = _cards(L, counts_as_lead)
    led = [z3.Or(f == lead, f == DOPPELGANGER) for f in fac]  # the text, not counts_as_lead
    engine = as_bool(draws_before(pos[0], as_bool(counts_as_lead(fac[0], lead, L)), val[0],
                                  pos[1], as_bool(counts_as_lead(fac[1], lead, L)), val[1], L))
    rule = z3.Or(z3.And(led[0], z3.Not(led[1])),
                 z3.And(led[0] == led[1], z3.Or(val[0] > val[1], z3.And(val[0] == val[1], pos[0] < pos[1]))))
    domain = z3.And(domain, pos[0] != pos[1])

    def what(model: Any) -> str:
        return (f"engine: #{num(model, pos[0]) + 1} draws {'before' if truth(model, engine) else 'after'} "
                f"#{num(model, pos[1]) + 1}")
    return Obligation(domain, engine == rule, _order_explain(lead, pos[:2], fac[:2], val[:2], what))


@theorem("claim2.dragons.lead",
         ("claim2.dragons", "claim2.leader.previous-winner", "claim-combined.phase1.next-trick"),
         "After every trick of two to four cards exactly one player leads the next: whoever played the latest "
         "Dragon, or the trick's winner when no Dragon was played.")
def dragons_lead(L: Logic, *, leads_next: Any = powers.leads_next) -> Obligation:
    """The Dragons' exception to "the winner leads", in every phase and at every table size."""
    import z3

    n, winner = z3.Int("players"), z3.Int("winner")
    fac = [z3.Int(f"faction{p}") for p in range(SEATS)]
    engine = {k: [as_bool(leads_next(p, fac[:k], winner, L)) for p in range(k)] for k in PLAYERS}
    domain = z3.And(one_of(n, PLAYERS), winner >= 0, winner < n, *(is_faction(f, ALL_FACTIONS) for f in fac))
    cases = []
    for k in PLAYERS:
        dragon = [f == DRAGON for f in fac[:k]]
        for p in range(k):
            latest = z3.And(dragon[p], *(z3.Not(d) for d in dragon[p + 1:]))
            rule = z3.If(z3.Or(*dragon), latest, winner == p)
            cases.append(z3.Implies(n == k, engine[k][p] == rule))
        cases.append(z3.Implies(n == k, exactly_one(engine[k])))

    def explain(model: Any) -> str:
        k = num(model, n)
        cards = [name(num(model, f)) for f in fac[:k]]
        who = [f"#{p + 1}" for p, t in enumerate(engine[k]) if truth(model, t)] or ["nobody"]
        return (f"play order [{', '.join(cards)}], #{num(model, winner) + 1} wins: engine lets "
                f"{' and '.join(who)} lead next")
    return Obligation(domain, z3.And(*cases), explain, smallest=n)


THEOREMS = (total, matches_rule, dragons_lead)
