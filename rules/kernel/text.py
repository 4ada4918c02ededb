"""Multilingual text: every rule and every verdict speaks the rulebook's
language and English."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from rules.kernel.languages import FALLBACK


@attrs.frozen
class Text:
    """A text in several languages, keyed by ISO 639-1 code (``cs``, ``hu``, ``en``)."""

    by_lang: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, **langs: str) -> Text:
        return cls(tuple(langs.items()))

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, str]) -> Text:
        return cls(tuple(mapping.items()))

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(lang for lang, _ in self.by_lang)

    def get(self, lang: str) -> str:
        """The text in ``lang``, falling back to English, then the first language."""
        table = dict(self.by_lang)
        if lang in table:
            return table[lang]
        return table.get(FALLBACK, self.by_lang[0][1] if self.by_lang else "")

    __getitem__ = get

    def only(self, languages: Sequence[str]) -> Text:
        """This text in exactly ``languages``, in that order (a missing one by :meth:`get`'s
        fallback): what a rulebook page that shows those languages needs."""
        return Text(tuple((lang, self.get(lang)) for lang in languages))

    def format(self, **values: object) -> Text:
        """Fill ``{placeholders}``; a value may itself be a :class:`Text`."""
        out = []
        for lang, template in self.by_lang:
            filled = {k: (v.get(lang) if isinstance(v, Text) else v) for k, v in values.items()}
            out.append((lang, template.format(**filled)))
        return Text(tuple(out))

    def to_json(self) -> dict[str, str]:
        return dict(self.by_lang)
