"""View ▸ Theme: dark colours for the whole window (and a dimmed default baize), light ones, or
the system's; remembered in the settings, and reversible."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from aisle.ui.table.baize import DEFAULT_BAIZE, NIGHT_BAIZE, baize_style
from aisle.ui.window.main_window import MainWindow
from aisle.ui.window.theme import is_dark, platform_dark

MakeWindow = Callable[..., MainWindow]


@pytest.fixture
def window(make_window: MakeWindow) -> Iterator[MainWindow]:
    window = make_window("klondike", 1)
    yield window
    window.acts.theme_system.trigger()  # the application's palette is shared by every test


def test_dark_then_light_then_system(window: MainWindow) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    system_dark = platform_dark()
    window.acts.theme_dark.trigger()
    assert window.settings.theme == "dark" and is_dark(app.palette())
    QApplication.processEvents()  # the palette reaches the widgets through their events
    assert is_dark(window.menuBar().palette()) and is_dark(window.statusBar().palette())
    assert baize_style() == NIGHT_BAIZE and window.settings.baize == ""
    window.acts.theme_light.trigger()
    assert window.settings.theme == "light" and not is_dark(app.palette())
    assert baize_style() == DEFAULT_BAIZE
    window.acts.theme_system.trigger()
    assert window.settings.theme == "system" and is_dark(app.palette()) == system_dark


MODES = (QIcon.Mode.Normal, QIcon.Mode.Disabled)


def glyph_lightness(icon: QIcon, mode: QIcon.Mode) -> int:
    """The mean lightness of the glyph's opaque pixels."""
    image = icon.pixmap(QSize(24, 24), 1.0, mode).toImage()
    shades = [image.pixelColor(x, y).lightness() for x in range(image.width())
              for y in range(image.height()) if image.pixelColor(x, y).alpha() > 200]
    assert shades
    return sum(shades) // len(shades)


def test_the_toolbar_glyphs_follow_the_theme(window: MainWindow) -> None:
    window.acts.load_icons()
    undo = window.acts.undo
    window.acts.theme_dark.trigger()
    QApplication.processEvents()
    # Light on the dark toolbar, the disabled look dimmer than the enabled one.
    enabled, disabled = (glyph_lightness(undo.icon(), mode) for mode in MODES)
    assert enabled > 180 and disabled < enabled - 40
    window.acts.theme_light.trigger()
    QApplication.processEvents()
    enabled, disabled = (glyph_lightness(undo.icon(), mode) for mode in MODES)
    assert enabled < 80 and disabled > enabled + 40


def test_a_chosen_baize_stays_in_the_dark(window: MainWindow) -> None:
    window.appearance.choose_baize("blue")
    window.acts.theme_dark.trigger()
    assert baize_style() == "blue" and window.settings.baize == "blue"
    window.acts.theme_light.trigger()
    assert baize_style() == "blue"
    window.appearance.choose_baize(DEFAULT_BAIZE)


def test_a_saved_dark_theme_is_dark_from_the_start(qtbot: QtBot, isolated: Path) -> None:
    from aisle.session import Session
    from aisle.stats import Statistics
    from aisle.storage import Settings

    stats, _problems = Statistics.load()
    window = MainWindow(Settings(animations=False, theme="dark"), Session(stats))
    qtbot.addWidget(window)
    try:
        assert window.acts.theme_dark.isChecked() and window.theme.dark
        QApplication.processEvents()
        assert is_dark(window.palette())
    finally:
        window.acts.theme_system.trigger()
