"""Small docutils node helpers shared by the renderer and the directives.

Paragraphs, inline spans, badges and status labels (the ``rules-*`` classes
that ``docs/_static/rules.css`` styles); the spec's text as nodes (paragraphs,
``- `` bullet lists, backquoted code spans), side by side in each language; links
to the source tree (``rules_source_url``). Nothing here reads the build's
data or registers anything: these are pure functions of their arguments and
the configuration.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from docutils import nodes
from sphinx.environment import BuildEnvironment

from rules import rulebook
from rules.kernel.messages import FALLBACK, language_name
from rules.kernel.spec import load_spec
from rules.kernel.text import Text
from rules.sphinx.domain import rule_xref

_STATUS_CLASS = {
    "passed": "passed", "failed": "failed", "skipped": "skipped", rulebook.NOT_RUN: "not-run",
    "proved": "passed", "counterexample": "failed", "unknown": "skipped",
    rulebook.PROOF_ERROR: "failed", rulebook.PROOF_NOT_RUN: "not-run",
}


def _para(*children: nodes.Node | str, classes: Iterable[str] = ()) -> nodes.paragraph:
    p = nodes.paragraph(classes=list(classes))
    for c in children:
        p += nodes.Text(c) if isinstance(c, str) else c
    return p


def _inline(text: str, *classes: str) -> nodes.inline:
    return nodes.inline(text, text, classes=list(classes))


def _badge(text: str, kind: str) -> nodes.inline:
    return _inline(text, "rules-badge", f"rules-badge-{kind}")


def _status(status: str) -> nodes.inline:
    return _inline(status, "rules-status", f"rules-status-{_STATUS_CLASS.get(status, 'not-run')}")


_CODE = re.compile(r"`([^`]+)`")
_RULE_ID = re.compile(r"(?<![\w.-])([a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+)(?![\w-]|\.[\w])")


def _known_rule(text: str) -> bool:
    return text in load_spec()


def _plain(text: str, links: str | None) -> list[nodes.Node]:
    """Prose; with ``links`` (the docname), every known rule ID in it is a rule reference."""
    if links is None:
        return [nodes.Text(text)]
    out: list[nodes.Node] = []
    pos = 0
    for m in _RULE_ID.finditer(text):
        if not _known_rule(m.group(1)):
            continue
        if m.start() > pos:
            out.append(nodes.Text(text[pos:m.start()]))
        out.append(rule_xref(m.group(1), links))
        pos = m.end()
    if pos < len(text):
        out.append(nodes.Text(text[pos:]))
    return out


def _inline_text(text: str, links: str | None = None) -> list[nodes.Node]:
    """Plain text with ``code`` spans (the only inline markup the spec uses); with
    ``links`` (the docname), rule IDs, in code spans or not, link to their rules."""
    out: list[nodes.Node] = []
    pos = 0
    for m in _CODE.finditer(text):
        if m.start() > pos:
            out.extend(_plain(text[pos:m.start()], links))
        if links is not None and _known_rule(m.group(1)):
            out.append(rule_xref(m.group(1), links))
        else:
            out.append(nodes.literal(m.group(1), m.group(1)))
        pos = m.end()
    if pos < len(text):
        out.extend(_plain(text[pos:], links))
    return out


def _flush_prose(prose: list[str], out: list[nodes.Element], links: str | None) -> None:
    """The collected prose lines as one paragraph (then none are collected)."""
    if prose:
        p = nodes.paragraph()
        p.extend(_inline_text(" ".join(s.strip() for s in prose), links))
        out.append(p)
        prose.clear()


def _flush_items(items: list[str], out: list[nodes.Element], links: str | None) -> None:
    """The collected ``- `` items as one bullet list (then none are collected)."""
    if items:
        bl = nodes.bullet_list(bullet="-")
        for item in items:
            li = nodes.list_item()
            p = nodes.paragraph()
            p.extend(_inline_text(item, links))
            li += p
            bl += li
        out.append(bl)
        items.clear()


def render_text(text: str, links: str | None = None) -> list[nodes.Element]:
    """Spec text to nodes: paragraphs at blank lines, ``- `` lines as bullet lists;
    with ``links`` (the current docname) rule IDs in the text link to their rules."""
    out: list[nodes.Element] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [ln.rstrip() for ln in block.splitlines() if ln.strip()]
        prose: list[str] = []
        items: list[str] = []
        for line in lines:
            if line.lstrip().startswith("- "):
                _flush_prose(prose, out, links)
                items.append(line.lstrip()[2:].strip())
            elif items and line.startswith("  "):
                items[-1] += " " + line.strip()
            else:
                _flush_items(items, out, links)
                prose.append(line)
        _flush_prose(prose, out, links)
        _flush_items(items, out, links)
    return out


def bilingual(text: Text, languages: Iterable[str], *, labels: bool = True,
              classes: Iterable[str] = (), links: str | None = None) -> nodes.container:
    """The text in each language side by side (a grid of ``rules-lang`` columns).

    Each column has its language's label; with ``labels=False`` the label is
    only shown where the columns stack (narrow screens), so a reader always
    sees where one language ends and the next begins. ``links``: the current
    docname, to link rule IDs in the text.
    """
    grid = nodes.container(classes=["rules-bilingual", *classes])
    grid["support_smartquotes"] = False  # the spec's text verbatim: its quotes are already typographic
    langs = tuple(languages)
    for i, lang in enumerate(langs):
        col = nodes.container(classes=["rules-lang", f"rules-lang-{lang}", f"language-{lang}"])
        name = language_name(lang, in_english=True)  # rules/kernel/messages.toml; else the code
        role = "source" if i == 0 and lang != FALLBACK else "translation" if lang == FALLBACK else ""
        head = ["rules-lang-head"] if labels else ["rules-lang-head", "rules-lang-head-narrow"]
        col += _para(_inline(f"{name}{' · ' + role if role else ''}", "rules-lang-label"), classes=head)
        col.extend(render_text(text.get(lang), links))
        grid += col
    return grid


def _external(url: str, text: str) -> nodes.reference:
    ref = nodes.reference("", "", refuri=url, internal=False)
    ref += nodes.literal(text, text)
    return ref


def _source_link(env: BuildEnvironment, path: str, line: int) -> nodes.Node:
    shown = f"{path}:{line}" if line else path
    base = env.config.rules_source_url
    if base:
        return _external(f"{base.rstrip('/')}/{path}" + (f"#L{line}" if line else ""), shown)
    return nodes.literal(shown, shown, classes=["rules-location"])


class details(nodes.General, nodes.Element):
    """A ``<details>`` box: its first child (a :class:`summary`) is shown, the rest on a click."""


class summary(nodes.TextElement, nodes.General):
    """The always-visible line of a :class:`details` box."""


def _visit_details(self: Any, node: details) -> None:
    open_ = " open" if node.get("open") else ""
    self.body.append(f'<details class="{" ".join(node.get("classes", []))}"{open_}>')


def _depart_details(self: Any, node: details) -> None:
    self.body.append("</details>\n")


def _visit_summary(self: Any, node: summary) -> None:
    self.body.append('<summary class="rules-summary-line">')


def _depart_summary(self: Any, node: summary) -> None:
    self.body.append("</summary>")


def _pass(self: Any, node: nodes.Node) -> None:
    pass


def add_nodes(app: Any) -> None:
    """Register :class:`details` and :class:`summary`: HTML elements; other builders show the children."""
    plain = (_pass, _pass)
    others = {name: plain for name in ("latex", "text", "man", "texinfo")}
    app.add_node(details, html=(_visit_details, _depart_details), **others)
    app.add_node(summary, html=(_visit_summary, _depart_summary), **others)
