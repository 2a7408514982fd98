"""The large-index, four-colour deck: readable at small sizes and for low vision.

Each suit has its own colour (clubs green, diamonds blue, hearts red, spades black), so two
suits never look alike, and the corner shows the rank and the suit side by side, as large as
the strip a fanned pile leaves visible (a quarter of the card's height). The middle repeats
the suit in one big sign; court cards carry their letter in a tinted panel.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from aisle.ui.cards.decks.plain_drawing import draw_card, label, rounded_card, suit_sign, turned

COLOURS = {"clubs": QColor(0, 122, 51), "diamonds": QColor(16, 84, 200),
           "hearts": QColor(204, 20, 40), "spades": QColor(20, 20, 24)}
#: A pale wash of each suit's colour behind the court letters.
TINTS = {suit: QColor(color.red(), color.green(), color.blue(), 34)
         for suit, color in COLOURS.items()}
EDGE = QColor(120, 120, 128)
FACE = QColor(255, 255, 255)
RADIUS = 0.07
# The corner: rank at the left, suit at the right, both filling the top 0.3 of the width.
TOP = 0.035
RANK_CAP = 0.27
RANK_X = 0.25
RANK_MAX_WIDTH = 0.42
SUIT_X = 0.73
SUIT_HEIGHT = 0.25
BACK = QColor(92, 38, 140)
BACK_LINE = QColor(255, 255, 255, 70)


def draw_face(painter: QPainter, sign: str, rank: int, suit: str, w: float, h: float,
              dpr: float) -> None:
    draw_card(painter, w, h, dpr, FACE, EDGE, RADIUS)
    color = COLOURS[suit]
    corner = label(sign, RANK_X * w, TOP * w, RANK_CAP * w, RANK_MAX_WIDTH * w)
    corner.addPath(suit_sign(suit, SUIT_X * w, (TOP + RANK_CAP / 2) * w, SUIT_HEIGHT * w))
    painter.fillPath(turned(corner, w, h), color)
    middle = h / 2
    if rank > 10:
        panel = QPainterPath()
        panel.addRoundedRect(QRectF(0.14 * w, middle - 0.36 * w, 0.72 * w, 0.72 * w),
                             0.05 * w, 0.05 * w)
        painter.fillPath(panel, TINTS[suit])
        painter.strokePath(panel, QPen(color, 0.02 * w))
        painter.fillPath(label(sign, w / 2, middle - 0.24 * w, 0.48 * w, 0.6 * w), color)
    else:
        height = 0.62 * w if rank == 1 else 0.5 * w
        painter.fillPath(suit_sign(suit, w / 2, middle, height), color)


def draw_back(painter: QPainter, w: float, h: float, dpr: float) -> None:
    draw_card(painter, w, h, dpr, FACE, EDGE, RADIUS)
    field = rounded_card(w, h, RADIUS * 0.6, 0.06 * w)
    painter.fillPath(field, BACK)
    painter.save()
    painter.setClipPath(field)
    pen = QPen(BACK_LINE, 0.035 * w)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.setPen(pen)
    step = 0.16 * w
    offset = -h
    while offset < w + h:  # broad diagonal stripes, both ways: a calm woven look
        painter.drawLine(QRectF(offset, 0, h, h).topLeft(), QRectF(offset, 0, h, h).bottomRight())
        painter.drawLine(QRectF(offset, 0, h, h).topRight(), QRectF(offset, 0, h, h).bottomLeft())
        offset += step
    painter.restore()
