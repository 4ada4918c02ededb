"""Immutable models of a Valeria base game: setup, actions, state, views.

Cards are named by their data IDs (``spec/data/valeria-cards.toml``, read by
:func:`rules.valeria.cards.load_cards`). The center holds five monster stacks
(one area each, left to right, top card first), ten citizen stacks (one
citizen kind each; identical copies, so a count) and five domain stacks (top
card face up first, the rest face down). A seat's duchy is its copies of each
center citizen kind (indexed like the citizen stacks), its built domains and
its three starters (implicit: every seat always has exactly one of each,
valeria.setup.starters); its Victory stack lists the monsters it slew.

An exhausted stack is an empty center stack: the Exhausted card that lies on
it is implied by the emptiness (valeria.exhausted.replace), so a card
returned to an empty stack (Watcher on the Water, Nest of the Weaver Witch)
un-exhausts it without further bookkeeping.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from rules.kernel.construct import copier
from rules.kernel.decisions import Decisions, ForcedStep
from rules.kernel.game import Result
from rules.kernel.text import Text
from rules.kernel.verdict import Violation

# Phases (valeria.turn.phases) plus the duke choice before the first turn.
DUKES, ROLL, DICE, HARVEST, ACTIONS, DRAW, OVER = "dukes", "roll", "dice", "harvest", "actions", "draw", "over"
# The solo game's two phases after the Action phase (valeria.variants.solo.turn, rules/valeria/solo.py).
MONSTERS, SECOND = "monsters", "second-harvest"
#: Monster Events: the triggered events' instructions, after the dice are announced and before
#: the Harvest phase (valeria.variants.events.roll-phase).
EVENTS = "events"

RESOURCES = ("gold", "strength", "magic")

class ActionKind(enum.StrEnum):
    """What an :class:`Action` does. The values are the record's words (``rules-record/1``),
    so a kind compares equal to its word."""

    ROLL = "roll"  #: chance: the two dice (valeria.roll.dice)
    DRAW = "draw"  #: chance: the monster drawn by Purloiner's Perch
    KEEP = "keep"  #: keep one of the two dealt dukes
    DIE = "die"  #: use a die-changing domain on one die
    ANNOUNCE = "announce"  #: end the Roll phase with the dice as they are
    THIEF = "thief"  #: the active Thief: which resource, from whom
    HARVEST = "harvest"  #: a harvest choice (branch) or an optional exchange (use / decline)
    RECRUIT = "recruit"
    SLAY = "slay"
    BUILD = "build"
    GAIN = "gain"
    CHOOSE = "choose"  #: a reward branch
    CITIZEN = "citizen"  #: which citizen a "gain a citizen" reward takes
    TAKE = "take"  #: from which opponent a "take" effect takes
    EXCHANGE = "exchange"  #: an optional exchange outside the harvest (Golden Obelisk of Nae): use or not
    RETURN = "return"  #: Watcher on the Water / Nest of the Weaver Witch: what to return
    PURLOIN = "purloin"  #: Purloiner's Perch: from whom
    DECLINE = "decline"  #: pass on an optional decision (extra slay, return, a citizen reward whose stacks emptied)
    ACTIVATE = "activate"  #: solo: the monster stack a 6 activates (valeria.variants.solo.monster-phase)
    CAPTURE = "capture"  #: solo: the citizen the Dark Lord captures from a column (valeria.variants.solo.capture)
    TOKEN = "token"  #: Monster Events: the monster a triggered event puts its token on


class Kind:
    """The members of :class:`ActionKind` as plain class attributes, for the steps that read them at
    every step of every game (:mod:`rules.valeria.engine`, :mod:`rules.valeria.forced`,
    :mod:`rules.valeria.solo`, :mod:`rules.valeria.violations`): a member read through the enum
    class passes the enum's attribute hook (``EnumType.__getattr__`` in Python 3.11), which costs
    about five times a plain class attribute (decision 0043). The very same members: ``Kind.ROLL is
    ActionKind.ROLL``."""

    ROLL = ActionKind.ROLL
    DRAW = ActionKind.DRAW
    KEEP = ActionKind.KEEP
    DIE = ActionKind.DIE
    ANNOUNCE = ActionKind.ANNOUNCE
    THIEF = ActionKind.THIEF
    HARVEST = ActionKind.HARVEST
    RECRUIT = ActionKind.RECRUIT
    SLAY = ActionKind.SLAY
    BUILD = ActionKind.BUILD
    GAIN = ActionKind.GAIN
    CHOOSE = ActionKind.CHOOSE
    CITIZEN = ActionKind.CITIZEN
    TAKE = ActionKind.TAKE
    EXCHANGE = ActionKind.EXCHANGE
    RETURN = ActionKind.RETURN
    PURLOIN = ActionKind.PURLOIN
    DECLINE = ActionKind.DECLINE
    ACTIVATE = ActionKind.ACTIVATE
    CAPTURE = ActionKind.CAPTURE
    TOKEN = ActionKind.TOKEN

class Outcome(enum.StrEnum):
    """How a solo game against the Dark Lord ended (valeria.variants.solo.end); the values are
    the words of the result's ``details["solo"]["outcome"]``."""

    WIN = "win"  #: all monsters slain: the player wins at once
    LOSS = "loss"  #: an activated monster attacked a column with no citizens and no domains
    SCORE = "score"  #: five center stacks exhausted: the game is scored (valeria.variants.solo.result)


