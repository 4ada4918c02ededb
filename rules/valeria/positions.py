"""Valeria positions: a disputed game state without the game that led to it, at the
start of a turn (before the roll) or at any decision point of it (decision 0033), so a
dispute can be written from the moment it arose. ``"variant": {"players": 2..5}``::

    {"first": 0, "active": 1, "turns": 7, "end_triggered": false,
     "monsters": [{"area": "hills", "stack": ["goblin", "goblin-mage", "goblin-king"]}, ...],   # 5, top first
     "citizens": [{"kind": "cleric", "left": 5}, ...],                # the 10 stacks, 1 .. 11/12
     "domains": [["palace-of-the-dawn", "..."], [], ...],            # 5 stacks, the face-up top first
     "seats": [{"gold": 2, "strength": 0, "magic": 1, "vp": 0, "citizens": {"peasant": 1},
                "domains": ["..."], "monsters": ["goblin"], "duke": "simon-the-unclean"}, ...]}

Within a turn (``"phase"`` other than ``"roll"``) the position also says where the turn is:
``"dice"`` as they lie and ``"rolled"`` as rolled, the die-changing domains ``"used"``, the
``"harvest"`` items each seat still resolves (``{"card", "side": "on"|"off", "count"}``, once the
harvest is distributed), ``"actions_left"``, ``"closing"`` (the end-of-phase domains have acted),
the ``"pending"`` decisions, the one to make now first (``{"seat", "kind", "rule", "card",
"effect"}``: ``card`` the card whose power opened it, ``effect`` the index of that power among the
card's effects, branches included), and with Purloiner's Perch ``"draw_from"``. Nothing hidden is
in it: the dice lie on the table.

Every card stays one card: a monster area's center stack and the monsters of
that area in the Victory stacks are the area's five cards, each citizen stack
and its copies in the duchies are five, every domain and duke appears once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, cast

from rules.kernel.decisions import Decision
from rules.kernel.spec import load_spec
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError
from rules.valeria.cards import Choice, Effect, Exchange, GainCitizen, Take
from rules.valeria.data import index
from rules.valeria.flows import BASE_FLOW
from rules.valeria.harvest import OFF, ON
from rules.valeria.records import DOMAIN_STACKS, MONSTER_STACKS, players_of, whole
from rules.valeria.state import ACTIONS, DICE, DRAW, HARVEST, ROLL, HarvestItem, Seat, State, replace
from rules.valeria.variants import (
    PLAYERS,
    citizen_stack_size,
    domains_per_stack,
    monster_stack,
    options_of,
    resting_seat,
)

_SEAT_KEYS = {"gold", "strength", "magic", "vp", "citizens", "domains", "monsters", "duke"}
_KEYS = {"first", "active", "turns", "end_triggered", "monsters", "citizens", "domains", "seats"}
#: where a position within a turn is (decision 0033); absent at the start of a turn
_TURN_KEYS = {"phase", "dice", "rolled", "used", "harvest", "actions_left", "closing", "pending", "draw_from"}
_PHASES = (ROLL, DICE, HARVEST, ACTIONS, DRAW)
#: A phase as a position's note names it, in the verdict's language (the record writes the key).
_PHASE_NAMES = {DICE: Text.of(cs="házení", en="dice"), HARVEST: Text.of(cs="příjmu", en="harvest"),
                ACTIONS: Text.of(cs="akcí", en="actions"), DRAW: Text.of(cs="tažení nestvůry", en="monster draw")}
#: each kind of decision the engine opens, and the class of the effect it answers (None: the card alone)
_DECISION_EFFECTS: dict[str, type | tuple[type, ...] | None] = {
    "thief": (Choice, Take), "choose": Choice, "citizen": GainCitizen, "take": Take, "exchange": Exchange,
    "extra-slay": None, "watcher": None, "nest": None, "purloin": None}


def _known(value: Any, known: Mapping[str, Any] | tuple[str, ...]) -> bool:
    """Whether ``value`` is a name ``known`` holds: a list or an object where a name belongs is
    not one (and raises no ``TypeError``: the page and library users call this reader without
    the schema, issue 18 §5)."""
    return isinstance(value, str) and value in known


def _ids(value: Any, known: Mapping[str, Any], where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(_known(v, known) for v in value):
        raise MalformedError(f"{where} must be a list of known card IDs, not {value!r}")
    return tuple(value)


def position_from_json(data: Any, variant: Any = None) -> State:
    """A state at the start of the active seat's turn; ``MalformedError`` names what is wrong."""
    if options_of(variant).random_citizens:
        raise MalformedError("a position of the variant with random citizens cannot be given: the hidden order of "
                             "the citizen stacks (valeria.variants.random-citizens.hidden) belongs to the setup; "
                             "give the record from the start instead")
    if options_of(variant).monster_events:
        raise MalformedError("a position of the variant with Monster Events cannot be given: the hidden order of "
                             "the events in the Exhausted stack (valeria.variants.events.setup) belongs to the "
                             "setup; give the record from the start instead")
    ix = index()
    if not isinstance(data, Mapping) or set(data) - _KEYS - _TURN_KEYS or _KEYS - set(data):
        raise MalformedError(f"a Valeria position has the fields {', '.join(sorted(_KEYS))} and, within a turn, "
                             f"{', '.join(sorted(_TURN_KEYS))}")
    seats_raw = data["seats"]
    if not isinstance(seats_raw, list):
        raise MalformedError("position.seats must be a list of seats")
    n = players_of(variant) or len(seats_raw)
    if len(seats_raw) != n or n not in PLAYERS:
        raise MalformedError(f"position.seats lists {len(seats_raw)} seats; the game has {n} (2-4, "
                             "valeria.setup.players; 5, valeria.variants.five-players.changes)")
    first, active, turns = data["first"], data["active"], data["turns"]
    for name, value in (("first", first), ("active", active)):
        if type(value) is not int or not 0 <= value < n:
            raise MalformedError(f"position.{name} must be a seat 0..{n - 1}, not {value!r}")
    turns = whole(turns, "position.turns")
    if turns < 1:
        raise MalformedError("position.turns counts the turns begun, the coming one included: at least 1")
    if type(data["end_triggered"]) is not bool:
        raise MalformedError("position.end_triggered must be true or false")

    monsters_raw = data["monsters"]
    if not isinstance(monsters_raw, list) or len(monsters_raw) != MONSTER_STACKS:
        raise MalformedError(f"position.monsters lists the {MONSTER_STACKS} monster stacks, left to right")
    areas, stacks = [], []
    for i, m in enumerate(monsters_raw):
        if not isinstance(m, Mapping) or set(m) != {"area", "stack"} or not _known(m["area"], ix.areas):
            raise MalformedError(f"position.monsters[{i}] is {{\"area\": AREA, \"stack\": [MONSTER, ...]}}")
        areas.append(m["area"])
        stacks.append(_ids(m["stack"], ix.monsters, f"position.monsters[{i}].stack"))
    if len(set(areas)) != MONSTER_STACKS:
        raise MalformedError("position.monsters: five different areas (valeria.setup.monster-row)")

    citizens_raw = data["citizens"]
    if not isinstance(citizens_raw, list) or len(citizens_raw) != len(ix.stack_kinds):
        raise MalformedError(f"position.citizens lists the {len(ix.stack_kinds)} citizen stacks")
    kinds, left = [], []
    for i, c in enumerate(citizens_raw):
        if not isinstance(c, Mapping) or set(c) != {"kind", "left"} or not _known(c["kind"], ix.stack_kinds[i]):
            raise MalformedError(f"position.citizens[{i}] is {{\"kind\": one of {', '.join(ix.stack_kinds[i])}, "
                                 "\"left\": N}} (valeria.setup.citizen-rows)")
        kinds.append(c["kind"])
        left.append(whole(c["left"], f"position.citizens[{i}].left"))

    domains_raw = data["domains"]
    if not isinstance(domains_raw, list) or len(domains_raw) != DOMAIN_STACKS:
        raise MalformedError(f"position.domains lists the {DOMAIN_STACKS} domain stacks, the face-up top first")
    domains = tuple(_ids(st, ix.domains, f"position.domains[{i}]") for i, st in enumerate(domains_raw))

    seats = []
    for i, s in enumerate(seats_raw):
        where = f"position.seats[{i}]"
        if not isinstance(s, Mapping) or set(s) != _SEAT_KEYS:
            raise MalformedError(f"{where} has exactly the fields {', '.join(sorted(_SEAT_KEYS))}")
        owned = s["citizens"]
        if not isinstance(owned, Mapping) or any(k not in kinds for k in owned):
            raise MalformedError(f"{where}.citizens maps citizen kinds of the center stacks to copies")
        counts = tuple(whole(owned.get(k, 0), f"{where}.citizens.{k}") for k in kinds)
        if not _known(s["duke"], ix.dukes):
            raise MalformedError(f"{where}.duke: unknown duke {s['duke']!r}")
        seats.append(Seat(gold=whole(s["gold"], f"{where}.gold"), strength=whole(s["strength"], f"{where}.strength"),
                          magic=whole(s["magic"], f"{where}.magic"), vp=whole(s["vp"], f"{where}.vp"),
                          citizens=counts, domains=_ids(s["domains"], ix.domains, f"{where}.domains"),
                          monsters=_ids(s["monsters"], ix.monsters, f"{where}.monsters"),
                          dealt=(s["duke"],), duke=s["duke"]))

    _conserved(n, areas, stacks, left, domains, seats)
    state = State(players=n, first=first, areas=tuple(areas), monsters=tuple(stacks), citizen_kinds=tuple(kinds),
                  citizen_counts=tuple(left), domains=domains, seats=tuple(seats), active=active, phase=ROLL,
                  flow=BASE_FLOW, turns=turns, end_triggered=data["end_triggered"], resting=resting_seat(n, active))
    return _within_turn(state, data)


