"""Where the played cards of a resolved trick go, in every game of the family.

The engine routes every card played into a trick with
:func:`rules.claim.powers.played_card_destinations` (flags over
``PLAYED_ZONES``): it puts the card into every zone whose flag holds, so a
card is neither lost nor duplicated only if exactly one flag holds, for both
phases, two to four players and all ten factions. The expected zone below is
written from the rule texts as a plain table, not with the engine's formula:

- phase one: played Undead to the winner's score pile (``claim.undead``),
  everything else out of the game (``claim.phase1.discard``,
  ``claim2.phase1.discard``);
- phase two: Dwarves to the loser with two players (``claim.dwarves``) and to
  the player of the lowest card with three or four
  (``claim.dwarves.multiplayer``); Gnomes laid out in front of the winner
  (``claim2.gnomes``); Trolls into the Troll pool, which
  ``troll_destinations`` resolves (``claim2.trolls``, see
  :mod:`proofs.claim.powers`); everything else to the winner's score pile
  (``claim.phase2.winner-takes-both``, ``claim2.phase2.winner-takes-both``,
  ``claim-combined.phase2.winner-takes-all``).

A Doppelganger keeps its printed faction here (it copies no power:
``claim.doppelgangers.no-power``, ``claim.doppelgangers.multiplayer.no-power``).
"""

from __future__ import annotations

from typing import Any

from proofs import Obligation, as_bool, theorem
from proofs.claim.common import (
    ALL_FACTIONS,
    PHASES,
    PLAYERS,
    exactly_one,
    is_faction,
    is_phase,
    name,
    num,
    one_of,
    truth,
)
from rules.claim import powers
from rules.claim.powers import PLAYED_ZONES
from rules.claim.trick import DWARF, GNOME, TROLL, UNDEAD
from rules.kernel.logic import Logic


def expected_zone(phase: int, faction: int, players: int) -> str:
    """The zone (a ``PLAYED_ZONES`` name) the rules send a played card to."""
    if phase == 1:
        return "winner_score" if faction == UNDEAD else "discard"
    if faction == DWARF:
        return "loser_score" if players == 2 else "dwarves_taker_score"
    return {GNOME: "winner_gnomes", TROLL: "troll_pool"}.get(faction, "winner_score")


def _flags(L: Logic, played: Any) -> tuple[Any, Any, Any, tuple[Any, ...]]:
    import z3

    phase, faction, players = z3.Int("phase"), z3.Int("faction"), z3.Int("players")
    return phase, faction, players, tuple(as_bool(f) for f in played(phase, faction, players, L))


def _domain(phase: Any, faction: Any, players: Any) -> Any:
    import z3

    return z3.And(is_phase(phase), is_faction(faction, ALL_FACTIONS), one_of(players, PLAYERS))


def _explain(phase: Any, faction: Any, players: Any, flags: tuple[Any, ...]) -> Any:
    def explain(model: Any) -> str:
        ph, f, n = num(model, phase), num(model, faction), num(model, players)
        zones = [z for z, t in zip(PLAYED_ZONES, flags) if truth(model, t)] or ["nowhere"]
        return (f"phase {ph}, {n} players, {name(f)}: a played card goes to {' + '.join(zones)} "
                f"(the rules: {expected_zone(ph, f, n)})")
    return explain


@theorem("claim2.trick.conservation",
         ("claim2.phase1.discard", "claim2.phase2.winner-takes-both", "claim2.gnomes", "claim2.trolls",
          "claim.dwarves.multiplayer", "claim-combined.phase2.winner-takes-all", "claim.phase1.undead-to-score",
          "claim.dwarves"),
         "In both phases, with two to four players, every played card of each of the ten factions goes to "
         "exactly one zone.")
def conservation(L: Logic, *, played_card_destinations: Any = powers.played_card_destinations) -> Obligation:
    """No card is lost (no flag) or duplicated (two flags) when any trick is resolved."""
    phase, faction, players, flags = _flags(L, played_card_destinations)
    return Obligation(_domain(phase, faction, players), exactly_one(flags),
                      _explain(phase, faction, players, flags))


@theorem("claim2.trick.destinations",
         ("claim2.phase1.discard", "claim2.phase2.winner-takes-both", "claim2.gnomes", "claim2.trolls",
          "claim.dwarves.multiplayer", "claim.dwarves", "claim.undead", "claim.phase1.undead-to-score",
          "claim.doppelgangers.no-power", "claim.doppelgangers.multiplayer.no-power",
          "claim-combined.phase2.winner-takes-all"),
         "Every played card goes where the rules send it: Undead won in phase one to the score pile, Dwarves to "
         "the loser or the lowest card's player, Gnomes laid out, Trolls to the pool, the rest to the winner.")
def destinations(L: Logic, *, played_card_destinations: Any = powers.played_card_destinations) -> Obligation:
    """The one zone is the right one, for every phase, player count and faction."""
    import z3

    phase, faction, players, flags = _flags(L, played_card_destinations)

    def only(zone: str) -> Any:
        return z3.And(*(flag == z3.BoolVal(z == zone) for z, flag in zip(PLAYED_ZONES, flags, strict=True)))

    cases = [z3.Implies(z3.And(phase == ph, faction == f, players == n), only(expected_zone(ph, f, n)))
             for ph in PHASES for f in ALL_FACTIONS for n in PLAYERS]
    return Obligation(_domain(phase, faction, players), z3.And(*cases), _explain(phase, faction, players, flags))


THEOREMS = (conservation, destinations)
