"""The Sphinx rulebook: it builds cleanly with ``-W``, publishes every rule in
``objects.inv``, renders both languages, the rulings and the drawn tricks, and
another project resolves ``:rule:`` references through intersphinx.

The tests of the rulebook's build are marked ``docs``: ``conftest.py`` runs them last and
the ``test_status_path`` fixture hands them the outcomes of the tests citing a rule, which
the rulebook shows next to each rule. The builds of other projects (the citing recipe
alone, a downstream project) show no outcome: they are not marked, and run beside the
other tests (decision record 0038), and they build in this process (``tests/sphinx_here.py``,
decision record 0058).
"""

from __future__ import annotations

import functools
import html
import json
import re
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest
from sphinx_here import sphinx_build_here

from rules import rulebook
from rules.kernel.spec import Annotation, load_spec
from rules.kernel.text import Text

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SPEC = load_spec()
CLAIM = SPEC.book("claim")
TRICKS = [(r, a) for r in CLAIM.rules for a in r.annotations if a.figure]


def inventory(path: Path) -> dict[str, tuple[str, str]]:
    """``objects.inv`` as {name: (domain:type, uri)} (format version 2)."""
    raw = path.read_bytes()
    lines = raw.split(b"\n", 4)
    assert lines[0] == b"# Sphinx inventory version 2"
    body = zlib.decompress(lines[4]).decode("utf-8")
    out = {}
    for line in body.splitlines():
        m = re.match(r"(.+?)\s+(\S+:\S+)\s+(-?\d+)\s+?(\S*)\s+(.*)", line)
        if m:
            name, kind, _, uri, _ = m.groups()
            out.setdefault(name, (kind, uri.replace("$", name) if uri.endswith("$") else uri))
    return out


def page_text(path: Path) -> str:
    """The visible text of an HTML page, whitespace collapsed."""
    raw = path.read_text(encoding="utf-8")
    raw = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", raw, flags=re.S)
    return _plain_quotes(" ".join(html.unescape(re.sub(r"<[^>]+>", " ", raw)).split()))


