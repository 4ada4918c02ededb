"""The rulebook's **Adjudicate** panel (docs/decisions/0017-in-page-adjudicator.md).

A Sphinx extension of its own: ``extensions = [..., "rules.sphinx.adjudicator"]``.
It adds the ``adjudicator`` directive::

    .. adjudicator:: GAME          (a registered game key, or any)

which places the panel (its script and style are the static files of
:mod:`rules.web`; a game's own panes are the script its game object names
through :class:`~rules.kernel.panel.HasPanel`, decision 0025), and writes into
the built site

- ``_adjudicator/panels/``: every registered game's panel script, copied from
  the game's package data;
- ``_adjudicator/links.json``: every rule ID with the page and anchor the
  rulebook renders it at (the panel links each cited rule there);
- ``_adjudicator/pages.json``: the pages that hold a panel (kept for offline use);
- ``_adjudicator/manifest.json`` saying ``"runtime": false`` when the build has no runtime yet;
- ``sw.js``: the service worker that keeps the site for offline reading,
  unless :mod:`rules.web.build` has written the full one (runtime and wheels);
- ``manifest.webmanifest`` with its icons, linked from every page, and
  ``_adjudicator/offline.json``, the site's file list the service worker keeps
  (:mod:`rules.web.offline`, decision 0032).

Each panel carries its words in each of its languages (the generic panel's and
the game's, :func:`panel_words`), so its controls speak the reader's language.

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

from rules import __version__, games, rulebook
from rules.kernel.messages import FALLBACK, group, language_name
from rules.kernel.panel import HasPanel
from rules.web.build import BUNDLE, write_service_worker
from rules.web.offline import head_tags, write_file_list, write_web_manifest

#: The panel that judges a record of any game (its verdicts in every language, the fallback first).
ANY = "any"


def kinds() -> tuple[str, ...]:
    """Panel kinds: a registered game key (:mod:`rules.games`), or :data:`ANY`."""
    return (*games.GAMES, ANY)


def languages(kind: str) -> tuple[str, ...]:
    """Languages of a panel's verdicts: the game's (its rulebook's language, then the
    fallback), or for :data:`ANY` the fallback, then every book's language."""
    if kind == ANY:
        return (FALLBACK, *(lang for lang in rulebook.languages() if lang != FALLBACK))
    return tuple(games.load(kind).info.languages)


def panel_script(kind: str) -> str | None:
    """Where the site keeps the game's panel script (relative to the site's root), if it has one."""
    game = games.load(kind) if kind != ANY else None
    return f"{BUNDLE}/{game.panel.script_name()}" if isinstance(game, HasPanel) else None


def panel_words(kind: str) -> dict[str, dict[str, str]]:
    """The panel's words in each of its languages (and the fallback): the generic panel's
    (``panel.*`` of the kernel's messages), then the game's own (its panel's labels)."""
    words = dict(group("panel"))
    game = games.load(kind) if kind != ANY else None
    if isinstance(game, HasPanel):
        words.update(game.panel.words())
    return {lang: {key: text.get(lang) for key, text in words.items()} for lang in dict.fromkeys((*languages(kind), FALLBACK))}


class AdjudicatorDirective(SphinxDirective):
    """``.. adjudicator:: GAME``: the panel for one game (or ``any``)."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"title": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        kind = self.arguments[0]
        if kind not in kinds():
            raise self.error(f"adjudicator: unknown game {kind!r}; one of {', '.join(kinds())}")
        depth = self.env.docname.count("/")
        root = "../" * depth
        pages = self.env.domaindata.setdefault("rules-adjudicator", {})
        pages[self.env.docname] = kind
        langs = languages(kind)
        labels = panel_words(kind)
        words = labels[langs[0]]  # the page opens in the panel's first language; the script relabels
        title = self.options.get("title", words["title"])
        script = panel_script(kind)
        extra = f' data-panel="{escape(script)}"' if script else ""
        if "title" in self.options:  # a title of the page's own stays when the reader changes the language
            extra += ' data-own-title="1"'
        if kind == ANY:  # the warm-up judges an empty record of the first registered game (decision 0022)
            extra += f' data-sample="{escape(next(iter(games.GAMES)))}"'
        html = (f'<section class="rules-adjudicator" data-game="{escape(kind)}" data-root="{escape(root)}" '
                f'data-langs="{",".join(langs)}" data-fallback="{FALLBACK}" '
                f'data-lang-names="{escape(",".join(map(language_name, langs)))}"'
                f'{extra} aria-label="{escape(title)}">'
                f'<h3 class="ra-title">{escape(title)}</h3>'
                f'<script type="application/json" class="ra-labels">{_script_json(labels)}</script>'
                f'<p class="ra-intro">{escape(words["intro"])}</p>'
                '<noscript>The adjudicator needs JavaScript; the command line does the same: '
                '<code>rules adjudicate --explain FILE</code>.</noscript></section>')
        return [nodes.raw("", html, format="html")]


def _script_json(data: object) -> str:
    """JSON safe inside a ``<script>`` element (no ``</`` to end it early)."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")


def _static_dir() -> str:
    return str(Path(str(resources.files("rules.web").joinpath("static"))))


def _add_static(app: Sphinx) -> None:
    app.config.html_static_path.append(_static_dir())


def _purge(app: Sphinx, env: Any, docname: str) -> None:
    env.domaindata.get("rules-adjudicator", {}).pop(docname, None)


def _merge(app: Sphinx, env: Any, docnames: Any, other: Any) -> None:
    env.domaindata.setdefault("rules-adjudicator", {}).update(other.domaindata.get("rules-adjudicator", {}))


def copy_panel_scripts(bundle: Path) -> list[Path]:
    """Copy every registered game's panel script from its package data into ``bundle``
    (the site's ``_adjudicator/``), where :func:`panel_script` says the page finds it."""
    written: dict[Path, str] = {}
    for game in games.load_all().values():
        if isinstance(game, HasPanel):
            target = bundle / game.panel.script_name()
            written[target] = resources.files(game.panel.package).joinpath(game.panel.script).read_text(encoding="utf-8")
    for target, text in written.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return sorted(written)


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
    copy_panel_scripts(target)
    sw = out / "sw.js"
    if not sw.exists() or "__pages_only__" in sw.read_text(encoding="utf-8"):
        write_service_worker(out, "__pages_only__")
    write_web_manifest(out, app.config.html_title or app.config.project)
    write_file_list(out)  # last: every file the build wrote


def _head(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """Every page links the web app manifest (installable to a home screen; decision 0032)."""
    root = "../" * pagename.count("/")
    context["metatags"] = context.get("metatags", "") + head_tags(root)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("adjudicator", AdjudicatorDirective)
    app.connect("builder-inited", _add_static)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("build-finished", _finished, priority=900)  # after every other writer: the file list holds all they wrote
    app.connect("html-page-context", _head)
    app.add_js_file("adjudicator.js", defer="defer")
    app.add_css_file("adjudicator.css")
    return {"version": __version__, "env_version": 1, "parallel_read_safe": True, "parallel_write_safe": True}
