"""The grid of game tiles in Select Game: a list view in icon mode, painted by `GameTile`.

Being a list view, it brings arrow-key navigation, selection and an accessible table (each
tile named by its game, described by its details) with it. Printable keys typed into it are
handed on (`typed`) for the search field, Enter asks for the game (`chosen`), and the columns
share the width evenly, so no ragged gap is left at the right.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QListView,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QWidget,
)

from aisle.ui.dialogs.game_facts import GameEntry, record_text
from aisle.ui.dialogs.game_tile import DESCRIPTION_ROLE, DIFFICULTY_ROLE, ID_ROLE, RECORD_ROLE, GameTile
from aisle.ui.dialogs.thumbnail_loader import ThumbnailLoader

#: The least room between two tiles.
GAP = 4


class GameGrid(QListWidget):
    #: Text typed while the grid had the focus (for the search field).
    typed = Signal(str)
    #: Enter or Return on a tile.
    chosen = Signal()

    def __init__(self, loader: ThumbnailLoader, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("select_game_grid")
        self.loader = loader
        self.tile = GameTile(loader, self)
        self.setItemDelegate(self.tile)
        self.setViewMode(QListView.ViewMode.IconMode)
        self.setMovement(QListView.Movement.Static)
        self.setFlow(QListView.Flow.LeftToRight)
        self.setWrapping(True)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setUniformItemSizes(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setDragEnabled(False)
        self.setMouseTracking(True)  # the tile under the mouse is tinted
        self.verticalScrollBar().setSingleStep(24)
        self._items: dict[str, QListWidgetItem] = {}
        self._entries: dict[str, GameEntry] = {}
        loader.ready.connect(self._thumbnail_ready)
        # Pictures asked for and scrolled away are not drawn; those in view are asked again.
        self.verticalScrollBar().valueChanged.connect(lambda _value: loader.drop_waiting())

    def fill(self, entries: list[GameEntry], current: str | None) -> None:
        """List `entries` in this order, `current` (an id) chosen when it is among them."""
        self.loader.drop_waiting()
        self.clear()
        self._items = {}
        self._entries = {entry.id: entry for entry in entries}
        for entry in entries:
            item = QListWidgetItem(entry.name, self)
            details = entry.details()
            record = record_text(entry.record, entry.playing)
            item.setData(ID_ROLE, entry.id)
            item.setData(DESCRIPTION_ROLE, entry.description)
            item.setData(DIFFICULTY_ROLE, entry.difficulty)
            item.setData(RECORD_ROLE, record)
            item.setData(Qt.ItemDataRole.AccessibleTextRole, entry.name)
            item.setData(Qt.ItemDataRole.AccessibleDescriptionRole, "\n".join(details))
            item.setToolTip("<b>{}</b><br>{}".format(
                _escaped(entry.name), "<br>".join(_escaped(line) for line in details)))
            self._items[entry.id] = item
            if entry.id == current:
                self.setCurrentItem(item)
        if self.currentItem() is None and self.count():
            self.setCurrentRow(0)

    def show_only(self, needle: str, family: str | None, played: bool | None,
                  difficulty: int | None = None) -> bool:
        """Keep only the games that match in the grid (see `GameEntry.matches`); the current
        game stays unless left out or a shown game's name answers the search better
        (`GameEntry.closeness`), then the first of those that answer it best is chosen. True
        when any game is shown."""
        self.loader.drop_waiting()
        best: QListWidgetItem | None = None
        best_closeness = 5
        matching: list[QListWidgetItem] = []
        for variant_id, item in self._items.items():
            entry = self._entries[variant_id]
            if entry.matches(needle, family, played, difficulty):
                matching.append(item)
                closeness = entry.closeness(needle) if needle else 0
                if closeness < best_closeness:
                    best, best_closeness = item, closeness
        current = self.currentItem()
        kept = current if current is not None and current in matching else None
        # The games left out are taken out of the list, not hidden in it: a screen reader
        # counts hidden rows too, and read out the game at the same place in the whole list.
        if [self.item(row) for row in range(self.count())] != matching:
            blocker = QSignalBlocker(self)  # unblocked when it goes, an exception too
            while self.count():
                self.takeItem(0)
            for item in matching:
                self.addItem(item)
            blocker.unblock()
            self.setCurrentRow(-1)  # told below, once, which game is the current one
        if best is not None and (kept is None or (
                needle and self._entries[kept.data(ID_ROLE)].closeness(needle) > best_closeness)):
            kept = best
        if kept is not None:
            self.setCurrentItem(kept)
        current = self.currentItem()
        # (Not yet shown, the dialog brings it into view once laid out.)
        if current is not None and self.isVisible():
            self.scrollToItem(current)
        return best is not None

    def shows(self, item: QListWidgetItem) -> bool:
        """Whether `item` is among the games the grid shows now."""
        return item.listWidget() is self

    def entry(self, variant_id: str) -> GameEntry | None:
        return self._entries.get(variant_id)

    # -- keys ---------------------------------------------------------------------------------
    def keyboardSearch(self, search: str) -> None:  # noqa: N802 - Qt's name
        # Typing searches in the field (by name and description), not by first letters here.
        if search.strip():
            self.typed.emit(search)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.chosen.emit()
            return
        super().keyPressEvent(event)

    # -- geometry -----------------------------------------------------------------------------
    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        # (The event is the viewport's, sent as it resizes with the scroll area.)
        self._spread_columns()
        super().resizeEvent(event)

    def _spread_columns(self) -> None:
        tile = self.tile.tile_size(self.font())
        # The room with a scroll bar, shown or not: the columns never change as it comes and
        # goes (they would, back and forth, where one more column just fits without it).
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)
        room = self.width() - 2 * self.frameWidth() - bar
        columns = max(1, (room - GAP) // (tile.width() + GAP))
        grid = QSize(max(tile.width() + GAP, (room - GAP) // columns), tile.height() + GAP)
        if grid != self.gridSize():
            self.setGridSize(grid)

    def _thumbnail_ready(self, variant_id: str) -> None:
        item = self._items.get(variant_id)
        if item is not None and self.shows(item):
            self.viewport().update(self.visualItemRect(item))


def _escaped(text: str) -> str:
    """`text` shown as it is in a rich-text tooltip (the html module would cost an import
    of all HTML entities on the way to the dialog)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
