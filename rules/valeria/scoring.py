"""The end of a Valeria game counted: each seat's VP (valeria.scoring.total) from slain monsters,
built domains, the board and its duke (its role icons and resources, ruling O1), and the winner, a
tie going to fewer cards in the duchy (valeria.scoring.tie, ruling O3).
"""

from __future__ import annotations

import attrs

from rules.kernel.registry import implements
from rules.valeria.cards import Counter
from rules.valeria.data import Index, index
from rules.valeria.holdings import count
from rules.valeria.predicates import duke_resource_vp, duke_vp
from rules.valeria.state import State


def _I() -> Index:
    return index()


# =========================================================================== scoring


@attrs.frozen
class Score:
    seat: int
    monsters: int
    domains: int
    board: int
    duke_terms: tuple[tuple[Counter, int, int, int], ...]  # (what is counted, VP each, count, VP)
    duke_resources: int
    duchy_cards: int

    @property
    def duke(self) -> int:
        return int(duke_vp(tuple(t[1] for t in self.duke_terms), tuple(t[2] for t in self.duke_terms),
                           self.duke_resources))

    @property
    def total(self) -> int:
        return self.monsters + self.domains + self.board + self.duke


STARTERS_PER_SEAT = 3


@implements("valeria.scoring.total", "valeria.scoring.duke-icons", "valeria.monsters.vp", "valeria.resources.vp",
            "valeria.dukes.resources", "valeria.domains.vp", "valeria.variants.events.scoring")
def score(state: State, seat: int) -> Score:
    """Printed VP of slain monsters and built domains, VP on the board and the duke:
    its terms (role icons on citizens and domains) and the summed resources divided
    by its number (ruling O1)."""
    ix = _I()
    s = state.seats[seat]
    duke = ix.dukes[s.duke] if s.duke else None
    terms: list[tuple[Counter, int, int, int]] = []
    res = 0
    if duke is not None:
        for term in duke.score:
            n = count(state, seat, term.per)
            terms.append((term.per, term.vp, n, n * term.vp))
        res = int(duke_resource_vp(s.gold, s.strength, s.magic, duke.resources_per_vp))
    return Score(seat, sum(ix.monsters[m].vp for m in s.monsters), sum(ix.domains[d].vp for d in s.domains), s.vp,
                 tuple(terms), res, STARTERS_PER_SEAT + sum(s.citizens) + len(s.domains))


@implements("valeria.scoring.winner", "valeria.scoring.tie")
def winners(scores: tuple[Score, ...]) -> tuple[int, ...]:
    """Most VP wins; a tie goes to the tied seat with fewer cards in its duchy
    (starters, citizens, domains: ruling O3); still equal, they share the victory."""
    best = max(sc.total for sc in scores)
    tied = [sc for sc in scores if sc.total == best]
    fewest = min(sc.duchy_cards for sc in tied)
    return tuple(sc.seat for sc in tied if sc.duchy_cards == fewest)
