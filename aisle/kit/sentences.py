"""A game's own refusal sentences beyond the common ones of `aisle.kit.texts`, for the kit's
families of games (pairing, chains): class attributes holding the defaults, any of them
replaced by name, and the sentences with parameters filled in where they are used."""

from __future__ import annotations

from aisle.i18n import Text


def filled(text: Text, **params: object) -> Text:
    """`text` (a class-level default of a game's texts) with its parameters put in."""
    return Text(text.msgid, plural=text.plural, n=text.n, context=text.context, domain=text.domain,
                params=dict(params))


class Sentences:
    """A game's own sentences: class attributes, any of them replaced by keyword arguments
    (``PairTexts(covered=T("…"))``), as `aisle.kit.texts.Texts` does for the common ones."""

    def __init__(self, **changed: Text) -> None:
        for name, text in changed.items():
            if not isinstance(getattr(type(self), name, None), Text):
                raise TypeError(f"{type(self).__name__} has no text {name!r}")
            setattr(self, name, text)
