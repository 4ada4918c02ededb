"""Fast look-ups over the validated card data (:func:`rules.valeria.cards.load_cards`).

The engine asks for cards by ID thousands of times per game; this module
builds the dictionaries once. No card fact is written here: everything comes
from ``spec/data/valeria-cards.toml``.
"""

from __future__ import annotations

from functools import cache

import attrs

from rules.valeria.cards import (
    ACTIVATION_STACKS,
    CardSet,
    Choice,
    Citizen,
    Domain,
    Duke,
    Effect,
    Gain,
    GainCitizen,
    Monster,
    MonsterEvent,
    Starter,
    Take,
    load_cards,
)

__all__ = ["ACTIVATION_STACKS", "Index", "index", "branch_label", "branch_labels"]


@attrs.frozen
class Index:
    cards: CardSet
    citizens: dict[str, Citizen]
    starters: dict[str, Starter]
    #: the monsters and, as monsters of no area (valeria.variants.events.revealed: an event "counts
    #: as a monster card" for every effect, its VP and icons too), the six Monster Events
    monsters: dict[str, Monster]
    domains: dict[str, Domain]
    dukes: dict[str, Duke]
    areas: tuple[str, ...]
    #: citizen kinds per activation stack (valeria.setup.citizen-rows)
    stack_kinds: tuple[tuple[str, ...], ...]
    #: area -> the 2-4 player stack, top first (valeria.setup.monster-stack-order)
    area_stacks: dict[str, tuple[str, ...]]
    #: citizen ID -> the starters that share its name (for the "+" cost and name counters)
    named_starters: dict[str, tuple[str, ...]]
    #: the Monster Events by ID (their trigger and instruction; valeria.variants.events.cards)
    events: dict[str, MonsterEvent]
    #: citizen ID -> the index of its activation stack in ``stack_kinds``
    stack_of: dict[str, int]


@cache
def index() -> Index:
    cards = load_cards()
    stack_kinds = tuple(tuple(c.id for c in cards.citizens if c.activation == numbers)
                        for numbers in ACTIVATION_STACKS)
    named: dict[str, tuple[str, ...]] = {}
    for s in cards.starters:
        if s.named:
            named[s.named] = (*named.get(s.named, ()), s.id)
    return Index(
        cards,
        {c.id: c for c in cards.citizens},
        {s.id: s for s in cards.starters},
        {**{m.id: m for m in cards.monsters}, **{e.id: _as_monster(e) for e in cards.events}},
        {d.id: d for d in cards.domains},
        {d.id: d for d in cards.dukes},
        tuple(a.id for a in cards.areas),
        stack_kinds,
        {a.id: tuple(m.id for m in cards.monster_stack(a.id)) for a in cards.areas},
        named,
        {e.id: e for e in cards.events},
        {kind: i for i, kinds in enumerate(stack_kinds) for kind in kinds},
    )


def _as_monster(event: MonsterEvent) -> Monster:
    """A Monster Event as the monster it counts as (valeria.variants.events.revealed): no area
    (valeria.variants.events.cards), one copy, its types, costs, VP and reward."""
    return Monster(id=event.id, name=event.name, area="", order=0, types=event.types, strength=event.strength,
                   magic=event.magic, vp=event.vp, copies=1, copies_5p=1, reward=event.reward, source=event.source)


def branch_label(branch: tuple[Effect, ...], i: int) -> str:
    """A readable name for one branch of a choice: the resource of a single
    one-resource gain ("gold"), "citizen" for a branch that gains a citizen,
    else the branch's index."""
    if len(branch) == 1 and isinstance(branch[0], Gain) and branch[0].per is None:
        parts = branch[0].amount.items()
        if len(parts) == 1:
            return parts[0][0]
    if len(branch) == 1 and isinstance(branch[0], Take):
        parts = branch[0].amount.items()
        if len(parts) == 1:
            return parts[0][0]
    if any(isinstance(e, GainCitizen) for e in branch):
        return "citizen"
    if len(branch) == 1 and isinstance(branch[0], Gain) and branch[0].per is not None:
        parts = branch[0].amount.items()
        if len(parts) == 1:
            return f"{parts[0][0]}-per-{branch[0].per.value}"
    return str(i)


@cache
def choice_labels() -> tuple[str, ...]:
    """Every branch label a record's ``"choose"`` may name (a harvest choice, the Herald, a
    reward branch), from the card data: the closed vocabulary of the record schema's
    ``valeriaChoice``, so a typo is a malformed record naming these, not an illegal choice."""
    ix = index()
    labels: set[str] = set()
    effects = [e for c in ix.citizens.values() for e in (*c.on_turn, *c.off_turn)]
    effects += [e for c in ix.starters.values() for e in (*c.on_turn, *c.off_turn)]
    effects += [e for m in ix.monsters.values() for e in m.reward]
    effects += [e for d in ix.domains.values() for e in d.effect]
    while effects:
        effect = effects.pop()
        if isinstance(effect, Choice):
            labels.update(branch_labels(effect))
            effects.extend(e for branch in effect.options for e in branch)
    return tuple(sorted(labels))


@cache
def branch_labels(choice: Choice) -> tuple[str, ...]:
    labels = tuple(branch_label(b, i) for i, b in enumerate(choice.options))
    if len(set(labels)) != len(labels):  # never in the base game; stay unambiguous anyway
        return tuple(str(i) for i in range(len(labels)))
    return labels
