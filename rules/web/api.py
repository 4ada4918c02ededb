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
from typing import Any

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

    try:
        if lang not in ("cs", "en"):
            raise MalformedError(f"language {lang!r}: Leaders speaks cs or en")
        state = position_state(position, where="position")
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
    (:data:`rules.leaders.notation.TARGET_ABILITIES`), then the destination, or a
    path of several cells (:data:`~rules.leaders.notation.PATH_ABILITIES`)."""
    from rules.leaders.notation import PATH_ABILITIES, TARGET_ABILITIES

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
