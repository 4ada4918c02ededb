"""A Sphinx extension for citing and publishing the rules.

Load it with ``extensions = ["rules.sphinx"]``. It adds:

- the ``rule`` domain, whose objects are rules, keyed by their IDs; every
  rule a project renders is written to ``objects.inv``, so another project
  with ``sphinx.ext.intersphinx`` resolves ``:rule:`claim.follow-suit``` to it;
- the role ``:rule:`claim.follow-suit``` (also ``:rule:rule:``), with the
  usual ``:rule:`text <claim.follow-suit>``` form; an unknown ID is a warning;
- ``.. rule:: claim.follow-suit``: one rule, in both languages, with its
  annotations, code, tests and proofs (``:no-index:`` to show it without
  registering it, ``:brief:`` for the text alone);
- ``.. rulebook:: claim``: a game's whole chapter, generated from the spec,
  one section per spec section and one subsection per rule, the rule ID
  being the anchor; worked tricks are drawn as SVG and checked against the
  engine (a disagreement is a build warning, fatal under ``-W``);
- ``.. rulings::`` (optionally ``.. rulings:: claim``): every ruling, each
  linking to its rule;
- ``.. proofs::``: a table of every theorem with its rules, status and time.

Configuration:

``rules_test_status``
    Path (relative to the source directory) of a JSON file
    ``{"tests": {nodeid: {"outcome": ..., "rules": [...]}}}`` with the
    outcome of the tests, or ``''``: tests are then "not run in this build".
``rules_run_proofs``
    Check every theorem of ``proofs.THEOREMS`` during the build (default
    ``True``); without it the proofs are listed, not run.
``rules_source_url``
    Base URL of the source tree (``https://…/blob/main``); code and test
    locations then link to ``<url>/<path>#L<line>``. Default: none.
``rules_tests_dir``
    Where to scan for tests that cite rules; default ``tests/`` of the
    checkout that holds the ``rules`` package, if any.
``rules_proofs_module``
    The module with ``THEOREMS`` (default ``proofs``); if it cannot be
    imported, the rulebook says so and the build goes on.

The extension is read- and write-parallel safe. Its styles are the classes
``rules-*``; ``docs/_static/rules.css`` of this project styles them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.domains import Domain, ObjType
from sphinx.environment import BuildEnvironment
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode

from rules import rulebook
from rules.kernel.spec import Annotation, Book, Rule, Section, load_spec
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError

logger = logging.getLogger(__name__)

__all__ = ["RuleDomain", "setup"]

_STATUS_CLASS = {
    "passed": "passed", "failed": "failed", "skipped": "skipped", rulebook.NOT_RUN: "not-run",
    "proved": "passed", "counterexample": "failed", "unknown": "skipped",
    rulebook.PROOF_ERROR: "failed", rulebook.PROOF_NOT_RUN: "not-run",
}
_LANG_NAMES = {"cs": Text.of(cs="česky", en="Czech"), "hu": Text.of(cs="maďarsky", en="Hungarian"),
               "en": Text.of(cs="anglicky", en="English")}


# =========================================================================== domain


class RuleDomain(Domain):
    """The ``rule`` domain: rules as objects, keyed by rule ID."""

    name = "rule"
    label = "Rules"
    object_types: ClassVar[dict[str, ObjType]] = {"rule": ObjType("rule", "rule")}
    roles: ClassVar[dict[str, Any]] = {}  # set below: {"rule": RuleRole(...)}
    dangling_warnings: ClassVar[dict[str, str]] = {"rule": "unknown rule ID: %(target)s"}
    initial_data: ClassVar[dict[str, Any]] = {
        "rules": {},  # rule ID -> (docname, anchor, title)
        "dynamic": {},  # docname -> True: re-read on every build (tests, proofs, code)
    }
    data_version = 1

    @property
    def rules(self) -> dict[str, tuple[str, str, str]]:
        return self.data.setdefault("rules", {})

    @property
    def dynamic(self) -> dict[str, bool]:
        return self.data.setdefault("dynamic", {})

    def note_rule(self, rule_id: str, title: str, location: Any = None) -> None:
        """Register ``rule_id`` as rendered in the current document, anchor = the ID."""
        docname = self.env.docname
        if rule_id in self.rules and self.rules[rule_id][0] != docname:
            other = self.rules[rule_id][0]
            logger.warning("rule %s is already rendered in %s; use :no-index: for a second copy",
                           rule_id, other, location=location, type="rules", subtype="duplicate")
        self.rules[rule_id] = (docname, rule_id, title)

    def note_dynamic(self) -> None:
        self.dynamic[self.env.docname] = True

    def clear_doc(self, docname: str) -> None:
        """Forget the rules rendered in ``docname`` (it is being re-read or was removed)."""
        for rule_id, (doc, _, _) in list(self.rules.items()):
            if doc == docname:
                del self.rules[rule_id]
        self.dynamic.pop(docname, None)

    def merge_domaindata(self, docnames: Iterable[str], otherdata: dict[str, Any]) -> None:
        """Take the rules of ``docnames`` from a parallel reader's data."""
        wanted = set(docnames)
        for rule_id, entry in otherdata.get("rules", {}).items():
            if entry[0] in wanted:
                self.rules[rule_id] = entry
        for docname in otherdata.get("dynamic", {}):
            if docname in wanted:
                self.dynamic[docname] = True

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        """Every rendered rule, for ``objects.inv``: name and anchor are the rule ID."""
        for rule_id, (docname, anchor, _) in sorted(self.rules.items()):
            yield rule_id, rule_id, "rule", docname, anchor, 1

    def _ref(self, builder: Builder, fromdocname: str, target: str, contnode: nodes.Element) -> nodes.reference | None:
        entry = self.rules.get(target)
        if entry is None:
            return None
        docname, anchor, title = entry
        return make_refnode(builder, fromdocname, docname, anchor, contnode, title)

    def resolve_xref(self, env: BuildEnvironment, fromdocname: str, builder: Builder, typ: str, target: str,
                     node: addnodes.pending_xref, contnode: nodes.Element) -> nodes.reference | None:
        """Resolve ``:rule:`ID``` to the rule's anchor, or ``None`` (intersphinx may then try)."""
        return self._ref(builder, fromdocname, target, contnode)

    def resolve_any_xref(self, env: BuildEnvironment, fromdocname: str, builder: Builder, target: str,
                         node: addnodes.pending_xref, contnode: nodes.Element) -> list[tuple[str, nodes.reference]]:
        """Resolve an ``:any:`` reference to a rule ID."""
        ref = self._ref(builder, fromdocname, target, contnode)
        return [("rule:rule", ref)] if ref is not None else []


