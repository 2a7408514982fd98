"""The green baize under the cards: a deep green with a soft light in the middle, a vignette
towards the edges and a faint woven texture. Painted by us (no image files), once per size;
with a `PictureCache`, read back from an earlier run instead, and kept for the next by `keep`."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPixmap

from aisle.ui.picture_cache import PictureCache, source_stamp

_TILE = 64
#: Part of the name of a kept baize: raise it when the look changes otherwise than in this file.
BAIZE_VERSION = 1


def _texture_tile(dpr: float) -> QPixmap:
    """A small tile of short light and dark fibres; tiled, it reads as cloth, not as noise."""
    from PySide6.QtGui import QPainter, QPen

    tile = QPixmap(round(_TILE * dpr), round(_TILE * dpr))
    tile.setDevicePixelRatio(dpr)
    tile.fill(Qt.GlobalColor.transparent)
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


def paint_baize(width: int, height: int, dpr: float) -> QPixmap:
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
    light.setColorAt(0.0, QColor(30, 122, 62))
    light.setColorAt(0.5, QColor(19, 98, 47))
    light.setColorAt(0.8, QColor(11, 72, 34))
    light.setColorAt(1.0, QColor(4, 44, 20))
    painter.fillRect(rect, QBrush(light))
    painter.fillRect(rect, QBrush(_texture_tile(dpr)))
    painter.end()
    return pixmap


class Baize:
    """Keeps the painted baize of the current size."""

    def __init__(self, cache: PictureCache | None = None) -> None:
        self._key: tuple[int, int, float] | None = None
        self._pixmap: QPixmap | None = None
        self._cache = cache
        #: The baize painted here and not on disk yet, under its file key.
        self._unkept: tuple[str, QPixmap] | None = None
        self._kept_once = False
        #: Compares the checksum of the baize read before the first frame (see `keep`).
        self._unchecked: Callable[[], bool] | None = None

    def pixmap(self, width: int, height: int, dpr: float) -> QPixmap:
        key = (width, height, dpr)
        if self._pixmap is None or key != self._key:
            self._key = key
            self._unchecked = None
            pixmap = None
            if self._cache is not None:
                stamp = source_stamp([Path(__file__)], str(BAIZE_VERSION))
                file_key = f"baize-{stamp}-{width}x{height}@{dpr:g}"
                if self._kept_once:
                    pixmap = self._cache.load(file_key, dpr)
                else:
                    # Megabytes to checksum: the first frame shows the baize first (`keep`
                    # checks it just after, and paints it anew should the file be damaged).
                    found = self._cache.load_unchecked(file_key, dpr)
                    if found is not None:
                        pixmap, self._unchecked = found
            if pixmap is None:
                pixmap = paint_baize(width, height, dpr)
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
