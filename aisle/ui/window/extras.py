"""What the window opens besides the table: game selection, deal number, statistics, help,
shortcuts, plugins, about, questions, and the report of a game that broke.

Dialog classes are imported when a dialog opens, not with the window: none is needed to show
the first table."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from aisle.engine.game import VariantError
from aisle.i18n import T, Text
from aisle.registry.faults import Culprit
from aisle.registry.loading import get_registry, plugins_loading, plugins_ready

if TYPE_CHECKING:
    from aisle.ui.dialogs.game_files import GameFiles
    from aisle.ui.window.main_window import MainWindow


class WindowExtras:
    def __init__(self, window: MainWindow) -> None:
        self.window = window
        #: The dialogs open now, by name (tests and retranslation reach them here).
        self.open: dict[str, QWidget] = {}
        #: Waiting games (their files) the player put off until the next start.
        self.not_now: set[str] = set()
        #: What the player asked for that lists every game, done once the plugins are in.
        self._after_plugins: list[Callable[[], None]] = []

    def plugins_in(self, again: Callable[[], None]) -> bool:
        """True when every plugin is in, so the caller goes on; else False, and `again` (the
        caller once more) is done once they are. Meanwhile the window plays on: the plugins
        load in the background."""
        if plugins_ready():
            return True
        self._after_plugins.append(again)
        self.window.want_plugins()
        return False

    def _keep(self, name: str, dialog: QWidget) -> None:
        self.open[name] = dialog
        dialog.destroyed.connect(lambda *_args: self.open.pop(name, None))

    def select_game(self) -> None:
        from PySide6.QtWidgets import QDialog

        from aisle.ui.dialogs.select_game import SelectGameDialog

        window = self.window
        current = window.game.variant_id if window.game else window.dealer.default_game()
        session = window.session
        dialog = SelectGameDialog(window.variants(), current, window, loading=plugins_loading(),
                                  stats=session.stats if session is not None else None,
                                  pictures=window.scene.pictures,
                                  playing=window.game.variant_id if window.game else None)
        self._keep("select_game", dialog)

        def done(result: int) -> None:
            chosen = dialog.chosen()
            dialog.deleteLater()
            if result == QDialog.DialogCode.Accepted and chosen is not None:
                window.leave_then(lambda: window.dealer.deal(chosen))

        dialog.finished.connect(done)
        dialog.open()

    def random_game(self, unplayed_only: bool) -> None:
        """Deal a game chosen at random (with `unplayed_only`, one never played), with the
        player's options for it; says so when every game has been played."""
        from aisle.random_game import pick_game

        if not self.plugins_in(lambda: self.random_game(unplayed_only)):
            return  # dealt once every game is known
        window = self.window
        session = window.session
        played = ([variant_id for variant_id, _options in session.stats.recorded()]
                  if session is not None else [])
        games = [variant_id for variant_id in window.variants()
                 if variant_id not in window.guard.broken_games]
        current = window.game.variant_id if window.game is not None else None
        chosen = pick_game(games, current, played, unplayed_only)
        if chosen is None:
            window.status.say(T("You have played every game at least once."))
            return
        window.leave_then(lambda: window.dealer.deal(chosen))

    def new_game_by_number(self) -> None:
        from PySide6.QtWidgets import QDialog

        from aisle.ui.dialogs.small import DealNumberDialog

        window = self.window
        game = window.game
        dialog = DealNumberDialog(game.seed if game else 1, window)
        self._keep("deal_number", dialog)

        def done(result: int) -> None:
            number = dialog.value()
            dialog.deleteLater()
            variant_id = game.variant_id if game else window.dealer.default_game()
            if result == QDialog.DialogCode.Accepted and number is not None and variant_id:
                window.leave_then(lambda: self._deal_asked_for(
                    variant_id, number, game.options if game else None))

        dialog.finished.connect(done)
        dialog.open()

    def _deal_asked_for(self, variant_id: str, number: int, options: Mapping[str, str] | None) -> None:
        """Deal `number`, which the player typed: kept for the next start even before a move."""
        window = self.window
        if window.dealer.start_game(variant_id, number, options) and window.session is not None:
            window.session.keep_untouched()

    def statistics(self) -> None:
        window = self.window
        if window.session is None or window.game is None:
            return
        if not self.plugins_in(self.statistics):
            return  # its table names every game
        from aisle.ui.dialogs.statistics import StatisticsDialog

        dialog = StatisticsDialog(window.session.stats, window.game.variant_id,
                                  window.game.options, window)
        self._keep("statistics", dialog)
        dialog.finished.connect(lambda _result: dialog.deleteLater())
        dialog.open()

    @staticmethod
    def help_available() -> bool:
        import importlib.util

        return importlib.util.find_spec("aisle.ui.dialogs.help_browser") is not None

    def help(self, page: str | None) -> None:
        if not self.plugins_in(lambda: self.help(page)):
            return  # its contents list every game's page
        from aisle.ui.dialogs.help_browser import open_help

        self._keep("help", open_help(self.window, page))

    def help_on_game(self) -> None:
        game = self.window.game
        if game is not None:
            self.help(game.variant.help_page or game.variant_id)

    def shortcuts(self) -> None:
        from aisle.ui.dialogs.info import ShortcutsDialog

        dialog = ShortcutsDialog(self.window.actions(), self.window,
                                 self.window.key_bindings, self.configure_shortcuts)
        self._keep("shortcuts", dialog)
        dialog.open()

    def configure_shortcuts(self) -> None:
        from aisle.ui.dialogs.shortcuts import ShortcutsEditor

        dialog = ShortcutsEditor(self.window.key_bindings, self.window)
        self._keep("shortcuts_editor", dialog)
        dialog.open()

    def game_files(self) -> GameFiles:
        """Saving and opening game files, with the window's parts they work with."""
        from aisle.ui.dialogs.game_files import GameFiles

        window = self.window
        return GameFiles(window, window.settings, lambda: window.game,
                         window.session.variants if window.session is not None else None,
                         lambda game: window.dealer.show_game(game, fresh=True), window.status.say,
                         self.open)

    def save_game_as(self) -> None:
        dialog = self.game_files().ask_save_as()
        if dialog is not None:
            self._keep("game_file", dialog)

    def open_game(self) -> None:
        self._keep("game_file", self.game_files().ask_open())

    def plugins(self) -> None:
        from aisle.ui.dialogs.info import PluginsDialog

        dialog = PluginsDialog(self.window, self.plugins_loaded)
        self._keep("plugins", dialog)
        dialog.open()

    def about(self) -> None:
        from aisle.ui.dialogs.about import AboutDialog

        dialog = AboutDialog(self.window, lambda: self.help(None))
        self._keep("about", dialog)
        dialog.open()

    def confirm(self, title: Text, text: Text, action: Text, yes: Callable[[], None],
                no: Callable[[], None]) -> None:
        """Ask before `action` (its button's words, beside Cancel, the default) without
        blocking; `yes` or `no` runs with the answer."""
        from aisle.ui.dialogs.small import confirm

        self._keep("question", confirm(self.window, title, text, action, yes, refused=no))

    def game_broke(self, message: str, variant_id: str | None = None) -> None:
        """A game's code failed (the Player's `broke`, called while the error is handled): it
        takes the window's guarded path (aisle.ui.window.guard)."""
        error = sys.exception() or VariantError(message, variant_id)
        self.window.guard.failed(error)

    def tell_fault(self, error: BaseException, culprit: Culprit | None) -> None:
        """Say what failed (one report at a time); a plugin's game offers another game."""
        if "game_broke" in self.open:
            return
        from aisle.ui.dialogs.fault import show_fault

        self._keep("game_broke", show_fault(self.window, error, culprit, self.select_game))

    def plugins_loaded(self) -> None:
        """Every plugin is in now (or more: wheels the player has just allowed): open dialogs
        show them, a table left empty for them gets its game, new plugin wheels are asked
        about, and then saved games that waited for their game are offered."""
        # Each dialog's module only when it is open, and the consent's only when there are
        # wheels: otherwise the running Aisle would keep modules it may never use.
        select = self.open.get("select_game")
        if select is not None:
            from aisle.ui.dialogs.select_game import SelectGameDialog

            if isinstance(select, SelectGameDialog):
                select.set_variants(self.window.variants(), loading=False)
        plugins = self.open.get("plugins")
        if plugins is not None:
            from aisle.ui.dialogs.info import PluginsDialog

            if isinstance(plugins, PluginsDialog):
                plugins.retranslate()
        self.window.games_changed()
        self.window.dealer.deal_pending()
        waiting, self._after_plugins = self._after_plugins, []
        for work in waiting:
            work()
        registry = get_registry()
        if "plugin_consent" not in self.open and (registry.wheels
                                                  or registry.permission_problems):
            from aisle.ui.dialogs.plugin_consent import ask_about_new_wheels

            # Called again once answered: a game of a plugin just allowed may be waiting.
            consent = ask_about_new_wheels(self.window, self.window.report, self.plugins_loaded)
            if consent is not None:
                self._keep("plugin_consent", consent)
                return
        self.offer_waiting_games()

    def offer_waiting_games(self) -> None:
        """Offer to resume a saved game that waited for its game (aisle.waiting), one at a
        time, once per start."""
        from aisle.ui.window.waiting_offer import offer_waiting_game

        offer_waiting_game(self)

    def dialogs(self) -> list[QWidget]:
        return list(self.open.values())

