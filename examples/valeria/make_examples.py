"""Regenerate the bundled Valeria examples: ``python examples/valeria/make_examples.py``."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import attrs

from rules.kernel.records import record_to_json
from rules.kernel.simulate import play_out, random_action
from rules.valeria import engine
from rules.valeria.game import VALERIA
from rules.valeria.state import ACTIONS, Action, ActionKind, Payment

HERE = Path(__file__).resolve().parent


def write(name: str, data: object) -> None:
    (HERE / name).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def full_game(players: int, seed: int, **flags: bool) -> dict[str, Any]:
    """A complete random game (every choice and every roll drawn from ``random.Random(seed)``);
    ``flags`` are variant flags (decision 0018), e.g. ``random_citizens=True``."""
    rng = random.Random(seed)
    setup = VALERIA.random_setup(rng, {"players": players, **flags})
    actions, _ = play_out(VALERIA, VALERIA.initial_state(setup), rng)
    return record_to_json(VALERIA, setup, actions)


def wrong_price() -> dict[str, Any]:
    """Seat 0 recruits a Peasant at its printed price though the starter Peasant shares its name."""
    rng = random.Random(1)
    setup = VALERIA.random_setup(rng, {"players": 2})
    setup = attrs.evolve(setup, first=0)
    state = VALERIA.initial_state(setup)
    actions = [VALERIA.action_from_json({"seat": s, "keep": state.seats[s].dealt[0]}) for s in (0, 1)]
    actions.append(VALERIA.action_from_json({"chance": "roll", "dice": [2, 3]}))  # 5: both starter Peasants
    for a in actions:
        state = VALERIA.apply(state, a)
    assert state.phase == ACTIONS and state.seats[0].gold == 3
    actions.append(VALERIA.action_from_json({"seat": 0, "recruit": "peasant", "pay": {"gold": 2}}))
    data = record_to_json(VALERIA, setup, actions)
    data["comment"] = ("Seat 0 owns the starter Peasant, so a Peasant costs 2 + 1 = 3 gold, not its printed 2 "
                       "(valeria.recruit.cost-per-copy).")
    return data


def _scripted(seed: int, first: int, monsters: list[str] | None = None) -> tuple[Any, Any, list[Action]]:
    """A 2-player setup from ``seed`` (with ``first`` and, if given, these monster areas), both dukes kept."""
    setup = VALERIA.random_setup(random.Random(seed), {"players": 2})
    setup = attrs.evolve(setup, areas=tuple(monsters) if monsters else setup.areas, first=first)
    state = VALERIA.initial_state(setup)
    actions = [VALERIA.action_from_json({"seat": s, "keep": state.seats[s].dealt[0]}) for s in (0, 1)]
    for a in actions:
        state = VALERIA.apply(state, a)
    return setup, state, actions


def herald_on_doubles() -> dict[str, Any]:
    """Doubles are rolled and seat 0 goes straight to its actions, skipping its Herald."""
    setup, state, actions = _scripted(2, 0)
    actions.append(VALERIA.action_from_json({"chance": "roll", "dice": [3, 3]}))
    actions.append(VALERIA.action_from_json({"seat": 0, "gain": "gold"}))
    data = record_to_json(VALERIA, setup, actions)
    data["comment"] = ("On doubles every seat activates its Herald (1 resource of its choice) before the Action "
                       "phase (valeria.herald.doubles).")
    return data


def cube_magic_as_strength() -> dict[str, Any]:
    """Seat 0 pays a Gelatinous Cube (4 strength + 1 magic) with 5 strength and no magic."""
    setup, state, actions = _cube_ready()
    actions.append(VALERIA.action_from_json({"seat": 1, "slay": "swamp", "pay": {"strength": 5, "magic": 0}}))
    data = record_to_json(VALERIA, setup, actions)
    data["comment"] = ("A Gelatinous Cube costs 4 strength and 1 magic: its magic is paid in magic, on top of any "
                       "magic used as strength (valeria.slay.magic-cost).")
    return data


def cube_magic_as_gold() -> dict[str, Any]:
    """Seat 1 pays the Gelatinous Cube's magic part with a gold instead of a magic."""
    setup, state, actions = _cube_ready()
    s = state.seats[1]
    actions.append(VALERIA.action_from_json({"seat": 1, "slay": "swamp", "pay": {"strength": 4, "gold": 1}}))
    data = record_to_json(VALERIA, setup, actions)
    data["comment"] = (f"Seat 1 ({s.gold} gold, {s.strength} strength, {s.magic} magic) pays the Gelatinous Cube "
                       "(4 strength and 1 magic) with 4 strength and 1 gold, saying gold is as good as magic. It is "
                       "not: a monster's magic is paid in magic (valeria.slay.magic-cost) and gold pays no part of "
                       "a monster; magic replaces gold or strength, never the other way round "
                       "(valeria.resources.magic-substitute).")
    return data


