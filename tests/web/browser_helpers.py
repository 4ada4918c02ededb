"""Helpers of the browser tests (tests/web): the site's server (tests/serving.py), the panel's start, screenshots
(docs/decisions/0017-in-page-adjudicator.md)."""

from __future__ import annotations

import json
import math
import re
import shutil
import time
from pathlib import Path
from typing import Any

import attrs
from chromium import CHROMIUM as CHROMIUM  # the tests of tests/web import it from here (tests/chromium.py)
from serving import Server as Server  # the tests of tests/web import it from here

from rules.web.offline import FILE_LIST

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "build" / "screenshots"
#: Loading Pyodide on a loaded 2-core machine takes seconds; this bounds a wait, it measures nothing.
LOAD_TIMEOUT_MS = 180_000


class Watch:
    """A page's console errors, page errors and failed requests (a test asserts there are none)."""

    def __init__(self, page: Any) -> None:
        self.errors: list[str] = []
        self.log: list[str] = []  # every console message and request failure, for failure reports
        page.on("console", lambda m: self.log.append(f"{m.type}: {m.text}"))
        page.on("requestfailed", lambda r: self.log.append(f"failed: {r.url} {r.failure}"))
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        # a failed load is reported by the "response" handler below, with its URL (the favicon a theme
        # may lack is not the panel's); every other console error counts
        page.on("console", lambda m: self.errors.append(f"console: {m.text}")
                if m.type == "error" and not m.text.startswith("Failed to load resource") else None)
        page.on("requestfailed", lambda r: self.errors.append(f"failed: {r.url} {r.failure}"))
        page.on("response", lambda r: self.errors.append(f"{r.status}: {r.url}")
                if r.status >= 400 and not r.url.endswith("favicon.ico") else None)


def real_errors(page: Any) -> list[str]:
    """The page's errors less the requests a navigation cut short (a page left while its panel's
    engine, started when it came into view, still fetched: net::ERR_ABORTED is not a failure)."""
    return [e for e in page.watch.errors if not e.endswith("net::ERR_ABORTED")]


def new_context(browser: Any, service_workers: str = "allow") -> Any:
    """A fresh browser context as the panel tests use it: a desktop viewport, service workers
    allowed (the panel keeps itself for offline use) unless ``service_workers`` is "block", a minute
    per wait."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers=service_workers)
    context.set_default_timeout(60_000)
    return context


#: Whether the device keeps both parts of the engine (the worker's cache of its own; decision 0042).
KEPT = """async () => { const cache = await caches.open('rules-engine-snapshot');
  const names = (await cache.keys()).map((r) => r.url.split('/').pop());
  return names.some((n) => n.endsWith('-memory.bin')) && names.some((n) => n.endsWith('-files.bin')); }"""


def until(page: Any, check: str) -> None:
    """Poll the asynchronous ``check`` until it is true (``wait_for_function`` would take its Promise for true)."""
    end = time.monotonic() + LOAD_TIMEOUT_MS / 1000
    while not page.evaluate(check):
        assert time.monotonic() < end, f"never true: {check}"
        page.wait_for_timeout(100)


def started(page: Any) -> str:
    """How the page's engine started: "fresh" or "snapshot" (decision 0042)."""
    return str(page.evaluate("() => document.documentElement.dataset.adjudicatorStart"))


def open_device(chromium: Any, profile: Path) -> Any:
    """A browser context on the Chromium profile folder ``profile``, as :func:`new_context` makes one:
    what a device keeps (the site's cache, the kept engine) stays in the folder."""
    context = chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=["--disable-gpu"],
                                                 viewport={"width": 1280, "height": 900}, service_workers="allow")
    context.set_default_timeout(60_000)
    return context


#: Every text the panel's status line shows while its engine starts, kept in ``window.__statuses``
#: (each of the worker's messages is a task of its own, so each text is seen).
_STATUS_RECORDER = """window.__statuses = []; new MutationObserver(() => {
    const s = document.querySelector('section.rules-adjudicator .ra-status');
    if (s && s.textContent !== window.__statuses.at(-1)) window.__statuses.push(s.textContent);
  }).observe(document, {subtree: true, childList: true, characterData: true});"""


