"""The engine's start, the engine kept on the device, and the panels offline, in a real
browser (issue 20 §3-4; decisions 0032, 0042):

- the engine starts in a Web Worker when the panel comes into view: the page itself
  never loads Pyodide or a wheel (so its thread has none of their long tasks to run), and
  the worker's progress is said in the panel's language; how long the page's tasks are
  while it starts is a figure of the machine, measured by benchmarks/web.py and reported
  in docs/performance.rst, not a bound a test can hold on a loaded machine;
- the first visit starts Python and keeps a memory snapshot of the engine and the wheels'
  files, and the service worker keeps the whole site; a revisit, offline, restores the
  engine instead of starting Python again, and that engine judges as the CLI does: a whole
  record, and a game whose modules, rule texts and panel words were not loaded when the
  snapshot was taken (Leaders);
- with the network cut, the service worker serves the pages, the runtime and the wheels,
  and every game's panel judges;
- a kept engine that cannot be restored (damaged) is dropped: the panel starts afresh and
  keeps a new one.

Python's start afresh costs seconds of CPU, so the tests observe the first visits there are
(decision 0053): the 390 px start, the kept engine and the offline panels one first visit
of a phone (``first_visit``), the 1280 px start the first visit that made the visited
device (tests/web/conftest.py). What a first visit keeps does not depend on which test
reads it; each test opens its own pages, and none changes what the device keeps.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from browser_helpers import (
    FIRST_VISIT_WIDTH,
    KEPT,
    ROOT,
    SCREENSHOTS,
    EngineStart,
    Server,
    chapter_of,
    follow_verdict,
    new_context,
    open_page,
    real_errors,
    start_panel,
    started,
    tap,
    tap_cell,
    until,
    verdict,
    wait_until_site_kept,
    wait_verdict,
    watch_engine_start,
)

from rules.web.build import WORKER_SCRIPT

RECORD = ROOT / "examples" / "claim" / "disputed-knight.json"
BOX = "section.rules-adjudicator .ra-pane-record .ra-result"


def judge_record(page: Any, panel: Any) -> dict[str, Any]:
    """The panel's verdict on :data:`RECORD`, pasted into its record pane (a tab of a chapter's panel),
    in English, the language of ``rules adjudicate`` (a chapter's panel speaks its book's first)."""
    tab = panel.locator("button.ra-tab[data-pane='record']")
    if tab.count():
        tab.click()
    panel.locator("select.ra-lang-select").select_option("en")
    page.evaluate("(s) => { const b = document.querySelector(s); if (b) delete b.dataset.status; }", BOX)
    panel.locator("textarea.ra-record").fill(RECORD.read_text(encoding="utf-8"))
    panel.locator("button.ra-go").click()
    page.wait_for_function("(s) => { const b = document.querySelector(s); return b && b.dataset.status; }", arg=BOX)
    box = page.locator(BOX)
    return {"status": box.get_attribute("data-status"), "rules": box.get_attribute("data-rules"),
            "json": json.loads(box.get_attribute("data-json") or "null"),
            "steps": panel.locator(".ra-stepper .ra-step-head").inner_text()}


@attrs.frozen
class FirstVisit:
    """A phone's first visit to the Valeria chapter, then the network lost: the device (``context``,
    offline), the visit's ``page``, the cut server's ``url``, what the page showed while its engine
    started (``engine``), how it started and its verdict on :data:`RECORD` (``judged``)."""

    context: Any
    page: Any
    url: str
    engine: EngineStart
    start: str
    judged: dict[str, Any]


@pytest.fixture(scope="module")
def first_visit(browser: Any, site: Path) -> Iterator[FirstVisit]:
    """A fresh device's first visit at 390 px, from a server of its own: the Valeria chapter opened,
    its panel's engine started as it came into view (Python's own start, watched), the record judged
    in its record pane, the engine kept (decision 0042) and the site (decision 0032); then the
    server is stopped and the browser set offline. The visit's page errors are checked here."""
    context = new_context(browser)
    own = Server(site)  # a server of this module's own, to cut
    try:
        page = open_page(context, 390)
        engine = watch_engine_start(page, own.url + chapter_of(site, "valeria"),
                                    SCREENSHOTS / "thumb-progress-ready-cs-390.png")
        start = started(page)
        judged = judge_record(page, start_panel(page))
        until(page, KEPT)
        wait_until_site_kept(page)
    finally:
        own.stop()
    assert not real_errors(page), real_errors(page)
    context.set_offline(True)
    yield FirstVisit(context, page, own.url, engine, start, judged)
    context.close()


