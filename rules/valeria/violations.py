"""Why an action is illegal in Valeria: one refusal per action kind, each naming the
rules it breaks, in Czech and English (decision 0023).

:func:`refusal` is the game's ``check``: ``None`` when the action is legal. It first
asks what every action needs (the game is not over, chance is not to move, the seat
decides now), then what the moment wants (a duke kept, a pending decision, a die change
or the announcement, a harvest item, one of the four actions), then the refusal of the
action's own kind. Every condition is a predicate the engine's enumeration
(:func:`rules.valeria.offers.legal_actions`) filters its candidates through as well: a
payment is decided by :func:`~rules.valeria.predicates.gold_payment_ok` and
:func:`~rules.valeria.predicates.slay_payment_ok`, the predicates :mod:`proofs.valeria.payment`
proves (when the predicate refuses, the message names the clause that fails: the sum, the
one real unit, what the seat holds), a target by :func:`~rules.valeria.variants.targetable`,
a die change by :func:`~rules.valeria.engine.die_change_possible`. So legality is stated
once, and "legal" means "no refusal" (tests/valeria/test_violations.py checks both ways).
An action that sets a field its kind does not carry (:data:`SHAPES`; a record cannot state
one) is refused by the moment's own rule.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from rules.kernel.decisions import Decision
from rules.kernel.text import Text
from rules.kernel.verdict import Violation
from rules.kernel.verdict import refuse as kernel_refuse
from rules.valeria import events
from rules.valeria.answers import answered_take, answers, decision_detail, offered, pending_takes
from rules.valeria.data import index
from rules.valeria.engine import die_change_possible
from rules.valeria.explain import card_name
from rules.valeria.harvest import HERALD, item_options
from rules.valeria.payments import build_price, price_of, roles_met
from rules.valeria.predicates import gold_payment_ok, slay_payment_ok
from rules.valeria.state import DICE, DRAW, DUKES, HARVEST, OVER, RESOURCES, ROLL, Action, ActionKind, Kind, Seat, State
from rules.valeria.variants import on_top


def refuse(rules: tuple[str, ...] | str, cs: str, en: str, **values: object) -> Violation:
    """A violation of ``rules`` (one ID or several), its message in Czech and English: the
    kernel's :func:`~rules.kernel.verdict.refuse` with Valeria's two languages spelled out. A
    value that is a card's or an area's ID is named in Czech by the Czech name (issue 18 §3); the
    English text keeps the ID the record wrote."""
    return kernel_refuse(rules, Text.of(cs=cs, en=en), **{k: _named(v) for k, v in values.items()})


def _named(value: object) -> object:
    """``value``, or for a card's or an area's ID its Czech name beside the ID in English."""
    if isinstance(value, str) and (czech := card_name(value, "cs")) != value:
        return Text.of(cs=czech, en=value)
    return value


#: The fields each action kind carries besides its kind and seat; any other field set makes the
#: action one the moment does not offer (a record cannot state it: the reader builds these shapes).
SHAPES: dict[ActionKind, frozenset[str]] = {
    Kind.KEEP: frozenset({"card"}),
    Kind.DIE: frozenset({"card", "target"}),
    Kind.ANNOUNCE: frozenset(),
    Kind.THIEF: frozenset({"option", "target"}),
    Kind.HARVEST: frozenset({"card", "option"}),
    Kind.RECRUIT: frozenset({"card", "pay"}),
    Kind.SLAY: frozenset({"card", "pay"}),
    Kind.BUILD: frozenset({"card", "pay"}),
    Kind.GAIN: frozenset({"card"}),
    Kind.CHOOSE: frozenset({"option"}),
    Kind.CITIZEN: frozenset({"card"}),
    Kind.TAKE: frozenset({"card", "target"}),  # card: the domain whose take it answers (may be "")
    Kind.EXCHANGE: frozenset({"option"}),
    Kind.RETURN: frozenset({"card"}),
    Kind.PURLOIN: frozenset({"target"}),
    Kind.DECLINE: frozenset({"card"}),  # card: the card whose power is declined ("": older records)
    Kind.TOKEN: frozenset({"card", "option"}),
}
_DEFAULTS = {f.name: f.default for f in attrs.fields(Action) if f.name not in ("kind", "seat")}


def stray(a: Action) -> bool:
    """Does ``a`` set a field its kind does not carry (:data:`SHAPES`)?"""
    shape = SHAPES.get(a.kind, frozenset())
    return any(getattr(a, name) != default for name, default in _DEFAULTS.items() if name not in shape)


# =========================================================================== the entry


_WAIT = ("valeria.turn.phases",)


def refusal(state: State, a: Action) -> Violation | None:
    """``None`` when ``a`` is legal in ``state``, else the first rule it breaks."""
    if a.kind in (Kind.ROLL, Kind.DRAW):
        return chance_refusal(state, a)
    if state.phase == OVER:
        return refuse("valeria.end.equal-turns", "hra skončila", "the game is over")
    if state.phase in (ROLL, DRAW):
        return refuse("valeria.roll.dice" if state.phase == ROLL else "valeria.cards.purloiners-perch",
                      "nyní rozhoduje náhoda (hod kostkami nebo tah karty)",
                      "chance decides now (a roll of the dice or a card drawn)")
    if not 0 <= a.seat < state.players:
        return refuse("valeria.setup.players", "hráč {s} ve hře není", "there is no seat {s} in this game", s=a.seat)
    if a.kind == Kind.TOKEN:
        return token_refusal(state, a)
    seats = deciders(state)
    if a.seat not in seats:
        return refuse(_WAIT if not state.pending else (state.pending[0].rule,),
                      "hráč {s} nyní nerozhoduje (rozhoduje {w})", "seat {s} does not decide now ({w} decide(s))",
                      s=a.seat, w=", ".join(map(str, seats)))
    if state.phase == DUKES:
        return keep_refusal(state, a)
    if state.pending:
        return decision_refusal(state, a, state.pending[0])
    if state.phase == DICE:
        return die_refusal(state, a) if a.kind == Kind.DIE else announce_refusal(state, a)
    if state.phase == HARVEST:
        return harvest_refusal(state, a)
    return main_action_refusal(state, a)


def deciders(state: State) -> tuple[int, ...]:
    """The seats that decide now: those keeping a duke, the seat of the pending decision,
    the seats with harvest items left, else the active seat."""
    if state.phase == DUKES:
        return tuple(i for i, s in enumerate(state.seats) if s.duke is None)
    if state.pending:
        return (state.pending[0].seat,)
    if state.phase == HARVEST:
        return tuple(i for i, items in enumerate(state.harvest) if items)
    return (state.active,)


def chance_refusal(state: State, a: Action) -> Violation | None:
    """A roll of two dice 1-6 at the Roll phase's chance node (valeria.roll.dice); a monster
    of the victim's Victory stack at Purloiner's Perch's draw (valeria.cards.purloiners-perch)."""
    if state.phase == ROLL and a.kind == Kind.ROLL and all(1 <= d <= 6 for d in a.dice):
        return None
    if state.phase == DRAW and a.kind == Kind.DRAW and a.card in state.seats[state.draw_from].monsters:
        return None
    return refuse("valeria.roll.dice", "tento výsledek náhody zde nemůže nastat", "this chance outcome cannot occur here")


