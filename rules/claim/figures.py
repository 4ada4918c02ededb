"""Worked examples of the Claim 2 book (Giants, Dragons…) drawn and replayed.

An example annotation in ``spec/claim2.toml`` may carry a ``figure`` table::

    figure = { phase = 2, leader = "A", plays = ["giant:3", "giant:5"], winner = "B",
               gnomes = { A = ["gnome:3", "gnome:3", "gnome:7"] }, crush = ["gnome:3"],
               next_leader = "B" }

Players are letters in seat order (``A`` = seat 0, ``B`` = seat 1, … one per
card of ``plays``); ``plays`` are in play order from ``leader``; ``gnomes``
are the Gnomes laid out in front of a player before the trick
(``claim2.gnomes``), ``trolls`` (optional) the Trolls waiting from earlier
tricks (``claim2.trolls.waiting``); ``crush`` the Gnomes the winner crushes
(two players: the winner's choice, ``claim2.giants``; three or four: every
Gnome the Giants crush, a list or a table by owner,
``claim2.giants.multiplayer``); ``winner`` and ``next_leader`` what the book
says happens.

:func:`figure_outcome` replays the trick with the *engine's game object*: it
builds a position (:meth:`~rules.claim.game.ClaimEngine.position_from_json`)
in which each player holds the card the figure plays plus one card of
another faction, the other cards of the deck out of the game, plays the cards
and, with two players, makes the figure's crush. Whatever the engine refuses
or decides differently becomes a *problem*, which fails the rulebook build.
:func:`figure_svg` draws the trick as the engine resolved it.

Nothing here is needed to play; it only imports the engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, Protocol

import attrs

from rules.claim.cards import CLAIM2_FACTIONS, Card, Faction, parse_cards
from rules.claim.state import PHASE_ONE, PHASE_TWO, State, TrickOutcome, opened_by
from rules.claim.svg import WINNER as _WINNER
from rules.claim.svg import star as _star
from rules.claim.svg import text as _text
from rules.claim.tables import crush, play
from rules.claim.trick import card_rank
from rules.claim.variants import (
    CLAIM2_VARIANT,
    HAND_SIZES,
    OTHERS,
    PAIRS,
    variant_from_json,
)
from rules.kernel.pictures import escaped
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError, Violation


class Replays(Protocol):
    """What a figure needs of a Claim game object (:class:`rules.claim.game.ClaimEngine`, which
    imports this module and so is passed in, not imported): a position and the verdicts on it."""

    def position_from_json(self, data: Any, variant: Any = None) -> State: ...

    def attempt(self, state: State, action: Any) -> State | Violation: ...


#: The game objects by record key (``rules.claim.game.claim_game``), passed in by the caller.
Engines = Callable[[str], Replays]

LETTERS = "ABCD"
_KEYS = frozenset({"phase", "leader", "plays", "winner", "gnomes", "trolls", "crush", "next_leader", "face_up"})

#: Faction colours (card border, header band and value); Claim's as in ``pictures.py``.
COLOURS: dict[Faction, str] = {
    Faction.GOBLIN: "#3f7d20", Faction.KNIGHT: "#2a5aa8", Faction.UNDEAD: "#6a3d9a",
    Faction.DWARF: "#a0461e", Faction.DOPPELGANGER: "#56656f", Faction.GNOME: "#2f8f83",
    Faction.GIANT: "#7a5230", Faction.DRAGON: "#b22a2a", Faction.TROLL: "#5b7f2a", Faction.SEER: "#8a3f8f",
}
_CRUSH = "#c0392b"


@attrs.frozen
class Figure:
    """A parsed ``figure`` table (letters are seats: A = 0)."""

    phase: int
    players: int
    leader: int
    plays: tuple[Card, ...]
    winner: int | None
    next_leader: int | None
    gnomes: tuple[tuple[Card, ...], ...]
    trolls: tuple[Card, ...]
    crush: Any  # None, a tuple of Gnomes, or one tuple per seat
    face_up: tuple[Card, ...]

    def seat_of(self, position: int) -> int:
        """The seat that plays ``plays[position]``."""
        return (self.leader + position) % self.players


@attrs.frozen
class FigureOutcome:
    """What the engine makes of a figure, and how the figure disagrees."""

    figure: Figure
    trick: TrickOutcome | None  # None when the engine refused a play
    crushed: tuple[tuple[int, Card], ...]  # (owner seat, Gnome)
    rules: tuple[str, ...]
    caption: Text
    problems: tuple[str, ...]


# --------------------------------------------------------------------------- parsing


def _cards(data: Any, where: str) -> tuple[Card, ...]:
    return parse_cards(data, f"figure.{where}")


def _letter(data: Any, players: int, where: str, *, optional: bool = False) -> int | None:
    if data is None and optional:
        return None
    if not isinstance(data, str) or data not in LETTERS[:players]:
        raise MalformedError(f"figure.{where} must be one of {', '.join(LETTERS[:players])} (one player per card "
                             f"played), not {data!r}")
    return LETTERS.index(data)


def _per_seat(data: Any, players: int, where: str) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(data, Mapping):
        raise MalformedError(f"figure.{where} must be a table by player, e.g. {{ A = [\"gnome:3\"] }}")
    rows: list[tuple[Card, ...]] = [() for _ in range(players)]
    for key, cards in data.items():
        seat = _letter(key, players, f"{where} key")
        assert seat is not None
        rows[seat] = _cards(cards, f"{where}.{key}")
    return tuple(rows)


def parse_figure(figure: Any) -> Figure:
    """Check and read a ``figure`` table; :class:`MalformedError` says what is wrong."""
    if not isinstance(figure, Mapping):
        raise MalformedError("a figure must be a table")
    unknown = sorted(set(figure) - _KEYS)
    if unknown:
        raise MalformedError(f"figure: unknown field(s) {', '.join(unknown)}; expected some of {', '.join(sorted(_KEYS))}")
    phase = figure.get("phase")
    if phase not in (PHASE_ONE, PHASE_TWO) or type(phase) is not int:
        raise MalformedError(f"figure.phase must be 1 or 2, not {phase!r}")
    plays = _cards(figure.get("plays"), "plays")
    n = len(plays)
    if n not in HAND_SIZES:
        raise MalformedError(f"figure.plays: a trick has one card per player, 2 to 4, not {n}")
    leader = _letter(figure.get("leader"), n, "leader")
    assert leader is not None
    gnomes = _per_seat(figure.get("gnomes", {}), n, "gnomes")
    trolls = _cards(figure.get("trolls", []), "trolls")
    if any(c.faction is not Faction.GNOME for row in gnomes for c in row):
        raise MalformedError("figure.gnomes holds Gnomes only (claim2.gnomes)")
    if any(c.faction is not Faction.TROLL for c in trolls):
        raise MalformedError("figure.trolls holds Trolls only (claim2.trolls.waiting)")
    raw = figure.get("crush")
    crushed: Any = None
    if isinstance(raw, Mapping):
        crushed = _per_seat(raw, n, "crush")
    elif raw is not None:
        crushed = _cards(raw, "crush")
    if crushed is not None and any(c.faction is not Faction.GNOME for c in _flat(crushed)):
        raise MalformedError("figure.crush holds Gnomes only (claim2.giants)")
    face_up = _cards(figure.get("face_up", []), "face_up")
    if phase == PHASE_ONE and (any(gnomes) or trolls or crushed):
        raise MalformedError("figure: Gnomes are laid out, Trolls wait and Giants crush only in phase two")
    if phase == PHASE_TWO and face_up:
        raise MalformedError("figure.face_up: phase two has no face-up cards")
    return Figure(phase, n, leader, plays, _letter(figure.get("winner"), n, "winner", optional=True),
                  _letter(figure.get("next_leader"), n, "next_leader", optional=True), gnomes, trolls, crushed,
                  face_up)


def _flat(crushed: Any) -> tuple[Card, ...]:
    if crushed and isinstance(crushed[0], tuple):
        return tuple(c for row in crushed for c in row)
    return tuple(crushed or ())


# --------------------------------------------------------------------------- the position


def _game(fig: Figure) -> tuple[str, dict[str, Any] | None, tuple[Card, ...]]:
    """The engine key, record variant and deck of the smallest game the figure fits in."""
    used = {c.faction for c in (*fig.plays, *_flat(fig.gnomes), *fig.trolls, *fig.face_up)}
    if fig.players == 2 and used <= set(CLAIM2_FACTIONS):
        key, variant = "claim2", None
    else:
        pairs = [p for p in PAIRS if used & set(p)]
        if len(pairs) > 1:
            raise MalformedError("figure: a deck holds either Knights and Goblins or Gnomes and Giants, not both "
                                 "(claim-combined.deck.pair)")
        pair = pairs[0] if pairs else PAIRS[1]
        others = [f for f in OTHERS if f in used]
        wanted = 3 if fig.players == 2 else 5
        if len(others) > wanted:
            raise MalformedError(f"figure: {len(others)} factions besides the pair; a {fig.players}-player deck "
                                 f"has {wanted}")
        others += [f for f in OTHERS if f not in others][:wanted - len(others)]
        key, variant = "claim-combined", {"players": fig.players, "factions": [f.key for f in (*pair, *others)]}
    v = CLAIM2_VARIANT if variant is None else variant_from_json(variant)  # the engine's own check
    return key, variant, v.deck


def _take(pool: Counter[Card], count: int, avoid: Faction | None, what: str) -> list[Card]:
    """``count`` cards from ``pool`` (deterministic), none of faction ``avoid``."""
    out: list[Card] = []
    for c in sorted(pool, key=lambda c: (int(c.faction), c.value)):
        while pool[c] and len(out) < count and c.faction is not avoid:
            pool[c] -= 1
            out.append(c)
    if len(out) < count:
        raise MalformedError(f"figure: not enough other cards in the deck for {what}")
    return out


def _position(fig: Figure, deck: tuple[Card, ...]) -> dict[str, Any]:
    """A position one trick before the last in which every player holds the
    figure's card and one card of another faction than the lead (so following
    suit is the figure's own business); every other card is out of the game."""
    pool = Counter(deck)
    pool.subtract(Counter((*fig.plays, *_flat(fig.gnomes), *fig.trolls, *fig.face_up)))
    short = [c for c, k in pool.items() if k < 0]
    if short:
        raise MalformedError(f"figure: the deck has fewer copies of {', '.join(map(str, sorted(set(short))))} "
                             "than the figure shows")
    n = fig.players
    lead = fig.plays[0].faction
    hands: list[list[Card]] = [[] for _ in range(n)]
    for p, c in enumerate(fig.plays):
        hands[fig.seat_of(p)].append(c)
    for s in range(n):
        hands[s] += _take(pool, 1, lead, "the hands")
    data: dict[str, Any] = {"phase": fig.phase, "leader": fig.leader, "table": []}
    if fig.phase == PHASE_ONE:
        k = 1 if n == 2 else 2
        face_up = list(fig.face_up) or _take(pool, k, None, "the face-up cards")
        if len(face_up) != k:
            raise MalformedError(f"figure.face_up: {k} face-up card(s) with {n} players")
        size = HAND_SIZES[n]
        data.update(face_up=[str(c) for c in face_up], deck=[str(c) for c in _take(pool, 2 * n - k, None, "the deck")],
                    followers=[[str(c) for c in _take(pool, size - 2, None, "the followers")] for _ in range(n)])
    else:
        data.update(gnomes=[[str(c) for c in row] for row in fig.gnomes], trolls=[str(c) for c in fig.trolls])
    data["hands"] = [[str(c) for c in h] for h in hands]
    data["discard"] = [str(c) for c in sorted(pool.elements(), key=lambda c: (int(c.faction), c.value))]
    return data