def _plain_quotes(text: str) -> str:
    """Undo Sphinx's smart quotes and the space a dropped inline tag leaves
    before punctuation, so spec text and page text compare."""
    text = text.translate(str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'}))
    return re.sub(r"\( ", "(", re.sub(r" ([.,;:!?)])", r"\1", text))


def squash(text: str) -> str:
    """Spec text as the page shows it (list markers and code backticks dropped)."""
    text = re.sub(r"^\s*- ", "", text, flags=re.M).replace("`", "")
    return _plain_quotes(" ".join(text.split()))


# --------------------------------------------------------------------------- the build


@pytest.fixture(scope="module")
def built(rulebook_html: Path) -> Path:
    """The rulebook built with the run's outcomes (``tests/conftest.py``, decision record 0038)."""
    return rulebook_html


@pytest.mark.docs
def test_inventory_lists_every_rule(built: Path) -> None:
    inv = inventory(built / "objects.inv")
    assert inv["claim.follow-suit"] == ("rule:rule", "claim.html#claim.follow-suit")
    missing = [r.id for r in SPEC.rules if inv.get(r.id, ("", ""))[0] != "rule:rule"]
    assert not missing, f"rules missing from objects.inv: {missing}"


@pytest.mark.docs
def test_claim_page_has_every_rule_in_both_languages(built: Path) -> None:
    page = (built / "claim.html").read_text(encoding="utf-8")
    anchors = set(re.findall(r'id="([^"]+)"', page))
    assert not [r.id for r in CLAIM.rules if r.id not in anchors]
    text = page_text(built / "claim.html")
    rule = SPEC["claim.follow-suit"]
    assert squash(rule.text.get("cs")) in text
    assert squash(rule.text.get("en")) in text
    assert "Ctění barvy" in text and "Following suit" in text
    assert 'class="rules-bilingual' in page and 'lang="cs"' in page


@pytest.mark.docs
def test_every_generated_rule_reference_resolves(built: Path) -> None:
    # generated references do not warn when unresolved (another project may render one rule
    # alone), so check here that in our own build every one of them is a link
    pages = ["claim", "claim2", "rulings"] + (["proofs"] if rulebook.collect_proofs(run=False).available else [])
    for name in pages:
        page = (built / f"{name}.html").read_text(encoding="utf-8")
        refs = page.count('<code class="xref rule rule-rule')
        linked = len(re.findall(r'<a class="[^"]*reference internal[^"]*"[^>]*><code class="xref rule rule-rule', page))
        assert refs == linked > 0, name


@pytest.mark.docs
def test_claim_page_draws_every_worked_trick(built: Path) -> None:
    page = (built / "claim.html").read_text(encoding="utf-8")
    assert page.count('class="rules-trick"') == len(TRICKS) > 0
    assert "takes the trick" in page
    assert "DISAGREES" not in page


#: The generated rulebook chapters, one page each (the Claim 2 book fills two).
CHAPTERS = tuple(c.key for c in rulebook.chapters())


@functools.cache
def built_page(built: Path, name: str) -> str:
    """The text of the built page ``name`` (read once per run: the chapters are large, and
    :func:`chapter_of` looks through every one of them for each rule)."""
    return (built / f"{name}.html").read_text(encoding="utf-8")


def chapter_of(built: Path, rule_id: str) -> str:
    """The chapter page that anchors ``rule_id``."""
    found = [c for c in CHAPTERS if f'id="{rule_id}"' in built_page(built, c)]
    assert len(found) == 1, f"{rule_id} is anchored on {found or 'no page'}"
    return found[0]


@pytest.mark.docs
def test_every_rule_of_every_book_is_in_exactly_one_chapter(built: Path) -> None:
    for rule in SPEC.rules:
        page = built_page(built, chapter_of(built, rule.id))
        book = SPEC.book(rule.game)
        for lang in book.languages:
            assert html.escape(rule.title.get(lang), quote=False) in page, (rule.id, lang)


@pytest.mark.docs
def test_worked_figures_are_drawn_and_agree_with_the_engine(built: Path) -> None:
    figures = {b.game: sum(1 for r in b.rules for a in r.annotations if a.figure) for b in SPEC.books}
    assert figures["claim2"] >= 5 and figures["leaders"] >= 9
    pages = {c: (built / f"{c}.html").read_text(encoding="utf-8") for c in CHAPTERS}
    assert "DISAGREES" not in "".join(pages.values())
    assert pages["claim2"].count("agrees with the example") == figures["claim2"]
    assert pages["leaders"].count("agrees with the example") == figures["leaders"]


@pytest.mark.docs
def test_rulings_are_marked_and_collected(built: Path) -> None:
    found = rulebook.rulings()
    assert {rule.game for rule, _ in found} == {b.game for b in SPEC.books}  # every book has its rulings
    rulings = page_text(built / "rulings.html")
    rulings_html = (built / "rulings.html").read_text(encoding="utf-8")
    texts = {c: page_text(built / f"{c}.html") for c in CHAPTERS}
    for rule, ruling in found:
        chapter = chapter_of(built, rule.id)
        assert squash(ruling.text.get("en")) in texts[chapter], rule.id
        assert squash(ruling.text.get("en")) in rulings, rule.id
        assert f'href="{chapter}.html#{rule.id}"' in rulings_html, rule.id
    for chapter in CHAPTERS:
        assert "Ruling: the library's interpretation" in texts[chapter], chapter


@pytest.mark.docs
def test_claim_page_reports_tests_and_proofs(built: Path, test_status_path: Path) -> None:
    page = (built / "claim.html").read_text(encoding="utf-8")
    status = rulebook.read_test_status(test_status_path)
    table = rulebook.tests_by_rule(ROOT / "tests", status)
    outcomes = {t.outcome for rule, runs in table.items() if rule.startswith("claim.") for t in runs}
    for outcome in outcomes & {"passed", "failed", "skipped"}:
        assert f"rules-status-{outcome}" in page
    report = rulebook.collect_proofs(run=False)
    if report.available:
        proofs = page_text(built / "proofs.html")
        for run in report.runs:
            assert run.name in proofs


CITING = DOCS / "citing"


def _citing_project(tmp_path: Path, *, intersphinx: str | None = None) -> Path:
    """The recipe's project (docs/citing/, shown on the intersphinx page), copied as it is."""
    src = tmp_path / "src"
    src.mkdir()
    conf = (CITING / "conf.py").read_text(encoding="utf-8")
    if intersphinx is not None:
        extra = (CITING / "intersphinx.py").read_text(encoding="utf-8")
        assert '"https://rules.example.invalid/", None)' in extra
        conf += extra.replace('"https://rules.example.invalid/", None)',
                              f'"https://rules.example.invalid/", {intersphinx!r})')
    (src / "conf.py").write_text(conf, encoding="utf-8")
    (src / "index.rst").write_text((CITING / "index.rst").read_text(encoding="utf-8"), encoding="utf-8")
    return src


def test_the_citing_recipe_builds_with_the_installed_spec_alone(tmp_path: Path) -> None:
    """No intersphinx, no network: every rule ID resolves from the installed spec."""
    src = _citing_project(tmp_path)
    result = sphinx_build_here(src, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    rule = SPEC["claim.follow-suit"]
    hovers = [html.unescape(t) for t in re.findall(r'<abbr title="([^"]*)"', page)]
    assert any(rule.text.get("en")[:40] in h and rule.text.get("cs")[:40] in h for h in hovers), hovers[:2]
    text = page_text(tmp_path / "out" / "index.html")
    assert "Doppelgangers are wild" in text and "leaders.rider" in text
    assert (tmp_path / "out" / "_static" / "rules.css").is_file() and "rules.css" in page

    # with the rulebook's address, the IDs link to their chapters
    result = sphinx_build_here(src, tmp_path / "linked", "-D", "rules_rulebook_url=https://rules.example.invalid/book")
    assert result.returncode == 0, result.stderr
    page = (tmp_path / "linked" / "index.html").read_text(encoding="utf-8")
    assert 'href="https://rules.example.invalid/book/claim.html#claim.follow-suit"' in page
    assert 'href="https://rules.example.invalid/book/leaders.html#leaders.rider"' in page

    # an ID the spec does not know fails the -W build, naming it
    (src / "index.rst").write_text("Other\n=====\n\nSee :rule:`claim.no-such-rule`.\n", encoding="utf-8")
    result = sphinx_build_here(src, tmp_path / "bad")
    assert result.returncode != 0 and "claim.no-such-rule" in result.stderr


DOWNSTREAM_PAGE = """Our house rules
===============

We play :rule:`claim.follow-suit` strictly.

.. rule:: claim.knights

.. rulebook:: leaders
"""


@pytest.mark.parametrize("published", [None, "https://rules.example.invalid/book"])
def test_a_downstream_project_shows_the_book_and_the_published_rulebook(tmp_path: Path, published: str | None) -> None:
    """A tiny project of someone else's renders rules (issue 18 §3): the source is the book
    and section, not the library's seed file; the tests and proofs columns point to the
    published rulebook instead of "tested by 0"; the build says nothing of proofs it never
    meant to hold; the hover text sets English and Czech apart."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('project = "house-rules"\nextensions = ["rules.sphinx"]\n', encoding="utf-8")
    (src / "index.rst").write_text(DOWNSTREAM_PAGE, encoding="utf-8")
    extra = ["-D", f"rules_rulebook_url={published}"] if published else []
    done = sphinx_build_here(src, tmp_path / "out", *extra, cwd=tmp_path, quiet=False)
    assert done.returncode == 0, done.stderr
    assert "proofs" not in (done.stdout + done.stderr).lower()
    text = page_text(tmp_path / "out" / "index.html")
    book = SPEC.book("claim")
    knights = SPEC["claim.knights"]
    assert f"Source: {book.title.get(book.language)} › {knights.source.section}" in text
    assert "seed file" not in text and knights.source.seed not in text
    assert "tested by 0" not in text and "no test cites this rule" not in text
    assert "proofs not available" not in text.lower() and "Proofs are not available" not in text
    assert "Implemented by" in text and "tests and proofs in the published rulebook" in text
    # the library's own examples are labelled as such (issue 18 §1)
    assert "The library's example · Příklad knihovny not in the book" in text
    raw = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    if published:
        assert raw.count(f'href="{published}/claim.html#claim.knights"') >= 2  # the tests and the theorems
    else:
        assert "the library's tests: see this rule in its published rulebook" in text
    rule = SPEC["claim.follow-suit"]
    hovers = [html.unescape(t) for t in re.findall(r'(?:<abbr|<a)[^>]+title="([^"]*)"', raw)]
    hover = next(h for h in hovers if h.startswith("claim.follow-suit | "))
    english, czech = hover.split(" | ")[1:]
    assert english.startswith(f"[en] {rule.title.get('en')} — ") and czech.startswith(f"[cs] {rule.title.get('cs')} — ")


@pytest.mark.docs
def test_the_citing_recipe_builds_through_intersphinx(built: Path, tmp_path: Path) -> None:
    src = _citing_project(tmp_path, intersphinx=str(built / "objects.inv"))
    result = sphinx_build_here(src, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert 'href="https://rules.example.invalid/claim.html#claim.follow-suit"' in page
    assert 'href="https://rules.example.invalid/claim.html#claim.doppelgangers"' in page
    titles = [html.unescape(t) for t in re.findall(r'<a[^>]+title="([^"]*)"', page)]
    assert any(SPEC["claim.follow-suit"].text.get("en")[:40] in t for t in titles), titles[:2]

    (src / "index.rst").write_text("Other\n=====\n\nSee :rule:`claim.no-such-rule`.\n", encoding="utf-8")
    result = sphinx_build_here(src, tmp_path / "out2")
    assert result.returncode != 0
    assert "claim.no-such-rule" in result.stderr


@pytest.mark.docs
def test_published_pages_show_real_results_and_stay_small(built: Path, test_status_path: Path) -> None:
    """The build reports the suite's outcomes (not "not run"), counts theorems per
    chapter (on the page About this rulebook, one summary per chapter in chapter order:
    decision record 0031), renders the decision records, and no page is megabytes of
    table values."""
    from rules.kernel.spec import load_spec

    about = (built / "about.html").read_text(encoding="utf-8")
    summaries = [html.unescape(re.sub(r"<[^>]+>", " ", m)) for m in
                 re.findall(r'<div class="rules-summary[^"]*"[^>]*>(.*?)</div>', about, re.S)]
    assert len(summaries) == len(rulebook.chapters())
    claim = " ".join(summaries[0].split())
    table = rulebook.tests_by_rule(ROOT / "tests", rulebook.read_test_status(test_status_path))
    ran = [t for r in CLAIM.rules for t in table.get(r.id, []) if t.outcome == "passed"]
    if ran:  # the whole suite ran before this test (a run of this file alone reports little)
        assert re.search(r"\d+ citing tests in the test run this build reports: \d+ passed", claim)
        assert (ROOT / "build" / "test-status.json").is_file()
    report = rulebook.collect_proofs(run=False)
    if report.available:
        for chapter, summary in zip(rulebook.chapters(), summaries, strict=True):
            ids = {r.id for r in chapter.rules}
            n = sum(1 for p in report.runs if ids & set(p.rules))
            text = " ".join(summary.split())
            assert (f"{n} theorem{'' if n == 1 else 's'} on the rules of this chapter" in text
                    or (n == 0 and "No theorem covers" in text)), chapter.key
    decisions = sorted((DOCS / "decisions").glob("[0-9]*.md"))
    for path in decisions:
        page = (built / "decisions" / f"{path.stem}.html").read_text(encoding="utf-8")
        assert "<h1>" in page and "language-markdown" not in page, path.name
    assert max(p.stat().st_size for p in built.rglob("*.html")) < 2_000_000
    assert not re.search(r"(?<!\d)1 (clarifications|rulings|examples|text repairs)", "".join(
        page_text(built / f"{c}.html") for c in (*CHAPTERS, "about")))
    hu = page_text(built / "claim2.html")
    assert "Text repair · Szövegjavítás" in hu and "Text repair · Text repair" not in hu
    assert len(load_spec().books) == len({b.game for b in load_spec().books})


# --------------------------------------------------------------------------- pieces (no build)


@pytest.mark.parametrize(("rule", "annotation"), TRICKS, ids=[f"{r.id}-{i}" for i, (r, _) in enumerate(TRICKS)])
def test_worked_trick_is_drawn_and_agrees_with_the_engine(rule, annotation) -> None:
    drawn = rulebook.draw(rule.game, annotation)
    assert drawn is not None
    assert drawn.problems == ()
    assert drawn.summary is not None
    assert drawn.summary.get("en") == {"leader": "the leader takes the trick",
                                       "follower": "the second player takes the trick"}[annotation.figure["winner"]]
    assert drawn.caption.languages == CLAIM.languages
    svg = ET.fromstring(drawn.svg)
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    texts = " ".join(t.text or "" for t in svg.iter("{http://www.w3.org/2000/svg}text"))
    for key in ("lead", "follow", "revealed"):
        if key in annotation.figure:
            faction, value = annotation.figure[key].split(":")
            assert faction.capitalize() in texts and value in texts
    assert "takes the trick" in texts
    assert not svg.findall(".//*[@id]"), "inline SVGs share a page: no ids"


def test_a_wrong_winner_is_reported() -> None:
    wrong = Annotation("example", Text.of(cs="x", en="x"), None,
                       {"phase": 2, "lead": "goblin:9", "follow": "knight:2", "winner": "leader"})
    drawn = rulebook.draw("claim", wrong)
    assert drawn is not None and drawn.summary is not None
    assert drawn.summary.get("en") == "the second player takes the trick"
    assert drawn.problems and "claim.knights" in drawn.problems[0]
    bad = Annotation("example", Text.of(cs="x", en="x"), None,
                     {"phase": 1, "lead": "goblin:9", "follow": "knight:2", "winner": "follower"})
    drawn = rulebook.draw("claim", bad)
    assert drawn is not None and drawn.problems and "revealed" in drawn.problems[0] and not drawn.svg


def test_every_game_object_draws_its_figures_through_the_kernel_protocol() -> None:
    """The generic code asks the game object (decision record 0015); every game
    whose book has figures offers :class:`rules.kernel.pictures.Pictures`."""
    from rules import games
    from rules.kernel.pictures import Picture, Pictures

    for book in SPEC.books:
        figures = [a.figure for r in book.rules for a in r.annotations if a.figure]
        if not figures:
            continue
        game = games.load(book.game)
        assert isinstance(game, Pictures), book.game
        picture = game.draw_figure(figures[0], book.languages)
        assert isinstance(picture, Picture) and "<svg" in picture.svg and not picture.problems
        assert picture.caption.languages == book.languages


def test_generic_rulebook_code_names_no_game_concept() -> None:
    """rules/rulebook.py and the Sphinx extension know no trick, leader or
    follower, and the kernel's annotation model has no game-specific key."""
    sources = [ROOT / "rules" / "rulebook.py", *sorted((ROOT / "rules" / "sphinx").glob("*.py"))]
    for path in sources:
        words = set(re.findall(r"[a-z]+", path.read_text(encoding="utf-8").lower()))
        assert not words & {"trick", "tricks", "leader", "follower"}, path.name
    assert {a.name for a in __import__("attrs").fields(Annotation)} == {"kind", "text", "source", "figure", "by_library"}


def test_every_chapter_declares_a_quick_reference_that_cites_real_rules() -> None:
    """Each chapter's book declares the quick reference that opens it (setup, the turn, the
    end; decision record 0031); each part cites the rules it sums up, the same ones in both
    languages, and every cited ID is a rule, so each becomes a link."""
    spec = load_spec()
    for chapter in rulebook.chapters():
        assert [q.key for q in chapter.quick] == ["setup", "turn", "end"], chapter.key
        for item in chapter.quick:
            cited = [re.findall(r"`([^`]+)`", item.text.get(lang)) for lang in chapter.book.languages]
            assert cited[0] and all(set(c) == set(cited[0]) for c in cited), (chapter.key, item.key, cited)
            assert all(rule_id in spec for rule_id in cited[0]), (chapter.key, item.key, cited[0])


@pytest.mark.docs
def test_the_rules_index_holds_every_rendered_rule_at_its_anchor(built: Path) -> None:
    """``_static/rules-index.js`` (the search of the rules, decision record 0031) lists every
    rule once, in book order, at the page and anchor that render it, with its texts."""
    text = (built / "_static" / "rules-index.js").read_text(encoding="utf-8")
    prefix = "var RULES_RECORDS = "
    assert text.startswith(prefix) and text.rstrip().endswith(";")
    records = json.loads(text[len(prefix):].rstrip().rstrip(";"))
    spec = load_spec()
    assert [r["id"] for r in records] == [r.id for r in spec.rules]
    pages: dict[str, str] = {}
    for record in records:
        page, _, anchor = record["url"].partition("#")
        assert anchor == record["id"]
        html_text = pages.setdefault(page, (built / page).read_text(encoding="utf-8"))
        assert f'id="{anchor}"' in html_text, record["url"]
        rule = spec[record["id"]]
        languages = spec.book(rule.game).languages
        assert record["text"][0] == " ".join(rule.text.get(languages[0]).split())
        assert rule.title.get(languages[-1]) in record["title"]


def test_annotation_labels_speak_every_book_language() -> None:
    """The labels are shown in the chapter's language: none may fall back to English
    (the Claim 2 chapter once showed "Text repair · Text repair")."""
    assert set(rulebook.languages()) == {b.language for b in SPEC.books} | {"en"}
    for kind, label in rulebook.ANNOTATION_LABELS.items():
        for lang in rulebook.languages():
            assert lang in label.languages, (kind, lang)
        for lang in rulebook.languages():
            if lang != "en":
                assert rulebook.label(kind, lang) != rulebook.label(kind, "en"), (kind, lang)


def test_chapters_come_from_the_registered_games_and_the_books() -> None:
    from rules import games

    found = {c.key: c for c in rulebook.chapters()}
    # a chapter is a registered game or a book (a book may come before its engine is registered)
    assert set(found) <= set(games.GAMES) | {b.game for b in SPEC.books}
    assert set(found) - {b.game for b in SPEC.books} <= set(games.GAMES)
    assert {b.game for b in SPEC.books} <= set(found)
    # the Claim 2 book also states the combinations: they form the claim-combined chapter
    assert found["claim-combined"].book.game == "claim2"
    assert found["claim-combined"].sections[0] == "combined"
    assert not set(found["claim-combined"].sections) & set(found["claim2"].sections)
    # every rule is in exactly one chapter
    ids = [r.id for c in found.values() for r in c.rules]
    assert sorted(ids) == sorted(r.id for r in SPEC.rules)


def test_test_status_is_summarised_per_citation(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_x.py").write_text(
        "import pytest\n\n@pytest.mark.rules('claim.follow-suit')\n"
        "@pytest.mark.parametrize('n', [1, 2])\ndef test_a(n):\n    pass\n\n"
        "@pytest.mark.rules('claim.lead')\nclass TestB:\n    def test_c(self):\n        pass\n",
        encoding="utf-8")
    status = {
        "tests/test_x.py::test_a[1]": {"outcome": "passed", "rules": ["claim.follow-suit"]},
        "tests/test_x.py::test_a[2]": {"outcome": "failed", "rules": ["claim.follow-suit"]},
        "tests/test_x.py::TestB::test_c": {"outcome": "skipped", "rules": ["claim.lead"]},
    }
    table = rulebook.tests_by_rule(tests, status)
    [a] = table["claim.follow-suit"]
    assert (a.outcome, a.detail) == ("failed", "1 passed, 1 failed")
    assert {t.outcome for t in table["claim.lead"]} == {"skipped"}
    unrun = rulebook.tests_by_rule(tests, None)
    assert {t.outcome for ts in unrun.values() for t in ts} == {rulebook.NOT_RUN}


def test_every_module_of_the_package_has_an_api_entry() -> None:
    """A module missing from ``docs/api/`` leaves its "Implemented by" links dangling."""
    documented = set()
    for page in (ROOT / "docs" / "api").glob("*.rst"):
        documented |= set(re.findall(r"^\.\. automodule:: (\S+)", page.read_text(encoding="utf-8"), re.M))
    internal = {"rules.__main__", "rules.schemas"}  # the ``python -m rules`` shim; JSON data only
    modules = {".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
               for p in (ROOT / "rules").rglob("*.py")}
    missing = sorted(m for m in modules - documented - internal if not m.startswith("rules.sphinx."))
    assert not missing, f"add these modules to a page of docs/api/: {missing}"
