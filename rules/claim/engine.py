"""The flow of a game of the Claim family: the legal actions, why an action is
illegal, and the state after a legal one.

Pure functions over immutable :class:`~rules.claim.state.State` values;
:class:`rules.claim.game.ClaimEngine` wraps them in the kernel's Game protocol.
The trick rules are the predicates of :mod:`rules.claim.trick` and
:mod:`rules.claim.powers` (the functions the Z3 proofs run), called directly or
through the tables of :mod:`rules.claim.tables` evaluated from them; resolving a
trick is :mod:`rules.claim.phase_one` and :mod:`rules.claim.phase_two`.
"""

from __future__ import annotations

from operator import itemgetter

from rules.claim import violations
from rules.claim.cards import Card, Faction
from rules.claim.choices import check_decision, decision_options
from rules.claim.kinds import ActionKind
from rules.claim.phase_one import apply_take, resolve_phase_one
from rules.claim.phase_two import apply_crush, resolve_phase_two
from rules.claim.state import (
    OVER,
    PHASE_ONE,
    Action,
    Crush,
    Play,
    State,
    Take,
    choice,
    note_distinct_hands,
    with_play,
)
from rules.claim.tables import _SEAT_PLAYS, FOLLOWABLE, FOLLOWERS, HOLDING, RESTRICTS, followable
from rules.kernel.registry import implements
from rules.kernel.verdict import Violation

_TAKE = ActionKind.TAKE
#: _FOLLOW_FILTER[lead_faction][holds_lead]: the test a card passes to follow (:data:`FOLLOWERS`'s
#: look-up, bound once), or None when :data:`RESTRICTS` says the follow is listed like a lead.
_FOLLOW_FILTER = {lead: tuple([FOLLOWERS[lead][holds].__contains__ if RESTRICTS[lead][holds] else None
                               for holds in (False, True)]) for lead in Faction}


@implements("claim.lead", "claim.follow", "claim.phase2.lead", "claim.follow-suit", "claim2.lead",
            "claim2.follow", "claim2.phase2.lead", "claim-combined.play-order")
def legal_actions(state: State) -> tuple[Action, ...]:
    """Every distinct legal action of the seat to move (empty when the game is over).

    A hand found without a repeated card is noted on the state and the states copied from
    it (:attr:`~rules.claim.state.State._distinct_hands`): the seat's later turns skip the search
    for repeats (decision record 0049)."""
    if state.phase is OVER:
        return ()
    decisions = state.decisions
    if decisions:
        return decision_options(state, decisions[0])
    table = state.table
    if table:
        hands = state.hands
        seat = (state.leader + len(table)) % len(hands)  # State.to_move, inline: this is the hot path
        cards = hands[seat]
        # followable(), card by card: the hand holds the led faction when one of its cards does, and the
        # cards that may follow are a set per lead and holding; filtered before the repeats are dropped
        lead = table[0].faction
        keep = _FOLLOW_FILTER[lead][not HOLDING[lead].isdisjoint(cards)]
        if keep is not None:
            cards = tuple(filter(keep, cards))
    else:  # a lead: the leader is to move
        seat = state.leader
        cards = state.hands[seat]
    plays = _SEAT_PLAYS[seat]
    count = len(cards)
    if count == 1:  # the last card, or the one card that may follow (no repeats to look for)
        return (plays[cards[0]],)
    try:
        noted = state._distinct_hands
    except AttributeError:  # a state made anew: nothing noted (a try costs nothing when nothing is raised)
        noted = 0
    if noted >> seat & 1 and count:  # no card of this hand repeats: found at an earlier turn
        return itemgetter(*cards)(plays)  # type: ignore[no-any-return]  # the seat's plays in one C call
    # repeats (five Goblin 0s are one play) dropped, first copies kept: a set tells whether there are
    # any more cheaply than the dict that drops them is built (decision record 0044)
    if len(set(cards)) == count:
        if not count:
            return ()
        if cards is state.hands[seat]:  # the whole hand (not filtered): noted for the seat's later turns
            note_distinct_hands(state, noted | 1 << seat)
        return itemgetter(*cards)(plays)  # type: ignore[no-any-return]
    distinct = dict.fromkeys(cards)
    if len(distinct) > 1:
        return itemgetter(*distinct)(plays)  # type: ignore[no-any-return]
    return (plays[cards[0]],)  # copies of one card (itemgetter of one key would not make a tuple)