# --------------------------------------------------------------------------- replay


def figure_outcome(figure: Any, engines: Engines) -> FigureOutcome:
    """Replay a figure with the game object ``engines`` gives for the smallest game it fits in;
    ``problems`` lists every disagreement."""
    fig = parse_figure(figure)
    key, variant, deck = _game(fig)
    eng = engines(key)
    try:
        state: State = eng.position_from_json(_position(fig, deck), variant)
    except MalformedError as exc:
        raise MalformedError(f"figure: the engine cannot set the trick up: {exc.detail}") from None
    problems: list[str] = []
    before = state
    for p, c in enumerate(fig.plays):
        action = play(fig.seat_of(p), c)
        verdict = eng.attempt(state, action)
        if isinstance(verdict, Violation):
            problems.append(f"the engine refuses {LETTERS[fig.seat_of(p)]}'s {c} "
                            f"({', '.join(verdict.rules)}): {verdict.message.get('en')}")
            return FigureOutcome(fig, None, (), tuple(verdict.rules), _caption(fig, None, ()), tuple(problems))
        state = verdict
    t = state.last_trick
    assert t is not None
    crushed: tuple[tuple[int, Card], ...] = t.crushed
    pending = state.decision
    if pending is not None and pending.kind == "crush":
        wanted = _flat(fig.crush)
        verdict = eng.attempt(state, crush(pending.seat, *wanted))
        if isinstance(verdict, Violation):
            problems.append(f"the engine refuses the crush of {', '.join(map(str, wanted))} "
                            f"({', '.join(verdict.rules)}): {verdict.message.get('en')}")
        else:
            state = verdict
            assert state.last_trick is not None
            crushed = state.last_trick.crushed
    elif fig.players == 2 and _flat(fig.crush):
        problems.append(f"the figure crushes {', '.join(map(str, _flat(fig.crush)))}, but the engine offers the "
                        "winner no crush (claim2.giants, claim2.giants.no-gnome)")
    elif fig.players > 2 and fig.crush is not None:
        if isinstance(fig.crush[0] if fig.crush else None, tuple):
            mine = [Counter(row) for row in fig.crush]
            theirs = [Counter(g for s, g in crushed if s == seat) for seat in range(fig.players)]
        else:
            mine, theirs = [Counter(fig.crush)], [Counter(g for _, g in crushed)]
        if mine != theirs:
            problems.append(f"the figure crushes {_crushed_text(fig.crush)}, the engine crushes "
                            f"{', '.join(f'{LETTERS[s]}: {g}' for s, g in crushed) or 'nothing'}")
    if fig.winner is not None and fig.winner != t.winner:
        problems.append(f"the figure says {LETTERS[fig.winner]} wins, the engine gives the trick to {LETTERS[t.winner]}")
    if fig.winner is None:
        problems.append(f"the figure names no winner; the engine says {LETTERS[t.winner]}")
    if fig.next_leader is not None and fig.next_leader != t.next_leader:
        problems.append(f"the figure says {LETTERS[fig.next_leader]} leads next, the engine says "
                        f"{LETTERS[t.next_leader]}")
    rules = _rules(fig, before, state, t, pending)
    return FigureOutcome(fig, t, crushed, rules, _caption(fig, t, crushed), tuple(problems))


