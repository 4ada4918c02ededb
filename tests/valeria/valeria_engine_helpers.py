"""Shared fixtures of the Valeria engine tests: a first-game setup and quick
ways to put a seat in a given situation."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs

from rules.kernel.simulate import random_action
from rules.kernel.verdict import Violation
from rules.valeria.data import index
from rules.valeria.game import VALERIA
from rules.valeria.state import ACTIONS, HARVEST, Events, Seat, Setup, State
from rules.valeria.variants import monster_stack

CITIZENS = ["cleric", "merchant", "mercenary", "archer", "peasant", "knight", "rogue", "champion", "paladin",
            "butcher"]
STACK = {kind: i for i, kind in enumerate(CITIZENS)}
SETUP: dict[str, Any] = {
    "monsters": ["hills", "ruins", "forest", "valley", "mountains"],
    "citizens": CITIZENS,
    "domains": [["palace-of-the-dawn", "halfpenny-hill", "the-orb-of-urdr"],
                ["foxgrove-palisade", "blood-crow-army", "cutthroats-truce"],
                ["eye-of-asteraten", "golden-obelisk-of-nae", "shattered-hand"],
                ["grimmwater-keep", "rogues-landing", "cloudriders-camp"],
                ["watcher-on-the-water", "darktide-harbour", "emerald-stronghold"]],
    "dukes": [["simon-the-unclean", "node-master-of-swords"], ["reese-the-firebrand", "cornelius-the-dreamer"]],
    "first": 0,
}


def setup_json(**changes: Any) -> dict[str, Any]:
    out = {k: (list(v) if isinstance(v, list) else v) for k, v in SETUP.items()}
    out.update(changes)
    return out


def new_game(players: int = 2, **changes: Any) -> State:
    data = setup_json(**changes)
    if players > 2 and "dukes" not in changes:
        data["dukes"] = SETUP["dukes"] + [["elsyn-saint-of-shadows", "elisium-the-allsmith"],
                                          ["hrothgar-the-conqueror", "isabella-the-righteous"]][:players - 2]
    return VALERIA.initial_state(VALERIA.setup_from_json(data, {"players": players}))


def started(players: int = 2, **changes: Any) -> State:
    """Every seat has kept the first of its two dukes; the first roll is next."""
    state = new_game(players, **changes)
    for seat in range(players):
        state = VALERIA.apply(state, VALERIA.action_from_json({"seat": seat, "keep": state.seats[seat].dealt[0]}))
    return state


def citizens(**owned: int) -> tuple[int, ...]:
    counts = [0] * len(CITIZENS)
    for kind, n in owned.items():
        counts[STACK[kind]] = n
    return tuple(counts)


def with_seat(state: State, seat: int, **fields: Any) -> State:
    if "citizens" in fields and isinstance(fields["citizens"], dict):
        fields["citizens"] = citizens(**fields["citizens"])
    seats = list(state.seats)
    seats[seat] = attrs.evolve(seats[seat], **fields)
    return attrs.evolve(state, seats=tuple(seats))


def in_actions(state: State | None = None, seat: int = 0, actions_left: int = 2, **fields: Any) -> State:
    """The Action phase of ``seat`` with its board changed by ``fields``."""
    state = state if state is not None else started()
    state = attrs.evolve(state, phase=ACTIONS, active=seat, actions_left=actions_left, harvest=(), closing=False)
    return with_seat(state, seat, **fields) if fields else state


def act(state: State, *actions: dict[str, Any]) -> State:
    for a in actions:
        state = VALERIA.apply(state, VALERIA.action_from_json(a))
    return state


def refused(state: State, action: dict[str, Any]) -> Violation:
    verdict = VALERIA.check(state, VALERIA.action_from_json(action))
    assert isinstance(verdict, Violation), f"{action} was accepted"
    return verdict


def roll(state: State, a: int, b: int) -> State:
    return act(state, {"chance": "roll", "dice": [a, b]})


def seat(state: State, i: int) -> Seat:
    return state.seats[i]


def walk(seed: int, variant: dict[str, Any] | None = None, limit: int = 8000) -> tuple[Setup, list[Any], list[State]]:
    """A random game of ``variant`` (the default variant when ``None``) from ``seed``: the
    setup, every action (chance outcomes by their probability) and every state reached."""
    rng = random.Random(seed)
    setup = VALERIA.random_setup(rng, variant)
    state = VALERIA.initial_state(setup)
    states, actions = [state], []
    while not VALERIA.is_terminal(state):
        action = random_action(VALERIA, state, rng)
        actions.append(action)
        state = VALERIA.apply(state, action)
        states.append(state)
        assert len(actions) < limit
    return setup, actions, states


def conserved(setup: Setup, state: State) -> None:
    """Every card dealt at ``setup`` is somewhere in ``state``, once, whatever the variant:
    monsters in their area's stack or a Victory stack; events in the Exhausted stack, a
    center position or a Victory stack; citizens in the center, a duchy or beside the Dark
    Lord; domains in the center, a duchy or seized by him; each seat's dukes as dealt."""
    ix = index()
    slain = [m for s in state.seats for m in s.monsters]
    for area, stack in zip(state.areas, state.monsters, strict=True):
        mine = [m for m in slain if ix.monsters[m].area == area]
        assert Counter(stack) + Counter(mine) == Counter(monster_stack(area, state.players)), area
    part = state.events if state.events is not None else Events(exhausted_stack=(), placed=())
    events = ([c for c in part.exhausted_stack if c in ix.events] + [c for c in part.placed if c in ix.events]
              + [m for m in slain if m in ix.events])
    assert sorted(events) == sorted(setup.monster_events.events if setup.monster_events is not None else ())
    assert all(m in ix.events or ix.monsters[m].area in state.areas for m in slain)
    if setup.monster_events is not None:
        assert part.exhausted_stack.count("exhausted") + part.placed.count("exhausted") == 2 * state.players
    start = VALERIA.initial_state(setup)
    captured, seized = (state.solo.captured, state.solo.seized) if state.solo is not None else ((), ())
    for i, kind in enumerate(state.citizen_kinds):
        owned = sum(s.citizens[i] for s in state.seats)
        assert state.citizen_counts[i] + owned + captured.count(kind) == start.citizen_counts[i], kind
    if state.citizen_stacks:
        center = Counter(state.citizen_kinds[i] for st in state.citizen_stacks for i in st)
        assert tuple(center[k] for k in state.citizen_kinds) == state.citizen_counts
    domains = Counter(d for st in state.domains for d in st) + Counter(d for s in state.seats for d in s.domains)
    assert domains + Counter(seized) == Counter(d for st in setup.domains for d in st)
    for s, dealt in zip(state.seats, setup.dukes, strict=True):
        assert s.dealt == dealt and (s.duke is None or s.duke in dealt)


__all__ = ["ACTIONS", "HARVEST", "SETUP", "STACK", "act", "citizens", "conserved", "in_actions", "new_game", "refused", "roll",
           "seat", "setup_json", "started", "walk", "with_seat"]
