"""The faction powers that move cards after a trick: Dwarves with three or four
players, the Troll pool, the Giants' crush.

Each theorem runs the engine's predicates of :mod:`rules.claim.powers` on
every case the decks allow and compares them with the rule text, written
here without the engine's formulas.
"""

from __future__ import annotations

from typing import Any

from proofs import Obligation, as_bool, theorem
from proofs.claim.common import ALL_VALUES, exactly_one, num, one_of, truth
from rules.claim import powers
from rules.claim.trick import GIANT, GNOME, TROLL
from rules.kernel.logic import Logic

MULTI = (3, 4)
VALUES = tuple(range(10))
TROLLS = ALL_VALUES[TROLL]  # ten Trolls, 0–9: a pool holds each value at most once


# ------------------------------------------------------------------ Dwarves, 3–4 players


def _dwarf_table(L: Logic, takes_dwarves: Any) -> tuple[Any, ...]:
    import z3

    n = z3.Int("players")
    values = [z3.Int(f"value{p}") for p in range(max(MULTI))]
    engine = {k: [as_bool(takes_dwarves(p, values[:k], L)) for p in range(k)] for k in MULTI}
    domain = z3.And(one_of(n, MULTI), *(one_of(v, VALUES) for v in values))

    def explain(model: Any) -> str:
        k = num(model, n)
        vals = [num(model, v) for v in values[:k]]
        who = [f"#{p + 1}" for p, t in enumerate(engine[k]) if truth(model, t)] or ["nobody"]
        return f"{k} players, values in play order {vals}: engine gives the Dwarves to {' and '.join(who)}"
    return n, values, engine, domain, explain


@theorem("claim.dwarves.multiplayer.one-taker",
         ("claim.dwarves.multiplayer", "claim.dwarves.multiplayer.tie"),
         "With three or four players, for every phase-two trick exactly one player takes the Dwarves played.")
def dwarves_one_taker(L: Logic, *, takes_dwarves: Any = powers.takes_dwarves) -> Obligation:
    """Dwarves are neither lost nor shared, whatever the values (ties included)."""
    import z3

    n, _, engine, domain, explain = _dwarf_table(L, takes_dwarves)
    return Obligation(domain, z3.And(*(z3.Implies(n == k, exactly_one(engine[k])) for k in MULTI)), explain)


@theorem("claim.dwarves.multiplayer.lowest",
         ("claim.dwarves.multiplayer", "claim.dwarves.multiplayer.tie"),
         "With three or four players the Dwarves go to the player of the lowest card, of any faction, and "
         "between equal lowest cards to the one played later.")
def dwarves_lowest(L: Logic, *, takes_dwarves: Any = powers.takes_dwarves) -> Obligation:
    """The rule text: lowest value; a tie goes to the later player."""
    import z3

    n, values, engine, domain, explain = _dwarf_table(L, takes_dwarves)
    cases = []
    for k in MULTI:
        vals = values[:k]
        for p in range(k):
            lowest = z3.And(*(vals[p] <= v for v in vals))
            last_lowest = z3.And(lowest, *(vals[q] != vals[p] for q in range(p + 1, k)))
            cases.append(z3.Implies(n == k, engine[k][p] == last_lowest))
    return Obligation(domain, z3.And(*cases), explain)


# ------------------------------------------------------------------ the Troll pool


def _pool(L: Logic, troll_destinations: Any) -> tuple[Any, ...]:
    """A pool of 1–10 distinct Trolls (played this trick or waiting) and, per size,
    each Troll's (taken, waiting) flags from the engine."""
    import z3

    size, last = z3.Int("pool_size"), z3.Bool("last_trick")
    values = [z3.Int(f"troll{i}") for i in range(len(TROLLS))]
    flags = {k: [tuple(as_bool(x) for x in troll_destinations(values[i], [values[j] for j in range(k) if j != i],
                                                               last, L)) for i in range(k)]
             for k in range(1, len(TROLLS) + 1)}
    domain = z3.And(size >= 1, size <= len(TROLLS), *(one_of(v, TROLLS) for v in values), z3.Distinct(*values))

    def explain(model: Any) -> str:
        k = num(model, size)
        vals = [num(model, v) for v in values[:k]]
        taken = [v for v, (t, _) in zip(vals, flags[k]) if truth(model, t)]
        waiting = [v for v, (_, w) in zip(vals, flags[k]) if truth(model, w)]
        return (f"pool of Trolls {vals}{' (last trick)' if truth(model, last) else ''}: engine gives the winner "
                f"{taken}, leaves waiting {waiting}")
    return size, last, values, flags, domain, explain