def _crushed_text(crushed: Any) -> str:
    if crushed and isinstance(crushed[0], tuple):
        return "; ".join(f"{LETTERS[s]}: {', '.join(map(str, row))}" for s, row in enumerate(crushed) if row) or "nothing"
    return ", ".join(map(str, crushed)) or "nothing"


def _rules(fig: Figure, before: State, after: State, t: TrickOutcome, pending: Any) -> tuple[str, ...]:
    """The rules the engine applied to the trick, trick winner first."""
    cards = t.cards
    factions = {c.faction for c in cards}
    lead = cards[0].faction
    ranks = [card_rank(c.faction, c.value, lead) for c in cards]
    wp = (t.winner - t.leader) % fig.players
    out = ["claim2.trick-winner" if fig.phase == PHASE_ONE else "claim2.phase2.winner"]
    if lead is Faction.GOBLIN and cards[wp].faction is Faction.KNIGHT:
        out.append("claim.knights.multiplayer" if fig.players > 2 else "claim.knights")
    if any(ranks[wp] == r for q, r in enumerate(ranks) if q != wp):
        out.append("claim2.trick-winner.tie")
    if Faction.DRAGON in factions:
        out.append("claim2.dragons")
    if fig.phase == PHASE_TWO:
        if Faction.GNOME in factions:
            out.append("claim2.gnomes")
        if Faction.TROLL in factions or before.trolls:
            out += ["claim2.trolls", "claim2.trolls.waiting"] if before.trolls else ["claim2.trolls"]
        if Faction.DWARF in factions:
            out.append("claim.dwarves.multiplayer" if fig.players > 2 else "claim.dwarves")
        if Faction.GIANT in factions:
            if fig.players > 2:
                out += ["claim2.giants.multiplayer", "claim2.giants.multiplayer.not-own-team"]
            else:
                out += ["claim2.giants", "claim2.phase2.giants-crush"]
                if pending is None or pending.kind != "crush":
                    out.append("claim2.giants.no-gnome")
    if pending is not None:
        out += list(opened_by(pending))
    return tuple(dict.fromkeys(out))