def _cube_ready() -> tuple[Any, Any, list[Action]]:
    """Seat 1's Action phase with at least 5 strength and the Gelatinous Cube on top of the Swamp."""
    setup, state, actions = _scripted(3, 0, ["hills", "ruins", "forest", "swamp", "mountains"])
    for dice in ([4, 4], [4, 4], [4, 4]):  # three turns of doubles: Heralds give strength
        actions.append(VALERIA.action_from_json({"chance": "roll", "dice": dice}))
        state = VALERIA.apply(state, actions[-1])
        while state.phase == "harvest":
            a = VALERIA.action_from_json({"seat": VALERIA.turn(state).seats[0], "harvest": "herald",
                                          "choose": "strength"})
            actions.append(a)
            state = VALERIA.apply(state, a)
        for _ in range(2):
            a = VALERIA.action_from_json({"seat": state.active, "gain": "strength"})
            actions.append(a)
            state = VALERIA.apply(state, a)
    actions.append(VALERIA.action_from_json({"chance": "roll", "dice": [1, 2]}))
    state = VALERIA.apply(state, actions[-1])
    while state.phase == "harvest":
        a = VALERIA.action_from_json({"seat": VALERIA.turn(state).seats[0], "harvest": "herald", "choose": "gold"})
        actions.append(a)
        state = VALERIA.apply(state, a)
    assert state.active == 1 and state.seats[1].strength >= 5, state.seats[1]
    return setup, state, actions


def starter_as_role() -> dict[str, Any]:
    """A seat one Worker or Soldier citizen short of a domain's icons builds it anyway,
    counting its starter Peasant or Knight, which has no role icon."""
    for seed in range(500):
        rng = random.Random(seed)
        setup = VALERIA.random_setup(rng, {"players": 2})
        state = VALERIA.initial_state(setup)
        actions: list[Action] = []
        while not VALERIA.is_terminal(state) and len(actions) < 400:
            if state.phase == ACTIONS and not state.pending:
                attempt = _short_by_a_starter(state)
                if attempt is not None:
                    data = record_to_json(VALERIA, setup, [*actions, attempt])
                    data["comment"] = ("The starter Peasant and Knight have no role icon: they do not count "
                                       "toward a domain's requirements (valeria.domains.starters-no-roles).")
                    return data
            action = random_action(VALERIA, state, rng)
            actions.append(action)
            state = VALERIA.apply(state, action)
    raise RuntimeError("no seed gave the situation")


def _short_by_a_starter(state: Any) -> Action | None:
    from rules.valeria.cards import Counter
    from rules.valeria.data import index

    seat = state.seat
    for stack in state.domains:
        if not stack:
            continue
        d = index().domains[stack[0]]
        price = engine.build_price(state, state.active, d.id)
        if seat.gold < price:
            continue
        missing = {r: d.roles.count(r) - engine.count(state, state.active, Counter("role", r)) for r in set(d.roles)}
        short = {r: n for r, n in missing.items() if n > 0}
        if list(short.values()) == [1] and set(short) <= {"worker", "soldier"}:
            return Action(ActionKind.BUILD, state.active, d.id, pay=Payment(gold=price))
    return None


def _until_actions(state: Any, actions: list[Action], dice: list[int]) -> Any:
    """Roll ``dice``, announce them, take gold for every Herald and citizen choice: the Action phase."""
    actions.append(VALERIA.action_from_json({"chance": "roll", "dice": dice}))
    state = VALERIA.apply(state, actions[-1])
    while state.phase != ACTIONS:
        if state.phase == "dice":
            a = VALERIA.action_from_json({"seat": state.active, "announce": True})
        else:
            a = next(x for x in VALERIA.legal_actions(state) if x.option in ("gold", "decline"))
        actions.append(a)
        state = VALERIA.apply(state, a)
    return state


