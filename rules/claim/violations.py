"""Violations of Claim's rules, explained in Czech and English."""

from __future__ import annotations

from rules.claim.cards import Card, Faction
from rules.kernel.text import Text
from rules.kernel.verdict import Violation


def game_over() -> Violation:
    return Violation(("claim.phase2.end",), Text.of(
        cs="Hra už skončila: všechny karty jsou odehrány.",
        en="The game is over: every card has been played."))


def not_your_lead(seat: int, leader: int, first_trick: bool, phase: int) -> Violation:
    rule = "claim.leader.first" if first_trick else "claim.leader.previous-winner"
    lead_rule = "claim.lead" if phase == 1 else "claim.phase2.lead"
    why = (Text.of(cs="první štych vynáší hráč určený v přípravě", en="the first trick is led by the seat the setup names")
           if first_trick else
           Text.of(cs="vynáší vítěz předchozího štychu", en="the winner of the previous trick leads"))
    return Violation((lead_rule, rule), Text.of(
        cs="Hráč {seat} nemůže vynášet: na tahu je vedoucí hráč {leader} ({why}).",
        en="Seat {seat} cannot lead: seat {leader} is the leader ({why}).").format(seat=seat, leader=leader, why=why))


def not_your_follow(seat: int, follower: int, phase: int) -> Violation:
    return Violation(("claim.follow" if phase == 1 else "claim.phase2.follow",), Text.of(
        cs="Hráč {seat} už do tohoto štychu zahrál; na tahu je hráč {f}.",
        en="Seat {seat} has already played to this trick; seat {f} plays next.").format(seat=seat, f=follower))


def not_in_hand(seat: int, card: Card, leading: bool, phase: int) -> Violation:
    if phase == 1:
        rule = "claim.lead" if leading else "claim.follow"
    else:
        rule = "claim.phase2.lead" if leading else "claim.phase2.follow"
    return Violation((rule,), Text.of(
        cs="Hráč {seat} nemá v ruce kartu {card}; hraje se jen z ruky.",
        en="Seat {seat} has no {card} in hand; cards are played from hand.").format(seat=seat, card=card.name))


def must_follow(card: Card, lead: Card, held: Card, phase: int) -> Violation:
    led = lead.faction
    rules: tuple[str, ...] = ("claim.follow-suit",)
    if phase == 2:
        rules += ("claim.phase2.follow",)
    if led is Faction.DOPPELGANGER:
        rules += ("claim.doppelgangers.led",)
    if led is Faction.GOBLIN and card.faction is Faction.KNIGHT:
        rules += ("claim.knights.follow-suit",)
    return Violation(rules, Text.of(
        cs="Vedoucí hráč vynesl kartu {lead}. Máte v ruce kartu {held}, proto musíte ctít barvu {gen} "
           "(nebo zahrát měňavce); kartu {card} zahrát nesmíte.",
        en="The leader played {lead}. You hold {held}, so you must follow {gen} "
           "(or play a Doppelganger); you may not play {card}.").format(
        lead=lead.name, held=held.name, gen=led.genitive, card=card.name))
