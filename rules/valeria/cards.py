"""Every card of Valeria: Card Kingdoms as data (decision 0016).

:func:`load_cards` reads ``spec/data/valeria-cards.toml`` (``rules/_spec/data``
when installed), validates it and returns an immutable :class:`CardSet`:
18 citizen kinds of 6 copies, 3 starter kinds, 48 monsters in 8 areas,
24 domains, 10 dukes and 6 monster events. Card effects are values of a small
vocabulary (:data:`Effect`) that an engine executes; what the vocabulary cannot
say is a :class:`Special` naming the spec rule that says it.

Every problem is a :class:`CardDataError` (a :class:`MalformedError`) that
names the file, the card and the field; nothing here raises anything else for
bad data.

>>> cards = load_cards()
>>> cards.citizen("monk").name.get("cs"), cards.citizen("monk").cost
('Mnich', 3)
>>> [m.id for m in cards.monster_stack("hills")]
['goblin', 'goblin', 'goblin', 'goblin-mage', 'goblin-king']
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, TypeAlias

import attrs

from rules.kernel.registry import implements
from rules.kernel.spec import RULE_ID, Spec, load_spec, spec_dir
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError

DATA_FILE = "valeria-cards.toml"
CARD_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

#: The amounts an effect may name; VP are no resource (valeria.resources.vp).
RESOURCES = ("gold", "strength", "magic")
AMOUNT_KEYS = (*RESOURCES, "vp")
#: What a counter may count (decision 0016).
COUNTER_KINDS = ("card_type", "role", "role_icon", "name", "area", "monster_type")
COUNTED_CARD_TYPES = ("citizen", "domain", "monster")
#: When a domain's power acts (decision 0016).
TIMINGS = ("immediate", "roll", "any-roll", "action-start", "action", "action-end", "on-gain-citizen", "on-slay")
EXTRA_ACTIONS = ("slay",)

# The book's component counts (valeria.components.cards) and card-type facts.
ROLE_COUNT = 4
AREA_COUNT = 8
MONSTER_TYPE_COUNT = 4
STARTER_KINDS = 3
CITIZEN_KINDS = 18
CITIZEN_COPIES = 6
MONSTERS = 48
MONSTERS_PER_AREA = 6
MONSTERS_PER_AREA_BASE = 5
STRENGTHS_PER_AREA = 3
DOMAINS = 24
DUKES = 10
EVENTS = 6
#: The ten citizen stacks of setup rows 2 and 3 (valeria.setup.citizen-rows).
ACTIVATION_STACKS: tuple[tuple[int, ...], ...] = (
    (1,), (2,), (3,), (4,), (5,), (6,), (7,), (8,), (9, 10), (11, 12))


class CardDataError(MalformedError):
    """A card data file that breaks the format of decision 0016."""


# --------------------------------------------------------------------------- values


@attrs.frozen
class Amount:
    """Gold, strength, magic and VP, each a non-negative count."""

    gold: int = 0
    strength: int = 0
    magic: int = 0
    vp: int = 0

    def items(self) -> tuple[tuple[str, int], ...]:
        """The non-zero parts, in the order gold, strength, magic, vp."""
        return tuple((k, getattr(self, k)) for k in AMOUNT_KEYS if getattr(self, k))


@attrs.frozen
class Counter:
    """What a ``per`` multiplies by: ``kind`` is one of :data:`COUNTER_KINDS`."""

    kind: str
    value: str


@attrs.frozen
class Name:
    """A card's name in English and Czech: the Czech book's name where the book names the
    card, else the library's translation (``cs_by_library``, listed in the card tables'
    rulings), so a Czech verdict names every card in Czech (issue 18 §3)."""

    en: str
    cs: str | None = None
    #: the Czech name is the library's translation, not the book's
    cs_by_library: bool = False

    def get(self, lang: str) -> str:
        return self.cs if lang == "cs" and self.cs else self.en


@attrs.frozen
class Gain:
    """Gain ``amount`` (times the count of ``per`` when given)."""

    amount: Amount
    per: Counter | None = None


@attrs.frozen
class Take:
    """Take ``amount`` from an opponent of the active player's choice (valeria.symbols.take-from)."""

    amount: Amount


@attrs.frozen
class Exchange:
    """Optionally pay ``pay`` to gain ``gain`` (valeria.symbols.pay)."""

    pay: Amount
    gain: Amount


