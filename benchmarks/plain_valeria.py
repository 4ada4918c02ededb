"""A plain, mutable two-player Valeria written from the book: the yardstick of issue 19 §1.

This is what the library's Valeria is measured against: the same base game
(2 players, no variant, no solo: dukes, Roll, Harvest, Action and End phases,
every citizen, monster, domain and duke of the base box) written the way
anyone would write it from the rulebook (/work/shared/seeds, 004, with the
numbered rules and rulings of /work/shared/reference/valeria.md) with no
library at all: a game is a dict of lists and dicts, an action is a tuple,
every step changes the dict in place. No tables, no caches, no interning.
It imports nothing from ``rules`` but the path of the card data file
(``spec/data/valeria-cards.toml``), which it reads once with ``tomllib``:
data, not rules.

Where the book leaves a choice's form open, the library's form is kept so
that both engines count the same steps: a payment is one action per split of
gold and magic (or strength and magic), each harvest choice or optional
exchange is a step of its own, a decision with one possible answer is taken
by the engine itself (decision 0033), and the rolls and Purloiner's Perch's
draw are chance steps. The actions are listed in the library's order and
drawn as its random play draws them, so one seed deals and plays the same
game in both engines: ``tests/valeria/test_plain_valeria.py`` checks it step
by step, and ``benchmarks/valeria.py --vs-plain`` times the two side by side.

    python benchmarks/plain_valeria.py [--games 200] [--seed 1]
"""

from __future__ import annotations

import random
import tomllib
from typing import Any

from report import plain_main, time_plain_games  # benchmarks/report.py, beside this script

from rules.valeria.cards import data_path  # where the card data file lies (data, not rules)

Game = dict[str, Any]
Action = tuple[Any, ...]

CARDS: dict[str, Any] = tomllib.loads(data_path().read_text(encoding="utf-8"))
CITIZENS = {c["id"]: c for c in CARDS["citizen"]}
STARTERS = {s["id"]: s for s in CARDS["starter"]}
MONSTERS = {m["id"]: m for m in CARDS["monster"]}
DOMAINS = {d["id"]: d for d in CARDS["domain"]}
DUKES = {d["id"]: d for d in CARDS["duke"]}
AREAS = [a["id"] for a in CARDS["area"]]
#: the ten citizen stacks by activation number (valeria.setup.citizen-rows)
STACK_NUMBERS = [[1], [2], [3], [4], [5], [6], [7], [8], [9, 10], [11, 12]]
RESOURCES = ("gold", "strength", "magic")


# ------------------------------------------------------------------ setup


def area_stack(area: str) -> list[str]:
    """An area's monsters, top first: by their order, each as many times as its copies
    (valeria.setup.monster-stack-order)."""
    kinds = sorted((m for m in CARDS["monster"] if m["area"] == area), key=lambda m: m["order"])
    return [m["id"] for m in kinds for _ in range(m["copies"])]


def deal(rng: random.Random, players: int = 2) -> Game:
    """Five of the eight areas, weakest top monster first (valeria.setup.monster-row); one of
    the two citizens of each activation number (valeria.setup.citizen-rows); the 24 domains
    shuffled into five stacks of three (valeria.setup.domain-row); two dukes to each player
    (valeria.setup.dukes); a random first player. The random draws are the library's, in its
    order, so one seed deals one game in both engines."""
    areas = rng.sample(AREAS, 5)
    areas.sort(key=lambda a: MONSTERS[area_stack(a)[0]]["strength"])
    kinds = [rng.choice([c["id"] for c in CARDS["citizen"] if c["activation"] == numbers])
             for numbers in STACK_NUMBERS]
    domains = list(DOMAINS)
    rng.shuffle(domains)
    dukes = list(DUKES)
    rng.shuffle(dukes)
    return new_game(areas, kinds, [domains[i * 3:i * 3 + 3] for i in range(5)],
                    [dukes[i * 2:i * 2 + 2] for i in range(players)], rng.randrange(players))