# =========================================================================== before the first turn


def keep_refusal(state: State, a: Action) -> Violation | None:
    """Each seat keeps one of the two dukes it was dealt (valeria.setup.dukes)."""
    if a.kind == Kind.KEEP and not stray(a) and a.card in state.seats[a.seat].dealt:
        return None
    return refuse("valeria.setup.dukes", "hráč si ponechá jednoho ze dvou rozdaných vévodů",
                  "a seat keeps one of the two dukes it was dealt")


# =========================================================================== the Roll phase


def die_refusal(state: State, a: Action) -> Violation | None:
    """A die-changing domain of the active seat, once per Roll phase, affordable, on a die
    that can take its value (:func:`~rules.valeria.engine.die_change_possible`)."""
    if not stray(a) and die_change_possible(state, a.card, a.target):
        return None
    return refuse(("valeria.roll.domains", "valeria.roll.once-per-card"),
                  "toto panství nyní nemůže změnit tuto kostku (není tvé, bylo již použito, "
                  "nemáš na zaplacení nebo kostka nemůže tuto hodnotu získat)",
                  "this domain cannot change this die now (not yours, used already, not "
                  "affordable or the die cannot take that value)")


def announce_refusal(state: State, a: Action) -> Violation | None:
    """The active seat ends the Roll phase by announcing the dice (valeria.roll.announce)."""
    if a.kind == Kind.ANNOUNCE and not stray(a):
        return None
    return refuse("valeria.roll.announce", "ve fázi házení můžeš jen měnit kostky svými panstvími nebo oznámit "
                  "výsledek", "in the Roll phase you may only change dice with your domains or announce them")


