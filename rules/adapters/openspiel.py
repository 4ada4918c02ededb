"""Each game as an OpenSpiel Python game (issue 21 §3).

:func:`register` registers every game under ``rules_<key>`` (``rules_claim``,
``rules_claim2``, ``rules_claim_combined``, ``rules_leaders``, ``rules_valeria``), with
one parameter, ``variant``: the record's variant as a JSON string
(``pyspiel.load_game("rules_valeria", {"variant": '{"players": 3}'})``).

Declared game type: sequential dynamics (a simultaneous choice is asked of the
lowest owing seat first, :func:`rules.adapters.common.decider`); chance mode
explicit stochastic, every chance node listing its outcomes with the game's exact
:class:`~fractions.Fraction` probabilities as floats; information perfect or
imperfect as the game declares (``GameInfo.information``); utility zero-sum for
two seats (+1 / -1, 0 when nobody wins) and general-sum otherwise; terminal
rewards; players: the variant's seat count.

The setup (deals and shuffles) is the first chance node: its outcome ``k`` deals
the setup ``random_setup`` draws from ``random.Random(k)``, ``k`` uniform among
:data:`DEALS` numbers, so the game's setup distribution is sampled by a finite,
explicit node rather than enumerated. Actions are numbered by
:func:`rules.adapters.common.numbering` (the fixed catalogue of every action every
game offers: listed for the Claim family, computed for Leaders and Valeria): ``num_distinct_actions`` is its size.
Without a variant the game plays the one a fixed deal shows
(:func:`~rules.adapters.common.resolved_variant`), so the player count is fixed.
Observation strings and tensors come from the seat's view only; the information
state is the same observation (the library's views hold what a seat remembers of
the public history, not its own earlier private choices). A Leaders game, which
need not end, stops after the game's declared longest game
(:class:`~rules.kernel.study.Bounds`) with zero returns (the ``max_length``
parameter sets another limit; 0: the game's own).
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import numpy as np
import pyspiel

from rules import games
from rules.adapters.common import (
    TENSOR_SIZE,
    Numbering,
    chance_slots,
    decider,
    describe,
    numbering,
    observation_string,
    observation_tensor,
    resolved_variant,
    returns,
    seats_of,
)
from rules.kernel.game import Game, Information
from rules.kernel.messages import FALLBACK
from rules.kernel.simulate import random_setup
from rules.kernel.study import bounds

#: how many deals the setup's chance node offers
DEALS = 64
#: the most outcomes of a chance node during play: Valeria's 36 rolls, a draw among the monsters left
CHANCE_BOUND = 256


def short_name(key: str) -> str:
    return f"rules_{key.replace('-', '_')}"


def _game_type(game: Game[Any, Any]) -> pyspiel.GameType:
    key = game.info.key
    perfect = game.info.information is Information.PERFECT
    return pyspiel.GameType(
        short_name=short_name(key), long_name=f"{game.info.name.get(FALLBACK)} (tabletop-rules)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(pyspiel.GameType.Information.PERFECT_INFORMATION if perfect
                     else pyspiel.GameType.Information.IMPERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.GENERAL_SUM, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game.info.players), min_num_players=min(game.info.players),
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"variant": "", "max_length": 0})


class RulesGame(pyspiel.Game):  # type: ignore[misc]
    """A game of the library, in the variant its ``variant`` parameter names; one subclass
    per game sets ``KEY`` (:func:`register`: OpenSpiel registers a class as the factory)."""

    KEY = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        key = self.key = self.KEY
        game = games.load(key)
        text = (params or {}).get("variant", "")
        self.variant = resolved_variant(game, json.loads(text) if text else None)
        self.seats = seats_of(game, self.variant)
        self.numbering: Numbering = numbering(game, self.variant)
        self.max_length = int((params or {}).get("max_length", 0)) or bounds(game).longest_game
        game_type = _game_type(game)
        if self.seats == 2:
            game_type = pyspiel.GameType(**{**_fields(game_type), "utility": pyspiel.GameType.Utility.ZERO_SUM})
        info = pyspiel.GameInfo(num_distinct_actions=self.numbering.size, max_chance_outcomes=max(DEALS, CHANCE_BOUND),
                                num_players=self.seats, min_utility=-1.0, max_utility=1.0,
                                utility_sum=0.0 if self.seats == 2 else None,
                                max_game_length=self.max_length)
        super().__init__(game_type, info, params or {"variant": "", "max_length": 0})

    @property
    def rules_game(self) -> Game[Any, Any]:
        return games.load(self.key)

    def new_initial_state(self) -> RulesState:
        return RulesState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> RulesObserver:
        return RulesObserver(self)


def _fields(game_type: pyspiel.GameType) -> dict[str, Any]:
    names = ("short_name", "long_name", "dynamics", "chance_mode", "information", "utility", "reward_model",
             "max_num_players", "min_num_players", "provides_information_state_string",
             "provides_information_state_tensor", "provides_observation_string", "provides_observation_tensor",
             "parameter_specification")
    return {name: getattr(game_type, name) for name in names}


@attrs.frozen
class Now:
    """Everything a :class:`RulesState` holds, in one immutable value that a clone shares.

    OpenSpiel clones a Python state by deep-copying each of its attributes (``PyState::Clone``);
    the random simulation test and MCTS clone at every step. The engine's states are immutable,
    and the numbering and the numbered actions are never changed in place, so a deep copy of them
    (thousands of objects a clone in a Leaders game) bought nothing: ``__deepcopy__`` returns the
    value itself, and a move makes a new one."""

    key: str
    variant: Any
    seats: int
    numbering: Numbering
    max_length: int
    #: the engine's state; None: not dealt yet
    state: Any = None
    #: actions played since the deal
    length: int = 0
    #: the decider's actions (or the chance outcomes) by number, once asked for in this state
    numbered: dict[int, Any] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Now:
        return self


class RulesState(pyspiel.State):  # type: ignore[misc]
    """A state of the library's game; before the deal, the setup's chance node."""

    def __init__(self, game: RulesGame) -> None:
        super().__init__(game)
        self.now = Now(game.key, game.variant, game.seats, game.numbering, game.max_length)

    @property
    def state(self) -> Any:
        """The engine's state (None: not dealt yet)."""
        return self.now.state

    @property
    def seats(self) -> int:
        return self.now.seats

    def _numbered(self) -> dict[int, Any]:
        """The decider's actions by number, or the chance outcomes by slot, computed once per state."""
        now = self.now
        if now.numbered is None:
            game = self.game
            chance = decider(game, now.state) is None
            numbered = dict(enumerate(a for a, _ in chance_slots(game, now.state))) if chance \
                else now.numbering.numbered(game, now.state)
            self.now = now = attrs.evolve(now, numbered=numbered)
        return now.numbered  # type: ignore[return-value]  # (set just above when it was None)

    @property
    def game(self) -> Game[Any, Any]:
        return games.load(self.now.key)

    def _stopped(self) -> bool:
        return self.now.length >= self.now.max_length

    def current_player(self) -> int:
        if self.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.game.is_terminal(self.state) or self._stopped():
            return int(pyspiel.PlayerId.TERMINAL)
        seat = decider(self.game, self.state)
        return int(pyspiel.PlayerId.CHANCE) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._numbered())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.state is None:
            return [(k, 1.0 / DEALS) for k in range(DEALS)]
        return [(i, float(p)) for i, (_, p) in enumerate(chance_slots(self.game, self.state))]

    def _apply_action(self, action: int) -> None:
        game = self.game
        now = self.now
        if now.state is None:
            dealt = game.initial_state(random_setup(game, random.Random(action), now.variant))
            self.now = attrs.evolve(now, state=dealt)
            return
        chosen = self._numbered()[action]  # may note the numbered actions on self.now
        now = self.now
        self.now = attrs.evolve(now, state=game.apply(now.state, chosen), length=now.length + 1, numbered=None)

    def _action_to_string(self, player: int, action: int) -> str:
        if self.state is None:
            return f"deal {action}"
        return describe(self.game, self._numbered()[action])

    def is_terminal(self) -> bool:
        return self.state is not None and (self.game.is_terminal(self.state) or self._stopped())

    def returns(self) -> list[float]:
        if self.state is None or not self.game.is_terminal(self.state):
            return [0.0] * self.seats
        return returns(self.game, self.state, self.seats)

    def __str__(self) -> str:
        return "(not dealt)" if self.state is None else observation_string(self.game, self.state, -1)


class RulesObserver:
    """Observation strings and tensors from a seat's view only (PyObserver interface)."""

    def __init__(self, game: RulesGame) -> None:
        self.key = game.key
        self.tensor = np.zeros(TENSOR_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RulesState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.state is not None:
            self.tensor[:] = observation_tensor(state.game, state.state, player)

    def string_from(self, state: RulesState, player: int) -> str:
        return "(not dealt)" if state.state is None else observation_string(state.game, state.state, player)


#: the class registered for each game (kept, as OpenSpiel keeps a reference to it)
_FACTORIES: dict[str, type[RulesGame]] = {}


def register() -> tuple[str, ...]:
    """Register every game with OpenSpiel (once); the registered names."""
    names = []
    for key in sorted(games.GAMES):
        name = short_name(key)
        if name not in pyspiel.registered_names():
            factory = type(f"RulesGame_{name}", (RulesGame,), {"KEY": key})
            _FACTORIES[key] = factory
            pyspiel.register_game(_game_type(games.load(key)), factory)
        names.append(name)
    return tuple(names)
