"""The Adjudicate panel in a real browser (Playwright + Debian's Chromium), on the
built site with the Pyodide runtime and the project's wheel
(docs/decisions/0017-in-page-adjudicator.md):

- every bundled record, uploaded into the page, gets the verdict ``rules
  adjudicate --json`` gives the same file (legal, index, rules, result);
- a disputed Claim follow and a Leaders capture, tapped through the panels,
  get the engine's verdicts with the rules cited;
- a malformed paste gets the malformed verdict, never a traceback.

That the panels judge with the network cut after one load is tested with the kept
engine, whose first visit it shares (test_engine_kept_browser.py).

Each test loads Pyodide once (seconds), except the malformed pastes, which share
one page whose runtime loads once (``paste_page``: each case waits for a verdict
that differs from the one before it); screenshots of every panel at 390 and 1280
px go to build/screenshots/.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    ROOT,
    Server,
    chapter_of,
    follow_verdict,
    open_page,
    screenshot,
    start_panel,
    started,
    tap,
    tap_cell,
    verdict,
    wait_verdict,
)

EXAMPLES = sorted(ROOT.glob("examples/*/*.json"))
COMPARED = ("legal", "finished", "illegal", "result", "actions")


def cli_verdicts() -> dict[str, dict[str, Any]]:
    done = subprocess.run([sys.executable, "-m", "rules", "adjudicate", "--json", *map(str, EXAMPLES)],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    return {Path(v["file"]).name + "@" + Path(v["file"]).parent.name: v for v in lines}


def wait_status_citing(page: Any, box: str, status: str, rule: str) -> dict[str, Any]:
    """Wait for a verdict of ``status`` that cites ``rule``. Each change of a field asks the
    engine anew, so a verdict of the same status for an in-between input (the payment before its
    last tap) may come first: waiting on the status alone would read that one."""
    page.wait_for_function("([s, status, rule]) => { const b = document.querySelector(s); "
                           "return b && b.dataset.status === status && "
                           "(b.dataset.rules || '').split(' ').includes(rule); }", arg=[box, status, rule])
    return verdict(page, box)


def no_traceback(page: Any) -> None:
    text = page.locator("body").inner_text()
    assert "Traceback" not in text and 'File "' not in text


def test_every_bundled_record_gets_the_cli_verdict_in_the_page(revisit_page: Any, server: Server) -> None:
    expected = cli_verdicts()
    assert len(expected) == len(EXAMPLES)
    page = revisit_page(1280)
    page.goto(server.url + "adjudicate.html")
    panel = start_panel(page)
    box = "section.rules-adjudicator .ra-pane-record .ra-result"
    previous = None
    for path in EXAMPLES:
        panel.locator("input.ra-file").set_input_files(str(path))
        got = wait_verdict(page, box, previous)
        previous = page.locator(box).get_attribute("data-json")  # the raw string the page compares
        want = expected[path.name + "@" + path.parent.name]
        assert got["json"]["file"] == path.name
        for key in COMPARED:
            assert got["json"][key] == want[key], (path, key)
        assert got["status"] == ("legal" if want["legal"] else "illegal"), path
        if want["illegal"]:
            assert got["rules"] == want["illegal"]["rules"], path
            head = panel.locator(".ra-stepper .ra-step-head").inner_text()  # stepping starts at the illegal action
            index = want["illegal"]["index"]  # the last step: the count is the reader's, the index the record's
            assert head.startswith(f"Action {index + 1} of {index + 1} (#{index} in the record)") and "illegal" in head, head
            for rule_id in want["illegal"]["rules"]:  # each cited rule links to its place in the rulebook
                link = panel.locator(f".ra-result a.ra-rule-id:text-is('{rule_id}')")
                assert link.count() == 1 and link.get_attribute("href").endswith(f"#{rule_id}")
    assert panel.locator(".ra-result pre.ra-text").text_content().strip()  # what --explain prints (folded when long)
    # step back from the illegal action of a disputed record
    panel.locator("textarea.ra-record").fill((ROOT / "examples/claim/disputed-knight.json").read_text(encoding="utf-8"))
    panel.locator("button.ra-go").click()
    wait_verdict(page, box, previous)
    assert panel.locator(".ra-stepper .ra-step-head").inner_text().startswith("Action 16 of 16 (#15 in the record)")
    panel.locator("button.ra-step-prev").click()
    head = panel.locator(".ra-stepper .ra-step-head").inner_text()
    assert head.startswith("Action 15 of 16 (#14 in the record)") and "illegal" not in head
    screenshot(panel, page, "adjudicate")
    no_traceback(page)
    assert not page.watch.errors, page.watch.errors


@pytest.fixture(scope="module")
def paste_page(_visited_device: Any, server: Server) -> Iterator[Any]:
    """The record panel of adjudicate.html on a phone that has visited the site before (the
    module's device, decision 0050), started once for every malformed paste (the engine's start
    is most of such a test's time)."""
    page = open_page(_visited_device, 390)
    page.goto(server.url + "adjudicate.html")
    start_panel(page)
    yield page
    page.close()


@pytest.mark.parametrize("text, fragment", [
    ("{not json", "not JSON"),
    ('{"format": "rules-record/1", "game": "claim", "setup": {"hands": [["goblin:12"]]}}', "setup"),
    ('{"format": "rules-record/1", "game": "leaders", "position": {"pieces": [], "to_move": 0}}', "no leader"),
    ('{"format": "rules-record/1", "game": "claim2", "setup": {}, "actions": 5, "extra": 1}', "extra"),
    ('{"format": "rules-record/2", "game": "claim"}', "format"),
])
def test_a_malformed_paste_gets_the_malformed_verdict(paste_page: Any, tmp_path: Path, text: str,
                                                      fragment: str) -> None:
    """The page's verdict on a malformed paste is, to the character, the CLI's on the same
    text (a file named ``record``, the name the panel gives a paste)."""
    (tmp_path / "record").write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "rules", "adjudicate", "--json", "record"], capture_output=True,
                          text=True, cwd=tmp_path, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    expected = json.loads(done.stdout)
    page = paste_page
    panel = page.locator("section.rules-adjudicator").first
    box = "section.rules-adjudicator .ra-pane-record .ra-result"
    previous = page.locator(box).get_attribute("data-json")  # the verdict of the case before, if any
    panel.locator("textarea.ra-record").fill(text)
    panel.locator("button.ra-go").click()
    got = wait_verdict(page, box, previous)
    assert got["status"] == "malformed"
    assert got["json"] == expected
    assert got["json"]["legal"] is None and fragment in got["json"]["error"]
    assert fragment in got["text"]
    no_traceback(page)


