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
    GNOME = 5
    GIANT = 6
    DRAGON = 7
    TROLL = 8
    SEER = 9

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

    @property
    def claim2(self) -> bool:
        """Is this one of Claim 2's factions (Gnomes … Seers)?"""
        return self >= Faction.GNOME


# Hungarian names are the Claim 2 rulebook's (reference/claim.md). The Undead
# do not appear in that book: "élőholtak" is a coined name (noted in the spec).
# Claim 2's factions have no Czech name (Claim 2 was not published in Czech):
# their texts carry Hungarian and English only.
_PLURAL = {
    Faction.GOBLIN: Text.of(cs="skřeti", hu="goblinok", en="Goblins"),
    Faction.KNIGHT: Text.of(cs="rytíři", hu="lovagok", en="Knights"),
    Faction.UNDEAD: Text.of(cs="nemrtví", hu="élőholtak", en="Undead"),
    Faction.DWARF: Text.of(cs="trpaslíci", hu="törpök", en="Dwarves"),
    Faction.DOPPELGANGER: Text.of(cs="měňavci", hu="hasonmások", en="Doppelgangers"),
    Faction.GNOME: Text.of(hu="gnómok", en="Gnomes"),
    Faction.GIANT: Text.of(hu="óriások", en="Giants"),
    Faction.DRAGON: Text.of(hu="sárkányok", en="Dragons"),
    Faction.TROLL: Text.of(hu="trollok", en="Trolls"),
    Faction.SEER: Text.of(hu="látnokok", en="Seers"),
}
_GENITIVE = {
    Faction.GOBLIN: Text.of(cs="skřetů", hu="goblinokat", en="Goblins"),
    Faction.KNIGHT: Text.of(cs="rytířů", hu="lovagokat", en="Knights"),
    Faction.UNDEAD: Text.of(cs="nemrtvých", hu="élőholtakat", en="Undead"),
    Faction.DWARF: Text.of(cs="trpaslíků", hu="törpöket", en="Dwarves"),
    Faction.DOPPELGANGER: Text.of(cs="měňavců", hu="hasonmásokat", en="Doppelgangers"),
    Faction.GNOME: Text.of(hu="gnómokat", en="Gnomes"),
    Faction.GIANT: Text.of(hu="óriásokat", en="Giants"),
    Faction.DRAGON: Text.of(hu="sárkányokat", en="Dragons"),
    Faction.TROLL: Text.of(hu="trollokat", en="Trolls"),
    Faction.SEER: Text.of(hu="látnokokat", en="Seers"),
}
_SINGULAR_CS = {
    Faction.GOBLIN: "skřet", Faction.KNIGHT: "rytíř", Faction.UNDEAD: "nemrtvý",
    Faction.DWARF: "trpaslík", Faction.DOPPELGANGER: "měňavec",
}
_SINGULAR_HU = {
    Faction.GOBLIN: "goblin", Faction.KNIGHT: "lovag", Faction.UNDEAD: "élőhalott",
    Faction.DWARF: "törp", Faction.DOPPELGANGER: "hasonmás", Faction.GNOME: "gnóm",
    Faction.GIANT: "óriás", Faction.DRAGON: "sárkány", Faction.TROLL: "troll", Faction.SEER: "látnok",
}
_BY_KEY = {f.key: f for f in Faction}


_INTERNED: dict[tuple[Faction, int], Card] = {}


@attrs.frozen(eq=False, init=False)
class Card:
    """A card: a faction and a value 0–9. Written ``goblin:3`` in records.

    Cards are interned: ``Card(Faction.GOBLIN, 3)`` always returns the same
    object as ``Card.parse("goblin:3")``, so equality and hashing are
    identity (fast, in C) and still mean "same faction and value". The five
    Goblin 0s are five copies of one card value: zones are multisets.

    Only the cards of Claim and Claim 2 exist: anything else (a faction that
    is not a :class:`Faction`, a value the faction has no card of) raises
    ``ValueError`` naming the value.
    """

    faction: Faction
    value: int

    def __new__(cls, faction: Faction, value: int) -> Card:
        if type(faction) is Faction and type(value) is int:
            existing = _INTERNED.get((faction, value))
            if existing is not None:
                return existing
            if value in faction_cards(faction):
                made = super().__new__(cls)
                object.__setattr__(made, "faction", faction)
                object.__setattr__(made, "value", value)
                _INTERNED[(faction, value)] = made
                return made
            raise ValueError(f"there is no {faction.key} {value!r} in Claim or Claim 2 "
                             f"(the values of {faction.key} cards are {sorted(faction_cards(faction))})")
        if type(faction) is not Faction:
            hint = f"; for text use Card.parse('{faction}:{value}')" if isinstance(faction, str) else ""
            raise ValueError(f"Card faction must be a Faction member (e.g. Faction.GOBLIN), not {faction!r}{hint}")
        raise ValueError(f"Card value must be an int 0–9, not {value!r}")

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
        """``goblin 3`` / ``skřet 3`` / ``goblin 3``, for explanations."""
        hu = f"{_SINGULAR_HU[self.faction]} {self.value}"
        en = f"{self.faction.key} {self.value}"
        cs = _SINGULAR_CS.get(self.faction)
        if cs is None:
            return Text.of(hu=hu, en=en)
        return Text.of(cs=f"{cs} {self.value}", hu=hu, en=en)

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
            raise MalformedError(f"{text!r}: there is no such card in Claim or Claim 2")
        return found


