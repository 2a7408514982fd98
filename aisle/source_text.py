"""A `Text` as plain English with its parameters filled in: for logs and developer messages.

The player sees texts translated (``str(text)``); a log line or an assertion in a test should
read the same on every machine, whatever language is chosen, and must never show a bare
``{path}``.
"""

from __future__ import annotations

from aisle.i18n import Text


def source_text(text: Text) -> str:
    """The English source of `text` (the plural form its count asks for), parameters filled in;
    a parameter that is itself a `Text` is filled in the same way."""
    pattern = text.plural if text.plural is not None and text.n != 1 else text.msgid
    values = {key: source_text(value) if isinstance(value, Text) else value
              for key, value in text.params.items()}
    try:
        return pattern.format(**values)
    except (KeyError, IndexError, ValueError):
        return pattern  # a malformed message still says something
