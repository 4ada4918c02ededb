"""The Harvest phase of a Valeria turn (valeria.harvest.*): what a roll activates for each seat
(each copy separately, valeria.harvest.each-copy), the plain gains added to every board at once, the
choices and optional exchanges left as harvest items that a seat resolves in any order
(valeria.harvest.any-order), its Herald (valeria.herald.*), and the Thief's take from an opponent
(valeria.harvest.steal-target). The roll's tables (activations, the starters' harvest) are read once
per roll and card (decisions 0043, 0047). When the harvest starts and what follows it is the flow's:
:func:`rules.valeria.engine.start_harvest`, :func:`rules.valeria.engine.advance`.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import cast

import attrs

from rules.kernel.construct import copier
from rules.kernel.registry import implements
from rules.valeria.cards import Amount, Choice, Effect, Exchange, Gain, Take
from rules.valeria.data import Index, branch_labels, index
from rules.valeria.holdings import affords, credit, debit, gain_times, set_board, with_seat
from rules.valeria.predicates import activations, herald_activations
from rules.valeria.state import HarvestItem, Seat, State

HERALD = "herald"
ON, OFF = "on", "off"


def _I() -> Index:
    return index()


# The copies this module makes, each written out once for its fields (as in
# :mod:`rules.valeria.holdings`, decision 0040) and called positionally.
_set_seats_harvest = copier(State, "seats", "harvest")


# =========================================================================== harvest


@cache
def side_effects(card: str, side: str) -> tuple[Effect, ...]:
    """The effects printed on ``side`` of the citizen or starter ``card`` (read once per card)."""
    ix = _I()
    c = ix.citizens.get(card) or ix.starters[card]
    return c.on_turn if side == ON else c.off_turn


@attrs.frozen
class HarvestEffects:
    """One card side's effects sorted for the Harvest phase (:func:`harvest_effects`): the plain
    gains without a "per" summed (gold, strength, magic, VP), those with one (what they count
    changes), the steals the active Thief resolves first (valeria.harvest.thief-first) and how
    many choices or optional exchanges wait for the owner as harvest items."""

    plain: tuple[int, int, int, int]
    counted: tuple[Gain, ...]
    steals: tuple[Effect, ...]
    items: int


@cache
def harvest_effects(card: str, side: str) -> HarvestEffects:
    """``card``'s effects on ``side`` sorted once per card (the cards never change): a gain,
    on the active side a steal (a choice with a take, or a take), else a choice or an exchange;
    the card loader admits nothing else for citizens."""
    gains: list[Gain] = []
    steals: list[Effect] = []
    items = 0
    for effect in side_effects(card, side):
        if isinstance(effect, Gain):
            gains.append(effect)
        elif side == ON and (_is_steal(effect) or isinstance(effect, Take)):
            steals.append(effect)
        elif isinstance(effect, (Choice, Exchange)):
            items += 1
        else:  # pragma: no cover - the card loader's vocabulary for citizens
            raise ValueError(f"{card}: unsupported harvest effect {effect!r}")
    plain = [g.amount for g in gains if g.per is None]
    return HarvestEffects((sum(a.gold for a in plain), sum(a.strength for a in plain), sum(a.magic for a in plain),
                           sum(a.vp for a in plain)), tuple(g for g in gains if g.per is not None), tuple(steals), items)


@implements("valeria.harvest.everyone", "valeria.harvest.two-effects", "valeria.harvest.each-copy",
            "valeria.recruit.not-this-turn")
def activated(state: State, seat: int) -> tuple[tuple[str, int], ...]:
    """(card, activations) of every citizen and starter of ``seat`` that the dice
    activate, each copy separately (valeria.harvest.each-copy). Citizens recruited
    this turn cannot activate: the harvest precedes the Action phase."""
    dice, owned = state.dice, state.seats[seat].citizens
    return starters_activated(dice) + tuple(
        (kind, owned[i] * n) for i, kind, n in kinds_activated_by(dice, state.citizen_kinds) if owned[i])


@cache
def kinds_activated_by(dice: tuple[int, int], kinds: tuple[str, ...]) -> tuple[tuple[int, str, int], ...]:
    """(index, kind, :func:`times_activated`) of the citizen kinds of the center that the ``dice``
    activate at all, one table per roll and game's kinds: a seat's harvest then looks at those
    kinds only (decision 0043). A game's kinds are new to the table at most rolls of the game's
    first turns, so it is made from the roll's table of every citizen card (:func:`activated_cards`,
    decision 0047)."""
    by_card = activated_cards(dice)
    return tuple((i, kind, by_card[kind]) for i, kind in enumerate(kinds) if kind in by_card)


@cache
def starters_activated(dice: tuple[int, int]) -> tuple[tuple[str, int], ...]:
    """(starter, activations) of the starters the ``dice`` activate: the same for every seat
    (each has one of each, valeria.setup.starters), so one table per roll."""
    return tuple((starter.id, n) for starter in _I().cards.starters
                 if (n := sum(ACTIVATIONS[dice][x] for x in starter.activation)))


@cache
def times_activated(dice: tuple[int, int], kind: str) -> int:
    """How often the ``dice`` activate one copy of the citizen ``kind``: the sum over its
    activation numbers of :data:`ACTIVATIONS` (one table per roll and card)."""
    return sum(ACTIVATIONS[dice][x] for x in _I().citizens[kind].activation)


@cache
def activated_cards(dice: tuple[int, int]) -> dict[str, int]:
    """:func:`times_activated` of every citizen card the ``dice`` activate at all, one table per roll
    (read, never changed)."""
    return {kind: n for kind in _I().citizens if (n := times_activated(dice, kind))}


#: ``ACTIVATIONS[(a, b)][n]``: :func:`~rules.valeria.predicates.activations` for every roll and number,
#: evaluated once (the table is the predicate's, not a second reading of the rule).
ACTIVATIONS: dict[tuple[int, int], tuple[int, ...]] = {
    (a, b): tuple(activations(a, b, n) for n in range(13)) for a in range(1, 7) for b in range(1, 7)}


def herald_count(state: State, seat: int, acts: tuple[tuple[str, int], ...] | None = None) -> int:
    """How often ``seat``'s Herald activates (:data:`HERALD_ACTIVATIONS`): whether any of its cards did
    (``acts``: :func:`activated`, if known) and whether the dice are doubles."""
    acts = activated(state, seat) if acts is None else acts
    return HERALD_ACTIVATIONS[state.dice][bool(acts)]


#: ``HERALD_ACTIVATIONS[(a, b)][some card activated]``: :func:`~rules.valeria.predicates.herald_activations`
#: for every roll, with no card activated (0) or some (1: the count matters only through being 0),
#: evaluated once like :data:`ACTIVATIONS`.
HERALD_ACTIVATIONS: dict[tuple[int, int], tuple[int, int]] = {
    (a, b): (int(herald_activations(a, b, 0)), int(herald_activations(a, b, 1))) for a in range(1, 7) for b in range(1, 7)}


def _is_steal(effect: Effect) -> bool:
    return isinstance(effect, Choice) and any(isinstance(e, Take) for br in effect.options for e in br)


def active_steals(state: State, dice: tuple[int, int]) -> Iterator[tuple[str, int, tuple[Effect, ...]]]:
    """(card, activations, steals) of the active seat's activated cards that steal at a roll of ``dice``,
    in the order of :func:`activated`: the starters' (:func:`starter_harvest`), then the citizens' of
    the kinds the dice activate (:func:`kinds_activated_by`) that the seat owns."""
    yield from starter_harvest(dice, ON).steals
    owned = state.seat.citizens
    for i, card, per in kinds_activated_by(dice, state.citizen_kinds):
        if owned[i]:
            steals = harvest_effects(card, ON).steals
            if steals:
                yield card, owned[i] * per, steals


@implements("valeria.harvest.track", "valeria.herald.unused-effects", "valeria.harvest.any-order",
            "valeria.variants.five-players.resting-harvest")
def distribute(state: State) -> State:
    """Every seat gains its plain gains (the active seat its left powers, the others
    their right ones); its choices and optional exchanges, and its Herald, wait as
    harvest items the seat resolves in any order (valeria.harvest.any-order). The
    resting seat gains nothing, the Herald included (valeria.variants.five-players.resting-harvest).
    A seat's harvest reads its own cards only, so every board is written into the state at once
    (:func:`harvested`)."""
    seats, items = harvested(state, state.dice)
    return _set_seats_harvest(state, seats, items)


def harvested(state: State, dice: tuple[int, int]) -> tuple[tuple[Seat, ...], tuple[tuple[HarvestItem, ...], ...]]:
    """Every seat's board and harvest items after the harvest of ``dice`` that :func:`distribute` writes
    into the state (:func:`~rules.valeria.engine.start_harvest` writes them in the same copy as the phase when nothing resolves
    first, :func:`~rules.valeria.engine._harvest_at_roll` in the copy of the roll): each seat's :func:`harvest_board`."""
    seats = list(state.seats)
    items: list[tuple[HarvestItem, ...]] = []
    for seat in range(state.players):
        if seat == state.resting:
            items.append(())
            continue
        side = ON if seat == state.active else OFF
        seats[seat], mine = harvest_board(state, seat, side, dice)
        items.append(mine)
    return tuple(seats), tuple(items)


