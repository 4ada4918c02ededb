"""Load and validate the rule specification (``spec/<game>.toml``, and the
``spec/*.toml`` of every registered game's package: decision record 0024).

The format is described in ``docs/decisions/0002-spec-record-format.md``.
Every error names the file and, where there is one, the rule ID.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from rules.kernel.languages import FALLBACK
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError

RULE_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)+$")
ANNOTATION_KINDS = ("ruling", "clarification", "example", "repair", "picture")
_BOOK_KEYS = {"game", "language", "title", "seeds", "namespaces"}
_SECTION_KEYS = {"key", "title", "intro"}
_QUICK_KEYS = {"chapter", "key", "title", "text"}
_RULE_KEYS = {"id", "section", "title", "text", "source", "informative", "see", "annotation"}
_ANNOTATION_KEYS = {"kind", "text", "source", "figure", "by"}
#: who wrote an example that is not the book's: ``by = "library"`` (issue 18 §1)
LIBRARY = "library"
_SOURCE_KEYS = {"seed", "section"}


class SpecError(MalformedError):
    """A spec file that breaks the record format."""


@attrs.frozen
class Source:
    seed: str
    section: str


@attrs.frozen
class Annotation:
    kind: str
    text: Text
    source: str | None = None
    #: Free-form data of a worked example that the game object draws and replays
    #: (:class:`rules.kernel.pictures.Pictures`); the loader only checks that it
    #: is a table. Decision record 0015.
    figure: Mapping[str, Any] | None = attrs.field(default=None, eq=False, hash=False)
    #: an example the library wrote (``by = "library"``), not the book: labelled as such
    by_library: bool = False

    @property
    def label_key(self) -> str:
        """The key of this annotation's label (``rules/kernel/messages.toml``, ``[annotation]``):
        its kind, or ``library-example`` for an example of the library's own."""
        return "library-example" if self.by_library else self.kind


@attrs.frozen
class Rule:
    """One rule record: the unit code, tests, proofs and the rulebook cite."""

    id: str
    game: str
    section: str
    title: Text
    text: Text
    source: Source
    informative: bool = False
    see: tuple[str, ...] = ()
    annotations: tuple[Annotation, ...] = ()

    @property
    def rulings(self) -> tuple[Annotation, ...]:
        return tuple(a for a in self.annotations if a.kind == "ruling")

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "section": self.section,
            "title": self.title.to_json(),
            "text": self.text.to_json(),
            "source": {"seed": self.source.seed, "section": self.source.section},
            "informative": self.informative,
            "see": list(self.see),
            "annotations": [
                {"kind": a.kind, "text": a.text.to_json(), "source": a.source,
                 **({"by": LIBRARY} if a.by_library else {}),
                 **({"figure": dict(a.figure)} if a.figure else {})}
                for a in self.annotations
            ],
        }


@attrs.frozen
class Section:
    key: str
    title: Text
    intro: Text | None = None


@attrs.frozen
class QuickItem:
    """One part of a chapter's quick reference for players (``[[quick]]``): setup, the
    turn, how the game ends; a few lines that cite the rules they sum up, so the
    rulebook links them (decision record 0031). ``chapter`` is the game key of the
    chapter it opens (the book's own game unless a namespace's chapter is meant)."""

    chapter: str
    key: str
    title: Text
    text: Text


@attrs.frozen
class Book:
    """One game's rulebook as records, in rulebook order."""

    game: str
    language: str
    title: Text
    seeds: tuple[str, ...]
    sections: tuple[Section, ...]
    rules: tuple[Rule, ...]
    path: str
    #: ID prefixes this book may use besides its own game key: the Claim 2
    #: rulebook also states the combination rules (``claim-combined.``) and the
    #: three/four-player variants of Claim's own factions (``claim.``).
    namespaces: tuple[str, ...] = ()
    #: the quick references of the book's chapters, in book order (decision record 0031)
    quick: tuple[QuickItem, ...] = ()

    @property
    def languages(self) -> tuple[str, str]:
        return (self.language, FALLBACK)

    def rules_in(self, section: str) -> tuple[Rule, ...]:
        return tuple(r for r in self.rules if r.section == section)


@attrs.frozen
class Spec:
    """All books; look rules up by ID.

    The rules in book order and an index by ID are made once, with the spec: ``rule_id in
    spec`` and ``spec[rule_id]`` are one look-up, not a pass over every rule (a caller checks the
    IDs of every violation it sees: the conformance suite, thousands of times)."""

    books: tuple[Book, ...]
    _all: tuple[Rule, ...] = attrs.field(init=False, repr=False, eq=False)
    _by_id: Mapping[str, Rule] = attrs.field(init=False, repr=False, eq=False)

    @_all.default
    def _every_rule(self) -> tuple[Rule, ...]:
        return tuple(r for b in self.books for r in b.rules)

    @_by_id.default
    def _index(self) -> Mapping[str, Rule]:
        return {r.id: r for r in reversed(self._all)}  # reversed: the first of an ID wins (a dict: a spec pickles)

    @property
    def rules(self) -> tuple[Rule, ...]:
        return self._all

    def book(self, game: str) -> Book:
        for b in self.books:
            if b.game == game:
                return b
        raise KeyError(game)

    def __contains__(self, rule_id: object) -> bool:
        try:
            return rule_id in self._by_id
        except TypeError:  # an unhashable value is no rule's ID
            return False

    def __getitem__(self, rule_id: str) -> Rule:
        try:
            return self._by_id[rule_id]
        except TypeError:
            raise KeyError(rule_id) from None

    def get(self, rule_id: str) -> Rule | None:
        try:
            return self[rule_id]
        except KeyError:
            return None