@attrs.frozen
class EngineStart:
    """What a page showed while its panel's engine started afresh (decision 0032): the panel's state
    a second after the load, before it came into view (``before_view``); the engine's files the
    page's own thread fetched (``fetched_by_page``); whether Pyodide was loaded into the page; the
    status line's texts; the page's errors once the engine was ready."""

    before_view: str | None
    fetched_by_page: list[str]
    pyodide_in_page: bool
    statuses: list[str]
    errors: list[str]


def watch_engine_start(page: Any, url: str, picture_path: Path) -> EngineStart:
    """Open ``url`` (a long chapter, its panel far below the fold) in ``page``, a page of a device
    that has never started the engine; wait a second, jump to the panel (not the theme's smooth
    scroll: the frames of a scroll still under way are the reader's scroll, not the engine's
    start) and wait until the engine is ready; a picture of the panel goes to ``picture_path``."""
    page.add_init_script(_STATUS_RECORDER)
    page.goto(url)
    page.wait_for_load_state("load")
    panel = page.locator("section.rules-adjudicator").first
    page.wait_for_timeout(1000)
    before_view = panel.get_attribute("data-state")
    panel.evaluate("(p) => p.scrollIntoView({behavior: 'instant', block: 'start'})")
    page.wait_for_function("() => document.querySelector('section.rules-adjudicator').dataset.state === 'ready'",
                           timeout=LOAD_TIMEOUT_MS)
    # a worker has its own resource timeline: what it fetched is not listed here
    fetched = page.evaluate("() => performance.getEntriesByType('resource').map((e) => e.name)")
    start = EngineStart(before_view=before_view,
                        fetched_by_page=[n for n in fetched if "pyodide.asm" in n or n.endswith(".whl")],
                        pyodide_in_page=page.evaluate("() => typeof window.loadPyodide !== 'undefined'"),
                        statuses=page.evaluate("() => window.__statuses"), errors=real_errors(page))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    picture(page, panel, picture_path)
    return start


@attrs.frozen
class Visit:
    """A device's first visit to a site: its profile folder (the template each module's device
    copies) and how the engine started on it, at :data:`FIRST_VISIT_WIDTH` px."""

    profile: Path
    start: EngineStart


#: The width of the first visit that makes the visited device.
FIRST_VISIT_WIDTH = 1280


def keep_a_visit(chromium: Any, url: str, chapter: str, profile: Path) -> Visit:
    """A profile that has visited the site at ``url`` once: a long chapter (``chapter``) opened, its
    panel's engine started afresh as it came into view (:func:`watch_engine_start`, whose record a
    test of that start reads) and kept (decision 0042), the site kept for offline reading (decision
    0032)."""
    context = open_device(chromium, profile)
    try:
        page = open_page(context, FIRST_VISIT_WIDTH)
        start = watch_engine_start(page, url + chapter,
                                   SCREENSHOTS / f"thumb-progress-ready-cs-{FIRST_VISIT_WIDTH}.png")
        assert started(page) == "fresh"
        until(page, KEPT)
        wait_until_site_kept(page)
    finally:
        context.close()
    return Visit(profile, start)


def first_visit_to(playwright: Any, server: Server, visits: dict[str, Visit], tmp_path_factory: Any) -> Visit:
    """The first visit of a device to ``server``'s site (:func:`keep_a_visit`), made on first use
    and kept in ``visits``."""
    visit = visits.get(server.url)
    if visit is None:
        visit = keep_a_visit(playwright.chromium, server.url, chapter_of(server.root, "valeria"),
                             tmp_path_factory.mktemp("visited") / "profile")
        visits[server.url] = visit
    return visit


