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
object comes from :func:`rules.games.load`. A game draws the ``figure`` of
its examples when its game object offers the kernel's
:class:`~rules.kernel.pictures.Pictures` protocol (:func:`draw`); this module
knows nothing of any game's figures (decision record 0015). The chapters and
languages of the rulebook come from the registered games and the spec's
books (:func:`chapters`, :func:`languages`).
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import attrs

from rules.kernel import citations, pictures
from rules.kernel.pictures import Picture, Pictures
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

#: The label of each annotation kind, in every language of the books (a test
#: checks that each book's language has its text).
ANNOTATION_LABELS: dict[str, Text] = {
    "ruling": Text.of(cs="Výklad knihovny", hu="A könyvtár értelmezése", en="Ruling: the library's interpretation"),
    "clarification": Text.of(cs="Upřesnění", hu="Pontosítás", en="Clarification"),
    "example": Text.of(cs="Příklad", hu="Példa", en="Example"),
    "repair": Text.of(cs="Oprava textu", hu="Szövegjavítás", en="Text repair"),
    "picture": Text.of(cs="Obrázek", hu="Ábra", en="Picture"),
}


def languages() -> tuple[str, ...]:
    """Every language the rulebook shows: each book's language, then English."""
    return tuple(dict.fromkeys([*(b.language for b in load_spec().books), "en"]))


def label(kind: str, language: str) -> str:
    """The label of an annotation kind in ``language`` (English when the kind is unknown)."""
    found = ANNOTATION_LABELS.get(kind)
    if found is None:
        return kind
    return dict(found.by_lang).get(language, found.get("en"))


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


@attrs.frozen
class Chapter:
    """One chapter of the rulebook: a registered game's sections of a spec book.

    Every book is a chapter of its own game; a registered game that has no
    book of its own but whose rule IDs a book admits as a namespace (the Claim
    2 book states the ``claim-combined.`` rules) gets the sections of that
    book where its rules are, from the first such section on.
    """

    key: str  #: the registered game key (``claim``, ``claim-combined``)
    book: Book
    sections: tuple[str, ...]

    @property
    def rules(self) -> tuple[Rule, ...]:
        return tuple(r for r in self.book.rules if r.section in self.sections)


def chapters() -> tuple[Chapter, ...]:
    """The rulebook's chapters, from the spec's books and the registered games (:mod:`rules.games`)."""
    from rules import games

    out: list[Chapter] = []
    for b in load_spec().books:
        keys = [s.key for s in b.sections]
        guests = [ns for ns in b.namespaces if ns in games.GAMES and not _has_book(ns)]
        own = list(keys)
        found: list[Chapter] = []
        for guest in guests:
            first = next((i for i, k in enumerate(keys)
                          if any(r.id.startswith(guest + ".") for r in b.rules_in(k))), None)
            if first is None:
                continue
            taken = [k for k in keys[first:] if k in own]
            own = [k for k in own if k not in taken]
            found.append(Chapter(guest, b, tuple(taken)))
        out.append(Chapter(b.game, b, tuple(own)))
        out.extend(found)
    return tuple(out)


def _has_book(game: str) -> bool:
    return any(b.game == game for b in load_spec().books)


def chapter(key: str) -> Chapter:
    """The chapter of a registered game key (``KeyError`` if there is none)."""
    for c in chapters():
        if c.key == key:
            return c
    raise KeyError(key)


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
    return nodeid == base or nodeid.startswith((base + "::", base + "["))


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
    except Exception as exc:
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
        except Exception as exc:
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


def draw(game: str, annotation: Annotation, languages: Iterable[str] | None = None) -> Picture | None:
    """Draw ``annotation.figure`` with the game object and replay it with the engine.

    The game object offers :class:`~rules.kernel.pictures.Pictures`; ``None``
    when the annotation has no figure or the game draws none. A malformed
    figure gives a picture without SVG whose ``problems`` say why; every
    disagreement with the engine is in ``problems`` (the Sphinx extension
    turns them into build warnings, fatal under ``-W``). ``languages``
    default to the book's.
    """
    if not annotation.figure:
        return None
    obj = load_game(game)
    if not isinstance(obj, Pictures):
        return None
    langs = tuple(languages) if languages is not None else book(game).languages
    try:
        return obj.draw_figure(annotation.figure, langs)
    except MalformedError as exc:
        return pictures.failed(f"not a valid figure: {exc}")


# --------------------------------------------------------------------------- tables


@attrs.frozen
class Table:
    """A table of a game's data (its cards, pieces or counts) that a rule of its book states.

    The rulebook shows it under the rule ``rule``: a title, the column headers and the
    rows, every cell in the rulebook's languages (a cell whose text is the same in
    each language is shown once). Generated by the game from its data at build time.
    """

    key: str  #: unique within the game; the anchor is ``<game>-table-<key>``
    rule: str  #: the rule ID under which the table is shown
    title: Text
    columns: tuple[Text, ...]
    rows: tuple[tuple[Text, ...], ...]


@runtime_checkable
class Tables(Protocol):
    """The optional capability of a game object to tabulate the data its rules state."""

    def data_tables(self, languages: Sequence[str]) -> Sequence[Table]:
        """Every table, each naming the rule it belongs under."""
        ...


def tables(game: str, languages: Iterable[str] | None = None) -> tuple[Table, ...]:
    """The tables of ``game`` (none when its game object does not offer :class:`Tables`).

    A table naming an unknown rule, repeating a key, or with a row whose length is not
    the header's raises :class:`MalformedError`.
    """
    from rules import games

    if game not in games.GAMES:
        return ()
    obj = load_game(game)
    if not isinstance(obj, Tables):
        return ()
    langs = tuple(languages) if languages is not None else book(game).languages
    found = tuple(obj.data_tables(langs))
    spec = load_spec()
    keys = [t.key for t in found]
    for t in found:
        if t.rule not in spec:
            raise MalformedError(f"table {t.key!r} names the unknown rule {t.rule!r}")
        if keys.count(t.key) > 1:
            raise MalformedError(f"two tables have the key {t.key!r}")
        bad = [i for i, row in enumerate(t.rows) if len(row) != len(t.columns)]
        if bad:
            raise MalformedError(f"table {t.key!r}: row {bad[0] + 1} has not {len(t.columns)} cells")
    return found


# --------------------------------------------------------------------------- rulings


def rulings(games: Iterable[str] | None = None) -> list[tuple[Rule, Annotation]]:
    """Every ruling of every (or the given) game, in rulebook order."""
    spec = load_spec()
    wanted = set(games) if games is not None else None
    return [(r, a) for b in spec.books if wanted is None or b.game in wanted
            for r in b.rules for a in r.annotations if a.kind == "ruling"]
