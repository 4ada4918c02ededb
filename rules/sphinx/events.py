"""The Sphinx event handlers that ``setup`` connects.

``env-get-outdated``: documents showing test outcomes, proofs or code links
are re-read on every build, since those change without their source
changing; ``env-before-read-docs``: the outcomes and the proofs those
documents show are computed once, before a parallel read forks. ``missing-reference``: a rule's implementation that the API
reference does not document links to its viewcode page, or stays plain text;
a rule ID nobody renders but the installed spec knows resolves to the
published rulebook (``rules_rulebook_url``) or stays code with a hover text.
``config-inited``: the extension's static files. ``doctree-resolved``: the
hover text of every rule link.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment

from rules import rulebook
from rules.sphinx.data import proof_report, tests_table
from rules.sphinx.domain import RuleDomain, hover_text


def _outdated(app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str],
              removed: set[str]) -> list[str]:
    """Documents with test status, proofs or code links are re-read on every build."""
    domain: RuleDomain = env.get_domain("rule")  # type: ignore[assignment]
    return [d for d in domain.dynamic if d not in removed and d in env.found_docs]


def _evidence_before_reading(app: Sphinx, env: BuildEnvironment, docnames: list[str]) -> None:
    """Compute the test outcomes and run the proofs in the process that reads, before it reads.

    A parallel read (``-j``) forks a process for each batch of documents, and each process
    that reads a document showing outcomes or proofs would scan the tests and run every
    theorem again (:mod:`rules.sphinx.data` keeps them per process). Computed here, they are
    inherited by every fork: once per build. Only when some document to read shows them (the
    documents that showed them last time, :func:`_outdated`), or nothing was read yet (a first
    build, which cannot know): a build that reads none of them pays for neither."""
    if app.parallel <= 1 or not docnames:
        return
    domain: RuleDomain = env.get_domain("rule")  # type: ignore[assignment]
    if env.all_docs and not domain.dynamic.keys() & set(docnames):
        return
    tests_table(env)
    proof_report(env)


def _missing_code_reference(app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref,
                            contnode: nodes.Element) -> nodes.Node | None:
    """An implementation the API reference does not document: link its viewcode page, or show it plain."""
    module = node.get("rules_module")
    if module is None:
        return None
    viewcode = getattr(env, "_viewcode_modules", {})
    if viewcode.get(module) and app.builder.format == "html":
        page = "_modules/" + module.replace(".", "/")
        ref = nodes.reference("", "", internal=True,
                              refuri=app.builder.get_relative_uri(node.get("refdoc", env.docname), page),
                              reftitle=f"source of {module}")
        ref += contnode
        return ref
    return contnode


#: The extension's own static files: ``rules.css`` (the ``rules-*`` classes, light
#: and dark) and ``rules-search.js`` (rule IDs first in the search results).
STATIC = Path(__file__).resolve().parent / "static"


def _add_static(app: Sphinx, config: Config) -> None:
    """Ship the styles and the search scorer with the extension (no copying by the project)."""
    if str(STATIC) not in [str(p) for p in config.html_static_path]:
        config.html_static_path.append(str(STATIC))
    if not config.html_search_scorer:
        config.html_search_scorer = str(STATIC / "rules-search.js")


def rulebook_url(config: Config, rule_id: str) -> str | None:
    """``<rules_rulebook_url>/<chapter>.html#<rule ID>`` for a rule of the installed
    spec, when a rulebook URL is configured (the chapter page is named by its
    game key: :func:`rules.rulebook.chapters`)."""
    base = config.rules_rulebook_url
    if not base:
        return None
    for chapter in rulebook.chapters():
        if any(r.id == rule_id for r in chapter.rules):
            return f"{base.rstrip('/')}/{chapter.key}.html#{rule_id}"
    return None


def _rule_from_spec(app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref,
                    contnode: nodes.Element) -> nodes.Node | None:
    """A ``:rule:`` that neither this project nor intersphinx resolves, but the
    installed spec knows: a link to ``rules_rulebook_url`` when set, else the ID
    as code; either way with the rule's text on hover. Unknown IDs stay
    unresolved, so Sphinx warns (fatal under ``-W``)."""
    if node.get("refdomain") != "rule":
        return None
    target = node.get("reftarget", "")
    hover = hover_text(target)
    if hover is None:
        return None
    url = rulebook_url(app.config, target)
    if url is not None:
        ref = nodes.reference("", "", internal=False, refuri=url, reftitle=hover, classes=["rules-ref"])
        ref += contnode
        return ref
    box = nodes.inline("", "", classes=["rules-ref", "rules-ref-unlinked"])
    box += nodes.abbreviation("", "", contnode, explanation=hover)
    return box


def _hover_on_rule_links(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Every link to a rule (local or through intersphinx) shows the rule's text on hover."""
    for ref in doctree.findall(nodes.reference):
        child = ref.children[0] if ref.children else None
        if isinstance(child, nodes.literal) and "rule" in child.get("classes", ()):
            hover = hover_text(child.astext()) if not ref.get("refexplicit") else None
            target = ref.get("refuri", "").rpartition("#")[2]
            hover = hover or hover_text(target)
            if hover:
                ref["reftitle"] = hover
            ref["classes"] = [*ref.get("classes", []), "rules-ref"]


_DOCUTILS_VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1" />\n'


def _one_viewport(app: Sphinx, pagename: str, templatename: str, context: dict[str, object],
                  doctree: nodes.document | None) -> None:
    """docutils adds a viewport meta tag that every Sphinx HTML theme already has: drop the second."""
    tags = context.get("metatags")
    if isinstance(tags, str):
        context["metatags"] = tags.replace(_DOCUTILS_VIEWPORT, "")
