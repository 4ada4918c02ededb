"""Valeria's card tables and worked-example pictures for the generated rulebook.

Two capabilities of the game object (decision record 0015), nothing needed to play:

- :func:`data_tables`: the card tables (citizens, starters, monsters by area,
  domains, dukes) generated from ``spec/data/valeria-cards.toml`` through
  :func:`rules.valeria.cards.load_cards`, each shown under the spec rule that
  states it (``valeria.citizens.table`` ...);
- :func:`draw`: a ``figure`` table of a worked example in ``spec/valeria.toml``,
  drawn as SVG and **replayed by the engine** (:mod:`rules.valeria.engine`). What
  the figure claims is compared with what the engine computes; every
  disagreement is a problem (the rulebook build fails on any).

Figure kinds (``kind``):

``duchy``
    One seat's duchy (``seat``: ``citizens = {id = copies}``, ``domains``, ``gold``,
    ``magic``) laid out on its activation numbers 1-12, and a domain to build
    (``build``); claims ``meets`` (the citizens' role icons cover the domain's,
    valeria.build.requirements) and ``legal`` (building it, paying ``pay =
    {gold, magic}``, is a legal action).
``roll``
    ``dice = [a, b]``, ``active`` and the ``seats``' duchies; claims ``activated``
    (per seat, card ID -> activations, starters included) and ``herald`` (per seat).
``payment``
    A monster on top of its stack, what the seat ``has`` and what it ``pays``
    (``strength``, ``magic``); claims ``legal``.
``scoring``
    The ``seats`` at the end (citizens, domains, monsters, resources, VP tokens,
    ``duke``); claims ``totals`` and ``winners``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.kernel.pictures import Picture, Table, escaped
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError
from rules.valeria import engine, harvest, payments, scoring
from rules.valeria.cards import (
    AddToken,
    Amount,
    Choice,
    Counter,
    Effect,
    EveryPlayerLoses,
    Exchange,
    ExtraAction,
    Gain,
    GainCitizen,
    LowerDie,
    SetDie,
    Special,
    Take,
)
from rules.valeria.data import index
from rules.valeria.explain import UNITS, bilingual, counter_label, plural_form
from rules.valeria.flows import BASE_FLOW
from rules.valeria.records import whole
from rules.valeria.state import ACTIONS, HARVEST, Action, ActionKind, Payment, Seat, Setup, State, replace
from rules.valeria.violations import refusal

# --------------------------------------------------------------------------- words



def amount_text(amount: Amount) -> Text:
    """``2 gold + 1 magic`` / ``2 zlaťáky + 1 magie``."""
    parts = amount.items()
    return Text.of(cs=" + ".join(f"{n} {UNITS[k][0][plural_form(n)]}" for k, n in parts),
                   en=" + ".join(f"{n} {UNITS[k][1][plural_form(n)]}" for k, n in parts))


def _counted(counter: Counter) -> Text:
    if counter.kind == "role":  # citizens with the icon only (ruling O9)
        name = index().cards.role(counter.value).name
        return Text.of(cs=f"obyvatele stavu {name.get('cs')}", en=f"{name.get('en')} citizen")
    if counter.kind in ("area", "monster_type"):
        label = Text.of(cs=counter_label(counter, "cs"), en=counter_label(counter, "en"))
        what = "oblasti" if counter.kind == "area" else "typu"
        return Text.of(cs=f"nestvůru {what} {label.get('cs')}", en=f"{label.get('en')} monster")
    return Text.of(cs=counter_label(counter, "cs"), en=counter_label(counter, "en"))


def effect_text(effect: Effect) -> Text:
    """One effect of the card data in words, in Czech and English."""
    if isinstance(effect, Gain):
        if effect.per is None:
            return amount_text(effect.amount)
        return bilingual("{a} za {c}", "{a} per {c}", a=amount_text(effect.amount), c=_counted(effect.per))
    if isinstance(effect, Take):
        return bilingual("vezmi {a} soupeři", "take {a} from an opponent", a=amount_text(effect.amount))
    if isinstance(effect, Exchange):
        return bilingual("zaplať {p} → {g}", "pay {p} → {g}", p=amount_text(effect.pay), g=amount_text(effect.gain))
    if isinstance(effect, Choice):
        branches = [effects_text(b) for b in effect.options]
        return Text.of(cs=" nebo ".join(b.get("cs") for b in branches), en=" or ".join(b.get("en") for b in branches))
    if isinstance(effect, GainCitizen):
        cs, en = "obyvatel", "a citizen"
        if effect.name:
            name = index().citizens[effect.name].name
            cs, en = name.get("cs"), f"a {name.get('en')}"
        if effect.role:
            role = index().cards.role(effect.role).name
            cs, en = f"obyvatel stavu {role.get('cs')}", f"a {role.get('en')} citizen"
        if effect.max_cost is not None:
            cs, en = f"{cs} za nejvýše {effect.max_cost}", f"{en} costing up to {effect.max_cost}"
        return Text.of(cs=f"získej {cs}", en=f"gain {en}")
    if isinstance(effect, ExtraAction):
        return Text.of(cs="zabij další nestvůru (součást akce)", en="slay another monster (part of the action)")
    if isinstance(effect, SetDie):
        pay = amount_text(effect.pay)
        if effect.per is not None:
            pay = bilingual("{p} za {c}", "{p} per {c}", p=pay, c=_counted(effect.per))
        return bilingual("nastav kostku na {v} za {p}", "set a die to {v} for {p}", v=effect.value, p=pay)
    if isinstance(effect, LowerDie):
        return bilingual("sniž kostku o {n}", "lower a die by {n}", n=effect.by)
    if isinstance(effect, AddToken):
        return bilingual("žetony {a} na nestvůru", "tokens {a} on a monster", a=amount_text(effect.amount))
    if isinstance(effect, EveryPlayerLoses):
        return bilingual("každý hráč ztratí {a}", "every player loses {a}", a=amount_text(effect.amount))
    assert isinstance(effect, Special)
    return bilingual("viz {r}", "see {r}", r=effect.rule)


def effects_text(effects: Sequence[Effect]) -> Text:
    parts = [effect_text(e) for e in effects]
    if not parts:
        return Text.of(cs="—", en="—")
    return Text.of(cs="; ".join(p.get("cs") for p in parts), en="; ".join(p.get("en") for p in parts))


def _name(card: str) -> Text:
    ix = index()
    for table in (ix.citizens, ix.starters, ix.monsters, ix.domains, ix.dukes):
        if card in table:
            n = table[card].name
            return Text.of(cs=n.get("cs"), en=n.en)
    raise MalformedError(f"unknown Valeria card {card!r}")


def _role(role: str) -> Text:
    n = index().cards.role(role).name
    return Text.of(cs=n.get("cs"), en=n.en)


def _plain(value: object) -> Text:
    return Text.of(cs=str(value), en=str(value))


# --------------------------------------------------------------------------- card tables

_TIMING = {
    "immediate": ("jednou při vybudování", "once, when built"),
    "roll": ("tvoje fáze házení", "your Roll phase"),
    "any-roll": ("každá fáze házení", "every Roll phase"),
    "action-start": ("začátek tvé fáze akcí", "start of your Action phase"),
    "action": ("tvoje fáze akcí", "your Action phase"),
    "action-end": ("konec tvé fáze akcí", "end of your Action phase"),
    "on-gain-citizen": ("když získáš obyvatele", "when you gain a citizen"),
    "on-slay": ("když zabiješ nestvůru", "when you slay a monster"),
}


def _h(cs: str, en: str) -> Text:
    return Text.of(cs=cs, en=en)


def _roles_text(roles: Sequence[str]) -> Text:
    """``2× Soldier, 1× Worker``."""
    counted = {r: roles.count(r) for r in dict.fromkeys(roles)}
    return Text.of(cs=", ".join(f"{n}× {_role(r).get('cs')}" for r, n in counted.items()),
                   en=", ".join(f"{n}× {_role(r).get('en')}" for r, n in counted.items()))


def data_tables(languages: Sequence[str] = ("cs", "en")) -> tuple[Table, ...]:
    """The card tables of the base game, from the card data, each under the rule that states it."""
    cards = index().cards

    def t(text: Text) -> Text:
        return text.only(languages)

    def row(*cells: Text) -> tuple[Text, ...]:
        return tuple(t(c) for c in cells)

    def numbers(values: Sequence[int]) -> Text:
        return _plain(", ".join(map(str, values))) if values else _h("bez čísla", "no number")

    citizens = tuple(row(_name(c.id), numbers(c.activation), _role(c.role), _plain(f"{c.cost}+"),
                         effects_text(c.on_turn), effects_text(c.off_turn), _plain(c.copies))
                     for c in sorted(cards.citizens, key=lambda c: (c.activation, c.cost)))
    starters = tuple(row(_name(s.id), numbers(s.activation), effects_text(s.on_turn), effects_text(s.off_turn))
                     for s in cards.starters)
    tables = [
        Table("citizens", "valeria.citizens.table", t(_h("Obyvatelé", "Citizens")),
              row(_h("Obyvatel", "Citizen"), _h("Aktivace", "Activation"), _h("Stav", "Role"),
                  _h("Cena", "Cost"), _h("Aktivní hráč", "Active player (on turn)"),
                  _h("Neaktivní hráči", "Other players (off turn)"), _h("Kopií", "Copies")), citizens),
        Table("starters", "valeria.starters.table", t(_h("Základní karty", "Starters")),
              row(_h("Karta", "Card"), _h("Aktivace", "Activation"), _h("Aktivní hráč", "Active player"),
                  _h("Neaktivní hráči", "Other players")), starters),
    ]
    for area in cards.areas:
        kinds = sorted((m for m in cards.monsters if m.area == area.id), key=lambda m: m.order)
        rows = tuple(row(_name(m.id), _plain(f"{m.copies}" + (f" (+{m.copies_5p})" if m.copies_5p else "")),
                         Text.of(cs=", ".join(next(x.name.get("cs") for x in cards.monster_types if x.id == ty)
                                              for ty in m.types),
                                 en=", ".join(next(x.name.en for x in cards.monster_types if x.id == ty)
                                              for ty in m.types)),
                         _plain(m.strength), _plain(m.magic), effects_text(m.reward), _plain(m.vp))
                     for m in kinds)
        tables.append(Table(f"monsters-{area.id}", "valeria.monsters.table",
                            t(bilingual("Nestvůry: {a}", "Monsters: {a}",
                                 a=Text.of(cs=area.name.get("cs"), en=area.name.en))),
                            row(_h("Nestvůra (shora dolů)", "Monster (top to bottom)"),
                                _h("Kopií (+5 hráčů)", "Copies (+5 players)"), _h("Typ", "Type"),
                                _h("Síla", "Strength"), _h("Magie", "Magic"), _h("Odměna", "Reward"),
                                _h("Body", "VP")), rows))
    domains = tuple(row(_name(d.id), _plain(d.cost),
                        _roles_text(d.roles),
                        _plain(d.vp), _h(*_TIMING[d.timing]), d.text)
                    for d in sorted(cards.domains, key=lambda d: (d.cost, d.id)))
    tables.append(Table("domains", "valeria.domains.table", t(_h("Panství", "Domains")),
                        row(_h("Panství", "Domain"), _h("Cena", "Cost"), _h("Stavovské symboly", "Role icons"),
                            _h("Body", "VP"), _h("Kdy", "When"), _h("Efekt", "Effect")), domains))
    dukes = tuple(row(_name(d.id),
                      Text.of(cs=" + ".join(f"{x.vp} za {counter_label(x.per, 'cs')}" for x in d.score),
                              en=" + ".join(f"{x.vp} per {counter_label(x.per, 'en')}" for x in d.score)),
                      bilingual("1 bod za {n} {w} (sečtené)", "1 VP per {n} resources (summed)",
                         n=d.resources_per_vp, w=("surovinu", "suroviny", "surovin")[plural_form(d.resources_per_vp)]))
                  for d in cards.dukes)
    tables.append(Table("dukes", "valeria.dukes.table", t(_h("Vévodové", "Dukes")),
                        row(_h("Vévoda", "Duke"), _h("Body za", "VP for"), _h("Suroviny", "Resources")), dukes))
    return tuple(tables)


# --------------------------------------------------------------------------- replaying a figure


def _table(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise MalformedError(f"{where} must be a table")
    return value


def _ids(value: Any, known: Mapping[str, Any], where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or any(v not in known for v in value):
        raise MalformedError(f"{where} must be a list of known card IDs, not {value!r}")
    return tuple(value)


def _seat_of(raw: Any, where: str, kinds: tuple[str, ...]) -> Seat:
    ix = index()
    raw = _table(raw, where)
    allowed = {"citizens", "domains", "monsters", "gold", "strength", "magic", "vp", "duke"}
    if set(raw) - allowed:
        raise MalformedError(f"{where}: unknown key(s) {', '.join(sorted(set(raw) - allowed))}")
    citizens = _table(raw.get("citizens", {}), f"{where}.citizens")
    for c in citizens:
        if c not in ix.citizens:
            raise MalformedError(f"{where}.citizens: unknown citizen {c!r}")
    duke = raw.get("duke")
    if duke is not None and duke not in ix.dukes:
        raise MalformedError(f"{where}.duke: unknown duke {duke!r}")
    return Seat(gold=whole(raw.get("gold", 0), f"{where}.gold"), strength=whole(raw.get("strength", 0), f"{where}.strength"),
                magic=whole(raw.get("magic", 0), f"{where}.magic"), vp=whole(raw.get("vp", 0), f"{where}.vp"),
                citizens=tuple(whole(citizens.get(k, 0), f"{where}.citizens.{k}", 0, 5) for k in kinds),
                domains=_ids(raw.get("domains", []), ix.domains, f"{where}.domains"),
                monsters=_ids(raw.get("monsters", []), ix.monsters, f"{where}.monsters"),
                dealt=(duke,) if duke else (), duke=duke)


def _state(seats: Any, *, active: int = 0, monster: str | None = None, build: str | None = None) -> State:
    """A 2-4 player state whose seats are the figure's: the center holds every citizen kind the
    seats name (one kind per activation stack), ``monster`` on top of its area's stack and
    ``build`` face up on a domain stack."""
    ix = index()
    if not isinstance(seats, list) or not 2 <= len(seats) <= 4:
        raise MalformedError("a figure has 2 to 4 seats (valeria.setup.players)")
    named = {c for s in seats if isinstance(s, Mapping) for c in _table(s.get("citizens", {}), "seat.citizens")}
    kinds = []
    for stack in ix.stack_kinds:
        chosen = [k for k in stack if k in named]
        if len(chosen) > 1:
            raise MalformedError(f"{' and '.join(chosen)} share a center stack: a game has one of them")
        kinds.append(chosen[0] if chosen else stack[0])
    areas = list(ix.areas[:5])
    if monster is not None:
        if monster not in ix.monsters or monster in ix.events:  # an event lies in no area's stack
            raise MalformedError(f"unknown monster {monster!r}")
        area = ix.monsters[monster].area
        if area not in areas:
            areas[-1] = area
    built = {d for s in seats if isinstance(s, Mapping) for d in s.get("domains", []) if isinstance(d, str)}
    if build is not None and build not in ix.domains:
        raise MalformedError(f"unknown domain {build!r}")
    free = [d for d in ix.domains if d not in built and d != build]
    stacks = [tuple(([build] if build and i == 0 else []) + free[3 * i:3 * i + 3])[:3] for i in range(5)]
    dukes = tuple((d, d) for d in list(ix.dukes)[:len(seats)])
    state = engine.initial_state(Setup(len(seats), tuple(areas), tuple(kinds), tuple(stacks), dukes, 0),
                                 BASE_FLOW)
    kinds_t = tuple(kinds)
    figure_seats = tuple(_seat_of(s, f"seats[{i}]", kinds_t) for i, s in enumerate(seats))
    monsters = list(state.monsters)
    if monster is not None:
        i = areas.index(ix.monsters[monster].area)
        stack = ix.area_stacks[areas[i]]
        monsters[i] = stack[stack.index(monster):]
    if not 0 <= active < len(seats):
        raise MalformedError(f"active must be a seat 0..{len(seats) - 1}, not {active!r}")
    return replace(state, seats=figure_seats, monsters=tuple(monsters), active=active, phase=ACTIONS,
                   actions_left=engine.ACTIONS_PER_TURN, turns=1)


def _claim(figure: Mapping[str, Any], key: str, found: object, problems: list[str], why: str) -> None:
    claimed = figure.get(key)
    if claimed is None:
        problems.append(f"the figure claims no {key!r}; the engine says {found!r}")
    elif claimed != found:
        problems.append(f"the figure says {key} = {claimed!r}, but the engine ({why}) computes {found!r}")


# --------------------------------------------------------------------------- SVG pieces

_FONT = "DejaVu Sans, Verdana, sans-serif"
ROLE_COLOURS = {"worker": "#8a5a12", "soldier": "#a0282b", "shadow": "#4a3f6b", "holy": "#1f6f8b"}
_OK, _BAD, _INK, _MUTED = "#2d6a18", "#a40000", "#222", "#555"
#: The width of a picture: a phone shows it at about 90 % (decision record 0015).
WIDTH = 400


def text_width(text: str, size: float) -> float:
    """A generous estimate of the width of ``text`` in DejaVu Sans at ``size`` px."""
    return len(text) * size * 0.62


def _text(x: float, y: float, content: str, *, size: float = 12, weight: str = "normal", fill: str = _INK,
          anchor: str = "middle", style: str = "normal") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" font-weight="{weight}" font-style="{style}" '
            f'fill="{fill}" text-anchor="{anchor}">{escaped(content)}</text>')


def _fit(content: str, width: float, size: float) -> float:
    """The font size (at most ``size``) at which ``content`` fits in ``width``."""
    return min(size, max(7.0, width / max(1, len(content)) / 0.62))


def _svg(width: float, height: float, title: str, body: list[str]) -> str:
    return "\n".join([
        (f'<svg xmlns="http://www.w3.org/2000/svg" class="rules-valeria" role="img" width="{width:.0f}" '
         f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" font-family="{_FONT}">'),
        f"<title>{escaped(title)}</title>",
        f'<rect x="1" y="1" width="{width - 2:.0f}" height="{height - 2:.0f}" rx="12" fill="#f7f3e8" stroke="#d8cfb4"/>',
        *body, "</svg>"])


def _card(x: float, y: float, w: float, h: float, title: str, lines: Sequence[str], *, colour: str = "#7a6a3a",
          mark: str | None = None, copies: int = 1) -> list[str]:
    """A card: a coloured band with ``title``, then ``lines``; ``copies`` > 1 stacks shadows behind it."""
    out = []
    for k in range(min(copies, 4) - 1, 0, -1):
        out.append(f'<rect x="{x + 4 * k:.1f}" y="{y - 4 * k:.1f}" width="{w:.1f}" height="{h:.1f}" rx="6" '
                   f'fill="#fffdf7" stroke="{colour}" stroke-width="1.2"/>')
    out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="6" fill="#fffdf7" '
               f'stroke="{colour}" stroke-width="2"/>')
    out.append(f'<rect x="{x + 1:.1f}" y="{y + 1:.1f}" width="{w - 2:.1f}" height="20" rx="5" fill="{colour}"/>')
    out.append(_text(x + w / 2, y + 15, title, size=_fit(title, w - 8, 11), weight="bold", fill="#fff"))
    for i, line in enumerate(lines):
        out.append(_text(x + w / 2, y + 36 + 15 * i, line, size=_fit(line, w - 8, 11), fill=_INK))
    if mark:
        out.append(_text(x + w - 4, y + h - 6, mark, size=11, weight="bold", fill=_OK, anchor="end"))
    return out


def _lines(x: float, y: float, lines: Sequence[str], *, size: float = 12, width: float, gap: float = 17,
           fill: str = _INK, weight: str = "normal") -> list[str]:
    return [_text(x, y + gap * i, line, size=_fit(line, width, size), fill=fill, anchor="start", weight=weight)
            for i, line in enumerate(lines)]


def _wrap(content: str, width: float, size: float) -> list[str]:
    """``content`` broken into lines of at most ``width`` px at ``size``."""
    out: list[str] = []
    for word in content.split():
        if out and text_width(f"{out[-1]} {word}", size) <= width:
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out


def _die(x: float, y: float, value: int, size: float = 40) -> list[str]:
    pips = {1: [(2, 2)], 2: [(1, 1), (3, 3)], 3: [(1, 1), (2, 2), (3, 3)], 4: [(1, 1), (1, 3), (3, 1), (3, 3)],
            5: [(1, 1), (1, 3), (2, 2), (3, 1), (3, 3)], 6: [(1, 1), (1, 2), (1, 3), (3, 1), (3, 2), (3, 3)]}
    out = [f'<rect x="{x:.1f}" y="{y:.1f}" width="{size}" height="{size}" rx="7" fill="#fff" stroke="#333" '
           f'stroke-width="2"/>']
    for cx, cy in pips[value]:
        out.append(f'<circle cx="{x + cx * size / 4:.1f}" cy="{y + cy * size / 4:.1f}" r="{size / 11:.1f}" '
                   f'fill="#222"/>')
    return out


def _role_pips(x: float, y: float, roles: Sequence[str]) -> list[str]:
    out = []
    for i, r in enumerate(roles):
        out.append(f'<circle cx="{x + 13 * i:.1f}" cy="{y:.1f}" r="5.5" fill="{ROLE_COLOURS[r]}"/>')
    return out


# --------------------------------------------------------------------------- duchy


def _duchy_cards(state: State, seat: int) -> list[tuple[str, int, tuple[int, ...], str | None]]:
    """(card, copies, activation numbers, role) of a seat's starters and citizens, by activation number."""
    ix = index()
    out: list[tuple[str, int, tuple[int, ...], str | None]] = [
        (s.id, 1, s.activation, None) for s in ix.cards.starters]
    s = state.seats[seat]
    for kind, n in zip(state.citizen_kinds, s.citizens, strict=True):
        if n:
            c = ix.citizens[kind]
            out.append((kind, n, c.activation, c.role))
    return sorted(out, key=lambda c: (c[2] or (13,)))


