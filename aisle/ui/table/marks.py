"""Highlights drawn over the table: drop targets, hint, keyboard selection and focus."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QGraphicsScene

from aisle.ui.table.layout import Rect

if TYPE_CHECKING:
    from PySide6.QtWidgets import QGraphicsPathItem


class Mark(Enum):
    TARGET = "target"
    HINT = "hint"
    SELECTION = "selection"
    FOCUS = "focus"


# (pen colour, pen width, fill colour, dashed, z) per kind.
_STYLE: dict[Mark, tuple[QColor, float, QColor, bool, float]] = {
    Mark.TARGET: (QColor(255, 214, 90, 230), 3.0, QColor(255, 214, 90, 45), False, 4000.0),
    Mark.HINT: (QColor(120, 220, 255, 240), 3.0, QColor(120, 220, 255, 60), False, 4001.0),
    Mark.SELECTION: (QColor(70, 140, 255, 230), 2.5, QColor(70, 140, 255, 70), False, 4002.0),
    Mark.FOCUS: (QColor(255, 255, 255, 235), 2.0, QColor(0, 0, 0, 0), True, 4003.0),
}
#: A dark band under the focus frame (under every highlight in high contrast): the frame shows
#: on a light baize and on a white card as well as on a dark baize.
_HALO = QColor(0, 0, 0, 220)
_HALO_EXTRA = 3.0
#: How much wider the lines are in high contrast.
_STRONG = 2.0


class Marks:
    """Keeps the highlight items of each kind, so one kind can be replaced or cleared alone."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self._scene = scene
        self._items: dict[Mark, list[QGraphicsPathItem]] = {kind: [] for kind in Mark}
        #: What each kind last showed (kept so a resize can redraw it).
        self.rects: dict[Mark, list[Rect]] = {kind: [] for kind in Mark}
        #: High contrast: wider lines, each over a dark band (aisle.ui.window.high_contrast).
        self.strong = False

    def show(self, kind: Mark, rects: list[Rect], radius: float) -> None:
        # Imported with the first highlight: a table starts without any.
        from PySide6.QtCore import Qt
        from PySide6.QtGui import QPainterPath, QPen
        from PySide6.QtWidgets import QGraphicsPathItem

        self.clear(kind)
        self.rects[kind] = list(rects)
        pen_color, width, fill, dashed, z = _STYLE[kind]
        if self.strong:
            width *= _STRONG
        pen = QPen(pen_color, width)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        if dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        halo = QPen(_HALO, width + _HALO_EXTRA) if self.strong or kind is Mark.FOCUS else None
        for rect in rects:
            grow = width / 2 + 1
            path = QPainterPath()
            path.addRoundedRect(QRectF(rect.x - grow, rect.y - grow, rect.width + 2 * grow,
                                       rect.height + 2 * grow), radius + grow, radius + grow)
            if halo is not None:
                under = QGraphicsPathItem(path)
                under.setPen(halo)
                under.setZValue(z - 0.5)
                self._scene.addItem(under)
                self._items[kind].append(under)
            item = QGraphicsPathItem(path)
            item.setPen(pen)
            item.setBrush(QBrush(fill))
            item.setZValue(z)
            self._scene.addItem(item)
            self._items[kind].append(item)

    def clear(self, kind: Mark) -> None:
        for item in self._items[kind]:
            self._scene.removeItem(item)
        self._items[kind] = []
        self.rects[kind] = []

    def shown(self, kind: Mark) -> bool:
        return bool(self._items[kind])
