"""Claim's panes of the in-page adjudicator: one disputed follow (decision records 0017, 0025).

Offered by the Claim family's game objects through :class:`~rules.kernel.panel.HasPanel`;
the page calls ``cards`` (the deck for the card picker) and ``follow`` (was this
follow legal, who takes the trick?) with the game object it was asked for, and
draws them with ``static/panel.js``. Nothing here restates a rule: the follow is
judged by the engine's own ``check`` and ``apply`` on a position built from the
cards the players enter, read by the engine's own position reader.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from rules.claim.cards import Card, Faction, parse_card, parse_cards
from rules.claim.tables import play
from rules.claim.variants import Variant
from rules.kernel.messages import languages
from rules.kernel.panel import Page, Panel, check_language, known_rules, malformed, rules_in
from rules.kernel.verdict import MalformedError


def _deck(game: Any, variant: Any) -> Variant:
    """The variant whose deck the panel shows: the game's own, or ``variant`` read by the
    engine's own setup reader (which refuses a variant where the game has none, and a deck
    the combinations' rules refuse); a game of several variants needs one."""
    if variant is None and game.fixed is None:
        game.setup_from_json({}, None)  # the engine's "needs 'variant'" refusal
    deck: Variant = game.random_setup(random.Random(0), variant).variant
    return deck


def factions(page: Page) -> dict[str, Any]:
    """Every faction the engine knows, with its name and whether it is the base game's
    (the deck picker's choices and first selection when the game declares no ``factions``
    parameter)."""
    return {"factions": [{"faction": f.key, "name": f.plural.to_json(), "base": not f.claim2} for f in Faction]}


def cards(page: Page, variant: Any = None) -> dict[str, Any]:
    """The cards of the game's deck for the card picker: ``faction:value``, how many, names;
    every faction with its name."""
    game = page.game
    deck = _deck(game, variant).deck
    counts = Counter(deck)
    sorted_cards: list[Card] = sorted(counts)
    return {"game": game.info.key, "languages": list(game.info.languages), **factions(page),
            "cards": [{"card": str(c), "faction": c.faction.key, "value": c.value, "count": counts[c],
                       "name": c.name.to_json()} for c in sorted_cards]}


def judge_follow(page: Page, lead: str, follow: str, hand: Sequence[str] = (), *, hand_known: bool = True,
                 phase: int = 2, revealed: str | None = None, variant: Any = None, lang: str = "en") -> dict[str, Any]:
    """Was following ``lead`` with ``follow`` legal, and who takes the trick?

    ``hand`` is the follower's hand before the play (``follow`` is added when
    missing). With ``hand_known`` false the hand is "unknown except" those
    cards: the engine judges the play twice, with the known cards alone and
    with a card of the led faction added, and the verdict is legal, illegal,
    or legal only if the follower held no card of the led faction
    (``status`` "depends"). Phase one needs the ``revealed`` card (the winner
    takes it). The seats are 0 (leader) and 1 (follower) of a two-player game.
    """
    try:
        lang = check_language(lang, languages())
        return _follow(page.game, lead, follow, hand, hand_known, phase, revealed, variant, lang)
    except MalformedError as exc:
        return malformed(str(exc))


def _follow(engine: Any, lead: str, follow: str, hand: Sequence[str], hand_known: bool, phase: int,
            revealed: str | None, variant: Any, lang: str) -> dict[str, Any]:
    v = _deck(engine, variant)
    if v.players != 2:
        raise MalformedError("the follow check is for two players; adjudicate a whole record for more")
    if phase not in (1, 2) or type(phase) is not int:
        raise MalformedError("phase must be 1 or 2")
    led = parse_card(lead, "led card")
    played = parse_card(follow, "follower's card")
    known = parse_cards(list(hand), "follower's hand")
    if played not in known:
        known = (played, *known)
    face_up = None
    if phase == 1:
        if revealed is None:
            raise MalformedError("phase one: give the revealed card (the trick's winner takes it)")
        face_up = parse_card(revealed, "revealed card")
    hypotheses = [known]
    if not hand_known and not any(c.faction is led.faction for c in known):
        spare = _spare(v, [led, *known, *([face_up] if face_up else [])], led.faction)
        if spare is not None:
            hypotheses.append((*known, spare))
    judged = []
    for held in hypotheses:
        state = engine.position_from_json(_follow_position(v, led, held, face_up, phase), variant)
        action = play(1, played)
        violation = engine.check(state, action)
        if violation is not None:
            judged.append({"legal": False, "rules": list(violation.rules), "message": violation.message.get(lang)})
            continue
        after = engine.apply(state, action)
        trick = after.last_trick
        lines = [line.get(lang) for line in engine.explain_step(state, action, after)]
        lines += [step.narration.get(lang) for step in engine.forced_steps(state, action, after)]
        # the loser's draw is of a deck card the panel did not ask for (a stand-in of _follow_position)
        lines = [line for line in lines if "loser-draws" not in line]
        judged.append({"legal": True, "winner": trick.winner if trick else None,
                       "takes": "leader" if trick and trick.winner == 0 else "follower",
                       "explanation": lines, "rules": rules_in(lines)})
    first = judged[0]
    if len(judged) == 2 and judged[0]["legal"] != judged[1]["legal"]:
        status = "depends"
    else:
        status = "legal" if first["legal"] else "illegal"
    return {"status": status, "game": engine.info.key, "lead": str(led), "follow": str(played),
            "hand": [str(c) for c in known], "hand_known": hand_known, "phase": phase,
            "cases": judged, "rules": known_rules([r for j in judged for r in j["rules"]])}


def _spare(v: Variant, used: Sequence[Card], faction: Faction) -> Card | None:
    """A card of ``faction`` left in the deck after ``used``, or None."""
    left = Counter(v.deck) - Counter(used)
    return next((c for c in sorted(left) if c.faction is faction), None)


def _follow_position(v: Variant, led: Card, held: Sequence[Card], face_up: Card | None, phase: int) -> dict[str, Any]:
    """A two-player position where seat 0 has led ``led`` and seat 1, holding
    ``held``, is to follow; every other card of the deck is put where the
    phase has room for it (the leader's hand, the deck, followers, discard).
    Impossible card sets are refused by the engine's own position reader."""
    k = len(held)
    left = list((Counter(v.deck) - Counter([led, *held, *([face_up] if face_up else [])])).elements())
    wanted = Counter([led, *held, *([face_up] if face_up else [])]) - Counter(v.deck)
    if wanted:
        extra = ", ".join(str(c) for c in sorted(wanted.elements()))
        raise MalformedError(f"not in the deck of {v.key} (or entered too often): {extra}")
    if k > v.hand_size:
        raise MalformedError(f"a hand holds at most {v.hand_size} cards")
    left.sort()

    def take(n: int) -> list[str]:
        if n > len(left):
            raise MalformedError("too few cards left in the deck for this position")
        out = [str(c) for c in left[:n]]
        del left[:n]
        return out

    position: dict[str, Any] = {"phase": phase, "leader": 0, "table": [str(led)],
                                "hands": [take(k - 1), [str(c) for c in held]]}
    if phase == 1:
        position["face_up"] = [str(face_up)]
        position["deck"] = take(2 * k - 1)
        position["followers"] = [take(v.hand_size - k), take(v.hand_size - k)]
    position["discard"] = [str(c) for c in left]
    return position


#: The Claim family's panel: one disputed follow (``static/panel.js``).
PANEL = Panel(__package__ or "rules.claim", {"factions": factions, "cards": cards, "follow": judge_follow})