# --------------------------------------------------------------------------- captions


def _name(c: Card) -> Text:
    return Text.of(hu=c.name.get("hu"), en=f"{c.faction.key.capitalize()} {c.value}")


def _join(cards: Any, lang: str) -> str:
    return ", ".join(_name(c).get(lang) for c in cards)


def _caption(fig: Figure, t: TrickOutcome | None, crushed: tuple[tuple[int, Card], ...]) -> Text:
    hu: list[str] = [f"{fig.phase}. szakasz."]
    en: list[str] = [f"Phase {fig.phase}."]
    rows = [(LETTERS[s], row) for s, row in enumerate(fig.gnomes) if row]
    if rows:
        hu.append("Kiterített gnómok az ütés előtt: " + "; ".join(f"{x}: {_join(r, 'hu')}" for x, r in rows) + ".")
        en.append("Gnomes laid out before the trick: " + "; ".join(f"{x}: {_join(r, 'en')}" for x, r in rows) + ".")
    if fig.trolls:
        hu.append(f"Várakozó trollok: {_join(fig.trolls, 'hu')}.")
        en.append(f"Trolls waiting: {_join(fig.trolls, 'en')}.")
    order = [(LETTERS[fig.seat_of(p)], c) for p, c in enumerate(fig.plays)]
    hu.append(f"{order[0][0]} kijátssza: {_name(order[0][1]).get('hu')}; "
              + ", ".join(f"{x}: {_name(c).get('hu')}" for x, c in order[1:]) + ".")
    en.append(f"{order[0][0]} leads {_name(order[0][1]).get('en')}, then "
              + ", ".join(f"{x} plays {_name(c).get('en')}" for x, c in order[1:]) + ".")
    if t is None:
        hu.append("A motor nem engedi meg ezt a kijátszást.")
        en.append("The engine does not allow these plays.")
        return Text.of(hu=" ".join(hu), en=" ".join(en))
    w = LETTERS[t.winner]
    hu.append(f"A motor szerint {w} nyeri az ütést.")
    en.append(f"The engine gives the trick to {w}.")
    for owner, g in crushed:
        hu.append(f"{w} eltiporja {LETTERS[owner]} {_name(g).get('hu')} lapját, amely a dobópakliba kerül.")
        en.append(f"{w} crushes {LETTERS[owner]}'s {_name(g).get('en')}, which is discarded.")
    if not crushed and any(c.faction is Faction.GIANT for c in t.cards) and fig.phase == PHASE_TWO:
        hu.append("Egy óriás sem tipor el gnómot.")
        en.append("No Gnome is crushed.")
    nl = LETTERS[t.next_leader]
    hu.append(f"A következő kört {nl} kezdi.")
    en.append(f"{nl} leads the next trick.")
    return Text.of(hu=" ".join(hu), en=" ".join(en))


