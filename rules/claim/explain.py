"""Trick-by-trick explanations for ``rules adjudicate --explain``."""

from __future__ import annotations

from rules.claim.game import trick_routes, trick_winner_position
from rules.claim.state import TrickOutcome
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
