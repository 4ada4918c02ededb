"""Game records (``rules-record/1``) and their adjudication.

A record is JSON::

    {"format": "rules-record/1", "game": "claim",
     "setup": {...game specific...}, "actions": [{...}, ...]}

or, for a disputed position without the game that led to it, ``"position"``
(a whole game state, game specific) in place of ``"setup"``; the game must
offer ``position_from_json``. An optional ``"variant"`` parameterises the game
(``claim-combined``: players and factions).

Reading a record never raises anything but :class:`MalformedError`; replaying
it never raises at all: an illegal action ends the replay with a verdict.
Every record passes the published JSON Schema (:mod:`rules.kernel.schema`)
before any game code reads it, so the schema and the reader cannot disagree;
the games' readers then check only what a schema cannot say (each card once,
cells on the board) (docs/decisions/0013-records-validated-by-schema.md).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from rules.kernel.game import Game, HasForcedAnswers, HasPositions, HasVariants, Result, chance_violation
from rules.kernel.messages import message
from rules.kernel.schema import MAX_DEPTH, MAX_DIGITS, validate_record
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError, Violation

FORMAT = "rules-record/1"


@attrs.frozen
class Record:
    """A parsed record: the game, its setup and its actions, not yet replayed."""

    game: str
    setup: Any  # None when the record starts from a position
    actions: tuple[Any, ...]
    variant: Any = None
    comment: str | None = None
    position: Any = None  # the starting state of a position record


def object_with(data: Any, where: str, fields: Collection[str], expected: str) -> Mapping[str, Any]:
    """The opening of a game's reader of a record object (a setup, a position): ``data``
    as a mapping, when it is a JSON object whose keys are among ``fields``; else a
    :class:`MalformedError`, "'``where``' must be ``expected``" or "``where``: unknown
    field(s) ...". The games' readers then check each field."""
    if not isinstance(data, Mapping):
        raise MalformedError(f"'{where}' must be {expected}")
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise MalformedError(f"{where}: unknown field(s) {', '.join(unknown)}")
    return data


