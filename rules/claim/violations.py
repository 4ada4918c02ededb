"""Violations of the rules of the Claim family, explained in the rulebook's
language (Czech for Claim, Hungarian for Claim 2 and the combinations) and
English.

Each game cites its own rule IDs: the variant's ruleset maps a role
("lead", "follow", …) to the ID of the game being played
(:attr:`rules.claim.variants.Ruleset.roles`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.claim.cards import Card, Faction
from rules.claim.kinds import ActionKind, Phase
from rules.claim.state import opened_by
from rules.claim.variants import Variant
from rules.kernel.decisions import Decision
from rules.kernel.text import Text
from rules.kernel.verdict import Violation


def ids(v: Variant) -> Mapping[str, str]:
    """The rule ID of each role in the game ``v``."""
    return v.rules.roles


def _in(v: Variant, text: Text) -> Text:
    """Keep the game's languages only."""
    langs = v.languages
    return Text(tuple((lang, t) for lang, t in text.by_lang if lang in langs))


def _play_order(v: Variant) -> tuple[str, ...]:
    return ("claim-combined.play-order",) if v.players > 2 else ()


def game_over(v: Variant) -> Violation:
    return Violation((ids(v)["phase2.end"],), _in(v, Text.of(
        cs="Hra už skončila: všechny karty jsou odehrány.",
        hu="A játék véget ért: minden lapot kijátszottak.",
        en="The game is over: every card has been played.")))


def not_your_lead(seat: int, leader: int, first_trick: bool, phase: Phase, v: Variant,
                  dragon: bool = False) -> Violation:
    i = ids(v)
    rule = i["leader.first"] if first_trick else i["leader.previous-winner"]
    lead_rule = i["lead"] if phase == Phase.ONE else i["phase2.lead"]
    rules: tuple[str, ...] = (lead_rule, rule) + (("claim2.dragons",) if dragon and not first_trick else ())
    if first_trick:
        why = Text.of(cs="první štych vynáší hráč určený v přípravě", hu="az első kört az előkészítésben "
                      "megnevezett játékos kezdi", en="the first trick is led by the seat the setup names")
    elif dragon:
        why = Text.of(hu="az előző körben utoljára sárkányt kijátszó játékos kezd",
                      en="the player of the previous trick's latest Dragon leads")
    else:
        why = Text.of(cs="vynáší vítěz předchozího štychu", hu="az előző kör nyertese kezd",
                      en="the winner of the previous trick leads")
    return Violation(rules + _play_order(v), _in(v, Text.of(
        cs="Hráč {seat} nemůže vynášet: na tahu je vedoucí hráč {leader} ({why}).",
        hu="A(z) {seat}. játékos nem kezdhet: a kezdőjátékos a(z) {leader}. ({why}).",
        en="Seat {seat} cannot lead: seat {leader} is the leader ({why}).")).format(seat=seat, leader=leader, why=why))


def not_your_follow(seat: int, follower: int, phase: Phase, v: Variant) -> Violation:
    i = ids(v)
    return Violation((i["follow"] if phase == Phase.ONE else i["phase2.follow"],) + _play_order(v), _in(v, Text.of(
        cs="Hráč {seat} už do tohoto štychu zahrál; na tahu je hráč {f}.",
        hu="Most nem a(z) {seat}. játékos következik, hanem a(z) {f}.",
        en="Seat {seat} has already played to this trick; seat {f} plays next." if v.players == 2 else
           "It is not seat {seat}'s turn in this trick; seat {f} plays next.")).format(seat=seat, f=follower))


def not_in_hand(seat: int, card: Card, leading: bool, phase: Phase, v: Variant) -> Violation:
    i = ids(v)
    if phase == Phase.ONE:
        rule = i["lead"] if leading else i["follow"]
    else:
        rule = i["phase2.lead"] if leading else i["phase2.follow"]
    return Violation((rule,), _in(v, Text.of(
        cs="Hráč {seat} nemá v ruce kartu {card}; hraje se jen z ruky.",
        hu="A(z) {seat}. játékos kezében nincs {card}; csak kézből lehet kijátszani.",
        en="Seat {seat} has no {card} in hand; cards are played from hand.")).format(seat=seat, card=card.name))


