"""The variants of the Valeria book as parameters of the one engine (decision 0018).

A record's ``"variant"`` is ``{"players": 1..5}`` plus the optional flags
``"random_citizens"``, ``"monster_events"`` (both default ``false``) and
``"dukes"`` (default ``true``), and for one player ``"difficulty"``. Implemented:
the five-player variant (valeria.variants.five-players.*), random citizens
(valeria.variants.random-citizens.*) and Monster Events
(valeria.variants.events.*, :mod:`rules.valeria.events`, decision 0020), each
with any player count 2-5 and with each other, random citizens also in the solo
game against the Dark Lord (valeria.variants.solo.*, :mod:`rules.valeria.solo`,
decision 0021). The others are refused with a :class:`MalformedError` that
names their rules, never played wrong:

- the solo game is not played with Monster Events (the ruling on
  valeria.variants.solo.dark-lord);
- without dukes (valeria.variants.no-dukes.*) cannot be implemented: the OCR of
  the book lost the bonus values (the ``repair`` annotation of
  valeria.variants.no-dukes.scoring, reference O26).

Everything the player count changes lives here: the stack sizes, the monster
stacks with the 5-player cards and the resting seat.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any

import attrs

from rules.kernel.registry import implements
from rules.kernel.verdict import MalformedError
from rules.valeria.data import index
from rules.valeria.state import State, replace

#: The player counts of the base game (2-4) and the five-player variant; a random setup without a
#: variant draws from them. The solo game (1, valeria.variants.solo.*, decision 0021) is asked for by name.
PLAYERS = (2, 3, 4, 5)
SOLO = 1
FIVE = 5
FLAGS = {"random_citizens": False, "monster_events": False, "dukes": True}
#: The solo game's settings (valeria.variants.solo.difficulty): the book's rules, then
#: "harder" (the sum 2-6 activates too), then "hardest" (an exhausted stack's activation
#: makes the Dark Lord attack that column).
DIFFICULTIES = ("normal", "harder", "hardest")


@implements("valeria.setup.players", "valeria.variants.five-players.changes", "valeria.variants.events.setup",
            "valeria.variants.solo.dark-lord")
def players_of(variant: Any) -> int | None:
    """The player count of a variant (``None`` when no variant is given); a
    :class:`MalformedError` for an unknown shape or a variant the engine does not play."""
    if variant is None:
        return None
    if not isinstance(variant, Mapping) or not set(variant) <= {"players", "difficulty", *FLAGS}:
        raise MalformedError(f"the Valeria variant is {{\"players\": 1..5, \"random_citizens\": false, "
                             f"\"monster_events\": false, \"dukes\": true, \"difficulty\": \"normal\"}} "
                             f"(decision 0018), not {variant!r}")
    for flag in FLAGS:
        if flag in variant and type(variant[flag]) is not bool:
            raise MalformedError(f"variant.{flag} must be true or false, not {variant[flag]!r}")
    n = variant.get("players")
    if "difficulty" in variant:
        if variant["difficulty"] not in DIFFICULTIES:
            raise MalformedError(f"variant.difficulty must be one of {', '.join(DIFFICULTIES)} "
                                 f"(valeria.variants.solo.difficulty), not {variant['difficulty']!r}")
        if n != 1:
            raise MalformedError("variant.difficulty belongs to the solo game against the Dark Lord "
                                 "(\"players\": 1, valeria.variants.solo.difficulty)")
    if n == SOLO and variant.get("monster_events", False):
        raise MalformedError("the solo game against the Dark Lord is not played with Monster Events: the book does "
                             "not say that they combine (the ruling on valeria.variants.solo.dark-lord, decision 0021)")
    if type(n) is not int or n not in (SOLO, *PLAYERS):
        raise MalformedError(f"variant.players must be 1 (valeria.variants.solo.dark-lord), 2, 3, 4 "
                             f"(valeria.setup.players) or 5 (valeria.variants.five-players.changes), not {n!r}")
    if variant.get("dukes", True) is False:
        raise MalformedError("the variant without dukes cannot be played: the book's bonus values are illegible "
                             "in the source (the repair annotation of valeria.variants.no-dukes.scoring and of "
                             "valeria.variants.no-dukes.majorities, reference O26); no numbers are invented")
    return n


@implements("valeria.setup.citizen-rows", "valeria.variants.five-players.stacks")
def citizen_stack_size(players: int) -> int:
    """Citizens per center stack: 5, or 6 with five players."""
    return 6 if players == FIVE else 5


@implements("valeria.setup.domain-row", "valeria.variants.five-players.stacks")
def domains_per_stack(players: int) -> int:
    """Domains per stack: 2 face down + 1 face up, or 3 + 1 with five players."""
    return 4 if players == FIVE else 3


@cache
def _monster_stacks(five: bool) -> dict[str, tuple[str, ...]]:
    cards = index().cards
    return {a.id: tuple(m.id for m in cards.monster_stack(a.id, five)) for a in cards.areas}


@implements("valeria.setup.monster-stack-order", "valeria.variants.five-players.stacks",
            "valeria.symbols.five-players")
def monster_stack(area: str, players: int) -> tuple[str, ...]:
    """An area's stack, top first: with five players the card with the 5-player icon is added."""
    return _monster_stacks(players == FIVE)[area]


