"""What the OpenSpiel and PettingZoo adapters share (issue 21 §3): action numbering and observations.

**Action numbering: slots.** Enumerating every action a game can ever take is not
practical here: a Leaders action names a figure's cell, an ability, a target and a
path (tens of thousands of combinations on 37 hexagons), a Valeria payment splits
any price between resources. So an action's number is its *slot*: its rank among
the deciding seat's legal actions sorted by their record JSON
(``game.action_to_json``, canonical: keys sorted). The numbering is fixed by the
state alone (the same state, the same numbers, on every run and machine) and
readable (:func:`describe` gives the record JSON of a slot), but slot 3 means
different actions in different states. The space's size is a declared bound per
game (:data:`BOUNDS`), several times the most legal actions seen in random play
(Claim family 13, Leaders 133, Valeria 113, measured over 15 seeded games each); a
decision with more would raise :class:`SlotOverflowError`, never wrap around.
Chance outcomes are numbered the same way among the outcomes of their node.

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
from typing import Any

import attrs

from rules.kernel.game import Game, TurnKind
from rules.kernel.simulate import random_setup, seat_count

#: game key -> the size of its action space (slots per decision)
BOUNDS: dict[str, int] = {"claim": 64, "claim2": 64, "claim-combined": 64, "leaders": 1024, "valeria": 512}
#: the size of the observation tensor
TENSOR_SIZE = 512


class SlotOverflowError(RuntimeError):
    """A decision with more legal actions than the game's declared bound."""


def bound(game: Game[Any, Any]) -> int:
    return BOUNDS.get(game.info.key, 1024)


def seats_of(game: Game[Any, Any], variant: Any) -> int:
    """The seats a game of ``variant`` deals (one setup dealt from a fixed seed to see)."""
    return seat_count(game, random_setup(game, random.Random(0), variant))


def canonical(action_json: dict[str, Any]) -> str:
    return json.dumps(action_json, sort_keys=True, ensure_ascii=False)


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


def slots(game: Game[Any, Any], state: Any) -> list[Any]:
    """The decider's legal actions in slot order (sorted by canonical record JSON)."""
    seat = decider(game, state)
    legal = [(canonical(game.action_to_json(a)), a) for a in game.legal_actions(state)]
    mine = [(text, a) for text, a in legal if json.loads(text).get("seat") == seat] if seat is not None else []
    if len(mine) > bound(game):
        raise SlotOverflowError(f"{game.info.key}: {len(mine)} legal actions, more than its bound {bound(game)}")
    return [a for _, a in sorted(mine, key=lambda pair: pair[0])]


def chance_slots(game: Game[Any, Any], state: Any) -> list[tuple[Any, Fraction]]:
    """The chance outcomes with their exact probabilities, in slot order."""
    keyed = [(canonical(game.action_to_json(a)), a, p) for a, p in game.chance_outcomes(state)]
    if len(keyed) > bound(game):
        raise SlotOverflowError(f"{game.info.key}: {len(keyed)} chance outcomes, more than its bound {bound(game)}")
    return [(a, p) for _, a, p in sorted(keyed, key=lambda k: k[0])]


def describe(game: Game[Any, Any], action: Any) -> str:
    """An action as its canonical record JSON (OpenSpiel's action string)."""
    return canonical(game.action_to_json(action))


def jsonable(value: Any) -> Any:
    """A view as plain JSON data: attrs classes as objects, tuples and sets as lists, enums as values."""
    if attrs.has(type(value)):
        return {f.name: jsonable(getattr(value, f.name)) for f in attrs.fields(type(value))}
    if isinstance(value, enum.Enum):
        return jsonable(value.value)
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (frozenset, set)):
        return sorted((jsonable(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def observation_string(game: Game[Any, Any], state: Any, seat: int) -> str:
    """``seat``'s view of ``state`` as canonical JSON."""
    return json.dumps(jsonable(game.view(state, seat)), sort_keys=True, ensure_ascii=False)


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
    return [f"{path}={json.dumps(value)}"]


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
