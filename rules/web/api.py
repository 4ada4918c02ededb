"""What the rulebook's Adjudicate panel calls (docs/decisions/0017-in-page-adjudicator.md).

Pure functions from strings and JSON-able values to JSON-able dicts, run in
the page by Pyodide with the project's own wheel, and by the tests with
CPython. Nothing here re-states a rule: a record is judged by
:func:`rules.cli.adjudicate_one` (what ``rules adjudicate`` runs), a follow
by the Claim engine's own ``check`` and ``apply`` on a position built from
the cards the players enter, a Leaders action by the same record replay and
``wins`` by :func:`rules.leaders.commands.report`.

Bad input gets the CLI's verdict (a :class:`MalformedError` becomes
``{"status": "malformed", "error": ...}``); :func:`call`, the page's one
entry point, turns anything unexpected into ``{"status": "internal", ...}``,
never a traceback.
"""

from __future__ import annotations

import io
import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from rules import games
from rules.cli import EXIT_ILLEGAL, EXIT_MALFORMED, EXIT_OK, adjudicate_one, languages
from rules.kernel.records import FORMAT, parse_json
from rules.kernel.spec import SpecError, load_spec
from rules.kernel.verdict import MalformedError

_STATUS = {EXIT_OK: "legal", EXIT_ILLEGAL: "illegal", EXIT_MALFORMED: "malformed"}
_CLAIM_FAMILY = ("claim", "claim2", "claim-combined")


def _malformed(error: str) -> dict[str, Any]:
    return {"status": "malformed", "error": error}


def _lang(lang: str) -> str:
    if lang not in languages():
        raise MalformedError(f"language {lang!r}: choose one of {', '.join(languages())}")
    return lang


# --------------------------------------------------------------------------- whole records


def adjudicate(text: str, lang: str = "en", name: str = "record") -> dict[str, Any]:
    """Judge a pasted or uploaded ``rules-record/1`` JSON text.

    ``json`` is the object ``rules adjudicate --json`` prints for that file
    and ``text`` what ``rules adjudicate --explain --lang LANG`` prints (its
    standard output and error), both made by the CLI's own function;
    ``status`` is legal, illegal, impossible or malformed.
    """
    _lang(lang)

    def load() -> Any:
        return parse_json(text, where=name)

    out = io.StringIO()
    code = adjudicate_one(name, load, lang=lang, explain=False, as_json=True, out=out, err=out)
    verdict = json.loads(out.getvalue())
    explained, errors = io.StringIO(), io.StringIO()
    adjudicate_one(name, load, lang=lang, explain=True, as_json=False, out=explained, err=errors)
    status = "impossible" if verdict.get("impossible") else _STATUS[code]
    return {"status": status, "exit": code, "json": verdict, "text": explained.getvalue() + errors.getvalue(),
            "rules": _cited(verdict), "steps": _steps(load, name, lang) if code != EXIT_MALFORMED else []}


def _steps(load: Any, name: str, lang: str) -> list[dict[str, Any]]:
    """The record action by action, to step through: each action's JSON and the
    lines ``--explain`` prints for it (the kernel's own replay with ``explain``)."""
    from rules.kernel.records import adjudicate as replay
    from rules.kernel.records import parse_record

    record = parse_record(load(), games.load, where=name)
    game = games.load(record.game)
    verdict = replay(game, record, explain=True)
    starts = (*verdict.step_starts, len(verdict.trace))
    steps = [{"index": i, "action": game.action_to_json(record.actions[i]), "legal": True,
              "lines": [line[lang] for line in verdict.trace[starts[i]:starts[i + 1]]]}
             for i in range(len(verdict.step_starts))]
    if verdict.illegal is not None:
        steps.append({"index": verdict.illegal.index, "action": game.action_to_json(verdict.illegal.action),
                      "legal": False, "lines": [verdict.illegal.violation.message[lang]],
                      "rules": list(verdict.illegal.violation.rules)})
    return steps


