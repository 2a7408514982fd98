"""The help browser (pytest-qt, offscreen): the right page for the game and the language, links,
history, one window per main window, and a language switch while it is open."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator
from pathlib import Path

import pytest
from plugin_help import install_plugin_help
from PySide6.QtCore import Qt, QUrl
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from aisle import help as pages
from aisle import i18n
from aisle.registry import loading
from aisle.ui.dialogs.help_browser import HelpWindow, open_help

GAMES = ("klondike", "cruel", "spider-three-decks", "doublets")



@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def main_window(qtbot: QtBot) -> QWidget:
    window = QWidget()
    qtbot.addWidget(window)
    return window


@pytest.fixture
def zebra_help(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A plugin's help folder (a page and its German catalog) offered through the hook, in a
    registry and catalog folders that are restored after the test."""
    return install_plugin_help(tmp_path / "zebra-help", monkeypatch)


def _help(widget: QWidget) -> HelpWindow:
    assert isinstance(widget, HelpWindow)
    return widget


def _list_titles(window: HelpWindow) -> list[str]:
    return [window.page_list.item(row).text() for row in range(window.page_list.count())]


def test_f1_opens_the_general_page(main_window: QWidget) -> None:
    window = _help(open_help(main_window, None))
    assert window.isVisible() and window.isWindow() and window.parent() is main_window
    assert window.current_page == pages.GENERAL_PAGE
    assert window.browser.toPlainText().startswith("How to play Aisle")
    assert window.windowTitle() == "How to play Aisle — Help"
    titles = _list_titles(window)
    assert titles[0] == "How to play Aisle"
    assert {"Klondike", "Cruel", "Spider Three Decks", "Doublets"} <= set(titles)
    assert window.page_list.currentItem().text() == "How to play Aisle"
    # The page has the keyboard focus: Page Down reads on at once.
    assert window.focusWidget() is window.browser


def test_shift_f1_opens_the_page_of_each_game_in_one_reused_window(main_window: QWidget) -> None:
    variants = loading.available_variants()
    first = open_help(main_window, None)
    for game in GAMES:
        variant = variants[game].variant if game in variants else None
        page = (variant.help_page or variant.id) if variant is not None else game
        window = _help(open_help(main_window, page))
        assert window is first
        assert window.current_page == game
        title = pages.load_page(game).title
        assert window.browser.toPlainText().startswith(title)
        assert window.page_list.currentItem().text() == title
    assert len(main_window.findChildren(HelpWindow)) == 1


def test_each_main_window_gets_its_own_help_window(qtbot: QtBot) -> None:
    one, two = QWidget(), QWidget()
    qtbot.addWidget(one)
    qtbot.addWidget(two)
    assert open_help(one, "cruel") is not open_help(two, "cruel")


def test_an_unknown_page_shows_the_general_page(main_window: QWidget) -> None:
    window = _help(open_help(main_window, "a-game-without-help"))
    assert window.current_page == pages.GENERAL_PAGE


def test_links_history_list_and_contents(main_window: QWidget, qtbot: QtBot) -> None:
    window = _help(open_help(main_window, None))
    assert not window.back_button.isEnabled() and not window.forward_button.isEnabled()
    window.browser.anchorClicked.emit(QUrl("help:cruel"))
    assert window.current_page == "cruel"
    window.browser.anchorClicked.emit(QUrl("help:no-such-page"))
    assert window.current_page == "cruel"
    QTest.mouseClick(window.back_button, Qt.MouseButton.LeftButton)
    assert window.current_page == pages.GENERAL_PAGE
    assert window.forward_button.isEnabled()
    QTest.mouseClick(window.forward_button, Qt.MouseButton.LeftButton)
    assert window.current_page == "cruel"
    doublets_row = _list_titles(window).index("Doublets")
    window.page_list.itemClicked.emit(window.page_list.item(doublets_row))
    assert window.current_page == "doublets"
    QTest.mouseClick(window.contents_button, Qt.MouseButton.LeftButton)
    assert window.current_page == pages.GENERAL_PAGE
    window.back()
    assert window.current_page == "doublets"
    window.back()
    assert window.current_page == "cruel"
    # A new page after going back forgets the pages ahead.
    window.show_page("klondike")
    assert not window.forward_button.isEnabled()


