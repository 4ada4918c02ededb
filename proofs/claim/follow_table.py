"""Follow-suit at a table of two to four players (``claim-combined.follow-suit``).

With three or four players the cards go round the table; every follower must
follow *the leader's* faction (``claim-combined.follow-suit``: "the card the
leader played sets the lead faction"), not the previous card's, and a
Doppelganger may be played whatever the hand holds (``claim.doppelgangers``,
and with more players it counts as the lead faction:
``claim.doppelgangers.multiplayer``). The engine asks, for each card of the
follower's hand, ``may_follow(faction, lead, holds_faction(hand, lead))``
with ``lead`` the faction of the first card on the table
(:func:`lead_of_table`); the glue tests check that this is what
``legal_actions`` does at every player count.

The theorem quantifies over the player count, the follower's seat in the play
order, the cards already on the table (any of the ten factions) and every
hand of 1 to 13 cards; it shows the legal set is never empty and is exactly
the rule text's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from proofs import Obligation, as_bool, theorem
from proofs.claim.common import (
    ALL_FACTIONS,
    PLAYERS,
    is_faction,
    name,
    num,
    one_of,
    truth,
)
from proofs.claim.follow_suit import HAND_MAX, rule_flags
from rules.claim import trick
from rules.kernel.logic import Logic

TABLE_MAX = max(PLAYERS) - 1  # cards already played when the last player follows


def lead_of_table(table: Sequence[Any]) -> Any:
    """The lead faction of a trick: the leader's card's (the first on the table)."""
    return table[0]


def _setup(L: Logic, may_follow: Any, holds_faction: Any, lead_of: Any) -> tuple[Any, ...]:
    import z3

    players, position, size = z3.Int("players"), z3.Int("position"), z3.Int("hand_size")
    table = [z3.Int(f"table{i}") for i in range(TABLE_MAX)]
    hand = [z3.Int(f"card{i}") for i in range(HAND_MAX)]
    # Per follower position p (1..3) the table holds exactly the p cards played before.
    cases = {}
    for p in range(1, TABLE_MAX + 1):
        lead = lead_of(table[:p])
        for k in range(1, HAND_MAX + 1):
            holds = holds_faction(list(hand[:k]), lead, L)
            engine = [as_bool(may_follow(f, lead, holds, L)) for f in hand[:k]]
            rule = [as_bool(x) for x in rule_flags(hand[:k], table[0], L)]
            cases[(p, k)] = (engine, rule)
    domain = z3.And(one_of(players, PLAYERS), position >= 1, position < players,
                    size >= 1, size <= HAND_MAX,
                    *(is_faction(f, ALL_FACTIONS) for f in (*table, *hand)))
    return players, position, size, table, hand, cases, domain


def _explain(players: Any, position: Any, size: Any, table: list[Any], hand: list[Any],
             cases: dict[tuple[int, int], tuple[list[Any], list[Any]]]) -> Any:
    def explain(model: Any) -> str:
        p, k = num(model, position), num(model, size)
        engine, rule = cases[(p, k)]
        on_table = [name(num(model, f)) for f in table[:p]]
        cards = [name(num(model, f)) for f in hand[:k]]
        legal = [c for c, flag in zip(cards, engine) if truth(model, flag)]
        should = [c for c, flag in zip(cards, rule) if truth(model, flag)]
        return (f"{num(model, players)} players, follower #{p + 1} after [{', '.join(on_table)}]; "
                f"hand of {k}: [{', '.join(cards)}]; engine allows [{', '.join(legal)}]; "
                f"the rule allows [{', '.join(should)}]")
    return explain


@theorem("claim-combined.follow-suit.any-table",
         ("claim-combined.follow-suit", "claim.follow-suit", "claim2.follow-suit", "claim.doppelgangers",
          "claim.doppelgangers.multiplayer", "claim.doppelgangers.led"),
         "With two to four players, every follower holding 1 to 13 cards of any of the ten factions has a "
         "non-empty legal set: exactly the cards of the leader's faction, the Doppelgangers, or any card "
         "when the hand holds none of the leader's faction.")
def any_table(L: Logic, *, may_follow: Any = trick.may_follow, holds_faction: Any = trick.holds_faction,
              lead_of_table: Any = lead_of_table) -> Obligation:
    """Never stuck, never wrong, whoever follows and whatever lies on the table."""
    import z3

    players, position, size, table, hand, cases, domain = _setup(L, may_follow, holds_faction, lead_of_table)
    claim = z3.And(*(z3.Implies(z3.And(position == p, size == k),
                                z3.And(z3.Or(*engine), *(e == r for e, r in zip(engine, rule, strict=True))))
                     for (p, k), (engine, rule) in cases.items()))
    return Obligation(domain, claim, _explain(players, position, size, table, hand, cases), smallest=size)


THEOREMS = (any_table,)
