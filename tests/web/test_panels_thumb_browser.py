"""The Adjudicate panels by thumb, in a real browser (issue 20 §4; decision 0032):

- every control of the Claim, Leaders and Valeria panes is a tap target of at least
  44 x 44 CSS px, at 390 and at 1280 px; the Leaders board's coordinates are readable
  and its pieces carry their names; "Is it legal?" sits under the board;
- Valeria's stack names are whole (role and cost shown), "11/12" fits its pill;
- the controls speak the chosen language: Czech words when Czech is chosen, English
  when English is; so does the engine's progress while it starts (its worker names each
  stage, the page says it in the panel's language);
- the step-through counts as a reader does: the last of 16 actions is "16 of 16".

That the engine starts in a Web Worker when the panel comes into view, its progress
in the panel's language, is tested with the engine's first visits
(test_engine_kept_browser.py).

Screenshots of the panes at 390 and 1280 px go to build/screenshots/thumb-*.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    ROOT,
    SCREENSHOTS,
    Server,
    chapter_of,
    picture,
    real_errors,
    start_panel,
)

WIDTHS = (390, 1280)
#: A thumb's tap target (CSS px), the size the issue and the platforms' guidelines ask for.
TAP = 44


def small_targets(panel: Any) -> list[str]:
    """The panel's visible controls smaller than a thumb (buttons, selects, the board's cells)."""
    return panel.evaluate("""(p, tap) => [...p.querySelectorAll('button, select, [role=button], summary')]
        .filter((e) => e.getClientRects().length && !e.closest('[hidden]'))
        .map((e) => [e.className.baseVal !== undefined ? e.className.baseVal : e.className, e.getBoundingClientRect(),
                     (e.textContent || '').trim().slice(0, 30)])
        .filter(([, r]) => r.width < tap - 0.5 || r.height < tap - 0.5)
        .map(([c, r, t]) => `${c} "${t}" ${Math.round(r.width)}x${Math.round(r.height)}`)""", TAP)


def shot(panel: Any, page: Any, name: str, width: int) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    picture(page, panel, SCREENSHOTS / f"thumb-{name}-{width}.png")


def open_panel(revisit_page: Any, server: Server, path: str, width: int) -> tuple[Any, Any]:
    """The page at ``path`` on a device that has visited the site once, and its started panel."""
    page = revisit_page(width)
    page.goto(server.url + path)
    return page, start_panel(page)


@pytest.mark.parametrize("width", WIDTHS)
def test_claim_cards_are_tap_targets(revisit_page: Any, server: Server, width: int) -> None:
    page, panel = open_panel(revisit_page, server, "claim.html", width)
    panel.locator("button.ra-card[data-card='goblin:3']").click()
    panel.locator("button.ra-card[data-card='knight:5']").click()
    page.wait_for_function("() => { const b = document.querySelector('.ra-pane-follow .ra-result'); "
                           "return !!b.dataset.status && b.dataset.answered === b.dataset.asked; }")
    assert not small_targets(panel), small_targets(panel)
    # Czech is the book's language and the panel's first: its controls speak it
    text = panel.inner_text()
    assert "Vynesená karta" in text and "Led card" not in text and "Settle a disputed play" not in text
    assert panel.locator(".ra-verdict").inner_text() in {"Legální odpověď", "Nelegální odpověď"}
    shot(panel, page, "claim", width)
    assert not real_errors(page), real_errors(page)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_leaders_board_by_thumb(revisit_page: Any, server: Server, width: int) -> None:
    page, panel = open_panel(revisit_page, server, "leaders.html", width)
    panel.locator("g.ra-cell[data-cell='0,0']").click()
    ability = panel.locator("select.ra-ability")
    assert "Schopnost: Jezdec" in ability.inner_text()  # the ability named in the reader's language
    ability.select_option("rider")
    panel.locator("g.ra-cell[data-cell='-2,0']").click()
    panel.locator("button.ra-judge").click()
    page.wait_for_function("() => document.querySelector('.ra-pane-board .ra-result').dataset.status === 'illegal'")
    assert not small_targets(panel), small_targets(panel)
    # the coordinates are readable (at least 9 px as drawn) and the pieces carry their whole names
    coord = panel.locator("g.ra-cell[data-cell='3,0'] text.ra-coord").bounding_box()
    assert coord is not None and coord["height"] >= 9, coord
    labels = panel.locator("g.ra-cell[data-cell='1,0'] text.ra-piece-label").all_text_contents()
    assert " ".join(labels) == "Žalářník", labels
    # the question sits under the board, its answer under it: no scrolling up to tap and down to read
    board = panel.locator("svg.ra-board").bounding_box()
    judge = panel.locator("button.ra-judge").bounding_box()
    result = panel.locator(".ra-pane-board .ra-result").bounding_box()
    assert board and judge and result and board["y"] + board["height"] <= judge["y"] <= result["y"]
    shot(panel, page, "leaders", width)
    assert not real_errors(page), real_errors(page)


@pytest.mark.parametrize("width", WIDTHS)
def test_valeria_stacks_whole_and_controls_in_the_chosen_language(revisit_page: Any, server: Server, site: Path,
                                                                   width: int) -> None:
    page, panel = open_panel(revisit_page, server, chapter_of(site, "valeria"), width)
    assert not small_targets(panel), small_targets(panel)
    # every stack's name, role and cost are shown whole; every activation number fits its pill
    cut = panel.evaluate("""(p) => [...p.querySelectorAll('.ra-kind, .ra-activation')]
        .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
        .map((e) => e.textContent)""")
    assert not cut, cut
    metas = panel.locator(".ra-kind .ra-kind-meta").all_inner_texts()
    assert len(metas) == 10 and all("·" in m and "zlato" in m for m in metas), metas
    assert "11/12" in panel.locator(".ra-activation").all_inner_texts()
    # the payment in Czech, then in English: the pane's own words follow the chosen language
    panel.locator("button.ra-tab[data-pane='payment']").click()
    panel.locator("select.ra-pay-card").select_option("archer")
    panel.locator(".ra-pay-gold button.ra-plus").click()
    box = ".ra-pane-payment .ra-result"
    page.wait_for_function("(s) => document.querySelector(s).dataset.status === 'illegal'", arg=box)
    payment = panel.locator(".ra-pane-payment")
    price = payment.locator(".ra-price").inner_text()  # the pane's sentence (the cited rules below speak both languages)
    assert "cena" in price and "zaplaceno" in price and "price" not in price, price
    assert payment.locator(".ra-pay:not(.ra-has) > .ra-slot-name").inner_text() == "Zaplaceno:"
    assert payment.locator("button.ra-pay-go").inner_text() == "Pokryje to cenu?"
    assert payment.locator("button.ra-cost[data-cost='recruit']").inner_text() == "Naverbovat obyvatele"
    shot(panel, page, "valeria-payment-cs", width)
    panel.locator("select.ra-lang-select").select_option("en")
    page.wait_for_function("(s) => document.querySelector(s + ' .ra-price').innerText.includes('price')", arg=box)
    assert payment.locator(".ra-pay:not(.ra-has) > .ra-slot-name").inner_text() == "Paid:"
    assert payment.locator("button.ra-pay-go").inner_text() == "Does it cover the cost?"
    assert "Zaplaceno" not in payment.inner_text()
    panel.locator("button.ra-tab[data-pane='roll']").click()
    shot(panel, page, "valeria-roll", width)
    assert not real_errors(page), real_errors(page)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_step_through_counts_as_a_reader_does(revisit_page: Any, server: Server, width: int) -> None:
    page, panel = open_panel(revisit_page, server, "adjudicate.html", width)
    panel.locator("textarea.ra-record").fill((ROOT / "examples/claim/disputed-knight.json").read_text(encoding="utf-8"))
    panel.locator("button.ra-go").click()
    page.wait_for_function("() => !!document.querySelector('.ra-pane-record .ra-result .ra-step-head')")
    head = panel.locator(".ra-step-head")
    assert head.inner_text().startswith("Action 16 of 16 (#15 in the record)")
    panel.locator("button.ra-step-prev").click()
    assert head.inner_text().startswith("Action 15 of 16 (#14 in the record)")
    assert not small_targets(panel), small_targets(panel)
    assert not real_errors(page), real_errors(page)

