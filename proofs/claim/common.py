"""Domains and counterexample wording shared by the Claim theorems.

Ranges are derived from the deck (``claim.components.deck``) rather than
typed in, so a proof quantifies over exactly the cards that exist.
"""

from __future__ import annotations

from typing import Any

from rules.claim.cards import Faction, deck_composition

FACTIONS: tuple[int, ...] = tuple(int(f) for f in Faction)
#: The values each faction's cards carry (Knights 2–9, the others 0–9).
VALUES: dict[int, tuple[int, ...]] = {
    int(f): tuple(sorted({v for (g, v) in deck_composition() if g is f})) for f in Faction
}
PHASES = (1, 2)


def name(faction: int) -> str:
    """``goblin`` for 0; an out-of-range number is shown as is."""
    return Faction(faction).key if faction in FACTIONS else f"faction#{faction}"


def is_faction(x: Any) -> Any:
    import z3

    return z3.Or(*(x == f for f in FACTIONS))


def is_card(faction: Any, value: Any) -> Any:
    """``(faction, value)`` is a card of the deck."""
    import z3

    return z3.Or(*(z3.And(faction == f, z3.Or(*(value == v for v in VALUES[f]))) for f in FACTIONS))


def is_phase(x: Any) -> Any:
    import z3

    return z3.Or(*(x == p for p in PHASES))


def num(model: Any, term: Any) -> int:
    return model.eval(term, model_completion=True).as_long()


def truth(model: Any, term: Any) -> bool:
    import z3

    from proofs import as_bool

    return z3.is_true(model.eval(as_bool(term), model_completion=True))
