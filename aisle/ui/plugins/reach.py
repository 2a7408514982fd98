"""The first sign that the player reaches past the table: the pointer over the menu bar or the
toolbar, or a menu opening. That is when every plugin starts loading (aisle.ui.plugins.at_start):
a menu or a dialog opened a moment later finds the other games in already."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QMenu, QWidget


class ReachWatch(QObject):
    """Calls `reached` once, at the first sign; then stops watching."""

    def __init__(self, parent: QObject, reached: Callable[[], None]) -> None:
        super().__init__(parent)
        self._reached = reached
        self._watched: list[QWidget] = []
        self._menus: list[QMenu] = []

    def watch(self, areas: Iterable[QWidget], menus: Iterable[QMenu]) -> None:
        for area in areas:
            area.installEventFilter(self)
            self._watched.append(area)
        for menu in menus:
            menu.aboutToShow.connect(self._reach)
            self._menus.append(menu)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Enter:
            self._reach()
        return False

    def _reach(self) -> None:
        for area in self._watched:
            area.removeEventFilter(self)
        for menu in self._menus:
            menu.aboutToShow.disconnect(self._reach)
        self._watched, self._menus = [], []
        self._reached()
