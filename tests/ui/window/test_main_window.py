"""The main window: end-of-game dialogs, options, game selection, broken games, screenshots."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QImage
from PySide6.QtWidgets import QApplication, QMenu, QMessageBox, QPushButton
from pytestqt.qtbot import QtBot
from toy_game import ToyGame

from aisle.engine import Board
from aisle.i18n import T
from aisle.registry.loading import get_registry
from aisle.ui.app import Launch, screenshot
from aisle.ui.dialogs.select_game import SelectGameDialog
from aisle.ui.window.main_window import MainWindow
from aisle.variant import Variant

from ..table_helpers import items_match_model

MakeWindow = Callable[..., MainWindow]
Register = Callable[[type[Variant]], None]


class WonOnDeal(ToyGame):
    """Won as soon as a card lies on the waste."""

    id = "toy-won"
    name = T("Toy")

    def is_won(self, board: Board) -> bool:
        return bool(board.slot("waste").cards)


class LostOnDeal(ToyGame):
    """Lost as soon as a card lies on the waste."""

    id = "toy-lost"
    name = T("Toy")

    def is_lost(self, board: Board) -> bool:
        return bool(board.slot("waste").cards)


class BrokenStock(ToyGame):
    id = "toy-broken"
    name = T("Toy")

    def click_stock(self, board: Board) -> None:
        raise RuntimeError("the stock fell apart")


def test_the_won_dialog_offers_a_new_game(register: Register, make_window: MakeWindow,
                                          qtbot: QtBot) -> None:
    register(WonOnDeal)
    window = make_window("toy-won", 4)
    seed = window.game.seed if window.game else None
    window.acts.deal.trigger()
    dialog = window.end_dialog
    assert dialog is not None and dialog.isVisible() and dialog.won
    dialog.named_button("new_game").click()
    qtbot.waitUntil(lambda: window.end_dialog is None)
    assert window.game is not None and not window.game.slot("waste").cards
    assert window.game.seed != seed or window.game.moves == 0
    assert window.isVisible()


def test_the_lost_dialog_undoes_restarts_or_closes(register: Register, make_window: MakeWindow,
                                                   qtbot: QtBot) -> None:
    register(LostOnDeal)
    window = make_window("toy-lost", 4)
    window.acts.deal.trigger()
    dialog = window.end_dialog
    assert dialog is not None and not dialog.won
    dialog.named_button("undo").click()
    qtbot.waitUntil(lambda: window.end_dialog is None)
    assert window.game is not None and not window.game.slot("waste").cards
    window.acts.deal.trigger()
    dialog = window.end_dialog
    assert dialog is not None
    dialog.named_button("restart").click()
    qtbot.waitUntil(lambda: window.end_dialog is None)
    assert window.game is not None and window.game.moves == 0 and window.game.seed == 4
    window.acts.deal.trigger()
    dialog = window.end_dialog
    assert dialog is not None
    dialog.reject()
    qtbot.waitUntil(lambda: window.end_dialog is None)
    assert window.isVisible() and QApplication.instance() is not None
    assert window.game is not None and window.game.slot("waste").cards
    # Escape, the window's close button and Alt+F4 close it too (a QMessageBox with no button
    # that only closes ignores them).
    for close in (lambda box: qtbot.keyClick(box, Qt.Key.Key_Escape), lambda box: box.close()):
        window.player.undo()
        window.acts.deal.trigger()
        dialog = window.end_dialog
        assert dialog is not None and dialog.isVisible()
        close(dialog)
        qtbot.waitUntil(lambda: window.end_dialog is None)
        assert not dialog.isVisible() and window.game.slot("waste").cards


def test_changing_an_option_deals_anew_and_is_remembered(toy: type[ToyGame],
                                                         make_window: MakeWindow) -> None:
    window = make_window("toy", 1)
    assert window.acts.options_menu.title().replace("&", "") == "Toy"
    first = window.game
    choice = _open_options(window).findChild(QAction, "option_redeals_none")
    assert choice is not None
    choice.trigger()
    assert window.game is not first and window.game is not None
    assert window.game.options == {"redeals": "none"}
    assert window.settings.options["toy"] == {"redeals": "none"}
    # Opened again, the menu shows the new choice checked.
    choice = _open_options(window).findChild(QAction, "option_redeals_none")
    assert choice is not None and choice.isChecked()


def _open_options(window: MainWindow) -> QMenu:
    """The Options menu as it is when the player opens it (its items are made then)."""
    menu = window.acts.options_menu
    menu.aboutToShow.emit()
    return menu


def test_the_options_menu_is_filled_when_opened(toy: type[ToyGame],
                                                make_window: MakeWindow) -> None:
    window = make_window("toy", 1)
    menu = window.acts.options_menu
    assert menu.menuAction().isVisible() and menu.isEnabled()
    assert menu.actions() == []  # nothing made on the way to the first frame
    _open_options(window)
    names = [action.objectName() for action in menu.actions() if action.objectName()]
    assert "option_redeals_none" in names
    _open_options(window)  # opened twice: the same items, not twice as many
    assert [action.objectName() for action in menu.actions() if action.objectName()] == names


def test_changing_an_option_mid_game_asks_first(toy: type[ToyGame], make_window: MakeWindow,
                                                qtbot: QtBot) -> None:
    window = make_window("toy", 1)
    window.acts.deal.trigger()
    first = window.game
    choice = _open_options(window).findChild(QAction, "option_redeals_none")
    assert choice is not None
    choice.trigger()
    box = window.extras.open["question"]
    assert isinstance(box, QMessageBox)
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.Cancel)  # Enter loses nothing
    box.button(QMessageBox.StandardButton.Cancel).click()
    assert window.game is first
    choice = _open_options(window).findChild(QAction, "option_redeals_none")
    assert choice is not None and not choice.isChecked()
    choice.trigger()
    box = window.extras.open["question"]
    assert isinstance(box, QMessageBox)
    go = box.findChild(QPushButton, "confirm_agree")
    assert go is not None and go.text() == "Change and &Deal Anew"
    go.click()
    assert window.game is not first and window.game is not None
    assert window.game.options == {"redeals": "none"}


def test_select_game_searches_and_describes(register: Register, toy: type[ToyGame],
                                            qtbot: QtBot) -> None:
    register(WonOnDeal)
    dialog = SelectGameDialog(get_registry().variants, "toy")
    qtbot.addWidget(dialog)
    assert dialog.chosen() == "toy"
    assert dialog.description.text() == "A tiny game for tests."
    dialog.search.setText("no game has this in its name")
    assert dialog.chosen() is None
    dialog.search.setText("toy-won")
    assert dialog.chosen() == "toy-won"


def test_a_broken_game_is_reported_not_fatal(register: Register, make_window: MakeWindow,
                                             qtbot: QtBot) -> None:
    register(BrokenStock)
    from aisle.registry.collect import PluginInfo

    registry = get_registry()
    plugin = PluginInfo("tests", "tests", "0", "tests")
    registry.plugins.append(plugin)
    try:
        window = make_window("toy-broken", 1)
        window.acts.deal.trigger()
        assert any("the stock fell apart" in error for error in plugin.errors)
        box = window.extras.open["game_broke"]
        assert isinstance(box, QMessageBox) and "the stock fell apart" in box.text()
        assert window.game is not None and not window.game.slot("waste").cards
        assert items_match_model(window)
    finally:
        registry.plugins.remove(plugin)


def test_the_screenshot_command_writes_a_png(toy: type[ToyGame], tmp_path: Path) -> None:
    target = tmp_path / "toy.png"
    assert screenshot(Launch(game="toy", seed=2, screenshot=str(target), size=(640, 480))) == 0
    image = QImage(str(target))
    assert (image.width(), image.height()) == (640, 480)
    middle = image.pixelColor(320, 300)
    assert middle.green() > middle.red() and middle.green() > middle.blue()  # the baize


def test_the_lost_dialog_offers_the_last_winnable_position_when_the_solver_knows_it(
        register: Register, make_window: MakeWindow, qtbot: QtBot,
        monkeypatch: pytest.MonkeyPatch) -> None:
    register(LostOnDeal)
    window = make_window("toy-lost", 4)
    window.acts.deal.trigger()
    dialog = window.end_dialog
    assert dialog is not None and not dialog.winnable_back  # the solver knows of none
    assert "undo_to_winnable" not in dialog._buttons
    dialog.reject()
    qtbot.waitUntil(lambda: window.end_dialog is None)
    window.acts.undo.trigger()
    went_back: list[bool] = []
    monkeypatch.setattr(window.solver, "can_undo_to_winnable", lambda: True)
    monkeypatch.setattr(window.solver, "undo_to_last_winnable", lambda: went_back.append(True))
    window.acts.deal.trigger()
    dialog = window.end_dialog
    assert dialog is not None and dialog.winnable_back
    assert "last position that could still be won" in dialog.informativeText()
    assert dialog.named_button("undo_to_winnable").text() == "Undo to Last &Winnable Position"
    dialog.named_button("undo_to_winnable").click()
    qtbot.waitUntil(lambda: window.end_dialog is None)
    assert went_back == [True]


def test_the_clock_waits_while_a_question_or_message_is_open(make_window: MakeWindow,
                                                             qtbot: QtBot) -> None:
    window = make_window("klondike", 4)
    window.acts.deal.trigger()  # the game is under way: it is timed
    game = window.game
    assert game is not None
    window._last_tick -= 5
    window._tick()
    timed = game.elapsed
    assert timed >= 5
    box = QMessageBox(QMessageBox.Icon.Information, "A message", "It waits for you.",
                      QMessageBox.StandardButton.Ok, window)
    box.open()
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is box)
    window._last_tick -= 30
    window._tick()
    assert game.elapsed == timed  # the half minute the message was open does not count
    box.close()
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    window._last_tick -= 2
    window._tick()
    assert game.elapsed >= timed + 2


def test_a_new_window_opens_within_its_screen(qtbot: QtBot, isolated: Path) -> None:
    # Opened at 1024x720 on an 800x600 screen, the right-hand piles and the status bar lay
    # beyond its edges; a window opens within nine tenths of its screen's free area.
    from aisle.session import Session
    from aisle.stats import Statistics
    from aisle.storage import Settings

    window = MainWindow(Settings(animations=False), Session(Statistics.load()[0]))
    qtbot.addWidget(window)
    free = window.screen().availableGeometry()
    assert free.width() < 1024 / 0.9  # the test screen is small enough to tell
    assert window.width() <= free.width() * 0.9 and window.height() <= free.height() * 0.9
    assert window.height() == min(720, free.height() * 9 // 10)
