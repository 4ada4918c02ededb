"""Valeria positions: a disputed game state at the start of a turn (before the
roll), without the game that led to it (decision 0010: a position never holds
pre-rolled dice). ``"variant": {"players": 2..5}``::

    {"first": 0, "active": 1, "turns": 7, "end_triggered": false,
     "monsters": [{"area": "hills", "stack": ["goblin", "goblin-mage", "goblin-king"]}, ...],   # 5, top first
     "citizens": [{"kind": "cleric", "left": 5}, ...],                # the 10 stacks, 1 .. 11/12
     "domains": [["palace-of-the-dawn", "..."], [], ...],            # 5 stacks, the face-up top first
     "seats": [{"gold": 2, "strength": 0, "magic": 1, "vp": 0, "citizens": {"peasant": 1},
                "domains": ["..."], "monsters": ["goblin"], "duke": "simon-the-unclean"}, ...]}

Every card stays one card: a monster area's center stack and the monsters of
that area in the Victory stacks are the area's five cards, each citizen stack
and its copies in the duchies are five, every domain and duke appears once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError
from rules.valeria.data import index
from rules.valeria.flows import BASE_FLOW
from rules.valeria.records import DOMAIN_STACKS, MONSTER_STACKS, players_of, whole
from rules.valeria.state import ROLL, Seat, State
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


def _ids(value: Any, known: Mapping[str, Any], where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or any(v not in known for v in value):
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
    if not isinstance(data, Mapping) or set(data) - _KEYS or _KEYS - set(data):
        raise MalformedError(f"a Valeria position has exactly the fields {', '.join(sorted(_KEYS))}")
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
        if not isinstance(m, Mapping) or set(m) != {"area", "stack"} or m["area"] not in ix.areas:
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
        if not isinstance(c, Mapping) or set(c) != {"kind", "left"} or c["kind"] not in ix.stack_kinds[i]:
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
        if s["duke"] not in ix.dukes:
            raise MalformedError(f"{where}.duke: unknown duke {s['duke']!r}")
        seats.append(Seat(gold=whole(s["gold"], f"{where}.gold"), strength=whole(s["strength"], f"{where}.strength"),
                          magic=whole(s["magic"], f"{where}.magic"), vp=whole(s["vp"], f"{where}.vp"),
                          citizens=counts, domains=_ids(s["domains"], ix.domains, f"{where}.domains"),
                          monsters=_ids(s["monsters"], ix.monsters, f"{where}.monsters"),
                          dealt=(s["duke"],), duke=s["duke"]))

    _conserved(n, areas, stacks, left, domains, seats)
    return State(players=n, first=first, areas=tuple(areas), monsters=tuple(stacks), citizen_kinds=tuple(kinds),
                 citizen_counts=tuple(left), domains=domains, seats=tuple(seats), active=active, phase=ROLL, flow=BASE_FLOW,
                 turns=turns, end_triggered=data["end_triggered"], resting=resting_seat(n, active))


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
    if state.phase != ROLL:
        raise ValueError("a Valeria position is a state at the start of a turn, before the roll")
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
    }


def position_notes(state: State) -> tuple[Text, ...]:
    """What a position leaves out: it starts before the roll, the dukes dealt but not kept are unknown."""
    return (Text.of(cs="Pozice začíná před hodem aktivního hráče {s}; vévodové, které hráči nevybrali, nejsou známi.",
                    en="The position starts before seat {s}'s roll; the dukes the seats did not keep are unknown.")
            .format(s=state.active),)
