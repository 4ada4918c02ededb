"""What the rulebook's Adjudicate panel calls (docs/decisions/0017-in-page-adjudicator.md).

Pure functions from strings and JSON-able values to JSON-able dicts, run in
the page by Pyodide with the project's own wheel, and by the tests with
CPython. Nothing here re-states a rule or names a game: a record is judged by
:func:`rules.cli.adjudicate_one` (what ``rules adjudicate`` runs); the panes a
game adds (a disputed follow, a board, a roll) call that game's own functions,
which its game object offers through the
:class:`~rules.kernel.panel.HasPanel` capability (decision 0025).

Bad input gets the CLI's verdict (a :class:`MalformedError` becomes
``{"status": "malformed", "error": ...}``); :func:`call`, the page's one
entry point, turns anything unexpected into ``{"status": "internal", ...}``,
never a traceback.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Mapping
from typing import Any

from rules import games
from rules.cli import EXIT_ILLEGAL, EXIT_MALFORMED, EXIT_OK, adjudicate_one
from rules.kernel.messages import FALLBACK, languages
from rules.kernel.panel import HasPanel, Page, check_language, malformed, parameters_json, rule_json
from rules.kernel.records import adjudicate as replay
from rules.kernel.records import parse_json, parse_record
from rules.kernel.spec import SpecError
from rules.kernel.verdict import MalformedError, UnknownGameError

_STATUS = {EXIT_OK: "legal", EXIT_ILLEGAL: "illegal", EXIT_MALFORMED: "malformed"}


def _lang(lang: str) -> str:
    return check_language(lang, languages())


# --------------------------------------------------------------------------- whole records


def adjudicate(text: str, lang: str = FALLBACK, name: str = "record") -> dict[str, Any]:
    """Judge a pasted or uploaded ``rules-record/1`` JSON text.

    ``json`` is the object ``rules adjudicate --json`` prints for that file
    and ``text`` what ``rules adjudicate --explain --lang LANG`` prints (its
    standard output and error), both made by the CLI's own function;
    ``status`` is legal, illegal, impossible or malformed.
    """
    _lang(lang)

    def load() -> Any:
        return parse_json(text, where=name)

    out = io.StringIO()
    code = adjudicate_one(name, load, lang=lang, explain=False, as_json=True, out=out, err=out)
    verdict = json.loads(out.getvalue())
    explained, errors = io.StringIO(), io.StringIO()
    adjudicate_one(name, load, lang=lang, explain=True, as_json=False, out=explained, err=errors)
    status = "impossible" if verdict.get("impossible") else _STATUS[code]
    return {"status": status, "exit": code, "json": verdict, "text": explained.getvalue() + errors.getvalue(),
            "rules": _cited(verdict), "steps": _steps(load, name, lang) if code != EXIT_MALFORMED else []}


def _steps(load: Any, name: str, lang: str) -> list[dict[str, Any]]:
    """The record action by action, to step through: each action's JSON and the
    lines ``--explain`` prints for it (the kernel's own replay with ``explain``)."""
    record = parse_record(load(), games.load, where=name)
    game = games.load(record.game)
    verdict = replay(game, record, explain=True)
    starts = (*verdict.step_starts, len(verdict.trace))
    steps = [{"index": i, "action": game.action_to_json(record.actions[i]), "legal": True,
              "lines": [line[lang] for line in verdict.trace[starts[i]:starts[i + 1]]]}
             for i in range(len(verdict.step_starts))]
    if verdict.illegal is not None:
        steps.append({"index": verdict.illegal.index, "action": game.action_to_json(verdict.illegal.action),
                      "legal": False, "lines": [verdict.illegal.violation.message[lang]],
                      "rules": list(verdict.illegal.violation.rules)})
    return steps


def _cited(verdict: Mapping[str, Any]) -> list[dict[str, Any]]:
    illegal = verdict.get("illegal")
    ids = illegal.get("rules", []) if isinstance(illegal, Mapping) else []
    return [rule(i) for i in ids]


# --------------------------------------------------------------------------- rules, games


def rule(rule_id: str) -> dict[str, Any]:
    """One rule: both languages' titles and texts, its game and section (``rules rule --json``)."""
    return rule_json(rule_id)


def variant(game: str) -> dict[str, Any]:
    """A game's declared variant parameters (``GameInfo.parameters``, decision 0023), for the
    panes' option lists; empty when the game declares none."""
    info = games.load(game).info
    return {"game": info.key, "languages": list(info.languages), "parameters": parameters_json(info.parameters)}


# --------------------------------------------------------------------------- the page's entry


_FUNCTIONS: dict[str, Callable[..., dict[str, Any]]] = {
    "adjudicate": adjudicate,
    "rule": rule,
    "variant": variant,
    "languages": lambda: {"languages": list(languages())},
}


def _panel_function(game: str, name: str) -> Callable[..., dict[str, Any]]:
    """Game ``game``'s panel function ``name``, bound to its :class:`~rules.kernel.panel.Page`."""
    try:
        obj = games.load(game)
    except UnknownGameError as exc:
        raise MalformedError(exc.args[0]) from None
    function = obj.panel.functions.get(name) if isinstance(obj, HasPanel) else None
    if function is None:
        raise MalformedError(f"game {game!r} has no panel function {name!r}")
    page = Page(obj, adjudicate)
    return lambda **kwargs: function(page, **kwargs)


def call(name: str, arguments: str = "{}", game: str | None = None) -> str:
    """The page's one entry: call function ``name`` (of game ``game``'s panel when
    given, else a generic one) with the JSON object ``arguments`` as keyword
    arguments and return its result as JSON text. Bad input becomes a malformed
    verdict; anything unexpected a one-line ``internal`` error (no traceback
    reaches the page)."""
    try:
        function = _panel_function(game, name) if game is not None else _FUNCTIONS.get(name)
        if function is None:
            raise MalformedError(f"no function {name!r}")
        kwargs = json.loads(arguments)
        if not isinstance(kwargs, dict):
            raise MalformedError("arguments must be a JSON object")
        result = function(**kwargs)
    except (MalformedError, SpecError) as exc:
        result = malformed(str(exc))
    except TypeError as exc:
        result = malformed(f"bad arguments for {name}: {exc}")
    except Exception as exc:
        result = {"status": "internal", "error": f"{type(exc).__name__}: {exc}"}
    return json.dumps(result, ensure_ascii=False)
