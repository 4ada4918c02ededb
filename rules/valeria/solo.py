"""The solo game against the Dark Lord (valeria.variants.solo.*, decision 0021).

One seat (0) plays against an automaton of the kernel, the Dark Lord
(``GameInfo.automata``). A turn is Roll, Harvest, Action, then the **Monster
phase** (the dice activate monster stacks, each activation captures a citizen
or seizes a domain of its column) and the **Second Harvest** (the right side
of every citizen), then End (valeria.variants.solo.turn). The end conditions
are checked after every step (valeria.variants.solo.end).

What the Dark Lord does by himself is logged in ``Solo.steps`` and narrated
by :func:`forced_steps` with its rule; the choices the book leaves to the
player (the stack a 6 activates, which of the two citizen stacks of a column
loses a card: ruling O21) are explicit actions. The engine
(:mod:`rules.valeria.engine`) calls this module at one place, the end of the
Action phase; :mod:`rules.valeria.game` sends the solo game's own decisions
here.
"""

from __future__ import annotations

from typing import Any, cast

from rules.kernel.construct import copier
from rules.kernel.decisions import Decision, ForcedStep, push
from rules.kernel.game import Result
from rules.kernel.logic import CONCRETE, Logic
from rules.kernel.registry import implements
from rules.kernel.text import Text
from rules.kernel.verdict import Violation
from rules.valeria import answers, engine, explain, harvest, holdings, offers, scoring, violations
from rules.valeria.cards import Take
from rules.valeria.data import branch_labels, index
from rules.valeria.explain import bilingual, card_name, counter_label, option_text
from rules.valeria.state import (
    DUKES,
    MONSTERS,
    OVER,
    ROLL,
    SECOND,
    Action,
    Kind,
    Outcome,
    Seat,
    Setup,
    Solo,
    State,
    replace,
)
from rules.valeria.variants import SOLO as SOLO
from rules.valeria.variants import take_top

PLAYER = 0
#: The automaton of the solo game (``GameInfo.automata``).
DARK_LORD = "dark-lord"
#: Any five exhausted center stacks end the solo game (valeria.variants.solo.end).
EXHAUSTED_TO_END = 5
#: A die (or, harder, the sum) showing 6 activates the stack of the player's choice.
CHOICE = 6
MONSTER_STACKS = 5
#: Does the sum of the dice activate stacks too (valeria.variants.solo.difficulty)?
SUM_ACTIVATES = {"normal": False, "harder": True, "hardest": True}
#: The solo game's own decisions, and the decisions of the base game it answers its own way.
DECISIONS = frozenset({"activate", "capture", "thief", "purloin"})

STACK, LORD, NOTHING, CHOSEN = "stack", "lord", "nothing", "choice"


# =========================================================================== setup


@implements("valeria.variants.solo.setup")
def solo_state(state: State, setup: Setup) -> State:
    """The initial state of a solo game: the base game's setup for one seat, the Dark
    Lord's duke face down above the monster row (``state`` as it is in the other games)."""
    if setup.solo is None:
        return state
    return replace(state, solo=Solo(dark_lord=setup.solo.dark_lord, difficulty=setup.solo.difficulty))


# =========================================================================== the monster phase


@implements("valeria.variants.solo.monster-phase", "valeria.variants.solo.difficulty")
def stack_activations(a: Any, b: Any, position: Any, sum_activates: Any, L: Logic = CONCRETE) -> Any:
    """How many times the dice ``a``, ``b`` activate the monster stack at ``position``
    (1 = leftmost ... 5; 6 = a stack of the player's choice): once per die showing it
    (so twice on doubles), and in the harder settings once more when the sum is it
    (a sum 2-6; a greater sum names no position). Proved for every roll and setting
    in :mod:`proofs.valeria.solo`."""
    return L.Sum(L.If(a == position, 1, 0), L.If(b == position, 1, 0),
                 L.If(L.And(sum_activates, a + b == position), 1, 0))


