"""Step-by-step explanations (``rules adjudicate --explain``) and the final
scoring table, in Czech and English, each line citing its rule."""

from __future__ import annotations

from rules.kernel.text import Text
from rules.valeria import answers, engine, events, harvest, payments, scoring
from rules.valeria.cards import AddToken, Counter, EveryPlayerLoses
from rules.valeria.data import index
from rules.valeria.state import DICE, HARVEST, OVER, ROLL, Action, ActionKind, State, replace

_RES = {"gold": ("zlaťák", "gold"), "strength": ("síla", "strength"), "magic": ("magie", "magic")}
#: a resource's words by count (one, two to four, five and more), in Czech and in English
UNITS = {
    "gold": (("zlaťák", "zlaťáky", "zlaťáků"), ("gold", "gold", "gold")),
    "strength": (("síla", "síly", "sil"), ("strength", "strength", "strength")),
    "magic": (("magie", "magie", "magie"), ("magic", "magic", "magic")),
    "vp": (("vítězný bod", "vítězné body", "vítězných bodů"), ("VP", "VP", "VP")),
}
#: what a decision's option label says in Czech, as the object of "volí"/"bere" (the English
#: text keeps the record's own word)
_OPTIONS_CS = {"gold": "zlaťák", "strength": "sílu", "magic": "magii", "citizen": "obyvatele", "use": "použít",
               "decline": "nepoužít"}


def plural_form(n: int) -> int:
    """Which Czech form a count takes: 0 for one, 1 for two to four, 2 for the rest."""
    return 0 if n == 1 else 1 if 2 <= n <= 4 else 2


def card_name(card: str, lang: str) -> str:
    ix = index()
    for table in (ix.citizens, ix.starters, ix.monsters, ix.domains, ix.dukes):
        if card in table:
            return table[card].name.get(lang)
    if card in ix.areas:
        return ix.cards.area(card).name.get(lang)
    return card


def bilingual(cs: str, en: str, **values: object) -> Text:
    """A Czech and English text with ``values`` filled in: Valeria's one helper for its words."""
    return Text.of(cs=cs, en=en).format(**values)


def _cards(card: str) -> Text:
    return Text.of(cs=card_name(card, "cs"), en=card_name(card, "en"))


def _resources(state: State, seat: int) -> Text:
    """What a seat holds: in words in Czech, ``3G 1S 1M 0VP`` in English."""
    s = state.seats[seat]
    held = (("gold", s.gold), ("strength", s.strength), ("magic", s.magic), ("vp", s.vp))
    return Text.of(cs=", ".join(f"{n} {UNITS[r][0][plural_form(n)]}" for r, n in held),
                   en=f"{s.gold}G {s.strength}S {s.magic}M {s.vp}VP")


def option_text(label: str) -> Text:
    """A decision's option as a record writes it (a branch of a choice: ``gold``, ``citizen``,
    ``gold-per-forest``, a branch number; ``use``/``decline``), in Czech words; the English
    text keeps the record's word, which is what a writer types (issue 18 §3)."""
    resource, _, per = label.partition("-per-")
    if per and resource in _RES:
        return Text.of(cs=f"{_OPTIONS_CS[resource]} za každou kartu: {_per_name(per)}", en=label)
    return Text.of(cs=_OPTIONS_CS.get(label, label), en=label)


def _per_name(value: str) -> str:
    """What a ``-per-`` label counts, named in Czech: an area, a role, a monster type, a card type or a card."""
    cards = index().cards
    if value in index().areas:
        return cards.area(value).name.get("cs")
    for group in (cards.roles, cards.monster_types):
        for entry in group:
            if entry.id == value:
                return entry.name.get("cs")
    if value in _COUNTED:
        return _COUNTED[value][0]
    return card_name(value, "cs")


_COUNTED = {"citizen": ("obyvatel", "citizen"), "domain": ("panství", "domain"), "monster": ("nestvůra", "monster")}