def _cited(verdict: Mapping[str, Any]) -> list[dict[str, Any]]:
    illegal = verdict.get("illegal")
    ids = illegal.get("rules", []) if isinstance(illegal, Mapping) else []
    return [rule(i) for i in ids]


# --------------------------------------------------------------------------- rules


def rule(rule_id: str) -> dict[str, Any]:
    """One rule: both languages' titles and texts, its game and section (``rules rule --json``)."""
    found = load_spec().get(rule_id)
    if found is None:
        return {"id": rule_id, "found": False, "error": f"no rule {rule_id!r}; list them with `rules rules`"}
    return {**found.to_json(), "found": True}


# --------------------------------------------------------------------------- Claim: one follow


def claim_cards(game: str = "claim", variant: Any = None) -> dict[str, Any]:
    """The cards of a game's deck for the card picker: ``faction:value``, how many, names."""
    from rules.claim.cards import Card

    engine = _claim_engine(game)
    deck = engine._variant(variant).deck
    counts = Counter(deck)
    cards: list[Card] = sorted(counts)
    from rules.claim.cards import Faction

    return {"game": game, "languages": list(engine.info.languages),
            "factions": [{"faction": f.key, "name": f.plural.to_json()} for f in Faction],
            "cards": [{"card": str(c), "faction": c.faction.key, "value": c.value, "count": counts[c],
                       "name": c.name.to_json()} for c in cards]}


def _claim_engine(game: str) -> Any:
    if game not in _CLAIM_FAMILY:
        raise MalformedError(f"game {game!r}: the follow check is for {', '.join(_CLAIM_FAMILY)}")
    return games.load(game)


def claim_follow(game: str, lead: str, follow: str, hand: Sequence[str] = (), *, hand_known: bool = True,
                 phase: int = 2, revealed: str | None = None, variant: Any = None,
                 lang: str = "en") -> dict[str, Any]:
    """Was following ``lead`` with ``follow`` legal, and who takes the trick?

    ``hand`` is the follower's hand before the play (``follow`` is added when
    missing). With ``hand_known`` false the hand is "unknown except" those
    cards: the engine judges the play twice, with the known cards alone and
    with a card of the led faction added, and the verdict is legal, illegal,
    or legal only if the follower held no card of the led faction
    (``status`` "depends"). Phase one needs the ``revealed`` card (the winner
    takes it). The seats are 0 (leader) and 1 (follower) of a two-player game.
    """
    try:
        return _claim_follow(game, lead, follow, hand, hand_known, phase, revealed, variant, _lang(lang))
    except MalformedError as exc:
        return _malformed(str(exc))


def _claim_follow(game: str, lead: str, follow: str, hand: Sequence[str], hand_known: bool, phase: int,
                  revealed: str | None, variant: Any, lang: str) -> dict[str, Any]:
    from rules.claim.cards import parse_card, parse_cards
    from rules.claim.tables import play

    engine = _claim_engine(game)
    v = engine._variant(variant)
    if v.players != 2:
        raise MalformedError("the follow check is for two players; adjudicate a whole record for more")
    if phase not in (1, 2) or type(phase) is not int:
        raise MalformedError("phase must be 1 or 2")
    led = parse_card(lead, "led card")
    played = parse_card(follow, "follower's card")
    known = parse_cards(list(hand), "follower's hand")
    if played not in known:
        known = (played, *known)
    face_up = None
    if phase == 1:
        if revealed is None:
            raise MalformedError("phase one: give the revealed card (the trick's winner takes it)")
        face_up = parse_card(revealed, "revealed card")
    hypotheses = [known]
    if not hand_known and not any(c.faction is led.faction for c in known):
        spare = _spare(v, [led, *known, *([face_up] if face_up else [])], led.faction)
        if spare is not None:
            hypotheses.append((*known, spare))
    judged = []
    for held in hypotheses:
        state = engine.position_from_json(_follow_position(v, led, held, face_up, phase), variant)
        action = play(1, played)
        violation = engine.check(state, action)
        if violation is not None:
            judged.append({"legal": False, "rules": list(violation.rules), "message": violation.message.get(lang)})
            continue
        after = engine.apply(state, action)
        trick = after.last_trick
        lines = [line.get(lang) for line in engine.explain_step(state, action, after)]
        lines += [step.narration.get(lang) for step in engine.forced_steps(state, action, after)]
        # the loser's draw is of a deck card the panel did not ask for (a stand-in of _follow_position)
        lines = [line for line in lines if "loser-draws" not in line]
        judged.append({"legal": True, "winner": trick.winner if trick else None,
                       "takes": "leader" if trick and trick.winner == 0 else "follower",
                       "explanation": lines, "rules": _rules_in(lines)})
    first = judged[0]
    if len(judged) == 2 and judged[0]["legal"] != judged[1]["legal"]:
        status = "depends"
    else:
        status = "legal" if first["legal"] else "illegal"
    cited = list(dict.fromkeys(r for j in judged for r in j["rules"]))
    return {"status": status, "game": game, "lead": str(led), "follow": str(played),
            "hand": [str(c) for c in known], "hand_known": hand_known, "phase": phase,
            "cases": judged, "rules": [rule(r) for r in cited if load_spec().get(r)]}


