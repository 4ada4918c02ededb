"""The links under a rule: the code, tests and proofs that stand behind it.

:class:`LinkColumns` holds the three columns ("Implemented by", "Tested by",
"Proved by") that :class:`~rules.sphinx.renderer.Renderer` puts under every
rule it renders in full. They are kept apart from the rule's text because
they are what changes from build to build (test outcomes, proof runs, code
locations), which is why documents that show them are re-read every time.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.environment import BuildEnvironment

from rules import rulebook
from rules.kernel.spec import Rule
from rules.sphinx.data import evidence_elsewhere, proof_report, tests_table
from rules.sphinx.events import rulebook_url
from rules.sphinx.text import _external, _inline, _para, _source_link, _status


class LinkColumns:
    """The code, tests and proofs columns of a rule (a mixin of ``Renderer``)."""

    env: BuildEnvironment
    docname: str
    location: Any

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

    def published(self, rule: Rule, what: str) -> nodes.paragraph:
        """Where another project's reader finds the library's ``what`` (tests, theorems) of
        ``rule``: its place in the published rulebook (``rules_rulebook_url``), or, without
        that address, the rulebook named in words (issue 18 §3)."""
        url = rulebook_url(self.env.config, rule.id)
        if url is None:
            return _para(_inline(f"the library's {what}: see this rule in its published rulebook", "rules-none"))
        return _para(_inline(f"the library's {what}: ", "rules-none"), _external(url, "in the published rulebook"))

    def tests_column(self, rule: Rule) -> nodes.container:
        col = nodes.container(classes=["rules-links-col", "rules-tests"])
        col += _para(nodes.strong("Tested by", "Tested by"), classes=["rules-links-head"])
        if evidence_elsewhere(self.env):
            col += self.published(rule, "tests")
            return col
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
        if evidence_elsewhere(self.env):
            col += self.published(rule, "theorems")
            return col
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