def new_game(areas: list[str], kinds: list[str], domains: list[list[str]], dukes: list[list[str]],
             first: int) -> Game:
    """The table before the dukes are kept: each player with 2 gold and 1 magic
    (valeria.setup.player-boards) and the three starters (implied), five citizens a stack."""
    return {
        "players": len(dukes), "first": first, "active": first, "phase": "dukes",
        "areas": list(areas), "monsters": [area_stack(a) for a in areas],
        "citizens": {kind: 5 for kind in kinds}, "domains": [list(stack) for stack in domains],
        "seats": [{"gold": 2, "strength": 0, "magic": 1, "vp": 0, "citizens": {kind: 0 for kind in kinds},
                   "domains": [], "monsters": [], "dealt": list(pair), "duke": None} for pair in dukes],
        "dice": [0, 0], "used": [], "harvest": None, "pending": [], "actions_left": 0,
        "closing": False, "draw_from": -1, "end_triggered": False,
    }


# ------------------------------------------------------------------ counting


def count(game: Game, seat: int, per: dict[str, str]) -> int:
    """What a "per" counts (valeria.citizens.references): citizens of a role (citizens only,
    ruling O9), role icons on citizens and domains (dukes, valeria.scoring.duke-icons), cards of a
    name (the starter of that name too), citizens, domains or monsters, monsters of an area or type."""
    s = game["seats"][seat]
    (kind, value), = per.items()
    if kind == "role":
        return sum(n for c, n in s["citizens"].items() if CITIZENS[c]["role"] == value)
    if kind == "role_icon":
        return (sum(n for c, n in s["citizens"].items() if CITIZENS[c]["role"] == value)
                + sum(DOMAINS[d]["roles"].count(value) for d in s["domains"]))
    if kind == "name":
        return s["citizens"].get(value, 0) + sum(1 for st in STARTERS.values() if st.get("named") == value)
    if kind == "card_type":
        return sum(s["citizens"].values()) if value == "citizen" else len(s[value + "s"])
    if kind == "area":
        return sum(1 for m in s["monsters"] if MONSTERS[m]["area"] == value)
    return sum(1 for m in s["monsters"] if value in MONSTERS[m]["types"])  # monster_type


def gain(game: Game, seat: int, effect: dict[str, Any]) -> None:
    """A gain, times what its "per" counts (valeria.symbols.per)."""
    times = count(game, seat, effect["per"]) if "per" in effect else 1
    for resource, n in effect["gain"].items():
        game["seats"][seat][resource] += n * times


def affords(seat: dict[str, Any], cost: dict[str, int]) -> bool:
    return all(seat[r] >= n for r, n in cost.items())


def branch_label(branch: list[dict[str, Any]], i: int) -> str:
    """The name a choice's branch is answered by (the library's record words): the resource of a
    one-resource gain or take, "citizen" for a citizen, "gold-per-forest" for a counted gain."""
    e = branch[0]
    if len(branch) == 1 and "gain" in e and "per" not in e and len(e["gain"]) == 1:
        return next(iter(e["gain"]))
    if len(branch) == 1 and "take" in e and len(e["take"]) == 1:
        return next(iter(e["take"]))
    if any("gain_citizen" in x for x in branch):
        return "citizen"
    if len(branch) == 1 and "gain" in e and len(e["gain"]) == 1:
        return f"{next(iter(e['gain']))}-per-{next(iter(e['per'].values()))}"
    return str(i)


def labels(choice: list[list[dict[str, Any]]]) -> list[str]:
    return [branch_label(branch, i) for i, branch in enumerate(choice)]


# ------------------------------------------------------------------ dukes and the roll


def keep_duke(game: Game, seat: int, duke: str) -> None:
    """Each player keeps one of the two dukes dealt (valeria.setup.dukes); then the first turn."""
    game["seats"][seat]["duke"] = duke
    if all(s["duke"] for s in game["seats"]):
        game["phase"] = "roll"


def gargans_embrace(game: Game) -> None:
    """Doubles rolled or dice made equal: each owner of Gargan's Embrace gains 1 VP."""
    for s in game["seats"]:
        if "gargans-embrace" in s["domains"]:
            s["vp"] += 1


def roll(game: Game, a: int, b: int) -> None:
    """The active player rolls both dice (valeria.roll.dice), then may change them."""
    game["dice"] = [a, b]
    game["used"] = []
    if a == b:
        gargans_embrace(game)
    after_die_change(game)


