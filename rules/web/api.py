"""What the rulebook's Adjudicate panel calls (docs/decisions/0017-in-page-adjudicator.md).

Pure functions from strings and JSON-able values to JSON-able dicts, run in
the page by Pyodide with the project's own wheel, and by the tests with
CPython. Nothing here re-states a rule or names a game: a record is judged by
:func:`rules.verdicts.judge` and :func:`rules.verdicts.write` (what ``rules adjudicate`` runs); the panes a
game adds (a disputed follow, a board, a roll) call that game's own functions,
which its game object offers through the
:class:`~rules.kernel.panel.HasPanel` capability (decision 0025).

Bad input gets the CLI's verdict (a :class:`MalformedError` becomes
``{"status": "malformed", "error": ...}``): the same input gets the same answer
whatever the entry point, since records, positions and actions pass the same
schema and readers as ``rules adjudicate``. :func:`call`, the page's one entry
point, first checks the arguments against the called function's signature (an
unknown or missing argument, a list where a name belongs: malformed), so a
``TypeError`` raised inside a function is what it is, a bug: it and anything
else unexpected become ``{"status": "internal", ...}``, never a traceback and
never a malformed verdict.
"""

from __future__ import annotations

import inspect
import io
import json
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules import games
from rules.kernel.messages import FALLBACK, languages, verdict_language
from rules.kernel.panel import HasPanel, Page, check_language, malformed, parameters_json, rule_json
from rules.kernel.records import parse_json
from rules.kernel.spec import SpecError
from rules.kernel.verdict import MalformedError, UnknownGameError
from rules.verdicts import EXIT_ILLEGAL, EXIT_INTERNAL, EXIT_MALFORMED, EXIT_OK, Judged, judge, write

_STATUS = {EXIT_OK: "legal", EXIT_ILLEGAL: "illegal", EXIT_MALFORMED: "malformed", EXIT_INTERNAL: "internal"}


def _lang(lang: str) -> str:
    return check_language(lang, languages())


# --------------------------------------------------------------------------- whole records


def adjudicate(text: str, lang: str = FALLBACK, name: str = "record") -> dict[str, Any]:
    """Judge a pasted or uploaded ``rules-record/1`` JSON text.

    ``json`` is the object ``rules adjudicate --json`` prints for that file
    and ``text`` what ``rules adjudicate --explain --lang LANG`` prints (its
    standard output and error), both made by the CLI's own function;
    ``status`` is legal, illegal, impossible, malformed or internal (exit 3: a bug in the
    library, its one line in ``text`` and ``json["error"]``, never taken for a verdict).
    """
    _lang(lang)

    def load() -> Any:
        return parse_json(text, where=name)

    # read and replayed once, written both ways (the JSON line and the error line apart, as a shell
    # keeps standard output and error apart); a bug (not bad input) met with the explanation is
    # looked for again without it, so that it spoils only the text, as two runs of the command would
    judged = judge(name, load, explain=True)
    buggy = judged.failure is not None and not isinstance(judged.failure, MalformedError)
    plain = judge(name, load, explain=False) if buggy else judged
    out, err = io.StringIO(), io.StringIO()
    code = write(plain, lang=lang, explain=False, as_json=True, out=out, err=err)
    verdict = json.loads(out.getvalue())
    explained, errors = io.StringIO(), io.StringIO()
    write(judged, lang=lang, explain=True, as_json=False, out=explained, err=errors)
    status = "impossible" if verdict.get("impossible") else _STATUS[code]
    steps = _steps(judged, lang) if code in (EXIT_OK, EXIT_ILLEGAL) else []
    return {"status": status, "exit": code, "json": verdict, "text": explained.getvalue() + errors.getvalue(),
            "rules": _cited(verdict), "steps": steps}


def _steps(judged: Judged, lang: str) -> list[dict[str, Any]]:
    """The record action by action, to step through: each action's JSON and the
    lines ``--explain`` prints for it (the kernel's own replay with ``explain``)."""
    game, record, verdict = judged.game, judged.record, judged.verdict
    if judged.failure is not None:  # the explained replay met a bug the plain one did not
        raise judged.failure
    assert record is not None and verdict is not None
    lang = verdict_language(game.info.languages, lang)  # as the CLI's text speaks it (decision 0034)
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