def token_refusal(state: State, a: Action) -> Violation | None:
    """The token of a triggered Monster Event, placed by the seat whose decision it is on a
    face-up top monster or another event (ruling O12); events are carried out left to right;
    an event triggers once on the announced dice, even on doubles (valeria.variants.events.trigger)."""
    pending = state.pending[0] if state.pending else None
    if (pending is not None and pending.kind == events.TOKEN_DECISION and decision_detail(pending)[0] == a.option
            and a.seat == pending.seat):
        if not stray(a) and a.card in events.token_targets(state, a.option):
            return None
        return refuse(("valeria.variants.events.cost-tokens", "valeria.variants.events.instructions"),
                      "žeton události {e} patří na nestvůru lícem nahoru navrchu balíčku nebo na jinou událost "
                      "v centru, ne na {c} (výklad O12)",
                      "the token of {e} goes on a face-up top monster or another event in the center, not on {c} "
                      "(ruling O12)", e=a.option, c=a.card)
    if any(d.kind == events.TOKEN_DECISION and decision_detail(d)[0] == a.option for d in state.pending):
        assert pending is not None
        return refuse("valeria.variants.events.instructions",
                      "pokyny aktivovaných událostí se provádějí zleva doprava: nejprve žeton události {f}",
                      "the triggered events' instructions are carried out left to right: first the token of {f}",
                      f=decision_detail(pending)[0] if pending.kind == events.TOKEN_DECISION else pending.kind)
    if not events.is_event(a.option):
        return refuse("valeria.variants.events.instructions", "{e} není karta nepřátelské události",
                      "{e} is not a Monster Event card", e=a.option)
    if state.events is None or a.option not in state.events.placed:
        return refuse(("valeria.variants.events.trigger", "valeria.variants.events.revealed"),
                      "událost {e} neleží lícem nahoru v centru, a proto se neaktivuje",
                      "the event {e} does not lie face up in the center, so it does not trigger", e=a.option)
    a_, b_ = state.dice
    ev = index().events[a.option]
    if state.phase in (ROLL, DICE) or not events.event_triggers(a_, b_, ev.trigger):
        return refuse("valeria.variants.events.trigger",
                      "událost {c} (číslo {n}) se nyní neaktivuje: oznámené kostky {d} její číslo neukazují ani "
                      "na jedné kostce, ani v součtu", "the event {e} (number {n}) does not trigger now: the announced "
                      "dice {d} show its number neither on a die nor as the sum",
                      c=ev.name.get("cs"), e=ev.name.get("en"), n=ev.trigger, d=[a_, b_])
    # It lies face up, triggered on these dice and no token of it is pending: carried out already.
    return refuse("valeria.variants.events.trigger",
                  "událost {c} (číslo {n}) se na kostkách {d} aktivuje jen jednou, i když padne dvojice, a její "
                  "pokyn (jeden žeton) je již proveden: druhý žeton nepřísluší",
                  "the event {e} (number {n}) triggers only once on the dice {d}, even on doubles, and its "
                  "instruction (one token) is carried out already: no second token is due",
                  c=ev.name.get("cs"), e=ev.name.get("en"), n=ev.trigger, d=[a_, b_])


# =========================================================================== the Harvest phase


