"""The Sphinx event handlers that ``setup`` connects.

``env-get-outdated``: documents showing test outcomes, proofs or code links
are re-read on every build, since those change without their source
changing. ``missing-reference``: a rule's implementation that the API
reference does not document links to its viewcode page, or stays plain text.
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from rules.sphinx.domain import RuleDomain


def _outdated(app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str],
              removed: set[str]) -> list[str]:
    """Documents with test status, proofs or code links are re-read on every build."""
    domain: RuleDomain = env.get_domain("rule")  # type: ignore[assignment]
    return [d for d in domain.dynamic if d not in removed and d in env.found_docs]


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