@attrs.frozen(cache_hash=True)
class Choice:
    """Exactly one of the branches (valeria.symbols.or). Its hash is kept: a choice is a key of the
    tables evaluated once per card (its branch labels), looked up at every harvest and reward."""

    options: tuple[tuple[Effect, ...], ...]


@attrs.frozen
class GainCitizen:
    """A citizen from the top of a center stack; ``max_cost`` compares the base cost (valeria.symbols.up-to)."""

    max_cost: int | None = None
    role: str | None = None
    name: str | None = None


@attrs.frozen
class ExtraAction:
    """An action that is part of the current action (valeria.domains.extra-action)."""

    action: str


@attrs.frozen
class SetDie:
    """Roll phase: set one die to ``value``, paying ``pay`` (times the count of ``per`` when given)."""

    value: int
    pay: Amount
    per: Counter | None = None


@attrs.frozen
class LowerDie:
    """Roll phase: lower one die by ``by``, never below 1."""

    by: int


@attrs.frozen
class AddToken:
    """Monster events: put these tokens on a monster (variant rules, next issue)."""

    amount: Amount


@attrs.frozen
class EveryPlayerLoses:
    """Monster events: every player loses this, if they can (variant rules, next issue)."""

    amount: Amount


@attrs.frozen
class Special:
    """An effect the vocabulary cannot say: the named spec rule states it."""

    rule: str


Effect: TypeAlias = (Gain | Take | Exchange | Choice | GainCitizen | ExtraAction | SetDie | LowerDie | AddToken
                     | EveryPlayerLoses | Special)


@attrs.frozen
class Role:
    id: str
    name: Name


@attrs.frozen
class Area:
    id: str
    name: Name


@attrs.frozen
class MonsterType:
    id: str
    name: Name


@attrs.frozen
class Starter:
    """A starter card; ``named`` is the citizen whose name it shares (for the "+" cost and name counters)."""

    id: str
    name: Name
    activation: tuple[int, ...]
    on_turn: tuple[Effect, ...]
    off_turn: tuple[Effect, ...]
    source: str
    named: str | None = None
    #: The rules that activate a starter without an activation number (the Herald).
    triggers: tuple[str, ...] = ()


@attrs.frozen
class Citizen:
    id: str
    name: Name
    activation: tuple[int, ...]
    role: str
    cost: int
    copies: int
    on_turn: tuple[Effect, ...]
    off_turn: tuple[Effect, ...]
    source: str


@attrs.frozen
class Monster:
    """One monster kind; ``order`` 1 lies on top of its area's stack."""

    id: str
    name: Name
    area: str
    order: int
    types: tuple[str, ...]
    strength: int
    magic: int
    vp: int
    copies: int
    copies_5p: int
    reward: tuple[Effect, ...]
    source: str


@attrs.frozen
class Domain:
    id: str
    name: Name
    cost: int
    roles: tuple[str, ...]
    vp: int
    timing: str
    die_changing: bool
    effect: tuple[Effect, ...]
    text: Text
    source: str


@attrs.frozen
class DukeTerm:
    vp: int
    per: Counter


@attrs.frozen
class Duke:
    id: str
    name: Name
    score: tuple[DukeTerm, ...]
    resources_per_vp: int
    source: str


@attrs.frozen
class MonsterEvent:
    id: str
    name: Name
    trigger: int
    on_trigger: tuple[Effect, ...]
    types: tuple[str, ...]
    strength: int
    magic: int
    vp: int
    reward: tuple[Effect, ...]
    source: str


Card: TypeAlias = Starter | Citizen | Monster | Domain | Duke | MonsterEvent