#: The player count of the solo game against the Dark Lord (valeria.variants.solo.*, decision 0021).
SOLO_PLAYERS = 1


@attrs.frozen
class Variant:
    """The variant a game is played by, as the record's ``"variant"`` declares it (read through
    :data:`rules.valeria.variants.PARAMETERS`, decisions 0018 and 0023): the player count, the
    flags of random citizens and Monster Events, and the solo game's setting."""

    players: int
    random_citizens: bool = False
    monster_events: bool = False
    #: the solo game's setting (valeria.variants.solo.difficulty); "normal" outside the solo game
    difficulty: str = "normal"

    def to_json(self) -> dict[str, Any]:
        """The record's ``"variant"``: the player count, each flag that is on, and with one
        player the setting (the parameter belongs only with it)."""
        return {"players": self.players, **({"random_citizens": True} if self.random_citizens else {}),
                **({"monster_events": True} if self.monster_events else {}),
                **({"difficulty": self.difficulty} if self.players == SOLO_PLAYERS else {})}


@attrs.frozen
class RandomCitizensDeal:
    """Random citizens (valeria.variants.random-citizens.setup): per activation number the
    stack dealt, top first."""

    stacks: tuple[tuple[str, ...], ...]


@attrs.frozen
class MonsterEventsDeal:
    """Monster Events (valeria.variants.events.setup): the events dealt, in the order they lie
    face down on top of the Exhausted stack, top first."""

    events: tuple[str, ...]


@attrs.frozen
class SoloDeal:
    """The solo game (valeria.variants.solo.setup): the Dark Lord's duke, face down, and the
    setting it is played by (valeria.variants.solo.difficulty)."""

    dark_lord: str
    difficulty: str = "normal"


@attrs.frozen
class Setup:
    """What is decided before play (valeria.setup.*): the player count, the monster areas left
    to right, the citizen kind of each of the ten stacks (with random citizens every kind), the
    five domain stacks (top first), the two dukes dealt to each seat and the first player;
    what a variant deals besides lies in its own part, present exactly when it is on, so the
    parts are the variant's flags (:attr:`variant` reads them; nothing states them twice)."""

    players: int
    areas: tuple[str, ...]
    citizens: tuple[str, ...]
    domains: tuple[tuple[str, ...], ...]
    dukes: tuple[tuple[str, ...], ...]
    first: int
    random_citizens: RandomCitizensDeal | None = None
    monster_events: MonsterEventsDeal | None = None
    solo: SoloDeal | None = None

    def __attrs_post_init__(self) -> None:
        if (self.solo is not None) != (self.players == SOLO_PLAYERS):
            raise ValueError(f"the Dark Lord is dealt in the solo game, and only there: {self.players} player(s)")

    @property
    def variant(self) -> Variant:
        """The variant the setup deals for: its player count, a flag for each part dealt, the
        solo game's setting."""
        return Variant(self.players, self.random_citizens is not None, self.monster_events is not None,
                       self.solo.difficulty if self.solo is not None else "normal")


@attrs.frozen(slots=True, weakref_slot=False)
class Tokens:
    """Cardboard tokens on one monster card (valeria.variants.events.cost-tokens,
    valeria.variants.events.bounty): ``position`` is the center position (0-4 the monster
    stacks, 5-14 the citizen stacks, 15-19 the domain stacks), ``height`` the card's place in
    its monster stack counted from the bottom, or -1 for the event lying in the position."""

    position: int
    height: int
    strength: int = 0
    magic: int = 0
    gold: int = 0