def harvest_refusal(state: State, a: Action) -> Violation | None:
    """A harvest item of the seat: an activated card not resolved yet, with one of its
    options (:func:`~rules.valeria.harvest.item_options`: a branch, use if affordable, decline)."""
    items = state.harvest[a.seat]
    if a.kind != Kind.HARVEST:
        rules: tuple[str, ...] = ("valeria.harvest.any-order",)
        if any(it.card == HERALD for it in items):
            rules += ("valeria.herald.doubles",) if state.dice[0] == state.dice[1] else ("valeria.herald.no-citizen",)
        return refuse(rules, "ve fázi příjmu se nejprve vyhodnotí aktivované karty (i Herold): {w}",
                      "the Harvest phase first resolves the activated cards (the Herald too): {w}",
                      w=", ".join(f"{it.card} x{it.count}" for it in items))
    if not any(it.card == a.card for it in items):
        return refuse("valeria.harvest.everyone", "karta {c} nebyla aktivována nebo je již vyhodnocena",
                      "card {c} was not activated or is resolved already", c=a.card)
    if not stray(a) and any(it.card == a.card and a.option in item_options(state, a.seat, it) for it in items):
        return None
    return refuse(("valeria.harvest.track", "valeria.symbols.pay"),
                  "tuto možnost nelze zvolit (nemáš čím zaplatit nebo taková možnost není)",
                  "this option cannot be taken (nothing to pay with, or no such option)")


# =========================================================================== decisions an action opened


def decision_refusal(state: State, a: Action, d: Decision) -> Violation | None:
    """The answer to the pending decision ``d`` (its rule named): the action kind that answers
    it, and one of the options the moment offers (:func:`~rules.valeria.answers.offered`, the
    predicate the enumeration filters its candidates through)."""
    if a.kind not in answers(d):
        return refuse((d.rule,), "nejprve je třeba rozhodnout: {k} ({r})", "first decide: {k} ({r})",
                      k=d.kind, r=d.rule)
    if a.kind == Kind.TAKE and d.kind == "take":  # the takes on top: the owner chooses which it answers
        answered = answered_take(state, a)
        if answered is None:
            return refuse(("valeria.domains.trigger-order", "valeria.symbols.take-from"),
                          "{c} nyní nic nebere (čeká braní: {p})", "{e} takes nothing now (pending takes: {f})",
                          c=card_name(a.card, "cs"), e=card_name(a.card, "en"),
                          p=", ".join(card_name(decision_detail(t)[0], "cs") for t in pending_takes(state)),
                          f=", ".join(card_name(decision_detail(t)[0], "en") for t in pending_takes(state)))
        d = state.pending[answered]
    if a.kind == Kind.SLAY:  # Sage's Tower: an extra slay (valeria.domains.extra-action)
        return (refuse((d.rule,), "tato volba zde není možná", "this choice is not available here") if stray(a)
                else slay_refusal(state, a))
    if not stray(a) and offered(state, a, d):
        return None
    if a.kind == Kind.RETURN and d.kind == "watcher" and state.events is not None and events.is_event(a.card):
        return refuse(("valeria.cards.watcher-on-the-water", "valeria.variants.events.replace"),
                      "zabitá nepřátelská událost nemá původní místo v centru: vrátit ji nelze (výklad O17)",
                      "a slain Monster Event has no original place in the center: it cannot be returned "
                      "(ruling O17)")
    if (a.kind in (Kind.THIEF, Kind.TAKE, Kind.PURLOIN) and state.resting is not None
            and a.target == state.resting):
        return refuse("valeria.variants.five-players.resting-immune",
                      "odpočívající hráč {v} nemůže být cílem negativních efektů",
                      "the resting seat {v} cannot be the target of negative effects", v=a.target)
    return refuse((d.rule,), "tato volba zde není možná", "this choice is not available here")


# =========================================================================== the Action phase


def main_action_refusal(state: State, a: Action) -> Violation | None:
    """One of the four actions of the Action phase (valeria.actions.two)."""
    refusal_of = _MAIN.get(a.kind)
    if refusal_of is None or stray(a):
        return refuse("valeria.actions.two", "ve fázi akcí je na řadě jedna ze čtyř akcí",
                      "the Action phase wants one of the four actions")
    return refusal_of(state, a)


def gain_refusal(state: State, a: Action) -> Violation | None:
    """1 gold, 1 strength or 1 magic (valeria.gain.resource); a gain names no payment."""
    if a.card in RESOURCES:
        return None
    return refuse("valeria.gain.resource", "získat lze 1 zlaťák, 1 sílu nebo 1 magii",
                  "the action gains 1 gold, 1 strength or 1 magic")


