"""The language every text of the library has, read from data (decision record 0025).

The kernel speaks every book's language and one more that every text has and a
missing translation falls back to. That language is data, like every other
language code outside ``spec/`` and the game packages: ``[languages]
fallback`` in ``messages.toml`` beside this module. This module reads only that
table and imports nothing of the kernel, so the lowest modules (texts, verdicts,
the spec loader) can use it without an import circle.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

#: The data file of the generic layers' texts, beside this module.
MESSAGES_FILE = "messages.toml"


@cache
def messages_data() -> dict[str, Any]:
    """``messages.toml`` as read, once per process: the one reader of that file
    (:mod:`rules.kernel.messages` takes its texts from here)."""
    return tomllib.loads(resources.files(__package__ or "rules.kernel").joinpath(MESSAGES_FILE)
                         .read_text(encoding="utf-8"))


#: The language every text has and the one a missing translation falls back to.
FALLBACK: str = messages_data()["languages"]["fallback"]
