"""The directives: ``rule``, ``rulebook``, ``quick-reference``, ``rulebook-summary``,
``rulebook-chapters``, ``rulings`` and ``proofs``.

Each directive picks what to show (one rule, a game's chapter, the rulings,
the theorems), notes what the document depends on, and leaves the look to
:class:`~rules.sphinx.renderer.Renderer` and the helpers of
``rules.sphinx.text``. ``rule`` and ``rulebook`` are also the ``rule``
domain's directives (``.. rule:rule::``), attached at the end of this module.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

import attrs
from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rules import rulebook
from rules.kernel.messages import FALLBACK, language_name, message
from rules.kernel.spec import Book, load_spec
from rules.sphinx.data import _count, proof_report
from rules.sphinx.domain import RuleDomain, rule_xref
from rules.sphinx.renderer import Renderer, _titles
from rules.sphinx.text import _inline, _para, _status, bilingual

logger = logging.getLogger(__name__)


def _chapter_of(directive: SphinxDirective, key: str) -> rulebook.Chapter | None:
    """The chapter of game ``key``, or ``None`` after a warning that lists the known ones."""
    try:
        return rulebook.chapter(key)
    except KeyError:
        known = ", ".join(c.key for c in rulebook.chapters())
        logger.warning("unknown game %r (known: %s)", key, known,
                       location=directive.get_location(), type="rules", subtype="game")
        return None


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
            renderer.domain.note_rule(rule.id, rule.title.get(FALLBACK), self.get_location())
        box += _para(*renderer.title_nodes(rule, book.languages), classes=["rules-rule-title"])
        box.extend(renderer.body(rule, book, brief="brief" in self.options))
        if "brief" not in self.options:
            renderer.domain.note_dynamic()
        return [box]


class RulebookDirective(SphinxDirective):
    """``.. rulebook:: claim``: a chapter of the rulebook, generated from its spec.

    The argument is a registered game key: a book's own game (``claim2``) or a
    game whose rules another book states (``claim-combined``: the
    combinations in the Claim 2 book); see :func:`rules.rulebook.chapters`.
    ``:sections: key key …`` renders only those sections of the chapter's
    book, in book order.
    """

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"no-summary": directives.flag,
                                             "sections": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        chapter = _chapter_of(self, self.arguments[0].strip())
        if chapter is None:
            return []
        key, book = chapter.key, chapter.book
        wanted = self.options["sections"].split() if "sections" in self.options else list(chapter.sections)
        unknown = sorted(set(wanted) - {s.key for s in book.sections})
        if unknown:
            logger.warning("rulebook %s: unknown section(s) %s", key, ", ".join(unknown),
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
            english, source = book.title.get(FALLBACK), book.title.get(book.language)
            name = english if english == source else f"{english} ({source})"
            section += nodes.title("", f"{name}: {len(found)} ruling{'' if len(found) == 1 else 's'}")
            self.state.document.set_id(section)
            for n, (rule, ruling) in enumerate(found, 1):
                box = nodes.container(classes=["rules-annotation", "rules-annotation-ruling", "rules-ruling"])
                head = _para(_inline(f"Ruling {n} on ", "rules-annotation-label"), classes=["rules-annotation-head"])
                head += rule_xref(rule.id, self.env.docname)
                head += nodes.Text(" ")
                head.extend(_titles(rule.title, book.languages))
                box += head
                box += _para(_inline("The rule: ", "rules-meta-label"), rule.text.get(FALLBACK), classes=["rules-ruling-rule"])
                box += bilingual(ruling.text, book.languages, labels=False, links=self.env.docname)
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
        # three columns, the statement under the theorem's name: it fits a phone
        headers = ("Theorem", "Rules", "Status")
        table = nodes.table(classes=["rules-proofs-table", "colwidths-given"])
        group = nodes.tgroup(cols=len(headers))
        table += group
        for width in (60, 28, 12):
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
            theorem = nodes.entry("", _para(nodes.literal(p.name, p.name, classes=["rules-theorem"])))
            theorem += _para(p.statement, classes=["rules-statement"])
            if p.detail and p.status != "proved":
                theorem += _para(p.detail, classes=["rules-proof-detail"])
            row += theorem
            rules_para = _para(classes=["rules-proof-rules"])
            for i, rid in enumerate(p.rules):
                if i:
                    rules_para += nodes.Text(" ")
                rules_para += rule_xref(rid, self.env.docname)
            row += nodes.entry("", rules_para)
            status = nodes.entry("", _para(_status(p.status)))
            status += _para(f"{p.seconds:.3f} s" if p.seconds is not None else "—", classes=["rules-seconds"])
            row += status
            body += row
        group += body
        out.append(table)
        return out


class _ChapterDirective(SphinxDirective):
    """A directive whose one argument is a chapter's game key (an unknown key is a warning)."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        chapter = _chapter_of(self, self.arguments[0].strip())
        return [] if chapter is None else self.render(chapter)

    def render(self, chapter: rulebook.Chapter) -> list[nodes.Node]:
        raise NotImplementedError