def _within_turn(state: State, data: Mapping[str, Any]) -> State:
    """``state`` (at the start of its turn) moved to where ``data``'s turn fields say (decision 0033)."""
    phase = data.get("phase", ROLL)
    if phase not in _PHASES:
        raise MalformedError(f"position.phase is one of {', '.join(_PHASES)}, not {phase!r} (valeria.turn.phases)")
    given = sorted(set(data) & _TURN_KEYS - {"phase"})
    if phase == ROLL:
        if given:
            raise MalformedError(f"position: before the roll there is no {', '.join(given)} (valeria.turn.phases)")
        return state
    n = state.players
    dice, rolled = _dice(data.get("dice"), "position.dice"), _dice(data.get("rolled", data.get("dice")), "position.rolled")
    used = _ids(data.get("used", []), index().domains, "position.used")
    harvest = _harvest(data["harvest"], n) if "harvest" in data else ()
    actions_left = whole(data.get("actions_left", 0), "position.actions_left", 0, 2)
    closing = data.get("closing", False)
    if type(closing) is not bool:
        raise MalformedError("position.closing must be true or false")
    pending = tuple(_decision(raw, f"position.pending[{i}]", n) for i, raw in enumerate(_list(data.get("pending", []),
                                                                                                "position.pending")))
    draw_from = whole(data["draw_from"], "position.draw_from", 0, n - 1) if "draw_from" in data else -1
    problems = [text for wrong, text in (
        (harvest != () and phase != HARVEST, "harvest items wait only in the Harvest phase"),
        (actions_left > 0 and phase not in (ACTIONS, DRAW), "actions are left only in the Action phase"),
        ((draw_from >= 0) != (phase == DRAW), "a draw (Purloiner's Perch) is the phase draw, with draw_from"),
        (bool(pending) and phase not in (HARVEST, ACTIONS), "decisions wait only in the Harvest and Action phases"),
        (phase == ACTIONS and not pending and actions_left == 0 and not closing,
         "the Action phase waits for an action, a decision or the end-of-phase domains"),
    ) if wrong]
    if problems:
        raise MalformedError("position: " + "; ".join(problems) + " (valeria.turn.phases)")
    return replace(state, phase=phase, dice=dice, rolled=rolled, used=used, harvest=harvest, actions_left=actions_left,
                   closing=closing, pending=pending, draw_from=draw_from)


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise MalformedError(f"{where} must be a list, not {value!r}")
    return value


