"""Sphinx configuration of the rules documentation.

Build with ``python -m sphinx -W --keep-going -b html docs docs/_build/html``.
The build needs no network: there is no intersphinx mapping to remote sites.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))  # the rules package and, for the proofs table, proofs/

from rules import __version__  # noqa: E402

project = "rules"
author = "the rules authors"
copyright = "the rules authors"  # noqa: A001
version = release = __version__

extensions = [
    "rules.sphinx",
    "rules.sphinx.adjudicator",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
]

exclude_patterns = ["_build", "decisions"]
templates_path: list[str] = []
html_theme = "alabaster"
html_static_path = ["_static"]
html_css_files = ["rules.css"]
html_title = f"rules {release}"
html_theme_options = {"page_width": "1200px", "sidebar_width": "230px", "body_max_width": "none"}

autodoc_member_order = "bysource"
autodoc_typehints = "signature"

# rules.sphinx: '' = tests "not run in this build"; the docs test passes -D rules_test_status=...
rules_test_status = ""
rules_run_proofs = True
rules_source_url = None


# --------------------------------------------------------------------------- decision records
#
# docs/decisions/*.md are Markdown, which Sphinx cannot read without myst. The
# local directive ``.. decision-records::`` shows each record (all of them, as
# they are added) as a section titled after its first heading, holding the
# Markdown source.

from docutils import nodes  # noqa: E402
from sphinx.util.docutils import SphinxDirective  # noqa: E402

_HEADING = re.compile(r"^#\s+(.+)$", re.MULTILINE)


def decision_records() -> list[Path]:
    return sorted((DOCS / "decisions").glob("[0-9][0-9][0-9][0-9]-*.md"))


class DecisionRecords(SphinxDirective):
    has_content = False

    def run(self) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        for path in decision_records():
            self.env.note_dependency(str(path))
            text = path.read_text(encoding="utf-8")
            match = _HEADING.search(text)
            title = match.group(1).strip() if match else path.stem
            section = nodes.section(ids=[f"decision-{path.stem}"])
            section += nodes.title(title, title.replace("`", ""))
            para = nodes.paragraph()
            para += nodes.Text("File: ")
            para += nodes.literal(f"docs/decisions/{path.name}", f"docs/decisions/{path.name}")
            section += para
            block = nodes.literal_block(text, text, language="markdown")
            block["classes"].append("rules-decision")
            section += block
            self.state.document.set_id(section)
            out.append(section)
        return out


def _reread_decisions(app, env, added, changed, removed):  # noqa: ANN001, ANN202
    return ["decisions"] if "decisions" in env.found_docs else []


def setup(app):  # noqa: ANN001, ANN201
    app.add_directive("decision-records", DecisionRecords)
    app.connect("env-get-outdated", _reread_decisions)
