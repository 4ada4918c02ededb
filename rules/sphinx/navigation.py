"""A theme's navigation tree without copying every section on every page (decision record 0045).

Themes draw their site navigation with ``toctree(titles_only=True, collapse=False,
maxdepth=-1)`` on every page (Furo does). Sphinx answers it by copying each document's
whole table of contents, every section and every API entry, and only then keeps the
document titles and the sub-toctrees. In this rulebook that is about 1,850 entries copied
for each of some 170 pages, two fifths of a build. What the call keeps is the same on every
page, so :class:`TitlesOnlyNavigation` prunes each document's table of contents to it once
per build and lets that one call read the pruned tables: the same HTML, without the copies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment


def titles_only(tocs: dict[str, nodes.bullet_list]) -> dict[str, nodes.bullet_list]:
    """Each document's table of contents as ``titles_only`` leaves it: each top-level entry's
    title and, in place of its sections, the toctrees among them (Sphinx's
    ``_entries_from_toctree`` does the same to its copy). A table holding an ``only`` node keeps
    its sections: whether a toctree inside one counts depends on the build's tags."""
    pruned: dict[str, nodes.bullet_list] = {}
    for docname, toc in tocs.items():
        if any(True for _ in toc.findall(addnodes.only)):
            pruned[docname] = toc
            continue
        copy = toc.deepcopy()
        for top_level in copy.children:
            assert isinstance(top_level, nodes.Element)
            if len(top_level) > 1:
                if subtrees := list(top_level.findall(addnodes.toctree)):
                    top_level[1][:] = subtrees  # type: ignore[index]  # as Sphinx writes it
                else:
                    top_level.pop(1)
        pruned[docname] = copy
    return pruned


def _the_call_it_answers(kwargs: dict[str, Any]) -> bool:
    """Whether a page's ``toctree(**kwargs)`` keeps titles only, whole: nothing collapsed or cut
    to a depth, where the pruned tables give what the full ones give."""
    maxdepth = kwargs.get("maxdepth") or 0
    return bool(kwargs.get("titles_only")) and kwargs.get("collapse") is False and int(maxdepth) < 0


class TitlesOnlyNavigation:
    """Wraps each page's ``toctree`` so that a titles-only navigation tree reads the pruned tables
    of contents (:func:`titles_only`, made once per build and process); any other call is
    Sphinx's own."""

    def __init__(self) -> None:
        self._pruned: dict[str, nodes.bullet_list] | None = None

    def forget(self, app: Sphinx, env: BuildEnvironment) -> None:
        """After reading (``env-updated``): the tables of contents may have changed."""
        self._pruned = None

    def _tables(self, env: BuildEnvironment) -> dict[str, nodes.bullet_list]:
        if self._pruned is None:
            self._pruned = titles_only(env.tocs)
        return self._pruned

    def wrap(self, app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
             doctree: nodes.document | None) -> None:
        """``html-page-context``, before the theme's own handler reads ``context["toctree"]``."""
        toctree: Callable[..., str] | None = context.get("toctree")
        if toctree is None:
            return
        env = app.env

        def navigation(**kwargs: Any) -> str:
            if not _the_call_it_answers(kwargs):
                return toctree(**kwargs)
            full = env.tocs
            env.tocs = self._tables(env)
            try:
                return toctree(**kwargs)
            finally:
                env.tocs = full

        context["toctree"] = navigation


def setup_navigation(app: Sphinx) -> None:
    """Connect :class:`TitlesOnlyNavigation` ahead of the theme's page handler (priority 500)."""
    navigation = TitlesOnlyNavigation()
    app.connect("env-updated", navigation.forget)
    app.connect("html-page-context", navigation.wrap, priority=100)