def parse_card(text: object, where: str) -> Card:
    """:meth:`Card.parse`, with ``where`` (e.g. ``setup.deck``) in front of any error."""
    try:
        return Card.parse(text)
    except MalformedError as exc:
        raise MalformedError(f"{where}: {exc.detail}") from None


def parse_cards(data: object, where: str) -> tuple[Card, ...]:
    """A JSON list of cards; each error names its place (``where[3]: …``)."""
    if not isinstance(data, list):
        raise MalformedError(f"{where} must be a list of cards such as \"gnome:3\"")
    return tuple(parse_card(c, f"{where}[{i}]") for i, c in enumerate(data))


@cache
@implements("claim.components.deck", "claim2.components.deck")
def faction_cards(faction: Faction) -> dict[int, int]:
    """How many cards of each value a faction has (the same in every game).

    Goblins 14 (0–9, five 0s), Knights 8 (2–9), Gnomes 13 (three each of 1, 3,
    5, 7 and one 9), Giants 9 (two each of 1, 3, 5, 7 and one 9), every other
    faction ten cards 0–9. Anything but a :class:`Faction` raises ``ValueError``.
    """
    if type(faction) is not Faction:
        raise ValueError(f"not a Faction: {faction!r}; e.g. Faction.GOBLIN")
    if faction is Faction.GOBLIN:
        return {0: 5, **{v: 1 for v in range(1, 10)}}
    if faction is Faction.KNIGHT:
        return {v: 1 for v in range(2, 10)}
    if faction is Faction.GNOME:
        return {1: 3, 3: 3, 5: 3, 7: 3, 9: 1}
    if faction is Faction.GIANT:
        return {1: 2, 3: 2, 5: 2, 7: 2, 9: 1}
    return {v: 1 for v in range(10)}


#: Claim's five factions (``claim.components.deck``) and Claim 2's (``claim2.components.deck``).
CLAIM_FACTIONS = (Faction.GOBLIN, Faction.KNIGHT, Faction.UNDEAD, Faction.DWARF, Faction.DOPPELGANGER)
CLAIM2_FACTIONS = (Faction.GNOME, Faction.GIANT, Faction.DRAGON, Faction.TROLL, Faction.SEER)


def composition(factions: tuple[Faction, ...]) -> dict[tuple[Faction, int], int]:
    """How many copies of each (faction, value) a deck of ``factions`` holds."""
    return {(f, v): n for f in factions for v, n in faction_cards(f).items()}


@implements("claim.components.deck")
def deck_composition() -> dict[tuple[Faction, int], int]:
    """How many copies of each (faction, value) Claim's 52-card deck holds."""
    return composition(CLAIM_FACTIONS)


_CARDS: dict[tuple[Faction, int], Card] = {fv: Card(*fv) for fv in composition(tuple(Faction))}


def card(faction: Faction, value: int) -> Card:
    """The interned card of ``faction`` and ``value`` (``ValueError`` if there is none)."""
    return Card(faction, value)


@cache
def deck_of(factions: tuple[Faction, ...]) -> tuple[Card, ...]:
    """Every card of a deck made of ``factions``, sorted."""
    return tuple(sorted(c for fv, n in composition(factions).items() for c in [_CARDS[fv]] * n))


def full_deck() -> tuple[Card, ...]:
    """All 52 cards of Claim, sorted (rule ``claim.components.deck``)."""
    return deck_of(CLAIM_FACTIONS)