@implements("valeria.variants.solo.monster-phase", "valeria.variants.solo.difficulty")
def activations_of(state: State) -> tuple[tuple[int, str], ...]:
    """The monster phase's activations, left to right, then the player's choices: an
    activation of an exhausted stack does nothing, or in the hardest setting makes the
    Dark Lord attack that column himself."""
    a, b = state.dice
    difficulty = lord(state).difficulty
    harder = SUM_ACTIVATES[difficulty]
    out: list[tuple[int, str]] = []
    for column in range(MONSTER_STACKS):
        for _ in range(stack_activations(a, b, column + 1, harder)):
            if state.monsters[column]:
                out.append((column, STACK))
            else:
                out.append((column, LORD if difficulty == "hardest" else NOTHING))
    out.extend((-1, CHOSEN) for _ in range(stack_activations(a, b, CHOICE, harder)))
    return tuple(out)


@implements("valeria.variants.solo.turn")
def monster_phase(state: State) -> State:
    """The Action phase is over: the Monster phase begins with the activations of the
    announced dice (the solo game's end of the Action phase, :data:`rules.valeria.flows.SOLO_FLOW`)."""
    return replace(with_lord(state, attacks=activations_of(state)), phase=MONSTERS, actions_left=0, closing=False)


def column_citizens(state: State, column: int) -> tuple[int, ...]:
    """The citizen kinds on top of the two citizen stacks of ``column`` (activation
    number ``column + 1`` in row 2, the stack below it in row 3), the empty ones left out."""
    out = []
    for stack in (column, column + MONSTER_STACKS):
        if state.citizen_stacks:
            if state.citizen_stacks[stack]:
                out.append(state.citizen_stacks[stack][0])
        elif state.citizen_counts[stack]:
            out.append(stack)
    return tuple(out)


def lord(state: State) -> Solo:
    """The solo game's own part of ``state`` (there is one: this module answers for the solo game only)."""
    assert state.solo is not None, "a state of the solo game"
    return state.solo


def with_lord(state: State, **changes: Any) -> State:
    """``state`` with its solo part changed."""
    return _set_solo(state, replace(lord(state), **changes))


#: the solo part changed: the copy of (nearly) every step of the Monster phase, written out once (decision 0043)
_set_solo = copier(State, "solo")


def _log(state: State, what: str, column: int, card: str = "", **changes: Any) -> State:
    """``state`` with the Dark Lord's step logged (for :func:`forced_steps`) and his part's other
    ``changes`` made in the same copy."""
    return with_lord(state, steps=(*lord(state).steps, (what, column, card)), **changes)


@implements("valeria.variants.solo.capture", "valeria.variants.solo.difficulty")
def attack(state: State, column: int, how: str, **changes: Any) -> State:
    """An activated stack (or the Dark Lord himself) attacks ``column``: a citizen of
    one of its two citizen stacks is captured (the player chooses when both have
    cards: ruling O21), else the top domain of the column is seized and the next one
    revealed, else the player loses at once (valeria.variants.solo.end). ``changes``: the Dark Lord's
    part's other changes, made in the same copy as the attack's log (the attacks left, decision 0043)."""
    state = _log(state, how, column, **changes)
    tops = column_citizens(state, column)
    if len(tops) > 1:
        decision = Decision(PLAYER, "capture", "valeria.variants.solo.capture", (column,))
        return replace(state, pending=push(state.pending, decision))
    if tops:
        return capture(state, tops[0])
    if state.domains[column]:
        domains = list(state.domains)
        domain = domains[column][0]
        domains[column] = domains[column][1:]
        return _log(replace(state, domains=tuple(domains)), "seize", column, domain,
                    seized=(*lord(state).seized, domain))
    return _log(replace(with_lord(state, outcome=Outcome.LOSS, attacks=()), phase=OVER, pending=()), "loss", column)


@implements("valeria.variants.solo.capture")
def capture(state: State, kind: int) -> State:
    """The top citizen of ``kind``'s stack goes beside the Dark Lord; with random
    citizens the card below is revealed (ruling O18)."""
    name = state.citizen_kinds[kind]
    column = next(c for c in range(MONSTER_STACKS) if kind in column_citizens(state, c))
    return _log(take_top(state, kind), "capture", column, name, captured=(*lord(state).captured, name))


# =========================================================================== second harvest and end


@implements("valeria.variants.solo.second-harvest")
def second_harvest(state: State) -> State:
    """The right side of every activated citizen, those recruited this turn included
    (the exception to valeria.recruit.not-this-turn), as a non-active seat harvests:
    plain gains at once, choices and exchanges as harvest items; the Herald too, as it
    would for an opponent (ruling O20)."""
    state, mine = harvest.harvest_seat(state, PLAYER, harvest.OFF)
    return _log(replace(state, phase=SECOND, harvest=(mine,)), "second", -1)


