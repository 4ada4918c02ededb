"""Violations of the Leaders rules, explained in Czech and English.

Every verdict names the rule IDs of ``spec/leaders.toml`` that the action breaks.
"""

from __future__ import annotations

from rules.kernel.text import Text
from rules.kernel.verdict import Violation, refuse


def game_over() -> Violation:
    return refuse(("leaders.end.immediate",),
                  Text.of(cs="Hra už skončila.",
                          en="The game is over."))


def not_your_turn(seat: int, expected: int) -> Violation:
    return refuse(("leaders.turn",),
                  Text.of(cs="Hráč {s} není na tahu; hraje hráč {e}.",
                          en="Seat {s} is not to move; seat {e} is."),
                  s=seat, e=expected)


def nemesis_first(seat: int, owner: int, cell: str) -> Violation:
    return refuse(("leaders.nemesis.forced-move",),
                  Text.of(cs="Nejdřív se musí přesunout Nemesis hráče {o} na poli {c} (soupeřův vládce se pohnul).",
                          en="First the Nemesis of seat {o} on {c} must make its forced move (the enemy leader moved)."),
                  o=owner, c=cell)


def nemesis_path(cell: str, rules: tuple[str, ...]) -> Violation:
    return refuse(rules,
                  Text.of(cs="Nemesis z pole {c} se takto pohnout nesmí: musí o 2 prázdná pole (ne zpět na výchozí), "
                             "o 1 jen když 2 nejde, a stojí jen když nejde ani 1.",
                          en="The Nemesis on {c} may not move that way: it must move 2 steps through empty cells (not back "
                             "to its start), 1 only when 2 are impossible, and stays only when 1 is impossible."),
                  c=cell)


def wrong_phase(kind: str, phase: str) -> Violation:
    rules = {"banish": ("leaders.advanced.banish",), "recruitment": ("leaders.turn", "leaders.recruit.choose")}
    return refuse(rules.get(phase, ("leaders.turn",)),
                  Text.of(cs="Akci typu „{k}“ nelze provést ve fázi „{p}“.",
                          en="An action of kind '{k}' is not possible in the {p} phase."),
                  k=kind, p=phase)


def not_your_figure(cell: str) -> Violation:
    return refuse(("leaders.keywords.allies", "leaders.actions.one-each"),
                  Text.of(cs="Na poli {c} nestojí žádná vaše postava.",
                          en="No character of yours stands on {c}."),
                  c=cell)


def already_acted(cell: str) -> Violation:
    return refuse(("leaders.actions.one-each",),
                  Text.of(cs="Postava na poli {c} už v této fázi akci provedla.",
                          en="The character on {c} has already acted this phase."),
                  c=cell)


def nemesis_no_actions() -> Violation:
    return refuse(("leaders.nemesis.no-actions",),
                  Text.of(cs="Nemesis nemůže ve fázi akcí provádět žádné akce.",
                          en="The Nemesis takes no actions in the action phase."))


def bad_move(cell: str) -> Violation:
    return refuse(("leaders.actions.move", "leaders.keywords.adjacent"),
                  Text.of(cs="Postava z pole {c} se může přesunout jen na sousední prázdné pole.",
                          en="The character on {c} may only move to an adjacent empty cell."),
                  c=cell)


def no_vizier(cell: str) -> Violation:
    return refuse(("leaders.actions.move", "leaders.vizier"),
                  Text.of(cs="Přesun o 2 pole smí jen vládce, a jen když máte Vezíra.",
                          en="Only a leader may move two cells, and only with a Vizier on its side ({c})."),
                  c=cell)


def bad_vizier_move(cell: str) -> Violation:
    return refuse(("leaders.vizier", "leaders.keywords.move"),
                  Text.of(cs="Vládce z pole {c} se s Vezírem pohne o 2 sousední prázdná pole a neskončí na výchozím.",
                          en="With the Vizier the leader on {c} moves through 2 adjacent empty cells, "
                             "not ending where it started."),
                  c=cell)