@attrs.frozen
class CardSet:
    """Every card of the base game, looked up by ID."""

    roles: tuple[Role, ...]
    areas: tuple[Area, ...]
    monster_types: tuple[MonsterType, ...]
    starters: tuple[Starter, ...]
    citizens: tuple[Citizen, ...]
    monsters: tuple[Monster, ...]
    domains: tuple[Domain, ...]
    dukes: tuple[Duke, ...]
    events: tuple[MonsterEvent, ...]
    path: str

    @property
    def all_cards(self) -> tuple[Card, ...]:
        return (*self.starters, *self.citizens, *self.monsters, *self.domains, *self.dukes, *self.events)

    def card(self, card_id: str) -> Card:
        """Any card by ID; ``KeyError`` names the unknown ID."""
        for c in self.all_cards:
            if c.id == card_id:
                return c
        raise KeyError(f"unknown Valeria card {card_id!r}")

    def _one(self, cards: tuple[Any, ...], kind: str, card_id: str) -> Any:
        for c in cards:
            if c.id == card_id:
                return c
        raise KeyError(f"unknown {kind} {card_id!r}")

    def starter(self, card_id: str) -> Starter:
        found: Starter = self._one(self.starters, "starter", card_id)
        return found

    def citizen(self, card_id: str) -> Citizen:
        found: Citizen = self._one(self.citizens, "citizen", card_id)
        return found

    def monster(self, card_id: str) -> Monster:
        found: Monster = self._one(self.monsters, "monster", card_id)
        return found

    def domain(self, card_id: str) -> Domain:
        found: Domain = self._one(self.domains, "domain", card_id)
        return found

    def duke(self, card_id: str) -> Duke:
        found: Duke = self._one(self.dukes, "duke", card_id)
        return found

    def event(self, card_id: str) -> MonsterEvent:
        found: MonsterEvent = self._one(self.events, "monster event", card_id)
        return found

    def role(self, role_id: str) -> Role:
        found: Role = self._one(self.roles, "role", role_id)
        return found

    def area(self, area_id: str) -> Area:
        found: Area = self._one(self.areas, "area", area_id)
        return found

    def citizens_for(self, number: int) -> tuple[Citizen, ...]:
        """The citizen kinds activated by ``number`` (valeria.citizens.activation)."""
        return tuple(c for c in self.citizens if number in c.activation)

    @implements("valeria.setup.monster-stack-order", "valeria.setup.monster-row")
    def monster_stack(self, area: str, five_players: bool = False) -> tuple[Monster, ...]:
        """The stack of ``area`` from top to bottom: lowest strength on top, the Boss
        at the bottom; the cards with the 5-player icon only when ``five_players``."""
        self.area(area)
        kinds = sorted((m for m in self.monsters if m.area == area), key=lambda m: m.order)
        return tuple(m for m in kinds for _ in range(m.copies + (m.copies_5p if five_players else 0)))

    def specials(self) -> tuple[str, ...]:
        """Every rule ID a card's ``special`` effect or a starter's ``triggers`` name, in file order."""
        found: list[str] = []
        for card in self.all_cards:
            for effect in _effects_of(card):
                for e in _walk(effect):
                    if isinstance(e, Special) and e.rule not in found:
                        found.append(e.rule)
            if isinstance(card, Starter):
                found.extend(t for t in card.triggers if t not in found)
        return tuple(found)


def _effects_of(card: Card) -> tuple[Effect, ...]:
    if isinstance(card, Starter | Citizen):
        return (*card.on_turn, *card.off_turn)
    if isinstance(card, Monster):
        return card.reward
    if isinstance(card, Domain):
        return card.effect
    if isinstance(card, MonsterEvent):
        return (*card.on_trigger, *card.reward)
    return ()


def _walk(effect: Effect) -> tuple[Effect, ...]:
    if isinstance(effect, Choice):
        return (effect, *(x for branch in effect.options for e in branch for x in _walk(e)))
    return (effect,)


# --------------------------------------------------------------------------- loading


def data_path() -> Path:
    """``spec/data/valeria-cards.toml`` in a checkout, ``rules/_spec/data/…`` when installed."""
    return spec_dir() / "data" / DATA_FILE


@cache
def _default_cards() -> CardSet:
    # the shipped data's rule references are checked against the shipped books by the suite, not
    # in every process, which would read the four books for it (decision record 0065)
    return load_cards_from(data_path(), None)


def load_cards(path: str | Path | None = None, spec: Spec | None = None) -> CardSet:
    """Read and validate the card data: by default the shipped :func:`data_path`, whose rule
    references the test suite checks against the shipped books (decision record 0065); a file
    given as ``path`` is checked against ``spec``, by default :func:`load_spec`.

    Raises :class:`CardDataError` naming the file, the card and the field.
    """
    if path is None and spec is None:
        return _default_cards()
    return load_cards_from(Path(path) if path is not None else data_path(), spec or load_spec())


def load_cards_from(path: Path, spec: Spec | None) -> CardSet:
    """Read ``path``; when ``spec`` is given, every ``special``/``triggers`` entry must name one of its rules."""
    name = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise CardDataError(f"cannot read: {exc}", where=name) from None
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"not valid TOML: {exc}", where=name) from None
    cards = parse_cards(data, name)
    if spec is not None:
        check_rule_references(cards, spec)
    return cards


