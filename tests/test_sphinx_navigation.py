"""The navigation tree from pruned tables of contents is Sphinx's own (rules/sphinx/navigation.py,
decision record 0045): on a small project with sections, a toctree inside a section and one
inside an ``only`` block, every page's ``toctree(...)`` answers as Sphinx's unwrapped one does."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace

from rules.sphinx.navigation import setup_navigation, titles_only

PAGES = {
    "index": "Top\n===\n\n.. toctree::\n   :maxdepth: 2\n\n   a\n   b\n\nSection one\n-----------\n\nText.\n",
    "a": "A page\n======\n\nSub A\n-----\n\n.. toctree::\n\n   c\n\nDeep A\n~~~~~~\n\nText.\n",
    "b": "B page\n======\n\n.. only:: html\n\n   .. toctree::\n\n      d\n\nSub B\n-----\n\nText.\n",
    "c": "C page\n======\n\nSub C\n-----\n\nText.\n",
    "d": "D page\n======\n\nSub D\n-----\n\nText.\n",
}
#: the calls a theme makes: the titles-only whole tree (Furo's), and others answered unchanged
CALLS: list[dict[str, Any]] = [
    {"collapse": False, "titles_only": True, "maxdepth": -1, "includehidden": True},
    {"collapse": True, "titles_only": True, "maxdepth": -1},
    {"collapse": False, "titles_only": False, "maxdepth": -1},
    {"titles_only": True},
]


def test_every_page_gets_sphinx_s_own_navigation(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text("project = 'navigation'\n", encoding="utf-8")
    for name, text in PAGES.items():
        (source / f"{name}.rst").write_text(text, encoding="utf-8")
    answers: list[tuple[str, int, str, str]] = []

    def keep_sphinx_s(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
        context["sphinx_toctree"] = context["toctree"]

    def compare(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
        for number, call in enumerate(CALLS):
            answers.append((pagename, number, context["toctree"](**call), context["sphinx_toctree"](**call)))

    # in docutils' own namespace, as sphinx-build builds: the nodes and directives Sphinx registers
    # globally are unregistered after, so a later build in this process does not find them
    # registered twice (a warning, fatal under -W)
    with docutils_namespace():
        app = Sphinx(str(source), str(source), str(tmp_path / "out"), str(tmp_path / "doctrees"), "html",
                     status=io.StringIO(), warning=io.StringIO(), freshenv=True)
        app.connect("html-page-context", keep_sphinx_s, priority=10)
        setup_navigation(app)
        app.connect("html-page-context", compare, priority=900)
        app.build()

    assert {page for page, *_ in answers} >= set(PAGES)
    for page, number, ours, sphinx_s in answers:
        assert ours == sphinx_s, (page, CALLS[number])
    furo_s = {page: ours for page, number, ours, _ in answers if number == 0}
    # the titles-only tree holds every page's title, nested, and no section
    for title in ("A page", "B page", "C page", "D page"):
        assert title in furo_s["c"]
    assert "Sub A" not in furo_s["c"] and "Deep A" not in furo_s["c"]
    pruned = titles_only(app.env.tocs)
    assert "Sub A" in app.env.tocs["a"].astext() and "Sub A" not in pruned["a"].astext()
    assert pruned["b"] is app.env.tocs["b"]  # a table with an ``only`` node is left whole
