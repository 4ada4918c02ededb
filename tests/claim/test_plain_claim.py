"""The plain engine of ``benchmarks/plain_claim.py`` is a faithful opponent, not a strawman.

The library's Claim is timed against it (issue 19 §1, ``benchmarks/claim.py --vs-plain``),
so it must play the same game: here a few hundred seeded games of the plain engine are
replayed in the library's engine from the same deal. At every position the plain engine's
legal cards are exactly the library's, every card it picks is accepted by the library's
checking ``apply``, the score piles and the winners agree at the end, and all 52 cards are
still there. The same seed also deals and plays the very game ``rules bench`` plays, so
the two engines are timed on the same games.
"""

from __future__ import annotations

import random
from collections import Counter

from rules.claim import CLAIM, Card, Setup, full_deck, play
from rules.kernel.simulate import play_out, random_setup
from tests.benchmark_scripts import load_benchmark

GAMES = 300


plain = load_benchmark("plain_claim")


_CARDS = {(int(c.faction), c.value): c for c in full_deck()}
DECK = plain.new_deck()


def card(pair: tuple[int, int]) -> Card:
    """The library's card of the plain engine's ``(faction, value)``: the factions are numbered alike."""
    return _CARDS[pair]


def test_the_plain_engine_plays_legal_claim_from_the_same_deal() -> None:
    for seed in range(GAMES):
        game = plain.deal(random.Random(seed))
        setup = Setup(tuple(tuple(map(card, hand)) for hand in game["hands"]),
                      tuple(map(card, [game["revealed"], *game["deck"]])), game["leader"])
        state = CLAIM.initial_state(setup)
        rng = random.Random(seed + 1_000_000)
        while not plain.is_over(game):
            offered = plain.legal_plays(game)
            assert len(offered) == len(set(offered)), "each distinct card is offered once"
            assert {card(c) for c in offered} == {a.card for a in CLAIM.legal_actions(state)}, (seed, state)
            chosen = rng.choice(offered)
            state = CLAIM.apply(state, play(plain.to_move(game), card(chosen)))  # checked: raises if illegal
            plain.play(game, chosen)
            everywhere = [*game["deck"], *game["table"], *game["discard"], *sum(game["hands"], []),
                          *sum(game["followers"], []), *sum(game["score"], [])]
            if game["revealed"] is not None:
                everywhere.append(game["revealed"])
            assert sorted(everywhere) == DECK, "the 52 cards are all still there"
            assert state.phase == game["phase"]  # 1, 2, then 3 once over, in both engines
        assert CLAIM.is_terminal(state)
        assert [Counter(map(card, pile)) for pile in game["score"]] == [Counter(pile) for pile in state.score]
        result = CLAIM.result(state)
        assert result is not None and list(result.winners) == plain.winners(game), seed


def test_one_seed_plays_the_same_game_in_both_engines() -> None:
    """The deal and every card of a seeded game are the library's random play's (``rules bench``)."""
    for seed in range(GAMES):
        rng = random.Random(seed)
        actions, final = play_out(CLAIM, CLAIM.initial_state(random_setup(CLAIM, rng)), rng)
        plain_rng = random.Random(seed)
        game = plain.deal(plain_rng)
        assert [a.card for a in actions] == [card(c) for c in plain.play_out(game, plain_rng)], seed
        result = CLAIM.result(final)
        assert result is not None and list(result.winners) == plain.winners(game), seed
