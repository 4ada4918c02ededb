"""Trick-by-trick explanations for ``rules adjudicate --explain``."""

from __future__ import annotations

from typing import Any

from rules.claim.cards import Card, Faction
from rules.claim.state import PHASE_ONE, Crush, Route, State, Take, TrickOutcome
from rules.claim.trick import holds_faction
from rules.kernel.text import Text

_ZONE = {
    "followers": Text.of(cs="do balíčku následovníků hráče {seat}", hu="a(z) {seat}. játékos követőpaklijába",
                         en="to seat {seat}'s followers"),
    "score": Text.of(cs="na skórovací balíček hráče {seat}", hu="a(z) {seat}. játékos pontozópaklijába",
                     en="to seat {seat}'s score pile"),
    "gnomes": Text.of(hu="a(z) {seat}. játékos elé, kiterítve", en="laid out in front of seat {seat}"),
    "trolls": Text.of(hu="a trollok közé (a győztes a legmagasabbat viszi, a többi vár)",
                      en="to the Troll pool (the winner takes the highest, the others wait)"),
    "discard": Text.of(cs="ze hry", hu="ki a játékból", en="out of the game"),
}


def _langs(state_or_variant: Any, text: Text) -> Text:
    langs = state_or_variant.languages
    return Text(tuple((lang, t) for lang, t in text.by_lang if lang in langs))


def _route_rules(variant: Any, phase: int, faction: Faction) -> tuple[str, ...]:
    claim = variant.key == "claim"
    if phase == PHASE_ONE:
        if faction is Faction.UNDEAD:
            return ("claim.phase1.undead-to-score", "claim.undead")
        discard = "claim.phase1.discard" if claim else "claim2.phase1.discard"
        if faction is Faction.DOPPELGANGER:
            return (discard, "claim.doppelgangers.no-power")
        return (discard,)
    if faction is Faction.DWARF:
        return ("claim.dwarves",) if variant.players == 2 else ("claim.dwarves.multiplayer",
                                                                 "claim.dwarves.multiplayer.tie")
    if faction is Faction.GNOME:
        return ("claim2.gnomes",)
    if faction is Faction.TROLL:
        return ("claim2.trolls",)
    both = ("claim.phase2.winner-takes-both" if claim else "claim2.phase2.winner-takes-both"
            if variant.players == 2 else "claim-combined.phase2.winner-takes-all")
    if faction is Faction.DOPPELGANGER:
        return (both, "claim.doppelgangers.no-power")
    return (both,)


#: Claim 2 states the trick-winner rules in its own words (no Knights, no Doppelgangers).
_CLAIM2_WINNER_RULES = {
    "claim.trick-winner": "claim2.trick-winner",
    "claim.trick-winner.tie": "claim2.trick-winner.tie",
    "claim.trick-winner.off-faction": "claim2.trick-winner, claim2.follow-suit",
}


def played_routes(t: TrickOutcome, variant: Any = None) -> tuple[Route, ...]:
    """Where the played cards of ``t`` went (and the Gnomes its Giants crushed)."""
    from rules.claim.tables import ZONE as ZONES
    from rules.claim.variant import CLAIM_VARIANT

    v = variant if variant is not None else CLAIM_VARIANT
    n = v.players
    where = {1: ("score", t.winner), 2: ("score", t.dwarves_taker), 3: ("score", 1 - t.winner),
             4: ("gnomes", t.winner), 5: ("trolls", None), 6: ("discard", None)}
    out = []
    for c in t.cards:
        zone, seat = where[ZONES[n][t.phase][c.faction]]
        out.append(Route(c, zone, seat, _route_rules(v, t.phase, c.faction)))
    crush_rules = ("claim2.giants",) if n == 2 else ("claim2.giants.multiplayer", "claim2.giants.multiplayer.not-own-team")
    out.extend(Route(g, "discard", None, crush_rules) for _, g in t.crushed)
    return tuple(out)


