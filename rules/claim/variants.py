"""Which game is being played: its rules, players and the deck's factions.

One engine serves Claim, Claim 2 and every combination of the two
(``claim-combined.*``); a :class:`Variant` is all it needs to know. What
differs between the books is data, not code: a :class:`Ruleset` holds each
game's record key, name, languages, rule-ID prefixes, the rule ID of each
role ("lead", "follow-suit", "deal", …), how the face-up and drawn cards
are cited, the scoring and the actions its records hold.

A combined game's record names its variant, ``{"players": 2|3|4, "factions":
[...]}``, declared once in :data:`COMBINED_PARAMETERS` (the game's
``GameInfo.parameters``, decision record 0023) and read through
:meth:`~rules.kernel.parameters.Parameters.parse`; the deck rules a declaration
cannot say (one whole pair, so many other factions) are
:func:`variant_violation`, which names the rule a bad selection breaks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import Any, Protocol

import attrs

import rules.claim.kinds
from rules.claim.cards import CLAIM2_FACTIONS, CLAIM_FACTIONS, Card, Faction, deck_of
from rules.claim.kinds import ActionKind, Received
from rules.claim.scoring import score_claim, score_claim2
from rules.kernel.parameters import Kind, Parameter, Parameters
from rules.kernel.registry import implements
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError, Violation

#: The two pairs of the combinations: one of them, whole, is in every custom deck.
PAIRS = ((Faction.KNIGHT, Faction.GOBLIN), (Faction.GNOME, Faction.GIANT))
PAIRED = frozenset(f for pair in PAIRS for f in pair)
#: The six factions outside the pairs.
OTHERS = tuple(f for f in Faction if f not in PAIRED)
#: Cards in each hand, by player count (``claim.setup.deal``, ``claim-combined.multiplayer.deal``).
HAND_SIZES = {2: 13, 3: 12, 4: 9}


class ScoreSheet(Protocol):
    """A scored game: the winning seats, the votes (as JSON too), their explanation and the
    rule that decided the game (``Result.rules``)."""

    @property
    def winners(self) -> tuple[int, ...]: ...

    @property
    def votes(self) -> tuple[tuple[Faction, tuple[int, ...]], ...]:
        """Per faction, the seats holding its vote (both partners of a four-player team)."""

    @property
    def rules(self) -> tuple[str, ...]: ...

    def votes_json(self) -> dict[str, list[int]]: ...

    def explain(self) -> tuple[Text, ...]: ...


#: The roles a ruleset names a rule for (see :attr:`Ruleset.roles`).
ROLES = ("lead", "follow", "phase2.lead", "phase2.follow", "follow-suit", "leader.first",
         "leader.previous-winner", "phase2.end", "deck", "deal", "phase1.reveal", "phase1.discard",
         "phase2.take-followers", "phase2.winner-takes-both")


def _roles(instance: Any, attribute: Any, value: Mapping[str, str]) -> None:
    missing = [r for r in ROLES if r not in value]
    if missing:
        raise ValueError(f"Ruleset.roles lacks the role(s) {', '.join(missing)}")


@attrs.frozen(eq=False)
class Ruleset:
    """The data one book (or one of its variants) gives the shared engine.

    Rulesets are compared by identity: there is one object per game and,
    for the combinations, per player-count family (two players; three or
    four), named by ``id``; copies and pickles are that same object.
    """

    id: str  #: unique among rulesets: "claim", "claim2", "claim-combined/2", "claim-combined/3-4"
    key: str  #: the record's "game"
    name: Text
    languages: tuple[str, ...]  #: the book's language first, then "en"
    #: the rule-ID prefixes this game's rules (and its verdicts and explanations) use
    rule_prefixes: tuple[str, ...]
    #: role -> the rule ID this game cites for it (every role of :data:`ROLES`)
    roles: Mapping[str, str] = attrs.field(validator=_roles)
    #: how a seat received a phase-one card -> the rules that say so
    received: Mapping[Received, tuple[str, ...]]
    #: the end-of-game scoring (``claim.scoring.*`` or ``claim2.scoring.*``)
    score: Callable[[Sequence[Sequence[Card]], Variant], ScoreSheet]
    #: the action kinds a record of this game may hold
    actions: frozenset[rules.claim.kinds.ActionKind]  # qualified: Leaders has an ActionKind too
    #: does a record say which variant (players, factions) it plays?
    has_variants: bool
    #: how a malformed deal names the deck ("of Claim", "of the deck")
    deck_name: str = "of the deck"
    #: the book's own IDs of the two-player trick-winner rules, when the deck
    #: holds none of the Claim factions whose powers Claim's rules mention
    winner_rules: Mapping[str, str] = attrs.field(factory=dict)

    def __attrs_post_init__(self) -> None:
        if _RULESETS.setdefault(self.id, self) is not self:
            raise ValueError(f"a ruleset {self.id!r} exists already")

    def __repr__(self) -> str:
        return f"Ruleset({self.id!r})"

    def __copy__(self) -> Ruleset:
        return self

    def __deepcopy__(self, memo: object) -> Ruleset:
        return self

    def __reduce__(self) -> tuple[Callable[[str], Ruleset], tuple[str]]:
        return (ruleset, (self.id,))


_RULESETS: dict[str, Ruleset] = {}


def ruleset(ident: str) -> Ruleset:
    """The ruleset named ``ident`` (``ValueError`` if there is none)."""
    found = _RULESETS.get(ident)
    if found is None:
        raise ValueError(f"no ruleset {ident!r}; expected one of {', '.join(_RULESETS)}")
    return found


@attrs.frozen(cache_hash=True)
class Variant:
    """A game of the Claim family: its rules, player count and factions (sorted)."""

    rules: Ruleset
    players: int
    factions: tuple[Faction, ...]

    @property
    def key(self) -> str:
        """The record's ``"game"``."""
        return self.rules.key

    @property
    def languages(self) -> tuple[str, ...]:
        """Claim's rulebook is Czech, Claim 2's (and the combinations') Hungarian."""
        return self.rules.languages

    @property
    def hand_size(self) -> int:
        return HAND_SIZES[self.players]

    @property
    def face_up_per_trick(self) -> int:
        """One card is revealed per trick with two players, two with three or four
        (``claim-combined.phase1.reveal-two``)."""
        return 1 if self.players == 2 else 2

    @property
    def deck(self) -> tuple[Card, ...]:
        return deck_of(self.factions)

    @property
    def teams(self) -> bool:
        return self.players == 4

    def role(self, name: str) -> str:
        """The rule ID this game cites for ``name`` (one of :data:`ROLES`; ``ValueError`` for any other)."""
        found = self.rules.roles.get(name)
        if found is None:
            raise ValueError(f"no rule role {name!r}; the roles are {', '.join(ROLES)}")
        return found

    def to_json(self) -> dict[str, Any] | None:
        """The record's ``variant`` (None for Claim and Claim 2, which have none)."""
        if not self.rules.has_variants:
            return None
        return {"players": self.players, "factions": [f.key for f in self.factions]}


