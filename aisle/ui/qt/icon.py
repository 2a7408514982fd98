"""Aisle's own icon (aisle/ui/art/aisle.svg: two cards on the green table, drawn for Aisle).

Set on the application, so every window and dialog shows it, once the first frame is painted:
reading an SVG loads Qt's SVG plugin, which the first table does not need.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QWidget

ICON_FILE = "aisle.svg"


def icon_path() -> str:
    """The icon's file as installed (the package's own data, in a wheel as in a checkout)."""
    from importlib import resources  # not needed before the first frame, and slow to import

    return str(resources.files("aisle.ui").joinpath("art", ICON_FILE))


def app_icon() -> QIcon:
    """The icon (a null icon if this Qt cannot read SVG: the platform's default shows then)."""
    from PySide6.QtGui import QIcon  # its first use is slow: after the first frame

    return QIcon(icon_path())


def install_icon(window: QWidget) -> None:
    from PySide6.QtGui import QGuiApplication

    icon = app_icon()
    QGuiApplication.setWindowIcon(icon)
    window.setWindowIcon(icon)
