"""The protocol every game implements (after OpenSpiel's game API; decision
records 0010 and 0012).

A game is declared once (:class:`GameInfo`), then offers pure functions over
immutable states. Who must act is explicit (:meth:`Game.turn`): one seat, the
chance player, several seats who each owe an independent choice, or nobody.
Chance nodes list their outcomes with exact probabilities
(:meth:`Game.chance_outcomes`); an outcome is applied like any action and
written in records like any action. The kernel (records, adjudication,
simulation, CLI, rulebook) talks to games only through this module; it never
imports a game.

Optional capabilities (positions, variants, game commands) are separate
runtime-checkable protocols, tested with ``isinstance``.
"""

from __future__ import annotations

import argparse
import enum
import functools
import random
import types
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar, get_args, get_origin, runtime_checkable

import attrs

from rules.kernel.decisions import Decisions, ForcedStep
from rules.kernel.languages import FALLBACK
from rules.kernel.messages import message
from rules.kernel.parameters import Parameters
from rules.kernel.text import Text
from rules.kernel.verdict import IllegalActionError, MalformedError, Violation

S = TypeVar("S")
A = TypeVar("A")


class ChanceMode(enum.Enum):
    """Where a game's randomness lives."""

    NONE = "none"  #: no randomness at all
    SETUP = "setup"  #: decided before play: deals and shuffles are part of the setup
    NODES = "nodes"  #: chance nodes during play (dice), besides whatever the setup holds


class Information(enum.Enum):
    PERFECT = "perfect"
    IMPERFECT = "imperfect"


class Dynamics(enum.Enum):
    SEQUENTIAL = "sequential"  #: one seat decides at a time
    #: sequential, but some states wait for independent choices of several seats
    SIMULTANEOUS_CHOICES = "sequential-with-simultaneous-choices"


def _languages(instance: Any, attribute: Any, value: tuple[str, ...]) -> None:
    if not value or value[-1] != FALLBACK:
        raise ValueError(f"GameInfo.languages must end with {FALLBACK!r} (the rulebook language first): {value!r}")


@attrs.frozen
class GameInfo:
    """What kind of game this is, declared once."""

    key: str  # "claim": the record's "game"
    name: Text
    players: tuple[int, ...]  # allowed player counts
    chance: ChanceMode = attrs.field(validator=attrs.validators.instance_of(ChanceMode))
    information: Information = attrs.field(validator=attrs.validators.instance_of(Information))
    languages: tuple[str, ...] = attrs.field(validator=_languages)  # the book's language first, then the fallback
    dynamics: Dynamics = attrs.field(default=Dynamics.SEQUENTIAL,
                                     validator=attrs.validators.instance_of(Dynamics))
    #: rule-driven participants that are not seats (the solo game's Dark Lord)
    automata: tuple[str, ...] = ()
    #: the rule-ID prefixes of this game's rules in the spec ("claim-combined" for the combinations)
    rule_prefixes: tuple[str, ...] = ()
    #: the record's ``"variant"`` parameters and the refused combinations (decision 0023)
    parameters: Parameters = Parameters()

    @property
    def prefixes(self) -> tuple[str, ...]:
        return self.rule_prefixes or (self.key,)


class TurnKind(enum.Enum):
    SEAT = "seat"  #: one seat decides
    CHANCE = "chance"  #: the chance player: one of ``chance_outcomes`` happens
    SIMULTANEOUS = "simultaneous"  #: each of ``seats`` owes an independent choice (any order)
    TERMINAL = "terminal"  #: the game is over


@attrs.frozen(slots=True)
class Turn:
    """Who must decide now."""

    kind: TurnKind
    seats: tuple[int, ...] = ()

    @classmethod
    def of(cls, seat: int) -> Turn:
        return cls(TurnKind.SEAT, (seat,))

    @classmethod
    def simultaneous(cls, seats: Sequence[int]) -> Turn:
        return cls(TurnKind.SIMULTANEOUS, tuple(seats))

    @property
    def seat(self) -> int | None:
        """The one seat to move, or ``None`` (chance, several seats, terminal)."""
        return self.seats[0] if self.kind is TurnKind.SEAT else None

    def describe(self) -> Text:
        if self.kind is TurnKind.SEAT:
            return message("turn.seat").format(seat=self.seats[0])
        if self.kind is TurnKind.SIMULTANEOUS:
            return message("turn.simultaneous").format(seats=", ".join(map(str, self.seats)))
        if self.kind is TurnKind.CHANCE:
            return message("turn.chance")
        return message("turn.terminal")