def _book(prefix: str, **overrides: str) -> dict[str, str]:
    """Every role as ``<prefix>.<role>``, with ``overrides``."""
    roles = {r: f"{prefix}.{r}" for r in ROLES}
    roles.update(deck=f"{prefix}.components.deck", deal=f"{prefix}.setup.deal")
    roles.update(overrides)
    return roles


_CLAIM2_RECEIVED = {
    Received.REVEALED: ("claim2.phase1.winner-takes-revealed",),
    Received.DRAWN: ("claim2.phase1.loser-draws",),
    Received.CHOSEN: ("claim2.phase1.winner-takes-revealed", "claim2.seers"),
    Received.DECK: ("claim2.seers",),
    Received.EXCHANGE: ("claim2.seers.exchange",),
}
#: Claim 2 states the trick-winner rules in its own words (no Knights, no Doppelgangers).
_CLAIM2_WINNER_RULES = {
    "claim.trick-winner": "claim2.trick-winner",
    "claim.trick-winner.tie": "claim2.trick-winner.tie",
    "claim.trick-winner.off-faction": "claim2.trick-winner, claim2.follow-suit",
}
_COMBINED_NAME = Text.of(hu="A Claim és a Claim 2 kombinálása", en="Claim and Claim 2 combined")
_EVERY_ACTION = frozenset(ActionKind)

CLAIM_RULES = Ruleset(
    id="claim", key="claim", name=Text.of(cs="Trůn", en="Claim"), languages=("cs", "en"), rule_prefixes=("claim",),
    roles=_book("claim"),
    received={Received.REVEALED: ("claim.phase1.winner-takes-revealed",),
              Received.DRAWN: ("claim.phase1.loser-draws",)},
    score=score_claim, actions=frozenset({ActionKind.PLAY}), has_variants=False, deck_name="of Claim")
