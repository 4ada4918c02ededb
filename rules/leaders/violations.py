"""Violations of the Leaders rules, explained in Czech and English.

Every verdict names the rule IDs of ``spec/leaders.toml`` that the action breaks.
"""

from __future__ import annotations

from rules.kernel.text import Text
from rules.kernel.verdict import Violation


def _v(rules: tuple[str, ...], cs: str, en: str, **values: object) -> Violation:
    return Violation(rules, Text.of(cs=cs, en=en).format(**values))


def game_over() -> Violation:
    return _v(("leaders.end.immediate",), "Hra už skončila.", "The game is over.")


def not_your_turn(seat: int, expected: int) -> Violation:
    return _v(("leaders.turn",), "Hráč {s} není na tahu; hraje hráč {e}.",
              "Seat {s} is not to move; seat {e} is.", s=seat, e=expected)


def nemesis_first(seat: int, owner: int, cell: str) -> Violation:
    return _v(("leaders.nemesis.forced-move",),
              "Nejdřív se musí přesunout Nemesis hráče {o} na poli {c} (soupeřův vládce se pohnul).",
              "First the Nemesis of seat {o} on {c} must make its forced move (the enemy leader moved).",
              o=owner, c=cell)


def nemesis_path(cell: str, rules: tuple[str, ...]) -> Violation:
    return _v(rules, "Nemesis z pole {c} se takto pohnout nesmí: musí o 2 prázdná pole (ne zpět na výchozí), "
              "o 1 jen když 2 nejde, a stojí jen když nejde ani 1.",
              "The Nemesis on {c} may not move that way: it must move 2 steps through empty cells (not back "
              "to its start), 1 only when 2 are impossible, and stays only when 1 is impossible.", c=cell)


def wrong_phase(kind: str, phase: str) -> Violation:
    rules = {"banish": ("leaders.advanced.banish",), "recruitment": ("leaders.turn", "leaders.recruit.choose")}
    return _v(rules.get(phase, ("leaders.turn",)), "Akci typu „{k}“ nelze provést ve fázi „{p}“.",
              "An action of kind '{k}' is not possible in the {p} phase.", k=kind, p=phase)


def not_your_figure(cell: str) -> Violation:
    return _v(("leaders.keywords.allies", "leaders.actions.one-each"),
              "Na poli {c} nestojí žádná vaše postava.", "No character of yours stands on {c}.", c=cell)


def already_acted(cell: str) -> Violation:
    return _v(("leaders.actions.one-each",), "Postava na poli {c} už v této fázi akci provedla.",
              "The character on {c} has already acted this phase.", c=cell)


def nemesis_no_actions() -> Violation:
    return _v(("leaders.nemesis.no-actions",), "Nemesis nemůže ve fázi akcí provádět žádné akce.",
              "The Nemesis takes no actions in the action phase.")


def bad_move(cell: str) -> Violation:
    return _v(("leaders.actions.move", "leaders.keywords.adjacent"),
              "Postava z pole {c} se může přesunout jen na sousední prázdné pole.",
              "The character on {c} may only move to an adjacent empty cell.", c=cell)


def no_vizier(cell: str) -> Violation:
    return _v(("leaders.actions.move", "leaders.vizier"),
              "Přesun o 2 pole smí jen vládce, a jen když máte Vezíra.",
              "Only a leader may move two cells, and only with a Vizier on its side ({c}).", c=cell)


def bad_vizier_move(cell: str) -> Violation:
    return _v(("leaders.vizier", "leaders.keywords.move"),
              "Vládce z pole {c} se s Vezírem pohne o 2 sousední prázdná pole a neskončí na výchozím.",
              "With the Vizier the leader on {c} moves through 2 adjacent empty cells, not ending where it started.",
              c=cell)


def no_such_ability(cell: str, ability: str, kind: str) -> Violation:
    rules = ("leaders.hermit-cub.move",) if kind in ("hermit", "cub") else ("leaders.actions.ability",)
    return _v(rules, "Postava na poli {c} ({k}) nemá aktivní schopnost „{a}“.",
              "The character on {c} ({k}) has no active ability '{a}'.", c=cell, k=kind, a=ability)


def jailed(cell: str) -> Violation:
    return _v(("leaders.jailer",), "Postava na poli {c} sousedí s nepřátelským Žalářníkem a nesmí použít schopnost.",
              "The character on {c} is adjacent to an enemy Jailer and may not use its ability.", c=cell)


def protected(cell: str) -> Violation:
    return _v(("leaders.protector",),
              "Postavou na poli {c} nesmí pohnout nepřátelská schopnost: je to Ochránce nebo s ním sousedí.",
              "An enemy ability may not move the character on {c}: it is a Protector or adjacent to one.", c=cell)


def bad_target(ability: str, cell: str) -> Violation:
    return _v((f"leaders.{ability}",), "Schopnost „{a}“ postavy na poli {c} takto použít nelze.",
              "The {a} on {c} cannot use its ability that way.", a=ability, c=cell)


def back_to_start(ability: str, cell: str) -> Violation:
    """The Royal Guard's extra step or the Acrobat's second jump ending where the figure started:
    refused by the ruling on its card (an ability that changes nothing is not an action), whose
    principle is the ruling on leaders.claw-launcher."""
    return _v((f"leaders.{ability}", "leaders.claw-launcher"),
              "Výklad knihovny k {a}: postava z pole {c} nesmí schopností skončit na poli, z něhož vyšla "
              "(schopnost, která nic nezmění, není akce; viz výklad k leaders.claw-launcher).",
              "Ruling on leaders.{a}: the character on {c} may not end its ability on the cell it started from "
              "(an ability that changes nothing is not an action; see the ruling on leaders.claw-launcher).",
              a=ability, c=cell)


def own_leader() -> Violation:
    return _v(("leaders.end.own-leader",), "Tato akce by nechala vašeho vládce zajatého nebo obklíčeného.",
              "This action would leave your own leader captured or surrounded.")


def not_offered(card: str, advanced: bool) -> Violation:
    rules = ("leaders.advanced.offer",) if advanced else ("leaders.recruit.choose",)
    return _v(rules, "Postava „{c}“ není v nabídce.", "'{c}' is not in the offer.", c=card)


def bad_recruit_cells(card: str, needed: int) -> Violation:
    rules = ("leaders.hermit-cub.recruit",) if card == "hermit-cub" else ("leaders.recruit.place",)
    return _v(rules, "Postava „{c}“ se umisťuje na {n} různá pole.", "'{c}' is placed on {n} distinct cell(s).",
              c=card, n=needed)


def not_own_recruitment_cell(cell: str) -> Violation:
    return _v(("leaders.recruit.own-side", "leaders.board.recruitment-cells"),
              "Pole {c} není pole verbování na vaší straně.", "{c} is not a recruitment cell of your side.", c=cell)


def occupied_recruitment_cell(cell: str) -> Violation:
    return _v(("leaders.recruit.place",), "Pole verbování {c} není volné.", "The recruitment cell {c} is not free.",
              c=cell)


def not_available(card: str) -> Violation:
    return _v(("leaders.advanced.banish",), "Postavu „{c}“ nelze vyřadit: není v nabídce.",
              "'{c}' cannot be banished: it is not available.", c=card)