def counter_label(counter: Counter, lang: str) -> str:
    """What a duke term counts, in words ("Holy icon", "Titan", "domain")."""
    ix = index()
    cards = ix.cards
    if counter.kind == "card_type":
        cs, en = _COUNTED[counter.value]
        return cs if lang == "cs" else en
    if counter.kind in ("role", "role_icon"):
        name = cards.role(counter.value).name.get(lang)
        return f"symbol {name}" if lang == "cs" else f"{name} icon"
    if counter.kind == "area":
        return cards.area(counter.value).name.get(lang)
    if counter.kind == "monster_type":
        return next(t.name.get(lang) for t in cards.monster_types if t.id == counter.value)
    return card_name(counter.value, lang)


def describe(before: State, a: Action) -> Text:
    k, s = a.kind, a.seat
    if k == ActionKind.ROLL:
        return bilingual("Hod kostkami: {a} a {b}; aktivační hodnoty {a}, {b} a {c} (valeria.roll.activation-values).",
                  "Roll: {a} and {b}; activation values {a}, {b} and {c} (valeria.roll.activation-values).",
                  a=a.dice[0], b=a.dice[1], c=sum(a.dice))
    if k == ActionKind.DRAW:
        return bilingual("Z balíčku poražených nestvůr hráče {v} je vytažena {m} (valeria.cards.purloiners-perch).",
                  "From seat {v}'s Victory stack {m} is drawn (valeria.cards.purloiners-perch).",
                  v=before.draw_from, m=_cards(a.card))
    if k == ActionKind.KEEP:
        return bilingual("Hráč {s} si tajně ponechává jednoho ze svých dvou vévodů (valeria.setup.dukes).",
                  "Seat {s} secretly keeps one of its two dukes (valeria.setup.dukes).", s=s)
    if k == ActionKind.DIE:
        return bilingual("Hráč {s} použije {d} na kostku {w} (valeria.roll.domains).",
                  "Seat {s} uses {d} on die {w} (valeria.roll.domains).", s=s, d=_cards(a.card), w=a.target)
    if k == ActionKind.ANNOUNCE:
        return bilingual("Hráč {s} oznamuje výsledek {d} (valeria.roll.announce).",
                  "Seat {s} announces the dice {d} (valeria.roll.announce).", s=s, d=list(before.dice))
    if k == ActionKind.THIEF:
        return bilingual("Zlodějka hráče {s} bere {r} hráči {v} (valeria.harvest.thief-first).",
                  "Seat {s}'s Thief takes {r} from seat {v} (valeria.harvest.thief-first).",
                  s=s, r=option_text(a.option), v=a.target)
    if k == ActionKind.HARVEST:
        what = {"use": ("použije směnu", "uses the exchange"), "decline": ("nepoužije směnu", "declines the exchange")}
        cs, en = what.get(a.option, (f"volí {option_text(a.option).get('cs')}", f"chooses {a.option}"))
        return bilingual("Hráč {s}: {c} {x} (valeria.harvest.any-order).", "Seat {s}: {c} {y} (valeria.harvest.any-order).",
                  s=s, c=_cards(a.card), x=cs, y=en)
    if k == ActionKind.RECRUIT:
        i = before.citizen_kinds.index(a.card)
        price = payments.price_of(before, s, i)
        return bilingual("Hráč {s} najímá {c} za {p} (základ {b} + kopie stejného jména; zaplaceno {g} zlaťáky a {m} magií, "
                  "aspoň 1 zlaťák) (valeria.recruit.cost-per-copy, valeria.recruit.magic).",
                  "Seat {s} recruits {c} for {p} (base {b} + copies of the name owned; paid {g} gold and {m} magic, "
                  "at least 1 gold) (valeria.recruit.cost-per-copy, valeria.recruit.magic).",
                  s=s, c=_cards(a.card), p=price, b=index().citizens[a.card].cost, g=a.pay.gold, m=a.pay.magic)
    if k == ActionKind.SLAY and before.events is not None and (events.is_event(a.card) or events.tokens_on(before, a.card)):
        return _slay_with_tokens(before, a)
    if k == ActionKind.TOKEN:
        amount = events.token_amount(before)
        target = a.card if a.card not in before.areas else before.monsters[before.areas.index(a.card)][0]
        return bilingual("Hráč {s} pokládá žeton ({x}) události {e} na {c}: cena jejího zabití (nebo odměna za ni) roste "
                  "(valeria.variants.events.instructions, valeria.variants.events.cost-tokens).",
                  "Seat {s} puts the token ({y}) of the event {e} on {c}: the cost of slaying it (or its bounty) "
                  "grows (valeria.variants.events.instructions, valeria.variants.events.cost-tokens).",
                  s=s, x=events.resources_word(amount, "cs"), y=events.resources_word(amount), e=_cards(a.option),
                  c=_cards(target))
    if k == ActionKind.SLAY:
        m = index().monsters[before.monsters[before.areas.index(a.card)][0]]
        return bilingual("Hráč {s} zabíjí {n} ({x} síly, {y} magie; cena {st} síly + {mg} magie, magie nahrazuje sílu, "
                  "aspoň 1 síla) (valeria.slay.pay-strength, valeria.slay.magic-cost).",
                  "Seat {s} slays {n} ({x} strength, {y} magic; cost {st} strength + {mg} magic, magic replaces "
                  "strength, at least 1 strength) (valeria.slay.pay-strength, valeria.slay.magic-cost).",
                  s=s, n=_cards(m.id), x=a.pay.strength, y=a.pay.magic, st=m.strength, mg=m.magic)
    if k == ActionKind.BUILD:
        return bilingual("Hráč {s} buduje {d} za {g} zlaťáků a {m} magie; stavovské symboly pokryty obyvateli "
                  "(valeria.build.requirements, valeria.build.cost).",
                  "Seat {s} builds {d} for {g} gold and {m} magic; its role icons are covered by citizens "
                  "(valeria.build.requirements, valeria.build.cost).", s=s, d=_cards(a.card), g=a.pay.gold,
                  m=a.pay.magic)
    if k == ActionKind.GAIN:
        cs, en = _RES[a.card]
        return bilingual("Hráč {s} získává 1 {x} (valeria.gain.resource).", "Seat {s} gains 1 {y} (valeria.gain.resource).",
                  s=s, x=cs, y=en)
    if k == ActionKind.CHOOSE:
        return bilingual("Hráč {s} volí odměnu {o} (valeria.symbols.or).", "Seat {s} chooses the reward {o} "
                  "(valeria.symbols.or).", s=s, o=option_text(a.option))
    if k == ActionKind.CITIZEN:
        return bilingual("Hráč {s} získává obyvatele {c} (valeria.monsters.citizen-reward).",
                  "Seat {s} gains the citizen {c} (valeria.monsters.citizen-reward).", s=s, c=_cards(a.card))
    if k == ActionKind.TAKE:  # which card takes what (with several takes pending: the one named, or the first)
        source, effect = answers.decision_detail(before.pending[answers.answered_take(before, a) or 0])
        return bilingual("Hráč {s} bere hráči {v} {x} ({c}) (valeria.symbols.take-from).",
                         "Seat {s} takes {y} from seat {v} ({d}) (valeria.symbols.take-from).", s=s, v=a.target,
                         x=events.resources_word(effect.amount, "cs"), y=events.resources_word(effect.amount),
                         c=card_name(source, "cs"), d=card_name(source, "en"))
    if k == ActionKind.EXCHANGE:
        return bilingual("Hráč {s}: směna {o} (valeria.symbols.pay).", "Seat {s}: exchange {o} (valeria.symbols.pay).",
                  s=s, o=option_text(a.option))
    if k == ActionKind.RETURN:
        return bilingual("Hráč {s} vrací {c} do centra a získává 3 vítězné body.",
                  "Seat {s} returns {c} to the center and gains 3 VP.", s=s, c=_cards(a.card))
    if k == ActionKind.PURLOIN:
        return bilingual("Hráč {s} bere náhodnou nestvůru hráči {v} (valeria.cards.purloiners-perch).",
                  "Seat {s} takes a random monster from seat {v} (valeria.cards.purloiners-perch).", s=s, v=a.target)
    if k == ActionKind.DECLINE and a.card:
        return bilingual("Hráč {s} nevyužije nepovinnou možnost karty {c}.", "Seat {s} passes on the optional power of "
                         "{e}.", s=s, c=card_name(a.card, "cs"), e=card_name(a.card, "en"))
    if k == ActionKind.DECLINE:
        return bilingual("Hráč {s} nevyužije nepovinnou možnost.", "Seat {s} passes on an optional power.", s=s)
    return bilingual("Hráč {s}: {k}.", "Seat {s}: {k}.", s=s, k=k)


