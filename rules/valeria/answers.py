"""The answers to a pending decision (:mod:`rules.valeria.effects` pushes them): which action kinds
answer it (:func:`answers`), the one predicate both the enumeration and the verdict read
(:func:`offered`, :func:`rules.valeria.violations.decision_refusal`), the answers listed
(:func:`decision_options`, tables made once per seat and card, decision 0047), and which pending take
an answer names when several act together (valeria.domains.trigger-order).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any, cast

from rules.kernel.decisions import Decision
from rules.kernel.registry import implements
from rules.valeria import events
from rules.valeria.cards import Choice, Effect
from rules.valeria.data import branch_labels
from rules.valeria.effects import branch_possible, citizen_targets
from rules.valeria.holdings import affords
from rules.valeria.payments import slay_options
from rules.valeria.state import Action, ActionKind, Kind, State
from rules.valeria.variants import targetable


def decision_detail(d: Decision) -> tuple[str, Any]:
    """(source card, effect) of a decision the rules pushed (:mod:`rules.valeria.effects`, the Thief's
    :func:`~rules.valeria.engine.start_harvest`)."""
    source, effect = cast(tuple[str, Any], d.detail)
    return source, effect


def decision_source(d: Decision) -> str:
    """The card whose power opened a pending decision (a declining answer names it)."""
    return cast(tuple[str, ...], d.detail)[0]


#: The action kind that answers each decision; the optional ones may also be declined.
ANSWERS = {"thief": Kind.THIEF, "choose": Kind.CHOOSE, "citizen": Kind.CITIZEN,
           "take": Kind.TAKE, "exchange": Kind.EXCHANGE, "extra-slay": Kind.SLAY,
           "watcher": Kind.RETURN, "nest": Kind.RETURN, "purloin": Kind.PURLOIN,
           events.TOKEN_DECISION: Kind.TOKEN}
#: Purloiner's Perch is not among them: its card says "take", as the Orc Warrior's and the Wraith's
#: citizen rewards are gains (valeria.cards.text-wins; the ruling on valeria.cards.purloiners-perch).
OPTIONAL = frozenset({"extra-slay", "watcher", "nest", "citizen"})


def answers(d: Decision) -> tuple[ActionKind, ...]:
    """The action kinds that answer the decision ``d``: its own (:data:`ANSWERS`), and a decline
    when it is optional (:data:`OPTIONAL`)."""
    return (ANSWERS[d.kind], Kind.DECLINE) if d.kind in OPTIONAL else (ANSWERS[d.kind],)


def offered(state: State, a: Action, d: Decision) -> bool:
    """Is ``a`` one of the options of the decision ``d`` now (an extra slay's payments and a
    token's targets aside: :func:`~rules.valeria.payments.slay_options`, :func:`rules.valeria.events.token_targets`)? An
    answer of its kind (:func:`answers`): a branch of the reward (one a seat can take: ruling
    O24), a citizen stack to take from, an opponent to take from (valeria.symbols.opponent; never
    the resting seat), an exchange it can pay, a monster or citizen of its own to return (not a
    slain event: ruling O17), a decline of an optional power or of a reward whose stacks emptied.
    The one predicate of both :func:`decision_options` and the verdict
    (:func:`rules.valeria.violations.decision_refusal`)."""
    if a.kind not in answers(d):
        return False
    if a.kind == Kind.DECLINE and a.card and a.card != decision_source(d):
        return False  # a decline names the card whose power it declines (decision 0033)
    seat = d.seat
    if d.kind in ("thief", "take", "purloin"):
        if not targetable(state.players, state.resting, seat, a.target):
            return False
        return d.kind != "thief" or a.option in branch_labels(decision_detail(d)[1])
    if d.kind == "choose":
        effect = decision_detail(d)[1]
        labels = branch_labels(effect)
        return a.option in labels and branch_possible(state, seat, effect.options[labels.index(a.option)])
    if d.kind == "citizen":
        targets = citizen_targets(state, decision_detail(d)[1])
        if a.kind == Kind.DECLINE:
            return not targets  # emptied since the reward was taken: nothing is gained (ruling O24)
        return a.card in state.citizen_kinds and state.citizen_kinds.index(a.card) in targets
    if d.kind == "exchange":
        return a.option == "decline" or (a.option == "use" and affords(state.seats[seat], decision_detail(d)[1].pay))
    if a.kind == Kind.DECLINE:
        return True  # an extra slay (Sage's Tower), Watcher on the Water, Nest of the Weaver Witch are optional
    if d.kind == "watcher":
        return a.card in state.seats[seat].monsters and not (state.events is not None and events.is_event(a.card))
    if d.kind == "nest":
        return a.card in state.citizen_kinds and state.seats[seat].citizens[state.citizen_kinds.index(a.card)] > 0
    return False  # an extra slay's payment or a token: their own predicates decide


def decision_options(state: State, d: Decision) -> Iterator[Action]:
    """The answers to the decision ``d``: every candidate answer (:func:`answer_candidates`) that
    :func:`offered` admits, so the enumeration and the verdict read one predicate; an extra slay
    offers every payment the slay predicates admit (:func:`~rules.valeria.payments.slay_options`) or a decline, a Monster
    Event's token each target :func:`rules.valeria.events.token_targets` names."""
    seat = d.seat
    if d.kind == "extra-slay":
        yield from slay_options(state, state.seats[seat])
        yield Action(Kind.DECLINE, seat, decision_source(d))  # the decline names the card (decision 0033)
    elif d.kind == "citizen":
        yield from citizen_answers(state, d)
    elif d.kind == "choose":
        effect = decision_detail(d)[1]
        yield from (a for a, branch in choose_actions(seat, effect) if branch_possible(state, seat, branch))
    elif d.kind == "thief":
        yield from thief_actions(seat, decision_detail(d)[1], state.players, state.resting)
    elif d.kind == "take":
        yield from take_actions(seat, _take_sources(state), state.players, state.resting)
    elif d.kind == events.TOKEN_DECISION:
        event, _ = decision_detail(d)
        for target in events.token_targets(state, event):
            yield Action(Kind.TOKEN, seat, target, option=event)
    else:
        yield from (a for a in answer_candidates(state, d) if offered(state, a, d))


def citizen_answers(state: State, d: Decision) -> tuple[Action, ...]:
    """The answers to the "gain a citizen" decision ``d``: the citizen kinds, in the order of the
    center, of the stacks the reward may take from (:func:`~rules.valeria.effects.citizen_targets`), or when none is left
    the decline (ruling O24). These are the candidates :func:`offered` admits, read from the targets
    once instead of asking each of the eleven candidates (a test compares both, decision 0047)."""
    targets = citizen_targets(state, decision_detail(d)[1])
    if not targets:
        return (Action(Kind.DECLINE, d.seat, decision_source(d)),)
    kinds = state.citizen_kinds
    return tuple(Action(Kind.CITIZEN, d.seat, kind) for i, kind in enumerate(kinds) if i in targets)


@cache
def choose_actions(seat: int, effect: Choice) -> tuple[tuple[Action, tuple[Effect, ...]], ...]:
    """``seat``'s candidate answers to a reward's choice ``effect``, each with the branch :func:`offered`
    asks to be possible (:func:`~rules.valeria.effects.branch_possible`): made once per seat and choice (decision 0047)."""
    labels = branch_labels(effect)
    return tuple((Action(Kind.CHOOSE, seat, option=label), effect.options[labels.index(label)]) for label in labels)


@cache
def thief_actions(seat: int, effect: Choice, players: int, resting: int | None) -> tuple[Action, ...]:
    """``seat``'s answers to its Thief's steal ``effect``: each branch against each seat it may take from
    (:func:`~rules.valeria.variants.targetable`), the candidates :func:`offered` admits, which depend
    on the card and the table only: made once (decision 0047)."""
    return tuple(Action(Kind.THIEF, seat, option=label, target=o) for label in branch_labels(effect)
                 for o in range(players) if targetable(players, resting, seat, o))


@cache
def take_actions(seat: int, sources: tuple[str, ...], players: int, resting: int | None) -> tuple[Action, ...]:
    """``seat``'s answers to its pending takes: each domain of ``sources`` (``""`` for one take alone)
    against each seat it may take from (:func:`~rules.valeria.variants.targetable`), the candidates
    :func:`offered` admits, which depend on the table only: made once (decision 0047)."""
    return tuple(Action(Kind.TAKE, seat, source, target=o) for source in sources for o in range(players)
                 if targetable(players, resting, seat, o))


def _take_sources(state: State) -> tuple[str, ...]:
    """The domains a take answer names: each of the takes pending together (:func:`pending_takes`),
    or ``""`` for one take alone."""
    takes = pending_takes(state)
    return tuple(decision_detail(t)[0] for t in takes) if len(takes) > 1 else ("",)


def answer_candidates(state: State, d: Decision) -> Iterator[Action]:
    """Every answer of the right shape to ``d``, in the order the options are listed: each
    branch label against each seat (a steal), each branch, each citizen kind then a decline, each
    pending take's domain against each seat (several takes at once, Cathedral of St Aquila and The
    Orb of Urdr: each answer names its domain), use then decline, each monster or citizen kind of
    the seat's own then a decline, each seat (Purloiner's Perch, not optional: the card says "take")."""
    seat, kind = d.seat, d.kind
    if kind in ("thief", "choose"):
        labels = branch_labels(decision_detail(d)[1])
        if kind == "choose":
            yield from (Action(Kind.CHOOSE, seat, option=label) for label in labels)
        else:
            yield from (Action(Kind.THIEF, seat, option=label, target=o)
                        for label in labels for o in range(state.players))
    elif kind == "citizen":
        yield from (Action(Kind.CITIZEN, seat, c) for c in state.citizen_kinds)
        yield Action(Kind.DECLINE, seat, decision_source(d))
    elif kind == "take":
        yield from (Action(Kind.TAKE, seat, source, target=o) for source in _take_sources(state)
                    for o in range(state.players))
    elif kind == "exchange":
        yield Action(Kind.EXCHANGE, seat, option="use")
        yield Action(Kind.EXCHANGE, seat, option="decline")
    elif kind in ("watcher", "nest"):
        mine = state.seats[seat]
        cards = sorted(set(mine.monsters)) if kind == "watcher" else [c for c, n in zip(state.citizen_kinds, mine.citizens,
                                                                                           strict=True) if n]
        yield from (Action(Kind.RETURN, seat, c) for c in cards)
        yield Action(Kind.DECLINE, seat, decision_source(d))
    elif kind == "purloin":
        yield from (Action(Kind.PURLOIN, seat, target=o) for o in range(state.players))


@implements("valeria.domains.trigger-order")
def pending_takes(state: State) -> tuple[Decision, ...]:
    """The "take" decisions on top of the pending stack, all of one seat: the takes that
    act together (Cathedral of St Aquila and The Orb of Urdr at the end of the Action
    phase), which their owner answers in the order of its choice."""
    if not state.pending or state.pending[0].kind != "take":
        return ()
    owner = state.pending[0].seat
    run = []
    for d in state.pending:
        if d.kind != "take" or d.seat != owner:
            break
        run.append(d)
    return tuple(run)


@implements("valeria.domains.trigger-order", "valeria.symbols.opponent")
def answered_take(state: State, a: Action) -> int | None:
    """Where in ``state.pending`` the take ``a`` answers: the pending take of the domain it
    names (``a.card``), among the takes on top (:func:`pending_takes`), as the owner chooses
    the order; without a name the take queued first (the first built). ``None``: no take
    of the named domain is pending."""
    takes = pending_takes(state)
    if not a.card:
        return 0 if takes else None
    return next((i for i, d in enumerate(takes) if decision_detail(d)[0] == a.card), None)
