"""Shapes shared by our plain decks (large-index and modern): the card, text, suit signs.

Measures are fractions of the card width `w`; the painter already carries the pixel ratio.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QTransform

from aisle.ui.cards.card_art_faces import text_path
from aisle.ui.cards.card_art_suits import suit_path_at


def rounded_card(w: float, h: float, radius: float, inset: float = 0.0) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(QRectF(inset, inset, w - 2 * inset, h - 2 * inset), radius * w, radius * w)
    return path


def draw_card(painter: QPainter, w: float, h: float, dpr: float, fill: QColor, edge: QColor,
              radius: float) -> QPainterPath:
    """The card's body with a crisp edge of whole device pixels; returns its shape."""
    width = max(1.0, round(w * dpr / 120)) / dpr
    shape = rounded_card(w, h, radius, width / 2)
    painter.fillPath(shape, fill)
    pen = QPen(edge, width)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.strokePath(shape, pen)
    return shape


def label(text: str, center_x: float, top: float, cap: float, max_width: float) -> QPainterPath:
    """`text` in the bold application font, capitals `cap` high, centred on `center_x`."""
    return text_path(text, center_x, top, cap, max_width)


def suit_sign(suit: str, center_x: float, center_y: float, height: float,
              flipped: bool = False) -> QPainterPath:
    return suit_path_at(suit, QPointF(center_x, center_y), height, flipped=flipped)


def turned(path: QPainterPath, w: float, h: float) -> QPainterPath:
    """`path` together with its copy turned half round the card's centre (both corners)."""
    both = QPainterPath(path)
    both.addPath(QTransform(-1.0, 0.0, 0.0, -1.0, w, h).map(path))
    both.setFillRule(Qt.FillRule.WindingFill)
    return both
