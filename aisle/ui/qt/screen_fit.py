"""Sizes that fit the screen: a dialog opens at the size it asks for, but never larger than
nine tenths of the screen it opens on (an 800x600 screen keeps room for its title bar and panel).
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

#: The share of the screen's free area a window may take at most, in tenths.
_MOST_TENTHS = 9


def room(widget: QWidget) -> tuple[int, int]:
    """The most a window of `widget` may take: nine tenths of its screen's free area (that of
    its parent's screen, where it opens, while it is not shown yet)."""
    free = (widget.parentWidget() or widget).screen().availableGeometry()
    return free.width() * _MOST_TENTHS // 10, free.height() * _MOST_TENTHS // 10


def resize_within_screen(widget: QWidget, width: int, height: int) -> None:
    """Resize `widget` to `width` x `height`, or as much of it as its screen has room for."""
    most_width, most_height = room(widget)
    widget.resize(min(width, most_width), min(height, most_height))
