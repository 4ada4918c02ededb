"""Board diagrams of Leaders for the generated rulebook (SVG), checked by the engine.

A worked example in ``spec/leaders.toml`` may carry a ``figure`` table::

    figure = { before = [ {owner = 0, character = "leader", cell = [0, 3]}, … ],
               actor = [0, 1], after = [ … ] }

:func:`figure_outcome` replays it with the engine: it builds the ``before``
position (``rules.leaders`` positions accept any placement on distinct
cells), lets the ``actor`` take each of its legal actions and looks for the
one that produces ``after`` (an enemy Nemesis' forced steps included, since
they follow the action at once: ``leaders.nemesis.once-per-action``). Any
disagreement (``after`` not reachable by one legal action of the actor, a
capture the figure shows that the engine's capture predicate denies...) is
returned in ``problems`` and the rulebook build reports it as a warning.
:func:`figure_svg` draws the before/after pair; :func:`board_svg` draws one
board (the docs use it for the empty board).

:func:`draw` is the game object's side of the kernel's
:class:`~rules.kernel.pictures.Pictures` protocol (decision record 0015).
Nothing here is needed to play.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from rules.kernel.pictures import Picture, escaped
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError
from rules.leaders import engine
from rules.leaders.board import CELLS, DIRECTIONS, INDEX, RECRUITMENT_CELLS, START_CELLS, Cell, distance2_in_line
from rules.leaders.board import adjacent as adj
from rules.leaders.capture import captured, surrounded
from rules.leaders.characters import ACTIVE_KINDS, CODE
from rules.leaders.explain import explain_step
from rules.leaders.positions import position_from_json
from rules.leaders.records import action_to_json
from rules.leaders.restrictions import jailed
from rules.leaders.state import OVER, ActionKind

# --------------------------------------------------------------------------- pieces

#: Character keys with the short label drawn on a token, the English and the Czech name.
CHARACTERS: dict[str, tuple[str, str, str]] = {
    "leader": ("LDR", "Leader", "Vládce"),
    "acrobat": ("ACR", "Acrobat", "Skokan"),
    "rider": ("RID", "Rider", "Jezdec"),
    "bruiser": ("BRU", "Bruiser", "Bourák"),
    "royal-guard": ("GRD", "Royal Guard", "Strážný"),
    "illusionist": ("ILL", "Illusionist", "Iluzionista"),
    "claw-launcher": ("CLW", "Claw Launcher", "Drapák"),
    "manipulator": ("MAN", "Manipulator", "Siréna"),
    "wanderer": ("WAN", "Wanderer", "Poletucha"),
    "brewmaster": ("BRW", "Brewmaster", "Sládek"),
    "archer": ("ARC", "Archer", "Lučištnice"),
    "assassin": ("ASN", "Assassin", "Stín"),
    "jailer": ("JAI", "Jailer", "Žalářník"),
    "protector": ("PRO", "Protector", "Ochránce"),
    "vizier": ("VIZ", "Vizier", "Vezír"),
    "hermit": ("HER", "Hermit", "Poustevník"),
    "cub": ("CUB", "Cub", "Mládě"),
    "nemesis": ("NEM", "Nemesis", "Nemesis"),
}


@attrs.frozen
class Piece:
    """One figure on the board: its owner (seat 0 or 1), character key and cell."""

    owner: int
    character: str
    cell: Cell

    def to_json(self) -> dict[str, Any]:
        return {"owner": self.owner, "character": self.character, "cell": list(self.cell)}


def character_name(character: str) -> Text:
    """``Rider`` / ``Jezdec``."""
    _, en, cs = CHARACTERS[character]
    return Text.of(cs=cs, en=en)


def parse_cell(value: Any, where: str) -> Cell:
    """``[q, r]`` of a board cell, else :class:`MalformedError` naming ``where``."""
    if (not isinstance(value, Sequence) or isinstance(value, str) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise MalformedError(f"{where} must be a cell [q, r] of two integers, not {value!r}")
    cell = (value[0], value[1])
    if cell not in INDEX:
        raise MalformedError(f"{where} {list(cell)} is not on the board (max(|q|, |r|, |q + r|) <= 3)")
    return cell


def parse_pieces(value: Any, where: str = "pieces") -> tuple[Piece, ...]:
    """A list of ``{owner, character, cell}`` tables on distinct cells."""
    if not isinstance(value, Sequence) or isinstance(value, str | bytes):
        raise MalformedError(f"{where} must be a list of pieces, not {value!r}")
    out: list[Piece] = []
    seen: dict[Cell, int] = {}
    for i, item in enumerate(value):
        here = f"{where}[{i}]"
        if not isinstance(item, Mapping):
            raise MalformedError(f"{here} must be a table {{owner, character, cell}}, not {item!r}")
        extra = sorted(set(item) - {"owner", "character", "cell"})
        if extra:
            raise MalformedError(f"{here}: unknown key(s) {', '.join(extra)}")
        owner = item.get("owner")
        if owner not in (0, 1) or isinstance(owner, bool):
            raise MalformedError(f"{here}.owner must be 0 or 1, not {owner!r}")
        character = item.get("character")
        if character not in CHARACTERS:
            raise MalformedError(f"{here}.character {character!r} is not a character key "
                                 f"({', '.join(CHARACTERS)})")
        cell = parse_cell(item.get("cell"), f"{here}.cell")
        if cell in seen:
            raise MalformedError(f"{here}.cell {list(cell)} is already taken by {where}[{seen[cell]}]")
        seen[cell] = i
        out.append(Piece(owner, character, cell))
    return tuple(out)


@attrs.frozen
class Figure:
    """A parsed ``figure`` table: the position before, the acting piece's cell, the position after."""

    before: tuple[Piece, ...]
    actor: Cell
    after: tuple[Piece, ...]
    outcome: str | None = None  # optional claim: "captured", "surrounded" or "continues"

    @property
    def acting(self) -> Piece:
        return next(p for p in self.before if p.cell == self.actor)