def test_the_page_shows_the_documents_links(main_window: QWidget) -> None:
    window = _help(open_help(main_window, None))
    html = window.browser.toHtml()
    for game in GAMES:
        assert f'href="help:{game}"' in html


@pytest.mark.usefixtures("zebra_help")
def test_opens_in_the_current_language_and_follows_a_switch(main_window: QWidget) -> None:
    i18n.set_language("de")
    window = _help(open_help(main_window, "zebra"))
    assert window.browser.toPlainText().startswith("Zebra-Patience")
    assert "Zebra-Karten wechseln sich ab wie Streifen." in window.browser.toPlainText()
    assert "Zebra-Patience" in _list_titles(window)
    i18n.set_language("en")
    assert window.current_page == "zebra"
    assert window.browser.toPlainText().startswith("Zebra Patience")
    assert "Zebra cards alternate like stripes." in window.browser.toPlainText()
    assert "Zebra Patience" in _list_titles(window)
    assert window.windowTitle() == "Zebra Patience — Help"
    i18n.set_language("de")
    assert window.browser.toPlainText().startswith("Zebra-Patience")
    assert window.page_list.currentItem().text() == "Zebra-Patience"


def _listening(window: HelpWindow) -> bool:
    return any(getattr(listener, "__self__", None) is window for listener in i18n._listeners)


def test_a_closed_window_is_reused_and_a_destroyed_one_stops_listening(
        main_window: QWidget, qtbot: QtBot) -> None:
    window = _help(open_help(main_window, "klondike"))
    assert _listening(window)
    window.close()
    assert not window.isVisible()
    assert open_help(main_window, "cruel") is window and window.isVisible()
    window.deleteLater()
    qtbot.waitUntil(lambda: not _listening(window))
    i18n.set_language("ru")  # no listener is left that points at the deleted window
    fresh = _help(open_help(main_window, None))
    assert fresh is not window and fresh.current_page == pages.GENERAL_PAGE


def test_a_page_opened_again_starts_at_its_top_with_nothing_to_go_back_to(
        main_window: QWidget, qtbot: QtBot) -> None:
    window = _help(open_help(main_window, "forty-thieves"))
    window.resize(500, 300)
    scroll = window.browser.verticalScrollBar()
    qtbot.waitUntil(lambda: scroll.maximum() > 0)
    window.show_page("klondike")
    assert window.back_button.isEnabled()
    window.back()
    scroll.setValue(scroll.maximum())  # read to the end
    window.close()
    assert _help(open_help(main_window, "forty-thieves")) is window
    assert scroll.value() == 0 and not window.back_button.isEnabled()
    scroll.setValue(scroll.maximum())
    i18n.set_language("de")  # a switch of language keeps the reader's place
    assert scroll.value() > 0 and window.current_page == "forty-thieves"


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_contents_list_shows_every_title_whole(main_window: QWidget, qtbot: QtBot,
                                                   language: str) -> None:
    i18n.set_language(language)
    window = _help(open_help(main_window, None))
    qtbot.waitExposed(window)
    listing = window.page_list
    viewport = listing.viewport().width()
    widest = max(listing.visualItemRect(listing.item(row)).width()
                 for row in range(listing.count()))
    metrics = listing.fontMetrics()
    longest = max(metrics.horizontalAdvance(title) for title in _list_titles(window))
    # Every title fits the list's visible part: no sideways scrolling, nothing cut off.
    assert longest < viewport, (longest, viewport)
    assert not listing.horizontalScrollBar().isVisible()
    assert widest <= viewport
    window.close()
