"""Play through the :class:`~rules.kernel.game.Game` protocol alone:
play-outs, random records and the ``rules bench`` measurement.

Chance nodes are sampled by their probabilities. Without policies every seat's
choice is uniform over its legal actions, all drawn from one
``random.Random``, so the same seed gives the same game (decision record
0010). With a policy per seat (:mod:`rules.kernel.policies`, issue 21) chance
still draws from that generator and each seat's policy from its own, seeded
from the record's seed and the seat, so one seat's policy changes neither the
dice nor another seat's draws.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import accumulate
from typing import Any

from rules.kernel.game import ChanceMode, Game, HasVariants, Result, Turn, TurnKind
from rules.kernel.policies import Policy, decision
from rules.kernel.records import canonical_json, record_to_json
from rules.kernel.verdict import Violation


class VariantError(ValueError):
    """A variant given to a game that has none."""


def random_setup(game: Game[Any, Any], rng: random.Random, variant: Any = None) -> Any:
    """``game.random_setup``, passing the variant only to games that take one."""
    if variant is None:
        return game.random_setup(rng)
    if not isinstance(game, HasVariants):
        raise VariantError(f"game {game.info.key!r} has no variants")
    return game.random_setup(rng, variant)


def random_action(game: Game[Any, Any], state: Any, rng: random.Random) -> Any:
    """A chance outcome drawn by its probability, or a uniformly random legal action."""
    if game.turn(state).kind is TurnKind.CHANCE:
        return chance_action(game, state, rng)
    return rng.choice(game.legal_actions(state))


def chance_action(game: Game[Any, Any], state: Any, rng: random.Random) -> Any:
    """A chance outcome drawn by its probability (one ``rng.choices``: the draw of every
    seeded game since decision record 0010)."""
    population, cumulative = _distribution(game.chance_outcomes(state))
    return rng.choices(population, cum_weights=cumulative)[0]


#: The distributions of the last outcome sequences seen, by identity (each kept alive by its entry,
#: so an identity is never reused while it is here): a game that returns one constant sequence for a
#: frequent chance node (a roll of the dice) has its probabilities converted to floats once.
_DISTRIBUTIONS: dict[int, tuple[Sequence[Any], list[Any], list[float]]] = {}
_DISTRIBUTIONS_KEPT = 64


def _distribution(outcomes: Sequence[tuple[Any, Any]]) -> tuple[list[Any], list[float]]:
    """The outcomes and their cumulative float weights, as ``rng.choices`` accumulates the weights
    itself (``itertools.accumulate``), so passing them as ``cum_weights`` draws the same outcome."""
    known = _DISTRIBUTIONS.get(id(outcomes))
    if known is not None and known[0] is outcomes:
        return known[1], known[2]
    population = [o for o, _ in outcomes]
    cumulative = list(accumulate(float(p) for _, p in outcomes))
    if len(_DISTRIBUTIONS) >= _DISTRIBUTIONS_KEPT:
        _DISTRIBUTIONS.clear()
    _DISTRIBUTIONS[id(outcomes)] = (outcomes, population, cumulative)
    return population, cumulative


#: A seat's own generator: ``seat_rng(seat)`` returns the same object on every call.
SeatRngs = Callable[[int], random.Random]


def seat_rngs(seed: str) -> SeatRngs:
    """Each seat's generator, seeded from ``seed`` and the seat (string seeds hash the
    same on every platform and run), made on first use."""
    made: dict[int, random.Random] = {}

    def rng_of(seat: int) -> random.Random:
        if seat not in made:
            made[seat] = random.Random(f"{seed}:seat{seat}")
        return made[seat]

    return rng_of


def policy_of(policies: Sequence[Policy], seat: int) -> Policy:
    """Seat ``seat``'s policy: one per seat in order, the last one serving every seat after it."""
    return policies[min(seat, len(policies) - 1)]


def _choices(game: Game[Any, Any], state: Any, turn: Turn, policies: Sequence[Policy],
             rngs: SeatRngs) -> list[Any]:
    """Each deciding seat's choice, every one asked from its own view of ``state``.
    At a simultaneous turn the legal actions are split by the record's ``seat``."""
    legal = game.legal_actions(state)
    if turn.kind is TurnKind.SEAT:
        mine = {turn.seats[0]: list(legal)}
    else:
        mine = {seat: [] for seat in turn.seats}
        for action in legal:
            mine.setdefault(game.action_to_json(action)["seat"], []).append(action)
    return [policy_of(policies, seat).choose(decision(game, state, seat, options), rngs(seat))
            for seat, options in mine.items() if options]