FIGURE_KEYS = frozenset({"before", "actor", "after"})
#: What an example may claim about the enemy leader after the action (optional key ``outcome``).
OUTCOMES = ("captured", "surrounded", "continues")


def parse_figure(figure: Any) -> Figure:
    """Check the shape of a ``figure`` table; :class:`MalformedError` says what is wrong."""
    if not isinstance(figure, Mapping):
        raise MalformedError(f"figure must be a table, not {figure!r}")
    missing = sorted(FIGURE_KEYS - set(figure))
    if missing:
        raise MalformedError(f"figure: missing key(s) {', '.join(missing)}")
    extra = sorted(set(figure) - FIGURE_KEYS - {"outcome"})
    if extra:
        raise MalformedError(f"figure: unknown key(s) {', '.join(extra)}")
    before = parse_pieces(figure["before"], "figure.before")
    after = parse_pieces(figure["after"], "figure.after")
    actor = parse_cell(figure["actor"], "figure.actor")
    if not any(p.cell == actor for p in before):
        raise MalformedError(f"figure.actor {list(actor)}: no piece stands there before the action")
    outcome = figure.get("outcome")
    if outcome is not None and outcome not in OUTCOMES:
        raise MalformedError(f"figure.outcome must be one of {', '.join(OUTCOMES)}, not {outcome!r}")
    return Figure(before, actor, after, outcome)


@attrs.frozen
class Move:
    """A piece that changed cell between two positions (``start`` None: it appeared)."""

    piece: Piece  # as it stands afterwards
    start: Cell | None


def moves_between(before: Iterable[Piece], after: Iterable[Piece]) -> tuple[Move, ...]:
    """Which pieces moved: pieces of one owner and kind are paired, unmoved ones first,
    then the rest nearest first (two pieces of a kind may both move)."""
    gone = list(before)
    came = list(after)
    for p in list(came):
        if p in gone:
            gone.remove(p)
            came.remove(p)
    out: list[Move] = []
    for p in sorted(came, key=lambda x: (x.owner, x.character, x.cell)):
        same = [g for g in gone if (g.owner, g.character) == (p.owner, p.character)]
        if not same:
            out.append(Move(p, None))
            continue
        nearest = min(same, key=lambda g: (_distance(g.cell, p.cell), g.cell))
        gone.remove(nearest)
        out.append(Move(p, nearest.cell))
    return tuple(out)


