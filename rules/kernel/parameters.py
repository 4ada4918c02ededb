"""A game's variant parameters, declared once (decision record 0023).

After OpenSpiel's ``parameter_specification``: a game lists each parameter of
its record's ``"variant"`` object (its name, kind, default, allowed values, a
description in the rulebook's languages and the rules that define it) and the
combinations the library refuses, each with the rules that make it refuse.
Everything that speaks of variants reads this one declaration: the reader
(:meth:`Parameters.parse`), the record schema's ``variant`` fragment
(:meth:`Parameters.schema`), ``rules play/bench --variant`` and its help, the
rulebook's variant table and the in-page panels' option lists. A game checks
what a declaration cannot say (the deck rules of a faction selection) after
``parse``, in its own code.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from typing import Any

import attrs

from rules.kernel.languages import FALLBACK
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError


class Kind(enum.Enum):
    """The JSON type of a parameter's value."""

    INTEGER = "integer"
    BOOLEAN = "boolean"
    CHOICE = "string"  #: one of ``values``
    SUBSET = "array"  #: a list of distinct items, each one of ``values``


def json_value(value: Any) -> str:
    """``value`` as JSON writes it (``true``, ``"hardest"``, ``3``): how a variant's values are named."""
    return json.dumps(value, ensure_ascii=False)

@attrs.frozen
class Parameter:
    """One key of a record's ``"variant"``."""

    name: str
    kind: Kind
    description: Text  #: what it changes, in the rulebook's languages
    rules: tuple[str, ...]  #: the rule IDs that define it
    #: the value when the key is absent; ``None``: absent means "not given"
    #: (a random setup draws one, a record's setup says it)
    default: Any = None
    #: allowed values (INTEGER, CHOICE) or allowed items (SUBSET); empty: any of the kind
    values: tuple[Any, ...] = ()
    #: the parameter may be given only when these other parameters have one of these values
    #: (``{"players": (1,)}``: the solo game's setting)
    only_with: Mapping[str, tuple[Any, ...]] = attrs.field(factory=dict)

    def check(self, value: Any) -> None:
        """A :class:`MalformedError` naming this parameter and what it allows, unless ``value`` fits."""
        if self.kind is Kind.BOOLEAN:
            ok = type(value) is bool
        elif self.kind is Kind.INTEGER:
            ok = type(value) is int and (not self.values or value in self.values)
        elif self.kind is Kind.CHOICE:
            ok = isinstance(value, str) and (not self.values or value in self.values)
        else:
            ok = (isinstance(value, list) and all(isinstance(v, str) for v in value)
                  and len(set(value)) == len(value) and (not self.values or set(value) <= set(self.values)))
        if not ok:
            raise MalformedError(f"must be {self.allowed()}, not {value!r} ({', '.join(self.rules)})",
                                 where=f"variant.{self.name}")

    def allowed(self) -> str:
        """What the parameter allows, in words (for errors and ``--help``)."""
        if self.kind is Kind.BOOLEAN:
            return "true or false"
        listed = " | ".join(json_value(v) for v in self.values)
        if self.kind is Kind.SUBSET:
            return f"a list of distinct items of {listed}" if listed else "a list of distinct strings"
        if listed:
            return listed if len(self.values) > 1 else f"{listed}"
        return "an integer" if self.kind is Kind.INTEGER else "a string"


@attrs.frozen
class Refusal:
    """A combination of parameter values the library refuses to play, and why."""

    when: Mapping[str, Any]  #: every named parameter has this value
    rules: tuple[str, ...]  #: the rules behind the refusal (rulings, repair annotations)
    reason: Text

    def applies(self, values: Mapping[str, Any]) -> bool:
        return all(values.get(name) == value for name, value in self.when.items())


@attrs.frozen
class Parameters:
    """A game's whole variant declaration."""

    parameters: tuple[Parameter, ...] = ()
    refusals: tuple[Refusal, ...] = ()

    def __attrs_post_init__(self) -> None:
        names = [p.name for p in self.parameters]
        if len(set(names)) != len(names):
            raise ValueError(f"a parameter is declared twice: {names}")
        for p in self.parameters:
            unknown = set(p.only_with) - set(names)
            if unknown:
                raise ValueError(f"{p.name}.only_with names unknown parameters {sorted(unknown)}")
        for r in self.refusals:
            if not set(r.when) <= set(names):
                raise ValueError(f"a refusal names unknown parameters: {sorted(r.when)}")

    def __bool__(self) -> bool:
        return bool(self.parameters)

    def by_name(self, name: str) -> Parameter:
        return next(p for p in self.parameters if p.name == name)

    def describe(self) -> str:
        """The declaration in one line: ``{"players": 1 | 2 | 3, "dukes": true or false}``."""
        return "{" + ", ".join(f'"{p.name}": {p.allowed()}' for p in self.parameters) + "}"

    def parse(self, data: Any) -> dict[str, Any]:
        """The variant with every default filled in (``None`` for an absent key without one).

        A :class:`MalformedError` names the first key that is unknown or has a value the
        declaration does not allow (with what it allows), a parameter given where it does
        not belong, or a refused combination (with its rules and reason).
        """
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise MalformedError(f"must be an object {self.describe()}, not {data!r}", where="variant")
        unknown = [k for k in data if k not in {p.name for p in self.parameters}]
        if unknown:
            raise MalformedError(f"unknown key {unknown[0]!r}; the variant is {self.describe()}", where="variant")
        values: dict[str, Any] = {}
        for p in self.parameters:
            if p.name in data:
                p.check(data[p.name])
                values[p.name] = data[p.name]
            else:
                values[p.name] = p.default
        for p in self.parameters:
            if p.name in data:
                for other, allowed in p.only_with.items():
                    if values[other] not in allowed:
                        raise MalformedError(
                            f"belongs only with {other} {' | '.join(json_value(v) for v in allowed)} "
                            f"({', '.join(p.rules)})", where=f"variant.{p.name}")
        for refusal in self.refusals:
            if refusal.applies(values):
                raise MalformedError(f"{refusal.reason.get(FALLBACK)} ({', '.join(refusal.rules)})", where="variant")
        return values

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of the record's ``variant`` object."""
        properties: dict[str, Any] = {}
        for p in self.parameters:
            prop: dict[str, Any] = {"description": f"{', '.join(p.rules)}: {p.description.get(FALLBACK)}"}
            if p.kind is Kind.SUBSET:
                prop.update({"type": "array", "uniqueItems": True,
                             "items": {"enum": list(p.values)} if p.values else {"type": "string"}})
            else:
                prop["type"] = p.kind.value
                if p.values:
                    prop["enum"] = list(p.values)
            if p.default is not None:
                prop["default"] = p.default
            properties[p.name] = prop
        return {"type": "object", "properties": properties, "additionalProperties": False}