class RuleRole(XRefRole):
    """``:rule:`claim.follow-suit```: the domain's role, also usable without the ``rule:`` prefix."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        if ":" not in self.name:
            self.name = "rule:rule"
        return super().run()


def rule_xref(rule_id: str, docname: str, text: str | None = None) -> addnodes.pending_xref:
    """A generated ``:rule:`` reference to ``rule_id``.

    Unlike the role, it does not warn when nothing resolves it: the IDs come
    from the validated spec and the engine, and a project that renders a
    single rule need not render (or link to) the rules it mentions; those
    stay plain code.
    """
    ref = addnodes.pending_xref("", refdomain="rule", reftype="rule", reftarget=rule_id,
                                refexplicit=text is not None, refwarn=False, refdoc=docname)
    ref += nodes.literal(text or rule_id, text or rule_id, classes=["xref", "rule", "rule-rule"])
    return ref


# =========================================================================== build data (cached per process)


_CACHE: dict[tuple[Any, ...], Any] = {}


def _cached(key: tuple[Any, ...], make: Any) -> Any:
    if key not in _CACHE:
        _CACHE[key] = make()
    return _CACHE[key]


def _status_path(env: BuildEnvironment) -> Path | None:
    configured = env.config.rules_test_status
    if not configured:
        return None
    path = Path(configured)
    return path if path.is_absolute() else Path(env.srcdir) / path


def _tests_dir(env: BuildEnvironment) -> Path | None:
    configured = env.config.rules_tests_dir
    if configured:
        path = Path(configured)
        return path if path.is_absolute() else Path(env.srcdir) / path
    return rulebook.default_tests_dir()


def tests_table(env: BuildEnvironment, location: Any = None) -> dict[str, list[rulebook.CitingTest]]:
    status_path = _status_path(env)
    tests_dir = _tests_dir(env)
    stamp = status_path.stat().st_mtime_ns if status_path is not None and status_path.exists() else None

    def make() -> dict[str, list[rulebook.CitingTest]]:
        status = None
        if status_path is not None:
            try:
                status = rulebook.read_test_status(status_path)
            except MalformedError as exc:
                logger.warning("rules_test_status: %s", exc, location=location, type="rules", subtype="tests")
        return rulebook.tests_by_rule(tests_dir, status)

    return _cached(("tests", str(tests_dir), str(status_path), stamp), make)


def proof_report(env: BuildEnvironment) -> rulebook.ProofReport:
    run = bool(env.config.rules_run_proofs)
    module = env.config.rules_proofs_module

    def make() -> rulebook.ProofReport:
        report = rulebook.collect_proofs(run, module)
        if not report.available:
            logger.info("rules: no proofs in this build (%s)", report.reason)
        for p in report.runs:
            if p.status == rulebook.PROOF_ERROR:
                logger.warning("proof %s raised %s", p.name, p.detail, type="rules", subtype="proofs")
        return report

    return _cached(("proofs", run, module), make)


# =========================================================================== small node helpers


def _para(*children: nodes.Node | str, classes: Iterable[str] = ()) -> nodes.paragraph:
    p = nodes.paragraph(classes=list(classes))
    for c in children:
        p += nodes.Text(c) if isinstance(c, str) else c
    return p


def _inline(text: str, *classes: str) -> nodes.inline:
    return nodes.inline(text, text, classes=list(classes))


def _badge(text: str, kind: str) -> nodes.inline:
    return _inline(text, "rules-badge", f"rules-badge-{kind}")


def _status(status: str) -> nodes.inline:
    return _inline(status, "rules-status", f"rules-status-{_STATUS_CLASS.get(status, 'not-run')}")


_CODE = re.compile(r"`([^`]+)`")


def _inline_text(text: str) -> list[nodes.Node]:
    """Plain text with ``code`` spans (the only inline markup the spec uses)."""
    out: list[nodes.Node] = []
    pos = 0
    for m in _CODE.finditer(text):
        if m.start() > pos:
            out.append(nodes.Text(text[pos:m.start()]))
        out.append(nodes.literal(m.group(1), m.group(1)))
        pos = m.end()
    if pos < len(text):
        out.append(nodes.Text(text[pos:]))
    return out


def render_text(text: str) -> list[nodes.Element]:
    """Spec text to nodes: paragraphs at blank lines, ``- `` lines as bullet lists."""
    out: list[nodes.Element] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [ln.rstrip() for ln in block.splitlines() if ln.strip()]
        prose: list[str] = []
        items: list[str] = []

        def flush_prose() -> None:
            if prose:
                p = nodes.paragraph()
                p.extend(_inline_text(" ".join(s.strip() for s in prose)))
                out.append(p)
                prose.clear()

        def flush_items() -> None:
            if items:
                bl = nodes.bullet_list(bullet="-")
                for item in items:
                    li = nodes.list_item()
                    p = nodes.paragraph()
                    p.extend(_inline_text(item))
                    li += p
                    bl += li
                out.append(bl)
                items.clear()

        for line in lines:
            if line.lstrip().startswith("- "):
                flush_prose()
                items.append(line.lstrip()[2:].strip())
            elif items and line.startswith("  "):
                items[-1] += " " + line.strip()
            else:
                flush_items()
                prose.append(line)
        flush_prose()
        flush_items()
    return out


def bilingual(text: Text, languages: Iterable[str], *, labels: bool = True,
              classes: Iterable[str] = ()) -> nodes.container:
    """The text in each language side by side (a grid of ``rules-lang`` columns)."""
    grid = nodes.container(classes=["rules-bilingual", *classes])
    grid["support_smartquotes"] = False  # the spec's text verbatim: its quotes are already typographic
    for i, lang in enumerate(languages):
        col = nodes.container(classes=["rules-lang", f"rules-lang-{lang}", f"language-{lang}"])
        if labels:
            name = _LANG_NAMES.get(lang, Text.of(en=lang)).get("en")
            role = "source" if i == 0 and lang != "en" else "translation" if lang == "en" else ""
            col += _para(_inline(f"{name}{' · ' + role if role else ''}", "rules-lang-label"),
                         classes=["rules-lang-head"])
        col.extend(render_text(text.get(lang)))
        grid += col
    return grid


def _external(url: str, text: str) -> nodes.reference:
    ref = nodes.reference("", "", refuri=url, internal=False)
    ref += nodes.literal(text, text)
    return ref


def _source_link(env: BuildEnvironment, path: str, line: int) -> nodes.Node:
    shown = f"{path}:{line}" if line else path
    base = env.config.rules_source_url
    if base:
        return _external(f"{base.rstrip('/')}/{path}" + (f"#L{line}" if line else ""), shown)
    return nodes.literal(shown, shown, classes=["rules-location"])


# =========================================================================== rendering one rule


class Renderer:
    """Builds the nodes for rules of one document."""

    def __init__(self, directive: SphinxDirective) -> None:
        self.directive = directive
        self.env = directive.env
        self.docname = directive.env.docname
        self.location = directive.get_location()
        self.spec = load_spec()
        self.domain: RuleDomain = self.env.get_domain("rule")  # type: ignore[assignment]

    # ------------------------------------------------------------------ pieces

    def title_nodes(self, rule: Rule, languages: Iterable[str]) -> list[nodes.Node]:
        out: list[nodes.Node] = [nodes.literal(rule.id, rule.id, classes=["rules-id"]), nodes.Text(" ")]
        titles = [rule.title.get(lang) for lang in languages]
        out.append(_inline(titles[0], "rules-title-source"))
        for t in titles[1:]:
            out.append(nodes.Text(" · "))
            out.append(_inline(t, "rules-title-translation"))
        return out

    def meta(self, rule: Rule) -> nodes.paragraph:
        p = _para(classes=["rules-meta"])
        if rule.informative:
            p += _badge("informative", "informative")
            p += nodes.Text(" ")
        else:
            p += _badge("normative", "normative")
            p += nodes.Text(" ")
        p += _inline("Source: ", "rules-meta-label")
        p += nodes.literal(rule.source.seed, rule.source.seed, classes=["rules-seed"])
        p += nodes.Text(" › ")
        p += nodes.emphasis(rule.source.section, rule.source.section)
        return p

    def see(self, rule: Rule) -> nodes.paragraph | None:
        if not rule.see:
            return None
        p = _para(_inline("See also: ", "rules-meta-label"), classes=["rules-see"])
        for i, target in enumerate(rule.see):
            if i:
                p += nodes.Text(", ")
            p += rule_xref(target, self.docname)
            other = self.spec.get(target)
            if other is not None:
                p += nodes.Text(f" ({other.title.get('en')})")
        return p

    def annotation(self, rule: Rule, annotation: Annotation, index: int, languages: tuple[str, ...]) -> nodes.container:
        box = nodes.container(classes=["rules-annotation", f"rules-annotation-{annotation.kind}"])
        label = rulebook.ANNOTATION_LABELS.get(annotation.kind, Text.of(en=annotation.kind))
        head = _para(_inline(label.get("en"), "rules-annotation-label"), classes=["rules-annotation-head"])
        head += nodes.Text(" · ")
        head += _inline(label.get(languages[0]), "rules-annotation-label-source")
        if annotation.kind == "ruling":
            head += nodes.Text(" ")
            head += _badge("not in the book", "ruling")
        if annotation.source:
            head += nodes.Text(" — source: ")
            head += nodes.literal(annotation.source, annotation.source)
        box += head
        box += bilingual(annotation.text, languages, labels=False)
        picture = self.picture(rule, annotation, index, languages)
        if picture is not None:
            box += picture
        return box

    def picture(self, rule: Rule, annotation: Annotation, index: int,
                languages: tuple[str, ...]) -> nodes.container | None:
        drawn = rulebook.draw_trick(rule.game, annotation)
        if drawn is None:
            return None
        for problem in drawn.problems:
            logger.warning("%s: rule %s, annotation #%d: %s", rulebook.relative_source(self.spec.book(rule.game).path),
                           rule.id, index + 1, problem,
                           location=self.location, type="rules", subtype="trick")
        if not drawn.svg:
            return None
        fig = nodes.container(classes=["rules-picture"])
        fig += nodes.raw("", drawn.svg, format="html")
        caption = bilingual(drawn.caption, languages, labels=False, classes=["rules-picture-caption"])
        fig += caption
        p = _para(_inline("Engine: ", "rules-meta-label"), classes=["rules-engine"])
        p += nodes.Text(f"{'the leader' if drawn.winner == 'leader' else 'the second player'} "
                        f"takes the trick (")
        for i, rid in enumerate(drawn.rules):
            if i:
                p += nodes.Text(", ")
            p += rule_xref(rid, self.docname)
        verdict = "agrees with the example" if not drawn.problems else "DISAGREES with the example"
        p += nodes.Text(f") — {verdict}.")
        fig += p
        return fig

    def code_column(self, rule: Rule) -> nodes.container:
        col = nodes.container(classes=["rules-links-col", "rules-code"])
        col += _para(nodes.strong("Implemented by", "Implemented by"), classes=["rules-links-head"])
        impls = rulebook.code_for(rule)
        if not impls:
            text = "nothing: informative text needs no code" if rule.informative else "no implementation registered"
            col += _para(_inline(text, "rules-none" if rule.informative else "rules-missing"))
            return col
        bl = nodes.bullet_list(classes=["rules-links-list"])
        for impl in impls:
            ref = addnodes.pending_xref("", refdomain="py", reftype="obj", reftarget=impl.qualname,
                                        refexplicit=False, refwarn=False, refdoc=self.docname)
            ref["rules_module"] = impl.module
            ref += nodes.literal(impl.qualname, impl.qualname, classes=["xref", "py", "py-obj"])
            p = _para(ref)
            p += nodes.Text(" ")
            p += _source_link(self.env, rulebook.relative_source(impl.file), impl.line)
            li = nodes.list_item()
            li += p
            bl += li
        col += bl
        return col

    def tests_column(self, rule: Rule) -> nodes.container:
        col = nodes.container(classes=["rules-links-col", "rules-tests"])
        col += _para(nodes.strong("Tested by", "Tested by"), classes=["rules-links-head"])
        tests = tests_table(self.env, self.location).get(rule.id, [])
        if not tests:
            col += _para(_inline("no test cites this rule", "rules-none" if rule.informative else "rules-missing"))
            return col
        by_file: dict[str, list[rulebook.CitingTest]] = {}
        for t in tests:
            by_file.setdefault(t.file, []).append(t)
        for file, group in by_file.items():
            col += _para(_source_link(self.env, file, 0), classes=["rules-test-file"])
            bl = nodes.bullet_list(classes=["rules-links-list"])
            for t in group:
                p = _para(_status(t.outcome), " ", nodes.literal(t.name, t.name, classes=["rules-test-name"]))
                if t.line:
                    p += nodes.Text(" ")
                    if self.env.config.rules_source_url:
                        p += _source_link(self.env, file, t.line)
                    else:
                        p += _inline(f"line {t.line}", "rules-line")
                if t.detail:
                    p += nodes.Text(f" ({t.detail})")
                li = nodes.list_item()
                li += p
                bl += li
            col += bl
        return col

    def proofs_column(self, rule: Rule) -> nodes.container:
        col = nodes.container(classes=["rules-links-col", "rules-proofs"])
        col += _para(nodes.strong("Proved by", "Proved by"), classes=["rules-links-head"])
        report = proof_report(self.env)
        if not report.available:
            col += _para(_inline("proofs not available in this build", "rules-none"))
            return col
        runs = report.for_rule(rule.id)
        if not runs:
            col += _para(_inline("no theorem covers this rule", "rules-none"))
            return col
        bl = nodes.bullet_list(classes=["rules-links-list"])
        for run in runs:
            p = _para(_status(run.status), " ", nodes.literal(run.name, run.name, classes=["rules-theorem"]))
            if run.seconds is not None:
                p += nodes.Text(f" ({run.seconds:.3f} s)")
            li = nodes.list_item()
            li += p
            li += _para(run.statement, classes=["rules-statement"])
            if run.detail and run.status != "proved":
                li += _para(run.detail, classes=["rules-proof-detail"])
            bl += li
        col += bl
        return col

    # ------------------------------------------------------------------ whole rule

    def body(self, rule: Rule, book: Book, *, brief: bool = False) -> list[nodes.Node]:
        languages = book.languages
        out: list[nodes.Node] = [self.meta(rule), bilingual(rule.text, languages, classes=["rules-text"])]
        see = self.see(rule)
        if see is not None:
            out.append(see)
        if brief:
            return out
        for i, a in enumerate(rule.annotations):
            out.append(self.annotation(rule, a, i, languages))
        links = nodes.container(classes=["rules-links"])
        links += self.code_column(rule)
        links += self.tests_column(rule)
        links += self.proofs_column(rule)
        out.append(links)
        return out

    def rule_section(self, rule: Rule, book: Book) -> nodes.section:
        section = nodes.section(ids=[rule.id], classes=["rules-rule"] + (["rules-informative"] if rule.informative else []))
        title = nodes.title()
        title.extend(self.title_nodes(rule, book.languages))
        section += title
        section.extend(self.body(rule, book))
        self.directive.state.document.set_id(section)
        self.domain.note_rule(rule.id, rule.title.get("en"), self.location)
        return section

    def book_section(self, section: Section, book: Book) -> nodes.section:
        node = nodes.section(ids=[f"{book.game}-section-{section.key}"], classes=["rules-book-section"])
        title = nodes.title()
        langs = book.languages
        title += _inline(section.title.get(langs[0]), "rules-title-source")
        title += nodes.Text(" · ")
        title += _inline(section.title.get("en"), "rules-title-translation")
        node += title
        self.directive.state.document.set_id(node)
        if section.intro is not None:
            node += bilingual(section.intro, langs, classes=["rules-intro"])
        for rule in book.rules_in(section.key):
            node += self.rule_section(rule, book)
        return node

    def summary(self, book: Book) -> nodes.container:
        box = nodes.container(classes=["rules-summary"])
        rules = book.rules
        normative = [r for r in rules if not r.informative]
        implemented = [r for r in normative if rulebook.code_for(r)]
        tests = tests_table(self.env, self.location)
        tested = [r for r in normative if tests.get(r.id)]
        all_tests = {t.nodeid: t.outcome for r in rules for t in tests.get(r.id, [])}
        outcomes = {o: sum(1 for v in all_tests.values() if v == o) for o in (*rulebook.OUTCOMES, rulebook.NOT_RUN)}
        report = proof_report(self.env)
        proved = [r for r in normative if any(p.status == "proved" for p in report.for_rule(r.id))]
        kinds = {k: sum(1 for r in rules for a in r.annotations if a.kind == k) for k in rulebook.ANNOTATION_LABELS}
        drawn = sum(1 for r in rules for a in r.annotations if a.trick)
        items = [
            f"{len(rules)} rules in {len(book.sections)} sections: {len(normative)} normative, "
            f"{len(rules) - len(normative)} informative (flavour and lists; they need no code).",
            f"{len(implemented)} of {len(normative)} normative rules have registered code; "
            f"{len(tested)} are cited by tests; {len(proved)} are covered by a proved theorem.",
            f"Annotations: {kinds['ruling']} rulings (the library's interpretations, not the book's text), "
            f"{kinds['clarification']} clarifications, {kinds['repair']} text repairs, "
            f"{kinds['example']} examples ({drawn} tricks drawn and replayed with the engine).",
        ]
        if all_tests:
            if outcomes[rulebook.NOT_RUN] == len(all_tests):
                items.append(f"{len(all_tests)} citing tests, not run in this build.")
            else:
                items.append(f"{len(all_tests)} citing tests: " + ", ".join(
                    f"{n} {o}" for o, n in outcomes.items() if n) + ".")
        if not report.available:
            items.append("Proofs are not available in this build.")
        elif report.checked:
            items.append(f"{len(report.runs)} theorems checked in this build: " + ", ".join(
                f"{n} {s}" for s, n in _count(p.status for p in report.runs).items()) + ".")
        else:
            items.append(f"{len(report.runs)} theorems, not run in this build.")
        bl = nodes.bullet_list(classes=["rules-summary-list"])
        for text in items:
            li = nodes.list_item()
            li += _para(text)
            bl += li
        box += bl
        seeds = _para(_inline("Seed files: ", "rules-meta-label"))
        for i, seed in enumerate(book.seeds):
            if i:
                seeds += nodes.Text(", ")
            seeds += nodes.literal(seed, seed)
        box += seeds
        return box


def _count(values: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return out


# =========================================================================== directives


def _book_of(directive: SphinxDirective, game: str) -> Book | None:
    try:
        return load_spec().book(game)
    except KeyError:
        known = ", ".join(b.game for b in load_spec().books)
        logger.warning("unknown game %r (known: %s)", game, known,
                       location=directive.get_location(), type="rules", subtype="game")
        return None


class RuleDirective(SphinxDirective):
    """``.. rule:: claim.follow-suit``: one rule, anchored at its ID."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "no-index": directives.flag, "noindex": directives.flag, "brief": directives.flag,
    }

    def run(self) -> list[nodes.Node]:
        rule_id = self.arguments[0].strip()
        spec = load_spec()
        rule = spec.get(rule_id)
        if rule is None:
            logger.warning("unknown rule ID: %s", rule_id, location=self.get_location(),
                           type="rules", subtype="rule")
            return []
        renderer = Renderer(self)
        book = spec.book(rule.game)
        index = "no-index" not in self.options and "noindex" not in self.options
        box = nodes.container(classes=["rules-rule", "rules-rule-standalone"])
        if index:
            box["ids"] = [rule.id]
            self.state.document.set_id(box)
            renderer.domain.note_rule(rule.id, rule.title.get("en"), self.get_location())
        box += _para(*renderer.title_nodes(rule, book.languages), classes=["rules-rule-title"])
        box.extend(renderer.body(rule, book, brief="brief" in self.options))
        if "brief" not in self.options:
            renderer.domain.note_dynamic()
        return [box]