@pytest.mark.rules("claim.follow-suit", "claim.knights.follow-suit", "claim.doppelgangers")
def test_tapping_a_disputed_claim_follow(revisit_page: Any, server: Server) -> None:
    page = revisit_page(390)
    page.goto(server.url + "claim.html")
    panel = start_panel(page)
    assert started(page) == "snapshot"  # the device's kept engine (decision 0042), not a fresh start
    illegal = follow_verdict(page, panel, "goblin:3", "knight:5", ["goblin:1"])
    assert illegal["status"] == "illegal"
    assert {"claim.follow-suit", "claim.knights.follow-suit"} <= set(illegal["rules"])
    assert "musíte ctít barvu" in illegal["text"]  # the chapter's panel speaks the book's language first
    panel.locator("select.ra-lang-select").select_option("en")  # the verdict again, in English
    page.wait_for_function(
        "() => document.querySelector('.ra-pane-follow .ra-result').innerText.includes('must follow')")
    legal = follow_verdict(page, panel, "goblin:3", "doppelganger:5", ["goblin:1"])
    assert legal["status"] == "legal" and "claim.doppelgangers" in legal["rules"]
    assert "The follower takes the trick." in legal["text"] and "Doppelgangers are wild" in legal["text"]
    link = panel.locator(".ra-result a.ra-rule-id:text-is('claim.doppelgangers')")
    assert link.get_attribute("href").endswith("claim.html#claim.doppelgangers")
    screenshot(panel, page, "claim")
    no_traceback(page)
    assert not page.watch.errors, page.watch.errors