@attrs.frozen(slots=True, cache_hash=True)
class Payment:
    """What an action pays, by resource (valeria.resources.kinds). A citizen or a domain is
    paid in gold, magic replacing gold; a monster in strength and its magic, magic replacing
    strength (valeria.resources.magic-substitute). The third resource (strength offered for a
    citizen or a domain, gold for a monster) is never legal: it is kept so that a record
    stating it gets a verdict naming the rule (valeria.recruit.magic, valeria.build.cost,
    valeria.slay.magic-cost)."""

    gold: int = 0
    strength: int = 0
    magic: int = 0

    def __str__(self) -> str:
        paid = [f"{n} {r}" for r, n in (("gold", self.gold), ("strength", self.strength), ("magic", self.magic)) if n]
        return " and ".join(paid) or "nothing"


NO_PAYMENT = Payment()


@attrs.frozen(slots=True, cache_hash=True)
class Action:
    """One explicit choice or chance outcome.

    ``card`` names a card (or an area for ``slay``, a resource for ``gain``), ``option`` a
    branch label, resource or ``"use"``/``"decline"``, ``target`` a seat or a die index,
    ``pay`` what a recruit, slay or build pays, ``dice`` the two dice of a roll.
    """

    kind: ActionKind
    seat: int = -1
    card: str = ""
    option: str = ""
    target: int = -1
    pay: Payment = NO_PAYMENT
    dice: tuple[int, int] = (0, 0)

    def __str__(self) -> str:
        """The action in a short English sentence, naming cards by their IDs."""
        k, who = self.kind, f"seat {self.seat}"
        if k == ActionKind.ROLL:
            return f"the dice roll {self.dice[0]} and {self.dice[1]}"
        if k == ActionKind.DRAW:
            return f"{self.card} is drawn"
        if k in (ActionKind.RECRUIT, ActionKind.BUILD):
            return f"{who} {k.value}s {self.card}, paying {self.pay}"
        if k == ActionKind.SLAY:
            return f"{who} slays {self.card}, paying {self.pay}"  # an area (its top monster) or an event
        words = {ActionKind.KEEP: f"keeps the duke {self.card}", ActionKind.DIE: f"uses {self.card} on die {self.target}",
                 ActionKind.ANNOUNCE: "announces the dice", ActionKind.GAIN: f"gains 1 {self.card}",
                 ActionKind.THIEF: f"takes {self.option} with the Thief" + (f" from seat {self.target}"
                                                                            if self.target >= 0 else ""),
                 ActionKind.HARVEST: f"resolves {self.card}: {self.option}", ActionKind.CHOOSE: f"chooses {self.option}",
                 ActionKind.CITIZEN: f"takes the citizen {self.card}", ActionKind.TAKE: f"takes from seat {self.target}",
                 ActionKind.EXCHANGE: f"exchange: {self.option}", ActionKind.RETURN: f"returns {self.card}",
                 ActionKind.PURLOIN: f"purloins from seat {self.target}" if self.target >= 0 else "takes a monster",
                 ActionKind.DECLINE: f"declines the power of {self.card}" if self.card else "declines",
                 ActionKind.ACTIVATE: f"activates the {self.card} monster stack",
                 ActionKind.CAPTURE: f"lets the Dark Lord capture {self.card}",
                 ActionKind.TOKEN: f"puts the token of {self.option} on {self.card}"}
        return f"{who} {words[k]}"


@attrs.frozen(slots=True, weakref_slot=False)
class Seat:
    """One player's board, duchy, Victory stack and dukes."""

    gold: int
    strength: int
    magic: int
    vp: int  # VP tokens on the board (valeria.symbols.vp: printed VP are counted at the end)
    citizens: tuple[int, ...]  # copies of each center citizen kind (indexed like State.citizen_kinds)
    domains: tuple[str, ...]
    monsters: tuple[str, ...]  # the Victory stack, in the order slain
    dealt: tuple[str, ...]  # the two dukes dealt
    duke: str | None  # the one kept (None until chosen)

    def resource(self, name: str) -> int:
        return int(getattr(self, name))


@attrs.frozen(slots=True, weakref_slot=False)
class HarvestItem:
    """Activations of one card side that still wait for their owner's choice:
    ``count`` instances of ``card`` (``side`` "on": the active player's left
    power, "off": the others' right power, "herald")."""

    card: str
    side: str
    count: int


