"""The built rulebook in a real browser: headless Chromium through Playwright.

Every page at 1280 px and at 390 px (a phone): no console errors and no
failed requests; every picture has a size and no text outside its viewBox;
no page wider than the phone. Typing a rule ID in the search box puts that
rule first; the index of rules lists every normative rule; a rule link from
another page lands on the rule. Screenshots of the main pages at both widths
go to ``build/screenshots/`` (git-ignored) for a reviewer to look at. The pages
are read as the network serves them, without the service worker
(``NO_SERVICE_WORKER``; tests/web reads them through it).

The browser is the system's Chromium (tests/chromium.py: Debian's headless shell, which
``.ci/run`` installs); nothing is downloaded at run time. Under CI a missing browser
fails the suite; elsewhere these tests are skipped with the reason.
Decision record 0015.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chromium import CHROMIUM
from chromium import missing as browser_missing
from docs_build import ROOT, rulebook_folder
from serving import Server

from rules import rulebook
from rules.kernel.spec import load_spec

SCREENSHOTS = ROOT / "build" / "screenshots"
WIDTHS = {"desktop": 1280, "phone": 390}
#: The pages a reader starts from; their screenshots are kept.
MAIN_PAGES = ("index", "claim", "claim2", "claim-combined", "leaders", "valeria", "rulings", "proofs", "rule-ruleindex",
              "intersphinx", "decisions/0001-rule-ids", "search")
#: How long a page's requests may take to answer (a bound on a wait, not a measurement).
SETTLE_SECONDS = 60.0
#: The pages as the network serves them, without the service worker each page registers (decision
#: 0053): in a browser that has never seen the site, the first page's worker fetches and keeps all
#: of its files, then passes every request through itself and copies every answer into its cache,
#: and each later page's "keep the site" looks up all of the site's files again; this nearly doubled
#: what a page costs the browser (docs/performance.rst). The worker answers from the network while
#: there is one, so a page's requests, answers and errors are the same; the pages served through it
#: are checked on a device that has visited the site (tests/web/test_find_browser.py, the panels)
#: and with the network cut (tests/web/test_offline_browser.py).
NO_SERVICE_WORKER = "block"


pytestmark = pytest.mark.docs


@pytest.fixture(scope="module")
def site(rulebook_html: Path) -> Iterator[str]:
    """The built rulebook (``rulebook_html``, tests/conftest.py) served on 127.0.0.1 (no other network)."""
    missing = browser_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"browser tests cannot run under CI: {missing}")
        pytest.skip(f"browser tests skipped outside CI: {missing}")
    server = Server(rulebook_html)
    try:
        yield server.url.rstrip("/")
    finally:
        server.stop()


@pytest.fixture(scope="module")
def browser(site: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            yield b
        finally:
            b.close()


def _pages(site_root: Path) -> list[str]:
    """Every HTML page of the build, by path without ``.html`` (the viewcode listings excepted:
    they are source files shown as code, which scrolls in its own box)."""
    return sorted(p.relative_to(site_root).with_suffix("").as_posix() for p in site_root.rglob("*.html")
                  if not p.relative_to(site_root).as_posix().startswith(("_modules/", "_sources/")))


class Page:
    """A browser page that records console errors and failed requests, and the requests still
    on their way (:meth:`settle` waits for them)."""

    def __init__(self, browser: Any, width: int) -> None:
        self.page = browser.new_page(viewport={"width": width, "height": 900}, service_workers=NO_SERVICE_WORKER)
        self.problems: list[str] = []
        self.in_flight: set[Any] = set()
        self.page.on("request", lambda r: self.in_flight.add(r))
        self.page.on("requestfinished", lambda r: self.in_flight.discard(r))
        self.page.on("requestfailed", lambda r: self.in_flight.discard(r))
        self.page.on("console", lambda m: self.problems.append(f"console {m.type}: {m.text}")
                     if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        # a request the next page's navigation cut short (the browser's own favicon fetch, begun after
        # the page settled) is no failure of the page: net::ERR_ABORTED, as tests/web counts it
        self.page.on("requestfailed", lambda r: self.problems.append(f"request failed: {r.url} {r.failure}")
                     if r.failure != "net::ERR_ABORTED" else None)
        self.page.on("response", lambda r: self.problems.append(f"HTTP {r.status}: {r.url}")
                     if r.status >= 400 else None)

    def open(self, url: str) -> None:
        self.page.goto(url)  # returns at the load event: the page and everything its markup names
        self.settle()

    def settle(self) -> None:
        """Wait until every request the page made has answered or failed, those its scripts make
        after the load event included (the search index, a picture coming into view): the
        handlers above have then recorded every failure. Two animation frames first, so that
        what the load's layout starts (observers, timers of zero) has started. This waits for
        exactly what the test checks, where waiting for the network to be idle added half a
        second of silence to each of the rulebook's pages at each width (docs/performance.rst)."""
        self.page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
        deadline = time.monotonic() + SETTLE_SECONDS
        while self.in_flight:
            assert time.monotonic() < deadline, f"requests unanswered: {[r.url for r in self.in_flight][:10]}"
            self.page.wait_for_timeout(20)  # lets Playwright deliver the requests' events


