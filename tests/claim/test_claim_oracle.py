"""An independent reading of the trick rules, checked against the engine over random games.

The oracle below is written straight from the rulebook text (and the spec's
rulings), without the engine's predicates or tables: who wins a trick of 2–4
cards, who leads next (Dragons), where every played card goes (Undead,
Dwarves for 2 and for 3–4 players, Gnomes laid out, the Troll pool, Giants'
crush), who receives which face-up or drawn card (Seers, the draw order), and
the Claim 2 / three- / four-player scoring. Random legal games of Claim 2 and
of random custom decks at 2, 3 and 4 players must agree with it at every
trick, every choice and every result.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.claim import CLAIM2, CLAIM_COMBINED, Play, Take
from rules.claim.cards import Faction as F

pytestmark = pytest.mark.rules(
    "claim2.trick-winner", "claim2.trick-winner.tie", "claim.knights.multiplayer", "claim2.dragons",
    "claim.phase1.undead-to-score", "claim2.phase1.discard", "claim.dwarves", "claim.dwarves.multiplayer",
    "claim.dwarves.multiplayer.tie", "claim2.gnomes", "claim2.gnomes.end", "claim2.trolls", "claim2.trolls.waiting",
    "claim2.trolls.last-trick", "claim2.giants", "claim2.giants.multiplayer", "claim2.giants.multiplayer.not-own-team",
    "claim2.seers", "claim2.seers.exchange", "claim2.seers.multiplayer", "claim-combined.phase1.winner-chooses",
    "claim-combined.phase1.next-takes-other", "claim-combined.phase1.others-draw", "claim-combined.phase1.draw-order",
    "claim-combined.phase1.draw-order.tie", "claim.doppelgangers.multiplayer.no-power",
    "claim2.scoring.tie-highest", "claim2.scoring.win-tie", "claim-combined.scoring.three-players.tie-sum",
    "claim-combined.scoring.four-players")


def _rank(card, led):
    if led == F.GOBLIN and card.faction == F.KNIGHT:
        return 20 + card.value  # Knights beat led Goblins, the highest Knight first
    if card.faction in (led, F.DOPPELGANGER):
        return 10 + card.value
    return -1


def _check_trick(before, after, cards) -> None:
    n, lead = len(before.hands), before.leader
    ranks = [_rank(x, cards[0].faction) for x in cards]
    wp = ranks.index(max(ranks))  # ties: the earlier card
    w = (lead + wp) % n
    dragons = [p for p, x in enumerate(cards) if x.faction == F.DRAGON]
    assert after.last_trick.winner == w
    assert after.leader == (lead + (dragons[-1] if dragons else wp)) % n
    gained = [Counter() for _ in range(n)]
    laid = [Counter() for _ in range(n)]
    crushed = [Counter() for _ in range(n)]
    if before.phase == 1:
        for x in cards:
            if x.faction == F.UNDEAD:
                gained[w][x] += 1
        seer = cards[wp].faction == F.SEER
        if n == 2 and not seer:
            assert after.decision is None
        else:
            assert (after.decision.kind, after.decision.seat, after.decision.detail.deck_allowed) == ("take", w, seer)
            if n > 2:
                key = [(x.faction not in (cards[0].faction, F.DOPPELGANGER), -x.value, p) for p, x in enumerate(cards)]
                others = sorted((p for p in range(n) if p != wp), key=key.__getitem__)
                assert after.decision.detail.after == tuple((lead + p) % n for p in others)
    else:
        values = [x.value for x in cards]
        lowest = max(p for p, x in enumerate(values) if x == min(values))  # ties: the later card
        pool = list(before.trolls)
        for x in cards:
            if x.faction == F.DWARF:
                gained[1 - w if n == 2 else (lead + lowest) % n][x] += 1
            elif x.faction == F.GNOME:
                laid[w][x] += 1
            elif x.faction == F.TROLL:
                pool.append(x)
            else:
                gained[w][x] += 1
        last = not after.hands[0]
        top = max(pool, key=lambda t: t.value, default=None)
        taken = pool if last else [top] if top is not None else []
        gained[w].update(taken)
        assert Counter(after.trolls) == Counter(pool) - Counter(taken)
        giants = [x.value for x in cards if x.faction == F.GIANT]
        if n == 2:
            theirs = Counter(g.value for g in before.gnomes[1 - w])
            limits = {v: min(k, theirs[v]) for v, k in Counter(giants).items() if theirs[v]}
            assert (dict(after.decision.detail.limits) if after.decision else {}) == limits
        else:
            for s in range(n):
                if s % 2 == w % 2 if n == 4 else s == w:
                    continue
                row = list(before.gnomes[s])
                for v in giants:
                    hit = next((g for g in row if g.value == v), None)
                    if hit is not None:
                        row.remove(hit)
                        crushed[s][hit] += 1
        for s in range(n):
            kept = Counter(before.gnomes[s]) + laid[s] - crushed[s]
            if after.phase == 3:
                gained[s].update(kept)  # laid-out Gnomes go to the score pile at the end
            else:
                assert Counter(after.gnomes[s]) == kept
    for s in range(n):
        assert Counter(after.score[s]) - Counter(before.score[s]) == gained[s]


def _check_take(before, after, action) -> None:
    n = len(before.hands)
    piles = after.hands if after.phase == 2 else after.followers
    got = [list((Counter(piles[s]) - Counter(before.followers[s])).elements()) for s in range(n)]
    assert got[action.seat] == [before.deck[0] if action.card is None else action.card]
    if after.decision is not None:  # a multiplayer Seer took the deck card: the next in draw order chooses
        assert action.card is None and n > 2 and after.decision.seat == before.decision.detail.after[0]
        return
    face_up = [x for x in before.face_up]
    if action.card is not None:
        face_up.remove(action.card)
    deck = list(before.deck[1:] if action.card is None else before.deck)
    for s in before.decision.detail.after:  # the face-up card left first, then the deck, in draw order
        assert got[s] == [face_up.pop(0) if face_up else deck.pop(0)]


def _expected_result(state):
    n = len(state.hands)
    sides = [(0, 2), (1, 3)] if n == 4 else [(s,) for s in range(n)]
    pooled = [[x for s in side for x in state.score[s]] for side in sides]
    votes, held = {}, [set() for _ in sides]
    for f in state.variant.factions:
        keys = [(len(v), sorted(v, reverse=True)) for v in ([x.value for x in p if x.faction == f] for p in pooled)]
        best = [i for i, k in enumerate(keys) if k == max(keys)]
        holder = best[0] if len(best) == 1 and keys[best[0]][0] else None
        votes[f.key] = list(sides[holder]) if holder is not None else []
        if holder is not None:
            held[holder].add(f)
    criteria = [[len(h) for h in held], [sum(x.faction in held[i] for x in pooled[i]) for i in range(len(sides))]]
    if n > 2:
        criteria.append([sum(x.value for x in pooled[i] if x.faction in held[i]) for i in range(len(sides))])
    alive = list(range(len(sides)))
    for key in criteria:
        alive = [i for i in alive if key[i] == max(key[j] for j in alive)]
    return {"votes": votes, "winners": list(sides[alive[0]]) if len(alive) == 1 else []}


@pytest.mark.parametrize("game", [CLAIM2, CLAIM_COMBINED], ids=lambda g: g.info.key)
def test_random_games_agree_with_an_independent_reading_of_the_rules(game) -> None:
    for seed in range(40):
        rng = random.Random(seed)
        state = game.initial_state(game.random_setup(rng))
        while not game.is_terminal(state):
            action = rng.choice(game.legal_actions(state))
            after = game.apply(state, action)
            if type(action) is Play and len(state.table) + 1 == len(state.hands):
                _check_trick(state, after, state.table + (action.card,))
            elif type(action) is Take:
                _check_take(state, after, action)
            for s in range(len(state.hands)):  # only a Seer's deciding winner sees the top deck card
                peek = game.view(after, s).peek
                assert peek is None or (after.decision.seat == s and after.decision.detail.deck_allowed
                                        and peek == after.deck[0])
            state = after
        assert game.result(state).to_json() == _expected_result(state)