class QuickReferenceDirective(_ChapterDirective):
    """``.. quick-reference:: claim``: the one-screen summary a player needs at the table.

    Setup, the turn and how the game ends, as the game's book declares them
    (``[[quick]]`` in its spec: :attr:`rules.rulebook.Chapter.quick`), in the
    book's language and English, each rule ID in the text a link to its rule.
    The chapter generator puts it first on every chapter page; this directive
    only renders what the game declares (the generic layers name no game).
    A chapter that declares none is a warning. Decision record 0031.

    On a phone the page's script shows one language at a time with a switch
    (``rules-page.js``); its buttons name each language in itself ("čeština",
    "magyar", "English", as the panel's language picker does), from the names
    written into the box here, not the columns' English labels.
    """

    def render(self, chapter: rulebook.Chapter) -> list[nodes.Node]:
        if not chapter.quick:
            logger.warning("chapter %s declares no quick reference ([[quick]] in %s)", chapter.key,
                           Path(chapter.book.path).name, location=self.get_location(), type="rules", subtype="quick")
            return []
        self.env.note_dependency(str(Path(chapter.book.path).resolve()))
        langs = chapter.book.languages
        box = nodes.container(classes=["rules-quick"], ids=[f"{chapter.key}-quick-reference"])
        self.state.document.set_id(box)
        box += _para(*_titles(message("rulebook.quick"), langs), classes=["rules-quick-heading"])
        names = json.dumps({lang: language_name(lang) for lang in langs}, ensure_ascii=False, sort_keys=True)
        box += nodes.raw("", f'<script type="application/json" class="rules-quick-names">{names}</script>', format="html")
        for item in chapter.quick:
            part = nodes.container(classes=["rules-quick-part", f"rules-quick-{item.key}"])
            part += _para(*_titles(item.title, langs), classes=["rules-quick-title"])
            part += bilingual(item.text, langs, labels=False, classes=["rules-quick-text"], links=self.env.docname)
            box += part
        return [box]


class SummaryDirective(_ChapterDirective):
    """``.. rulebook-summary:: claim``: the counts of a chapter (rules, code, tests and
    their outcomes, theorems), for the page that says how the rulebook is made
    rather than at the top of the chapter a player reads (decision record 0031)."""

    def render(self, chapter: rulebook.Chapter) -> list[nodes.Node]:
        book = attrs.evolve(chapter.book, sections=tuple(s for s in chapter.book.sections if s.key in chapter.sections),
                            rules=chapter.rules)
        renderer = Renderer(self)
        renderer.domain.note_dynamic()
        return [renderer.summary(book)]


# The domain's own directives: ``.. rule:rule::`` and ``.. rule:rulebook::``.
RuleDomain.directives = {"rule": RuleDirective, "rulebook": RulebookDirective}


class ChaptersDirective(SphinxDirective):
    """``.. rulebook-chapters::``: the table of contents of the rulebook's chapters.

    One entry per chapter of :func:`rules.rulebook.chapters` (the spec's books
    and the registered games), each the page named by its game key
    (``claim.rst``, ``claim-combined.rst``); a chapter without its page is a
    warning that names the page to write. Options as for ``toctree``
    (``:maxdepth:``).
    """

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"maxdepth": directives.nonnegative_int}

    def run(self) -> list[nodes.Node]:
        found = []
        for chapter in rulebook.chapters():
            if chapter.key in self.env.found_docs:
                found.append(chapter.key)
            else:
                logger.warning("rulebook chapter %r has no page: write %s.rst with '.. rulebook:: %s'",
                               chapter.key, chapter.key, chapter.key, location=self.get_location(),
                               type="rules", subtype="chapter")
        lines = [".. toctree::", f"   :maxdepth: {self.options.get('maxdepth', 2)}", "", *(f"   {k}" for k in found)]
        container = nodes.container(classes=["rules-chapters"])
        self.state.nested_parse(StringList(lines, source="rulebook-chapters"), self.content_offset, container)
        return list(container.children)
