"""Studies: many seeded games played by policies, and what they show (issue 21 §2).

Game-neutral: a game is played through the :class:`~rules.kernel.game.Game`
protocol by a policy per seat (:func:`rules.kernel.simulate.play_with`), each
game seeded from the study's seed and its index alone (:func:`play_one`), so a
study's result is the same however its games are split among processes or
machines (``rules study --workers``, :mod:`rules.studies.run`). What a study
reports is computed from the games' :class:`Outcome` records in index order
(:func:`summarize`): wins, ties and unfinished games per seat, the first seat's
share of the decisive games with a Wilson interval, the length distribution,
and the end conditions that decided the games (``Result.rules``).

What the adapters to other ecosystems (:mod:`rules.adapters`) need of a game
beyond the protocol is a capability the game offers in its own package
(decision records 0012 and 0026), tested with ``isinstance``: a numbering of every
action it may take in a variant (:class:`HasActionSpace`, so each action keeps
one number in every state: listed, :class:`ActionSpace`, or computed from the
fields of its record, :class:`ShapedSpace`) and the declared size of its decisions and games
(:class:`HasBounds`; :class:`Bounds` holds the defaults of a game that declares
none). This module names no game.
"""

from __future__ import annotations

import bisect
import itertools
import json
import math
import random
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from rules.kernel.game import Game, Result, TurnKind
from rules.kernel.policies import Policy
from rules.kernel.records import canonical_json
from rules.kernel.simulate import play_with, random_setup, seat_count, seat_rngs, variant_json, variants_dealt

#: the z of a two-sided 95% interval
Z95 = 1.959963984540054
#: the "decided by" entry of a finished game whose result names no rule
UNSTATED = "(not stated)"


@attrs.frozen
class Outcome:
    """One game of a study: who won, who moved first, how long it ran, what decided it.

    ``first`` is the seat of the first single-seat turn (the start player: the seat
    to lead, to act, or to choose after a simultaneous opening); ``finished`` is false
    when the game was stopped after ``max_actions``."""

    index: int
    seats: int
    first: int | None
    winners: tuple[int, ...]
    automaton: str
    finished: bool
    actions: int
    decisions: int
    rules: tuple[str, ...]
    #: the variant the game was dealt in, as canonical JSON ("null": the game has no variants)
    variant: str = "null"

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "seats": self.seats, "first": self.first, "winners": list(self.winners),
                "automaton": self.automaton, "finished": self.finished, "actions": self.actions,
                "decisions": self.decisions, "rules": list(self.rules), "variant": json.loads(self.variant)}


def game_seed(seed: int, index: int) -> str:
    """The seed of game ``index`` of a study seeded ``seed`` (its setup, chance and each seat's policy)."""
    return f"study:{seed}:{index}"


def play_one(game: Game[Any, Any], policies: Sequence[Policy], seed: int, index: int,
             variant: Any = None, max_actions: int | None = None) -> Outcome:
    """Game ``index`` of the study: dealt and played from :func:`game_seed` alone."""
    name = game_seed(seed, index)
    rng = random.Random(name)
    setup = random_setup(game, rng, variant)
    state = game.initial_state(setup)
    actions, final = play_with(game, state, rng, policies, seat_rngs(name), max_actions)
    first = _first_seat(game, state, actions)
    result = game.result(final)
    return outcome_of(index, seat_count(game, setup), first, result, len(actions),
                      sum(1 for a in actions if not game.is_chance(a)), variant_json(game, setup, variant))


def outcome_of(index: int, seats: int, first: int | None, result: Result | None, actions: int,
               decisions: int, variant: str = "null") -> Outcome:
    """The :class:`Outcome` of a game that ended with ``result`` (``None``: unfinished)."""
    if result is None:
        return Outcome(index, seats, first, (), "", False, actions, decisions, (), variant)
    return Outcome(index, seats, first, tuple(result.winners), result.automaton, True, actions, decisions,
                   tuple(result.rules), variant)