@implements("valeria.variants.solo.end-phase", "valeria.variants.solo.turn")
def next_turn(state: State) -> State:
    """The End phase: the end conditions are checked (at every step, see :func:`settle`);
    none met, the next turn begins with the roll."""
    return replace(with_lord(state, attacks=()), phase=ROLL, turns=state.turns + 1, dice=(0, 0), rolled=(0, 0),
                   used=(), harvest=(), actions_left=0, closing=False)


@implements("valeria.variants.solo.end")
def settle(state: State) -> State:
    """The immediate end conditions: all monsters slain, you win at once (it comes
    first: slaying the last monster also exhausts a fifth stack); any five center stacks
    exhausted, the game ends and is scored. (The third, an attacked column with nothing
    left, is :func:`attack`'s.)"""
    if state.phase == OVER or not state.seats[PLAYER].duke:
        return state
    if not any(state.monsters):
        over = replace(with_lord(state, outcome=Outcome.WIN, attacks=()), phase=OVER, pending=(), harvest=())
        return _log(over, "win", -1)
    if engine.exhausted(state) >= EXHAUSTED_TO_END:
        over = replace(with_lord(state, outcome=Outcome.SCORE, attacks=()), phase=OVER, pending=(), harvest=())
        return _log(over, "score", engine.exhausted(state))
    return state


def run(state: State) -> State:
    """Take the steps the solo rules force until the player must decide or the game ends."""
    while True:
        state = settle(state)
        if state.phase == OVER or state.pending:
            return state
        if state.phase == MONSTERS:
            attacks = lord(state).attacks
            if not attacks:
                state = second_harvest(state)
                continue
            (column, how), rest = attacks[0], attacks[1:]  # the attacks left written with the step's log
            if how == NOTHING:
                state = _log(state, NOTHING, column, attacks=rest)
            elif how == CHOSEN:
                state = replace(with_lord(state, attacks=rest),
                                pending=(Decision(PLAYER, "activate", "valeria.variants.solo.monster-phase"),))
            else:
                state = attack(state, column, how, attacks=rest)
            continue
        if state.phase == SECOND:
            if any(state.harvest):
                return state
            state = next_turn(state)
            continue
        return state


# =========================================================================== choices


def handles(state: State) -> bool:
    """Whether the solo module answers for ``state`` (its phases and its decisions)."""
    return state.phase in (MONSTERS, SECOND) or bool(state.pending and state.pending[0].kind in DECISIONS)


def _leftmost_monster(state: State) -> int:
    return next((i for i, st in enumerate(state.monsters) if st), -1)


def legal(state: State) -> tuple[Action, ...]:
    """The player's options: the stack a 6 activates, the citizen captured, the Thief's
    resource (taken from the supply, valeria.variants.solo.turn), the monster Purloiner's
    Perch takes, the Second Harvest's choices."""
    if state.pending:
        d = state.pending[0]
        if d.kind == "activate":
            return tuple(Action(Kind.ACTIVATE, PLAYER, state.areas[i]) for i, st in enumerate(state.monsters) if st)
        if d.kind == "capture":
            column = cast(tuple[int], d.detail)[0]
            return tuple(Action(Kind.CAPTURE, PLAYER, state.citizen_kinds[k]) for k in column_citizens(state, column))
        if d.kind == "thief":
            _, effect = answers.decision_detail(d)
            return tuple(Action(Kind.THIEF, PLAYER, option=label) for label in branch_labels(effect))
        # purloin: "take a monster" is the top monster of the leftmost non-exhausted stack (the decision is
        # opened only while a monster is left, effects._special_possible); not optional: the card says "take"
        return (Action(Kind.PURLOIN, PLAYER),)
    if state.phase == SECOND:
        return tuple(Action(Kind.HARVEST, PLAYER, item.card, option) for item in state.harvest[PLAYER]
                     for option in harvest.item_options(state, PLAYER, item))
    return ()


def legal_actions(state: State) -> tuple[Action, ...]:
    """The solo game's legal actions: its own decisions and phases here (:func:`legal`), the
    rest the engine's (the solo game's hook, :data:`rules.valeria.flows.SOLO_FLOW`)."""
    return legal(state) if handles(state) else offers.legal_actions(state)


