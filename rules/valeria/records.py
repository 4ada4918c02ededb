"""Valeria setups and actions as record JSON, and the random setup.

Setup (``"variant": {"players": 2..5}``, decision 0018; with 5 players each domain stack holds 4)::

    {"monsters": ["hills", "ruins", "forest", "valley", "mountains"],   # areas, left to right
     "citizens": ["cleric", "merchant", "mercenary", "archer", "peasant",
                  "knight", "rogue", "champion", "paladin", "butcher"],  # stacks 1..8, 9/10, 11/12
     "domains": [["palace-of-the-dawn", "...", "..."], ... 5 stacks],    # face-up top first
     "dukes": [["simon-the-unclean", "node-master-of-swords"], ...],    # two dealt per seat
     "first": 0,
     "events": ["bat-swarm", "mimic", "sorcerer"]}                      # Monster Events only: one per
                                                  # player, face down on top of the Exhausted stack, top first

The solo game (``{"players": 1, "difficulty": "normal"}``, decision 0021) deals two dukes to
seat 0 and names the Dark Lord's face-down duke: ``"dark_lord": "duke-id"``.

Actions::

    {"chance": "roll", "dice": [3, 5]}            the roll (36 ordered outcomes, 1/36 each)
    {"chance": "draw", "monster": "goblin"}       Purloiner's Perch draws from a Victory stack
    {"seat": 0, "keep": "simon-the-unclean"}      keep one of the two dealt dukes
    {"seat": 0, "die": "palace-of-the-dawn", "which": 1}   a die-changing domain on die 0 or 1
    {"seat": 0, "announce": true}                 end the Roll phase
    {"seat": 0, "thief": "gold", "from": 1}       the active Thief takes 3 gold (or "magic") from seat 1
    {"seat": 1, "harvest": "merchant", "choose": "gold"}   a harvest choice (the Herald too)
    {"seat": 1, "harvest": "monk", "use": true}   an optional harvest exchange, used or declined
    {"seat": 0, "recruit": "peasant", "pay": {"gold": 2, "magic": 1}}
    {"seat": 0, "slay": "hills", "pay": {"strength": 2, "magic": 1}}   the top monster of an area's stack
                                                  (a payment may name the resource its cost does not take,
                                                  gold for a monster, strength for a citizen or domain:
                                                  never legal, judged by the payment rules)
    {"seat": 0, "build": "halfpenny-hill", "pay": {"gold": 6}}
    {"seat": 0, "gain": "magic"}
    {"seat": 0, "choose": "citizen"}              a reward branch
    {"seat": 0, "citizen": "knight"}              the citizen a reward gains
    {"seat": 0, "take_from": 1}                   the opponent a "take" effect takes from
    {"seat": 0, "take_from": 1, "domain": "the-orb-of-urdr"}   with several takes pending (Cathedral of
                                                  St Aquila and The Orb of Urdr), the domain whose take it
                                                  answers: the owner chooses the order (without "domain",
                                                  as records before it: the take of the domain built first)
    {"seat": 0, "exchange": true}                 an optional exchange (Golden Obelisk of Nae)
    {"seat": 0, "return": "goblin"}               Watcher on the Water / Nest of the Weaver Witch
    {"seat": 0, "purloin_from": 1}                Purloiner's Perch
    {"seat": 0, "decline": "watcher-on-the-water"}   pass on the optional power of a card: a domain (Eye of
                                                  Asteraten's extra slay, Watcher on the Water, Nest of the
                                                  Weaver Witch) or the reward whose citizens ran out (ruling O24);
                                                  records before decision 0033 write "decline": true
    {"seat": 0, "thief": "gold"}                  solo: the Thief simply takes the reward
    {"seat": 0, "purloin": true}                  solo: Purloiner's Perch takes the leftmost top monster
    {"seat": 0, "activate": "forest"}             solo: the monster stack a 6 activates
    {"seat": 0, "capture": "cleric"}              solo: the citizen stack the Dark Lord captures from
    {"seat": 0, "event": "bat-swarm", "token_on": "hills"}   Monster Events: where a triggered event's
                                                  token goes (an area's top monster or another event)
    {"seat": 0, "slay": "mimic", "pay": {...}}    Monster Events: slay an event lying in the center
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, TypeGuard

from rules.kernel.registry import implements
from rules.kernel.verdict import MalformedError
from rules.valeria.data import ACTIVATION_STACKS, index
from rules.valeria.events import deal_events
from rules.valeria.state import (
    RESOURCES,
    Action,
    ActionKind,
    MonsterEventsDeal,
    Payment,
    RandomCitizensDeal,
    Setup,
    SoloDeal,
)
from rules.valeria.variants import PLAYERS as PLAYERS  # re-exported: the player counts (decision 0018)
from rules.valeria.variants import (
    SOLO,
    Options,
    all_kinds,
    citizen_stack_size,
    deal_dark_lord,
    domains_per_stack,
    options_of,
    random_citizen_stacks,
)
from rules.valeria.variants import players_of as players_of

MONSTER_STACKS = 5
DOMAIN_STACKS = 5
DUKES_DEALT = 2


def _top_strength(area: str) -> int:
    ix = index()
    return ix.monsters[ix.area_stacks[area][0]].strength


@implements("valeria.setup.monster-row", "valeria.setup.monster-stacks-order", "valeria.setup.citizen-rows",
            "valeria.setup.domain-row", "valeria.setup.dukes", "valeria.setup.first-player")
def setup_from_json(data: Any, variant: Any = None) -> Setup:
    """Validate a setup: five different areas ordered by the strength of their top
    monsters, one citizen kind per activation stack, five domain stacks of three
    different domains, two different dukes per seat, a first player."""
    ix = index()
    if not isinstance(data, Mapping):
        raise MalformedError("'setup' must be an object with monsters, citizens, domains, dukes and first")
    extra = sorted(set(data) - {"monsters", "citizens", "domains", "dukes", "first", "dark_lord", "events"})
    if extra:
        raise MalformedError(f"setup: unknown field(s) {', '.join(extra)}")
    areas = data.get("monsters")
    if (not isinstance(areas, list) or len(areas) != MONSTER_STACKS or any(not _in(a, ix.areas) for a in areas)
            or len(set(areas)) != MONSTER_STACKS):
        raise MalformedError(f"setup.monsters must name {MONSTER_STACKS} different areas ({', '.join(ix.areas)}), "
                             f"left to right (valeria.setup.monster-row), not {areas!r}")
    strengths = [_top_strength(a) for a in areas]
    if strengths != sorted(strengths):
        raise MalformedError(f"setup.monsters: the stacks lie left to right by the strength of their top monster "
                             f"(valeria.setup.monster-stacks-order); these tops have strength {strengths}")
    dukes = data.get("dukes")
    opts = options_of(variant)
    n, random_citizens = opts.players, opts.random_citizens
    if not isinstance(dukes, list) or any(not isinstance(p, list) or len(p) != DUKES_DEALT for p in dukes):
        raise MalformedError("setup.dukes must list, per seat, the two dukes dealt (valeria.setup.dukes)")
    if n is None:
        n = len(dukes)
    if len(dukes) != n or n not in (SOLO, *PLAYERS):
        raise MalformedError(f"setup.dukes deals to {len(dukes)} seats; the game has {n} players "
                             "(2-4, valeria.setup.players; 5, valeria.variants.five-players.changes; "
                             "1, valeria.variants.solo.setup)")
    citizens, citizen_stacks = _citizens(data.get("citizens"), n, random_citizens)
    per = domains_per_stack(n)
    domains = data.get("domains")
    if (not isinstance(domains, list) or len(domains) != DOMAIN_STACKS
            or any(not isinstance(st, list) or len(st) != per for st in domains)):
        raise MalformedError(f"setup.domains must be {DOMAIN_STACKS} stacks of {per} domains with {n} players, "
                             "face-up top first (valeria.setup.domain-row, valeria.variants.five-players.stacks)")
    flat = [d for st in domains for d in st]
    unknown = sorted({repr(d) for d in flat if not _in(d, ix.domains)}, key=str)
    if unknown:
        raise MalformedError(f"setup.domains: unknown domain(s) {', '.join(unknown)}")
    twice = sorted({d for d in flat if flat.count(d) > 1})
    if twice:
        raise MalformedError(f"setup.domains: each domain exists once; twice: {', '.join(twice)}")
    dealt = [d for p in dukes for d in p]
    unknown = sorted({repr(d) for d in dealt if not _in(d, ix.dukes)}, key=str)
    if unknown:
        raise MalformedError(f"setup.dukes: unknown duke(s) {', '.join(unknown)}")
    twice = sorted({d for d in dealt if dealt.count(d) > 1})
    if twice:
        raise MalformedError(f"setup.dukes: each duke is dealt once; twice: {', '.join(twice)}")
    first = data.get("first")
    if type(first) is not int or not 0 <= first < n:
        raise MalformedError(f"setup.first must be a seat 0..{n - 1} (valeria.setup.first-player), not {first!r}")
    lord = data.get("dark_lord", "")
    if (n == SOLO) != ("dark_lord" in data) or (n == SOLO and (not isinstance(lord, str) or not _in(lord, ix.dukes)
                                                               or lord in dealt)):
        raise MalformedError(f"setup.dark_lord: the solo game (and only it) names the Dark Lord, a duke not dealt "
                             f"to the player (valeria.variants.solo.setup), not {lord!r}")
    return Setup(n, tuple(areas), citizens, tuple(tuple(st) for st in domains), tuple(tuple(p) for p in dukes),
                 first, RandomCitizensDeal(citizen_stacks) if random_citizens else None,
                 _events(data.get("events"), n, opts.monster_events),
                 SoloDeal(lord, opts.difficulty) if n == SOLO else None)


@implements("valeria.variants.events.setup", "valeria.variants.events.chosen-event")
def _events(events: Any, n: int, monster_events: bool) -> MonsterEventsDeal | None:
    """The Monster Events dealt, top of the Exhausted stack first: one per player, each
    at most once; which ones is the players' choice or chance (valeria.variants.events.chosen-event)."""
    if not monster_events:
        if events is not None:
            raise MalformedError("setup.events belongs to the variant with Monster Events "
                                 "(\"monster_events\": true, valeria.variants.events.setup)")
        return None
    ix = index()
    if (not isinstance(events, list) or len(events) != n or any(not _in(e, ix.events) for e in events)
            or len(set(events)) != n):
        raise MalformedError(f"setup.events must list {n} different Monster Events (one per player) of "
                             f"{', '.join(ix.events)}, as they lie face down on top of the Exhausted stack, top "
                             f"first (valeria.variants.events.setup), not {events!r}")
    return MonsterEventsDeal(tuple(events))


