"""A forced win drawn as a tree (SVG): the rulebook's picture of a solved puzzle.

:func:`strategy_svg` draws the strategy that :func:`rules.leaders.wins.forced_win`
returns: the mover's actions as boxes numbered in play order, the opponent's
Nemesis choice as a fork with one branch per path, and at each leaf the rules that
decide the capture or surround. The layout is a plain top-down tree (leaves side by
side, each parent centred over its children), computed from the strategy alone, so
the same strategy always gives the same bytes (``docs/make_leaders_strategy.py``
writes it, and a test compares the committed file with a fresh render).
"""

from __future__ import annotations

import attrs

from rules.kernel.pictures import escaped
from rules.kernel.text import Text
from rules.leaders.board import CELLS
from rules.leaders.characters import name
from rules.leaders.engine import successor
from rules.leaders.state import Action, ActionKind, Fate, State
from rules.leaders.wins import Line, Move, Win

BOX_W, BOX_H, COL_W, ROW_H, MARGIN = 200, 46, 212, 78, 16
_COLOURS = {0: "#2c5aa0", 1: "#c0392b"}  # as the board diagrams: blue seat 0, red seat 1


def _cell(i: int) -> str:
    q, r = CELLS[i]
    return f"({q}, {r})"


def action_label(state: State, a: Action, lang: str) -> tuple[str, str]:
    """Two short lines naming the action ``a`` in ``state`` (who, and where to)."""
    if a.kind == ActionKind.NEMESIS_MOVE:
        where = " → ".join(_cell(c) for c in a.path) or "—"
        return f"Nemesis {_cell(a.piece)}", where
    kind = state.pieces[state.board[a.piece]].kind
    who = f"{name(kind).get(lang)} {_cell(a.piece)}"
    if a.kind == ActionKind.MOVE:
        return who, "→ " + " → ".join(_cell(c) for c in a.path)
    assert a.kind == ActionKind.ABILITY
    parts = []
    if a.target >= 0:
        parts.append(Text.of(cs="na", en="on").get(lang) + " " + _cell(a.target))
    if a.pull:
        parts.append(Text.of(cs="přitáhne", en="pull").get(lang))
    if a.path:
        parts.append("→ " + " → ".join(_cell(c) for c in a.path))
    return who, Text.of(cs="schopnost", en="ability").get(lang) + " " + " ".join(parts)


@attrs.frozen
class _Node:
    lines: tuple[str, ...]
    style: str  # "move", "own-nemesis", "fork", "win"
    seat: int
    children: tuple[tuple[str, _Node], ...]  # (edge label, child)


def _tree(state: State, line: Line, lang: str, number: int) -> _Node:
    mover = state.player
    if isinstance(line, Win):
        fate = Text.of(cs="zajat", en="captured") if line.fate is Fate.CAPTURED else Text.of(cs="obklíčen",
                                                                                           en="surrounded")
        head = Text.of(cs="Výhra: vládce {s} {f}", en="Win: leader of seat {s} {f}").format(
            s=line.loser, f=fate).get(lang)
        rules = [r for r in line.rules if r != "leaders.end.immediate"]
        return _Node((head, ", ".join(rules)), "win", mover, ())
    if isinstance(line, Move):
        counted = line.action.kind != ActionKind.NEMESIS_MOVE
        who, what = action_label(state, line.action, lang)
        label = (f"{number}. {who}" if counted else who, what)
        child = _tree(successor(state, line.action), line.then, lang, number + counted)
        return _Node(label, "move" if counted else "own-nemesis", line.action.seat, (("", child),))
    head = Text.of(cs="Soupeř volí cestu Nemesis", en="Opponent moves its Nemesis").get(lang)
    kids = tuple((" → ".join(_cell(c) for c in a.path) or "—", _tree(successor(state, a), t, lang, number))
                 for a, t in line.branches)
    return _Node((head, _cell(line.cell)), "fork", line.seat, kids)


def _leaves(n: _Node) -> int:
    return max(1, sum(_leaves(c) for _, c in n.children))


def _depth(n: _Node) -> int:
    return 1 + max((_depth(c) for _, c in n.children), default=0)


def strategy_svg(state: State, line: Line, lang: str = "en", title: str | None = None) -> str:
    """The strategy ``line`` (from ``state``) as an SVG tree, labels in ``lang``."""
    root = _tree(state, line, lang, 1)
    width = MARGIN * 2 + COL_W * _leaves(root)
    top = MARGIN + (28 if title else 0)
    height = top + ROW_H * _depth(root) + MARGIN
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12" role="img">']
    if title:
        out.append(f"<title>{escaped(title)}</title>")
        out.append(f'<text x="{width / 2:g}" y="{MARGIN + 14}" text-anchor="middle" font-size="14" '
                   f'font-weight="bold">{escaped(title)}</text>')

    def place(n: _Node, left: int, row: int) -> float:
        """Draw ``n`` with its leaves from column ``left``; return its centre x."""
        y = top + row * ROW_H
        xs = []
        col = left
        for _, child in n.children:
            xs.append(place(child, col, row + 1))
            col += _leaves(child)
        cx = (xs[0] + xs[-1]) / 2 if xs else MARGIN + COL_W * left + COL_W / 2
        for (label, _), x in zip(n.children, xs):
            out.append(f'<line x1="{cx:g}" y1="{y + BOX_H}" x2="{x:g}" y2="{y + ROW_H}" stroke="#555"/>')
            if label:
                out.append(f'<text x="{(cx + x) / 2 + 4:g}" y="{y + BOX_H + (ROW_H - BOX_H) / 2 + 4:g}" '
                           f'font-size="11" fill="#333">{escaped(label)}</text>')
        colour = _COLOURS.get(n.seat, "#555")
        fill = {"move": "#ffffff", "own-nemesis": "#f4f4f4", "fork": "#eef3fb", "win": "#fdf0d5"}[n.style]
        dash = ' stroke-dasharray="4 3"' if n.style == "own-nemesis" else ""
        x0 = cx - BOX_W / 2
        if n.style == "fork":
            out.append(f'<rect x="{x0:g}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="18" fill="{fill}" '
                       f'stroke="{colour}" stroke-width="2"/>')
        else:
            out.append(f'<rect x="{x0:g}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="4" fill="{fill}" '
                       f'stroke="{colour}" stroke-width="2"{dash}/>')
        for k, text in enumerate(n.lines):
            style = ' font-weight="bold"' if k == 0 else ' font-size="10"' if n.style == "win" else ""
            out.append(f'<text x="{cx:g}" y="{y + 18 + 16 * k}" text-anchor="middle"{style}>{escaped(text)}</text>')
        return cx

    place(root, 0, 0)
    out.append("</svg>")
    return "\n".join(out)
