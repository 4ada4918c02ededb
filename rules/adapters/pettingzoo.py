"""Each game as a PettingZoo AEC environment with action masks (issue 21 §3).

``env("valeria", variant={"players": 3})`` is an ``AECEnv`` whose agents are
``seat_0``, ``seat_1``, ...; an agent's observation is a dict of the hashed view
tensor (:func:`rules.adapters.common.observation_tensor`, from its own view only)
and the ``action_mask`` of its legal actions; its action is a number of the game's
numbering for a dense mask (:func:`rules.adapters.common.masked_numbering`: the
catalogue of every action for the Claim family and Valeria; slots for Leaders,
whose 781,622 numbers are too many for a mask). Without a variant, the
environment plays the one a fixed deal shows
(:func:`~rules.adapters.common.resolved_variant`). Chance nodes are resolved inside
the environment by their exact probabilities from the generator
``reset(seed=...)`` seeds. At the
end each winner gets +1 and every other seat -1 (0 to all when nobody won);
``max_actions`` truncates a game that need not end (Leaders). Passes
``pettingzoo.test.api_test`` and ``seed_test`` for every game
(tests/adapters/test_pettingzoo.py).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from rules import games
from rules.adapters.common import (
    TENSOR_SIZE,
    chance_slots,
    decider,
    masked_numbering,
    observation_string,
    observation_tensor,
    resolved_variant,
    returns,
    seats_of,
)
from rules.kernel.simulate import random_setup


class RulesEnv(AECEnv):  # type: ignore[misc]
    """One game of the library as a PettingZoo AEC environment."""

    def __init__(self, key: str, variant: Any = None, max_actions: int | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.game = games.load(key)
        self.variant = resolved_variant(self.game, variant)
        self.numbering = masked_numbering(self.game, self.variant)
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.metadata = {"name": f"rules_{key.replace('-', '_')}_v0", "render_modes": ["ansi"],
                         "is_parallelizable": False}
        self.possible_agents = [f"seat_{i}" for i in range(seats_of(self.game, self.variant))]
        n = self.numbering.size
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, np.inf, (TENSOR_SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self._action_space = spaces.Discrete(n)
        self.rng = random.Random(0)
        self.state: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.rng = random.Random(seed)
        self.state = self.game.initial_state(random_setup(self.game, self.rng, self.variant))
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._advance()

    def _seat(self, agent: str) -> int:
        return int(agent.rsplit("_", 1)[1])

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat(agent)
        mask = np.zeros(self.numbering.size, np.int8)
        if not self.game.is_terminal(self.state) and decider(self.game, self.state) == seat:
            mask[list(self.numbering.numbered(self.game, self.state))] = 1
        return {"observation": np.asarray(observation_tensor(self.game, self.state, seat), np.float32),
                "action_mask": mask}

    def _advance(self) -> None:
        """Resolve chance nodes, then select the deciding seat or end the game."""
        game = self.game
        while not game.is_terminal(self.state) and decider(game, self.state) is None:
            outcomes = chance_slots(game, self.state)
            outcome = self.rng.choices([o for o, _ in outcomes], weights=[float(p) for _, p in outcomes])[0]
            self.state = game.apply(self.state, outcome)
        over = game.is_terminal(self.state)
        stopped = self.max_actions is not None and self.steps >= self.max_actions
        if over or stopped:
            payoff = returns(game, self.state, len(self.possible_agents)) if over else [0.0] * len(self.agents)
            for agent in self.agents:
                self.rewards[agent] = payoff[self._seat(agent)]
                self.terminations[agent] = over
                self.truncations[agent] = not over
            return
        self.agent_selection = f"seat_{decider(game, self.state)}"

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self.numbering.numbered(self.game, self.state)
        if action is None or int(action) not in legal:
            raise ValueError(f"{agent}: action {action} is not one of its {len(legal)} legal actions")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self.state = self.game.apply(self.state, legal[int(action)])
        self.steps += 1
        self._advance()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            seat = decider(self.game, self.state)
            return observation_string(self.game, self.state, seat if seat is not None else -1)
        return None

    def close(self) -> None:
        """Nothing to release."""


def env(key: str, variant: Any = None, max_actions: int | None = None, render_mode: str | None = None) -> RulesEnv:
    """The AEC environment of game ``key`` (``rules.games``) in ``variant``."""
    return RulesEnv(key, variant, max_actions, render_mode)
