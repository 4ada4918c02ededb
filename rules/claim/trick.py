"""The rules of one trick, as pure functions over rule facts.

Every function here takes a logic vocabulary ``L`` (default: the engine's
:data:`~rules.kernel.logic.CONCRETE`) and uses only ``L.And``/``L.Or``/
``L.Not``/``L.If``/``L.Sum`` and comparisons on faction and value numbers, so
``proofs/claim`` runs these very functions under Z3. Arguments are plain
numbers (``Faction`` values are ints), never cards, for the same reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.claim.cards import Faction
from rules.kernel.logic import CONCRETE, Logic
from rules.kernel.registry import implements

GOBLIN, KNIGHT, UNDEAD, DWARF, DOPPELGANGER, GNOME, GIANT, DRAGON, TROLL, SEER = (int(f) for f in Faction)

#: A card that cannot win the trick (off-faction).
NO_RANK = -1
#: Rank of a card that counts as the led faction: ``FOLLOWING + value``.
FOLLOWING = 10
#: Rank of a Knight played on a led Goblin: ``KNIGHT_ON_GOBLIN + value``.
KNIGHT_ON_GOBLIN = 20


@implements("claim.follow-suit", "claim.phase2.follow", "claim.knights.follow-suit",
            "claim2.follow-suit", "claim2.phase2.follow", "claim-combined.follow-suit")
def holds_faction(hand_factions: Sequence[Any], faction: Any, L: Logic = CONCRETE) -> Any:
    """Does a hand (its cards' factions) hold a card of ``faction``?"""
    return L.Or(*(f == faction for f in hand_factions))


@implements("claim.follow-suit", "claim.doppelgangers", "claim.doppelgangers.led",
            "claim2.follow-suit", "claim2.follow", "claim-combined.follow-suit", "claim.doppelgangers.multiplayer")
def may_follow(faction: Any, lead_faction: Any, holds_lead: Any, L: Logic = CONCRETE) -> Any:
    """May a card of ``faction`` follow a lead of ``lead_faction``?

    Yes when it is of the led faction, when it is a Doppelganger (wild, even
    while holding the led faction: ``claim.doppelgangers``), or when the hand
    holds no card of the led faction (``claim.follow-suit``). A led
    Doppelganger must be followed by a Doppelganger if possible
    (``claim.doppelgangers.led``): that is the first case.
    """
    return L.Or(faction == lead_faction, faction == DOPPELGANGER, L.Not(holds_lead))


@implements("claim.trick-winner", "claim.trick-winner.off-faction", "claim.knights",
            "claim.doppelgangers", "claim.phase2.winner", "claim2.trick-winner", "claim2.phase2.winner",
            "claim.knights.multiplayer", "claim.knights.multiplayer.goblins-only",
            "claim.doppelgangers.multiplayer")
def card_rank(faction: Any, value: Any, lead_faction: Any, L: Logic = CONCRETE) -> Any:
    """How strongly a card played into a trick led with ``lead_faction`` competes.

    - a Knight on a led Goblin beats every Goblin (``claim.knights``);
    - a card of the led faction, or a Doppelganger copying it, competes by
      value (``claim.trick-winner``, ``claim.doppelgangers``);
    - any other card cannot win (``claim.trick-winner.off-faction``).

    The leader's own card is of the led faction by definition. With three or
    four players several Knights may follow a led Goblin: the highest Knight
    wins (``claim.knights.multiplayer``), which is the ``KNIGHT_ON_GOBLIN +
    value`` rank; a Knight on any other lead has no power
    (``claim.knights.multiplayer.goblins-only``).
    """
    knight_on_goblin = L.And(lead_faction == GOBLIN, faction == KNIGHT)
    follows = L.Or(faction == lead_faction, faction == DOPPELGANGER)
    return L.If(knight_on_goblin, KNIGHT_ON_GOBLIN + value, L.If(follows, FOLLOWING + value, NO_RANK))


@implements("claim.trick-winner", "claim.trick-winner.tie", "claim2.trick-winner", "claim2.trick-winner.tie",
            "claim-combined.play-order")
def takes_trick(position: int, ranks: Sequence[Any], L: Logic = CONCRETE) -> Any:
    """Does the card at ``position`` (0 = the leader's) take the trick?

    Any number of cards (2–4): positions are the play order from the leader.

    It must outrank every card played before it and at least equal every card
    played after it: equal ranks go to the earlier card, so a tie goes to the
    leader (``claim.trick-winner.tie``, ``claim2.trick-winner.tie``) and, with
    three or four players, a tie between two followers to the earlier one
    (the ruling on ``claim2.trick-winner.tie``).
    """
    mine = ranks[position]
    return L.And(*(mine > other if j < position else mine >= other
                   for j, other in enumerate(ranks) if j != position))


# Where played cards go in Claim (two players, Claim's five factions). The
# engine of every game uses the general form,
# :func:`rules.claim.powers.played_card_destinations`, which agrees with this
# one on Claim's factions (tests/claim/test_tables.py checks it entry by entry).

#: Destinations of a resolved trick, in the order of :func:`played_card_destinations`.
DESTINATIONS = ("winner_followers", "winner_score", "loser_score", "discard")
#: The same destinations as (pile, whose pile): "winner", "loser", or None for the discard.
DESTINATION_PILES = (("followers", "winner"), ("score", "winner"), ("score", "loser"), ("discard", None))


@implements("claim.phase1.undead-to-score", "claim.undead", "claim.phase1.discard",
            "claim.phase2.winner-takes-both", "claim.dwarves", "claim.dwarves.winner-rest",
            "claim.doppelgangers.no-power")
def played_card_destinations(phase: Any, faction: Any, L: Logic = CONCRETE) -> tuple[Any, Any, Any, Any]:
    """For a card played into a trick: does it go to (the winner's followers,
    the winner's score pile, the loser's score pile, the discard)?

    Phase one: played Undead to the winner's score pile, everything else out
    of the game. Phase two: Dwarves to the loser's score pile, everything else
    to the winner's. A Doppelganger keeps its own faction here: it never
    copies a power (``claim.doppelgangers.no-power``).
    """
    undead = faction == UNDEAD
    dwarf = faction == DWARF
    one = phase == 1
    return (
        False,
        L.If(one, undead, L.Not(dwarf)),
        L.And(L.Not(one), dwarf),
        L.And(one, L.Not(undead)),
    )


@implements("claim.phase1.winner-takes-revealed", "claim.phase1.undead-revealed")
def revealed_card_destinations(phase: Any, faction: Any, L: Logic = CONCRETE) -> tuple[Any, Any, Any, Any]:
    """For the revealed card a trick is fought for: does it go to (the
    winner's followers, the winner's score pile, the loser's score pile, the
    discard)?

    Only phase one reveals a card; it goes to the winner's followers
    (``claim.phase1.winner-takes-revealed``) whatever its ``faction``: a won
    Undead is a follower, not a point (``claim.phase1.undead-revealed``),
    because the Undead power is written for *played* Undead only. In phase
    two there is no revealed card, so no flag holds. The first flag is a
    comparison of the phase, the same formula under every vocabulary ``L``, so
    the Z3 proofs (``proofs/claim/conservation.py``) check this very
    function; the engine's phase one sends the face-up cards to followers,
    and ``tests/claim/test_tables.py`` compares it with these flags for
    every faction.
    """
    return (phase == 1, False, False, False)
