"""Hypothesis strategies that draw records from the games' record-schema
fragments (rules.kernel.schema), for the fuzz tests in tests/test_fuzz.py.

``hypothesis-jsonschema`` would generate from the schema, but its latest
release (0.23.1) calls a Hypothesis internal that current Hypothesis no longer
has (``AttributeError: 'many' object has no attribute 'more'``), so this module
draws from the keywords the record schema uses and raises on any other: the
schema cannot outgrow it silently. It follows each subschema's own keywords;
what a schema says across fields (``allOf``/``if``/``then``/``not``: seats per
player count, no variant for a game without variants) is not enforced, so a
drawn record may still break the schema. The fuzz test judges every record by
the real validator (``jsonschema``) and never by this module.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hypothesis import strategies as st

_IGNORED = {"$schema", "$id", "$comment", "title", "description", "$defs", "allOf", "if", "then", "not"}
_HANDLED = {"$ref", "const", "enum", "anyOf", "oneOf", "type", "pattern", "minimum", "maximum", "items",
            "minItems", "maxItems", "uniqueItems", "properties", "required", "additionalProperties",
            "minProperties", "maxProperties", "propertyNames"}
#: the longest list drawn where the schema sets no bound (records stay small and fast to judge)
LONGEST = 6
JSON_LEAVES = st.none() | st.booleans() | st.integers(-5, 60) | st.text(max_size=8)


def from_schema(schema: Mapping[str, Any], root: Mapping[str, Any]) -> st.SearchStrategy[Any]:
    """Values that satisfy ``schema``'s own keywords; ``$ref`` resolves in ``root``."""
    unknown = set(schema) - _HANDLED - _IGNORED
    if unknown:
        raise ValueError(f"schema keyword(s) {sorted(unknown)} are not supported by the test generator")
    if "$ref" in schema:
        target: Any = root
        for part in schema["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        return from_schema(target, root)
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    if "anyOf" in schema or "oneOf" in schema:
        return st.one_of([from_schema(s, root) for s in schema.get("anyOf", schema.get("oneOf"))])
    kind = schema.get("type")
    if kind is None:
        kind = "object" if "properties" in schema else "array" if "items" in schema else None
    if kind == "string":
        pattern = schema.get("pattern")
        return st.from_regex(pattern, fullmatch=True) if pattern else st.text(max_size=12)
    if kind == "integer":
        return st.integers(schema.get("minimum", -5), schema.get("maximum", 60))
    if kind == "boolean":
        return st.booleans()
    if kind == "array":
        items = from_schema(schema.get("items", {}), root)
        low = schema.get("minItems", 0)
        high = schema.get("maxItems", max(low, LONGEST))
        unique = schema.get("uniqueItems", False)
        return st.lists(items, min_size=low, max_size=high, unique_by=repr if unique else None)
    if kind == "object":
        return _objects(schema, root)
    return JSON_LEAVES


def _objects(schema: Mapping[str, Any], root: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    values = schema.get("additionalProperties")
    if "propertyNames" in schema and isinstance(values, Mapping):  # a map: keys of one vocabulary, values of a kind
        return st.dictionaries(from_schema(schema["propertyNames"], root), from_schema(values, root),
                               max_size=min(schema.get("maxProperties", LONGEST), LONGEST))
    properties = schema.get("properties", {})
    required = [k for k in schema.get("required", []) if k in properties]
    optional = [k for k in properties if k not in required]
    room = schema.get("maxProperties", len(properties)) - len(required)
    least = max(0, schema.get("minProperties", 0) - len(required))

    @st.composite
    def draw(draw_: Any) -> dict[str, Any]:
        names = required + draw_(st.lists(st.sampled_from(optional), unique=True, min_size=min(least, len(optional)),
                                          max_size=max(0, min(room, len(optional))))) if optional else required
        return {k: draw_(from_schema(properties[k], root)) for k in names}

    return draw()


def _deref(schema: Mapping[str, Any], root: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(schema)
    while "$ref" in out:
        target: Any = root
        for part in out.pop("$ref").removeprefix("#/").split("/"):
            target = target[part]
        out = {**target, **out}
    return out


def merge(a: Mapping[str, Any], b: Mapping[str, Any], root: Mapping[str, Any]) -> dict[str, Any]:
    """One schema that asks what ``a`` and ``b`` ask, as far as drawing needs:
    properties and items merge, required lists join, other keywords of ``b`` win."""
    a, b = _deref(a, root), _deref(b, root)
    if "oneOf" in a and set(b) == {"properties"}:  # each branch takes the properties it has (a seat's bound)
        return {**a, "oneOf": [merge(branch, {"properties": {k: v for k, v in b["properties"].items()
                                                             if k in _deref(branch, root).get("properties", {})}}, root)
                               for branch in a["oneOf"]]}
    out = dict(a)
    for key, value in b.items():
        if key == "properties":
            props = dict(a.get("properties", {}))
            for name, sub in value.items():
                props[name] = merge(props[name], sub, root) if name in props else sub
            out["properties"] = props
        elif key == "items" and "items" in a:
            out["items"] = merge(a["items"], value, root)
        elif key == "required":
            out["required"] = list(dict.fromkeys([*a.get("required", []), *value]))
        else:
            out[key] = value
    return out


def _branches(schema: Mapping[str, Any], root: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The ways to satisfy a fragment's cross-field ``record`` schema: each
    ``if``/``then`` of an ``allOf`` is one way (its condition and its consequence)."""
    schema = _deref(schema, root)
    ways = [merge(c["if"], c["then"], root) for c in schema.get("allOf", []) if "if" in c and "then" in c]
    plain = {k: v for k, v in schema.items() if k != "allOf"}
    return [merge(plain, w, root) for w in ways] or [plain]


def records(key: str, fragment: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Records of game ``key`` drawn from its fragment: a setup or a position,
    up to a few actions, the variant if the game takes one, sometimes a comment.
    The fragment's ``record`` constraints (seats per player count) are followed
    by merging them into the parts they constrain."""
    root = {"$defs": fragment.get("$defs", {})}
    base: dict[str, Any] = {"properties": {
        "setup": fragment["setup"],
        "actions": {"type": "array", "items": fragment["action"],
                    "maxItems": min(LONGEST, fragment.get("maxActions", LONGEST))},
        **({"position": fragment["position"]} if "position" in fragment else {}),
        **({"variant": fragment["variant"]} if "variant" in fragment else {}),
    }}
    ways = [merge(base, way, root) for way in _branches(fragment.get("record", {}), root)]
    return st.one_of([_records(key, way["properties"], root) for way in ways])


def _records(key: str, parts: Mapping[str, Any], root: Mapping[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    starts = [st.fixed_dictionaries({"setup": from_schema(parts["setup"], root)})]
    if "position" in parts:
        starts.append(st.fixed_dictionaries({"position": from_schema(parts["position"], root)}))
    head: dict[str, Any] = {"format": st.just("rules-record/1"), "game": st.just(key),
                            "actions": from_schema(parts["actions"], root)}
    if "variant" in parts:
        head["variant"] = from_schema(parts["variant"], root)
    optional = {"comment": st.text(max_size=20)}
    return st.builds(lambda a, b: {**a, **b}, st.fixed_dictionaries(head, optional=optional), st.one_of(starts))
