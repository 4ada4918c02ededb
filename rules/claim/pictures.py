"""Pictures of worked Claim tricks for the generated rulebook.

A worked example in ``spec/claim.toml`` may carry a ``figure`` table of one
two-player trick (``phase``, ``revealed`` in phase one, ``lead``, ``follow``,
``winner``: ``"leader"`` or ``"follower"``). :func:`trick_outcome` replays it
with the engine (:func:`rules.claim.explain.trick_winner_position` and the card
routing of :mod:`rules.claim.trick`); :func:`trick_svg` draws the cards on the
table and marks the winner the *engine* computes.

:func:`draw` is the game object's side of the kernel's
:class:`~rules.kernel.pictures.Pictures` protocol for every Claim-family
engine: a figure with ``lead`` is such a trick; any other figure is a Claim 2
trick of :mod:`rules.claim.figures`. It compares what the figure claims with
what the engine decides and returns every disagreement as a problem
(decision record 0015).

Nothing here is needed to play; it only imports the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from rules.claim.cards import Card, Faction, parse_card
from rules.claim.explain import trick_winner_position
from rules.claim.figures import LETTERS, Engines, figure_outcome, figure_svg
from rules.claim.svg import WINNER as _WINNER
from rules.claim.svg import star as _star
from rules.claim.svg import text as _text
from rules.claim.trick import (
    DESTINATION_PILES,
    played_card_destinations,
    revealed_card_destinations,
)
from rules.kernel.pictures import Picture, escaped
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError

#: Faction colours (card border, header band and value).
COLOURS: dict[Faction, str] = {
    Faction.GOBLIN: "#3f7d20",
    Faction.KNIGHT: "#2a5aa8",
    Faction.UNDEAD: "#6a3d9a",
    Faction.DWARF: "#a0461e",
    Faction.DOPPELGANGER: "#56656f",
}
_ROLES = ("leader", "follower")
_ROLE_TEXT = {
    "leader": Text.of(cs="vedoucí hráč", en="the leader"),
    "follower": Text.of(cs="druhý hráč", en="the second player"),
    "revealed": Text.of(cs="odhalená karta", en="revealed card"),
}
_OWNER = {
    "leader": Text.of(cs="vedoucího hráče", en="the leader"),
    "follower": Text.of(cs="druhého hráče", en="the second player"),
}
_SHORT = {"leader": "the leader", "follower": "the 2nd player"}
_LABEL = {"leader": "Leader", "follower": "Second player", "revealed": "Revealed"}
_LABEL_CS = {"leader": "vedoucí hráč", "follower": "druhý hráč", "revealed": "odhalená karta"}


@attrs.frozen
class Route:
    """Where the card of ``role`` (revealed/leader/follower) goes after the trick."""

    role: str
    zone: str  # "followers", "score" or "discard"
    owner: str | None  # "leader" or "follower"; None for the discard

    @property
    def text(self) -> Text:
        if self.zone == "discard":
            return Text.of(cs="ze hry", en="out of the game")
        assert self.owner is not None
        if self.zone == "followers":
            return Text.of(cs="do balíčku následovníků {who}", en="to the followers pile of {who}").format(
                who=_OWNER[self.owner])
        return Text.of(cs="na skórovací balíček {who}", en="to the score pile of {who}").format(who=_OWNER[self.owner])

    @property
    def short(self) -> tuple[str, str]:
        """Two short lines for the picture."""
        if self.zone == "discard":
            return ("→ out of the game", "")
        zone = "followers" if self.zone == "followers" else "score pile"
        return (f"→ {zone}", f"of {_SHORT[self.owner or 'leader']}")


@attrs.frozen
class TrickOutcome:
    """What the engine makes of a worked trick."""

    phase: int
    revealed: Card | None
    lead: Card
    follow: Card
    winner: str  # "leader" or "follower"
    rules: tuple[str, ...]  # why, as the engine explains it
    routes: tuple[Route, ...]  # where each card goes
    caption: Text


def card_name(card: Card) -> Text:
    """``Goblin 3`` / ``skřet 3``."""
    return Text.of(cs=card.name.get("cs"), en=f"{card.faction.key.capitalize()} {card.value}")


def trick_outcome(trick: Mapping[str, Any]) -> TrickOutcome:
    """Replay one worked trick with the engine.

    Raises :class:`~rules.kernel.verdict.MalformedError` when the table is not
    a trick: a bad card, a phase other than 1 or 2, a missing revealed card in
    phase one or one in phase two.
    """
    phase = trick.get("phase")
    if phase not in (1, 2) or isinstance(phase, bool):
        raise MalformedError(f"trick.phase must be 1 or 2, not {phase!r}")
    lead, follow = parse_card(trick.get("lead"), "trick.lead"), parse_card(trick.get("follow"), "trick.follow")
    revealed: Card | None = None
    if phase == 1:
        if "revealed" not in trick:
            raise MalformedError("trick.revealed: a phase-one trick is fought for a revealed card")
        revealed = parse_card(trick.get("revealed"), "trick.revealed")
    elif "revealed" in trick:
        raise MalformedError("trick.revealed: phase two has no revealed card")

    position, why = trick_winner_position(lead, follow)
    winner = _ROLES[position]
    loser = _ROLES[1 - position]

    def goes(role: str, flags: tuple[Any, ...]) -> Route:
        role_of = {"winner": winner, "loser": loser, None: None}
        zones = [Route(role, pile, role_of[whose]) for flag, (pile, whose) in zip(flags, DESTINATION_PILES) if flag]
        if len(zones) != 1:  # the conservation proof rules this out
            raise MalformedError(f"the engine routes the {role}'s card to {len(zones)} zones")
        return zones[0]

    routes: list[Route] = []
    if revealed is not None:
        routes.append(goes("revealed", revealed_card_destinations(phase, revealed.faction)))
    routes.append(goes("leader", played_card_destinations(phase, lead.faction)))
    routes.append(goes("follower", played_card_destinations(phase, follow.faction)))

    cards = {"revealed": revealed, "leader": lead, "follower": follow}
    parts = [Text.of(cs=f"Fáze {phase}.", en=f"Phase {phase}.")]
    if revealed is not None:
        parts.append(Text.of(cs="Odhalená karta: {c}.", en="Revealed: {c}.").format(c=card_name(revealed)))
    parts.append(Text.of(cs="Vedoucí hráč: {l}, druhý hráč: {f}.",
                         en="The leader leads {l}, the second player plays {f}.").format(
        l=card_name(lead), f=card_name(follow)))
    parts.append(Text.of(cs="Podle enginu vyhrává {w}.", en="The engine gives the trick to {w}.").format(
        w=_ROLE_TEXT[winner]))
    for route in routes:
        card = cards[route.role]
        assert card is not None
        parts.append(_capitalised(Text.of(cs="{c} jde {where}.", en="{c} goes {where}.").format(
            c=card_name(card), where=route.text)))
    caption = Text(tuple((lang, " ".join(p.get(lang) for p in parts)) for lang in ("cs", "en")))
    return TrickOutcome(phase, revealed, lead, follow, winner, tuple(why), tuple(routes), caption)


def _capitalised(text: Text) -> Text:
    return Text(tuple((lang, s[:1].upper() + s[1:]) for lang, s in text.by_lang))


# --------------------------------------------------------------------------- drawing

_CARD_W, _CARD_H, _SLOT, _MARGIN = 96, 132, 150, 18
_TOP = 46


def _draw_card(x: float, role: str, card: Card, *, wins: bool, where: Route) -> list[str]:
    colour = COLOURS[card.faction]
    cx = x + _CARD_W / 2
    out = [
        _text(cx, 16, _LABEL[role], size=13, weight="bold"),
        _text(cx, 31, _LABEL_CS[role], size=11, style="italic", fill="#555"),
    ]
    if wins:
        out.append(f'<rect x="{x - 5}" y="{_TOP - 5}" width="{_CARD_W + 10}" height="{_CARD_H + 10}" rx="12" '
                   f'fill="none" stroke="{_WINNER}" stroke-width="5"/>')
    dash = ' stroke-dasharray="6 3"' if role == "revealed" else ""
    out += [
        f'<rect x="{x}" y="{_TOP}" width="{_CARD_W}" height="{_CARD_H}" rx="8" fill="#fffdf7" '
        f'stroke="{colour}" stroke-width="3"{dash}/>',
        f'<path d="M{x + 1.5} {_TOP + 28} V{_TOP + 8} a6.5 6.5 0 0 1 6.5 -6.5 H{x + _CARD_W - 8} '
        f'a6.5 6.5 0 0 1 6.5 6.5 V{_TOP + 28} Z" fill="{colour}"/>',
        _text(cx, _TOP + 20, card.faction.key.capitalize(), size=13 if len(card.faction.key) < 9 else 11,
              weight="bold", fill="#fff"),
        _text(cx, _TOP + 86, str(card.value), size=46, weight="bold", fill=colour),
        _text(cx, _TOP + 118, card.name.get("cs"), size=11, style="italic", fill="#555"),
    ]
    below = _TOP + _CARD_H + 22
    if wins:
        out.append(_star(cx - 50, below - 5, 9))
        out.append(_text(cx - 37, below, "takes the trick", size=12, weight="bold", fill="#7a5c00", anchor="start"))
    elif role == "revealed":
        out.append(_text(cx, below, "fought for", size=12, fill="#555"))
    first, second = where.short
    out.append(_text(cx, below + 19, first, size=11, fill="#333"))
    if second:
        out.append(_text(cx, below + 33, second, size=11, fill="#333"))
    return out


def trick_svg(trick: Mapping[str, Any]) -> str:
    """Draw a worked trick as an SVG document (inline-able in HTML).

    Cards lie on the table left to right: the revealed card (phase one), the
    leader's card, the second player's card. Each shows its faction (English
    header, Czech name) and value in the faction's colour; the card that
    takes the trick, as the engine decides, has a gold frame and a star, and
    every card says where it goes. The picture has no ``id`` attributes, so
    any number of them can share an HTML page.
    """
    outcome = trick_outcome(trick)
    slots: list[tuple[str, Card]] = []
    if outcome.revealed is not None:
        slots.append(("revealed", outcome.revealed))
    slots += [("leader", outcome.lead), ("follower", outcome.follow)]
    where = {r.role: r for r in outcome.routes}
    width = 2 * _MARGIN + len(slots) * _SLOT - (_SLOT - _CARD_W) + 40
    height = _TOP + _CARD_H + 66
    title = outcome.caption.get("en")
    body = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="rules-trick" role="img" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Verdana, sans-serif">',
        f"<title>{escaped(title)}</title>",
        f'<rect x="1" y="1" width="{width - 2}" height="{height - 2}" rx="14" fill="#eef4ea" stroke="#c5d6bb"/>',
    ]
    x = _MARGIN + 20.0
    for role, card in slots:
        wins = role == outcome.winner
        body += _draw_card(x, role, card, wins=wins, where=where[role])
        x += _SLOT
    if outcome.revealed is not None:  # a divider between the prize and the trick
        dx = _MARGIN + 20 + _CARD_W + (_SLOT - _CARD_W) / 2
        body.append(f'<line x1="{dx}" y1="{_TOP}" x2="{dx}" y2="{_TOP + _CARD_H}" stroke="#c5d6bb" '
                    f'stroke-width="2" stroke-dasharray="4 4"/>')
    body.append("</svg>")
    return "\n".join(body)
_WINNER_TEXT = {
    "leader": Text.of(cs="vedoucí hráč bere štych", hu="a kezdő játékos viszi az ütést",
                      en="the leader takes the trick"),
    "follower": Text.of(cs="druhý hráč bere štych", hu="a második játékos viszi az ütést",
                        en="the second player takes the trick"),
}


def draw(figure: Mapping[str, Any], languages: Sequence[str], engines: Engines) -> Picture:
    """Draw a worked example of the Claim family and check it against the engine.

    A two-player trick of the Claim book (a ``lead`` key) must name the
    ``winner`` the engine gives the trick to; a Claim 2 figure is checked by
    :func:`rules.claim.figures.figure_outcome` with the game objects of ``engines``. Raises
    :class:`~rules.kernel.verdict.MalformedError` on a table that is neither.
    """
    if "lead" not in figure:
        fig = figure_outcome(figure, engines)
        winner = None if fig.trick is None else fig.trick.winner
        summary = None if winner is None else Text.of(
            cs=f"štych bere {LETTERS[winner]}", hu=f"{LETTERS[winner]} viszi az ütést",
            en=f"{LETTERS[winner]} takes the trick")
        return Picture(figure_svg(figure, engines), fig.caption.only(languages), tuple(fig.rules), tuple(fig.problems),
                       None if summary is None else summary.only(languages))
    outcome = trick_outcome(figure)
    problems = []
    claimed = figure.get("winner")
    if claimed is None:
        problems.append(f"the trick names no winner; the engine says {outcome.winner!r}")
    elif claimed != outcome.winner:
        problems.append(f"the annotation says the {claimed} wins, but the engine "
                        f"(rules {', '.join(outcome.rules)}) gives the trick to the {outcome.winner}")
    return Picture(trick_svg(figure), outcome.caption.only(languages), tuple(outcome.rules), tuple(problems),
                   _WINNER_TEXT[outcome.winner].only(languages))
