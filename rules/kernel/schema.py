"""The record JSON Schema, assembled from the games' fragments, and the one gate
every record passes before any game code reads it
(docs/decisions/0013-records-validated-by-schema.md).

The kernel owns the game-neutral envelope (``rules/schemas/envelope.schema.json``:
``format``, ``game``, ``comment``, ``setup`` *or* ``position``, ``actions``).
Each game ships its own fragment beside its code and hands it over through
:class:`HasRecordSchema` (``record_schema()``); a fragment is a JSON object::

    {"$defs": {...},                # shared definitions, referenced as "#/$defs/NAME"
     "setup": {...},                # the schema of the record's "setup"
     "position": {...},             # optional: the game accepts position records
     "action": {...},               # the schema of one action
     "variant": {...},              # optional: the game takes (and needs) a "variant"; a game
                                    #   that declares GameInfo.parameters gets it generated instead
     "maxActions": 52,              # optional: the most actions a record may hold
     "record": {...}}               # optional: constraints across fields (seats per player count)

:func:`assemble` builds the whole schema from the games it is given (the
kernel never imports a game: it receives them); ``rules schema`` prints it.
:func:`validate_record` checks one record against the part of that schema
which concerns the record's game and raises a :class:`MalformedError` of one
line that names the place (``setup.hands[0][3]``, ``action 4: seat``) and
what is wrong. :func:`check_bounds` bounds nesting and numbers first, so no
validator or reader ever meets a structure it cannot handle.
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from importlib import resources
from typing import Any, Protocol, runtime_checkable

from jsonschema import Draft202012Validator
from jsonschema.exceptions import relevance

from rules.kernel.quick_schema import quick_validator
from rules.kernel.verdict import MalformedError

#: The file name of a game package's fragment(s), beside its code.
FRAGMENT_FILE = "record.schema.json"
#: The deepest nesting a record may have (records need about five levels).
MAX_DEPTH = 32
#: The most decimal digits of an integer in a record (records hold small counts and coordinates).
MAX_DIGITS = 18
_MAX_INT = 10**MAX_DIGITS
#: The most faults of a position one message lists.
MAX_REPORTED = 12
_FRAGMENT_KEYS = {"$defs", "$comment", "description", "setup", "position", "action", "variant", "maxActions",
                  "record"}


class SchemaError(Exception):
    """The games' fragments do not make one schema (a bug in a game, not bad input)."""


@runtime_checkable
class HasRecordSchema(Protocol):
    """A game that publishes its part of the record schema (see the module docstring)."""

    def record_schema(self) -> Mapping[str, Any]:
        """This game's fragment of the record JSON Schema."""


# --------------------------------------------------------------------------- fragments and assembly


@cache
def _package_text(package: str, name: str) -> str:
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


def load_fragment(package: str, key: str) -> dict[str, Any]:
    """Game ``key``'s fragment from ``package``'s ``record.schema.json``.

    The file holds ``{"$defs": {...}, "games": {key: {...fragment...}, ...}}``
    so the games of one package (Claim, Claim 2, the combinations) share
    their definitions. A game's ``record_schema()`` usually returns this.
    """
    data = json.loads(_package_text(package, FRAGMENT_FILE))
    try:
        fragment: dict[str, Any] = data["games"][key]
    except KeyError:
        raise SchemaError(f"{package}/{FRAGMENT_FILE} has no fragment for game {key!r}") from None
    return {"$defs": data.get("$defs", {}), **fragment}


def envelope() -> dict[str, Any]:
    """The game-neutral part of the schema (a fresh copy)."""
    envelope: dict[str, Any] = json.loads(_package_text("rules.schemas", "envelope.schema.json"))
    return envelope


def fragment_of(game: Any) -> Mapping[str, Any] | None:
    """The game's fragment, or None for a game that publishes none (then only the envelope applies)."""
    if not isinstance(game, HasRecordSchema):
        return None
    fragment = game.record_schema()
    unknown = sorted(set(fragment) - _FRAGMENT_KEYS)
    missing = sorted({"setup", "action"} - set(fragment))
    if unknown or missing:
        raise SchemaError(f"the record-schema fragment of {game!r} has unknown key(s) {unknown} "
                          f"or lacks {missing}")
    return fragment