def _rules_in(lines: Sequence[str]) -> list[str]:
    """The rule IDs an explanation cites (they are written as IDs in the engine's text)."""
    spec = load_spec()
    found: list[str] = []
    for line in lines:
        for word in line.replace("(", " ").replace(")", " ").replace(",", " ").replace(";", " ").split():
            word = word.rstrip(".:")
            if spec.get(word) is not None and word not in found:
                found.append(word)
    return found


def _spare(v: Any, used: Sequence[Any], faction: Any) -> Any:
    """A card of ``faction`` left in the deck after ``used``, or None."""
    left = Counter(v.deck) - Counter(used)
    return next((c for c in sorted(left) if c.faction is faction), None)


def _follow_position(v: Any, led: Any, held: Sequence[Any], face_up: Any, phase: int) -> dict[str, Any]:
    """A two-player position where seat 0 has led ``led`` and seat 1, holding
    ``held``, is to follow; every other card of the deck is put where the
    phase has room for it (the leader's hand, the deck, followers, discard).
    Impossible card sets are refused by the engine's own position reader."""
    k = len(held)
    left = list((Counter(v.deck) - Counter([led, *held, *([face_up] if face_up else [])])).elements())
    wanted = Counter([led, *held, *([face_up] if face_up else [])]) - Counter(v.deck)
    if wanted:
        extra = ", ".join(str(c) for c in sorted(wanted.elements()))
        raise MalformedError(f"not in the deck of {v.key} (or entered too often): {extra}")
    if k > v.hand_size:
        raise MalformedError(f"a hand holds at most {v.hand_size} cards")
    left.sort()

    def take(n: int) -> list[str]:
        if n > len(left):
            raise MalformedError("too few cards left in the deck for this position")
        out = [str(c) for c in left[:n]]
        del left[:n]
        return out

    position: dict[str, Any] = {"phase": phase, "leader": 0, "table": [str(led)],
                                "hands": [take(k - 1), [str(c) for c in held]]}
    if phase == 1:
        position["face_up"] = [str(face_up)]
        position["deck"] = take(2 * k - 1)
        position["followers"] = [take(v.hand_size - k), take(v.hand_size - k)]
    position["discard"] = [str(c) for c in left]
    return position


# --------------------------------------------------------------------------- Leaders


def leaders_action(position: Any, action: Any, lang: str = "en") -> dict[str, Any]:
    """Judge one action in a Leaders position: the verdict and, when legal, what
    it leads to (captures, surrounds, the Nemesis' reply), exactly as
    :func:`adjudicate` judges the record ``{"position": ..., "actions": [action]}``."""
    record = {"format": FORMAT, "game": "leaders", "position": position, "actions": [action]}
    result = adjudicate(json.dumps(record, ensure_ascii=False), lang, name="board")
    if result["status"] == "legal":  # cite what decided: the move, a capture or surround, the Nemesis' reply
        result["rules"] = [rule(r) for r in _rules_in(result["text"].splitlines())]
    return result