def _first_seat(game: Game[Any, Any], state: Any, actions: Sequence[Any]) -> int | None:
    """The seat of the first single-seat turn, replaying ``actions`` from ``state`` as far as needed."""
    for action in (None, *actions):
        if action is not None:
            state = game.apply(state, action)
        turn = game.turn(state)
        if turn.kind is TurnKind.SEAT:
            return turn.seats[0]
        if turn.kind is TurnKind.TERMINAL:
            return None
    return None


# ----------------------------------------------------------------------------- what a study shows


@attrs.frozen
class Interval:
    """A share ``k / n`` with its 95% Wilson score interval (``low``..``high``; 0..1 when ``n`` is 0)."""

    k: int
    n: int
    low: float
    high: float

    @property
    def share(self) -> float | None:
        return self.k / self.n if self.n else None

    def to_json(self) -> dict[str, Any]:
        return {"k": self.k, "n": self.n, "share": self.share, "low": round(self.low, 6),
                "high": round(self.high, 6)}


def wilson(k: int, n: int, z: float = Z95) -> Interval:
    """The Wilson score interval of ``k`` successes in ``n`` trials: unlike the normal
    approximation it stays within 0..1 and is sound for small ``n`` and shares near 0 or 1."""
    if not 0 <= k <= n:
        raise ValueError(f"wilson needs 0 <= k <= n, not k={k}, n={n}")
    if n == 0:
        return Interval(0, 0, 0.0, 1.0)
    p = k / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    # at k = 0 and k = n the bound is exactly 0 or 1; rounding must not move it inside
    return Interval(k, n, 0.0 if k == 0 else max(0.0, centre - half), 1.0 if k == n else min(1.0, centre + half))


@attrs.frozen
class Summary:
    """What ``rules study`` reports (issue 21 §2); ``to_json`` is its ``--json``."""

    game: str
    variant: Any  # the one asked for, else the one every game was dealt in (None: the game has none)
    variants: tuple[dict[str, Any], ...]  # each variant dealt and its number of games
    policies: tuple[str, ...]
    seed: int
    games: int
    seats: int
    wins: tuple[int, ...]
    win_shares: tuple[Interval, ...]  # each seat's wins among all finished games
    ties: int
    no_winner: int
    automata: tuple[tuple[str, int], ...]
    unfinished: int
    decisive: int  # finished games with exactly one winning seat
    first_seat: Interval  # the start player's share of the decisive games
    lengths: dict[str, float]
    decided_by: tuple[tuple[str, int], ...]

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "variant": self.variant,
                "variants": list(self.variants), "policies": list(self.policies), "seed": self.seed,
                "games": self.games, "seats": self.seats, "wins": list(self.wins),
                "win_shares": [i.to_json() for i in self.win_shares], "ties": self.ties,
                "no_winner": self.no_winner, "automata": dict(self.automata), "unfinished": self.unfinished,
                "decisive": self.decisive, "first_seat": self.first_seat.to_json(), "lengths": self.lengths,
                "decided_by": dict(self.decided_by)}


def summarize(game: str, variant: Any, policies: Sequence[str], seed: int, outcomes: Iterable[Outcome]) -> Summary:
    """The :class:`Summary` of a study's games (taken in index order, whatever order they came in)."""
    played = sorted(outcomes, key=lambda o: o.index)
    seats = max((o.seats for o in played), default=0)
    wins = [0] * seats
    for o in played:
        for seat in o.winners:
            wins[seat] += 1
    finished = [o for o in played if o.finished]
    decisive = [o for o in finished if len(o.winners) == 1]
    first_wins = sum(1 for o in decisive if o.first is not None and o.winners[0] == o.first)
    automata = Counter(o.automaton for o in finished if not o.winners and o.automaton)
    decided = Counter(" + ".join(o.rules) or UNSTATED for o in finished)
    variant, dealt = variants_dealt([o.variant for o in played], variant)
    return Summary(game=game, variant=variant, variants=tuple(dealt), policies=tuple(policies), seed=seed,
                   games=len(played), seats=seats,
                   wins=tuple(wins), win_shares=tuple(wilson(w, len(finished)) for w in wins),
                   ties=sum(1 for o in finished if len(o.winners) > 1),
                   no_winner=sum(1 for o in finished if not o.winners), automata=tuple(sorted(automata.items())),
                   unfinished=len(played) - len(finished), decisive=len(decisive),
                   first_seat=wilson(first_wins, len(decisive)), lengths=length_summary([o.actions for o in played]),
                   decided_by=tuple(sorted(decided.items(), key=lambda kv: (-kv[1], kv[0]))))


