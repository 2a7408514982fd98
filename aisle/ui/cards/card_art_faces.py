"""The white card, its corner indices, the pip layouts of 2..10 and the aces.

All measures are fractions of the card width `w`, so a card is drawn the same way from
40 to 400 pixels wide; the painter already carries the device pixel ratio.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QTransform,
)

from aisle.ui.cards.card_art_suits import suit_box, suit_color, suit_path_at

CORNER_RADIUS = 0.06  # of the width
BORDER = QColor(150, 150, 156)
CARD_WHITE = QColor(255, 255, 255)

# Corner index: rank sign above a small suit symbol, centred on one vertical line.
INDEX_X = 0.1
INDEX_TOP = 0.05
INDEX_CAP = 0.17  # height of a capital letter or digit
INDEX_MAX_WIDTH = 0.15  # "10" is squeezed to this
INDEX_GAP = 0.035
INDEX_SUIT = 0.11

# Pips: three columns; rows run from TOP_ROW (of the height) to the mirrored bottom row.
PIP_HEIGHT = 0.17
COLUMNS = {"L": 0.32, "M": 0.5, "R": 0.68}
TOP_ROW = 0.205

_THIRD = 1 / 3
#: Where the pips of 2..10 sit: (column, row) with row 0 the top row and 1 the bottom row.
LAYOUTS: dict[int, tuple[tuple[str, float], ...]] = {
    2: (("M", 0.0), ("M", 1.0)),
    3: (("M", 0.0), ("M", 0.5), ("M", 1.0)),
    4: (("L", 0.0), ("R", 0.0), ("L", 1.0), ("R", 1.0)),
    5: (("L", 0.0), ("R", 0.0), ("M", 0.5), ("L", 1.0), ("R", 1.0)),
    6: (("L", 0.0), ("R", 0.0), ("L", 0.5), ("R", 0.5), ("L", 1.0), ("R", 1.0)),
    7: (("L", 0.0), ("R", 0.0), ("M", 0.25), ("L", 0.5), ("R", 0.5), ("L", 1.0), ("R", 1.0)),
    8: (("L", 0.0), ("R", 0.0), ("M", 0.25), ("L", 0.5), ("R", 0.5), ("M", 0.75), ("L", 1.0),
        ("R", 1.0)),
    9: (("L", 0.0), ("R", 0.0), ("L", _THIRD), ("R", _THIRD), ("M", 0.5), ("L", 2 * _THIRD),
        ("R", 2 * _THIRD), ("L", 1.0), ("R", 1.0)),
    10: (("L", 0.0), ("R", 0.0), ("M", _THIRD / 2), ("L", _THIRD), ("R", _THIRD), ("L", 2 * _THIRD),
         ("R", 2 * _THIRD), ("M", 1 - _THIRD / 2), ("L", 1.0), ("R", 1.0)),
}


def border_pen(w: float, dpr: float) -> QPen:
    # Whole device pixels keep the edge crisp; a wider card gets a slightly stronger line.
    device = max(1.0, round(w * dpr / 130))
    pen = QPen(BORDER, device / dpr)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def card_shape(w: float, h: float, inset: float) -> QPainterPath:
    path = QPainterPath()
    radius = CORNER_RADIUS * w - inset
    path.addRoundedRect(QRectF(inset, inset, w - 2 * inset, h - 2 * inset), radius, radius)
    return path


def draw_blank(painter: QPainter, w: float, h: float, dpr: float) -> None:
    """The white card with its thin soft border."""
    pen = border_pen(w, dpr)
    shape = card_shape(w, h, pen.widthF() / 2)
    painter.fillPath(shape, CARD_WHITE)
    painter.strokePath(shape, pen)


def index_font() -> QFont:
    font = QFont(QGuiApplication.font())
    font.setBold(True)
    # Outlines are taken at a large size and scaled down, so hinting never distorts them.
    font.setPixelSize(200)
    return font


@cache
def _text_outline(text: str, font_key: str) -> tuple[QPainterPath, float]:
    font = QFont()
    font.fromString(font_key)
    path = QPainterPath()
    path.addText(QPointF(0.0, 0.0), font, text)
    return path, QFontMetricsF(font).capHeight()


def text_path(text: str, center_x: float, top: float, cap: float, max_width: float) -> QPainterPath:
    """`text` in the bold application font, capitals `cap` high, squeezed to `max_width`."""
    outline, cap_height = _text_outline(text, index_font().toString())
    scale = cap / cap_height if cap_height > 0 else cap / 140
    bounds = outline.boundingRect()
    squeeze = min(1.0, max_width / (bounds.width() * scale)) if bounds.width() > 0 else 1.0
    sx = scale * squeeze
    transform = QTransform(sx, 0.0, 0.0, scale, center_x - bounds.center().x() * sx, top + cap)
    return transform.map(outline)


def draw_indices(painter: QPainter, rank_sign: str, suit: str, w: float, h: float) -> None:
    """Rank sign over a small suit symbol, top left and (turned round) bottom right."""
    corner = text_path(rank_sign, INDEX_X * w, INDEX_TOP * w, INDEX_CAP * w, INDEX_MAX_WIDTH * w)
    suit_top = (INDEX_TOP + INDEX_CAP + INDEX_GAP) * w
    corner.addPath(suit_path_at(suit, QPointF(INDEX_X * w, suit_top + INDEX_SUIT * w / 2), INDEX_SUIT * w))
    corner.addPath(QTransform(-1.0, 0.0, 0.0, -1.0, w, h).map(corner))
    corner.setFillRule(Qt.FillRule.WindingFill)
    painter.fillPath(corner, suit_color(suit))


def draw_pips(painter: QPainter, rank: int, suit: str, w: float, h: float) -> None:
    """The pips of 2..10; those in the lower half are upside down, as on printed cards."""
    top = TOP_ROW * h
    span = h - 2 * top
    pips = QPainterPath()
    pips.setFillRule(Qt.FillRule.WindingFill)
    for column, row in LAYOUTS[rank]:
        center = QPointF(COLUMNS[column] * w, top + row * span)
        pips.addPath(suit_path_at(suit, center, PIP_HEIGHT * w, flipped=row > 0.5))
    painter.fillPath(pips, suit_color(suit))


def _shaded(suit: str, bounds: QRectF) -> QBrush:
    # A faint light from the top left gives the big symbol some body without looking glossy.
    base = suit_color(suit)
    gradient = QLinearGradient(bounds.topLeft(), bounds.bottomRight())
    gradient.setColorAt(0.0, base.lighter(135))
    gradient.setColorAt(0.55, base)
    gradient.setColorAt(1.0, base.darker(125))
    return QBrush(gradient)


def _inlay(suit: str, center: QPointF, size: float) -> QPainterPath:
    """A thin line following the symbol's outline inside it (a smaller copy, same centre)."""
    return suit_path_at(suit, center, size * 0.84)


