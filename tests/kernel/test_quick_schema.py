"""``rules.kernel.quick_schema``: the quick validity check answers as ``jsonschema`` does
(decision record 0051). The fuzz tests compare the two on mutated records of every game
(tests/test_fuzz.py); these compare them on schemas made to meet each change it makes."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from rules.kernel.quick_schema import _with_references_in_place, quick_validator

#: A oneOf of kinds told apart by their fields, two of which overlap (a play fits the first and
#: the last, so it is valid under no oneOf's "exactly one"), an anyOf, a reference beside other
#: keywords, a reference inside a reference, a property named like a keyword.
SCHEMA: dict[str, Any] = {
    "$defs": {
        "seat": {"type": "integer", "minimum": 0, "maximum": 3},
        "action": {"oneOf": [
            {"type": "object", "required": ["seat", "play"], "additionalProperties": False,
             "properties": {"seat": {"$ref": "#/$defs/seat"}, "play": {"enum": ["a", "b"]}}},
            {"type": "object", "required": ["seat"], "additionalProperties": False,
             "properties": {"seat": {"$ref": "#/$defs/seat"}, "pass": {"const": True}}},
            {"type": "object", "required": ["seat", "const"], "properties": {"seat": {"$ref": "#/$defs/seat"},
                                                                              "const": {"type": "string"}}},
            {"type": "array", "maxItems": 2},
            {"required": ["play"]},
        ]},
        "note": {"anyOf": [{"type": "string", "maxLength": 3}, {"type": "object", "required": ["x"]},
                           {"$ref": "#/$defs/seat"}]},
    },
    "type": "object",
    "properties": {"actions": {"type": "array", "items": {"$ref": "#/$defs/action"}},
                   "note": {"$ref": "#/$defs/note", "not": {"const": 2}}},
}

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 5) | st.sampled_from(["a", "b", "c", "long text"]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["seat", "play", "pass", "const", "x", "other"]), inner, max_size=3),
    max_leaves=8)
RECORDS = st.fixed_dictionaries({}, optional={"actions": st.lists(VALUES, max_size=4), "note": VALUES})


@given(st.one_of(RECORDS, VALUES))
def test_the_quick_answer_is_the_validators(instance: Any) -> None:
    assert quick_validator(SCHEMA).is_valid(instance) == Draft202012Validator(SCHEMA).is_valid(instance)


def test_the_cases_the_quick_check_must_tell_apart() -> None:
    """Examples of each answer, so that the property above meets both (and fails if either is lost)."""
    quick = quick_validator(SCHEMA)
    assert quick.is_valid({"actions": [{"seat": 1}, {"seat": 0, "const": "x", "other": 1}, "pass", [1, 2, 3]]})
    assert not quick.is_valid({"actions": [{"seat": 1, "play": "a"}]})  # fits two kinds: not exactly one
    assert not quick.is_valid({"actions": [[1]]})  # two kinds too ("required" asks nothing of a list)
    assert not quick.is_valid({"actions": [{"seat": 1, "other": 1}]})  # fits no kind
    assert not quick.is_valid({"actions": [{"seat": 9}]})  # the referenced seat refuses 9
    assert quick.is_valid({"note": 1}) and not quick.is_valid({"note": 2}) and not quick.is_valid({"note": "long"})


def test_references_are_written_in_place_only_where_that_cannot_change_them() -> None:
    placed = _with_references_in_place(SCHEMA)
    assert "$ref" not in str({k: v for k, v in placed.items() if k != "$defs"})
    assert placed["properties"]["note"]["allOf"][0]["anyOf"][2] == SCHEMA["$defs"]["seat"]  # beside "not"
    recursive = {"$defs": {"tree": {"type": "object", "properties": {"kids": {"items": {"$ref": "#/$defs/tree"}}}}},
                 "$ref": "#/$defs/tree"}
    anchored = {"$defs": {"s": {"$anchor": "s", "type": "integer"}}, "$ref": "#/$defs/s"}
    elsewhere = {"$ref": "https://example.invalid/schema.json"}
    for kept in (recursive, anchored, elsewhere):
        assert _with_references_in_place(kept) is kept
    tree = {"kids": [{"kids": []}, {"kids": [{"kids": 3}]}]}
    assert quick_validator(recursive).is_valid(tree) == Draft202012Validator(recursive).is_valid(tree)