def length_summary(lengths: Sequence[int]) -> dict[str, float]:
    """The distribution of game lengths in actions: min, quartiles, max and mean."""
    if not lengths:
        return {}
    ordered = sorted(lengths)
    quartiles = statistics.quantiles(ordered, n=4, method="inclusive") if len(ordered) > 1 else [ordered[0]] * 3
    return {"min": ordered[0], "p25": quartiles[0], "median": quartiles[1], "p75": quartiles[2],
            "max": ordered[-1], "mean": round(statistics.fmean(ordered), 2)}


# ----------------------------------------------------------------------------- what an adapter asks of a game


class FixedNumbering(Protocol):
    """A numbering of every action a game may take in one variant, the same in every state
    (decision 0026): ``size`` numbers, ``number`` of an action's record JSON (``KeyError`` for
    one outside the space) and its inverse ``action_json``. :class:`ActionSpace` lists its
    actions; :class:`ShapedSpace` computes them, for spaces too large to list."""

    @property
    def size(self) -> int:
        """How many numbers the space has (``0 .. size - 1``)."""

    def number(self, action_json: Mapping[str, Any]) -> int:
        """The number of the action written ``action_json``."""

    def action_json(self, number: int) -> dict[str, Any]:
        """The record JSON of action ``number``."""


@attrs.frozen
class ActionSpace:
    """Every action a game can take in one variant, numbered for good (decision 0026): ``keys[n]``
    names action ``n``, and ``key`` names an action from its record JSON (``game.action_to_json``),
    giving every record of the same action the same name. So a number means one action in every
    state, which a learner of a fixed action embedding needs. A key is the action's canonical
    record JSON, so ``action_json`` reads it back."""

    keys: tuple[str, ...] = attrs.field()
    key: Callable[[Mapping[str, Any]], str] = attrs.field(eq=False)
    _numbers: dict[str, int] = attrs.field(init=False, eq=False, repr=False)

    @keys.validator
    def _once(self, attribute: Any, keys: tuple[str, ...]) -> None:
        if len(set(keys)) != len(keys):
            raise ValueError("an action space names each action once")

    @_numbers.default
    def _number_each(self) -> dict[str, int]:
        return {key: number for number, key in enumerate(self.keys)}

    @property
    def size(self) -> int:
        return len(self.keys)

    def number(self, action_json: Mapping[str, Any]) -> int:
        """The number of the action written ``action_json``; ``KeyError`` for one outside the space."""
        return self._numbers[self.key(action_json)]

    def action_json(self, number: int) -> dict[str, Any]:
        """The record JSON of action ``number`` (its key read back)."""
        loaded: dict[str, Any] = json.loads(self.keys[number])
        return loaded


@attrs.frozen
class Field:
    """One field of an action's record JSON and every value it may hold (JSON values)."""

    name: str
    values: tuple[Any, ...] = attrs.field()
    _index: dict[str, int] = attrs.field(init=False, eq=False, repr=False)

    @values.validator
    def _distinct(self, attribute: Any, values: tuple[Any, ...]) -> None:
        # the index holds one entry per distinct value: written once, read here and by digit()
        if not values or len(self._index) != len(values):
            raise ValueError(f"field {self.name!r} needs distinct values, at least one")

    @_index.default
    def _index_each(self) -> dict[str, int]:
        return {canonical_json(v): i for i, v in enumerate(self.values)}

    def digit(self, value: Any) -> int:
        """The value's rank among the field's values; ``KeyError`` for one it may not hold."""
        return self._index[canonical_json(value)]


