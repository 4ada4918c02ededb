"""Finding a rule on a phone: the rules' own search index and the pages' find scripts.

Sphinx's search splits a query at every non-word character, stems English
words only, requires the accents of a Czech or Hungarian word, ranks whole
pages above the rules and opens a word hit at the top of its chapter. The
rules are therefore searched by a script of their own, over an index of
the rules this build renders (decision record 0031):

- :func:`rule_records` lists every rendered rule: its ID, the page and
  anchor it is rendered at, its chapter, its titles and its text in every
  language of its book; :func:`write_rule_records` writes them to
  ``_static/rules-index.js`` once an HTML build has written the documents;
- ``rules-find.js`` (a static file of the extension) folds accents (so
  "menavci" finds "měňavci"), matches word prefixes and stems, and on the
  search page shows the matching rules above Sphinx's results, each with
  its own text and a link to its anchor; Sphinx's own results lose their
  entries for rules (shown above) and their duplicates. On the index of
  rules (``rule-ruleindex.html``, whose layout is the extension's template
  ``domainindex.html``) it narrows the collapsed sections as one types;
- ``rules-page.js``, on every page, keeps Sphinx's highlighting of the
  searched words out of the text of SVG elements that have no geometry
  (an icon's ``<title>``), where it would throw.

:func:`add_find_scripts` puts the index and ``rules-find.js`` on the two
pages that use them; :func:`add_templates` adds the extension's templates.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.config import Config
from sphinx.environment import BuildEnvironment

from rules.kernel.spec import load_spec
from rules.sphinx.domain import RuleDomain, book_name

#: The generated index of the rules, in the build's ``_static``.
RECORDS_FILE = "rules-index.js"
#: The pages that search the rules: Sphinx's search page and the domain's index of rules.
SEARCH_PAGE, INDEX_PAGE = "search", "rule-ruleindex"
TEMPLATES = Path(__file__).resolve().parent / "templates"


def rule_records(env: BuildEnvironment, builder: Builder) -> list[dict[str, Any]]:
    """Every rule this build renders, in book order: ``id``, ``url`` (page and anchor),
    ``book`` (its name), ``informative``, ``title`` and ``text`` (one entry per language of
    its book, the book's language first, a repeated one given once), text as one line."""
    domain: RuleDomain = env.get_domain("rule")  # type: ignore[assignment]
    out: list[dict[str, Any]] = []
    for book in load_spec().books:
        name = book_name(book)
        for rule in book.rules:
            entry = domain.rules.get(rule.id)
            if entry is None:
                continue
            docname, anchor, _ = entry
            out.append({
                "id": rule.id,
                "url": f"{builder.get_target_uri(docname)}#{anchor}",
                "book": name,
                "informative": rule.informative,
                "title": list(dict.fromkeys(rule.title.get(lang) for lang in book.languages)),
                "text": list(dict.fromkeys(" ".join(rule.text.get(lang).split()) for lang in book.languages)),
            })
    return out


def write_rule_records(app: Sphinx) -> list[tuple[str, dict[str, Any], str]]:
    """``html-collect-pages`` (the documents are written, the search page is not yet):
    ``_static/rules-index.js``, the rules as one JavaScript assignment (a script, not JSON to
    fetch, so the pages work from ``file://`` too). Written before the search page, which loads
    it, so that the page names it with its checksum (``?v=``, a new index is fetched anew) in a
    build from nothing as in an incremental one (decision record 0054). No pages of its own."""
    if app.builder.format != "html":
        return []
    records = rule_records(app.env, app.builder)
    static = Path(app.outdir) / "_static"
    static.mkdir(parents=True, exist_ok=True)
    text = json.dumps(records, ensure_ascii=False, separators=(",", ":"))
    (static / RECORDS_FILE).write_text(f"var RULES_RECORDS = {text};\n", encoding="utf-8")
    return []


def add_find_scripts(app: Sphinx, pagename: str, templatename: str, context: dict[str, object],
                     doctree: nodes.document | None) -> None:
    """The search page gets the rules' index and the find script; the index of rules the
    find script alone (it filters the entries the page lists)."""
    if pagename == SEARCH_PAGE:
        app.add_js_file(RECORDS_FILE, loading_method="defer")
    if pagename in (SEARCH_PAGE, INDEX_PAGE):
        app.add_js_file("rules-find.js", loading_method="defer")


def add_templates(app: Sphinx, config: Config) -> None:
    """The extension's templates (the index of rules' ``domainindex.html``), after the
    project's own, so a project's template of the same name wins."""
    if str(TEMPLATES) not in [str(p) for p in config.templates_path]:
        config.templates_path.append(str(TEMPLATES))