def die_cost(game: Game, effect: dict[str, Any]) -> dict[str, int]:
    times = count(game, game["active"], effect["per"]) if "per" in effect else 1
    return {r: n * times for r, n in effect["pay"].items()}


def die_changes(game: Game) -> list[Action]:
    """The active player's die-changing domains, each once per Roll phase, on either die
    (valeria.roll.domains, valeria.roll.once-per-card): set a die to another value if they can
    pay, or lower a die to no less than 1."""
    me = game["active"]
    out = []
    for domain in game["seats"][me]["domains"]:
        card = DOMAINS[domain]
        if not card["die_changing"] or domain in game["used"]:
            continue
        for which in (0, 1):
            effect = card["effect"][0]
            value = game["dice"][which]
            if "set_die" in effect:
                ok = value != effect["set_die"]["value"] and affords(game["seats"][me],
                                                                     die_cost(game, effect["set_die"]))
            else:
                ok = value - effect["lower_die"] >= 1
            if ok:
                out.append(("die", me, domain, which))
    return out


def change_die(game: Game, domain: str, which: int) -> None:
    effect = DOMAINS[domain]["effect"][0]
    if "set_die" in effect:
        for r, n in die_cost(game, effect["set_die"]).items():
            game["seats"][game["active"]][r] -= n
        game["dice"][which] = effect["set_die"]["value"]
    else:
        game["dice"][which] -= effect["lower_die"]
    game["used"].append(domain)
    if game["dice"][0] == game["dice"][1]:
        gargans_embrace(game)
    after_die_change(game)


def after_die_change(game: Game) -> None:
    game["phase"] = "dice" if die_changes(game) else "harvest"
    if game["phase"] == "harvest":
        start_harvest(game)


# ------------------------------------------------------------------ harvest


def activations(game: Game, numbers: list[int]) -> int:
    """Each die and their sum activate; on doubles a card of the die's number twice
    (valeria.roll.activation-values, valeria.harvest.doubles)."""
    a, b = game["dice"]
    return sum((a == n) + (b == n) + (a + b == n) for n in numbers)


def steals(effect: dict[str, Any]) -> bool:
    """A choice of takes from an opponent (the Thief's left power)."""
    return "choice" in effect and any("take" in e for branch in effect["choice"] for e in branch)


def start_harvest(game: Game) -> None:
    """The active player's stealing citizens (the Thief) steal first, one decision per activation
    (valeria.harvest.thief-first); the rest is harvested after them."""
    me = game["active"]
    game["harvest"] = None
    for card, copies in game["seats"][me]["citizens"].items():
        for effect in CITIZENS[card]["on_turn"]:
            if steals(effect):
                for _ in range(copies * activations(game, CITIZENS[card]["activation"])):
                    game["pending"].append({"seat": me, "kind": "thief", "source": card, "effect": effect})


def harvest(game: Game) -> None:
    """Every player activates their starters and citizens, each copy separately: the active one
    their left powers, the others their right ones (valeria.harvest.everyone, valeria.harvest.each-copy).
    Plain gains at once; choices and optional exchanges wait as items; the Herald activates when
    nothing else did and on doubles (valeria.herald.*)."""
    game["harvest"] = []
    for seat, s in enumerate(game["seats"]):
        side = "on_turn" if seat == game["active"] else "off_turn"
        items = []
        some = False
        cards = [(st["id"], 1) for st in STARTERS.values()] + list(s["citizens"].items())
        for card, copies in cards:
            times = copies * activations(game, (CITIZENS.get(card) or STARTERS[card])["activation"])
            if not times:
                continue
            some = True
            for effect in (CITIZENS.get(card) or STARTERS[card])[side]:
                if "gain" in effect:
                    for _ in range(times):
                        gain(game, seat, effect)
                elif "choice" in effect or "exchange" in effect:
                    if not (side == "on_turn" and steals(effect)):  # the Thief stole already
                        items.append([card, side, times])
        a, b = game["dice"]
        herald = (not some) + (a == b)
        if herald:
            items.append(["herald", side, herald])
        game["harvest"].append(items)


