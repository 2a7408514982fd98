"""The main window: menus, toolbar, the table and the status bar, put together in one place.

The window stays thin: the engine decides the rules, the `Dealer` puts games on the table,
`Session` keeps statistics and the saved game, `Settings` remembers choices. Here they are made,
tied to actions and shown.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QTimer
from PySide6.QtGui import QCloseEvent, QStatusTipEvent
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

from aisle import i18n
from aisle.engine.actions import Deal, Move
from aisle.engine.game import Game, Status, VariantError
from aisle.i18n import T, Text, _
from aisle.registry.collect import VariantInfo
from aisle.registry.loading import find_variant, games_so_far
from aisle.ui.dialogs import save_trouble
from aisle.ui.dialogs.save_trouble import FailureRelay, SettingsKeeper
from aisle.ui.menus.actions import WindowActions
from aisle.ui.menus.game_menus import fill_languages, fill_options, fill_recent, title_options
from aisle.ui.menus.key_bindings import KeyBindings
from aisle.ui.qt.first_frame import after_first_frame
from aisle.ui.qt.icon import install_icon
from aisle.ui.qt.screen_fit import resize_within_screen
from aisle.ui.solver.features import SolverFeatures
from aisle.ui.table.accessible_table import TableAccessibility
from aisle.ui.table.card_item import CardPictures
from aisle.ui.table.dealer import Dealer
from aisle.ui.table.empty_table import EmptyTable
from aisle.ui.table.marks import Mark
from aisle.ui.table.scene import TableScene
from aisle.ui.table.view import TableView
from aisle.ui.window.appearance import Appearance
from aisle.ui.window.extras import WindowExtras
from aisle.ui.window.guard import Guard
from aisle.ui.window.high_contrast import HighContrast
from aisle.ui.window.platform_look import PlatformLook
from aisle.ui.window.play_options import PlayOptions
from aisle.ui.window.status import StatusLine
from aisle.ui.window.theme import Theme

if TYPE_CHECKING:
    # Not at start-up: PySide6 builds a class the first time it is named (a millisecond here).
    from PySide6.QtWidgets import QMessageBox

    from aisle.session import Session
    from aisle.storage import Settings
    from aisle.ui.dialogs.small import EndDialog

HINT_MS = 5000
#: How long the win box waits while the cards leap (it hid the show as it began).
WIN_BOX_AFTER_MS = 2500
#: Looked up once: `event` sees every event of the window.
_STATUS_TIP = QEvent.Type.StatusTip


class MainWindow(QMainWindow):
    def __init__(self, settings: Settings, session: Session | None = None,
                 pictures: CardPictures | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("main_window")
        #: False while `__init__` runs: no game is on the table yet, and the start's game comes
        #: next (`aisle.ui.app.open_game`, which refreshes the actions either way).
        self._built = False
        self.settings = settings
        self.session = session
        self.scene = TableScene(pictures, self)
        self.scene.animator.enabled = settings.animations
        #: The card deck and baize (View ▸ Card Style), the saved ones applied before any frame.
        self.appearance = Appearance(self)
        self.appearance.apply_saved()
        self.view = TableView(self.scene, self)
        self.setCentralWidget(self.view)
        self.player = self.view.player
        self.acts = WindowActions(self)
        self.status = StatusLine(self)
        self.status.table = self.view.viewport()
        self.extras = WindowExtras(self)
        #: Every failure's one path: logged, told, recorded, the window put in order.
        self.guard = Guard(self)
        #: The game on the table, and every way a game gets there.
        self.dealer = Dealer(settings, session, self.player, self._lay_table, self.guard,
                             self.tell_problems,
                             lambda variant_id, options: self.solver.new_game(variant_id, options),
                             self)
        self.empty_table = EmptyTable(self.view, lambda: self.game is None,
                                      self.extras.select_game, self.extras.plugins)
        self.key_bindings = KeyBindings(self.acts, settings)
        self.solver = SolverFeatures(self, self.acts, self.view, table=self.dealer,
                                     status=self.status, settings=settings, session=session)
        self.play_options = PlayOptions(self)
        self.end_dialog: EndDialog | None = None
        #: The question before a restart, while it is open.
        self.restart_question: QMessageBox | None = None
        #: The question before a new game takes the place of one under way, while it is open.
        self.leave_question: QMessageBox | None = None
        # Saving as play goes on: the settings when they change, and failed writes told.
        writer = session.writer if session is not None and not session.read_only else None
        self.settings_keeper = SettingsKeeper(
            settings, writer, session.settings_not_written if writer is not None and session else None)
        FailureRelay(session, self.tell_problems, self)
        self._wire()
        # After `_wire`: the table's name follows the focus as the window's change left it.
        self.accessible = TableAccessibility(self.view, self.status)
        self.acts.bind(self.acts.read_status, self.accessible.read_status)
        #: The platform's looks as at the last start; asked for real after the first frame.
        self.look = PlatformLook()
        self.contrast = HighContrast(self, self.look)
        self.theme = Theme(self, self.look)
        themes = {"system": self.acts.theme_system, "light": self.acts.theme_light,
                  "dark": self.acts.theme_dark}
        themes.get(settings.theme, self.acts.theme_system).setChecked(True)
        for name, action in themes.items():
            action.triggered.connect(lambda _checked=False, chosen=name: self.theme.choose(chosen))
        self.theme.apply_at_start()
        self._clock = QTimer(self)
        self._clock.setInterval(1000)
        self._clock.timeout.connect(self._tick)
        self._last_tick = time.monotonic()
        self._hint_timer = QTimer(self)
        self._hint_timer.setSingleShot(True)
        self._hint_timer.timeout.connect(lambda: self.scene.clear_mark(Mark.HINT))
        self._unsubscribe = i18n.on_language_changed(lambda _code: self.retranslate())
        # Language names come from Babel's locale data, slow to load: filled when first needed.
        self._languages_filled = False
        self.acts.language_menu.aboutToShow.connect(self.fill_language_menu)
        self._recent_filled = False
        self.acts.recent_menu.aboutToShow.connect(self.fill_recent_menu)
        self._options_filled = False
        self.acts.options_menu.aboutToShow.connect(self.fill_options_menu)
        #: Every plugin asked for (see `want_plugins`).
        self._plugins_wanted = False
        self.acts.show_toolbar.setChecked(settings.show_toolbar)
        self.acts.show_statusbar.setChecked(settings.show_statusbar)
        self.acts.animations.setChecked(settings.animations)
        self.acts.toolbar.setVisible(settings.show_toolbar)
        self.status.bar.setVisible(settings.show_statusbar)
        # A small screen (800x600, a laptop with a panel) gets a window it can show whole.
        resize_within_screen(self, 1024, 720)
        self.retranslate()
        after_first_frame(self.view.viewport(), self.acts.load_shortcuts)
        after_first_frame(self.view.viewport(), lambda: self.report(self.key_bindings.apply()))
        after_first_frame(self.view.viewport(), lambda: install_icon(self))
        after_first_frame(self.view.viewport(), self.acts.load_icons)
        # Written once shown, never on the way: the next start reads them instead of drawing.
        after_first_frame(self.view.viewport(), self.scene.keep_pictures)
        after_first_frame(self.view.viewport(), self.appearance.check_after_first_frame)
        after_first_frame(self.view.viewport(), self.look.ask)
        self._built = True

    # -- wiring -------------------------------------------------------------------------------
    def _wire(self) -> None:
        a, x, d = self.acts, self.extras, self.dealer
        # A button's tip covers the status line while the pointer rests on it: once clicked,
        # what the button did (a hint, a refusal) is shown instead.
        a.toolbar.actionTriggered.connect(lambda _action: self.status.bar.clearMessage())
        a.bind(a.new_game, lambda: self.leave_then(d.new_game))
        a.bind(a.restart, self.restart)
        a.bind(a.select_game, x.select_game)
        a.bind(a.random_game, lambda: x.random_game(unplayed_only=False))
        a.bind(a.random_unplayed, lambda: x.random_game(unplayed_only=True))
        a.bind(a.new_by_number, x.new_game_by_number)
        a.bind(a.statistics, x.statistics)
        a.bind(a.save_game_as, x.save_game_as)
        a.bind(a.open_game, x.open_game)
        a.bind(a.configure_shortcuts, x.configure_shortcuts)
        a.bind(a.card_style, self.appearance.open_dialog)
        a.bind(a.quit, self.close)
        a.bind(a.fullscreen, self.toggle_fullscreen)
        a.bind(a.leave_fullscreen, self.toggle_fullscreen)
        a.show_toolbar.toggled.connect(self._show_toolbar)
        a.show_statusbar.toggled.connect(self._show_statusbar)
        a.animations.toggled.connect(self._set_animations)
        a.bind(a.undo, self.player.undo)
        a.bind(a.redo, self.player.redo)
        a.bind(a.deal, self.player.deal)
        a.bind(a.hint, self.hint)
        a.bind(a.send_all_up, self.send_all_up)
        a.bind(a.help_contents, lambda: x.help(None))
        a.bind(a.help_game, x.help_on_game)
        a.bind(a.shortcuts, x.shortcuts)
        a.bind(a.plugins, x.plugins)
        a.bind(a.about, x.about)
        has_help = x.help_available()
        a.help_contents.setEnabled(has_help)
        a.help_game.setEnabled(has_help)
        # Not in a read-only window: resetting would write the statistics.
        a.statistics.setEnabled(self.session is not None and not self.session.read_only)
        d.changed.connect(self._changed)
        d.ended.connect(self._announce)
        d.problems.connect(self.report)
        self.player.refused.connect(self._refused)
        self.player.broke.connect(x.game_broke)
        self.player.touched.connect(self._touched)

    # -- the game on the table (the Dealer's) -----------------------------------------------------
    @property
    def game(self) -> Game | None:
        return self.dealer.game

    def variants(self) -> dict[str, VariantInfo]:
        """The games on offer now (only those found so far while plugins still load; asking
        sets them loading)."""
        self.want_plugins()
        return games_so_far()

    def _lay_table(self, game: Game | None, deal: bool) -> None:
        """The Dealer's `lay`: show `game` (None: an empty table) with nothing kept of the game
        before: no focus, selection, drag, hint, animation, passing message or end dialog."""
        self._close_end_dialog()
        self._hint_timer.stop()
        self.view.mouse.cancel()
        self.scene.animator.finish()
        self.view.keys.forget()
        self.status.quiet()
        if game is not None:
            self.play_options.apply(game)
            self.scene.set_game(game, deal=deal)
            if self.scene.layout is None:  # the first game of a window shown empty
                frame = self.layout()
                if not self.isVisible() and frame is not None:
                    # Laid out at the size it will show, not at the stand-in size of a widget
                    # never laid out (a wasted layout, its pictures drawn for nothing).
                    frame.activate()
                self.view.relayout()
        self._refill_menus()
        self.refresh()
        self.accessible.table_laid()

    def leave_then(self, go: Callable[[], object]) -> None:
        """Run `go`, which puts another game in place of the one on the table: at once, unless
        that game is under way (moves made, not over), which then counts as lost; then only
        after the player agrees, unless they asked not to be asked again."""
        if not self.settings.confirm_leave or not self.dealer.under_way():
            go()
            return
        from aisle.ui.dialogs.small import confirm

        def never_again(checked: bool) -> None:
            self.settings.confirm_leave = not checked

        self.leave_question = confirm(
            self, T("New Game"), T("Leave the game under way? It counts as lost in the "
                                   "statistics."),
            T("&Leave Game"), go, T("&Do not ask again"), never_again)

    def restart(self) -> None:
        """Start this deal again; once moves have been made, only after the player agrees."""
        game = self.game
        if game is None:
            return
        if game.started:
            from aisle.ui.dialogs.small import confirm

            self.restart_question = confirm(
                self, T("Restart"), T("Start this deal again from the beginning? The moves you "
                                      "have made will be lost."),
                T("&Restart"), self.dealer.restart)
            return
        self.dealer.restart()

    def choose_option(self, key: str, value: str) -> None:
        game = self.game
        if game is None:
            return
        options = dict(game.options)
        if options.get(key) == value:
            return
        options[key] = value

        def apply() -> None:
            self.dealer.deal_with_options(game.variant_id, options)

        if self.dealer.under_way():
            self.extras.confirm(
                T("Change the option?"),
                T("Changing an option deals a new game. The game under way counts as lost."),
                T("Change and &Deal Anew"), apply, self._refill_menus)
        else:
            apply()

    def hint(self) -> None:
        game = self.game
        if game is None:
            return
        if game.variant_id in self.guard.broken_games:
            # Its code failed (or never answered): asking it again would only fail again.
            self.status.say(T("This game has stopped working: choose another game."))
            return
        self.player.before_action()
        self._touched()
        found = self.solver.solution_hint() or self.player.ask(lambda g: g.hint())
        if found is None:
            if game.variant_id not in self.guard.broken_games:  # (else its report says why)
                self.status.say(T("There is no move to suggest."))
            return
        self.status.say(found.text, HINT_MS)
        action = found.action
        places: list[tuple[str, int | None]] = []
        if isinstance(action, Move):
            source = game.slot(action.source)
            places = [(action.source, len(source.cards) - action.count), (action.target, None)]
        elif isinstance(action, Deal):
            places = [(slot.id, None) for slot in game.slots if slot.kind == "stock"]
        self.scene.mark(Mark.HINT, places)
        self._hint_timer.start(HINT_MS)

    def send_all_up(self) -> None:
        if self.game is not None:
            self.player.send_all_up()

    # -- after every change -------------------------------------------------------------------
    def _changed(self) -> None:
        """The Dealer's `changed` (the session has followed): the window follows."""
        self.settings_keeper.look()
        self.view.keys.reset()
        self.status.quiet()
        self._refill_menus()
        self.refresh()

    def _announce(self, won: bool) -> None:
        """The Dealer's `ended`: the end dialog (and the cards leap for the player's own win)."""
        from aisle.ui.dialogs.small import EndDialog

        self._close_end_dialog()
        assisted = self.session is not None and self.session.assisted
        report = self.session.last_win if won and self.session is not None else None
        dialog = EndDialog(won, self, assisted=assisted, report=report,
                           winnable_back=not won and self.solver.can_undo_to_winnable())
        self.end_dialog = dialog
        # The player's own win: the cards leap (animations on), and the box waits a moment so
        # that it does not hide the show as it starts.
        show = self.scene.celebrate() if won and not assisted else None

        def done(_result: int) -> None:
            choice = dialog.chosen
            self.end_dialog = None
            dialog.deleteLater()
            if choice == "new_game":
                self.dealer.new_game()
            elif choice == "select_game":
                self.extras.select_game()
            elif choice == "undo":
                self.player.undo()
            elif choice == "undo_to_winnable":
                self.solver.undo_to_last_winnable()
            elif choice == "restart":
                self.dealer.restart()  # chosen in the box itself: no second question

        dialog.finished.connect(done)
        if show is None or not show.running:
            dialog.open()
            return

        game = self.game

        def open_after_the_show_began() -> None:
            if self.end_dialog is not dialog or dialog.isVisible():
                return
            if self.game is not game or game is None or game.status is not Status.WON:
                self._close_end_dialog()  # taken back while the cards leapt: no win to tell
                return
            from PySide6.QtWidgets import QApplication

            if QApplication.activeModalWidget() is not None:  # not over another dialog: after it
                QTimer.singleShot(WIN_BOX_AFTER_MS, dialog, open_after_the_show_began)
                return
            dialog.open()

        QTimer.singleShot(WIN_BOX_AFTER_MS, dialog, open_after_the_show_began)

    def _close_end_dialog(self) -> None:
        if self.end_dialog is not None:
            dialog, self.end_dialog = self.end_dialog, None
            dialog.chosen = "close"
            if dialog.isVisible():
                dialog.close()  # its `finished` deletes it
            else:
                dialog.deleteLater()  # a win box still waiting for the show: never shown

    def refresh(self) -> None:
        """Titles, the status bar and which actions can be used now."""
        game = self.game
        a = self.acts
        # A game's fault in what is asked here goes the guarded way (Player.ask): the rest of
        # the window still follows the game.
        def show_status(shown: Game) -> bool:
            _ = shown.status_text  # the status line keeps quiet about its faults; asked here
            self.status.show(shown)
            return True

        if game is None or not self.player.ask(show_status, False):
            self.status.show(None)
        self.empty_table.show_for(game is None)
        name = find_variant(game.variant_id) if game else None
        self.setWindowTitle(_("{game} — Aisle").format(game=name.name.translate()) if name
                            else _("Aisle"))
        playing = game is not None and self.player.ask(
            lambda g: g.status is Status.PLAYING, False)
        a.undo.setEnabled(game is not None and game.can_undo)
        a.redo.setEnabled(game is not None and game.can_redo)
        a.restart.setEnabled(game is not None and game.can_undo)
        a.hint.setEnabled(playing)
        # Not asked while the window is built: it would import the last game's plugin when the
        # start deals another game.
        a.new_game.setEnabled(game is not None or (self._built
                                                   and self.dealer.default_game() is not None))
        dealable = game is not None and game.variant.has_deal_action
        a.deal.setVisible(dealable)
        a.deal.setEnabled(dealable and playing and self.player.ask(
            lambda g: g.why_not(Deal()) is None, False))
        # Off in a game without foundations, and whenever no card can go up.
        a.send_all_up.setEnabled(playing and self.player.ask(lambda g: g.can_send_all_up, False))
        a.save_game_as.setEnabled(game is not None)
        if game is None:
            self.solver.refresh()
        else:  # it asks the game too: a game's fault goes the guarded way
            self.player.ask(lambda _game: self.solver.refresh())

    def _refill_menus(self) -> None:
        game = self.game
        info = find_variant(game.variant_id) if game else None
        title_options(self.acts.options_menu, info.variant if info else None)
        self._options_filled = False  # filled when opened (fill_options_menu)
        # Filled when opened: it names other games, whose plugins may not be loaded yet.
        self._recent_filled = False

    def fill_options_menu(self) -> None:
        """The current game's options as radio items (when the menu opens)."""
        if not self._options_filled:
            self._options_filled = True
            game = self.game
            info = find_variant(game.variant_id) if game else None
            fill_options(self.acts.options_menu, info.variant if info else None,
                         game.options if game else {}, self.choose_option)

    def load_plugins(self) -> None:
        """Load every plugin in the background; the window follows once they are in."""
        from aisle.ui.plugins.loading import PluginLoading

        self._plugins_wanted = True
        loading = PluginLoading(self)
        loading.loaded.connect(self.extras.plugins_loaded)
        loading.start()

    def want_plugins(self) -> None:
        """Every plugin is needed now (the player reached past the table): loaded in the
        background, once (see aisle.ui.plugins.at_start)."""
        if not self._plugins_wanted:
            self.load_plugins()

    def plugins_after_start(self) -> None:
        """Right after the first frame: every plugin now if something waits for them, else
        once the player opens a menu or anything that lists other games."""
        from aisle.storage import resolve_folder
        from aisle.ui.plugins.at_start import wanted_at_start

        folder = resolve_folder(self.session.folder) if self.session is not None else None
        if wanted_at_start(self.game is None, folder):
            self.want_plugins()
            return
        from aisle.ui.plugins.reach import ReachWatch

        ReachWatch(self, self.want_plugins).watch([self.menuBar(), self.acts.toolbar],
                                                  self.acts.menus())

    def games_changed(self) -> None:
        """More games are on offer (the plugins finished loading): menus and panels follow."""
        self._recent_filled = False
        self.refresh()

    def fill_recent_menu(self) -> None:
        if not self._recent_filled:
            self._recent_filled = True
            fill_recent(self.acts.recent_menu, self.settings.recent, self.variants(),
                        self._play_recent)

    def _play_recent(self, variant_id: str) -> None:
        self.leave_then(lambda: self.dealer.deal(variant_id))

    def _refused(self, reason: Text) -> None:
        self.status.say(reason)

    def _touched(self) -> None:
        if not self.dealer.running:
            self.dealer.running = True
            self._last_tick = time.monotonic()

    # -- time ---------------------------------------------------------------------------------
    def _tick(self) -> None:
        now = time.monotonic()
        passed, self._last_tick = now - self._last_tick, now
        game = self.game
        if (game is None or not self.dealer.running or self.isMinimized()
                or game.variant_id in self.guard.broken_games):
            return  # a game that failed is not timed (and not asked every second)
        if QApplication.activeModalWidget() is not None:
            return  # a question or a message waits for the player: the game does not
        self.player.ask(lambda g: g.add_time(passed))
        self.status.tick(game)

    def event(self, event: QEvent) -> bool:
        if event.type() == _STATUS_TIP and isinstance(event, QStatusTipEvent):
            self.status.bar.show_tip(event.tip())  # shortened where the fields begin
            return True
        return super().event(event)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        super().changeEvent(event)
        if event.type() == QEvent.Type.WindowStateChange:
            self._last_tick = time.monotonic()  # time while minimized does not count

    def showEvent(self, event: object) -> None:  # noqa: N802
        super().showEvent(event)  # type: ignore[arg-type]
        self._last_tick = time.monotonic()
        self._clock.start()

    # -- view ---------------------------------------------------------------------------------
    def toggle_fullscreen(self) -> None:
        if self.isFullScreen():
            self.showMaximized() if self.settings.maximized else self.showNormal()
        else:
            self.showFullScreen()
        full = self.isFullScreen()
        self.acts.fullscreen.setChecked(full)
        self.acts.leave_fullscreen.setVisible(full)

    def _show_toolbar(self, on: bool) -> None:
        self.settings.show_toolbar = on
        self.acts.toolbar.setVisible(on)

    def _show_statusbar(self, on: bool) -> None:
        self.settings.show_statusbar = on
        self.status.bar.setVisible(on)

    def _set_animations(self, on: bool) -> None:
        self.settings.animations = on
        self.scene.animator.enabled = on
        if not on:
            self.scene.animator.finish()

    def fill_language_menu(self) -> None:
        if not self._languages_filled:
            self._languages_filled = True
            fill_languages(self.acts.language_menu, self.acts.language_group, self.switch_language)

    def switch_language(self, code: str) -> None:
        self.settings.language = code
        i18n.set_language(code)  # the listener retranslates everything

    def retranslate(self) -> None:
        from aisle.ui.qt.language import install_qt_translation

        install_qt_translation(i18n.language())
        self.acts.retranslate()
        self._languages_filled = False
        self._refill_menus()
        # Rank letters on the cards follow the language.
        if self.scene.game is not None:
            self.scene.pictures.clear()
            self.scene.refresh_pictures()
        self.refresh()
        if self._built:  # a language switch, not the window being made
            from aisle.ui.qt.menu_names import tell_menu_names_changed

            tell_menu_names_changed(self)

    # -- leaving ------------------------------------------------------------------------------
    def restore_geometry(self) -> None:
        """The size and place of the last session (full screen or maximized: `show_as_saved`)."""
        if self.settings.geometry:
            self.restoreGeometry(QByteArray.fromBase64(self.settings.geometry.encode("ascii")))

    def show_as_saved(self) -> None:
        """Show the window full screen, maximized or normal, as it was left. (Not through
        `setWindowState`: its enums would cost the first frame PySide6's whole `Qt` namespace.)"""
        if self.settings.fullscreen:
            self.showFullScreen()
        elif self.settings.maximized:
            self.showMaximized()
        else:
            self.show()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        self._tick()
        self.settings.fullscreen = self.isFullScreen()
        self.settings.maximized = self.isMaximized()
        self.settings.geometry = bytes(self.saveGeometry().toBase64().data()).decode("ascii")
        if self.session is not None:
            try:
                self.session.close()
            except VariantError:  # the game cannot say how it stands: kept for the next start
                self.session.save()
            self.session.on_write_failure = None  # nothing is left to tell it to
            self.settings_keeper.save_now()
        self._unsubscribe()
        self.solver.close()
        self.scene.keep_pictures()  # drawn since the first frame (a new size, say)
        event.accept()

    def tell_problems(self) -> None:
        """Show what the session could not save or read since the last look (once shown)."""
        save_trouble.tell_problems(self.session, self.isVisible(), self.report)

    def save_now(self) -> None:
        """Save the game and the settings and wait until they are on disk."""
        save_trouble.save_now(self.session, self.player, self.settings_keeper)

    def inform(self, title: Text, notes: list[Text]) -> None:
        """Tell the player what happened that is no problem (one message for them all)."""
        if notes:
            from PySide6.QtWidgets import QMessageBox

            from aisle.ui.dialogs.small import show_message

            show_message(self, title, Text("{lines}", params={"lines": _Lines(notes)}),
                         QMessageBox.Icon.Information)

    def report(self, problems: list[Text]) -> None:
        """Tell the player once about files that could not be used (never a crash)."""
        if problems:
            from PySide6.QtWidgets import QMessageBox

            from aisle.ui.dialogs.small import show_message

            body = Text("{lines}", params={"lines": _Lines(problems)})
            saving = self.session is not None and self.session.watch.told in problems
            title = T("Statistics and the game cannot be saved") if saving else T(
                "Some saved data could not be used")
            show_message(self, title, body, QMessageBox.Icon.Warning)


class _Lines:
    """Several messages shown one per line, each translated when shown."""

    def __init__(self, texts: list[Text]) -> None:
        self.texts = texts

    def __str__(self) -> str:
        return "\n\n".join(text.translate() for text in self.texts)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)