def _dice(value: Any, where: str) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2 or any(type(d) is not int or not 1 <= d <= 6 for d in value):
        raise MalformedError(f"{where} must be two dice 1..6, not {value!r} (valeria.roll.dice)")
    return value[0], value[1]


def _harvest(value: Any, n: int) -> tuple[tuple[HarvestItem, ...], ...]:
    """Each seat's harvest items still to resolve (valeria.harvest.any-order)."""
    ix = index()
    seats = _list(value, "position.harvest")
    if len(seats) != n:
        raise MalformedError(f"position.harvest lists {len(seats)} seats' items; the game has {n}")
    out = []
    for i, items in enumerate(seats):
        mine = []
        for j, item in enumerate(_list(items, f"position.harvest[{i}]")):
            where = f"position.harvest[{i}][{j}]"
            if not isinstance(item, Mapping) or set(item) != {"card", "side", "count"} or not (
                    isinstance(item["card"], str) and (item["card"] in ix.citizens or item["card"] in ix.starters)):
                raise MalformedError(f"{where} is {{\"card\": a citizen or starter, \"side\": \"on\" or \"off\", "
                                     "\"count\": N}")
            if item["side"] not in (ON, OFF):
                raise MalformedError(f"{where}.side is \"on\" (the active seat's left power) or \"off\", "
                                     f"not {item['side']!r}")
            mine.append(HarvestItem(item["card"], item["side"], whole(item["count"], f"{where}.count", 1, 99)))
        out.append(tuple(mine))
    return tuple(out)


