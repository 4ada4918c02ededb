"""rules: tabletop rulebooks stated precisely enough to run, prove and argue about.

The games, each a game object its package exports:

- :mod:`rules.claim`: Claim (Czech *Trůn*), Claim 2 and their combinations
  (``CLAIM``, ``CLAIM2``, ``CLAIM_COMBINED``);
- :mod:`rules.leaders`: Leaders (Czech *Vládci*) (``LEADERS``);
- :mod:`rules.valeria`: Valeria: Card Kingdoms (Czech *Království Valerie*).

The public face, in this module:

- :func:`load`: a game object by its record key (``rules.load("leaders")``),
  typed per game;
- :func:`adjudicate`: a record judged in one call, from its decoded JSON, its
  JSON text or its file;
- the exceptions, all under :class:`RulesError` (decision record 0023):
  :class:`MalformedError` (input the library does not read), :class:`IllegalActionError`
  (``apply`` of an illegal action), :class:`UnknownGameError` (a game key nobody registered).

Below it: :mod:`rules.kernel` (spec records, rule registry, verdicts, records,
the ``Game`` protocol), :mod:`rules.games` (the registry of game keys) and
:mod:`rules.sphinx` (the Sphinx extension with the ``rule`` domain).

>>> import rules
>>> verdict = rules.adjudicate({"format": "rules-record/1", "game": "leaders",
...     "setup": {"mode": "advanced", "first": 0}, "actions": [{"seat": 0, "banish": "rider"}]})
>>> verdict.legal, verdict.finished
(True, False)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

from rules import games
from rules.kernel.game import Game
from rules.kernel.records import Adjudication, parse_json, parse_record, read_json
from rules.kernel.records import adjudicate as _replay
from rules.kernel.verdict import IllegalActionError, MalformedError, RulesError, UnknownGameError, Violation

if TYPE_CHECKING:
    from rules.claim.game import ClaimEngine
    from rules.leaders.game import Leaders
    from rules.valeria.game import Valeria

__version__ = "0.1.0"


@overload
def load(key: Literal["claim", "claim2", "claim-combined"]) -> ClaimEngine: ...
@overload
def load(key: Literal["leaders"]) -> Leaders: ...
@overload
def load(key: Literal["valeria"]) -> Valeria: ...
@overload
def load(key: str) -> Game[Any, Any]: ...
def load(key: str) -> Any:
    """The game object of record key ``key``, typed per game for the bundled ones
    (``rules.load("leaders")`` is a :class:`~rules.leaders.game.Leaders`).

    An unknown key raises :class:`UnknownGameError` naming the known ones
    (it delegates to :func:`rules.games.load`)."""
    return games.load(key)


def adjudicate(record: Mapping[str, Any] | str | os.PathLike[str], *, explain: bool = False) -> Adjudication:
    """Read a record and judge it in one call: the verdict of every action, the
    first illegal one with the rules it breaks, the result of a finished game.

    ``record`` is the decoded JSON (a mapping), the JSON text (a ``str``) or a
    file (a :class:`pathlib.Path` or another ``os.PathLike``; a ``str`` is
    always read as JSON text, never as a file name). Input that is not a record
    raises :class:`MalformedError` (through the same schema gate and readers as
    ``rules adjudicate``); an illegal action does not raise, it is the verdict.
    With ``explain`` the adjudication carries each step's explanation
    (:func:`rules.kernel.records.adjudicate`).
    """
    if isinstance(record, os.PathLike):
        where = os.fspath(record)
        data = read_json(Path(where))
    elif isinstance(record, str):
        where = "record"
        data = parse_json(record)
    else:
        where = "record"
        data = record
    parsed = parse_record(data, games.load, where=where)
    return _replay(games.load(parsed.game), parsed, explain=explain)


__all__ = ["Adjudication", "IllegalActionError", "MalformedError", "RulesError", "UnknownGameError", "Violation",
           "adjudicate", "load"]
