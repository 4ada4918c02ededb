"""A second, independent reading of the harvest and of the final scoring,
written from the reference tables (not from the engine's functions), that
replays random games and must agree with the engine at every harvest and at
every end."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.kernel.simulate import random_action
from rules.valeria.cards import Choice, Exchange, Gain, Take
from rules.valeria.data import index
from rules.valeria.game import VALERIA
from rules.valeria.state import HARVEST, OVER, ActionKind, State

RES = ("gold", "strength", "magic")


def _owned_cards(state: State, seat: int) -> list[tuple[str, int, tuple[int, ...], Any]]:
    """(card, copies, activation numbers, card data) for the starters and citizens of ``seat``."""
    ix = index()
    out = [(s.id, 1, s.activation, s) for s in ix.cards.starters if s.activation]
    for kind, n in zip(state.citizen_kinds, state.seats[seat].citizens, strict=True):
        if n:
            out.append((kind, n, ix.citizens[kind].activation, ix.citizens[kind]))
    return out


def _per(state: State, seat: int, counter: Any) -> int:
    """The book's counters read again: K12 (citizens of a role), K14 (a name, the starter of that
    name included), O19 (citizen cards without starters), monsters of an area."""
    ix = index()
    s = state.seats[seat]
    owned = dict(zip(state.citizen_kinds, s.citizens, strict=True))
    if counter.kind == "role":
        return sum(n for k, n in owned.items() if ix.citizens[k].role == counter.value)
    if counter.kind == "name":
        starters = sum(1 for st_ in ix.cards.starters if st_.named == counter.value)
        return owned.get(counter.value, 0) + starters
    if counter.kind == "card_type":
        return {"citizen": sum(owned.values()), "domain": len(s.domains), "monster": len(s.monsters)}[counter.value]
    if counter.kind == "area":
        return sum(1 for m in s.monsters if ix.monsters[m].area == counter.value)
    raise AssertionError(counter)


def expected_harvest(state: State) -> tuple[list[dict[str, int]], list[dict[str, int]]]:
    """Per seat: the plain gains of the announced dice, and how many choices/exchanges and
    Herald activations wait (by card)."""
    a, b = state.dice
    values = (a, b, a + b)  # each die and the sum are one source each (R1, H4, O5)
    gains: list[dict[str, int]] = []
    waiting: list[dict[str, int]] = []
    for seat in range(state.players):
        got = dict.fromkeys(RES, 0)
        wait: dict[str, int] = {}
        if state.players == 5 and seat == (state.active - 1) % 5:  # V1.6, V1.7: the resting player gains nothing
            gains.append(got)
            waiting.append(wait)
            continue
        activated = 0
        for card, copies, numbers, data in _owned_cards(state, seat):
            times = copies * sum(1 for v in values if v in numbers)
            if not times:
                continue
            activated += times
            side = data.on_turn if seat == state.active else data.off_turn
            for effect in side:
                if isinstance(effect, Gain):
                    k = _per(state, seat, effect.per) if effect.per is not None else 1
                    for r in RES:
                        got[r] += getattr(effect.amount, r) * k * times
                elif isinstance(effect, (Exchange, Choice)) and not (
                        seat == state.active and any(isinstance(e, Take) for br in getattr(effect, "options", ())
                                                     for e in br)):
                    wait[card] = wait.get(card, 0) + times
        herald = (activated == 0) + (a == b)  # HE1, HE3, HE4 (starters count as activated: O4)
        if herald:
            wait["herald"] = herald
        gains.append(got)
        waiting.append(wait)
    return gains, waiting


def _unpayable_exchange(state: State, seat: int, card: str) -> bool:
    """Whether ``card``'s harvest power for ``seat`` is an exchange the seat cannot pay (it has now)."""
    data = next(d for c, _, _, d in _owned_cards(state, seat) if c == card)
    side = data.on_turn if seat == state.active else data.off_turn
    have = state.seats[seat]
    return any(isinstance(e, Exchange) and any(getattr(e.pay, r) > getattr(have, r) for r in RES) for e in side)


