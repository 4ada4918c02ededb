"""A quicker answer to "is this record valid?" from the same JSON Schema (decision record 0051).

The record gate (:mod:`rules.kernel.schema`) asks two questions of a schema: whether a record is
valid, for every record read, and, for an invalid one, what is wrong with it. Only the second
needs ``jsonschema``'s errors; the first is asked far more often (every record the command, the
page or a study reads) and spends most of its time where a long record's actions meet a
``oneOf`` of a dozen kinds of action: the validator checks every kind against every action in
full, building an error for each kind that does not fit, and follows each ``$ref`` through the
schema's registry.

:func:`quick_validator` answers the first question with the same ``Draft202012Validator`` and
the same schema, changed in two ways that cannot change the answer:

* the schema's local references (``"$ref": "#/$defs/NAME"``) are written in place, so no
  reference is looked up while validating (a schema with anything else that a reference could
  mean, or a reference that reaches itself, is kept as it is);
* ``oneOf`` and ``anyOf`` first pass over each branch whose shape the instance cannot have (an
  object it is not, a property it requires that is missing, a property it does not allow that
  is there), which that branch would refuse anyway, and fully check only the others, stopping
  once the answer is known.

Its errors say only that a ``oneOf`` or ``anyOf`` failed: the messages people read come from
the plain validator (:func:`rules.kernel.schema.validate_record`). The fuzz tests compare the two
answers on mutated records.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError

#: Keywords under which a local reference could mean something other than the ``$defs`` entry it names.
_REFERENCE_SCOPES = frozenset({"$id", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef"})
#: Keywords whose value is data, not a schema: nothing in them is a reference.
_DATA = frozenset({"const", "enum", "default", "examples"})
_LOCAL = "#/$defs/"


def quick_validator(schema: Mapping[str, Any]) -> Any:
    """A validator whose ``is_valid`` gives the answer ``Draft202012Validator(schema).is_valid`` gives."""
    return _Quick(_with_references_in_place(schema))


def _with_references_in_place(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """``schema`` with each ``"$ref": "#/$defs/NAME"`` replaced by that definition (beside other
    keywords, as one more ``allOf`` entry, which is what a ``$ref`` beside them means), or
    ``schema`` itself when a reference could mean anything else or reaches itself."""
    definitions = schema.get("$defs", {})

    class Kept(Exception):
        """The schema cannot be changed safely: keep it as it is."""

    def place(node: Any, within: frozenset[str], top: bool = False) -> Any:
        if isinstance(node, list):
            return [place(item, within) for item in node]
        if not isinstance(node, Mapping):
            return node
        if _REFERENCE_SCOPES & set(node) and not (top and set(node) & _REFERENCE_SCOPES == {"$id"}):
            raise Kept
        out = {key: value if key in _DATA or key == "$defs" else place(value, within)
               for key, value in node.items() if key != "$ref"}
        reference = node.get("$ref")
        if reference is None:
            return out
        name = reference[len(_LOCAL):] if isinstance(reference, str) and reference.startswith(_LOCAL) else None
        if name is None or "/" in name or "~" in name or name not in definitions or name in within:
            raise Kept
        target = place(definitions[name], within | {name})
        if not out:
            return target
        out["allOf"] = [*out.get("allOf", []), target]
        return out

    try:
        placed: Mapping[str, Any] = place(schema, frozenset(), top=True)
    except Kept:
        return schema
    return placed


def _may_fit(validator: Any, branch: Any, instance: Any) -> bool:
    """Whether ``instance`` may be valid under ``branch``: ``False`` only where the branch's own
    ``type: object``, ``required`` or ``additionalProperties: false`` refuses it."""
    if not isinstance(branch, Mapping):
        return True
    is_object = validator.is_type(instance, "object")
    if branch.get("type") == "object" and not is_object:
        return False
    if not is_object:
        return True
    if any(name not in instance for name in branch.get("required", ())):
        return False
    if branch.get("additionalProperties") is False and "patternProperties" not in branch:
        allowed = branch.get("properties", {})
        return all(name in allowed for name in instance)
    return True


def _fits(validator: Any, branch: Any, instance: Any) -> bool:
    return _may_fit(validator, branch, instance) and bool(validator.evolve(schema=branch).is_valid(instance))


def _one_of(validator: Any, branches: list[Any], instance: Any, schema: Any) -> Iterator[ValidationError]:
    fitting = 0
    for branch in branches:
        if _fits(validator, branch, instance):
            fitting += 1
            if fitting > 1:
                break
    if fitting != 1:
        yield ValidationError(f"valid under {fitting} of the oneOf schemas, not exactly one")


def _any_of(validator: Any, branches: list[Any], instance: Any, schema: Any) -> Iterator[ValidationError]:
    if not any(_fits(validator, branch, instance) for branch in branches):
        yield ValidationError("valid under none of the anyOf schemas")


_Quick = validators.extend(Draft202012Validator, {"oneOf": _one_of, "anyOf": _any_of})  # type: ignore[no-untyped-call]