def read_json(path: str | Path) -> Any:
    """Read a JSON file; every failure becomes a :class:`MalformedError`."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise MalformedError("no such file", where=str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise MalformedError(f"cannot read: {exc}", where=str(path)) from None
    return parse_json(text, where=str(path))


class _Refused(Exception):
    """A number :func:`parse_json` refuses, raised from inside ``json.loads``."""


def _integer(token: str) -> int:
    if len(token.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"an integer of {len(token.lstrip('-'))} digits; records hold integers of at most "
                       f"{MAX_DIGITS} digits", token)
    return int(token)


def _constant(token: str) -> Any:
    raise _Refused(f"{token} is not a JSON number", token)


def _real(token: str) -> float:
    value = float(token)
    if value in (float("inf"), float("-inf")):
        raise _Refused(f"{token[:20]}{'…' if len(token) > 20 else ''} is too large for a number", token)
    return value


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _line_column(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    return f"line {line}, column {offset - (text.rfind(chr(10), 0, offset) + 1) + 1}"


def _too_deep(text: str) -> int | None:
    """The offset where ``text`` opens its ``MAX_DEPTH + 1``-th level of nesting, or None."""
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
            if depth > MAX_DEPTH:
                return match.start()
        elif token in ("]", "}"):
            depth -= 1
    return None


def parse_json(text: str, where: str = "record") -> Any:
    """Decode JSON text, refusing what no record holds: nesting deeper than
    :data:`~rules.kernel.schema.MAX_DEPTH` levels, integers longer than
    :data:`~rules.kernel.schema.MAX_DIGITS` digits, ``NaN`` and ``Infinity``.
    Every failure becomes a :class:`MalformedError` naming the line and column."""
    deep = _too_deep(text)
    if deep is not None:
        raise MalformedError(f"not a record: nested more than {MAX_DEPTH} levels deep at "
                             f"{_line_column(text, deep)}", where=where)
    try:
        return json.loads(text, parse_int=_integer, parse_constant=_constant, parse_float=_real)
    except json.JSONDecodeError as exc:
        raise MalformedError(f"not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}", where=where) from None
    except _Refused as exc:
        message, token = exc.args
        found = re.search(r"(?<![\w.])" + re.escape(token) + r"(?![\w.])", text)
        place = f" at {_line_column(text, found.start())}" if found else ""
        raise MalformedError(f"not a record: {message}{place}", where=where) from None
    except RecursionError:  # pragma: no cover - _too_deep refuses deep nesting first
        raise MalformedError(f"not a record: nested more than {MAX_DEPTH} levels deep", where=where) from None


def parse_record(data: Any, games: Callable[[str], Game[Any, Any]], where: str = "record") -> Record:
    """Validate a decoded record and parse its setup and actions with the game.

    The record must first satisfy the JSON Schema of its game
    (:func:`rules.kernel.schema.validate_record`); then the game's readers
    parse it and check what a schema cannot say.
    """
    key = data.get("game") if isinstance(data, Mapping) else None
    game: Game[Any, Any] | None = None
    unknown_game = None
    if isinstance(key, str):
        try:
            game = games(key)
        except KeyError as exc:
            unknown_game = str(exc.args[0]) if exc.args else f"unknown game {key!r}"
    try:
        validate_record(data, key, game)
    except MalformedError as exc:
        raise MalformedError(exc.detail, where=where) from None
    if game is None or not isinstance(key, str):
        raise MalformedError(unknown_game or "'game' must name a game", where=where)
    position_from_json = getattr(game, "position_from_json", None)
    if "position" in data and position_from_json is None:
        raise MalformedError(f"game {key!r} does not accept positions; give its 'setup'", where=where)
    actions = data.get("actions", [])
    variant = data.get("variant")
    try:
        setup = position = None
        if "setup" in data:
            setup = game.setup_from_json(data["setup"], variant)
        else:
            position = position_from_json(data["position"], variant)  # type: ignore[misc]
        parsed = []
        for i, raw in enumerate(actions):
            try:
                parsed.append(game.action_from_json(raw))
            except MalformedError as exc:
                raise MalformedError(f"action {i + 1} of {len(actions)} (index {i}): {exc.detail}") from None
    except MalformedError as exc:
        raise MalformedError(exc.detail, where=where) from None
    return Record(key, setup, tuple(parsed), variant, data.get("comment"), position)


#: ``json.dumps(value, sort_keys=True, ensure_ascii=False)``'s encoder, made once: ``json.dumps``
#: with any argument of its own makes a new encoder on every call
_CANONICAL = json.JSONEncoder(sort_keys=True, ensure_ascii=False).encode


def canonical_json(value: Any) -> str:
    """``value`` as canonical JSON: keys sorted, non-ASCII kept, so equal values are equal
    text. The one writer of the keys and fingerprints the library compares (a variant dealt,
    an action's key in an action space, an observation)."""
    return _CANONICAL(value)


def record_to_json(game: Game[Any, Any], setup: Any, actions: Sequence[Any],
                   variant: Any = None) -> dict[str, Any]:
    """A record of ``actions`` played from ``setup``; the variant defaults to the setup's own."""
    out: dict[str, Any] = {"format": FORMAT, "game": game.info.key}
    if variant is None and isinstance(game, HasVariants):
        variant = game.variant_of(setup)
    if variant is not None:
        out["variant"] = variant
    out["setup"] = game.setup_to_json(setup)
    out["actions"] = [game.action_to_json(a) for a in actions]
    return out


def position_record_to_json(game: Game[Any, Any], state: Any, actions: Sequence[Any] = (),
                            variant: Any = None) -> dict[str, Any]:
    """A record that starts from ``state`` (the game must offer ``position_to_json``)."""
    out: dict[str, Any] = {"format": FORMAT, "game": game.info.key}
    if variant is not None:
        out["variant"] = variant
    out["position"] = game.position_to_json(state)  # type: ignore[attr-defined]
    out["actions"] = [game.action_to_json(a) for a in actions]
    return out


def starting_state(game: Game[Any, Any], record: Record) -> Any:
    """The state a record starts from: its position, or the game's initial state of its setup."""
    return record.position if record.position is not None else game.initial_state(record.setup)


def position_notes(game: Game[Any, Any], record: Record) -> tuple[Text, ...]:
    """What the game notes about a position record's starting state (nothing for a setup)."""
    if record.position is None or not isinstance(game, HasPositions):
        return ()
    return tuple(game.position_notes(record.position))


@attrs.frozen
class IllegalAt:
    """The first action of a record that could not happen.

    ``impossible`` is set when it is not a player's illegal choice but a chance
    outcome that cannot occur there (a die showing 7, a roll where a seat must
    decide, a seat's choice where chance decides): the record is then
    *malformed or impossible*, not evidence that a player broke a rule.
    """

    index: int
    action: Any
    violation: Violation
    impossible: bool = False


@attrs.frozen
class Adjudication:
    """What replaying a record showed."""

    legal: bool
    finished: bool
    illegal: IllegalAt | None
    result: Result | None
    steps: int
    trace: tuple[Text, ...] = ()
    final_state: Any = attrs.field(default=None, eq=False, repr=False)
    notes: tuple[Text, ...] = ()  # what is unusual about a position record's start
    #: with ``explain``: where each replayed action's lines start in ``trace`` (one entry per action)
    step_starts: tuple[int, ...] = ()
    #: how many actions the record holds (``steps`` counts those replayed before an illegal one)
    actions: int = 0

    @property
    def impossible(self) -> bool:
        return self.illegal is not None and self.illegal.impossible


_REPEATED = message("record.forced_answer_written")


def adjudicate(game: Game[Any, Any], record: Record, *, explain: bool = False) -> Adjudication:
    """Replay ``record`` action by action and judge it.

    Stops at the first illegal (or impossible) action. Each action is checked
    once (``Game.attempt``). With ``explain``, collects the game's own account
    of every step (``Game.explain_step``) and of what the rules forced
    (``Game.forced_steps``), each forced step with the rule that forced it.
    A line of an older record format that writes out an answer the engine now
    gives by itself (``HasForcedAnswers``, decision 0033) is read as repeating it.
    """
    state = starting_state(game, record)
    notes = position_notes(game, record)
    trace: list[Text] = []
    starts: list[int] = []
    repeats = isinstance(game, HasForcedAnswers)
    for index, action in enumerate(record.actions):
        repeated = game.written_forced_answer(state, action) if repeats else None  # type: ignore[attr-defined]
        if repeated is not None:
            if explain:
                starts.append(len(trace))
                trace.append(_REPEATED.format(n=index + 1))
            state = repeated
            continue
        impossible = chance_violation(game, state, action)
        after = game.attempt(state, action) if impossible is None else impossible
        if isinstance(after, Violation):
            return Adjudication(False, game.is_terminal(state),
                                IllegalAt(index, action, after, impossible is not None),
                                None, index, tuple(trace), state, notes, tuple(starts), len(record.actions))
        if explain:
            starts.append(len(trace))
            trace.extend(game.explain_step(state, action, after))
            trace.extend(step.narration for step in game.forced_steps(state, action, after))
        state = after
    finished = game.is_terminal(state)
    return Adjudication(True, finished, None, game.result(state) if finished else None,
                        len(record.actions), tuple(trace), state, notes, tuple(starts), len(record.actions))