def _slay_with_tokens(before: State, a: Action) -> Text:
    """A slay in the Monster Events variant: the cost with the tokens and the bounty."""
    card = a.card if a.card not in before.areas else before.monsters[before.areas.index(a.card)][0]
    m = index().monsters[card]
    sc, mc = events.slay_cost(before, a.card)
    t = events.tokens_on(before, a.card)
    gold = t.gold if t else 0
    return bilingual("Hráč {s} zabíjí {n} ({x} síly, {y} magie; cena {st} síly + {mg} magie = vytištěno {ps} + {pm} a žetony "
              "{ts} + {tm}; magie nahrazuje sílu, aspoň 1 síla) a získává odměnu za hlavu {g} zlaťáků; žetony se vrací "
              "do zásoby (valeria.slay.pay-strength, valeria.variants.events.cost-tokens, "
              "valeria.variants.events.bounty).",
              "Seat {s} slays {n} ({x} strength, {y} magic; cost {st} strength + {mg} magic = printed {ps} + {pm} and "
              "tokens {ts} + {tm}; magic replaces strength, at least 1 strength) and gains a bounty of {g} gold; the "
              "tokens go back to the supply (valeria.slay.pay-strength, valeria.variants.events.cost-tokens, "
              "valeria.variants.events.bounty).",
              s=a.seat, n=_cards(card), x=a.pay.strength, y=a.pay.magic, st=sc, mg=mc, ps=m.strength, pm=m.magic,
              ts=sc - m.strength, tm=mc - m.magic, g=gold)


