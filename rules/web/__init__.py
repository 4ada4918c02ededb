"""The rulebook's in-page adjudicator (docs/decisions/0017-in-page-adjudicator.md).

:mod:`rules.web.api` is what the page calls, inside Pyodide, with the
project's own wheel: pure functions from strings to JSON-able dicts that run
the CLI's and the engines' own functions. :mod:`rules.web.build` puts the
runtime and the wheels into a built rulebook.
"""