def item_effect(card: str, side: str) -> dict[str, Any]:
    return next(e for e in (CITIZENS.get(card) or STARTERS[card])[side] if "choice" in e or "exchange" in e)


def item_answers(game: Game, seat: int, card: str, side: str) -> list[str]:
    """A choice's branches, or declined (ruling O25; the Herald's resource is a gain); an
    exchange used if the player can pay, or declined (valeria.symbols.pay)."""
    effect = item_effect(card, side)
    if "choice" in effect:
        return labels(effect["choice"]) + (["decline"] if card != "herald" else [])
    return (["use"] if affords(game["seats"][seat], effect["exchange"]["pay"]) else []) + ["decline"]


def resolve_item(game: Game, seat: int, card: str, option: str) -> None:
    """One harvest item, in any order (valeria.harvest.any-order)."""
    items = game["harvest"][seat]
    item = next(it for it in items if it[0] == card)
    effect = item_effect(card, item[1])
    if "choice" in effect and option != "decline":
        for e in effect["choice"][labels(effect["choice"]).index(option)]:
            gain(game, seat, e)
    elif "exchange" in effect and option == "use":
        for r, n in effect["exchange"]["pay"].items():
            game["seats"][seat][r] -= n
        for r, n in effect["exchange"]["gain"].items():
            game["seats"][seat][r] += n
    item[2] -= 1
    if not item[2]:
        items.remove(item)


def payable_later(game: Game, seat: int, item: list[Any]) -> bool:
    """Could the player's other harvest items still give what an exchange they cannot pay now
    lacks? The most each could give (a choice's best branch, an exchange's gain), times its count."""
    have = game["seats"][seat]
    most = dict.fromkeys(RESOURCES, 0)
    for other in game["harvest"][seat]:
        times = other[2] - (other is item)
        effect = item_effect(other[0], other[1])
        if times <= 0:
            continue
        if "exchange" in effect:
            gives = {r: effect["exchange"]["gain"].get(r, 0) for r in RESOURCES}
        else:
            gives = {r: max(sum(e["gain"].get(r, 0) * (count(game, seat, e["per"]) if "per" in e else 1)
                                for e in branch) for branch in effect["choice"]) for r in RESOURCES}
        for r in RESOURCES:
            most[r] += max(gives[r], 0) * times
    pay = item_effect(item[0], item[1])["exchange"]["pay"]
    return all(have[r] + most[r] >= pay.get(r, 0) for r in RESOURCES)


def steal(game: Game, seat: int, victim: int, amount: dict[str, int]) -> None:
    """Take from an opponent what they have, up to the amount (valeria.symbols.take-from, ruling O23)."""
    for r, n in amount.items():
        got = min(n, game["seats"][victim][r])
        game["seats"][victim][r] -= got
        game["seats"][seat][r] += got


# ------------------------------------------------------------------ effects and decisions


def citizen_targets(game: Game, want: dict[str, Any]) -> list[str]:
    """The citizen stacks a "gain a citizen" may take from: not empty, of the named kind, role or
    base cost at most ``max_cost`` (valeria.symbols.up-to)."""
    return [c for c, left in game["citizens"].items() if left
            and CITIZENS[c]["cost"] <= want.get("max_cost", 99)
            and CITIZENS[c]["role"] == want.get("role", CITIZENS[c]["role"]) and c == want.get("name", c)]


def resolve_effects(game: Game, seat: int, effects: list[dict[str, Any]], source: str) -> None:
    """A card's effects in order (valeria.domains.effects): gains at once, every choice the card
    gives as a decision, the first to make on top of those already waiting."""
    decisions = []
    for e in effects:
        decision = {"seat": seat, "source": source, "effect": e}
        if "gain" in e:
            gain(game, seat, e)
        elif "choice" in e:
            if any(branch_possible(game, b) for b in e["choice"]):
                decisions.append({**decision, "kind": "choose"})
        elif "gain_citizen" in e:
            if citizen_targets(game, e["gain_citizen"]):
                decisions.append({**decision, "kind": "citizen"})
        elif "take" in e:
            decisions.append({**decision, "kind": "take"})
        elif "exchange" in e:
            decisions.append({**decision, "kind": "exchange"})
        elif "extra_action" in e:
            decisions.append({**decision, "kind": "extra-slay"})
        elif e["special"] == "valeria.cards.watcher-on-the-water":
            if game["seats"][seat]["monsters"]:
                decisions.append({**decision, "kind": "watcher"})
        elif e["special"] == "valeria.cards.nest-of-the-weaver-witch":
            if any(game["seats"][seat]["citizens"].values()):
                decisions.append({**decision, "kind": "nest"})
        elif e["special"] == "valeria.cards.purloiners-perch":
            decisions.append({**decision, "kind": "purloin"})
    game["pending"][:0] = decisions