def draw_ace(painter: QPainter, suit: str, w: float, h: float) -> None:
    center = QPointF(w / 2, h / 2)
    if suit == "spades":
        _draw_grand_spade(painter, center, w)
        return
    size = 0.42 * w
    symbol = suit_path_at(suit, center, size)
    painter.fillPath(symbol, _shaded(suit, symbol.boundingRect()))
    painter.strokePath(_inlay(suit, center, size), QPen(QColor(255, 255, 255, 200), 0.012 * w))


def _draw_grand_spade(painter: QPainter, center: QPointF, w: float) -> None:
    """The ace of spades: a larger spade in a double ring of dots, with a white rosette."""
    size = 0.5 * w
    ink = suit_color("spades")
    rings = QPainterPath()
    rings.addEllipse(center, 0.33 * w, 0.33 * w)
    rings.addEllipse(center, 0.355 * w, 0.355 * w)
    painter.strokePath(rings, QPen(ink, 0.008 * w))
    dots = QPainterPath()
    dots.setFillRule(Qt.FillRule.WindingFill)
    for step in range(32):
        turn = QTransform().translate(center.x(), center.y()).rotate(step * 360 / 32)
        dots.addEllipse(turn.map(QPointF(0.0, -0.385 * w)), 0.011 * w, 0.011 * w)
        if step % 2 == 0:
            # A tiny diamond between the rings on every other dot.
            dots.addPath(turn.map(_diamond_spot(0.3425 * w, 0.012 * w)))
    painter.fillPath(dots, ink)

    symbol = suit_path_at("spades", center, size)
    painter.fillPath(symbol, _shaded("spades", suit_box("spades", center, size)))
    painter.strokePath(_inlay("spades", center, size), QPen(QColor(255, 255, 255, 210), 0.009 * w))

    # A small white rosette in the heart of the spade.
    rosette = QPainterPath()
    rosette.setFillRule(Qt.FillRule.WindingFill)
    middle = QPointF(center.x(), center.y() - 0.01 * w)
    leaf = QPainterPath()
    leaf.addEllipse(QRectF(-0.016 * w, -0.062 * w, 0.032 * w, 0.052 * w))
    for step in range(4):
        rosette.addPath(QTransform().translate(middle.x(), middle.y()).rotate(step * 90).map(leaf))
    rosette.addEllipse(middle, 0.018 * w, 0.018 * w)
    painter.fillPath(rosette, QColor(255, 255, 255, 235))


def _diamond_spot(distance: float, size: float) -> QPainterPath:
    """A small rhombus `distance` above the origin."""
    path = QPainterPath(QPointF(0.0, -distance - size))
    path.lineTo(QPointF(size * 0.6, -distance))
    path.lineTo(QPointF(0.0, -distance + size))
    path.lineTo(QPointF(-size * 0.6, -distance))
    path.closeSubpath()
    return path
