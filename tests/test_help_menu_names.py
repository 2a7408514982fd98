"""The help names menu items the way the menus show them, in every language (no Qt).

A help paragraph writes a menu path in bold ("**Game ▸ Save Game As…**"). Its translation must
write the same path with the words the translated menus show, or a player looks for an item that
is not there. The menu words come from the interface catalog ("&Game" → "&Spiel" → "Spiel").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from aisle.i18n import DOMAIN, HELP_DOMAIN

ROOT = Path(__file__).resolve().parents[1]
TRANSLATIONS = ROOT / "translations"
LANGUAGES = ("de", "ru", "it")
MENU_PATH = re.compile(r"\*\*([^*]+?▸[^*]+?)\*\*")


def _catalog(language: str, domain: str) -> Catalog:
    with (TRANSLATIONS / language / "LC_MESSAGES" / f"{domain}.po").open("rb") as file:
        return read_po(file)


def _plain(label: str) -> str:
    """A menu label as shown: without its accelerator mark."""
    return label.replace("&&", "\0").replace("&", "").replace("\0", "&")


def _menu_words(ui: Catalog) -> dict[str, set[str]]:
    """Every English menu label (with an accelerator, as menus have) and how it is shown."""
    words: dict[str, set[str]] = {}
    for message in ui:
        if (isinstance(message.id, str) and "&" in message.id and isinstance(message.string, str)
                and message.string):
            words.setdefault(_plain(message.id), set()).add(_plain(message.string))
    return words


def _paths(text: str) -> list[list[str]]:
    flat = " ".join(text.split())
    return [[part.strip() for part in match.split("▸")] for match in MENU_PATH.findall(flat)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_translated_help_uses_the_translated_menu_names(language: str) -> None:
    words = _menu_words(_catalog(language, DOMAIN))
    problems: list[str] = []
    checked = 0
    for message in _catalog(language, HELP_DOMAIN):
        if not (isinstance(message.id, str) and isinstance(message.string, str) and message.string):
            continue
        translated = " ".join(message.string.split())
        for path in _paths(message.id):
            if not all(part in words for part in path):
                continue  # a path of words that are no menu labels (an example, a game's own menu)
            checked += 1
            choices = [words[part] for part in path]
            if not any(all(any(shown in segment for shown in choice)
                           for segment, choice in zip(candidate, choices, strict=True))
                       for candidate in _translated_paths(translated, len(path))):
                wanted = " ▸ ".join("/".join(sorted(choice)) for choice in choices)
                problems.append(f"{' ▸ '.join(path)!r}: expected “{wanted}” in: {translated[:160]}")
    assert checked > 20, f"{language}: too few menu paths found to check"
    assert not problems, f"{language}:\n" + "\n".join(problems)


def _translated_paths(text: str, parts: int) -> list[list[str]]:
    return [path for path in _paths(text) if len(path) == parts]
