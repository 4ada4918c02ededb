"""Finding and reading a rule on a phone and on a desktop (issue 20 §1-2, decision record 0031).

Headless Chromium at 390 and 1280 CSS px on the built site (the session's ``server`` of
tests/web/conftest.py), as a reader who has visited it before reads it (``revisit_page``,
decision record 0046: no test here pays for the first visit's keeping of the site): the
index of rules narrows its collapsed sections as one types, in any language and without
accents, and every page links it from its navigation; the search page lists the matching
rules first, each with its own text, accents optional, and a rule result lands on the rule
without a smooth scroll; no console error or warning on the way, and no "parent.getBBox"
error when a result opens a page with pictures; long chapters show their table of contents
at 1280 px; each chapter opens with its quick reference; annotation boxes keep their padding
and Furo's "Back to top" stays clear of the top of the page. Screenshots go to
build/screenshots/find-*.png.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

import pytest
from browser_helpers import SCREENSHOTS

from rules import rulebook
from rules.kernel.messages import language_name
from rules.kernel.spec import load_spec

WIDTHS = (390, 1280)
#: A query typed as a player would type it (no accents) and a rule it must find among the first
#: three (the first for a typed rule ID).
QUERIES = {
    "menavci": "claim.doppelgangers",  # Czech "měňavci" without its accents
    "barvu": "claim.follow-suit",  # a Czech word in its case ending
    "orias": "claim2.giants",  # Hungarian "óriás" without its accents
    "archer": "leaders.archer",
    "claim.follow-suit": "claim.follow-suit",  # a rule ID
}
RULE_ID = re.compile(r"^[a-z0-9-]+(\.[a-z0-9-]+)+$")


class Console:
    """Every console error and warning and every uncaught exception of a page."""

    def __init__(self, page: Any) -> None:
        self.problems: list[str] = []
        page.on("console", lambda m: self.problems.append(f"{m.type}: {m.text}")
                if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: self.problems.append(f"pageerror: {e}"))


def _open(revisit_page: Any, width: int, url: str) -> tuple[Any, Console]:
    page = revisit_page(width)
    console = Console(page)
    _visit(page, url)
    return page, console


def _visit(page: Any, url: str) -> None:
    """Open ``url`` in ``page`` and wait for its load. The tests that read several pages open them
    one after another in one tab, as a reader does: a new tab for each page costs the browser a new
    renderer process and about a quarter of a CPU-second more (decision 0053)."""
    page.goto(url)
    page.wait_for_load_state("load")


def _shot(page: Any, name: str, width: int) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"find-{name}-{width}.png"))


def _search(page: Any, base: str, query: str) -> None:
    page.goto(f"{base}search.html?q={quote(query)}")
    page.wait_for_selector("#rules-found")
    # Sphinx's own results come after ours, item by item: wait until it says it has finished
    page.wait_for_function("() => /Search finished|did not match/.test("
                           "(document.querySelector('#search-results .search-summary:not(#rules-found *)') || {})"
                           ".textContent || '')")


def _visible_entries(page: Any) -> list[str]:
    return page.evaluate("() => [...document.querySelectorAll('li.rules-index-entry')]"
                         ".filter(li => li.checkVisibility()).map(li => li.querySelector('code').textContent)")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_index_of_rules_narrows_its_collapsed_sections_as_you_type(revisit_page: Any, server: Any,
                                                                       width: int) -> None:
    page, console = _open(revisit_page, width, f"{server.url}rule-ruleindex.html")
    page.wait_for_function("() => document.querySelector('.rules-index-count').textContent !== ''")
    sections = page.locator("details.rules-index-section")
    assert sections.count() >= len(rulebook.chapters())
    assert page.evaluate("() => [...document.querySelectorAll('details.rules-index-section')].every(d => !d.open)")
    assert _visible_entries(page) == [], "the sections start collapsed"
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "nothing is cut at the right edge"
    first = page.locator("details.rules-index-section > summary").first.bounding_box()
    assert first is not None and first["y"] < 900, "the first section shows on the first screen"
    _shot(page, "index", width)

    box = page.locator("#rules-index-filter")
    for typed, wanted in [("menavci", "claim.doppelgangers"), ("orias", "claim2.giants"),
                          ("archer", "leaders.archer"), ("claim.follow", "claim.follow-suit"),
                          ("zakladni karty", "valeria.setup.starters")]:
        box.fill(typed)
        shown = _visible_entries(page)
        assert shown, f"{typed!r} finds no rule in the index"
        assert wanted in shown, f"{typed!r}: {wanted} not among {shown[:10]}"
        hidden = page.evaluate("() => document.querySelectorAll('li.rules-index-entry[hidden]').length")
        assert hidden > 0, f"{typed!r} narrows nothing"
        if typed == "menavci":
            _shot(page, "index-menavci", width)
    box.fill("")
    assert _visible_entries(page) == [], "an empty filter collapses the sections again"
    assert not console.problems, console.problems


@pytest.mark.parametrize("width", WIDTHS)
def test_every_page_links_the_index_of_rules_from_its_navigation(revisit_page: Any, server: Any, width: int) -> None:
    page = revisit_page(width)  # one tab, each page opened in it as a reader follows links (see _visit)
    console = Console(page)
    for name in ("index", "claim", "valeria", "search", "rulings", "about", "decisions/0001-rule-ids"):
        _visit(page, f"{server.url}{name}.html")
        link = page.locator(".sidebar-tree a[href$='rule-ruleindex.html']")
        assert link.count() == 1, f"{name}: no link to the index of rules in the navigation"
        if width == 390:  # in the drawer the menu button opens
            page.locator(".mobile-header label[for='__navigation']").click()
        link.click()
        page.wait_for_url("**/rule-ruleindex.html")
        assert not console.problems, (name, console.problems)


@pytest.mark.parametrize("width", WIDTHS)
def test_search_lists_the_matching_rules_first_with_their_text(revisit_page: Any, server: Any, width: int) -> None:
    page, console = _open(revisit_page, width, f"{server.url}index.html")
    ids = {r.id for r in load_spec().rules}
    for query, wanted in QUERIES.items():
        _search(page, server.url, query)
        results = page.evaluate("""() => [...document.querySelectorAll('#search-results li')].map(li => {
            const a = li.querySelector('a');
            return {kind: li.className, href: a ? a.getAttribute('href') : '', text: a ? a.textContent.trim() : '',
                    body: li.innerText, marks: li.querySelectorAll('mark').length}; })""")
        assert results and results[0]["kind"] == "kind-rule", f"{query!r}: the first result is no rule: {results[:3]}"
        top = [r["href"].rpartition("#")[2] for r in results[:3]]
        assert wanted in top, f"{query!r}: {wanted} is not among the first results {top}"
        if RULE_ID.match(query):
            assert results[0]["href"].endswith(f"#{query}") and results[0]["text"] == query, results[0]
        kinds = [r["kind"] == "kind-rule" for r in results]
        assert kinds == sorted(kinds, reverse=True), f"{query!r}: a page ranks above a rule"
        rules = [r for r in results if r["kind"] == "kind-rule"]
        assert all(r["marks"] > 0 and len(r["body"]) > len(r["text"]) + 40 for r in rules), \
            f"{query!r}: a rule result without its text and the words found in it"
        others = [r["href"] for r in results if r["kind"] != "kind-rule"]
        assert not [h for h in others if h.rpartition("#")[2] in ids], f"{query!r}: a rule listed twice"
        assert len(others) == len(set(others)), f"{query!r}: the same page listed twice: {others}"
        style = page.evaluate("""() => { const c = getComputedStyle(document.querySelector('a.rules-found-link code'));
            const l = getComputedStyle(document.querySelector('a.rules-found-link'));
            return {color: c.color, link: l.color, line: c.textDecorationLine}; }""")
        assert style["color"] == style["link"] and style["color"] != "rgb(0, 0, 0)", style
        assert style["line"] == "underline", style
        _shot(page, f"search-{query}", width)
    _search(page, server.url, "peasant")  # an English word of a Valeria rule
    first = page.locator("#rules-found li a").first.get_attribute("href") or ""
    assert "valeria.html#valeria." in first, first
    assert not console.problems, console.problems


@pytest.mark.parametrize("width", WIDTHS)
def test_a_rule_result_lands_on_the_rule_at_once(revisit_page: Any, server: Any, width: int) -> None:
    page, console = _open(revisit_page, width, f"{server.url}index.html")
    _search(page, server.url, "menavci")
    page.locator("#rules-found li a").first.click()
    page.wait_for_url("**/claim.html#claim.doppelgangers")
    page.wait_for_load_state("load")
    assert page.evaluate("getComputedStyle(document.documentElement).scrollBehavior") == "auto"
    header = page.evaluate("() => { const h = document.querySelector('header.mobile-header');"
                           " return h && getComputedStyle(h).display !== 'none' ? h.offsetHeight : 0; }")
    # no smooth scroll: the rule is at the top as soon as the page has loaded, and stays there
    tops = []
    for _ in range(3):
        tops.append(page.evaluate("document.getElementById('claim.doppelgangers').getBoundingClientRect().top"))
        page.wait_for_timeout(100)
    assert all(-2 <= t <= header + 64 for t in tops), f"claim.doppelgangers at y = {tops} (header {header})"
    page.wait_for_function("() => document.querySelectorAll('[role=main] .highlighted').length > 0")
    words = page.evaluate("() => [...document.querySelectorAll('[role=main] .highlighted')].map(e => e.textContent)")
    assert any("měňav" in w.lower() for w in words), f"the words found are highlighted as written: {words[:5]}"
    _shot(page, "landed", width)
    assert not console.problems, console.problems


@pytest.mark.parametrize("chapter", ["claim", "leaders"])
def test_a_result_opens_a_page_with_pictures_without_errors(revisit_page: Any, server: Any, chapter: str) -> None:
    """A word that also stands in an SVG picture's or icon's <title> ("leader"): Sphinx's
    highlighting used to throw "parent.getBBox is not a function" on these pages."""
    page, console = _open(revisit_page, 1280, f"{server.url}index.html")
    _search(page, server.url, "leader")
    link = page.locator(f"#search-results li a[href^='{chapter}.html']").first
    link.click()
    page.wait_for_url(f"**/{chapter}.html*")
    page.wait_for_load_state("load")
    page.wait_for_function("() => document.querySelectorAll('[role=main] .highlighted').length > 0")
    titles = page.evaluate("() => [...document.querySelectorAll('svg title')].filter(t => t.textContent"
                           ".toLowerCase().includes('leader')).length")
    assert titles > 0, "the page has an SVG title with the searched word (else this test proves nothing)"
    assert not console.problems, console.problems


@pytest.mark.parametrize("chapter", ["claim", "leaders", "valeria"])
def test_long_chapters_show_their_contents_at_1280_px(revisit_page: Any, server: Any, chapter: str) -> None:
    page, console = _open(revisit_page, 1280, f"{server.url}{chapter}.html")
    toc = page.locator(".toc-drawer")
    box = toc.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 1280, f"the contents are off-screen: {box}"
    links = page.locator(".toc-drawer a.reference:visible")
    assert links.count() > 10, "the contents list the chapter's sections and rules"
    content = page.locator("article[role=main]").bounding_box()
    assert content is not None and content["x"] + content["width"] <= box["x"] + 1, "the contents cover the text"
    _shot(page, f"toc-{chapter}", 1280)
    assert not console.problems, console.problems


@pytest.mark.parametrize("width", WIDTHS)
def test_each_chapter_opens_with_its_quick_reference(revisit_page: Any, server: Any, width: int) -> None:
    page = revisit_page(width)  # one tab for every chapter (see _visit)
    console = Console(page)
    for chapter in rulebook.chapters():
        _visit(page, f"{server.url}{chapter.key}.html")
        first = page.evaluate("""() => { const h1 = document.querySelector('article h1');
            const sec = h1.closest('section'); const next = [...sec.children].find(e => e !== h1);
            return next ? next.className : ''; }""")
        assert "rules-quick" in first, f"{chapter.key}: the chapter opens with {first!r}"
        quick = page.locator("div.rules-quick")
        parts = [p.get_attribute("class") or "" for p in quick.locator("div.rules-quick-part").all()]
        assert [re.search(r"rules-quick-(?!part)(\w+)", p).group(1) for p in parts] == [q.key for q in chapter.quick]  # type: ignore[union-attr]
        links = quick.locator("a.rules-ref:visible")
        assert links.count() >= 3, f"{chapter.key}: the quick reference links fewer than three rules"
        height = quick.bounding_box()["height"]
        screens = height / 844
        if width == 1280:
            assert screens <= 1.15, f"{chapter.key}: the quick reference is {height:.0f} px at 1280 px"
        else:
            assert page.locator("p.rules-quick-switch button").count() == 2
            # the switch names each language in itself ("čeština", "English"), not in English
            names = page.locator("p.rules-quick-switch button").all_inner_texts()
            assert names == [language_name(lang) for lang in chapter.book.languages], (chapter.key, names)
            assert screens <= 1.6, f"{chapter.key}: the quick reference is {height:.0f} px on a phone"
        text = page.evaluate("() => document.querySelector('div.rules-quick').innerText")
        assert "spec/" not in text and "decision record" not in text.lower()
        _shot(page, f"quick-{chapter.key}", width)
        assert not console.problems, (chapter.key, console.problems)
    _visit(page, f"{server.url}about.html")
    assert page.locator("div.rules-summary").count() == len(rulebook.chapters()), "About holds each chapter's counts"
    assert not console.problems, console.problems


def test_the_quick_reference_switches_language_on_a_phone(revisit_page: Any, server: Any) -> None:
    page, console = _open(revisit_page, 390, f"{server.url}claim2.html")
    visible = ("() => [...document.querySelectorAll('div.rules-quick div.rules-lang')]"
               ".filter(c => c.checkVisibility()).map(c => c.lang)")
    assert set(page.evaluate(visible)) == {"hu"}
    assert page.locator("p.rules-quick-switch button").all_inner_texts() == ["magyar", "English"]
    page.locator("p.rules-quick-switch button[lang=en]").click()
    assert set(page.evaluate(visible)) == {"en"}
    page.goto(f"{server.url}claim.html")  # the choice holds on the next chapter
    assert set(page.evaluate(visible)) == {"en"}
    page.set_viewport_size({"width": 1280, "height": 900})
    assert set(page.evaluate(visible)) == {"cs", "en"}, "a wide screen shows both languages"
    assert not console.problems, console.problems


@pytest.mark.parametrize("width", WIDTHS)
def test_boxes_keep_their_padding_and_back_to_top_keeps_clear(revisit_page: Any, server: Any, width: int) -> None:
    page, console = _open(revisit_page, width, f"{server.url}claim.html")
    padding = page.evaluate("""() => ['div.rules-annotation', 'div.rules-text', 'div.rules-quick'].map(s => {
        const c = getComputedStyle(document.querySelector(s));
        return [s, parseFloat(c.paddingLeft), parseFloat(c.paddingRight)]; })""")
    assert all(left >= 10 and right >= 10 for _, left, right in padding), padding
    # Furo shows "Back to top" while the reader scrolls up: put the panel at the top, then scroll up to it
    panel_y = page.evaluate("document.querySelector('section.rules-adjudicator').getBoundingClientRect().top + scrollY")
    page.evaluate("(y) => window.scrollTo(0, y + 600)", panel_y - 80)
    page.wait_for_timeout(200)
    page.evaluate("(y) => window.scrollTo(0, y)", panel_y - 80)
    page.wait_for_function("() => document.documentElement.classList.contains('show-back-to-top')")
    pill = page.locator(".back-to-top").bounding_box()
    panel = page.locator("section.rules-adjudicator").bounding_box()
    assert pill is not None and panel is not None
    assert pill["y"] > panel["y"] + 200 or pill["y"] + pill["height"] < panel["y"], \
        f"'Back to top' {pill} covers the top of the panel {panel}"
    assert pill["y"] + pill["height"] <= 900 and pill["x"] + pill["width"] <= width
    _shot(page, "back-to-top", width)
    assert not console.problems, console.problems