def branch_possible(game: Game, branch: list[dict[str, Any]]) -> bool:
    """A branch that gains a citizen needs a stack to take it from (ruling O24)."""
    return all(citizen_targets(game, e["gain_citizen"]) for e in branch if "gain_citizen" in e)


def take_citizen(game: Game, seat: int, kind: str) -> None:
    """The top citizen of a stack into the duchy; Forgotten Sorrows gives its owner 1 magic
    during their Action phase."""
    game["citizens"][kind] -= 1
    game["seats"][seat]["citizens"][kind] += 1
    if game["phase"] == "actions" and seat == game["active"] and "forgotten-sorrows" in game["seats"][seat]["domains"]:
        resolve_effects(game, seat, DOMAINS["forgotten-sorrows"]["effect"], "forgotten-sorrows")


def pending_takes(game: Game) -> list[dict[str, Any]]:
    """The takes on top that act together (Cathedral of St Aquila and The Orb of Urdr at the end
    of the Action phase): their owner answers them in any order (valeria.domains.trigger-order)."""
    run = []
    for d in game["pending"]:
        if d["kind"] != "take" or d["seat"] != game["pending"][0]["seat"]:
            break
        run.append(d)
    return run


def decision_answers(game: Game) -> list[Action]:
    """The answers to the decision on top, and a decline where the power is optional."""
    d = game["pending"][0]
    seat, kind, effect = d["seat"], d["kind"], d["effect"]
    others = [o for o in range(game["players"]) if o != seat]
    if kind == "thief":
        return [("thief", seat, label, o) for label in labels(effect["choice"]) for o in others]
    if kind == "take":
        takes = pending_takes(game)
        sources = [t["source"] for t in takes] if len(takes) > 1 else [""]
        return [("take", seat, source, o) for source in sources for o in others]
    if kind == "choose":
        return [("choose", seat, label) for label, branch in zip(labels(effect["choice"]), effect["choice"])
                if branch_possible(game, branch)]
    if kind == "citizen":
        targets = citizen_targets(game, effect["gain_citizen"])
        return [("citizen", seat, c) for c in targets] or [("decline", seat, d["source"])]
    if kind == "exchange":
        pay = effect["exchange"]["pay"]
        return ([("exchange", seat, "use")] if affords(game["seats"][seat], pay) else []) + [
            ("exchange", seat, "decline")]
    if kind == "extra-slay":
        return slays(game) + [("decline", seat, d["source"])]
    if kind == "watcher":
        return [("return", seat, m) for m in sorted(set(game["seats"][seat]["monsters"]))] + [
            ("decline", seat, d["source"])]
    if kind == "nest":
        return [("return", seat, c) for c, n in game["seats"][seat]["citizens"].items() if n] + [
            ("decline", seat, d["source"])]
    return [("purloin", seat, o) for o in others]


def decide(game: Game, action: Action) -> None:
    """Answer the decision on top (or the take of the domain the answer names)."""
    takes = pending_takes(game)
    d = next(t for t in takes if t["source"] == action[2]) if action[0] == "take" and action[2] else game["pending"][0]
    game["pending"].remove(d)
    seat, kind, effect = d["seat"], d["kind"], d["effect"]
    if action[0] == "decline":
        return
    if kind == "thief":
        steal(game, seat, action[3], effect["choice"][labels(effect["choice"]).index(action[2])][0]["take"])
    elif kind == "take":
        steal(game, seat, action[3], effect["take"])
    elif kind == "choose":
        resolve_effects(game, seat, effect["choice"][labels(effect["choice"]).index(action[2])], d["source"])
    elif kind == "citizen":
        take_citizen(game, seat, action[2])
    elif kind == "exchange" and action[2] == "use":
        for r, n in effect["exchange"]["pay"].items():
            game["seats"][seat][r] -= n
        for r, n in effect["exchange"]["gain"].items():
            game["seats"][seat][r] += n
    elif kind == "extra-slay":
        slay(game, action[2], action[3], action[4])
    elif kind == "watcher":
        return_monster(game, seat, action[2])
    elif kind == "nest":
        return_citizen(game, seat, action[2])
    elif kind == "purloin" and game["seats"][action[2]]["monsters"]:
        game["phase"], game["draw_from"] = "draw", action[2]


