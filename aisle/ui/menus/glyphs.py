"""Toolbar glyphs in the palette's own text colours.

The style draws its arrows and its "play" triangle black whatever the theme (Fusion does), so
on a dark toolbar Undo, Redo and Deal could hardly be seen, and their disabled look came out
lighter than the enabled one. These few one-colour glyphs are painted again in the palette's
button text colour, and in its disabled text colour for the disabled look; the coloured icons
(a page, a folder, the question mark) stay as the style draws them.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPalette, QPixmap

#: The style's one-colour glyphs (names of QStyle.StandardPixmap).
GLYPHS = frozenset({"SP_ArrowBack", "SP_ArrowForward", "SP_ArrowUp", "SP_MediaPlay"})


def tinted(icon: QIcon, palette: QPalette, sizes: tuple[int, ...], ratio: float) -> QIcon:
    """`icon`'s shapes in `palette`'s button text colour, and in its disabled one when disabled,
    at each of `sizes` (the toolbar's, the menus') for a screen of `ratio` device pixels a
    pixel: only what is shown is painted (each picture costs a little on the way to the
    first moves)."""
    result = QIcon()
    text = QPalette.ColorRole.ButtonText
    looks = ((QIcon.Mode.Normal, palette.color(QPalette.ColorGroup.Active, text)),
             (QIcon.Mode.Disabled, palette.color(QPalette.ColorGroup.Disabled, text)))
    for size in sizes:
        for scale in sorted({1.0, ratio}):
            shape = icon.pixmap(QSize(size, size), scale)
            if shape.isNull():
                continue
            for mode, color in looks:
                result.addPixmap(_painted(shape, color), mode)
    return result


def _painted(shape: QPixmap, color: QColor) -> QPixmap:
    """`shape`'s opaque parts in `color`, the rest transparent."""
    picture = QPixmap(shape.size())
    picture.setDevicePixelRatio(shape.devicePixelRatio())
    picture.fill(Qt.GlobalColor.transparent)
    painter = QPainter(picture)
    painter.drawPixmap(0, 0, shape)
    painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
    painter.fillRect(picture.rect(), color)
    painter.end()
    return picture