def _position(state: State, p: int) -> Text:
    """A center position in words."""
    if p < events.FIRST_CITIZEN:
        area = state.areas[p]
        return bilingual("místo balíčku nestvůr {a}", "the place of the {b} monster stack", a=card_name(area, "cs"),
                  b=card_name(area, "en"))
    if p < events.FIRST_DOMAIN:
        return bilingual("místo {i}. balíčku obyvatel", "the place of citizen stack {i}", i=p - events.FIRST_CITIZEN + 1)
    return bilingual("místo {i}. balíčku panství", "the place of domain stack {i}", i=p - events.FIRST_DOMAIN + 1)


def _placed_card(card: str) -> Text:
    if card == events.EXHAUSTED:
        return bilingual("karta vyčerpání", "an Exhausted card")
    if card == events.NO_CARD:
        return bilingual("žádná karta (balíček karet vyčerpání je prázdný; výklad O16)",
                  "no card (the Exhausted stack is empty; ruling O16)")
    return bilingual("nepřátelská událost {c} (číslo {n})", "the Monster Event {e} (number {n})", c=card_name(card, "cs"),
              e=card_name(card, "en"), n=index().events[card].trigger)


def _event_lines(before: State, a: Action, after: State) -> list[Text]:
    """Monster Events: the triggers after the announced dice, the cards put in emptied
    places, a slain event's replacement and a card put back by a return."""
    lines: list[Text] = []
    if a.kind in (ActionKind.ROLL, ActionKind.DIE, ActionKind.ANNOUNCE) and after.phase not in (ROLL, DICE):
        at_roll = replace(before, dice=after.dice)
        for _, e in events.triggered(at_roll):
            ev = index().events[e]
            lines.append(bilingual("Kostky {d}: nepřátelská událost {c} (číslo {n}) se aktivuje jednou (na kostce nebo v "
                            "součtu, i při dvojici jen jednou) a její pokyn se provede před fází příjmu "
                            "(valeria.variants.events.trigger, valeria.variants.events.roll-phase).",
                            "Dice {d}: the Monster Event {e} (number {n}) triggers once (on a die or the sum, once "
                            "even on doubles) and its instruction is carried out before the Harvest phase "
                            "(valeria.variants.events.trigger, valeria.variants.events.roll-phase).",
                            d=list(after.dice), c=card_name(e, "cs"), e=card_name(e, "en"), n=ev.trigger))
            for effect in ev.on_trigger:
                if isinstance(effect, EveryPlayerLoses):
                    amount = effect.amount
                    who = ", ".join(f"{i}: {before.seats[i].resource(r)}→{after.seats[i].resource(r)}"
                                    for i in range(after.players) if i != after.resting
                                    for r in ("gold", "strength", "magic") if getattr(amount, r))
                    rest = (bilingual(" Odpočívající hráč {r} je vyňat (valeria.variants.five-players.resting-immune).",
                               " The resting seat {r} is exempt (valeria.variants.five-players.resting-immune).",
                               r=after.resting) if after.resting is not None else bilingual("", ""))
                    lines.append(bilingual("Každý hráč ztrácí {x}, má-li (hráč: před→po): {w} "
                                    "(valeria.variants.events.instructions).{r}",
                                    "Every player loses {y}, if possible (seat: before→after): {w} "
                                    "(valeria.variants.events.instructions).{r}",
                                    x=events.resources_word(amount, "cs"), y=events.resources_word(amount), w=who,
                                    r=rest))
                elif isinstance(effect, AddToken):
                    amount = effect.amount
                    lines.append(bilingual("Aktivní hráč {s} zvolí, na kterou nestvůru nebo jinou událost položí žeton ({x}) "
                                    "(valeria.variants.events.instructions, výklad O12).",
                                    "The active seat {s} chooses the monster or other event that gets the token "
                                    "({y}) (valeria.variants.events.instructions, ruling O12).",
                                    s=after.active, x=events.resources_word(amount, "cs"),
                                    y=events.resources_word(amount)))
    placed_before, placed_after = events.part(before).placed, events.part(after).placed
    if a.kind == ActionKind.SLAY and events.is_event(a.card):
        p = placed_before.index(a.card)
        lines.append(bilingual("Zabitá událost jde do balíčku poražených nestvůr; na její místo ({p}) jde karta zespodu "
                        "balíčku karet vyčerpání, nikdy jiná událost: {c} (valeria.variants.events.replace).",
                        "The slain event goes to the Victory stack; its place ({p}) gets a card from the bottom of "
                        "the Exhausted stack, never another event: {c} (valeria.variants.events.replace).",
                        p=_position(after, p), c=_placed_card(placed_after[p])))
    for p, (old, new) in enumerate(zip(placed_before, placed_after, strict=False)):
        if old == "" and new:
            lines.append(bilingual("Balíček je prázdný: na {p} jde lícem nahoru vrchní karta balíčku karet vyčerpání: {c}; "
                            "balíček se počítá jako vyčerpaný (valeria.exhausted.replace, "
                            "valeria.variants.events.revealed, valeria.variants.events.exhausted).",
                            "The stack is empty: the top card of the Exhausted stack goes face up to {p}: {c}; the "
                            "stack counts as exhausted (valeria.exhausted.replace, valeria.variants.events.revealed, "
                            "valeria.variants.events.exhausted).", p=_position(after, p), c=_placed_card(new)))
        elif old and old != events.NO_CARD and new == "":
            where = ("navrch", "on top of") if events.is_event(old) else ("dospodu", "at the bottom of")
            lines.append(bilingual("Na {p} se vrací karta; {c} jde {w} balíčku karet vyčerpání "
                            "(valeria.cards.nest-of-the-weaver-witch, výklad O17).",
                            "A card returns to {p}; {c} goes {x} the Exhausted stack "
                            "(valeria.cards.nest-of-the-weaver-witch, ruling O17).",
                            p=_position(after, p), c=_placed_card(old), w=where[0], x=where[1]))
    return lines