@implements("valeria.citizens.table", "valeria.starters.table", "valeria.monsters.table", "valeria.domains.table",
            "valeria.dukes.table")
def parse_cards(data: Mapping[str, Any], name: str = "<card data>") -> CardSet:
    """Validate the parsed TOML of a card data file and build the :class:`CardSet`."""
    p = _Parser(name)
    p.only(data, {"role", "area", "monster_type", "starter", "citizen", "monster", "domain", "duke", "event"},
           "top level")
    roles = tuple(Role(*p.named_entry(raw, f"role #{i + 1}", cs_required=True))
                  for i, raw in enumerate(p.seq(data.get("role"), "[[role]]")))
    areas = tuple(Area(*p.named_entry(raw, f"area #{i + 1}", cs_required=True))
                  for i, raw in enumerate(p.seq(data.get("area"), "[[area]]")))
    types = tuple(MonsterType(*p.named_entry(raw, f"monster_type #{i + 1}", cs_required=True))
                  for i, raw in enumerate(p.seq(data.get("monster_type"), "[[monster_type]]")))
    for label, entries in (("role", roles), ("area", areas), ("monster_type", types)):
        p.unique([e.id for e in entries], label)
    citizen_ids = tuple(p.string(c.get("id"), "[[citizen]].id") if isinstance(c, Mapping) else ""
                        for c in p.seq(data.get("citizen"), "[[citizen]]"))
    p = attrs.evolve(p, roles=tuple(r.id for r in roles), areas=tuple(a.id for a in areas),
                     types=tuple(t.id for t in types), citizen_ids=citizen_ids)

    starters = tuple(p.starter(raw, i) for i, raw in enumerate(p.seq(data.get("starter"), "[[starter]]")))
    citizens = tuple(p.citizen(raw, i) for i, raw in enumerate(p.seq(data.get("citizen"), "[[citizen]]")))
    monsters = tuple(p.monster(raw, i) for i, raw in enumerate(p.seq(data.get("monster"), "[[monster]]")))
    domains = tuple(p.domain(raw, i) for i, raw in enumerate(p.seq(data.get("domain"), "[[domain]]")))
    dukes = tuple(p.duke(raw, i) for i, raw in enumerate(p.seq(data.get("duke"), "[[duke]]")))
    events = tuple(p.event(raw, i) for i, raw in enumerate(p.seq(data.get("event"), "[[event]]")))
    cards = CardSet(roles, areas, types, starters, citizens, monsters, domains, dukes, events, name)
    p.unique([c.id for c in cards.all_cards], "card")
    check_counts(cards)
    check_citizen_stacks(cards)
    check_monster_areas(cards)
    return cards


@implements("valeria.components.cards", "valeria.citizens.role-icon", "valeria.monsters.types")
def check_counts(cards: CardSet) -> None:
    """The book's component counts: 4 roles, 8 areas, 4 monster types, 3 starter kinds,
    18 citizens x 6, 48 monsters, 24 domains, 10 dukes, 6 monster events."""
    where = cards.path
    expected = (
        ("role icons", len(cards.roles), ROLE_COUNT),
        ("monster areas", len(cards.areas), AREA_COUNT),
        ("monster types", len(cards.monster_types), MONSTER_TYPE_COUNT),
        ("starter kinds", len(cards.starters), STARTER_KINDS),
        ("citizen kinds", len(cards.citizens), CITIZEN_KINDS),
        ("monster cards", sum(m.copies + m.copies_5p for m in cards.monsters), MONSTERS),
        ("domains", len(cards.domains), DOMAINS),
        ("dukes", len(cards.dukes), DUKES),
        ("monster events", len(cards.events), EVENTS),
    )
    for what, found, want in expected:
        if found != want:
            raise CardDataError(f"the base game has {want} {what}, the data has {found}", where=where)
    wrong = [f"{c.id} ({c.copies})" for c in cards.citizens if c.copies != CITIZEN_COPIES]
    if wrong:
        raise CardDataError(f"every citizen has {CITIZEN_COPIES} copies; wrong: {', '.join(wrong)}", where=where)


@implements("valeria.setup.citizen-rows", "valeria.citizens.activation")
def check_citizen_stacks(cards: CardSet) -> None:
    """Each citizen kind belongs to one of the ten stacks 1–8, 9/10, 11/12, and each stack has a kind."""
    for c in cards.citizens:
        if c.activation not in ACTIVATION_STACKS:
            raise CardDataError(f"citizen {c.id!r}: activation {list(c.activation)} is none of the stacks "
                                f"{', '.join('/'.join(map(str, s)) for s in ACTIVATION_STACKS)}", where=cards.path)
    empty = [s for s in ACTIVATION_STACKS if not any(c.activation == s for c in cards.citizens)]
    if empty:
        raise CardDataError(f"no citizen for the stack(s) {', '.join('/'.join(map(str, s)) for s in empty)}",
                            where=cards.path)