def pending_answers(state: State) -> tuple[Action, ...]:
    """The answers to the decision on top of the pending stack, in the order :func:`legal_actions`
    lists them: the solo game's own decisions here, the rest the engine's."""
    return tuple(legal(state)) if handles(state) else offers.pending_answers(state)


def check_action(state: State, action: Action) -> Violation | None:
    """Why ``action`` is illegal in the solo game: its own decisions here (:func:`check`), the
    rest and every chance outcome by :func:`rules.valeria.violations.refusal`."""
    if handles(state) and action.kind not in (Kind.ROLL, Kind.DRAW):
        return check(state, action)
    return violations.refusal(state, action)


def check(state: State, action: Action) -> Violation | None:
    if action in legal(state):
        return None
    if state.pending:
        d = state.pending[0]
        rule = {"activate": "valeria.variants.solo.monster-phase", "capture": "valeria.variants.solo.capture"}.get(
            d.kind, "valeria.variants.solo.turn")
        what = {"activate": ("šestka aktivuje nevyčerpaný balíček nestvůr podle tvé volby",
                             "a 6 activates a non-exhausted monster stack of your choice"),
                "capture": ("Temný pán zajme obyvatele z jednoho ze dvou balíčků obyvatel ve sloupci",
                            "the Dark Lord captures a citizen from one of the two citizen stacks of the column"),
                "thief": ("„vzít od jiného hráče“ znamená prostě vzít si odměnu (zlaťáky, nebo magii)",
                          "“take from another player” means simply taking the reward (gold or magic)"),
                "purloin": ("„vzít si nestvůru“ znamená vrchní nestvůru prvního nevyčerpaného balíčku zleva",
                            "“take a monster” means the top monster of the leftmost non-exhausted stack")}[d.kind]
        return violations.refuse(rule, "nyní je třeba rozhodnout: " + what[0], "decide now: " + what[1])
    return violations.refuse("valeria.variants.solo.second-harvest",
                         "ve druhé fázi příjmu se vyhodnotí pravé strany aktivovaných karet",
                         "the Second Harvest resolves the right sides of the activated cards")


@implements("valeria.variants.solo.turn", "valeria.variants.solo.monster-phase")
def decide(state: State, a: Action) -> State:
    """Apply one of :func:`legal`'s actions (the engine's flow takes over afterwards)."""
    if state.phase == SECOND and not state.pending:
        return harvest.resolve_item(state, PLAYER, a.card, a.option)
    d = state.pending[0]
    state = replace(state, pending=state.pending[1:])
    if a.kind == Kind.ACTIVATE:
        return attack(state, state.areas.index(a.card), CHOSEN)
    if a.kind == Kind.CAPTURE:
        return capture(state, state.citizen_kinds.index(a.card))
    if a.kind == Kind.THIEF:
        _, effect = answers.decision_detail(d)
        for e in effect.options[branch_labels(effect).index(a.option)]:
            state = gain_taken(state, e)
        return engine.advance(state)
    # Kind.PURLOIN: the top monster of the leftmost non-exhausted stack moves to the Victory stack
    i = _leftmost_monster(state)
    monsters = list(state.monsters)
    monster = monsters[i][0]
    monsters[i] = monsters[i][1:]
    s = state.seats[PLAYER]
    state = holdings.with_seat(replace(state, monsters=tuple(monsters)), PLAYER, replace(s, monsters=(*s.monsters, monster)))
    return engine.advance(state)


@implements("valeria.variants.solo.turn")
def gain_taken(state: State, effect: Take) -> State:
    """“Take from another player” in the solo game: simply take the reward."""
    return holdings.with_seat(state, PLAYER, holdings.credit(state.seats[PLAYER], effect.amount))


def successor(state: State, a: Action) -> State:
    """The solo game's successor: its own decisions here, the rest by the engine, then
    the forced steps and the end conditions (:func:`run`)."""
    if lord(state).steps:  # a new step starts a new log
        state = with_lord(state, steps=())
    after = decide(state, a) if handles(state) else engine.successor(state, a)
    return run(after)


# =========================================================================== scoring


def dark_lord_state(state: State) -> State:
    """``state`` seen as the Dark Lord's one seat: the surviving monsters as his
    "monsters", the captured citizens and seized domains as his duchy, no resources,
    his duke; so his duke is counted by the engine's own :func:`~rules.valeria.holdings.count`."""
    survivors = tuple(m for st in state.monsters for m in st)
    his = lord(state)
    counts = tuple(his.captured.count(k) for k in state.citizen_kinds)
    seat = Seat(gold=0, strength=0, magic=0, vp=0, citizens=counts, domains=his.seized, monsters=survivors,
                dealt=(), duke=his.dark_lord)
    return replace(state, seats=(seat,))