def variant_schema(game: Any, fragment: Mapping[str, Any] | None) -> tuple[Mapping[str, Any] | None, bool]:
    """The schema of game's ``variant`` and whether a record must give one.

    Generated from the game's declaration (``GameInfo.parameters``, decision 0023) when it
    declares parameters: a record must give the variant when a parameter has no default.
    A game that declares none keeps its fragment's hand-written ``variant`` (required when
    present); ``(None, False)``: the game takes no variant.
    """
    info = getattr(game, "info", None)
    declared = getattr(info, "parameters", None)
    if declared:
        return declared.schema(), any(p.default is None for p in declared.parameters)
    if fragment is not None and "variant" in fragment:
        return fragment["variant"], True
    return None, False


def _clause(key: str, fragment: Mapping[str, Any] | None, accepts_positions: bool,
            variant: tuple[Mapping[str, Any] | None, bool] = (None, False)) -> dict[str, Any]:
    """The ``if game == key then ...`` part of the schema for one game (``variant``: from :func:`variant_schema`)."""
    then: dict[str, Any] = {}
    forbidden = []
    if fragment is not None:
        actions: dict[str, Any] = {"items": copy.deepcopy(fragment["action"])}
        if "maxActions" in fragment:
            actions["maxItems"] = fragment["maxActions"]
        properties: dict[str, Any] = {"setup": copy.deepcopy(fragment["setup"]), "actions": actions}
        if "position" in fragment:
            properties["position"] = copy.deepcopy(fragment["position"])
        else:
            forbidden.append("position")
        schema, required = variant
        if schema is not None:
            properties["variant"] = copy.deepcopy(schema)
            if required:
                then["required"] = ["variant"]
        else:
            forbidden.append("variant")
        then["properties"] = properties
        if "record" in fragment:
            then["allOf"] = [copy.deepcopy(fragment["record"])]
    elif not accepts_positions:
        forbidden.append("position")
    if forbidden:
        then.setdefault("allOf", []).extend({"not": {"required": [name]}} for name in forbidden)
    return {"if": {"required": ["game"], "properties": {"game": {"const": key}}}, "then": then}


def assemble(games: Mapping[str, Any]) -> dict[str, Any]:
    """The record JSON Schema of ``games`` (record key -> game object).

    Raises :class:`SchemaError` when two fragments define one ``$defs`` name
    differently or a fragment is not one.
    """
    schema = envelope()
    schema["$comment"] = ("Assembled by rules.kernel.schema from the envelope and each game's fragment "
                          "(docs/decisions/0013-records-validated-by-schema.md).")
    schema["properties"]["game"]["enum"] = list(games)
    defs: dict[str, Any] = {}
    clauses = []
    for key, game in games.items():
        fragment = fragment_of(game)
        for name, definition in (fragment or {}).get("$defs", {}).items():
            if name in defs and defs[name] != definition:
                raise SchemaError(f"two games define $defs/{name} differently; give one of them another name")
            defs[name] = copy.deepcopy(definition)
        accepts_positions = getattr(game, "position_from_json", None) is not None
        clauses.append(_clause(key, fragment, accepts_positions, variant_schema(game, fragment)))
    schema["allOf"] = clauses
    if defs:
        schema["$defs"] = defs
    return schema


# --------------------------------------------------------------------------- validation


class _Gate:
    """The validator of one game's records, and a short way to its answer.

    Most of a long record's check is its actions, and a record repeats its actions (a roll, a
    pass, the same card taken). Where the schema constrains ``actions`` only by its type, its
    length (counted first: :func:`_count_actions`) and what each item must be, possibly
    depending on other fields (a seat within the variant's player count), a record is valid
    exactly when it is valid with each distinct action once (``distinct``): about a third less
    to check in a long Valeria record. The check itself is the quick one (``quick``, decision
    record 0051). An invalid record is always checked whole by the plain validator (``record``),
    so its errors are the whole validator's (decision record 0013).
    """

    def __init__(self, schema: dict[str, Any], fragment: Mapping[str, Any] | None) -> None:
        self.record = Draft202012Validator(schema)
        #: the same answer as ``record.is_valid``, sooner (decision record 0051)
        self.quick = quick_validator(schema)
        self.most: int | None = fragment.get("maxActions") if fragment is not None else None
        self.distinct = fragment is not None and _per_item(schema, self.most)

    def valid(self, data: Any) -> bool:
        """Whether the record ``data`` (bounded already by :func:`check_bounds`) is valid."""
        actions = data.get("actions") if isinstance(data, Mapping) else None
        if self.distinct and isinstance(actions, list) and len(actions) > 1:
            data = {**data, "actions": list({json.dumps(a, sort_keys=True): a for a in actions}.values())}
        return bool(self.quick.is_valid(data))