def _distance(a: Cell, b: Cell) -> int:
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


# --------------------------------------------------------------------------- drawing

SIZE = 22.0  # hexagon circumradius in px
OWNER_FILL = ("#2a5aa8", "#b8312f")
OWNER_TINT = ("#dbe6f6", "#f6dcdb")
_BOARD_FILL, _BOARD_STROKE = "#f4f1e6", "#b9b29a"
_HIGHLIGHT, _MOVED, _CAPTURED = "#e0a800", "#444", "#d01c1c"
_FONT = "DejaVu Sans, Verdana, sans-serif"


def centre(cell: Cell, size: float = SIZE) -> tuple[float, float]:
    """Pixel centre of a cell (flat-top hexagons; player 0's corner at the bottom)."""
    q, r = cell
    return 1.5 * size * q, math.sqrt(3) * size * (r + q / 2)


def _hexagon(cx: float, cy: float, size: float) -> str:
    return " ".join(f"{cx + size * math.cos(math.pi / 3 * k):.1f},{cy + size * math.sin(math.pi / 3 * k):.1f}"
                    for k in range(6))


def _text(x: float, y: float, text: str, *, size: float = 11, weight: str = "normal", fill: str = "#222",
          anchor: str = "middle", style: str = "normal") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" font-weight="{weight}" font-style="{style}" '
            f'fill="{fill}" text-anchor="{anchor}">{escaped(text)}</text>')


BOARD_W = 11 * SIZE + 8
BOARD_H = 7 * math.sqrt(3) * SIZE + 8


def _cells(ox: float, oy: float, *, coordinates: bool | Iterable[Cell]) -> list[str]:
    """The 37 cells; recruitment cells tinted by side, start cells with an inner outline;
    ``coordinates``: ``True`` labels every cell ``q,r``, a set of cells labels those."""
    out = []
    recruit = {c: seat for seat in (0, 1) for c in RECRUITMENT_CELLS[seat]}
    labelled = set(CELLS) if coordinates is True else set(coordinates or ())
    for cell in CELLS:
        x, y = centre(cell)
        x, y = ox + x, oy + y
        fill = OWNER_TINT[recruit[cell]] if cell in recruit else _BOARD_FILL
        out.append(f'<polygon points="{_hexagon(x, y, SIZE - 1)}" fill="{fill}" stroke="{_BOARD_STROKE}" '
                   f'stroke-width="1.2"/>')
        if cell in START_CELLS:
            seat = START_CELLS.index(cell)
            out.append(f'<polygon points="{_hexagon(x, y, SIZE - 5)}" fill="none" stroke="{OWNER_FILL[seat]}" '
                       f'stroke-width="1.5" stroke-dasharray="3 2"/>')
    return out + [_coordinate(ox, oy, cell) for cell in CELLS if cell in labelled]


def _coordinate(ox: float, oy: float, cell: Cell) -> str:
    """``q,r`` at the foot of a cell, readable over a token's edge (the notation of records: ``[q, r]``)."""
    x, y = centre(cell)
    return (f'<text x="{ox + x:.1f}" y="{oy + y + SIZE * 0.8:.1f}" font-size="8.5" font-weight="bold" '
            f'fill="#4d4733" stroke="#fbfaf5" stroke-width="2.5" paint-order="stroke" '
            f'text-anchor="middle">{cell[0]},{cell[1]}</text>')


