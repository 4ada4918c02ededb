"""The engine kept on the device, and the panels offline, in a real browser (issue 20 §3-4;
decisions 0032, 0042).

The first visit starts Python and keeps a memory snapshot of the engine and the wheels'
files, and the service worker keeps the whole site; a revisit, offline, restores the engine
instead of starting Python again, and that engine judges as the CLI does: a whole record, and
a game whose modules, rule texts and panel words were not loaded when the snapshot was taken
(Leaders). With the network cut, the service worker serves the pages, the runtime and the
wheels, and every game's panel judges. A kept engine that cannot be restored (damaged) is
dropped: the panel starts afresh and keeps a new one.

The two offline tests observe one first visit (``first_visit``, decision 0053): what the
first visit keeps does not depend on which of them reads it, each opens its own pages, and
neither changes what the device keeps.
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
    KEPT,
    ROOT,
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
)

from rules.web.build import WORKER_SCRIPT

RECORD = ROOT / "examples" / "claim" / "disputed-knight.json"
BOX = "section.rules-adjudicator .ra-pane-record .ra-result"


def judge_record(page: Any, panel: Any) -> dict[str, Any]:
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
    """A phone's first visit to adjudicate.html, then the network lost: the device (``context``,
    offline), the visit's ``page``, the cut server's ``url``, how the engine ``start``-ed and its
    verdict on :data:`RECORD` (``judged``)."""

    context: Any
    page: Any
    url: str
    start: str
    judged: dict[str, Any]


@pytest.fixture(scope="module")
def first_visit(browser: Any, site: Path) -> Iterator[FirstVisit]:
    """A fresh device's first visit, from a server of its own: the panel started (Python's own
    start), judged the record, kept its engine (decision 0042) and the site (decision 0032); then
    the server is stopped and the browser set offline. The visit's page errors are checked here."""
    context = new_context(browser)
    own = Server(site)  # a server of this module's own, to cut
    try:
        page = open_page(context, 390)
        page.goto(own.url + "adjudicate.html")
        panel = start_panel(page)
        start = started(page)
        judged = judge_record(page, panel)
        until(page, KEPT)
        wait_until_site_kept(page)
    finally:
        own.stop()
    assert not real_errors(page), real_errors(page)
    context.set_offline(True)
    yield FirstVisit(context, page, own.url, start, judged)
    context.close()


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


def test_a_kept_engine_that_cannot_be_restored_is_replaced(new_page: Any, server: Server, site: Path) -> None:
    build = re.search(r'const BUILD = "([0-9a-f]+)";', (site / WORKER_SCRIPT).read_text(encoding="utf-8"))
    assert build, "the build names itself in the worker script (rules.web.build.mark_runtime_bundled)"
    page = new_page(390)
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