@attrs.frozen
class Shape:
    """Every action whose record JSON has exactly these fields, each holding one of its values:
    the product of the fields' values, numbered in mixed radix (the last field varies fastest)."""

    fields: tuple[Field, ...] = attrs.field()

    @fields.validator
    def _named_once(self, attribute: Any, fields: tuple[Field, ...]) -> None:
        if len({f.name for f in fields}) != len(fields):
            raise ValueError("a shape names each field once")

    @property
    def names(self) -> frozenset[str]:
        return frozenset(f.name for f in self.fields)

    @property
    def size(self) -> int:
        return math.prod(len(f.values) for f in self.fields)

    def rank(self, action_json: Mapping[str, Any]) -> int:
        """The action's rank within the shape; ``KeyError`` when a field holds a value outside it."""
        rank = 0
        for f in self.fields:
            rank = rank * len(f.values) + f.digit(action_json[f.name])
        return rank

    def action_json(self, rank: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in reversed(self.fields):
            rank, digit = divmod(rank, len(f.values))
            out[f.name] = f.values[digit]
        return dict(sorted(out.items()))


@attrs.frozen
class ShapedSpace:
    """A computed numbering (decision 0026, addendum): the :class:`Shape` s one after the other,
    an action numbered by the first shape of its fields that holds it, then by its rank there. No
    key is materialized, so a space of millions of actions costs its shapes' value lists alone.

    Shapes with the same field names must not hold a common action (a game keeps them apart by
    a field of one value, e.g. the ability's name), so the numbering is injective; the tests of
    each game check that along seeded games, with the round trip ``number`` / ``action_json``."""

    shapes: tuple[Shape, ...]
    _offsets: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    _by_names: dict[frozenset[str], tuple[tuple[int, Shape], ...]] = attrs.field(init=False, eq=False, repr=False)

    @_offsets.default
    def _offset_each(self) -> tuple[int, ...]:
        return tuple(itertools.accumulate((s.size for s in self.shapes), initial=0))

    @_by_names.default
    def _group(self) -> dict[frozenset[str], tuple[tuple[int, Shape], ...]]:
        groups: dict[frozenset[str], list[tuple[int, Shape]]] = {}
        for offset, shape in zip(self._offsets, self.shapes):
            groups.setdefault(shape.names, []).append((offset, shape))
        return {names: tuple(group) for names, group in groups.items()}

    @property
    def size(self) -> int:
        return self._offsets[-1]

    def number(self, action_json: Mapping[str, Any]) -> int:
        """The number of the action written ``action_json``; ``KeyError`` for one outside the space."""
        for offset, shape in self._by_names.get(frozenset(action_json), ()):
            try:
                return offset + shape.rank(action_json)
            except KeyError:
                continue
        raise KeyError(canonical_json(dict(action_json)))

    def action_json(self, number: int) -> dict[str, Any]:
        """The record JSON of action ``number``."""
        if not 0 <= number < self.size:
            raise IndexError(f"no action {number} in a space of {self.size}")
        index = bisect.bisect_right(self._offsets, number) - 1
        return self.shapes[index].action_json(number - self._offsets[index])


@runtime_checkable
class HasActionSpace(Protocol):
    """A game that numbers every action it may ever take in a variant for good: a list
    (:class:`ActionSpace`, the cards of a deck) or a computed one (:class:`ShapedSpace`, the
    cells, characters and paths of a board). A game without it is numbered by *slots*: an
    action's rank among the legal actions of the state, within :class:`Bounds`."""

    def action_space(self, variant: Any) -> FixedNumbering:
        """Every action of ``variant`` (a record's variant, resolved: never ``None`` for a game
        that needs one), each seat's, in a fixed order."""


@attrs.frozen
class Bounds:
    """How large a game's decisions and games are declared to be (the adapters' fixed sizes).

    ``most_legal_actions``: the most legal actions one seat can have at one decision (the
    size of a slot numbering; a decision with more is refused, never wrapped around);
    ``longest_game``: the actions, chance outcomes included, after which an adapter stops a
    game (above the longest game where every game ends soon; a limit where one need not end).
    The defaults serve a game that declares none."""

    most_legal_actions: int = 1024
    longest_game: int = 1000


@runtime_checkable
class HasBounds(Protocol):
    """A game that declares its :class:`Bounds`."""

    bounds: Bounds


def bounds(game: Game[Any, Any]) -> Bounds:
    """The bounds ``game`` declares, else the defaults."""
    return game.bounds if isinstance(game, HasBounds) else Bounds()