def leaders_wins(position: Any, lang: str = "en") -> dict[str, Any]:
    """``rules leaders wins`` on a position (or a position record): the shortest
    forced win of the current action phase (or why there is none), as text and
    as its JSON."""
    from rules.leaders.commands import position_state, report
    from rules.leaders.game import LEADERS

    try:
        if lang not in ("cs", "en"):
            raise MalformedError(f"language {lang!r}: Leaders speaks cs or en")
        state = position_state(position, LEADERS, where="position")
    except MalformedError as exc:
        return _malformed(str(exc))
    text, data = io.StringIO(), io.StringIO()
    report(state, lang=lang, out=text)
    report(state, lang=lang, as_json=True, out=data)
    return {"status": "ok", "text": text.getvalue(), "json": json.loads(data.getvalue())}


def leaders_tap_action(seat: int, piece: Any, ability: str, cells: Sequence[Any] = (),
                       pull: bool = False) -> dict[str, Any]:
    """The action JSON for what the board's taps say: the acting ``piece``'s cell,
    ``"move"`` or an ability (a character key), then the tapped ``cells`` in
    order: a target first for the abilities that name one
    (:data:`rules.leaders.records.TARGET_ABILITIES`), then the destination, or a
    path of several cells (:data:`~rules.leaders.records.PATH_ABILITIES`)."""
    from rules.leaders.records import PATH_ABILITIES, TARGET_ABILITIES

    action: dict[str, Any] = {"seat": seat, "piece": piece}
    rest = list(cells)
    if ability == "move":
        action["move"] = rest
        return {"status": "ok", "action": action}
    action["ability"] = ability
    if ability in TARGET_ABILITIES and rest:
        action["target"] = rest.pop(0)
    if ability == "claw-launcher":
        action["pull"] = bool(pull)
    # a destination the ability does not take (NO_DESTINATION) is passed on for the engine to refuse
    if len(rest) > 1 or (ability in PATH_ABILITIES and rest):
        action["path"] = rest
    elif rest:
        action["to"] = rest[0]
    return {"status": "ok", "action": action}


def leaders_characters() -> dict[str, Any]:
    """The characters a piece may be, with their names and class (only an
    ``active`` character has an ability to choose), for the board's picker."""
    from rules.leaders.characters import CHARACTERS

    return {"characters": [{"key": k, "name": c.name.to_json(), "klass": c.klass} for k, c in CHARACTERS.items()]}


# --------------------------------------------------------------------------- Valeria

#: The base game's seats (valeria.setup.players); the five-player variant is judged as a whole record.
_VALERIA_SEATS = range(2, 5)
_VALERIA_HARVEST_RULES = ("valeria.roll.activation-values", "valeria.harvest.everyone", "valeria.harvest.two-effects",
                          "valeria.harvest.each-copy")


def _text(t: Any) -> dict[str, str]:
    """A :class:`~rules.kernel.text.Text` or a card :class:`~rules.valeria.cards.Name` as ``{cs, en}``."""
    return {"cs": t.get("cs"), "en": t.get("en")}


def valeria_cards() -> dict[str, Any]:
    """The cards the Valeria panel's pickers show, from the card data (decision 0016): the
    citizens of each center stack (activation numbers, cost, role), the starters every seat
    has, the monsters (strength, magic), the domains (cost, role icons)."""
    from rules.valeria.data import index

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
        "seats": list(_VALERIA_SEATS),
    }