def return_monster(game: Game, seat: int, monster: str) -> None:
    """Watcher on the Water: a slain monster back on top of its area's stack, 3 VP (ruling O28)."""
    game["seats"][seat]["monsters"].remove(monster)
    game["seats"][seat]["vp"] += 3
    game["monsters"][game["areas"].index(MONSTERS[monster]["area"])].insert(0, monster)


def return_citizen(game: Game, seat: int, kind: str) -> None:
    """Nest of the Weaver Witch: a citizen back on top of its stack, 3 VP."""
    game["seats"][seat]["citizens"][kind] -= 1
    game["seats"][seat]["vp"] += 3
    game["citizens"][kind] += 1


def drawn(game: Game, monster: str) -> None:
    """Purloiner's Perch: the card drawn from the victim's shuffled Victory stack."""
    game["seats"][game["draw_from"]]["monsters"].remove(monster)
    game["seats"][game["active"]]["monsters"].append(monster)
    game["phase"], game["draw_from"] = "actions", -1


# ------------------------------------------------------------------ actions


def payments(price: int, have: int, magic: int) -> list[tuple[int, int]]:
    """Every split of a price into at least one real coin (gold, or strength for a monster) and
    magic in its place (valeria.resources.magic-substitute)."""
    return [(x, price - x) for x in range(1, price + 1) if x <= have and price - x <= magic]


def citizen_price(game: Game, seat: int, kind: str) -> int:
    """The printed cost plus 1 per card of that name owned, starters too
    (valeria.recruit.cost-per-copy); Emerald Stronghold ignores the "+"."""
    s = game["seats"][seat]
    if "emerald-stronghold" in s["domains"]:
        return CITIZENS[kind]["cost"]
    return CITIZENS[kind]["cost"] + count(game, seat, {"name": kind})


def roles_met(game: Game, seat: int, domain: str) -> bool:
    """The duchy's citizens show the domain's role icons (valeria.build.requirements; starters and
    domains show none, ruling O9)."""
    need = DOMAINS[domain]["roles"]
    return all(count(game, seat, {"role": role}) >= need.count(role) for role in set(need))


def slays(game: Game) -> list[Action]:
    """Every payment for every face-up monster: its magic cost in magic, the rest in strength
    with magic in its place, at least one real strength (valeria.slay.pay-strength)."""
    me = game["active"]
    s = game["seats"][me]
    out = []
    for area, stack in zip(game["areas"], game["monsters"]):
        if stack:
            m = MONSTERS[stack[0]]
            for strength, magic in payments(m["strength"] + m["magic"], s["strength"], s["magic"]):
                if magic >= m["magic"]:
                    out.append(("slay", me, area, strength, magic))
    return out


def main_actions(game: Game) -> list[Action]:
    """Two actions, each recruit, slay, build or gain one resource (valeria.actions.two)."""
    me = game["active"]
    s = game["seats"][me]
    out: list[Action] = []
    for kind, left in game["citizens"].items():
        if left:
            out += [("recruit", me, kind, g, m) for g, m in payments(citizen_price(game, me, kind), s["gold"], s["magic"])]
    out += slays(game)
    for stack in game["domains"]:
        if stack and roles_met(game, me, stack[0]):
            price = max(1, DOMAINS[stack[0]]["cost"] - ("pratchetts-plateau" in s["domains"]))
            out += [("build", me, stack[0], g, m) for g, m in payments(price, s["gold"], s["magic"])]
    return out + [("gain", me, r) for r in RESOURCES]


