"""What the OpenSpiel and PettingZoo adapters share (issue 21 §3): action numbering and observations.

**The variant is fixed per environment.** Without one, Valeria and the Claim
combinations deal a random player count; an adapter needs one count, so it plays
the variant the setup dealt from ``random.Random(0)`` shows (:func:`resolved_variant`).

**Action numbering** (:func:`numbering`), per game and variant, from what the
game offers (decision 0026):

- a game that numbers every action it can take (``HasActionSpace``: the Claim
  family lists them from its variant's deck, ``rules/claim/study.py``; Leaders
  and Valeria compute them from their board, cards and characters,
  ``rules/<game>/study.py``) has a **catalogue**: the action's number in that
  space, one action in every state; an action outside it (past a bound the game
  declares, as Valeria's cost tokens) raises :class:`OutsideSpaceError`;
- any other game has **slots**: an action's number is its rank among the deciding
  seat's legal actions sorted by their record JSON (``game.action_to_json``,
  canonical: keys sorted): fixed by the state (the same state, the same numbers,
  on every run and machine), but slot 3 means different actions in different
  states. The space's size is the game's declared bound (``HasBounds``, else the
  kernel's default, :class:`~rules.kernel.study.Bounds`); a decision with more
  raises :class:`SlotOverflowError`, never wraps around.

Chance outcomes are numbered as slots among the outcomes of their node.

OpenSpiel uses the catalogue wherever there is one. PettingZoo's action mask is
dense, one entry per number, so it takes the catalogue only up to
:data:`DENSE_MASK_LIMIT` numbers and slots above (:func:`masked_numbering`:
Leaders' 781,622 numbers would make every observation a 781 kB mask).

**Observations** come from ``game.view(state, seat)`` alone: the string is the
view as canonical JSON; the tensor hashes each ``path=value`` leaf of that JSON
into :data:`TENSOR_SIZE` counters (feature hashing with CRC-32, stable across
runs), so every game has one fixed-size tensor without a per-game encoder.

**Simultaneous choices** (Valeria's dukes and harvest) become sequential: the
lowest owing seat decides first (:func:`decider`). A seat deciding later sees what
its view shows of the earlier choice, which the table would not: an approximation
both ecosystems' sequential APIs impose, documented in docs/studies.rst.
"""

from __future__ import annotations

import enum
import json
import random
import zlib
from fractions import Fraction
from functools import cache
from json.encoder import encode_basestring_ascii
from typing import Any

import attrs

from rules.kernel.game import Game, HasVariants, TurnKind
from rules.kernel.records import canonical_json
from rules.kernel.simulate import random_setup, seat_count
from rules.kernel.study import FixedNumbering, HasActionSpace, bounds

#: the size of the observation tensor
TENSOR_SIZE = 512
#: the most numbers a dense action mask holds (PettingZoo): a larger catalogue is numbered by slots there
DENSE_MASK_LIMIT = 100_000


class SlotOverflowError(RuntimeError):
    """A decision with more legal actions than the game's declared bound."""


class OutsideSpaceError(RuntimeError):
    """A legal action the game's fixed numbering has no number for (past a bound it declares)."""


def resolved_variant(game: Game[Any, Any], variant: Any) -> Any:
    """``variant``, or when it is ``None`` the variant a setup dealt from ``random.Random(0)`` shows."""
    if variant is None and isinstance(game, HasVariants):
        return game.variant_of(random_setup(game, random.Random(0)))
    return variant


def seats_of(game: Game[Any, Any], variant: Any) -> int:
    """The seats a game of ``variant`` deals (one setup dealt from a fixed seed to see)."""
    return seat_count(game, random_setup(game, random.Random(0), variant))


#: an action's record JSON as the key of its number (the kernel's one canonical writer)
canonical = canonical_json


def decider(game: Game[Any, Any], state: Any) -> int | None:
    """The seat that decides now: the one seat to act or, at a simultaneous turn, the lowest
    seat that owes a choice; ``None`` at chance and terminal states."""
    turn = game.turn(state)
    if turn.kind is TurnKind.SEAT:
        return turn.seats[0]
    if turn.kind is TurnKind.SIMULTANEOUS:
        owing = {int(game.action_to_json(a)["seat"]) for a in game.legal_actions(state)}
        return min(owing)
    return None


def _mine(game: Game[Any, Any], state: Any) -> list[tuple[dict[str, Any], Any]]:
    """The decider's legal actions with their record JSON."""
    seat = decider(game, state)
    if seat is None:
        return []
    legal = [(game.action_to_json(a), a) for a in game.legal_actions(state)]
    return [(data, a) for data, a in legal if data.get("seat") == seat]


@attrs.frozen
class Slots:
    """Numbers by rank among the decider's legal actions sorted by record JSON (see the module docstring)."""

    size: int

    def numbered(self, game: Game[Any, Any], state: Any) -> dict[int, Any]:
        mine = sorted(((canonical(data), a) for data, a in _mine(game, state)), key=lambda pair: pair[0])
        if len(mine) > self.size:
            raise SlotOverflowError(f"{game.info.key}: {len(mine)} legal actions, more than its bound {self.size}")
        return {i: a for i, (_, a) in enumerate(mine)}


