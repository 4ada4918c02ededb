"""Phase one of the Claim family: resolving a trick and handing out the face-up and drawn cards.

Two players: the winner takes the face-up card, the loser draws (a Seer's
winner may take the peeked deck card instead). Three and four players: two
face-up cards, the winner chooses, the next in the draw order takes the other,
the rest draw in draw order (``claim-combined.phase1.*``).
"""

from __future__ import annotations

from rules.claim.cards import Card
from rules.claim.kinds import ActionKind, Received
from rules.claim.state import (
    PHASE_ONE,
    PHASE_TWO,
    Choice,
    OutcomeFacts,
    State,
    Take,
    after_exchange,
    after_plain_exchange,
    choice,
    make_state,
)
from rules.claim.tables import (
    COUNTS_AS_LEAD,
    DRAW_RANK,
    PAIR_TRICK,
    SEER_PEEKS,
    W_SCORE,
    ZONE,
    next_leader_position,
    sorted_cards,
    trick_winner,
)
from rules.kernel.decisions import Decision, Decisions, pop, push
from rules.kernel.registry import implements

_TAKE = ActionKind.TAKE
PAIR_TRICK_ONE = PAIR_TRICK[PHASE_ONE]
_REVEALED, _CHOSEN, _DECK, _EXCHANGE, _OTHER, _DRAWN = (Received.REVEALED, Received.CHOSEN, Received.DECK,
                                                        Received.EXCHANGE, Received.OTHER, Received.DRAWN)


@implements("claim.leader.previous-winner", "claim.phase1.tricks", "claim.phase1.undead-to-score",
            "claim.phase1.discard", "claim2.leader.previous-winner", "claim2.phase1.tricks",
            "claim2.phase1.discard", "claim2.dragons", "claim2.seers", "claim-combined.phase1.winner-chooses",
            "claim-combined.phase1.draw-order", "claim-combined.phase1.draw-order.tie",
            "claim.phase1.winner-takes-revealed", "claim.phase1.loser-draws", "claim2.phase1.winner-takes-revealed",
            "claim2.phase1.loser-draws")
def resolve_phase_one(state: State, hands: tuple[tuple[Card, ...], ...], cards: tuple[Card, ...]) -> State:
    """A complete phase-one trick: winner, played cards away, then the face-up cards.

    A two-player trick that no Seer wins is one look-up of what its cards decide
    (:data:`~rules.claim.tables.PAIR_TRICK`, decision record 0044). With two players and no
    choice to make (no Seer won), the winner then takes the face-up card and the loser draws the
    top deck card: :func:`distribute` with ``chooser`` the winner and ``after`` the loser, written
    out here for the one case every trick of two-player phase one but a Seer's is (no lists, the
    two seats' piles rebuilt in place, one call fewer a trick: decision records 0039 and 0048)."""
    leader = state.leader
    special = True  # a trick of more than two cards is never looked up
    if len(cards) == 2:
        wp, next_position, to_score, _, discarded, special = PAIR_TRICK_ONE[cards]
    if not special:
        winner = (leader + wp) % 2
        score = state.score
        if to_score:
            score = (score[0] + to_score, score[1]) if winner == 0 else (score[0], score[1] + to_score)
        discard = state.discard + discarded if discarded else state.discard
        next_leader = (leader + next_position) % 2
        number = state.tricks_played + 1
    else:
        v = state.variant
        n = len(hands)
        wp, winner = trick_winner(leader, cards)
        zone = ZONE[n][PHASE_ONE]
        scored: tuple[Card, ...] = ()
        discard = state.discard
        for c in cards:
            if zone[c.faction] is W_SCORE:
                scored += (c,)
            else:
                discard += (c,)
        score = state.score
        if scored:
            score = score[:winner] + (score[winner] + scored,) + score[winner + 1:]
        next_leader = (leader + next_leader_position(v, cards, wp)) % n
        number = state.tricks_played + 1
        if n == 2:
            order: tuple[int, ...] = (1 - winner,)
        else:
            lead_of = COUNTS_AS_LEAD[cards[0].faction]
            facts = sorted([(p, lead_of[c.faction], c.value) for p, c in enumerate(cards) if p != wp],
                           key=DRAW_RANK.__getitem__)  # in draws_before's order, via its table
            order = tuple([(leader + p) % n for p, _, _ in facts])
        peek = SEER_PEEKS[cards[wp].faction]
        if peek or n > 2:
            rule = "claim2.seers" if peek else "claim-combined.phase1.winner-chooses"
            also: tuple[str, ...] = ("claim2.seers.multiplayer",) if peek and n > 2 else ()
            outcome: OutcomeFacts = (number, PHASE_ONE, leader, cards, winner, next_leader, (), (), None)
            decision = Decision(winner, _TAKE, rule, Choice(order, bool(peek), (), also))
            return make_state(PHASE_ONE, hands, state.deck, state.face_up, next_leader, (), state.followers,
                              state.known_followers, score, discard, number, outcome, state.gnomes, state.trolls,
                              push(state.decisions, decision), v)
    # two players, no choice: claim.phase1.winner-takes-revealed, claim.phase1.loser-draws
    revealed = state.face_up[0]
    deck = state.deck
    drawn = deck[0]
    followers = state.followers
    known = state.known_followers
    if winner == 0:
        followers = (followers[0] + (revealed,), followers[1] + (drawn,))
        known = (known[0] + (revealed,), known[1])
    else:
        followers = (followers[0] + (drawn,), followers[1] + (revealed,))
        known = (known[0], known[1] + (revealed,))
    t: OutcomeFacts = (number, PHASE_ONE, leader, cards, winner, next_leader,
                       ((winner, revealed, _REVEALED), (1 - winner, drawn, _DRAWN)), (), None)
    if hands[0]:  # next_trick's reveal, written out: one call fewer a trick (two players: one face-up card)
        return after_plain_exchange(state, hands, deck[2:], deck[1:2], next_leader, (), followers, known, score,
                                    discard, number, t)
    return next_trick(state, hands, deck[1:], next_leader, followers, known, score, discard, number, t,
                      state.decisions)


