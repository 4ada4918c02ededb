"""The characters of Leaders: 18 figure kinds, 16 recruitable cards.

Kinds are kebab-case English keys (reference file's publisher names); each has
a small integer code so the capture predicates can take it as a Z3 integer.
Hermit & Cub are one card (``hermit-cub``) and two figures (``hermit``, ``cub``).
"""

from __future__ import annotations

import attrs

from rules.kernel.registry import implements
from rules.kernel.text import Text

ACTIVE, PASSIVE, SPECIAL, LEADER_CLASS = "active", "passive", "special", "leader"


@attrs.frozen
class Character:
    key: str
    code: int
    name: Text
    klass: str  # active / passive / special / leader


_TABLE = (
    ("leader", "Vládce", "Leader", LEADER_CLASS),
    ("acrobat", "Skokan", "Acrobat", ACTIVE),
    ("rider", "Jezdec", "Rider", ACTIVE),
    ("bruiser", "Bourák", "Bruiser", ACTIVE),
    ("royal-guard", "Strážný", "Royal Guard", ACTIVE),
    ("illusionist", "Iluzionista", "Illusionist", ACTIVE),
    ("claw-launcher", "Drapák", "Claw Launcher", ACTIVE),
    ("manipulator", "Siréna", "Manipulator", ACTIVE),
    ("wanderer", "Poletucha", "Wanderer", ACTIVE),
    ("brewmaster", "Sládek", "Brewmaster", ACTIVE),
    ("archer", "Lučištnice", "Archer", PASSIVE),
    ("assassin", "Stín", "Assassin", PASSIVE),
    ("jailer", "Žalářník", "Jailer", PASSIVE),
    ("protector", "Ochránce", "Protector", PASSIVE),
    ("vizier", "Vezír", "Vizier", PASSIVE),
    ("hermit", "Poustevník", "Hermit", SPECIAL),
    ("cub", "Mládě", "Cub", SPECIAL),
    ("nemesis", "Nemesis", "Nemesis", SPECIAL),
)

CHARACTERS: dict[str, Character] = {
    key: Character(key, code, Text.of(cs=cs, en=en), klass) for code, (key, cs, en, klass) in enumerate(_TABLE)
}
KINDS: tuple[str, ...] = tuple(CHARACTERS)
CODE: dict[str, int] = {k: c.code for k, c in CHARACTERS.items()}

LEADER, ARCHER, ASSASSIN, CUB, NEMESIS = (CODE[k] for k in ("leader", "archer", "assassin", "cub", "nemesis"))
#: Characters whose active ability is an action (leaders.actions.ability).
ACTIVE_KINDS = frozenset(k for k, c in CHARACTERS.items() if c.klass == ACTIVE)

#: The 16 recruitable cards, in rulebook order; ``hermit-cub`` brings two figures.
CARDS: tuple[str, ...] = (
    "acrobat", "rider", "bruiser", "royal-guard", "illusionist", "claw-launcher", "manipulator", "wanderer",
    "brewmaster", "archer", "assassin", "jailer", "protector", "vizier", "hermit-cub", "nemesis",
)
CARD_NAMES: dict[str, Text] = {k: CHARACTERS[k].name for k in CARDS if k in CHARACTERS}
CARD_NAMES["hermit-cub"] = Text.of(cs="Poustevník a Mládě", en="Hermit & Cub")
#: The figures a card brings onto the board.
FIGURES: dict[str, tuple[str, ...]] = {k: (k,) for k in CARDS}
FIGURES["hermit-cub"] = ("hermit", "cub")


def name(kind: str) -> Text:
    """The Czech and English name of a figure kind or card key."""
    return CARD_NAMES.get(kind) or CHARACTERS[kind].name


@implements("leaders.turn.five-characters", "leaders.hermit-cub.one-character")
def card_count(kinds: list[str] | tuple[str, ...]) -> int:
    """How many character cards a side holds, leader included, given its figures:
    Hermit & Cub are one card, so a Cub beside a Hermit adds nothing (a lone Cub,
    possible only in analysis positions, counts as its card)."""
    cubs = sum(1 for k in kinds if k == "cub")
    hermits = sum(1 for k in kinds if k == "hermit")
    return sum(1 for k in kinds if k != "cub") + max(0, cubs - hermits)
