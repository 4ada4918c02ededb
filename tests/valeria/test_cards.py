"""The Valeria card data (``spec/data/valeria-cards.toml``, decision 0016): it loads,
has the book's counts, agrees with every value the Czech book itself prints, names
only existing rules, and every broken data file is refused with a message that
names the file, the card and the field."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from rules.kernel.spec import load_spec
from rules.kernel.verdict import MalformedError
from rules.valeria.cards import (
    ACTIVATION_STACKS,
    Amount,
    CardDataError,
    CardSet,
    Choice,
    Counter,
    ExtraAction,
    Gain,
    GainCitizen,
    LowerDie,
    SetDie,
    Special,
    Take,
    check_rule_references,
    data_path,
    load_cards,
    parse_cards,
)

DATA = data_path()
TEXT = DATA.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def cards() -> CardSet:
    return load_cards()


# --------------------------------------------------------------------------- the real data


@pytest.mark.rules("valeria.components.cards", "valeria.citizens.table", "valeria.monsters.table",
                   "valeria.domains.table", "valeria.dukes.table", "valeria.starters.table")
def test_the_base_game_counts(cards: CardSet) -> None:
    assert len(cards.citizens) == 18
    assert sum(c.copies for c in cards.citizens) == 108
    assert sum(m.copies + m.copies_5p for m in cards.monsters) == 48
    assert len(cards.domains) == 24 and len(cards.dukes) == 10 and len(cards.events) == 6
    assert [s.id for s in cards.starters] == ["starter-peasant", "starter-knight", "herald"]
    # 108 + 48 + 24 + 10 + 15 starters (5 players x 3) + 5 reference + 10 exhausted + 6 events = 226
    assert 108 + 48 + 24 + 10 + 5 * len(cards.starters) + 5 + 10 + len(cards.events) == 226


def test_every_card_id_is_unique(cards: CardSet) -> None:
    ids = [c.id for c in cards.all_cards]
    assert len(ids) == len(set(ids)) == 3 + 18 + 24 + 24 + 10 + 6
    for card in cards.all_cards:
        assert cards.card(card.id) is card
    with pytest.raises(KeyError, match="no-such-card"):
        cards.card("no-such-card")
    with pytest.raises(KeyError, match="citizen 'goblin'"):
        cards.citizen("goblin")


def test_every_special_names_an_existing_rule(cards: CardSet) -> None:
    spec = load_spec()
    specials = cards.specials()
    assert "valeria.cards.gargans-embrace" in specials and "valeria.herald.no-citizen" in specials
    assert all(rid in spec and spec[rid].game == "valeria" for rid in specials)
    # every domain whose effect is a special has its rule in the chapter of card details
    for domain in cards.domains:
        for effect in domain.effect:
            if isinstance(effect, Special):
                assert spec[effect.rule].section == "cards", domain.id


@pytest.mark.rules("valeria.citizens.role-icon", "valeria.citizens.activation", "valeria.setup.citizen-rows")
def test_citizens_roles_and_stacks(cards: CardSet) -> None:
    assert [r.id for r in cards.roles] == ["worker", "soldier", "shadow", "holy"]
    assert [r.name.get("cs") for r in cards.roles] == ["dělníci", "vojáci", "podsvětí", "duchovní"]
    stacks = {s: [c.id for c in cards.citizens if c.activation == s] for s in ACTIVATION_STACKS}
    assert {s: len(ids) for s, ids in stacks.items()} == {s: (1 if s in ((5,), (6,)) else 2) for s in ACTIVATION_STACKS}
    assert [c.id for c in cards.citizens_for(10)] == ["paladin", "priestess"]
    assert [c.id for c in cards.citizens_for(12)] == ["butcher", "miner"]


@pytest.mark.rules("valeria.monsters.areas", "valeria.monsters.strength-values", "valeria.monsters.types",
                   "valeria.setup.monster-stack-order", "valeria.setup.monster-row")
def test_monster_stacks(cards: CardSet) -> None:
    assert [a.name.get("cs") for a in cards.areas] == ["Kopce", "Ruiny", "Lesy", "Údolí", "Hory", "Pustiny",
                                                       "Bažiny", "Jeskyně"]
    for area in cards.areas:
        stack = cards.monster_stack(area.id)
        assert len(stack) == 5 and len(cards.monster_stack(area.id, five_players=True)) == 6
        strengths = [m.strength for m in stack]
        assert strengths == sorted(strengths) and len(set(strengths)) == 3
        assert stack[-1].types == ("boss",)
    # the book's 5-player Ruins example, bottom to top: the King, 2 Flaming Skeletons, 3 Skeletons
    ruins = [m.id for m in reversed(cards.monster_stack("ruins", five_players=True))]
    assert ruins == ["skeleton-king", "flaming-skeleton", "flaming-skeleton", "skeleton", "skeleton", "skeleton"]
    with pytest.raises(KeyError, match="area 'moon'"):
        cards.monster_stack("moon")


@pytest.mark.rules("valeria.monsters.table")
def test_first_game_monster_counts_as_the_book_lists_them(cards: CardSet) -> None:
    """valeria.setup.first-game-monsters: „Kopce (3 Skřeti, 1 Skřetí mág, 1 Král skřetů)“ …"""
    listed = {
        "hills": [("Skřet", 3), ("Skřetí mág", 1), ("Král skřetů", 1)],
        "ruins": [("Kostlivec", 3), ("Ohnivý kostlivec", 1), ("Král kostlivců", 1)],
        "forest": [("Ent", 2), ("Prokletý pavouk", 2), ("Pavoučí královna", 1)],
        "valley": [("Sovodvěd", 3), ("Obr", 1), ("Troll", 1)],
        "mountains": [("Zuřivý medvěd", 2), ("Orčí válečník", 2), ("Orčí náčelník", 1)],
    }
    for area, kinds in listed.items():
        found = sorted((m for m in cards.monsters if m.area == area), key=lambda m: m.order)
        assert [(m.name.get("cs"), m.copies) for m in found] == kinds


@pytest.mark.rules("valeria.citizens.table", "valeria.monsters.table", "valeria.domains.table")
def test_the_values_the_czech_book_prints(cards: CardSet) -> None:
    # Zbojnice: roll 4, 4 gold, Soldier (setup and recruiting examples)
    archer = cards.citizen("archer")
    assert (archer.name.cs, archer.activation, archer.cost, archer.role) == ("Zbojnice", (4,), 4, "soldier")
    # Rolník 2+ gold, Worker icon, 1 gold off-turn; the starter shares its name
    peasant = cards.citizen("peasant")
    assert (peasant.cost, peasant.role, peasant.activation) == (2, "worker", (5,))
    assert peasant.off_turn == (Gain(Amount(gold=1)),)
    assert cards.starter("starter-peasant").named == "peasant"
    # Mnich: roll 1, off-turn pay 1 gold for 2 magic
    monk = cards.citizen("monk")
    assert monk.activation == (1,) and monk.off_turn[0].pay == Amount(gold=1)  # type: ignore[union-attr]
    # Horník: sum 12, 1 gold + 1 gold per domain
    miner = cards.citizen("miner")
    assert 12 in miner.activation
    assert miner.on_turn == (Gain(Amount(gold=1)), Gain(Amount(gold=1), Counter("card_type", "domain")))
    # Zlodějka: take 3 gold or 3 magic
    assert cards.citizen("thief").on_turn == (Choice(((Take(Amount(gold=3)),), (Take(Amount(magic=3)),))),)
    # Ent: strength 3, reward 1 gold + 1 magic; Rosolová krychle: 1 magic + 4 strength
    treant = cards.monster("treant")
    assert (treant.strength, treant.magic, treant.reward) == (3, 0, (Gain(Amount(gold=1, magic=1)),))
    cube = cards.monster("gelatinous-cube")
    assert (cube.strength, cube.magic, cube.area) == (4, 1, "swamp")
    # Pavoučí královna: 2 gold per Forest monster, or any citizen and 1 VP
    queen = cards.monster("spider-queen")
    assert queen.reward == (Choice((
        (Gain(Amount(gold=2), Counter("area", "forest")),),
        (GainCitizen(), Gain(Amount(vp=1))))),)
    # Orčí válečník ≤ 3, Přízrak ≤ 2, Prokletý pavouk: 3 gold or a Knight
    assert cards.monster("orc-warrior").reward == (GainCitizen(max_cost=3),)
    assert cards.monster("wraith").reward == (GainCitizen(max_cost=2),)
    assert cards.monster("bane-spider").reward == (Choice(((Gain(Amount(gold=3)),), (GainCitizen(name="knight"),))),)
    # Palác úsvitu: 1 Worker + 2 Soldier icons, 11 gold, lowers a die by one
    palace = cards.domain("palace-of-the-dawn")
    assert (palace.cost, sorted(palace.roles), palace.effect) == (11, ["soldier", "soldier", "worker"], (LowerDie(1),))
    # Palisáda v Liščím háji: 2 gold, a die to 6; Pouštní orchidej: 1 gold per Holy citizen, a die to 1
    assert cards.domain("foxgrove-palisade").effect == (SetDie(6, Amount(gold=2)),)
    assert cards.domain("the-desert-orchid").effect == (SetDie(1, Amount(gold=1), Counter("role", "holy")),)
    assert cards.domain("eye-of-asteraten").effect == (Gain(Amount(strength=5)), ExtraAction("slay"))
    assert {d.id for d in cards.domains if d.die_changing} == {"foxgrove-palisade", "the-desert-orchid",
                                                               "palace-of-the-dawn"}


@pytest.mark.rules("valeria.dukes.table", "valeria.dukes.role-icons", "valeria.citizens.role-and-type-icon")
def test_dukes_count_icons_on_citizens_and_domains_and_citizen_effects_do_not(cards: CardSet) -> None:
    """Dukes use ``role_icon`` (citizens and domains, valeria.dukes.role-icons); citizens'
    effects use ``role`` (citizens only, ruling O9); the loader refuses the swap (below)."""
    duke_kinds = {t.per.kind for d in cards.dukes for t in d.score}
    assert "role" not in duke_kinds and "role_icon" in duke_kinds
    counters = [e.per for c in cards.citizens for e in (*c.on_turn, *c.off_turn) if isinstance(e, Gain) and e.per]
    assert {(k.kind, k.value) for k in counters} == {("role", "soldier"), ("role", "worker"), ("name", "knight"),
                                                     ("card_type", "domain")}
    # one divisor per duke: resources are summed before dividing (ruling O1 on valeria.dukes.resources)
    assert {d.id: d.resources_per_vp for d in cards.dukes}["simon-the-unclean"] == 2
    assert all(isinstance(d.resources_per_vp, int) for d in cards.dukes)


def test_names_are_the_books_in_czech_where_it_names_the_card_else_the_librarys(cards: CardSet) -> None:
    blacksmith = cards.citizen("blacksmith").name
    assert (blacksmith.get("cs"), blacksmith.get("en"), blacksmith.cs_by_library) == ("Kovář", "Blacksmith", True)
    assert cards.domain("gargans-embrace").name.get("cs") == "Garganova náruč"
    assert not cards.domain("gargans-embrace").name.cs_by_library
    assert cards.event("bat-swarm").name.get("cs") == "Hejno netopýrů"
    assert all(d.text.get("cs") and d.text.get("en") for d in cards.domains)


def test_loading_twice_gives_equal_immutable_cards(cards: CardSet) -> None:
    again = load_cards(DATA)
    assert again == cards and again is not cards
    with pytest.raises(AttributeError):
        cards.citizen("monk").cost = 1  # type: ignore[misc]


# --------------------------------------------------------------------------- broken files


def broken(tmp_path: Path, old: str, new: str, count: int = 1) -> CardDataError:
    """Write the real data with ``old`` replaced by ``new`` and return the loader's error."""
    assert old in TEXT, old
    path = tmp_path / "cards.toml"
    path.write_text(TEXT.replace(old, new, count), encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        load_cards(path)
    assert isinstance(info.value, MalformedError)
    assert info.value.where == str(path) and str(path) in str(info.value)
    return info.value


def without_block(kind: str, card_id: str) -> str:
    """The real data without the ``[[kind]]`` table of ``card_id``."""
    pattern = re.compile(rf'\[\[{kind}\]\]\nid = "{card_id}"\n.*?(?=\n\[\[|\n# -|\Z)', re.S)
    assert pattern.search(TEXT), card_id
    return pattern.sub("", TEXT, count=1)


def load_text(tmp_path: Path, text: str) -> CardDataError:
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        load_cards(path)
    return info.value


def test_unknown_key_in_a_card(tmp_path: Path) -> None:
    err = broken(tmp_path, 'id = "monk"\n', 'id = "monk"\ncolour = "brown"\n')
    assert "citizen 'monk'" in str(err) and "colour" in str(err)


def test_unknown_top_level_section(tmp_path: Path) -> None:
    err = broken(tmp_path, "[[role]]\n", "[[promo]]\nid = \"x\"\n\n[[role]]\n")
    assert "promo" in str(err) and "top level" in str(err)


def test_missing_field(tmp_path: Path) -> None:
    err = broken(tmp_path, 'id = "goblin"\nname = { cs = "Skřet", en = "Goblin" }\n', 'id = "goblin"\n')
    assert "monster 'goblin'" in str(err) and "missing" in str(err) and "name" in str(err)


@pytest.mark.rules("valeria.citizens.role-icon")
def test_unknown_role_icon(tmp_path: Path) -> None:
    err = broken(tmp_path, 'role = "holy"\ncopies = 6\ncost = 3\non_turn = [{ gain = { magic = 3 } }]',
                 'role = "priest"\ncopies = 6\ncost = 3\non_turn = [{ gain = { magic = 3 } }]')
    assert "citizen 'cleric'" in str(err) and "unknown role icon 'priest'" in str(err)
    err = broken(tmp_path, 'roles = ["holy", "holy"]', 'roles = ["holy", "wizard"]')
    assert "domain 'cathedral-of-st-aquila'.roles" in str(err) and "'wizard'" in str(err)


def test_duplicate_card_id(tmp_path: Path) -> None:
    err = broken(tmp_path, 'id = "wizard"', 'id = "monk"')
    assert "duplicate card ID" in str(err) and "monk" in str(err)
    err = broken(tmp_path, 'id = "red-dragon"', 'id = "herald"')
    assert "duplicate card ID" in str(err) and "herald" in str(err)


def test_bad_card_id(tmp_path: Path) -> None:
    err = broken(tmp_path, 'id = "gold-golem"', 'id = "Gold Golem"')
    assert "'Gold Golem'" in str(err) and "kebab-case" in str(err)


@pytest.mark.rules("valeria.components.cards")
@pytest.mark.parametrize(("kind", "card_id", "message"), [
    ("citizen", "wizard", "18 citizen kinds, the data has 17"),
    ("domain", "halfpenny-hill", "24 domains, the data has 23"),
    ("duke", "simon-the-unclean", "10 dukes, the data has 9"),
    ("event", "mimic", "6 monster events, the data has 5"),
    ("starter", "herald", "3 starter kinds, the data has 2"),
    ("area", "caverns", "8 monster areas, the data has 7"),
])
def test_wrong_counts(tmp_path: Path, kind: str, card_id: str, message: str) -> None:
    text = without_block(kind, card_id)
    if kind == "area":  # the monsters of the area go too, else they name an unknown area first
        for m in ("kobolds", "gold-golem", "red-dragon"):
            text = re.sub(rf'\[\[monster\]\]\nid = "{m}"\n.*?(?=\n\[\[|\n# -|\Z)', "", text, count=1, flags=re.S)
    err = load_text(tmp_path, text)
    assert message in str(err), str(err)


@pytest.mark.rules("valeria.components.cards")
def test_wrong_copies(tmp_path: Path) -> None:
    err = broken(tmp_path, 'id = "paladin"\nname = { cs = "Paladin", en = "Paladin" }\nactivation = [9, 10]\n'
                 'role = "holy"\ncopies = 6', 'id = "paladin"\nname = { cs = "Paladin", en = "Paladin" }\n'
                 'activation = [9, 10]\nrole = "holy"\ncopies = 5')
    assert "6 copies" in str(err) and "paladin (5)" in str(err)
    err = broken(tmp_path, "copies = 3\ncopies_5p = 0\nreward = [{ gain = { gold = 1 } }]",
                 "copies = 4\ncopies_5p = 0\nreward = [{ gain = { gold = 1 } }]")
    assert "48 monster cards, the data has 49" in str(err)


@pytest.mark.rules("valeria.monsters.areas", "valeria.monsters.strength-values")
def test_monster_area_shape(tmp_path: Path) -> None:
    err = broken(tmp_path, 'area = "hills"\norder = 3', 'area = "hills"\norder = 2')
    assert "area 'hills'" in str(err) and "orders" in str(err)
    err = broken(tmp_path, "strength = 12\nmagic = 0\nvp = 6", "strength = 3\nmagic = 0\nvp = 6")
    assert "area 'valley'" in str(err) and "strengths" in str(err)
    err = broken(tmp_path, 'order = 3\ntypes = ["boss"]\nstrength = 6', 'order = 3\ntypes = ["titan"]\nstrength = 6')
    assert "area 'hills'" in str(err) and "Boss" in str(err)
    # moving a 5-player card: 6 cards but only 4 without the icon
    err = broken(tmp_path, "copies = 3\ncopies_5p = 0\nreward = [{ gain = { gold = 1 } }]",
                 "copies = 2\ncopies_5p = 1\nreward = [{ gain = { gold = 1 } }]")
    assert "area 'hills'" in str(err) and "without the 5-player icon" in str(err)


@pytest.mark.rules("valeria.setup.citizen-rows", "valeria.citizens.activation")
def test_bad_activation(tmp_path: Path) -> None:
    err = broken(tmp_path, "activation = [9, 10]", "activation = [9]")
    assert "citizen 'paladin'" in str(err) and "none of the stacks" in str(err)
    err = broken(tmp_path, "activation = [4]", "activation = [13]")
    assert "citizen 'archer'.activation" in str(err) and "13" in str(err)


def test_bad_effects(tmp_path: Path) -> None:
    err = broken(tmp_path, "on_turn = [{ gain = { magic = 3 } }]", "on_turn = [{ gian = { magic = 3 } }]")
    assert "citizen 'cleric'.on_turn[0]" in str(err) and "gian" in str(err)
    err = broken(tmp_path, "on_turn = [{ gain = { magic = 3 } }]", "on_turn = [{ gain = { mana = 3 } }]")
    assert "citizen 'cleric'.on_turn[0].gain" in str(err) and "mana" in str(err)
    err = broken(tmp_path, "on_turn = [{ gain = { magic = 3 } }]", "on_turn = [{ gain = { magic = -3 } }]")
    assert "-3" in str(err)
    err = broken(tmp_path, "on_turn = [{ gain = { magic = 3 } }]", "on_turn = [{ gain = { magic = true } }]")
    assert "True" in str(err)
    err = broken(tmp_path, "on_turn = [{ gain = { magic = 3 } }]",
                 "on_turn = [{ choice = [[{ gain = { magic = 3 } }]] }]")
    assert "at least two branches" in str(err)
    err = broken(tmp_path, "reward = [{ gain_citizen = { max_cost = 3 } }]",
                 "reward = [{ gain_citizen = { max_cost = 3, name = \"dragon\" } }]")
    assert "monster 'orc-warrior'.reward[0].gain_citizen.name" in str(err) and "'dragon'" in str(err)
    err = broken(tmp_path, "effect = [{ take = { gold = 3 } }]", "effect = [{ take = { vp = 3 } }]")
    assert "domain 'cutthroats-truce'" in str(err) and "vp" in str(err)


@pytest.mark.rules("valeria.citizens.role-and-type-icon", "valeria.dukes.role-icons")
def test_role_counters_are_not_swapped(tmp_path: Path) -> None:
    """Ruling O9: citizen effects count citizens' icons only; dukes count citizens and domains."""
    err = broken(tmp_path, 'per = { role = "soldier" }', 'per = { role_icon = "soldier" }')
    assert "citizen 'blacksmith'.on_turn[0].per" in str(err) and "role_icon" in str(err)
    err = broken(tmp_path, 'per = { role_icon = "holy" }', 'per = { role = "holy" }')
    assert "duke 'elsyn-saint-of-shadows'.score[0].per" in str(err) and "'role'" in str(err)
    err = broken(tmp_path, 'per = { area = "hills" }', 'per = { area = "moon" }')
    assert "monster 'goblin-king'.reward[0].per.area" in str(err) and "'moon'" in str(err)


def test_die_changes_only_in_the_roll_phase(tmp_path: Path) -> None:
    err = broken(tmp_path, 'timing = "roll"\ndie_changing = true\neffect = [{ lower_die = 1 }]',
                 'timing = "action"\ndie_changing = true\neffect = [{ lower_die = 1 }]')
    assert "domain 'palace-of-the-dawn'" in str(err) and "Roll phase" in str(err)
    err = broken(tmp_path, 'timing = "roll"\ndie_changing = true\neffect = [{ lower_die = 1 }]',
                 'timing = "roll"\ndie_changing = false\neffect = [{ lower_die = 1 }]')
    assert "domain 'palace-of-the-dawn'.die_changing" in str(err)
    err = broken(tmp_path, 'timing = "roll"\ndie_changing = true\neffect = [{ lower_die = 1 }]',
                 'timing = "dusk"\ndie_changing = true\neffect = [{ lower_die = 1 }]')
    assert "unknown timing 'dusk'" in str(err)
    # event operations are refused outside events
    err = broken(tmp_path, "on_turn = [{ gain = { magic = 3 } }]", "on_turn = [{ every_player_loses = { magic = 3 } }]")
    assert "citizen 'cleric'" in str(err) and "monster event" in str(err)


def test_the_shipped_data_names_only_rules_of_the_books(cards: CardSet) -> None:
    """``load_cards()`` reads the shipped data without the books (decision record 0065): its
    references are checked here, and a file given by path is still checked at run time."""
    check_rule_references(cards, load_spec())
    assert cards.specials()  # some cards say what the vocabulary cannot (Special effects, triggers)


def test_special_must_name_an_existing_rule(tmp_path: Path) -> None:
    err = broken(tmp_path, '{ special = "valeria.cards.gargans-embrace" }',
                 '{ special = "valeria.cards.no-such-card" }')
    assert "valeria.cards.no-such-card" in str(err) and "unknown rule" in str(err)
    err = broken(tmp_path, '{ special = "valeria.cards.gargans-embrace" }', '{ special = "Gargan" }')
    assert "domain 'gargans-embrace'.effect[0].special" in str(err) and "'Gargan'" in str(err)
    err = broken(tmp_path, '"valeria.herald.twice"]', '"valeria.herald.thrice"]')
    assert "valeria.herald.thrice" in str(err)


def test_domain_text_needs_both_languages(tmp_path: Path) -> None:
    err = broken(tmp_path, 'text = { cs = "Na začátku své fáze akcí získej 1 sílu.", en',
                 'text = { en')
    assert "domain 'blood-crow-army'.text" in str(err) and "cs" in str(err)


def test_unreadable_files(tmp_path: Path) -> None:
    err = load_text(tmp_path, TEXT + "\n[[citizen]\n")
    assert "not valid TOML" in str(err)
    with pytest.raises(CardDataError, match="cannot read"):
        load_cards(tmp_path / "missing.toml")


def test_parse_cards_refuses_missing_sections_and_non_tables() -> None:
    with pytest.raises(CardDataError, match=r"top level: missing key\(s\) area, citizen, domain"):
        parse_cards({})
    data = tomllib.loads(TEXT)
    with pytest.raises(CardDataError, match="role #1: expected a table"):
        parse_cards({**data, "role": [3]})
    with pytest.raises(CardDataError, match=r"\[\[domain\]\]: expected a list"):
        parse_cards({**data, "domain": {"id": "x"}})
    copy = parse_cards(data, "copy")
    assert copy.all_cards == load_cards().all_cards and copy.path == "copy"
