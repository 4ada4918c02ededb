"""The rulebook's in-page adjudicator (docs/decisions/0017-in-page-adjudicator.md).

:mod:`rules.web.api` is what the page calls, inside Pyodide, with the
project's own wheel: pure functions from strings to JSON-able dicts that run
the CLI's and the engines' own functions; a game's own panes call its panel
functions, offered by its game object (:class:`rules.kernel.panel.HasPanel`,
decision 0025). :mod:`rules.web.build` puts the runtime and the wheels into a
built rulebook.
"""
