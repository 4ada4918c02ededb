"""Claim's cards and factions (rule ``claim.components.deck``).

Cards are interned: :func:`card` and :meth:`Card.parse` always return the same
object for the same faction and value, so hands can be compared by identity
and built fast. Factions are small integers so the same rule functions work on
Python values and on Z3 terms (see :mod:`rules.kernel.logic`).
"""

from __future__ import annotations

import enum
from functools import cache

import attrs

from rules.kernel.registry import implements
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError


class Faction(enum.IntEnum):
    """The factions of Claim; Claim 2 continues the numbering."""

    GOBLIN = 0
    KNIGHT = 1
    UNDEAD = 2
    DWARF = 3
    DOPPELGANGER = 4

    @property
    def key(self) -> str:
        """The record name: English singular, lower case (``goblin``)."""
        return self.name.lower()

    @property
    def plural(self) -> Text:
        return _PLURAL[self]

    @property
    def genitive(self) -> Text:
        """'of Goblins' / 'skřetů': for 'follow …', 'no card of …'."""
        return _GENITIVE[self]


_PLURAL = {
    Faction.GOBLIN: Text.of(cs="skřeti", en="Goblins"),
    Faction.KNIGHT: Text.of(cs="rytíři", en="Knights"),
    Faction.UNDEAD: Text.of(cs="nemrtví", en="Undead"),
    Faction.DWARF: Text.of(cs="trpaslíci", en="Dwarves"),
    Faction.DOPPELGANGER: Text.of(cs="měňavci", en="Doppelgangers"),
}
_GENITIVE = {
    Faction.GOBLIN: Text.of(cs="skřetů", en="Goblins"),
    Faction.KNIGHT: Text.of(cs="rytířů", en="Knights"),
    Faction.UNDEAD: Text.of(cs="nemrtvých", en="Undead"),
    Faction.DWARF: Text.of(cs="trpaslíků", en="Dwarves"),
    Faction.DOPPELGANGER: Text.of(cs="měňavců", en="Doppelgangers"),
}
_SINGULAR_CS = {
    Faction.GOBLIN: "skřet", Faction.KNIGHT: "rytíř", Faction.UNDEAD: "nemrtvý",
    Faction.DWARF: "trpaslík", Faction.DOPPELGANGER: "měňavec",
}
_BY_KEY = {f.key: f for f in Faction}


_INTERNED: dict[tuple[int, int], Card] = {}


@attrs.frozen(eq=False)
class Card:
    """A card: a faction and a value 0–9. Written ``goblin:3`` in records.

    Cards are interned: ``Card(Faction.GOBLIN, 3)`` always returns the same
    object, so equality and hashing are identity (fast, in C) and still mean
    "same faction and value". The five Goblin 0s are five copies of one card
    value: zones are multisets.
    """

    faction: Faction
    value: int

    def __new__(cls, faction: Faction, value: int) -> Card:
        existing = _INTERNED.get((faction, value))
        if existing is not None:
            return existing
        made = super().__new__(cls)
        _INTERNED[(faction, value)] = made
        return made

    def __reduce__(self) -> tuple[object, tuple[Faction, int]]:
        return (Card, (self.faction, self.value))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def _key(self) -> tuple[int, int]:
        return (self.faction, self.value)

    def __lt__(self, other: Card) -> bool:
        return self._key() < other._key()

    def __le__(self, other: Card) -> bool:
        return self._key() <= other._key()

    def __gt__(self, other: Card) -> bool:
        return self._key() > other._key()

    def __ge__(self, other: Card) -> bool:
        return self._key() >= other._key()

    def __str__(self) -> str:
        return f"{self.faction.key}:{self.value}"

    @property
    def name(self) -> Text:
        """``goblin 3`` / ``skřet 3``, for explanations."""
        return Text.of(cs=f"{_SINGULAR_CS[self.faction]} {self.value}", en=f"{self.faction.key} {self.value}")

    @staticmethod
    def parse(text: object) -> Card:
        """Parse ``faction:value``; raise :class:`MalformedError` for anything else."""
        if not isinstance(text, str) or text.count(":") != 1:
            raise MalformedError(f"{text!r} is not a card; write faction:value, e.g. 'goblin:3'")
        key, _, digits = text.partition(":")
        faction = _BY_KEY.get(key)
        if faction is None:
            raise MalformedError(f"{text!r}: unknown faction {key!r}; expected one of {', '.join(_BY_KEY)}")
        if len(digits) != 1 or digits not in "0123456789":
            raise MalformedError(f"{text!r}: value must be a digit 0–9")
        found = _CARDS.get((faction, int(digits)))
        if found is None:
            raise MalformedError(f"{text!r}: there is no such card in Claim")
        return found


@implements("claim.components.deck")
def deck_composition() -> dict[tuple[Faction, int], int]:
    """How many copies of each (faction, value) the 52-card deck holds."""
    counts: dict[tuple[Faction, int], int] = {}
    for faction in (Faction.GOBLIN, Faction.DWARF, Faction.UNDEAD, Faction.DOPPELGANGER):
        for value in range(10):
            counts[(faction, value)] = 1
    counts[(Faction.GOBLIN, 0)] = 5  # 14 Goblins: 0–9 with five 0s
    for value in range(2, 10):  # 8 Knights: 2–9
        counts[(Faction.KNIGHT, value)] = 1
    return counts


_CARDS: dict[tuple[Faction, int], Card] = {fv: Card(*fv) for fv in deck_composition()}


def card(faction: Faction, value: int) -> Card:
    """The interned card of ``faction`` and ``value``."""
    return _CARDS[(faction, value)]


@cache
def full_deck() -> tuple[Card, ...]:
    """All 52 cards, sorted (rule ``claim.components.deck``)."""
    return tuple(sorted(c for fv, n in deck_composition().items() for c in [_CARDS[fv]] * n))


def cards_text(cards: object) -> str:
    return " ".join(str(c) for c in cards)  # type: ignore[attr-defined]
