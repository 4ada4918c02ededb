"""Shared test configuration.

- Hypothesis profiles ``dev`` (default: seconds), ``ci`` (default when ``CI``
  is set; the whole suite stays within a few minutes on two cores) and
  ``thorough`` (for a long local run). ``HYPOTHESIS_PROFILE`` overrides both.
- Test-status plumbing for the rulebook: every test's outcome is recorded
  with the rule IDs of its ``rules`` markers, and the ``test_status_path``
  fixture writes those of the tests that cite a rule (the only ones the
  rulebook shows) as JSON. Tests marked ``docs`` run last, so the docs
  build that requests the fixture sees every citing test's outcome; on several
  workers (``-n auto``) the controller logs every report and a worker that
  reaches a ``docs`` test waits for every citing test's (decision records
  0030, 0052).
  The files that hold a citing test run first, and on several workers the
  rulebook is built in the background as soon as they have finished, while
  the other tests run (``rulebook_html``; decision record 0038). It starts
  from the site's reading of ``docs/`` when the run builds the site, which
  it does from the session's start (tests/docs_build.py, decision record 0054).
- Bytecode caches are written even where the environment says not to
  (``PYTHONDONTWRITEBYTECODE``; decision record 0056).
- On several workers the browser modules of ``tests/web`` go to one worker as
  one unit, so that their browsers and the device that has visited the site
  are set up once; every other test is handed out on its own (decision record
  0063).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import pytest
from docs_build import build_rulebook, build_site, run_folder
from hypothesis import HealthCheck, settings

# ----------------------------------------------------------------- bytecode

# The suite writes bytecode caches even where the environment asks Python not to
# (PYTHONDONTWRITEBYTECODE, set on some machines): its workers and the processes its tests start
# (the Sphinx builds, the command, small suites, the fifth game's child) import the same modules,
# and without caches each of them compiled every one afresh, about 31 CPU-seconds of a run on two
# cores (decision record 0056). Set here, before the test modules are imported (pytest caches their
# rewritten form too) and before the workers and the tests' processes start, which inherit the
# environment. The caches go into __pycache__ folders, which git ignores.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# ----------------------------------------------------------------- hypothesis

# ``stateful_step_count`` sizes the Claim state machine (tests/claim/test_state_machine.py):
# a whole game is 52 plays and its teardown finishes every game, so even short
# runs reach scoring. ``deadline=None`` in every profile: a test that fails
# because the machine is loaded is a defect (speed belongs in benchmarks/).
settings.register_profile(
    "dev", max_examples=15, stateful_step_count=40, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci", max_examples=60, stateful_step_count=80, deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough", max_examples=1000, stateful_step_count=150, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def hypothesis_profile() -> str:
    """``HYPOTHESIS_PROFILE`` if set, else ``ci`` under CI, else ``dev``."""
    explicit = os.environ.get("HYPOTHESIS_PROFILE")
    if explicit:
        return explicit
    return "ci" if os.environ.get("CI") else "dev"


PROFILE = hypothesis_profile()
settings.load_profile(PROFILE)


# ----------------------------------------------------------------- test status

_OUTCOMES = pytest.StashKey[dict[str, dict[str, Any]]]()
_RULES = pytest.StashKey[dict[str, list[str]]]()
_DOCS = pytest.StashKey[set[str]]()
_LOG = pytest.StashKey[Path]()
_CONFIG: list[pytest.Config] = []
_TESTS = Path(__file__).resolve().parent

#: Where a parallel run's controller passes the path of its outcome log to each worker.
_LOG_INPUT = "rules_outcome_log"
#: The tests that need the in-page adjudicator's site (tests/web/conftest.py, fixture ``site``: a build that
#: every worker shares), as (their folder, the fixture). In a parallel run each worker starts the build in
#: the background when the session starts (one builds, the other waits: ``built_once``), and these tests run
#: after the files citing a rule, so that the build has run beside those and both workers share its tests
#: (decision records 0030, 0038).
SITE_TESTS = ("web", "site")
#: The session fixture of the rulebook built with the run's outcomes: when a collected test requests it,
#: each worker of a parallel run starts building it once every citing test has finished (decision 0038).
RULEBOOK_FIXTURE = "rulebook_html"
#: The test run first of all (:func:`pytest_collection_modifyitems`).
MYPY_FIRST = "tests/test_static_checks.py::test_mypy_strict_passes_on_the_package"
#: How often a worker that reached the ``docs`` tests reads the controller's log.
_POLL_SECONDS = 0.5
#: How long every worker waits with tests missing and the log still before the wait fails.
_STALL_SECONDS = 60.0


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_OUTCOMES] = {}
    config.stash[_RULES] = {}
    config.stash[_DOCS] = set()
    _CONFIG.append(config)


def pytest_unconfigure(config: pytest.Config) -> None:
    if config in _CONFIG:
        _CONFIG.remove(config)
    log = config.stash.get(_LOG, None)
    if log is not None:
        shutil.rmtree(log.parent, ignore_errors=True)


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """Controller of a parallel run (``-n``): give each worker the path of the
    outcome log this process appends every report to (decision record 0030)."""
    config = node.config
    if _LOG not in config.stash:
        config.stash[_LOG] = Path(tempfile.mkdtemp(prefix="rules-outcomes-")) / "outcomes.jsonl"
        config.stash[_LOG].touch()
    node.workerinput[_LOG_INPUT] = str(config.stash[_LOG])


def _item_rules(item: pytest.Item) -> list[str]:
    ids: list[str] = []
    for marker in item.iter_markers("rules"):
        for rule in marker.args:
            if isinstance(rule, str) and rule not in ids:
                ids.append(rule)
    return ids


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    """Remember each test's rule IDs, and order the run: first the files that hold a
    test citing a rule, then the tests that need the site (:data:`SITE_TESTS`), then
    the other files, the ``docs`` tests last (each file's tests stay together, so a
    module's fixtures are set up once; stable order otherwise). The citing tests thus
    finish early, and the rulebook that shows their outcomes is built while the rest
    runs (decision record 0038). Before all of them, mypy's check of the package
    (:data:`MYPY_FIRST`, decision record 0061)."""
    rules = config.stash[_RULES]
    for item in items:
        rules[item.nodeid] = _item_rules(item)
    docs = [i for i in items if i.get_closest_marker("docs") is not None]
    config.stash[_DOCS] = {i.nodeid for i in docs}
    others = [i for i in items if i.get_closest_marker("docs") is None]
    site = [i for i in others if _needs(i, SITE_TESTS)]
    rest = [i for i in others if i not in set(site)]
    citing_files = {_file(i.nodeid) for i in rest if rules[i.nodeid]}
    citing = [i for i in rest if _file(i.nodeid) in citing_files]
    items[:] = citing + site + [i for i in rest if _file(i.nodeid) not in citing_files] + docs
    # mypy's check of the package first: it writes mypy's cache in the checkout, from which the later
    # mypy run of tests/kernel/test_public_face.py reads the package instead of checking it again
    # (when the two ran at once, each checked the package cold: decision record 0061)
    items.sort(key=lambda i: i.nodeid != MYPY_FIRST)


#: The browser modules of the in-page adjudicator (tests/web/*_browser.py), which a parallel run gives
#: to one worker as one unit of work (:func:`pytest_xdist_make_scheduler`, decision record 0063).
ONE_WORKER = "tests/web/*_browser.py"


def unit_of_work(nodeid: str) -> str:
    """The unit of work a worker of a parallel run is given for the test ``nodeid``: every browser
    module of :data:`ONE_WORKER` together, every other test on its own."""
    return "browser-modules" if fnmatch(_file(nodeid), ONE_WORKER) else nodeid


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Controller of a parallel run (``-n``, xdist's ``load`` mode): hand out the tests one
    :func:`unit_of_work` at a time, in the order :func:`pytest_collection_modifyitems` gives them.

    xdist's ``load`` mode hands out tests by count: the browser modules' tests were spread over
    both workers, and each worker that ran any of a module's tests set up that module's browser and
    devices, and each made a device's first visit to the site, which starts Python in the page
    (seconds of CPU each). As one unit they run on one worker, every such fixture made once; every
    other test is a unit of its own, so the other worker takes the rest of the run and the two end
    together (decision record 0063). Any other mode asked for on the command line (``--dist
    loadfile``, ...) is kept."""
    if config.option.dist != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class OneWorkerForTheBrowserModules(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return unit_of_work(nodeid)

    # the units in the run's order, not xdist's largest-first, which would start the browser modules
    # before the site they read is built, and mypy's check of the package after them (MYPY_FIRST)
    config.option.loadscopereorder = False
    return OneWorkerForTheBrowserModules(config, log)


def _file(nodeid: str) -> str:
    """The test file of the test ``nodeid``, as pytest names it (relative to the run's root)."""
    return nodeid.split("::", 1)[0]


def _needs(item: pytest.Item, build: tuple[str, str]) -> bool:
    folder, fixture = build
    return item.path.is_relative_to(_TESTS / folder) and fixture in getattr(item, "fixturenames", ())


def fold_outcome(outcomes: dict[str, dict[str, Any]], nodeid: str, when: str, outcome: str,
                 rules: list[str]) -> None:
    """Record one report of a test in ``outcomes``: the call phase's outcome, or
    ``failed`` when setup or teardown fail, or ``skipped`` when setup skips.
    (``xfail`` reports as ``skipped``.) A later phase never hides a failure."""
    previous = outcomes.get(nodeid, {}).get("outcome")
    if when == "call":
        recorded = outcome
    elif when == "setup" and outcome != "passed":
        recorded = outcome
    elif when == "teardown" and outcome == "failed":
        recorded = "failed"
    else:
        return
    if previous == "failed":
        return
    outcomes[nodeid] = {"outcome": recorded, "rules": list(rules)}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Record one outcome per test (:func:`fold_outcome`). The controller of a
    parallel run also appends each report to the log its workers read."""
    if not _CONFIG:
        return
    config = _CONFIG[-1]
    rules = config.stash[_RULES].get(report.nodeid, [])
    fold_outcome(config.stash[_OUTCOMES], report.nodeid, report.when, report.outcome, rules)
    log = config.stash.get(_LOG, None)
    if log is not None:
        with log.open("a", encoding="utf-8") as f:
            f.write(json.dumps([report.nodeid, report.when, report.outcome]) + "\n")


def recorded_outcomes(config: pytest.Config) -> dict[str, dict[str, Any]]:
    """The outcomes recorded so far, by node ID (a copy)."""
    return {k: {"outcome": v["outcome"], "rules": list(v["rules"])}
            for k, v in config.stash[_OUTCOMES].items()}


def cited(outcomes: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The outcomes of the tests that cite a rule: all the rulebook shows (``rules.rulebook.tests_by_rule``
    reads a citation's outcome from the items of its test or class, which all carry its marker, and
    adds the items a marker cites at run time). A test citing none is left out, so that the rulebook can
    be built before such tests have run (decision record 0038)."""
    return {k: v for k, v in outcomes.items() if v["rules"]}


class _LogReader:
    """The controller's log, folded as it grows: each :meth:`read` folds only the lines written
    since the last (a waiting worker reads it twice a second for the whole run) and returns (the
    lines folded so far, the outcomes as one process folds them, the tests finished: their
    teardown reported, or their worker crashed). A line still being written waits for the next read."""

    def __init__(self, log: Path, rules: dict[str, list[str]]) -> None:
        self.log, self.rules, self.offset, self.lines = log, rules, 0, 0
        self.outcomes: dict[str, dict[str, Any]] = {}
        self.finished: set[str] = set()

    def read(self) -> tuple[int, dict[str, dict[str, Any]], set[str]]:
        with self.log.open("rb") as f:
            f.seek(self.offset)
            new = f.read()
        whole = new[:new.rfind(b"\n") + 1]
        self.offset += len(whole)
        for line in whole.decode("utf-8").splitlines():
            nodeid, when, outcome = json.loads(line)
            fold_outcome(self.outcomes, nodeid, when, outcome, self.rules.get(nodeid, []))
            if when in ("teardown", "???"):  # "???": the report of a crashed worker's test
                self.finished.add(nodeid)
            self.lines += 1
        return self.lines, self.outcomes, self.finished


def _citing_tests(config: pytest.Config) -> set[str]:
    """The node IDs of the tests that cite a rule, but the ``docs`` ones: the tests whose outcomes
    the rulebook shows, which its build and the ``docs`` tests wait for (decision records 0038, 0052)."""
    return {nodeid for nodeid, ids in config.stash[_RULES].items() if ids} - config.stash[_DOCS]


def citing_outcomes(config: pytest.Config) -> dict[str, dict[str, Any]]:
    """A worker of a parallel run: wait until the controller's log holds every
    test that cites a rule (but the ``docs`` ones) finished (its teardown
    reported, or its worker crashed), and return the outcomes folded so far as in
    one process (:func:`test_status_path` keeps the citing ones, :func:`cited`). The
    tests that cite no rule may still run on the other worker meanwhile (decision
    record 0052).

    The controller hands out tests in collection order, the citing files first and
    ``docs`` last, so when a worker reaches a ``docs`` test the others still run only
    ordinary tests or wait here too. When every worker waits here and tests are
    still missing, nothing will run them (a crashed worker's tests rescheduled
    behind the ``docs`` ones): once the log has not grown for
    :data:`_STALL_SECONDS` (the last reports may still be on their way to the
    controller), the wait fails and names them.
    """
    log = Path(config.workerinput[_LOG_INPUT])  # type: ignore[attr-defined]
    waiting = log.parent / f"waiting-{config.workerinput['workerid']}"  # type: ignore[attr-defined]
    rules = config.stash[_RULES]
    expected = _citing_tests(config)
    workers = config.workerinput["workercount"]  # type: ignore[attr-defined]
    waiting.touch()
    seen, stalled_since = -1, time.monotonic()
    reader = _LogReader(log, rules)
    try:
        while True:
            length, outcomes, finished = reader.read()
            missing = expected - finished
            if not missing:
                return {k: v for k, v in outcomes.items() if k not in config.stash[_DOCS]}
            if length != seen or len(list(log.parent.glob("waiting-*"))) < workers:
                seen, stalled_since = length, time.monotonic()
            elif time.monotonic() - stalled_since > _STALL_SECONDS:  # a report on its way has had its time
                pytest.fail(f"every worker waits for the docs tests, and {len(missing)} tests never ran: "
                            f"{sorted(missing)[:10]}")
            time.sleep(_POLL_SECONDS)
    finally:
        waiting.unlink(missing_ok=True)


@pytest.fixture(scope="session")
def test_status_path(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Write ``{"tests": {nodeid: {"outcome": ..., "rules": [...]}}}`` and return its path.

    The file holds the outcome of every test that cites a rule but the ``docs`` tests':
    they run last (in one process, by collection order, after every other test; in a
    parallel run, each worker that reaches one first waits for every citing test:
    :func:`citing_outcomes`).
    """
    path = tmp_path_factory.mktemp("test-status") / "test-status.json"
    outcomes = citing_outcomes(request.config) if _is_worker(request.config) else recorded_outcomes(request.config)
    _write_status(path, cited(outcomes))
    return path


def _write_status(path: Path, outcomes: dict[str, dict[str, Any]]) -> None:
    path.write_text(json.dumps({"tests": outcomes}, indent=2, sort_keys=True), encoding="utf-8")


@pytest.fixture(scope="session")
def rulebook_html(test_status_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The rulebook built once per run with the outcomes of the citing tests (tests/docs_build.py);
    in a parallel run usually built already, in the background (:func:`_rulebook_in_background`)."""
    return build_rulebook(test_status_path, tmp_path_factory)


def _cited_outcomes_once_finished(config: pytest.Config, stop: threading.Event) -> dict[str, dict[str, Any]] | None:
    """A worker of a parallel run: wait until the controller's log holds every test that cites a
    rule finished, and return their outcomes (:func:`cited`), or ``None`` once ``stop`` is set
    (the session ended first: a run stopped early, or a crashed worker's tests never ran; the
    ``docs`` tests' own wait, :func:`citing_outcomes`, reports those)."""
    log = Path(config.workerinput[_LOG_INPUT])  # type: ignore[attr-defined]
    rules = config.stash[_RULES]
    expected = _citing_tests(config)
    reader = _LogReader(log, rules)
    while not stop.is_set():
        _, outcomes, finished = reader.read()
        if expected <= finished:
            return cited(outcomes)
        stop.wait(_POLL_SECONDS)
    return None


@pytest.fixture(scope="session", autouse=True)
def _rulebook_in_background(request: pytest.FixtureRequest,
                            tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """On each worker of a parallel run whose tests request :func:`rulebook_html`: a thread that
    builds it as soon as every citing test has finished (they run first:
    ``pytest_collection_modifyitems``), while the other tests still run, rather than at the
    end of the run with only the ``docs`` tests after it. Both workers' threads ask
    ``built_once``: one builds, the other waits for it; a ``docs`` test then finds it built,
    or waits for it. The status file it is built with holds what the ``docs`` tests'
    ``test_status_path`` holds, the citing tests' outcomes, which are final once they have
    finished (decision record 0038). The session's end waits for a build under way."""
    config = request.config
    items = request.session.items
    if not _is_worker(config) or not any(RULEBOOK_FIXTURE in getattr(item, "fixturenames", ()) for item in items):
        yield
        return
    status = run_folder(tmp_path_factory) / f"test-status-{config.workerinput['workerid']}.json"  # type: ignore[attr-defined]
    stop = threading.Event()

    def build() -> None:
        outcomes = _cited_outcomes_once_finished(config, stop)
        if outcomes is None:
            return
        _write_status(status, outcomes)
        _quietly(lambda: build_rulebook(status, tmp_path_factory))

    thread = threading.Thread(target=build, name="rulebook-in-background", daemon=True)
    thread.start()
    yield
    stop.set()
    thread.join()


def _quietly(build: Callable[[], object]) -> None:
    """Run a build in a background thread: ``built_once`` keeps a failure, and the tests that need
    the build fail with its message; the thread has no one to tell."""
    try:
        build()
    except BaseException:
        return


@pytest.fixture(scope="session", autouse=True)
def _site_in_background(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """On each worker of a parallel run that has tests needing the site (:data:`SITE_TESTS`): a
    thread that asks ``build_site`` for it when the session starts, so that it is built while the
    citing tests run (they come first). The ``site`` fixture checks what the build needs (npm, no
    prebuilt site) and waits for this build; the session's end waits for a build under way."""
    if (not _is_worker(request.config) or os.environ.get("RULES_WEB_SITE") or shutil.which("npm") is None
            or not any(_needs(item, SITE_TESTS) for item in request.session.items)):
        yield
        return
    run_folder(tmp_path_factory)  # made here, not in two threads at once
    thread = threading.Thread(target=_quietly, args=(lambda: build_site(tmp_path_factory),),
                              name="site-in-background", daemon=True)
    thread.start()
    yield
    thread.join()


# ----------------------------------------------------------------- Claim positions


def claim_position(*, phase: int = 1, leader: int = 0, lead_hand: tuple[str, ...] | list[str] = (),
                   follow_hand: tuple[str, ...] | list[str] = (), lacks: tuple[str, ...] | list[str] = (),
                   revealed: str | None = None, deck_top: str | None = None) -> Any:
    """A consistent 52-card Claim position at the start of a phase, built by hand.

    ``lead_hand``/``follow_hand`` name cards the leader (seat ``leader``) and
    the other seat must hold; the rest of each hand (13 cards) is filled from
    the remaining cards in deck order, the follower's without any card of the
    factions in ``lacks`` (e.g. ``("goblin", "doppelganger")`` for a follower
    void in Goblins who also cannot play a Doppelganger).

    Phase one is ``CLAIM.initial_state`` of a real ``Setup``: ``revealed`` is
    the top card of the draw deck, ``deck_top`` the card below it (the one
    the loser of the first trick draws). Phase two is the state after
    thirteen tricks: the hands hold the followers, the other 26 cards are out
    of the game, the deck is empty.
    """
    from collections import Counter

    from rules.claim import CLAIM, Card, Phase, Setup, State, full_deck

    pool = Counter(full_deck())

    def take(text: str) -> Card:
        c = Card.parse(text)
        if pool[c] <= 0:
            raise ValueError(f"position names {c} more often than the deck holds it")
        pool[c] -= 1
        return c

    lead_cards = [take(t) for t in lead_hand]
    follow_cards = [take(t) for t in follow_hand]
    top = [take(t) for t in (revealed, deck_top) if t is not None] if phase == 1 else []
    if phase == 1 and revealed is None and deck_top is not None:
        raise ValueError("name the revealed card when naming the deck's top card")
    excluded = {f.lower() for f in lacks}
    for c in follow_cards:
        if c.faction.key in excluded:
            raise ValueError(f"the follower holds {c} but should lack {c.faction.key}")

    def fill(hand: list[Card], allowed: Any) -> tuple[Card, ...]:
        for c in sorted(pool.elements()):
            if len(hand) == 13:
                break
            if allowed(c):
                pool[c] -= 1
                hand.append(c)
        if len(hand) != 13:
            raise ValueError("not enough cards to fill the hand")
        return tuple(hand)

    follower = fill(follow_cards, lambda c: c.faction.key not in excluded)
    leading = fill(lead_cards, lambda c: True)
    hands = (leading, follower) if leader == 0 else (follower, leading)
    rest = tuple(sorted(pool.elements()))
    if phase == 1:
        setup = Setup(hands, tuple(top) + rest, leader)
        return CLAIM.initial_state(setup)
    return State(phase=Phase.TWO, hands=hands, deck=(), face_up=(), leader=leader, table=(), followers=((), ()),
                 known_followers=((), ()), score=((), ()), discard=rest, tricks_played=13)


@pytest.fixture
def position() -> Any:
    """:func:`claim_position`, for tests that build Claim positions by hand."""
    return claim_position