def multiplayer_winner_rules(t: TrickOutcome) -> tuple[str, ...]:
    """The rules that decide who takes a trick of three or four cards.

    A Knight taking led Goblins wins by its power (``claim.knights.multiplayer``);
    a Doppelganger taking a trick led with another faction wins because it
    counts as the lead faction (``claim.doppelgangers.multiplayer``); any other
    card as the highest of the lead faction (``claim.trick-winner``). When
    another card has the winner's rank, the tie went to the earlier card
    (``claim.trick-winner.tie``).
    """
    from rules.claim.tables import RANK

    n = len(t.cards)
    won = t.cards[(t.winner - t.leader) % n]
    led = t.lead.faction
    rank = RANK[led]
    why: tuple[str, ...] = ("claim-combined.play-order",)
    if won.faction is Faction.KNIGHT and led is Faction.GOBLIN:
        why += ("claim.knights.multiplayer",)
    elif won.faction is Faction.DOPPELGANGER and led is not Faction.DOPPELGANGER:
        why += ("claim.doppelgangers.multiplayer", "claim.trick-winner")
    else:
        why += ("claim.trick-winner",)
    if sum(rank[c] == rank[won] for c in t.cards) > 1:
        why += ("claim.trick-winner.tie",)
    return why


def explain_trick(t: TrickOutcome, variant: Any = None) -> tuple[Text, ...]:
    """Who won trick ``t``, by which rules, and where every card went."""
    from rules.claim.game import trick_winner_position
    from rules.claim.variant import CLAIM_VARIANT

    v = variant if variant is not None else CLAIM_VARIANT
    n = len(t.cards)
    if n == 2:
        follower = 1 - t.leader
        won_by = t.lead if t.winner == t.leader else t.follow
        lost_by = t.follow if t.winner == t.leader else t.lead
        rules = ", ".join(trick_winner_position(t.lead, t.follow)[1])
        if v.key != "claim" and Faction.KNIGHT not in v.factions and Faction.DOPPELGANGER not in v.factions:
            rules = _CLAIM2_WINNER_RULES[rules]
        head = Text.of(
            cs="Štych {n} (fáze {phase}): hráč {l} vynáší {lead}, hráč {f} hraje {follow}. "
               "{won} poráží {lost}: {rules}. Štych bere hráč {w}.",
            hu="{n}. kör ({phase}. szakasz): a(z) {l}. játékos kijátssza: {lead}, a(z) {f}. játékos: {follow}. "
               "{won} üti ezt: {lost}: {rules}. A kört a(z) {w}. játékos nyeri.",
            en="Trick {n} (phase {phase}): seat {l} leads {lead}, seat {f} plays {follow}. "
               "{won} beats {lost}: {rules}. Seat {w} takes the trick.",
        ).format(n=t.number, phase=t.phase, l=t.leader, f=follower, lead=t.lead.name, follow=t.follow.name,
                 won=won_by.name, lost=lost_by.name, rules=rules, w=t.winner)
    else:
        played = ", ".join(f"{(t.leader + p) % n}: {c}" for p, c in enumerate(t.cards))
        head = Text.of(hu="{n}. kör ({phase}. szakasz): {played}. A kört a(z) {w}. játékos nyeri ({rules}).",
                       en="Trick {n} (phase {phase}): {played}. Seat {w} takes the trick ({rules}).").format(
            n=t.number, phase=t.phase, played=played, w=t.winner, rules=", ".join(multiplayer_winner_rules(t)))
    lines = [_langs(v, head)]
    if t.next_leader != t.winner:
        lines.append(_langs(v, Text.of(hu="  A következő kört a(z) {s}. játékos kezdi: ő játszott ki utoljára "
                                          "sárkányt (claim2.dragons).",
                                       en="  Seat {s} leads the next trick: they played the latest Dragon "
                                          "(claim2.dragons).").format(s=t.next_leader)))
    from rules.claim.phase_one import received_routes

    routes = received_routes(t, v) + played_routes(t, v)
    for r in routes:
        where = _ZONE[r.zone].format(seat=r.seat)
        lines.append(_langs(v, Text.of(cs="  {card} jde {where} ({rules})", hu="  {card}: {where} ({rules})",
                                       en="  {card} goes {where} ({rules})").format(
            card=r.card.name, where=where, rules=", ".join(r.rules))))
    return tuple(lines)