def explain_step(before: State, a: Action, after: State) -> tuple[Text, ...]:
    lines = [describe(before, a)]
    if after.events is not None:
        lines.extend(_event_lines(before, a, after))
    if after.phase != before.phase and after.phase != HARVEST and before.phase == HARVEST:
        for seat in range(after.players):
            lines.append(bilingual("Po fázi příjmu má hráč {s}: {r} (valeria.harvest.everyone).",
                            "After the Harvest phase seat {s} has {r} (valeria.harvest.everyone).",
                            s=seat, r=_resources(after, seat)))
    if a.kind in (ActionKind.ROLL, ActionKind.DIE, ActionKind.ANNOUNCE) and after.phase not in (ROLL, DICE):
        a_, b_ = after.dice
        for seat in range(after.players):
            if seat == after.resting:
                lines.append(bilingual("Kostky {d}: hráč {s} odpočívá a ve fázi příjmu nic nezíská "
                                "(valeria.variants.five-players.resting-harvest).",
                                "Dice {d}: seat {s} rests and gains nothing in the Harvest phase "
                                "(valeria.variants.five-players.resting-harvest).", d=[a_, b_], s=seat))
                continue
            acts = harvest.activated(after, seat)
            listed = ", ".join(f"{card_name(c, 'en')} x{n}" for c, n in acts) or "-"
            listed_cs = ", ".join(f"{card_name(c, 'cs')} x{n}" for c, n in acts) or "-"
            herald = harvest.herald_count(after, seat, acts)
            side = ("levá strana, aktivní hráč", "left side, the active player") if seat == after.active else (
                "pravá strana", "right side")
            lines.append(bilingual("Kostky {d}: hráči {s} se aktivuje {l} ({x}); Herold {h}x (valeria.harvest.each-copy, "
                            "valeria.harvest.doubles, valeria.herald.no-citizen).",
                            "Dice {d}: seat {s} activates {e} ({y}); Herald {h}x (valeria.harvest.each-copy, "
                            "valeria.harvest.doubles, valeria.herald.no-citizen).",
                            d=[a_, b_], s=seat, l=listed_cs, e=listed, h=herald, x=side[0], y=side[1]))
    if after.end_triggered and not before.end_triggered:
        lines.append(bilingual("Konec hry je spuštěn ve fázi závěru: zbývá nestvůr {m}, panství {d}, vyčerpaných balíčků je "
                        "{x} (hranice {n}); hraje se do stejného počtu tahů (valeria.end.conditions, "
                        "valeria.end.equal-turns).",
                        "The end of the game is triggered in the End phase: {m} monsters and {d} domains left, {x} "
                        "exhausted stacks (the bound is {n}); play goes on until every seat has had the same number "
                        "of turns (valeria.end.conditions, valeria.end.equal-turns).",
                        m=sum(len(st) for st in after.monsters), d=sum(len(st) for st in after.domains),
                        x=engine.exhausted(after), n=2 * after.players))
    if after.resting is not None and (after.resting != before.resting or (a.kind == ActionKind.KEEP and after.phase == ROLL)):
        lines.append(bilingual("Odpočívajícím hráčem je nyní hráč {r}, po pravici aktivního hráče {s}: nemá příjem a není "
                        "cílem negativních efektů (valeria.variants.five-players.resting-token, "
                        "valeria.variants.five-players.resting-immune).",
                        "Seat {r}, right of the active seat {s}, now rests: no harvest, and no target of negative "
                        "effects (valeria.variants.five-players.resting-token, "
                        "valeria.variants.five-players.resting-immune).", r=after.resting, s=after.active))
    for i, (old, new) in enumerate(zip(before.citizen_stacks or (), after.citizen_stacks or (), strict=False)):
        if len(new) < len(old) and new:
            kind = after.citizen_kinds[new[0]]
            lines.append(bilingual("Vrchní karta balíčku obyvatel {n} odešla; odhaluje se karta pod ní: {c} "
                            "(valeria.variants.random-citizens.hidden).",
                            "The top card of citizen stack {n} left it; the card below is revealed: {e} "
                            "(valeria.variants.random-citizens.hidden).", n=i + 1, c=card_name(kind, "cs"),
                            e=card_name(kind, "en")))
    if after.phase == OVER and before.phase != OVER and after.players > 1:  # solo: rules/valeria/solo.py
        lines.append(bilingual("Hra končí po tahu hráče {s} (valeria.end.equal-turns).",
                        "The game ends after seat {s}'s turn (valeria.end.equal-turns).", s=before.active))
    return tuple(lines)


