"""End of game: votes and the winner (``claim.scoring.*``).

Like :mod:`rules.claim.trick`, the deciding predicates take a logic
vocabulary so the Z3 proofs run them unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from rules.claim.cards import CLAIM_FACTIONS, Card, Faction
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


class _Votes:
    """The votes of a scored game, per faction the seats holding it (both scorings)."""

    votes: tuple[tuple[Faction, tuple[int, ...]], ...]

    def votes_json(self) -> dict[str, list[int]]:
        """The result's ``votes``: faction key -> the seats holding its vote."""
        return {f.key: list(seats) for f, seats in self.votes}


@attrs.frozen
class Scoring(_Votes):
    """Votes per faction (holding seats) and the winners."""

    votes: tuple[tuple[Faction, tuple[int, ...]], ...]
    winners: tuple[int, ...]
    tallies: tuple[tuple[Faction, tuple[tuple[int, int], ...]], ...]

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

    @property
    def rules(self) -> tuple[str, ...]:
        """What decided the game (``Result.rules``): three votes win, and by its ruling fewer leave
        the game without a winner."""
        return ("claim.scoring.win",)


@implements("claim.phase2.end")
def score(piles: Sequence[Sequence[Card]], factions: Sequence[Faction] = CLAIM_FACTIONS) -> Scoring:
    """Score two players' score piles (Claim: its five factions)."""
    votes = []
    tallies = []
    totals = [0, 0]
    for faction in factions:
        t = tuple(faction_tally(pile, faction) for pile in piles)
        tallies.append((faction, t))
        holders = tuple(seat for seat in (0, 1)
                        if holds_vote(t[seat][0], t[seat][1], t[1 - seat][0], t[1 - seat][1]))
        for seat in holders:
            totals[seat] += 1
        votes.append((faction, holders))
    winners = tuple(seat for seat in (0, 1) if wins_game(totals[seat]))
    return Scoring(tuple(votes), winners, tuple(tallies))


def score_claim(piles: Sequence[Sequence[Card]], variant: Any) -> Scoring:
    """:func:`score` over the variant's factions: Claim's scoring, as a ruleset's ``score``."""
    return score(piles, variant.factions)


# ---------------------------------------------------------------------- Claim 2 and the combinations


@implements("claim2.scoring.majority", "claim2.scoring.tie-highest")
def outvotes(values: Sequence[Any], other_values: Sequence[Any]) -> bool:
    """Does a side holding cards of ``values`` beat one holding ``other_values``
    for a faction's vote? More cards (``claim2.scoring.majority``); equal
    counts: the highest card, then the second highest, and so on
    (``claim2.scoring.tie-highest``). Equal everywhere (0–0 included): no."""
    if len(values) != len(other_values):
        return len(values) > len(other_values)
    return sorted(values, reverse=True) > sorted(other_values, reverse=True)


#: the rule of the most votes winning, by player count where it is not Claim 2's
_MOST_VOTES = {3: "claim-combined.scoring.three-players", 4: "claim-combined.scoring.four-players"}


@attrs.frozen
class Scoring2(_Votes):
    """Claim 2 style scoring over sides (players, or four players' teams)."""

    factions: tuple[Faction, ...]
    sides: tuple[tuple[int, ...], ...]
    votes: tuple[tuple[Faction, tuple[int, ...]], ...]  # faction -> seats of the side holding the vote
    winners: tuple[int, ...]
    decided_by: str  # the rule that decided the winner ("" when nobody won)
    totals: tuple[int, ...]  # votes per side
    voting_cards: tuple[int, ...]  # cards per side in the factions voting for it
    voting_sums: tuple[int, ...]  # their values' sum
    #: faction -> each side's values of that faction (for the explanation)
    values: tuple[tuple[Faction, tuple[tuple[int, ...], ...]], ...] = ()

    def explain(self) -> tuple[Text, ...]:
        lines = []
        values = dict(self.values)
        for faction, seats in self.votes:
            if seats:
                side = self.sides.index(seats)
                lines.append(Text.of(hu="{f}: a szavazatot {who} kapja, {why}",
                                     en="{f}: {who} wins the vote, {why}").format(
                    f=faction.plural, who=_side_name(seats), why=_vote_reason(values[faction], side)))
            else:
                lines.append(Text.of(hu="{f}: senkinek nincs lapja, vagy a lapok minden értékben egyeznek, a "
                                        "szavazatot senki sem kapja (claim2.scoring.tie-highest, értelmezés)",
                                     en="{f}: nobody holds a card, or the cards tie value for value; nobody gets "
                                        "the vote (ruling on claim2.scoring.tie-highest)").format(f=faction.plural))
        tally = ", ".join(f"{'+'.join(map(str, side))}: {t}" for side, t in zip(self.sides, self.totals))
        if self.winners:
            w = _side_name(self.winners)
            lines.append(Text.of(hu="Győztes: {w} (szavazatok: {t}; {rule}).",
                                 en="Winner: {w} (votes: {t}; {rule}).").format(w=w, t=tally, rule=self.decided_by))
        else:
            lines.append(Text.of(hu=f"Nincs győztes: a döntetlen minden eldöntési szabály után is fennáll "
                                    f"(szavazatok: {tally}).",
                                 en=f"No winner: the tie survives every tie-break (votes: {tally})."))
        return tuple(lines)

    @property
    def rules(self) -> tuple[str, ...]:
        """What decided the game (``Result.rules``): the criterion that left one side the winner
        or, when the tie survived them all, the rule whose ruling says nobody wins (the last
        tie-break of two players', the winner's rule of three and four players')."""
        if self.decided_by:
            return (self.decided_by,)
        seats = sum(len(side) for side in self.sides)
        return (_MOST_VOTES.get(seats, "claim2.scoring.win-tie"),)


