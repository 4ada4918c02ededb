"""Rendering rules: :class:`Renderer` builds the nodes for one document.

A rule's title, metadata, "see also" line, annotations and drawn tricks;
the rule as a whole (``body``), as a section of a rulebook
(``rule_section``), a spec section with its rules (``book_section``) and a
game's summary. The directives in ``rules.sphinx.directives`` decide what to
show; this module decides how it looks. The code, tests and proofs columns
come from :class:`~rules.sphinx.columns.LinkColumns`.
"""

from __future__ import annotations

from collections.abc import Iterable

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rules import rulebook
from rules.kernel.spec import Annotation, Book, Rule, Section, load_spec
from rules.kernel.text import Text
from rules.sphinx.columns import LinkColumns
from rules.sphinx.data import _count, proof_report, tests_table
from rules.sphinx.domain import RuleDomain, rule_xref
from rules.sphinx.text import _badge, _inline, _para, bilingual

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
        """A worked example drawn by its game and replayed with the engine: a
        two-player Claim ``trick`` or a free-form ``figure`` (Claim 2, Leaders)."""
        if annotation.figure:
            drawn: rulebook.FigurePicture | rulebook.TrickPicture | None = rulebook.draw_figure(rule.game, annotation)
            subtype = "figure"
        else:
            drawn = rulebook.draw_trick(rule.game, annotation)
            subtype = "trick"
        if drawn is None:
            return None
        for problem in drawn.problems:
            logger.warning("%s: rule %s, annotation #%d: %s", rulebook.relative_source(self.spec.book(rule.game).path),
                           rule.id, index + 1, problem,
                           location=self.location, type="rules", subtype=subtype)
        if not drawn.svg:
            return None
        fig = nodes.container(classes=["rules-picture"])
        fig += nodes.raw("", drawn.svg, format="html")
        fig += bilingual(drawn.caption, languages, labels=False, classes=["rules-picture-caption"])
        p = _para(_inline("Engine: ", "rules-meta-label"), classes=["rules-engine"])
        if isinstance(drawn, rulebook.TrickPicture):
            who = "the leader" if drawn.winner == "leader" else "the second player"
            p += nodes.Text(f"{who} takes the trick (")
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
        drawn = sum(1 for r in rules for a in r.annotations if a.trick or a.figure)
        items = [
            f"{len(rules)} rules in {len(book.sections)} sections: {len(normative)} normative, "
            f"{len(rules) - len(normative)} informative (flavour and lists; they need no code).",
            f"{len(implemented)} of {len(normative)} normative rules have registered code; "
            f"{len(tested)} are cited by tests; {len(proved)} are covered by a proved theorem.",
            f"Annotations: {kinds['ruling']} rulings (the library's interpretations, not the book's text), "
            f"{kinds['clarification']} clarifications, {kinds['repair']} text repairs, "
            f"{kinds['example']} examples ({drawn} drawn and replayed with the engine).",
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
