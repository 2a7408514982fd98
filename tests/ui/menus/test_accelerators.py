"""Every menu item can be reached with Alt and a letter, in every language: each enabled item
has an accelerator, and no two items of one menu (or of the menu bar) share one, greyed items
included (they are enabled again later)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtWidgets import QMenu, QMenuBar

from aisle import i18n
from aisle.ui.window.main_window import MainWindow

MakeWindow = Callable[..., MainWindow]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _accelerator(text: str) -> str | None:
    found = re.search(r"&([^&])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


def _problems(menu: QMenu | QMenuBar, path: str) -> list[str]:
    problems: list[str] = []
    seen: dict[str, str] = {}
    for action in menu.actions():
        if action.isSeparator() or not action.isVisible():
            continue
        text = action.text()
        letter = _accelerator(text)
        if letter is None:
            if action.isEnabled():  # a greyed caption (an option's title) needs none
                problems.append(f"{path}: no accelerator in {text!r}")
        elif letter in seen:
            problems.append(f"{path}: {seen[letter]!r} and {text!r} share &{letter}")
        else:
            seen[letter] = text
        if action.menu() is not None:
            problems += _problems(action.menu(), f"{path} > {text}")
    return problems


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("game", ["klondike", "spider", "freecell"])
def test_menus_have_unique_accelerators(make_window: MakeWindow, language: str,
                                        game: str) -> None:
    window = make_window(game, 2)
    window.switch_language(language)
    window.fill_recent_menu()
    window.fill_language_menu()
    assert _problems(window.menuBar(), "menu bar") == []
