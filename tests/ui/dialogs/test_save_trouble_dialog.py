"""The window tells the player once that statistics and the game cannot be saved, and plays on."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot
from read_only import read_only_switch
from toy_game import ToyGame

from aisle import storage
from aisle.ui.window.main_window import MainWindow

MakeWindow = Callable[..., MainWindow]


def open_boxes(window: MainWindow) -> list[QMessageBox]:
    return [box for box in window.findChildren(QMessageBox) if box.isVisible()]


def test_a_folder_turning_read_only_is_told_once(toy: type[ToyGame], make_window: MakeWindow,
                                                 monkeypatch: pytest.MonkeyPatch, qtbot: QtBot) -> None:
    window = make_window("toy", 1)
    assert window.session is not None
    assert window.session.take_problems() == []  # the start's look: the folder was writable
    read_only = read_only_switch(monkeypatch, storage.data_dir())
    read_only(True)
    window.acts.deal.trigger()  # the move's autosave fails in the background: told at once
    qtbot.waitUntil(lambda: len(open_boxes(window)) == 1)
    (box,) = open_boxes(window)
    assert box.windowTitle() == "Statistics and the game cannot be saved"
    assert str(window.session.path) in box.text()
    assert "Read-only file system" in box.text() and "go on playing" in box.text()
    box.close()
    window.dealer.new_game()  # the game left is counted: the statistics cannot be written either
    window.acts.deal.trigger()
    window.dealer.new_game()
    window.session.writer.flush()
    qtbot.wait(50)  # a failure the writer reported would be told by now
    assert open_boxes(window) == []
    assert window.session.stats.entry("toy", {"redeals": "one"}).played == 2


def test_the_start_report_says_it_with_the_same_title(toy: type[ToyGame], make_window: MakeWindow,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     isolated: Path) -> None:
    read_only_switch(monkeypatch, storage.data_dir())(True)
    window = make_window("toy", 1)
    assert window.session is not None
    window.report(window.session.take_problems())  # as the start does
    (box,) = open_boxes(window)
    assert box.windowTitle() == "Statistics and the game cannot be saved"
    assert str(isolated) in box.text()


def test_quitting_with_settings_that_cannot_be_written_is_quiet(toy: type[ToyGame], make_window: MakeWindow,
                                                                monkeypatch: pytest.MonkeyPatch,
                                                                caplog: pytest.LogCaptureFixture) -> None:
    window = make_window("toy", 1)
    read_only_switch(monkeypatch, storage.data_dir())(True)  # the settings live there in tests
    window.close()  # an exception here would fail the test (pytest-qt captures it)
    assert any("cannot save the settings" in record.getMessage() for record in caplog.records)


def test_a_settings_file_that_cannot_be_written_is_told_once(
        toy: type[ToyGame], make_window: MakeWindow, monkeypatch: pytest.MonkeyPatch,
        qtbot: QtBot) -> None:
    from aisle.ui.dialogs import save_trouble

    window = make_window("toy", 1)
    assert window.session is not None and window.session.take_problems() == []

    def locked(path: Path, content: bytes) -> None:  # the file alone (chattr +i): the folder is fine
        raise PermissionError(1, "Operation not permitted", str(path))

    monkeypatch.setattr(save_trouble, "write_bytes_atomic", locked)
    window.acts.show_toolbar.trigger()  # a setting changed: written in the background, and fails
    window.settings_keeper.look()
    qtbot.waitUntil(lambda: len(open_boxes(window)) == 1)
    (box,) = open_boxes(window)
    assert "Your settings cannot be saved to" in box.text() and "Operation not permitted" in box.text()
    box.close()
    window.acts.show_toolbar.trigger()
    window.settings_keeper.look()
    assert window.session.writer is not None
    window.session.writer.flush()
    qtbot.wait(50)
    assert open_boxes(window) == []  # said once


def test_news_is_told_in_an_information_box_and_nothing_is_told_of_none(
        toy: type[ToyGame], make_window: MakeWindow) -> None:
    from aisle.i18n import T

    window = make_window("toy", 1)
    window.inform(T("Game Kept for Later"), [])
    assert open_boxes(window) == []
    window.inform(T("Game Kept for Later"), [T("The game under way was kept.")])
    (box,) = open_boxes(window)
    assert box.windowTitle() == "Game Kept for Later" and box.icon() is QMessageBox.Icon.Information
    assert "The game under way was kept." in box.text()