@attrs.frozen
class StarterHarvest:
    """One roll's harvest of the starters on one side of the cards (:func:`starter_harvest`): every
    seat has one of each (valeria.setup.starters), so what they give is the same for every seat."""

    plain: tuple[int, int, int, int]  # their plain gains (gold, strength, magic, VP), activations included
    activated: bool  # some starter is activated (the Herald then counts, valeria.herald.no-citizen)
    others: tuple[tuple[str, int, HarvestEffects], ...]  # (starter, activations, effects) with a "per" or items
    steals: tuple[tuple[str, int, tuple[Effect, ...]], ...]  # (starter, activations, its steals)


@cache
def starter_harvest(dice: tuple[int, int], side: str) -> StarterHarvest:
    """The starters' harvest of one roll and side (:class:`StarterHarvest`) from
    :func:`starters_activated` and :func:`harvest_effects`, one table per roll and side, so a seat's
    harvest adds the starters' plain gains at once (decision 0047)."""
    gold = strength = magic = vp = 0
    others: list[tuple[str, int, HarvestEffects]] = []
    steals: list[tuple[str, int, tuple[Effect, ...]]] = []
    activated_starters = starters_activated(dice)
    for card, n in activated_starters:
        effects = harvest_effects(card, side)
        g, s, m, v = effects.plain
        gold, strength, magic, vp = gold + g * n, strength + s * n, magic + m * n, vp + v * n
        if effects.counted or effects.items:
            others.append((card, n, effects))
        if effects.steals:
            steals.append((card, n, effects.steals))
    return StarterHarvest((gold, strength, magic, vp), bool(activated_starters), tuple(others), tuple(steals))