def _valeria_position(seats: Any, active: Any, *, recruit: str | None = None, monster: str | None = None,
                      build: str | None = None, has: Mapping[str, int] | None = None) -> Any:
    """The state at the start of ``active``'s turn with the entered tableaux (citizens by kind,
    domains built; the starters are every seat's), read by the engine's own position reader
    (:func:`rules.valeria.positions.position_from_json`, which refuses an impossible table):
    the center holds the entered citizen kinds (one per activation stack, valeria.setup.citizen-rows),
    ``monster`` on top of its area's stack, ``build`` face up on a domain stack; the active seat holds
    ``has``. Unknown cards and bad counts are a :class:`MalformedError` naming them."""
    from rules.valeria.data import index
    from rules.valeria.records import DOMAIN_STACKS, MONSTER_STACKS
    from rules.valeria.variants import citizen_stack_size, domains_per_stack, monster_stack

    ix = index()
    if not isinstance(seats, list) or len(seats) not in _VALERIA_SEATS:
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
        for kind in citizens:
            if kind not in ix.citizens:
                known = "a starter: every seat has the starters" if kind in ix.starters else "not a citizen"
                raise MalformedError(f"seat {i}: unknown citizen {kind!r} ({known})")
        owned.append({k: v for k, v in citizens.items() if v != 0})
        domains = seat.get("domains", [])
        if not isinstance(domains, list) or any(d not in ix.domains for d in domains):
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
    position = {
        "first": 0, "active": active, "turns": 1, "end_triggered": False, "monsters": stacks,
        "citizens": [{"kind": k, "left": n_left} for k, n_left in zip(kinds, left, strict=True)],
        "domains": center,
        "seats": [{"gold": 0, "strength": 0, "magic": 0, "vp": 0, "citizens": owned[i], "domains": built[i],
                   "monsters": [], "duke": dukes[i], **(dict(has) if has and i == active else {})}
                  for i in range(n)],
    }
    return _valeria().position_from_json(position, {"players": n})


def _valeria() -> Any:
    """The Valeria game object (typed loosely: its position reader is a capability, decision 0012)."""
    return games.load("valeria")


def valeria_harvest(dice: Any, seats: Any, active: Any = 0, lang: str = "en") -> dict[str, Any]:
    """What a roll activates for each seat: the engine's own :func:`rules.valeria.engine.activated`
    (how many times each card of a seat activates: each copy, each die and the sum, doubles once
    per die, valeria.harvest.doubles, ruling O5), the side each seat uses (the active seat's left
    effects, the others' right ones, valeria.harvest.two-effects) with its effects, the Herald
    (:func:`~rules.valeria.engine.herald_count`), the active Thief resolved first
    (:func:`~rules.valeria.engine.start_harvest`) and the plain gains and choices
    (:func:`~rules.valeria.engine.distribute`).

    ``seats``: per seat ``{"citizens": {KIND: COPIES}}`` (starters are implicit); ``active``:
    the active seat. The roll is read as a record's roll (a die shows 1..6).
    """
    try:
        return _valeria_harvest(dice, seats, active, _lang(lang))
    except MalformedError as exc:
        return _malformed(str(exc))


