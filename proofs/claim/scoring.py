"""Votes and the game winner (``claim.scoring.*``).

The engine's ``score`` gives a faction's vote to each seat for which
``holds_vote(own count, own highest, other count, other highest)`` holds,
counts votes per seat and lets every seat with ``wins_game(votes)`` win.
The theorems run those two functions on every tally a score pile can show:
0 to 52 cards of a faction, the highest value ``-1`` exactly when there are
none, else a card value (a superset of reachable tallies, which only makes
the claims stronger).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from proofs import Obligation, as_bool, theorem
from proofs.claim.common import FACTIONS, VALUES, name, num, truth
from rules.claim import scoring
from rules.claim.cards import full_deck
from rules.claim.scoring import NO_CARD
from rules.kernel.logic import Logic

MAX_COUNT = len(full_deck())
CARD_VALUES = tuple(sorted({v for vs in VALUES.values() for v in vs}))


def _tally(label: str) -> tuple[Any, Any, Any]:
    """A symbolic (count, highest) of one seat's pile for one faction, with its range."""
    import z3

    c, h = z3.Int(f"count_{label}"), z3.Int(f"highest_{label}")
    valid = z3.And(c >= 0, c <= MAX_COUNT,
                   z3.If(c == 0, h == NO_CARD, z3.Or(*(h == v for v in CARD_VALUES))))
    return c, h, valid


def votes(tallies: Sequence[tuple[Any, Any]], L: Logic, *, holds_vote: Any = scoring.holds_vote) -> tuple[Any, Any]:
    """Does seat 0, seat 1 hold the vote, given both seats' (count, highest)? (as ``score`` asks)"""
    (c0, h0), (c1, h1) = tallies
    return holds_vote(c0, h0, c1, h1, L), holds_vote(c1, h1, c0, h0, L)


def _explain_vote(t: Sequence[tuple[Any, Any]], held: tuple[Any, Any], faction: str = "a faction") -> Any:
    def explain(model: Any) -> str:
        (c0, h0), (c1, h1) = ((num(model, c), num(model, h)) for c, h in t)
        who = [f"seat {s}" for s in (0, 1) if truth(model, held[s])] or ["nobody"]
        return (f"{faction}: seat 0 holds {c0} (highest {h0}), seat 1 holds {c1} (highest {h1}); "
                f"engine gives the vote to {' and '.join(who)}")
    return explain


def _one_faction(L: Logic, holds_vote: Any) -> tuple[Any, Any, list[tuple[Any, Any]], tuple[Any, Any]]:
    import z3

    c0, h0, ok0 = _tally("seat0")
    c1, h1, ok1 = _tally("seat1")
    held = tuple(as_bool(x) for x in votes([(c0, h0), (c1, h1)], L, holds_vote=holds_vote))
    return z3.And(ok0, ok1), (c0, h0, c1, h1), [(c0, h0), (c1, h1)], held  # type: ignore[return-value]


@theorem("claim.scoring.vote-unique",
         ("claim.scoring.majority", "claim.scoring.tie-highest"),
         "No faction's vote goes to both players.")
def vote_unique(L: Logic, *, holds_vote: Any = scoring.holds_vote) -> Obligation:
    """At most one holder per vote, for every pair of tallies."""
    import z3

    domain, _, t, (v0, v1) = _one_faction(L, holds_vote)
    return Obligation(domain, z3.Not(z3.And(v0, v1)), _explain_vote(t, (v0, v1)), smallest=t[0][0] + t[1][0])


@theorem("claim.scoring.vote-rulings",
         ("claim.scoring.majority", "claim.scoring.tie-highest"),
         "The player with more cards of a faction gets its vote; with equal non-zero counts the higher card "
         "gets it; with 0-0, or equal counts and an equal highest card, nobody does.")
def vote_rulings(L: Logic, *, holds_vote: Any = scoring.holds_vote) -> Obligation:
    """The book's rule plus the library's two rulings (see the spec annotations)."""
    import z3

    domain, (c0, h0, c1, h1), t, (v0, v1) = _one_faction(L, holds_vote)
    nobody = z3.And(z3.Not(v0), z3.Not(v1))
    claim = z3.And(
        z3.Implies(z3.And(c0 == 0, c1 == 0), nobody),                 # ruling on claim.scoring.majority
        z3.Implies(z3.And(c0 == c1, h0 == h1), nobody),               # ruling on claim.scoring.tie-highest
        z3.Implies(c0 > c1, v0), z3.Implies(c1 > c0, v1),            # claim.scoring.majority
        z3.Implies(z3.And(c0 == c1, c0 > 0, h0 > h1), v0),            # claim.scoring.tie-highest
        z3.Implies(z3.And(c0 == c1, c0 > 0, h1 > h0), v1),
    )
    return Obligation(domain, claim, _explain_vote(t, (v0, v1)), smallest=t[0][0] + t[1][0])


@theorem("claim.scoring.one-winner",
         ("claim.scoring.win", "claim.scoring.majority", "claim.scoring.tie-highest"),
         "With five factions' votes decided by the scoring rules, at most one player wins the game.")
def one_winner(L: Logic, *, holds_vote: Any = scoring.holds_vote, wins_game: Any = scoring.wins_game) -> Obligation:
    """Never two winners, whatever the two score piles hold."""
    import z3

    domains, held, tallies = [], [], []
    for f in FACTIONS:
        c0, h0, ok0 = _tally(f"{name(f)}_seat0")
        c1, h1, ok1 = _tally(f"{name(f)}_seat1")
        domains += [ok0, ok1]
        tallies.append([(c0, h0), (c1, h1)])
        held.append(tuple(as_bool(x) for x in votes([(c0, h0), (c1, h1)], L, holds_vote=holds_vote)))
    totals = [z3.Sum(*(z3.If(h[s], 1, 0) for h in held)) for s in (0, 1)]
    wins = [as_bool(wins_game(totals[s], L)) for s in (0, 1)]

    def explain(model: Any) -> str:
        lines = [_explain_vote(t, h, name(f))(model) for f, t, h in zip(FACTIONS, tallies, held)]
        return "; ".join(lines) + (f"; votes {num(model, totals[0])}-{num(model, totals[1])}, "
                                   f"engine: seat 0 wins={truth(model, wins[0])}, seat 1 wins={truth(model, wins[1])}")
    smallest = z3.Sum(*(c for t in tallies for c, _ in t))
    return Obligation(z3.And(*domains), z3.Not(z3.And(*wins)), explain, smallest=smallest)


THEOREMS = (vote_unique, vote_rulings, one_winner)