def harvest_board(state: State, seat: int, side: str, dice: tuple[int, int] | None = None
                  ) -> tuple[Seat, tuple[HarvestItem, ...]]:
    """One seat's harvest on ``side`` of its activated cards (:func:`activated`): its board with its
    plain gains, and the harvest items left for it to resolve (choices, optional exchanges, its
    Herald). On the active side the stealing citizens are left out: they resolve first
    (valeria.harvest.thief-first). A "per" counts cards, never resources, so the gains add up in any
    order (valeria.harvest.any-order) and the board is copied once. Read from the roll's tables
    (decision 0047): the starters' plain gains at once (:func:`starter_harvest`), then each citizen
    kind the dice activate (:func:`kinds_activated_by`) that the seat owns, each copy separately,
    in the order of :func:`activated`, without listing the activated cards first. ``dice``: the roll,
    if not yet written into the state (:func:`~rules.valeria.engine._harvest_at_roll`)."""
    if dice is None:
        dice = state.dice
    board = state.seats[seat]
    owned = board.citizens
    starters = starter_harvest(dice, side)
    gold, strength, magic, vp = starters.plain
    mine: list[HarvestItem] = []
    some = starters.activated
    for card, n, effects in starters.others:
        g, s, m, v = _counted(state, seat, effects)
        gold, strength, magic, vp = gold + g * n, strength + s * n, magic + m * n, vp + v * n
        if effects.items:
            mine += harvest_items(card, side, n, effects.items)
    for i, card, per in kinds_activated_by(dice, state.citizen_kinds):
        copies = owned[i]
        if not copies:
            continue
        some = True
        n = copies * per
        effects = harvest_effects(card, side)
        g, s, m, v = _counted(state, seat, effects) if effects.counted else effects.plain
        gold, strength, magic, vp = gold + g * n, strength + s * n, magic + m * n, vp + v * n
        if effects.items:
            mine += harvest_items(card, side, n, effects.items)
    if gold or strength or magic or vp:
        board = set_board(board, board.gold + gold, board.strength + strength, board.magic + magic, board.vp + vp)
    k = HERALD_ACTIVATIONS[dice][some]
    if k:
        mine.append(HarvestItem(HERALD, side, k))
    return board, tuple(mine)


def _counted(state: State, seat: int, effects: HarvestEffects) -> tuple[int, int, int, int]:
    """One activation's gains of a card side (:class:`HarvestEffects`): its plain gains and each gain
    counted "per" (:func:`~rules.valeria.holdings.gain_times`: a count reads cards, never resources)."""
    g, s, m, v = effects.plain
    for gain in effects.counted:
        times, a = gain_times(state, seat, gain), gain.amount
        g, s, m, v = g + a.gold * times, s + a.strength * times, m + a.magic * times, v + a.vp * times
    return g, s, m, v


def harvest_seat(state: State, seat: int, side: str) -> tuple[State, tuple[HarvestItem, ...]]:
    """One seat's harvest (:func:`harvest_board`) written into the state."""
    board, mine = harvest_board(state, seat, side)
    return (state if board is state.seats[seat] else with_seat(state, seat, board)), mine


@cache
def harvest_items(card: str, side: str, n: int, items: int) -> tuple[HarvestItem, ...]:
    """The ``items`` harvest items of ``card`` on ``side`` activated ``n`` times (:func:`harvest_board`),
    made once and shared (they are immutable)."""
    return tuple(HarvestItem(card, side, n) for _ in range(items))