@pytest.mark.parametrize("game, lead, played, hand, status, rule", [
    ("claim2", "gnome:3", "giant:5", ["gnome:1"], "illegal", "claim2.follow-suit"),
    ("claim-combined", "goblin:3", "knight:5", [], "legal", "claim.knights"),
])
def test_claim2_and_combination_panels(revisit_page: Any, server: Server, site: Path, game: str, lead: str, played: str,
                                       hand: list[str], status: str, rule: str) -> None:
    page = revisit_page(1280)
    page.goto(server.url + chapter_of(site, game))
    panel = start_panel(page)
    got = follow_verdict(page, panel, lead, played, hand)
    assert got["status"] == status and rule in got["rules"], got
    screenshot(panel, page, game)
    no_traceback(page)


@pytest.mark.rules("leaders.jailer", "leaders.end.captured")
def test_tapping_a_leaders_capture_and_a_blocked_ability(revisit_page: Any, server: Server) -> None:
    page = revisit_page(390)
    page.goto(server.url + "leaders.html")
    panel = start_panel(page)
    box = "section.rules-adjudicator .ra-pane-board .ra-result"
    # the starting board is the README's disputed position: the Rider next to an enemy Jailer
    tap_cell(panel, 0, 0)
    panel.locator("select.ra-ability").select_option("rider")
    tap_cell(panel, -2, 0)
    panel.locator("button.ra-judge").click()
    blocked = wait_verdict(page, box)
    assert blocked["status"] == "illegal" and blocked["rules"] == ["leaders.jailer"]
    # place a capture: empty the board, put the pieces down, move the Bruiser next to the enemy leader
    panel.locator("button.ra-mode[data-mode='place']").click()
    panel.locator("button.ra-clear-board").click()
    for owner, character, cell in [("0", "leader", (0, 3)), ("1", "leader", (0, -3)),
                                   ("0", "royal-guard", (1, -3)), ("0", "bruiser", (0, -1))]:
        panel.locator("select.ra-owner").select_option(owner)
        panel.locator("select.ra-character").select_option(character)
        tap_cell(panel, *cell)
    panel.locator("button.ra-mode[data-mode='act']").click()
    tap_cell(panel, 0, -1)
    tap_cell(panel, 0, -2)
    page.wait_for_function("() => document.querySelector('code.ra-action').textContent.includes('[0,-2]')")
    assert json.loads(panel.locator("code.ra-action").inner_text()) == {"seat": 0, "piece": [0, -1],
                                                                        "move": [[0, -2]]}
    panel.locator("button.ra-judge").click()
    captured = wait_verdict(page, box, json.dumps(blocked["json"], separators=(",", ":"), ensure_ascii=False))
    assert captured["status"] == "legal"
    assert captured["json"]["result"] == {"lost": [1], "winners": [0]}
    assert "leaders.end.captured" in captured["rules"]
    screenshot(panel, page, "leaders")
    # "could I have won?" runs wins on the position (here: yes, a forced win in one action)
    panel.locator("button.ra-wins").click()
    page.wait_for_function("(s) => document.querySelector(s).dataset.status === 'ok'", arg=box)
    wins = verdict(page, box)
    assert wins["json"]["status"] == "win" and wins["json"]["length"] == 1
    assert "Vynucená výhra hráče 0 v 1 akcích" in wins["text"]  # what `rules leaders wins --lang cs` prints
    # a board with no enemy leader is malformed, with the rule named
    panel.locator("button.ra-mode[data-mode='place']").click()
    tap_cell(panel, 0, -3)
    panel.locator("button.ra-mode[data-mode='act']").click()
    tap_cell(panel, 0, -1)
    tap_cell(panel, 0, -2)
    panel.locator("button.ra-judge").click()
    page.wait_for_function("(s) => document.querySelector(s).dataset.status === 'malformed'", arg=box)
    assert "leaders.setup.leaders" in page.locator(box).inner_text()
    no_traceback(page)
    assert not page.watch.errors, page.watch.errors