def no_such_ability(cell: str, ability: str, kind: str) -> Violation:
    rules = ("leaders.hermit-cub.move",) if kind in ("hermit", "cub") else ("leaders.actions.ability",)
    return refuse(rules,
                  Text.of(cs="Postava na poli {c} ({k}) nemá aktivní schopnost „{a}“.",
                          en="The character on {c} ({k}) has no active ability '{a}'."),
                  c=cell, k=kind, a=ability)


def jailed(cell: str) -> Violation:
    return refuse(("leaders.jailer",),
                  Text.of(cs="Postava na poli {c} sousedí s nepřátelským Žalářníkem a nesmí použít schopnost.",
                          en="The character on {c} is adjacent to an enemy Jailer and may not use its ability."),
                  c=cell)


def protected(cell: str) -> Violation:
    return refuse(("leaders.protector",),
                  Text.of(cs="Postavou na poli {c} nesmí pohnout nepřátelská schopnost: je to Ochránce nebo s ním sousedí.",
                          en="An enemy ability may not move the character on {c}: it is a Protector or adjacent to one."),
                  c=cell)


def bad_target(ability: str, cell: str) -> Violation:
    return refuse((f"leaders.{ability}",),
                  Text.of(cs="Schopnost „{a}“ postavy na poli {c} takto použít nelze.",
                          en="The {a} on {c} cannot use its ability that way."),
                  a=ability, c=cell)


def back_to_start(ability: str, cell: str) -> Violation:
    """The Royal Guard's extra step or the Acrobat's second jump ending where the figure started:
    refused by the ruling on its card (an ability that changes nothing is not an action), whose
    principle is the ruling on leaders.claw-launcher."""
    return refuse((f"leaders.{ability}", "leaders.claw-launcher"),
                  Text.of(cs="Výklad knihovny k {a}: postava z pole {c} nesmí schopností skončit na poli, z něhož vyšla "
                             "(schopnost, která nic nezmění, není akce; viz výklad k leaders.claw-launcher).",
                          en="Ruling on leaders.{a}: the character on {c} may not end its ability on the cell it started from "
                             "(an ability that changes nothing is not an action; see the ruling on leaders.claw-launcher)."),
                  a=ability, c=cell)


def own_leader() -> Violation:
    return refuse(("leaders.end.own-leader",),
                  Text.of(cs="Tato akce by nechala vašeho vládce zajatého nebo obklíčeného.",
                          en="This action would leave your own leader captured or surrounded."))


def not_offered(card: str, advanced: bool) -> Violation:
    rules = ("leaders.advanced.offer",) if advanced else ("leaders.recruit.choose",)
    return refuse(rules,
                  Text.of(cs="Postava „{c}“ není v nabídce.",
                          en="'{c}' is not in the offer."),
                  c=card)


def bad_recruit_cells(card: str, needed: int) -> Violation:
    rules = ("leaders.hermit-cub.recruit",) if card == "hermit-cub" else ("leaders.recruit.place",)
    return refuse(rules,
                  Text.of(cs="Postava „{c}“ se umisťuje na {n} různá pole.",
                          en="'{c}' is placed on {n} distinct cell(s)."),
                  c=card, n=needed)


def not_own_recruitment_cell(cell: str) -> Violation:
    return refuse(("leaders.recruit.own-side", "leaders.board.recruitment-cells"),
                  Text.of(cs="Pole {c} není pole verbování na vaší straně.",
                          en="{c} is not a recruitment cell of your side."),
                  c=cell)


def occupied_recruitment_cell(cell: str) -> Violation:
    return refuse(("leaders.recruit.place",),
                  Text.of(cs="Pole verbování {c} není volné.",
                          en="The recruitment cell {c} is not free."),
                  c=cell)


def not_available(card: str) -> Violation:
    return refuse(("leaders.advanced.banish",),
                  Text.of(cs="Postavu „{c}“ nelze vyřadit: není v nabídce.",
                          en="'{c}' cannot be banished: it is not available."),
                  c=card)