def item_effect(item: HarvestItem) -> Choice | Exchange:
    """The choice or optional exchange the harvest item waits for (the Herald's is on its one side)."""
    return side_item_effect(item.card, item.side if item.card != HERALD else ON)


@cache
def side_item_effect(card: str, side: str) -> Choice | Exchange:
    """The choice or optional exchange printed on ``side`` of ``card`` (read once per card side)."""
    for effect in side_effects(card, side):
        if isinstance(effect, (Choice, Exchange)):
            return effect
    raise ValueError((card, side))  # pragma: no cover


@cache
def item_branch(card: str, side: str, option: str) -> tuple[Gain, ...]:
    """The gains of the branch ``option`` of the choice a harvest item of ``card`` on ``side`` waits for
    (:func:`item_effect`; valeria.symbols.or): read once per card side and branch (decision 0043)."""
    effect = side_item_effect(card, side if card != HERALD else ON)
    assert isinstance(effect, Choice), "only a choice has branches"
    branch = effect.options[branch_labels(effect).index(option)]
    assert all(isinstance(e, Gain) for e in branch), "a harvest choice's branches are gains"
    return cast(tuple[Gain, ...], branch)


def unpayable_exchange(state: State, seat: int, item: HarvestItem) -> bool:
    """Whether ``item`` is an optional exchange ``seat`` cannot pay now, so that declining is its
    one answer (valeria.symbols.pay): :func:`item_options` is then ``("decline",)``."""
    effect = item_effect(item)
    return isinstance(effect, Exchange) and not affords(state.seats[seat], effect.pay)


def item_options(state: State, seat: int, item: HarvestItem) -> tuple[str, ...]:
    effect = item_effect(item)
    if isinstance(effect, Choice):
        return choice_options(item.card, effect)
    return exchange_options(state.seats[seat], effect)


def exchange_options(board: Seat, effect: Exchange) -> tuple[str, ...]:
    """The answers to an optional exchange for a seat with ``board``: use or decline, only decline when
    it cannot pay (valeria.symbols.pay, :func:`unpayable_exchange`)."""
    return ("use", "decline") if affords(board, effect.pay) else ("decline",)


def choice_options(card: str, effect: Choice) -> tuple[str, ...]:
    """The answers to a harvest item of ``card`` waiting for the choice ``effect``: its branches, and
    a decline: choices of citizens may be declined like exchanges (ruling O25); the Herald's resource
    is a gain. They read no state (:func:`~rules.valeria.offers.choice_item_actions`)."""
    return branch_labels(effect) + (("decline",) if card != HERALD else ())


@implements("valeria.herald.no-citizen", "valeria.herald.doubles", "valeria.herald.twice",
            "valeria.harvest.any-order", "valeria.symbols.pay", "valeria.symbols.or")
def resolve_item(state: State, seat: int, card: str, option: str) -> State:
    """One harvest item of ``seat``: a branch of a choice (the Herald: one resource of
    the seat's choice) or an optional exchange used or declined. The seat's board and the
    harvest items left are written into the state in one copy."""
    items = list(state.harvest[seat])
    i = next(i for i, it in enumerate(items) if it.card == card)
    item = items[i]
    effect = item_effect(item)
    board = state.seats[seat]
    if isinstance(effect, Choice) and option != "decline":
        for e in item_branch(item.card, item.side, option):
            board = credit(board, e.amount, gain_times(state, seat, e))  # a "per" counts cards, never resources
    elif isinstance(effect, Exchange) and option == "use":  # paid and gained in one copy of the board
        pay, gain = effect.pay, effect.gain
        board = set_board(board, board.gold - pay.gold + gain.gold, board.strength - pay.strength + gain.strength,
                           board.magic - pay.magic + gain.magic, board.vp + gain.vp)
    if item.count > 1:
        items[i] = harvest_items(item.card, item.side, item.count - 1, 1)[0]  # the item one fewer, shared
    else:
        del items[i]
    harvest = list(state.harvest)
    harvest[seat] = tuple(items)
    seats = list(state.seats)
    seats[seat] = board
    return _set_seats_harvest(state, tuple(seats), tuple(harvest))


@implements("valeria.harvest.steal-target", "valeria.symbols.take-from", "valeria.symbols.opponent",
            "valeria.cards.thief")
def take(state: State, seat: int, victim: int, amount: Amount) -> State:
    """Take from the opponent the active player chooses; when the opponent has less,
    take what they have (ruling O23)."""
    v = state.seats[victim]
    got = Amount(gold=min(amount.gold, v.gold), strength=min(amount.strength, v.strength),
                 magic=min(amount.magic, v.magic))
    state = with_seat(state, victim, debit(v, got.gold, got.strength, got.magic))
    return with_seat(state, seat, credit(state.seats[seat], got))