# --------------------------------------------------------------------------- drawing

_W, _H, _SLOT, _MARGIN = 96, 132, 120, 18
_SW, _SH, _SSLOT = 44, 60, 50


def _big_card(x: float, y: float, c: Card) -> list[str]:
    colour = COLOURS[c.faction]
    cx = x + _W / 2
    return [
        f'<rect x="{x}" y="{y}" width="{_W}" height="{_H}" rx="8" fill="#fffdf7" stroke="{colour}" stroke-width="3"/>',
        f'<rect x="{x + 1.5}" y="{y + 1.5}" width="{_W - 3}" height="26" rx="6" fill="{colour}"/>',
        _text(cx, y + 20, c.faction.key.capitalize(), size=13 if len(c.faction.key) < 9 else 11, weight="bold",
              fill="#fff"),
        _text(cx, y + 86, str(c.value), size=46, weight="bold", fill=colour),
        _text(cx, y + 118, c.name.get("hu"), size=11, style="italic", fill="#555"),
    ]


def _small_card(x: float, y: float, c: Card, *, crushed: bool) -> list[str]:
    colour = COLOURS[c.faction]
    faded = ' opacity="0.55"' if crushed else ""
    out = [
        (f'<rect x="{x}" y="{y}" width="{_SW}" height="{_SH}" rx="5" fill="#fffdf7" stroke="{colour}" '
         f'stroke-width="2"{faded}/>'),
        _text(x + _SW / 2, y + 15, c.faction.key.capitalize(), size=9, weight="bold", fill=colour),
        _text(x + _SW / 2, y + 45, str(c.value), size=24, weight="bold", fill=colour),
    ]
    if crushed:
        out += [(f'<line x1="{x - 2}" y1="{y - 2}" x2="{x + _SW + 2}" y2="{y + _SH + 2}" stroke="{_CRUSH}" '
                 f'stroke-width="3"/>'),
                (f'<line x1="{x + _SW + 2}" y1="{y - 2}" x2="{x - 2}" y2="{y + _SH + 2}" stroke="{_CRUSH}" '
                 f'stroke-width="3"/>')]
    return out


