"""The fixed texts of the generic layers, read from data (decision record 0025).

The kernel, the CLI, the rulebook generator and the in-page adjudicator say a
few things of their own (a verdict's words, who is to act, an annotation's
label). Their texts in every book's language live in ``messages.toml`` beside
this module, not in code, so the generic layers name no language: adding a
book's language adds lines to that file only. :func:`message` reads one entry
as a :class:`~rules.kernel.text.Text`; :data:`FALLBACK` is the language every
text has; :func:`languages` are those the library speaks (the books', then the
fallback); :func:`language_name` names a language in itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.kernel.languages import FALLBACK as FALLBACK
from rules.kernel.languages import MESSAGES_FILE as FILE
from rules.kernel.languages import messages_data as _data
from rules.kernel.spec import load_spec
from rules.kernel.text import Text


def message(key: str) -> Text:
    """The entry ``key`` (dotted: ``verdict.legal_finished``) in every language it has.

    A missing key is a ``KeyError`` naming it: a bug in the library, not bad input.
    """
    node: Any = _data()
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            raise KeyError(f"no message {key!r} in rules/kernel/{FILE}")
        node = node[part]
    if not isinstance(node, dict) or not all(isinstance(v, str) for v in node.values()):
        raise KeyError(f"{key!r} in rules/kernel/{FILE} is a group of messages, not one")
    return Text.from_mapping(node)


def group(prefix: str) -> dict[str, Text]:
    """Every message under ``prefix`` by its last name (``annotation`` -> ``{"ruling": ..., ...}``)."""
    node = _data()
    for part in prefix.split("."):
        node = node[part]
    return {name: message(f"{prefix}.{name}") for name in node}


def language_name(code: str, *, in_english: bool = False) -> str:
    """The language ``code`` named in itself, or ``in_english`` (the code itself when the data
    does not name it)."""
    names: dict[str, str] = _data()["languages"]["english" if in_english else "names"]
    return names.get(code, code)


def languages() -> tuple[str, ...]:
    """The languages the library speaks, in its one order: every rulebook's language
    (alphabetically), then :data:`FALLBACK`; the order of ``--lang``, of the page's
    language picker and of the rulebook's columns (from the spec)."""
    return (*sorted({book.language for book in load_spec().books} - {FALLBACK}), FALLBACK)


def verdict_language(spoken: Sequence[str], lang: str) -> str:
    """The language a verdict is given in when ``lang`` is asked for and the game speaks
    ``spoken`` (its books' languages and the fallback): ``lang`` itself, or wholly the
    fallback when the game has no text in ``lang``, never a mix of the two (decision 0034)."""
    return lang if lang in spoken else FALLBACK