def slay(game: Game, area: str, strength: int, magic: int) -> None:
    """Pay, put the monster in the Victory stack and take its reward (a Boss counts itself);
    The Violet Thorn gives its owner 1 magic (valeria.slay.*)."""
    me = game["active"]
    s = game["seats"][me]
    monster = game["monsters"][game["areas"].index(area)].pop(0)
    s["strength"] -= strength
    s["magic"] -= magic
    s["monsters"].append(monster)
    resolve_effects(game, me, MONSTERS[monster]["reward"], monster)
    if "the-violet-thorn" in s["domains"]:
        resolve_effects(game, me, DOMAINS["the-violet-thorn"]["effect"], "the-violet-thorn")


def build(game: Game, domain: str, gold: int, magic: int) -> None:
    """Pay, place the domain, take its immediate reward; the next one is revealed (valeria.build.*)."""
    me = game["active"]
    s = game["seats"][me]
    next(stack for stack in game["domains"] if stack and stack[0] == domain).pop(0)
    s["gold"] -= gold
    s["magic"] -= magic
    s["domains"].append(domain)
    if DOMAINS[domain]["timing"] == "immediate":
        resolve_effects(game, me, DOMAINS[domain]["effect"], domain)


def domains_acting(game: Game, timing: str) -> None:
    """The active player's domains of one timing act, the first built on top (valeria.turn.domain-phases)."""
    me = game["active"]
    for domain in reversed(game["seats"][me]["domains"]):
        if DOMAINS[domain]["timing"] == timing:
            resolve_effects(game, me, DOMAINS[domain]["effect"], domain)


def end_phase(game: Game) -> None:
    """The end is triggered by all monsters slain, all domains built or twice as many exhausted
    stacks as players (valeria.end.conditions, ruling O13); then play on until all had as many
    turns (valeria.end.equal-turns); else the dice pass left."""
    exhausted = (sum(not st for st in game["monsters"]) + sum(not n for n in game["citizens"].values())
                 + sum(not st for st in game["domains"]))
    game["end_triggered"] = game["end_triggered"] or (not any(game["monsters"]) or not any(game["domains"])
                                                      or exhausted >= 2 * game["players"])
    game["active"] = (game["active"] + 1) % game["players"]
    game["closing"] = False
    game["phase"] = "over" if game["end_triggered"] and game["active"] == game["first"] else "roll"


def advance(game: Game) -> None:
    """The steps the rules take by themselves until someone must decide."""
    while not game["pending"] and game["phase"] in ("harvest", "actions"):
        if game["phase"] == "harvest":
            if game["harvest"] is None:
                harvest(game)
            elif any(game["harvest"]):
                return
            else:  # valeria.harvest.then-actions
                game["phase"], game["actions_left"], game["harvest"] = "actions", 2, None
                domains_acting(game, "action-start")
        elif game["actions_left"]:
            return
        elif game["closing"] or not any(DOMAINS[d]["timing"] == "action-end" for d in game["seats"][game["active"]]["domains"]):
            end_phase(game)
        else:
            game["closing"] = True
            domains_acting(game, "action-end")


def forced_answer(game: Game) -> Action | None:
    """A decision with one possible answer, or a harvest exchange a player cannot pay and no other
    item of theirs can make payable: the engine answers it (decision 0033)."""
    if game["phase"] in ("over", "roll", "draw"):
        return None
    if game["pending"]:
        answers = decision_answers(game)
        return answers[0] if len(answers) == 1 else None
    for seat, items in enumerate(game["harvest"] or []):
        for item in items:
            effect = item_effect(item[0], item[1])
            if ("exchange" in effect and not affords(game["seats"][seat], effect["exchange"]["pay"])
                    and not payable_later(game, seat, item)):
                return ("harvest", seat, item[0], "decline")
    return None


# ------------------------------------------------------------------ the game's interface


