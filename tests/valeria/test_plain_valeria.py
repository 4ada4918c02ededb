"""The plain engine of ``benchmarks/plain_valeria.py`` is a faithful opponent, not a strawman.

The library's Valeria is timed against it (issue 19 §1, ``benchmarks/valeria.py --vs-plain``),
so it must play the same game: seeded random 2-player games of the library (its random play,
as ``rules bench valeria`` plays them) are replayed in the plain engine from the same deal. At
every step the plain engine's legal actions are exactly the library's (both in one neutral form,
the plain engine's tuples: :func:`neutral` writes a library action so), the library's chosen
action is applied to the plain state, the boards agree after it, and at the end the scores and
the winners agree. The same seed also deals and plays the very game ``rules bench`` plays, so
the two engines are timed on the same games.
"""

from __future__ import annotations

import random
from typing import Any

from rules.kernel.game import TurnKind
from rules.kernel.simulate import play_out
from rules.valeria.game import VALERIA
from rules.valeria.state import Action, ActionKind, Kind, State
from tests.benchmark_scripts import load_benchmark

#: Sixty seeds play every kind of action of the 2-player base game (checked below), in about a second.
GAMES = 60
TWO_PLAYERS = {"players": 2}
#: The action kinds of the 2-player base game: all but the solo game's and Monster Events' own, and
#: Purloiner's Perch's choice of a victim, which with one opponent the engine makes itself (decision
#: 0033; its draw, a chance step, is played).
BASE_KINDS = {k.value for k in ActionKind} - {"activate", "capture", "token", "purloin"}


plain = load_benchmark("plain_valeria")


def neutral(a: Action) -> tuple[Any, ...]:
    """A library action as the plain engine writes it: the kind's word, the seat, then what the
    kind needs (a card, area, branch or resource; a die, an opponent; the payment split, gold or
    strength first, then magic; the two dice)."""
    k = a.kind
    if k == Kind.ROLL:
        return ("roll", *a.dice)
    if k == Kind.DRAW:
        return ("draw", a.card)
    if k in (Kind.RECRUIT, Kind.BUILD):
        assert a.pay.strength == 0, "a citizen or a domain is never paid in strength"
        return (k.value, a.seat, a.card, a.pay.gold, a.pay.magic)
    if k == Kind.SLAY:
        assert a.pay.gold == 0, "a monster is never paid in gold"
        return ("slay", a.seat, a.card, a.pay.strength, a.pay.magic)
    if k in (Kind.DIE, Kind.TAKE):
        return (k.value, a.seat, a.card, a.target)
    if k in (Kind.THIEF,):
        return ("thief", a.seat, a.option, a.target)
    if k == Kind.PURLOIN:
        return ("purloin", a.seat, a.target)
    if k == Kind.ANNOUNCE:
        return ("announce", a.seat)
    if k == Kind.HARVEST:
        return ("harvest", a.seat, a.card, a.option)
    if k in (Kind.CHOOSE, Kind.EXCHANGE):
        return (k.value, a.seat, a.option)
    return (k.value, a.seat, a.card)  # keep, gain, citizen, return, decline


def plain_game(state: State) -> dict[str, Any]:
    """The plain engine's table of the library's initial state (its setup's deal)."""
    return plain.new_game(list(state.areas), list(state.citizen_kinds), [list(st) for st in state.domains],
                          [list(s.dealt) for s in state.seats], state.first)


def boards(state: State) -> list[tuple[Any, ...]]:
    kinds = state.citizen_kinds
    return [(s.gold, s.strength, s.magic, s.vp, dict(zip(kinds, s.citizens, strict=True)), list(s.domains),
             list(s.monsters)) for s in state.seats]


def plain_boards(game: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(s["gold"], s["strength"], s["magic"], s["vp"], s["citizens"], s["domains"], s["monsters"])
            for s in game["seats"]]


def library_game(seed: int) -> tuple[State, list[Action]]:
    """The ``seed``'s game as ``rules bench valeria`` plays it: the deal, then random play, one generator."""
    rng = random.Random(seed)
    state = VALERIA.initial_state(VALERIA.random_setup(rng, TWO_PLAYERS))
    actions, _ = play_out(VALERIA, state, rng)
    return state, actions


def test_the_plain_engine_offers_the_library_s_actions_at_every_step() -> None:
    played: set[str] = set()
    for seed in range(GAMES):
        state, actions = library_game(seed)
        game = plain_game(state)
        for step, action in enumerate(actions):
            played.add(action.kind.value)
            if VALERIA.turn(state).kind is not TurnKind.CHANCE:
                listed = [neutral(a) for a in VALERIA.legal_actions(state)]
                offered = plain.legal_actions(game)
                assert len(set(listed)) == len(listed), (seed, step)
                assert set(offered) ^ set(listed) == set(), (seed, step, action)
                assert offered == listed, ("listed in the library's order", seed, step)
            state = VALERIA.successor(state, action)
            plain.apply(game, neutral(action))
            assert plain_boards(game) == boards(state), (seed, step, action)
        assert game["phase"] == "over" and VALERIA.is_terminal(state)
        result = VALERIA.result(state)
        assert result is not None
        assert [s["total"] for s in result.details["scores"]] == [plain.score(game, i) for i in range(2)], seed
        assert list(result.winners) == plain.winners(game), seed
    assert played == BASE_KINDS, "the seeds play every kind of action of the base game"


def test_one_seed_deals_and_plays_the_same_game_in_both_engines() -> None:
    """The deal, every action and its order of listing are the library's random play's, so a seed
    plays one game in both engines (and both are timed on the same games)."""
    for seed in range(GAMES):
        state, actions = library_game(seed)
        rng = random.Random(seed)
        game = plain.deal(rng)
        assert game == plain_game(state), seed
        assert plain.play_out(game, rng) == [neutral(a) for a in actions], seed
