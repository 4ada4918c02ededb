"""End of game: votes and the winner (``claim.scoring.*``).

Like :mod:`rules.claim.trick`, the deciding predicates take a logic
vocabulary so the Z3 proofs run them unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from rules.claim.cards import Card, Faction
from rules.kernel.logic import CONCRETE, Logic
from rules.kernel.registry import implements
from rules.kernel.text import Text

#: ``highest`` of a pile without cards of the faction.
NO_CARD = -1


@implements("claim.scoring.count")
def faction_tally(pile: Sequence[Card], faction: Faction) -> tuple[int, int]:
    """(how many cards of ``faction`` the score pile holds, its highest value or -1)."""
    values = [c.value for c in pile if c.faction is faction]
    return len(values), max(values, default=NO_CARD)


@implements("claim.scoring.majority", "claim.scoring.tie-highest")
def holds_vote(count: Any, highest: Any, other_count: Any, other_highest: Any, L: Logic = CONCRETE) -> Any:
    """Does a player with (count, highest) win the faction's vote against the other?

    More cards wins (``claim.scoring.majority``); equal counts go to the higher
    card (``claim.scoring.tie-highest``). Rulings (interpretations, see the
    spec): 0–0 gives the vote to nobody, and so do equal counts with an equal
    highest card.
    """
    return L.Or(count > other_count,
                L.And(count == other_count, count > 0, highest > other_highest))


@implements("claim.scoring.win")
def wins_game(votes: Any, L: Logic = CONCRETE) -> Any:
    """A player wins with at least three votes (ruling: otherwise nobody wins)."""
    return votes >= 3


@attrs.frozen
class Scoring:
    """Votes per faction (holding seats) and the winners."""

    votes: tuple[tuple[Faction, tuple[int, ...]], ...]
    winners: tuple[int, ...]
    tallies: tuple[tuple[Faction, tuple[tuple[int, int], ...]], ...]

    def votes_json(self) -> dict[str, list[int]]:
        return {f.key: list(seats) for f, seats in self.votes}

    def explain(self) -> tuple[Text, ...]:
        lines = []
        tallies = dict(self.tallies)
        for faction, seats in self.votes:
            (c0, h0), (c1, h1) = tallies[faction]
            if seats:
                seat = seats[0]
                (c, h), (oc, oh) = tallies[faction][seat], tallies[faction][1 - seat]
                if c > oc:
                    why = Text.of(cs=f"má víc karet ({c} proti {oc}): claim.scoring.majority",
                                  en=f"more cards ({c} against {oc}): claim.scoring.majority")
                else:
                    why = Text.of(cs=f"stejně karet ({c}), vyšší karta {h} proti {oh}: claim.scoring.tie-highest",
                                  en=f"equal count ({c}), higher card {h} against {oh}: claim.scoring.tie-highest")
                lines.append(Text.of(cs="{f}: hlas získává hráč {s}, {why}",
                                     en="{f}: seat {s} wins the vote, {why}").format(f=faction.plural, s=seat, why=why))
            elif c0 == c1 == 0:
                lines.append(Text.of(cs="{f}: nikdo nemá žádnou kartu, hlas nezíská nikdo (výklad claim.scoring.majority)",
                                     en="{f}: nobody holds a card, nobody gets the vote (ruling on claim.scoring.majority)"
                                     ).format(f=faction.plural))
            else:
                lines.append(Text.of(
                    cs="{f}: stejný počet ({c}) i nejvyšší karta ({h}), hlas nezíská nikdo (výklad claim.scoring.tie-highest)",
                    en="{f}: equal count ({c}) and equal highest card ({h}), nobody gets the vote "
                       "(ruling on claim.scoring.tie-highest)").format(f=faction.plural, c=c0, h=h0))
        counts = [sum(1 for _, seats in self.votes if s in seats) for s in (0, 1)]
        if self.winners:
            w = self.winners[0]
            lines.append(Text.of(cs=f"Vítězí hráč {w} se {counts[w]} hlasy (claim.scoring.win).",
                                 en=f"Seat {w} wins with {counts[w]} votes (claim.scoring.win)."))
        else:
            lines.append(Text.of(
                cs=f"Nikdo nemá aspoň tři hlasy ({counts[0]}–{counts[1]}): hra nemá vítěze (výklad claim.scoring.win).",
                en=f"Nobody has three votes ({counts[0]}–{counts[1]}): the game has no winner (ruling on claim.scoring.win)."))
        return tuple(lines)


@implements("claim.phase2.end")
def score(piles: Sequence[Sequence[Card]]) -> Scoring:
    """Score two players' score piles."""
    votes = []
    tallies = []
    totals = [0, 0]
    for faction in Faction:
        t = tuple(faction_tally(pile, faction) for pile in piles)
        tallies.append((faction, t))
        holders = tuple(seat for seat in (0, 1)
                        if holds_vote(t[seat][0], t[seat][1], t[1 - seat][0], t[1 - seat][1]))
        for seat in holders:
            totals[seat] += 1
        votes.append((faction, holders))
    winners = tuple(seat for seat in (0, 1) if wins_game(totals[seat]))
    return Scoring(tuple(votes), winners, tuple(tallies))