def _side_name(seats: Sequence[int]) -> Text:
    if len(seats) == 1:
        return Text.of(hu=f"a(z) {seats[0]}. hely", en=f"seat {seats[0]}")
    joined = " + ".join(map(str, seats))
    return Text.of(hu=f"a(z) {joined} csapat", en=f"the team of seats {joined}")


def _vote_reason(values: Sequence[Sequence[int]], side: int) -> Text:
    """Why ``side`` holds the vote: more cards, or the first higher card of equal counts."""
    mine = sorted(values[side], reverse=True)
    rivals = [sorted(v, reverse=True) for i, v in enumerate(values) if i != side]
    best = max(rivals, key=lambda v: (len(v), v))
    if len(mine) > len(best):
        return Text.of(hu=f"több lappal ({len(mine)}, a legközelebbi {len(best)}): claim2.scoring.majority",
                       en=f"more cards ({len(mine)} against at most {len(best)}): claim2.scoring.majority")
    k = next(i for i, (a, b) in enumerate(zip(mine, best)) if a != b)
    return Text.of(hu=f"egyenlő lapszám ({len(mine)}), a(z) {k + 1}. legmagasabb lap {mine[k]} a(z) {best[k]} "
                      f"ellen: claim2.scoring.tie-highest",
                   en=f"equal count ({len(mine)}), higher card number {k + 1} ({mine[k]} against {best[k]}): "
                      f"claim2.scoring.tie-highest")


@implements("claim2.overview.votes", "claim-combined.three-players", "claim2.scoring.count", "claim2.scoring.majority",
            "claim2.scoring.tie-highest", "claim2.scoring.win",
            "claim2.scoring.win-tie", "claim-combined.scoring.three-players",
            "claim-combined.scoring.three-players.tie-cards", "claim-combined.scoring.three-players.tie-sum",
            "claim-combined.scoring.four-players", "claim-combined.four-players.teams", "claim2.phase2.end")
def score_claim2(piles: Sequence[Sequence[Card]], variant: Any) -> Scoring2:
    """Score Claim 2 and the combinations (rulings 2, 3, 12, 13 of the spec).

    A faction's vote goes to the side with most cards; a tie among the most
    goes to the highest card, then the second highest…; still equal: nobody.
    The winner has most votes; ties: more cards in the factions voting for
    them, then (three and four players) the higher sum of those cards'
    values; still tied: nobody. Four players score as two teams (seats 0+2
    and 1+3) that pool their cards.
    """
    players = len(piles)
    sides: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3)) if players == 4 else tuple((s,) for s in range(players))
    pooled = [[c for s in side for c in piles[s]] for side in sides]
    votes = []
    by_faction = []
    held_by: list[list[Faction]] = [[] for _ in sides]
    for faction in variant.factions:
        values = [[c.value for c in pile if c.faction is faction] for pile in pooled]
        by_faction.append((faction, tuple(tuple(v) for v in values)))
        best = [i for i in range(len(sides)) if all(i == j or outvotes(values[i], values[j])
                                                    for j in range(len(sides)))]
        holder = best[0] if best else None
        if holder is not None:
            held_by[holder].append(faction)
        votes.append((faction, sides[holder] if holder is not None else ()))
    totals = tuple(len(h) for h in held_by)
    cards = tuple(sum(1 for c in pooled[i] if c.faction in held_by[i]) for i in range(len(sides)))
    sums = tuple(sum(c.value for c in pooled[i] if c.faction in held_by[i]) for i in range(len(sides)))
    keys: list[tuple[str, tuple[int, ...]]] = [(_MOST_VOTES.get(players, "claim2.scoring.win"), totals),
                                               ("claim2.scoring.win-tie", cards)]
    if players >= 3:
        keys[1] = ("claim-combined.scoring.three-players.tie-cards", cards)
        keys.append(("claim-combined.scoring.three-players.tie-sum", sums))
    alive = list(range(len(sides)))
    winners: tuple[int, ...] = ()
    decided = ""
    for rule, key in keys:
        top = max(key[i] for i in alive)
        alive = [i for i in alive if key[i] == top]
        if len(alive) == 1:
            winners, decided = sides[alive[0]], rule
            break
    return Scoring2(tuple(variant.factions), sides, tuple(votes), winners, decided, totals, cards, sums,
                    tuple(by_faction))