@implements("valeria.setup.citizen-rows", "valeria.variants.random-citizens.setup")
def _citizens(citizens: Any, n: int, random_citizens: bool) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The citizen kinds in play and, with random citizens, the stacks dealt (top first)."""
    ix = index()
    if not isinstance(citizens, list) or len(citizens) != len(ACTIVATION_STACKS):
        what = "stacks of citizens, top first," if random_citizens else "citizen kinds,"
        raise MalformedError(f"setup.citizens must list {len(ACTIVATION_STACKS)} {what} one per stack "
                             "1, 2, ..., 8, 9/10, 11/12 (valeria.setup.citizen-rows)")
    if not random_citizens:
        for i, (kind, kinds) in enumerate(zip(citizens, ix.stack_kinds, strict=True)):
            if kind not in kinds:
                numbers = "/".join(map(str, ACTIVATION_STACKS[i]))
                raise MalformedError(f"setup.citizens[{i}]: the stack {numbers} holds one of {', '.join(kinds)}, "
                                     f"not {kind!r} (valeria.setup.citizen-rows)")
        return tuple(citizens), ()
    size = citizen_stack_size(n)
    for i, (stack, kinds) in enumerate(zip(citizens, ix.stack_kinds, strict=True)):
        numbers = "/".join(map(str, ACTIVATION_STACKS[i]))
        if not isinstance(stack, list) or len(stack) != size or any(k not in kinds for k in stack):
            raise MalformedError(f"setup.citizens[{i}]: with random citizens the stack {numbers} is {size} cards of "
                                 f"{', '.join(kinds)}, top first (valeria.variants.random-citizens.setup), "
                                 f"not {stack!r}")
        for k in kinds:
            if stack.count(k) > ix.citizens[k].copies:
                raise MalformedError(f"setup.citizens[{i}]: {stack.count(k)} copies of {k}; the game has "
                                     f"{ix.citizens[k].copies} (valeria.variants.random-citizens.setup)")
    return all_kinds(), tuple(tuple(st) for st in citizens)


def setup_to_json(setup: Setup) -> dict[str, Any]:
    """The record's ``"setup"``: with random citizens the stacks dealt stand for the kinds, and
    the solo game's Dark Lord and the Monster Events dealt follow when their variant is on."""
    dealt, lord, events = setup.random_citizens, setup.solo, setup.monster_events
    citizens = [list(st) for st in dealt.stacks] if dealt is not None else list(setup.citizens)
    return {"monsters": list(setup.areas), "citizens": citizens,
            "domains": [list(st) for st in setup.domains], "dukes": [list(p) for p in setup.dukes],
            "first": setup.first, **({"dark_lord": lord.dark_lord} if lord is not None else {}),
            **({"events": list(events.events)} if events is not None else {})}


