"""Forced answers: a decision with one possible answer is the engine's, not the record's (decision 0033).

A pending decision whose only legal answer is one action (an Obelisk of Nae its owner
cannot pay, the opponent of a take when there is one, Purloiner's Perch in the solo
game), and a seat's harvest exchange it cannot pay and that nothing left to it can make payable
(valeria.symbols.pay), are answered by the engine itself right after the step that
opened them. The explanation narrates each such answer with the rule of the decision
(:func:`narrated`), as it narrates the Dark Lord's steps (decision 0011).

A seat's harvest exchange it cannot pay is forced only when none of its other harvest items
could make it payable (:func:`_payable_later`): a choice of the same seat still to make may give
what it lacks (valeria.harvest.any-order); no other seat's harvest changes its resources.

Records of the older format write these answers out (``{"harvest": "monk", "use": false}``,
``{"exchange": false}``, ``{"decline": true}``, a ``take_from`` with one opponent): the
engine keeps the answers it gave since the roll (``State.forced``) and the replay reads
such a line as repeating one of them (:func:`written`), so every older record still reads.
"""

from __future__ import annotations

from rules.kernel.decisions import ForcedStep
from rules.kernel.text import Text
from rules.valeria import harvest
from rules.valeria.cards import Exchange
from rules.valeria.data import branch_labels
from rules.valeria.explain import describe
from rules.valeria.state import DRAW, OVER, ROLL, Action, HarvestItem, Kind, State, replace

#: the rule a forced harvest decline answers to: an exchange is used only when paid
HARVEST_RULE = "valeria.symbols.pay"
_ANSWERS = (Text.of(cs="Jediná možná odpověď, engine ji dává sám: ", en="The only possible answer, given by the engine: "))


def only_answer(state: State) -> tuple[Action, str] | None:
    """The one possible answer ``state`` waits for and the rule of its decision, or ``None``
    when someone has a choice (or chance decides, or the game is over). A pending decision's
    answers are ``Flow.pending_answers`` (listed once per state, decision 0040: ``legal_actions``
    of the same state reads them back); the harvest waits for a forced answer only at an exchange
    its seat cannot pay (decision 0035: this runs after every step of every game)."""
    if state.phase in (OVER, ROLL, DRAW):
        return None
    if state.pending:
        answers = state.flow.pending_answers(state)
        if len(answers) == 1 and answers[0].kind not in (Kind.ROLL, Kind.DRAW):
            return answers[0], state.pending[0].rule
        return None
    for seat, items in enumerate(state.harvest):
        for item in items:
            if harvest.unpayable_exchange(state, seat, item) and not _payable_later(state, seat, item):
                return Action(Kind.HARVEST, seat, item.card, "decline"), HARVEST_RULE
    return None


def _rule_of(state: State) -> str:
    """The rule of the decision a forced answer in ``state`` answers (:func:`only_answer`'s)."""
    return state.pending[0].rule if state.pending else HARVEST_RULE


_PAID = ("gold", "strength", "magic")


def _payable_later(state: State, seat: int, item: HarvestItem) -> bool:
    """Whether the exchange ``item``, which ``seat`` cannot pay now, may become payable by the seat's
    other harvest items (valeria.harvest.any-order): what each could give at most (the best branch
    of a choice, the gain of an exchange if used), times its count, added to what the seat has.
    Nothing else changes a seat's resources in the Harvest phase."""
    have = state.seats[seat]
    most = dict.fromkeys(_PAID, 0)
    for other in state.harvest[seat]:
        count = other.count - (other == item)
        if count <= 0:
            continue
        effect = harvest.item_effect(other)
        if isinstance(effect, Exchange):
            gives = {r: getattr(effect.gain, r) for r in _PAID}
        else:  # a choice: what its best branch gives, resolved on the state as it is
            after = [harvest.resolve_item(state, seat, other.card, label).seats[seat] for label in branch_labels(effect)]
            gives = {r: max(getattr(s, r) - getattr(have, r) for s in after) for r in _PAID}
        for r in _PAID:
            most[r] += max(gives[r], 0) * count
    pay = harvest.item_effect(item)
    assert isinstance(pay, Exchange), "only an exchange has declining as its one answer"
    return all(getattr(have, r) + most[r] >= getattr(pay.pay, r) for r in _PAID)


def _keep_solo_log(before: State, after: State) -> State:
    """The solo game's log of the Dark Lord's steps (what :func:`rules.valeria.solo.forced_steps`
    narrates) over the forced answer's own step, which starts a new log."""
    if before.solo is None or after.solo is None or not before.solo.steps:
        return after
    return replace(after, solo=replace(after.solo, steps=(*before.solo.steps, *after.solo.steps)))


def begun(action: Action, after: State) -> State:
    """``after``, the variant's successor of ``action``: a roll begins a new turn's list of forced answers."""
    return replace(after, forced=()) if action.kind == Kind.ROLL and after.forced else after


def step(state: State, action: Action) -> State:
    """The variant's successor (``state.flow.successor``) of ``action``, before any forced answer."""
    return begun(action, state.flow.successor(state, action))


def settle(state: State) -> State:
    """``state`` after every forced answer it waits for, each kept in ``State.forced``. A state with
    no pending decision and no harvest item waits for none (:func:`only_answer`'s first answer, asked
    here without the call: most steps end so, decision 0047)."""
    if not state.pending and not state.harvest:
        return state
    while (answer := only_answer(state)) is not None:
        action = answer[0]
        after = _keep_solo_log(state, state.flow.successor(state, action))
        state = replace(after, forced=(*state.forced, action))
    return state


def narrated(before: State, action: Action, after: State) -> tuple[ForcedStep, ...]:
    """The forced answers that followed ``action`` in ``before`` (``after`` is the game's successor),
    each with its decision's rule: the answers ``after`` keeps (``State.forced``, those since the
    roll, this step's last: one source with :func:`settle`), each told on the state it answered."""
    given = after.forced if action.kind == Kind.ROLL else after.forced[len(before.forced):]
    state = step(before, action)
    out = []
    for forced in given:
        rule = _rule_of(state)
        line = describe(state, forced)
        text = Text(tuple((lang, prefix + _without_rule(line.get(lang), rule)) for lang, prefix in _ANSWERS.by_lang))
        out.append(ForcedStep(rule, text))
        state = state.flow.successor(state, forced)
    return tuple(out)


def _without_rule(line: str, rule: str) -> str:
    """An explanation's line without its closing full stop and, when it cites ``rule`` last, that
    citation: the forced step's narration cites the decision's rule once, at its end."""
    line = line.removesuffix(".")
    return line.removesuffix(f" ({rule})")


def _same(forced: Action, written_out: Action) -> bool:
    """Whether ``written_out`` is the forced answer (a take written without its domain and a
    decline without its card, as the older records write them, are the same answer)."""
    if forced.kind == written_out.kind and forced.kind in (Kind.TAKE, Kind.DECLINE):
        return (forced.seat, forced.target) == (written_out.seat, written_out.target) and \
            written_out.card in ("", forced.card)
    return forced == written_out


def written(state: State, action: Action) -> State | None:
    """``state`` having read ``action`` as an older record's writing out of an answer the
    engine gave by itself since the roll, or ``None`` when it is not one (an action legal
    in ``state`` is always the player's own)."""
    i = next((i for i, f in enumerate(state.forced) if _same(f, action)), None)
    if i is None or (state.phase not in (OVER, ROLL, DRAW) and state.flow.check(state, action) is None):
        return None
    return replace(state, forced=(*state.forced[:i], *state.forced[i + 1:]))

