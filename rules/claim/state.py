"""Immutable models of a game of the Claim family: setup, actions, state, views.

One model serves Claim, Claim 2 and the combinations (2–4 players): every
per-player zone is a tuple with one entry per seat, and the :class:`Variant`
travels with the setup and the state.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import Any, ClassVar, cast

import attrs

import rules.claim.kinds
from rules.claim.cards import Card
from rules.claim.kinds import ActionKind, Phase, Received, Zone
from rules.claim.variants import CLAIM_VARIANT, Variant
from rules.kernel.construct import copier, maker
from rules.kernel.decisions import Decision, Decisions
from rules.kernel.when_read import MadeWhenRead

Hand = tuple[Card, ...]
Pair = tuple[Hand, ...]

PHASE_ONE, PHASE_TWO, OVER = Phase.ONE, Phase.TWO, Phase.OVER


def _need_seat(owner: str, value: Any) -> None:
    if type(value) is not int or value < 0:
        raise ValueError(f"{owner} must be a seat number (an int >= 0), not {value!r}")


_CARD_ONLY = {Card}


def _need_cards(owner: str, value: Any) -> None:
    if type(value) is not tuple or not set(map(type, value)) <= _CARD_ONLY:  # every item exactly a Card
        raise ValueError(f"{owner} must be a tuple of Cards (e.g. Card.parse('goblin:3')), not {value!r}")


def _seat(instance: Any, attribute: Any, value: Any) -> None:
    _need_seat(f"{type(instance).__name__}.{attribute.name}", value)


def _card(instance: Any, attribute: Any, value: Any) -> None:
    if type(value) is not Card and not (value is None and type(instance) is Take):
        raise ValueError(f"{type(instance).__name__}.{attribute.name} must be a Card (e.g. Card.parse('goblin:3')), "
                         f"not {value!r}")


def _cards(instance: Any, attribute: Any, value: Any) -> None:
    _need_cards(f"{type(instance).__name__}.{attribute.name}", value)


def _check_setup(setup: Setup) -> None:
    """A setup is the variant's whole deck dealt: one hand per seat of the right size, a seat that leads."""
    v = setup.variant
    if type(v) is not Variant:
        raise ValueError(f"Setup.variant must be a Variant, not {v!r}")
    if type(setup.hands) is not tuple or len(setup.hands) != v.players:
        raise ValueError(f"Setup.hands must be a tuple of {v.players} hands, not {setup.hands!r}")
    for seat, hand in enumerate(setup.hands):
        _need_cards(f"Setup.hands[{seat}]", hand)
        if len(hand) != v.hand_size:
            raise ValueError(f"Setup.hands[{seat}] must hold {v.hand_size} cards, not {len(hand)}")
    _need_cards("Setup.deck", setup.deck)
    _need_seat("Setup.leader", setup.leader)
    if setup.leader >= v.players:
        raise ValueError(f"Setup.leader must be a seat 0–{v.players - 1}, not {setup.leader!r}")
    # compared as dict items, in C (Counter's own == walks every key in Python; counts are positive here)
    if Counter(chain(setup.deck, *setup.hands)).items() != Counter(v.deck).items():
        raise ValueError("Setup: the hands and the deck must be exactly the cards of the variant's deck")


@attrs.frozen
class Setup:
    """A deal: one hand per seat, the draw deck (top first), the first leader.

    The constructor checks the deal (a ``ValueError`` naming the bad value);
    records are read by :func:`rules.claim.records.setup_from_json`, which
    raises ``MalformedError`` with the rule instead."""

    hands: Pair
    deck: Hand
    leader: int
    variant: Variant = CLAIM_VARIANT

    def __attrs_post_init__(self) -> None:
        _check_setup(self)


@attrs.frozen(cache_hash=True)
class Play:
    """Seat ``seat`` plays ``card`` from hand."""

    kind: ClassVar[ActionKind] = ActionKind.PLAY
    seat: int = attrs.field(validator=_seat)
    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"seat {self.seat} plays {self.card}"


@attrs.frozen(cache_hash=True)
class Take:
    """Seat ``seat`` takes a face-up card, or (``card`` None) the peeked deck card (Seers)."""

    kind: ClassVar[ActionKind] = ActionKind.TAKE
    seat: int = attrs.field(validator=_seat)
    card: Card | None = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"seat {self.seat} takes {self.card if self.card is not None else 'the deck card'}"