@implements("valeria.setup.monster-row", "valeria.setup.monster-stacks-order", "valeria.setup.domain-row",
            "valeria.setup.dukes", "valeria.setup.first-player", "valeria.variants.five-players.stacks")
def random_setup(rng: random.Random, opts: Options) -> Setup:
    """Any five areas ordered by top strength (ties in random order), a random kind per
    citizen stack, the 24 domains shuffled into five stacks of three (four with five
    players), two dukes dealt to each seat, a random first player; the player count drawn
    from 2-5 when the variant gives none; what the variant deals besides (random citizens,
    Monster Events, the solo game's Dark Lord: :func:`rules.valeria.variants.deal_dark_lord`)."""
    ix = index()
    n = opts.players if opts.players is not None else rng.choice(PLAYERS)
    random_citizens, monster_events = opts.random_citizens, opts.monster_events
    areas = rng.sample(ix.areas, MONSTER_STACKS)
    areas.sort(key=_top_strength)  # stable: ties keep their random order
    citizens = tuple(rng.choice(kinds) for kinds in ix.stack_kinds)
    dealt_citizens = random_citizen_stacks(rng, n) if random_citizens else ()
    if random_citizens:
        citizens = all_kinds()
    domains = list(ix.domains)
    rng.shuffle(domains)
    per = domains_per_stack(n)
    stacks = tuple(tuple(domains[i * per:(i + 1) * per]) for i in range(DOMAIN_STACKS))
    dukes = list(ix.dukes)
    rng.shuffle(dukes)
    dealt = tuple(tuple(dukes[i * DUKES_DEALT:(i + 1) * DUKES_DEALT]) for i in range(n))
    first = rng.randrange(n)
    events = MonsterEventsDeal(deal_events(rng, n)) if monster_events else None
    return Setup(n, tuple(areas), citizens, stacks, dealt, first,
                 RandomCitizensDeal(dealt_citizens) if random_citizens else None, events,
                 deal_dark_lord(rng, dealt[0], opts.difficulty) if n == SOLO else None)