@implements("valeria.variants.solo.scoring")
def scores(state: State) -> tuple[scoring.Score, scoring.Score]:
    """Yours (slain monsters + built domains + your duke, and the board VP: ruling O20)
    and the Dark Lord's (the monsters still in the stacks + the seized domains + his duke
    applied to the surviving monsters, captured citizens and seized domains)."""
    return scoring.score(state, PLAYER), scoring.score(dark_lord_state(state), 0)


@implements("valeria.variants.solo.result", "valeria.variants.solo.end")
def player_wins(state: State) -> bool:
    """All monsters slain: you win; an empty column attacked: you lose; scored: you
    win only with more VP than the Dark Lord (equal or more means you lose)."""
    outcome = lord(state).outcome
    if outcome in (Outcome.WIN, Outcome.LOSS):
        return outcome == Outcome.WIN
    mine, his = scores(state)
    return mine.total > his.total


#: The rules that decided a solo game, by how it ended (``Result.rules``): all monsters slain or an
#: attack on an empty column end it at once (valeria.variants.solo.end, the attack by the Monster
#: phase, valeria.variants.solo.monster-phase); five exhausted stacks end it and the VP decide
#: (valeria.variants.solo.result).
END_RULES = {Outcome.WIN: ("valeria.variants.solo.end",),
             Outcome.LOSS: ("valeria.variants.solo.end", "valeria.variants.solo.monster-phase"),
             Outcome.SCORE: ("valeria.variants.solo.end", "valeria.variants.solo.result")}

_HOW = {Outcome.WIN: ("všechny nestvůry jsou zabity", "all monsters are slain"),
        Outcome.LOSS: ("aktivovaná nestvůra útočí na sloupec bez obyvatel a panství",
                 "an activated monster attacks a column with no citizens and no domains"),
        Outcome.SCORE: ("je vyčerpáno 5 centrálních balíčků: počítají se body", "5 center stacks are exhausted: score")}


def result(state: State) -> Result:
    """The Result: ``winners`` (0,) when the player wins, () when the Dark Lord does;
    ``details["solo"]`` names the winner ("player" or "dark-lord"), how the game ended
    and both scores."""
    solo = lord(state)
    assert solo.outcome is not None, "the result of a solo game that is over"
    won = player_wins(state)
    mine, his = scores(state)
    winner = "player" if won else DARK_LORD
    details = {"solo": {"winner": winner, "outcome": solo.outcome, "difficulty": solo.difficulty,
                        "player": mine.total, "dark-lord": his.total, "dark_lord_duke": solo.dark_lord,
                        "captured": list(solo.captured), "seized": list(solo.seized)},
               "scores": [{"seat": "player", "monsters": mine.monsters, "domains": mine.domains, "board": mine.board,
                           "duke": mine.duke, "total": mine.total},
                          {"seat": DARK_LORD, "monsters": his.monsters, "domains": his.domains, "board": 0,
                           "duke": his.duke, "total": his.total}]}
    ix = index()

    def terms(sc: scoring.Score, lang: str) -> str:
        return " + ".join(f"{each} × {counter_label(c, lang)} ({n}) = {vp}" for c, each, n, vp in sc.duke_terms) or "-"

    duke = state.seats[PLAYER].duke or ""
    lord_duke = ix.dukes[solo.dark_lord].name if solo.dark_lord in ix.dukes else Text.of(cs="-", en="-")
    how = _HOW[solo.outcome]
    lines = [bilingual("Hra končí: {h} (valeria.variants.solo.end).", "The game ends: {e} (valeria.variants.solo.end).",
               h=how[0], e=how[1]),
             bilingual("Hráč: nestvůry {m} + panství {d} + deska {b} (výklad O20) + vévoda {kn} {k} ({tc}; zdroje {r}) = {tot} "
               "(valeria.variants.solo.scoring).",
               "Player: monsters {m} + domains {d} + board {b} (ruling O20) + duke {ke} {k} ({te}; resources {r}) = "
               "{tot} (valeria.variants.solo.scoring).",
               m=mine.monsters, d=mine.domains, b=mine.board, kn=ix.dukes[duke].name.get("cs") if duke else "-",
               ke=ix.dukes[duke].name.get("en") if duke else "-", k=mine.duke, tc=terms(mine, "cs"),
               te=terms(mine, "en"), r=mine.duke_resources, tot=mine.total),
             bilingual("Temný pán (vévoda {kn}): přeživší nestvůry {m} + obsazená panství {d} + jeho vévoda {k} ({tc}; "
               "zajatí obyvatelé {c}) = {tot} (valeria.variants.solo.scoring).",
               "Dark Lord (duke {ke}): surviving monsters {m} + seized domains {d} + his duke {k} ({te}; captured "
               "citizens {c}) = {tot} (valeria.variants.solo.scoring).",
               kn=lord_duke.get("cs"), ke=lord_duke.get("en"), m=his.monsters, d=his.domains, k=his.duke,
               tc=terms(his, "cs"), te=terms(his, "en"), c=len(solo.captured), tot=his.total)]
    if solo.outcome == Outcome.SCORE:
        lines.append(bilingual("Temný pán {h} : hráč {p}; stejně nebo více znamená prohru (valeria.variants.solo.result).",
                       "Dark Lord {h} : player {p}; equal or more means you lose (valeria.variants.solo.result).",
                       h=his.total, p=mine.total))
    lines.append(bilingual("Vítěz: hráč (player) – vyhrál jste… prozatím." if won else
                   "Vítěz: Temný pán (dark-lord) – prohrál jste hru… ale ne celou válku.",
                   "Winner: the player (player): you have won… for now." if won else
                   "Winner: the Dark Lord (dark-lord): you have lost the game… but not the war."))
    return Result((PLAYER,) if won else (), details, tuple(lines), "" if won else DARK_LORD, END_RULES[solo.outcome])