@implements("valeria.monsters.areas", "valeria.monsters.strength-values")
def check_monster_areas(cards: CardSet) -> None:
    """Each area: 6 cards (5 without the 5-player icon), three kinds with three different
    strengths in stack order 1–3, the Boss at the bottom."""
    for area in cards.areas:
        kinds = sorted((m for m in cards.monsters if m.area == area.id), key=lambda m: m.order)
        where = f"area {area.id!r}"
        total = sum(m.copies + m.copies_5p for m in kinds)
        base = sum(m.copies for m in kinds)
        if total != MONSTERS_PER_AREA or base != MONSTERS_PER_AREA_BASE:
            raise CardDataError(f"{where}: {total} cards of which {base} without the 5-player icon; the book "
                                f"has {MONSTERS_PER_AREA} and {MONSTERS_PER_AREA_BASE}", where=cards.path)
        if [m.order for m in kinds] != list(range(1, STRENGTHS_PER_AREA + 1)):
            raise CardDataError(f"{where}: stack orders {[m.order for m in kinds]}, expected 1, 2, 3",
                                where=cards.path)
        strengths = [m.strength for m in kinds]
        if strengths != sorted(set(strengths)):
            raise CardDataError(f"{where}: strengths {strengths} must rise strictly from the top (order 1) "
                                f"to the Boss", where=cards.path)
        if "boss" not in kinds[-1].types or any("boss" in m.types for m in kinds[:-1]):
            raise CardDataError(f"{where}: the bottom card (order 3) and only it must be a Boss", where=cards.path)


def check_rule_references(cards: CardSet, spec: Spec) -> None:
    """Every ``special`` effect and starter ``triggers`` entry names a rule of ``spec``."""
    unknown = [rid for rid in cards.specials() if rid not in spec]
    if unknown:
        raise CardDataError(f"special/triggers name unknown rule(s): {', '.join(unknown)}", where=cards.path)


# --------------------------------------------------------------------------- the parser


