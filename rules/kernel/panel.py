"""A game's part of the in-page adjudicator: the ``HasPanel`` capability (decision record 0025).

The rulebook's Adjudicate panel (decision 0017) judges whole records for every
game through the generic page (:mod:`rules.web.api`, ``adjudicator.js``). A game
may add panes of its own (Claim's disputed follow, Leaders' board, Valeria's roll
and payment): it offers :class:`HasPanel` on its game object, whose :class:`Panel`
names

- its **functions** by name: each ``function(page, **arguments)`` takes a
  :class:`Page` (the game object and the generic calls) and the page's JSON
  arguments and returns a JSON-able dict; the page calls one as
  ``call(name, arguments, game)``;
- its **script**, package data of the game (``static/panel.js``), which the site
  build copies beside the generic script and the page loads for that game's panel;
- its **labels**, package data of the game (``static/panel.toml``): the words of its
  controls in each of its languages, so the panes speak the reader's language
  (decision 0032); the rulebook writes them into the page with the generic panel's own
  (``panel.*`` of ``rules/kernel/messages.toml``).

The helpers here are what every panel function needs and the kernel can give
without knowing any game: a malformed answer, a rule as JSON, the rule IDs an
explanation cites, the language check.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import Any, Protocol, runtime_checkable

import attrs

from rules.kernel.parameters import Parameters
from rules.kernel.spec import load_spec
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError


@attrs.frozen
class Page:
    """What a panel function receives besides its arguments: its game object, and the
    page's whole-record judgement (``adjudicate(text, lang, name)``: what the generic
    record pane shows, from the CLI's own function), for panes that judge a record."""

    game: Any
    adjudicate: Callable[[str, str, str], dict[str, Any]]


PanelFunction = Callable[..., dict[str, Any]]


@attrs.frozen
class Panel:
    """A game's panes of the in-page adjudicator."""

    #: the package that holds the script (the game's own, ``__package__`` of its panel module)
    package: str
    #: the page's functions of this game: name -> ``function(page, **arguments)``
    functions: Mapping[str, PanelFunction]
    #: the script that draws the panes, a file of ``package`` (package data)
    script: str = "static/panel.js"
    #: the words of the panes' controls, a TOML file of ``package``: ``[key]`` tables of ``lang = "text"``
    labels: str = "static/panel.toml"

    def words(self) -> dict[str, Text]:
        """The panes' words by key, each in every language the file gives it."""
        data = tomllib.loads(resources.files(self.package).joinpath(self.labels).read_text(encoding="utf-8"))
        return {key: Text.from_mapping(texts) for key, texts in data.items()}

    def script_name(self) -> str:
        """Where the site keeps the script, relative to the bundle: one file per package,
        so games that share a panel (one engine, several keys) share its script."""
        return f"panels/{self.package}/{self.script.rsplit('/', 1)[-1]}"


@runtime_checkable
class HasPanel(Protocol):
    """A game with panes of its own in the rulebook's Adjudicate panel."""

    panel: Panel


# --------------------------------------------------------------------------- helpers for panel functions


def malformed(error: str) -> dict[str, Any]:
    """The answer to bad input: what the page shows as a malformed verdict."""
    return {"status": "malformed", "error": error}


def check_language(lang: str, languages: Sequence[str], what: str = "") -> str:
    """``lang`` when it is one of ``languages``, else a :class:`MalformedError` naming them
    (and ``what`` speaks them: a game's name)."""
    if lang in languages:
        return lang
    if what:
        raise MalformedError(f"language {lang!r}: {what} speaks {' or '.join(languages)}")
    raise MalformedError(f"language {lang!r}: choose one of {', '.join(languages)}")


def rule_json(rule_id: str) -> dict[str, Any]:
    """One rule: both languages' titles and texts, its game and section (``rules rule --json``)."""
    found = load_spec().get(rule_id)
    if found is None:
        return {"id": rule_id, "found": False, "error": f"no rule {rule_id!r}; list them with `rules rules`"}
    return {**found.to_json(), "found": True}


def known_rules(ids: Sequence[str]) -> list[dict[str, Any]]:
    """The rules of ``ids`` that the spec knows, once each, in order, as :func:`rule_json`."""
    spec = load_spec()
    return [rule_json(r) for r in dict.fromkeys(ids) if spec.get(r) is not None]


def rules_in(lines: Sequence[str]) -> list[str]:
    """The rule IDs an explanation cites (they are written as IDs in the engine's text)."""
    spec = load_spec()
    found: list[str] = []
    for line in lines:
        for word in line.replace("(", " ").replace(")", " ").replace(",", " ").replace(";", " ").split():
            word = word.rstrip(".:")
            if spec.get(word) is not None and word not in found:
                found.append(word)
    return found


def parameters_json(parameters: Parameters) -> list[dict[str, Any]]:
    """A game's declared variant parameters for the panes' option lists (decision 0023):
    each name, JSON kind, allowed values, default and the other parameters it belongs with."""
    return [{"name": p.name, "kind": p.kind.value, "values": list(p.values), "default": p.default,
             "only_with": {k: list(v) for k, v in p.only_with.items()}, "rules": list(p.rules),
             "description": p.description.to_json()} for p in parameters.parameters]
