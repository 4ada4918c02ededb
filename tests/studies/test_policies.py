"""Policies see a seat's view and its legal actions only, draw from their own generator,
and are asked separately at simultaneous decisions (issue 21 §1)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import attrs
import pytest

from rules import games
from rules.kernel.game import TurnKind
from rules.kernel.policies import Decision, FirstLegal, Greedy, HasPolicies, HasScores, UniformRandom, decision
from rules.kernel.simulate import (
    play_out,
    play_with,
    random_action,
    random_record,
    random_setup,
    seat_count,
    seat_rngs,
)
from rules.kernel.verdict import MalformedError
from rules.leaders import LEADERS
from rules.leaders.policies import ForcedWinPolicy
from rules.leaders.positions import position_from_json
from rules.leaders.wins import forced_win
from rules.studies import policies as named

KEYS = sorted(games.GAMES)
PUZZLE = Path(__file__).parents[2] / "examples" / "leaders" / "win-this-phase.json"


@attrs.define
class Spy:
    """Records every decision it is given and plays uniformly."""

    seen: list[Decision] = attrs.Factory(list)
    name: str = "spy"

    def choose(self, d: Decision, rng: random.Random) -> Any:
        self.seen.append(d)
        return rng.choice(d.legal)


def _states(key: str, seed: int, n: int) -> list[Any]:
    """States along one seeded random game of ``key`` (every ``n``-th)."""
    game = games.load(key)
    rng = random.Random(seed)
    state = game.initial_state(random_setup(game, rng))
    out = []
    for i in range(400):
        if game.is_terminal(state):
            break
        if i % n == 0:
            out.append(state)
        state = game.apply(state, random_action(game, state, rng))
    return out


@pytest.mark.parametrize("key", KEYS)
def test_uniform_random_draws_as_random_action(key: str) -> None:
    """The default policy's draw is the one ``random_action`` makes: ``rules play`` and
    ``rules bench`` without a policy play the same games as before policies existed."""
    game = games.load(key)
    for state in _states(key, 1, 7):
        turn = game.turn(state)
        if turn.kind is not TurnKind.SEAT:
            continue
        d = decision(game, state, turn.seats[0], game.legal_actions(state))
        assert UniformRandom().choose(d, random.Random(5)) == random_action(game, state, random.Random(5))


@pytest.mark.parametrize("key", KEYS)
def test_policy_sees_its_view_and_its_own_legal_actions(key: str) -> None:
    game = games.load(key)
    spy = Spy()
    rng = random.Random(3)
    play_with(game, game.initial_state(random_setup(game, rng)), rng, [spy], seat_rngs("t"), stop_after=150)
    assert spy.seen
    for d in spy.seen:
        assert all(game.action_to_json(a)["seat"] == d.seat for a in d.legal)
        sample = d.sample(random.Random(1))
        assert sample is not None
        assert game.view(sample, d.seat) == d.view  # the sample agrees with all the seat may see


def test_simultaneous_choices_are_asked_of_each_seat_from_the_same_state() -> None:
    """Valeria's dukes and harvest: every owing seat is asked, none seeing another's choice."""
    game = games.load("valeria")
    spy = Spy()
    rng = random.Random(2)
    play_with(game, game.initial_state(random_setup(game, rng, {"players": 3})), rng, [spy], seat_rngs("s"),
              stop_after=40)
    first_three = spy.seen[:3]  # the three seats keep a duke each (valeria.setup.dukes)
    assert [d.seat for d in first_three] == [0, 1, 2]
    assert len({json.dumps(game.action_to_json(d.legal[0])["seat"]) for d in first_three}) == 3


def test_each_seat_draws_from_its_own_generator() -> None:
    """Seat 1's policy changes neither the setup nor the chance outcomes seat 0 meets first."""
    game = games.load("valeria")
    a = random_record(game, 4, 30, {"players": 2}, (UniformRandom(), UniformRandom()))
    b = random_record(game, 4, 30, {"players": 2}, (UniformRandom(), FirstLegal()))
    assert a["setup"] == b["setup"]
    assert a != b  # seat 1 did choose differently


def test_play_out_without_policies_is_the_old_random_play() -> None:
    game = games.load("claim")
    rng1, rng2 = random.Random(9), random.Random(9)
    state = game.initial_state(random_setup(game, random.Random(1)))
    actions, _ = play_out(game, state, rng1)
    replay = []
    while not game.is_terminal(state):
        replay.append(random_action(game, state, rng2))
        state = game.apply(state, replay[-1])
    assert actions == replay


def test_greedy_takes_the_win_and_first_is_first() -> None:
    """Leaders has no score (every seat 0): the greedy policy still plays an action that wins at once."""
    state = position_from_json(json.loads(PUZZLE.read_text())["position"])
    legal = LEADERS.legal_actions(state)
    seat = LEADERS.turn(state).seats[0]
    d = decision(LEADERS, state, seat, legal)
    assert FirstLegal().choose(d, random.Random(0)) == legal[0]
    winning = [a for a in legal if (r := LEADERS.result(LEADERS.apply(state, a))) is not None and seat in r.winners]
    if winning:
        assert Greedy(LEADERS.scores).choose(d, random.Random(0)) in winning