#: what a schema of ``actions`` may say for a record's validity to be its distinct actions' (:class:`_Gate`)
_PER_ITEM_KEYWORDS = frozenset({"items", "type", "maxItems", "description", "$comment"})


def _per_item(node: Any, most: int | None, parent: str = "") -> bool:
    """Whether every schema of ``actions`` in ``node`` says only what each item must be, the type,
    and a ``maxItems`` no smaller than ``most`` (so a record of at most ``most`` actions meets it
    with or without repeats), and nothing else in ``node`` names ``actions``."""
    if isinstance(node, Mapping):
        for key, value in node.items():
            if key == "actions":
                if parent != "properties" or not isinstance(value, Mapping) or set(value) - _PER_ITEM_KEYWORDS:
                    return False
                if "maxItems" in value and (most is None or value["maxItems"] < most):
                    return False
            if not _per_item(value, most, key):
                return False
        return True
    if isinstance(node, list):
        return all(_per_item(item, most) for item in node)
    return True  # a value ("actions" in an enum, or in ``required``: whether it is there) reads no action


@lru_cache(maxsize=32)
def _validator(key: str, game: Any) -> _Gate:
    """The validator of game ``key``'s records, with the most actions they may hold (:class:`_Gate`).

    The assembled schema is not checked against the 2020-12 meta-schema here: a game's schema is
    its code, checked once for every registered game by the conformance suite, not at every run
    (decision record 0065)."""
    return _Gate(assemble({key: game}), fragment_of(game))


def _validator_for(key: str | None, game: Any) -> _Gate:
    if game is None:
        return _envelope_validator()
    try:
        hash(game)
    except TypeError:  # an unhashable game object: no cache
        return _validator.__wrapped__(key, game)
    return _validator(key, game)


def _count_actions(data: Any, most: int | None) -> None:
    """Refuse a record of more than ``most`` actions before any action is validated: the
    length is one look, each action's check is not (100,000 actions would otherwise be
    validated one by one before the bound is read; issue 18 §5). The words are the
    schema's own ``maxItems`` error's."""
    actions = data.get("actions") if isinstance(data, Mapping) else None
    if most is not None and isinstance(actions, list) and len(actions) > most:
        raise MalformedError(_at(("actions",), f"{len(actions)} items; at most {most} allowed"))


@cache
def _envelope_validator() -> _Gate:
    return _Gate(envelope(), None)


def validate_record(data: Any, key: str | None = None, game: Any = None) -> None:
    """Check ``data`` against the schema of ``game`` (the envelope alone without one).

    Raises :class:`MalformedError` naming the place and the fault; the number of actions
    (the fragment's ``maxActions``), nesting and numbers are bounded first
    (:func:`check_bounds`).
    """
    gate = _validator_for(key, game)
    _count_actions(data, gate.most)
    check_bounds(data)
    if gate.valid(data):  # else the errors below are the whole answer
        return
    try:
        errors = list(gate.record.iter_errors(data))
    except RecursionError:  # pragma: no cover - check_bounds keeps nesting shallow
        raise MalformedError(f"nested more than {MAX_DEPTH} levels deep") from None
    # A wrong 'format' or 'game' says the rest cannot be read by this schema at all: name it
    # first, whatever order the validator (whose version may differ, e.g. in the browser) prefers.
    for field in ("format", "game"):
        first = [e for e in errors if list(e.absolute_path)[:1] == [field]]
        if first:
            errors = first
            break
    if not errors:
        return
    in_position = [e for e in errors if list(e.absolute_path)[:1] == ["position"]]
    if in_position and len(in_position) == len(errors):  # a position's every fault in one run (issue 18 §2)
        found = list(dict.fromkeys(describe(meant(e)) for e in sorted(in_position, key=lambda e: list(
            map(str, e.absolute_path)))))
        shown = found[:MAX_REPORTED]
        more = f"; and {len(found) - len(shown)} more" if len(found) > len(shown) else ""
        raise MalformedError("; ".join(shown) + more)
    raise MalformedError(describe(meant(max(errors, key=relevance))))