# =========================================================================== explanations


def _column(state: State, column: int) -> tuple[str, str]:
    area = state.areas[column]
    return card_name(area, "cs"), card_name(area, "en")


@implements("valeria.variants.solo.monster-phase", "valeria.variants.solo.capture")
def forced_steps(before: State, action: Action, after: State) -> tuple[ForcedStep, ...]:
    """What the Dark Lord did by himself in the step ``action`` began, each with its rule
    (decisions 0011 and 0021)."""
    out = []
    done = lord(after)
    for what, column, card in done.steps:
        if what in (STACK, CHOSEN):
            cs, en = _column(after, column)
            out.append(ForcedStep("valeria.variants.solo.monster-phase", bilingual(
                "Fáze nestvůr: aktivuje se balíček nestvůr {c} (sloupec {n})",
                "Monster phase: the monster stack {e} (column {n}) activates", c=cs, e=en, n=column + 1)))
        elif what == LORD:
            out.append(ForcedStep("valeria.variants.solo.difficulty", bilingual(
                "Balíček nestvůr ve sloupci {n} je vyčerpaný: útočí sám Temný pán (nejtěžší obtížnost)",
                "The monster stack of column {n} is exhausted: the Dark Lord attacks himself (hardest)", n=column + 1)))
        elif what == NOTHING:
            out.append(ForcedStep("valeria.variants.solo.monster-phase", bilingual(
                "Kostka ukazuje na vyčerpaný balíček nestvůr (sloupec {n}): nic se neaktivuje",
                "A die names the exhausted monster stack of column {n}: nothing activates", n=column + 1)))
        elif what == "capture":
            out.append(ForcedStep("valeria.variants.solo.capture", bilingual(
                "Temný pán zajímá obyvatele {c} ze sloupce {n}; leží vedle něj (zajatých: {k})",
                "The Dark Lord captures the citizen {e} from column {n}; it lies beside him ({k} captured)",
                c=card_name(card, "cs"), e=card_name(card, "en"), n=column + 1, k=len(done.captured))))
        elif what == "seize":
            out.append(ForcedStep("valeria.variants.solo.capture", bilingual(
                "Oba balíčky obyvatel sloupce {n} jsou vyčerpané: Temný pán obsazuje panství {c}; odhaluje se další "
                "(výklad O21)", "Both citizen stacks of column {n} are exhausted: the Dark Lord seizes the domain {e}; "
                "the next one is revealed (ruling O21)", c=card_name(card, "cs"), e=card_name(card, "en"), n=column + 1)))
        elif what == "loss":
            out.append(ForcedStep("valeria.variants.solo.end", bilingual(
                "Ve sloupci {n} nejsou žádní obyvatelé ani panství: prohrál jste ihned",
                "Column {n} holds no citizens and no domains: you lose at once", n=column + 1)))
        elif what == "win":
            out.append(ForcedStep("valeria.variants.solo.end", bilingual(
                "Všechny nestvůry jsou zabity: vyhrál jste ihned", "All monsters are slain: you win at once")))
        elif what == "score":
            out.append(ForcedStep("valeria.variants.solo.end", bilingual(
                "Vyčerpaných centrálních balíčků je {n}: hra končí a počítají se body",
                "{n} center stacks are exhausted: the game ends and is scored", n=column)))
    attacked = before.phase == MONSTERS or any(what in (STACK, LORD, CHOSEN, NOTHING) for what, _, _ in done.steps)
    if attacked and after.phase != MONSTERS:
        citizens_cs = ", ".join(card_name(c, "cs") for c in done.captured) or "-"
        citizens_en = ", ".join(card_name(c, "en") for c in done.captured) or "-"
        domains_cs = ", ".join(card_name(d, "cs") for d in done.seized) or "-"
        domains_en = ", ".join(card_name(d, "en") for d in done.seized) or "-"
        out.append(ForcedStep("valeria.variants.solo.capture", bilingual(
            "Vedle Temného pána leží zajatí obyvatelé ({n}): {c}; obsazená panství ({m}): {d}",
            "Beside the Dark Lord lie the captured citizens ({n}): {e}; the seized domains ({m}): {f}",
            n=len(done.captured), c=citizens_cs, e=citizens_en, m=len(done.seized), d=domains_cs, f=domains_en)))
    if any(what == "second" for what, _, _ in done.steps):
        s = after.seats[PLAYER]
        out.append(ForcedStep("valeria.variants.solo.second-harvest", bilingual(
            "Druhá fáze příjmu: pravé strany všech aktivovaných obyvatel (i najatých v tomto tahu); máš {g}G {st}S {m}M",
            "Second Harvest: the right sides of all activated citizens (those recruited this turn too); you have "
            "{g}G {st}S {m}M", g=s.gold, st=s.strength, m=s.magic)))
    if before.phase not in (ROLL, DUKES) and after.phase == ROLL:
        out.append(ForcedStep("valeria.variants.solo.end-phase", bilingual(
            "Fáze závěru: žádná podmínka konce hry nenastala, začíná tah {n}",
            "End phase: no end condition is met, turn {n} begins", n=after.turns)))
    return tuple(out)


