"""A dependency-free validator for the subset of JSON Schema (2020-12) that
``rules/schemas/record.schema.json`` uses, so the tests can check every
bundled and generated record against the published schema without adding
``jsonschema`` to the design card's packages.

Supported: type, enum, const, pattern, minimum/maximum, minItems/maxItems,
uniqueItems, items, required, properties, additionalProperties (false),
minProperties/maxProperties, $ref (local), allOf/anyOf/oneOf/not, if/then.
An unknown keyword raises, so the schema cannot silently outgrow the checker.
"""

from __future__ import annotations

import re
from typing import Any

_TYPES = {"object": dict, "array": list, "string": str, "boolean": bool}
_IGNORED = {"$schema", "$id", "title", "description", "$defs"}


def errors(instance: Any, schema: dict[str, Any], root: dict[str, Any] | None = None, path: str = "$") -> list[str]:
    """Every way ``instance`` breaks ``schema`` (empty: valid)."""
    root = root if root is not None else schema
    out: list[str] = []
    for key, value in schema.items():
        if key in _IGNORED:
            continue
        check = _CHECKS.get(key)
        if check is None:
            if key in ("then", "properties", "additionalProperties"):
                continue  # handled by "if" and "properties" checks
            raise ValueError(f"schema keyword {key!r} is not supported by the test validator")
        out.extend(check(instance, value, schema, root, path))
    return out


def _type(i: Any, v: str, s: dict, r: dict, p: str) -> list[str]:
    if v == "integer":
        ok = type(i) is int
    else:
        ok = isinstance(i, _TYPES[v]) and not (v != "boolean" and isinstance(i, bool))
    return [] if ok else [f"{p}: not of type {v}"]


def _enum(i: Any, v: list, s: dict, r: dict, p: str) -> list[str]:
    return [] if any(i == e and type(i) is type(e) for e in v) else [f"{p}: {i!r} not in {v}"]


def _const(i: Any, v: Any, s: dict, r: dict, p: str) -> list[str]:
    return [] if i == v and type(i) is type(v) else [f"{p}: {i!r} is not {v!r}"]


def _pattern(i: Any, v: str, s: dict, r: dict, p: str) -> list[str]:
    return [] if not isinstance(i, str) or re.search(v, i) else [f"{p}: {i!r} does not match {v}"]


def _bound(op: Any, word: str) -> Any:
    def check(i: Any, v: int, s: dict, r: dict, p: str) -> list[str]:
        if isinstance(i, bool) or not isinstance(i, int | float):
            return []
        return [] if op(i, v) else [f"{p}: {i} is {word} {v}"]
    return check


def _size(kind: type, op: Any, word: str) -> Any:
    def check(i: Any, v: int, s: dict, r: dict, p: str) -> list[str]:
        return [] if not isinstance(i, kind) or op(len(i), v) else [f"{p}: {word} {v} items or properties"]
    return check


def _unique(i: Any, v: bool, s: dict, r: dict, p: str) -> list[str]:
    if not v or not isinstance(i, list):
        return []
    seen = [repr(x) for x in i]
    return [] if len(set(seen)) == len(seen) else [f"{p}: items are not unique"]


def _items(i: Any, v: dict, s: dict, r: dict, p: str) -> list[str]:
    if not isinstance(i, list):
        return []
    return [e for k, x in enumerate(i) for e in errors(x, v, r, f"{p}[{k}]")]


def _required(i: Any, v: list, s: dict, r: dict, p: str) -> list[str]:
    return [] if not isinstance(i, dict) else [f"{p}: missing {k!r}" for k in v if k not in i]


def _properties(i: Any, v: dict, s: dict, r: dict, p: str) -> list[str]:
    if not isinstance(i, dict):
        return []
    out = [e for k, sub in v.items() if k in i for e in errors(i[k], sub, r, f"{p}.{k}")]
    if s.get("additionalProperties") is False:
        out.extend(f"{p}: unexpected {k!r}" for k in i if k not in v)
    return out


def _ref(i: Any, v: str, s: dict, r: dict, p: str) -> list[str]:
    target: Any = r
    for part in v.removeprefix("#/").split("/"):
        target = target[part]
    return errors(i, target, r, p)


def _all_of(i: Any, v: list, s: dict, r: dict, p: str) -> list[str]:
    return [e for sub in v for e in errors(i, sub, r, p)]


def _any_of(i: Any, v: list, s: dict, r: dict, p: str) -> list[str]:
    return [] if any(not errors(i, sub, r, p) for sub in v) else [f"{p}: matches none of anyOf"]


def _one_of(i: Any, v: list, s: dict, r: dict, p: str) -> list[str]:
    n = sum(1 for sub in v if not errors(i, sub, r, p))
    return [] if n == 1 else [f"{p}: matches {n} of oneOf, not exactly one"]


def _not(i: Any, v: dict, s: dict, r: dict, p: str) -> list[str]:
    return [f"{p}: matches a schema it must not"] if not errors(i, v, r, p) else []


def _if(i: Any, v: dict, s: dict, r: dict, p: str) -> list[str]:
    return errors(i, s.get("then", {}), r, p) if not errors(i, v, r, p) else []


_CHECKS = {
    "type": _type, "enum": _enum, "const": _const, "pattern": _pattern,
    "minimum": _bound(lambda a, b: a >= b, "below"), "maximum": _bound(lambda a, b: a <= b, "above"),
    "minItems": _size(list, lambda a, b: a >= b, "fewer than"), "maxItems": _size(list, lambda a, b: a <= b, "more than"),
    "minProperties": _size(dict, lambda a, b: a >= b, "fewer than"),
    "maxProperties": _size(dict, lambda a, b: a <= b, "more than"),
    "uniqueItems": _unique, "items": _items, "required": _required, "properties": _properties,
    "$ref": _ref, "allOf": _all_of, "anyOf": _any_of, "oneOf": _one_of, "not": _not, "if": _if,
}