def _not_meant(error: Any, depth: int) -> bool:
    """Whether a branch's ``error`` (of a oneOf or anyOf at ``depth`` in the record) says the data
    is not of that branch's shape at all: a field it requires is missing, a field it does not
    know is there, or a field that tells the branches apart (a ``const``) has another value."""
    below = len(error.absolute_path) - depth
    return (below == 0 and error.validator in ("required", "additionalProperties", "type")) or \
        (below == 1 and error.validator == "const")


def meant(error: Any) -> Any:
    """The error to report for ``error``: where no branch of a ``oneOf``/``anyOf`` fits, the error
    of the branch the data meant (the one whose shape it has: no required field missing, no
    unknown field, its distinguishing constant; then the fewest errors, then the deepest), so the
    message names the bad field and its allowed values instead of "is not valid under any of the
    given schemas" (issue 18 §2). Branches that only differ in their lists of allowed values
    (``anyOf`` of enums) stay together: :func:`_what` lists every allowed value."""
    while error.validator in ("oneOf", "anyOf") and error.context and not _enums_only(error) \
            and not _alternative_fields(error):
        depth = len(error.absolute_path)
        branches: dict[Any, list[Any]] = {}
        for e in error.context:
            branches.setdefault(e.relative_schema_path[0], []).append(e)
        chosen = min(branches.values(), key=lambda errs: (sum(_not_meant(e, depth) for e in errs), len(errs),
                                                          -max(len(e.absolute_path) for e in errs)))
        error = max(chosen, key=relevance)
    return error


def _alternative_fields(error: Any) -> bool:
    """Whether ``error`` is a choice between fields (``"setup"`` or ``"position"``): :func:`_what` says so."""
    return all(isinstance(s, Mapping) and list(s) == ["required"] for s in error.validator_value)


def _enums_only(error: Any) -> bool:
    """Whether every branch of ``error`` refuses the same value by a list of allowed values."""
    return all(e.validator in ("enum", "const") and not e.relative_path for e in error.context)


def schema_errors(schema: Mapping[str, Any], data: Any) -> list[str]:
    """Every way ``data`` breaks ``schema``, one line each (empty: valid); for tests and tools."""
    return [describe(e) for e in Draft202012Validator(schema).iter_errors(data)]


# --------------------------------------------------------------------------- bounds


