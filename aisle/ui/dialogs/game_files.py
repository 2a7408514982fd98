"""The file dialogs of Game ▸ Save Game As… and Open Saved Game… (see aisle.game_file).

They open without blocking. The first folder offered is the one used last, else the player's
documents folder. Whatever goes wrong is told in a message naming the file; the game on the
table stays as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from aisle.game_file import SUFFIX, GameFileError, read_game, suggested_name, with_suffix, write_game
from aisle.i18n import T, Text, _
from aisle.ui.dialogs.file_chooser import own_labels
from aisle.ui.qt.retranslate import follow_language

if TYPE_CHECKING:
    from aisle.engine.game import Game
    from aisle.storage import Settings
    from aisle.variant import Variant

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


class GameFiles:
    """Saving the game on the table to a file and opening one, with what the window gives:
    `parent` for the dialogs, the `settings` (the folder used last), the `game` on the table
    now, the session's `variants` (None: every game found), `show_game` to put an opened game
    on the table, `say` for the status bar and `open_dialogs`, where a problem's message is
    kept while it shows."""

    def __init__(self, parent: QWidget, settings: Settings, game: Callable[[], Game | None],
                 variants: Mapping[str, type[Variant]] | None,
                 show_game: Callable[[Game], object], say: Callable[[Text, int], None],
                 open_dialogs: dict[str, QWidget]) -> None:
        self._parent = parent
        self._settings = settings
        self._game = game
        self._variants = variants
        self._show_game = show_game
        self._say = say
        self._open_dialogs = open_dialogs

    def _dialog(self, saving: bool) -> QFileDialog:
        dialog = QFileDialog(self._parent)
        dialog.setObjectName("save_game_as" if saving else "open_game")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave if saving
                             else QFileDialog.AcceptMode.AcceptOpen)
        dialog.setFileMode(QFileDialog.FileMode.AnyFile if saving
                           else QFileDialog.FileMode.ExistingFile)
        dialog.setDirectory(str(start_folder(self._settings.game_folder)))

        def retranslate() -> None:
            dialog.setWindowTitle(_("Save Game As") if saving else _("Open Saved Game"))
            dialog.setNameFilters(_filters(saving))

        retranslate()
        follow_language(dialog, retranslate)
        own_labels(dialog, saving)
        return dialog

    def ask_save_as(self) -> QFileDialog | None:
        """Ask where to save the game on the table; None when there is no game."""
        game = self._game()
        if game is None:
            return None
        dialog = self._dialog(saving=True)
        dialog.selectFile(suggested_name(game))

        def chosen(name: str) -> None:
            self.save_to(with_suffix(Path(name)))

        dialog.fileSelected.connect(chosen)
        dialog.finished.connect(lambda _result: dialog.deleteLater())
        dialog.open()
        return dialog

    def save_to(self, path: Path) -> bool:
        """Save the game on the table to `path`; a message says how it went."""
        game = self._game()
        if game is None:
            return False
        try:
            write_game(game, path)
        except (OSError, ValueError):
            self._problem(T("The game was not saved"),
                          T("The game could not be saved to {path}. Check that the folder "
                            "exists and that you may write there.", path=str(path)))
            return False
        self._settings.game_folder = str(path.parent)
        self._say(T("The game was saved to {path}.", path=str(path)), SAVED_MS)
        return True

    def ask_open(self) -> QFileDialog:
        """Ask for a saved game and put it on the table."""
        dialog = self._dialog(saving=False)
        dialog.fileSelected.connect(lambda name: self.open_from(Path(name)))
        dialog.finished.connect(lambda _result: dialog.deleteLater())
        dialog.open()
        return dialog

    def open_from(self, path: Path) -> bool:
        """Put the game saved in `path` on the table, or say why not (the table stays as it
        was)."""
        try:
            game = read_game(path, self._variants)
        except GameFileError as error:
            self._problem(T("The game cannot be opened"), error.message)
            return False
        self._settings.game_folder = str(path.parent)
        self._show_game(game)
        return True

    def _problem(self, title: Text, message: Text) -> None:
        from aisle.ui.dialogs.small import show_message

        box = show_message(self._parent, title, message, QMessageBox.Icon.Warning)
        box.setObjectName("game_file_problem")
        opened = self._open_dialogs
        opened["game_file_problem"] = box
        box.destroyed.connect(lambda *_args: opened.pop("game_file_problem", None))
