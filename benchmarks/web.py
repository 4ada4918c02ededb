"""The in-page adjudicator's speed in Chromium: cold load, load from the offline cache, verdicts.

    python benchmarks/web.py [--site docs/_build/site] [--throttle 1 4] [--repeat 3] [--json]

Serves a site built by ``python -m rules.web.build`` (built first into a temporary
folder when ``--site`` is not given) from 127.0.0.1 and drives Debian's Chromium
(``/usr/bin/chromium``) with Playwright (docs/decisions/0017-in-page-adjudicator.md).
For each CPU throttling rate (``Emulation.setCPUThrottlingRate`` through the
Chrome DevTools Protocol; 4 is a phone-class CPU) and each of ``--repeat`` runs:

- **cold load**: a fresh browser profile opens ``adjudicate.html``; seconds from
  navigation until the panel's runtime is ready (Pyodide, the wheels installed,
  ``rules`` imported): the first visit, everything downloaded over loopback;
- **cached load**: the page reloaded after the service worker kept everything
  (what a player sees at the table, offline);
- the **longest task of the page's own thread** from the engine's start until it
  is ready (the engine runs in a Web Worker: decision 0032);
- where each load's time went: the page's stage marks (page to manifest,
  Pyodide's start, installing the wheels, importing ``rules``);
- **verdicts**: seconds from the tap to the drawn verdict, for the disputed Claim
  record asked the moment the panel is ready (and the seconds from navigation to
  that first verdict), a whole Claim game (52 actions, replayed twice: JSON and explanation), a Claim
  follow tapped in the Claim chapter, a Leaders action and, when the site has
  the Valeria panel, a roll and a payment tapped in the Valeria chapter.

Reports the minimum (the run least disturbed by other processes) and the median of
each figure over the runs.
Network transfer is loopback: on a phone the first load also waits for about
14 MB to download; the cached load does not.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from report import emit, machine  # benchmarks/report.py, beside this script

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "web"))
from browser_helpers import CHROMIUM, Server

READY = "() => document.querySelector('section.rules-adjudicator').dataset.state === 'ready'"
#: Every page records its long tasks (over 50 ms on its own thread) from its first moment.
LONG_TASKS = """window.__longTasks = []; new PerformanceObserver((list) => { for (const e of list.getEntries())
  window.__longTasks.push([e.startTime, e.duration]); }).observe({type: "longtask", buffered: true});"""


def _ready(page: Any) -> None:
    """Bring the page's panel into view (it starts its engine then, decision 0032) and wait until it is ready."""
    panel = page.locator("section.rules-adjudicator").first
    if panel.get_attribute("data-state") is None:  # not started yet (a site before 0032 may start by itself)
        panel.scroll_into_view_if_needed()
    page.wait_for_function(READY, timeout=600_000)


def _longest_task(page: Any) -> float:
    """Seconds of the longest task of the page's own thread from the engine's start until it was ready
    (a site built before decision 0032 marks neither: from the navigation until now)."""
    return page.evaluate("""() => { const [s, r] = ['rules-engine-start', 'rules-engine-ready'].map(
        (n, i) => (performance.getEntriesByName(n)[0] || {startTime: i ? performance.now() : 0}).startTime);
        return Math.max(0, ...window.__longTasks.filter(([t]) => t >= s && t <= r).map(([, d]) => d)) / 1000; }""")


def _stages(page: Any, load: str) -> dict[str, float]:
    """Where a load's time went: the page's own marks (seconds since navigation at each stage's end)."""
    marks = json.loads(page.evaluate("() => document.documentElement.dataset.adjudicatorStages || '{}'"))
    out, previous = {}, 0.0
    for name in ("manifest", "pyodide", "wheels", "import"):
        if name in marks:
            out[f"  {load}: {name}"] = marks[name] - previous
            previous = marks[name]
    return out


def _verdict(page: Any, box: str, act: Any) -> float:
    page.evaluate("(s) => { const b = document.querySelector(s); if (b) delete b.dataset.status; }", box)
    start = time.perf_counter()
    act()
    page.wait_for_function("(s) => { const b = document.querySelector(s); return b && b.dataset.status; }",
                           arg=box, timeout=600_000)
    return time.perf_counter() - start


def _throttled(context: Any, page: Any, rate: float, goto: str | None = None) -> None:
    """Open ``goto`` (or reload), throttle the page's CPU by ``rate`` (a new document needs it
    anew) and wait for its panel to be ready."""
    if goto is None:
        page.reload()
    else:
        page.goto(goto)
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
    _ready(page)


