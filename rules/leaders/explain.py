"""Step-by-step explanations for ``rules adjudicate --explain``."""

from __future__ import annotations

from rules.kernel.text import Text
from rules.leaders.characters import name
from rules.leaders.engine import cell_name, lost_sides
from rules.leaders.state import OVER, RECRUITMENT, Action, ActionKind, State


def describe(before: State, a: Action) -> Text:
    """One action in words, citing the rule that allows it."""
    steps = " → ".join(cell_name(c) for c in a.path)
    if a.kind == ActionKind.END:
        return Text.of(cs="Hráč {s} ukončuje fázi akcí (leaders.actions.stop).",
                       en="Seat {s} ends the action phase (leaders.actions.stop).").format(s=a.seat)
    if a.kind == ActionKind.RECRUIT:
        return Text.of(cs="Hráč {s} verbuje {c} na {p} (leaders.recruit.place).",
                       en="Seat {s} recruits {c} on {p} (leaders.recruit.place).").format(
            s=a.seat, c=name(str(a.card)), p=steps)
    if a.kind == ActionKind.BANISH:
        return Text.of(cs="Hráč {s} vyřazuje {c} (leaders.advanced.banish).",
                       en="Seat {s} banishes {c} (leaders.advanced.banish).").format(s=a.seat, c=name(str(a.card)))
    if a.kind == ActionKind.NEMESIS_MOVE:
        return Text.of(cs="Nemesis hráče {s} z {f} se musí pohnout: {p} (leaders.nemesis.forced-move).",
                       en="Seat {s}'s Nemesis on {f} must move: {p} (leaders.nemesis.forced-move).").format(
            s=a.seat, f=cell_name(a.piece) if a.piece >= 0 else "?", p=steps or "—")
    kind = before.pieces[before.board[a.piece]].kind
    if a.kind == ActionKind.MOVE:
        rule = "leaders.vizier" if len(a.path) == 2 else "leaders.actions.move"
        return Text.of(cs="Hráč {s}: {k} z {f} se přesouvá na {p} ({r}).",
                       en="Seat {s}: the {k} on {f} moves to {p} ({r}).").format(
            s=a.seat, k=name(kind), f=cell_name(a.piece), p=steps, r=rule)
    assert a.kind == ActionKind.ABILITY
    target = cell_name(a.target) if a.target >= 0 else ""
    extra = Text.of(cs=" na {t}", en=" on {t}").format(t=target) if target else Text.of(cs="", en="")
    how = Text.of(cs=" (přitáhne)", en=" (pull)") if a.pull else Text.of(cs="", en="")
    dest = Text.of(cs=" → {p}", en=" → {p}").format(p=steps) if steps else Text.of(cs="", en="")
    return Text.of(cs="Hráč {s}: {k} z {f} používá schopnost{x}{h}{d} (leaders.{a}).",
                   en="Seat {s}: the {k} on {f} uses its ability{x}{h}{d} (leaders.{a}).").format(
        s=a.seat, k=name(kind), f=cell_name(a.piece), x=extra, h=how, d=dest, a=a.ability)


def explain_step(before: State, a: Action, after: State) -> tuple[Text, ...]:
    lines = [describe(before, a)]
    leader_moved = any(p.kind == "leader" and before.cells[i] != after.cells[i] for i, p in enumerate(before.pieces))
    if leader_moved and a.kind != ActionKind.NEMESIS_MOVE:
        for i, p in enumerate(before.pieces):
            if p.kind == "nemesis" and before.cells[i] != after.cells[i] and i not in after.pending:
                lines.append(Text.of(cs="  Nemesis se automaticky přesouvá na {c} (jediná možnost, "
                                        "leaders.nemesis.forced-move).",
                                     en="  The Nemesis moves automatically to {c} (its only option, "
                                        "leaders.nemesis.forced-move).").format(c=cell_name(after.cells[i])))
    if after.pending and after.pending != before.pending:
        lines.append(Text.of(cs="  Vládce se pohnul: Nemesis na {c} se musí přesunout (leaders.nemesis.forced-move).",
                             en="  A leader moved: the Nemesis on {c} must move (leaders.nemesis.forced-move).")
                     .format(c=cell_name(after.cells[after.pending[0]])))
    if a.kind == ActionKind.END and after.phase != RECRUITMENT and after.player != before.player:
        lines.append(Text.of(cs="  Verbování se přeskakuje (leaders.recruit.skip, leaders.recruit.no-free-cell).",
                             en="  No recruitment this turn (leaders.recruit.skip, leaders.recruit.no-free-cell)."))
    if after.phase == OVER:
        for s in lost_sides(after):
            lines.append(Text.of(cs="  Vládce hráče {s} je zajat nebo obklíčen: hra končí (leaders.end.immediate).",
                                 en="  Seat {s}'s leader is captured or surrounded: the game ends "
                                    "(leaders.end.immediate).").format(s=s))
    return tuple(lines)