def visited_device(playwright: Any, server: Server, visits: dict[str, Visit],
                   tmp_path_factory: Any) -> tuple[Any, Path]:
    """A browser context on a copy of the profile of a device that has visited ``server``'s site
    once (:func:`first_visit_to`), and the copy's folder."""
    visit = first_visit_to(playwright, server, visits, tmp_path_factory)
    profile = tmp_path_factory.mktemp("device") / "profile"
    shutil.copytree(visit.profile, profile, symlinks=True, ignore=shutil.ignore_patterns("Singleton*"))
    return open_device(playwright.chromium, profile), profile


def local_storage(context: Any, url: str) -> dict[str, str]:
    """The ``localStorage`` of ``url``'s origin on the device ``context``."""
    origin = url.rstrip("/")
    return {item["name"]: item["value"] for entry in context.storage_state()["origins"]
            if entry["origin"] == origin for item in entry["localStorage"]}


def restore_local_storage(context: Any, url: str, kept: dict[str, str]) -> None:
    """Put the ``localStorage`` of ``url``'s origin back to ``kept`` (a test changed it), through a
    page of the origin that runs no script (the site's file list)."""
    if local_storage(context, url) == kept:
        return
    page = context.new_page()
    try:
        page.goto(url + FILE_LIST)
        page.evaluate("(kept) => { localStorage.clear(); for (const [k, v] of Object.entries(kept)) "
                      "localStorage.setItem(k, v); }", kept)
    finally:
        page.close()
    assert local_storage(context, url) == kept, "the device's localStorage could not be put back"


def open_page(context: Any, width: int) -> Any:
    """A page of ``context`` at ``width`` CSS px whose ``watch`` records its errors."""
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    page.watch = Watch(page)
    return page


def wait_until_site_kept(page: Any) -> None:
    """Wait until the service worker has kept every file of the site for offline reading (decision 0032)."""
    page.wait_for_function("() => document.documentElement.dataset.adjudicatorOffline === 'kept'",
                           timeout=LOAD_TIMEOUT_MS)


def start_panel(page: Any, selector: str = "section.rules-adjudicator") -> Any:
    """Start the page's panel (if it did not start itself) and wait until the runtime is ready."""
    panel = page.locator(selector).first
    panel.scroll_into_view_if_needed()
    start = panel.locator("button.ra-start")
    if panel.get_attribute("data-state") is None and start.is_visible():
        # the panel starts itself when it comes into view (decision 0032): a tap that comes as it starts
        # must not wait for a button that has just been disabled or hidden
        start.dispatch_event("click")
    log = getattr(getattr(page, "watch", None), "log", [])
    try:
        page.wait_for_function(
            "(s) => ['ready', 'failed'].includes(document.querySelector(s).dataset.state)", arg=selector,
            timeout=LOAD_TIMEOUT_MS)
    except Exception as exc:  # a timeout: say where the load stopped
        html = page.evaluate("(s) => { const p = document.querySelector(s); return p ? p.outerHTML : null; }",
                             selector)
        raise AssertionError(f"the panel did not load: {(html or '')[:600]!r}; {log[-20:]}") from exc
    state = panel.get_attribute("data-state")
    assert state == "ready", (panel.locator(".ra-status").inner_text(), log[-20:])
    return panel


#: The height of the theme's header that stays at the top of a phone's screen (0 where it is hidden).
_STICKY_HEADER = ("() => { const h = document.querySelector('header.mobile-header');"
                  " return h && getComputedStyle(h).display !== 'none' ? Math.ceil(h.offsetHeight) : 0; }")


