"""View ▸ Theme: the window's colours, light or dark, following the platform's colour scheme
(Qt's `styleHints().colorScheme()`) unless the player chooses one (`Settings.theme`).

The platform is asked first (`setColorScheme`: native styles on Windows and macOS switch
themselves); where its palette does not follow (most Linux desktops without a portal, the
offscreen platform), Qt's Fusion style with a palette of our own gives the same dark window:
menus, dialogs, help and status bar alike. The default baize dims with it. Nothing is done at
start-up while the theme is "system" and the platform is light: no cost before the first frame.
The platform's scheme is taken as noted at the last start until it is asked, right after the
first frame (aisle.ui.window.platform_look).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QColor, QGuiApplication
from PySide6.QtWidgets import QApplication

from aisle.storage import THEMES
from aisle.ui.qt.qt_values import COLOR_SCHEME_DARK, COLOR_SCHEME_LIGHT, set_properties
from aisle.ui.window.platform_look import PlatformLook, asked

if TYPE_CHECKING:
    # Imported where a palette is made or read: a light start never needs the class, and its
    # first import builds its enums (half a millisecond before the first frame).
    from PySide6.QtGui import QPalette

    from aisle.ui.window.main_window import MainWindow

#: Below this lightness (0-255) a window colour counts as dark.
_DARK_LIGHTNESS = 128


def dark_palette() -> QPalette:
    """Our dark palette: soft grey surfaces, light text, Aisle's green for the selection."""
    from PySide6.QtGui import QPalette

    palette = QPalette()
    window, base, text = QColor(40, 42, 46), QColor(30, 31, 34), QColor(228, 230, 233)
    disabled = QColor(128, 131, 136)
    roles = {
        QPalette.ColorRole.Window: window, QPalette.ColorRole.WindowText: text,
        QPalette.ColorRole.Base: base, QPalette.ColorRole.AlternateBase: QColor(46, 48, 52),
        QPalette.ColorRole.ToolTipBase: QColor(54, 57, 61), QPalette.ColorRole.ToolTipText: text,
        QPalette.ColorRole.PlaceholderText: disabled, QPalette.ColorRole.Text: text,
        QPalette.ColorRole.Button: QColor(52, 55, 60), QPalette.ColorRole.ButtonText: text,
        QPalette.ColorRole.BrightText: QColor(255, 120, 120),
        QPalette.ColorRole.Light: QColor(70, 73, 78), QPalette.ColorRole.Midlight: QColor(60, 63, 68),
        QPalette.ColorRole.Mid: QColor(44, 46, 50), QPalette.ColorRole.Dark: QColor(22, 23, 25),
        QPalette.ColorRole.Shadow: QColor(0, 0, 0),
        QPalette.ColorRole.Highlight: QColor(38, 128, 74),
        QPalette.ColorRole.HighlightedText: QColor(255, 255, 255),
        QPalette.ColorRole.Link: QColor(120, 190, 255),
        QPalette.ColorRole.LinkVisited: QColor(190, 150, 255),
    }
    for role, color in roles.items():
        palette.setColor(role, color)
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return palette


def is_dark(palette: QPalette) -> bool:
    from PySide6.QtGui import QPalette

    return palette.color(QPalette.ColorRole.Window).lightness() < _DARK_LIGHTNESS


def platform_dark() -> bool:
    """Whether the platform asks for dark colours now (Unknown counts as light)."""
    return asked()[0]


class Theme(QObject):
    """Applies `Settings.theme` to the whole application and follows the platform's changes."""

    def __init__(self, window: MainWindow, look: PlatformLook) -> None:
        super().__init__(window)
        self.window = window
        self.look = look
        look.listeners.append(self._look_changed)
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        self._app = app
        #: What the platform gave, to go back to it: noted when ours replaces it (asking for
        #: the style before the first frame would build PySide6's QStyle enums on the way).
        self._style_name = ""
        #: The platform's palette, noted when ours replaces it (None: ours never did).
        self._palette: QPalette | None = None
        self._ours = False
        # A slot of this child of the window: Qt drops the connection with the window.
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._platform_changed)

    @property
    def chosen(self) -> str:
        theme = self.window.settings.theme
        return theme if theme in THEMES else "system"

    @property
    def dark(self) -> bool:
        """Whether the window shows dark colours now."""
        return self.chosen == "dark" or (self.chosen == "system" and self.look.dark)

    def apply(self) -> None:
        """Bring the window's colours in line with the setting (cheap when nothing changes)."""
        hints = QGuiApplication.styleHints()
        wanted = {"dark": COLOR_SCHEME_DARK, "light": COLOR_SCHEME_LIGHT}.get(self.chosen)
        if wanted is None:
            hints.unsetColorScheme()
        else:
            set_properties(hints, colorScheme=wanted)  # by number: see aisle.ui.qt.qt_values
        dark = self.dark
        if dark and not is_dark(self._app.palette()):
            self._use_ours(dark_palette())
        elif not dark and is_dark(self._app.palette()):
            self._use_ours(self._light_palette())
        elif (self._ours and self._palette is not None and self.chosen == "system"
              and is_dark(self._palette) == dark):
            self._give_back()
        self.window.appearance.set_dark(dark)

    def choose(self, theme: str) -> None:
        self.window.settings.theme = theme if theme in THEMES else "system"
        self.apply()

    def apply_at_start(self) -> None:
        """Before the first frame: only when there is something to change (a light platform
        and the theme "system" cost nothing)."""
        if self.chosen != "system" or self.look.dark:
            self.apply()

    @Slot()
    def _platform_changed(self) -> None:
        self.look.ask()  # tells `_look_changed` if the scheme is another now

    def _look_changed(self) -> None:
        if self.chosen == "system":
            self.apply()

    @staticmethod
    def _light_palette() -> QPalette:
        from PySide6.QtWidgets import QStyleFactory

        return QStyleFactory.create("Fusion").standardPalette()

    def _use_ours(self, palette: QPalette) -> None:
        if not self._ours:
            self._style_name = self._app.style().name()
            self._palette = self._app.palette()
            self._app.setStyle("Fusion")  # the one style that draws every palette faithfully
            self._ours = True
        self._app.setPalette(palette)

    def _give_back(self) -> None:
        self._app.setStyle(self._style_name)
        if self._palette is not None:
            self._app.setPalette(self._palette)
        self._ours = False
