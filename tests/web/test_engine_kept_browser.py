"""The engine kept on the device, in a real browser (issue 20 §4; decision 0042).

The first visit starts Python and keeps a memory snapshot of the engine and the wheels'
files; a revisit, offline, restores them instead of starting Python again, and that engine
judges as the CLI does: a whole record, and a game whose modules, rule texts and panel words
were not loaded when the snapshot was taken (Leaders). A kept engine that cannot be restored
(damaged) is dropped: the panel starts afresh and keeps a new one.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from browser_helpers import KEPT, ROOT, Server, real_errors, start_panel, started, until, wait_until_site_kept

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


def test_a_revisit_offline_restores_the_kept_engine_which_judges_as_the_cli(new_page: Any, site: Path) -> None:
    own = Server(site)  # a server of this test's own, to cut
    try:
        page = new_page(390)
        page.goto(own.url + "adjudicate.html")
        panel = start_panel(page)
        assert started(page) == "fresh"
        first = judge_record(page, panel)
        until(page, KEPT)
        wait_until_site_kept(page)
    finally:
        own.stop()
    new_page.context.set_offline(True)
    page.reload()
    panel = start_panel(page)
    assert started(page) == "snapshot", "a revisit must restore the engine kept by the first visit"
    again = judge_record(page, panel)
    assert again == first
    cli = json.loads(subprocess.run([sys.executable, "-m", "rules", "adjudicate", "--json", str(RECORD)],
                                    capture_output=True, text=True, cwd=ROOT, timeout=300).stdout)
    for key in ("legal", "finished", "illegal", "result", "actions"):
        assert again["json"][key] == cli[key], key
    # a game the snapshot had not imported: its modules, rule texts and panel words come from the kept files
    page.goto(own.url + "leaders.html")
    panel = start_panel(page)
    assert started(page) == "snapshot"
    panel.locator("g.ra-cell[data-cell='0,0']").click()
    panel.locator("select.ra-ability").select_option("rider")
    panel.locator("g.ra-cell[data-cell='-2,0']").click()
    panel.locator("button.ra-judge").click()
    board = "section.rules-adjudicator .ra-pane-board .ra-result"
    page.wait_for_function("(s) => { const b = document.querySelector(s); return b && b.dataset.status; }", arg=board)
    assert page.locator(board).get_attribute("data-status") == "illegal"
    assert page.locator(board).get_attribute("data-rules") == "leaders.jailer"
    assert not real_errors(page), real_errors(page)


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