class RulebookDirective(SphinxDirective):
    """``.. rulebook:: claim``: a game's chapter, generated from its spec."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"no-summary": directives.flag}

    def run(self) -> list[nodes.Node]:
        book = _book_of(self, self.arguments[0].strip())
        if book is None:
            return []
        self.env.note_dependency(str(Path(book.path).resolve()))
        renderer = Renderer(self)
        renderer.domain.note_dynamic()
        out: list[nodes.Node] = []
        if "no-summary" not in self.options:
            out.append(renderer.summary(book))
        out.extend(renderer.book_section(s, book) for s in book.sections)
        return out


class RulingsDirective(SphinxDirective):
    """``.. rulings::`` (all games) or ``.. rulings:: claim``: every ruling, linked to its rule."""

    optional_arguments = 1
    final_argument_whitespace = True
    has_content = False

    def run(self) -> list[nodes.Node]:
        spec = load_spec()
        games = self.arguments[0].split() if self.arguments else [b.game for b in spec.books]
        out: list[nodes.Node] = []
        for game in games:
            book = _book_of(self, game)
            if book is None:
                continue
            self.env.note_dependency(str(Path(book.path).resolve()))
            found = rulebook.rulings([game])
            section = nodes.section(ids=[f"rulings-{game}"], classes=["rules-rulings"])
            section += nodes.title("", f"{book.title.get('en')} ({book.title.get(book.language)}): "
                                       f"{len(found)} rulings")
            self.state.document.set_id(section)
            for n, (rule, ruling) in enumerate(found, 1):
                box = nodes.container(classes=["rules-annotation", "rules-annotation-ruling", "rules-ruling"])
                head = _para(_inline(f"Ruling {n} on ", "rules-annotation-label"), classes=["rules-annotation-head"])
                head += rule_xref(rule.id, self.env.docname)
                head += nodes.Text(" ")
                head += _inline(rule.title.get(book.language), "rules-title-source")
                head += nodes.Text(" · ")
                head += _inline(rule.title.get("en"), "rules-title-translation")
                box += head
                box += _para(_inline("The rule: ", "rules-meta-label"), rule.text.get("en"), classes=["rules-ruling-rule"])
                box += bilingual(ruling.text, book.languages, labels=False)
                section += box
            out.append(section)
        return out


class ProofsDirective(SphinxDirective):
    """``.. proofs::``: every theorem with its rules, status and seconds."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        report = proof_report(self.env)
        domain: RuleDomain = self.env.get_domain("rule")  # type: ignore[assignment]
        domain.note_dynamic()
        if not report.available:
            return [_para(f"The proofs are not available in this build ({report.reason}).",
                          classes=["rules-proofs-missing"])]
        out: list[nodes.Node] = []
        if report.checked:
            total = sum(p.seconds or 0 for p in report.runs)
            out.append(_para(f"{len(report.runs)} theorems, checked while this page was built, "
                             f"in {total:.2f} s in all: " + ", ".join(
                                 f"{n} {s}" for s, n in _count(p.status for p in report.runs).items()) + "."))
        else:
            out.append(_para(f"{len(report.runs)} theorems; not run in this build (rules_run_proofs = False)."))
        headers = ("Theorem", "Statement", "Rules", "Status", "Seconds")
        table = nodes.table(classes=["rules-proofs-table", "colwidths-given"])
        group = nodes.tgroup(cols=len(headers))
        table += group
        for width in (18, 42, 22, 10, 8):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        row = nodes.row()
        for h in headers:
            row += nodes.entry("", _para(h))
        head += row
        group += head
        body = nodes.tbody()
        for p in report.runs:
            row = nodes.row()
            row += nodes.entry("", _para(nodes.literal(p.name, p.name)))
            statement = nodes.entry("", _para(p.statement))
            if p.detail and p.status != "proved":
                statement += _para(p.detail, classes=["rules-proof-detail"])
            row += statement
            rules_para = _para()
            for i, rid in enumerate(p.rules):
                if i:
                    rules_para += nodes.Text(", ")
                rules_para += rule_xref(rid, self.env.docname)
            row += nodes.entry("", rules_para)
            row += nodes.entry("", _para(_status(p.status)))
            row += nodes.entry("", _para(f"{p.seconds:.3f}" if p.seconds is not None else "—"))
            body += row
        group += body
        out.append(table)
        return out