@attrs.frozen
class Catalogue:
    """Numbers by the game's list of every action (see the module docstring)."""

    space: FixedNumbering

    @property
    def size(self) -> int:
        return self.space.size

    def numbered(self, game: Game[Any, Any], state: Any) -> dict[int, Any]:
        try:
            return dict(sorted(((self.space.number(data), a) for data, a in _mine(game, state)), key=lambda n: n[0]))
        except KeyError as outside:
            raise OutsideSpaceError(f"{game.info.key}: no number for the legal action {outside}") from outside


Numbering = Slots | Catalogue


def numbering(game: Game[Any, Any], variant: Any) -> Numbering:
    """The action numbering of ``game`` in ``variant`` (resolved: :func:`resolved_variant`)."""
    if isinstance(game, HasActionSpace):
        return Catalogue(game.action_space(variant))
    return Slots(bounds(game).most_legal_actions)


def masked_numbering(game: Game[Any, Any], variant: Any) -> Numbering:
    """The numbering of a dense action mask: the catalogue up to :data:`DENSE_MASK_LIMIT`
    numbers, else slots (see the module docstring)."""
    fixed = numbering(game, variant)
    if fixed.size > DENSE_MASK_LIMIT:
        return Slots(bounds(game).most_legal_actions)
    return fixed


def chance_slots(game: Game[Any, Any], state: Any) -> list[tuple[Any, Fraction]]:
    """The chance outcomes with their exact probabilities, sorted by record JSON."""
    keyed = [(canonical(game.action_to_json(a)), a, p) for a, p in game.chance_outcomes(state)]
    return [(a, p) for _, a, p in sorted(keyed, key=lambda k: k[0])]


def describe(game: Game[Any, Any], action: Any) -> str:
    """An action as its canonical record JSON (OpenSpiel's action string)."""
    return canonical(game.action_to_json(action))


#: the plain values :func:`jsonable` returns as they are, by exact type (the most common leaves, tested first)
_PLAIN = frozenset({str, int, bool, float, type(None)})


@cache
def _field_names(cls: type) -> tuple[str, ...] | None:
    """The field names of an attrs class, in order; None for any other class (asked once per class:
    ``attrs.has`` and ``attrs.fields`` at every value were most of an observation's cost)."""
    return tuple(f.name for f in attrs.fields(cls)) if attrs.has(cls) else None


def jsonable(value: Any) -> Any:
    """A view as plain JSON data: attrs classes as objects, tuples and sets as lists, enums as values."""
    kind: type = type(value)
    if kind in _PLAIN:
        return value
    names = _field_names(kind)
    if names is not None:
        return {name: jsonable(getattr(value, name)) for name in names}
    if isinstance(value, enum.Enum):
        return jsonable(value.value)
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (frozenset, set)):
        return sorted((jsonable(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, (bool, int, float, str)):  # a subclass of one (None and the exact types returned above)
        return value
    return str(value)


def observation_string(game: Game[Any, Any], state: Any, seat: int) -> str:
    """``seat``'s view of ``state`` as canonical JSON."""
    return canonical_json(jsonable(game.view(state, seat)))


def observation_tensor(game: Game[Any, Any], state: Any, seat: int) -> list[float]:
    """``seat``'s view hashed into :data:`TENSOR_SIZE` counters (see the module docstring)."""
    tensor = [0.0] * TENSOR_SIZE
    for leaf in _leaves(jsonable(game.view(state, seat)), ""):
        tensor[zlib.crc32(leaf.encode("utf-8")) % TENSOR_SIZE] += 1.0
    return tensor


def _leaves(value: Any, path: str) -> list[str]:
    if isinstance(value, dict):
        return [leaf for k, v in value.items() for leaf in _leaves(v, f"{path}.{k}")]
    if isinstance(value, list):
        return [leaf for i, v in enumerate(value) for leaf in _leaves(v, f"{path}[{i}]")]
    return [f"{path}={_json_scalar(value)}"]


def _json_scalar(value: Any) -> str:
    """``json.dumps(value)`` for a leaf of :func:`jsonable`'s data, without ``json.dumps``'s
    encoder set up for the commonest leaves (a string, an integer, a boolean, null): the same
    text, which the observation tensor hashes."""
    kind = type(value)
    if kind is str:
        return encode_basestring_ascii(value)
    if kind is int:
        return int.__repr__(value)
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    return json.dumps(value)


def returns(game: Game[Any, Any], state: Any, seats: int) -> list[float]:
    """Each seat's payoff at the end: +1 to each winner and -1 to each other seat when
    someone won; 0 to all when nobody did (a tie under the rules, an automaton's win counts
    as every seat's loss, a game stopped unfinished)."""
    result = game.result(state)
    if result is None:
        return [0.0] * seats
    if not result.winners:
        return [-1.0 if result.automaton else 0.0] * seats
    return [1.0 if s in result.winners else -1.0 for s in range(seats)]
