"""``play_out``'s loop for a game without chance nodes, the standard generator and no limit
(``_play_to_the_end``, decision record 0049) asks ``is_terminal`` only of an empty listing: it plays
what the general loop plays, and an empty listing at a state that is not over is still an error."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

import rules.games
from rules.kernel.game import ChanceMode
from rules.kernel.simulate import play_out

GAMES = rules.games.load_all()
WITHOUT_CHANCE_NODES = sorted(key for key, game in GAMES.items() if game.info.chance is not ChanceMode.NODES)
LONGEST = 3000  # the general loop's limit: a game longer than this is not compared


@pytest.mark.parametrize("key", WITHOUT_CHANCE_NODES)
@pytest.mark.parametrize("seed", range(3))
def test_the_loop_to_the_end_plays_what_the_general_loop_plays(key: str, seed: int) -> None:
    game = GAMES[key]
    setup = game.random_setup(random.Random(seed))
    general_rng, rng = random.Random(seed), random.Random(seed)
    general, general_end = play_out(game, game.initial_state(setup), general_rng, stop_after=LONGEST)
    if not game.is_terminal(general_end):
        pytest.skip(f"{key}: a random game of seed {seed} runs past {LONGEST} actions")
    actions, end = play_out(game, game.initial_state(setup), rng)  # no limit: the loop to the end
    assert actions == general and end == general_end and game.is_terminal(end)
    assert rng.getstate() == general_rng.getstate()  # the same draws


def _game(terminal_after: int | None) -> Any:
    """A counter that offers one action until ``terminal_after`` steps (never over when None: its
    listing runs dry at 3 though the game is not over, which the protocol forbids)."""
    return SimpleNamespace(
        info=SimpleNamespace(chance=ChanceMode.SETUP),
        legal_actions=lambda n: ("step",) if n < (terminal_after if terminal_after is not None else 3) else (),
        successor=lambda n, action: n + 1,
        is_terminal=lambda n: terminal_after is not None and n >= terminal_after,
    )


def test_an_empty_listing_ends_the_game_only_when_it_is_over() -> None:
    assert play_out(_game(4), 0, random.Random(0)) == (["step"] * 4, 4)
    with pytest.raises(IndexError):
        play_out(_game(None), 0, random.Random(0))
