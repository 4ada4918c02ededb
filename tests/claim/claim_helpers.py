"""Helpers shared by the Claim tests (imported by name: pytest puts this folder on sys.path)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from rules.claim import Card


def every_card_in(view: Any) -> Counter[Card]:
    """Every card anywhere in a view or state (any field, nested), with multiplicity."""
    found: Counter[Card] = Counter()

    def walk(x: Any) -> None:
        if isinstance(x, Card):
            found[x] += 1
        elif isinstance(x, (tuple, list, set, frozenset)):
            for y in x:
                walk(y)
        elif isinstance(x, dict):
            for y in x.values():
                walk(y)
        elif attrs.has(type(x)):
            for f in attrs.fields(type(x)):
                walk(getattr(x, f.name))

    walk(view)
    return found
