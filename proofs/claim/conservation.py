"""Where the cards of a resolved trick go (card conservation).

The engine puts a card into *every* zone whose flag in
``played_card_destinations`` / ``revealed_card_destinations`` holds (zones in
the order of ``rules.claim.trick.DESTINATIONS``). A card is neither lost nor
duplicated only if exactly one flag holds, for every phase and faction; and
it lands where the rulebook says only if that one flag is the right one.
The expected zones below are written from the rule texts, as a plain table,
not with the engine's formulas.
"""

from __future__ import annotations

from typing import Any

from proofs import Obligation, as_bool, theorem
from proofs.claim.common import FACTIONS, PHASES, is_faction, is_phase, name, num, truth
from rules.claim import trick
from rules.claim.trick import DESTINATIONS, DWARF, UNDEAD
from rules.kernel.logic import Logic


def expected_played(phase: int, faction: int) -> str:
    """The zone (a ``DESTINATIONS`` name) the rules send a played card to."""
    if phase == 1:
        # claim.phase1.undead-to-score / claim.undead; everything else: claim.phase1.discard.
        return "winner_score" if faction == UNDEAD else "discard"
    # claim.dwarves: the loser takes the Dwarves; claim.phase2.winner-takes-both,
    # claim.dwarves.winner-rest: the winner takes the rest.
    return "loser_score" if faction == DWARF else "winner_score"


#: claim.phase1.winner-takes-revealed, claim.phase1.undead-revealed: the won
#: card goes to the winner's followers, an Undead too. Phase one only.
EXPECTED_REVEALED = "winner_followers"

# claim.doppelgangers.no-power: a Doppelganger keeps its own faction here, so
# expected_played sends it where any powerless card goes (discard in phase
# one, the winner in phase two), whatever faction it copied in the trick.


def _flags(L: Logic, played: Any, revealed: Any) -> tuple[Any, Any, tuple[Any, ...], tuple[Any, ...]]:
    import z3

    phase, faction = z3.Int("phase"), z3.Int("faction")
    p = tuple(as_bool(f) for f in played(phase, faction, L))
    r = tuple(as_bool(f) for f in revealed(phase, faction, L))
    return phase, faction, p, r


def _explain(phase: Any, faction: Any, played: tuple[Any, ...], revealed: tuple[Any, ...]) -> Any:
    def explain(model: Any) -> str:
        ph, f = num(model, phase), num(model, faction)
        def zones(flags: tuple[Any, ...]) -> list[str]:
            return [z for z, t in zip(DESTINATIONS, flags) if truth(model, t)] or ["nowhere"]

        text = (f"phase {ph}, {name(f)}: a played card goes to {' + '.join(zones(played))} "
                f"(the rules: {expected_played(ph, f)}); a revealed card goes to {' + '.join(zones(revealed))}")
        return text + (f" (the rules: {EXPECTED_REVEALED})" if ph == 1 else " (no revealed card in phase two)")
    return explain


def _exactly_one(flags: tuple[Any, ...]) -> Any:
    import z3

    return z3.Sum(*(z3.If(f, 1, 0) for f in flags)) == 1


@theorem("claim.trick.conservation",
         ("claim.phase1.undead-to-score", "claim.phase1.discard", "claim.phase1.winner-takes-revealed",
          "claim.phase2.winner-takes-both", "claim.dwarves", "claim.dwarves.winner-rest"),
         "In both phases every played card, and in phase one the revealed card, of every faction goes to exactly "
         "one zone.")
def conservation(L: Logic, *, played_card_destinations: Any = trick.played_card_destinations,
                 revealed_card_destinations: Any = trick.revealed_card_destinations) -> Obligation:
    """No card is lost (no flag) or duplicated (two flags) when a trick is resolved."""
    import z3

    phase, faction, played, revealed = _flags(L, played_card_destinations, revealed_card_destinations)
    domain = z3.And(is_phase(phase), is_faction(faction))
    # only phase one reveals a card (claim.phase1.reveal); in phase two no revealed card exists to route
    claim = z3.And(_exactly_one(played), z3.Implies(phase == 1, _exactly_one(revealed)))
    return Obligation(domain, claim, _explain(phase, faction, played, revealed))


@theorem("claim.trick.destinations",
         ("claim.phase1.undead-to-score", "claim.undead", "claim.phase1.discard",
          "claim.phase1.winner-takes-revealed", "claim.phase1.undead-revealed",
          "claim.phase2.winner-takes-both", "claim.dwarves", "claim.dwarves.winner-rest",
          "claim.doppelgangers.no-power"),
         "Phase one: played Undead go to the winner's score pile, other played cards are discarded, the revealed "
         "card goes to the winner's followers; phase two: Dwarves go to the loser's score pile, other cards to "
         "the winner's; a Doppelganger keeps its own faction.")
def destinations(L: Logic, *, played_card_destinations: Any = trick.played_card_destinations,
                 revealed_card_destinations: Any = trick.revealed_card_destinations) -> Obligation:
    """Each card's zone is the one the rule text names."""
    import z3

    phase, faction, played, revealed = _flags(L, played_card_destinations, revealed_card_destinations)
    domain = z3.And(is_phase(phase), is_faction(faction))

    def only(flags: tuple[Any, ...], zone: str) -> Any:
        return z3.And(*(flag == z3.BoolVal(z == zone) for z, flag in zip(DESTINATIONS, flags, strict=True)))

    cases = [z3.Implies(z3.And(phase == ph, faction == f), only(played, expected_played(ph, f)))
             for ph in PHASES for f in FACTIONS]
    cases.append(z3.Implies(phase == 1, only(revealed, EXPECTED_REVEALED)))
    cases.append(z3.Implies(phase == 2, z3.Not(z3.Or(*revealed))))  # phase two reveals no card
    return Obligation(domain, z3.And(*cases), _explain(phase, faction, played, revealed))


THEOREMS = (conservation, destinations)
