"""The Jailer's and the Protector's restrictions as pure predicates (vocabulary ``L``).

- Jailer (leaders.jailer): an enemy adjacent to a Jailer may not use its
  ACTIVE ability; checked when the action starts (leaders.jailer.no-interrupt).
  Passive abilities and plain moves are not blocked (ruling; the card text
  names active abilities only).
- Protector (leaders.protector): enemy abilities may not move the Protector
  nor any of its allies adjacent to it: pushes, pulls, the Manipulator, the
  Illusionist's swap. A figure moving itself is not "moved by" an ability.

A figure is described by ``(q, r, owner)``; ``jailers``/``protectors`` are the
figures of that kind on the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.kernel.logic import CONCRETE, Logic
from rules.kernel.registry import implements
from rules.leaders.board import adjacent


@implements("leaders.jailer", "leaders.jailer.no-interrupt")
def jailed(q: Any, r: Any, owner: Any, is_active: Any, jailers: Sequence[tuple[Any, Any, Any]],
           L: Logic = CONCRETE) -> Any:
    """The figure at ``(q, r)`` of ``owner`` may not use its ability: it has an active
    ability and an ENEMY Jailer stands adjacent to it (at the start of the action)."""
    return L.And(is_active, L.Or(*(L.And(jo != owner, adjacent(q, r, jq, jr, L)) for jq, jr, jo in jailers)))


@implements("leaders.protector")
def protected(q: Any, r: Any, owner: Any, mover_owner: Any, is_protector: Any,
              protectors: Sequence[tuple[Any, Any, Any]], L: Logic = CONCRETE) -> Any:
    """An ability of ``mover_owner``'s figure may not move the figure at ``(q, r)`` of
    ``owner``: it is an enemy's, and it is a Protector or an ally adjacent to one."""
    near = L.Or(*(L.And(po == owner, adjacent(q, r, pq, pr, L)) for pq, pr, po in protectors))
    return L.And(owner != mover_owner, L.Or(is_protector, near))