def recruit_refusal(state: State, a: Action) -> Violation | None:
    """A citizen on top of a center stack, paid its price (base + copies owned,
    valeria.recruit.cost-per-copy) in gold, magic replacing gold but one real gold at least
    (:func:`~rules.valeria.predicates.gold_payment_ok`)."""
    if a.card not in state.citizen_kinds:
        return refuse("valeria.recruit.choose", "obyvatel {c} není v žádném centrálním balíčku",
                      "citizen {c} lies in no center stack", c=a.card)
    if a.pay.strength:
        return refuse(("valeria.recruit.magic", "valeria.resources.magic-substitute"),
                      "obyvatel se platí zlaťáky (magie je smí nahradit), silou ne: nabídnuto {x} síly",
                      "a citizen is paid in gold (magic may replace it), never in strength: {x} strength offered",
                      x=a.pay.strength)
    i = state.citizen_kinds.index(a.card)
    if not on_top(state, i):
        if state.citizen_stacks and state.citizen_counts[i]:
            return refuse(("valeria.recruit.choose", "valeria.variants.random-citizens.hidden"),
                          "obyvatel {c} není navrchu žádného balíčku", "no {c} lies on top of a stack", c=a.card)
        return refuse(("valeria.recruit.choose", "valeria.exhausted.replace"),
                      "balíček obyvatel {c} je vyčerpaný", "the {c} stack is exhausted", c=a.card)
    price = price_of(state, state.active, i)
    s = state.seat
    if gold_payment_ok(price, a.pay.gold, a.pay.magic, s.gold, s.magic):
        return None
    if a.pay.gold + a.pay.magic != price:
        base = index().citizens[a.card].cost
        return refuse("valeria.recruit.cost-per-copy",
                      "cena je {p} (základ {b} + {o} za vlastněné kopie stejného jména), zaplaceno {x}",
                      "the price is {p} (base {b} + {o} for the copies of that name owned), paid {x}",
                      p=price, b=base, o=price - base, x=a.pay.gold + a.pay.magic)
    return gold_shortfall("valeria.recruit.magic", a, s)


def slay_refusal(state: State, a: Action) -> Violation | None:
    """A face-up monster (the top of an area's stack, or a Monster Event in the center), paid
    its strength and its magic, magic replacing strength but one real strength at least, its
    cost raised by the tokens on it (:func:`~rules.valeria.predicates.slay_payment_ok`,
    valeria.variants.events.cost-tokens)."""
    if state.events is not None and events.is_event(a.card):
        if a.card not in state.events.placed:
            return refuse(("valeria.slay.choose", "valeria.variants.events.revealed"),
                          "nepřátelská událost {c} neleží lícem nahoru v centru",
                          "the Monster Event {c} does not lie face up in the center", c=a.card)
    elif a.card not in state.areas:
        return refuse("valeria.slay.choose", "nestvůry oblasti {c} nejsou v žádném centrálním balíčku",
                      "no center stack holds the monsters of {c}", c=a.card)
    elif not state.monsters[state.areas.index(a.card)]:
        return refuse(("valeria.slay.choose", "valeria.exhausted.replace"),
                      "balíček nestvůr {c} je vyčerpaný", "the {c} monster stack is exhausted", c=a.card)
    m = index().monsters[a.card if a.card not in state.areas else state.monsters[state.areas.index(a.card)][0]]
    name = Text.of(cs=m.name.get("cs"), en=m.name.en)  # the Czech book's name where it gives one
    strength_cost, magic_cost = events.slay_cost(state, a.card)
    s = state.seats[a.seat]
    if a.pay.gold:
        return refuse(("valeria.slay.magic-cost", "valeria.slay.pay-strength"),
                      "{n} se platí {s} síly a {g} magie; zlaťáky nestvůry neplatí, ani její magii: nabídnuto {x} "
                      "zlaťáků", "{n} is paid with {s} strength and {g} magic; gold pays no part of a monster, "
                      "not its magic either: {x} gold offered", n=name, s=strength_cost, g=magic_cost, x=a.pay.gold)
    if slay_payment_ok(strength_cost, magic_cost, a.pay.strength, a.pay.magic, s.strength, s.magic):
        return None
    if a.pay.strength < 1:
        return refuse(("valeria.slay.pay-strength", "valeria.resources.magic-substitute"),
                      "magie nahrazuje sílu, ale aspoň jedna síla musí být zaplacena",
                      "magic replaces strength, but at least one real strength must be paid")
    if a.pay.magic < magic_cost or a.pay.strength + a.pay.magic != strength_cost + magic_cost:
        return refuse(("valeria.slay.pay-strength", "valeria.slay.magic-cost"),
                      "{n} stojí {s} síly a {g} magie navíc (magie smí nahradit sílu): zaplaceno {x} síly a {y} magie",
                      "{n} costs {s} strength plus {g} magic (magic may replace strength): paid {x} strength "
                      "and {y} magic", n=name, s=strength_cost, g=magic_cost, x=a.pay.strength, y=a.pay.magic)
    return refuse(("valeria.harvest.track", "valeria.slay.pay-strength"),
                  "nemáš dost: máš {s} síly a {m} magie", "not enough: you have {s} strength and {m} magic",
                  s=s.strength, m=s.magic)


