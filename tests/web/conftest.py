"""Browser fixtures for the in-page adjudicator (docs/decisions/0017-in-page-adjudicator.md).

The site is built once per session as ``python -m rules.web.build`` builds it:
the rulebook by ``sphinx-build -W`` (in parallel, as the docs tests build it:
tests/docs_build.py), then ``rules.web.build.bundle`` adds the Pyodide runtime
from npm and the wheels. It is served from
127.0.0.1 by ``http.server``, and driven by Playwright with Debian's Chromium
(tests/chromium.py: the headless shell; never a downloaded browser). Locally, without
Playwright, Chromium or npm, the browser tests skip with the reason; under CI
(``CI`` set) they fail instead, so a fresh machine cannot pass by skipping.
Screenshots go to ``build/screenshots/adjudicator-*.png`` (git-ignored) for review.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    CHROMIUM,
    Server,
    Visit,
    first_visit_to,
    local_storage,
    new_context,
    open_page,
    restore_local_storage,
    visited_device,
)
from chromium import missing as browser_missing
from docs_build import build_site


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run in CI: {reason} (.ci/run installs chromium-headless-shell and npm)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def playwright_api() -> Any:
    reason = browser_missing()
    if reason:
        _missing(reason)
    from playwright.sync_api import sync_playwright
    return sync_playwright


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory, playwright_api: Any) -> Path:
    """The built rulebook with the adjudicator's runtime and wheels: built once per
    test run, whichever worker asks first (tests/docs_build.py, ``build_site``); in a
    parallel run usually under way already, in the background (tests/conftest.py)."""
    prebuilt = os.environ.get("RULES_WEB_SITE")  # a site already built by rules.web.build (for quick local runs)
    if prebuilt:
        return Path(prebuilt)
    if shutil.which("npm") is None:
        _missing("npm is not installed (the Pyodide runtime is the npm package pyodide)")
    return build_site(tmp_path_factory)


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[Server]:
    s = Server(site)
    yield s
    s.stop()


@pytest.fixture(scope="module")  # module, not session: Playwright's sync API runs one instance at a time,
def playwright(playwright_api: Any) -> Iterator[Any]:  # and the rulebook's own browser test starts another
    with playwright_api() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright: Any) -> Iterator[Any]:
    b = playwright.chromium.launch(executable_path=CHROMIUM, args=["--disable-gpu"])
    yield b
    b.close()


def _fresh_pages(browser: Any, service_workers: str) -> Iterator[Any]:
    context = new_context(browser, service_workers)

    def make(width: int = 1280) -> Any:
        return open_page(context, width)

    make.context = context  # type: ignore[attr-defined]
    yield make
    context.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Any]:
    """Pages in one fresh browser context per test: ``new_page(width)``."""
    yield from _fresh_pages(browser, "allow")


@pytest.fixture
def new_page_without_service_worker(browser: Any) -> Iterator[Any]:
    """Pages in one fresh browser context per test whose service worker is blocked, as
    :func:`new_page`: for a test whose subject is not what the worker keeps (decision 0057). On a
    fresh device the first page's worker fetches and keeps every file of the site (324, the
    runtime's included) beside what the test does; the worker answers from the network while there
    is one, so the pages' requests and answers are the same without it."""
    yield from _fresh_pages(browser, "block")


@pytest.fixture(scope="session")
def _visited_profiles() -> dict[str, Visit]:
    """The first visit of a device that has visited the site once (its profile, how its engine
    started), per server (each worker serves its own)."""
    return {}


@pytest.fixture
def visit_of_the_visited_device(playwright: Any, server: Server, _visited_profiles: dict[str, Visit],
                                tmp_path_factory: pytest.TempPathFactory) -> Visit:
    """The first visit that made the visited device (its engine's start afresh, observed), made
    now if no test has needed the device yet; no copy of the device is started for it."""
    return first_visit_to(playwright, server, _visited_profiles, tmp_path_factory)


@pytest.fixture(scope="module")
def _visited_device(playwright: Any, server: Server, _visited_profiles: dict[str, Visit],
                    tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One device that has visited the site once, shared by the module's tests (decision 0050): a
    browser context on a copy of the visited profile, started once, where each test opens its own
    pages. Module-scoped like :func:`playwright`, whose instance it lives in."""
    context, profile = visited_device(playwright, server, _visited_profiles, tmp_path_factory)
    yield context
    context.close()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def revisit_page(_visited_device: Any, server: Server) -> Iterator[Any]:
    """Pages on a device that has visited the site once (``revisit_page(width)``, as :func:`new_page`),
    whose panel's engine was started and kept (decision 0042), so the panel restores it instead of
    starting Python anew. For the tests of what a panel or a page does on a revisit; the first
    visit's own start is tested with :func:`new_page` (test_engine_kept_browser,
    test_offline_browser, the engine's start off the page thread).

    The device is the module's (decision 0050): no test changes what it keeps (the site's cache,
    the kept engine), and what a test may change, the site's ``localStorage`` (the quick
    reference's language, the search's highlighted words), is put back as the visit left it when
    the test's pages close, so no test sees another's choice; ``sessionStorage`` goes with its page."""
    kept = local_storage(_visited_device, server.url)
    pages: list[Any] = []

    def make(width: int = 1280) -> Any:
        page = open_page(_visited_device, width)
        pages.append(page)
        return page

    make.context = _visited_device  # type: ignore[attr-defined]
    yield make
    for page in pages:
        page.close()
    restore_local_storage(_visited_device, server.url, kept)
