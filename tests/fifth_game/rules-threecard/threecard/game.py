"""Three-card poker for the rules library: two seats, a hidden deal, one
betting round and a showdown (the rules are ``spec/threecard.toml`` beside
this package).

It is written as another project would write a game for the library: it
imports the kernel only, ships its rule book in ``spec/`` and its part of the
record schema in ``record.schema.json``, and is registered by one entry point
in its own distribution's metadata (``pyproject.toml``: ``threecard =
"threecard.game:THREE_CARD"``; decision record 0024 of the library). Chance
is in the setup (the deal); the hidden information is the other seat's hand
until the showdown.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from rules.kernel.game import TERMINAL, ChanceMode, GameBase, GameInfo, Information, Result, Turn
from rules.kernel.registry import implements
from rules.kernel.schema import load_fragment
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError, Violation

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SEATS = (0, 1)
HAND_SIZE = 3
ANTE = 1
BET = 1


@attrs.frozen(order=True)
class Card:
    rank: int  #: 0 (two) .. 12 (ace)
    suit: str

    @classmethod
    def parse(cls, text: Any) -> Card:
        if not isinstance(text, str) or len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
            raise MalformedError(f"{text!r} is not a card like 'As' or 'Td'")
        return cls(RANKS.index(text[0]), text[1])

    def __str__(self) -> str:
        return RANKS[self.rank] + self.suit


DECK = tuple(Card(rank, suit) for rank in range(len(RANKS)) for suit in SUITS)
Hand = tuple[Card, ...]


class Category(enum.IntEnum):
    """The kinds of hand, weakest first (threecard.ranking)."""

    HIGH_CARD = 0
    PAIR = 1
    FLUSH = 2
    STRAIGHT = 3
    THREE_OF_A_KIND = 4
    STRAIGHT_FLUSH = 5


@implements("threecard.ranking")
def strength(hand: Hand) -> tuple[int, ...]:
    """A key that orders hands by threecard.ranking: the category, then the ranks
    that decide within it, highest first (a pair's rank before its kicker). The
    ace is high only (the ruling on threecard.ranking)."""
    counts = Counter(card.rank for card in hand)
    ranks = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    flush = len({card.suit for card in hand}) == 1
    straight = len(counts) == HAND_SIZE and max(counts) - min(counts) == HAND_SIZE - 1
    if straight and flush:
        category = Category.STRAIGHT_FLUSH
    elif len(counts) == 1:
        category = Category.THREE_OF_A_KIND
    elif straight:
        category = Category.STRAIGHT
    elif flush:
        category = Category.FLUSH
    elif len(counts) == 2:
        category = Category.PAIR
    else:
        category = Category.HIGH_CARD
    return (category, *ranks)


class Act(enum.Enum):
    CHECK = "check"
    BET = "bet"
    CALL = "call"
    FOLD = "fold"


@attrs.frozen
class Action:
    seat: int
    act: Act

    def __str__(self) -> str:
        return f"seat {self.seat} {self.act.value}s"


#: The betting sequences that end the round (threecard.betting.end).
ENDINGS = {(Act.CHECK, Act.CHECK), (Act.BET, Act.CALL), (Act.BET, Act.FOLD),
           (Act.CHECK, Act.BET, Act.CALL), (Act.CHECK, Act.BET, Act.FOLD)}


@attrs.frozen
class State:
    hands: tuple[Hand, Hand]
    acts: tuple[Act, ...] = ()

    @property
    def over(self) -> bool:
        return self.acts in ENDINGS

    @property
    def shown(self) -> bool:
        """Both hands are face up: the round ended without a fold (threecard.showdown)."""
        return self.over and self.acts[-1] is not Act.FOLD

    @property
    def to_move(self) -> int:
        return len(self.acts) % 2  # threecard.betting.order

    @property
    def pot(self) -> int:
        return ANTE * len(SEATS) + BET * sum(act in (Act.BET, Act.CALL) for act in self.acts)


@implements("threecard.betting.open", "threecard.betting.facing-bet")
def options(state: State) -> tuple[Act, ...]:
    """What the seat to act may do: answer a bet, or check or bet."""
    if state.acts and state.acts[-1] is Act.BET:
        return (Act.CALL, Act.FOLD)
    return (Act.CHECK, Act.BET)


def _refuse(rule: str, cs: str, en: str) -> Violation:
    return Violation((rule,), Text.of(cs=cs, en=en))


class ThreeCardPoker(GameBase[State, Action]):
    info = GameInfo("threecard", Text.of(cs="Poker se třemi kartami", en="Three-card poker"), (len(SEATS),),
                    ChanceMode.SETUP, Information.IMPERFECT, ("cs", "en"))

    # records -------------------------------------------------------------------
    def record_schema(self) -> Mapping[str, Any]:
        return load_fragment(__package__ or "threecard", self.info.key)

    def setup_from_json(self, data: Any, variant: Any = None) -> tuple[Hand, Hand]:
        if not isinstance(data, Mapping) or not isinstance(data.get("hands"), list) or len(data["hands"]) != 2:
            raise MalformedError("the setup is {\"hands\": [three cards, three cards]}")
        hands = []
        for raw in data["hands"]:
            if not isinstance(raw, list) or len(raw) != HAND_SIZE:
                raise MalformedError("each hand holds three cards (threecard.deal)")
            hands.append(tuple(Card.parse(text) for text in raw))
        if len(set(hands[0] + hands[1])) != 2 * HAND_SIZE:
            raise MalformedError("a card is dealt twice (threecard.deal)")
        return hands[0], hands[1]

    def setup_to_json(self, setup: tuple[Hand, Hand]) -> dict[str, Any]:
        return {"hands": [[str(card) for card in hand] for hand in setup]}

    def action_from_json(self, data: Any) -> Action:
        acts = {act.value: act for act in Act}
        if not isinstance(data, Mapping) or set(data) != {"seat", "act"} or data["seat"] not in SEATS \
                or type(data["seat"]) is not int or data["act"] not in acts:
            raise MalformedError(f"not an action: {data!r} (expected {{\"seat\": 0 or 1, \"act\": one of "
                                 f"{', '.join(acts)}}})")
        return Action(data["seat"], acts[data["act"]])

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return {"seat": action.seat, "act": action.act.value}

    @implements("threecard.deal")
    def random_setup(self, rng: random.Random) -> tuple[Hand, Hand]:
        deck = list(DECK)
        rng.shuffle(deck)
        return tuple(sorted(deck[:HAND_SIZE])), tuple(sorted(deck[HAND_SIZE:2 * HAND_SIZE]))

    # play ------------------------------------------------------------------------
    def initial_state(self, setup: tuple[Hand, Hand]) -> State:
        return State(setup)

    @implements("threecard.players", "threecard.betting.order")
    def turn(self, state: State) -> Turn:
        return TERMINAL if state.over else Turn.of(state.to_move)

    def legal_actions(self, state: State) -> list[Action]:
        if state.over:
            return []
        return [Action(state.to_move, act) for act in options(state)]

    @implements("threecard.betting.end")
    def check(self, state: State, action: Action) -> Violation | None:
        if not isinstance(action, Action):
            raise MalformedError(f"not a three-card poker action: {action!r}")
        if state.over:
            return _refuse("threecard.betting.end", "Sázky skončily, nikdo už nejedná.",
                           "The betting is over; nobody acts any more.")
        if action.seat != state.to_move:
            return _refuse("threecard.betting.order", f"Na tahu je hráč {state.to_move}.",
                           f"Seat {state.to_move} is to act.")
        if action.act not in options(state):
            if options(state)[0] is Act.CALL:
                return _refuse("threecard.betting.facing-bet", "Proti sázce lze jen dorovnat, nebo složit karty.",
                               "Facing a bet, a player calls or folds.")
            return _refuse("threecard.betting.open", "Bez sázky lze jen počkat, nebo vsadit.",
                           "With no bet to answer, a player checks or bets.")
        return None

    def successor(self, state: State, action: Action) -> State:
        return attrs.evolve(state, acts=(*state.acts, action.act))

    @implements("threecard.fold", "threecard.showdown", "threecard.split")
    def result(self, state: State) -> Result | None:
        if not state.over:
            return None
        if not state.shown:
            folded = (len(state.acts) - 1) % 2  # the seat that acted last
            winner = 1 - folded
            line = Text.of(cs=f"Hráč {folded} složil karty; bank ({state.pot}) bere hráč {winner}.",
                           en=f"Seat {folded} folded; seat {winner} takes the pot of {state.pot}.")
            return Result((winner,), {"pot": state.pot, "showdown": False}, (line,))
        keys = [strength(hand) for hand in state.hands]
        best = max(keys)
        winners = tuple(seat for seat in SEATS if keys[seat] == best)
        shown = " / ".join(" ".join(str(card) for card in hand) for hand in state.hands)
        line = Text.of(cs=f"Odkrytí: {shown}; bank ({state.pot}) bere {' a '.join(f'hráč {s}' for s in winners)}.",
                       en=f"Showdown: {shown}; the pot of {state.pot} goes to "
                          f"{' and '.join(f'seat {s}' for s in winners)}.")
        return Result(winners, {"pot": state.pot, "showdown": True}, (line,))

    def view(self, state: State, seat: int) -> State:
        """A seat sees its own hand, and the other one only at the showdown."""
        if state.shown:
            return state
        hidden: tuple[Hand, Hand] = (state.hands[0], ()) if seat == 0 else ((), state.hands[1])
        return attrs.evolve(state, hands=hidden)

    def rehide(self, state: State, seat: int, rng: random.Random) -> State:
        """The other seat dealt three other cards, unless the showdown has shown them."""
        if state.shown:
            return state
        unseen = [card for card in DECK if card not in state.hands[seat]]
        other = tuple(sorted(rng.sample(unseen, HAND_SIZE)))
        hands = (state.hands[0], other) if seat == 0 else (other, state.hands[1])
        return attrs.evolve(state, hands=hands)

    # explanations ----------------------------------------------------------------
    def explain_step(self, before: State, action: Action, after: State) -> Sequence[Text]:
        verbs = {Act.CHECK: ("čeká", "checks"), Act.BET: ("sází jeden žeton", "bets one chip"),
                 Act.CALL: ("dorovnává", "calls"), Act.FOLD: ("skládá karty", "folds")}
        cs, en = verbs[action.act]
        return [Text.of(cs=f"Hráč {action.seat} {cs}.", en=f"Seat {action.seat} {en}.")]


THREE_CARD = ThreeCardPoker()