def _card_effects(card: str) -> tuple[Effect, ...]:
    """Every effect of ``card`` (a citizen's or starter's both sides, a monster's reward, a domain's
    effect), the branches of its choices included, in a fixed order: what a decision's ``effect`` counts."""
    ix = index()
    if card in ix.citizens or card in ix.starters:
        c = ix.citizens[card] if card in ix.citizens else ix.starters[card]
        roots: tuple[Effect, ...] = (*c.on_turn, *c.off_turn)
    elif card in ix.monsters:
        roots = ix.monsters[card].reward
    elif card in ix.domains:
        roots = ix.domains[card].effect
    else:
        return ()
    out: list[Effect] = []
    todo = list(reversed(roots))
    while todo:
        effect = todo.pop()
        out.append(effect)
        if isinstance(effect, Choice):
            todo.extend(reversed([e for branch in effect.options for e in branch]))
    return tuple(out)


def _decision(raw: Any, where: str, n: int) -> Decision:
    """A pending decision: its seat, its kind, the rule that opened it and the power of the card it answers."""
    if not isinstance(raw, Mapping) or not {"seat", "kind", "rule", "card"} <= set(raw) <= {
            "seat", "kind", "rule", "card", "effect"}:
        raise MalformedError(f"{where} is {{\"seat\", \"kind\", \"rule\", \"card\", \"effect\"}}")
    seat = whole(raw["seat"], f"{where}.seat", 0, n - 1)
    kind, rule, card = raw["kind"], raw["rule"], raw["card"]
    if kind not in _DECISION_EFFECTS:
        raise MalformedError(f"{where}.kind is one of {', '.join(_DECISION_EFFECTS)}, not {kind!r}")
    if not isinstance(rule, str) or load_spec().get(rule) is None or not rule.startswith("valeria."):
        raise MalformedError(f"{where}.rule names the Valeria rule that opened the decision, not {rule!r}")
    effects = _card_effects(card) if isinstance(card, str) else ()
    if not effects:
        raise MalformedError(f"{where}.card names the citizen, monster or domain whose power opened it, not {card!r}")
    wanted = _DECISION_EFFECTS[kind]
    if wanted is None:
        if "effect" in raw:
            raise MalformedError(f"{where}: a {kind} decision answers the card itself; remove 'effect'")
        return Decision(seat, kind, rule, (card,))
    i = whole(raw.get("effect"), f"{where}.effect", 0, len(effects) - 1)
    if not isinstance(effects[i], wanted):
        raise MalformedError(f"{where}.effect: power {i} of {card} does not open a {kind} decision")
    return Decision(seat, kind, rule, (card, effects[i]))


def _decision_to_json(d: Decision) -> dict[str, Any]:
    detail = cast(tuple[Any, ...], d.detail)
    out: dict[str, Any] = {"seat": d.seat, "kind": d.kind, "rule": d.rule, "card": detail[0]}
    if len(detail) > 1:
        out["effect"] = _card_effects(detail[0]).index(detail[1])
    return out


def _turn_to_json(state: State) -> dict[str, Any]:
    """Where the turn is, for a position within it (nothing at the start of a turn)."""
    if state.phase == ROLL:
        return {}
    out: dict[str, Any] = {"phase": state.phase, "dice": list(state.dice), "rolled": list(state.rolled),
                           "used": list(state.used)}
    if state.harvest:
        out["harvest"] = [[{"card": it.card, "side": it.side, "count": it.count} for it in items]
                          for items in state.harvest]
    out.update(actions_left=state.actions_left, closing=state.closing,
               pending=[_decision_to_json(d) for d in state.pending])
    if state.draw_from >= 0:
        out["draw_from"] = state.draw_from
    return out