"""Claim (Czech *Trůn*)."""
CLAIM2_RULES = Ruleset(
    id="claim2", key="claim2", name=Text.of(hu="Claim 2", en="Claim 2"), languages=("hu", "en"),
    rule_prefixes=("claim2",),
    roles=_book("claim2"), received=_CLAIM2_RECEIVED, score=score_claim2, actions=_EVERY_ACTION,
    has_variants=False, winner_rules=_CLAIM2_WINNER_RULES)
"""Claim 2."""
#: The combinations cite Claim 2's rules, the combination rules and Claim's factions' rules.
_COMBINED_PREFIXES = ("claim-combined", "claim2", "claim")
COMBINED_TWO_RULES = Ruleset(
    id="claim-combined/2", key="claim-combined", name=_COMBINED_NAME, languages=("hu", "en"),
    rule_prefixes=_COMBINED_PREFIXES,
    roles=_book("claim2", **{"follow-suit": "claim-combined.follow-suit",
                             "leader.first": "claim-combined.leader.first",
                             "deck": "claim-combined.deck.pair", "deal": "claim-combined.two-players.deal"}),
    received=_CLAIM2_RECEIVED, score=score_claim2, actions=_EVERY_ACTION, has_variants=True,
    winner_rules=_CLAIM2_WINNER_RULES)
"""The combinations with two players: a custom deck, Claim 2's rules otherwise."""
COMBINED_MULTI_RULES = Ruleset(
    id="claim-combined/3-4", key="claim-combined", name=_COMBINED_NAME, languages=("hu", "en"),
    rule_prefixes=_COMBINED_PREFIXES,
    roles=_book("claim2", **{"follow-suit": "claim-combined.follow-suit",
                             "leader.first": "claim-combined.leader.first",
                             "deck": "claim-combined.multiplayer.factions",
                             "deal": "claim-combined.multiplayer.deal",
                             "phase1.reveal": "claim-combined.phase1.reveal-two",
                             "phase2.take-followers": "claim-combined.phase2.take-followers",
                             "phase2.winner-takes-both": "claim-combined.phase2.winner-takes-all"}),
    received={Received.CHOSEN: ("claim-combined.phase1.winner-chooses",),
              Received.DECK: ("claim2.seers", "claim2.seers.multiplayer"),
              Received.OTHER: ("claim-combined.phase1.next-takes-other",),
              Received.DRAWN: ("claim-combined.phase1.others-draw", "claim-combined.phase1.draw-order")},
    score=score_claim2, actions=_EVERY_ACTION, has_variants=True)
"""The three- and four-player variant of the combinations."""

CLAIM_VARIANT = Variant(CLAIM_RULES, 2, CLAIM_FACTIONS)
CLAIM2_VARIANT = Variant(CLAIM2_RULES, 2, CLAIM2_FACTIONS)


def _text(hu: str, en: str) -> Text:
    return Text.of(hu=hu, en=en)


@implements("claim-combined.two-players", "claim-combined.deck.pair", "claim-combined.deck.two-player-factions",
            "claim-combined.multiplayer", "claim-combined.multiplayer.pair", "claim-combined.multiplayer.factions")
def variant_violation(players: Any, factions: Iterable[Any]) -> Violation | None:
    """Why ``players`` and ``factions`` are not a legal combined game, or None.

    Exactly one whole pair (Knights + Goblins or Gnomes + Giants) and three
    other factions for two players (``claim-combined.deck.pair``,
    ``claim-combined.deck.two-player-factions``), five for three or four
    (``claim-combined.multiplayer.pair``, ``claim-combined.multiplayer.factions``).
    """
    if type(players) is not int or players not in HAND_SIZES:
        return Violation(("claim-combined.two-players", "claim-combined.multiplayer"), _text(
            f"{players!r} játékos: a kombinált játék 2, 3 vagy 4 játékosra való.",
            f"{players!r} players: the combined game is for 2, 3 or 4 players."))
    two = players == 2
    pair_rule = "claim-combined.deck.pair" if two else "claim-combined.multiplayer.pair"
    count_rule = "claim-combined.deck.two-player-factions" if two else "claim-combined.multiplayer.factions"
    chosen = list(factions)
    if len(set(chosen)) != len(chosen):
        return Violation((count_rule,), _text("Egy frakciót csak egyszer lehet választani.",
                                              "A faction can be chosen only once."))
    whole = [pair for pair in PAIRS if all(f in chosen for f in pair)]
    halves = [pair for pair in PAIRS if any(f in chosen for f in pair) and pair not in whole]
    if len(whole) != 1 or halves:
        return Violation((pair_rule,), _text(
            "A paklinak pontosan egy párt kell tartalmaznia, teljes egészében: vagy a lovagokat és a "
            "goblinokat, vagy a gnómokat és az óriásokat.",
            "The deck must hold exactly one whole pair: Knights and Goblins, or Gnomes and Giants."))
    others = [f for f in chosen if f not in PAIRED]
    wanted = 3 if two else 5
    if len(others) != wanted:
        return Violation((count_rule,), _text(
            f"{players} játékosnál a pár mellé {wanted} másik frakció kell, nem {len(others)}.",
            f"With {players} players the pair takes {wanted} other factions, not {len(others)}."))
    return None