def _token(ox: float, oy: float, piece: Piece, *, highlight: bool = False, captured: bool = False) -> list[str]:
    x, y = centre(piece.cell)
    x, y = ox + x, oy + y
    radius = SIZE * 0.68
    out = []
    if highlight:
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius + 4:.1f}" fill="none" stroke="{_HIGHLIGHT}" '
                   f'stroke-width="3.5"/>')
    if captured:
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius + 4:.1f}" fill="none" stroke="{_CAPTURED}" '
                   f'stroke-width="3" stroke-dasharray="4 2"/>')
    ring = ' stroke="#f2c94c" stroke-width="2.5"' if piece.character == "leader" else ' stroke="#fff" stroke-width="1"'
    out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{OWNER_FILL[piece.owner]}"{ring}/>')
    out.append(_text(x, y + 3.8, CHARACTERS[piece.character][0], size=10, weight="bold", fill="#fff"))
    return out


def _arrow(ox: float, oy: float, start: Cell, end: Cell) -> list[str]:
    """A dashed ghost on ``start`` and an arrow to ``end`` (no ids: pictures share a page)."""
    (x1, y1), (x2, y2) = centre(start), centre(end)
    x1, y1, x2, y2 = ox + x1, oy + y1, ox + x2, oy + y2
    ghost = (f'<circle cx="{x1:.1f}" cy="{y1:.1f}" r="{SIZE * 0.6:.1f}" fill="none" stroke="{_MOVED}" '
             f'stroke-width="1.3" stroke-dasharray="3 2"/>')
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    sx, sy = x1 + ux * SIZE * 0.6, y1 + uy * SIZE * 0.6
    tx, ty = x2 - ux * SIZE * 0.75, y2 - uy * SIZE * 0.75
    head = [(tx, ty), (tx - 8 * ux + 4.5 * uy, ty - 8 * uy - 4.5 * ux), (tx - 8 * ux - 4.5 * uy, ty - 8 * uy + 4.5 * ux)]
    points = " ".join(f"{a:.1f},{b:.1f}" for a, b in head)
    return [ghost,
            (f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{tx - 6 * ux:.1f}" y2="{ty - 6 * uy:.1f}" '
             f'stroke="{_MOVED}" stroke-width="2.2"/>'),
            f'<polygon points="{points}" fill="{_MOVED}"/>']


def _board(ox: float, oy: float, pieces: Sequence[Piece], *, highlight: Iterable[Cell] = (),
           moves: Sequence[Move] = (), captured: Iterable[Cell] = (), coordinates: bool | Iterable[Cell] = False
           ) -> list[str]:
    """One board whose centre cell is at ``(ox, oy)``; ``coordinates`` as for :func:`_cells`,
    drawn over the tokens."""
    marked, lost = set(highlight), set(captured)
    out = _cells(ox, oy, coordinates=False)
    for m in moves:
        if m.start is not None:
            out += _arrow(ox, oy, m.start, m.piece.cell)
    for p in pieces:
        out += _token(ox, oy, p, highlight=p.cell in marked, captured=p.cell in lost)
    for m in moves:
        if m.start is None:  # appeared (a recruit): a plus sign
            x, y = centre(m.piece.cell)
            out.append(_text(ox + x + SIZE * 0.55, oy + y - SIZE * 0.45, "+", size=14, weight="bold", fill=_MOVED))
    labelled = set(CELLS) if coordinates is True else set(coordinates or ())
    out += [_coordinate(ox, oy, cell) for cell in CELLS if cell in labelled]
    return out


def _legend(x: float, y: float, pieces: Iterable[Piece], width: float = 500) -> tuple[list[str], float]:
    """``RID = Rider (Jezdec)`` for every kind shown, as many a line as fit in ``width``;
    returns (svg, height)."""
    kinds = sorted({p.character for p in pieces}, key=list(CHARACTERS).index)
    entries = [f"{CHARACTERS[k][0]} = {CHARACTERS[k][1]} ({CHARACTERS[k][2]})" for k in kinds]
    lines: list[str] = []
    for entry in entries:
        joined = f"{lines[-1]}   ·   {entry}" if lines else entry
        if lines and _text_width(joined, 10) <= width:
            lines[-1] = joined
        else:
            lines.append(entry)
    out = [_text(x, y + 14 * i, line, size=10, anchor="start", fill="#333") for i, line in enumerate(lines)]
    return out, 14.0 * len(lines)


