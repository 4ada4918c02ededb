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
from functools import cache
from itertools import compress
from typing import Any

import attrs

from rules.kernel.construct import copier
from rules.kernel.parameters import Kind, Parameter, Parameters, Refusal
from rules.kernel.registry import implements
from rules.kernel.text import Text
from rules.valeria.data import index
from rules.valeria.state import SOLO_PLAYERS, SoloDeal, State, replace

#: The player counts of the base game (2-4) and the five-player variant; a random setup without a
#: variant draws from them. The solo game (1, valeria.variants.solo.*, decision 0021) is asked for by name.
PLAYERS = (2, 3, 4, 5)
SOLO = SOLO_PLAYERS
FIVE = 5
#: The solo game's settings (valeria.variants.solo.difficulty): the book's rules, then
#: "harder" (the sum 2-6 activates too), then "hardest" (an exhausted stack's activation
#: makes the Dark Lord attack that column).
DIFFICULTIES = ("normal", "harder", "hardest")


#: Valeria's variant, declared once (decision 0023): ``GameInfo.parameters`` of the game, read by
#: :func:`players_of` and :func:`options_of` through :meth:`~rules.kernel.parameters.Parameters.parse`.
PARAMETERS = Parameters(
    parameters=(
        Parameter("players", Kind.INTEGER, Text.of(
            cs="počet hráčů: 2–4 podle základních pravidel, 5 podle varianty pro 5 hráčů, 1 proti Temnému pánovi",
            en="the player count: 2-4 by the base rules, 5 by the five-player variant, 1 against the Dark Lord"),
            ("valeria.setup.players", "valeria.variants.five-players.changes", "valeria.variants.solo.dark-lord"),
            values=(SOLO, *PLAYERS)),
        Parameter("random_citizens", Kind.BOOLEAN, Text.of(
            cs="náhodní obyvatelé: balíčky podle aktivačního čísla z promíchaných karet",
            en="random citizens: each activation number's stack dealt from its shuffled kinds"),
            ("valeria.variants.random-citizens.setup",), default=False),
        Parameter("monster_events", Kind.BOOLEAN, Text.of(
            cs="nepřátelské události na balíčku vyčerpání", en="Monster Events on the Exhausted stack"),
            ("valeria.variants.events.setup",), default=False),
        Parameter("dukes", Kind.BOOLEAN, Text.of(
            cs="hra s vévody (bez nich ji knihovna nehraje)", en="the game with dukes (the library plays none without)"),
            ("valeria.variants.no-dukes.scoring",), default=True),
        Parameter("difficulty", Kind.CHOICE, Text.of(
            cs="obtížnost hry proti Temnému pánovi", en="the setting of the solo game against the Dark Lord"),
            ("valeria.variants.solo.difficulty",), default="normal", values=DIFFICULTIES,
            only_with={"players": (SOLO,)}),
    ),
    refusals=(
        Refusal({"dukes": False}, ("valeria.variants.no-dukes.scoring", "valeria.variants.no-dukes.majorities"), Text.of(
            cs="variantu bez vévodů nelze hrát: hodnoty bonusů jsou ve zdroji nečitelné (oprava O26); žádná čísla "
               "si knihovna nevymýšlí",
            en="the variant without dukes cannot be played: the book's bonus values are illegible in the source "
               "(the repair annotations, reference O26); no numbers are invented")),
        Refusal({"players": SOLO, "monster_events": True}, ("valeria.variants.solo.dark-lord",), Text.of(
            cs="hra jednoho hráče proti Temnému pánovi se nehraje s nepřátelskými událostmi: kniha neříká, že se "
               "kombinují (výklad, rozhodnutí 0021)",
            en="the solo game against the Dark Lord is not played with Monster Events: the book does not say that "
               "they combine (the ruling, decision 0021)")),
    ),
)


@implements("valeria.setup.players", "valeria.variants.five-players.changes", "valeria.variants.events.setup",
            "valeria.variants.solo.dark-lord")