def figure_svg(figure: Any, engines: Engines) -> str:
    """Draw a figure's trick, as the engine resolved it, as an SVG document.

    Top: the Gnomes laid out in front of each player before the trick (and
    the waiting Trolls), those the Giants crushed struck out in red. Below:
    the cards in play order, each under its player's letter (the leader
    marked), the engine's winner framed in gold with a star; last, who leads
    the next trick. No ``id`` attributes, so any number share a page.
    """
    outcome = figure_outcome(figure, engines)
    fig, t = outcome.figure, outcome.trick
    n = fig.players
    rows = [(s, row) for s, row in enumerate(fig.gnomes) if row]
    laid_h = (len(rows) + (1 if fig.trolls else 0)) * (_SH + 14)
    top = 30 + (laid_h + 40 if laid_h else 0)
    width = max(2 * _MARGIN + n * _SLOT + 40,
                2 * _MARGIN + 90 + max([len(r) for _, r in rows] + [len(fig.trolls), 0]) * _SSLOT)
    height = top + 28 + _H + 84
    body = [
        (f'<svg xmlns="http://www.w3.org/2000/svg" class="rules-trick rules-figure" role="img" width="{width}" '
         f'height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Verdana, sans-serif">'),
        f"<title>{escaped(outcome.caption.get('en'))}</title>",
        f'<rect x="1" y="1" width="{width - 2}" height="{height - 2}" rx="14" fill="#eef4ea" stroke="#c5d6bb"/>',
    ]
    y = 22.0
    if laid_h:
        body.append(_text(_MARGIN, y, "Laid out before the trick", size=12, weight="bold", anchor="start"))
        body.append(_text(_MARGIN, y + 15, "kiterítve az ütés előtt", size=11, style="italic", fill="#555",
                          anchor="start"))
        y += 26
        left = Counter((s, g) for s, g in outcome.crushed)
        for s, row in rows:
            body.append(_text(_MARGIN + 10, y + _SH / 2 + 5, f"{LETTERS[s]}:", size=14, weight="bold", anchor="start"))
            for i, g in enumerate(row):
                hit = left[(s, g)] > 0
                if hit:
                    left[(s, g)] -= 1
                body += _small_card(_MARGIN + 60 + i * _SSLOT, y, g, crushed=hit)
            y += _SH + 14
        if fig.trolls:
            body.append(_text(_MARGIN + 10, y + _SH / 2 + 5, "waiting:", size=11, anchor="start"))
            for i, c in enumerate(fig.trolls):
                body += _small_card(_MARGIN + 60 + i * _SSLOT, y, c, crushed=False)
    y = float(top)
    for p, c in enumerate(fig.plays):
        seat = fig.seat_of(p)
        x = _MARGIN + 20 + p * _SLOT
        label = f"{LETTERS[seat]} (leads)" if p == 0 else LETTERS[seat]
        body.append(_text(x + _W / 2, y + 14, label, size=13, weight="bold"))
        wins = t is not None and t.winner == seat
        if wins:
            body.append(f'<rect x="{x - 5}" y="{y + 23}" width="{_W + 10}" height="{_H + 10}" rx="12" fill="none" '
                        f'stroke="{_WINNER}" stroke-width="5"/>')
        body += _big_card(x, y + 28, c)
        if wins:
            body.append(_star(x + 6, y + 28 + _H + 22, 9))
            body.append(_text(x + 19, y + 28 + _H + 27, "takes the trick", size=12, weight="bold", fill="#7a5c00",
                              anchor="start"))
    if t is not None:
        body.append(_text(_MARGIN + 20, height - 30, f"→ {LETTERS[t.next_leader]} leads the next trick", size=12,
                          anchor="start"))
        body.append(_text(_MARGIN + 34, height - 14, f"a következő kört {LETTERS[t.next_leader]} kezdi", size=11,
                          style="italic", fill="#555", anchor="start"))
    body.append("</svg>")
    return "\n".join(body)
