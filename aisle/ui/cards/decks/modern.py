"""The modern deck: flat, quiet and simple.

A soft white card without shading, a slim index in the corners, and in the middle the rank
itself, large, over its suit sign; court cards add a thin band in the suit's colour. The back
is one flat colour with a small emblem of the four suits.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter, QPainterPath

from aisle.ui.cards.decks.plain_drawing import draw_card, label, rounded_card, suit_sign, turned

RED = QColor(222, 60, 75)
INK = QColor(38, 44, 56)
FACE = QColor(252, 252, 250)
EDGE = QColor(200, 202, 208)
RADIUS = 0.09
INDEX_X = 0.12
INDEX_TOP = 0.07
INDEX_CAP = 0.14
INDEX_SUIT = 0.1
BACK = QColor(40, 116, 166)
BACK_EMBLEM = QColor(255, 255, 255, 215)


def colour(suit: str) -> QColor:
    return RED if suit in ("hearts", "diamonds") else INK


def draw_face(painter: QPainter, sign: str, rank: int, suit: str, w: float, h: float,
              dpr: float) -> None:
    draw_card(painter, w, h, dpr, FACE, EDGE, RADIUS)
    color = colour(suit)
    corner = label(sign, INDEX_X * w, INDEX_TOP * w, INDEX_CAP * w, 0.16 * w)
    corner.addPath(suit_sign(suit, INDEX_X * w, (INDEX_TOP + INDEX_CAP + 0.08) * w,
                             INDEX_SUIT * w))
    painter.fillPath(turned(corner, w, h), color)
    if rank > 10:
        band = QPainterPath()
        band.addRect(QRectF(0.3 * w, h * 0.17, 0.4 * w, 0.025 * w))
        band.addRect(QRectF(0.3 * w, h * 0.83 - 0.025 * w, 0.4 * w, 0.025 * w))
        painter.fillPath(band, color)
    if rank == 1:
        painter.fillPath(suit_sign(suit, w / 2, h / 2, 0.5 * w), color)
        return
    middle = label(sign, w / 2, h / 2 - 0.33 * w, 0.36 * w, 0.6 * w)
    middle.addPath(suit_sign(suit, w / 2, h / 2 + 0.2 * w, 0.22 * w))
    painter.fillPath(middle, color)


def draw_back(painter: QPainter, w: float, h: float, dpr: float) -> None:
    draw_card(painter, w, h, dpr, FACE, EDGE, RADIUS)
    field = rounded_card(w, h, RADIUS * 0.7, 0.05 * w)
    painter.fillPath(field, BACK)
    emblem = QPainterPath()
    size = 0.13 * w
    for suit, (dx, dy) in {"spades": (-1, -1), "hearts": (1, -1), "diamonds": (-1, 1),
                           "clubs": (1, 1)}.items():
        emblem.addPath(suit_sign(suit, w / 2 + dx * 0.09 * w, h / 2 + dy * 0.09 * w, size))
    painter.fillPath(emblem, BACK_EMBLEM)