@attrs.frozen(slots=True, weakref_slot=False)
class Events:
    """What only the game with Monster Events has (valeria.variants.events.*, decision 0020)."""

    #: the Exhausted stack, top first ("exhausted" for an Exhausted card, else an event; the
    #: events' order is hidden)
    exhausted_stack: tuple[str, ...]
    #: what lies in each of the 20 center positions (5 monster, 10 citizen, 5 domain stacks): ""
    #: while the stack has cards, "exhausted", an event, or "-" when no card was left (ruling O16)
    placed: tuple[str, ...]
    tokens: tuple[Tokens, ...] = ()  #: the tokens on monster cards (public)
    #: how many cards on top of the Exhausted stack everyone knows (events put back face up by
    #: Nest of the Weaver Witch or Watcher on the Water)
    known_top: int = 0


@attrs.frozen(slots=True, weakref_slot=False)
class Solo:
    """What only the solo game against the Dark Lord has (valeria.variants.solo.*, decision 0021)."""

    dark_lord: str  #: his duke, face down until the end (valeria.variants.solo.setup)
    difficulty: str = "normal"  #: valeria.variants.solo.difficulty
    captured: tuple[str, ...] = ()  #: citizen kinds beside the Dark Lord (valeria.variants.solo.capture)
    seized: tuple[str, ...] = ()  #: domains beside the Dark Lord
    #: the monster phase's activations still to resolve, left to right: (column, how) with how
    #: "stack" (a monster stack), "lord" (the Dark Lord himself, hardest) or "choice" (a 6, column -1)
    attacks: tuple[tuple[int, str], ...] = ()
    outcome: Outcome | None = None  #: once over: how it ended
    #: what the Dark Lord did by himself in the last step, for ``forced_steps``: (what, column, card)
    steps: tuple[tuple[str, int, str], ...] = ()


@attrs.frozen(slots=True, kw_only=True)
class Flow:
    """The variant's own hooks, chosen once when the game starts
    (:func:`rules.valeria.flows.flow_of`), so neither the engine nor the game object asks
    which game it plays.

    The engine's steps: ``end_of_actions`` follows the Action phase (the base game's End
    phase, or the solo game's Monster phase); ``announced`` follows the announcement of the
    dice (Monster Events trigger, valeria.variants.events.roll-phase); ``after_step`` follows
    every step (Monster Events fill the emptied center positions,
    valeria.variants.events.revealed); a flow without such a step has ``None`` there. The
    game's answers (:class:`rules.valeria.game.Valeria`): ``legal_actions``, ``check``,
    ``successor``, ``result`` of a finished game, ``explain_step`` and ``forced_steps`` (what
    an automaton did by itself); ``pending_answers``, the answers ``legal_actions`` lists for
    the decision on top of the pending stack, which :func:`rules.valeria.forced.only_answer`
    reads (decisions 0035 and 0040)."""

    end_of_actions: Callable[[State], State]
    legal_actions: Callable[[State], tuple[Action, ...]]
    pending_answers: Callable[[State], tuple[Action, ...]]
    check: Callable[[State, Action], Violation | None]
    successor: Callable[[State, Action], State]
    result: Callable[[State], Result]
    explain_step: Callable[[State, Action, State], tuple[Text, ...]]
    forced_steps: Callable[[State, Action, State], tuple[ForcedStep, ...]]
    #: ``None``: nothing follows (the base and solo games); the engine then calls nothing
    announced: Callable[[State], State] | None = None
    after_step: Callable[[State], State] | None = None


@attrs.frozen(slots=True, weakref_slot=False)
class State:
    """A Valeria game between two steps: the center stacks, every seat's board and duchy, whose
    turn and which phase (valeria.turn.phases), the dice, the harvest items and decisions still
    to make, and the variant's own part (``solo``, ``events``) and hooks (``flow``)."""

    players: int
    first: int
    areas: tuple[str, ...]
    monsters: tuple[tuple[str, ...], ...]  # per area stack, top first
    citizen_kinds: tuple[str, ...]
    citizen_counts: tuple[int, ...]
    domains: tuple[tuple[str, ...], ...]  # per domain stack, top (face up) first
    seats: tuple[Seat, ...]
    active: int
    phase: str
    flow: Flow  # the variant's own steps (valeria.turn.phases, valeria.variants.solo.turn)
    turns: int = 0  # turns begun so far (the current one included)
    dice: tuple[int, int] = (0, 0)  # as they lie now (after any changes)
    rolled: tuple[int, int] = (0, 0)  # as rolled (before changes)
    used: tuple[str, ...] = ()  # die-changing domains used this Roll phase
    harvest: tuple[tuple[HarvestItem, ...], ...] = ()  # per seat
    actions_left: int = 0
    closing: bool = False  # the end-of-Action-phase powers have been queued
    pending: Decisions = ()
    draw_from: int = -1  # Purloiner's Perch: the seat whose Victory stack is drawn from
    end_triggered: bool = False
    resting: int | None = None  # five players: the resting seat, right of the active one (valeria.variants.five-players.*)
    #: random citizens: per activation number the stack, top first, as indices of
    #: ``citizen_kinds`` (the order below the top is hidden); ``None`` without the variant.
    citizen_stacks: tuple[tuple[int, ...], ...] | None = None
    #: the solo game against the Dark Lord (rules/valeria/solo.py, decision 0021); ``None`` in the others
    solo: Solo | None = None
    #: Monster Events (valeria.variants.events.*, rules/valeria/events.py, decision 0020); ``None`` without
    events: Events | None = None
    #: the answers the engine gave by itself since the roll, each the only possible answer of a
    #: decision (decision 0033, :mod:`rules.valeria.forced`): bookkeeping, not the game's state
    #: (left out of equality), so that a record of the older format, which writes such an answer
    #: out, is read as repeating it
    forced: tuple[Action, ...] = attrs.field(default=(), eq=False)

    @property
    def seat(self) -> Seat:
        return self.seats[self.active]