def _valeria_harvest(dice: Any, seats: Any, active: Any, lang: str) -> dict[str, Any]:
    from rules.valeria import engine
    from rules.valeria.cards import Amount
    from rules.valeria.data import index
    from rules.valeria.pictures import amount_text, effects_text
    from rules.valeria.state import HARVEST, replace

    if lang not in ("cs", "en"):
        raise MalformedError(f"language {lang!r}: Valeria speaks cs or en")
    game = _valeria()
    roll = game.action_from_json({"chance": "roll", "dice": dice})  # the record reader: a die shows 1..6
    start = _valeria_position(seats, active)
    violation = game.check(start, roll)
    if violation is not None:  # pragma: no cover - a position is always before a roll
        raise MalformedError(violation.message.get("en"))
    a, b = roll.a, roll.b
    state = replace(start, phase=HARVEST, dice=(a, b), rolled=(a, b))
    ix = index()
    after = engine.distribute(state)
    thieves = [cast(tuple[str, Any], d.detail)[0] for d in engine.start_harvest(state).pending if d.kind == "thief"]
    out = []
    cited = list(_VALERIA_HARVEST_RULES)
    for i in range(state.players):
        side = engine.ON if i == state.active else engine.OFF
        acts = engine.activated(state, i)
        cards = []
        for card, times in acts:
            citizen = ix.citizens.get(card)
            known = citizen or ix.starters[card]
            copies = state.seats[i].citizens[state.citizen_kinds.index(card)] if citizen else 1
            cards.append({"card": card, "name": _text(known.name), "starter": citizen is None, "copies": copies,
                          "activation": list(known.activation), "times": times,
                          "effect": _text(effects_text(engine.side_effects(card, side))),
                          "thief_first": card in thieves if i == state.active else False})
        herald = engine.herald_count(state, i, acts)
        before, now = state.seats[i], after.seats[i]
        gained = {r: getattr(now, r) - getattr(before, r) for r in ("gold", "strength", "magic")}
        amount = Amount(**gained)
        choices = [{"card": item.card, "times": item.count,
                    "name": _text((ix.citizens.get(item.card) or ix.starters[item.card]).name)}
                   for item in after.harvest[i]] if after.harvest else []
        out.append({"seat": i, "active": i == state.active, "side": "left" if side == engine.ON else "right",
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
            "rules": [rule(r) for r in dict.fromkeys(cited)]}


_PAY_FIRST = {"recruit": "gold", "build": "gold", "slay": "strength"}


def valeria_payment(cost: str, card: str, pay: Any, seats: Any = None, active: Any = 0, has: Any = None,
                    lang: str = "en") -> dict[str, Any]:
    """Does ``pay`` cover recruiting a citizen, slaying a monster or building a domain (``cost``:
    recruit, slay, build; ``card``: the citizen, monster or domain)? The engine's own
    :func:`rules.valeria.engine.check` judges the action ``{"recruit"|"slay"|"build": ..., "pay": pay}``
    (read by the record reader) in the active seat's Action phase, on a position with the
    entered tableaux (``seats``, as for :func:`valeria_harvest`; the price of a citizen counts
    the copies of its name the active seat owns, its domains may change a price) and with the
    active seat holding ``has`` (by default exactly what it pays). The price comes from the
    engine's price functions (:func:`~rules.valeria.engine.price_of`,
    :func:`~rules.valeria.engine.build_price`, the monster's card)."""
    try:
        return _valeria_payment(cost, card, pay, seats, active, has, _lang(lang))
    except MalformedError as exc:
        return _malformed(str(exc))


def _valeria_payment(cost: str, card: str, pay: Any, seats: Any, active: Any, has: Any,
                     lang: str) -> dict[str, Any]:
    from rules.valeria import engine
    from rules.valeria.data import index
    from rules.valeria.state import ACTIONS, replace

    if lang not in ("cs", "en"):
        raise MalformedError(f"language {lang!r}: Valeria speaks cs or en")
    if cost not in _PAY_FIRST:
        raise MalformedError(f"the cost is of recruit, slay or build, not {cost!r}")
    ix = index()
    base_monsters = {m.id: m for m in ix.cards.monsters}  # the base game's (a variant may add others)
    known: Mapping[str, Any] = ix.citizens if cost == "recruit" else base_monsters if cost == "slay" else ix.domains
    if not isinstance(card, str) or card not in known:
        what = {"recruit": "citizen", "slay": "monster", "build": "domain"}[cost]
        raise MalformedError(f"unknown {what} {card!r}")
    if seats is None:
        seats = [{}, {}]
    game = _valeria()
    if not isinstance(pay, Mapping):
        raise MalformedError(f"the payment is an object of gold, strength and magic, not {pay!r}")
    key = "slay" if cost == "slay" else cost
    target = ix.monsters[card].area if cost == "slay" else card
    pay = {k: v for k, v in pay.items() if v != 0 or k in (_PAY_FIRST[cost], "magic")}
    action = game.action_from_json({"seat": active, key: target, "pay": dict(pay)})  # the record reader
    paid = {"gold": 0, "strength": 0, "magic": action.b}
    paid[_PAY_FIRST[cost]] = action.a
    if action.other:
        paid["strength" if _PAY_FIRST[cost] == "gold" else "gold"] = action.other
    if has is None:
        holds = paid
    else:
        if not isinstance(has, Mapping) or set(has) - {"gold", "strength", "magic"}:
            raise MalformedError("what the seat has is an object of gold, strength and magic")
        holds = {r: has.get(r, 0) for r in ("gold", "strength", "magic")}
        for r, v in holds.items():
            if type(v) is not int or not 0 <= v <= 999:
                raise MalformedError(f"the seat's {r} must be a whole number 0..999, not {v!r}")
    state = _valeria_position(seats, active, recruit=card if cost == "recruit" else None,
                              monster=card if cost == "slay" else None, build=card if cost == "build" else None,
                              has=holds)
    state = replace(state, phase=ACTIONS, actions_left=engine.ACTIONS_PER_TURN)  # the Action phase, nothing pending
    seat = state.active
    if cost == "recruit":
        i = state.citizen_kinds.index(card)
        price = {"gold": engine.price_of(state, seat, i)}
        base = ix.citizens[card].cost
        owned = engine.copies_owned(state, seat, i)
        detail: dict[str, Any] = {"base": base, "owned": owned,
                                  "ignores_plus": engine.EMERALD in state.seats[seat].domains}
        name = ix.citizens[card].name
    elif cost == "build":
        price = {"gold": engine.build_price(state, seat, card)}
        d = ix.domains[card]
        detail = {"base": d.cost, "roles": list(d.roles), "roles_met": engine.roles_met(state, seat, card)}
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
        ids = _rules_in(lines) + (["valeria.resources.magic-substitute"] if action.b else [])
        result: dict[str, Any] = {"status": "legal", "message": None, "explanation": lines}
    else:
        ids = list(violation.rules)
        result = {"status": "illegal", "message": violation.message.get(lang), "explanation": []}
    return {**result, "cost": cost, "card": card, "name": _text(name), "price": price, "paid": paid,
            "has": holds, "detail": detail, "action": game.action_to_json(action),
            "rules": [rule(r) for r in dict.fromkeys(ids) if load_spec().get(r)]}


# --------------------------------------------------------------------------- the page's entry


_FUNCTIONS: dict[str, Callable[..., dict[str, Any]]] = {
    "adjudicate": adjudicate,
    "rule": rule,
    "claim_cards": claim_cards,
    "claim_follow": claim_follow,
    "leaders_action": leaders_action,
    "leaders_wins": leaders_wins,
    "leaders_characters": leaders_characters,
    "leaders_tap_action": leaders_tap_action,
    "valeria_cards": valeria_cards,
    "valeria_harvest": valeria_harvest,
    "valeria_payment": valeria_payment,
    "languages": lambda: {"languages": list(languages())},
}


def call(name: str, arguments: str = "{}") -> str:
    """The page's one entry: call function ``name`` with the JSON object
    ``arguments`` as keyword arguments and return its result as JSON text.
    Bad input becomes a malformed verdict; anything unexpected a one-line
    ``internal`` error (no traceback reaches the page)."""
    try:
        function = _FUNCTIONS.get(name)
        if function is None:
            raise MalformedError(f"no function {name!r}")
        kwargs = json.loads(arguments)
        if not isinstance(kwargs, dict):
            raise MalformedError("arguments must be a JSON object")
        result = function(**kwargs)
    except (MalformedError, SpecError) as exc:
        result = _malformed(str(exc))
    except TypeError as exc:
        result = _malformed(f"bad arguments for {name}: {exc}")
    except Exception as exc:
        result = {"status": "internal", "error": f"{type(exc).__name__}: {exc}"}
    return json.dumps(result, ensure_ascii=False)
