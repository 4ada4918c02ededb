"""Faction powers and the multi-player trick rules, as pure predicates.

Like :mod:`rules.claim.trick`, every function takes a logic vocabulary ``L``
(default :data:`~rules.kernel.logic.CONCRETE`), plain numbers (factions are
ints, positions are play-order indices from the leader, 0 = the leader's
card) and uses only ``L.And``/``L.Or``/``L.Not``/``L.If``/``L.Sum`` and
comparisons on its arguments, so ``proofs/claim`` runs these very functions
under Z3. The engine (:mod:`rules.claim.game`) calls them directly or through
tables evaluated from them (``tests/claim/test_tables.py`` compares the two).

Each power is a piece of its own: it looks only at cards of its own faction
(a Doppelganger keeps its printed faction here, rulings 6 and
``claim.doppelgangers.no-power``), so any legal mix of Claim and Claim 2
factions needs no new code.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.claim.trick import DOPPELGANGER, DRAGON, DWARF, GNOME, SEER, TROLL, UNDEAD
from rules.kernel.logic import CONCRETE, Logic
from rules.kernel.registry import implements

# ------------------------------------------------------------------ where played cards go

#: The zones a card played into a trick can go to, in the order of
#: :func:`played_card_destinations`. "winner" is the trick's winner; the
#: Dwarves taker is the player of the lowest card (3–4 players); the loser is
#: the other player of a two-player trick; the Troll pool is resolved by
#: :func:`troll_destinations`.
PLAYED_ZONES = ("winner_followers", "winner_score", "dwarves_taker_score", "loser_score",
                "winner_gnomes", "troll_pool", "discard")


@implements("claim.phase1.undead-to-score", "claim.undead", "claim.phase1.discard",
            "claim.phase2.winner-takes-both", "claim.dwarves", "claim.dwarves.winner-rest",
            "claim.doppelgangers.no-power", "claim2.phase1.discard", "claim2.phase2.winner-takes-both",
            "claim2.gnomes", "claim2.trolls", "claim.dwarves.multiplayer",
            "claim-combined.phase2.winner-takes-all", "claim.doppelgangers.multiplayer.no-power")
def played_card_destinations(phase: Any, faction: Any, players: Any, L: Logic = CONCRETE) -> tuple[Any, ...]:
    """For a card of ``faction`` played into a resolved trick: the flags over
    :data:`PLAYED_ZONES` (exactly one holds: the conservation theorem).

    Phase one: played Undead to the winner's score pile (``claim.undead``),
    every other card out of the game (``claim.phase1.discard``,
    ``claim2.phase1.discard``). Phase two: Dwarves to the loser
    (``claim.dwarves``, two players) or to the player of the lowest card
    (``claim.dwarves.multiplayer``, 3–4 players); Gnomes laid out in front of
    the winner (``claim2.gnomes``); Trolls to the Troll pool
    (``claim2.trolls``); everything else to the winner's score pile.
    ``faction`` is the printed faction: a Doppelganger never copies a power.
    """
    one = phase == 1
    dwarf = faction == DWARF
    gnome = faction == GNOME
    troll = faction == TROLL
    two = players == 2
    return (
        False,
        L.If(one, faction == UNDEAD, L.Not(L.Or(dwarf, gnome, troll))),
        L.And(L.Not(one), dwarf, L.Not(two)),
        L.And(L.Not(one), dwarf, two),
        L.And(L.Not(one), gnome),
        L.And(L.Not(one), troll),
        L.And(one, faction != UNDEAD),
    )


# ------------------------------------------------------------------ phase one: who draws what


@implements("claim-combined.phase1.draw-order", "claim.doppelgangers.multiplayer")
def counts_as_lead(faction: Any, lead_faction: Any, L: Logic = CONCRETE) -> Any:
    """Did a card of ``faction`` follow the lead faction for the draw order?
    A Doppelganger counts as the lead faction (``claim.doppelgangers.multiplayer``)."""
    return L.Or(faction == lead_faction, faction == DOPPELGANGER)


@implements("claim-combined.phase1.draw-order", "claim-combined.phase1.draw-order.tie")
def draws_before(i: Any, led_i: Any, value_i: Any, j: Any, led_j: Any, value_j: Any,
                 L: Logic = CONCRETE) -> Any:
    """Does the player at position ``i`` draw before the one at ``j``?

    Players who played the lead faction (``led_*``, see :func:`counts_as_lead`)
    draw first, from the highest value down; then the others, from the highest
    value down whatever their faction; equal values go to the earlier position
    (``claim-combined.phase1.draw-order.tie``). A strict total order on
    distinct positions.
    """
    first_group = L.And(led_i, L.Not(led_j))
    same_group = led_i == led_j
    return L.Or(first_group,
                L.And(same_group, L.Or(value_i > value_j, L.And(value_i == value_j, i < j))))


@implements("claim2.seers", "claim2.seers.multiplayer")
def seer_peeks(phase: Any, winning_faction: Any, L: Logic = CONCRETE) -> Any:
    """May the winner peek at the deck and choose (``claim2.seers``)? Only in
    phase one and only when the winning card itself is a Seer (a Doppelganger
    never copies the power)."""
    return L.And(phase == 1, winning_faction == SEER)


# ------------------------------------------------------------------ phase two powers


@implements("claim.dwarves.multiplayer", "claim.dwarves.multiplayer.tie")
def takes_dwarves(position: int, values: Sequence[Any], L: Logic = CONCRETE) -> Any:
    """With 3–4 players, does the card at ``position`` take the trick's Dwarves?

    The player of the lowest value (any faction) takes them; equal values go
    to the later position (``claim.dwarves.multiplayer.tie``): strictly lower
    than every later card, at most every earlier one.
    """
    mine = values[position]
    return L.And(*(mine <= other if j < position else mine < other
                   for j, other in enumerate(values) if j != position))


@implements("claim2.dragons")
def leads_next(position: int, factions: Sequence[Any], winner: Any, L: Logic = CONCRETE) -> Any:
    """Does the player at ``position`` lead the next trick?

    The player of the latest Dragon in play order does, whatever its value and
    whether it followed (``claim2.dragons``); with no Dragon in the trick the
    winner (position ``winner``) does. Both phases, any player count.
    """
    any_dragon = L.Or(*(f == DRAGON for f in factions))
    last_dragon = L.And(factions[position] == DRAGON,
                        *(factions[j] != DRAGON for j in range(position + 1, len(factions))))
    return L.If(any_dragon, last_dragon, position == winner)


@implements("claim2.trolls", "claim2.trolls.waiting")
def takes_troll(value: Any, pool_values: Sequence[Any], L: Logic = CONCRETE) -> Any:
    """Is the Troll of ``value`` the one the winner takes from the pool?

    ``pool_values`` are the values of the *other* Trolls in the pool (played
    this trick or waiting). The winner takes the highest (``claim2.trolls``);
    Trolls have distinct values 0–9, so exactly one is taken.
    """
    return L.And(*(value > other for other in pool_values))


@implements("claim2.trolls", "claim2.trolls.waiting", "claim2.trolls.last-trick")
def troll_destinations(value: Any, pool_values: Sequence[Any], last_trick: Any,
                       L: Logic = CONCRETE) -> tuple[Any, Any]:
    """For a Troll of the pool: (to the winner's score pile, waiting for a later trick).

    The winner of the game's last trick takes every remaining Troll
    (``claim2.trolls.last-trick``); otherwise only the highest one.
    """
    taken = L.Or(last_trick, takes_troll(value, pool_values, L))
    return taken, L.Not(taken)


@implements("claim2.giants", "claim2.giants.no-gnome", "claim2.giants.multiplayer")
def crushes(giant_value: Any, gnome_value: Any, L: Logic = CONCRETE) -> Any:
    """May a Giant of ``giant_value`` crush a Gnome of ``gnome_value``? Same value only."""
    return giant_value == gnome_value


@implements("claim-combined.four-players.teams")
def team_of(seat: Any, players: Any, L: Logic = CONCRETE) -> Any:
    """A seat's side: with four players, seats 0+2 and 1+3 are partners (team
    0 and 1); otherwise every player is a side of their own."""
    return L.If(players == 4, seat % 2, seat)


@implements("claim2.giants.multiplayer", "claim2.giants.multiplayer.not-own-team")
def crush_victim(owner_team: Any, winner_team: Any, L: Logic = CONCRETE) -> Any:
    """Are the laid-out Gnomes of a player of ``owner_team`` crushed by the
    winner's Giants? Only an opponent's: never the winner's own or (four
    players) the winner's partner's (``claim2.giants.multiplayer.not-own-team``)."""
    return owner_team != winner_team
