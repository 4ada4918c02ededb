"""Domains and counterexample wording shared by the Claim-family theorems.

Ranges are derived from the decks (``claim.components.deck``,
``claim2.components.deck``) rather than typed in, so a proof quantifies over
exactly the cards that exist. ``FACTIONS``/``VALUES`` are Claim's five
factions (the theorems about Claim's own functions and scoring);
``ALL_FACTIONS``/``ALL_VALUES`` are the ten factions any Claim, Claim 2 or
combined deck may hold.
"""

from __future__ import annotations

from typing import Any

from rules.claim.cards import Faction, deck_composition, faction_cards

FACTIONS: tuple[int, ...] = tuple(sorted({int(f) for (f, _) in deck_composition()}))
#: The values each of Claim's factions' cards carry (Knights 2–9, the others 0–9).
VALUES: dict[int, tuple[int, ...]] = {
    f: tuple(sorted({v for (g, v) in deck_composition() if int(g) == f})) for f in FACTIONS
}
ALL_FACTIONS: tuple[int, ...] = tuple(int(f) for f in Faction)
#: Every faction's values (Gnomes and Giants 1, 3, 5, 7, 9; Knights 2–9; the others 0–9).
ALL_VALUES: dict[int, tuple[int, ...]] = {int(f): tuple(sorted(faction_cards(f))) for f in Faction}
PHASES = (1, 2)
#: Player counts of the Claim family (two: Claim, Claim 2, custom decks; three and four: combined).
PLAYERS = (2, 3, 4)


def name(faction: int) -> str:
    """``goblin`` for 0; an out-of-range number is shown as is."""
    return Faction(faction).key if faction in ALL_FACTIONS else f"faction#{faction}"


def is_faction(x: Any, factions: tuple[int, ...] = FACTIONS) -> Any:
    import z3

    return z3.Or(*(x == f for f in factions))


def is_card(faction: Any, value: Any, values: dict[int, tuple[int, ...]] = VALUES) -> Any:
    """``(faction, value)`` is a card of the deck (Claim's by default)."""
    import z3

    return z3.Or(*(z3.And(faction == f, z3.Or(*(value == v for v in vs))) for f, vs in values.items()))


def is_phase(x: Any) -> Any:
    import z3

    return z3.Or(*(x == p for p in PHASES))


def one_of(x: Any, options: tuple[int, ...]) -> Any:
    import z3

    return z3.Or(*(x == o for o in options))


def exactly_one(flags: Any) -> Any:
    """Exactly one of the (Python or Z3) booleans holds."""
    import z3

    from proofs import as_bool

    return z3.Sum(*(z3.If(as_bool(f), 1, 0) for f in flags)) == 1


def card_text(model: Any, faction: Any, value: Any) -> str:
    return f"{name(num(model, faction))} {num(model, value)}"


def num(model: Any, term: Any) -> int:
    return model.eval(term, model_completion=True).as_long()


def truth(model: Any, term: Any) -> bool:
    import z3

    from proofs import as_bool

    return z3.is_true(model.eval(as_bool(term), model_completion=True))