def thief_on_the_resting_seat() -> dict[str, Any]:
    """Five players: seat 0's Thief takes 3 gold from the resting seat 4."""
    for seed in range(200):
        base = VALERIA.random_setup(random.Random(seed), {"players": 5})
        if "thief" in base.citizens:
            break
    setup = attrs.evolve(base, first=0)
    state = VALERIA.initial_state(setup)
    actions = [VALERIA.action_from_json({"seat": s, "keep": state.seats[s].dealt[0]}) for s in range(5)]
    for a in actions:
        state = VALERIA.apply(state, a)
    state = _until_actions(state, actions, [1, 1])  # seat 4 rests: no Herald for it
    recruit = VALERIA.action_from_json({"seat": 0, "recruit": "thief", "pay": {"gold": 2}})
    actions += [recruit, VALERIA.action_from_json({"seat": 0, "gain": "gold"})]
    for a in actions[-2:]:
        state = VALERIA.apply(state, a)
    while state.active != 0:  # the others gain gold until seat 0 rolls again
        state = _until_actions(state, actions, [2, 2])
        for _ in range(2):
            actions.append(VALERIA.action_from_json({"seat": state.active, "gain": "gold"}))
            state = VALERIA.apply(state, actions[-1])
    actions.append(VALERIA.action_from_json({"chance": "roll", "dice": [3, 4]}))  # 7: seat 0's Thief
    state = VALERIA.apply(state, actions[-1])
    assert state.pending and state.pending[0].kind == "thief" and state.resting == 4
    actions.append(VALERIA.action_from_json({"seat": 0, "thief": "gold", "from": 4}))
    data = record_to_json(VALERIA, setup, actions)
    data["comment"] = ("Five players: seat 4, right of the active seat 0, rests and cannot be the target of negative "
                       "effects, so the Thief must take from seat 1, 2 or 3 "
                       "(valeria.variants.five-players.resting-immune).")
    return data


def duke_per_type() -> dict[str, Any]:
    """A finished 2-player game whose winner changes when the dukes' resources are scored per
    type instead of summed (the first such game of seeds 100, 101, ...); the claim is in the comment."""
    import attrs

    from rules.valeria.data import index

    for seed in range(100, 400):
        data = full_game(2, seed)
        state = VALERIA.initial_state(VALERIA.setup_from_json(data["setup"], data["variant"]))
        for a in data["actions"]:
            state = VALERIA.apply(state, VALERIA.action_from_json(a))
        scores = tuple(engine.score(state, i) for i in range(state.players))
        claimed, sums = [], []
        for sc, s in zip(scores, state.seats, strict=True):
            assert s.duke is not None
            per = index().dukes[s.duke].resources_per_vp
            by_type = s.gold // per + s.strength // per + s.magic // per
            claimed.append(attrs.evolve(sc, duke_resources=by_type))
            sums.append(f"seat {sc.seat}: {s.gold} gold, {s.strength} strength, {s.magic} magic, 1 VP per {per}: "
                        f"claimed {s.gold}//{per} + {s.strength}//{per} + {s.magic}//{per} = {by_type}, "
                        f"summed ({s.gold} + {s.strength} + {s.magic}) // {per} = {sc.duke_resources}")
        won, claim = engine.winners(scores), engine.winners(tuple(claimed))
        if won != claim:
            data["comment"] = (
                "Disputed scoring: the table divided each resource type by the duke's number on its own and "
                f"declared seat(s) {', '.join(map(str, claim))} the winner with totals "
                f"{', '.join(str(c.total) for c in claimed)}. The book sums the resources, then divides "
                f"(valeria.dukes.resources, ruling O1): {'; '.join(sums)}. Totals "
                f"{', '.join(str(sc.total) for sc in scores)}: seat(s) {', '.join(map(str, won))} win(s). "
                "`rules valeria score` shows each duke's formula.")
            return data
    raise RuntimeError("no seed gave the situation")