def check(state: State, action: Action) -> Violation | None:
    """Why ``action`` is illegal in ``state``, or ``None`` if it is legal; each refusal is a
    function of :mod:`rules.claim.violations` naming its rule."""
    v = state.variant
    seat = state.to_move
    if seat is None:
        return violations.game_over(v)
    decisions = state.decisions
    if decisions:
        return check_decision(state, decisions[0], action)
    leading = not state.table
    if type(action) is not Play:
        return violations.no_choice_now(v, action.seat, seat, state.phase, leading)
    if action.seat != seat:
        if leading:
            return violations.not_your_lead(action.seat, seat, state.tricks_played == 0, state.phase, v,
                                            dragon_led(state))
        return violations.not_your_follow(action.seat, seat, state.phase, v)
    hand = state.hands[seat]
    if action.card not in hand:
        return violations.not_in_hand(seat, action.card, leading, state.phase, v)
    if leading:
        return None
    lead = state.table[0]
    if action.card.faction in followable(hand, lead.faction):
        return None
    held = max(c for c in hand if c.faction is lead.faction)
    return violations.must_follow(action.card, lead, held, state.phase, v)


def take_if_legal(state: State, action: Take) -> State | None:
    """``apply_take`` when ``action`` passes the tests of ``choices.check_decision``; else None."""
    decisions = state.decisions
    if not decisions or state.phase is OVER:
        return None
    decision = decisions[0]
    if decision.kind is not _TAKE or action.seat != decision.seat:
        return None
    card = action.card
    if choice(decision).deck_allowed if card is None else card in state.face_up:
        return apply_take(state, action)
    return None


def play_if_legal(state: State, action: Play) -> State | None:
    """The state after ``action`` when it is a legal play (:func:`successor`); None otherwise
    (then :func:`check` names the violation).

    The same tests as :func:`check` (the seat to move, the card in
    hand, ``followable``), made once and shared with the move itself: the
    common case of ``ClaimEngine.apply`` in a random game."""
    if state.decisions or state.phase is OVER:
        return None
    hands = state.hands
    table = state.table
    seat = (state.leader + len(table)) % len(hands)
    card = action.card
    if action.seat != seat:
        return None
    hand = hands[seat]
    if card not in hand:
        return None
    if table:
        lead = table[0].faction
        # FOLLOWABLE[lead][True] is within FOLLOWABLE[lead][False] (tests/claim/test_tables.py): a card
        # allowed to a hand holding the lead faction is allowed to any hand, so the hand need not be read.
        if card.faction not in FOLLOWABLE[lead][True] and card.faction not in followable(hand, lead):
            return None
    return successor(state, action)


def successor(state: State, action: Action) -> State:
    """The state after an action already known to be legal (decision record 0028).

    A play: the card leaves the hand of the seat to move for the trick, and a full trick is
    resolved (``claim.phase1.*``, ``claim.phase2.*``); it is not tested again (the tests are
    :func:`play_if_legal`'s; a caller that drew it from :func:`legal_actions` knows it legal).
    A take or a crush makes the pending decision. The play is written here rather than in a
    function of its own: it is one call fewer at every step of a game (decision record 0036)."""
    if type(action) is not Play:
        if type(action) is Take:
            return apply_take(state, action)
        assert type(action) is Crush
        return apply_crush(state, action)
    hands = state.hands
    seat = action.seat  # the seat to move: the play is legal
    card = action.card
    hand = hands[seat]
    # found by identity (cards are interned): tuple.index would compare through Card's Python
    # ordering methods, several times the cost of the whole loop; counted by hand, which is
    # cheaper than enumerate's pair a card (decision record 0048)
    i = 0
    for held in hand:
        if held is card:
            break
        i += 1
    hand = hand[:i] + hand[i + 1:]
    new_hands: tuple[tuple[Card, ...], ...]
    table = state.table
    if len(hands) == 2:  # the lead goes on, the follow ends the trick
        new_hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
        if not table:
            return with_play(state, new_hands, (card,))  # no decision is pending: a play is legal
        table = (table[0], card)
    else:
        new_hands = hands[:seat] + (hand,) + hands[seat + 1:]
        table += (card,)
        if len(table) < len(hands):
            return with_play(state, new_hands, table)
    if state.phase is PHASE_ONE:
        return resolve_phase_one(state, new_hands, table)
    return resolve_phase_two(state, new_hands, table)


def try_successor(state: State, action: Action) -> State | None:
    """The state after ``action`` when the quick tests show it legal (plays and
    takes, the actions of a game but for rare crushes); else ``None``, and
    :func:`check` decides (and names the violation)."""
    kind = type(action)
    if kind is Play:
        return play_if_legal(state, action)  # type: ignore[arg-type]  # (type(action) is Play)
    if kind is Take:
        return take_if_legal(state, action)  # type: ignore[arg-type]  # (type(action) is Take)
    return None


def dragon_led(state: State) -> bool:
    t = state.last_trick
    return t is not None and any(c.faction is Faction.DRAGON for c in t.cards)