@implements("valeria.variants.five-players.resting-player", "valeria.variants.five-players.resting-token")
def resting_seat(players: int, active: int) -> int:
    """The resting seat: with five players always the seat right of the active one
    (the first turn: right of the first player), else none (-1)."""
    return (active - 1) % players if players == FIVE else -1


@implements("valeria.variants.five-players.resting-immune")
def targetable(players: int, resting: int, seat: int, victim: int) -> bool:
    """May ``seat`` aim a negative effect (take, steal, purloin) at ``victim``? Not at
    itself and not at the resting seat, which "is not considered a player"."""
    return victim != seat and victim != resting and 0 <= victim < players


# ------------------------------------------------------------------ random citizens


@attrs.frozen
class Options:
    """A parsed variant: the player count (``None``: not given) and the flags."""

    players: int | None
    random_citizens: bool = False
    monster_events: bool = False
    #: the solo game's setting (one of :data:`DIFFICULTIES`); "normal" outside the solo game
    difficulty: str = "normal"


def options_of(variant: Any) -> Options:
    """:func:`players_of` with the flags and settings the engine plays."""
    n = players_of(variant)
    if variant is None:
        return Options(n)
    return Options(n, bool(variant.get("random_citizens", False)), bool(variant.get("monster_events", False)),
                   str(variant.get("difficulty", "normal")))


@implements("valeria.variants.random-citizens.setup")
def all_kinds() -> tuple[str, ...]:
    """With random citizens every citizen kind is in play: the kinds of each activation
    number in stack order (1, 2, ..., 8, 9/10, 11/12), a seat's duchy indexed by them."""
    return tuple(k for kinds in index().stack_kinds for k in kinds)


@implements("valeria.variants.random-citizens.setup")
def random_citizen_stacks(rng: random.Random, players: int) -> tuple[tuple[str, ...], ...]:
    """Per activation number, every copy of its kinds shuffled together and the stack
    dealt from them (4 face down + 1 face up, 5 + 1 with five players), top first."""
    size = citizen_stack_size(players)
    cards = index().cards
    out = []
    for kinds in index().stack_kinds:
        pile = [k for k in kinds for _ in range(cards.citizen(k).copies)]
        rng.shuffle(pile)
        out.append(tuple(pile[:size]))
    return tuple(out)


def on_top(state: State, kind: int) -> bool:
    """Is a citizen of ``kind`` (an index of ``state.citizen_kinds``) accessible: the
    face-up top of a center stack (valeria.recruit.choose)?"""
    if state.citizen_stacks:
        return any(st and st[0] == kind for st in state.citizen_stacks)
    return state.citizen_counts[kind] > 0


def citizen_stacks_exhausted(state: State) -> int:
    """The empty citizen stacks (valeria.exhausted.replace)."""
    if state.citizen_stacks:
        return sum(1 for st in state.citizen_stacks if not st)
    return sum(1 for c in state.citizen_counts if c == 0)


@implements("valeria.variants.random-citizens.hidden")
def take_top(state: State, kind: int) -> State:
    """A citizen of ``kind`` leaves the center from the top of its stack; with random
    citizens the card below is revealed, however the top card left (ruling O18)."""
    counts = list(state.citizen_counts)
    counts[kind] -= 1
    if not state.citizen_stacks:
        return replace(state, citizen_counts=tuple(counts))
    stacks = list(state.citizen_stacks)
    i = next(i for i, st in enumerate(stacks) if st and st[0] == kind)
    stacks[i] = stacks[i][1:]
    return replace(state, citizen_counts=tuple(counts), citizen_stacks=tuple(stacks))


def put_back(state: State, kind: int) -> State:
    """A citizen of ``kind`` returns to the center (Nest of the Weaver Witch): on top of
    the stack of its activation number (ruling O28)."""
    counts = list(state.citizen_counts)
    counts[kind] += 1
    if not state.citizen_stacks:
        return replace(state, citizen_counts=tuple(counts))
    stack = index().stack_of[state.citizen_kinds[kind]]
    stacks = list(state.citizen_stacks)
    stacks[stack] = (kind, *stacks[stack])
    return replace(state, citizen_counts=tuple(counts), citizen_stacks=tuple(stacks))