@cache
def combined(players: int, factions: tuple[Faction, ...]) -> Variant:
    """The combined variant of ``players`` and ``factions`` (any order; kept sorted).

    A selection the combination rules do not allow raises ``ValueError``
    naming the rule (:func:`variant_violation`)."""
    if type(factions) is not tuple or not all(type(f) is Faction for f in factions):
        raise ValueError(f"combined: factions must be a tuple of Faction members, not {factions!r}")
    violation = variant_violation(players, factions)
    if violation is not None:
        raise ValueError(f"combined({players!r}, …): {violation.message.get('en')} ({', '.join(violation.rules)})")
    rules = COMBINED_TWO_RULES if players == 2 else COMBINED_MULTI_RULES
    return Variant(rules, players, tuple(sorted(factions)))


#: The combined game's variant, declared once (decision record 0023): the reader, the CLI's
#: ``--variant`` help and the rulebook read it; :func:`variant_violation` adds the deck rules.
COMBINED_PARAMETERS = Parameters((
    Parameter("players", Kind.INTEGER,
              _text("A játékosok száma: kettő, három vagy négy.", "The number of players: two, three or four."),
              ("claim-combined.two-players", "claim-combined.multiplayer"), values=tuple(HAND_SIZES)),
    Parameter("factions", Kind.SUBSET,
              _text("A pakli frakciói: egy teljes pár (lovagok és goblinok, vagy gnómok és óriások), mellé két "
                    "játékosnál három, három vagy négy játékosnál öt másik frakció.",
                    "The deck's factions: one whole pair (Knights and Goblins, or Gnomes and Giants) and three "
                    "other factions with two players, five with three or four."),
              ("claim-combined.deck.pair", "claim-combined.deck.two-player-factions",
               "claim-combined.multiplayer.factions"), values=tuple(f.key for f in Faction)),
))
_BY_KEY = {f.key: f for f in Faction}


def variant_from_json(data: Any) -> Variant:
    """Parse a record's ``variant`` through :data:`COMBINED_PARAMETERS` (both keys are
    required), then the deck rules (:func:`variant_violation`); a bad selection raises
    :class:`MalformedError` citing its rule."""
    values = COMBINED_PARAMETERS.parse(data)
    missing = [name for name, value in values.items() if value is None]
    if missing:
        raise MalformedError(f"{' and '.join(map(repr, missing))} {'is' if len(missing) == 1 else 'are'} required; "
                             f"the variant is {COMBINED_PARAMETERS.describe()} "
                             "(claim-combined.two-players, claim-combined.multiplayer)", where="variant")
    factions = tuple(_BY_KEY[name] for name in values["factions"])
    violation = variant_violation(values["players"], factions)
    if violation is not None:
        raise MalformedError(f"{violation.message.get('en')} ({', '.join(violation.rules)})", where="variant")
    return combined(values["players"], factions)


def random_variant(rng: Any) -> Variant:
    """A random legal combined variant drawn with ``rng``."""
    players = rng.choice((2, 3, 4))
    pair = rng.choice(PAIRS)
    others = rng.sample(OTHERS, 3 if players == 2 else 5)
    return combined(players, tuple(pair) + tuple(others))


__all__ = ["CLAIM2_FACTIONS", "CLAIM2_RULES", "CLAIM2_VARIANT", "CLAIM_RULES", "CLAIM_VARIANT", "COMBINED_MULTI_RULES",
           "COMBINED_PARAMETERS", "COMBINED_TWO_RULES", "OTHERS", "PAIRS", "ROLES", "Ruleset", "ScoreSheet", "Variant",
           "combined", "random_variant", "variant_from_json", "variant_violation"]
