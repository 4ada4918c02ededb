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
from importlib import resources

#: The language every text has and the one a missing translation falls back to.
FALLBACK: str = tomllib.loads(
    resources.files(__package__ or "rules.kernel").joinpath("messages.toml").read_text(encoding="utf-8")
)["languages"]["fallback"]
