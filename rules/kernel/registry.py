"""Which code implements which rule.

``@implements("claim.follow-suit")`` records that a function implements a
rule. The registry is how the rulebook links a rule to its code and how the
test suite finds rules without an implementation or code that cites an
unknown ID. Registration is a side effect of importing a game's modules, so
the registry holds only what has been imported (``rules.games.load`` imports
a whole game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import attrs

F = TypeVar("F", bound=Callable[..., object])


@attrs.frozen
class Implementation:
    """One function that implements one rule."""

    rule: str
    qualname: str  # "rules.claim.trick.may_follow"
    module: str
    file: str
    line: int


_IMPLEMENTATIONS: dict[str, list[Implementation]] = {}


def implements(*rule_ids: str) -> Callable[[F], F]:
    """Mark a function (or class) as the implementation of ``rule_ids``.

    The function is returned unchanged; its ``__rules__`` attribute lists the IDs.
    """

    def mark(fn: F) -> F:
        code = getattr(fn, "__code__", None)
        file = code.co_filename if code else getattr(fn, "__module__", "")
        line = code.co_firstlineno if code else 0
        for rule in rule_ids:
            impl = Implementation(rule, f"{fn.__module__}.{fn.__qualname__}", fn.__module__, file, line)
            bucket = _IMPLEMENTATIONS.setdefault(rule, [])
            if impl not in bucket:
                bucket.append(impl)
        fn.__rules__ = tuple(getattr(fn, "__rules__", ())) + rule_ids  # type: ignore[attr-defined]
        return fn

    return mark


def implementations(rule_id: str | None = None) -> tuple[Implementation, ...]:
    """Implementations of one rule, or of every rule when ``rule_id`` is None."""
    if rule_id is None:
        return tuple(i for impls in _IMPLEMENTATIONS.values() for i in impls)
    return tuple(_IMPLEMENTATIONS.get(rule_id, ()))


def cited_rules() -> frozenset[str]:
    """Every rule ID that some imported code cites."""
    return frozenset(_IMPLEMENTATIONS)