@pytest.mark.parametrize("key", ["claim", "valeria"])
def test_greedy_maximises_the_score_one_ply_ahead(key: str) -> None:
    game = games.load(key)
    assert isinstance(game, HasScores)
    score = game.scores
    for state in _states(key, 5, 11):
        turn = game.turn(state)
        if turn.kind is not TurnKind.SEAT:
            continue
        seat = turn.seats[0]
        d = decision(game, state, seat, game.legal_actions(state))
        chosen = Greedy(score).choose(d, random.Random(8))
        sample = d.sample(random.Random(8))  # the same draw the policy made first
        values = [score(game.apply(sample, a))[seat] for a in d.legal if not game.is_terminal(game.apply(sample, a))]
        if values and not game.is_terminal(game.apply(sample, chosen)):
            assert score(game.apply(sample, chosen))[seat] == max(values)


def test_forced_win_policy_plays_a_forced_win() -> None:
    """On a Leaders position with a forced win this phase, its action keeps the win forced."""
    state = position_from_json(json.loads(PUZZLE.read_text())["position"])
    seat = LEADERS.turn(state).seats[0]
    d = decision(LEADERS, state, seat, LEADERS.legal_actions(state))
    action = ForcedWinPolicy(node_budget=50_000).choose(d, random.Random(0))
    after = LEADERS.apply(state, action)
    result = LEADERS.result(after)
    assert (result is not None and seat in result.winners) or forced_win(after).status == "win"


def test_named_policies() -> None:
    assert named.names(LEADERS) == ("random", "first", "greedy", "forced-win")
    assert [p.name for p in named.parse(LEADERS, "greedy, forced-win")] == ["greedy", "forced-win"]
    assert named.names(games.load("claim")) == ("random", "first", "greedy")
    with pytest.raises(MalformedError, match="has the policies random, first, greedy$"):
        named.parse(games.load("claim"), "forced-win")


def test_the_games_offer_what_the_named_policies_use() -> None:
    """Scores for the greedy policy in every bundled game; Leaders' forced win through its capability."""
    ours = {key: games.load(key) for key, r in games.REGISTRY.items() if r.distribution == games.DISTRIBUTION}
    assert all(isinstance(game, HasScores) for game in ours.values())
    assert [key for key, game in ours.items() if isinstance(game, HasPolicies)] == ["leaders"]
    assert isinstance(named.policy(LEADERS, "forced-win"), ForcedWinPolicy)


@pytest.mark.parametrize("key", KEYS)
def test_scores_give_a_number_per_seat_of_the_game_dealt(key: str) -> None:
    """What the greedy policy compares: one score per seat (the solo game's one: the player's lead)."""
    game = games.load(key)
    assert isinstance(game, HasScores)
    for seed in range(3):
        rng = random.Random(seed)
        setup = random_setup(game, rng)
        seats = seat_count(game, setup)
        state = game.initial_state(setup)
        for _ in range(60):
            scores = game.scores(state)
            assert len(scores) == seats and all(isinstance(s, float) for s in scores)
            if game.is_terminal(state):
                break
            state = game.apply(state, random_action(game, state, rng))


def test_a_game_without_scores_has_no_greedy_policy() -> None:
    """A game that offers neither scores nor policies of its own (as another distribution's game
    may) is played by random and first; greedy is refused, naming what it needs."""
    bare = SimpleNamespace(info=games.load("claim").info)
    assert named.names(bare) == ("random", "first")  # type: ignore[arg-type]
    assert [p.name for p in named.parse(bare, "random,first")] == ["random", "first"]  # type: ignore[arg-type]
    with pytest.raises(MalformedError, match="offers none .HasScores.; it has the policies random, first$"):
        named.policy(bare, "greedy")  # type: ignore[arg-type]


def _hidden_part(key: str, state: Any, seat: int) -> str:
    """What ``seat`` may not see, in part: how many Goblins the other seat holds (Claim), the deck's top (Leaders)."""
    if key == "claim":
        return str(sum(str(card).startswith("goblin:") for card in state.hands[1 - seat]))
    return str(state.deck[0])


@pytest.mark.parametrize("key", ["claim", "leaders"])
def test_the_sample_is_drawn_independently_of_the_hidden_truth(key: str) -> None:
    """Two states the seat cannot tell apart give samples of the same distribution: the
    empirical distributions of the hidden part over 300 samples each stay close (a sampler
    that kept the truth would give disjoint ones)."""
    game = games.load(key)
    state = next(s for s in _states(key, 6, 5) if game.turn(s).kind is TurnKind.SEAT
                 and (key != "leaders" or len(s.deck) > 3))
    seat = game.turn(state).seats[0]
    other = next(o for o in (game.rehide(state, seat, random.Random(i)) for i in range(99, 200))
                 if _hidden_part(key, o, seat) != _hidden_part(key, state, seat))  # a sampler keeping it would fail
    assert game.view(other, seat) == game.view(state, seat)
    counts = []
    for truth in (state, other):
        d = decision(game, truth, seat, game.legal_actions(truth))
        drawn = [_hidden_part(key, d.sample(random.Random(i)), seat) for i in range(300)]
        counts.append({part: drawn.count(part) / 300 for part in set(drawn)})
    parts = set(counts[0]) | set(counts[1])
    total_variation = sum(abs(counts[0].get(p, 0) - counts[1].get(p, 0)) for p in parts) / 2
    assert total_variation < 0.25
