"""Aisle's own window icon (installed with the package) and Help ▸ About: version, licence, the
help, and every installed game with its plugin and version."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from aisle import __version__
from aisle.registry.loading import available_variants
from aisle.ui.dialogs.about import AboutDialog
from aisle.ui.qt.icon import WINDOW_SIZES, app_icon, icon_path
from aisle.ui.window.main_window import MainWindow


def test_the_icon_is_installed_and_draws_at_every_size(qtbot: QtBot) -> None:
    path = Path(icon_path())
    assert path.is_file() and path.read_text("utf-8").lstrip().startswith("<?xml")
    icon = app_icon()
    assert not icon.isNull()
    for size in (16, 32, 64, 256):
        image = icon.pixmap(size, size).toImage()
        assert image.width() >= size
        # Something is drawn: the middle is opaque, the green table shows at the edge.
        middle = image.pixelColor(image.width() // 2, image.height() // 2)
        edge = image.pixelColor(image.width() // 2, max(1, image.height() // 12))
        assert middle.alpha() == 255
        assert edge.green() > edge.red() and edge.green() > edge.blue()


def test_the_window_icon_comes_from_the_png_renderings(qtbot: QtBot) -> None:
    # Sizes of their own: an icon read from the SVG lists none (and loads Qt's SVG module).
    sizes = {size.width() for size in app_icon().availableSizes()}
    assert sizes == set(WINDOW_SIZES)


def test_the_window_and_the_application_show_the_icon(
    make_window: Callable[..., MainWindow], qtbot: QtBot,
) -> None:
    window = make_window("klondike", 1)
    qtbot.waitUntil(lambda: not window.windowIcon().isNull())
    assert not QGuiApplication.windowIcon().isNull()


def test_about_tells_version_licence_and_every_installed_game(
    make_window: Callable[..., MainWindow], qtbot: QtBot,
) -> None:
    window = make_window("klondike", 1)
    window.acts.about.trigger()
    dialog = window.extras.open["about"]
    assert isinstance(dialog, AboutDialog)
    qtbot.waitExposed(dialog)
    text = dialog.text.text()
    assert __version__ in text and "MIT" in text and "Qt" in text
    shown = {dialog.games.item(row, 0).text(): (dialog.games.item(row, 1).text(),
                                                dialog.games.item(row, 2).text())
             for row in range(dialog.games.rowCount())}
    for info in available_variants().values():
        assert shown[info.name.translate()] == (info.distribution, info.version)
    assert dialog.help_button is not None
    dialog.help_button.click()
    assert "help" in window.extras.open


def test_about_follows_the_language(make_window: Callable[..., MainWindow], qtbot: QtBot) -> None:
    from aisle import i18n

    window = make_window("klondike", 1)
    window.acts.about.trigger()
    dialog = window.extras.open["about"]
    assert isinstance(dialog, AboutDialog)
    english = dialog.windowTitle()
    i18n.set_language("de")
    assert dialog.windowTitle() != english
    names = {dialog.games.item(row, 0).text() for row in range(dialog.games.rowCount())}
    assert {info.name.translate() for info in available_variants().values()} == names