def one_run(browser: Any, url: str, rate: float, valeria: bool = False) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="allow")
    context.add_init_script(LONG_TASKS)
    context.set_default_timeout(600_000)  # a site before 0032 blocks the page's thread while Python starts
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    out: dict[str, float] = {}
    start = time.perf_counter()
    page.goto(url + "adjudicate.html")
    _ready(page)
    out["cold load"] = time.perf_counter() - start
    out.update(_stages(page, "cold"))
    out["  cold: longest task of the page while the engine starts"] = _longest_task(page)
    box = "section.rules-adjudicator .ra-pane-record .ra-result"
    record = page.locator("textarea.ra-record")
    # the first verdict asked for the moment the panel is ready (nothing kept or warmed before it)
    record.fill((ROOT / "examples/claim/disputed-knight.json").read_text(encoding="utf-8"))
    out["disputed Claim record, asked at once"] = _verdict(page, box, lambda: page.locator("button.ra-go").click())
    out["first verdict from navigation"] = time.perf_counter() - start
    page.wait_for_function("() => document.documentElement.dataset.adjudicatorOffline === 'kept'", timeout=600_000)
    record.fill((ROOT / "examples/claim/full-game.json").read_text(encoding="utf-8"))
    out["whole Claim game (52 actions)"] = _verdict(page, box, lambda: page.locator("button.ra-go").click())
    start = time.perf_counter()
    _throttled(context, page, rate)
    out["cached load (service worker)"] = time.perf_counter() - start
    out.update(_stages(page, "cached"))
    out["  cached: longest task of the page while the engine starts"] = _longest_task(page)
    _throttled(context, page, rate, url + "claim.html")
    panel = page.locator("section.rules-adjudicator")
    panel.locator("button[data-card='goblin:3']").click()
    panel.locator("button[data-card='knight:5']").click()
    out["Claim follow (tap to verdict)"] = _verdict(
        page, "section.rules-adjudicator .ra-pane-follow .ra-result",
        lambda: panel.locator("button[data-card='goblin:1']").click())
    _throttled(context, page, rate, url + "leaders.html")
    panel = page.locator("section.rules-adjudicator")
    panel.locator("g.ra-cell[data-cell='0,0']").click()
    panel.locator("select.ra-ability").select_option("rider")
    panel.locator("g.ra-cell[data-cell='-2,0']").click()
    out["Leaders action"] = _verdict(page, "section.rules-adjudicator .ra-pane-board .ra-result",
                                     lambda: panel.locator("button.ra-judge").click())
    if valeria:
        _throttled(context, page, rate, url + "valeria.html")
        panel = page.locator("section.rules-adjudicator")
        panel.locator("button.ra-die[data-die='0'][data-value='4']").click()
        out["Valeria roll (tap to what activates)"] = _verdict(
            page, "section.rules-adjudicator .ra-pane-roll .ra-result",
            lambda: panel.locator("button.ra-die[data-die='1'][data-value='4']").click())
        panel.locator("button.ra-tab[data-pane='payment']").click()
        page.wait_for_function("() => !!document.querySelector('.ra-pane-payment .ra-result').dataset.status")
        out["Valeria payment (tap to verdict)"] = _verdict(
            page, "section.rules-adjudicator .ra-pane-payment .ra-result",
            lambda: panel.locator(".ra-pay-gold button.ra-plus").click())
    context.close()
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--site", type=Path, default=None, help="a site built by python -m rules.web.build")
    p.add_argument("--throttle", type=float, nargs="+", default=[1.0, 4.0], help="CPU throttling rates")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            from rules.web.build import build

            site = Path(tmp) / "site"
            build(site)
        panels = json.loads((site / "_adjudicator" / "pages.json").read_text(encoding="utf-8"))["panels"]
        valeria = "valeria" in panels.values()  # a site built before the Valeria panel has none
        server = Server(site)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM)
                report: dict[str, Any] = {"unit": "seconds: min / median of the runs", "runs": args.repeat}
                for rate in args.throttle:
                    runs = [one_run(browser, server.url, rate, valeria) for _ in range(args.repeat)]
                    report[f"CPU throttled {rate:g}x"] = {
                        k: f"{min(r[k] for r in runs):.2f} / {statistics.median(r[k] for r in runs):.2f}"
                        for k in runs[0]}
                report["chromium"] = browser.version
                browser.close()
        finally:
            server.stop()
    report.update(machine())
    emit(report, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
