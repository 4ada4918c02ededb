"""Who takes a trick of two, three or four cards (``claim2.trick-winner``,
``claim.knights.multiplayer``).

The engine ranks every card with ``card_rank(faction, value, lead)`` (lead =
the leader's faction) and gives the trick to the position where
``takes_trick(position, ranks)`` holds. That is only right if exactly one
position takes it, for every table the decks allow: the cards of all ten
factions, two to four of them, identical cards included (five Goblin 0s,
three Gnome 3s). The rule below is written from the texts, not with the
engine's formulas:

- a Goblin was led and Knights were played: the highest Knight wins
  (``claim.knights``, ``claim.knights.multiplayer``); otherwise Knights have
  no power (``claim.knights.multiplayer.goblins-only``);
- otherwise the highest card of the led faction wins, a Doppelganger
  counting as the led faction (``claim.doppelgangers``,
  ``claim.doppelgangers.multiplayer``); off-faction cards cannot win
  (``claim.trick-winner.off-faction``);
- equal values: the earlier card, so the leader wins a tie
  (``claim2.trick-winner.tie``); between two followers the earlier card too:
  the library's ruling on ``claim2.trick-winner.tie`` (spec/claim2.toml),
  pinned by ``tests/claim/test_claim_multiplayer.py``.
"""

from __future__ import annotations

from typing import Any

from proofs import Obligation, as_bool, theorem
from proofs.claim.common import (
    ALL_VALUES,
    PLAYERS,
    card_text,
    exactly_one,
    is_card,
    num,
    one_of,
    truth,
)
from rules.claim import trick
from rules.claim.trick import DOPPELGANGER, GOBLIN, KNIGHT
from rules.kernel.logic import Logic

SEATS = max(PLAYERS)


def takers(factions: list[Any], values: list[Any], L: Logic, *, card_rank: Any = trick.card_rank,
           takes_trick: Any = trick.takes_trick) -> list[Any]:
    """Per position of the table: does its card take the trick? (the engine's composition)"""
    lead = factions[0]
    ranks = [card_rank(f, v, lead, L) for f, v in zip(factions, values, strict=True)]
    return [takes_trick(p, ranks, L) for p in range(len(ranks))]


def rule_takers(factions: list[Any], values: list[Any], L: Logic) -> list[Any]:
    """The same question read off the rule texts (see the module docstring)."""
    lead = factions[0]
    knights = L.And(lead == GOBLIN, L.Or(*(f == KNIGHT for f in factions[1:])))
    contender = [L.If(knights, f == KNIGHT, L.Or(f == lead, f == DOPPELGANGER)) for f in factions]
    out = []
    for p, v in enumerate(values):
        others = [L.Or(L.Not(contender[q]), (values[q] < v) if q < p else (values[q] <= v))
                  for q in range(len(values)) if q != p]
        out.append(L.And(contender[p], *others))
    return out


def _table(L: Logic, **impls: Any) -> tuple[Any, ...]:
    import z3

    n = z3.Int("players")
    factions = [z3.Int(f"faction{p}") for p in range(SEATS)]
    values = [z3.Int(f"value{p}") for p in range(SEATS)]
    domain = z3.And(one_of(n, PLAYERS), *(is_card(f, v, ALL_VALUES) for f, v in zip(factions, values)))
    engine = {k: [as_bool(t) for t in takers(factions[:k], values[:k], L, **impls)] for k in PLAYERS}
    rule = {k: [as_bool(t) for t in rule_takers(factions[:k], values[:k], L)] for k in PLAYERS}
    return n, factions, values, domain, engine, rule


def _explain(n: Any, factions: list[Any], values: list[Any], engine: dict[int, list[Any]],
             rule: dict[int, list[Any]]) -> Any:
    def explain(model: Any) -> str:
        k = num(model, n)
        cards = [card_text(model, f, v) for f, v in zip(factions[:k], values[:k])]
        who = [f"#{p + 1}" for p, t in enumerate(engine[k]) if truth(model, t)] or ["nobody"]
        should = [f"#{p + 1}" for p, t in enumerate(rule[k]) if truth(model, t)] or ["nobody"]
        return (f"{k} cards in play order [{', '.join(cards)}]; engine: {' and '.join(who)} takes the trick; "
                f"the rules: {' and '.join(should)}")
    return explain


@theorem("claim-combined.trick-winner.unique",
         ("claim2.trick-winner", "claim2.trick-winner.tie", "claim.trick-winner", "claim.knights.multiplayer",
          "claim-combined.play-order", "claim2.phase2.winner"),
         "For every table of two, three or four cards of the ten factions, exactly one card takes the trick.")
def unique(L: Logic, *, card_rank: Any = trick.card_rank, takes_trick: Any = trick.takes_trick) -> Obligation:
    """Defined and unique at every table size: never two takers, never none."""
    import z3

    n, factions, values, domain, engine, rule = _table(L, card_rank=card_rank, takes_trick=takes_trick)
    claim = z3.And(*(z3.Implies(n == k, exactly_one(engine[k])) for k in PLAYERS))
    return Obligation(domain, claim, _explain(n, factions, values, engine, rule), smallest=n)


@theorem("claim-combined.trick-winner.matches-rule",
         ("claim.knights.multiplayer", "claim.knights.multiplayer.goblins-only", "claim.doppelgangers.multiplayer",
          "claim2.trick-winner", "claim2.trick-winner.tie", "claim.trick-winner.off-faction", "claim.knights"),
         "At every table of two to four cards the engine's taker is the rules' taker: the highest Knight after "
         "a led Goblin, else the highest card of the led faction or Doppelganger, ties to the earlier card.")
def matches_rule(L: Logic, *, card_rank: Any = trick.card_rank, takes_trick: Any = trick.takes_trick) -> Obligation:
    """Several Knights, several Doppelgangers, ties between followers: all as the texts say."""
    import z3

    n, factions, values, domain, engine, rule = _table(L, card_rank=card_rank, takes_trick=takes_trick)
    claim = z3.And(*(z3.Implies(n == k, z3.And(*(e == r for e, r in zip(engine[k], rule[k], strict=True))))
                     for k in PLAYERS))
    return Obligation(domain, claim, _explain(n, factions, values, engine, rule), smallest=n)


THEOREMS = (unique, matches_rule)
