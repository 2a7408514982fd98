"""The baize under the cards: a deep colour with a soft light in the middle, a vignette
towards the edges and a faint woven texture. Painted by us (no image files), once per size;
with a `PictureCache`, read back from an earlier run instead, and kept for the next by `keep`.

The colour is the player's choice (`set_baize_style`, for every table of the process): one of
`BAIZE_STYLES` or a custom colour written "#rrggbb"."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QBrush, QColor, QPixmap

from aisle.ui.cards.picture_cache import PictureCache, source_stamp

_TILE = 64
#: Part of the name of a kept baize: raise it when the look changes otherwise than in this file.
BAIZE_VERSION = 1
DEFAULT_BAIZE = "green"
#: The default in a dark window.
NIGHT_BAIZE = "night"
#: Our baizes: the light in the middle, then three steps out to the darkest edge.
BAIZE_STYLES: dict[str, tuple[QColor, QColor, QColor, QColor]] = {
    "green": (QColor(30, 122, 62), QColor(19, 98, 47), QColor(11, 72, 34), QColor(4, 44, 20)),
    "blue": (QColor(36, 92, 150), QColor(24, 72, 124), QColor(15, 52, 96), QColor(7, 30, 62)),
    "burgundy": (QColor(136, 36, 52), QColor(110, 26, 40), QColor(82, 18, 30), QColor(50, 10, 18)),
    "charcoal": (QColor(84, 88, 94), QColor(64, 68, 74), QColor(46, 49, 54), QColor(26, 28, 31)),
    "teal": (QColor(22, 124, 124), QColor(14, 100, 102), QColor(8, 74, 78), QColor(3, 44, 48)),
    # The default in a dark window: the same green, dimmed, so the table does not glare.
    "night": (QColor(17, 74, 40), QColor(12, 60, 31), QColor(7, 44, 22), QColor(3, 26, 12)),
}
_style = DEFAULT_BAIZE


def set_baize_style(style: str) -> None:
    """Paint every baize from now on in `style` (an unknown one gives the default)."""
    global _style
    _style = style if _stops_of(style) is not None else DEFAULT_BAIZE


def baize_style() -> str:
    return _style


def _stops_of(style: str) -> tuple[QColor, QColor, QColor, QColor] | None:
    if style in BAIZE_STYLES:
        return BAIZE_STYLES[style]
    if len(style) != 7 or not style.startswith("#"):
        return None
    color = QColor(style)
    if not color.isValid():
        return None
    # A custom colour is the middle ring; the light and the vignette are made from it.
    return (color.lighter(135), color, color.darker(150), color.darker(280))


def _texture_tile(dpr: float) -> QPixmap:
    """A small tile of short light and dark fibres; tiled, it reads as cloth, not as noise."""
    from PySide6.QtGui import QPainter, QPen

    tile = QPixmap(round(_TILE * dpr), round(_TILE * dpr))
    tile.setDevicePixelRatio(dpr)
    tile.fill(QColor(0, 0, 0, 0))  # transparent, without building PySide6's `Qt` namespace
    painter = QPainter(tile)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    fibres = random.Random(7)  # the same cloth every time
    for _ in range(220):
        x, y = fibres.uniform(0, _TILE), fibres.uniform(0, _TILE)
        light = fibres.random() < 0.5
        color = QColor(255, 255, 255, 9) if light else QColor(0, 0, 0, 14)
        painter.setPen(QPen(color, 0.8))
        length = fibres.uniform(1.5, 3.5)
        if fibres.random() < 0.5:
            painter.drawLine(QPointF(x, y), QPointF(x + length, y + length * 0.3))
        else:
            painter.drawLine(QPointF(x, y), QPointF(x + length * 0.3, y + length))
    painter.end()
    return tile


def paint_baize(width: int, height: int, dpr: float, style: str = DEFAULT_BAIZE) -> QPixmap:
    # Imported here: the first use of these classes from Python is slow, and a kept baize
    # needs none.
    from PySide6.QtGui import QPainter, QRadialGradient

    pixmap = QPixmap(max(1, round(width * dpr)), max(1, round(height * dpr)))
    pixmap.setDevicePixelRatio(dpr)
    painter = QPainter(pixmap)
    rect = QRectF(0, 0, width, height)
    centre = QPointF(width / 2, height * 0.42)
    radius = max(width, height) * 0.75
    # One gradient gives both the light in the middle and the vignette at the edges.
    light = QRadialGradient(centre, radius)
    stops = _stops_of(style) or BAIZE_STYLES[DEFAULT_BAIZE]
    for at, color in zip((0.0, 0.5, 0.8, 1.0), stops, strict=True):
        light.setColorAt(at, color)
    painter.fillRect(rect, QBrush(light))
    painter.fillRect(rect, QBrush(_texture_tile(dpr)))
    painter.end()
    return pixmap


class Baize:
    """Keeps the painted baize of the current size."""

    def __init__(self, cache: PictureCache | None = None) -> None:
        self._key: tuple[int, int, float, str] | None = None
        self._pixmap: QPixmap | None = None
        self._cache = cache
        #: The baize painted here and not on disk yet, under its file key.
        self._unkept: tuple[str, QPixmap] | None = None
        self._kept_once = False
        #: Compares the checksum of the baize read before the first frame (see `keep`).
        self._unchecked: Callable[[], bool] | None = None

    def pixmap(self, width: int, height: int, dpr: float) -> QPixmap:
        style = _style
        key = (width, height, dpr, style)
        if self._pixmap is None or key != self._key:
            self._key = key
            self._unchecked = None
            pixmap = None
            if self._cache is not None:
                stamp = source_stamp([Path(__file__)], str(BAIZE_VERSION))
                name = style.lstrip("#")
                file_key = f"baize-{stamp}-{name}-{width}x{height}@{dpr:g}"
                if self._kept_once:
                    pixmap = self._cache.load(file_key, dpr)
                else:
                    # Megabytes to checksum: the first frame shows the baize first (`keep`
                    # checks it just after, and paints it anew should the file be damaged).
                    found = self._cache.load_unchecked(file_key, dpr)
                    if found is not None:
                        pixmap, self._unchecked = found
            if pixmap is None:
                pixmap = paint_baize(width, height, dpr, style)
                self._unkept = (file_key, pixmap) if self._cache is not None else None
            self._pixmap = pixmap
        return self._pixmap

    def keep(self) -> bool:
        """Write the baize painted last to the disk cache (never on the way to the first frame).

        True when the baize read from the disk before the first frame turns out damaged: it is
        forgotten then (`pixmap` paints it anew), and should be asked for again."""
        self._kept_once = True
        unchecked, self._unchecked = self._unchecked, None
        if unchecked is not None and not unchecked():
            self._pixmap = None
            return True
        if self._cache is not None and self._unkept is not None:
            self._cache.save(*self._unkept)
            self._cache.trim()
        self._unkept = None
        return False
