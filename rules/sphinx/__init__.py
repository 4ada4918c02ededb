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
  being the anchor; worked examples are drawn as SVG and checked against the
  engine (a disagreement is a build warning, fatal under ``-W``); a game's
  data tables (:class:`rules.kernel.pictures.Tables`) appear under the rules that
  state them, and stack into labelled blocks on a phone;
- ``.. rulings::`` (optionally ``.. rulings:: claim``): every ruling, each
  linking to its rule;
- ``.. proofs::``: a table of every theorem with its rules, status and time;
- ``.. quick-reference:: claim``: the one-screen summary for players that
  opens a chapter (setup, the turn, the end), from the ``[[quick]]`` entries
  the game's book declares; ``.. rulebook-summary:: claim``: a chapter's
  counts of rules, code, tests and theorems, for a page about the rulebook;
- ``.. rulebook-chapters::``: the table of contents of every chapter; a
  registered game without a page of its own gets a generated one
  (:mod:`rules.sphinx.chapters`);
- the index of rules, by game and section (``:ref:`rule-ruleindex```): a
  filter box over collapsed sections (the extension's ``domainindex.html``);
- finding a rule (:mod:`rules.sphinx.find`): the search page lists the
  matching rules first, accents optional, each with its text and a link to
  its anchor, from ``_static/rules-index.js``, written with the build.

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
    checkout that holds the ``rules`` package, if any, in the library's own
    rulebook build. Another project that does not set it shows no tests or
    proofs of its own: each rule's columns point to the published rulebook
    (``rules_rulebook_url``), and a rule's source is its book and section
    without the library's seed file.
``rules_proofs_module``
    The module with ``THEOREMS`` (default ``proofs``); if it cannot be
    imported, the rulebook says so and the build goes on.
``rules_generate_chapters``
    Write a page for every chapter of :func:`rules.rulebook.chapters` that has
    none in the sources (a game another distribution registered), so
    ``.. rulebook-chapters::`` lists it; see :mod:`rules.sphinx.chapters`.
    Default ``False``: a project that only cites rules gets no pages.
``rules_rulebook_url``
    Base URL of a published rulebook. A ``:rule:`` reference that this
    project does not render and no intersphinx inventory resolves, but the
    installed spec knows, links to ``<url>/<game key>.html#<rule ID>``;
    without it, such a reference is the ID as code with the rule on hover.
    Default: none. An ID the spec does not know is a warning either way.

Every rule reference shows the rule's English and source-language text on
hover. The extension is read- and write-parallel safe. It ships its styles
(``rules.css``: the ``rules-*`` classes, light and dark themes), a search
scorer that puts a rule whose ID is typed first (``rules-search.js``, used
when the project sets no ``html_search_scorer``), the find script of the
search page and the index of rules (``rules-find.js``) and a script on every
page (``rules-page.js``); the index of rules is ``rule-ruleindex.html``
(``:ref:`rule-ruleindex```).

The extension is a package of small modules, each with one concern:

- ``domain``: the ``rule`` domain, its role and generated rule references;
- ``text``: docutils node helpers (paragraphs, badges, statuses, spec text
  in both languages, source links);
- ``data``: the build's test outcomes and proof runs, cached per process;
- ``columns``: a rule's "Implemented by", "Tested by" and "Proved by" columns;
- ``renderer``: ``Renderer``, the nodes of one rule, section or summary;
- ``directives``: ``rule``, ``rulebook``, ``rulings`` and ``proofs``;
- ``events``: the Sphinx event handlers (re-reading, code links);
- ``chapters``: the generated page of a registered game that has none;
- ``find``: the rules' search index and the find scripts (decision record 0031);
- ``incremental``: the search index of an incremental build, made the one a build
  from nothing writes (decision record 0054);
- this module: :func:`setup`, and the names other code imports from
  ``rules.sphinx``.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

from rules import __version__
from rules.sphinx.chapters import write_missing_chapters
from rules.sphinx.data import proof_report as proof_report
from rules.sphinx.data import tests_table as tests_table
from rules.sphinx.directives import ChaptersDirective as ChaptersDirective
from rules.sphinx.directives import ProofsDirective as ProofsDirective
from rules.sphinx.directives import QuickReferenceDirective as QuickReferenceDirective
from rules.sphinx.directives import RulebookDirective as RulebookDirective
from rules.sphinx.directives import RuleDirective as RuleDirective
from rules.sphinx.directives import RulingsDirective as RulingsDirective
from rules.sphinx.directives import SummaryDirective as SummaryDirective
from rules.sphinx.domain import RuleDomain as RuleDomain
from rules.sphinx.domain import RuleRole as RuleRole
from rules.sphinx.domain import rule_xref as rule_xref
from rules.sphinx.events import (
    _add_static,
    _evidence_before_reading,
    _hover_on_rule_links,
    _missing_code_reference,
    _one_viewport,
    _outdated,
    _rule_from_spec,
)
from rules.sphinx.find import add_find_scripts, add_templates, write_rule_records
from rules.sphinx.incremental import mend_search_index
from rules.sphinx.navigation import setup_navigation
from rules.sphinx.renderer import Renderer as Renderer
from rules.sphinx.text import add_nodes
from rules.sphinx.text import bilingual as bilingual
from rules.sphinx.text import render_text as render_text

__all__ = ["RuleDomain", "setup"]


def setup(app: Sphinx) -> dict[str, Any]:
    # "": a new status re-reads no document for its own sake: every document that shows an outcome is
    # re-read on every build anyway (``_outdated``), and no page shows one otherwise (decision record 0054)
    app.add_config_value("rules_test_status", "", "", types=frozenset({str}))
    app.add_config_value("rules_run_proofs", True, "env", types=frozenset({bool}))
    app.add_config_value("rules_source_url", None, "env", types=frozenset({str, type(None)}))
    app.add_config_value("rules_tests_dir", None, "env", types=frozenset({str, type(None)}))
    app.add_config_value("rules_proofs_module", "proofs", "env", types=frozenset({str}))
    app.add_config_value("rules_rulebook_url", None, "env", types=frozenset({str, type(None)}))
    app.add_config_value("rules_generate_chapters", False, "env", types=frozenset({bool}))
    add_nodes(app)
    app.add_domain(RuleDomain)
    app.add_role("rule", RuleRole(innernodeclass=nodes.literal, warn_dangling=True))
    app.add_directive("rule", RuleDirective)
    app.add_directive("rulebook", RulebookDirective)
    app.add_directive("rulings", RulingsDirective)
    app.add_directive("proofs", ProofsDirective)
    app.add_directive("rulebook-chapters", ChaptersDirective)
    app.add_directive("quick-reference", QuickReferenceDirective)
    app.add_directive("rulebook-summary", SummaryDirective)
    app.connect("builder-inited", write_missing_chapters)
    app.connect("env-get-outdated", _outdated)
    app.connect("env-before-read-docs", _evidence_before_reading)
    app.connect("missing-reference", _missing_code_reference, priority=900)
    app.connect("missing-reference", _rule_from_spec, priority=950)
    app.connect("config-inited", _add_static)
    app.connect("config-inited", add_templates)
    app.connect("html-page-context", add_find_scripts)
    app.connect("html-collect-pages", write_rule_records)
    app.connect("html-collect-pages", mend_search_index)
    app.connect("doctree-resolved", _hover_on_rule_links)
    app.connect("html-page-context", _one_viewport)
    setup_navigation(app)
    app.add_css_file("rules.css")
    app.add_js_file("rules-page.js", loading_method="defer")
    return {"version": __version__, "env_version": 1, "parallel_read_safe": True, "parallel_write_safe": True}
