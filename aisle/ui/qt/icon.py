"""Aisle's own icon (aisle/ui/art/aisle.svg: two cards on the green table, drawn for Aisle).

Set on the application, so every window and dialog shows it, once the first frame is painted.
The window takes the PNG renderings of the SVG that the desktop entry installs too
(packaging/make_icons.py): reading the SVG itself would load Qt's SVG module and its icon
plugin, and draw the icon at every size the window system asks for, megabytes the running
Aisle would keep for one small picture. The SVG is used only where the PNGs are missing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QWidget

ICON_FILE = "aisle.svg"
#: The renderings the window's icon is made of (the window system picks among them).
WINDOW_SIZES = (16, 24, 32, 48, 64, 128, 256)


def icon_path() -> str:
    """The icon's file as installed (the package's own data, in a wheel as in a checkout)."""
    from importlib import resources  # not needed before the first frame, and slow to import

    return str(resources.files("aisle.ui").joinpath("art", ICON_FILE))


def app_icon() -> QIcon:
    """The icon from its PNG renderings, else from the SVG (a null icon if this Qt cannot read
    SVG either: the platform's default shows then)."""
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QIcon  # its first use is slow: after the first frame

    from aisle.desktop_entry import source_folder

    icon = QIcon()
    folder = source_folder()
    renderings = [(folder / "icons" / f"{size}x{size}" / "aisle.png", size)
                  for size in WINDOW_SIZES] if folder is not None else []
    for rendering, size in renderings:
        if rendering.is_file():
            icon.addFile(str(rendering), QSize(size, size))
    return icon if not icon.isNull() else QIcon(icon_path())


def install_icon(window: QWidget) -> None:
    from PySide6.QtGui import QGuiApplication

    icon = app_icon()
    QGuiApplication.setWindowIcon(icon)
    window.setWindowIcon(icon)