@pytest.mark.parametrize("width", [390, FIRST_VISIT_WIDTH])
def test_the_engine_starts_off_the_page_thread(request: pytest.FixtureRequest, width: int) -> None:
    """The panel starts by itself once scrolled into view (no tap), and Python starts in a Web
    Worker: the page's thread fetches the worker's script, never Pyodide or a wheel. Each width's
    start is a fresh device's first, on the Valeria chapter (a long chapter, its panel far below
    the fold; :func:`browser_helpers.watch_engine_start`): at 390 px the module's ``first_visit``,
    at 1280 px the first visit that made the visited device."""
    if width == FIRST_VISIT_WIDTH:
        start = request.getfixturevalue("visit_of_the_visited_device").start
    else:
        start = request.getfixturevalue("first_visit").engine
    assert start.before_view is None, "the engine must wait until its panel is in view"
    # the engine is ready, yet the page's own thread never fetched Pyodide's runtime or a wheel:
    # they were fetched and run elsewhere (a worker has its own resource timeline)
    assert not start.fetched_by_page, f"the page fetched the engine itself: {start.fetched_by_page}"
    assert not start.pyodide_in_page, "Pyodide must not load in the page"
    # Czech is the chapter's first language: the engine's progress spoke Czech at each stage, never English
    said = " | ".join(start.statuses)
    for czech in ("Čtu seznam souborů", "Spouštím Python", "Instaluji ", "Načítám pravidla", "Připraveno"):
        assert czech in said, f"{czech!r} not among {start.statuses}"
    for english in ("Reading the manifest", "Starting Python", "Installing", "Importing the rules", "Ready"):
        assert english not in said, f"{english!r} among {start.statuses}"
    assert not start.errors, start.errors


def test_a_revisit_offline_restores_the_kept_engine_which_judges_as_the_cli(first_visit: FirstVisit) -> None:
    assert first_visit.start == "fresh"
    page = first_visit.page
    page.reload()
    panel = start_panel(page)
    assert started(page) == "snapshot", "a revisit must restore the engine kept by the first visit"
    again = judge_record(page, panel)
    assert again == first_visit.judged
    cli = json.loads(subprocess.run([sys.executable, "-m", "rules", "adjudicate", "--json", str(RECORD)],
                                    capture_output=True, text=True, cwd=ROOT, timeout=300).stdout)
    for key in ("legal", "finished", "illegal", "result", "actions"):
        assert again["json"][key] == cli[key], key
    # a game the snapshot had not imported: its modules, rule texts and panel words come from the kept files
    page.goto(first_visit.url + "leaders.html")
    panel = start_panel(page)
    assert started(page) == "snapshot"
    tap_cell(panel, 0, 0)
    panel.locator("select.ra-ability").select_option("rider")
    tap_cell(panel, -2, 0)
    panel.locator("button.ra-judge").click()
    board = "section.rules-adjudicator .ra-pane-board .ra-result"
    page.wait_for_function("(s) => { const b = document.querySelector(s); return b && b.dataset.status; }", arg=board)
    assert page.locator(board).get_attribute("data-status") == "illegal"
    assert page.locator(board).get_attribute("data-rules") == "leaders.jailer"
    assert not real_errors(page), real_errors(page)