# --------------------------------------------------------------------------- loading


def spec_dir() -> Path:
    """The library's own books: ``rules/_spec``, shipped as package data when
    installed and in a checkout a link to the top-level ``spec/`` (resolved, so
    errors name ``spec/claim.toml``); else ``spec/`` of the checkout."""
    packaged = Path(str(resources.files("rules"))) / "_spec"
    if packaged.is_dir() and any(packaged.glob("*.toml")):
        return packaged.resolve()
    return Path(__file__).resolve().parents[2] / "spec"


#: The book folders of registered games besides the library's own (decision record
#: 0024): set by :mod:`rules.games`, which finds them; the kernel imports no game.
_game_books: tuple[Path, ...] = ()


def use_game_books(folders: Iterable[Path | str]) -> None:
    """Read the books in ``folders`` too, after the library's own (each registered
    game package's ``spec/``). Replaces the folders given before, so a registry that
    is read again says which games it holds now."""
    global _game_books
    own = spec_dir().resolve()
    _game_books = tuple(dict.fromkeys(Path(f) for f in folders if Path(f).resolve() != own))


def book_folders() -> tuple[Path, ...]:
    """Where :func:`load_spec` reads by default: the library's books, then the registered games'."""
    return (spec_dir(), *_game_books)


def load_spec(directory: str | None = None) -> Spec:
    """Every ``*.toml`` in ``directory``, or by default in each of :func:`book_folders`."""
    return _load((Path(directory),) if directory else book_folders())


@cache
def _load(folders: tuple[Path, ...]) -> Spec:
    books: list[Book] = []
    for folder in folders:
        paths = sorted(folder.glob("*.toml"))
        if not paths:
            raise SpecError(f"no spec files in {folder}")
        books.extend(load_book(p) for p in paths)
    _check_unique_and_links(books)
    return Spec(tuple(books))


def load_book(path: Path | str) -> Book:
    path = Path(path)
    name = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise SpecError(f"cannot read: {exc}", where=name) from None
    except tomllib.TOMLDecodeError as exc:
        raise SpecError(f"not valid TOML: {exc}", where=name) from None
    return parse_book(data, name)


def parse_book(data: Mapping[str, Any], name: str) -> Book:
    _only(data, {"book", "section", "rule", "quick"}, name, "top level")
    book = _table(data.get("book"), name, "[book]")
    _only(book, _BOOK_KEYS, name, "[book]")
    game = _string(book.get("game"), name, "[book].game")
    language = _string(book.get("language"), name, "[book].language")
    langs = (language, FALLBACK)
    title = _text(book.get("title"), langs, name, "[book].title")
    seeds = tuple(_string(s, name, "[book].seeds") for s in _list(book.get("seeds", []), name, "[book].seeds"))
    namespaces = tuple(_string(s, name, "[book].namespaces")
                       for s in _list(book.get("namespaces", []), name, "[book].namespaces"))
    prefixes = (game, *namespaces)

    sections = []
    for i, raw in enumerate(_list(data.get("section", []), name, "[[section]]")):
        where = f"[[section]] #{i + 1}"
        raw = _table(raw, name, where)
        _only(raw, _SECTION_KEYS, name, where)
        key = _string(raw.get("key"), name, f"{where}.key")
        intro = _text(raw["intro"], langs, name, f"section {key}.intro") if "intro" in raw else None
        sections.append(Section(key, _text(raw.get("title"), langs, name, f"section {key}.title"), intro))
    keys = [s.key for s in sections]
    if len(set(keys)) != len(keys):
        raise SpecError(f"duplicate section keys: {sorted({k for k in keys if keys.count(k) > 1})}", where=name)

    rules = tuple(_parse_rule(raw, i, game, prefixes, langs, set(keys), name)
                  for i, raw in enumerate(_list(data.get("rule", []), name, "[[rule]]")))
    quick = tuple(_parse_quick(raw, i, prefixes, langs, name)
                  for i, raw in enumerate(_list(data.get("quick", []), name, "[[quick]]")))
    return Book(game, language, title, seeds, tuple(sections), rules, name, namespaces, quick)


