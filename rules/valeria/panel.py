"""Valeria's panes of the in-page adjudicator: a roll and a payment (decision records 0022, 0025).

Offered by the Valeria game object through :class:`~rules.kernel.panel.HasPanel`;
``static/panel.js`` draws the table both panes share and calls these functions.
Nothing here restates a rule: what a roll activates comes from the engine's own
harvest functions, whether a payment covers a cost from the engine's own
``check`` on a position read by its own position reader.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from rules.kernel.messages import languages
from rules.kernel.panel import Page, Panel, check_language, known_rules, malformed, rule_json, rules_in
from rules.kernel.records import FORMAT, parse_record
from rules.kernel.verdict import MalformedError
from rules.valeria import engine, holdings, payments
from rules.valeria.cards import Amount
from rules.valeria.data import index
from rules.valeria.harvest import OFF, ON, activated, distribute, herald_count, side_effects
from rules.valeria.pictures import amount_text, effects_text
from rules.valeria.records import DOMAIN_STACKS, MONSTER_STACKS
from rules.valeria.state import ACTIONS, HARVEST, replace
from rules.valeria.variants import citizen_stack_size, domains_per_stack, monster_stack

_SEATS = range(2, 5)
_HARVEST_RULES = ("valeria.roll.activation-values", "valeria.harvest.everyone", "valeria.harvest.two-effects",
                          "valeria.harvest.each-copy")


def _text(t: Any) -> dict[str, str]:
    """A :class:`~rules.kernel.text.Text` or a card :class:`~rules.valeria.cards.Name` as ``{cs, en}``."""
    return {"cs": t.get("cs"), "en": t.get("en")}


def cards(page: Page) -> dict[str, Any]:
    """The cards the Valeria panel's pickers show, from the card data (decision 0016): the
    citizens of each center stack (activation numbers, cost, role), the starters every seat
    has, the monsters (strength, magic), the domains (cost, role icons)."""
    ix = index()
    role = {r.id: _text(r.name) for r in ix.cards.roles}
    area = {a.id: _text(a.name) for a in ix.cards.areas}
    return {
        "stacks": [[{"id": k, "name": _text(ix.citizens[k].name), "activation": list(ix.citizens[k].activation),
                     "cost": ix.citizens[k].cost, "role": ix.citizens[k].role, "role_name": role[ix.citizens[k].role]}
                    for k in kinds] for kinds in ix.stack_kinds],
        "starters": [{"id": s.id, "name": _text(s.name), "activation": list(s.activation)} for s in ix.cards.starters],
        "monsters": [{"id": m.id, "name": _text(m.name), "area": m.area, "area_name": area[m.area],
                      "strength": m.strength, "magic": m.magic} for m in ix.cards.monsters],
        "domains": [{"id": d.id, "name": _text(d.name), "cost": d.cost, "roles": list(d.roles),
                     "role_names": [role[r] for r in d.roles]} for d in ix.cards.domains],
        "seats": list(_SEATS),
    }


def _read(game: Any, position: Mapping[str, Any], action: Any) -> tuple[Any, Any]:
    """``position`` and ``action`` read exactly as ``rules adjudicate`` reads the record
    ``{"position": position, "actions": [action]}``: through the game's part of the record
    schema, then its readers (decision 0013), so a pane refuses what the CLI refuses, in
    the same words (a typo, ``{"gold": 2, "vp": 0}``, a list where a card name belongs)."""
    record = {"format": FORMAT, "game": game.info.key, "variant": {"players": len(position["seats"])},
              "position": position, "actions": [action]}
    try:
        read = parse_record(record, lambda key: game, where="table")
    except MalformedError as exc:
        raise MalformedError(exc.detail) from None
    return read.position, read.actions[0]


def _names(value: Any, known: Mapping[str, Any]) -> bool:
    """Whether ``value`` is a list of names ``known`` knows (any other JSON value is not)."""
    return isinstance(value, list) and all(isinstance(v, str) and v in known for v in value)


def _position(game: Any, seats: Any, active: Any, action: Any, *, recruit: str | None = None,
              monster: str | None = None, build: str | None = None,
              has: Mapping[str, int] | None = None) -> tuple[Any, Any]:
    """The state at the start of ``active``'s turn with the entered tableaux (citizens by kind,
    domains built; the starters are every seat's) and ``action`` there, read as a position
    record by :func:`_read` (the schema, then the engine's own position reader
    :func:`rules.valeria.positions.position_from_json`, which refuses an impossible table):
    the center holds the entered citizen kinds (one per activation stack, valeria.setup.citizen-rows),
    ``monster`` on top of its area's stack, ``build`` face up on a domain stack; the active seat holds
    ``has``. Unknown cards and bad counts are a :class:`MalformedError` naming them."""
    ix = index()
    if not isinstance(seats, list) or len(seats) not in _SEATS:
        raise MalformedError("enter 2 to 4 seats (valeria.setup.players)")
    n = len(seats)
    if type(active) is not int or not 0 <= active < n:
        raise MalformedError(f"the active seat is one of 0..{n - 1}, not {active!r}")
    owned: list[dict[str, Any]] = []
    built: list[list[Any]] = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, Mapping) or set(seat) - {"citizens", "domains"}:
            raise MalformedError(f"seat {i} is {{\"citizens\": {{KIND: COPIES}}, \"domains\": [DOMAIN, ...]}}")
        citizens = seat.get("citizens", {})
        if not isinstance(citizens, Mapping):
            raise MalformedError(f"seat {i}: citizens map a citizen kind to the copies owned")
        for kind, copies in citizens.items():
            if type(copies) is not int:  # false is not 0 copies: the position schema refuses it too
                raise MalformedError(f"seat {i}: copies of {kind} must be whole numbers, not {copies!r}")
            if kind not in ix.citizens:
                known = "a starter: every seat has the starters" if kind in ix.starters else "not a citizen"
                raise MalformedError(f"seat {i}: unknown citizen {kind!r} ({known})")
        owned.append({k: v for k, v in citizens.items() if v != 0})
        domains = seat.get("domains", [])
        if not _names(domains, ix.domains):
            raise MalformedError(f"seat {i}: domains must be a list of known domains, not {domains!r}")
        built.append(list(domains))
    named = [k for seat in owned for k in seat] + ([recruit] if recruit else [])
    if recruit is not None and recruit not in ix.citizens:
        raise MalformedError(f"unknown citizen {recruit!r}")
    kinds: list[str] = []
    for stack in ix.stack_kinds:
        chosen = sorted({k for k in named if k in stack}, key=stack.index)
        if len(chosen) > 1:
            raise MalformedError(f"{' and '.join(chosen)} share a center stack: a game has one of them "
                                 "(valeria.setup.citizen-rows)")
        kinds.append(chosen[0] if chosen else stack[0])
    size = citizen_stack_size(n)
    left = []
    for kind in kinds:
        copies = [seat.get(kind, 0) for seat in owned]
        if any(type(c) is not int or c < 0 for c in copies):
            raise MalformedError(f"copies of {kind} must be whole numbers 0..{size}, not {copies!r}")
        left.append(size - sum(copies))
        if left[-1] < 0:
            raise MalformedError(f"the seats own {sum(copies)} {kind}s; the game has {size} "
                                 "(valeria.setup.citizen-rows)")
    areas = list(ix.areas[:MONSTER_STACKS])
    if monster is not None:
        if monster not in ix.monsters:
            raise MalformedError(f"unknown monster {monster!r}")
        if ix.monsters[monster].area not in areas:
            areas[-1] = ix.monsters[monster].area
    stacks = []
    for a in areas:
        full = list(monster_stack(a, n))
        if monster is not None and ix.monsters[monster].area == a:
            full.remove(monster)
            full.insert(0, monster)
        stacks.append({"area": a, "stack": full})
    if build is not None and build not in ix.domains:
        raise MalformedError(f"unknown domain {build!r}")
    taken = {d for b in built for d in b}
    if build in taken:
        raise MalformedError(f"{build} is built already; a domain is built once")
    per = domains_per_stack(n)
    room = max(0, DOMAIN_STACKS * per - len(taken) - (1 if build else 0))
    free = [d for d in ix.domains if d not in taken and d != build][:room]
    center: list[list[str]] = [[build] if build else []] + [[] for _ in range(DOMAIN_STACKS - 1)]
    for d in free:  # at most per * DOMAIN_STACKS in play (free is cut to the room left)
        next(st for st in center if len(st) < per).append(d)
    dukes = list(ix.dukes)
    position: dict[str, Any] = {
        "first": 0, "active": active, "turns": 1, "end_triggered": False, "monsters": stacks,
        "citizens": [{"kind": k, "left": n_left} for k, n_left in zip(kinds, left, strict=True)],
        "domains": center,
        "seats": [{"gold": 0, "strength": 0, "magic": 0, "vp": 0, "citizens": owned[i], "domains": built[i],
                   "monsters": [], "duke": dukes[i], **(dict(has) if has and i == active else {})}
                  for i in range(n)],
    }
    return _read(game, position, action)


def harvest(page: Page, dice: Any, seats: Any, active: Any = 0, lang: str = "en") -> dict[str, Any]:
    """What a roll activates for each seat: the engine's own :func:`rules.valeria.harvest.activated`
    (how many times each card of a seat activates: each copy, each die and the sum, doubles once
    per die, valeria.harvest.doubles, ruling O5), the side each seat uses (the active seat's left
    effects, the others' right ones, valeria.harvest.two-effects) with its effects, the Herald
    (:func:`~rules.valeria.harvest.herald_count`), the active Thief resolved first
    (:func:`~rules.valeria.engine.start_harvest`) and the plain gains and choices
    (:func:`~rules.valeria.harvest.distribute`).

    ``seats``: per seat ``{"citizens": {KIND: COPIES}}`` (starters are implicit); ``active``:
    the active seat. The roll is read as a record's roll (a die shows 1..6).
    """
    try:
        return _harvest(page.game, dice, seats, active, check_language(lang, languages()))
    except MalformedError as exc:
        return malformed(str(exc))


def _harvest(game: Any, dice: Any, seats: Any, active: Any, lang: str) -> dict[str, Any]:
    check_language(lang, game.info.languages, "Valeria")
    start, roll = _position(game, seats, active, {"chance": "roll", "dice": dice})  # a die shows 1..6
    violation = game.check(start, roll)
    if violation is not None:  # pragma: no cover - a position is always before a roll
        raise MalformedError(violation.message.get("en"))
    a, b = roll.dice
    state = replace(start, phase=HARVEST, dice=(a, b), rolled=(a, b))
    ix = index()
    after = distribute(state)
    thieves = [cast(tuple[str, Any], d.detail)[0] for d in engine.start_harvest(state).pending if d.kind == "thief"]
    out = []
    cited = list(_HARVEST_RULES)
    for i in range(state.players):
        side = ON if i == state.active else OFF
        acts = activated(state, i)
        cards = []
        for card, times in acts:
            citizen = ix.citizens.get(card)
            known = citizen or ix.starters[card]
            copies = state.seats[i].citizens[state.citizen_kinds.index(card)] if citizen else 1
            cards.append({"card": card, "name": _text(known.name), "starter": citizen is None, "copies": copies,
                          "activation": list(known.activation), "times": times,
                          "effect": _text(effects_text(side_effects(card, side))),
                          "thief_first": card in thieves if i == state.active else False})
        herald = herald_count(state, i, acts)
        before, now = state.seats[i], after.seats[i]
        gained = {r: getattr(now, r) - getattr(before, r) for r in ("gold", "strength", "magic")}
        amount = Amount(**gained)
        choices = [{"card": item.card, "times": item.count,
                    "name": _text((ix.citizens.get(item.card) or ix.starters[item.card]).name)}
                   for item in after.harvest[i]] if after.harvest else []
        out.append({"seat": i, "active": i == state.active, "side": "left" if side == ON else "right",
                    "cards": cards, "activations": sum(t for _, t in acts), "herald": herald,
                    "gains": gained, "gains_text": _text(amount_text(amount)) if amount.items() else None,
                    "choices": choices})
        if herald:
            cited += ["valeria.herald.no-citizen"] if not acts else []
            cited += ["valeria.herald.doubles"] if a == b else []
            cited += ["valeria.herald.twice"] if herald > 1 else []
    if a == b:
        cited.insert(1, "valeria.harvest.doubles")
    if thieves:
        cited.append("valeria.harvest.thief-first")
    if any(s["choices"] for s in out):
        cited.append("valeria.harvest.any-order")
    return {"status": "ok", "dice": [a, b], "values": sorted({a, b, a + b}), "doubles": a == b,
            "active": state.active, "seats": out,
            "rules": [rule_json(r) for r in dict.fromkeys(cited)]}


_PAY_FIRST = {"recruit": "gold", "build": "gold", "slay": "strength"}
_RESOURCES = ("gold", "strength", "magic")


def payment(page: Page, cost: str, card: str, pay: Any, seats: Any = None, active: Any = 0, has: Any = None,
            lang: str = "en") -> dict[str, Any]:
    """Does ``pay`` cover recruiting a citizen, slaying a monster or building a domain (``cost``:
    recruit, slay, build; ``card``: the citizen, monster or domain)? The engine's own
    :func:`rules.valeria.violations.refusal` judges the action ``{"recruit"|"slay"|"build": ..., "pay": pay}``
    (read by the record reader) in the active seat's Action phase, on a position with the
    entered tableaux (``seats``, as for :func:`harvest`; the price of a citizen counts
    the copies of its name the active seat owns, its domains may change a price) and with the
    active seat holding ``has`` (by default exactly what it pays). The price comes from the
    engine's price functions (:func:`~rules.valeria.payments.price_of`,
    :func:`~rules.valeria.payments.build_price`, the monster's card)."""
    try:
        return _payment(page.game, cost, card, pay, seats, active, has, check_language(lang, languages()))
    except MalformedError as exc:
        return malformed(str(exc))


def _payment(game: Any, cost: str, card: str, pay: Any, seats: Any, active: Any, has: Any,
             lang: str) -> dict[str, Any]:
    check_language(lang, game.info.languages, "Valeria")
    if not isinstance(cost, str) or cost not in _PAY_FIRST:
        raise MalformedError(f"the cost is of recruit, slay or build, not {cost!r}")
    ix = index()
    base_monsters = {m.id: m for m in ix.cards.monsters}  # the base game's (a variant may add others)
    known: Mapping[str, Any] = ix.citizens if cost == "recruit" else base_monsters if cost == "slay" else ix.domains
    if not isinstance(card, str) or card not in known:
        what = {"recruit": "citizen", "slay": "monster", "build": "domain"}[cost]
        raise MalformedError(f"unknown {what} {card!r}")
    if seats is None:
        seats = [{}, {}]
    if not isinstance(pay, Mapping):
        raise MalformedError(f"the payment is an object of gold, strength and magic, not {pay!r}")
    key = "slay" if cost == "slay" else cost
    target = ix.monsters[card].area if cost == "slay" else card
    # a resource the page shows at 0 is left out, as a record leaves it out; anything else is read
    pay = {k: v for k, v in pay.items() if not (k in _RESOURCES and type(v) is int and v == 0)
           or k in (_PAY_FIRST[cost], "magic")}
    action_json = {"seat": active, key: target, "pay": pay}
    if has is not None:
        if not isinstance(has, Mapping) or set(has) - {"gold", "strength", "magic"}:
            raise MalformedError("what the seat has is an object of gold, strength and magic")
        holds = {r: has.get(r, 0) for r in ("gold", "strength", "magic")}
        for r, v in holds.items():
            if type(v) is not int or not 0 <= v <= 999:
                raise MalformedError(f"the seat's {r} must be a whole number 0..999, not {v!r}")
    else:  # by default the seat holds what it pays (a bad payment is the action schema's to refuse)
        holds = {r: min(max(pay[r], 0), 999) if type(pay.get(r)) is int else 0 for r in _RESOURCES}
    state, action = _position(game, seats, active, action_json, recruit=card if cost == "recruit" else None,
                              monster=card if cost == "slay" else None, build=card if cost == "build" else None,
                              has=holds)
    paid = {"gold": action.pay.gold, "strength": action.pay.strength, "magic": action.pay.magic}
    state = replace(state, phase=ACTIONS, actions_left=engine.ACTIONS_PER_TURN)  # the Action phase, nothing pending
    seat = state.active
    if cost == "recruit":
        i = state.citizen_kinds.index(card)
        price = {"gold": payments.price_of(state, seat, i)}
        base = ix.citizens[card].cost
        owned = holdings.copies_owned(state, seat, i)
        detail: dict[str, Any] = {"base": base, "owned": owned,
                                  "ignores_plus": payments.EMERALD in state.seats[seat].domains}
        name = ix.citizens[card].name
    elif cost == "build":
        price = {"gold": payments.build_price(state, seat, card)}
        d = ix.domains[card]
        detail = {"base": d.cost, "roles": list(d.roles), "roles_met": payments.roles_met(state, seat, card)}
        name = d.name
    else:
        m = ix.monsters[card]
        price = {"strength": m.strength, "magic": m.magic}
        detail = {}
        name = m.name
    violation = game.check(state, action)
    if violation is None:
        after = game.apply(state, action)
        lines = [line.get(lang) for line in game.explain_step(state, action, after)]
        ids = rules_in(lines) + (["valeria.resources.magic-substitute"] if action.pay.magic else [])
        result: dict[str, Any] = {"status": "legal", "message": None, "explanation": lines}
    else:
        ids = list(violation.rules)
        result = {"status": "illegal", "message": violation.message.get(lang), "explanation": []}
    return {**result, "cost": cost, "card": card, "name": _text(name), "price": price, "paid": paid,
            "has": holds, "detail": detail, "action": game.action_to_json(action),
            "rules": known_rules(ids)}


#: Valeria's panel: a roll and a payment (``static/panel.js``).
PANEL = Panel(__package__ or "rules.valeria", {"cards": cards, "harvest": harvest, "payment": payment})
