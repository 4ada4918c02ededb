"""Pictures of worked examples: the protocol a game object offers to draw them.

A rule's example annotation may carry a ``figure`` table (``spec/*.toml``):
game data the kernel does not read. A game that can draw its figures offers
:class:`Pictures` on its game object::

    picture = game.draw_figure(annotation.figure, book.languages)

and returns a :class:`Picture`: the SVG, a caption in each language the
rulebook shows, the rules the engine applied when it replayed the example,
what the engine decided in a sentence (``summary``, optional) and every
disagreement between the figure and the engine (``problems``; the rulebook
build fails on any). The generic code (``rules.rulebook``, the Sphinx
extension) knows nothing of tricks or boards; it asks the game object
(``isinstance(game, Pictures)``). Decision record 0015.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from rules.kernel.text import Text


@attrs.frozen
class Picture:
    """A worked example drawn by its game and replayed with the engine."""

    #: SVG markup inline-able in HTML, without ``id`` attributes: one SVG document, or
    #: several in a ``<div class="rules-svg-pair">`` (shown side by side, stacked on a phone)
    svg: str
    caption: Text  #: the engine's account of the example, in the rulebook's languages
    rules: tuple[str, ...] = ()  #: the rule IDs the engine applied
    problems: tuple[str, ...] = ()  #: non-empty: the figure disagrees with the engine
    summary: Text | None = None  #: what the engine decided, in one clause ("the leader takes the trick")


@runtime_checkable
class Pictures(Protocol):
    """The optional capability of a game object to draw its worked examples."""

    def draw_figure(self, figure: Mapping[str, Any], languages: Sequence[str]) -> Picture:
        """Draw ``figure`` (an annotation's table) and replay it with the engine.

        Raises :class:`~rules.kernel.verdict.MalformedError` when the table is
        not a figure of this game.
        """
        ...


def failed(problem: str) -> Picture:
    """A picture that could not be drawn: no SVG, one problem."""
    return Picture("", Text.of(en=""), (), (problem,))