CHANCE = Turn(TurnKind.CHANCE)
TERMINAL = Turn(TurnKind.TERMINAL)


@attrs.frozen
class Result:
    """The outcome of a finished game.

    ``winners`` lists winning seats (empty: no winner under the rulings, or
    ``automaton`` won: one of ``GameInfo.automata``, e.g. the solo game's Dark Lord);
    ``details`` is the game-specific JSON (Claim: ``votes``); ``lines`` explain it;
    ``rules`` are the rule IDs of the end condition that decided the game (what
    ``rules study`` reports as "decided by", issue 21; empty: not stated).
    """

    winners: tuple[int, ...]
    details: Mapping[str, Any] = attrs.field(factory=dict, eq=False, hash=False)
    lines: tuple[Text, ...] = ()
    automaton: str = ""
    rules: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {**self.details, "winners": list(self.winners), **({"automaton": self.automaton} if self.automaton
                                                                  else {})}


@attrs.frozen
class GameCommand:
    """A game's own subcommand of the ``rules`` CLI (``rules leaders wins FILE``).

    ``run`` returns the exit status and may raise
    :class:`~rules.kernel.verdict.MalformedError` for bad input (the CLI
    prints it on one line and exits 2).
    """

    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


@runtime_checkable
class Game(Protocol[S, A]):
    """A game the kernel can replay, adjudicate, simulate and document.

    Derive from :class:`GameBase` to get ``apply``, ``attempt``,
    ``is_legal``, ``is_terminal`` and the defaults for games without chance
    nodes, pending decisions or forced steps.
    """

    info: GameInfo

    # records -------------------------------------------------------------
    def setup_from_json(self, data: Any, variant: Any = None) -> Any:
        """Parse a record's ``setup``; raise ``MalformedError`` on bad input."""

    def setup_to_json(self, setup: Any) -> dict[str, Any]: ...

    def action_from_json(self, data: Any) -> A:
        """Parse one record action (chance outcomes included); raise ``MalformedError`` on bad input."""

    def action_to_json(self, action: A) -> dict[str, Any]: ...

    def random_setup(self, rng: random.Random) -> Any: ...

    # play ------------------------------------------------------------------
    def initial_state(self, setup: Any) -> S: ...

    def turn(self, state: S) -> Turn:
        """Who must decide in ``state``."""

    def legal_actions(self, state: S) -> Sequence[A]:
        """The legal actions of the seat(s) to decide; empty at chance and terminal states."""

    def chance_outcomes(self, state: S) -> Sequence[tuple[A, Fraction]]:
        """At a chance state, every outcome with its exact probability (they sum to 1)."""

    def is_chance(self, action: A) -> bool:
        """Whether ``action`` is a chance outcome (a roll) rather than a seat's choice."""

    def check(self, state: S, action: A) -> Violation | None:
        """``None`` when ``action`` is legal in ``state``, else why not."""

    def successor(self, state: S, action: A) -> S:
        """The state after ``action``, which the caller knows to be legal."""

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; raises ``IllegalActionError`` if illegal."""

    def attempt(self, state: S, action: A) -> S | Violation:
        """The state after ``action``, or the violation when it is illegal."""

    def is_legal(self, state: S, action: A) -> bool: ...

    def is_terminal(self, state: S) -> bool: ...

    def result(self, state: S) -> Result | None: ...

    def view(self, state: S, seat: int) -> Any:
        """What ``seat`` may see of ``state``."""

    def pending(self, state: S) -> Decisions:
        """The decisions ``state`` waits for, the one to make now first."""

    # explanations ------------------------------------------------------------
    def explain_step(self, before: S, action: A, after: S) -> Sequence[Text]:
        """Lines that say what ``action`` did (for ``adjudicate --explain``)."""

    def forced_steps(self, before: S, action: A, after: S) -> Sequence[ForcedStep]:
        """What the engine did by itself after ``action`` because a rule forced it."""


_NOT_CHANCE = message("chance.not_chance")
_NOT_AN_OUTCOME = message("chance.not_an_outcome")
_CHANCE_EXPECTED = message("chance.expected")


def chance_violation(game: Game[S, A], state: S, action: A) -> Violation | None:
    """Why ``action`` cannot happen in ``state`` as far as chance goes, else ``None``:
    an outcome that cannot occur there, an outcome where a seat decides, or a
    seat's choice where chance decides (decision record 0010). The violation
    cites no rule: it is not a player's fault but an impossible record."""
    turn = game.turn(state)
    chance = game.is_chance(action)
    if turn.kind is TurnKind.CHANCE:
        if not chance:
            return Violation((), _CHANCE_EXPECTED)
        if all(action != outcome for outcome, _ in game.chance_outcomes(state)):
            return Violation((), _NOT_AN_OUTCOME)
        return None
    if chance:
        return Violation((), _NOT_CHANCE.format(turn=turn.describe()))
    return None


