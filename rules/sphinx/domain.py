"""The ``rule`` domain: rules as Sphinx objects, keyed by their IDs.

It holds :class:`RuleDomain` (which rule is rendered where, for
cross-references and ``objects.inv``), :class:`RuleRole` (``:rule:`ID```)
and :func:`rule_xref`, the reference the generated pages use. These are the
extension's public face to other projects (through intersphinx), kept apart
from how rules are rendered. The domain's directives are attached in
``rules.sphinx.directives``, which imports this module.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

from docutils import nodes
from sphinx import addnodes
from sphinx.builders import Builder
from sphinx.domains import Domain, Index, IndexEntry, ObjType
from sphinx.environment import BuildEnvironment
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

from rules.kernel.messages import FALLBACK
from rules.kernel.spec import Book, load_spec

logger = logging.getLogger(__name__)


def hover_text(rule_id: str) -> str | None:
    """What a reference to ``rule_id`` shows on hover: the rule's title and text in
    English and in its book's language, from the installed spec (``None`` if unknown).

    A title attribute is one line (the HTML writer turns line breaks into spaces), so the
    parts are set apart in words: ``ID | [en] Title — text | [cs] Title — text``."""
    spec = load_spec()
    rule = spec.get(rule_id)
    if rule is None:
        return None
    parts = []
    for lang in spec.book(rule.game).languages[::-1]:  # English first
        text = " ".join(rule.text.get(lang).split())
        if len(text) > 280:
            text = text[:279].rstrip() + "…"
        parts.append(f"[{lang}] {rule.title.get(lang)} — {text}")
    return " | ".join([rule_id, *dict.fromkeys(parts)])


def book_name(book: Book) -> str:
    """``Claim (Trůn)``: the book's English title and, when it differs, its own."""
    source, english = book.title.get(book.language), book.title.get(FALLBACK)
    return english if source == english else f"{english} ({source})"


class RuleIndex(Index):
    """The index of rules (``rule-ruleindex.html``): every rule rendered in this
    project, by game and section in book order (each section titled in English
    and its book's language), each rule with its titles in English and its
    book's language. The extension's ``domainindex.html`` lays it out for a
    phone: a filter box and one collapsed section per heading (decision record 0031)."""

    name = "ruleindex"
    localname = "Index of rules"
    shortname = "rules"

    def generate(self, docnames: Iterable[str] | None = None) -> tuple[list[tuple[str, list[IndexEntry]]], bool]:
        spec = load_spec()
        rendered: dict[str, tuple[str, str, str]] = self.domain.data.get("rules", {})
        wanted = set(docnames) if docnames is not None else None
        content: list[tuple[str, list[IndexEntry]]] = []
        for book in spec.books:
            game = book_name(book)
            for section in book.sections:
                entries: list[IndexEntry] = []
                for rule in book.rules_in(section.key):
                    entry = rendered.get(rule.id)
                    if entry is None or (wanted is not None and entry[0] not in wanted):
                        continue
                    titles = [rule.title.get(lang) for lang in (FALLBACK, book.language)]
                    entries.append(IndexEntry(rule.id, 0, entry[0], entry[1], "",
                                              "informative" if rule.informative else "",
                                              " · ".join(dict.fromkeys(titles))))
                if entries:
                    heading = " · ".join(dict.fromkeys(section.title.get(lang) for lang in (FALLBACK, book.language)))
                    content.append((f"{game} › {heading}", entries))
        return content, False


class RuleDomain(Domain):
    """The ``rule`` domain: rules as objects, keyed by rule ID."""

    name = "rule"
    label = "Rule"
    object_types: ClassVar[dict[str, ObjType]] = {"rule": ObjType("rule", "rule")}
    roles: ClassVar[dict[str, Any]] = {}  # set below: {"rule": RuleRole(...)}
    dangling_warnings: ClassVar[dict[str, str]] = {"rule": "unknown rule ID: %(target)s"}
    initial_data: ClassVar[dict[str, Any]] = {
        "rules": {},  # rule ID -> (docname, anchor, title)
        "dynamic": {},  # docname -> True: re-read on every build (tests, proofs, code)
    }
    data_version = 1
    indices: ClassVar[list[type[Index]]] = [RuleIndex]

    def get_type_name(self, type: ObjType, primary: bool = False) -> str:
        """``rule`` (the search shows "rule, in Claim (Trůn)", not "Rules rule")."""
        return "rule"

    @property
    def rules(self) -> dict[str, tuple[str, str, str]]:
        rules: dict[str, tuple[str, str, str]] = self.data.setdefault("rules", {})
        return rules

    @property
    def dynamic(self) -> dict[str, bool]:
        dynamic: dict[str, bool] = self.data.setdefault("dynamic", {})
        return dynamic

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
        return make_refnode(builder, fromdocname, docname, anchor, contnode, hover_text(target) or title)

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


RuleDomain.roles = {"rule": RuleRole(innernodeclass=nodes.literal, warn_dangling=True)}
