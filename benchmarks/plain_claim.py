"""A plain, mutable two-player Claim written from the book: the yardstick of issue 19 §1.

This is what the library's engine is measured against: the same game (Claim's
base rules, both phases, the powers of its five factions) written the way
anyone would write it from the Czech rulebook (/work/shared/seeds, 003) with no
library at all: a game is a dict of lists, cards are ``(faction, value)``
tuples, every step changes the dict in place. No tables, no caches, no
interning. It imports nothing from ``rules``.

Random play is the library's (``rules.kernel.simulate.play_out``): uniform over
the distinct legal cards of the seat to move, drawn with ``rng.choice`` from the
same ``random.Random``. The deck is shuffled in the library's order (sorted by
faction, then value), the hands dealt the same way, and a hand lists its cards
in the same order, so one seed deals and plays the same game in both engines:
``tests/claim/test_plain_claim.py`` checks it action by action, and
``benchmarks/claim.py --vs-plain`` times the two side by side.

    python benchmarks/plain_claim.py [--games 2000] [--seed 1]
"""

from __future__ import annotations

import random
from typing import Any

from report import plain_main, time_plain_games  # benchmarks/report.py, beside this script

GOBLIN, KNIGHT, UNDEAD, DWARF, DOPPELGANGER = range(5)
FACTIONS = ("goblin", "knight", "undead", "dwarf", "doppelganger")
HAND_SIZE = 13

Card = tuple[int, int]  # (faction, value)
Game = dict[str, Any]


def new_deck() -> list[Card]:
    """The 52 cards (claim.components.deck): Goblins 0-9 with five 0s, Knights 2-9,
    Undead, Dwarves and Doppelgangers 0-9; sorted, as the library keeps its deck."""
    cards = [(GOBLIN, 0)] * 4
    cards += [(GOBLIN, v) for v in range(10)]
    cards += [(KNIGHT, v) for v in range(2, 10)]
    for faction in (UNDEAD, DWARF, DOPPELGANGER):
        cards += [(faction, v) for v in range(10)]
    return sorted(cards)


def deal(rng: random.Random) -> Game:
    """Shuffle, deal 13 cards to each player, the rest is the draw deck (claim.setup.deal);
    a random first leader (claim.leader.first); reveal the top card (claim.phase1.reveal)."""
    cards = new_deck()
    rng.shuffle(cards)
    game: Game = {
        "phase": 1,
        "hands": [cards[:HAND_SIZE], cards[HAND_SIZE:2 * HAND_SIZE]],
        "deck": cards[2 * HAND_SIZE:],
        "leader": rng.randrange(2),
        "table": [],
        "followers": [[], []],
        "score": [[], []],
        "discard": [],
    }
    game["revealed"] = game["deck"].pop(0)
    return game


def to_move(game: Game) -> int:
    """The leader plays first, then the other player (claim.lead, claim.follow)."""
    return (game["leader"] + len(game["table"])) % 2


def legal_plays(game: Game) -> list[Card]:
    """The cards the player to move may play, each distinct card once (five Goblin 0s are one play).

    The leader plays anything (claim.lead). The follower must follow the led faction if they
    can (claim.follow-suit, claim.knights.follow-suit); a Doppelganger may always be played
    (claim.doppelgangers), and a led Doppelganger is followed by a Doppelganger if possible
    (claim.doppelgangers.led)."""
    hand = game["hands"][to_move(game)]
    if game["table"]:
        led = game["table"][0][0]
        if any(faction == led for faction, _ in hand):
            hand = [card for card in hand if card[0] == led or card[0] == DOPPELGANGER]
    return list(dict.fromkeys(hand))


def follower_wins(lead: Card, follow: Card) -> bool:
    """Does the second card take the trick? A Knight on a led Goblin always does (claim.knights);
    a card of the led faction or a Doppelganger does when higher, a tie goes to the leader
    (claim.trick-winner, claim.trick-winner.tie, claim.doppelgangers); any other card cannot
    (claim.trick-winner.off-faction)."""
    if lead[0] == GOBLIN and follow[0] == KNIGHT:
        return True
    if follow[0] == lead[0] or follow[0] == DOPPELGANGER:
        return follow[1] > lead[1]
    return False


def play(game: Game, card: Card) -> None:
    """The player to move plays ``card``; the second card ends the trick."""
    game["hands"][to_move(game)].remove(card)
    game["table"].append(card)
    if len(game["table"]) == 2:
        end_trick(game)


def end_trick(game: Game) -> None:
    """Resolve a full trick: the winner leads the next one (claim.leader.previous-winner)."""
    lead, follow = game["table"]
    winner = (game["leader"] + 1) % 2 if follower_wins(lead, follow) else game["leader"]
    loser = 1 - winner
    if game["phase"] == 1:
        # claim.phase1.winner-takes-revealed, claim.phase1.loser-draws
        game["followers"][winner].append(game["revealed"])
        game["followers"][loser].append(game["deck"].pop(0))
        for card in (lead, follow):
            if card[0] == UNDEAD:  # claim.phase1.undead-to-score (a Doppelganger copies no power)
                game["score"][winner].append(card)
            else:  # claim.phase1.discard
                game["discard"].append(card)
    else:
        for card in (lead, follow):
            if card[0] == DWARF:  # claim.dwarves: the loser takes the played Dwarves
                game["score"][loser].append(card)
            else:  # claim.phase2.winner-takes-both, claim.dwarves.winner-rest
                game["score"][winner].append(card)
    game["table"] = []
    game["leader"] = winner
    if game["hands"][0]:
        if game["phase"] == 1:
            game["revealed"] = game["deck"].pop(0)  # claim.phase1.reveal
    elif game["phase"] == 1:  # claim.phase1.end -> claim.phase2.take-followers
        game["phase"] = 2
        game["hands"] = [sorted(pile) for pile in game["followers"]]
        game["followers"] = [[], []]
        game["revealed"] = None
    else:  # claim.phase2.end
        game["phase"] = 3


def is_over(game: Game) -> bool:
    return game["phase"] == 3


def winners(game: Game) -> list[int]:
    """Who wins: each faction votes for the player with more of its cards in their score
    pile, a tie for the one with its highest card, nobody if still tied or nobody has any
    (claim.scoring.majority, claim.scoring.tie-highest); three votes win (claim.scoring.win)."""
    votes = [0, 0]
    for faction in range(len(FACTIONS)):
        values = [[v for f, v in pile if f == faction] for pile in game["score"]]
        counts = [len(values[0]), len(values[1])]
        if counts[0] != counts[1]:
            votes[0 if counts[0] > counts[1] else 1] += 1
        elif counts[0] and max(values[0]) != max(values[1]):
            votes[0 if max(values[0]) > max(values[1]) else 1] += 1
    return [seat for seat in (0, 1) if votes[seat] >= 3]


def play_out(game: Game, rng: random.Random) -> list[Card]:
    """Play random legal cards until the game ends, as the library's random play does: each
    card drawn uniformly from the distinct legal plays. Returns the cards played, in order."""
    played = []
    while not is_over(game):
        card = rng.choice(legal_plays(game))
        played.append(card)
        play(game, card)
    return played


def bench(games: int, seed: int) -> tuple[float, int]:
    """``games`` random complete games from ``random.Random(seed)``, the deals first and then
    the play, as ``rules bench`` does (same seed, same games); (CPU seconds of the play, actions)."""
    return time_plain_games(deal, play_out, games, seed)


def main() -> None:
    plain_main(__doc__ or "", "claim", 2000, bench)


if __name__ == "__main__":
    main()