@attrs.frozen(cache_hash=True)
class Crush:
    """Seat ``seat`` crushes these Gnomes with the trick's Giants (two players; may be empty)."""

    kind: ClassVar[ActionKind] = ActionKind.CRUSH
    seat: int = attrs.field(validator=_seat)
    gnomes: tuple[Card, ...] = attrs.field(validator=_cards)

    def __str__(self) -> str:
        return f"seat {self.seat} crushes {' '.join(map(str, self.gnomes)) or 'nothing'}"


Action = Play | Take | Crush


@attrs.frozen
class Route:
    """Where one card went when a trick was resolved."""

    card: Card
    zone: Zone
    seat: int | None  # owner of the zone; None for the discard and the waiting Trolls
    rules: tuple[str, ...]


@attrs.frozen(slots=False)  # fields in an instance dictionary: made in one step (decision record 0039)
class TrickOutcome:
    """The facts of one resolved trick; explanations are derived from them.

    ``cards`` are the played cards in play order (``cards[0]`` led by
    ``leader``); ``received`` say who got the face-up and drawn cards of
    phase one, and how (:class:`~rules.claim.kinds.Received`); filled in
    once the last choice is made.
    """

    number: int
    phase: Phase
    leader: int
    cards: Hand
    winner: int
    next_leader: int
    received: tuple[tuple[int, Card, Received], ...] = ()  # phase one: (seat, card, how) of face-up and drawn cards
    crushed: tuple[tuple[int, Card], ...] = ()  # (owner, Gnome) crushed by this trick's Giants
    dwarves_taker: int | None = None  # 3–4 players: who took the Dwarves

    @property
    def lead(self) -> Card:
        return self.cards[0]

    @property
    def follow(self) -> Card:
        """The second card (two players)."""
        return self.cards[1]


@attrs.frozen(slots=True)
class Choice:
    """Claim's data of a pending decision (``Decision.detail``, decision record 0011).

    - ``take`` (phase one): the deciding seat chooses a face-up card or,
      when ``deck_allowed``, the peeked top deck card (Seers); ``after`` are
      the seats still to receive a card, in draw order.
    - ``crush`` (phase two, two players): the trick's winner crushes up to
      ``limits`` Gnomes (value, how many at most) of the seat ``after[0]``.

    ``also`` are rules cited with the one that opened the decision
    (``Decision.rule``), e.g. ``claim2.seers.multiplayer`` beside
    ``claim2.seers``.
    """

    after: tuple[int, ...] = ()
    deck_allowed: bool = False
    limits: tuple[tuple[int, int], ...] = ()
    also: tuple[str, ...] = ()


def choice(decision: Decision) -> Choice:
    """The Claim data of ``decision`` (every Claim decision carries a :class:`Choice`)."""
    return cast(Choice, decision.detail)


def opened_by(decision: Decision) -> tuple[str, ...]:
    """The rules that opened ``decision``: ``Decision.rule`` first, then the ones cited with it."""
    return (decision.rule, *choice(decision).also)


def _empties(state: Any) -> Pair:
    return tuple(() for _ in state.hands)


class Noted:
    """The slot in which the engine notes, beside a state's fields, the seats whose hand it found
    without a repeated card (decision records 0049 and 0055)."""

    __slots__ = ("_distinct_hands",)
    #: What a new state notes: nothing (:mod:`rules.kernel.construct` stores it in the states it makes).
    __note_defaults__: ClassVar[dict[str, int]] = {"_distinct_hands": 0}
    #: Not a field: the seats whose hand the engine found without a repeated card, as bits
    #: (``1 << seat``), noted in the slot that :class:`Noted` adds beside the fields. A hand only
    #: loses cards while the engine's copiers carry the note from state to state, so it holds for
    #: every state copied from the one it was found in, and ``legal_actions`` need not look for
    #: repeats there again. A state made anew (the deal, the end of phase one, the constructor,
    #: ``attrs.evolve``) notes nothing: 0. Equality, hash, ``repr`` and the records ignore it
    #: (decision records 0049 and 0055).
    _distinct_hands: int

    def __attrs_pre_init__(self) -> None:
        """The constructor's note (``State(...)``, ``attrs.evolve``): nothing noted yet."""
        note_distinct_hands(self, 0)