@attrs.frozen
class _Parser:
    """Field-by-field validation against the declared roles, areas, monster types and
    citizen IDs; every error names the file and where."""

    file: str
    roles: tuple[str, ...] = ()
    areas: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    citizen_ids: tuple[str, ...] = ()

    def fail(self, message: str) -> CardDataError:
        return CardDataError(message, where=self.file)

    # ------------------------------------------------------------ primitives

    def only(self, table: Mapping[str, Any], allowed: set[str], where: str, required: set[str] | None = None) -> None:
        unknown = sorted(set(table) - allowed)
        if unknown:
            raise self.fail(f"{where}: unknown key(s) {', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}")
        missing = sorted((required if required is not None else allowed) - set(table))
        if missing:
            raise self.fail(f"{where}: missing key(s) {', '.join(missing)}")

    def table(self, value: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(f"{where}: expected a table")
        return value

    def seq(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(f"{where}: expected a list" + (" (the section is missing)" if value is None else ""))
        return value

    def string(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"{where}: expected a non-empty string")
        return value

    def integer(self, value: Any, where: str, low: int = 0, high: int | None = None) -> int:
        if type(value) is not int or value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise self.fail(f"{where}: expected a whole number {bound}, got {value!r}")
        return value

    def boolean(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(f"{where}: expected true or false")
        return value

    def card_id(self, raw: Mapping[str, Any], where: str) -> str:
        cid = raw.get("id")
        if not isinstance(cid, str) or not CARD_ID.match(cid):
            raise self.fail(f"{where}: id {cid!r} is not a lower-case kebab-case ID like 'goblin-king'")
        return cid

    def unique(self, ids: list[str], label: str) -> None:
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise self.fail(f"duplicate {label} ID(s): {', '.join(dupes)}")

    def one_of(self, value: Any, known: tuple[str, ...], what: str, where: str) -> str:
        if value not in known:
            raise self.fail(f"{where}: unknown {what} {value!r}; known: {', '.join(known)}")
        return str(value)

    def rule_id(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not RULE_ID.match(value) or not value.startswith("valeria."):
            raise self.fail(f"{where}: {value!r} is not a Valeria rule ID like 'valeria.cards.gargans-embrace'")
        return value

    def name(self, value: Any, where: str, cs_required: bool = True) -> Name:
        """A name table ``{cs, en}``; ``cs_by = "library"`` marks a Czech name the book does not give."""
        table = self.table(value, where)
        self.only(table, {"cs", "en", "cs_by"}, where, required={"en", "cs"} if cs_required else {"en"})
        by = table.get("cs_by")
        if by is not None and by != "library":
            raise self.fail(f"{where}.cs_by: {by!r}; the only other author of a Czech name is \"library\"")
        return Name(self.string(table["en"], f"{where}.en"),
                    self.string(table["cs"], f"{where}.cs") if "cs" in table else None, by == "library")

    def named_entry(self, raw: Any, where: str, cs_required: bool) -> tuple[str, Name]:
        raw = self.table(raw, where)
        self.only(raw, {"id", "name"}, where)
        cid = self.card_id(raw, where)
        return cid, self.name(raw["name"], f"{where} {cid!r}.name", cs_required)

    def text(self, value: Any, where: str) -> Text:
        table = self.table(value, where)
        self.only(table, {"cs", "en"}, where)
        return Text((("cs", self.string(table["cs"], f"{where}.cs")), ("en", self.string(table["en"], f"{where}.en"))))

    def amount(self, value: Any, where: str, keys: tuple[str, ...] = AMOUNT_KEYS) -> Amount:
        table = self.table(value, where)
        self.only(table, set(keys), where, required=set())
        parts = {k: self.integer(v, f"{where}.{k}") for k, v in table.items()}
        if not any(parts.values()):
            raise self.fail(f"{where}: an amount must name at least one positive quantity")
        return Amount(**parts)

    def counter(self, value: Any, where: str, kinds: tuple[str, ...]) -> Counter:
        table = self.table(value, where)
        if len(table) != 1:
            raise self.fail(f"{where}: a counter has exactly one of {', '.join(kinds)}")
        ((kind, target),) = table.items()
        self.one_of(kind, kinds, "counter", where)
        known = {"card_type": COUNTED_CARD_TYPES, "role": self.roles, "role_icon": self.roles, "name": self.citizen_ids,
                 "area": self.areas, "monster_type": self.types}[kind]
        what = {"card_type": "card type", "role": "role icon", "role_icon": "role icon", "name": "citizen name",
                "area": "area", "monster_type": "monster type"}[kind]
        return Counter(kind, self.one_of(target, known, what, f"{where}.{kind}"))

    def types_list(self, value: Any, where: str) -> tuple[str, ...]:
        found = tuple(self.one_of(t, self.types, "monster type", where) for t in self.seq(value, where))
        if not found:
            raise self.fail(f"{where}: a monster has at least one type icon")
        return found

    def activation(self, value: Any, where: str) -> tuple[int, ...]:
        return tuple(self.integer(n, where, 1, 12) for n in self.seq(value, where))

    # ------------------------------------------------------------ effects

    def effects(self, value: Any, where: str, in_effect_of: str = "card") -> tuple[Effect, ...]:
        return tuple(self.effect(e, f"{where}[{i}]", in_effect_of)
                     for i, e in enumerate(self.seq(value, where)))

    def effect(self, value: Any, where: str, context: str) -> Effect:
        raw = self.table(value, where)
        ops = {"gain", "take", "exchange", "choice", "gain_citizen", "extra_action", "set_die", "lower_die",
               "add_token", "every_player_loses", "special"}
        present = [k for k in raw if k in ops]
        if len(present) != 1:
            unknown = sorted(set(raw) - ops - {"per"})
            if unknown:
                raise self.fail(f"{where}: unknown effect key(s) {', '.join(unknown)}; known: {', '.join(sorted(ops))}")
            raise self.fail(f"{where}: an effect has exactly one of {', '.join(sorted(ops))}")
        op = present[0]
        self.only(raw, {op, "per"} if op == "gain" else {op}, where, required={op})
        # Effects of cards count citizens' role icons only (K12, ruling O9); role_icon is for dukes.
        effect_counters = tuple(k for k in COUNTER_KINDS if k != "role_icon")
        body = raw[op]
        at = f"{where}.{op}"
        if op == "gain":
            per = self.counter(raw["per"], f"{where}.per", effect_counters) if "per" in raw else None
            return Gain(self.amount(body, at), per)
        if op == "take":
            return Take(self.amount(body, at, RESOURCES))
        if op == "exchange":
            t = self.table(body, at)
            self.only(t, {"pay", "gain"}, at)
            return Exchange(self.amount(t["pay"], f"{at}.pay", RESOURCES), self.amount(t["gain"], f"{at}.gain"))
        if op == "choice":
            branches = self.seq(body, at)
            if len(branches) < 2:
                raise self.fail(f"{at}: a choice has at least two branches")
            return Choice(tuple(self.effects(b, f"{at}[{i}]", context) for i, b in enumerate(branches)))
        if op == "gain_citizen":
            t = self.table(body, at)
            self.only(t, {"max_cost", "role", "name"}, at, required=set())
            return GainCitizen(
                self.integer(t["max_cost"], f"{at}.max_cost", 1) if "max_cost" in t else None,
                self.one_of(t["role"], self.roles, "role icon", f"{at}.role") if "role" in t else None,
                self.one_of(t["name"], self.citizen_ids, "citizen", f"{at}.name") if "name" in t else None)
        if op == "extra_action":
            return ExtraAction(self.one_of(body, EXTRA_ACTIONS, "extra action", at))
        if op == "set_die":
            if context != "roll":
                raise self.fail(f"{at}: only a domain acting in the Roll phase (timing 'roll') may change dice")
            t = self.table(body, at)
            self.only(t, {"value", "pay", "per"}, at, required={"value", "pay"})
            per = self.counter(t["per"], f"{at}.per", effect_counters) if "per" in t else None
            return SetDie(self.integer(t["value"], f"{at}.value", 1, 6), self.amount(t["pay"], f"{at}.pay", RESOURCES),
                          per)
        if op == "lower_die":
            if context != "roll":
                raise self.fail(f"{at}: only a domain acting in the Roll phase (timing 'roll') may change dice")
            return LowerDie(self.integer(body, at, 1, 5))
        if op in ("add_token", "every_player_loses"):
            if context != "event":
                raise self.fail(f"{at}: only a monster event's on_trigger may use {op}")
            amount = self.amount(body, at, RESOURCES)
            return AddToken(amount) if op == "add_token" else EveryPlayerLoses(amount)
        return Special(self.rule_id(body, at))

    # ------------------------------------------------------------ cards

    def starter(self, raw: Any, i: int) -> Starter:
        where = f"starter #{i + 1}"
        raw = self.table(raw, where)
        cid = self.card_id(raw, where)
        where = f"starter {cid!r}"
        self.only(raw, {"id", "name", "named", "activation", "triggers", "on_turn", "off_turn", "source"}, where,
                  required={"id", "name", "activation", "on_turn", "off_turn", "source"})
        activation = self.activation(raw["activation"], f"{where}.activation")
        triggers = tuple(self.rule_id(t, f"{where}.triggers") for t in self.seq(raw.get("triggers", []),
                                                                                 f"{where}.triggers"))
        if not activation and not triggers:
            raise self.fail(f"{where}: a starter without activation numbers needs trigger rules")
        return Starter(
            cid, self.name(raw["name"], f"{where}.name", cs_required=True), activation,
            self.effects(raw["on_turn"], f"{where}.on_turn"), self.effects(raw["off_turn"], f"{where}.off_turn"),
            self.string(raw["source"], f"{where}.source"),
            self.one_of(raw["named"], self.citizen_ids, "citizen", f"{where}.named") if "named" in raw else None,
            triggers)

    def citizen(self, raw: Any, i: int) -> Citizen:
        where = f"citizen #{i + 1}"
        raw = self.table(raw, where)
        cid = self.card_id(raw, where)
        where = f"citizen {cid!r}"
        self.only(raw, {"id", "name", "activation", "role", "cost", "copies", "on_turn", "off_turn", "source"}, where)
        return Citizen(
            cid, self.name(raw["name"], f"{where}.name"), self.activation(raw["activation"], f"{where}.activation"),
            self.one_of(raw["role"], self.roles, "role icon", f"{where}.role"),
            self.integer(raw["cost"], f"{where}.cost", 1), self.integer(raw["copies"], f"{where}.copies", 1),
            self.effects(raw["on_turn"], f"{where}.on_turn"), self.effects(raw["off_turn"], f"{where}.off_turn"),
            self.string(raw["source"], f"{where}.source"))

    def monster(self, raw: Any, i: int) -> Monster:
        where = f"monster #{i + 1}"
        raw = self.table(raw, where)
        cid = self.card_id(raw, where)
        where = f"monster {cid!r}"
        self.only(raw, {"id", "name", "area", "order", "types", "strength", "magic", "vp", "copies", "copies_5p",
                        "reward", "source"}, where)
        return Monster(
            cid, self.name(raw["name"], f"{where}.name"), self.one_of(raw["area"], self.areas, "area", f"{where}.area"),
            self.integer(raw["order"], f"{where}.order", 1), self.types_list(raw["types"], f"{where}.types"),
            self.integer(raw["strength"], f"{where}.strength", 1), self.integer(raw["magic"], f"{where}.magic"),
            self.integer(raw["vp"], f"{where}.vp"), self.integer(raw["copies"], f"{where}.copies", 1),
            self.integer(raw["copies_5p"], f"{where}.copies_5p"), self.effects(raw["reward"], f"{where}.reward"),
            self.string(raw["source"], f"{where}.source"))

    def domain(self, raw: Any, i: int) -> Domain:
        where = f"domain #{i + 1}"
        raw = self.table(raw, where)
        cid = self.card_id(raw, where)
        where = f"domain {cid!r}"
        self.only(raw, {"id", "name", "cost", "roles", "vp", "timing", "die_changing", "effect", "text", "source"},
                  where)
        roles = tuple(self.one_of(r, self.roles, "role icon", f"{where}.roles")
                      for r in self.seq(raw["roles"], f"{where}.roles"))
        if not roles:
            raise self.fail(f"{where}.roles: a domain requires at least one role icon")
        timing = self.one_of(raw["timing"], TIMINGS, "timing", f"{where}.timing")
        effect = self.effects(raw["effect"], f"{where}.effect", timing)
        die_changing = self.boolean(raw["die_changing"], f"{where}.die_changing")
        changes = any(isinstance(e, SetDie | LowerDie) for e in effect)
        if die_changing != changes:
            raise self.fail(f"{where}.die_changing: is {str(die_changing).lower()} but the effect "
                            f"{'changes' if changes else 'does not change'} a die")
        return Domain(
            cid, self.name(raw["name"], f"{where}.name"), self.integer(raw["cost"], f"{where}.cost", 1), roles,
            self.integer(raw["vp"], f"{where}.vp"), timing, die_changing, effect,
            self.text(raw["text"], f"{where}.text"), self.string(raw["source"], f"{where}.source"))

    def duke(self, raw: Any, i: int) -> Duke:
        where = f"duke #{i + 1}"
        raw = self.table(raw, where)
        cid = self.card_id(raw, where)
        where = f"duke {cid!r}"
        self.only(raw, {"id", "name", "score", "resources_per_vp", "source"}, where)
        terms = []
        for j, t in enumerate(self.seq(raw["score"], f"{where}.score")):
            at = f"{where}.score[{j}]"
            t = self.table(t, at)
            self.only(t, {"vp", "per"}, at)
            # Dukes count role icons on citizens and domains (valeria.dukes.role-icons): role_icon, not role.
            terms.append(DukeTerm(self.integer(t["vp"], f"{at}.vp", 1),
                                  self.counter(t["per"], f"{at}.per", tuple(k for k in COUNTER_KINDS if k != "role"))))
        if not terms:
            raise self.fail(f"{where}.score: a duke scores at least one thing")
        return Duke(cid, self.name(raw["name"], f"{where}.name"), tuple(terms),
                    self.integer(raw["resources_per_vp"], f"{where}.resources_per_vp", 1),
                    self.string(raw["source"], f"{where}.source"))

    def event(self, raw: Any, i: int) -> MonsterEvent:
        where = f"event #{i + 1}"
        raw = self.table(raw, where)
        cid = self.card_id(raw, where)
        where = f"event {cid!r}"
        self.only(raw, {"id", "name", "trigger", "on_trigger", "types", "strength", "magic", "vp", "reward",
                        "source"}, where)
        return MonsterEvent(
            cid, self.name(raw["name"], f"{where}.name"), self.integer(raw["trigger"], f"{where}.trigger", 1, 12),
            self.effects(raw["on_trigger"], f"{where}.on_trigger", "event"),
            self.types_list(raw["types"], f"{where}.types"), self.integer(raw["strength"], f"{where}.strength"),
            self.integer(raw["magic"], f"{where}.magic"), self.integer(raw["vp"], f"{where}.vp"),
            self.effects(raw["reward"], f"{where}.reward"), self.string(raw["source"], f"{where}.source"))

