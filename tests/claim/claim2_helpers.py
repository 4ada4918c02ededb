"""Positions of Claim 2 and the combinations, built by hand for the tests
(imported by name: pytest puts this folder on sys.path)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rules.claim import CLAIM2, CLAIM_COMBINED, Card, State
from rules.claim.cards import Faction
from rules.claim.variants import CLAIM2_VARIANT, Variant, combined

F = Faction
#: Three players: Knights + Goblins and five others.
THREE = combined(3, (F.KNIGHT, F.GOBLIN, F.UNDEAD, F.DWARF, F.DOPPELGANGER, F.DRAGON, F.SEER))
#: Four players: Gnomes + Giants and five others.
FOUR = combined(4, (F.GNOME, F.GIANT, F.DWARF, F.DRAGON, F.TROLL, F.SEER, F.DOPPELGANGER))
#: Two players, a custom deck mixing both games.
MIXED2 = combined(2, (F.KNIGHT, F.GOBLIN, F.DOPPELGANGER, F.SEER, F.DWARF))


def cards(*texts: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in texts)


def c(text: str) -> Card:
    return Card.parse(text)


def game_of(v: Variant) -> Any:
    return CLAIM2 if v is CLAIM2_VARIANT else CLAIM_COMBINED


def run(state: State, *actions: Any) -> State:
    """Apply ``actions`` in turn, each of which must be legal."""
    game = game_of(state.variant)
    for a in actions:
        assert game.check(state, a) is None, (a, game.check(state, a))
        state = game.apply(state, a)
    return state


def position(v: Variant, *, phase: int, hands: Sequence[Sequence[str]], leader: int = 0,
             table: Sequence[str] = (), face_up: Sequence[str] = (), deck_top: Sequence[str] = (),
             gnomes: Sequence[Sequence[str]] | None = None, trolls: Sequence[str] = (),
             score: Sequence[Sequence[str]] | None = None) -> State:
    """A consistent position through ``position_from_json``: the named cards
    where they are named, the rest of the deck out of the game (phase two) or
    in the deck below ``deck_top`` and in the followers (phase one)."""
    n = v.players
    pool = Counter(v.deck)

    def take(texts: Sequence[str]) -> list[str]:
        for t in texts:
            c = Card.parse(t)
            assert pool[c] > 0, f"{t} is not (or no longer) in the deck"
            pool[c] -= 1
        return list(texts)

    data: dict[str, Any] = {"phase": phase, "leader": leader,
                            "hands": [take(h) for h in hands], "table": take(table)}
    data["gnomes"] = [take(g) for g in (gnomes or [[] for _ in range(n)])]
    data["trolls"] = take(trolls)
    data["score"] = [take(s) for s in (score or [[] for _ in range(n)])]
    face = take(face_up)
    top = take(deck_top)
    rest = [str(c) for c in sorted(pool.elements())]
    if phase == 1:
        remaining = len(hands[leader]) + (1 if table else 0)
        need = remaining * n - len(face)
        deck = top + rest[:need - len(top)]
        rest = rest[need - len(top):]
        done = v.hand_size - remaining
        followers = [rest[i * done:(i + 1) * done] for i in range(n)]
        rest = rest[n * done:]
        data.update(deck=deck, face_up=face, followers=followers)
        del data["gnomes"], data["trolls"]
    data["discard"] = rest
    return game_of(v).position_from_json(data, v.to_json())
