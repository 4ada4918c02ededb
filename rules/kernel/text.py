"""Multilingual text: every rule and every verdict speaks the rulebook's
language and English."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from rules.kernel.languages import FALLBACK
from rules.kernel.when_read import MadeWhenRead


@attrs.frozen(init=False)
class Text:
    """A text in several languages, keyed by ISO 639-1 code (``cs``, ``hu``, ``en``)."""

    by_lang: tuple[tuple[str, str], ...]

    def __init__(self, by_lang: tuple[tuple[str, str], ...]) -> None:
        # stored through the slot itself: ``by_lang``'s descriptor refuses every later writer, and a
        # text is made wherever a rule speaks (decision record 0066)
        _STORE(self, by_lang)

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
        """Fill ``{placeholders}``; a value may itself be a :class:`Text`.

        The text is filled the first time it is read (decision record 0066): most refusals are
        never read (``Game.is_legal`` drops them), and filling every language of one costs more
        than the rule that refused. The values are therefore read then, not now: they must be
        values that do not change (numbers, strings, texts, tuples, enumerations), as every value
        a rule reports is; a template that names a missing value raises when the text is read."""
        text: Text = _NEW(Text)
        _STORE(text, _PENDING(_Filling, (self.by_lang, values)))
        return text

    def to_json(self) -> dict[str, str]:
        return dict(self.by_lang)


class _Filling(tuple):  # type: ignore[type-arg]
    """What a :meth:`Text.format` result is filled from: ``(templates, values)`` (a tuple of its own
    type, made in one call; the filled text is a plain tuple)."""

    __slots__ = ()

    def fill(self) -> tuple[tuple[str, str], ...]:
        templates, values = self
        out = []
        for lang, template in templates:
            filled = {k: (v.get(lang) if isinstance(v, Text) else v) for k, v in values.items()}
            out.append((lang, template.format(**filled)))
        return tuple(out)


#: ``Text.by_lang``, filled when it is first read when :meth:`Text.format` made the text
#: (:class:`~rules.kernel.when_read.MadeWhenRead`, decision record 0066); stored at once by the constructor.
_BY_LANG = MadeWhenRead.install(Text, "by_lang", _Filling, _Filling.fill)
_NEW = object.__new__
_PENDING = tuple.__new__
_STORE = _BY_LANG.keep