def play_with(game: Game[Any, Any], state: Any, rng: random.Random, policies: Sequence[Policy],
              rngs: SeatRngs, stop_after: int | None = None) -> tuple[list[Any], Any]:
    """Play from ``state`` with a policy per seat (see :func:`policy_of`) until the game
    ends (or ``stop_after`` actions): chance from ``rng``, each seat from ``rngs(seat)``.

    At a simultaneous turn (``TurnKind.SIMULTANEOUS``) every owing seat chooses from the
    same state, none seeing another's choice; the choices are then applied in seat
    order, and one no longer legal after those before it is asked again."""
    if not policies:
        raise ValueError("play_with needs at least one policy")
    actions: list[Any] = []

    def room() -> bool:
        return stop_after is None or len(actions) < stop_after

    while not game.is_terminal(state) and room():
        turn = game.turn(state)
        if turn.kind is TurnKind.CHANCE:
            chosen = [chance_action(game, state, rng)]
        else:
            chosen = _choices(game, state, turn, policies, rngs)
        for action in chosen:
            if not room():
                break
            after = game.attempt(state, action)
            if isinstance(after, Violation):  # made illegal by a choice applied before it: asked again
                break
            actions.append(action)
            state = after
    return actions, state


def _choice_is_written_out() -> bool:
    """Does ``random.Random.choice`` draw ``seq[r]`` with ``r`` from ``getrandbits(n.bit_length())``,
    drawn again while ``r >= n`` (the algorithm :func:`play_out` writes out)? Checked once against
    the running Python's own ``choice`` over every length up to 200, bit for bit."""
    if random.Random._randbelow is not random.Random._randbelow_with_getrandbits:  # type: ignore[attr-defined]
        return False
    ours, theirs = random.Random(19), random.Random(19)
    for n in range(1, 201):
        k = n.bit_length()
        r = ours.getrandbits(k)
        while r >= n:
            r = ours.getrandbits(k)
        if theirs.choice(range(n)) != r:
            return False
    return ours.getstate() == theirs.getstate()


_CHOICE_WRITTEN_OUT = _choice_is_written_out()


def play_out(game: Game[Any, Any], state: Any, rng: random.Random,
             stop_after: int | None = None, policies: Sequence[Policy] | None = None,
             rngs: SeatRngs | None = None) -> tuple[list[Any], Any]:
    """Random actions from ``state`` until the game ends (or ``stop_after``
    actions): the actions taken and the state reached. Each action is one the game
    enumerated (:func:`random_action`), so it goes straight to ``successor``: the
    trusted path of decision record 0028 (``apply`` still checks what a caller
    builds; the conformance suite checks that every enumerated action is legal). With ``policies`` the
    seats play by them (:func:`play_with`; ``rngs`` defaults to generators
    seeded from one draw of ``rng``)."""
    if policies is not None:
        return play_with(game, state, rng, policies, rngs or seat_rngs(str(rng.getrandbits(64))), stop_after)
    actions: list[Any] = []
    # The draws of random_action, with its questions asked once per game rather than once a step: a
    # game without chance nodes never has chance to move (the kernel's attempt relies on it too), and
    # the states and actions are the game's own, so legal_actions and successor need no guard against
    # what is not the game's (GameBase keeps the unguarded ones, decision record 0023).
    nodes = game.info.chance is ChanceMode.NODES
    legal_actions = getattr(game, "_unguarded_legal_actions", game.legal_actions)
    successor = getattr(game, "_unguarded_successor", game.successor)
    is_terminal = game.is_terminal
    # rng.choice written out for the standard generator: the same bits drawn the same way
    # (_choice_is_written_out), two calls fewer a step; any other generator draws by its own choice
    getrandbits = rng.getrandbits if type(rng) is random.Random and _CHOICE_WRITTEN_OUT else None
    if getrandbits is not None and not nodes and stop_after is None:  # rules bench, random records
        return _play_to_the_end(legal_actions, successor, is_terminal, state, getrandbits)
    while not is_terminal(state) and (stop_after is None or len(actions) < stop_after):
        if nodes and game.turn(state).kind is TurnKind.CHANCE:
            action = chance_action(game, state, rng)
        elif getrandbits is None:
            action = rng.choice(legal_actions(state))
        else:  # random.Random.choice and its _randbelow_with_getrandbits, inline
            legal = legal_actions(state)
            n = len(legal)
            if not n:
                raise IndexError("Cannot choose from an empty sequence")
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            action = legal[r]
        actions.append(action)
        # drawn from the game's own legal actions or chance outcomes: legal by construction, so the
        # state follows from ``successor`` without ``apply`` checking it again (decision record 0028)
        state = successor(state, action)
    return actions, state