#: Writes the note of the seats whose hand holds no repeated card (``Noted._distinct_hands``): the
#: slot's own member, past the frozen class's ``__setattr__``.
note_distinct_hands = vars(Noted)["_distinct_hands"].__set__


class StateFields(Noted):
    """The slots of :class:`State`'s fields, declared in a plain class: the draft the engine fills
    before the state takes its frozen class (:mod:`rules.kernel.construct`). ``State`` adds no slot
    of its own, so that class assignment is between classes of one layout, the quickest kind
    (decision record 0059); they must be ``State``'s fields, or writing its maker fails at import."""

    __slots__ = ("phase", "hands", "deck", "face_up", "leader", "table", "followers", "known_followers", "score",
                 "discard", "tricks_played", "last_trick", "gnomes", "trolls", "decisions", "variant")


# slotted, made and copied as a draft (decision records 0040, 0055 and 0059): its slots are StateFields'
@attrs.frozen(weakref_slot=False)
class State(StateFields):
    """A whole position, hidden cards included.

    ``deck`` holds the undrawn cards, top first; ``face_up`` the cards fought
    for in phase one (one with two players, two with more); ``table`` the
    cards played into the current trick (lead first). ``known_followers``
    are the follower cards every player saw arrive, a sub-multiset of
    ``followers``. ``gnomes`` are the Gnomes laid out in front of each
    player, ``trolls`` the Trolls waiting for a later trick, ``decisions``
    the stack of decisions (at most one in the Claim family) that must be
    made before play goes on (decision record 0011).

    States are made by the engine (and by
    :func:`rules.claim.positions.position_from_json`, which checks them); the
    constructor does not check, because the engine makes one per action.
    The fields live in slots: the engine fills a new state as a draft of the same layout and a
    play copies the previous state's fields, sharing the fourteen it does not change
    (:func:`rules.kernel.construct.copier`, decision records 0039 and 0055; a slotted state is a
    third the size of one with an instance dictionary, and its fields are read by the
    interpreter's quickest attribute read). The engine stores a resolved trick's facts for
    ``last_trick``; the :class:`TrickOutcome` is made when it is first read
    (``last_trick``'s :class:`~rules.kernel.when_read.MadeWhenRead`, decision record 0048).
    """

    phase: Phase
    hands: Pair
    deck: Hand
    face_up: Hand = ()
    leader: int = 0
    table: Hand = ()
    followers: Pair = attrs.field(default=attrs.Factory(_empties, takes_self=True))
    known_followers: Pair = attrs.field(default=attrs.Factory(_empties, takes_self=True))
    score: Pair = attrs.field(default=attrs.Factory(_empties, takes_self=True))
    discard: Hand = ()
    tricks_played: int = 0
    last_trick: TrickOutcome | None = None
    gnomes: Pair = attrs.field(default=attrs.Factory(_empties, takes_self=True))
    trolls: Hand = ()
    decisions: Decisions = ()
    variant: Variant = CLAIM_VARIANT

    @property
    def decision(self) -> Decision | None:
        """The decision to make now (the top of ``decisions``), or ``None``."""
        return self.decisions[0] if self.decisions else None

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def to_move(self) -> int | None:
        """The seat whose action is expected, ``None`` when the game is over."""
        if self.phase is OVER:
            return None
        if self.decisions:
            return self.decisions[0].seat
        return (self.leader + len(self.table)) % len(self.hands)

    def zones(self) -> dict[str, Hand]:
        """Every zone by name: the basis of the card-conservation invariant."""
        out: dict[str, Hand] = {}
        for s, h in enumerate(self.hands):
            out[f"hand{s}"] = h
        out["deck"] = self.deck
        out["revealed"] = self.face_up
        out["table"] = self.table
        for s in range(len(self.hands)):
            out[f"followers{s}"] = self.followers[s]
        for s in range(len(self.hands)):
            out[f"score{s}"] = self.score[s]
        for s in range(len(self.hands)):
            if self.gnomes[s]:
                out[f"gnomes{s}"] = self.gnomes[s]
        if self.trolls:
            out["trolls"] = self.trolls
        out["discard"] = self.discard
        return out


#: ``State(*fields)`` and ``TrickOutcome(*fields)`` with every field given, as the engine makes them
#: for every trick (:func:`rules.kernel.construct.maker`): a state filled as a draft, nothing noted
#: (decision record 0055); an outcome's instance dictionary built at once (decision record 0039).
make_state = maker(State)
make_outcome = maker(TrickOutcome)

