"""Each game's score per seat, for the one-ply greedy policy (``HasScores``, issue 21 §1).

Adapters over each game's own public scoring functions, so no game package
grows a study API: Claim and its family count the votes each seat's score pile
holds now (``claim.scoring.majority``, ``claim2.scoring.majority``, scored by
the variant's own ruleset as at the end of the game); Valeria totals the victory
points :func:`rules.valeria.engine.score` counts (``valeria.scoring.total``),
and the solo game the player's lead over the Dark Lord
(``valeria.variants.solo.scoring``). Leaders has no score: its greedy policy
counts wins only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.valeria import engine, solo


def claim_votes(state: Any) -> tuple[float, ...]:
    """Votes each seat's score pile holds now (a four-player team's votes count for both partners)."""
    variant = state.variant
    scoring = variant.rules.score(state.score, variant)
    return tuple(float(sum(1 for _, seats in scoring.votes if seat in seats)) for seat in range(len(state.hands)))


def valeria_points(state: Any) -> tuple[float, ...]:
    """Each seat's victory points now; solo: the player's points minus the Dark Lord's."""
    if state.players == solo.SOLO:
        mine, his = solo.scores(state)
        return (float(mine.total - his.total),)
    return tuple(float(engine.score(state, seat).total) for seat in range(state.players))


#: game key -> its score function
SCORES: dict[str, Callable[[Any], Sequence[float]]] = {
    "claim": claim_votes,
    "claim2": claim_votes,
    "claim-combined": claim_votes,
    "valeria": valeria_points,
}
