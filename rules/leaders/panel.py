"""Leaders' panes of the in-page adjudicator: the board (decision records 0017, 0025).

Offered by the Leaders game object through :class:`~rules.kernel.panel.HasPanel`;
``static/panel.js`` draws the board and calls these functions. Nothing here
restates a rule: one action is judged by the page's whole-record judgement of
``{"position": ..., "actions": [action]}``, "could I have won?" by the
``rules leaders wins`` report (:func:`rules.leaders.commands.report`).
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from typing import Any

from rules.kernel.panel import Page, Panel, check_language, malformed, rule_json, rules_in
from rules.kernel.records import FORMAT
from rules.kernel.verdict import MalformedError
from rules.leaders.characters import CHARACTERS
from rules.leaders.commands import position_state, report
from rules.leaders.records import PATH_ABILITIES, TARGET_ABILITIES


def judge_action(page: Page, position: Any, action: Any, lang: str = "en") -> dict[str, Any]:
    """Judge one action in a Leaders position: the verdict and, when legal, what
    it leads to (captures, surrounds, the Nemesis' reply), exactly as the page's
    record pane judges the record ``{"position": ..., "actions": [action]}``."""
    record = {"format": FORMAT, "game": page.game.info.key, "position": position, "actions": [action]}
    result = page.adjudicate(json.dumps(record, ensure_ascii=False), lang, "board")
    if result["status"] == "legal":  # cite what decided: the move, a capture or surround, the Nemesis' reply
        result["rules"] = [rule_json(r) for r in rules_in(result["text"].splitlines())]
    return result


def wins(page: Page, position: Any, lang: str = "en") -> dict[str, Any]:
    """``rules leaders wins`` on a position (or a position record): the shortest
    forced win of the current action phase (or why there is none), as text and
    as its JSON."""
    try:
        check_language(lang, page.game.info.languages, "Leaders")
        state = position_state(position, page.game, where="position")
    except MalformedError as exc:
        return malformed(str(exc))
    text, data = io.StringIO(), io.StringIO()
    report(state, lang=lang, out=text)
    report(state, lang=lang, as_json=True, out=data)
    return {"status": "ok", "text": text.getvalue(), "json": json.loads(data.getvalue())}


def tap_action(page: Page, seat: int, piece: Any, ability: str, cells: Sequence[Any] = (),
               pull: bool = False) -> dict[str, Any]:
    """The action JSON for what the board's taps say: the acting ``piece``'s cell,
    ``"move"`` or an ability (a character key), then the tapped ``cells`` in
    order: a target first for the abilities that name one
    (:data:`rules.leaders.records.TARGET_ABILITIES`), then the destination, or a
    path of several cells (:data:`~rules.leaders.records.PATH_ABILITIES`)."""
    action: dict[str, Any] = {"seat": seat, "piece": piece}
    rest = list(cells)
    if ability == "move":
        action["move"] = rest
        return {"status": "ok", "action": action}
    action["ability"] = ability
    if ability in TARGET_ABILITIES and rest:
        action["target"] = rest.pop(0)
    if ability == "claw-launcher":
        action["pull"] = bool(pull)
    # a destination the ability does not take (NO_DESTINATION) is passed on for the engine to refuse
    if len(rest) > 1 or (ability in PATH_ABILITIES and rest):
        action["path"] = rest
    elif rest:
        action["to"] = rest[0]
    return {"status": "ok", "action": action}


def characters(page: Page) -> dict[str, Any]:
    """The characters a piece may be, with their names and class (only an
    ``active`` character has an ability to choose), for the board's picker."""
    return {"characters": [{"key": k, "name": c.name.to_json(), "klass": c.klass} for k, c in CHARACTERS.items()]}


#: Leaders' panel: the board (``static/panel.js``).
PANEL = Panel(__package__ or "rules.leaders",
              {"action": judge_action, "wins": wins, "tap_action": tap_action, "characters": characters})