def _text_width(text: str, size: float) -> float:
    """A generous estimate of the width of ``text`` in DejaVu Sans at ``size`` px."""
    return len(text) * size * 0.62


def _svg(width: float, height: float, title: str, body: list[str]) -> str:
    return "\n".join([
        (f'<svg xmlns="http://www.w3.org/2000/svg" class="rules-trick rules-leaders-board" role="img" '
         f'width="{width:.0f}" height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" font-family="{_FONT}">'),
        f"<title>{escaped(title)}</title>",
        (f'<rect x="1" y="1" width="{width - 2:.0f}" height="{height - 2:.0f}" rx="12" fill="#fbfaf5" '
         f'stroke="#dcd6c3"/>'),
        *body,
        "</svg>",
    ])


def _key_line(x: float, y: float, width: float = 500) -> tuple[list[str], float]:
    """What the cell colours mean: side by side when ``width`` allows, else one above the other;
    returns (svg, height)."""
    out = []
    stacked = width < 2 * 190
    for seat in (0, 1):
        bx, by = (x, y + 16 * seat) if stacked else (x + seat * 190, y)
        out.append(f'<rect x="{bx:.1f}" y="{by - 9:.1f}" width="12" height="12" fill="{OWNER_TINT[seat]}" '
                   f'stroke="{_BOARD_STROKE}"/>')
        out.append(_text(bx + 17, by + 1, f"recruitment cells of player {seat}", size=10, anchor="start",
                         fill="#333"))
    return out, 32.0 if stacked else 16.0


def board_svg(pieces: Iterable[Mapping[str, Any] | Piece] = (), highlight: Iterable[Sequence[int]] = (), *,
              coordinates: bool = False, title: str = "Leaders board") -> str:
    """One board: the 37 cells, each side's recruitment cells tinted in its colour,
    the two leaders' start cells outlined, and ``pieces`` (``{owner, character,
    cell}`` tables or :class:`Piece`) as labelled tokens; ``highlight`` cells get
    a gold ring; ``coordinates`` writes ``q,r`` in every cell (the ``[q, r]`` of records)."""
    parsed = parse_pieces([p.to_json() if isinstance(p, Piece) else p for p in pieces])
    marked = [parse_cell(c, "highlight") for c in highlight]
    width = BOARD_W + 20
    ox, oy = width / 2, BOARD_H / 2 + 10
    body = _board(ox, oy, parsed, highlight=marked, coordinates=coordinates)
    y = BOARD_H + 26
    key, kh = _key_line(12, y, width - 24)
    body += key
    legend, h = _legend(12, y + kh + 4, parsed, width - 24)
    body += legend
    return _svg(width, y + kh + h + 4, title, body)


def figure_svg(figure: Any) -> str:
    """The before/after pair of a worked example, side by side, as one SVG document.

    Left, *before*: the acting piece has a gold ring. Right, *after*: every piece
    that moved has a dashed ghost on its old cell and an arrow to its new one,
    the acting piece keeps its gold ring, and a leader the engine finds
    captured or surrounded has a red dashed ring. The cells the caption names
    (the actor's, and where each moved piece came from and went) carry their
    ``q,r``. The caption under the boards is the engine's account
    (:func:`figure_outcome`). :func:`figure_pair_svg` draws the same as two
    SVGs that stack on a narrow screen.
    """
    outcome = figure_outcome(figure)
    fig = outcome.figure
    moves = moves_between(fig.before, fig.after)
    actor_after = next((m.piece.cell for m in moves if m.start == fig.actor), fig.actor)
    named = _named_cells(fig, moves)
    gap = 46
    ox1, oy = BOARD_W / 2 + 10, BOARD_H / 2 + 30
    ox2 = ox1 + BOARD_W + gap
    body = [_text(ox1, 20, "Before · před", size=13, weight="bold"),
            _text(ox2, 20, "After · po", size=13, weight="bold")]
    body += _board(ox1, oy, fig.before, highlight=[fig.actor], coordinates=named)
    body += _board(ox2, oy, fig.after, highlight=[actor_after], moves=moves, captured=outcome.captured_cells,
                   coordinates=named)
    mx = ox1 + BOARD_W / 2 + gap / 2
    body.append(f'<polygon points="{mx - 9:.1f},{oy - 10:.1f} {mx + 9:.1f},{oy:.1f} {mx - 9:.1f},{oy + 10:.1f}" '
                f'fill="#9a927a"/>')
    width = 2 * BOARD_W + gap + 20
    y = oy + BOARD_H / 2 + 18
    key, kh = _key_line(16, y, width - 32)
    body += key
    legend, h = _legend(16, y + kh + 4, (*fig.before, *fig.after), width - 32)
    body += legend
    return _svg(width, y + kh + h + 4, outcome.caption.get("en"), body)