def _play_to_the_end(legal_actions: Callable[[Any], Sequence[Any]], successor: Callable[[Any, Any], Any],
                     is_terminal: Callable[[Any], bool], state: Any,
                     getrandbits: Callable[[int], int]) -> tuple[list[Any], Any]:
    """:func:`play_out`'s loop for a game without chance nodes, the standard generator and no
    limit: the same draws, one question a step fewer. The protocol gives a terminal state no legal
    action and any other state of such a game some (``Game.legal_actions``; the conformance suite
    checks both along random games), so an empty listing is asked whether the game is over instead
    of every state (decision record 0049)."""
    actions: list[Any] = []
    append = actions.append
    while True:
        legal = legal_actions(state)
        n = len(legal)
        if not n:
            if is_terminal(state):
                return actions, state
            raise IndexError("Cannot choose from an empty sequence")
        k = n.bit_length()  # random.Random.choice and its _randbelow_with_getrandbits, inline
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        action = legal[r]
        append(action)
        state = successor(state, action)  # drawn from the game's own legal actions (decision record 0028)


def random_record(game: Game[Any, Any], seed: int, stop_after: int | None = None,
                  variant: Any = None, policies: Sequence[Policy] | None = None) -> dict[str, Any]:
    """A legal record: the setup and every chance outcome drawn from ``random.Random(seed)``,
    every choice uniformly from it too or, with ``policies``, by each seat's policy from
    its own generator (:func:`seat_rngs` of the seed)."""
    rng = random.Random(seed)
    setup = random_setup(game, rng, variant)
    rngs = seat_rngs(str(seed)) if policies is not None else None
    actions, _ = play_out(game, game.initial_state(setup), rng, stop_after, policies, rngs)
    return record_to_json(game, setup, actions)


def outcomes(results: Sequence[Result | None], seats: int) -> dict[str, Any]:
    """Wins per seat, ties (several winners), games nobody won (no winner, or an automaton
    won) and unfinished games (``None``: stopped before the end) over ``results``."""
    wins = [0] * seats
    ties = nobody = unfinished = 0
    automata: Counter[str] = Counter()
    for result in results:
        if result is None:
            unfinished += 1
            continue
        for seat in result.winners:
            wins.extend([0] * (seat + 1 - len(wins)))
            wins[seat] += 1
        ties += len(result.winners) > 1
        if not result.winners:
            nobody += 1
            if result.automaton:
                automata[result.automaton] += 1
    return {"wins": wins, "ties": ties, "no_winner": nobody, "unfinished": unfinished,
            **({"automata": dict(sorted(automata.items()))} if automata else {})}


def variant_json(game: Game[Any, Any], setup: Any, variant: Any = None) -> str:
    """The variant ``setup`` was dealt in as canonical JSON: the one asked for, else the game's
    own reading of the setup (``"null"``: the game has no variants)."""
    if variant is None and isinstance(game, HasVariants):
        variant = game.variant_of(setup)
    return canonical_json(variant)


def variants_dealt(dealt: Sequence[str], variant: Any = None) -> tuple[Any, list[dict[str, Any]]]:
    """What to report of the variants played (``dealt``: :func:`variant_json` per game): the one
    asked for, else the one every game shares (``None`` when they differ), and each variant
    dealt with its number of games."""
    counts = Counter(dealt)
    if variant is None and len(counts) == 1:
        variant = json.loads(next(iter(counts)))
    return variant, [{"variant": json.loads(v), "games": n} for v, n in sorted(counts.items())]


def seat_count(game: Game[Any, Any], setup: Any) -> int:
    """How many seats ``setup`` deals: the game's one player count, else its variant's
    ``"players"`` (decision 0023), else the most the game allows."""
    if len(game.info.players) == 1:
        return game.info.players[0]
    variant = game.variant_of(setup) if isinstance(game, HasVariants) else None
    if isinstance(variant, dict) and isinstance(variant.get("players"), int):
        return int(variant["players"])
    return max(game.info.players)


def bench(game: Game[Any, Any], n: int, seed: int = 0, variant: Any = None,
          max_actions: int | None = None) -> dict[str, Any]:
    """Play ``n`` random games through ``turn``/``legal_actions``/``apply``.

    Games end at their terminal state or, for games that need not end (a
    board game where both players may keep stopping), after ``max_actions``.
    The report names the variant played and the outcomes per seat (issue 21 §2),
    scored after the clock stops: the speed measured is play alone, as before.
    """
    rng = random.Random(seed)
    setups: Sequence[Any] = [random_setup(game, rng, variant) for _ in range(n)]
    actions = 0
    finals = []
    start = time.perf_counter()
    for setup in setups:
        played, final = play_out(game, game.initial_state(setup), rng, max_actions)
        actions += len(played)
        finals.append(final)
    seconds = time.perf_counter() - start
    report: dict[str, Any] = {"game": game.info.key, "games": n, "actions": actions,
                              "seconds": round(seconds, 4),
                              "games_per_second": round(n / seconds, 1) if seconds else None}
    report["variant"], report["variants"] = variants_dealt([variant_json(game, setup, variant) for setup in setups],
                                                           variant)
    report["outcomes"] = outcomes([game.result(final) for final in finals],
                                  max(seat_count(game, setup) for setup in setups))
    return report