def explain_follow(hand: tuple[Card, ...], lead: Card, card: Card, seat: int, variant: Any = None) -> Text:
    """Why a (legal) follow was allowed, citing the rule that allows it."""
    from rules.claim.variant import CLAIM_VARIANT

    v = variant if variant is not None else CLAIM_VARIANT
    suit = "claim.follow-suit" if v.key == "claim" else (
        "claim2.follow-suit" if v.key == "claim2" else "claim-combined.follow-suit")
    led = lead.faction
    holds = holds_faction([c.faction for c in hand], led)
    if card.faction is led:
        text = Text.of(cs="  Hráč {s} ctí barvu kartou {c} ({r}).", hu="  A(z) {s}. játékos követi a frakciót: {c} ({r}).",
                       en="  Seat {s} follows {g} with {c} ({r}).")
    elif card.faction is Faction.DOPPELGANGER:
        if holds:
            text = Text.of(
                cs="  Hráč {s} má v ruce {g}, ale smí zahrát měňavce {c}: měňavci jsou žolíkoví (claim.doppelgangers).",
                hu="  A(z) {s}. játékos hasonmást játszik ki: {c} (claim.doppelgangers).",
                en="  Seat {s} holds {g} but may play {c}: Doppelgangers are wild (claim.doppelgangers).")
        else:
            text = Text.of(cs="  Hráč {s} hraje měňavce {c}; počítá se, jako by ctil barvu (claim.doppelgangers).",
                           hu="  A(z) {s}. játékos hasonmást játszik ki: {c} (claim.doppelgangers).",
                           en="  Seat {s} plays {c}, which counts as following suit (claim.doppelgangers).")
    else:
        text = Text.of(cs="  Hráč {s} nemá žádnou kartu {g}, smí zahrát cokoli: {c} ({r}).",
                       hu="  A(z) {s}. játékosnak nincs a vezető frakcióból, bármit kijátszhat: {c} ({r}).",
                       en="  Seat {s} holds no {g}, so may play any card: {c} ({r}).")
    return _langs(v, text.format(s=seat, c=card.name, g=led.genitive, r=suit))


def explain_step(before: State, action: Any, after: State) -> tuple[Text, ...]:
    """What ``action`` did: a follow's justification, a resolved trick, a choice."""
    v = before.variant
    lines: list[Text] = []
    if isinstance(action, Take):
        got = Text.of(hu="a pakli felső lapját", en="the top card of the deck") if action.card is None else action.card.name
        lines.append(_langs(v, Text.of(hu="  A(z) {s}. játékos elveszi: {c} ({r}).",
                                       en="  Seat {s} takes {c} ({r}).").format(
            s=action.seat, c=got, r=", ".join(before.pending.rules if before.pending else ()))))
    elif isinstance(action, Crush):
        crushed = " ".join(str(g) for g in action.gnomes) or "-"
        lines.append(_langs(v, Text.of(hu="  A(z) {s}. játékos eltiporja: {c} (claim2.giants).",
                                       en="  Seat {s} crushes {c} (claim2.giants).").format(s=action.seat, c=crushed)))
    elif before.table:
        lines.append(explain_follow(before.hands[action.seat], before.table[0], action.card, action.seat, v))
    if after.tricks_played > before.tricks_played and after.last_trick is not None and after.pending is None or isinstance(action, (Take, Crush)) and after.pending is None and after.last_trick is not None:
        lines.extend(explain_trick(after.last_trick, v))
    return tuple(lines)
