"""In German, Russian and Italian no visible text of the main window, its menus, the select-game
dialog and the statistics dialog is left in English (names that are the same in both excepted),
both when the window is built in the language and when it switches to it while open."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from every_game import every_game_known
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QTableWidget,
    QTreeWidget,
    QWidget,
)

from aisle import i18n
from aisle.ui.window.main_window import MainWindow

#: Words that are the same in English and the language (names, numbers, signs).
SAME_IN_BOTH = {
    "Aisle", "Klondike", "English", "Deutsch", "Русский", "Italiano", "Ctrl", "Shift", "F1", "F11",
    "Spider", "OK", "Plugins",
    # Game names the glossary keeps in some languages (docs/glossary.md).
    "Canfield", "FreeCell", "TriPeaks", "Yukon", "Accordion", "Osmosis", "Golf", "Gypsy",
    "Spiderette", "Whitehead", "Agnes", "Labyrinth", "Bristol", "Gaps", "Kansas",
}
#: Whole game names the glossary keeps in English in some languages (issue 29's games).
NAMES_KEPT = {"Baker's Dozen", "Baker's Game", "Eight Off", "King Albert", "Seahaven Towers",
              "Streets and Alleys", "Monte Carlo", "Sir Tommy", "Aunt Mary", "Union Square",
              # AisleRiot's German name, kept in Italian too.
              "Will O the Wisp", "Will o' the Wisp"}


def _menu_texts(menu: QMenu) -> Iterator[str]:
    yield menu.title()
    menu.aboutToShow.emit()  # menus filled on first show (languages, recent games)
    for action in menu.actions():
        if action.menu() is not None:
            yield from _menu_texts(action.menu())
        elif not action.isSeparator():
            yield action.text()
            yield action.toolTip()
            yield action.statusTip()


def _widget_texts(root: QWidget) -> Iterator[str]:
    yield root.windowTitle()
    for widget in root.findChildren(QWidget):
        if not widget.isVisibleTo(root):
            continue
        if isinstance(widget, QLabel | QAbstractButton):
            yield widget.text()
        if isinstance(widget, QGroupBox):
            yield widget.title()
        if isinstance(widget, QLineEdit):
            yield widget.placeholderText()
        if isinstance(widget, QComboBox):
            yield from (widget.itemText(i) for i in range(widget.count()))
        if isinstance(widget, QListWidget):
            yield from (widget.item(i).text() for i in range(widget.count()))
        if isinstance(widget, QTreeWidget):
            yield from (widget.headerItem().text(c) for c in range(widget.columnCount()))
        if isinstance(widget, QTableWidget):
            for column in range(widget.columnCount()):
                header = widget.horizontalHeaderItem(column)
                if header is not None:
                    yield header.text()
            for row in range(widget.rowCount()):
                for column in range(widget.columnCount()):
                    item = widget.item(row, column)
                    if item is not None:
                        yield item.text()
        if widget.toolTip():
            yield widget.toolTip()


def visible_texts(window: MainWindow) -> set[str]:
    texts: list[str] = [window.windowTitle()]
    for action in window.menuBar().actions():
        if action.menu() is not None:
            texts.extend(_menu_texts(action.menu()))
    texts.extend(_widget_texts(window))
    every_game_known(window)
    window.extras.select_game()
    window.extras.statistics()
    for name in ("select_game", "statistics"):
        texts.extend(_widget_texts(window.extras.open[name]))
        window.extras.open[name].close()
    return {_words(text) for text in texts if _words(text)}


def _words(text: str) -> str:
    """The text without accelerators, key names, numbers and card signs: what must be translated."""
    text = re.sub(r"&(?=\w)", "", text).replace("…", "")
    if text in NAMES_KEPT:
        return ""
    text = re.sub(r"\b(Ctrl|Shift|Alt|F\d+|Esc|PgUp|PgDown|Home|End)\b", "", text)
    words = [w for w in re.findall(r"[^\W\d_]{2,}", text) if w not in SAME_IN_BOTH]
    return " ".join(words)


@pytest.fixture
def english_texts(make_window: Callable[..., MainWindow]) -> set[str]:
    i18n.set_language("en")
    return visible_texts(make_window("klondike", 5))


@pytest.mark.parametrize("language", ["de", "ru", "it"])
def test_window_built_in_the_language_has_no_english(
    language: str, english_texts: set[str], make_window: Callable[..., MainWindow]
) -> None:
    i18n.set_language(language)
    window = make_window("klondike", 5)
    window.session.stats.record("klondike", window.game.options, True, 100.0, 120)
    left = visible_texts(window) & english_texts
    assert not left, f"{language}: still English: {sorted(left)}"


@pytest.mark.parametrize("language", ["de", "ru", "it"])
def test_window_switched_to_the_language_has_no_english(
    language: str, english_texts: set[str], make_window: Callable[..., MainWindow]
) -> None:
    window = make_window("doublets", 5)
    window.acts.language_menu.aboutToShow.emit()
    action = next(a for a in window.acts.language_menu.actions() if a.objectName() == f"language_{language}")
    action.trigger()
    assert i18n.language() == language
    english = english_texts | visible_texts_in_english(window)
    left = visible_texts(window) & english
    assert not left, f"{language}: still English after switching: {sorted(left)}"


def visible_texts_in_english(window: MainWindow) -> set[str]:
    current = i18n.language()
    i18n.set_language("en")
    try:
        return visible_texts(window)
    finally:
        i18n.set_language(current)