#: The facts of a resolved trick as the engine stores them, ``TrickOutcome``'s fields in order:
#: ``make_outcome(*facts)`` is the trick's outcome (decision record 0048).
OutcomeFacts = tuple[int, Phase, int, Hand, int, int, tuple[tuple[int, Card, Received], ...],
                     tuple[tuple[int, Card], ...], int | None]


def _outcome_of(facts: OutcomeFacts) -> TrickOutcome:
    return make_outcome(*facts)


#: ``State.last_trick``, made when it is read (decision record 0048): the engine resolves a trick at
#: every second play of a random game, and nothing in such a game reads the outcome, so it stores the
#: trick's facts (:data:`OutcomeFacts`, a tuple) and the :class:`TrickOutcome` is made from them on the
#: first read (:class:`rules.kernel.when_read.MadeWhenRead`). Every reader (equality, hash, ``repr``,
#: ``attrs.evolve``, the records, the explanations) sees a :class:`TrickOutcome` or ``None``; a state made
#: by the constructor holds its outcome already; the engine's copiers move the stored value through the
#: descriptor's ``slot`` without making the outcome (:mod:`rules.kernel.construct`).
_LAST_TRICK = MadeWhenRead.install(State, "last_trick", tuple, _outcome_of)


def stored_last_trick(state: State) -> OutcomeFacts | TrickOutcome | None:
    """What ``state`` keeps for ``last_trick`` as it is: the facts the engine stored, or the outcome
    (made by the constructor, or on a first read), or ``None`` (decision record 0048)."""
    return cast("OutcomeFacts | TrickOutcome | None", _LAST_TRICK.read(state))


#: ``attrs.evolve(state, hands=hands, table=table)`` as ``with_play(state, hands, table)``: a card
#: played into a trick that goes on, the other fourteen fields shared (decision record 0039).
with_play = copier(State, "hands", "table")
#: The state after a phase-one trick (or a take) that leaves phase one going: the cards handed out,
#: the next face-up cards, the outcome; the phase, Gnomes, Trolls and variant shared.
after_exchange = copier(State, "hands", "deck", "face_up", "leader", "table", "followers", "known_followers", "score",
                        "discard", "tricks_played", "last_trick", "decisions")
#: The same, the decisions shared: a two-player trick that no Seer won (none made or opened).
after_plain_exchange = copier(State, "hands", "deck", "face_up", "leader", "table", "followers", "known_followers",
                              "score", "discard", "tricks_played", "last_trick")
#: The state after a phase-two trick: the cards taken, laid out or waiting, the outcome; the phase,
#: deck, followers and variant shared.
after_battle = copier(State, "hands", "face_up", "leader", "table", "score", "discard", "tricks_played", "last_trick",
                      "gnomes", "trolls", "decisions")
#: The state after a two-player phase-two trick without a Gnome, a Troll or a Giant (none waiting
#: either): the cards taken, the outcome; the face-up cards (none in phase two), the Gnomes, the
#: Trolls (none), the decisions (none made or opened) and the rest shared (decision record 0048).
after_plain_battle = copier(State, "hands", "leader", "table", "score", "discard", "tricks_played", "last_trick")
#: The state at the end of the game: the phase over, the Gnomes scored; the rest (the last trick's
#: facts too, decision record 0048) shared.
finished = copier(State, "phase", "face_up", "table", "score", "gnomes", "decisions")


@attrs.frozen
class View:
    """What one seat may see (``claim.setup.hands-secret``, ``claim.piles.face``).

    Hidden: the other hands, the deck (but for the top card a Seer's winner
    peeks at: ``peek``), the other players' drawn followers. ``pending`` is
    the kind of the decision the state waits for, if any.
    """

    seat: int
    phase: Phase
    to_move: int | None
    leader: int
    hand: Hand
    followers: Hand
    face_up: Hand
    table: Hand
    score: Pair
    discard: Hand
    deck_size: int
    hand_sizes: tuple[int, ...]
    follower_counts: tuple[int, ...]
    known_followers: Pair
    gnomes: Pair = ()
    trolls: Hand = ()
    pending: rules.claim.kinds.ActionKind | None = None  # qualified: Leaders has an ActionKind too
    peek: Card | None = None
