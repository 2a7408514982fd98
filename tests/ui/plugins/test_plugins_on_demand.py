"""The other games' plugins load when the player reaches past the table, not with every start
(aisle.ui.plugins.at_start): a start that only plays on never imports them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from aisle import waiting
from aisle.registry import loading
from aisle.ui.plugins.at_start import wanted_at_start
from aisle.ui.window.main_window import MainWindow


@pytest.fixture
def nothing_loaded() -> Iterator[None]:
    loading.reset_registry()
    yield
    loading.reset_registry()


def _window(make_window: object) -> MainWindow:
    assert callable(make_window)
    window: MainWindow = make_window("klondike", 2)  # one of Aisle's own: found on its own
    # The pointer rests on the table (over the menu bar, it would be a reach past it).
    QCursor.setPos(window.view.mapToGlobal(window.view.rect().center()))
    QApplication.processEvents()
    window.plugins_after_start()
    return window


def test_a_start_that_plays_on_loads_no_other_plugin(nothing_loaded: None, make_window: object,
                                                      qtbot: QtBot) -> None:
    window = _window(make_window)
    qtbot.wait(50)
    assert not loading.plugins_loading() and not loading.plugins_ready()
    assert set(loading.known_games()) == {"klondike"}
    window.acts.game_menu.aboutToShow.emit()  # the player opens a menu
    qtbot.waitUntil(lambda: len(loading.known_games()) > 30, timeout=60_000)


def test_the_pointer_over_the_toolbar_starts_them_loading(nothing_loaded: None,
                                                          make_window: object, qtbot: QtBot) -> None:
    window = _window(make_window)
    QApplication.sendEvent(window.view, QEvent(QEvent.Type.Enter))  # the table: not yet
    assert not loading.plugins_loading() and not loading.plugins_ready()
    QApplication.sendEvent(window.acts.toolbar, QEvent(QEvent.Type.Enter))
    assert loading.plugins_loading() or loading.plugins_ready()
    qtbot.waitUntil(lambda: len(loading.known_games()) > 30, timeout=60_000)


@pytest.mark.parametrize("action", ["statistics", "random_game"])
def test_what_names_every_game_waits_for_them_then_opens(
        nothing_loaded: None, make_window: object, qtbot: QtBot, action: str) -> None:
    window = _window(make_window)
    getattr(window.acts, action).trigger()
    qtbot.waitUntil(loading.plugins_ready, timeout=60_000)
    if action == "statistics":
        qtbot.waitUntil(lambda: "statistics" in window.extras.open, timeout=10_000)
    else:  # another game was dealt, chosen among all of them
        qtbot.waitUntil(lambda: window.game is not None and window.game.variant_id != "klondike",
                        timeout=10_000)


def test_select_game_lists_every_game_once_they_are_in(nothing_loaded: None, make_window: object,
                                                       qtbot: QtBot) -> None:
    window = _window(make_window)
    window.acts.select_game.trigger()
    dialog = window.extras.open["select_game"]
    qtbot.waitUntil(lambda: dialog.games.count() > 30, timeout=60_000)  # type: ignore[attr-defined]


def test_what_waits_for_the_plugins_loads_them_at_start(isolated: Path) -> None:
    assert wanted_at_start(True, isolated)  # a table left empty for a game not yet found
    assert not wanted_at_start(False, isolated)
    assert not wanted_at_start(False, None)
    plugins = isolated / "plugins"
    plugins.mkdir(parents=True)
    (plugins / "someone.whl").write_bytes(b"not yet asked about")
    assert wanted_at_start(False, isolated)
    (plugins / "someone.whl").unlink()
    held = isolated / waiting.FOLDER
    held.mkdir()
    (held / "game.json").write_text("{}")
    assert wanted_at_start(False, isolated)
