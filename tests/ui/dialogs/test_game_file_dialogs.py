"""Game ▸ Save Game As… and Open Saved Game… in the window: the file dialogs, the folder they
start in, the game put on the table, and a clear message (the table unchanged) for a bad file."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QListView, QMessageBox, QTreeView
from pytestqt.qtbot import QtBot

from aisle.game_file import SUFFIX
from aisle.ui.dialogs.game_files import start_folder
from aisle.ui.window.main_window import MainWindow


def play_some(window: MainWindow, moves: int = 4) -> None:
    game = window.game
    assert game is not None
    for _ in range(moves):
        window.player.act(game.legal_actions()[0])


def file_dialog(window: MainWindow, qtbot: QtBot) -> QFileDialog:
    dialog = window.extras.open["game_file"]
    assert isinstance(dialog, QFileDialog)
    qtbot.waitExposed(dialog)
    return dialog


def test_save_as_then_open_puts_the_same_game_back(
    make_window: Callable[..., MainWindow], qtbot: QtBot, tmp_path: Path,
) -> None:
    window = make_window("klondike", 5)
    play_some(window)
    saved_json = window.game.to_json() if window.game else ""
    window.settings.game_folder = str(tmp_path)
    window.acts.save_game_as.trigger()
    dialog = file_dialog(window, qtbot)
    assert dialog.acceptMode() is QFileDialog.AcceptMode.AcceptSave
    assert Path(dialog.directory().absolutePath()) == tmp_path
    assert any(SUFFIX in name for name in dialog.nameFilters())
    dialog.fileSelected.emit(str(tmp_path / "my game"))  # what choosing a name does
    path = tmp_path / f"my game{SUFFIX}"
    assert path.is_file()
    assert str(path) in window.status.message.text()  # the status bar says where

    window.dealer.new_game()
    assert window.game is not None and window.game.to_json() != saved_json
    window.acts.open_game.trigger()
    dialog = file_dialog(window, qtbot)
    assert dialog.fileMode() is QFileDialog.FileMode.ExistingFile
    dialog.fileSelected.emit(str(path))
    assert window.game is not None and window.game.to_json() == saved_json
    assert window.scene.game is window.game
    assert window.settings.game_folder == str(tmp_path)


def test_a_bad_file_is_named_and_the_game_stays(
    make_window: Callable[..., MainWindow], qtbot: QtBot, tmp_path: Path,
) -> None:
    window = make_window("klondike", 5)
    play_some(window)
    before = window.game
    bad = tmp_path / "from-the-future.aisle.json"
    data = json.loads(window.game.to_json() if window.game else "{}")
    data["version"] = 99
    bad.write_text(json.dumps(data), "utf-8")
    assert not window.extras.game_files().open_from(bad)
    assert window.game is before and window.scene.game is before
    box = window.extras.open["game_file_problem"]
    assert isinstance(box, QMessageBox)
    assert str(bad) in box.text() and "newer version" in box.text()
    box.close()


def test_a_game_that_is_not_installed_is_named(
    make_window: Callable[..., MainWindow], tmp_path: Path,
) -> None:
    window = make_window("klondike", 5)
    before = window.game
    path = tmp_path / "golf.aisle.json"
    data = json.loads(window.game.to_json() if window.game else "{}")
    data["variant"] = "golf"
    path.write_text(json.dumps(data), "utf-8")
    assert not window.extras.game_files().open_from(path)
    assert window.game is before
    box = window.extras.open["game_file_problem"]
    assert isinstance(box, QMessageBox) and "golf" in box.text() and str(path) in box.text()


def test_saving_where_it_cannot_be_written_says_so(
    make_window: Callable[..., MainWindow], tmp_path: Path,
) -> None:
    window = make_window("klondike", 5)
    blocker = tmp_path / "a-file"
    blocker.write_text("x", "utf-8")
    target = blocker / "inside.aisle.json"  # a folder that is a file
    assert not window.extras.game_files().save_to(target)
    box = window.extras.open["game_file_problem"]
    assert isinstance(box, QMessageBox) and str(target) in box.text()


def test_the_first_folder_is_the_documents_folder(tmp_path: Path) -> None:
    from PySide6.QtCore import QStandardPaths

    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    expected = Path(documents) if documents and Path(documents).is_dir() else Path.home()
    assert start_folder("") == expected
    assert start_folder(str(tmp_path / "gone")) == expected
    assert start_folder(str(tmp_path)) == tmp_path


@pytest.mark.parametrize("language", ["en", "de", "ru", "it"])
def test_the_file_dialog_shows_its_places_and_columns_whole(
    make_window: Callable[..., MainWindow], qtbot: QtBot, tmp_path: Path, language: str,
) -> None:
    # Qt's own dialog opened with "Computer" cut to "Co…" in its sidebar and a file's size and
    # type cut in their columns (seen on a screenshot).
    window = make_window("klondike", 5)
    window.switch_language(language)
    (tmp_path / f"a game with a long name{SUFFIX}").write_text("{}" * 3000, encoding="utf-8")
    (tmp_path / "a folder").mkdir()
    window.settings.game_folder = str(tmp_path)
    window.acts.save_game_as.trigger()
    dialog = file_dialog(window, qtbot)
    places = dialog.findChild(QListView, "sidebar")
    files = dialog.findChild(QTreeView, "treeView")
    assert places is not None and files is not None
    assert places.model().rowCount() > 0

    def whole() -> None:
        assert places.sizeHintForColumn(0) <= places.viewport().width()
        assert files.model().rowCount(files.rootIndex()) > 0
        for column in range(1, files.header().count()):
            assert files.sizeHintForColumn(column) <= files.header().sectionSize(column), column

    qtbot.waitUntil(whole, timeout=5000)
    dialog.reject()



def test_the_deck_file_dialog_has_our_labels_and_starts_at_home(
        make_window: Callable[..., MainWindow], qtbot: QtBot) -> None:
    from aisle import i18n

    Path.home().mkdir(exist_ok=True)  # the test's own home
    window = make_window("klondike", 5)
    window.switch_language("ru")
    window.appearance.open_dialog()
    style = window.appearance.dialog
    assert style is not None
    style.add_from_file()  # type: ignore[attr-defined]
    dialog = style.findChild(QFileDialog, "add_deck_file")
    assert dialog is not None
    label = QFileDialog.DialogLabel
    assert dialog.labelText(label.LookIn) == i18n._("Look &in:") != "Look &in:"
    assert Path(dialog.directory().absolutePath()) == Path.home()
    dialog.reject()