def players_of(variant: Any) -> int | None:
    """The player count of a variant (``None`` when no variant is given); a
    :class:`MalformedError` for an unknown key, a value the declaration (:data:`PARAMETERS`)
    does not allow, or a combination it refuses. A given variant names its player count."""
    if variant is None:
        return None
    players = PARAMETERS.parse(variant)["players"]
    if players is None:
        PARAMETERS.by_name("players").check(players)  # raises, naming what it allows
    return int(players)


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
def resting_seat(players: int, active: int) -> int | None:
    """The resting seat: with five players always the seat right of the active one
    (the first turn: right of the first player), else none."""
    return (active - 1) % players if players == FIVE else None


@implements("valeria.variants.five-players.resting-immune")
def targetable(players: int, resting: int | None, seat: int, victim: int) -> bool:
    """May ``seat`` aim a negative effect (take, steal, purloin) at ``victim``? Not at
    itself and not at the resting seat, which "is not considered a player"."""
    return victim != seat and victim != resting and 0 <= victim < players


@implements("valeria.variants.solo.setup", "valeria.variants.solo.dark-lord")
def deal_dark_lord(rng: random.Random, dukes: tuple[str, ...], difficulty: str) -> SoloDeal:
    """The solo game at the setting ``difficulty``: after the player's two ``dukes`` are dealt, the
    Dark Lord is one random duke of the rest, face down (ruling O29: deal 2, keep 1, then draw him
    from the others)."""
    rest = [d for d in index().dukes if d not in dukes]
    return SoloDeal(dark_lord=rng.choice(rest), difficulty=difficulty)


# ------------------------------------------------------------------ random citizens


@attrs.frozen
class Options:
    """A variant as a record or a caller gives it, read through :data:`PARAMETERS`: the player
    count (``None``: not given, the setup's dukes then tell it) and the flags. A setup holds
    the complete one (:class:`rules.valeria.state.Variant`)."""

    players: int | None
    random_citizens: bool = False
    monster_events: bool = False
    #: the solo game's setting (one of :data:`DIFFICULTIES`); "normal" outside the solo game
    difficulty: str = "normal"


def options_of(variant: Any) -> Options:
    """:func:`players_of` with the flags and settings the engine plays, read through the declaration."""
    n = players_of(variant)
    if variant is None:
        return Options(n)
    values = PARAMETERS.parse(variant)
    return Options(n, values["random_citizens"], values["monster_events"], values["difficulty"])


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


def citizens_on_top(state: State) -> tuple[int, ...]:
    """The citizen kinds (indices of ``state.citizen_kinds``, in order) that :func:`on_top` admits
    (without random citizens: the stacks whose count, never negative, is not 0)."""
    if state.citizen_stacks:
        tops = {st[0] for st in state.citizen_stacks if st}
        return tuple(i for i in range(len(state.citizen_kinds)) if i in tops)
    counts = state.citizen_counts
    return tuple(compress(range(len(counts)), counts))


def citizen_stacks_exhausted(state: State) -> int:
    """The empty citizen stacks (valeria.exhausted.replace)."""
    if state.citizen_stacks:
        return sum(1 for st in state.citizen_stacks if not st)
    return state.citizen_counts.count(0)


#: a citizen taken from the center: one copy, written out once (decision 0040)
_set_center_citizens = copier(State, "citizen_counts", "citizen_stacks")


def take_top(state: State, kind: int) -> State:
    """A citizen of ``kind`` leaves the center from the top of its stack (:func:`taken_top`)."""
    return _set_center_citizens(state, *taken_top(state, kind))


@implements("valeria.variants.random-citizens.hidden")
def taken_top(state: State, kind: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...] | None]:
    """The center's citizen counts and stacks once a citizen of ``kind`` left it from the top of its
    stack; with random citizens the card below is revealed, however the top card left (ruling O18).
    A recruit writes them in the same copy as the recruiting seat's board (decision 0043)."""
    counts = list(state.citizen_counts)
    counts[kind] -= 1
    if not state.citizen_stacks:
        return tuple(counts), state.citizen_stacks
    stacks = list(state.citizen_stacks)
    i = next(i for i, st in enumerate(stacks) if st and st[0] == kind)
    stacks[i] = stacks[i][1:]
    return tuple(counts), tuple(stacks)


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
