"""The window's actions, menus and toolbar, with their shortcuts and (re)translated texts.

Actions are created once; `retranslate` sets every text again in the current language.
Shortcuts use Qt's standard keys where one exists, so each platform gets its own binding; they
are set by `load_shortcuts` once the window has shown its first frame.
The Options, Recently Played and Language menus are filled by the window (they change).
The style's icons are set by `load_icons` once the window has shown its first frame: until
then the toolbar is held at the height they give it, so the table below never moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar, QToolButton

from aisle.i18n import _
from aisle.ui.qt.qt_values import (
    NO_ARROW,
    TOOL_BUTTON_ICON_ONLY,
    TOOL_BUTTON_TEXT_BESIDE_ICON,
    UP_ARROW,
    WINDOW_SHORTCUT,
    set_properties,
)

if TYPE_CHECKING:
    from PySide6.QtGui import QIcon, QKeySequence


class WindowActions(QObject):
    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        #: Each action with an icon, and the name of its QStyle.StandardPixmap.
        self._icons: dict[QAction, str] = {}
        #: The actions showing one-colour glyphs, and the style's own icon for each
        #: (aisle.ui.menus.glyphs paints them in the palette's colours).
        self._glyphs: dict[QAction, QIcon] = {}
        #: Each action with keys, and its keys (set by `load_shortcuts`).
        self._shortcuts: dict[QAction, tuple[str, ...]] = {}
        #: Each action's own keys by action name, once loaded (the player may change them).
        self.default_keys: dict[str, list[QKeySequence]] = {}

        def make(name: str, keys: tuple[str, ...] = (), icon: str | None = None,
                 checkable: bool = False) -> QAction:
            action = QAction(window)
            action.setObjectName(name)
            if keys:
                self._shortcuts[action] = keys
            if icon is not None:
                self._icons[action] = icon
            action.setCheckable(checkable)
            window.addAction(action)  # shortcuts work even when the menu bar is hidden
            return action

        # Keys: a name of QKeySequence.StandardKey (the platform's own binding) or a sequence
        # in Qt's portable text form.
        self.new_game = make("new_game", ("New",), "SP_FileIcon")
        self.restart = make("restart", ("Ctrl+R",), "SP_BrowserReload")
        self.select_game = make("select_game", ("Open",), "SP_DirOpenIcon")
        self.random_game = make("random_game")
        self.random_unplayed = make("random_unplayed")
        self.new_by_number = make("new_by_number")
        self.statistics = make("statistics")
        self.open_game = make("open_game", ("Ctrl+Shift+O",))
        self.save_game_as = make("save_game_as", ("SaveAs", "Ctrl+Shift+S"))
        self.quit = make("quit", ("Quit", "Ctrl+Q"))
        self.fullscreen = make("fullscreen", ("FullScreen", "F11"), "SP_TitleBarMaxButton",
                               checkable=True)
        self.show_toolbar = make("show_toolbar", checkable=True)
        self.show_statusbar = make("show_statusbar", checkable=True)
        self.animations = make("animations", checkable=True)
        self.auto_up = make("auto_up", checkable=True)
        self.click_to_move = make("click_to_move", checkable=True)
        self.configure_shortcuts = make("configure_shortcuts")
        self.card_style = make("card_style")
        self.high_contrast = make("high_contrast", checkable=True)
        self.theme_system = make("theme_system", checkable=True)
        self.theme_light = make("theme_light", checkable=True)
        self.theme_dark = make("theme_dark", checkable=True)
        self.show_verdict = make("show_verdict", checkable=True)
        self.read_status = make("read_status", ("Ctrl+I",))
        self.undo = make("undo", ("Undo",), "SP_ArrowBack")
        self.redo = make("redo", ("Shift+Ctrl+Z", "Redo"), "SP_ArrowForward")
        self.deal = make("deal", ("Ctrl+D",), "SP_MediaPlay")
        self.hint = make("hint", ("Ctrl+H",), "SP_MessageBoxQuestion")
        self.send_all_up = make("send_all_up", ("Ctrl+U",), "SP_ArrowUp")
        self.help_contents = make("help_contents", ("HelpContents", "F1"), "SP_DialogHelpButton")
        self.help_game = make("help_game", ("Shift+F1",))
        self.shortcuts = make("shortcuts", ("Ctrl+?", "Ctrl+F1"))
        self.plugins = make("plugins")
        self.about = make("about")
        for action in (self.new_game, self.select_game, self.undo, self.redo, self.hint,
                       self.help_contents):
            # By number: the first frame does without PySide6's `Qt` namespace (qt_values).
            set_properties(action, shortcutContext=WINDOW_SHORTCUT)

        bar = window.menuBar()
        self.game_menu = bar.addMenu("")
        self.recent_menu = QMenu(window)
        self.game_menu.addActions([self.new_game, self.restart, self.select_game,
                                   self.random_game, self.random_unplayed])
        self.game_menu.addMenu(self.recent_menu)
        self.game_menu.addActions([self.new_by_number])
        self.game_menu.addSeparator()
        self.game_menu.addActions([self.open_game, self.save_game_as])
        self.game_menu.addSeparator()
        self.game_menu.addAction(self.statistics)
        self.game_menu.addSeparator()
        self.game_menu.addAction(self.quit)

        self.view_menu = bar.addMenu("")
        self.language_menu = QMenu(window)
        self.language_group = QActionGroup(window)
        self.view_menu.addActions([self.fullscreen, self.show_toolbar, self.show_statusbar,
                                   self.animations])
        self.view_menu.addAction(self.auto_up)
        self.view_menu.addAction(self.show_verdict)
        self.view_menu.addSeparator()
        self.view_menu.addMenu(self.language_menu)
        self.view_menu.addAction(self.card_style)
        self.theme_menu = QMenu(window)
        self.theme_group = QActionGroup(window)
        for action in (self.theme_system, self.theme_light, self.theme_dark):
            self.theme_group.addAction(action)
            self.theme_menu.addAction(action)
        self.view_menu.addMenu(self.theme_menu)
        self.view_menu.addAction(self.high_contrast)
        self.view_menu.addAction(self.configure_shortcuts)

        self.control_menu = bar.addMenu("")
        self.control_menu.addActions([self.undo, self.redo])
        self.control_menu.addSeparator()
        self.control_menu.addActions([self.deal, self.hint, self.send_all_up])
        self.control_menu.addAction(self.read_status)
        self.control_menu.addSeparator()
        self.control_menu.addAction(self.click_to_move)

        self.options_menu = bar.addMenu("")

        self.help_menu = bar.addMenu("")
        self.help_menu.addActions([self.help_contents, self.help_game, self.shortcuts])
        self.help_menu.addSeparator()
        self.help_menu.addActions([self.plugins, self.about])

        self.toolbar = QToolBar(window)
        self.toolbar.setObjectName("main_toolbar")
        self.toolbar.setMovable(False)
        set_properties(self.toolbar, toolButtonStyle=TOOL_BUTTON_TEXT_BESIDE_ICON)
        self.toolbar.addActions([self.new_game, self.restart, self.select_game])
        self.toolbar.addSeparator()
        self.toolbar.addActions([self.undo, self.redo, self.deal, self.hint])
        self.leave_fullscreen = self.toolbar.addAction("")
        self.leave_fullscreen.setVisible(False)
        window.addToolBar(self.toolbar)
        #: The toolbar's width with every text beside its icon (None: to be measured).
        self._full_width: int | None = None
        self.retranslate()
        self._held: QToolButton | None = self._hold_toolbar_height()
        window.installEventFilter(self)

    def load_icons(self) -> None:
        """Put the style's icons in place of the blank ones (once; later calls do nothing).

        Waits for the first frame because it is slow for what it shows: the first use of
        QStyle from Python builds all of its enums, and the style looks each icon up."""
        from PySide6.QtWidgets import QStyle

        from aisle.ui.menus.glyphs import GLYPHS

        style = self.window.style()
        for action, name in self._icons.items():
            icon = style.standardIcon(getattr(QStyle.StandardPixmap, name))
            if name in GLYPHS:
                self._glyphs[action] = icon
            action.setIcon(icon)
        self._icons.clear()
        # In a turn of its own: the first frame's last work waits for none of it.
        QTimer.singleShot(0, self, self._tint_glyphs)
        if self._held is not None:
            self._held.setMinimumHeight(0)  # the icons hold the height now
            self._held = None
        self._full_width = None
        self.fit_toolbar()

    def fit_toolbar(self) -> None:
        """Texts beside the icons when they all fit the window's width, else icons alone (their
        names in the tooltips): a toolbar squeezed below its width cuts its texts short."""
        if self._full_width is None:
            set_properties(self.toolbar, toolButtonStyle=TOOL_BUTTON_TEXT_BESIDE_ICON)
            self._full_width = self.toolbar.sizeHint().width()
        fits = self._full_width <= self.window.width()
        set_properties(self.toolbar, toolButtonStyle=TOOL_BUTTON_TEXT_BESIDE_ICON if fits
                       else TOOL_BUTTON_ICON_ONLY)

    def _tint_glyphs(self) -> None:
        """The glyphs in the window's palette (again after a change of theme), at the sizes
        the toolbar and the menus show them."""
        from PySide6.QtWidgets import QStyle

        from aisle.ui.menus.glyphs import tinted

        window = self.window
        palette = window.palette()
        sizes = tuple(sorted({self.toolbar.iconSize().width(),
                              window.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize)}))
        ratio = window.devicePixelRatioF()
        for action, icon in self._glyphs.items():
            action.setIcon(tinted(icon, palette, sizes, ratio))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if watched is self.window and not self._icons:
            if event.type() == QEvent.Type.Resize:
                self.fit_toolbar()
            elif event.type() == QEvent.Type.PaletteChange:
                self._tint_glyphs()
        return False

    def _hold_toolbar_height(self) -> QToolButton | None:
        """Keep the toolbar as tall as the icons will make it, so the table below never moves.

        Not with stand-in icons: the first use of QIcon from Python is slow too. A tool button
        showing an arrow is exactly as tall as one showing an icon (both take the toolbar's
        icon size): the first button is measured so, shows its text again, and keeps that
        height as its minimum until the icons come."""
        button = self.toolbar.widgetForAction(self.new_game)
        if not isinstance(button, QToolButton):
            return None
        set_properties(button, arrowType=UP_ARROW)
        height = button.sizeHint().height()
        set_properties(button, arrowType=NO_ARROW)
        button.setMinimumHeight(height)
        return button

    def load_shortcuts(self) -> None:
        """Give the actions their keys (once; later calls do nothing).

        Waits for the first frame, where no key can be pressed yet: the first use of
        QKeySequence from Python is slow. A standard key may equal one we add; Qt warns about
        ambiguous twins, so each is set once."""
        from PySide6.QtGui import QKeySequence

        for action, names in self._shortcuts.items():
            keys: list[QKeySequence] = []
            for name in names:
                standard = getattr(QKeySequence.StandardKey, name, None)
                key = QKeySequence(standard if standard is not None else name)
                if not key.isEmpty() and key not in keys:
                    keys.append(key)
            self.default_keys[action.objectName()] = keys
            action.setShortcuts(keys)
        self._shortcuts.clear()

    @staticmethod
    def bind(action: QAction, slot: Callable[[], object]) -> None:
        action.triggered.connect(lambda _checked=False: slot())

    def retranslate(self) -> None:
        texts = {
            self.new_game: (_("&New Game"), _("Deal a new game")),
            self.restart: (_("&Restart"), _("Start this deal again")),
            self.select_game: (_("&Select Game…"), _("Choose another game")),
            self.random_game: (_("Random &Game"), _("Deal a game chosen at random")),
            self.theme_system: (_("&System"), _("Light or dark colours as the system has them")),
            self.theme_light: (_("&Light"), _("Light colours")),
            self.theme_dark: (_("&Dark"), _("Dark colours, easier on the eyes at night")),
            self.random_unplayed: (_("Random Game Not &Yet Played"),
                                   _("Deal a game you have never played, chosen at random")),
            self.new_by_number: (_("New Game by N&umber…"), _("Deal a game by its number")),
            self.statistics: (_("S&tatistics"), _("Wins, losses and times of this game")),
            self.open_game: (_("&Open Saved Game…"), _("Go on with a game saved to a file")),
            self.save_game_as: (_("Save Game &As…"), _("Save this game to a file")),
            self.quit: (_("&Quit"), _("Leave Aisle; a game under way is kept for next time")),
            self.fullscreen: (_("&Fullscreen"), _("Use the whole screen")),
            self.show_toolbar: (_("&Toolbar"), _("Show or hide the toolbar")),
            self.show_statusbar: (_("Status &Bar"), _("Show or hide the status bar")),
            self.animations: (_("&Animations"), _("Let the cards glide into place")),
            self.auto_up: (_("Automatic &Moves to Foundations"),
                           _("After each move, cards of no more use elsewhere go up by themselves")),
            self.click_to_move: (_("&Click to Move"),
                                 _("Click cards to pick them up, then click where they go")),
            self.configure_shortcuts: (_("Configure &Shortcuts…"),
                                       _("Choose the keys of every action")),
            self.card_style: (_("Card St&yle…"), _("Choose the card deck and the table colour")),
            self.show_verdict: (_("Show &Whether Winnable"),
                                _("Say in the status bar whether the game can still be won")),
            self.high_contrast: (_("&High Contrast"),
                                 _("Large four-colour card indices and strong outlines")),
            self.read_status: (_("Read &Status Aloud"),
                               _("Have the screen reader say the score, time and how the game "
                                 "stands")),
            self.undo: (_("&Undo Move"), _("Take back the last move")),
            self.redo: (_("&Redo Move"), _("Make the move taken back again")),
            self.deal: (_("&Deal"), _("Deal cards from the stock")),
            self.hint: (_("&Hint"), _("Suggest a move")),
            self.send_all_up: (_("Send &All Up"), _("Move every card that can go to the foundations")),
            self.help_contents: (_("&Contents"), _("Open the help")),
            self.help_game: (_("&This Game"), _("The rules of this game")),
            self.shortcuts: (_("&Keyboard Shortcuts"), _("Every key Aisle knows")),
            self.plugins: (_("&Plugins"), _("Installed plugins, their games and errors")),
            self.about: (_("&About Aisle"), _("Version and credits")),
            self.leave_fullscreen: (_("Leave Fullscreen"), _("Leave fullscreen")),
        }
        for action, (text, tip) in texts.items():
            action.setText(text)
            action.setStatusTip(tip)
            action.setToolTip(tip)
        self.game_menu.setTitle(_("&Game"))
        self.recent_menu.setTitle(_("Recently &Played"))
        self.view_menu.setTitle(_("&View"))
        self.language_menu.setTitle(_("&Language"))
        self.theme_menu.setTitle(_("Th&eme"))
        self.control_menu.setTitle(_("&Control"))
        self.help_menu.setTitle(_("&Help"))
        self.toolbar.setWindowTitle(_("Toolbar"))
        if not self._icons:  # icons are in, and the texts' widths changed: measured anew
            self._full_width = None
            self.fit_toolbar()

    def menus(self) -> list[QMenu]:
        return [self.game_menu, self.recent_menu, self.view_menu, self.language_menu,
                self.control_menu, self.options_menu, self.help_menu]

