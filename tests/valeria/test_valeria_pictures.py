"""Valeria's rulebook pictures and card tables (rules.valeria.pictures).

Every figure of spec/valeria.toml draws as SVG, is replayed by the engine and
agrees with it; a figure whose claim the engine contradicts is reported; a
malformed figure is refused with a clear message; the text of every picture
stays inside its viewBox. The card tables list every card of the data, under
the rule that states them.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from rules import games, rulebook
from rules.kernel import pictures
from rules.kernel.pictures import Picture, Pictures
from rules.kernel.spec import Annotation, load_spec
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError
from rules.valeria.data import index
from rules.valeria.pictures import data_tables, draw, text_width

SVG = "{http://www.w3.org/2000/svg}"
SPEC = load_spec()
BOOK = SPEC.book("valeria")
FIGURES = [pytest.param(rule, a, id=f"{rule.id}#{i + 1}", marks=pytest.mark.rules(rule.id))
           for rule in BOOK.rules for i, a in enumerate(rule.annotations) if a.figure]


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert not root.findall(".//*[@id]"), "pictures share an HTML page: no id attributes"
    return root


def texts_outside(root: ET.Element) -> list[str]:
    """Every text whose estimated box (the generous width estimate the drawing fits its text
    with) leaves the viewBox."""
    _, _, vw, vh = (float(v) for v in root.get("viewBox", "").split())
    out = []
    for t in root.iter(f"{SVG}text"):
        x, y, size = float(t.get("x", 0)), float(t.get("y", 0)), float(t.get("font-size", 12))
        w = text_width(t.text or "", size)
        left = {"start": x, "middle": x - w / 2, "end": x - w}[t.get("text-anchor", "start")]
        if left < -0.5 or left + w > vw + 0.5 or y - size < -0.5 or y + size * 0.3 > vh + 0.5:
            out.append(f"{t.text!r} at ({x}, {y}) size {size} in {vw}x{vh}")
    return out


# ------------------------------------------------------------------ the spec's figures


def test_the_chapter_draws_a_duchy_a_roll_a_payment_and_a_scoring() -> None:
    kinds = sorted(p.values[1].figure["kind"] for p in FIGURES)
    assert kinds == ["duchy", "payment", "roll", "scoring"]


@pytest.mark.parametrize(("rule", "annotation"), FIGURES)
def test_spec_figure_is_drawn_replayed_and_agrees(rule: Any, annotation: Annotation) -> None:
    picture = rulebook.draw("valeria", annotation)
    assert picture is not None
    assert picture.problems == (), picture.problems
    assert picture.rules and all(r in SPEC for r in picture.rules), picture.rules
    assert picture.caption.languages == BOOK.languages
    assert picture.caption.get("cs") != picture.caption.get("en")
    assert picture.summary is not None
    root = parse(picture.svg)
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == picture.caption.get("en")
    assert not texts_outside(root), texts_outside(root)
    assert float(root.get("width", 0)) <= 420, "a phone shows the picture at 90 % or more"


@pytest.mark.rules("valeria.harvest.doubles", "valeria.harvest.each-copy", "valeria.herald.no-citizen",
                   "valeria.herald.doubles")
def test_the_roll_shows_what_the_engine_activates_for_each_seat() -> None:
    [figure] = [p.values[1].figure for p in FIGURES if p.values[1].figure["kind"] == "roll"]
    picture = draw(figure)
    assert "Archer 6×" in picture.caption.get("en") and "Zbojnice 6×" in picture.caption.get("cs")
    assert "activates 6×" in picture.svg
    # one Archer less: the engine activates four times, and the unchanged claim is reported
    fewer = {**figure, "seats": [{"citizens": {"archer": 2}}, *figure["seats"][1:]]}
    problems = draw(fewer).problems
    assert len(problems) == 1 and "activated" in problems[0] and "'archer': 4" in problems[0]
    # not doubles: the Herald of the seat with archers stays silent, the other's once
    odd = {**figure, "dice": [4, 3], "activated": [{"archer": 3}, {}], "herald": [0, 1]}
    assert draw(odd).problems == ()


@pytest.mark.rules("valeria.slay.pay-strength", "valeria.slay.magic-cost", "valeria.resources.magic-substitute")
def test_the_payment_is_judged_by_the_engine() -> None:
    [figure] = [p.values[1].figure for p in FIGURES if p.values[1].figure["kind"] == "payment"]
    assert draw(figure).problems == ()
    # magic in place of every strength: at least one real strength is missing
    all_magic = {**figure, "has": {"strength": 0, "magic": 5}, "pays": {"strength": 0, "magic": 5}}
    problems = draw(all_magic).problems
    assert problems and "valeria.slay.pay-strength" in problems[0]
    assert draw({**all_magic, "legal": False}).problems == ()
    # the magic cost paid with strength
    no_magic = {**figure, "has": {"strength": 5}, "pays": {"strength": 5, "magic": 0}, "legal": False}
    picture = draw(no_magic)
    assert picture.problems == () and "refused" in picture.svg


@pytest.mark.rules("valeria.build.requirements", "valeria.domains.starters-no-roles", "valeria.build.cost")
def test_the_duchy_checks_the_domain_requirements_with_the_engine() -> None:
    [figure] = [p.values[1].figure for p in FIGURES if p.values[1].figure["kind"] == "duchy"]
    picture = draw(figure)
    assert picture.problems == ()
    assert "Palác úsvitu" in picture.svg and ">4<" in picture.svg  # the Archers' activation number
    # the starter Peasant bears no Worker icon: without the recruited one the requirements fail
    starter_only = {**figure, "seat": {"citizens": {"archer": 2}, "gold": 11}}
    problems = draw(starter_only).problems
    assert any("meets" in p for p in problems) and any("legal" in p for p in problems)
    cheap = {**figure, "pay": {"gold": 10}}
    assert any("legal" in p for p in draw(cheap).problems)


@pytest.mark.rules("valeria.scoring.total", "valeria.scoring.tie", "valeria.dukes.resources")
def test_the_scoring_table_is_the_engines() -> None:
    [figure] = [p.values[1].figure for p in FIGURES if p.values[1].figure["kind"] == "scoring"]
    picture = draw(figure)
    assert picture.problems == ()
    assert "Tie at 11 VP" in picture.caption.get("en") and "⌊(3 + 1 + 0) / 2⌋ = 2" in picture.svg
    # a duke scored per resource type (VCK's reading, ruling O1) would claim 1 VP less
    per_type = {**figure, "totals": [10, 11], "winners": [1]}
    problems = draw(per_type).problems
    assert len(problems) == 1 and "[11, 11]" in problems[0]
    # the tie-break by more cards (VCK's reading, ruling O2) is reported
    assert any("winners" in p for p in draw({**figure, "winners": [0]}).problems)


# ------------------------------------------------------------------ malformed figures


@pytest.mark.parametrize(("figure", "message"), [
    ({"kind": "board"}, "figure.kind"),
    ({"kind": "payment", "monster": "dragon-of-nowhere"}, "figure.monster"),
    ({"kind": "roll", "dice": [4, 7], "seats": [{}, {}]}, "figure.dice"),
    ({"kind": "roll", "dice": [4, 4], "seats": [{}]}, "2 to 4 seats"),
    ({"kind": "roll", "dice": [4, 4], "seats": [{"citizens": {"archer": 1, "wizard": 1}}, {}]}, "share a center"),
    ({"kind": "roll", "dice": [4, 4], "seats": [{"citizens": {"unicorn": 1}}, {}]}, "unknown citizen"),
    ({"kind": "duchy", "seat": {}, "build": "castle"}, "figure.build"),
    ({"kind": "scoring", "seats": [{}, {}]}, "duke"),
])
def test_a_malformed_figure_is_refused_clearly(figure: dict[str, Any], message: str) -> None:
    with pytest.raises(MalformedError, match=re.escape(message)):
        draw(figure)
    failed = rulebook.draw("valeria", Annotation("example", Text.of(cs="x", en="x"), None, figure))
    assert failed is not None and not failed.svg and message in failed.problems[0]


def test_the_game_object_offers_pictures_and_tables() -> None:
    game = games.load("valeria")
    assert isinstance(game, Pictures) and isinstance(game, pictures.Tables)
    picture = game.draw_figure(FIGURES[0].values[1].figure, ("cs", "en"))
    assert isinstance(picture, Picture) and not picture.problems


# ------------------------------------------------------------------ card tables


@pytest.mark.rules("valeria.citizens.table", "valeria.starters.table", "valeria.monsters.table",
                   "valeria.domains.table", "valeria.dukes.table")
def test_the_card_tables_list_every_card_under_its_rule() -> None:
    tables = {t.key: t for t in rulebook.tables("valeria") if not t.key.startswith("variants-")}  # cards only
    cards = index().cards
    assert {t.rule for t in tables.values()} == {"valeria.citizens.table", "valeria.starters.table",
                                                   "valeria.monsters.table", "valeria.domains.table",
                                                   "valeria.dukes.table"}
    assert len(tables["citizens"].rows) == len(cards.citizens) == 18
    assert len(tables["starters"].rows) == len(cards.starters) == 3
    monsters = [t for k, t in tables.items() if k.startswith("monsters-")]
    assert len(monsters) == len(cards.areas) == 8
    assert sum(len(t.rows) for t in monsters) == len(cards.monsters)
    assert len(tables["domains"].rows) == len(cards.domains) == 24
    assert len(tables["dukes"].rows) == len(cards.dukes) == 10
    for table in tables.values():
        assert all(len(row) == len(table.columns) for row in table.rows)
        assert table.title.languages == BOOK.languages
    # the book's Czech name beside the English one, the card's values from the data
    archer = next(r for r in tables["citizens"].rows if r[0].get("en") == "Archer")
    assert archer[0].get("cs") == "Zbojnice" and archer[1].get("en") == "4" and archer[3].get("en") == "4+"
    cube = next(r for t in monsters for r in t.rows if r[0].get("en") == "Gelatinous Cube")
    assert cube[0].get("cs") == "Rosolová krychle" and (cube[3].get("en"), cube[4].get("en")) == ("4", "1")
    palace = next(r for r in tables["domains"].rows if r[0].get("en") == "Palace of the Dawn")
    assert palace[1].get("en") == "11" and palace[2].get("en") == "1× Worker, 2× Soldier"
    simon = next(r for r in tables["dukes"].rows if r[0].get("en") == "Simon the Unclean")
    assert "1 per Worker icon" in simon[1].get("en") and "2 resources (summed)" in simon[2].get("en")


def test_the_card_tables_speak_both_languages() -> None:
    tables = data_tables(("cs", "en"))
    citizens = next(t for t in tables if t.key == "citizens")
    monk = next(r for r in citizens.rows if r[0].get("en") == "Monk")
    assert monk[5].get("en") == "pay 1 gold → 2 magic" and monk[5].get("cs") == "zaplať 1 zlaťák → 2 magie"


def test_a_bad_table_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The generic side checks what a game hands it (rules.rulebook.tables)."""
    class Fake:
        info = games.load("valeria").info  # the real declaration, so the variant table is drawn as usual

        def __init__(self, table: pictures.Table) -> None:
            self.table = table

        def data_tables(self, languages: Any) -> list[pictures.Table]:
            return [self.table]

    cell = Text.of(cs="a", en="a")
    bad_rule = pictures.Table("x", "valeria.no-such-rule", cell, (cell,), ((cell,),))
    monkeypatch.setattr(rulebook, "load_game", lambda game: Fake(bad_rule))
    with pytest.raises(MalformedError, match="unknown rule"):
        rulebook.tables("valeria")
    short_row = pictures.Table("x", "valeria.dukes.table", cell, (cell, cell), ((cell,),))
    monkeypatch.setattr(rulebook, "load_game", lambda game: Fake(short_row))
    with pytest.raises(MalformedError, match="row 1"):
        rulebook.tables("valeria")