@theorem("claim2.trolls.conservation",
         ("claim2.trolls", "claim2.trolls.waiting", "claim2.trolls.last-trick"),
         "After every phase-two trick each Troll of the pool either goes to the winner's score pile or waits "
         "for a later trick, never both and never neither.")
def trolls_conservation(L: Logic, *, troll_destinations: Any = powers.troll_destinations) -> Obligation:
    """No Troll is lost or duplicated by the hold-over."""
    import z3

    size, _, _, flags, domain, explain = _pool(L, troll_destinations)
    claim = z3.And(*(z3.Implies(size == k, z3.And(*(exactly_one(f) for f in flags[k])))
                     for k in flags))
    return Obligation(domain, claim, explain, smallest=size)


@theorem("claim2.trolls.hold-over",
         ("claim2.trolls", "claim2.trolls.waiting", "claim2.trolls.last-trick"),
         "The winner of a phase-two trick takes exactly one Troll of the pool, the highest, even a waiting one, "
         "and the winner of the last trick takes them all.")
def trolls_hold_over(L: Logic, *, troll_destinations: Any = powers.troll_destinations) -> Obligation:
    """At most one Troll a trick, always the highest; none left after the last trick."""
    import z3

    size, last, values, flags, domain, explain = _pool(L, troll_destinations)
    cases = []
    for k, per_troll in flags.items():
        vals = values[:k]
        for i, (taken, waiting) in enumerate(per_troll):
            highest = z3.And(*(vals[i] > vals[j] for j in range(k) if j != i))
            cases.append(z3.Implies(size == k, z3.And(taken == z3.Or(last, highest), waiting == z3.Not(taken))))
    return Obligation(domain, z3.And(*cases), explain, smallest=size)


# ------------------------------------------------------------------ the Giants' crush


@theorem("claim2.giants.same-value",
         ("claim2.giants", "claim2.giants.no-gnome", "claim2.giants.multiplayer", "claim2.phase2.giants-crush"),
         "A Giant can crush a Gnome exactly when both have the same value.")
def giants_same_value(L: Logic, *, crushes: Any = powers.crushes) -> Obligation:
    """Over every Giant and Gnome of the deck: same value, and only then."""
    import z3

    giant, gnome = z3.Int("giant_value"), z3.Int("gnome_value")
    flag = as_bool(crushes(giant, gnome, L))
    domain = z3.And(one_of(giant, ALL_VALUES[GIANT]), one_of(gnome, ALL_VALUES[GNOME]))

    def explain(model: Any) -> str:
        return (f"giant {num(model, giant)}, gnome {num(model, gnome)}: engine says "
                f"{'crushes' if truth(model, flag) else 'does not crush'}")
    return Obligation(domain, flag == (giant == gnome), explain)


@theorem("claim2.giants.multiplayer.victims",
         ("claim2.giants.multiplayer", "claim2.giants.multiplayer.not-own-team", "claim-combined.four-players.teams",
          "claim2.giants.multiplayer.several"),
         "With three or four players the Giants crush the Gnomes of every opponent of the winner and never the "
         "winner's own or, with four players, the partner's (seats 0 and 2, 1 and 3).")
def giants_victims(L: Logic, *, crush_victim: Any = powers.crush_victim, team_of: Any = powers.team_of) -> Obligation:
    """Who loses Gnomes to the winner's Giants, seat by seat."""
    import z3

    n, winner, owner = z3.Int("players"), z3.Int("winner"), z3.Int("owner")
    flag = as_bool(crush_victim(team_of(owner, n, L), team_of(winner, n, L), L))
    domain = z3.And(one_of(n, MULTI), winner >= 0, winner < n, owner >= 0, owner < n)
    partner = z3.And(n == 4, (owner - winner) % 2 == 0)
    rule = z3.And(owner != winner, z3.Not(partner))

    def explain(model: Any) -> str:
        return (f"{num(model, n)} players, seat {num(model, winner)} wins: engine "
                f"{'crushes' if truth(model, flag) else 'spares'} the Gnomes of seat {num(model, owner)}")
    return Obligation(domain, flag == rule, explain)


THEOREMS = (dwarves_one_taker, dwarves_lowest, trolls_conservation, trolls_hold_over,
            giants_same_value, giants_victims)