def test_the_panel_works_offline_after_the_first_load(first_visit: FirstVisit, site: Path) -> None:
    """After one load, with the server stopped *and* the browser offline: the service worker
    serves the page, the runtime and the wheels, and the panels still judge: a record, a
    Claim follow, a Leaders action and a Valeria payment, each with its rule."""
    url = first_visit.url
    page = open_page(first_visit.context, 390)
    page.goto(url + "adjudicate.html")
    panel = start_panel(page)  # started by itself: the runtime was ready on this device before
    assert page.evaluate("() => !!navigator.serviceWorker.controller"), "the service worker must serve the page"
    panel.locator("textarea.ra-record").fill(RECORD.read_text(encoding="utf-8"))
    panel.locator("button.ra-go").click()
    got = wait_verdict(page, BOX)
    assert got["status"] == "illegal" and "claim.knights.follow-suit" in got["rules"]
    # a chapter kept for offline use: its panel judges a follow
    page.goto(url + "claim.html")  # never opened before: kept because it holds a panel
    panel = start_panel(page)
    assert page.evaluate("() => !!navigator.serviceWorker.controller")
    got = follow_verdict(page, panel, "goblin:3", "doppelganger:5", ["goblin:1"])
    assert got["status"] == "legal"
    # a cited rule's link leads to its place in a kept chapter
    page.locator(".ra-result a.ra-rule-id:text-is('claim.doppelgangers')").click()
    page.wait_for_url("**/claim.html#claim.doppelgangers")
    assert page.locator("[id='claim.doppelgangers']").count() == 1
    # the Leaders chapter, kept too: the README's disputed position, the Rider blocked by the Jailer
    page.goto(url + "leaders.html")
    panel = start_panel(page)
    tap_cell(panel, 0, 0)
    panel.locator("select.ra-ability").select_option("rider")
    tap_cell(panel, -2, 0)
    panel.locator("button.ra-judge").click()
    got = wait_verdict(page, "section.rules-adjudicator .ra-pane-board .ra-result")
    assert got["status"] == "illegal" and got["rules"] == ["leaders.jailer"]
    # and the Valeria chapter: an Archer paid with magic only is refused, the rule cited
    page.goto(url + chapter_of(site, "valeria"))
    panel = start_panel(page)
    panel.locator("button.ra-tab[data-pane='payment']").click()
    box = "section.rules-adjudicator .ra-pane-payment .ra-result"
    panel.locator("select.ra-pay-card").select_option("archer")
    tap(panel, ".ra-pay-magic button.ra-plus", 4)
    panel.locator("button.ra-pay-go").click()
    page.wait_for_function("(s) => document.querySelector(s).dataset.status === 'illegal'", arg=box)
    assert "valeria.recruit.magic" in verdict(page, box)["rules"]
    assert page.evaluate("() => !!navigator.serviceWorker.controller")
    page.close()


def test_a_kept_engine_that_cannot_be_restored_is_replaced(new_page_without_service_worker: Any, server: Server,
                                                           site: Path) -> None:
    """A damaged kept engine is dropped, the engine started afresh and kept anew, and the next load
    restores it. The engine is kept in the page worker's own cache, not the service worker's: the
    pages are read without the service worker, which on this fresh device would otherwise fetch
    and keep the whole site while Python starts (decision 0057)."""
    build = re.search(r'const BUILD = "([0-9a-f]+)";', (site / WORKER_SCRIPT).read_text(encoding="utf-8"))
    assert build, "the build names itself in the worker script (rules.web.build.mark_runtime_bundled)"
    page = new_page_without_service_worker(390)
    page.goto(server.url + "index.html")  # the worker's cache, before any engine started on this device
    base = server.url + "_adjudicator/"
    page.evaluate("""async ([base, build]) => { const cache = await caches.open('rules-engine-snapshot');
        for (const part of ['memory', 'files'])
          await cache.put(`${base}engine-${build}-${part}.bin`, new Response(new Uint8Array(64).fill(7))); }""",
                  [base, build.group(1)])
    page.goto(server.url + "adjudicate.html")
    panel = start_panel(page)
    assert started(page) == "fresh"
    assert judge_record(page, panel)["status"] == "illegal"
    until(page, """async () => { const cache = await caches.open('rules-engine-snapshot');
        const kept = await Promise.all((await cache.keys()).map(async (r) => (await cache.match(r)).arrayBuffer()));
        return kept.length === 2 && kept.every((b) => b.byteLength > 1e5); }""")
    page.reload()
    start_panel(page)
    assert started(page) == "snapshot"
    assert not real_errors(page), real_errors(page)
