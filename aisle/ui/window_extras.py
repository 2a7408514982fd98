"""What the window opens besides the table: game selection, deal number, statistics, help,
shortcuts, plugins, about, questions, and the report of a game that broke.

Dialog classes are imported when a dialog opens, not with the window: none is needed to show
the first table."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from aisle.hooks import get_registry
from aisle.i18n import T, Text
from aisle.ui.retranslate import follow_language

if TYPE_CHECKING:
    from aisle.ui.main_window import MainWindow


class WindowExtras:
    def __init__(self, window: MainWindow) -> None:
        self.window = window
        #: The dialogs open now, by name (tests and retranslation reach them here).
        self.open: dict[str, QWidget] = {}

    def _keep(self, name: str, dialog: QWidget) -> None:
        self.open[name] = dialog
        dialog.destroyed.connect(lambda *_args: self.open.pop(name, None))

    def select_game(self) -> None:
        from PySide6.QtWidgets import QDialog

        from aisle.ui.select_dialog import SelectGameDialog

        window = self.window
        current = window.game.variant_id if window.game else window.default_game()
        dialog = SelectGameDialog(window.variants(), current, window)
        self._keep("select_game", dialog)

        def done(result: int) -> None:
            chosen = dialog.chosen()
            dialog.deleteLater()
            if result == QDialog.DialogCode.Accepted and chosen is not None:
                window.start_game(chosen)

        dialog.finished.connect(done)
        dialog.open()

    def new_game_by_number(self) -> None:
        from PySide6.QtWidgets import QDialog

        from aisle.ui.dialogs import DealNumberDialog

        window = self.window
        game = window.game
        dialog = DealNumberDialog(game.seed if game else 1, window)
        self._keep("deal_number", dialog)

        def done(result: int) -> None:
            number = dialog.value()
            dialog.deleteLater()
            variant_id = game.variant_id if game else window.default_game()
            if result == QDialog.DialogCode.Accepted and number is not None and variant_id:
                window.start_game(variant_id, number, game.options if game else None)

        dialog.finished.connect(done)
        dialog.open()

    def statistics(self) -> None:
        window = self.window
        if window.session is None or window.game is None:
            return
        from aisle.ui.stats_dialog import StatisticsDialog

        dialog = StatisticsDialog(window.session.stats, window.game.variant_id,
                                  window.game.options, window)
        self._keep("statistics", dialog)
        dialog.finished.connect(lambda _result: dialog.deleteLater())
        dialog.open()

    @staticmethod
    def help_available() -> bool:
        import importlib.util

        return importlib.util.find_spec("aisle.ui.help_browser") is not None

    def help(self, page: str | None) -> None:
        from aisle.ui.help_browser import open_help

        self._keep("help", open_help(self.window, page))

    def help_on_game(self) -> None:
        game = self.window.game
        if game is not None:
            self.help(game.variant.help_page or game.variant_id)

    def shortcuts(self) -> None:
        from aisle.ui.info_dialogs import ShortcutsDialog

        dialog = ShortcutsDialog(self.window.actions(), self.window)
        self._keep("shortcuts", dialog)
        dialog.open()

    def plugins(self) -> None:
        from aisle.ui.info_dialogs import PluginsDialog

        dialog = PluginsDialog(self.window)
        self._keep("plugins", dialog)
        dialog.open()

    def about(self) -> None:
        from aisle.ui.info_dialogs import AboutDialog

        dialog = AboutDialog(self.window)
        self._keep("about", dialog)
        dialog.open()

    def confirm(self, title: Text, text: Text, yes: Callable[[], None],
                no: Callable[[], None]) -> None:
        """Ask a yes/no question without blocking; `yes` or `no` runs with the answer."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Question, "", "",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                          self.window)

        def retranslate() -> None:
            box.setWindowTitle(title.translate())
            box.setText(text.translate())

        retranslate()
        follow_language(box, retranslate)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        self._keep("question", box)

        def done(result: int) -> None:
            box.deleteLater()
            (yes if result == QMessageBox.StandardButton.Yes else no)()

        box.finished.connect(done)
        box.open()

    def game_broke(self, message: str, variant_id: str | None = None) -> None:
        """A game's code failed: record it against its plugin, say so, offer another game."""
        game = self.window.game
        variant_id = variant_id or (game.variant_id if game else None)
        if variant_id is not None:
            get_registry().report_runtime_error(variant_id, message)
        if "game_broke" in self.open:
            return  # one report at a time
        from PySide6.QtWidgets import QMessageBox

        from aisle.ui.dialogs import show_message

        info = get_registry().variants.get(variant_id or "")
        name: Text | str = info.name if info else (variant_id or "?")
        box = show_message(
            self.window, T("The game has a problem"),
            T("{game} made an error and cannot go on: {error}\nPlease choose another game.",
              game=name, error=message),
            QMessageBox.Icon.Critical, self.select_game)
        self._keep("game_broke", box)

    def dialogs(self) -> list[QWidget]:
        return list(self.open.values())