def score_lines(state: State, scores: tuple[scoring.Score, ...], win: tuple[int, ...]) -> tuple[Text, ...]:
    lines = []
    ix = index()
    for sc in scores:
        s = state.seats[sc.seat]
        duke = ix.dukes[s.duke] if s.duke else None
        terms_cs = " + ".join(f"{each} × {counter_label(c, 'cs')} ({n}) = {vp}" for c, each, n, vp in sc.duke_terms)
        terms_en = " + ".join(f"{each} × {counter_label(c, 'en')} ({n}) = {vp}" for c, each, n, vp in sc.duke_terms)
        per = duke.resources_per_vp if duke else 0
        monsters = ", ".join(f"{card_name(m, 'en')} {ix.monsters[m].vp}" for m in s.monsters) or "-"
        monsters_cs = ", ".join(f"{card_name(m, 'cs')} {ix.monsters[m].vp}" for m in s.monsters) or "-"
        domains = ", ".join(f"{card_name(d, 'en')} {ix.domains[d].vp}" for d in s.domains) or "-"
        domains_cs = ", ".join(f"{card_name(d, 'cs')} {ix.domains[d].vp}" for d in s.domains) or "-"
        dname = (duke.name.get("cs"), duke.name.get("en")) if duke else ("-", "-")
        lines.append(bilingual(
            "Hráč {s}: nestvůry {m} ({mc}) + panství {d} ({dc}) + deska {b} + vévoda {kn} {k} ({tc}; zdroje "
            "⌊({g} + {st} + {mg}) / {p}⌋ = {r}) = {tot} (valeria.scoring.total, valeria.scoring.duke-icons, "
            "valeria.dukes.resources).",
            "Seat {s}: monsters {m} ({me}) + domains {d} ({de}) + board {b} + duke {ke} {k} ({te}; resources "
            "⌊({g} + {st} + {mg}) / {p}⌋ = {r}) = {tot} (valeria.scoring.total, valeria.scoring.duke-icons, "
            "valeria.dukes.resources).",
            s=sc.seat, m=sc.monsters, mc=monsters_cs, me=monsters, d=sc.domains, dc=domains_cs, de=domains,
            b=sc.board, kn=dname[0], ke=dname[1], k=sc.duke, tc=terms_cs or "-", te=terms_en or "-", g=s.gold,
            st=s.strength, mg=s.magic, p=per, r=sc.duke_resources, tot=sc.total))
    best = max(sc.total for sc in scores)
    tied = [sc for sc in scores if sc.total == best]
    if len(tied) > 1:
        lines.append(bilingual("Shoda na {b} bodech: rozhoduje menší počet karet ve vévodství ({c}) (valeria.scoring.tie).",
                        "Tie at {b} VP: fewer cards in the duchy decides ({c}) (valeria.scoring.tie).", b=best,
                        c=", ".join(f"{sc.seat}: {sc.duchy_cards}" for sc in tied)))
    lines.append(bilingual("Vítěz: {w} (valeria.scoring.winner).", "Winner(s): {w} (valeria.scoring.winner).",
                    w=", ".join(map(str, win))))
    return tuple(lines)