def _named_cells(fig: Figure, moves: Sequence[Move]) -> set[Cell]:
    return {fig.actor, *(m.piece.cell for m in moves), *(m.start for m in moves if m.start is not None)}


def figure_pair_svg(figure: Any) -> str:
    """The before/after pair as two SVG documents in a ``rules-svg-pair`` box: side by
    side on a wide page, one above the other on a phone, so each board stays legible."""
    outcome = figure_outcome(figure)
    fig = outcome.figure
    moves = moves_between(fig.before, fig.after)
    actor_after = next((m.piece.cell for m in moves if m.start == fig.actor), fig.actor)
    named = _named_cells(fig, moves)
    width = BOARD_W + 20
    ox, oy = width / 2, BOARD_H / 2 + 30
    y = oy + BOARD_H / 2 + 18
    pieces = (*fig.before, *fig.after)
    key, kh = _key_line(12, y, width - 24)
    legend, h = _legend(12, y + kh + 4, pieces, width - 24)
    height = y + kh + h + 4
    before = [_text(ox, 20, "Before · před", size=13, weight="bold"),
              *_board(ox, oy, fig.before, highlight=[fig.actor], coordinates=named), *key, *legend]
    after = [_text(ox, 20, "After · po", size=13, weight="bold"),
             *_board(ox, oy, fig.after, highlight=[actor_after], moves=moves, captured=outcome.captured_cells,
                     coordinates=named), *key, *legend]
    title = outcome.caption.get("en")
    return (f'<div class="rules-svg-pair">{_svg(width, height, "Before: " + title, before)}'
            f'{_svg(width, height, "After: " + title, after)}</div>')


# --------------------------------------------------------------------------- replay with the engine


@attrs.frozen
class FigureOutcome:
    """What the engine makes of a worked example.

    ``actions``: the engine's actions (JSON) that turn ``before`` into ``after``
    (the actor's action, then any forced Nemesis move), empty when none does;
    ``lost``: per seat, how its leader stands after the action (``captured``,
    ``surrounded``, both or neither) by the engine's predicates;
    ``problems``: every disagreement between the figure and the engine.
    """

    figure: Figure
    rules: tuple[str, ...]
    caption: Text
    problems: tuple[str, ...]
    actions: tuple[dict[str, Any], ...] = ()
    lost: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())

    @property
    def captured_cells(self) -> tuple[Cell, ...]:
        """The cells of the leaders the engine finds captured or surrounded after the action."""
        return tuple(p.cell for p in self.figure.after if p.character == "leader" and self.lost[p.owner])


def leader_status(pieces: Sequence[Piece], seat: int) -> tuple[str, ...]:
    """``("captured",)``, ``("surrounded",)``, both or neither for ``seat``'s leader(s),
    asked of the engine's own predicates (:mod:`rules.leaders.capture`)."""

    taken = {p.cell for p in pieces}
    found: list[str] = []
    for leader in (p for p in pieces if p.owner == seat and p.character == "leader"):
        lq, lr = leader.cell
        enemies = [(CODE[p.character], p.cell[0] - lq, p.cell[1] - lr) for p in pieces if p.owner != seat]
        if captured(enemies) and "captured" not in found:
            found.append("captured")
        if surrounded(lq, lr, [(lq + a, lr + b) in taken for a, b in DIRECTIONS]) and "surrounded" not in found:
            found.append("surrounded")
    return tuple(found)