def _classes(argument: Any) -> tuple[type, ...]:
    """The classes a type argument of :class:`GameBase` names (``State``; ``Play | Take | Crush``),
    or ``(object,)`` when it names none a value can be tested against (``Any``, a type variable)."""
    if isinstance(argument, type) and argument is not Any and get_origin(argument) is None:
        return (argument,)
    if isinstance(argument, types.UnionType) and all(isinstance(a, type) for a in get_args(argument)):
        return get_args(argument)
    return (object,)


def _kinds(classes: tuple[type, ...]) -> str:
    return " or ".join(c.__name__ for c in classes)


def _guard_state_and_action(method: Any) -> Callable[..., Any]:
    """``method`` (a function of the game, or a staticmethod: an engine function the game
    exposes as it is) behind the test that its state and action are the game's."""
    function = method.__func__ if isinstance(method, staticmethod) else None
    name = (function or method).__name__

    @functools.wraps(function or method)
    def guarded(self: GameBase[Any, Any], state: Any, action: Any) -> Any:
        if not isinstance(state, self.state_types):
            raise self.malformed("state", state, name)
        if not isinstance(action, self.action_types):
            raise self.malformed("action", action, name)
        return function(state, action) if function is not None else method(self, state, action)
    return guarded


def _guard_state(method: Any) -> Callable[..., Any]:
    """``method`` (as for :func:`_guard_state_and_action`) behind the test that its state is the game's."""
    function = method.__func__ if isinstance(method, staticmethod) else None
    name = (function or method).__name__

    @functools.wraps(function or method)
    def guarded(self: GameBase[Any, Any], state: Any) -> Any:
        if not isinstance(state, self.state_types):
            raise self.malformed("state", state, name)
        return function(state) if function is not None else method(self, state)
    return guarded