def check_bounds(data: Any) -> None:
    """Refuse what no record holds and no reader should meet: nesting deeper than
    :data:`MAX_DEPTH`, integers of more than :data:`MAX_DIGITS` digits, NaN and
    infinities, object keys that are not strings. Iterative, so it cannot
    overflow the stack itself."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, Mapping | list | tuple) and len(path) >= MAX_DEPTH:
            raise MalformedError(_at(path[:8], f"nested more than {MAX_DEPTH} levels deep"))
        if isinstance(value, bool) or value is None or isinstance(value, str):
            continue
        if isinstance(value, int):
            if not -_MAX_INT < value < _MAX_INT:
                digits = f"about {math.floor(value.bit_length() * math.log10(2)) + 1}"
                raise MalformedError(_at(path, f"an integer of {digits} digits; records hold integers of "
                                                f"at most {MAX_DIGITS} digits"))
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise MalformedError(_at(path, f"{value!r} is not a JSON number"))
        elif isinstance(value, Mapping):
            for k, v in value.items():
                if not isinstance(k, str):
                    raise MalformedError(_at(path, f"object key {_short(k)} is not a string"))
                stack.append((v, (*path, k)))
        elif isinstance(value, list | tuple):
            stack.extend((v, (*path, i)) for i, v in enumerate(value))
        # anything else is for the schema to refuse ("... is not of type ...")


def _at(path: Iterable[str | int], text: str) -> str:
    place = where(path)
    return f"{place}: {text}" if place else text


def where(path: Iterable[str | int]) -> str:
    """A place in a record as its readers name it: ``setup.hands[0][3]``,
    ``action 5 (index 4): seat`` (an action counted from 1 as people count, then its
    0-based index in ``actions``; decision 0033)."""
    parts = list(path)
    head = ""
    if len(parts) >= 2 and parts[0] == "actions" and isinstance(parts[1], int):
        head, parts = f"action {parts[1] + 1} (index {parts[1]})", parts[2:]
    text = ""
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            name = part if part.isidentifier() else _short(part)
            text += f".{name}" if text else name
    if head and text:
        return f"{head}: {text}"
    return head or text


# --------------------------------------------------------------------------- messages


def _short(value: Any, limit: int = 60) -> str:
    """A value as JSON, cut to ``limit`` characters, ASCII only (so any string prints)."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError):
        text = ascii(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _names(values: Iterable[Any], limit: int = 20) -> str:
    items = [_short(v) for v in values]
    return ", ".join(items[:limit]) + (", …" if len(items) > limit else "")


def _what(error: Any) -> str:
    """What is wrong, in one line."""
    kind, value, instance, schema = error.validator, error.validator_value, error.instance, error.schema
    description = schema.get("description") if isinstance(schema, Mapping) else None
    if kind == "type":
        types = value if isinstance(value, list) else [value]
        wanted = " or ".join(f"{'an' if t[0] in 'aeiou' else 'a'} {t}" for t in types)
        return f"{_short(instance)} is not {wanted}"
    if kind == "enum":
        return f"{_short(instance)} is not one of {_names(value)}"
    if kind == "const":
        return f"must be {_short(value)}, not {_short(instance)}"
    if kind == "pattern":
        return f"{_short(instance)} is not valid" + (f": {description}" if description else f" (pattern {value})")
    if kind == "required":
        missing = [k for k in value if isinstance(instance, Mapping) and k not in instance]
        props = schema.get("properties", {}) if isinstance(schema, Mapping) else {}
        text = "missing " + ", ".join(repr(k) for k in missing)
        if len(missing) == 1 and "const" in props.get(missing[0], {}):
            text += f" (must be {_short(props[missing[0]]['const'])})"
        return text
    if kind == "additionalProperties":
        known = set(schema.get("properties", {}))
        extra = sorted(k for k in instance if k not in known)
        text = f"unknown field(s): {_names(extra)}"
        return text + (f" (known: {', '.join(sorted(known))})" if known else "")
    if kind in ("minItems", "maxItems"):
        bound = "at least" if kind == "minItems" else "at most"
        return f"{len(instance)} items; {bound} {value} allowed"
    if kind == "uniqueItems":
        seen: list[Any] = []
        for item in instance:
            if item in seen:
                return f"lists {_short(item)} more than once"
            seen.append(item)
        return "lists an item more than once"
    if kind in ("minProperties", "maxProperties"):
        bound = "at least" if kind == "minProperties" else "at most"
        text = f"{len(instance)} fields; {bound} {value} allowed"
        return text + (f": {description}" if description else "")
    if kind in ("minimum", "maximum"):
        return f"{_short(instance)} is {'below the minimum' if kind == 'minimum' else 'above the maximum'} {value}"
    if kind == "not" and isinstance(value, Mapping) and list(value) == ["required"]:
        names = " or ".join(repr(k) for k in value["required"])
        game = instance.get("game") if isinstance(instance, Mapping) and not error.absolute_path else None
        if isinstance(game, str) and value["required"] == ["position"]:
            return f"game {game!r} does not accept positions; give its 'setup'"
        if isinstance(game, str) and value["required"] == ["variant"]:
            return f"game {game!r} has no variants; remove 'variant'"
        if isinstance(game, str):
            return f"game {game!r} takes no {names}; remove it"
        return f"{names} is not allowed here"
    if kind in ("oneOf", "anyOf") and error.context and _enums_only(error):
        allowed = [v for e in error.context for v in (e.validator_value if e.validator == "enum" else [e.validator_value])]
        return f"{_short(instance)} is not one of {_names(allowed, limit=60)}"
    if kind == "oneOf" and _alternative_fields(error):
        either = " or a ".join(repr(s["required"][0]) for s in value)
        return f"has either a {either}, not both and not neither"
    message: str = error.message
    return message if len(message) <= 200 else message[:199] + "…"


def describe(error: Any) -> str:
    """One line for a ``jsonschema`` error: where in the record, then what is wrong."""
    return _at(error.absolute_path, _what(error))