def build_refusal(state: State, a: Action) -> Violation | None:
    """The face-up top of a domain stack, its role icons met by the duchy's citizens
    (valeria.build.requirements), paid its price in gold, magic replacing gold but one real
    gold at least (:func:`~rules.valeria.predicates.gold_payment_ok`)."""
    if not any(st and st[0] == a.card for st in state.domains):
        return refuse("valeria.build.choose", "panství {c} neleží lícem nahoru na vrchu balíčku panství",
                      "domain {c} is not face up on top of a domain stack", c=a.card)
    if not roles_met(state, state.active, a.card):
        roles = index().domains[a.card].roles
        need = Text.of(cs=", ".join(index().cards.role(r).name.get("cs") for r in roles), en=", ".join(roles))
        return refuse(("valeria.build.requirements", "valeria.citizens.role-uses"),
                      "panství {c} vyžaduje obyvatele se stavovskými symboly {n} (základní karty a panství se "
                      "nepočítají)", "domain {c} needs citizens with the role icons {n} (starters and domains do "
                      "not count)", c=a.card, n=need)
    price = build_price(state, state.active, a.card)
    s = state.seat
    if a.pay.strength:
        return refuse(("valeria.build.cost", "valeria.resources.magic-substitute"),
                      "panství se platí zlaťáky (magie je smí nahradit), silou ne: nabídnuto {x} síly",
                      "a domain is paid in gold (magic may replace it), never in strength: {x} strength offered",
                      x=a.pay.strength)
    if gold_payment_ok(price, a.pay.gold, a.pay.magic, s.gold, s.magic):
        return None
    if a.pay.gold + a.pay.magic != price:
        return refuse("valeria.build.cost", "cena je {p}, zaplaceno {x}", "the price is {p}, paid {x}",
                      p=price, x=a.pay.gold + a.pay.magic)
    return gold_shortfall("valeria.build.cost", a, s)


def gold_shortfall(rule: str, a: Action, seat: Seat) -> Violation:
    """Why a gold payment of the right sum is refused (``rule``: the cost's own rule): no real
    gold in it (magic replaces gold, but one gold at least), else more than ``seat`` holds."""
    if a.pay.gold < 1:
        return refuse((rule, "valeria.resources.magic-substitute"),
                      "magie nahrazuje zlaťáky, ale aspoň jeden zlaťák je třeba zaplatit",
                      "magic replaces gold, but at least one real gold must be paid")
    return refuse(("valeria.harvest.track", rule),
                  "nemáš dost: máš {g} zlaťáků a {m} magie", "not enough: you have {g} gold and {m} magic",
                  g=seat.gold, m=seat.magic)


_MAIN: dict[ActionKind, Callable[[State, Action], Violation | None]] = {
    Kind.RECRUIT: recruit_refusal, Kind.SLAY: slay_refusal, Kind.BUILD: build_refusal,
    Kind.GAIN: gain_refusal}
