"""Trick-by-trick explanations for ``rules adjudicate --explain``."""

from __future__ import annotations

from rules.claim.cards import Card, Faction
from rules.claim.game import trick_routes, trick_winner_position
from rules.claim.state import TrickOutcome
from rules.claim.trick import holds_faction
from rules.kernel.text import Text

_ZONE = {
    "followers": Text.of(cs="do balíčku následovníků hráče {seat}", en="to seat {seat}'s followers"),
    "score": Text.of(cs="na skórovací balíček hráče {seat}", en="to seat {seat}'s score pile"),
    "discard": Text.of(cs="ze hry", en="out of the game"),
}


def explain_trick(t: TrickOutcome) -> tuple[Text, ...]:
    """Who won trick ``t``, by which rules, and where every card went."""
    follower = 1 - t.leader
    won_by = t.lead if t.winner == t.leader else t.follow
    lost_by = t.follow if t.winner == t.leader else t.lead
    rules = ", ".join(trick_winner_position(t.lead, t.follow)[1])
    head = Text.of(
        cs="Štych {n} (fáze {phase}): hráč {l} vynáší {lead}, hráč {f} hraje {follow}. "
           "{won} poráží {lost}: {rules}. Štych bere hráč {w}.",
        en="Trick {n} (phase {phase}): seat {l} leads {lead}, seat {f} plays {follow}. "
           "{won} beats {lost}: {rules}. Seat {w} takes the trick.",
    ).format(n=t.number, phase=t.phase, l=t.leader, f=follower, lead=t.lead.name, follow=t.follow.name,
             won=won_by.name, lost=lost_by.name, rules=rules, w=t.winner)
    lines = [head]
    for r in trick_routes(t):
        where = _ZONE[r.zone].format(seat=r.seat)
        lines.append(Text.of(cs="  {card} jde {where} ({rules})", en="  {card} goes {where} ({rules})").format(
            card=r.card.name, where=where, rules=", ".join(r.rules)))
    return tuple(lines)


def explain_follow(hand: tuple[Card, ...], lead: Card, card: Card, seat: int) -> Text:
    """Why a (legal) follow was allowed, citing the rule that allows it."""
    led = lead.faction
    holds = holds_faction([c.faction for c in hand], led)
    if card.faction is led:
        return Text.of(cs="  Hráč {s} ctí barvu kartou {c} (claim.follow-suit).",
                       en="  Seat {s} follows {g} with {c} (claim.follow-suit).").format(s=seat, c=card.name, g=led.genitive)
    if card.faction is Faction.DOPPELGANGER:
        if holds:
            return Text.of(
                cs="  Hráč {s} má v ruce {g}, ale smí zahrát měňavce {c}: měňavci jsou žolíkoví (claim.doppelgangers).",
                en="  Seat {s} holds {g} but may play {c}: Doppelgangers are wild (claim.doppelgangers).",
            ).format(s=seat, c=card.name, g=led.genitive)
        return Text.of(cs="  Hráč {s} hraje měňavce {c}; počítá se, jako by ctil barvu (claim.doppelgangers).",
                       en="  Seat {s} plays {c}, which counts as following suit (claim.doppelgangers).").format(
            s=seat, c=card.name)
    return Text.of(cs="  Hráč {s} nemá žádnou kartu {g}, smí zahrát cokoli: {c} (claim.follow-suit).",
                   en="  Seat {s} holds no {g}, so may play any card: {c} (claim.follow-suit).").format(
        s=seat, c=card.name, g=led.genitive)
