"""Which game is being played: players and the deck's factions.

One engine serves Claim, Claim 2 and every combination of the two
(``claim-combined.*``); a :class:`Variant` is all it needs to know. The legal
selections are checked by :func:`variant_violation`, which names the rule a
bad selection breaks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

import attrs

from rules.claim.cards import CLAIM2_FACTIONS, CLAIM_FACTIONS, Card, Faction, deck_of
from rules.kernel.registry import implements
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError, Violation

#: The two pairs of the combinations: one of them, whole, is in every custom deck.
PAIRS = ((Faction.KNIGHT, Faction.GOBLIN), (Faction.GNOME, Faction.GIANT))
PAIRED = frozenset(f for pair in PAIRS for f in pair)
#: The six factions outside the pairs.
OTHERS = tuple(f for f in Faction if f not in PAIRED)
#: Cards in each hand, by player count (``claim.setup.deal``, ``claim-combined.multiplayer.deal``).
HAND_SIZES = {2: 13, 3: 12, 4: 9}


@attrs.frozen(cache_hash=True)
class Variant:
    """A game of the Claim family: its record key, player count, factions
    (sorted) and scoring ("claim" for Claim, "claim2" for everything else)."""

    key: str
    players: int
    factions: tuple[Faction, ...]
    scoring: str

    @property
    def languages(self) -> tuple[str, ...]:
        """Claim's rulebook is Czech, Claim 2's (and the combinations') Hungarian."""
        return ("cs", "en") if self.key == "claim" else ("hu", "en")

    @property
    def hand_size(self) -> int:
        return HAND_SIZES[self.players]

    @property
    def face_up_per_trick(self) -> int:
        """One card is revealed per trick with two players, two with three or four
        (``claim-combined.phase1.reveal-two``)."""
        return 1 if self.players == 2 else 2

    @property
    def deck(self) -> tuple[Card, ...]:
        return deck_of(self.factions)

    @property
    def teams(self) -> bool:
        return self.players == 4

    def to_json(self) -> dict[str, Any] | None:
        """The record's ``variant`` (None for Claim and Claim 2, which have none)."""
        if self.key != "claim-combined":
            return None
        return {"players": self.players, "factions": [f.key for f in self.factions]}


CLAIM_VARIANT = Variant("claim", 2, CLAIM_FACTIONS, "claim")
CLAIM2_VARIANT = Variant("claim2", 2, CLAIM2_FACTIONS, "claim2")


def _text(hu: str, en: str) -> Text:
    return Text.of(hu=hu, en=en)


@implements("claim-combined.two-players", "claim-combined.deck.pair", "claim-combined.deck.two-player-factions",
            "claim-combined.multiplayer", "claim-combined.multiplayer.pair", "claim-combined.multiplayer.factions")
def variant_violation(players: Any, factions: Iterable[Any]) -> Violation | None:
    """Why ``players`` and ``factions`` are not a legal combined game, or None.

    Exactly one whole pair (Knights + Goblins or Gnomes + Giants) and three
    other factions for two players (``claim-combined.deck.pair``,
    ``claim-combined.deck.two-player-factions``), five for three or four
    (``claim-combined.multiplayer.pair``, ``claim-combined.multiplayer.factions``).
    """
    if type(players) is not int or players not in HAND_SIZES:
        return Violation(("claim-combined.two-players", "claim-combined.multiplayer"), _text(
            f"{players!r} játékos: a kombinált játék 2, 3 vagy 4 játékosra való.",
            f"{players!r} players: the combined game is for 2, 3 or 4 players."))
    two = players == 2
    pair_rule = "claim-combined.deck.pair" if two else "claim-combined.multiplayer.pair"
    count_rule = "claim-combined.deck.two-player-factions" if two else "claim-combined.multiplayer.factions"
    chosen = list(factions)
    if len(set(chosen)) != len(chosen):
        return Violation((count_rule,), _text("Egy frakciót csak egyszer lehet választani.",
                                              "A faction can be chosen only once."))
    whole = [pair for pair in PAIRS if all(f in chosen for f in pair)]
    halves = [pair for pair in PAIRS if any(f in chosen for f in pair) and pair not in whole]
    if len(whole) != 1 or halves:
        return Violation((pair_rule,), _text(
            "A paklinak pontosan egy párt kell tartalmaznia, teljes egészében: vagy a lovagokat és a "
            "goblinokat, vagy a gnómokat és az óriásokat.",
            "The deck must hold exactly one whole pair: Knights and Goblins, or Gnomes and Giants."))
    others = [f for f in chosen if f not in PAIRED]
    wanted = 3 if two else 5
    if len(others) != wanted:
        return Violation((count_rule,), _text(
            f"{players} játékosnál a pár mellé {wanted} másik frakció kell, nem {len(others)}.",
            f"With {players} players the pair takes {wanted} other factions, not {len(others)}."))
    return None


@cache
def combined(players: int, factions: tuple[Faction, ...]) -> Variant:
    """The (legal, already checked) combined variant, factions sorted."""
    return Variant("claim-combined", players, tuple(sorted(factions)), "claim2")


def variant_from_json(data: Any) -> Variant:
    """Parse a record's ``variant``; a bad selection raises MalformedError citing its rule."""
    if not isinstance(data, Mapping) or set(data) != {"players", "factions"}:
        raise MalformedError("'variant' must be {\"players\": 2|3|4, \"factions\": [...]} "
                             "(claim-combined.two-players, claim-combined.multiplayer)")
    names = data["factions"]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise MalformedError("variant.factions must be a list of faction names")
    by_key = {f.key: f for f in Faction}
    unknown = [n for n in names if n not in by_key]
    if unknown:
        raise MalformedError(f"variant.factions: unknown faction(s) {', '.join(unknown)}; "
                             f"expected some of {', '.join(by_key)}")
    factions = [by_key[n] for n in names]
    violation = variant_violation(data["players"], factions)
    if violation is not None:
        raise MalformedError(f"variant: {violation.message.get('en')} ({', '.join(violation.rules)})")
    return combined(data["players"], tuple(factions))


def random_variant(rng: Any) -> Variant:
    """A random legal combined variant drawn with ``rng``."""
    players = rng.choice((2, 3, 4))
    pair = rng.choice(PAIRS)
    others = rng.sample(OTHERS, 3 if players == 2 else 5)
    return combined(players, tuple(pair) + tuple(others))


__all__ = ["CLAIM2_FACTIONS", "CLAIM2_VARIANT", "CLAIM_VARIANT", "OTHERS", "PAIRS", "Variant", "combined",
           "random_variant", "variant_from_json", "variant_violation"]
