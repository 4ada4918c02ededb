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

from docutils import nodes
from sphinx.environment import BuildEnvironment

from rules import rulebook
from rules.kernel.text import Text

_STATUS_CLASS = {
    "passed": "passed", "failed": "failed", "skipped": "skipped", rulebook.NOT_RUN: "not-run",
    "proved": "passed", "counterexample": "failed", "unknown": "skipped",
    rulebook.PROOF_ERROR: "failed", rulebook.PROOF_NOT_RUN: "not-run",
}
_LANG_NAMES = {"cs": Text.of(cs="česky", en="Czech"), "hu": Text.of(cs="maďarsky", en="Hungarian"),
               "en": Text.of(cs="anglicky", en="English")}


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


def _inline_text(text: str) -> list[nodes.Node]:
    """Plain text with ``code`` spans (the only inline markup the spec uses)."""
    out: list[nodes.Node] = []
    pos = 0
    for m in _CODE.finditer(text):
        if m.start() > pos:
            out.append(nodes.Text(text[pos:m.start()]))
        out.append(nodes.literal(m.group(1), m.group(1)))
        pos = m.end()
    if pos < len(text):
        out.append(nodes.Text(text[pos:]))
    return out


def render_text(text: str) -> list[nodes.Element]:
    """Spec text to nodes: paragraphs at blank lines, ``- `` lines as bullet lists."""
    out: list[nodes.Element] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [ln.rstrip() for ln in block.splitlines() if ln.strip()]
        prose: list[str] = []
        items: list[str] = []

        def flush_prose() -> None:
            if prose:
                p = nodes.paragraph()
                p.extend(_inline_text(" ".join(s.strip() for s in prose)))
                out.append(p)
                prose.clear()

        def flush_items() -> None:
            if items:
                bl = nodes.bullet_list(bullet="-")
                for item in items:
                    li = nodes.list_item()
                    p = nodes.paragraph()
                    p.extend(_inline_text(item))
                    li += p
                    bl += li
                out.append(bl)
                items.clear()

        for line in lines:
            if line.lstrip().startswith("- "):
                flush_prose()
                items.append(line.lstrip()[2:].strip())
            elif items and line.startswith("  "):
                items[-1] += " " + line.strip()
            else:
                flush_items()
                prose.append(line)
        flush_prose()
        flush_items()
    return out


def bilingual(text: Text, languages: Iterable[str], *, labels: bool = True,
              classes: Iterable[str] = ()) -> nodes.container:
    """The text in each language side by side (a grid of ``rules-lang`` columns)."""
    grid = nodes.container(classes=["rules-bilingual", *classes])
    grid["support_smartquotes"] = False  # the spec's text verbatim: its quotes are already typographic
    for i, lang in enumerate(languages):
        col = nodes.container(classes=["rules-lang", f"rules-lang-{lang}", f"language-{lang}"])
        if labels:
            name = _LANG_NAMES.get(lang, Text.of(en=lang)).get("en")
            role = "source" if i == 0 and lang != "en" else "translation" if lang == "en" else ""
            col += _para(_inline(f"{name}{' · ' + role if role else ''}", "rules-lang-label"),
                         classes=["rules-lang-head"])
        col.extend(render_text(text.get(lang)))
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