def legal_actions(game: Game) -> list[Action]:
    """What may be played now: empty at a chance step (a roll, a draw) and at the end."""
    phase = game["phase"]
    if phase in ("over", "roll", "draw"):
        return []
    if game["pending"]:
        return decision_answers(game)
    if phase == "dukes":
        return [("keep", i, d) for i, s in enumerate(game["seats"]) if s["duke"] is None for d in s["dealt"]]
    if phase == "dice":
        return die_changes(game) + [("announce", game["active"])]
    if phase == "harvest":
        return [("harvest", seat, card, option) for seat, items in enumerate(game["harvest"])
                for card, side, _ in items for option in item_answers(game, seat, card, side)]
    return main_actions(game)


def apply(game: Game, action: Action) -> None:
    """Play a legal action (or a chance outcome), then every step the rules take by themselves."""
    kind = action[0]
    if kind == "roll":
        roll(game, action[1], action[2])
    elif kind == "draw":
        drawn(game, action[1])
    elif kind == "keep":
        keep_duke(game, action[1], action[2])
    elif kind == "die":
        change_die(game, action[2], action[3])
    elif kind == "announce":
        game["phase"] = "harvest"
        start_harvest(game)
    elif kind == "harvest":
        resolve_item(game, action[1], action[2], action[3])
    elif game["pending"]:
        decide(game, action)
    else:
        game["actions_left"] -= 1
        if kind == "recruit":
            game["seats"][action[1]]["gold"] -= action[3]
            game["seats"][action[1]]["magic"] -= action[4]
            take_citizen(game, action[1], action[2])
        elif kind == "slay":
            slay(game, action[2], action[3], action[4])
        elif kind == "build":
            build(game, action[2], action[3], action[4])
        else:  # gain one resource (valeria.gain.resource)
            game["seats"][action[1]][action[2]] += 1
    advance(game)
    while (forced := forced_answer(game)) is not None:
        apply(game, forced)


def chance(game: Game, rng: random.Random) -> Action:
    """Two dice, 36 ordered outcomes alike (valeria.roll.dice), or a monster drawn from the
    victim's Victory stack, each kind by its copies; drawn with ``rng.choices`` as the library draws."""
    if game["phase"] == "roll":
        rolls = [("roll", a, b) for a in range(1, 7) for b in range(1, 7)]
        return rng.choices(rolls, [1 / 36] * 36)[0]
    stack = game["seats"][game["draw_from"]]["monsters"]
    kinds = sorted(set(stack))
    return ("draw", rng.choices(kinds, [stack.count(k) / len(stack) for k in kinds])[0])


def score(game: Game, seat: int) -> int:
    """Printed VP of monsters and domains, VP tokens, and the duke: its terms and 1 VP per
    N resources summed (valeria.scoring.total, ruling O1)."""
    s = game["seats"][seat]
    duke = DUKES[s["duke"]]
    return (sum(MONSTERS[m]["vp"] for m in s["monsters"]) + sum(DOMAINS[d]["vp"] for d in s["domains"]) + s["vp"]
            + sum(term["vp"] * count(game, seat, term["per"]) for term in duke["score"])
            + (s["gold"] + s["strength"] + s["magic"]) // duke["resources_per_vp"])


def winners(game: Game) -> list[int]:
    """Most VP; a tie goes to fewer cards in the duchy (ruling O3); still tied, they share."""
    scores = [score(game, i) for i in range(game["players"])]
    tied = [i for i, sc in enumerate(scores) if sc == max(scores)]
    cards = {i: 3 + sum(game["seats"][i]["citizens"].values()) + len(game["seats"][i]["domains"]) for i in tied}
    return [i for i in tied if cards[i] == min(cards.values())]


def play_out(game: Game, rng: random.Random) -> list[Action]:
    """Random play to the end, as the library's: chance by its odds, every other step a uniform
    choice among the legal actions. Returns the actions played, in order."""
    played = []
    while game["phase"] != "over":
        action = chance(game, rng) if game["phase"] in ("roll", "draw") else rng.choice(legal_actions(game))
        played.append(action)
        apply(game, action)
    return played


def bench(games: int, seed: int) -> tuple[float, int]:
    """``games`` random complete games from ``random.Random(seed)``, the deals first and then the
    play, as ``rules bench`` does; (CPU seconds of the play, actions)."""
    return time_plain_games(deal, play_out, games, seed)


def main() -> None:
    plain_main(__doc__ or "", "valeria", 200, bench)


if __name__ == "__main__":
    main()