def _languages() -> dict[str, Any]:
    """The languages of the verdicts (``--lang``)."""
    return {"languages": list(languages())}


_FUNCTIONS: dict[str, Callable[..., dict[str, Any]]] = {
    "adjudicate": adjudicate,
    "rule": rule,
    "variant": variant,
    "languages": _languages,
}


def _panel_function(game: str, name: str) -> tuple[Callable[..., dict[str, Any]], tuple[Any, ...]]:
    """Game ``game``'s panel function ``name`` and its first argument, the game's
    :class:`~rules.kernel.panel.Page`."""
    if not isinstance(game, str):
        raise MalformedError(f"a game is named by its key, not {game!r}")
    try:
        obj = games.load(game)
    except UnknownGameError as exc:
        raise MalformedError(exc.args[0]) from None
    function = obj.panel.functions.get(name) if isinstance(obj, HasPanel) else None
    if function is None:
        raise MalformedError(f"game {game!r} has no panel function {name!r}")
    return function, (Page(obj, adjudicate),)


def _fits(value: Any, hint: Any) -> bool:
    """Whether the JSON value ``value`` is of the annotated type ``hint``, for the kinds a
    page's argument has: ``str``, ``int``, ``bool``, ``None``, their unions and a ``Sequence``
    or ``list`` of them. ``Any`` and other hints are the function's to check."""
    if hint is Any:
        return True
    if hint is type(None):
        return value is None
    if hint in (str, bool):
        return isinstance(value, hint)
    if hint is int:
        return type(value) is int  # a JSON true is not a number
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, h) for h in typing.get_args(hint))
    if origin in (list, Sequence):
        item = (typing.get_args(hint) or (Any,))[0]
        return isinstance(value, list) and all(_fits(v, item) for v in value)
    return True


def _bind(function: Callable[..., Any], given: tuple[Any, ...], kwargs: Mapping[str, Any], name: str) -> None:
    """Refuse, as a :class:`MalformedError`, arguments that ``function``'s signature does not
    take (unknown, missing, or of the wrong kind: a list or object where a name belongs), so
    that a ``TypeError`` raised inside it is a bug, not bad input."""
    try:
        bound = inspect.signature(function).bind(*given, **kwargs)
    except TypeError as exc:
        raise MalformedError(f"bad arguments for {name}: {exc}") from None
    hints = typing.get_type_hints(function)
    for key, value in bound.arguments.items():
        if key in kwargs and key in hints and not _fits(value, hints[key]):
            raise MalformedError(f"bad arguments for {name}: {key} must be {_kind(hints[key])}, "
                                 f"not {json.dumps(value, ensure_ascii=False)[:60]}")


def _kind(hint: Any) -> str:
    """An annotated type in the page's words."""
    words = {str: "a string", int: "a whole number", bool: "true or false", type(None): "null"}
    if hint in words:
        return words[hint]
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (list, Sequence):
        return f"a list of {_kind(args[0]) if args else 'values'}"
    return " or ".join(_kind(a) for a in args) if args else str(hint)


def call(name: str, arguments: str = "{}", game: str | None = None) -> str:
    """The page's one entry: call function ``name`` (of game ``game``'s panel when
    given, else a generic one) with the JSON object ``arguments`` as keyword
    arguments and return its result as JSON text. Bad input becomes a malformed
    verdict; anything unexpected a one-line ``internal`` error (no traceback
    reaches the page)."""
    try:
        function, given = _panel_function(game, name) if game is not None else (_FUNCTIONS.get(name), ())
        if function is None:
            raise MalformedError(f"no function {name!r}")
        try:
            kwargs = parse_json(arguments, where="arguments")
        except TypeError:
            raise MalformedError("arguments must be JSON text") from None
        if not isinstance(kwargs, dict):
            raise MalformedError("arguments must be a JSON object")
        _bind(function, given, kwargs, name)
        result = function(*given, **kwargs)
    except (MalformedError, UnknownGameError, SpecError) as exc:
        result = malformed(str(exc))
    except Exception as exc:
        result = {"status": "internal", "error": f"{type(exc).__name__}: {exc}"}
    return json.dumps(result, ensure_ascii=False)
