"""Rendering rules: :class:`Renderer` builds the nodes for one document.

A rule's title, metadata, "see also" line, annotations and drawn worked examples;
the rule as a whole (``body``), as a section of a rulebook
(``rule_section``), a spec section with its rules (``book_section``) and a
game's summary. The directives in ``rules.sphinx.directives`` decide what to
show; this module decides how it looks. The code, tests and proofs columns
come from :class:`~rules.sphinx.columns.LinkColumns`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from docutils import nodes
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rules import rulebook
from rules.kernel import pictures
from rules.kernel.messages import FALLBACK
from rules.kernel.spec import Annotation, Book, Rule, Section, load_spec
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError
from rules.sphinx.columns import LinkColumns
from rules.sphinx.data import _count, evidence_elsewhere, own_build, proof_report, tests_table
from rules.sphinx.domain import RuleDomain, rule_xref
from rules.sphinx.text import _badge, _inline, _para, _status, bilingual, details, summary

logger = logging.getLogger(__name__)


class Renderer(LinkColumns):
    """Builds the nodes for rules of one document."""

    def __init__(self, directive: SphinxDirective) -> None:
        self.directive = directive
        self.env = directive.env
        self.docname = directive.env.docname
        self.location = directive.get_location()
        self.spec = load_spec()
        self.domain: RuleDomain = self.env.get_domain("rule")  # type: ignore[assignment]
        self._tables: dict[tuple[str, tuple[str, ...]], tuple[pictures.Table, ...]] = {}

    # ------------------------------------------------------------------ pieces

    def title_nodes(self, rule: Rule, languages: Iterable[str]) -> list[nodes.Node]:
        out: list[nodes.Node] = [nodes.literal(rule.id, rule.id, classes=["rules-id"]), nodes.Text(" ")]
        out.extend(_titles(rule.title, tuple(languages)))
        return out

    def meta(self, rule: Rule) -> nodes.paragraph:
        """Normative or informative, and where the rule stands in the printed book (and the seed file)."""
        p = _para(classes=["rules-meta"])
        if rule.informative:
            p += _badge("informative", "informative")
        else:
            p += _badge("normative", "normative")
        p += nodes.Text(" ")
        book = self.spec.book(rule.game)
        p += _inline("Source: ", "rules-meta-label")
        p += nodes.emphasis(book.title.get(book.language), book.title.get(book.language))
        p += nodes.Text(" › ")
        p += _inline(rule.source.section, "rules-source-section")
        if own_build(self.env):  # the seed file is the library's working copy, named only in its own rulebook
            p += nodes.Text(" ")
            p += _inline(f"(seed file {rule.source.seed})", "rules-seed")
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
                p += nodes.Text(f" ({other.title.get(FALLBACK)})")
        return p

    def annotation(self, rule: Rule, annotation: Annotation, index: int, languages: tuple[str, ...]) -> nodes.container:
        box = nodes.container(classes=["rules-annotation", f"rules-annotation-{annotation.kind}"]
                              + (["rules-annotation-library"] if annotation.by_library else []))
        english = rulebook.label(annotation.label_key, FALLBACK)
        head = _para(_inline(english, "rules-annotation-label"), classes=["rules-annotation-head"])
        source = rulebook.label(annotation.label_key, languages[0])
        if source != english:
            head += nodes.Text(" · ")
            head += _inline(source, "rules-annotation-label-source")
        if annotation.kind == "ruling" or annotation.by_library:
            head += nodes.Text(" ")
            head += _badge("not in the book", "ruling")
        if annotation.source:
            head += nodes.Text(" — source: ")
            head += nodes.literal(annotation.source, annotation.source)
        box += head
        box += bilingual(annotation.text, languages, labels=False, links=self.docname)
        picture = self.picture(rule, annotation, index, languages)
        if picture is not None:
            box += picture
        return box

    def picture(self, rule: Rule, annotation: Annotation, index: int,
                languages: tuple[str, ...]) -> nodes.container | None:
        """A worked example drawn by its game object and replayed with the engine
        (:class:`rules.kernel.pictures.Pictures`)."""
        drawn = rulebook.draw(rule.game, annotation, languages)
        if drawn is None:
            return None
        for problem in drawn.problems:
            logger.warning("%s: rule %s, annotation #%d: %s", rulebook.relative_source(self.spec.book(rule.game).path),
                           rule.id, index + 1, problem,
                           location=self.location, type="rules", subtype="figure")
        if not drawn.svg:
            return None
        fig = nodes.container(classes=["rules-picture"])
        fig += nodes.raw("", drawn.svg, format="html")
        fig += bilingual(drawn.caption, languages, labels=False, classes=["rules-picture-caption"])
        p = _para(_inline("Engine: ", "rules-meta-label"), classes=["rules-engine"])
        if drawn.summary is not None:
            p += nodes.Text(f"{drawn.summary.get(FALLBACK)} (")
            closing = ")"
        else:
            p += nodes.Text("replayed by ")
            closing = ""
        for i, rid in enumerate(drawn.rules):
            if i:
                p += nodes.Text(", ")
            p += rule_xref(rid, self.docname)
        verdict = "agrees with the example" if not drawn.problems else "DISAGREES with the example"
        p += nodes.Text(f"{closing} — {verdict}.")
        fig += p
        return fig

    def tables_of(self, game: str, languages: tuple[str, ...]) -> tuple[pictures.Table, ...]:
        """The game's data tables (:class:`rules.kernel.pictures.Tables`), computed once per document."""
        cache = self._tables
        if (game, languages) not in cache:
            try:
                cache[game, languages] = rulebook.tables(game, languages)
            except MalformedError as exc:
                logger.warning("tables of %s: %s", game, exc, location=self.location, type="rules", subtype="table")
                cache[game, languages] = ()
        return cache[game, languages]

    def table(self, game: str, table: pictures.Table, languages: tuple[str, ...]) -> nodes.container:
        """A data table of the game, generated at build time; it scrolls sideways in its own box
        when a phone is too narrow for it."""
        box = nodes.container(classes=["rules-data-table"], ids=[f"{game}-table-{table.key}"])
        self.directive.state.document.set_id(box)
        box += _para(*_titles(table.title, languages), classes=["rules-data-table-title"])
        grid = nodes.table(classes=["rules-data", f"rules-data-{table.key}"])
        group = nodes.tgroup(cols=len(table.columns))
        grid += group
        for _ in table.columns:
            group += nodes.colspec(colwidth=1)
        head = nodes.thead()
        row = nodes.row()
        for column in table.columns:
            row += nodes.entry("", _cell(column, languages))
        head += row
        group += head
        body = nodes.tbody()
        for cells in table.rows:
            row = nodes.row()
            for i, cell in enumerate(cells):
                row += nodes.entry("", _cell(cell, languages, table.columns[i] if i else None))
            body += row
        group += body
        scroll = nodes.container(classes=["rules-data-scroll"])
        scroll += grid
        box += scroll
        return box

    # ------------------------------------------------------------------ whole rule

    def body(self, rule: Rule, book: Book, *, brief: bool = False) -> list[nodes.Node]:
        languages = book.languages
        out: list[nodes.Node] = [self.meta(rule), bilingual(rule.text, languages, classes=["rules-text"],
                                                           links=self.docname)]
        see = self.see(rule)
        if see is not None:
            out.append(see)
        if brief:
            return out
        for i, a in enumerate(rule.annotations):
            out.append(self.annotation(rule, a, i, languages))
        out.extend(self.table(rule.game, t, languages) for t in self.tables_of(rule.game, languages)
                   if t.rule == rule.id)
        box = details(classes=["rules-links-box"])
        box += summary("", "", *self.links_summary(rule))
        links = nodes.container(classes=["rules-links"])
        links += self.code_column(rule)
        links += self.tests_column(rule)
        links += self.proofs_column(rule)
        box += links
        out.append(box)
        return out

    def links_summary(self, rule: Rule) -> list[nodes.Node]:
        """The line that stands for the closed box: how many functions, tests and theorems, and their status."""
        code = len(rulebook.code_for(rule))
        if evidence_elsewhere(self.env):
            return [nodes.Text(f"Implemented by {code} · tests and proofs in the published rulebook")]
        tests = tests_table(self.env, self.location).get(rule.id, [])
        runs = proof_report(self.env).for_rule(rule.id)
        out: list[nodes.Node] = [nodes.Text(f"Implemented by {code} · tested by {len(tests)} · proved by {len(runs)}")]
        outcomes = {t.outcome for t in tests} | {p.status for p in runs}
        for status in ("failed", "counterexample", rulebook.PROOF_ERROR):
            if status in outcomes:
                out += [nodes.Text(" "), _status(status)]
                break
        else:
            if "passed" in outcomes or "proved" in outcomes:
                out += [nodes.Text(" "), _status("passed")]
        return out

    def rule_section(self, rule: Rule, book: Book) -> nodes.section:
        section = nodes.section(ids=[rule.id], classes=["rules-rule"] + (["rules-informative"] if rule.informative else []))
        title = nodes.title()
        title.extend(self.title_nodes(rule, book.languages))
        section += title
        section.extend(self.body(rule, book))
        self.directive.state.document.set_id(section)
        entries = [("single", f"{rule.id} (rule)", rule.id, "", None)]
        entries += [("single", f"{t}; {rule.id}", rule.id, "", None)
                    for t in dict.fromkeys(rule.title.get(lang) for lang in book.languages)]
        section.insert(1, addnodes.index(entries=entries))
        self.domain.note_rule(rule.id, rule.title.get(FALLBACK), self.location)
        return section

    def book_section(self, section: Section, book: Book) -> nodes.section:
        node = nodes.section(ids=[f"{book.game}-section-{section.key}"], classes=["rules-book-section"])
        title = nodes.title()
        langs = book.languages
        title.extend(_titles(section.title, langs))
        node += title
        self.directive.state.document.set_id(node)
        if section.intro is not None:
            node += bilingual(section.intro, langs, classes=["rules-intro"], links=self.docname)
        for rule in book.rules_in(section.key):
            node += self.rule_section(rule, book)
        return node


    def summary(self, book: Book) -> nodes.container:
        """Counts for the chapter ``book`` holds (its rules and sections only): rules,
        code, tests with this build's outcomes, theorems covering these rules."""
        box = nodes.container(classes=["rules-summary"])
        rules = book.rules
        normative = [r for r in rules if not r.informative]
        implemented = [r for r in normative if rulebook.code_for(r)]
        tests = tests_table(self.env, self.location)
        tested = [r for r in normative if tests.get(r.id)]
        all_tests = {t.nodeid: t.outcome for r in rules for t in tests.get(r.id, [])}
        outcomes = {o: sum(1 for v in all_tests.values() if v == o) for o in (*rulebook.OUTCOMES, rulebook.NOT_RUN)}
        report = proof_report(self.env)
        ids = {r.id for r in rules}
        theorems = [p for p in report.runs if ids.intersection(p.rules)]
        proved = [r for r in normative if any(p.status == "proved" for p in report.for_rule(r.id))]
        kinds = {k: sum(1 for r in rules for a in r.annotations if a.label_key == k) for k in rulebook.ANNOTATION_LABELS}
        drawn = sum(1 for r in rules for a in r.annotations if a.figure)
        items = [
            f"{_n(len(rules), 'rule')} in {_n(len(book.sections), 'section')}: {len(normative)} normative, "
            f"{len(rules) - len(normative)} informative (flavour and lists; they need no code).",
            f"{len(implemented)} of {len(normative)} normative rules have registered code; "
            + ("the library's tests and proofs of each rule are shown in its published rulebook."
               if evidence_elsewhere(self.env) else
               f"{len(tested)} are cited by tests; {len(proved)} are covered by a proved theorem."),
            f"Annotations: {_n(kinds['ruling'], 'ruling')} (the library's interpretations, not the book's text), "
            f"{_n(kinds['clarification'], 'clarification')}, {_n(kinds['repair'], 'text repair')}, "
            f"{_n(kinds['example'], 'example')} of the book and {kinds['library-example']} of the library's own "
            f"({drawn} drawn and replayed with the engine).",
        ]
        if all_tests:
            if outcomes[rulebook.NOT_RUN] == len(all_tests):
                items.append(f"{_n(len(all_tests), 'citing test')}, not run in this build "
                             "(run the test suite before building to see their results).")
            else:
                items.append(f"{_n(len(all_tests), 'citing test')} in the test run this build reports: " + ", ".join(
                    f"{n} {o}" for o, n in outcomes.items() if n) + ".")
        if evidence_elsewhere(self.env):
            pass  # said above: the published rulebook shows them
        elif not report.available:
            items.append("Proofs are not available in this build.")
        elif not theorems:
            items.append("No theorem covers the rules of this chapter.")
        elif report.checked:
            items.append(f"{_n(len(theorems), 'theorem')} on the rules of this chapter, checked in this build: "
                         + ", ".join(f"{n} {s}" for s, n in _count(p.status for p in theorems).items()) + ".")
        else:
            items.append(f"{_n(len(theorems), 'theorem')} on the rules of this chapter, not run in this build.")
        bl = nodes.bullet_list(classes=["rules-summary-list"])
        for text in items:
            li = nodes.list_item()
            li += _para(text)
            bl += li
        box += bl
        return box