def die_cost(state: State, domain: str) -> int:
    """Foxgrove Palisade 2 gold, The Desert Orchid 1 gold per Holy citizen, Palace of the Dawn nothing."""
    holy = _per(state, state.active, type("C", (), {"kind": "role", "value": "holy"})())
    return {"foxgrove-palisade": 2, "the-desert-orchid": holy}.get(domain, 0)


def expected_totals(state: State) -> list[int]:
    """SC1-SC3 read again: printed VP, board VP, and the duke (icons on citizens and domains;
    resources summed, then divided)."""
    ix = index()
    out = []
    for seat, s in enumerate(state.seats):
        total = sum(ix.monsters[m].vp for m in s.monsters) + sum(ix.domains[d].vp for d in s.domains) + s.vp
        duke = ix.dukes[s.duke]
        for term in duke.score:
            c = term.per
            if c.kind == "role_icon":
                n = _per(state, seat, type(c)("role", c.value)) + sum(ix.domains[d].roles.count(c.value)
                                                                      for d in s.domains)
            elif c.kind == "monster_type":
                n = sum(1 for m in s.monsters if c.value in ix.monsters[m].types)
            else:
                n = _per(state, seat, c)
            total += term.vp * n
        total += (s.gold + s.strength + s.magic) // duke.resources_per_vp
        out.append(total)
    return out


def expected_winners(state: State, totals: list[int]) -> tuple[int, ...]:
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    cards = {i: 3 + sum(state.seats[i].citizens) + len(state.seats[i].domains) for i in tied}
    fewest = min(cards.values())
    return tuple(i for i in tied if cards[i] == fewest)


@pytest.mark.rules("valeria.harvest.two-effects", "valeria.harvest.each-copy", "valeria.harvest.doubles",
                   "valeria.herald.no-citizen", "valeria.herald.twice", "valeria.citizens.role-and-type-icon",
                   "valeria.scoring.total", "valeria.dukes.resources", "valeria.scoring.tie",
                   "valeria.variants.five-players.resting-harvest")
@given(seed=st.integers(0, 2**32 - 1))
@settings(max_examples=6)
def test_the_second_reading_agrees_with_the_engine(seed: int) -> None:
    rng = random.Random(seed)
    state = VALERIA.initial_state(VALERIA.random_setup(rng))
    checked = 0
    while not VALERIA.is_terminal(state):
        action = random_action(VALERIA, state, rng)
        after = VALERIA.apply(state, action)
        if action.kind in (ActionKind.ROLL, ActionKind.DIE, ActionKind.ANNOUNCE) and after.phase == HARVEST and after.harvest:
            gains, waiting = expected_harvest(after)
            for seat in range(after.players):
                before_s, after_s = state.seats[seat], after.seats[seat]
                paid = {"gold": 0, "strength": 0, "magic": 0}
                if action.kind == ActionKind.DIE and seat == after.active:  # what the last die change cost
                    paid["gold"] = die_cost(state, action.card)
                delta = {r: getattr(after_s, r) - getattr(before_s, r) + paid[r] for r in RES}
                assert delta == gains[seat], (seed, seat, after.dice)
                left = {it.card: it.count for it in after.harvest[seat]}
                # what the engine declined by itself (decision 0033) is an exchange the seat cannot pay
                declined = {a.card for a in after.forced if a.seat == seat}
                assert all(left.get(card, 0) == n or card in declined for card, n in waiting[seat].items()), (
                    seed, seat, after.dice)
                assert set(left) <= set(waiting[seat]) and all(
                    _unpayable_exchange(after, seat, card) for card in declined), (seed, seat, after.dice)
            checked += 1
        state = after
    assert state.phase == OVER
    totals = expected_totals(state)
    result = VALERIA.result(state)
    assert [s["total"] for s in result.details["scores"]] == totals
    assert result.winners == expected_winners(state, totals)
    # The comparison ran (a harvest waiting for a choice). How many of them wait depends on the game:
    # "a quarter of the turns" failed for seed 4212 (8 of 36), a legal game, so it is no bound.
    assert checked > 0, (checked, state.turns)
