"""One engine for Claim, Claim 2 and every combination (2–4 players).

States are immutable; :meth:`ClaimEngine.apply` returns a new state and never
touches its argument. The game objects :data:`CLAIM`, :data:`CLAIM2` and
:data:`CLAIM_COMBINED` are the same engine with each game's data (a
:class:`~rules.claim.variants.Ruleset`: record key, languages, rule IDs,
scoring); the :class:`~rules.claim.variants.Variant` (ruleset, players,
factions) travels in the setup and the state. The flow of play is
:mod:`rules.claim.engine`, the records :mod:`rules.claim.records`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.claim import engine, explain, positions, records
from rules.claim.kinds import ActionKind
from rules.claim.panel import PANEL
from rules.claim.pictures import draw
from rules.claim.secrets import rehide
from rules.claim.state import (
    OVER,
    PHASE_ONE,
    Action,
    Setup,
    State,
    View,
    choice,
    make_state,
)
from rules.claim.study import ClaimStudy
from rules.claim.variants import (
    CLAIM2_VARIANT,
    CLAIM_VARIANT,
    COMBINED_PARAMETERS,
    COMBINED_TWO_RULES,
    Ruleset,
    Variant,
    random_variant,
    variant_from_json,
)
from rules.kernel.decisions import Decisions, ForcedStep
from rules.kernel.game import TERMINAL, ChanceMode, GameBase, GameInfo, Information, Result, Turn
from rules.kernel.parameters import Parameters
from rules.kernel.pictures import Picture
from rules.kernel.registry import implements
from rules.kernel.schema import load_fragment
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError, UnknownGameError

_TURNS = tuple(Turn.of(seat) for seat in range(4))


class ClaimEngine(GameBase[State, Action], ClaimStudy):  # scores, action space, bounds (decision 0026)
    """A game of the Claim family: the shared engine with one game's data.

    ``fixed`` is the game's one variant (Claim, Claim 2), or ``None`` when
    every record names its own (the combinations, with ``rules`` the
    ruleset that names the game); ``players`` the player counts allowed.
    """

    panel = PANEL  # the in-page adjudicator's follow pane (rules.claim.panel, decision 0025)

    def __init__(self, fixed: Variant | None, rules: Ruleset | None = None,
                 players: tuple[int, ...] = (2,)) -> None:
        ruleset = fixed.rules if fixed is not None else rules
        if ruleset is None:
            raise ValueError("ClaimEngine needs a fixed variant or the ruleset of its variants")
        self.fixed = fixed
        self.rules = ruleset
        self.info = GameInfo(
            key=ruleset.key, name=ruleset.name, players=players,
            chance=ChanceMode.SETUP, information=Information.IMPERFECT,
            languages=ruleset.languages, rule_prefixes=ruleset.rule_prefixes,
            parameters=COMBINED_PARAMETERS if fixed is None else Parameters(),
        )

    @property
    def key(self) -> str:
        """The record's ``"game"``."""
        return self.info.key

    def __repr__(self) -> str:
        return f"ClaimEngine({self.key!r})"

    def draw_figure(self, figure: Mapping[str, Any], languages: Sequence[str]) -> Picture:
        """A worked example drawn and replayed: :class:`rules.kernel.pictures.Pictures` (decision
        record 0015); a figure is replayed with the game of the family it fits in (:func:`claim_game`)."""
        return draw(figure, languages, claim_game)

    # ------------------------------------------------------------------ records

    def _variant(self, variant: Any) -> Variant:
        if self.fixed is not None:
            if variant is not None:
                raise MalformedError(f"{self.info.name.get('en')} has no variants; remove 'variant'")
            return self.fixed
        if variant is None:
            raise MalformedError(f"a {self.key} record needs 'variant': {{\"players\": 2|3|4, \"factions\": [...]}} "
                                 "(claim-combined.two-players, claim-combined.multiplayer)")
        if isinstance(variant, Variant):
            return variant
        return variant_from_json(variant)

    @implements("claim.setup.deck", "claim.setup.deal", "claim.leader.first", "claim2.setup.deck",
                "claim2.setup.deal", "claim2.leader.first", "claim-combined.deck.shuffle",
                "claim-combined.two-players.deal", "claim-combined.multiplayer.shuffle",
                "claim-combined.multiplayer.deal", "claim-combined.leader.first")
    def random_setup(self, rng: random.Random, variant: Any = None) -> Setup:
        """Shuffle the variant's cards with ``rng``, deal the hands, the rest is the deck.

        ``claim-combined`` without a variant draws a legal one from ``rng`` first.
        """
        if self.fixed is None and variant is None:
            v = random_variant(rng)
        else:
            v = self._variant(variant)
        cards = list(v.deck)
        rng.shuffle(cards)
        h = v.hand_size
        hands = tuple(tuple(cards[i * h:(i + 1) * h]) for i in range(v.players))
        return Setup(hands, tuple(cards[v.players * h:]), rng.randrange(v.players), v)

    def setup_from_json(self, data: Any, variant: Any = None) -> Setup:
        return records.setup_from_json(data, self._variant(variant))

    def setup_to_json(self, setup: Setup) -> dict[str, Any]:
        return records.setup_to_json(setup)

    def variant_of(self, setup: Setup) -> dict[str, Any] | None:
        """The record's ``variant`` (None for Claim and Claim 2)."""
        return setup.variant.to_json()

    def position_from_json(self, data: Any, variant: Any = None) -> State:
        return positions.position_from_json(data, self._variant(variant))

    def position_to_json(self, state: State) -> dict[str, Any]:
        return positions.position_to_json(state)

    def action_from_json(self, data: Any) -> Action:
        return records.action_from_json(data, self.rules, max(self.info.players))

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return records.action_to_json(action)

    def record_schema(self) -> dict[str, Any]:
        """This game's part of the record JSON Schema (rules/claim/record.schema.json, decision 0013)."""
        return load_fragment("rules.claim", self.key)

    # ------------------------------------------------------------------ play

    @implements("claim.phase1.reveal", "claim.setup.hands-secret", "claim2.phase1.reveal",
                "claim-combined.phase1.reveal-two")
    def initial_state(self, setup: Setup) -> State:
        """Phase one begins: the top card (two with 3–4 players) of the deck is revealed."""
        k = setup.variant.face_up_per_trick
        empties = tuple(() for _ in setup.hands)
        return make_state(PHASE_ONE, setup.hands, setup.deck[k:], setup.deck[:k], setup.leader, (), empties, empties,
                     empties, (), 0, None, empties, (), (), setup.variant)

    # The flow of play is rules.claim.engine's, exposed as it is (no call in between on the hot path);
    # GameBase guards legal_actions, check and successor against what is not the game's.
    legal_actions = staticmethod(engine.legal_actions)
    check = staticmethod(engine.check)
    try_successor = staticmethod(engine.try_successor)
    successor = staticmethod(engine.successor)

    def turn(self, state: State) -> Turn:
        """Who decides: the seat of the pending decision, else the seat to play (cached ``Turn`` objects)."""
        if state.phase is OVER:  # State.to_move, inline: every simulated step asks
            return TERMINAL
        decisions = state.decisions
        if decisions:
            return _TURNS[decisions[0].seat]
        return _TURNS[(state.leader + len(state.table)) % len(state.hands)]

    def is_terminal(self, state: State) -> bool:
        return state.phase is OVER

    def pending(self, state: State) -> Decisions:
        """The decisions ``state`` waits for (at most one in the Claim family): a
        ``take`` (``claim2.seers``, ``claim-combined.phase1.winner-chooses``) or
        a ``crush`` (``claim2.giants``), each with the rule that opened it."""
        return state.decisions

    def result(self, state: State) -> Result | None:
        """The variant's scoring of the score piles; ``rules`` names the scoring rule that decided
        the game, or whose ruling leaves it without a winner (``ScoreSheet.rules``)."""
        if state.phase is not OVER:
            return None
        v = state.variant
        scoring = v.rules.score(state.score, v)
        return Result(scoring.winners, {"votes": scoring.votes_json()}, scoring.explain(), rules=scoring.rules)

    @implements("claim.piles.face", "claim.setup.hands-secret", "claim.phase1.loser-draws", "claim2.piles.face",
                "claim2.seers")
    def view(self, state: State, seat: int) -> View:
        """What ``seat`` sees: own hand and followers, public piles, sizes of the rest,
        and the top deck card while this seat is a Seer's winner deciding."""
        pending = state.decision
        peek = (state.deck[0] if pending is not None and pending.seat == seat and choice(pending).deck_allowed
                else None)
        playing = 0 <= seat < len(state.hands)  # any other seat is a spectator: public cards only
        return View(
            seat=seat, phase=state.phase, to_move=state.to_move, leader=state.leader,
            hand=state.hands[seat] if playing else (), followers=state.followers[seat] if playing else (),
            face_up=state.face_up,
            table=state.table, score=state.score, discard=state.discard, deck_size=len(state.deck),
            hand_sizes=tuple(len(h) for h in state.hands),
            follower_counts=tuple(len(f) for f in state.followers),
            known_followers=state.known_followers, gnomes=state.gnomes, trolls=state.trolls,
            pending=ActionKind(pending.kind) if pending is not None else None, peek=peek,
        )

    def rehide(self, state: State, seat: int, rng: random.Random) -> State:
        """``state`` with what ``seat`` may not see dealt anew (the conformance suite's view-leak test)."""
        return rehide(state, seat, rng)

    def explain_step(self, before: State, action: Action, after: State) -> tuple[Text, ...]:
        return explain.explain_step(before, action, after)

    def forced_steps(self, before: State, action: Action, after: State) -> tuple[ForcedStep, ...]:
        """What the engine did by itself after ``action``: cards handed out
        without a choice, Gnomes crushed without one, Trolls collected, the
        next face-up cards, the end of phase one and of the game, each with
        the rule that forces it (decision record 0011)."""
        return explain.forced_steps(before, action, after)



CLAIM = ClaimEngine(CLAIM_VARIANT)
"""Claim (Czech *Trůn*): two players, Claim's five factions and scoring."""
CLAIM2 = ClaimEngine(CLAIM2_VARIANT)
"""Claim 2: two players, Claim 2's five factions and scoring."""
CLAIM_COMBINED = ClaimEngine(None, COMBINED_TWO_RULES, players=(2, 3, 4))
"""Claim and Claim 2 combined: custom two-player decks, three and four players."""

_ENGINES = {e.key: e for e in (CLAIM, CLAIM2, CLAIM_COMBINED)}


def claim_game(key: str) -> ClaimEngine:
    """The game object of record key ``key`` (``claim``, ``claim2``, ``claim-combined``);
    any other raises :class:`~rules.kernel.verdict.UnknownGameError`."""
    found = _ENGINES.get(key)
    if found is None:
        raise UnknownGameError(f"no game of the Claim family is called {key!r}; expected one of {', '.join(_ENGINES)}")
    return found