def _duchy(figure: Mapping[str, Any], languages: Sequence[str]) -> Picture:
    ix = index()
    domain = figure.get("build")
    if not isinstance(domain, str) or domain not in ix.domains:
        raise MalformedError(f"figure.build must name a domain, not {domain!r}")
    pay = _table(figure.get("pay", {}), "figure.pay")
    gold, magic = whole(pay.get("gold", 0), "figure.pay.gold"), whole(pay.get("magic", 0), "figure.pay.magic")
    state = _state([figure.get("seat"), {}], build=domain)
    meets = bool(payments.roles_met(state, 0, domain))
    have = payments.role_counts(state, 0)
    verdict = refusal(state, Action(ActionKind.BUILD, 0, domain, pay=Payment(gold=gold, magic=magic)))
    legal = verdict is None
    problems: list[str] = []
    _claim(figure, "meets", meets, problems, "valeria.build.requirements")
    _claim(figure, "legal", legal, problems, ", ".join(verdict.rules) if verdict else "valeria.build.cost")
    rules = ("valeria.citizens.activation", "valeria.build.requirements", "valeria.citizens.role-uses",
             "valeria.domains.starters-no-roles", "valeria.build.cost")
    d = ix.domains[domain]
    need = {r: d.roles.count(r) for r in dict.fromkeys(d.roles)}
    role_cs = ", ".join(f"{n}× {_role(r).get('cs')}" for r, n in need.items())
    role_en = ", ".join(f"{n}× {_role(r).get('en')}" for r, n in need.items())
    have_cs = ", ".join(f"{have.get(r, 0)}× {_role(r).get('cs')}" for r in need)
    have_en = ", ".join(f"{have.get(r, 0)}× {_role(r).get('en')}" for r in need)
    price = payments.build_price(state, 0, domain)
    caption = bilingual("{d} žádá {rc}; obyvatelé vévodství nesou {hc} (základní karty žádný symbol nemají), podmínky "
                 "{mc}splněny. Cena {p} zlaťáků, zaplaceno {g} zlaťáků a {m} magie: engine stavbu {lc}.",
                 "{d} requires {re}; the duchy's citizens bear {he} (starters have no icon), so the requirements "
                 "are {me}met. Price {p} gold, paid {g} gold and {m} magic: the engine {le} the build.",
                 d=_name(domain), rc=role_cs, re=role_en, hc=have_cs, he=have_en, mc="" if meets else "ne",
                 me="" if meets else "not ", p=price, g=gold, m=magic, lc="povoluje" if legal else "odmítá",
                 le="allows" if legal else "refuses")
    if verdict is not None:
        caption = Text(tuple((lang, f"{caption.get(lang)} ({verdict.message.get(lang)})")
                             for lang in ("cs", "en")))
    # the duchy on its activation numbers, four cards a row, then the domain and the check
    cards = _duchy_cards(state, 0)
    width, cw, ch, gap, per_row = WIDTH, 84, 70, 8, 4
    body = [_text(16, 24, "The duchy on its activation numbers", size=12, weight="bold", anchor="start"),
            _text(16, 39, "vévodství a aktivační čísla jeho karet", size=10, fill=_MUTED, anchor="start")]
    y = 50.0
    for i, (card, copies, numbers, role) in enumerate(cards):
        x = 16 + (i % per_row) * (cw + gap)
        top = y + (i // per_row) * (ch + 46)
        label = ", ".join(map(str, numbers)) if numbers else "—"
        body.append(f'<circle cx="{x + cw / 2:.1f}" cy="{top + 16:.1f}" r="15" fill="#fff" stroke="#7a6a3a" '
                    f'stroke-width="2"/>')
        body.append(_text(x + cw / 2, top + 21, label, size=_fit(label, 26, 13), weight="bold"))
        n = _name(card)
        lines = [n.get("cs")] if n.get("cs") != n.get("en") else []
        lines.append(f"× {copies}" if role else "starter")
        colour = ROLE_COLOURS[role] if role else "#7a6a3a"
        body += _card(x, top + 38, cw, ch, n.get("en"), lines, colour=colour, copies=copies)
        if role:
            body += _role_pips(x + 10, top + 38 + ch - 10, [role])
    y += ((len(cards) + per_row - 1) // per_row) * (ch + 46) + 8
    body += _card(16, y, 170, 84, d.name.en, [d.name.get("cs"), f"cost {d.cost} · {d.vp} VP"], colour="#5a4a1a")
    body += _role_pips(28, y + 72, d.roles)
    lines = [f"needs {role_en}", f"has {have_en}", f"roles {'met ✓' if meets else 'NOT met ✗'}",
             f"paid {gold} gold + {magic} magic of {price}", f"engine: {'legal ✓' if legal else 'refused ✗'}"]
    body += _lines(198, y + 14, lines, width=width - 214, size=11, gap=16)
    height = y + 100
    title = caption.get("en")
    return Picture(_svg(width, height, title, body), caption.only(languages), rules, tuple(problems),
                   (bilingual("stavba je {c}", "the build is {e}", c="povolena" if legal else "odmítnuta",
                          e="legal" if legal else "refused")).only(languages))


# --------------------------------------------------------------------------- roll


def _roll(figure: Mapping[str, Any], languages: Sequence[str]) -> Picture:
    dice = figure.get("dice")
    if not isinstance(dice, list) or len(dice) != 2:
        raise MalformedError("figure.dice must be two dice [a, b]")
    a, b = (whole(v, "figure.dice", 1, 6) for v in dice)
    seats = figure.get("seats")
    active = whole(figure.get("active", 0), "figure.active", 0, 3)
    state = replace(_state(seats, active=active), phase=HARVEST, dice=(a, b), rolled=(a, b))
    acts = [harvest.activated(state, i) for i in range(state.players)]
    heralds = [harvest.herald_count(state, i, acts[i]) for i in range(state.players)]
    found = [{card: n for card, n in seat} for seat in acts]
    after = harvest.distribute(state)
    problems: list[str] = []
    _claim(figure, "activated", found, problems, "valeria.roll.activation-values, valeria.harvest.doubles, "
           "valeria.harvest.each-copy")
    _claim(figure, "herald", heralds, problems, "valeria.herald.no-citizen, valeria.herald.doubles")
    rules = ("valeria.roll.activation-values", "valeria.harvest.each-copy", "valeria.harvest.doubles",
             "valeria.harvest.two-effects", "valeria.herald.no-citizen", "valeria.herald.doubles")
    values = sorted({a, b, a + b})
    parts_cs, parts_en = [], []
    for i in range(state.players):
        who_cs = f"Hráč {i} (aktivní)" if i == active else f"hráč {i}"
        who_en = f"Seat {i} (active)" if i == active else f"seat {i}"
        listed_cs = ", ".join(f"{_name(c).get('cs')} {n}×" for c, n in acts[i]) or "nic"
        listed_en = ", ".join(f"{_name(c).get('en')} {n}×" for c, n in acts[i]) or "nothing"
        parts_cs.append(f"{who_cs}: {listed_cs}; Herold {heralds[i]}×")
        parts_en.append(f"{who_en}: {listed_en}; Herald {heralds[i]}×")
    double_cs = " Dvojice: každá odpovídající karta se aktivuje za každou kostku." if a == b else ""
    double_en = " Doubles: each matching card activates once per die." if a == b else ""
    caption = Text.of(cs=f"Hod {a} a {b}: aktivační hodnoty {', '.join(map(str, values))}.{double_cs} "
                         + "; ".join(parts_cs) + ".",
                      en=f"Roll {a} and {b}: activation values {', '.join(map(str, values))}.{double_en} "
                         + "; ".join(parts_en) + ".")
    # picture: the dice, then one block per seat, three cards a row
    width, cw, per_row = WIDTH, 112, 3
    body = _die(16, 16, a) + _die(64, 16, b)
    body.append(_text(116, 32, f"activation values {', '.join(map(str, values))}", size=12, weight="bold",
                      anchor="start"))
    body.append(_text(116, 50, "aktivační hodnoty" + (" · doubles: once per die" if a == b else ""), size=10,
                      fill=_MUTED, anchor="start"))
    y = 70.0
    for i in range(state.players):
        side = "active: left effects" if i == active else "other player: right effects"
        body.append(f'<line x1="12" y1="{y:.1f}" x2="{width - 12}" y2="{y:.1f}" stroke="#d8cfb4"/>')
        body.append(_text(16, y + 18, f"Seat {i} · {side}", size=12, weight="bold", anchor="start"))
        before, now = state.seats[i], after.seats[i]
        delta = Amount(gold=now.gold - before.gold, strength=now.strength - before.strength,
                       magic=now.magic - before.magic)
        gained = amount_text(delta).get("en") if delta.items() else "nothing yet"
        waiting = sum(item.count for item in after.harvest[i]) if after.harvest else 0
        note = f"gains {gained}" + (f"; {waiting} choice(s) to make" if waiting else "")
        body.append(_text(16, y + 34, note, size=_fit(note, width - 32, 10), fill=_MUTED, anchor="start"))
        shown = list(acts[i]) + ([("herald", heralds[i])] if heralds[i] else [])
        for k, (card, n) in enumerate(shown):
            nm = _name(card)
            kind = index().citizens.get(card)
            colour = ROLE_COLOURS[kind.role] if kind else "#7a6a3a"
            x = 16 + (k % per_row) * (cw + 8)
            top = y + 44 + (k // per_row) * 70
            body += _card(x, top, cw, 62, nm.get("en"),
                          [nm.get("cs") if nm.get("cs") != nm.get("en") else "", f"activates {n}×"], colour=colour)
        rows = max(1, (len(shown) + per_row - 1) // per_row)
        if not shown:
            body.append(_text(16, y + 66, "nothing activates", size=12, fill=_MUTED, anchor="start"))
        y += 44 + 70 * rows
    height = y + 4
    return Picture(_svg(width, height, caption.get("en"), body), caption.only(languages), rules, tuple(problems),
                   (bilingual("hráči {s} se aktivuje {n} karet", "seat {s}'s cards activate {n} times", s=active,
                          n=sum(found[active].values()))).only(languages))


# --------------------------------------------------------------------------- payment


def _payment(figure: Mapping[str, Any], languages: Sequence[str]) -> Picture:
    ix = index()
    monster = figure.get("monster")
    if not isinstance(monster, str) or monster not in ix.monsters:
        raise MalformedError(f"figure.monster must name a monster, not {monster!r}")
    has = _table(figure.get("has", {}), "figure.has")
    pays = _table(figure.get("pays", {}), "figure.pays")
    strength, magic = whole(pays.get("strength", 0), "figure.pays.strength"), whole(pays.get("magic", 0), "figure.pays.magic")
    state = _state([{"strength": has.get("strength", 0), "magic": has.get("magic", 0), "gold": has.get("gold", 0)}, {}],
                   monster=monster)
    m = ix.monsters[monster]
    slay = Action(ActionKind.SLAY, 0, m.area, pay=Payment(strength=strength, magic=magic))
    verdict = refusal(state, slay)
    legal = verdict is None
    problems: list[str] = []
    _claim(figure, "legal", legal, problems, ", ".join(verdict.rules) if verdict else "valeria.slay.pay-strength")
    rules = ("valeria.slay.pay-strength", "valeria.slay.magic-cost", "valeria.resources.magic-substitute")
    substitute = max(0, magic - m.magic)
    checks = [
        (strength >= 1, f"at least 1 real strength: {strength} ≥ 1", f"aspoň 1 skutečná síla: {strength} ≥ 1"),
        (magic >= m.magic, f"its magic cost in magic: {magic} ≥ {m.magic}", f"magická cena v magii: {magic} ≥ {m.magic}"),
        (strength + magic == m.strength + m.magic,
         f"{strength} + {magic} = {m.strength} + {m.magic} (magic replaces strength 1:1)",
         f"{strength} + {magic} = {m.strength} + {m.magic} (magie nahrazuje sílu 1:1)"),
        (strength <= state.seats[0].strength and magic <= state.seats[0].magic,
         f"the seat has it: {state.seats[0].strength} strength, {state.seats[0].magic} magic",
         f"hráč to má: {state.seats[0].strength} síly, {state.seats[0].magic} magie"),
    ]
    after = engine.successor(state, slay) if legal else None
    reward = effects_text(m.reward)
    caption = bilingual("{n} stojí {s} síly a {g} magie navíc. Zaplaceno {x} síly a {y} magie: {z} magie nahrazuje sílu, "
                 "{g} platí magickou cenu. {v}",
                 "{n} costs {s} strength plus {g} magic. Paid {x} strength and {y} magic: {z} magic replaces "
                 "strength, {g} pays the magic cost. {w}",
                 n=_name(monster), s=m.strength, g=m.magic, x=strength, y=magic, z=substitute,
                 v=f"Engine: platba stačí, nestvůra jde do balíčku poražených, odměna {reward.get('cs')}."
                 if legal else f"Engine: platba nestačí ({verdict.message.get('cs') if verdict else ''}).",
                 w=f"Engine: the payment is enough; the monster goes to the Victory stack, reward {reward.get('en')}."
                 if legal else f"Engine: the payment is not enough ({verdict.message.get('en') if verdict else ''}).")
    width = WIDTH
    body = _card(16, 16, 126, 118, m.name.en, [m.name.get("cs"), f"strength {m.strength}", f"magic {m.magic}",
                                                f"{m.vp} VP"], colour="#5a3a1a")
    # the cost as unit boxes, and below each the resource that pays it
    x0, y0 = 156.0, 36.0
    units = ["S"] * m.strength + ["M"] * m.magic
    payers = ["S"] * min(strength, m.strength) + ["M"] * (m.strength - min(strength, m.strength)) + ["M"] * m.magic
    u = min(26.0, (width - x0 - 16) / max(1, len(units)) - 5)
    body.append(_text(x0, 26, "cost · cena", size=11, weight="bold", anchor="start"))
    for i, (unit, payer) in enumerate(zip(units, payers, strict=False)):
        x = x0 + i * (u + 5)
        colour = "#a0282b" if unit == "S" else "#1f6f8b"
        body.append(f'<rect x="{x:.1f}" y="{y0}" width="{u:.1f}" height="{u:.1f}" rx="5" fill="none" '
                    f'stroke="{colour}" stroke-width="2"/>')
        body.append(_text(x + u / 2, y0 + u * 0.68, unit, size=min(13, u * 0.5), weight="bold", fill=colour))
        pc = "#a0282b" if payer == "S" else "#1f6f8b"
        body.append(f'<line x1="{x + u / 2:.1f}" y1="{y0 + u + 2:.1f}" x2="{x + u / 2:.1f}" y2="{y0 + u + 20:.1f}" '
                    f'stroke="#777" stroke-dasharray="3 2"/>')
        body.append(f'<rect x="{x:.1f}" y="{y0 + u + 22:.1f}" width="{u:.1f}" height="{u:.1f}" rx="{u / 2:.1f}" '
                    f'fill="{pc}"/>')
        body.append(_text(x + u / 2, y0 + 1.68 * u + 22, payer, size=min(13, u * 0.5), weight="bold", fill="#fff"))
    paid = f"paid {strength} strength + {magic} magic"
    body.append(_text(x0, y0 + 2 * u + 42, paid, size=_fit(paid, width - x0 - 16, 11), anchor="start"))
    body.append(_text(x0, y0 + 2 * u + 57, "S síla / strength · M magie / magic", size=_fit(
        "S síla / strength · M magie / magic", width - x0 - 16, 9.5), fill=_MUTED, anchor="start"))
    y = 156.0
    for i, (ok, en, _cs) in enumerate(checks):
        mark = "✓" if ok else "✗"
        body.append(_text(18, y + 19 * i, mark, size=13, weight="bold", fill=_OK if ok else _BAD, anchor="start"))
        body.append(_text(36, y + 19 * i, en, size=_fit(en, width - 52, 11), anchor="start"))
    verdict_line = f"engine: {'legal ✓' if legal else 'refused ✗'}" + (
        f" · reward {reward.get('en')}" if after is not None else "")
    body.append(_text(18, y + 19 * len(checks) + 8, verdict_line, size=_fit(verdict_line, width - 36, 12),
                      weight="bold", fill=_OK if legal else _BAD, anchor="start"))
    height = y + 19 * len(checks) + 24
    return Picture(_svg(width, height, caption.get("en"), body), caption.only(languages), rules, tuple(problems),
                   (bilingual("platba {c}", "the payment {e}", c="stačí" if legal else "nestačí",
                          e="is enough" if legal else "is refused")).only(languages))


# --------------------------------------------------------------------------- scoring


def _scoring(figure: Mapping[str, Any], languages: Sequence[str]) -> Picture:
    seats = figure.get("seats")
    state = _state(seats)
    if any(s.duke is None for s in state.seats):
        raise MalformedError("every seat of a scoring figure names its duke")
    state = replace(state, phase="over")
    scores = tuple(scoring.score(state, i) for i in range(state.players))
    win = scoring.winners(scores)
    problems: list[str] = []
    _claim(figure, "totals", [s.total for s in scores], problems, "valeria.scoring.total")
    _claim(figure, "winners", list(win), problems, "valeria.scoring.winner, valeria.scoring.tie")
    rules = ("valeria.scoring.total", "valeria.monsters.vp", "valeria.domains.vp", "valeria.resources.vp",
             "valeria.scoring.duke-icons", "valeria.dukes.resources", "valeria.scoring.winner", "valeria.scoring.tie")
    ix = index()
    cols = state.players
    col_w = 184.0
    width = max(float(WIDTH), 32 + col_w * cols)
    col_w = (width - 32) / cols
    rows: list[tuple[str, list[list[str]]]] = []

    def wrap(content: str) -> list[str]:
        return _wrap(content, col_w - 12, 11)

    def per_seat(f: Any) -> list[list[str]]:
        return [f(i, sc) for i, sc in enumerate(scores)]

    rows.append(("Monsters · nestvůry", per_seat(lambda i, sc: wrap(
        " + ".join(f"{ix.monsters[m].name.en} {ix.monsters[m].vp}" for m in state.seats[i].monsters) or "—")
        + [f"= {sc.monsters}"])))
    rows.append(("Domains · panství", per_seat(lambda i, sc: wrap(
        " + ".join(f"{ix.domains[d].name.en} {ix.domains[d].vp}" for d in state.seats[i].domains) or "—")
        + [f"= {sc.domains}"])))
    rows.append(("VP tokens on the board · body na desce", per_seat(lambda i, sc: [f"= {sc.board}"])))

    def duke(i: int, sc: scoring.Score) -> list[str]:
        s = state.seats[i]
        d = ix.dukes[s.duke or ""]
        lines = wrap(d.name.en)
        for c, each, n, vp in sc.duke_terms:
            lines += wrap(f"{each} × {counter_label(c, 'en')} ({n}) = {vp}")
        lines += wrap(f"⌊({s.gold} + {s.strength} + {s.magic}) / {d.resources_per_vp}⌋ = {sc.duke_resources}")
        return [*lines, f"= {sc.duke}"]

    rows.append(("Duke: its terms, then summed resources / N · vévoda", per_seat(duke)))
    rows.append(("Total · celkem", per_seat(lambda i, sc: [f"= {sc.total}"])))
    rows.append(("Cards in the duchy (tie-break) · karty ve vévodství", per_seat(lambda i, sc: wrap(
        f"{sc.duchy_cards} = 3 starters + {sum(state.seats[i].citizens)} citizens + "
        f"{len(state.seats[i].domains)} domains"))))
    body: list[str] = [_text(16, 24, "Final scoring · závěrečné bodování", size=13, weight="bold", anchor="start")]
    y = 46.0
    for j in range(cols):
        winner = j in win
        head = f"Seat {j}" + (" ★ wins" if winner else "")
        body.append(_text(16 + col_w * j, y, head, size=12, weight="bold", fill="#7a5c00" if winner else _INK,
                          anchor="start"))
    y += 8
    for label, cells in rows:
        body.append(f'<line x1="12" y1="{y:.1f}" x2="{width - 12:.1f}" y2="{y:.1f}" stroke="#d8cfb4"/>')
        body.append(_text(16, y + 15, label, size=_fit(label, width - 32, 10), fill=_MUTED, weight="bold",
                          anchor="start"))
        for j, cell in enumerate(cells):
            for k, line in enumerate(cell):
                bold = "bold" if line.startswith("=") else "normal"
                body.append(_text(16 + col_w * j, y + 32 + 15 * k, line, size=_fit(line, col_w - 12, 11),
                                  weight=bold, anchor="start"))
        y += 26 + 15 * max(len(c) for c in cells)
    best = max(sc.total for sc in scores)
    tied = [sc for sc in scores if sc.total == best]
    if len(tied) > 1:
        note = (f"Tie at {best} VP: fewer cards in the duchy wins ("
                + ", ".join(f"seat {sc.seat}: {sc.duchy_cards}" for sc in tied) + ")")
    else:
        note = f"Most VP wins: seat {tied[0].seat} with {best}"
    body.append(f'<line x1="12" y1="{y:.1f}" x2="{width - 12:.1f}" y2="{y:.1f}" stroke="#d8cfb4"/>')
    notes = _wrap(note, width - 32, 12)
    for k, line in enumerate(notes):
        body.append(_text(16, y + 20 + 16 * k, line, size=12, weight="bold", fill="#7a5c00", anchor="start"))
    height = y + 16 * len(notes) + 14
    winners_cs = ", ".join(f"hráč {w}" for w in win)
    winners_en = ", ".join(f"seat {w}" for w in win)
    tie_cs = (f" Shoda na {best} bodech: rozhoduje menší počet karet ve vévodství ("
              + ", ".join(f"hráč {sc.seat}: {sc.duchy_cards}" for sc in tied) + ").") if len(tied) > 1 else ""
    tie_en = (f" Tie at {best} VP: fewer cards in the duchy decides ("
              + ", ".join(f"seat {sc.seat}: {sc.duchy_cards}" for sc in tied) + ").") if len(tied) > 1 else ""
    caption = Text.of(
        cs="Součty: " + ", ".join(f"hráč {sc.seat} {sc.total}" for sc in scores) + f".{tie_cs} Vítězí {winners_cs}.",
        en="Totals: " + ", ".join(f"seat {sc.seat} {sc.total}" for sc in scores) + f".{tie_en} Winner: {winners_en}.")
    return Picture(_svg(width, height, caption.get("en"), body), caption.only(languages), rules, tuple(problems),
                   bilingual("vítězí {c}", "{e} wins", c=winners_cs, e=winners_en).only(languages))


# --------------------------------------------------------------------------- entry point

_KINDS = {"duchy": _duchy, "roll": _roll, "payment": _payment, "scoring": _scoring}


def draw(figure: Mapping[str, Any], languages: Sequence[str] = ("cs", "en")) -> Picture:
    """Draw a worked example of Valeria and replay it with the engine.

    Raises :class:`~rules.kernel.verdict.MalformedError` on a table that is not
    a Valeria figure (an unknown kind, an unknown card, a bad number).
    """
    kind = figure.get("kind")
    if kind not in _KINDS:
        raise MalformedError(f"figure.kind must be one of {', '.join(_KINDS)}, not {kind!r}")
    return _KINDS[kind](figure, languages)