@attrs.frozen
class SeatView:
    gold: int
    strength: int
    magic: int
    vp: int
    citizens: tuple[int, ...]
    domains: tuple[str, ...]
    monsters: tuple[str, ...]
    has_duke: bool
    duke: str | None  # only the viewer's own
    dealt: tuple[str, ...]  # only the viewer's own


@attrs.frozen
class StackView:
    top: str | None
    size: int


@attrs.frozen
class View:
    """What one seat may see: everything public, its own dukes, and of the
    center stacks only each top card and size (valeria.setup.domain-row: the
    domains below the top lie face down)."""

    seat: int
    players: int
    first: int
    areas: tuple[str, ...]
    monsters: tuple[StackView, ...]
    citizen_kinds: tuple[str, ...]
    citizen_counts: tuple[int, ...]
    domains: tuple[StackView, ...]
    seats: tuple[SeatView, ...]
    active: int
    phase: str
    turns: int
    dice: tuple[int, int]
    rolled: tuple[int, int]
    used: tuple[str, ...]
    harvest: tuple[tuple[HarvestItem, ...], ...]
    actions_left: int
    pending: Decisions
    draw_from: int
    end_triggered: bool
    resting: int | None = None  # five players: the resting seat (valeria.variants.five-players.resting-player)
    #: random citizens: each stack's face-up top (a kind) and size; ``citizen_counts`` is then
    #: empty, as the kinds left below the tops are secret (valeria.variants.random-citizens.hidden)
    citizen_stacks: tuple[StackView, ...] = ()
    solo: SoloView | None = None  #: the solo game's part; ``None`` in the others
    events: EventsView | None = None  #: the Monster Events part; ``None`` without the variant


@attrs.frozen
class SoloView:
    """What a seat sees of the solo game's part (valeria.variants.solo.*): all of it but the
    Dark Lord's duke, shown only once the game is over (valeria.variants.solo.scoring)."""

    dark_lord: str | None
    difficulty: str
    captured: tuple[str, ...]
    seized: tuple[str, ...]
    attacks: tuple[tuple[int, str], ...]
    outcome: Outcome | None


@attrs.frozen
class EventsView:
    """What a seat sees of Monster Events: the Exhausted stack's size and its known top cards
    (the order of the events dealt face down is secret, valeria.variants.events.setup), what
    lies in each center position and the tokens on monsters (public)."""

    exhausted_size: int
    exhausted_known: tuple[str, ...]
    placed: tuple[str, ...]
    tokens: tuple[Tokens, ...]


T = TypeVar("T")
#: One copier per class and set of changed fields (the engine changes a few fields in a few
#: combinations, so this stays small): ``_COPIERS[(cls, *changed)]``.
_COPIERS: dict[tuple[Any, ...], Any] = {}


def replace(obj: T, **changes: Any) -> T:
    """``attrs.evolve`` for the slotted, validator-free models of this module, without
    its generic overhead (the engine makes thousands of these per game): a copier written out
    once per class and set of changed fields (:func:`rules.kernel.construct.copier`)."""
    key = (type(obj), *changes)
    fn = _COPIERS.get(key)
    if fn is None:
        fn = _COPIERS[key] = copier(type(obj), *changes)
    return fn(obj, *changes.values())  # type: ignore[no-any-return]