def solo_game(seed: int, difficulty: str, outcome: str) -> dict[str, Any]:
    """A solo game against the Dark Lord (decision 0021): the rolls drawn from ``random.Random(seed)``,
    the player greedy (slay before build before recruit before gain, ties and other choices at random)."""
    from rules.kernel.game import TurnKind
    from rules.valeria.state import ActionKind

    order = {ActionKind.SLAY: 4, ActionKind.BUILD: 3, ActionKind.RECRUIT: 2, ActionKind.GAIN: 1}
    rng = random.Random(seed)
    setup = VALERIA.random_setup(rng, {"players": 1, "difficulty": difficulty})
    state = VALERIA.initial_state(setup)
    actions: list[Action] = []
    while not VALERIA.is_terminal(state):
        if VALERIA.turn(state).kind is TurnKind.CHANCE:
            outcomes = VALERIA.chance_outcomes(state)
            action = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            legal = list(VALERIA.legal_actions(state))
            best = max(order.get(a.kind, 0) for a in legal)
            action = rng.choice([a for a in legal if order.get(a.kind, 0) == best])
        actions.append(action)
        state = VALERIA.apply(state, action)
    assert state.solo.outcome == outcome, state.solo.outcome
    result = VALERIA.result(state)
    assert result is not None
    solo = result.details["solo"]
    data = record_to_json(VALERIA, setup, actions)
    if outcome == "loss":
        data["comment"] = (f"Solo game, {difficulty} setting: an activation hits a column with no citizens and no "
                           f"domains left, and the player loses at once (valeria.variants.solo.end). The Dark Lord "
                           f"wins (winners: []); the scores at that moment: player {solo['player']}, Dark Lord "
                           f"{solo['dark-lord']}.")
    else:
        data["comment"] = (f"Solo game, {difficulty} setting: five center stacks are exhausted and the game is scored "
                           f"(valeria.variants.solo.end); the player has {solo['player']} VP, the Dark Lord "
                           f"{solo['dark-lord']}: more than the Dark Lord, so the player wins "
                           f"(valeria.variants.solo.result; winners: [0]).")
    return data


def event_on_doubles() -> dict[str, Any]:
    """Monster Events: doubles showing a token event's number trigger it once; the record then
    claims a second token for the same roll (one per die), which is refused. The first random
    3-player game (seeds 1, 2, ...) where a token event lies face up before a roll."""
    from rules.valeria import events
    from rules.valeria.cards import AddToken
    from rules.valeria.data import index

    ix = index()
    for seed in range(1, 300):
        rng = random.Random(seed)
        setup = VALERIA.random_setup(rng, {"players": 3, "monster_events": True})
        state = VALERIA.initial_state(setup)
        actions: list[Action] = []
        while not VALERIA.is_terminal(state) and len(actions) < 2000:
            if state.phase == "roll":
                face_up = [e for _, e in events.events_in_play(state)]
                token = [e for e in face_up if ix.events[e].trigger <= 6
                         and any(isinstance(x, AddToken) for x in ix.events[e].on_trigger)]
                if len(face_up) == 1 and token:
                    return _second_token(setup, state, actions, token[0])
            action = random_action(VALERIA, state, rng)
            actions.append(action)
            state = VALERIA.apply(state, action)
    raise RuntimeError("no seed gave the situation")


def _second_token(setup: Any, state: Any, actions: list[Action], event: str) -> dict[str, Any]:
    from rules.valeria.data import index

    n = index().events[event].trigger
    actions.append(VALERIA.action_from_json({"chance": "roll", "dice": [n, n]}))
    state = VALERIA.apply(state, actions[-1])
    if state.phase == "dice":
        actions.append(VALERIA.action_from_json({"seat": state.active, "announce": True}))
        state = VALERIA.apply(state, actions[-1])
    first = next(a for a in VALERIA.legal_actions(state) if a.kind == "token")
    actions.append(first)
    state = VALERIA.apply(state, first)
    actions.append(first)  # the same token again: "one per die"
    data = record_to_json(VALERIA, setup, actions)
    name = index().events[event].name.en
    data["comment"] = (f"Monster Events: {name} (number {n}) lies face up and seat {state.active} rolls {n} and {n}. "
                       f"The table claims the event triggers twice, once per die, as citizens do on doubles, and "
                       f"puts a second token. An event triggers only once, even on doubles "
                       f"(valeria.variants.events.trigger).")
    return data


def main() -> None:
    write("full-game.json", full_game(2, 7))
    write("four-players.json", full_game(4, 8))
    write("five-players.json", full_game(5, 9))
    write("random-citizens.json", full_game(3, 10, random_citizens=True))
    write("disputed-resting-thief.json", thief_on_the_resting_seat())
    write("disputed-price.json", wrong_price())
    write("disputed-starter-role.json", starter_as_role())
    write("disputed-herald-doubles.json", herald_on_doubles())
    write("disputed-cube-magic.json", cube_magic_as_strength())
    write("disputed-cube-gold.json", cube_magic_as_gold())
    write("disputed-duke-per-type.json", duke_per_type())
    write("solo-win.json", solo_game(1, "normal", "score"))
    write("solo-loss.json", solo_game(6, "hardest", "loss"))
    write("monster-events.json", full_game(3, 12, monster_events=True))
    write("disputed-event-doubles.json", event_on_doubles())


if __name__ == "__main__":
    main()
