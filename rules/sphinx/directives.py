"""The directives: ``rule``, ``rulebook``, ``rulings`` and ``proofs``.

Each directive picks what to show (one rule, a game's chapter, the rulings,
the theorems), notes what the document depends on, and leaves the look to
:class:`~rules.sphinx.renderer.Renderer` and the helpers of
``rules.sphinx.text``. ``rule`` and ``rulebook`` are also the ``rule``
domain's directives (``.. rule:rule::``), attached at the end of this module.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import attrs
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rules import rulebook
from rules.kernel.spec import Book, load_spec
from rules.sphinx.data import _count, proof_report
from rules.sphinx.domain import RuleDomain, rule_xref
from rules.sphinx.renderer import Renderer
from rules.sphinx.text import _inline, _para, _status, bilingual

logger = logging.getLogger(__name__)


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
    """``.. rulebook:: claim``: a game's chapter, generated from its spec.

    ``:sections: key key …`` renders only those sections of the book, in book
    order (the Claim 2 book holds two chapters: Claim 2 and the combinations).
    """

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"no-summary": directives.flag,
                                             "sections": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        book = _book_of(self, self.arguments[0].strip())
        if book is None:
            return []
        if "sections" in self.options:
            wanted = self.options["sections"].split()
            unknown = sorted(set(wanted) - {s.key for s in book.sections})
            if unknown:
                logger.warning("rulebook %s: unknown section(s) %s", book.game, ", ".join(unknown),
                               location=self.get_location(), type="rules", subtype="section")
            book = attrs.evolve(book, sections=tuple(s for s in book.sections if s.key in wanted),
                                rules=tuple(r for r in book.rules if r.section in wanted))
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


# The domain's own directives: ``.. rule:rule::`` and ``.. rule:rulebook::``.
RuleDomain.directives = {"rule": RuleDirective, "rulebook": RulebookDirective}
