"""Leaving a game under way: New Game, Select Game, a random or recent game and New Game by
Number first ask, since the game left counts as lost; Cancel keeps it, "Do not ask again"
is remembered, and a game not begun (or over) is left without a question."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QCheckBox, QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from aisle.engine import Deal
from aisle.ui.window.main_window import MainWindow

MakeWindow = Callable[..., MainWindow]


def asking(make_window: MakeWindow) -> MainWindow:
    window = make_window("klondike", 5)
    window.settings.confirm_leave = True  # as a player's settings start out
    assert window.player.act(Deal())
    return window


def question(window: MainWindow, qtbot: QtBot) -> QMessageBox:
    qtbot.waitUntil(lambda: window.leave_question is not None and window.leave_question.isVisible())
    box = window.leave_question
    assert box is not None
    assert box.text() == "Leave the game under way? It counts as lost in the statistics."
    return box


def press(box: QMessageBox, text: str) -> None:
    button = next(b for b in box.buttons() if b.text().replace("&", "") == text)
    assert isinstance(button, QPushButton)
    button.click()


def test_cancel_keeps_the_game_and_leave_deals_another_counted_as_lost(
        make_window: MakeWindow, qtbot: QtBot) -> None:
    window = asking(make_window)
    game = window.game
    assert game is not None
    window.acts.new_game.trigger()
    press(question(window, qtbot), "Cancel")
    assert window.game is game and window.session is not None
    assert window.session.stats.entry("klondike", game.options).played == 0
    window.acts.new_game.trigger()
    press(question(window, qtbot), "Leave Game")
    qtbot.waitUntil(lambda: window.game is not game)
    assert window.session.stats.entry("klondike", game.options).played == 1
    assert window.settings.confirm_leave  # asked again next time


def test_do_not_ask_again_is_remembered(make_window: MakeWindow, qtbot: QtBot) -> None:
    window = asking(make_window)
    window.extras.new_game_by_number()
    dialog = window.extras.open["deal_number"]
    dialog.accept()  # type: ignore[union-attr]
    box = question(window, qtbot)
    check = box.checkBox()
    assert isinstance(check, QCheckBox) and check.text().replace("&", "") == "Do not ask again"
    check.setChecked(True)
    press(box, "Leave Game")
    assert not window.settings.confirm_leave
    assert window.player.act(Deal())
    before = window.game
    window.acts.new_game.trigger()
    assert window.game is not before  # no question any more


def test_no_question_for_a_game_not_begun(make_window: MakeWindow, qtbot: QtBot) -> None:
    window = make_window("klondike", 5)
    window.settings.confirm_leave = True
    before = window.game
    window.acts.new_game.trigger()
    assert window.game is not before and window.leave_question is None