def apply_take(state: State, action: Take) -> State:
    """The pending ``take`` decision is made: it leaves the stack, the cards are handed out."""
    decision = state.decisions[0]
    detail = choice(decision)
    t = state.last_trick
    assert t is not None
    return distribute(state, state.hands, state.score, state.discard, state.leader, state.tricks_played,
                      (t.leader, t.cards, t.winner, t.received), action.seat, action.card, detail.deck_allowed,
                      detail.after, pop(state.decisions))


@implements("claim.phase1.winner-takes-revealed", "claim.phase1.loser-draws", "claim2.phase1.winner-takes-revealed",
            "claim2.phase1.loser-draws", "claim2.seers.exchange", "claim2.seers.multiplayer",
            "claim-combined.phase1.next-takes-other", "claim-combined.phase1.others-draw",
            "claim-combined.phase1.next-trick", "claim.phase1.end", "claim2.phase1.end",
            "claim-combined.phase1.end")
def distribute(state: State, hands: tuple[tuple[Card, ...], ...], score: tuple[tuple[Card, ...], ...],
                discard: tuple[Card, ...], leader: int, number: int,
                trick: tuple[int, tuple[Card, ...], int, tuple[tuple[int, Card, Received], ...]], chooser: int,
                chosen: Card | None, seer: bool, after: tuple[int, ...], decisions: Decisions) -> State:
    """``chooser`` takes ``chosen`` (a face-up card, or None: the top deck card);
    then the seats ``after`` receive theirs in draw order: the face-up card
    left (a choice when two are left), then cards drawn from the deck.

    The other fields (hands, piles, next leader ``leader``, trick ``number``)
    are those of the resolved trick; ``trick`` is its (leader, cards, winner,
    cards received so far), whose facts the state keeps (the :class:`TrickOutcome` is
    made from them when read, decision record 0048);
    ``decisions`` the stack without the decision just made."""
    v = state.variant
    followers = list(state.followers)
    known = list(state.known_followers)
    face_up = list(state.face_up)
    deck = state.deck
    received: list[tuple[int, Card, Received]] = []
    if chosen is None:
        chosen = deck[0]
        deck = deck[1:]
        received.append((chooser, chosen, _DECK))
    else:
        face_up.remove(chosen)
        known[chooser] += (chosen,)
        received.append((chooser, chosen, _CHOSEN if seer or len(state.face_up) > 1 else _REVEALED))
    followers[chooser] += (chosen,)
    if len(face_up) > 1 and after:  # Seer's winner took the deck card: the next in draw order chooses
        t: OutcomeFacts = (number, PHASE_ONE, trick[0], trick[1], trick[2], leader, trick[3] + tuple(received),
                           (), None)
        decision = Decision(after[0], _TAKE, "claim2.seers.multiplayer", Choice(after[1:]))
        return make_state(PHASE_ONE, hands, deck, tuple(face_up), leader, (), tuple(followers), tuple(known), score,
                     discard, number, t, state.gnomes, state.trolls, push(decisions, decision), v)
    for seat in after:
        if face_up:
            c = face_up.pop(0)
            known[seat] += (c,)
            received.append((seat, c, _OTHER if v.players > 2 else _EXCHANGE))
        else:
            c = deck[0]
            deck = deck[1:]
            received.append((seat, c, _DRAWN))
        followers[seat] += (c,)
    facts: OutcomeFacts = (number, PHASE_ONE, trick[0], trick[1], trick[2], leader, trick[3] + tuple(received),
                           (), None)
    return next_trick(state, hands, deck, leader, tuple(followers), tuple(known), score, discard, number, facts,
                      decisions)


@implements("claim.phase1.reveal", "claim-combined.phase1.reveal-two", "claim.phase1.end", "claim2.phase1.end",
            "claim-combined.phase1.end")
def next_trick(state: State, hands: tuple[tuple[Card, ...], ...], deck: tuple[Card, ...], leader: int,
               followers: tuple[tuple[Card, ...], ...], known: tuple[tuple[Card, ...], ...],
               score: tuple[tuple[Card, ...], ...], discard: tuple[Card, ...], number: int, t: OutcomeFacts,
               decisions: Decisions) -> State:
    """The cards of a phase-one trick are handed out: the next trick's face-up cards are revealed
    or, the hands empty, phase one ends and each player takes their followers as their hand."""
    if hands[0]:  # claim.phase1.reveal / claim-combined.phase1.reveal-two for the next trick
        k = state.variant.face_up_per_trick
        return after_exchange(state, hands, deck[k:], deck[:k], leader, (), followers, known, score,
                              discard, number, t, decisions)  # still phase one: the phase is state's
    # claim.phase1.end -> claim.phase2.take-followers
    empties = tuple(() for _ in hands)
    return make_state(PHASE_TWO, tuple(sorted_cards(f) for f in followers), deck, (), leader, (), empties, empties,
                      score, discard, number, t, state.gnomes, state.trolls, decisions, state.variant)

