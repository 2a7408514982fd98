"""The card back (a deep blue lattice with rosettes and our four-suit medallion) and the
outlines that mark an empty slot (a foundation's shows the four suits, so that it is told
from a free cell or a pile at a glance)."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen, QRadialGradient, QTransform

from aisle.ui.cards.card_art_faces import CORNER_RADIUS, border_pen, card_shape, draw_blank
from aisle.ui.cards.card_art_suits import suit_path_at

BLUE_LIGHT = QColor(38, 78, 160)
BLUE_DEEP = QColor(16, 38, 98)
LATTICE = QColor(98, 132, 206, 170)
ROSETTE = QColor(176, 198, 244)
FRAME = QColor(214, 226, 250)
MEDALLION = QColor(13, 30, 80)

MARGIN = 0.06  # white border, of the width
CELLS_ACROSS = 6  # lattice diamonds across the blue field


def _field(w: float, h: float) -> QPainterPath:
    inset = MARGIN * w
    path = QPainterPath()
    radius = max(CORNER_RADIUS * w - inset, 0.025 * w)
    path.addRoundedRect(QRectF(inset, inset, w - 2 * inset, h - 2 * inset), radius, radius)
    return path


def _rosette(center: QPointF, size: float) -> QPainterPath:
    """Four petals round a dot: the small flower where lattice lines cross."""
    flower = QPainterPath()
    petal = QPainterPath()
    petal.addEllipse(QRectF(-0.28 * size, -size, 0.56 * size, 0.85 * size))
    for step in range(4):
        turn = QTransform().translate(center.x(), center.y()).rotate(45 + step * 90)
        flower.addPath(turn.map(petal))
    flower.addEllipse(center, 0.22 * size, 0.22 * size)
    return flower


def _stamp(size: float, dpr: float) -> QImage:
    """One rosette drawn once at device resolution, to be copied to every crossing."""
    side = math.ceil(2 * size * dpr) + 2
    stamp = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
    stamp.setDevicePixelRatio(dpr)
    stamp.fill(0)
    painter = QPainter(stamp)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.fillPath(_rosette(QPointF(side / dpr / 2, side / dpr / 2), size), ROSETTE)
    painter.end()
    return stamp


def _lattice(painter: QPainter, w: float, h: float, dpr: float) -> None:
    # Diagonal lines in both directions through the card's centre, so the back is symmetric
    # under a half turn and every card of the deck looks the same however it lies. The cells
    # are twice as tall as wide, like a harlequin pattern; rosettes sit where lines cross.
    field = QRectF(MARGIN * w, MARGIN * w, w - 2 * MARGIN * w, h - 2 * MARGIN * w)
    step = field.width() / CELLS_ACROSS
    cx, cy = w / 2, h / 2
    top, bottom = field.top() - step, field.bottom() + step
    lines = QPainterPath()
    reach = math.ceil((field.width() + field.height()) / step) + 1
    for k in range(-reach, reach + 1):
        # Along a line y - cy = ±2 (x - cx - k step), x moves half as far as y.
        for slope in (0.5, -0.5):
            start = cx + k * step + slope * (top - cy)
            end = cx + k * step + slope * (bottom - cy)
            if max(start, end) >= field.left() - step and min(start, end) <= field.right() + step:
                lines.moveTo(start, top)
                lines.lineTo(end, bottom)
    painter.strokePath(lines, QPen(LATTICE, 0.007 * w))

    # Copying one stamp is much cheaper than filling a hundred small flowers; each copy is
    # put on whole device pixels, so it stays exactly as sharp as the stamp.
    size = 0.16 * step
    stamp = _stamp(size, dpr)
    half = stamp.width() / 2
    reach_x = field.adjusted(-step, -step, step, step)
    for i in range(-CELLS_ACROSS, CELLS_ACROSS + 1):
        for j in range(-2 * CELLS_ACROSS, 2 * CELLS_ACROSS + 1):
            spot = QPointF(cx + i * step / 2, cy + j * step)
            if (i + j) % 2 == 0 and reach_x.contains(spot):
                corner = QPointF(round(spot.x() * dpr - half) / dpr, round(spot.y() * dpr - half) / dpr)
                painter.drawImage(corner, stamp)


def _medallion(painter: QPainter, w: float, h: float) -> None:
    """Our motif: the four suits round a star, in an oval framed by two rings."""
    center = QPointF(w / 2, h / 2)
    rx, ry = 0.23 * w, 0.3 * w
    oval = QPainterPath()
    oval.addEllipse(center, rx, ry)
    painter.fillPath(oval, MEDALLION)
    painter.strokePath(oval, QPen(FRAME, 0.014 * w))
    inner = QPainterPath()
    inner.addEllipse(center, rx - 0.03 * w, ry - 0.03 * w)
    painter.strokePath(inner, QPen(ROSETTE, 0.006 * w))

    emblem = QPainterPath()
    emblem.setFillRule(Qt.FillRule.WindingFill)
    places = (QPointF(0, -0.14), QPointF(0.105, 0), QPointF(0, 0.14), QPointF(-0.105, 0))
    for suit, place in zip(("spades", "hearts", "clubs", "diamonds"), places, strict=True):
        spot = QPointF(center.x() + place.x() * w, center.y() + place.y() * w)
        emblem.addPath(suit_path_at(suit, spot, 0.085 * w, flipped=place.y() > 0))
    star = QPainterPath()
    points = []
    for step in range(16):
        radius = (0.055 if step % 2 == 0 else 0.022) * w
        angle = math.pi * step / 8
        points.append(QPointF(center.x() + radius * math.sin(angle), center.y() - radius * math.cos(angle)))
    star.moveTo(points[0])
    for point in points[1:]:
        star.lineTo(point)
    star.closeSubpath()
    emblem.addPath(star)
    painter.fillPath(emblem, FRAME)


def draw_back(painter: QPainter, w: float, h: float, dpr: float) -> None:
    draw_blank(painter, w, h, dpr)
    field = _field(w, h)
    glow = QRadialGradient(QPointF(w / 2, h / 2), 0.75 * h)
    glow.setColorAt(0.0, BLUE_LIGHT)
    glow.setColorAt(1.0, BLUE_DEEP)
    painter.fillPath(field, glow)
    painter.save()
    painter.setClipPath(field)
    _lattice(painter, w, h, dpr)
    painter.restore()
    frame = QPainterPath()
    inset = (MARGIN + 0.03) * w
    frame.addRoundedRect(QRectF(inset, inset, w - 2 * inset, h - 2 * inset), 0.02 * w, 0.02 * w)
    painter.strokePath(frame, QPen(FRAME, 0.009 * w))
    _medallion(painter, w, h)


def draw_outline(painter: QPainter, w: float, h: float, dpr: float, strong: bool = False) -> None:
    """A light translucent rounded outline with a faint fill, for an empty slot on the baize;
    `strong` (high contrast): a wide, nearly opaque line that low vision finds too."""
    pen = border_pen(w, dpr)
    pen.setColor(QColor(255, 255, 255, 240 if strong else 120))
    pen.setWidthF(pen.widthF() * (3.5 if strong else 1.5))
    shape = card_shape(w, h, pen.widthF() / 2)
    painter.fillPath(shape, QColor(255, 255, 255, 48 if strong else 28))
    painter.strokePath(shape, pen)


def draw_foundation_outline(painter: QPainter, w: float, h: float, dpr: float,
                            strong: bool = False) -> None:
    """`draw_outline` with the four suits faintly in its middle: where the cards go home."""
    draw_outline(painter, w, h, dpr, strong)
    center = QPointF(w / 2, h / 2)
    emblem = QPainterPath()
    emblem.setFillRule(Qt.FillRule.WindingFill)
    step = 0.17 * w
    places = (QPointF(0, -step), QPointF(step, 0), QPointF(0, step), QPointF(-step, 0))
    for suit, place in zip(("spades", "hearts", "clubs", "diamonds"), places, strict=True):
        emblem.addPath(suit_path_at(suit, center + place, 0.15 * w))
    painter.fillPath(emblem, QColor(255, 255, 255, 190 if strong else 70))
