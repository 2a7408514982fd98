"""What the window shows when no game is on the table: why, and what to do instead.

No game installed, every plugin switched off or broken, or a game that could not be shown with
nothing to fall back on: an empty green table would leave the player guessing, so a panel over
it says what happened, with buttons to Select Game and Help ▸ Plugins.

The panel is made the first time it is needed on screen: a window built before its first game
is dealt neither pays for it nor loads every plugin to explain an emptiness nobody sees.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from aisle.ui.table.empty_panel import EmptyPanel


class EmptyTable(QObject):
    """Shows the panel over `view` while `empty()` says no game is on the table."""

    def __init__(self, view: QWidget, empty: Callable[[], bool], select: Callable[[], None],
                 plugins: Callable[[], None]) -> None:
        super().__init__(view)
        self._view = view
        self._empty = empty
        self._select = select
        self._plugins = plugins
        #: Made when first shown.
        self.panel: EmptyPanel | None = None
        view.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if kind == QEvent.Type.Show:
            self.show_for(self._empty())
        elif kind == QEvent.Type.Resize and self.panel is not None:
            self.panel.fit(self._view)
        return False

    def show_for(self, empty: bool) -> None:
        """Show the panel (its texts made anew) while the table is `empty`, else hide it."""
        if not empty:
            if self.panel is not None:
                self.panel.hide()
            return
        if not self._view.isVisible():
            return  # asked again when the view shows
        if self.panel is None:
            from aisle.ui.table.empty_panel import EmptyPanel

            self.panel = EmptyPanel(self._view, self._select, self._plugins)
        self.panel.fill()
        self.panel.fit(self._view)
        self.panel.show()
        self.panel.raise_()

    def showing(self) -> bool:
        return self.panel is not None and self.panel.isVisible()
