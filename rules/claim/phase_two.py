"""Phase two of the Claim family: where every played card goes, Trolls, Giants, the end of the game.

The destinations are the flags of :func:`rules.claim.powers.played_card_destinations`
(through :data:`rules.claim.tables.ZONE`); Dwarves with 3–4 players, the
Troll pool, the Dragons' lead and the Giants' crush are the predicates of
:mod:`rules.claim.powers`.
"""

from __future__ import annotations

from collections import Counter

import attrs

from rules.claim.cards import Card, Faction
from rules.claim.kinds import ActionKind
from rules.claim.powers import crush_victim, crushes, team_of, troll_destinations
from rules.claim.state import (
    OVER,
    PHASE_TWO,
    Choice,
    Crush,
    OutcomeFacts,
    State,
    after_battle,
    after_plain_battle,
    choice,
    finished,
    make_state,
)
from rules.claim.tables import (
    DWARF_TAKER,
    DWARVES_TAKER,
    LOSER,
    PAIR_TRICK,
    TROLL_POOL,
    TROLL_TAKEN,
    W_GNOMES,
    W_SCORE,
    ZONE,
    next_leader_position,
    trick_winner,
)
from rules.kernel.decisions import Decision, pop, push
from rules.kernel.registry import implements

_GIANT = Faction.GIANT
PAIR_TRICK_TWO = PAIR_TRICK[PHASE_TWO]


@implements("claim.phase2.take-followers", "claim.phase2.tricks", "claim.phase2.winner-takes-both",
            "claim.dwarves", "claim.dwarves.winner-rest", "claim2.phase2.take-followers", "claim2.phase2.tricks",
            "claim2.phase2.winner-takes-both", "claim2.gnomes", "claim2.trolls", "claim2.trolls.waiting",
            "claim2.trolls.last-trick", "claim2.giants", "claim2.giants.no-gnome", "claim2.giants.multiplayer",
            "claim2.giants.multiplayer.several", "claim2.phase2.giants-crush", "claim.dwarves.multiplayer",
            "claim-combined.phase2.take-followers", "claim-combined.phase2.winner-takes-all")