def _capturers(pieces: Sequence[Piece], seat: int) -> tuple[str, ...]:
    """The capture passives at work around ``seat``'s leader (Archer two steps away, Assassin adjacent)."""

    out: list[str] = []
    for leader in (p for p in pieces if p.owner == seat and p.character == "leader"):
        for p in pieces:
            if p.owner == seat:
                continue
            if p.character == "archer" and distance2_in_line(*leader.cell, *p.cell):
                out.append("leaders.archer")
            if p.character == "assassin" and adj(*leader.cell, *p.cell):
                out.append("leaders.assassin")
    return tuple(dict.fromkeys(out))


def _jailed_by(pieces: Sequence[Piece], actor_owner: int) -> tuple[Piece, ...]:
    """The actor's enemies with an active ability that stand next to one of the actor's Jailers."""

    jailers = [p for p in pieces if p.owner == actor_owner and p.character == "jailer"]
    return tuple(p for p in pieces if p.owner != actor_owner and p.character in ACTIVE_KINDS
                 and any(adj(*p.cell, *j.cell) for j in jailers))


def _jailer_blocks(pieces: Sequence[Piece], acting: Piece) -> bool:
    """The engine's Jailer predicate (:func:`rules.leaders.restrictions.jailed`) on the acting figure."""

    jailers = [(*p.cell, p.owner) for p in pieces if p.character == "jailer"]
    return bool(jailed(*acting.cell, acting.owner, acting.character in ACTIVE_KINDS, jailers))


def _position(state: Any) -> Counter[Piece]:
    return Counter(Piece(state.pieces[i].owner, state.pieces[i].kind, CELLS[cell])
                   for i, cell in enumerate(state.cells) if cell >= 0)


def _continuations(state: Any, depth: int = 4) -> list[tuple[tuple[Any, ...], Any]]:
    """The states reachable by the forced Nemesis moves that follow an action (every path choice)."""

    forced = [a for a in engine.legal_actions(state) if a.kind == ActionKind.NEMESIS_MOVE]
    if not forced or depth == 0:
        return [((), state)]
    out: list[tuple[tuple[Any, ...], Any]] = []
    for a in forced:
        for rest, final in _continuations(engine.successor(state, a), depth - 1):
            out.append(((a, *rest), final))
    return out


def _action_rules(action: Any, acting: Piece) -> tuple[str, ...]:

    if action.kind == ActionKind.ABILITY:
        return ("leaders.actions.ability", f"leaders.{action.ability}")
    if action.kind == ActionKind.MOVE:
        out = ["leaders.actions.move"]
        if len(action.path) > 1:
            out.append("leaders.vizier")
        if acting.character in ("hermit", "cub"):
            out.append("leaders.hermit-cub.move")
        return tuple(out)
    if action.kind == ActionKind.NEMESIS_MOVE:
        return ("leaders.nemesis.forced-move",)
    return ()


def _cell_text(cell: Cell) -> str:
    """A cell as records and captions write it: ``[q, r]``."""
    return f"[{cell[0]}, {cell[1]}]"


def _join(parts: Sequence[Text]) -> Text:
    return Text(tuple((lang, " ".join(p.get(lang) for p in parts if p.get(lang))) for lang in ("cs", "en")))