def explain_step(before: State, action: Action, after: State) -> tuple[Text, ...]:
    """The engine's explanation of the step, its first line in the solo game's own words
    where the action is the solo game's own (:func:`describe`)."""
    lines = explain.explain_step(before, action, after)
    own = describe(before, action)
    return (own, *lines[1:]) if own is not None else lines


def describe(before: State, a: Action) -> Text | None:
    """The solo game's own actions in words (``None``: the engine's words fit)."""
    if a.kind == Kind.ACTIVATE:
        return bilingual("Hráč volí balíček nestvůr {c}, který aktivuje šestka (valeria.variants.solo.monster-phase).",
                 "The player chooses the monster stack {e} that the 6 activates (valeria.variants.solo.monster-phase).",
                 c=card_name(a.card, "cs"), e=card_name(a.card, "en"))
    if a.kind == Kind.CAPTURE:
        return bilingual("Hráč volí, že Temný pán zajme obyvatele {c} (výklad O21, valeria.variants.solo.capture).",
                 "The player chooses that the Dark Lord captures the citizen {e} (ruling O21, "
                 "valeria.variants.solo.capture).", c=card_name(a.card, "cs"), e=card_name(a.card, "en"))
    if a.kind == Kind.THIEF:
        return bilingual("Zlodějka: hráč si prostě vezme odměnu {o} (valeria.variants.solo.turn).",
                 "Thief: the player simply takes the reward {o} (valeria.variants.solo.turn).", o=option_text(a.option))
    if a.kind == Kind.PURLOIN:
        return bilingual("Hráč si bere vrchní nestvůru prvního nevyčerpaného balíčku zleva (valeria.variants.solo.turn).",
                 "The player takes the top monster of the leftmost non-exhausted stack (valeria.variants.solo.turn).")
    return None