#: For every picture in the page: its size and the texts that leave its viewBox.
_PICTURE_CHECK = """() => [...document.querySelectorAll('article svg[viewBox], article img[src$=".svg"]')].map(el => {
  const box = el.getBoundingClientRect();
  const where = el.closest('[id]') ? el.closest('[id]').id : '';
  const out = {where: where, width: box.width, height: box.height, outside: []};
  if (el.tagName.toLowerCase() !== 'svg') return out;
  const [vx, vy, vw, vh] = el.getAttribute('viewBox').split(/[ ,]+/).map(Number);
  for (const t of el.querySelectorAll('text')) {
    const b = t.getBBox();
    if (b.x < vx - 0.5 || b.y < vy - 0.5 || b.x + b.width > vx + vw + 0.5 || b.y + b.height > vy + vh + 0.5)
      out.outside.push(`${t.textContent} [${b.x.toFixed(0)}..${(b.x + b.width).toFixed(0)}] in ${vw}`);
  }
  return out;
})"""


#: The pages are read in two halves, a test each, so that two workers share them (decision 0061).
HALVES = ("even", "odd")


@pytest.mark.parametrize("half", HALVES)
def test_every_page_loads_cleanly_and_fits(browser: Any, site: str, half: str, tmp_path_factory: Any) -> None:
    """Each page is loaded once, at the desktop width, and read there; then the same page is laid
    out at the phone's width and read again. No script of the rulebook's (ours or Furo's) reads the
    width when the page loads, and the page's requests and errors are recorded at both widths, so
    this reads what loading the page on a phone would show, for half the page loads (decision 0061)."""
    root = rulebook_folder(tmp_path_factory)
    names = _pages(root)[HALVES.index(half)::2]
    page = Page(browser, WIDTHS["desktop"])
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    too_wide: list[str] = []
    pictures: list[str] = []
    drawn = dict.fromkeys(WIDTHS, 0)
    for name in names:
        page.page.set_viewport_size({"width": WIDTHS["desktop"], "height": 900})
        page.open(f"{site}/{name}.html")
        viewports = page.page.evaluate("document.querySelectorAll('meta[name=viewport]').length")
        if viewports != 1:
            too_wide.append(f"{name}: {viewports} viewport meta tags")
        for device, width in WIDTHS.items():
            if width != WIDTHS["desktop"]:
                page.page.set_viewport_size({"width": width, "height": 900})
                page.settle()  # what the new layout starts (a picture coming into view) has answered
            scroll = page.page.evaluate("document.documentElement.scrollWidth")
            if device == "phone" and scroll > width:
                too_wide.append(f"{name}: {scroll} px")
            for picture in page.page.evaluate(_PICTURE_CHECK):
                drawn[device] += 1
                if picture["width"] <= 0 or picture["height"] <= 0:
                    pictures.append(f"{name} at {width} px #{picture['where']}: rendered "
                                    f"{picture['width']}x{picture['height']}")
                for text in picture["outside"]:
                    pictures.append(f"{name} at {width} px #{picture['where']}: text outside the viewBox: {text}")
            if name in MAIN_PAGES:
                page.page.screenshot(path=str(SCREENSHOTS / f"{name.replace('/', '_')}-{width}.png"), full_page=False)
    assert not page.problems, page.problems[:20]
    assert not too_wide, f"pages wider than a {WIDTHS['phone']} px phone, or not made for one: {too_wide}"
    assert not pictures, pictures[:20]
    # the figures the spec draws on this half's pages: a chapter's page draws its rules' figures
    figures = sum(1 for c in rulebook.chapters() if c.key in names for r in c.rules for a in r.annotations if a.figure)
    assert all(count >= figures for count in drawn.values()), (drawn, figures)
    page.page.close()


@pytest.mark.parametrize("rule_id", ["claim.follow-suit", "leaders.nemesis.forced-move", "claim2.giants",
                                     "claim-combined.multiplayer.deal"])