def _titles(title: Text, languages: tuple[str, ...]) -> list[nodes.Node]:
    """The title in each language, joined by `` · ``; a title that merely repeats
    another (``Claim 2`` / ``Claim 2``, or ``Skokan (Acrobat)`` / ``Acrobat (Skokan)``)
    is shown once per language without the repetition."""
    shown: list[str] = []
    for lang in languages:
        text = title.get(lang)
        others = [title.get(o) for o in languages if o != lang]
        m = re.fullmatch(r"(.+?)\s*\((.+)\)", text)
        if m and any(o.startswith(m.group(2)) for o in others):
            text = m.group(1)
        if text not in shown:
            shown.append(text)
    out: list[nodes.Node] = []
    for i, text in enumerate(shown):
        if i:
            out.append(nodes.Text(" · "))
        out.append(_inline(text, "rules-title-source" if i == 0 and len(shown) > 1 else "rules-title-translation"))
    return out


def _cell(text: Text, languages: tuple[str, ...], label: Text | None = None) -> nodes.paragraph:
    """A table cell: the text in each language, each on its line, a repeated one shown once;
    the first language plain, the others muted. ``label`` (the column's header) is shown
    only where the table's rows stack into blocks (a phone)."""
    shown = list(dict.fromkeys(text.get(lang) for lang in languages if text.get(lang)))
    p = _para(classes=["rules-data-cell"])
    if label is not None:
        head = " · ".join(dict.fromkeys(label.get(lang) for lang in languages))
        p += _inline(f"{head}: ", "rules-data-label")
    for i, part in enumerate(shown):
        if i:
            p += nodes.raw("", "<br/>", format="html")
        p += _inline(part, "rules-data-source" if i == 0 else "rules-data-translation")
    return p


def _n(count: int, noun: str) -> str:
    """``1 ruling``, ``2 rulings``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"
