"""The file dialogs of Game ▸ Save Game As… and Open Saved Game… (see aisle.game_file).

They open without blocking. The first folder offered is the one used last, else the player's
documents folder. Whatever goes wrong is told in a message naming the file; the game on the
table stays as it was.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QFileDialog, QMessageBox

from aisle.game_file import SUFFIX, GameFileError, read_game, suggested_name, with_suffix, write_game
from aisle.i18n import T, Text, _
from aisle.ui.qt.retranslate import follow_language

if TYPE_CHECKING:
    from aisle.ui.window.main_window import MainWindow

#: How long the status bar says where a game was saved.
SAVED_MS = 6000


def start_folder(remembered: str) -> Path:
    """The folder last used if it is still there, else the documents folder, else home."""
    if remembered and Path(remembered).is_dir():
        return Path(remembered)
    documents = QStandardPaths.writableLocation(
        QStandardPaths.StandardLocation.DocumentsLocation)
    if documents and Path(documents).is_dir():
        return Path(documents)
    return Path.home()


def _filters(saving: bool) -> list[str]:
    games = _("Aisle games ({patterns})").format(
        patterns=f"*{SUFFIX}" if saving else f"*{SUFFIX} *.json")
    return [games, _("All files ({patterns})").format(patterns="*")]


def _dialog(window: MainWindow, saving: bool) -> QFileDialog:
    dialog = QFileDialog(window)
    dialog.setObjectName("save_game_as" if saving else "open_game")
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave if saving
                         else QFileDialog.AcceptMode.AcceptOpen)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile if saving
                       else QFileDialog.FileMode.ExistingFile)
    dialog.setDirectory(str(start_folder(window.settings.game_folder)))

    def retranslate() -> None:
        dialog.setWindowTitle(_("Save Game As") if saving else _("Open Saved Game"))
        dialog.setNameFilters(_filters(saving))

    retranslate()
    follow_language(dialog, retranslate)
    return dialog


def ask_save_as(window: MainWindow) -> QFileDialog | None:
    """Ask where to save the game on the table; None when there is no game."""
    game = window.game
    if game is None:
        return None
    dialog = _dialog(window, saving=True)
    dialog.selectFile(suggested_name(game))

    def chosen(name: str) -> None:
        save_to(window, with_suffix(Path(name)))

    dialog.fileSelected.connect(chosen)
    dialog.finished.connect(lambda _result: dialog.deleteLater())
    dialog.open()
    return dialog


def save_to(window: MainWindow, path: Path) -> bool:
    """Save the game on the table to `path`; a message says how it went."""
    game = window.game
    if game is None:
        return False
    try:
        write_game(game, path)
    except (OSError, ValueError):
        _problem(window, T("The game was not saved"),
                 T("The game could not be saved to {path}. Check that the folder exists and "
                   "that you may write there.", path=str(path)))
        return False
    window.settings.game_folder = str(path.parent)
    window.status.say(T("The game was saved to {path}.", path=str(path)), SAVED_MS)
    return True


def ask_open(window: MainWindow) -> QFileDialog:
    """Ask for a saved game and put it on the table."""
    dialog = _dialog(window, saving=False)
    dialog.fileSelected.connect(lambda name: open_from(window, Path(name)))
    dialog.finished.connect(lambda _result: dialog.deleteLater())
    dialog.open()
    return dialog


def open_from(window: MainWindow, path: Path) -> bool:
    """Put the game saved in `path` on the table, or say why not (the table stays as it was)."""
    variants = window.session.variants if window.session is not None else None
    try:
        game = read_game(path, variants)
    except GameFileError as error:
        _problem(window, T("The game cannot be opened"), error.message)
        return False
    window.settings.game_folder = str(path.parent)
    window.show_game(game, fresh=True)
    return True


def _problem(window: MainWindow, title: Text, message: Text) -> None:
    from aisle.ui.dialogs.small import show_message

    box = show_message(window, title, message, QMessageBox.Icon.Warning)
    box.setObjectName("game_file_problem")
    window.extras.open["game_file_problem"] = box
    box.destroyed.connect(lambda *_args: window.extras.open.pop("game_file_problem", None))