def test_a_site_built_without_the_runtime_says_how_to_add_it(new_page: Any, tmp_path: Path) -> None:
    """A plain Sphinx build with the extension: the panel explains the one build command,
    no request fails, and the service worker (pages only) is in place."""
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text('extensions = ["rules.sphinx", "rules.sphinx.adjudicator"]\n'
                                    'rules_run_proofs = False\n', encoding="utf-8")
    (source / "index.rst").write_text("Rules\n=====\n\n"
                                      ".. adjudicator:: any\n", encoding="utf-8")
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(source), str(out)],
                          capture_output=True, text=True, timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert json.loads((out / "_adjudicator" / "manifest.json").read_text(encoding="utf-8"))["runtime"] is False
    assert "__pages_only__" in (out / "sw.js").read_text(encoding="utf-8")
    assert json.loads((out / "_adjudicator" / "pages.json").read_text(encoding="utf-8"))["panels"] == {"index": "any"}
    own = Server(out)
    try:
        page = new_page(390)
        page.goto(own.url + "index.html")
        page.wait_for_function("() => document.querySelector('section.rules-adjudicator').dataset.state === 'failed'")
        assert "python -m rules.web.build" in page.locator(".ra-status").inner_text()
        no_traceback(page)
        assert not page.watch.errors, page.watch.errors
    finally:
        own.stop()


@pytest.mark.rules("valeria.harvest.doubles", "valeria.harvest.two-effects", "valeria.herald.twice",
                   "valeria.resources.magic-substitute", "valeria.recruit.magic", "valeria.slay.magic-cost")
