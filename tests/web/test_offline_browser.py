"""The rulebook offline and installable, in a real browser (issue 20 §3; decision 0032):

- after one visit to the home page (the service worker keeps the site's file list,
  ``_adjudicator/offline.json``; a file the visit failed to keep is kept by the next page, and a
  page of a kept site is answered from its mark: decision 0057), every page of the site answers
  with the network cut,
  the Leaders chapter's pictures load, the search finds rules and draws its previews
  without an error, and a page that is not kept gets a styled page that says so and
  links home;
- the web app manifest is linked from every page, names the rulebook (not the
  package's version) and its icons are PNGs of the sizes it says.

At 390 and 1280 CSS px; screenshots go to build/screenshots/offline-*.png.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    LOAD_TIMEOUT_MS,
    SCREENSHOTS,
    Server,
    new_context,
    open_page,
    real_errors,
    wait_until_site_kept,
)

from rules.web.offline import FILE_LIST, MANIFEST, site_files

WIDTHS = (390, 1280)


def keep_site(page: Any, url: str) -> None:
    """Open ``url`` and wait until the service worker has kept every file of the site."""
    page.goto(url)
    wait_until_site_kept(page)


def shot(page: Any, name: str, width: int) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"offline-{name}-{width}.png"))


#: A page the first visit's pass fails to keep (its server answers 503), as a file cut off mid-way would.
CUT_OFF = "rulings.html"


def keeping_answer(page: Any) -> str:
    """What the service worker answered the page's request to keep the site: "kept" or "partly"."""
    page.wait_for_function("() => !!document.documentElement.dataset.adjudicatorOffline", timeout=LOAD_TIMEOUT_MS)
    return str(page.evaluate("() => document.documentElement.dataset.adjudicatorOffline"))


@pytest.fixture(scope="module")
def visited_then_offline(browser: Any, site: Path) -> Iterator[tuple[Any, str]]:
    """A fresh device that has opened the home page once, from a server of its own, and then lost the
    network (server stopped, browser offline): the context and the cut server's URL. The home page's
    pass keeps every file but one, whose server failed it (:data:`CUT_OFF`): it answers "partly" and
    leaves no mark; the next page's pass keeps that file too and answers "kept"; a third page is
    answered from the mark, without reading the site's file list again (decision 0057). The tests
    then check that every page, the one cut off too, is kept. One first visit serves both widths
    (decision 0050): what the service worker keeps does not depend on the width of the page that
    asked, and each width's test then reads the kept site in pages of its own."""
    context = new_context(browser)
    own = Server(site)  # a server of this module's own, to cut
    assert CUT_OFF in site_files(site)
    own.refused.add(CUT_OFF)
    first = open_page(context, 390)
    try:
        first.goto(own.url + "index.html")
        assert keeping_answer(first) == "partly", "a pass that missed a file must say the site is partly kept"
        own.refused.clear()
        asked = len(own.asked)
        keep_site(first, own.url + "claim.html")  # the next page completes the site
        assert CUT_OFF in own.asked[asked:], "the next page's pass must fetch the file the first one missed"
        asked = len(own.asked)
        keep_site(first, own.url + "leaders.html")  # a page of a kept site: the mark answers
        assert FILE_LIST not in own.asked[asked:], "a kept site's page must not read its file list again"
    finally:
        own.stop()
    assert not [e for e in real_errors(first) if not e.startswith("503:")], real_errors(first)
    context.set_offline(True)
    yield context, own.url
    context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_every_page_works_offline_after_one_visit(visited_then_offline: tuple[Any, str], site: Path,
                                                  width: int) -> None:
    context, url = visited_then_offline
    page = open_page(context, width)
    page.goto(url + "index.html")  # the home page itself, with no network
    assert page.evaluate("() => !!navigator.serviceWorker.controller"), "the service worker must serve the pages"
    pages = [name for name in site_files(site) if name.endswith(".html")]
    assert len(pages) > 20 and "index.html" in pages and "search.html" in pages
    # every page, fetched through the service worker: kept, whole (not the page that says it is missing)
    answers = page.evaluate("""async (pages) => Promise.all(pages.map(async (p) => {
        const r = await fetch(p); const text = await r.text();
        return [p, r.status, text.includes('rules-offline-missing')]; }))""", pages)
    bad = [a for a in answers if a[1] != 200 or a[2]]
    assert not bad, f"pages not kept for offline reading: {bad[:10]}"
    # the Leaders chapter with its pictures (the board), opened with no network
    page.goto(url + "leaders.html")
    images = page.evaluate("() => [...document.images].map((i) => [i.src, i.complete && i.naturalWidth > 0])")
    assert images and all(ok for _, ok in images), [src for src, ok in images if not ok]
    # the search: the index loads from the kept copy, results with their previews, no error
    page.goto(url + "search.html?q=knight")
    page.wait_for_function("() => document.querySelectorAll('#search-results li').length > 0", timeout=60_000)
    try:  # the previews are fetched after the list is drawn
        page.wait_for_function("() => document.querySelectorAll('#search-results li p.context').length > 0",
                               timeout=60_000)
    except Exception as exc:  # a timeout
        raise AssertionError("no search preview drawn offline") from exc
    shot(page, "search", width)
    # a page the site does not have: explained, styled, with the way home
    page.goto(url + "no-such-page.html")
    missing = page.locator("main.rules-offline-missing")
    assert missing.count() == 1 and "offline" in missing.inner_text().lower()
    assert page.evaluate("() => getComputedStyle(document.querySelector('a.home')).backgroundColor") != "rgba(0, 0, 0, 0)"
    shot(page, "missing", width)
    page.locator("a.home").click()
    page.wait_for_url("**/index.html")
    assert page.locator("h1").first.inner_text().strip()
    assert page.evaluate("() => !!navigator.serviceWorker.controller"), "the service worker must serve the pages"
    errors = [e for e in real_errors(page) if not e.startswith("503:")]  # the missing page's own status
    assert not errors, errors


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("width", WIDTHS)
def test_the_rulebook_is_installable(new_page_without_service_worker: Any, server: Server, site: Path,
                                    width: int) -> None:
    """A web app manifest, linked from every page (the home page and a chapter), with the
    rulebook's own name, a start page that exists and PNG icons of the sizes it declares. What the
    service worker keeps is the other test's subject: these pages are read without it."""
    conf = (Path(__file__).resolve().parents[2] / "docs" / "conf.py").read_text(encoding="utf-8")
    page = new_page_without_service_worker(width)
    for path in ("index.html", "claim.html", "api/kernel.html"):
        page.goto(server.url + path)
        href = page.evaluate("() => document.querySelector('link[rel=manifest]').href")
        assert href == server.url + MANIFEST, (path, href)
    title = page.title()
    assert "rules 0." not in title, title
    manifest = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["name"] in title and manifest["name"] in conf
    assert manifest["display"] == "standalone" and len(manifest["short_name"]) <= 12
    assert (site / manifest["start_url"]).is_file()
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        response = page.request.get(server.url + icon["src"])
        assert response.ok and response.headers["content-type"] == "image/png"
        assert "x".join(map(str, png_size(response.body()))) == icon["sizes"]
    assert not real_errors(page), real_errors(page)
