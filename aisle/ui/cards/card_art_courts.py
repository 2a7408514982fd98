"""Court cards: a framed panel with a stylised figure, mirrored top and bottom.

Each figure is drawn once in a unit frame (the panel's width is 1, its upper half reaches
down to `half`), then again turned half round, like the double-headed courts of printed decks.
King: crown, beard and sword. Queen: coronet of flowers, long hair and a rose. Jack: feathered
cap and halberd. Robes take the suit's colour; the suit symbol sits beside the head.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPen, QPolygonF, QTransform

from aisle.ui.cards.card_art_suits import is_red, suit_color, suit_path_at

GOLD = QColor(232, 176, 44)
STEEL = QColor(222, 226, 234)
SKIN = QColor(250, 222, 196)
INK = QColor(40, 30, 28)
WHITE = QColor(255, 255, 255)
PANEL = QColor(253, 249, 238)
HAIR = {11: QColor(150, 92, 40), 12: QColor(240, 196, 70), 13: QColor(236, 234, 228)}
#: A second robe colour per suit, so the four kings (queens, jacks) are told apart at a glance.
ACCENT = {
    "hearts": QColor(36, 84, 170),
    "diamonds": QColor(30, 122, 86),
    "clubs": QColor(200, 30, 52),
    "spades": QColor(36, 84, 170),
}
LINE = 0.012  # outline width in panel widths


class _Look(NamedTuple):
    suit: str
    robe: QColor
    accent: QColor
    hair: QColor


def _poly(*points: tuple[float, float]) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(x, y) for x, y in points]))
    path.closeSubpath()
    return path


def _oval(x: float, y: float, rx: float, ry: float) -> QPainterPath:
    path = QPainterPath()
    path.addEllipse(QPointF(x, y), rx, ry)
    return path


def _fill(p: QPainter, path: QPainterPath, color: QColor | QBrush, line: float = LINE) -> None:
    """Fill with a thin dark outline: the inked look of printed court cards."""
    p.setPen(QPen(INK, line, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
    p.setBrush(color)
    p.drawPath(path)


def _robe(p: QPainter, look: _Look, half: float) -> None:
    """Shoulders filling the panel, sleeves in the accent colour and a gold front band."""
    bottom = half + 0.05
    body = QPainterPath(QPointF(0.5, 0.54))
    body.cubicTo(QPointF(0.3, 0.55), QPointF(0.16, 0.6), QPointF(0.1, 0.7))
    body.lineTo(QPointF(0.05, bottom))
    body.lineTo(QPointF(0.95, bottom))
    body.lineTo(QPointF(0.9, 0.7))
    body.cubicTo(QPointF(0.84, 0.6), QPointF(0.7, 0.55), QPointF(0.5, 0.54))
    _fill(p, body, look.robe)
    for side in (-1.0, 1.0):
        sleeve = QPainterPath(QPointF(0.5 + side * 0.36, 0.62))
        sleeve.cubicTo(QPointF(0.5 + side * 0.42, 0.66), QPointF(0.5 + side * 0.44, 0.74),
                       QPointF(0.5 + side * 0.45, bottom))
        sleeve.lineTo(QPointF(0.5 + side * 0.27, bottom))
        sleeve.cubicTo(QPointF(0.5 + side * 0.27, 0.8), QPointF(0.5 + side * 0.29, 0.7),
                       QPointF(0.5 + side * 0.36, 0.62))
        _fill(p, sleeve, look.accent)
    _fill(p, _poly((0.44, 0.58), (0.56, 0.58), (0.57, bottom), (0.43, bottom)), GOLD)
    studs = QPainterPath()
    y = 0.68
    while y < half:
        studs.addPath(_poly((0.5, y - 0.03), (0.53, y), (0.5, y + 0.03), (0.47, y)))
        y += 0.09
    p.fillPath(studs, look.robe)


def _face(p: QPainter, x: float, y: float, rx: float, ry: float, lips: QColor) -> None:
    _fill(p, _oval(x, y, rx, ry), SKIN)
    eyes = _oval(x - rx * 0.4, y - ry * 0.08, rx * 0.12, ry * 0.1)
    eyes.addPath(_oval(x + rx * 0.4, y - ry * 0.08, rx * 0.12, ry * 0.1))
    p.fillPath(eyes, INK)
    features = QPainterPath(QPointF(x - rx * 0.6, y - ry * 0.3))
    features.quadTo(QPointF(x - rx * 0.4, y - ry * 0.42), QPointF(x - rx * 0.18, y - ry * 0.3))
    features.moveTo(QPointF(x + rx * 0.18, y - ry * 0.3))
    features.quadTo(QPointF(x + rx * 0.4, y - ry * 0.42), QPointF(x + rx * 0.6, y - ry * 0.3))
    features.moveTo(QPointF(x + rx * 0.02, y - ry * 0.04))
    features.quadTo(QPointF(x - rx * 0.16, y + ry * 0.24), QPointF(x + rx * 0.1, y + ry * 0.26))
    p.strokePath(features, QPen(INK, LINE * 0.8, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.fillPath(_oval(x, y + ry * 0.54, rx * 0.24, ry * 0.08), lips)


def _hand(p: QPainter, x: float, y: float) -> None:
    _fill(p, _oval(x, y, 0.05, 0.045), SKIN)


def _king(p: QPainter, look: _Look, half: float) -> None:
    _robe(p, look, half)
    # Ermine cape over the shoulders: white with black tails.
    collar = QPainterPath(QPointF(0.14, 0.66))
    collar.cubicTo(QPointF(0.28, 0.52), QPointF(0.72, 0.52), QPointF(0.86, 0.66))
    collar.cubicTo(QPointF(0.72, 0.74), QPointF(0.28, 0.74), QPointF(0.14, 0.66))
    _fill(p, collar, WHITE)
    tails = QPainterPath()
    for x, y in ((0.25, 0.65), (0.37, 0.67), (0.63, 0.67), (0.75, 0.65), (0.5, 0.68)):
        tails.addPath(_poly((x, y - 0.022), (x + 0.014, y + 0.012), (x, y + 0.024), (x - 0.014, y + 0.012)))
    p.fillPath(tails, INK)
    # Sword held upright on the right.
    _fill(p, _poly((0.795, 0.74), (0.795, 0.15), (0.82, 0.08), (0.845, 0.15), (0.845, 0.74)), STEEL)
    _fill(p, _poly((0.73, 0.74), (0.91, 0.74), (0.91, 0.775), (0.73, 0.775)), GOLD)
    _hand(p, 0.82, 0.82)
    # Beard and hair behind the face, the crown on top.
    beard = QPainterPath(QPointF(0.36, 0.32))
    beard.cubicTo(QPointF(0.34, 0.5), QPointF(0.42, 0.62), QPointF(0.5, 0.65))
    beard.cubicTo(QPointF(0.58, 0.62), QPointF(0.66, 0.5), QPointF(0.64, 0.32))
    beard.closeSubpath()
    _fill(p, beard, look.hair)
    _face(p, 0.5, 0.37, 0.115, 0.13, QColor(190, 60, 60))
    moustache = QPainterPath(QPointF(0.5, 0.43))
    moustache.cubicTo(QPointF(0.46, 0.415), QPointF(0.42, 0.425), QPointF(0.41, 0.46))
    moustache.moveTo(QPointF(0.5, 0.43))
    moustache.cubicTo(QPointF(0.54, 0.415), QPointF(0.58, 0.425), QPointF(0.59, 0.46))
    p.strokePath(moustache, QPen(look.hair.darker(170), LINE * 1.5, Qt.PenStyle.SolidLine,
                                 Qt.PenCapStyle.RoundCap))
    crown = _poly((0.36, 0.26), (0.345, 0.115), (0.425, 0.18), (0.5, 0.075), (0.575, 0.18), (0.655, 0.115),
                  (0.64, 0.26))
    _fill(p, crown, GOLD)
    _fill(p, _poly((0.36, 0.22), (0.64, 0.22), (0.64, 0.265), (0.36, 0.265)), GOLD.darker(112))
    pearls = _oval(0.345, 0.105, 0.024, 0.024)
    pearls.addPath(_oval(0.5, 0.065, 0.027, 0.027))
    pearls.addPath(_oval(0.655, 0.105, 0.024, 0.024))
    _fill(p, pearls, WHITE, LINE * 0.8)
    jewels = _oval(0.5, 0.243, 0.022, 0.016)
    jewels.addPath(_oval(0.42, 0.243, 0.014, 0.012))
    jewels.addPath(_oval(0.58, 0.243, 0.014, 0.012))
    p.fillPath(jewels, look.accent)
    p.fillPath(suit_path_at(look.suit, QPointF(0.16, 0.17), 0.2), look.robe)


def _queen(p: QPainter, look: _Look, half: float) -> None:
    # Long hair falls behind the shoulders.
    hair = QPainterPath(QPointF(0.5, 0.2))
    hair.cubicTo(QPointF(0.3, 0.2), QPointF(0.34, 0.48), QPointF(0.27, 0.64))
    hair.lineTo(QPointF(0.73, 0.64))
    hair.cubicTo(QPointF(0.66, 0.48), QPointF(0.7, 0.2), QPointF(0.5, 0.2))
    _fill(p, hair, look.hair)
    _robe(p, look, half)
    # Square neckline edged with lace.
    _fill(p, _poly((0.39, 0.56), (0.61, 0.56), (0.63, 0.66), (0.37, 0.66)), SKIN)
    lace = QPainterPath()
    for step in range(7):
        lace.addPath(_oval(0.38 + step * 0.04, 0.665, 0.02, 0.017))
    lace.setFillRule(Qt.FillRule.WindingFill)
    _fill(p, lace, WHITE, LINE * 0.7)
    p.fillPath(_oval(0.5, 0.6, 0.018, 0.018), look.accent)
    _face(p, 0.5, 0.385, 0.105, 0.125, QColor(210, 40, 60))
    # Coronet: a gold band with three flowers.
    _fill(p, _poly((0.39, 0.27), (0.61, 0.27), (0.6, 0.225), (0.4, 0.225)), GOLD)
    blooms = QPainterPath()
    centres = QPainterPath()
    for x, y in ((0.41, 0.19), (0.5, 0.15), (0.59, 0.19)):
        for dx, dy in ((0.0, -0.024), (0.024, 0.0), (0.0, 0.024), (-0.024, 0.0)):
            blooms.addPath(_oval(x + dx, y + dy, 0.02, 0.02))
        centres.addPath(_oval(x, y, 0.013, 0.013))
    blooms.setFillRule(Qt.FillRule.WindingFill)
    _fill(p, blooms, GOLD, LINE * 0.7)
    p.fillPath(centres, look.accent)
    # A rose held on the left.
    stem = QPainterPath(QPointF(0.2, 0.82))
    stem.cubicTo(QPointF(0.18, 0.7), QPointF(0.23, 0.58), QPointF(0.2, 0.46))
    p.strokePath(stem, QPen(QColor(40, 120, 60), LINE * 1.8, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    _fill(p, _poly((0.205, 0.62), (0.1, 0.57), (0.15, 0.65)), QColor(60, 150, 80), LINE * 0.7)
    rose = QPainterPath()
    for dx, dy in ((0.0, -0.038), (0.036, -0.011), (0.022, 0.032), (-0.022, 0.032), (-0.036, -0.011)):
        rose.addPath(_oval(0.2 + dx, 0.44 + dy, 0.033, 0.033))
    rose.setFillRule(Qt.FillRule.WindingFill)
    _fill(p, rose, QColor(240, 120, 150) if is_red(look.suit) else QColor(214, 40, 70), LINE * 0.7)
    p.fillPath(_oval(0.2, 0.44, 0.017, 0.017), GOLD)
    _hand(p, 0.21, 0.8)
    p.fillPath(suit_path_at(look.suit, QPointF(0.84, 0.17), 0.2), look.robe)


def _jack(p: QPainter, look: _Look, half: float) -> None:
    # Halberd on the left, behind the arm.
    _fill(p, _poly((0.175, 0.84), (0.175, 0.14), (0.2, 0.14), (0.2, 0.84)), QColor(150, 104, 58))
    axe = QPainterPath(QPointF(0.2, 0.17))
    axe.cubicTo(QPointF(0.3, 0.16), QPointF(0.33, 0.25), QPointF(0.31, 0.32))
    axe.cubicTo(QPointF(0.28, 0.28), QPointF(0.24, 0.28), QPointF(0.2, 0.29))
    axe.closeSubpath()
    axe.addPath(_poly((0.175, 0.14), (0.1875, 0.055), (0.2, 0.14)))
    axe.addPath(_poly((0.175, 0.19), (0.1, 0.17), (0.175, 0.25)))
    _fill(p, axe, STEEL)
    _robe(p, look, half)
    # High collar with gold buttons.
    _fill(p, _poly((0.39, 0.54), (0.61, 0.54), (0.65, 0.64), (0.35, 0.64)), look.accent)
    buttons = QPainterPath()
    for x in (0.43, 0.5, 0.57):
        buttons.addPath(_oval(x, 0.59, 0.016, 0.016))
    p.fillPath(buttons, GOLD)
    # Curls, face, then the cap with its feather.
    curls = QPainterPath()
    for x, y in ((0.385, 0.33), (0.375, 0.41), (0.395, 0.48), (0.615, 0.33), (0.625, 0.41), (0.605, 0.48)):
        curls.addPath(_oval(x, y, 0.045, 0.045))
    curls.setFillRule(Qt.FillRule.WindingFill)
    _fill(p, curls, look.hair)
    _face(p, 0.5, 0.39, 0.105, 0.125, QColor(200, 70, 70))
    feather = QPainterPath(QPointF(0.56, 0.2))
    feather.cubicTo(QPointF(0.62, 0.11), QPointF(0.69, 0.07), QPointF(0.77, 0.05))
    feather.cubicTo(QPointF(0.74, 0.12), QPointF(0.68, 0.18), QPointF(0.61, 0.24))
    feather.closeSubpath()
    _fill(p, feather, WHITE)
    cap = QPainterPath(QPointF(0.36, 0.3))
    cap.cubicTo(QPointF(0.32, 0.16), QPointF(0.5, 0.1), QPointF(0.68, 0.19))
    cap.cubicTo(QPointF(0.73, 0.23), QPointF(0.7, 0.3), QPointF(0.64, 0.3))
    cap.closeSubpath()
    _fill(p, cap, look.accent)
    _fill(p, _poly((0.36, 0.3), (0.64, 0.3), (0.64, 0.26), (0.37, 0.26)), GOLD)
    _hand(p, 0.19, 0.8)
    p.fillPath(suit_path_at(look.suit, QPointF(0.85, 0.2), 0.18), look.robe)


_FIGURES: dict[int, Callable[[QPainter, _Look, float], None]] = {11: _jack, 12: _queen, 13: _king}


def _half_figure(rank: int, look: _Look, width_px: int, rows: int, dpr: float) -> QImage:
    """The upper half of the figure, drawn once at device resolution (clipped by the image)."""
    image = QImage(width_px, rows, QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(dpr)
    image.fill(0)
    unit = width_px / dpr
    painter = QPainter(image)
    try:
        painter.setRenderHints(QPainter.RenderHint.Antialiasing)
        painter.scale(unit, unit)
        _FIGURES[rank](painter, look, rows / width_px)
    finally:
        painter.end()
    return image


def draw_court(painter: QPainter, rank: int, suit: str, w: float, h: float, dpr: float) -> None:
    """The framed, mirrored figure of a jack (11), queen (12) or king (13)."""
    look = _Look(suit, suit_color(suit), ACCENT[suit], HAIR[rank])
    # The panel lies on whole device pixels, centred, so the half figure is drawn once and
    # copied turned round onto the lower half pixel for pixel: cheaper, and exactly symmetric.
    card_columns, card_rows = round(w * dpr), round(h * dpr)
    left, top = round(0.2 * card_columns), round(0.075 * card_rows)
    width_px, height_px = card_columns - 2 * left, card_rows - 2 * top
    rows = (height_px + 1) // 2  # an odd height shares its middle row, hidden by the divider
    panel = QRectF(left / dpr, top / dpr, width_px / dpr, height_px / dpr)
    frame = QPainterPath()
    frame.addRoundedRect(panel, 0.02 * w, 0.02 * w)
    painter.fillPath(frame, PANEL)
    upper = _half_figure(rank, look, width_px, rows, dpr)
    lower = upper.transformed(QTransform(-1.0, 0.0, 0.0, -1.0, 0.0, 0.0))
    lower.setDevicePixelRatio(dpr)
    painter.drawImage(QPointF(left / dpr, top / dpr), upper)
    painter.drawImage(QPointF(left / dpr, (top + height_px - rows) / dpr), lower)
    middle = panel.center().y()
    painter.setPen(QPen(look.robe, 0.008 * w))
    painter.drawLine(QPointF(panel.left(), middle), QPointF(panel.right(), middle))
    painter.strokePath(frame, QPen(look.robe, 0.012 * w))
    inner = QPainterPath()
    inner.addRoundedRect(panel.adjusted(0.018 * w, 0.018 * w, -0.018 * w, -0.018 * w), 0.012 * w, 0.012 * w)
    painter.strokePath(inner, QPen(GOLD, 0.006 * w))
