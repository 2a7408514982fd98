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
#: The sizes painted (toolbars and menus at one and two device pixels a pixel).
_SIZES = (16, 20, 22, 24, 32, 48)
_RATIOS = (1.0, 2.0)


def tinted(icon: QIcon, palette: QPalette) -> QIcon:
    """`icon`'s shapes in `palette`'s button text colour, and in its disabled one when disabled."""
    result = QIcon()
    text = QPalette.ColorRole.ButtonText
    looks = ((QIcon.Mode.Normal, palette.color(QPalette.ColorGroup.Active, text)),
             (QIcon.Mode.Disabled, palette.color(QPalette.ColorGroup.Disabled, text)))
    for size in _SIZES:
        for ratio in _RATIOS:
            shape = icon.pixmap(QSize(size, size), ratio)
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
