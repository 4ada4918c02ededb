"""What the generated rulebook says about each rule, independent of Sphinx.

For every rule of a game this module gathers, from the library itself:

- the record (:mod:`rules.kernel.spec`): text in both languages, source,
  ``see`` links and annotations;
- the implementing code (:mod:`rules.kernel.registry`, filled by importing the
  game through :func:`rules.games.load`);
- the tests that cite it (:func:`rules.kernel.citations.scan`), with their
  outcome from a test-status file when one is given;
- the proofs that cover it (``proofs.THEOREMS``, optional: a checkout has the
  ``proofs`` package, an installed library may not);
- pictures of worked examples, drawn by the game.

It sits outside :mod:`rules.kernel` because it reaches the games: the game
object comes from :func:`rules.games.load`, and a game's pictures come from an
optional ``pictures`` attribute of the game object or, failing that, from a
``pictures`` module next to the game's module (``rules.claim.pictures`` for
``rules.claim.game``). A pictures module offers::

    trick_svg(trick: Mapping) -> str            # an SVG document
    trick_outcome(trick: Mapping) -> outcome    # .winner ("leader"/"follower"),
                                                # .rules (IDs), .caption (Text)

Both raise :class:`~rules.kernel.verdict.MalformedError` on a bad table.
:func:`draw_trick` compares the engine's winner with the annotation's
``winner``; the Sphinx extension turns a disagreement into a build error.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import time
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs

from rules.kernel import citations
from rules.kernel.registry import Implementation, implementations
from rules.kernel.spec import Annotation, Book, Rule, load_spec
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError

#: The outcomes a test status file may report, and the summary for none.
OUTCOMES = ("passed", "failed", "skipped")
NOT_RUN = "not run in this build"
#: Proof statuses besides the solver's proved/counterexample/unknown.
PROOF_NOT_RUN = "not run"
PROOF_ERROR = "error"

ANNOTATION_LABELS: dict[str, Text] = {
    "ruling": Text.of(cs="Výklad knihovny", en="Ruling: the library's interpretation"),
    "clarification": Text.of(cs="Upřesnění", en="Clarification"),
    "example": Text.of(cs="Příklad", en="Example"),
    "repair": Text.of(cs="Oprava textu", en="Text repair"),
    "picture": Text.of(cs="Obrázek", en="Picture"),
}


def repo_root() -> Path:
    """The directory that holds the ``rules`` package (a checkout's root)."""
    return Path(__file__).resolve().parents[1]


def relative_source(path: str) -> str:
    """``rules/claim/game.py`` for a file of the library, else the path as given."""
    try:
        return Path(path).resolve().relative_to(repo_root()).as_posix()
    except ValueError:
        return path


# --------------------------------------------------------------------------- games and code


def book(game: str) -> Book:
    """The spec book of ``game`` (``KeyError`` if there is none)."""
    return load_spec().book(game)


def load_game(game: str) -> Any:
    """The game object; importing it fills the rule registry."""
    from rules import games  # not the kernel: this module may reach games

    return games.load(game)


def import_game_code(game: str) -> None:
    """Import a game's code so its ``@implements`` are registered: the registered game
    (:func:`load_game`), or, for a book whose engine is not registered yet, every module
    of the package ``rules.<game>`` if there is one."""
    from rules import games

    if game in games.GAMES:
        load_game(game)
        return
    try:
        package = importlib.import_module(f"rules.{game}")
    except ModuleNotFoundError:
        return
    for info in pkgutil.iter_modules(getattr(package, "__path__", []), f"{package.__name__}."):
        importlib.import_module(info.name)


def code_for(rule: Rule) -> tuple[Implementation, ...]:
    """The functions registered as implementing ``rule`` (the game's code is imported first)."""
    import_game_code(rule.game)
    return implementations(rule.id)


# --------------------------------------------------------------------------- tests


@attrs.frozen
class CitingTest:
    """A test that cites a rule, and what happened to it in the reported run."""

    file: str
    line: int
    name: str
    nodeid: str
    outcome: str  # passed | failed | skipped | NOT_RUN
    detail: str = ""  # e.g. "4 passed, 1 skipped" for a parametrised test or a class


def default_tests_dir() -> Path | None:
    """``tests/`` of the checkout, if there is one."""
    folder = repo_root() / "tests"
    return folder if folder.is_dir() else None


def read_test_status(path: str | Path) -> dict[str, dict[str, Any]]:
    """Read ``{"tests": {nodeid: {"outcome": ..., "rules": [...]}}}``.

    Raises :class:`MalformedError` for a missing or malformed file.
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MalformedError("no such test-status file", where=str(path)) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise MalformedError(f"cannot read the test status: {exc}", where=str(path)) from None
    tests = data.get("tests") if isinstance(data, Mapping) else None
    if not isinstance(tests, Mapping):
        raise MalformedError("expected {\"tests\": {nodeid: {\"outcome\": ...}}}", where=str(path))
    out: dict[str, dict[str, Any]] = {}
    for nodeid, entry in tests.items():
        if not isinstance(entry, Mapping) or entry.get("outcome") not in OUTCOMES:
            raise MalformedError(f"test {nodeid!r}: outcome must be one of {', '.join(OUTCOMES)}",
                                 where=str(path))
        rules = entry.get("rules", [])
        out[str(nodeid)] = {"outcome": entry["outcome"],
                            "rules": [r for r in rules if isinstance(r, str)] if isinstance(rules, list) else []}
    return out


def _matches(nodeid: str, base: str) -> bool:
    return nodeid == base or nodeid.startswith(base + "::") or nodeid.startswith(base + "[")


def summarise(outcomes: Iterable[str]) -> tuple[str, str]:
    """(overall outcome, detail) of several pytest items of one test."""
    counts = {o: 0 for o in OUTCOMES}
    for o in outcomes:
        counts[o] += 1
    total = sum(counts.values())
    if total == 0:
        return NOT_RUN, ""
    overall = "failed" if counts["failed"] else "passed" if counts["passed"] else "skipped"
    detail = "" if total == 1 else ", ".join(f"{n} {o}" for o, n in counts.items() if n)
    return overall, detail


def tests_by_rule(tests_dir: str | Path | None,
                  status: Mapping[str, Mapping[str, Any]] | None) -> dict[str, list[CitingTest]]:
    """Every citing test per rule ID.

    Citations come from a static scan of ``tests_dir``; the outcome of each is
    summarised from ``status`` (all items whose node ID starts with the
    citation's). Tests in the status file that cite a rule only at run time
    (e.g. through a shared marker the scan cannot see) are added as well.
    """
    table: dict[str, list[CitingTest]] = {}
    found = citations.scan(tests_dir) if tests_dir is not None and Path(tests_dir).is_dir() else []
    status = status or {}
    covered: set[tuple[str, str]] = set()
    for c in found:
        base = f"{c.file}::{c.name}"
        if status:
            overall, detail = summarise(v["outcome"] for k, v in status.items() if _matches(k, base))
        else:
            overall, detail = NOT_RUN, ""
        for rule in dict.fromkeys(c.rules):
            table.setdefault(rule, []).append(CitingTest(c.file, c.line, c.name, base, overall, detail))
            covered.add((rule, base))
    # run-time citations the scan missed
    extra: dict[tuple[str, str], list[str]] = {}
    for nodeid, entry in status.items():
        base = nodeid.split("[", 1)[0]
        for rule in entry.get("rules", ()):
            if not any(_matches(base, b) for r, b in covered if r == rule):
                extra.setdefault((rule, base), []).append(entry["outcome"])
    for (rule, base), outcomes in sorted(extra.items()):
        overall, detail = summarise(outcomes)
        file, _, name = base.partition("::")
        table.setdefault(rule, []).append(CitingTest(file, 0, name, base, overall, detail))
    return table


# --------------------------------------------------------------------------- proofs


@attrs.frozen
class ProofRun:
    """One theorem and, when it was checked in this build, its outcome."""

    name: str
    rules: tuple[str, ...]
    statement: str
    status: str  # proved | counterexample | unknown | PROOF_ERROR | PROOF_NOT_RUN
    seconds: float | None = None
    detail: str = ""  # the counterexample, why unknown, or the error


@attrs.frozen
class ProofReport:
    """The proofs of this build: whether the ``proofs`` package could be used, and the runs."""

    available: bool
    reason: str  # why not available (empty when available)
    runs: tuple[ProofRun, ...] = ()
    checked: bool = False  # were the theorems run?

    def for_rule(self, rule_id: str) -> tuple[ProofRun, ...]:
        return tuple(p for p in self.runs if rule_id in p.rules)


def _theorems(module: str) -> tuple[Any, ...] | str:
    try:
        mod = importlib.import_module(module)
    except Exception as exc:  # noqa: BLE001 - any failure means "no proofs here"
        return f"cannot import {module!r}: {type(exc).__name__}: {exc}"
    theorems = getattr(mod, "THEOREMS", None)
    if theorems is None:
        return f"{module!r} has no THEOREMS"
    if isinstance(theorems, Mapping):
        return tuple(theorems.values())
    return tuple(theorems)


def _text_of(value: Any) -> str:
    if isinstance(value, Text):
        return value.get("en")
    return str(value) if value is not None else ""


def collect_proofs(run: bool, module: str = "proofs") -> ProofReport:
    """Import ``module`` and, with ``run``, check every theorem once, timing it.

    Never raises: an import failure gives an unavailable report; a theorem
    whose check raises gets the status ``error`` with the exception as detail.
    """
    theorems = _theorems(module)
    if isinstance(theorems, str):
        return ProofReport(False, theorems)
    runs = []
    for t in theorems:
        name = str(getattr(t, "name", t))
        rules = tuple(str(r) for r in getattr(t, "rules", ()))
        statement = _text_of(getattr(t, "statement", ""))
        if not run:
            runs.append(ProofRun(name, rules, statement, PROOF_NOT_RUN))
            continue
        start = time.perf_counter()
        try:
            result = t.check()
        except Exception as exc:  # noqa: BLE001 - reported, not raised
            runs.append(ProofRun(name, rules, statement, PROOF_ERROR, time.perf_counter() - start,
                                 f"{type(exc).__name__}: {exc}"))
            continue
        status = getattr(result, "status", None)
        status = str(getattr(status, "value", status))
        seconds = getattr(result, "seconds", None)
        detail = getattr(result, "counterexample", None) or getattr(result, "reason", None) or ""
        runs.append(ProofRun(name, rules, statement, status,
                             float(seconds) if seconds is not None else time.perf_counter() - start,
                             str(detail)))
    return ProofReport(True, "", tuple(runs), run)


# --------------------------------------------------------------------------- pictures


@attrs.frozen
class TrickPicture:
    """A worked trick drawn by its game, with the engine's verdict."""

    svg: str
    winner: str  # as the engine decides
    rules: tuple[str, ...]  # why, as the engine explains
    caption: Text
    problems: tuple[str, ...]  # non-empty: the annotation disagrees with the engine


@cache
def pictures_module(game: str) -> Any | None:
    """The game's pictures: its ``pictures`` attribute, else ``<game package>.pictures``, else None."""
    obj = load_game(game)
    found = getattr(obj, "pictures", None)
    if found is not None:
        return found
    package = type(obj).__module__.rpartition(".")[0]
    if not package:
        return None
    name = f"{package}.pictures"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise


def draw_trick(game: str, annotation: Annotation) -> TrickPicture | None:
    """Draw ``annotation.trick`` with the game's pictures and check its ``winner``.

    ``None`` when the annotation has no trick or the game draws no pictures.
    A malformed trick or a ``winner`` the engine disagrees with is reported in
    ``problems`` (and the picture shows what the engine decided).
    """
    if not annotation.trick:
        return None
    module: ModuleType | Any | None = pictures_module(game)
    if module is None or not hasattr(module, "trick_svg"):
        return None
    trick = annotation.trick
    try:
        outcome = module.trick_outcome(trick)
        svg = module.trick_svg(trick)
    except MalformedError as exc:
        return TrickPicture("", "", (), Text.of(en=""), (f"not a valid trick: {exc}",))
    problems = []
    claimed = trick.get("winner")
    if claimed is None:
        problems.append(f"the trick names no winner; the engine says {outcome.winner!r}")
    elif claimed != outcome.winner:
        problems.append(f"the annotation says the {claimed} wins, but the engine "
                        f"(rules {', '.join(outcome.rules)}) gives the trick to the {outcome.winner}")
    return TrickPicture(svg, outcome.winner, tuple(outcome.rules), outcome.caption, tuple(problems))


@attrs.frozen
class FigurePicture:
    """A worked example (an annotation's ``figure``) drawn and checked by its game."""

    svg: str
    rules: tuple[str, ...]  # the rules the engine applied
    caption: Text
    problems: tuple[str, ...]  # non-empty: the figure disagrees with the engine


def draw_figure(game: str, annotation: Annotation) -> FigurePicture | None:
    """Draw ``annotation.figure`` with the game's pictures and replay it with the engine.

    The pictures module offers ``figure_svg(figure) -> str`` and
    ``figure_outcome(figure)`` with ``.rules``, ``.caption`` and ``.problems``
    (what the figure claims that the engine does not do). ``None`` when the
    annotation has no figure or the game draws no figures.
    """
    if not annotation.figure:
        return None
    module: ModuleType | Any | None = pictures_module(game)
    if module is None or not hasattr(module, "figure_svg"):
        return None
    try:
        outcome = module.figure_outcome(annotation.figure)
        svg = module.figure_svg(annotation.figure)
    except MalformedError as exc:
        return FigurePicture("", (), Text.of(en=""), (f"not a valid figure: {exc}",))
    return FigurePicture(svg, tuple(outcome.rules), outcome.caption, tuple(outcome.problems))


# --------------------------------------------------------------------------- rulings


def rulings(games: Iterable[str] | None = None) -> list[tuple[Rule, Annotation]]:
    """Every ruling of every (or the given) game, in rulebook order."""
    spec = load_spec()
    wanted = set(games) if games is not None else None
    return [(r, a) for b in spec.books if wanted is None or b.game in wanted
            for r in b.rules for a in r.annotations if a.kind == "ruling"]
