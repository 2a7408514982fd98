"""One game's tile in Select Game: its thumbnail, its name, its one-line description, and a
line with its difficulty (dots) and the player's record.

A delegate paints the tiles of a list view from the item's data (the roles below), so the
view keeps its own keyboard navigation and accessibility; texts too long for the tile end in
"…" (the item's tooltip and accessible description hold them whole). The thumbnail comes from
a `ThumbnailLoader`; until it is drawn, the tile shows a plain piece of baize.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette, QPen
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from aisle.ui.dialogs.game_thumbnails import CORNER
from aisle.ui.dialogs.thumbnail_loader import ThumbnailLoader
from aisle.ui.table.baize import BAIZE_STYLES, DEFAULT_BAIZE, baize_style

#: The item data the tile shows (besides its name, the display text).
ID_ROLE = Qt.ItemDataRole.UserRole
DESCRIPTION_ROLE = Qt.ItemDataRole.UserRole + 1
#: 1..3, or None when the game does not say.
DIFFICULTY_ROLE = Qt.ItemDataRole.UserRole + 2
RECORD_ROLE = Qt.ItemDataRole.UserRole + 3

THUMBNAIL = QSize(208, 144)
#: Room around the thumbnail and the texts, inside the tile.
PADDING = 8
#: Between the thumbnail and the name, and between the lines of text.
SPACING = 6
LINE_GAP = 2
#: The difficulty dots: their size, and from one centre to the next.
_DOT = 6.0
_DOT_STEP = 9.0
_DOTS = 3

_Index = QModelIndex | QPersistentModelIndex


class GameTile(QStyledItemDelegate):
    def __init__(self, loader: ThumbnailLoader, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.loader = loader

    def sizeHint(self, option: QStyleOptionViewItem, index: _Index) -> QSize:  # noqa: N802
        return self.tile_size(option.font)

    @staticmethod
    def tile_size(font: QFont) -> QSize:
        metrics = QFontMetrics(font)
        name = QFontMetrics(_bold(font))
        height = (PADDING + THUMBNAIL.height() + SPACING + name.height() + LINE_GAP
                  + 2 * metrics.height() + LINE_GAP + PADDING)
        return QSize(THUMBNAIL.width() + 2 * PADDING, height)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        painter.save()
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            self._paint_tile(painter, option, index)
        finally:
            painter.restore()

    def _paint_tile(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        state = option.state
        group = (QPalette.ColorGroup.Active if state & QStyle.StateFlag.State_Active
                 else QPalette.ColorGroup.Inactive)
        # The view may give a wider cell (its columns share the width): the tile sits centred.
        size = self.tile_size(option.font)
        box = QRect(option.rect.x() + (option.rect.width() - size.width()) // 2,
                    option.rect.y(), size.width(), size.height())
        _paint_background(painter, QRectF(box).adjusted(1.5, 1.5, -1.5, -1.5), state,
                          option.palette.color(group, QPalette.ColorRole.Highlight))
        left, top = box.x() + PADDING, box.y() + PADDING
        self._paint_thumbnail(painter, QRect(left, top, THUMBNAIL.width(), THUMBNAIL.height()),
                              str(index.data(ID_ROLE)))
        text = option.palette.color(group, QPalette.ColorRole.Text)
        quiet = _mixed(text, option.palette.color(group, QPalette.ColorRole.Base), 0.72)
        _paint_texts(painter, option.font, index, QRect(left, top + THUMBNAIL.height() + SPACING,
                                                        THUMBNAIL.width(), 0), text, quiet)

    def _paint_thumbnail(self, painter: QPainter, place: QRect, variant_id: str) -> None:
        device = painter.device()
        dpr = device.devicePixelRatioF() if device is not None else 1.0
        picture = self.loader.thumbnail(variant_id, dpr)
        if picture is not None:
            painter.drawPixmap(place.topLeft(), picture)
            return
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(_placeholder())
        painter.drawRoundedRect(QRectF(place), CORNER, CORNER)


def _paint_background(painter: QPainter, tile: QRectF, state: QStyle.StateFlag,
                      highlight: QColor) -> None:
    """The chosen tile tinted and outlined in the highlight colour; the one under the mouse
    faintly tinted."""
    radius = CORNER + 2
    if state & QStyle.StateFlag.State_Selected:
        fill, border = QColor(highlight), QColor(highlight)
        fill.setAlpha(60)
        # The chosen tile of a list without the focus is marked more quietly.
        border.setAlpha(255 if state & QStyle.StateFlag.State_HasFocus else 150)
        painter.setPen(QPen(border, 2.0))
        painter.setBrush(fill)
        painter.drawRoundedRect(tile, radius, radius)
    elif state & QStyle.StateFlag.State_MouseOver:
        fill = QColor(highlight)
        fill.setAlpha(24)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawRoundedRect(tile, radius, radius)


def _paint_texts(painter: QPainter, font: QFont, index: _Index, place: QRect, text: QColor,
                 quiet: QColor) -> None:
    """Name, description, and the difficulty dots with the record, from `place`'s top left."""
    left, width = place.x(), place.width()
    y = _line(painter, _bold(font), text, str(index.data(Qt.ItemDataRole.DisplayRole) or ""),
              left, place.y(), width) + LINE_GAP
    y = _line(painter, font, quiet, str(index.data(DESCRIPTION_ROLE) or ""), left, y,
              width) + LINE_GAP
    level = index.data(DIFFICULTY_ROLE)
    record_left = left
    if isinstance(level, int):
        centre = QPointF(left + _DOT / 2, y + QFontMetrics(font).height() / 2)
        _dots(painter, centre, level, quiet)
        record_left = left + round((_DOTS - 1) * _DOT_STEP + 2 * _DOT)
    _line(painter, font, quiet, str(index.data(RECORD_ROLE) or ""), record_left, y,
          width - (record_left - left))


def _bold(font: QFont) -> QFont:
    bold = QFont(font)
    bold.setBold(True)
    return bold


def _line(painter: QPainter, font: QFont, color: QColor, text: str, left: int, top: int,
          width: int) -> int:
    """One line of text, ended with "…" when too long; returns the top of the next line."""
    metrics = QFontMetrics(font)
    painter.setFont(font)
    painter.setPen(color)
    shown = metrics.elidedText(" ".join(text.split()), Qt.TextElideMode.ElideRight, width)
    painter.drawText(QRect(left, top, width, metrics.height()),
                     int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), shown)
    return top + metrics.height()


def _dots(painter: QPainter, centre: QPointF, level: int, color: QColor) -> None:
    """`level` of three dots filled: the difficulty at a glance (the tooltip words it)."""
    painter.setPen(QPen(color, 1.2))
    for dot in range(_DOTS):
        painter.setBrush(color if dot < level else Qt.BrushStyle.NoBrush)
        at = QPointF(centre.x() + dot * _DOT_STEP, centre.y())
        painter.drawEllipse(at, _DOT / 2 - 0.6, _DOT / 2 - 0.6)


def _mixed(color: QColor, other: QColor, share: float) -> QColor:
    """`share` of `color` and the rest of `other`: a quieter text that keeps its contrast."""
    return QColor(round(color.red() * share + other.red() * (1 - share)),
                  round(color.green() * share + other.green() * (1 - share)),
                  round(color.blue() * share + other.blue() * (1 - share)))


def _placeholder() -> QColor:
    """The baize's own middle colour, for a thumbnail still being drawn."""
    style = baize_style()
    if style.startswith("#"):
        return QColor(style)
    return BAIZE_STYLES.get(style, BAIZE_STYLES[DEFAULT_BAIZE])[1]