# ------------------------------------------------------------------ actions

_SEATLESS = {"chance"}


def whole(value: Any, where: str, low: int = 0, high: int = 999) -> int:
    """``value`` when it is a whole number ``low``..``high``, else a :class:`MalformedError` naming ``where``."""
    if type(value) is not int or not low <= value <= high:
        raise MalformedError(f"{where} must be a whole number {low}..{high}, not {value!r}")
    return value


def _in(value: Any, *tables: Any) -> TypeGuard[str]:
    """Is ``value`` a name in one of ``tables``? (A list or object from a record is no name:
    ``False``, where ``value in a_dict`` would raise.)"""
    return isinstance(value, str) and any(value in t for t in tables)


def _str(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise MalformedError(f"{where} must be a card or option name, not {value!r}")
    return value


#: The resource a payment may name besides the one its cost takes and magic: never enough, but a
#: play, judged by a rule (gold for a monster: valeria.slay.magic-cost), not a malformed record.
_OTHER = {"strength": "gold", "gold": "strength"}


def _pay(data: Mapping[str, Any], first: str) -> Payment:
    pay = data.get("pay")
    other = _OTHER[first]
    if not isinstance(pay, Mapping) or set(pay) - {first, "magic", other}:
        raise MalformedError(f"'pay' must be an object with {first!r} and/or 'magic', not {pay!r}")
    paid = {first: whole(pay.get(first, 0), f"pay.{first}", 0, 999), "magic": whole(pay.get("magic", 0), "pay.magic", 0, 999),
            other: whole(pay.get(other, 0), f"pay.{other}", 0, 999)}
    return Payment(**paid)


#: The record's word for each action kind (in the order the reader's message lists them): the kind's
#: own value, except where the record names the object ("take_from", "purloin_from", "event"); "purloin"
#: alone is the solo game's "take a monster".
_ONE_KEY = {**{word: ActionKind(word) for word in ("keep", "announce", "recruit", "slay", "build", "gain", "choose",
                                                   "citizen")},
            "take_from": ActionKind.TAKE, "exchange": ActionKind.EXCHANGE, "return": ActionKind.RETURN,
            "purloin_from": ActionKind.PURLOIN,
            **{word: ActionKind(word) for word in ("decline", "die", "thief", "harvest", "activate", "capture",
                                                   "purloin")},
            "event": ActionKind.TOKEN}
_EXTRA = {ActionKind.DIE: {"which"}, ActionKind.TAKE: {"domain"}, ActionKind.THIEF: {"from"},
          ActionKind.HARVEST: {"choose", "use"}, ActionKind.RECRUIT: {"pay"}, ActionKind.SLAY: {"pay"}, ActionKind.BUILD: {"pay"},
          ActionKind.TOKEN: {"token_on"}}


def action_from_json(data: Any) -> Action:
    ix = index()
    if not isinstance(data, Mapping):
        raise MalformedError(f"an action is a JSON object, not {data!r}")
    if "chance" in data:
        if data["chance"] == "roll":
            if set(data) != {"chance", "dice"}:
                raise MalformedError("a roll is {\"chance\": \"roll\", \"dice\": [a, b]}")
            dice = data["dice"]
            if not isinstance(dice, list) or len(dice) != 2 or any(type(d) is not int for d in dice):
                raise MalformedError(f"'dice' must be two whole numbers, not {dice!r}")
            if any(not 1 <= d <= 6 for d in dice):
                raise MalformedError(f"a die shows 1..6, not {dice!r} (valeria.roll.dice)")
            return Action(ActionKind.ROLL, dice=(dice[0], dice[1]))
        if data["chance"] == "draw":
            if set(data) != {"chance", "monster"} or not _in(data["monster"], ix.monsters):
                raise MalformedError("a draw is {\"chance\": \"draw\", \"monster\": MONSTER-ID}")
            return Action(ActionKind.DRAW, card=data["monster"])
        raise MalformedError(f"'chance' is \"roll\" or \"draw\", not {data['chance']!r}")
    seat = whole(data.get("seat"), "seat", 0, max(PLAYERS) - 1)
    keys = ["harvest"] if "harvest" in data else [k for k in data if k in _ONE_KEY]
    if len(keys) != 1:
        raise MalformedError(f"an action names exactly one of {', '.join(_ONE_KEY)}: {dict(data)!r}")
    key = keys[0]
    kind = _ONE_KEY[key]
    extra = sorted(set(data) - {"seat", key} - _EXTRA.get(kind, set()))
    if extra:
        raise MalformedError(f"unexpected field(s) {', '.join(extra)} in {dict(data)!r}")
    value = data[key]
    if kind == ActionKind.DECLINE and isinstance(value, str):  # the card whose power is declined (decision 0033)
        if not _in(value, ix.domains, ix.monsters, ix.events):
            raise MalformedError(f"'decline' names the domain or monster whose power is declined, not {value!r}")
        return Action(kind, seat, value)
    if kind in (ActionKind.ANNOUNCE, ActionKind.DECLINE) or key == "purloin":  # "purloin": the solo game's "take a monster"
        if value is not True:
            raise MalformedError(f"'{key}' must be true")
        return Action(kind, seat)
    if kind == ActionKind.EXCHANGE:
        if type(value) is not bool:
            raise MalformedError("'exchange' must be true (use it) or false (decline)")
        return Action(kind, seat, option="use" if value else "decline")
    if kind == ActionKind.TAKE:  # "domain": whose take it answers (valeria.domains.trigger-order); absent: the first queued
        if "domain" in data and not _in(data["domain"], ix.domains):
            raise MalformedError(f"'domain' names the domain whose take this answers, not {data['domain']!r}")
        return Action(kind, seat, data.get("domain", ""), target=whole(value, key, 0, max(PLAYERS) - 1))
    if kind == ActionKind.PURLOIN:
        return Action(kind, seat, target=whole(value, key, 0, max(PLAYERS) - 1))
    if kind == ActionKind.GAIN:
        if not _in(value, RESOURCES):
            raise MalformedError(f"'gain' is one of {', '.join(RESOURCES)}, not {value!r} (valeria.gain.resource)")
        return Action(kind, seat, value)
    if kind == ActionKind.DIE:
        if not _in(value, ix.domains):
            raise MalformedError(f"'die' names a domain, not {value!r}")
        return Action(kind, seat, value, target=whole(data.get("which"), "which", 0, 1))
    if kind == ActionKind.THIEF:  # without "from" in the solo game: the reward is simply taken (valeria.variants.solo.turn)
        return Action(kind, seat, option=_str(value, "thief"),
                      target=whole(data["from"], "from", 0, max(PLAYERS) - 1) if "from" in data else -1)
    if kind == ActionKind.ACTIVATE:
        if _str(value, key) not in ix.areas:
            raise MalformedError(f"'activate' names the area of a monster stack, not {value!r}")
        return Action(kind, seat, value)
    if kind == ActionKind.CAPTURE:
        if _str(value, key) not in ix.citizens:
            raise MalformedError(f"'capture' names a citizen, not {value!r}")
        return Action(kind, seat, value)
    if kind == ActionKind.HARVEST:
        card = _str(value, "harvest")
        if card not in ix.citizens and card not in ix.starters:
            raise MalformedError(f"'harvest' names a citizen or starter, not {card!r}")
        if ("choose" in data) == ("use" in data):
            raise MalformedError("a harvest action has either 'choose' (a branch) or 'use' (true/false)")
        if "use" in data:
            if type(data["use"]) is not bool:
                raise MalformedError("'use' must be true or false")
            return Action(kind, seat, card, option="use" if data["use"] else "decline")
        return Action(kind, seat, card, option=_str(data["choose"], "choose"))
    if kind in (ActionKind.RECRUIT, ActionKind.SLAY, ActionKind.BUILD):
        card = _str(value, key)
        known = {ActionKind.RECRUIT: ix.citizens, ActionKind.SLAY: (*ix.areas, *ix.events),
                 ActionKind.BUILD: ix.domains}[kind]
        if card not in known:
            what = {ActionKind.RECRUIT: "citizen", ActionKind.SLAY: "monster area or Monster Event",
                    ActionKind.BUILD: "domain"}[kind]
            raise MalformedError(f"unknown {what} {card!r}")
        pay = _pay(data, "strength" if kind == ActionKind.SLAY else "gold")
        return Action(kind, seat, card, pay=pay)
    if kind == ActionKind.TOKEN:
        if not _in(value, ix.events):
            raise MalformedError(f"'event' names a Monster Event ({', '.join(ix.events)}), not {value!r}")
        target = data.get("token_on")
        if not _in(target, ix.areas, ix.events):
            raise MalformedError(f"'token_on' names a monster area (its top monster) or a Monster Event, "
                                 f"not {target!r}")
        return Action(kind, seat, target, option=value)
    if kind == ActionKind.KEEP:
        if not _in(value, ix.dukes):
            raise MalformedError(f"unknown duke {value!r}")
        return Action(kind, seat, value)
    if kind == ActionKind.CITIZEN:
        if not _in(value, ix.citizens):
            raise MalformedError(f"unknown citizen {value!r}")
        return Action(kind, seat, value)
    if kind == ActionKind.RETURN:
        if not _in(value, ix.citizens, ix.monsters):
            raise MalformedError(f"'return' names a monster or citizen, not {value!r}")
        return Action(kind, seat, value)
    return Action(kind, seat, option=_str(value, key))  # ActionKind.CHOOSE


def action_to_json(a: Action) -> dict[str, Any]:
    k = a.kind
    if k == ActionKind.ROLL:
        return {"chance": "roll", "dice": list(a.dice)}
    if k == ActionKind.DRAW:
        return {"chance": "draw", "monster": a.card}
    out: dict[str, Any] = {"seat": a.seat}
    if k == ActionKind.DECLINE:
        out[k] = a.card or True  # the card whose power is declined; true in records before it (decision 0033)
    elif k == ActionKind.ANNOUNCE:
        out[k] = True
    elif k == ActionKind.EXCHANGE:
        out["exchange"] = a.option == "use"
    elif k == ActionKind.TAKE:
        out.update(take_from=a.target, **({"domain": a.card} if a.card else {}))
    elif k == ActionKind.PURLOIN and a.target < 0:
        out["purloin"] = True
    elif k == ActionKind.PURLOIN:
        out["purloin_from"] = a.target
    elif k == ActionKind.DIE:
        out.update(die=a.card, which=a.target)
    elif k == ActionKind.THIEF:
        out.update(thief=a.option, **({"from": a.target} if a.target >= 0 else {}))
    elif k == ActionKind.HARVEST:
        out["harvest"] = a.card
        if a.option in ("use", "decline"):
            out["use"] = a.option == "use"
        else:
            out["choose"] = a.option
    elif k in (ActionKind.RECRUIT, ActionKind.BUILD):
        out[k] = a.card
        out["pay"] = {"gold": a.pay.gold, "magic": a.pay.magic, **({"strength": a.pay.strength} if a.pay.strength else {})}
    elif k == ActionKind.SLAY:
        out.update(slay=a.card, pay={"strength": a.pay.strength, "magic": a.pay.magic,
                                     **({"gold": a.pay.gold} if a.pay.gold else {})})
    elif k == ActionKind.CHOOSE:
        out["choose"] = a.option
    elif k == ActionKind.TOKEN:
        out.update(event=a.option, token_on=a.card)
    else:  # keep, gain, citizen, return
        out[k] = a.card
    return out