def test_a_valeria_roll_and_a_payment_through_the_panel(revisit_page: Any, server: Server, site: Path) -> None:
    """The Valeria chapter's panel: a roll of two 4s with three Archers activates them six times
    (once per die and copy), the other seat's Herald twice; a recruit paid with magic and one
    gold is legal, with no gold illegal (the rule named, its text in Czech and English); a
    negative payment gets the malformed verdict; a monster's magic cost cannot be paid in strength."""
    page = revisit_page(390)
    page.goto(server.url + chapter_of(site, "valeria"))
    panel = start_panel(page)
    roll = "section.rules-adjudicator .ra-pane-roll .ra-result"
    tap(panel, "button.ra-die[data-die='0'][data-value='4']")
    tap(panel, "button.ra-die[data-die='1'][data-value='4']")
    got = wait_verdict(page, roll)
    assert got["status"] == "ok" and "valeria.harvest.doubles" in got["rules"]
    tap(panel, ".ra-stack-row[data-kind='archer'] button.ra-plus", 3)
    # each tap asks the engine anew (in its worker): the answer for three copies is the last to come
    page.wait_for_function("(s) => { const li = document.querySelector(s + \" .ra-seat-result[data-seat='0'] "
                           "li[data-card='archer']\"); return li && li.dataset.times === '6'; }", arg=roll)
    seat0 = panel.locator(".ra-pane-roll .ra-seat-result[data-seat='0']")
    assert seat0.locator("li[data-card='archer']").get_attribute("data-times") == "6"
    assert "levé efekty" in seat0.inner_text()  # the pane's words in the book's language (left effects)
    seat1 = panel.locator(".ra-pane-roll .ra-seat-result[data-seat='1']")
    assert seat1.locator("li[data-card='herald']").get_attribute("data-times") == "2"
    assert "pravé efekty" in seat1.inner_text()
    got = verdict(page, roll)
    assert {"valeria.harvest.doubles", "valeria.herald.twice", "valeria.harvest.two-effects"} <= set(got["rules"])
    assert "Dvojice" in got["text"] and "If doubles are rolled" in got["text"]  # the rule in cs and en
    screenshot(panel, page, "valeria-roll")
    page.set_viewport_size({"width": 390, "height": 900})
    # the payment: the three Archers make the fourth cost 4 + 3 = 7 gold
    panel.locator("button.ra-tab[data-pane='payment']").click()
    box = "section.rules-adjudicator .ra-pane-payment .ra-result"
    panel.locator("select.ra-pay-card").select_option("archer")
    tap(panel, ".ra-pay-gold button.ra-plus")
    tap(panel, ".ra-pay-magic button.ra-plus", 6)
    panel.locator("button.ra-pay-go").click()
    page.wait_for_function("(s) => document.querySelector(s).dataset.status === 'legal'", arg=box)
    legal = verdict(page, box)
    assert "cena zlato 7" in legal["text"]  # the pane's words in the book's language (its panel labels)
    assert {"valeria.recruit.magic", "valeria.resources.magic-substitute"} <= set(legal["rules"])
    tap(panel, ".ra-pay-gold button.ra-minus")
    tap(panel, ".ra-pay-magic button.ra-plus")
    # in between (no gold, six magic) the payment is short of the price (valeria.recruit.cost-per-copy)
    illegal = wait_status_citing(page, box, "illegal", "valeria.recruit.magic")
    assert illegal["rules"] == ["valeria.recruit.magic", "valeria.resources.magic-substitute"]
    assert "aspoň jeden zlaťák" in illegal["text"]  # the engine's message in the book's language first
    panel.locator("select.ra-lang-select").select_option("en")
    page.wait_for_function("(s) => document.querySelector(s).innerText.includes('at least one real gold')", arg=box)
    illegal = verdict(page, box)
    assert "Využívání magie" in illegal["text"] and "must always use at least one gold or strength" in illegal["text"]
    link = panel.locator(".ra-pane-payment a.ra-rule-id:text-is('valeria.resources.magic-substitute')")
    assert link.get_attribute("href").endswith("valeria.html#valeria.resources.magic-substitute")
    screenshot(panel, page, "valeria-payment")
    page.set_viewport_size({"width": 390, "height": 900})
    panel.locator(".ra-pay-gold input.ra-num").fill("-1")
    panel.locator(".ra-pay-gold input.ra-num").dispatch_event("change")
    page.wait_for_function("(s) => document.querySelector(s).dataset.status === 'malformed'", arg=box)
    assert "action 1 (index 0)" in page.locator(box).inner_text()  # the record schema's words, as `rules adjudicate` says them
    # a monster's magic cost is paid in magic, not strength
    panel.locator("button.ra-cost[data-cost='slay']").click()
    panel.locator("select.ra-pay-card").select_option("gelatinous-cube")
    panel.locator(".ra-pay-strength input.ra-num").fill("5")
    panel.locator(".ra-pay-strength input.ra-num").dispatch_event("change")
    panel.locator(".ra-pay-magic input.ra-num").fill("0")
    panel.locator(".ra-pay-magic input.ra-num").dispatch_event("change")
    assert "valeria.slay.magic-cost" in wait_status_citing(page, box, "illegal", "valeria.slay.magic-cost")["rules"]
    no_traceback(page)
    assert not page.watch.errors, page.watch.errors


def test_every_shipped_wheel_carries_unchecked_bytecode_of_its_modules(site: Path) -> None:
    """Decision 0022: each wheel of the site holds ``__pycache__/NAME.cpython-314.pyc`` beside every
    module, compiled by the site's Pyodide, unchecked hash-based (PEP 552: flags 0b01), listed in RECORD."""
    import importlib.util
    import zipfile

    from rules.web.build import PYODIDE_PYTHON

    manifest = json.loads((site / "_adjudicator" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["bytecode"] is True
    tag = "cpython-" + PYODIDE_PYTHON.replace(".", "")
    for wheel in manifest["wheels"]:
        with zipfile.ZipFile(site / "_adjudicator" / wheel) as z:
            names = set(z.namelist())
            record = z.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
            modules = [n for n in names if n.endswith(".py")]
            assert modules, wheel
            for module in modules:
                cached = importlib.util.cache_from_source(module).replace(
                    importlib.util.cache_from_source("x.py").split(".")[-2], tag)
                assert cached in names, (wheel, module)
                header = z.read(cached)[:16]
                assert int.from_bytes(header[4:8], "little") == 0b01, (wheel, cached)  # hash-based, unchecked
                assert f"\n{cached},sha256=" in record, (wheel, cached)