def picture(page: Any, element: Any, path: Path) -> None:
    """A screenshot of ``element`` alone, into ``path``, for review. The page is scrolled (a jump) so
    that the element's top sits just under Furo's sticky header, which would otherwise be drawn over
    it, and the viewport is made tall enough for the whole element while the picture is taken (then
    put back): a picture of the viewport. A screenshot of the whole page clipped to the element
    gives the same picture, but lays out and paints the whole page at its full height, which on a
    long chapter cost about 2 CPU-s a picture (docs/performance.rst, decision 0053)."""
    viewport = page.viewport_size
    header = page.evaluate(_STICKY_HEADER)
    box = element.evaluate("(e) => { const r = e.getBoundingClientRect(); return {y: r.top + window.scrollY, "
                           "height: r.height}; }")
    tall = max(viewport["height"], header + math.ceil(box["height"]) + 2)
    if tall != viewport["height"]:
        page.set_viewport_size({"width": viewport["width"], "height": tall})
    try:
        page.evaluate("(y) => window.scrollTo({top: y, behavior: 'instant'})", max(0.0, box["y"] - header - 1))
        clip = element.evaluate("(e) => { const r = e.getBoundingClientRect(); "
                                "return {x: r.left, y: r.top, width: r.width, height: r.height}; }")
        # the theme's "Back to top" pill, which a scroll may show over the page, is no part of the element
        page.screenshot(path=str(path), clip=clip, style=".back-to-top { visibility: hidden !important; }")
    finally:
        if tall != viewport["height"]:
            page.set_viewport_size(viewport)


def screenshot(panel: Any, page: Any, name: str) -> None:
    """The panel at 390 and at 1280 CSS px, into build/screenshots/ (for review, not committed)."""
    text = panel.inner_text()
    leak = re.search(r"\b(null|undefined|NaN|\[object Object\])\b", text)
    assert not leak, f"{name}: a JavaScript value leaks into the panel: {leak.group(0) if leak else ''} in {text}"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(150)  # let the layout settle after the resize
        picture(page, panel, SCREENSHOTS / f"adjudicator-{name}-{width}.png")
        box = panel.bounding_box()
        inner = panel.evaluate("(p) => p.scrollWidth - p.clientWidth")
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, \
            f"{name}: the panel spills out of a {width} px viewport: {box}"
        assert inner <= 1, f"{name}: the panel's content is {inner} px wider than the panel at {width} px"


# ---------------------------------------------------------------- driving the panels (decision 0017)

def chapter_of(site: Path, game: str) -> str:
    """The page that holds the panel of ``game`` (from the site's own list: chapters may be renamed)."""
    pages = json.loads((site / "_adjudicator" / "pages.json").read_text(encoding="utf-8"))
    (docname,) = [d for d, kind in pages["panels"].items() if kind == game]
    return f"{docname}.html"


def verdict(page: Any, box: str) -> dict[str, Any]:
    """The verdict shown in the result box ``box``: its status, cited rules, JSON and text."""
    result = page.locator(box)
    return {"status": result.get_attribute("data-status"), "rules": (result.get_attribute("data-rules") or "").split(),
            "json": json.loads(result.get_attribute("data-json") or "null"), "text": result.inner_text()}


def wait_verdict(page: Any, box: str, previous: str | None = None) -> dict[str, Any]:
    """Wait for a verdict in ``box`` other than ``previous`` (the JSON shown before), and read it."""
    page.wait_for_function("([s, prev]) => { const b = document.querySelector(s); "
                           "return b && b.dataset.status && b.dataset.json !== prev; }", arg=[box, previous])
    return verdict(page, box)


def tap(panel: Any, selector: str, times: int = 1) -> None:
    for _ in range(times):
        panel.locator(selector).click()


def tap_card(panel: Any, card: str) -> None:
    panel.locator(f"button.ra-card[data-card='{card}']").click()


def tap_cell(panel: Any, q: int, r: int) -> None:
    panel.locator(f"g.ra-cell[data-cell='{q},{r}']").click()


def follow_verdict(page: Any, panel: Any, lead: str, played: str, hand: list[str]) -> dict[str, Any]:
    """A Claim panel's verdict on a follow: ``played`` on ``lead`` with ``hand`` left, tapped card by card."""
    panel.locator("button.ra-clear").click()
    tap_card(panel, lead)
    tap_card(panel, played)  # the slots advance: led card, follower's card, then the hand
    for card in hand:
        tap_card(panel, card)
    box = "section.rules-adjudicator .ra-pane-follow .ra-result"
    # each tap asks the engine (in its worker) anew: wait for the answer to the last tap
    page.wait_for_function("(s) => { const b = document.querySelector(s); "
                           "return !!b.dataset.status && b.dataset.answered === b.dataset.asked; }", arg=box)
    return verdict(page, box)