def _conserved(n: int, areas: list[str], stacks: list[tuple[str, ...]], left: list[int],
               domains: tuple[tuple[str, ...], ...], seats: list[Seat]) -> None:
    """Every card stays one card; every problem found is reported in one error (issue 18 §2), each
    with what it counted."""
    ix = index()
    size, per = citizen_stack_size(n), domains_per_stack(n)
    problems: list[str] = []
    for area, stack in zip(areas, stacks, strict=True):
        strangers = [m for m in stack if ix.monsters[m].area != area]
        if strangers:
            problems.append(f"the {area} stack holds {', '.join(strangers)} of another area")
            continue
        slain = [m for s in seats for m in s.monsters if ix.monsters[m].area == area]
        full = monster_stack(area, n)
        if Counter(stack) + Counter(slain) != Counter(full):
            problems.append(f"the {area} stack ({len(stack)}) and the slain {area} monsters ({len(slain)}) must be "
                            f"the area's {len(full)} cards {', '.join(full)}, counted {len(stack) + len(slain)}: "
                            f"{', '.join((*stack, *slain)) or 'none'} (valeria.setup.monster-row, "
                            "valeria.variants.five-players.stacks)")
    foreign = sorted({m for s in seats for m in s.monsters if ix.monsters[m].area not in areas})
    if foreign:
        problems.append(f"a Victory stack holds {', '.join(foreign)}, of an area not in play")
    for i, k in enumerate(left):
        owned = sum(s.citizens[i] for s in seats)
        if k + owned != size:
            problems.append(f"citizens[{i}]: the stack ({k}) and the copies in the duchies ({owned}) must be {size} "
                            f"cards, counted {k + owned} (valeria.setup.citizen-rows, "
                            "valeria.variants.five-players.stacks)")
    every = [d for st in domains for d in st] + [d for s in seats for d in s.domains]
    twice = sorted({d for d in every if every.count(d) > 1})
    if twice:
        problems.append(f"domains: every domain once; twice: {', '.join(twice)} (valeria.setup.domain-row)")
    high = [i for i, st in enumerate(domains) if len(st) > per]
    if high or len(every) > DOMAIN_STACKS * per:
        problems.append(f"domains: at most {per} per stack and {DOMAIN_STACKS * per} in play, counted "
                        f"{len(every)}" + (f" and stack(s) {', '.join(map(str, high))} higher" if high else "")
                        + " (valeria.setup.domain-row, valeria.variants.five-players.stacks)")
    dukes = [s.duke for s in seats]
    if len(set(dukes)) != len(dukes):
        problems.append("seats: each seat has its own duke (valeria.setup.dukes); twice: "
                        + ", ".join(sorted({d for d in dukes if dukes.count(d) > 1 and d})))
    if problems:
        raise MalformedError("position: " + "; ".join(problems))


def position_to_json(state: State) -> dict[str, Any]:
    """The position of ``state``: at the start of a turn, or at any decision point within it (decision 0033)."""
    if state.phase not in _PHASES:
        raise ValueError(f"a Valeria position is a state of a turn (phases {', '.join(_PHASES)}), not of the phase "
                         f"{state.phase!r}: before the first turn or after the end give the record instead")
    if state.events is not None:
        raise ValueError("a position of the variant with Monster Events cannot be written: the events' hidden "
                         "order belongs to the setup (valeria.variants.events.setup)")
    if state.citizen_stacks:
        raise ValueError("a position of the variant with random citizens cannot be written: the citizen stacks' "
                         "hidden order belongs to the setup (valeria.variants.random-citizens.hidden)")
    return {
        "first": state.first, "active": state.active, "turns": state.turns, "end_triggered": state.end_triggered,
        "monsters": [{"area": a, "stack": list(st)} for a, st in zip(state.areas, state.monsters, strict=True)],
        "citizens": [{"kind": k, "left": n} for k, n in zip(state.citizen_kinds, state.citizen_counts, strict=True)],
        "domains": [list(st) for st in state.domains],
        "seats": [{"gold": s.gold, "strength": s.strength, "magic": s.magic, "vp": s.vp,
                   "citizens": {k: n for k, n in zip(state.citizen_kinds, s.citizens, strict=True) if n},
                   "domains": list(s.domains), "monsters": list(s.monsters), "duke": s.duke}
                  for s in state.seats],
        **_turn_to_json(state),
    }


def position_notes(state: State) -> tuple[Text, ...]:
    """What a position leaves out: the dukes dealt but not kept are unknown; where in the turn it starts."""
    if state.phase != ROLL:
        return (Text.of(cs="Pozice začíná v tahu hráče {s}, ve fázi {p} (kostky {d}); vévodové, které hráči nevybrali, "
                           "nejsou známi.",
                        en="The position starts within seat {s}'s turn, in the phase {p} (dice {d}); the dukes the "
                           "seats did not keep are unknown.")
                .format(s=state.active, p=_PHASE_NAMES.get(state.phase, Text.of(en=state.phase)), d=list(state.dice)),)
    return (Text.of(cs="Pozice začíná před hodem aktivního hráče {s}; vévodové, které hráči nevybrali, nejsou známi.",
                    en="The position starts before seat {s}'s roll; the dukes the seats did not keep are unknown.")
            .format(s=state.active),)
