"""Trick-by-trick explanations for ``rules adjudicate --explain``: what an
action did (:func:`explain_step`) and what the engine then did by itself
because a rule forced it (:func:`forced_steps`, decision record 0011)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.claim.cards import Card, Faction
from rules.claim.kinds import Phase, Zone
from rules.claim.state import PHASE_ONE, Crush, Route, State, Take, TrickOutcome, opened_by
from rules.claim.tables import RANK, ZONE, PlayedZone, winning_position
from rules.claim.trick import DOPPELGANGER, GOBLIN, KNIGHT, NO_RANK, holds_faction
from rules.claim.variants import CLAIM_VARIANT, Variant
from rules.kernel.decisions import ForcedStep
from rules.kernel.registry import implements
from rules.kernel.text import Text

_ZONE = {
    Zone.FOLLOWERS: Text.of(cs="do balíčku následovníků hráče {seat}",
                            hu="a(z) {seat}. játékos követőpaklijába", en="to seat {seat}'s followers"),
    Zone.SCORE: Text.of(cs="na skórovací balíček hráče {seat}", hu="a(z) {seat}. játékos pontozópaklijába",
                        en="to seat {seat}'s score pile"),
    Zone.GNOMES: Text.of(hu="a(z) {seat}. játékos elé, kiterítve", en="laid out in front of seat {seat}"),
    Zone.TROLLS: Text.of(hu="a trollok közé (a győztes a legmagasabbat viszi, a többi vár)",
                         en="to the Troll pool (the winner takes the highest, the others wait)"),
    Zone.DISCARD: Text.of(cs="ze hry", hu="ki a játékból", en="out of the game"),
}


def _langs(state_or_variant: Any, text: Text) -> Text:
    langs = state_or_variant.languages
    return Text(tuple((lang, t) for lang, t in text.by_lang if lang in langs))


def _route_rules(variant: Variant, phase: int, faction: Faction) -> tuple[str, ...]:
    if phase == PHASE_ONE:
        if faction is Faction.UNDEAD:
            return ("claim.phase1.undead-to-score", "claim.undead")
        discard = variant.role("phase1.discard")
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
    both = variant.role("phase2.winner-takes-both")
    if faction is Faction.DOPPELGANGER:
        return (both, "claim.doppelgangers.no-power")
    return (both,)


@implements("claim.trick-winner", "claim.trick-winner.tie", "claim.phase2.winner")
def trick_winner_position(lead: Card, follow: Card) -> tuple[int, tuple[str, ...]]:
    """Which card takes a two-card trick (0 = lead, 1 = follow) and the rules that decide it."""
    led = lead.faction
    position = winning_position((lead, follow))
    rank = RANK[led]
    ranks = (rank[lead], rank[follow])
    if led == GOBLIN and follow.faction == KNIGHT:
        why: tuple[str, ...] = ("claim.knights",)
    elif ranks[1] == NO_RANK:
        why = ("claim.trick-winner.off-faction",)
    elif ranks[0] == ranks[1]:
        why = ("claim.trick-winner.tie",)
    elif follow.faction == DOPPELGANGER and led != DOPPELGANGER:
        why = ("claim.doppelgangers", "claim.trick-winner")
    else:
        why = ("claim.trick-winner",)
    return position, why


def played_routes(t: TrickOutcome, variant: Variant = CLAIM_VARIANT) -> tuple[Route, ...]:
    """Where the played cards of ``t`` went (and, with two players, the Gnomes
    the winner chose to crush with its Giants; with more the crush is a
    forced step, see :func:`forced_steps`)."""
    v = variant
    n = v.players
    where = {PlayedZone.WINNER_SCORE: (Zone.SCORE, t.winner),
             PlayedZone.DWARVES_TAKER: (Zone.SCORE, t.dwarves_taker),
             PlayedZone.LOSER: (Zone.SCORE, 1 - t.winner),
             PlayedZone.WINNER_GNOMES: (Zone.GNOMES, t.winner),
             PlayedZone.TROLL_POOL: (Zone.TROLLS, None),
             PlayedZone.DISCARD: (Zone.DISCARD, None)}
    out = []
    for c in t.cards:
        zone, seat = where[ZONE[n][t.phase][c.faction]]
        out.append(Route(c, zone, seat, _route_rules(v, t.phase, c.faction)))
    if n == 2:
        out.extend(Route(g, Zone.DISCARD, None, ("claim2.giants",)) for _, g in t.crushed)
    return tuple(out)


def multiplayer_winner_rules(t: TrickOutcome) -> tuple[str, ...]:
    """The rules that decide who takes a trick of three or four cards.

    A Knight taking led Goblins wins by its power (``claim.knights.multiplayer``);
    a Doppelganger taking a trick led with another faction wins because it
    counts as the lead faction (``claim.doppelgangers.multiplayer``); any other
    card as the highest of the lead faction (``claim.trick-winner``). When
    another card has the winner's rank, the tie went to the earlier card:
    the leader's card by the book (``claim.trick-winner.tie``), the earlier
    of two followers' by the library's ruling on ``claim2.trick-winner.tie``.
    """
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
    tied = [p for p, c in enumerate(t.cards) if rank[c] == rank[won]]
    if len(tied) > 1:
        # the leader's card among the equal best: the book's tie rule; two followers: the ruling
        why += ("claim.trick-winner.tie",) if tied[0] == 0 else ("ruling on claim2.trick-winner.tie",)
    return why


def explain_trick(t: TrickOutcome, variant: Variant = CLAIM_VARIANT) -> tuple[Text, ...]:
    """Who won trick ``t``, by which rules, and where every played card went."""
    v = variant
    n = len(t.cards)
    if n == 2:
        follower = 1 - t.leader
        won_by = t.lead if t.winner == t.leader else t.follow
        lost_by = t.follow if t.winner == t.leader else t.lead
        rules = ", ".join(trick_winner_position(t.lead, t.follow)[1])
        if v.rules.winner_rules and Faction.KNIGHT not in v.factions and Faction.DOPPELGANGER not in v.factions:
            rules = v.rules.winner_rules[rules]
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
    for r in played_routes(t, v):
        lines.append(_langs(v, _GOES.format(card=r.card.name, where=_ZONE[r.zone].format(seat=r.seat),
                                            rules=", ".join(r.rules))))
    return tuple(lines)


_GOES = Text.of(cs="  {card} jde {where} ({rules})", hu="  {card}: {where} ({rules})",
                en="  {card} goes {where} ({rules})")


def explain_follow(hand: tuple[Card, ...], lead: Card, card: Card, seat: int,
                   variant: Variant = CLAIM_VARIANT) -> Text:
    """Why a (legal) follow was allowed, citing the rule that allows it."""
    v = variant
    suit = v.role("follow-suit")
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


def _trick_done(before: State, action: Any, after: State) -> bool:
    """Did ``action`` complete a trick (its play resolved it with no choice
    left, or it made the trick's last choice)?"""
    if after.decisions or after.last_trick is None:
        return False
    return after.tricks_played > before.tricks_played or isinstance(action, (Take, Crush))


def explain_step(before: State, action: Any, after: State) -> tuple[Text, ...]:
    """What ``action`` did: a follow's justification, a choice, the trick it completed."""
    v = before.variant
    lines: list[Text] = []
    if isinstance(action, Take):
        got = Text.of(hu="a pakli felső lapját", en="the top card of the deck") if action.card is None else action.card.name
        decision = before.decision
        lines.append(_langs(v, Text.of(hu="  A(z) {s}. játékos elveszi: {c} ({r}).",
                                       en="  Seat {s} takes {c} ({r}).").format(
            s=action.seat, c=got, r=", ".join(opened_by(decision) if decision is not None else ()))))
    elif isinstance(action, Crush):
        crushed = " ".join(str(g) for g in action.gnomes) or "-"
        lines.append(_langs(v, Text.of(hu="  A(z) {s}. játékos eltiporja: {c} (claim2.giants).",
                                       en="  Seat {s} crushes {c} (claim2.giants).").format(s=action.seat, c=crushed)))
    elif before.table:
        lines.append(explain_follow(before.hands[action.seat], before.table[0], action.card, action.seat, v))
    if _trick_done(before, action, after):
        assert after.last_trick is not None
        lines.extend(explain_trick(after.last_trick, v))
    return tuple(lines)


def _step(v: Variant, rule: str, text: Text) -> ForcedStep:
    return ForcedStep(rule, _langs(v, text))


def _names(cards: Any) -> Text:
    """Card names joined with commas, in every language."""
    names = [c.name for c in cards]
    langs = ("cs", "hu", "en") if all("cs" in n.languages for n in names) else ("hu", "en")
    return Text(tuple((lang, ", ".join(n.get(lang) for n in names)) for lang in langs))


def _resolution_steps(before: State, after: State, t: TrickOutcome) -> list[ForcedStep]:
    """The forced steps of resolving trick ``t``: Giants crushing by
    themselves (three or four players) and Trolls collected from the pool."""
    v = before.variant
    steps: list[ForcedStep] = []
    if v.players > 2:
        for owner, gnome in t.crushed:
            steps.append(_step(v, "claim2.giants.multiplayer", Text.of(
                hu="  A kör óriásai eltiporják a(z) {s}. játékos gnómját ({g}): ki a játékból",
                en="  The trick's Giants crush seat {s}'s {g}: out of the game").format(s=owner, g=gnome.name)))
    if t.phase == Phase.TWO:
        pool = Counter(before.trolls) + Counter(c for c in t.cards if c.faction is Faction.TROLL)
        taken = sorted((pool - Counter(after.trolls)).elements(), key=lambda c: -c.value)
        last = not after.hands[0]
        for troll in taken:
            steps.append(_step(v, "claim2.trolls.last-trick" if last else "claim2.trolls", Text.of(
                hu="  {c}: a trollok közül a(z) {s}. játékos pontozópaklijába",
                en="  {c} goes from the Troll pool to seat {s}'s score pile").format(c=troll.name, s=t.winner)))
    return steps


def forced_steps(before: State, action: Any, after: State) -> tuple[ForcedStep, ...]:
    """What the engine did by itself after ``action``, each with the rule that forces it.

    - face-up and deck cards handed out without a choice: the winner of a
      two-player trick takes the face-up card (``claim.phase1.winner-takes-revealed``),
      the loser draws (``claim.phase1.loser-draws``), with three or four
      players the next in draw order takes the face-up card left and the
      rest draw (``claim-combined.phase1.next-takes-other``,
      ``claim-combined.phase1.others-draw``) — a chosen card is the action's
      own account (:func:`explain_step`);
    - with three or four players the Giants crush by themselves
      (``claim2.giants.multiplayer``);
    - the winner collects Trolls from the pool (``claim2.trolls``,
      ``claim2.trolls.last-trick``);
    - the next trick's face-up cards are revealed (``claim.phase1.reveal``,
      ``claim-combined.phase1.reveal-two``), phase one ends and the
      followers become the hands (``claim.phase2.take-followers``), the game
      ends and the laid-out Gnomes are scored (``claim2.gnomes.end``).
    """
    t = after.last_trick
    resolved = t is not None and after.tricks_played > before.tricks_played  # this action's play resolved t
    done = _trick_done(before, action, after)
    if t is None or not (resolved or done):
        return ()
    v = before.variant
    steps: list[ForcedStep] = []
    if resolved:
        steps.extend(_resolution_steps(before, after, t))
    if not done:
        return tuple(steps)
    same_trick = before.last_trick is not None and before.last_trick.number == t.number
    new = t.received[len(before.last_trick.received) if same_trick and before.last_trick else 0:]
    for seat, c, how in new:
        if how.chosen:
            continue
        rule, *also = v.rules.received[how]
        where = _ZONE[Zone.FOLLOWERS].format(seat=seat)
        text = Text.of(cs="  {card} jde {where}", hu="  {card}: {where}", en="  {card} goes {where}").format(
            card=c.name, where=where)
        if also:
            text = Text.of(cs="{t}; viz {also}", hu="{t}; lásd: {also}", en="{t}; see {also}").format(
                t=text, also=", ".join(also))
        steps.append(_step(v, rule, text))
    if after.phase == Phase.ONE and after.face_up and not after.table:
        steps.append(_step(v, v.role("phase1.reveal"), Text.of(
            cs="  Odhaluje se další karta: {c}", hu="  Felfordítják a következő kártyá(ka)t: {c}",
            en="  The next face-up card(s): {c}").format(c=_names(after.face_up))))
    if before.phase == Phase.ONE and after.phase == Phase.TWO:
        steps.append(_step(v, v.role("phase2.take-followers"), Text.of(
            cs="  Fáze první skončila: každý hráč bere do ruky své následovníky",
            hu="  Az első szakasz véget ért: mindenki kézbe veszi a követőit",
            en="  Phase one is over: every player takes their followers into hand")))
    if after.phase is Phase.OVER and before.phase is not Phase.OVER:
        for seat, (old, new_pile) in enumerate(zip(before.score, after.score)):
            gnomes = Counter(c for c in new_pile if c.faction is Faction.GNOME)
            gnomes.subtract(c for c in old if c.faction is Faction.GNOME)
            scored = sorted(gnomes.elements())
            if scored:
                steps.append(_step(v, "claim2.gnomes.end", Text.of(
                    hu="  A(z) {s}. játékos elé kiterített gnómok a pontozópaklijába kerülnek: {c}",
                    en="  The Gnomes laid out in front of seat {s} go to their score pile: {c}").format(
                    s=seat, c=_names(scored))))
    return tuple(steps)