def test_typing_a_rule_id_in_search_puts_that_rule_first(browser: Any, site: str, rule_id: str) -> None:
    page = Page(browser, WIDTHS["desktop"])
    page.open(f"{site}/index.html")
    box = page.page.locator("input[name='q']:visible").first
    box.fill(rule_id)
    box.press("Enter")
    page.page.wait_for_selector("#search-results li a, ul.search li a", timeout=30_000)
    page.page.wait_for_function("() => !document.querySelector('#search-progress') || "
                                "document.querySelector('#search-progress').textContent !== ''", timeout=30_000)
    first = page.page.locator("#search-results li a, ul.search li a").first
    href = first.get_attribute("href") or ""
    assert href.endswith(f"#{rule_id}"), f"first result for {rule_id}: {href} ({first.inner_text()})"
    assert first.inner_text().strip() == rule_id
    assert "Rules rule" not in page.page.inner_text("body")
    assert not page.problems, page.problems
    page.page.close()


def test_the_rule_index_lists_every_normative_rule(browser: Any, site: str) -> None:
    page = Page(browser, WIDTHS["phone"])
    page.open(f"{site}/rule-ruleindex.html")
    hrefs = page.page.eval_on_selector_all("article a[href]", "els => els.map(e => e.getAttribute('href'))")
    listed = {h.rpartition("#")[2] for h in hrefs}
    normative = [r.id for r in load_spec().rules if not r.informative]
    missing = [r for r in normative if r not in listed]
    assert not missing, f"the index of rules lacks {missing[:10]}"
    text = page.page.inner_text("article")
    for chapter in rulebook.chapters():
        assert chapter.book.title.get("en") in text
    assert page.page.evaluate("document.documentElement.scrollWidth") <= WIDTHS["phone"]
    assert not page.problems, page.problems
    page.page.close()


@pytest.mark.parametrize("device", WIDTHS)
def test_a_rule_link_from_another_page_lands_on_the_rule(browser: Any, site: str, device: str) -> None:
    page = Page(browser, WIDTHS[device])
    page.open(f"{site}/rulings.html")
    link = page.page.locator("article a.reference.internal[href*='leaders.html#']").first
    target = (link.get_attribute("href") or "").rpartition("#")[2]
    assert target
    assert link.get_attribute("title"), "a rule link shows the rule on hover"
    link.click()
    page.page.wait_for_url(f"**/leaders.html#{target}")
    page.settle()
    # the page may scroll smoothly: wait until the rule's heading stands still at the top
    page.page.wait_for_function(
        """(id) => { const el = document.getElementById(id); if (!el) return false;
             const top = Math.round(el.getBoundingClientRect().top);
             const still = window.__lastTop === top; window.__lastTop = top; return still; }""",
        arg=target, polling=200, timeout=15_000)
    top = page.page.evaluate("(id) => document.getElementById(id).getBoundingClientRect().top", target)
    header = page.page.evaluate("() => { const h = document.querySelector('header.mobile-header');"
                                " return h && getComputedStyle(h).display !== 'none' ? h.offsetHeight : 0; }")
    assert -2 <= top <= header + 64, f"{target} is at y = {top} after the jump"
    assert not page.problems, page.problems
    page.page.close()


def test_rule_links_look_like_links_in_light_and_dark(browser: Any, site: str) -> None:
    """A rule reference is coloured and underlined like a link (not bold black code), in
    both colour schemes; the rulebook's boxes follow the dark theme. Screenshots of the
    Claim 2 chapter in dark mode go with the others."""
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport={"width": WIDTHS["phone"], "height": 900}, color_scheme=scheme,
                                      service_workers=NO_SERVICE_WORKER)
        page = context.new_page()
        page.goto(f"{site}/claim2.html#claim2.giants")
        page.wait_for_load_state("networkidle")
        style = page.evaluate("""() => { const c = document.querySelector('article a.reference code.xref.rule');
            const s = getComputedStyle(c); const a = getComputedStyle(c.closest('a'));
            const box = getComputedStyle(document.querySelector('div.rules-text'));
            const body = getComputedStyle(document.body);
            return {color: s.color, link: a.color, weight: s.fontWeight, line: s.textDecorationLine,
                    box: box.backgroundColor, body: body.backgroundColor}; }""")
        assert style["line"] == "underline" and int(style["weight"]) < 600, style
        assert style["color"] == style["link"] and style["color"] not in ("rgb(0, 0, 0)", "rgb(29, 43, 54)"), style

        def luminance(rgb: str) -> float:
            r, g, b = (int(v) for v in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3])
            return 0.2126 * r + 0.7152 * g + 0.0722 * b

        dark_box, dark_page = luminance(style["box"]) < 100, luminance(style["body"]) < 100
        assert dark_box == dark_page == (scheme == "dark"), (scheme, style)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.wait_for_timeout(500)
        page.screenshot(path=str(SCREENSHOTS / f"claim2-{scheme}-{WIDTHS['phone']}.png"))
        context.close()