class GameBase(Generic[S, A]):
    """The shared half of every game: ``apply``/``attempt``/``is_legal`` from
    ``check`` and ``successor`` (so no game writes them twice), and the
    defaults of a game without chance nodes, pending decisions or forced steps.

    A game whose ``check`` is slower than a legal move may override
    :meth:`try_successor`: the successor when a quick test shows the action
    legal, else ``None`` (then ``check`` decides and names the violation).

    **What is not the game's** (decision record 0023). The type arguments a game
    gives this class (``GameBase[State, Action]``; a union such as ``Play | Take |
    Crush`` names several classes) are also what it accepts at run time:
    ``check``, ``is_legal``, ``attempt``, ``apply`` and ``successor`` given a
    state or an action that is not an instance of them (``None``, a string, an
    action or a state of another game) raise
    :class:`~rules.kernel.verdict.MalformedError`, and so does
    ``legal_actions`` given such a state. These are the calls that receive what
    a caller built; the same bad input so raises the same class in every game,
    which the conformance suite checks. The queries a caller makes of states
    the game itself returned (``turn``, ``view``, ``result``, ``pending``,
    ``is_terminal``) take the state on trust: a simulation asks them at every
    step. A game that cannot name its types (``GameBase[Count, Any]``) accepts
    anything in that place. Two games that share their classes (Claim and Claim
    2) cannot tell each other's states apart by class; their ``check`` refuses
    what does not fit with a violation.
    """

    info: GameInfo
    #: the classes of this game's states and actions, read from its type arguments
    state_types: tuple[type, ...] = (object,)
    action_types: tuple[type, ...] = (object,)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for base in getattr(cls, "__orig_bases__", ()):
            if get_origin(base) is GameBase:
                state, action = get_args(base)
                cls.state_types, cls.action_types = _classes(state), _classes(action)
        for name in ("check", "successor"):
            if name in cls.__dict__:  # the unguarded one serves attempt, which guards once itself
                setattr(cls, f"_unguarded_{name}", cls.__dict__[name])
                setattr(cls, name, _guard_state_and_action(cls.__dict__[name]))
        if "legal_actions" in cls.__dict__:  # the unguarded one serves random play (rules.kernel.simulate)
            cls._unguarded_legal_actions = cls.__dict__["legal_actions"]  # type: ignore[attr-defined]
            cls.legal_actions = _guard_state(cls.__dict__["legal_actions"])  # type: ignore[attr-defined]

    def malformed(self, what: str, value: Any, method: str) -> MalformedError:
        """The error for a ``what`` ("state" or "action") that is not this game's."""
        expected = _kinds(self.state_types if what == "state" else self.action_types)
        shown = repr(value) if len(repr(value)) <= 60 else f"{type(value).__name__} object"
        return MalformedError(f"not {'an action' if what == 'action' else 'a state'} of {self.info.key} "
                              f"({expected}): {shown}", where=f"{self.info.key}.{method}")

    def check(self, state: S, action: A) -> Violation | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def successor(self, state: S, action: A) -> S:  # pragma: no cover - abstract
        raise NotImplementedError

    def turn(self, state: S) -> Turn:  # pragma: no cover - abstract
        raise NotImplementedError

    _unguarded_check = check
    _unguarded_successor = successor

    def try_successor(self, state: S, action: A) -> S | None:
        return None

    def attempt(self, state: S, action: A) -> S | Violation:
        if not isinstance(state, self.state_types):
            raise self.malformed("state", state, "attempt")
        if not isinstance(action, self.action_types):
            raise self.malformed("action", action, "attempt")
        after = self.try_successor(state, action)
        if after is not None:
            return after
        if self.info.chance is ChanceMode.NODES:
            violation = chance_violation(self, state, action)  # type: ignore[arg-type]
            if violation is not None or self.is_chance(action):
                return violation if violation is not None else self._unguarded_successor(state, action)
        violation = self._unguarded_check(state, action)
        return violation if violation is not None else self._unguarded_successor(state, action)

    def apply(self, state: S, action: A) -> S:
        after = self.attempt(state, action)
        if isinstance(after, Violation):
            raise IllegalActionError(after)
        return after

    def is_legal(self, state: S, action: A) -> bool:
        return self.check(state, action) is None

    def is_terminal(self, state: S) -> bool:
        return self.turn(state).kind is TurnKind.TERMINAL

    def chance_outcomes(self, state: S) -> Sequence[tuple[A, Fraction]]:
        return ()

    def is_chance(self, action: A) -> bool:
        return False

    def pending(self, state: S) -> Decisions:
        return ()

    def forced_steps(self, before: S, action: A, after: S) -> Sequence[ForcedStep]:
        return ()


# ---------------------------------------------------------------------- capabilities


@runtime_checkable
class HasPositions(Protocol[S]):
    """Records may start from a ``"position"`` (a disputed game state) instead of a ``"setup"``."""

    def position_from_json(self, data: Any, variant: Any = None) -> S: ...

    def position_to_json(self, state: S) -> dict[str, Any]: ...

    def position_notes(self, state: S) -> Sequence[Text]:
        """What is unusual about a position (for the verdict's notes)."""


@runtime_checkable
class HasForcedAnswers(Protocol[S]):
    """A game that gives a decision's only possible answer itself, where an older record
    format wrote it out (decision 0033): the replay reads such a line as repeating it."""

    def written_forced_answer(self, state: S, action: Any) -> S | None:
        """``state`` having read ``action`` as an answer the engine already gave by itself,
        or ``None`` when it is not one."""


@runtime_checkable
class HasVariants(Protocol):
    """A game whose variants are parameters: the record's ``"variant"`` JSON."""

    def variant_of(self, setup: Any) -> Any:
        """The record's ``"variant"`` for ``setup`` (``None``: the game's own)."""

    def random_setup(self, rng: random.Random, variant: Any = None) -> Any: ...


@runtime_checkable
class HasCommands(Protocol):
    """Game-specific CLI commands: ``rules <game key> <name>``."""

    commands: Mapping[str, GameCommand]


@runtime_checkable
class HasSecrets(Protocol[S]):
    """A game with hidden information offers a way to change only what a
    seat may not see (the other hands, a face-down stack), so the
    conformance suite can show that seat's view does not change."""

    def rehide(self, state: S, seat: int, rng: random.Random) -> S:
        """A state that differs from ``state`` only in what ``seat`` may not see."""
