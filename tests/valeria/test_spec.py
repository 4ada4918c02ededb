"""The Valeria book (``spec/valeria.toml``): it loads with the other books, speaks
Czech and English everywhere, cites its seed, carries one ruling for every open
point of the reference that concerns the base game (decision 0004), and its
repaired Czech keeps none of the OCR's debris."""

from __future__ import annotations

import re

import pytest

from rules.kernel.spec import Book, load_spec
from rules.valeria.cards import Special, load_cards

SEED = "004_dc683676f01da21d.txt"
#: The open points of reference/valeria.md §5 that concern the 2–4 player base game;
#: the others (O10–O12, O17, O18, O20–O22, O26, O27, O29) belong to the variants.
BASE_GAME_OPEN_POINTS = {1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 14, 15, 16, 19, 23, 24, 25, 28}
#: The open points of the variants the engine plays (decision 0018): O22 the resting player, O18 the reveal;
#: Monster Events (decision 0020): O10 the setup, O11 the bounty, O12 token targets, O17 returns, O27 Eye of Asteraten;
#: the solo game (decision 0021): O20 the board VP and second Herald, O21 the captures, O29 the dukes.
VARIANT_OPEN_POINTS = {10, 11, 12, 17, 18, 20, 21, 22, 27, 29}
#: The variants the engine plays; the others stay informative records.
PLAYED_VARIANTS = ("valeria.variants.five-players.", "valeria.variants.random-citizens.", "valeria.variants.events.",
                   "valeria.variants.solo.")
#: Records of a played variant that state no rule (an introduction, the card data, the token supply).
TEXT_ONLY = {"valeria.variants.events.changes", "valeria.variants.events.cards", "valeria.variants.events.tokens"}
#: Characters the OCR put where Czech letters were (¢ for č, § for s, © …).
OCR_DEBRIS = re.compile(r"[¢§©®|$»«]|\b(?:fdze|faze|pfijmu|piijmu|vyéerp|hra¢)\b", re.I)


@pytest.fixture(scope="module")
def book() -> Book:
    return load_spec().book("valeria")


def test_the_book_loads_with_the_others(book: Book) -> None:
    assert book.language == "cs" and book.languages == ("cs", "en")
    assert book.seeds == (SEED,)
    assert len(book.rules) >= 100
    normative = [r for r in book.rules if not r.informative]
    assert len(normative) >= 100
    assert {r.game for r in book.rules} == {"valeria"}
    assert all(r.id.startswith("valeria.") for r in book.rules)


def test_sections_follow_the_book_and_none_is_empty(book: Book) -> None:
    keys = [s.key for s in book.sections]
    assert keys[:6] == ["story", "components", "setup", "goal", "turn", "roll"]
    assert keys[-1] == "variants"
    order = [keys.index(r.section) for r in book.rules]
    # records appear chapter by chapter, in the order of the sections
    assert order == sorted(order)
    assert all(book.rules_in(k) for k in keys)


def test_every_record_cites_the_seed_and_both_languages(book: Book) -> None:
    for rule in book.rules:
        assert rule.source.seed == SEED, rule.id
        assert rule.source.section.strip(), rule.id
        for text in (rule.title, rule.text, *(a.text for a in rule.annotations)):
            assert text.get("cs").strip() and text.get("en").strip(), rule.id
        # Sphinx would curl a straight apostrophe in a heading; the spec writes the typographic one
        assert "'" not in rule.title.get("cs") + rule.title.get("en"), rule.id


def test_repaired_czech_keeps_no_ocr_debris(book: Book) -> None:
    """Repair annotations quote the OCR on purpose; titles and rule texts must be clean."""
    for rule in book.rules:
        for text in (rule.title.get("cs"), rule.text.get("cs")):
            assert not OCR_DEBRIS.search(text), (rule.id, OCR_DEBRIS.search(text))
        for a in rule.annotations:
            if a.kind != "repair":
                assert not OCR_DEBRIS.search(a.text.get("cs")), (rule.id, a.kind)
    czech = " ".join(r.text.get("cs") for r in book.rules)
    assert all(letter in czech for letter in "áčďéěíňóřšťúůýž")


def test_every_base_game_open_point_has_a_ruling(book: Book) -> None:
    ruled: dict[int, list[str]] = {}
    for rule in book.rules:
        for ruling in rule.rulings:
            assert ruling.text.get("cs").startswith("Výklad knihovny"), rule.id
            assert ruling.text.get("en").startswith("The library's interpretation"), rule.id
            for number in re.findall(r"\bO(\d+)\b", ruling.source or ""):
                ruled.setdefault(int(number), []).append(rule.id)
    assert set(ruled) == BASE_GAME_OPEN_POINTS | VARIANT_OPEN_POINTS
    assert ruled[22] == ["valeria.variants.five-players.resting-immune"]
    assert ruled[18] == ["valeria.variants.random-citizens.hidden"]
    assert ruled[21] == ["valeria.variants.solo.capture"] and ruled[29] == ["valeria.variants.solo.setup"]
    assert sorted(ruled[20]) == ["valeria.variants.solo.scoring", "valeria.variants.solo.second-harvest"]
    # the readings the issue fixes, where other implementations disagree with the Czech text
    assert ruled[1] == ["valeria.dukes.resources"]
    assert ruled[2] == ruled[3] == ["valeria.scoring.tie"]
    assert ruled[7] == ["valeria.roll.once-per-card"]
    assert ruled[9] == ["valeria.citizens.role-and-type-icon"]
    spec = load_spec()
    o1 = spec["valeria.dukes.resources"].rulings[0].text.get("en")
    assert "⌊(gold + strength + magic) / N⌋" in o1
    tie = " ".join(a.text.get("en") for a in spec["valeria.scoring.tie"].rulings)
    assert "fewest cards" in tie and "all of them win together" in tie


def test_rulings_are_only_on_normative_rules(book: Book) -> None:
    assert all(not r.informative for r in book.rules if r.rulings)


def test_every_special_effect_is_a_normative_card_rule(book: Book) -> None:
    cards = load_cards()
    spec = load_spec()
    for rid in cards.specials():
        assert not spec[rid].informative, rid
    # each card note of the book is a record; the domains it describes are in the data
    described = {"nest-of-the-weaver-witch", "gargans-embrace", "foxgrove-palisade", "palace-of-the-dawn",
                 "watcher-on-the-water", "purloiners-perch"}
    for card_id in described:
        assert cards.domain(card_id).name.cs, card_id
    specials = {e.rule for d in cards.domains for e in d.effect if isinstance(e, Special)}
    assert {r.id for r in book.rules_in("cards")} >= specials


def test_variant_records_are_in_their_chapter_and_normative_when_played(book: Book) -> None:
    """The variants (5 players, random citizens, no dukes, events, solo) are in their chapter;
    those the engine plays are normative, the others text only (decision 0018)."""
    variants = book.rules_in("variants")
    assert len(variants) >= 30
    assert all(r.id.startswith("valeria.variants.") for r in variants)
    assert all(r.informative != r.id.startswith(PLAYED_VARIANTS) for r in variants if r.id not in TEXT_ONLY)
    assert all(r.informative for r in variants if r.id in TEXT_ONLY)
    assert all(r.section == "variants" for r in book.rules if r.id.startswith("valeria.variants."))
    from_variant_pages = {r.id for r in book.rules if r.source.section.startswith("Varianta")}
    assert from_variant_pages - {r.id for r in variants} == {"valeria.resources.unlimited"}