def figure_outcome(figure: Any) -> FigureOutcome:
    """Replay a worked example with the engine (see the module docstring).

    Raises :class:`~rules.kernel.verdict.MalformedError` when ``figure`` is not a
    figure table or its ``before`` is not a position the engine accepts.
    """

    fig = parse_figure(figure)
    outcome = fig.outcome
    acting = fig.acting
    try:
        state = position_from_json({"pieces": [p.to_json() for p in fig.before], "to_move": acting.owner,
                                            "phase": "actions", "acted": []})
    except MalformedError as exc:
        raise MalformedError(f"figure.before is not a position: {exc.detail}") from None
    wanted = Counter(fig.after)
    who = Text.of(cs="{c} hráče {s} na poli {cell}", en="Seat {s}'s {c} on {cell}").format(
        c=character_name(acting.character), s=acting.owner, cell=_cell_text(fig.actor))
    problems: list[str] = []
    found: tuple[tuple[Any, ...], Any] | None = None
    own = [a for a in engine.legal_actions(state)
           if a.kind in (ActionKind.MOVE, ActionKind.ABILITY) and a.piece == INDEX[fig.actor]]
    for action in own:
        for rest, final in _continuations(engine.successor(state, action)):
            if _position(final) == wanted:
                found = ((action, *rest), final)
                break
        if found:
            break
    lost = (leader_status(fig.after, 0), leader_status(fig.after, 1))
    rules: list[str] = []
    parts: list[Text] = []
    if found is None:
        problems.append(f"the engine reaches the 'after' position by no legal action of the {acting.character} "
                        f"on {_cell_text(fig.actor)} ({len(own)} legal actions tried)")
        parts.append(Text.of(cs="{w}: podle enginu nelze dojít k pozici „po“ jednou akcí.",
                             en="{w}: the engine finds no single action leading to the 'after' position.").format(w=who))
    else:
        steps, final = found
        before = state
        for step in steps:
            after = engine.successor(before, step)
            rules.extend(_action_rules(step, acting))
            parts.extend(explain_step(before, step, after))
            before = after
        if final.phase == OVER:
            rules.append("leaders.end.immediate")
    for seat in (0, 1):
        for how in lost[seat]:
            rules.append(f"leaders.end.{how}")
            parts.append(Text.of(cs="Vládce hráče {s} je {how_cs}.", en="Seat {s}'s leader is {how}.").format(
                s=seat, how=how, how_cs={"captured": "zajat", "surrounded": "obklíčen"}[how]))
        if "captured" in lost[seat]:
            rules.extend(_capturers(fig.after, seat))
    if _jailer_blocks(fig.before, acting):
        rules.append("leaders.jailer")
        parts.append(Text.of(cs="{c} sousedí s nepřátelským Žalářníkem, a tak nemůže použít svou schopnost.",
                             en="The {c} is adjacent to an enemy Jailer, so its ability is not available.").format(
            c=character_name(acting.character)))
        if any(a.kind == ActionKind.ABILITY for a in own):
            problems.append(f"the {acting.character} is next to an enemy Jailer, yet the engine offers its ability")
    jailed = _jailed_by(fig.after, acting.owner)
    if jailed:
        rules.append("leaders.jailer")
        for p in jailed:
            parts.append(Text.of(cs="{c} na poli {cell} teď stojí vedle Žalářníka a nemůže použít svou schopnost.",
                                 en="The {c} on {cell} now stands next to the Jailer and cannot use its ability.").format(
                c=character_name(p.character), cell=_cell_text(p.cell)))
    enemy = 1 - acting.owner
    if outcome is not None:
        engine_says = "continues" if not lost[enemy] else ("captured" if "captured" in lost[enemy] else "surrounded")
        if outcome != "continues" and outcome not in lost[enemy]:
            problems.append(f"the figure says the enemy leader is {outcome}; the engine's predicates say {engine_says}")
        if outcome == "continues" and lost[enemy]:
            problems.append(f"the figure says the game continues; the engine finds the enemy leader {engine_says}")
    caption = _join(parts)
    return FigureOutcome(fig, tuple(dict.fromkeys(rules)), caption, tuple(problems),
                         tuple(action_to_json(a) for a in (found[0] if found else ())), lost)


def draw(figure: Mapping[str, Any], languages: Sequence[str] = ("cs", "en")) -> Picture:
    """The game object's side of :class:`~rules.kernel.pictures.Pictures`: the
    before/after diagram of a worked example, replayed with the engine."""
    outcome = figure_outcome(figure)
    caption = Text(tuple((lang, outcome.caption.get(lang)) for lang in languages))
    return Picture(figure_pair_svg(figure), caption, outcome.rules, outcome.problems)
