"""Enter in a dialog that only shows and closes (with a few buttons that do something on the side)
closes it, wherever the focus was when it opened: a keyboard player pressing Enter to leave must
not clear a shortcut, reset statistics or be asked for a file. A button reached with Tab still
answers Enter."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QPushButton
from pytestqt.qtbot import QtBot

from aisle.ui.window.main_window import MainWindow

MakeWindow = Callable[..., MainWindow]


def _opened(window: MainWindow, name: str, qtbot: QtBot) -> QDialog:
    if name == "statistics":
        window.extras.statistics()  # once every plugin is in: its table names every game
        qtbot.waitUntil(lambda: "statistics" in window.extras.open)
    elif name == "shortcuts_editor":
        window.extras.configure_shortcuts()
    elif name == "plugins":
        window.extras.plugins()
    else:
        window.appearance.open_dialog()
        assert window.appearance.dialog is not None
        return window.appearance.dialog
    return window.extras.open[name]


@pytest.fixture
def side_steps(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The dialogs' side buttons, each noting its name instead of acting."""
    from aisle.ui.dialogs import card_style, plugin_install, shortcuts, statistics

    done: list[str] = []
    monkeypatch.setattr(statistics.StatisticsDialog, "ask_reset", lambda self: done.append("reset"))
    monkeypatch.setattr(shortcuts.ShortcutsEditor, "_clear", lambda self: done.append("clear"))
    monkeypatch.setattr(shortcuts.ShortcutsEditor, "_default", lambda self: done.append("default"))
    monkeypatch.setattr(card_style.AppearanceDialog, "add_from_file", lambda self: done.append("add"))
    monkeypatch.setattr(plugin_install, "choose_and_install", lambda *args: done.append("install"))
    return done


@pytest.mark.parametrize("name", ["statistics", "plugins", "card_style"])
def test_enter_closes_the_dialog_and_does_nothing_else(
    name: str, make_window: MakeWindow, qtbot: QtBot, side_steps: list[str]
) -> None:
    window = make_window("klondike", 1)
    assert window.session is not None
    assert window.game is not None
    window.session.stats.record("klondike", window.game.options, True, 60.0, 90)  # Reset to press
    for _round in range(2):  # and again the second time it opens
        dialog = _opened(window, name, qtbot)
        qtbot.waitExposed(dialog)
        QApplication.processEvents()
        focus = QApplication.focusWidget()
        assert focus is not None and dialog.isAncestorOf(focus)
        closed: list[int] = []
        dialog.finished.connect(closed.append)
        QTest.keyClick(focus, Qt.Key.Key_Return)
        QApplication.processEvents()
        assert side_steps == [] and closed, (name, type(focus).__name__)


def test_enter_in_the_shortcut_list_starts_recording_a_key(
    make_window: MakeWindow, qtbot: QtBot, side_steps: list[str]
) -> None:
    window = make_window("klondike", 1)
    for _round in range(2):
        dialog = _opened(window, "shortcuts_editor", qtbot)
        qtbot.waitExposed(dialog)
        QApplication.processEvents()
        assert QApplication.focusWidget() is dialog.table
        QTest.keyClick(dialog.table, Qt.Key.Key_Return)
        QApplication.processEvents()
        assert side_steps == [] and dialog.isVisible()
        assert dialog.key_edit.isAncestorOf(QApplication.focusWidget()) or (
            QApplication.focusWidget() is dialog.key_edit)
        dialog.reject()
        QApplication.processEvents()


def test_a_button_reached_with_tab_still_answers_enter(
    make_window: MakeWindow, qtbot: QtBot, side_steps: list[str]
) -> None:
    window = make_window("klondike", 1)
    assert window.session is not None
    assert window.game is not None
    window.session.stats.record("klondike", window.game.options, True, 60.0, 90)  # something to reset
    dialog = _opened(window, "statistics", qtbot)
    qtbot.waitExposed(dialog)
    reset = next(button for button in dialog.findChildren(QPushButton) if button is dialog.reset_button)
    reset.setFocus(Qt.FocusReason.TabFocusReason)
    QTest.keyClick(reset, Qt.Key.Key_Return)
    assert side_steps == ["reset"]
