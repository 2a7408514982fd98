"""The command line in the player's language: argparse's own texts too, and the language chosen
before any parser is built.

argparse looks each of its own texts ("usage: ", "options", "expected one argument") up with
the `_` of its module at the moment it uses it, in gettext's global domain, which Aisle does
not use (our catalogs are loaded by aisle.i18n). While one of our parsers works, that `_`
looks the texts up in Aisle's catalog instead, under the context "argparse"; the texts are
listed below so that they are extracted for the translators.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn

from aisle import i18n
from aisle.i18n import TP, Text

# argparse's texts that a player can meet with our parsers (Python 3.11's wording; a text a
# later Python words differently is simply shown in English).
_ARGPARSE_TEXTS: dict[str, Text] = {text.msgid: text for text in (
    # TRANSLATORS: the start of argparse's usage line ("usage: aisle [-h] ..."); keep the space.
    TP("argparse", "usage: "),
    TP("argparse", "options"),
    TP("argparse", "positional arguments"),
    TP("argparse", "show this help message and exit"),
    # TRANSLATORS: %(argument_name)s is an option such as "--seed"; %(message)s says what is wrong.
    TP("argparse", "argument %(argument_name)s: %(message)s"),
    TP("argparse", "expected one argument"),
    TP("argparse", "expected at most one argument"),
    TP("argparse", "expected at least one argument"),
    TP("argparse", "unrecognized arguments: %s"),
    TP("argparse", "the following arguments are required: %s"),
    # TRANSLATORS: %s is another option, such as "--install-desktop-entry".
    TP("argparse", "not allowed with argument %s"),
    TP("argparse", "ambiguous option: %(option)s could match %(matches)s"),
    TP("argparse", "ignored explicit argument %r"),
    # TRANSLATORS: %(type)s is a Python type name such as "int" or "float".
    TP("argparse", "invalid %(type)s value: %(value)r"),
    TP("argparse", "invalid choice: %(value)r (choose from %(choices)s)"),
)}


def _argparse_text(message: str) -> str:
    known = _ARGPARSE_TEXTS.get(message)
    return known.translate() if known is not None else message


@contextmanager
def _argparse_in_our_language() -> Iterator[None]:
    module: Any = argparse
    saved = module._
    module._ = _argparse_text
    try:
        yield
    finally:
        module._ = saved


class TranslatedParser(argparse.ArgumentParser):
    """An ArgumentParser whose every text, argparse's own included, is in the current language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        with _argparse_in_our_language():
            super().__init__(*args, **kwargs)

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        with _argparse_in_our_language():
            return super().parse_args(args, namespace)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        with _argparse_in_our_language():
            return super().parse_known_args(args, namespace)

    def format_usage(self) -> str:
        with _argparse_in_our_language():
            return super().format_usage()

    def format_help(self) -> str:
        with _argparse_in_our_language():
            return super().format_help()

    def error(self, message: str) -> NoReturn:
        with _argparse_in_our_language():
            super().error(message)


def language_argument(argv: Sequence[str]) -> str | None:
    """The value of --lang in `argv` (also "--lang=de" and argparse's unique abbreviations such
    as "--la de"), read before parsing; None when it is not given."""
    for position, token in enumerate(argv):
        if token == "--":
            break
        name, equals, value = token.partition("=")
        if len(name) >= len("--la") and "--lang".startswith(name):
            if equals:
                return value.lower()
            return argv[position + 1].lower() if position + 1 < len(argv) else None
    return None


def choose_language(argv: Sequence[str]) -> None:
    """Use the language --lang asks for, else the system's, for everything printed before the
    window starts (help, errors, the list of games); the window then follows the settings."""
    wanted = language_argument(argv)
    if wanted not in i18n.LANGUAGES:  # not given, or unknown (the error about it follows)
        wanted = i18n.system_language()
    i18n.set_language(wanted)
