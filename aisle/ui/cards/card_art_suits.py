"""Suit symbols as vector paths, so they look the same on every system (no font glyphs).

Every symbol is designed in a unit box: centred on the origin, exactly 1 high, at most 1 wide.
`suit_path_at` places one on a card; a card collects its pips into one path and fills it once.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainterPath, QTransform

RED = QColor(200, 16, 46)
BLACK = QColor(26, 26, 32)
RED_SUITS = frozenset({"hearts", "diamonds"})
SUITS = ("clubs", "diamonds", "hearts", "spades")

Point = tuple[float, float]
#: One cubic Bézier piece: first control point, second control point, end point.
Segment = tuple[Point, Point, Point]


def is_red(suit: str) -> bool:
    return suit in RED_SUITS


def suit_color(suit: str) -> QColor:
    return QColor(RED if is_red(suit) else BLACK)


def _symmetric(start: Point, left: list[Segment]) -> QPainterPath:
    """A closed outline mirrored about x = 0.

    `left` runs from `start` (on the axis) down the left side and ends on the axis again;
    the right side is the same curve mirrored and walked backwards, so both halves match.
    """
    path = QPainterPath(QPointF(*start))
    for first, second, end in left:
        path.cubicTo(QPointF(*first), QPointF(*second), QPointF(*end))
    starts = [start] + [segment[2] for segment in left]
    for index in range(len(left) - 1, -1, -1):
        first, second, _ = left[index]
        begin = starts[index]
        path.cubicTo(QPointF(-second[0], second[1]), QPointF(-first[0], first[1]),
                     QPointF(-begin[0], begin[1]))
    path.closeSubpath()
    return path


def _heart() -> QPainterPath:
    return _symmetric((0.0, 0.5), [
        ((-0.07, 0.37), (-0.5, 0.12), (-0.5, -0.19)),
        ((-0.5, -0.39), (-0.37, -0.5), (-0.25, -0.5)),
        ((-0.12, -0.5), (-0.03, -0.42), (0.0, -0.31)),
    ])


def _diamond() -> QPainterPath:
    # Slightly hollow sides: the classic diamond is not a plain rhombus.
    return _symmetric((0.0, -0.5), [
        ((-0.1, -0.33), (-0.26, -0.14), (-0.39, 0.0)),
        ((-0.26, 0.14), (-0.1, 0.33), (0.0, 0.5)),
    ])


def _spade() -> QPainterPath:
    return _symmetric((0.0, -0.5), [
        ((-0.09, -0.34), (-0.5, -0.15), (-0.5, 0.12)),
        ((-0.5, 0.29), (-0.39, 0.38), (-0.26, 0.38)),
        ((-0.15, 0.38), (-0.08, 0.33), (-0.045, 0.26)),
        ((-0.05, 0.38), (-0.1, 0.47), (-0.21, 0.5)),
        ((-0.14, 0.5), (-0.07, 0.5), (0.0, 0.5)),
    ])


def _club() -> QPainterPath:
    # Boolean operations flatten curves with an absolute tolerance, so the lobes are joined
    # at a large scale and the result scaled down: the outline stays round at any card size.
    big = 1000.0
    radius = 0.232 * big
    lobes = QPainterPath()
    lobes.setFillRule(Qt.FillRule.WindingFill)
    for x, y in ((0.0, -0.5 + 0.232), (-0.5 + 0.232, 0.1), (0.5 - 0.232, 0.1)):
        lobes.addEllipse(QPointF(x * big, y * big), radius, radius)
    # A small disc fills the gap where the three lobes meet.
    lobes.addEllipse(QPointF(0.0, 0.04 * big), 0.13 * big, 0.13 * big)
    stem = _symmetric((0.0, 0.0), [
        ((-0.03, 0.0), (-0.05, 0.0), (-0.05, 0.1)),
        ((-0.05, 0.32), (-0.1, 0.46), (-0.21, 0.5)),
        ((-0.14, 0.5), (-0.07, 0.5), (0.0, 0.5)),
    ])
    joined = lobes.united(QTransform.fromScale(big, big).map(stem)).simplified()
    return QTransform.fromScale(1 / big, 1 / big).map(joined)


_MAKERS = {"hearts": _heart, "diamonds": _diamond, "spades": _spade, "clubs": _club}


@cache
def suit_path(suit: str) -> QPainterPath:
    """The unit-box outline of `suit` (shared: do not modify it)."""
    return _MAKERS[suit]()


def suit_path_at(suit: str, center: QPointF, height: float, *, flipped: bool = False) -> QPainterPath:
    """The symbol `height` high centred on `center`; `flipped` turns it upside down."""
    turn = -height if flipped else height
    transform = QTransform(turn, 0.0, 0.0, turn, center.x(), center.y())
    return transform.map(suit_path(suit))


def suit_box(suit: str, center: QPointF, height: float) -> QRectF:
    """Where the symbol placed by `suit_path_at` ends up (for gradients and ornaments)."""
    return suit_path_at(suit, center, height).boundingRect()
