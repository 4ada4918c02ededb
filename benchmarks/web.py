"""The in-page adjudicator's speed in Chromium: cold load, load from the offline cache, verdicts.

    python benchmarks/web.py [--site docs/_build/site] [--throttle 1 4] [--repeat 3] [--json]

Serves a site built by ``python -m rules.web.build`` (built first into a temporary
folder when ``--site`` is not given) from 127.0.0.1 and drives Debian's Chromium
(tests/chromium.py: the headless shell) with Playwright (docs/decisions/0017-in-page-adjudicator.md).
For each CPU throttling rate (4 is a phone-class CPU) and each of ``--repeat`` runs:

- **cold load**: a fresh browser profile opens ``adjudicate.html``; seconds from
  navigation until the panel's runtime is ready (Pyodide, the wheels installed,
  ``rules`` imported): the first visit, everything downloaded over loopback;
- **cached load**: the page reloaded after the service worker kept everything
  (what a player sees at the table, offline);
- the **longest task of the page's own thread** from the engine's start until it
  is ready (the engine runs in a Web Worker: decision 0032);
- where each load's time went: the page's stage marks (Pyodide's module
  imported, the kept engine read, the manifest read, Pyodide's start or restore,
  installing the wheels, importing ``rules``, taking the snapshot a first visit keeps) and whether the engine was restored
  from the memory snapshot an earlier visit kept (decision 0042; a cached load should be);
- **verdicts**: seconds from the tap to the drawn verdict, for the disputed Claim
  record asked the moment the panel is ready (and the seconds from navigation to
  that first verdict), a whole Claim game (52 actions, replayed twice: JSON and explanation), a Claim
  follow tapped in the Claim chapter, a Leaders action and, when the site has
  the Valeria panel, a roll and a payment tapped in the Valeria chapter.

- a **CPU loop in a Web Worker** (a fixed count of integer steps): the check that
  the throttling rate reaches the worker, where the engine runs.

How the CPU is throttled: the Chrome DevTools Protocol's
``Emulation.setCPUThrottlingRate`` slows the page's own thread only, and a worker
target refuses it ("Operation is only supported for pages, not workers", Chromium
156), so since decision 0032 it would leave the engine at full speed. Instead
:class:`RendererThrottle` throttles the browser's renderer processes from outside,
as a CPU ``rate`` times slower would run them: every 10 ms it reads how long each
renderer thread wanted the CPU (``/proc/PID/task/TID/schedstat``: the time it ran
and the time it waited in the run queue while other processes had the CPU, so that
a machine busy with other work stretches the throttled run as it does the
unthrottled one) and, for the most any one thread wanted, stops the process
(``SIGSTOP``) ``rate - 1`` times as long, then lets it go on (``SIGCONT``). Every
thread of the page, the engine's worker and the service worker is slowed alike.
The calibration loop's ratio (4x against 1x) is the rate that applied: quote it
with the figures.

Reports the minimum (the run least disturbed by other processes) and the median of
each figure over the runs.
Network transfer is loopback: on a phone the first load also waits for about
14 MB to download; the cached load does not.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from report import emit, machine  # benchmarks/report.py, beside this script

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "web")]  # browser_helpers imports tests/chromium.py
from browser_helpers import CHROMIUM, Server

READY = "() => document.querySelector('section.rules-adjudicator').dataset.state === 'ready'"
#: Every page records its long tasks (over 50 ms on its own thread) from its first moment.
LONG_TASKS = """window.__longTasks = []; new PerformanceObserver((list) => { for (const e of list.getEntries())
  window.__longTasks.push([e.startTime, e.duration]); }).observe({type: "longtask", buffered: true});"""


#: Whether the device keeps the engine a first visit started (decision 0042): a site before it keeps none.
ENGINE_KEPT = """async () => { if (!/const BUILD = "[0-9a-f]+"/.test(await (await fetch('_static/adjudicator-worker.js')).text()))
  return true; const names = (await (await caches.open('rules-engine-snapshot')).keys()).map((r) => r.url);
  return names.some((n) => n.endsWith('-files.bin')); }"""


#: A fixed amount of CPU work in a Web Worker (made from a Blob): milliseconds it took, in the worker.
CPU_LOOP = """() => new Promise((resolve) => {
  const code = "let x = 0; const t = performance.now(); for (let i = 0; i < 1e8; i++) { x = (x + i * 7) % 1000003; }" +
               " postMessage(performance.now() - t);";
  const worker = new Worker(URL.createObjectURL(new Blob([code], {type: "text/javascript"})));
  worker.onmessage = (event) => { worker.terminate(); resolve(event.data); };
})"""


def _descendants(root: int) -> dict[int, str]:
    """The processes below ``root`` (pid: command line), from /proc."""
    parents: dict[int, int] = {}
    lines: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as f:
                parents[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                lines[int(entry)] = f.read().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, ValueError, IndexError):
            continue
    below: dict[int, str] = {}
    frontier = [root]
    while frontier:
        parent = frontier.pop()
        for pid, ppid in parents.items():
            if ppid == parent and pid not in below:
                below[pid] = lines.get(pid, "")
                frontier.append(pid)
    return below


def _thread_seconds(pid: int) -> dict[int, float]:
    """Seconds each thread of ``pid`` has wanted the CPU: run on it, or waited for it in the run
    queue while other processes had it (the scheduler's own counts, in nanoseconds)."""
    out: dict[int, float] = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat", encoding="utf-8") as f:
                running, waiting = f.read().split()[:2]
                out[int(tid)] = (int(running) + int(waiting)) / 1e9
        except (OSError, ValueError, IndexError):
            continue
    return out


class RendererThrottle:
    """Run the browser's renderer processes as a CPU ``rate`` times slower would: for the time
    the busiest thread wanted the CPU, stop them ``rate - 1`` times as long (see the module's text).
    A context manager; the processes always run on when it ends. Linux only (/proc)."""

    def __init__(self, browser_pid: int, rate: float, every: float = 0.01) -> None:
        self.browser_pid, self.rate, self.every = browser_pid, rate, every
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.pids: list[int] = []

    def _renderers(self) -> list[int]:
        return [pid for pid, line in _descendants(self.browser_pid).items() if "--type=renderer" in line]

    def _signal(self, pids: list[int], sig: int) -> None:
        for pid in pids:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass

    def _loop(self) -> None:
        last: dict[int, dict[int, float]] = {}
        rescan = 0.0
        while not self.stopping.is_set():
            if time.monotonic() >= rescan:  # a new page may have a new renderer
                self.pids, rescan = self._renderers(), time.monotonic() + 0.25
            time.sleep(self.every)
            busiest = 0.0
            for pid in self.pids:
                now = _thread_seconds(pid)
                before = last.get(pid, now)
                busiest = max(busiest, *(now[t] - before.get(t, now[t]) for t in now), 0.0)
                last[pid] = now
            if busiest > 0:
                stopped = list(self.pids)
                self._signal(stopped, signal.SIGSTOP)
                try:
                    time.sleep(busiest * (self.rate - 1))
                finally:
                    self._signal(stopped, signal.SIGCONT)

    def __enter__(self) -> RendererThrottle:
        if self.rate > 1:
            self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopping.set()
        if self.thread.is_alive():
            self.thread.join()
        self._signal(self._renderers(), signal.SIGCONT)


def _until(page: Any, check: str, seconds: float = 600) -> None:
    """Poll the asynchronous ``check`` until it is true (``wait_for_function`` takes its Promise for true)."""
    end = time.monotonic() + seconds
    while not page.evaluate(check):
        if time.monotonic() > end:
            raise TimeoutError(f"not true after {seconds} s: {check}")
        time.sleep(0.1)


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
    """Where a load's time went: the page's own marks (seconds since navigation at each stage's end),
    as the seconds since the stage that ended before it (the manifest's fetch and Pyodide's start run
    side by side: the later of the two counts from the earlier)."""
    marks = json.loads(page.evaluate("() => document.documentElement.dataset.adjudicatorStages || '{}'"))
    out: dict[str, float] = {}
    # the key order of the report; "kept": the memory snapshot taken after the first start (decision 0042)
    order = ("module", "snapshot", "manifest", "pyodide", "wheels", "import", "kept")
    for i, name in enumerate(order):
        if name in marks:  # a stage that ended with another (no wheel unpacked after a restore) took no time
            before = [marks[n] for j, n in enumerate(order) if n in marks and (marks[n] < marks[name] or
                                                                              (marks[n] == marks[name] and j < i))]
            out[f"  {load}: {name}"] = marks[name] - max([0.0, *before])
    # 1 when the engine was restored from the memory snapshot of an earlier visit (decision 0042)
    restored = page.evaluate("() => document.documentElement.dataset.adjudicatorStart === 'snapshot'")
    out[f"  {load}: restored from a snapshot"] = float(restored)
    return out


def _verdict(page: Any, box: str, act: Any) -> float:
    page.evaluate("(s) => { const b = document.querySelector(s); if (b) delete b.dataset.status; }", box)
    start = time.perf_counter()
    act()
    page.wait_for_function("(s) => { const b = document.querySelector(s); return b && b.dataset.status; }",
                           arg=box, timeout=600_000)
    return time.perf_counter() - start


def _open(page: Any, goto: str | None = None) -> None:
    """Open ``goto`` (or reload) and wait for its panel to be ready."""
    if goto is None:
        page.reload()
    else:
        page.goto(goto)
    _ready(page)


def browser_pid(browser: Any) -> int:
    """The browser process's id, as the browser itself reports it."""
    info = browser.new_browser_cdp_session().send("SystemInfo.getProcessInfo")["processInfo"]
    return int(next(p["id"] for p in info if p["type"] == "browser"))


def one_run(browser: Any, url: str, rate: float, valeria: bool = False) -> dict[str, float]:
    with RendererThrottle(browser_pid(browser), rate):
        return _one_run(browser, url, valeria)


def _one_run(browser: Any, url: str, valeria: bool) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="allow")
    context.add_init_script(LONG_TASKS)
    context.set_default_timeout(600_000)  # a site before 0032 blocks the page's thread while Python starts
    page = context.new_page()
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
    # a revisit comes later than this: the first visit keeps its engine once the panel is idle (decision 0042)
    _until(page, ENGINE_KEPT)
    start = time.perf_counter()
    _open(page)
    out["cached load (service worker)"] = time.perf_counter() - start
    out.update(_stages(page, "cached"))
    out["  cached: longest task of the page while the engine starts"] = _longest_task(page)
    _open(page, url + "claim.html")
    panel = page.locator("section.rules-adjudicator")
    panel.locator("button[data-card='goblin:3']").click()
    panel.locator("button[data-card='knight:5']").click()
    out["Claim follow (tap to verdict)"] = _verdict(
        page, "section.rules-adjudicator .ra-pane-follow .ra-result",
        lambda: panel.locator("button[data-card='goblin:1']").click())
    _open(page, url + "leaders.html")
    panel = page.locator("section.rules-adjudicator")
    panel.locator("g.ra-cell[data-cell='0,0']").click()
    panel.locator("select.ra-ability").select_option("rider")
    panel.locator("g.ra-cell[data-cell='-2,0']").click()
    out["Leaders action"] = _verdict(page, "section.rules-adjudicator .ra-pane-board .ra-result",
                                     lambda: panel.locator("button.ra-judge").click())
    if valeria:
        _open(page, url + "valeria.html")
        panel = page.locator("section.rules-adjudicator")
        panel.locator("button.ra-die[data-die='0'][data-value='4']").click()
        out["Valeria roll (tap to what activates)"] = _verdict(
            page, "section.rules-adjudicator .ra-pane-roll .ra-result",
            lambda: panel.locator("button.ra-die[data-die='1'][data-value='4']").click())
        panel.locator("button.ra-tab[data-pane='payment']").click()
        page.wait_for_function("() => { const b = document.querySelector('.ra-pane-payment .ra-result'); "
                               "return !!(b && b.dataset.status); }")  # the pane is drawn once its tab is tapped
        out["Valeria payment (tap to verdict)"] = _verdict(
            page, "section.rules-adjudicator .ra-pane-payment .ra-result",
            lambda: panel.locator(".ra-pay-gold button.ra-plus").click())
    out["CPU loop in a Web Worker (calibration)"] = page.evaluate(CPU_LOOP) / 1000
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
                    # a stage some runs lack (a revisit restored from a snapshot or not): over the runs that have it
                    keys = list(dict.fromkeys(k for r in runs for k in r))
                    report[f"CPU throttled {rate:g}x"] = {
                        k: f"{min(r[k] for r in runs if k in r):.2f} / {statistics.median(r[k] for r in runs if k in r):.2f}"
                        for k in keys}
                report["chromium"] = browser.version
                browser.close()
        finally:
            server.stop()
    report.update(machine())
    emit(report, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
