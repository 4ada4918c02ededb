"""The rulebook's **Adjudicate** panel (docs/decisions/0017-in-page-adjudicator.md).

A Sphinx extension of its own: ``extensions = [..., "rules.sphinx.adjudicator"]``.
It adds the ``adjudicator`` directive::

    .. adjudicator:: claim          (claim, claim2, claim-combined, leaders, valeria, or any)

which places the panel (its script and style are the static files of
:mod:`rules.web`), and writes into the built site

- ``_adjudicator/links.json``: every rule ID with the page and anchor the
  rulebook renders it at (the panel links each cited rule there);
- ``_adjudicator/pages.json``: the pages that hold a panel (kept for offline use);
- ``_adjudicator/manifest.json`` saying ``"runtime": false`` when the build has no runtime yet;
- ``sw.js``: a service worker that keeps visited pages for offline reading,
  unless :mod:`rules.web.build` has written the full one (runtime and wheels).

The runtime itself (Pyodide, the project's wheel) is added by
``python -m rules.web.build``; a site built without it shows how to add it.
"""

from __future__ import annotations

import json
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

#: Panel kinds: a game key, or "any" (a record of any game).
KINDS = ("claim", "claim2", "claim-combined", "leaders", "valeria", "any")
#: Languages of each panel's verdicts (the rulebook's language, then English).
LANGUAGES = {"claim": ("cs", "en"), "claim2": ("hu", "en"), "claim-combined": ("hu", "en"),
             "leaders": ("cs", "en"), "valeria": ("cs", "en"), "any": ("en", "cs", "hu")}
_STATIC = "rules-adjudicator"


class AdjudicatorDirective(SphinxDirective):
    """``.. adjudicator:: GAME``: the panel for one game (or ``any``)."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"title": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        kind = self.arguments[0]
        if kind not in KINDS:
            raise self.error(f"adjudicator: unknown game {kind!r}; one of {', '.join(KINDS)}")
        depth = self.env.docname.count("/")
        root = "../" * depth
        pages = self.env.domaindata.setdefault("rules-adjudicator", {})
        pages[self.env.docname] = kind
        title = self.options.get("title", "Adjudicate")
        html = (f'<section class="rules-adjudicator" data-game="{escape(kind)}" data-root="{escape(root)}" '
                f'data-langs="{",".join(LANGUAGES[kind])}" aria-label="{escape(title)}">'
                f'<h3 class="ra-title">{escape(title)}</h3>'
                '<p class="ra-intro">Settle a disputed play here: the page runs this library itself '
                '(its Python wheel in Pyodide), with no server, offline after the first use.</p>'
                '<noscript>The adjudicator needs JavaScript; the command line does the same: '
                '<code>rules adjudicate --explain FILE</code>.</noscript></section>')
        return [nodes.raw("", html, format="html")]


def _static_dir() -> str:
    return str(Path(str(resources.files("rules.web").joinpath("static"))))


def _add_static(app: Sphinx) -> None:
    app.config.html_static_path.append(_static_dir())


def _purge(app: Sphinx, env: Any, docname: str) -> None:
    env.domaindata.get("rules-adjudicator", {}).pop(docname, None)


def _merge(app: Sphinx, env: Any, docnames: Any, other: Any) -> None:
    env.domaindata.setdefault("rules-adjudicator", {}).update(other.domaindata.get("rules-adjudicator", {}))


def _finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    target = out / "_adjudicator"
    target.mkdir(exist_ok=True)
    rules = app.env.domaindata.get("rule", {}).get("rules", {})
    links = {rule_id: f"{app.builder.get_target_uri(docname)}#{anchor}"
             for rule_id, (docname, anchor, _title) in sorted(rules.items())}
    (target / "links.json").write_text(json.dumps(links, indent=0, sort_keys=True), encoding="utf-8")
    panels = app.env.domaindata.get("rules-adjudicator", {})
    pages = sorted(app.builder.get_target_uri(d) for d in panels)
    (target / "pages.json").write_text(json.dumps({"pages": pages, "panels": dict(sorted(panels.items()))}),
                                       encoding="utf-8")
    manifest = target / "manifest.json"
    if not manifest.exists():  # no runtime in this build: the panel says how to add it (and nothing 404s)
        manifest.write_text(json.dumps({"runtime": False, "build": "python -m rules.web.build OUT"}) + "\n",
                            encoding="utf-8")
    sw = out / "sw.js"
    if not sw.exists() or "__pages_only__" in sw.read_text(encoding="utf-8"):
        from rules.web.build import write_service_worker

        write_service_worker(out, "__pages_only__")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("adjudicator", AdjudicatorDirective)
    app.connect("builder-inited", _add_static)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("build-finished", _finished)
    app.add_js_file("adjudicator.js", defer="defer")
    app.add_css_file("adjudicator.css")
    from rules import __version__

    return {"version": __version__, "env_version": 1, "parallel_read_safe": True, "parallel_write_safe": True}