def must_follow(card: Card, lead: Card, held: Card, phase: Phase, v: Variant) -> Violation:
    i = ids(v)
    led = lead.faction
    rules: tuple[str, ...] = (i["follow-suit"],)
    if phase == Phase.TWO:
        rules += (i["phase2.follow"],)
    if led is Faction.DOPPELGANGER:
        rules += ("claim.doppelgangers.led",)
    if led is Faction.GOBLIN and card.faction is Faction.KNIGHT:
        rules += ("claim.knights.follow-suit",)
    dopp = Faction.DOPPELGANGER in v.factions
    return Violation(rules, _in(v, Text.of(
        cs="Vedoucí hráč vynesl kartu {lead}. Máte v ruce kartu {held}, proto musíte ctít barvu {gen} "
           "(nebo zahrát měňavce); kartu {card} zahrát nesmíte.",
        hu="A kezdőjátékos ezt játszotta ki: {lead}. A kezedben van {held}, ezért követned kell a frakciót"
           + (" (vagy hasonmást játszhatsz)" if dopp else "") + "; {card} nem játszható ki.",
        en="The leader played {lead}. You hold {held}, so you must follow {gen}"
           + (" (or play a Doppelganger)" if dopp else "") + "; you may not play {card}.")).format(
        lead=lead.name, held=held.name, gen=led.genitive, card=card.name))


def no_choice_now(v: Variant, seat: int, to_move: int, phase: Phase, leading: bool) -> Violation:
    """A take or crush when a card is to be played."""
    i = ids(v)
    rule = (i["lead"] if leading else i["follow"]) if phase == Phase.ONE else (
        i["phase2.lead"] if leading else i["phase2.follow"])
    return Violation((rule,), _in(v, Text.of(
        hu="Most nincs mit választani: a(z) {to}. játékos játszik ki egy lapot.",
        en="There is no choice to make now: seat {to} is to play a card.")).format(to=to_move, seat=seat))


def pending_choice(v: Variant, pending: Decision, action: Any) -> Violation:
    """Anything but the pending decision, by its player: cites the rules that opened it."""
    what = (Text.of(hu="választ egy felfordított lapot", en="chooses a face-up card")
            if pending.kind is ActionKind.TAKE else
            Text.of(hu="eldönti, mely gnómokat tiporja el", en="decides which Gnomes to crush"))
    return Violation(opened_by(pending), _in(v, Text.of(
        hu="Előbb a(z) {seat}. játékos {what}.",
        en="First seat {seat} {what}.")).format(seat=pending.seat, what=what))


def no_deck_choice(v: Variant, pending: Decision) -> Violation:
    return Violation(opened_by(pending) + ("claim2.seers",), _in(v, Text.of(
        hu="A pakli felső lapját csak a látnokkal nyerő játékos választhatja.",
        en="Only a player who won with a Seer may take the top card of the deck.")))


def not_face_up(v: Variant, pending: Decision, card: Card) -> Violation:
    return Violation(opened_by(pending), _in(v, Text.of(
        hu="{card} nincs a felfordított lapok között.",
        en="{card} is not among the face-up cards.")).format(card=card.name))


def bad_crush(v: Variant, pending: Decision, card: Card) -> Violation:
    return Violation(("claim2.giants", "claim2.giants.no-gnome"), _in(v, Text.of(
        hu="{card} nem tiporható el: minden óriás csak egy, vele azonos értékű, az ellenfél előtt korábban "
           "kiterített gnómot tiporhat el.",
        en="{card} cannot be crushed: each Giant crushes at most one Gnome of its own value laid out "
           "earlier in front of the opponent.")).format(card=card.name))