def _parse_quick(raw: Any, index: int, prefixes: tuple[str, ...], langs: tuple[str, str], name: str) -> QuickItem:
    where = f"[[quick]] #{index + 1}"
    raw = _table(raw, name, where)
    _only(raw, _QUICK_KEYS, name, where)
    chapter = _string(raw.get("chapter", prefixes[0]), name, f"{where}.chapter")
    if chapter not in prefixes:
        raise SpecError(f"{where}: chapter {chapter!r} is neither the book's game nor one of its namespaces",
                        where=name)
    return QuickItem(chapter, _string(raw.get("key"), name, f"{where}.key"),
                     _text(raw.get("title"), langs, name, f"{where}.title"),
                     _text(raw.get("text"), langs, name, f"{where}.text"))


def _parse_rule(raw: Any, index: int, game: str, prefixes: tuple[str, ...], langs: tuple[str, str],
                sections: set[str], name: str) -> Rule:
    raw = _table(raw, name, f"[[rule]] #{index + 1}")
    rid = raw.get("id")
    if not isinstance(rid, str) or not RULE_ID.match(rid):
        raise SpecError(f"[[rule]] #{index + 1}: id {rid!r} is not a rule ID (lowercase words joined by hyphens, "
                        "at least two parts joined by dots)", where=name)
    if rid.split(".", 1)[0] not in prefixes:
        allowed = " or ".join(f"'{p}.'" for p in prefixes)
        raise SpecError(f"rule {rid}: ID must start with {allowed} (the book's game key or one of its namespaces)",
                        where=name)
    where = f"rule {rid}"
    _only(raw, _RULE_KEYS, name, where)
    section = _string(raw.get("section"), name, f"{where}.section")
    if section not in sections:
        raise SpecError(f"{where}: unknown section {section!r}", where=name)
    src = _table(raw.get("source"), name, f"{where}.source")
    _only(src, _SOURCE_KEYS, name, f"{where}.source")
    source = Source(_string(src.get("seed"), name, f"{where}.source.seed"),
                    _string(src.get("section"), name, f"{where}.source.section"))
    informative = raw.get("informative", False)
    if not isinstance(informative, bool):
        raise SpecError(f"{where}.informative must be true or false", where=name)
    see = tuple(_string(s, name, f"{where}.see") for s in _list(raw.get("see", []), name, f"{where}.see"))
    annotations = []
    for j, a in enumerate(_list(raw.get("annotation", []), name, f"{where}.annotation")):
        awhere = f"{where}, annotation #{j + 1}"
        a = _table(a, name, awhere)
        _only(a, _ANNOTATION_KEYS, name, awhere)
        kind = a.get("kind")
        if kind not in ANNOTATION_KINDS:
            raise SpecError(f"{awhere}: kind {kind!r} is not one of {', '.join(ANNOTATION_KINDS)}", where=name)
        figure = a.get("figure")
        if figure is not None:
            figure = _table(figure, name, f"{awhere}.figure")
        asrc = a.get("source")
        if asrc is not None:
            asrc = _string(asrc, name, f"{awhere}.source")
        by = a.get("by")
        if by is not None and (by != LIBRARY or kind != "example"):
            raise SpecError(f"{awhere}: 'by' marks an example the library wrote: by = \"{LIBRARY}\" on kind "
                            f"\"example\", not {by!r} on {kind!r}", where=name)
        annotations.append(Annotation(kind, _text(a.get("text"), langs, name, f"{awhere}.text"), asrc, figure,
                                      by == LIBRARY))
    return Rule(
        id=rid, game=game, section=section,
        title=_text(raw.get("title"), langs, name, f"{where}.title"),
        text=_text(raw.get("text"), langs, name, f"{where}.text"),
        source=source, informative=informative, see=see, annotations=tuple(annotations),
    )


def _check_unique_and_links(books: Iterable[Book]) -> None:
    seen: dict[str, str] = {}
    books = tuple(books)
    for book in books:
        for rule in book.rules:
            if rule.id in seen:
                raise SpecError(f"rule {rule.id}: duplicate ID (also in {seen[rule.id]})", where=book.path)
            seen[rule.id] = book.path
    for book in books:
        for rule in book.rules:
            for target in rule.see:
                if target not in seen:
                    raise SpecError(f"rule {rule.id}: 'see' names unknown rule {target!r}", where=book.path)


def _only(table: Mapping[str, Any], allowed: set[str], name: str, where: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise SpecError(f"{where}: unknown field(s) {', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}",
                        where=name)


def _table(value: Any, name: str, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise SpecError(f"{where}: expected a table", where=name)
    return value


def _list(value: Any, name: str, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise SpecError(f"{where}: expected a list", where=name)
    return value


def _string(value: Any, name: str, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise SpecError(f"{where}: expected a non-empty string", where=name)
    return value


def _text(value: Any, langs: tuple[str, ...], name: str, where: str) -> Text:
    table = _table(value, name, where)
    missing = [lang for lang in langs if not isinstance(table.get(lang), str) or not table[lang].strip()]
    if missing:
        raise SpecError(f"{where}: missing text in {', '.join(missing)}", where=name)
    extra = sorted(set(table) - set(langs))
    if extra:
        raise SpecError(f"{where}: unexpected language(s) {', '.join(extra)}", where=name)
    return Text(tuple((lang, table[lang].strip()) for lang in langs))