RuleDomain.directives = {"rule": RuleDirective, "rulebook": RulebookDirective}
RuleDomain.roles = {"rule": RuleRole(innernodeclass=nodes.literal, warn_dangling=True)}


# =========================================================================== events


def _outdated(app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str],
              removed: set[str]) -> list[str]:
    """Documents with test status, proofs or code links are re-read on every build."""
    domain: RuleDomain = env.get_domain("rule")  # type: ignore[assignment]
    return [d for d in domain.dynamic if d not in removed and d in env.found_docs]


def _missing_code_reference(app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref,
                            contnode: nodes.Element) -> nodes.Node | None:
    """An implementation the API reference does not document: link its viewcode page, or show it plain."""
    module = node.get("rules_module")
    if module is None:
        return None
    viewcode = getattr(env, "_viewcode_modules", {})
    if viewcode.get(module) and app.builder.format == "html":
        page = "_modules/" + module.replace(".", "/")
        ref = nodes.reference("", "", internal=True,
                              refuri=app.builder.get_relative_uri(node.get("refdoc", env.docname), page),
                              reftitle=f"source of {module}")
        ref += contnode
        return ref
    return contnode


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("rules_test_status", "", "env", types=frozenset({str}))
    app.add_config_value("rules_run_proofs", True, "env", types=frozenset({bool}))
    app.add_config_value("rules_source_url", None, "env", types=frozenset({str, type(None)}))
    app.add_config_value("rules_tests_dir", None, "env", types=frozenset({str, type(None)}))
    app.add_config_value("rules_proofs_module", "proofs", "env", types=frozenset({str}))
    app.add_domain(RuleDomain)
    app.add_role("rule", RuleRole(innernodeclass=nodes.literal, warn_dangling=True))
    app.add_directive("rule", RuleDirective)
    app.add_directive("rulebook", RulebookDirective)
    app.add_directive("rulings", RulingsDirective)
    app.add_directive("proofs", ProofsDirective)
    app.connect("env-get-outdated", _outdated)
    app.connect("missing-reference", _missing_code_reference, priority=900)
    from rules import __version__

    return {"version": __version__, "env_version": 1, "parallel_read_safe": True, "parallel_write_safe": True}
