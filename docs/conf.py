"""Sphinx configuration of the rules documentation.

Build with ``python -m sphinx -W --keep-going -b html docs docs/_build/html``.
The build needs no network: there is no intersphinx mapping to remote sites.

The theme is Furo (light and dark, a navigation made for phones); the
decision records in ``decisions/`` are Markdown, read by MyST. When the test
suite has run in this checkout it has left its results in
``build/test-status.json`` (``tests/test_docs.py`` writes it), and the
rulebook shows them next to every rule; decision record 0015.
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))  # the rules package and, for the proofs table, proofs/

from rules import __version__  # noqa: E402

project = "rules"
author = "the rules authors"
copyright = "the rules authors"
version = release = __version__

extensions = [
    "rules.sphinx",
    "rules.sphinx.adjudicator",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "myst_parser",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "generated", "citing"]
templates_path = ["_templates"]  # the navigation with the index of rules (decision record 0031)
html_theme = "furo"
html_static_path = ["_static"]
html_favicon = "_static/favicon.svg"
html_title = "Tabletop rulebooks"  # the rulebook's own name: the browser tab, the home screen (web app manifest)
html_theme_options = {
    "sidebar_hide_name": False,
    "navigation_with_keys": True,
}
myst_heading_anchors = 3

# API reference: the largest tables are documented by name only (docs/api/claim.rst).
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
# the adapters' optional extra (docs/api/studies.rst) need not be installed to build the reference
autodoc_mock_imports = ["pyspiel", "open_spiel", "pettingzoo", "gymnasium"]


# rules.sphinx: the test run this build reports ('' = tests "not run in this build").
_STATUS = ROOT / "build" / "test-status.json"
rules_test_status = str(_STATUS) if _STATUS.is_file() else ""
rules_run_proofs = True
rules_source_url = None
# a registered game without a page here gets a generated chapter (rules.sphinx.chapters)
rules_generate_chapters = True