def resolve_phase_two(state: State, hands: tuple[tuple[Card, ...], ...], cards: tuple[Card, ...]) -> State:
    """A complete phase-two trick: winner, every card's destination, Trolls, Giants, next leader.

    A two-player trick without a Gnome, a Troll (played or waiting) or a Giant is one look-up of
    what its cards decide (:data:`~rules.claim.tables.PAIR_TRICK`, decision record 0044)."""
    if len(cards) == 2 and not state.trolls:
        wp, next_position, to_winner, to_loser, discarded, special = PAIR_TRICK_TWO[cards]
        if not special:
            leader = state.leader
            winner = (leader + wp) % 2
            first, second = state.score
            piles = (first + to_winner, second + to_loser) if winner == 0 else (first + to_loser, second + to_winner)
            next_leader = (leader + next_position) % 2
            number = state.tricks_played + 1
            outcome: OutcomeFacts = (number, PHASE_TWO, leader, cards, winner, next_leader, (), (), None)
            after = after_plain_battle(state, hands, next_leader, (), piles, state.discard + discarded, number,
                                       outcome)
            return finish(after) if not hands[0] and not state.decisions else after
    v = state.variant
    n = len(hands)
    leader = state.leader
    wp, winner = trick_winner(leader, cards)
    zone = ZONE[n][PHASE_TWO]
    score = list(state.score)
    gnomes = list(state.gnomes)
    discard = state.discard
    pool: list[Card] = []
    taker: int | None = None
    for c in cards:
        z = zone[c.faction]
        if z is W_SCORE:
            score[winner] += (c,)
        elif z is LOSER:
            score[1 - winner] += (c,)
        elif z is DWARF_TAKER:
            if taker is None:  # takes_dwarves, via its table
                taker = (leader + DWARVES_TAKER[tuple([x.value for x in cards])]) % n
            score[taker] += (c,)
        elif z is W_GNOMES:
            gnomes[winner] += (c,)
        elif z is TROLL_POOL:
            pool.append(c)
        else:
            discard += (c,)
    last = not hands[0]
    trolls = state.trolls
    if pool or trolls:
        everyone = trolls + tuple(pool)
        values = frozenset([x.value for x in everyone])
        if len(values) == len(everyone):  # always (one Troll of each value): troll_destinations via its table
            taken = [TROLL_TAKEN[(x.value, values - {x.value}, last)] for x in everyone]
        else:  # a hand-made state with repeated Trolls: the predicate itself
            taken = [troll_destinations(x.value, [y.value for j, y in enumerate(everyone) if j != i], last)[0]
                     for i, x in enumerate(everyone)]
        score[winner] += tuple([troll for troll, to_score in zip(everyone, taken) if to_score])
        trolls = tuple([troll for troll, to_score in zip(everyone, taken) if not to_score])
    decisions = state.decisions
    giants = [c.value for c in cards if c.faction is _GIANT] if _GIANT in v.factions else None
    crushed: list[tuple[int, Card]] = []
    if giants:
        if n == 2:
            opponent_gnomes = Counter(g.value for g in gnomes[1 - winner])
            wanted = Counter(giants)
            limits = tuple((value, min(k, sum(m for gv, m in opponent_gnomes.items() if crushes(value, gv))))
                           for value, k in sorted(wanted.items()))
            limits = tuple((value, k) for value, k in limits if k > 0)
            if limits:
                decisions = push(decisions, Decision(winner, ActionKind.CRUSH, "claim2.giants",
                                                     Choice((1 - winner,), False, limits)))
        else:
            my_team = team_of(winner, n)
            for seat in range(n):
                if not crush_victim(team_of(seat, n), my_team):
                    continue
                row = list(gnomes[seat])
                for value in giants:
                    hit = next((g for g in row if crushes(value, g.value)), None)
                    if hit is not None:
                        row.remove(hit)
                        crushed.append((seat, hit))
                        discard += (hit,)
                gnomes[seat] = tuple(row)
    next_leader = (leader + next_leader_position(v, cards, wp)) % n
    number = state.tricks_played + 1
    facts: OutcomeFacts = (number, PHASE_TWO, leader, cards, winner, next_leader, (), tuple(crushed), taker)
    after = after_battle(state, hands, (), next_leader, (), tuple(score), discard, number, facts, tuple(gnomes),
                         trolls, decisions)  # still phase two: the phase is state's
    if not decisions and last:
        return finish(after)
    return after


def apply_crush(state: State, action: Crush) -> State:
    """The pending ``crush`` decision is made: it leaves the stack, the Gnomes leave the game."""
    victim = choice(state.decisions[0]).after[0]
    gnomes = list(state.gnomes)
    row = list(gnomes[victim])
    for g in action.gnomes:
        row.remove(g)
    gnomes[victim] = tuple(row)
    t = state.last_trick
    assert t is not None
    t = attrs.evolve(t, crushed=t.crushed + tuple((victim, g) for g in action.gnomes))  # rare: no speed concern
    after = make_state(PHASE_TWO, state.hands, state.deck, (), state.leader, (), state.followers,
                  state.known_followers, state.score, state.discard + action.gnomes, state.tricks_played, t,
                  tuple(gnomes), state.trolls, pop(state.decisions), state.variant)
    return finish(after) if not state.hands[0] else after


@implements("claim.phase2.end", "claim2.phase2.end", "claim2.gnomes.end")
def finish(state: State) -> State:
    """The last trick is over: laid-out Gnomes go to their owner's score pile
    (``claim2.gnomes.end``), then the game is scored."""
    score = tuple(s + g for s, g in zip(state.score, state.gnomes))
    return finished(state, OVER, (), (), score, tuple(() for _ in state.hands), ())

