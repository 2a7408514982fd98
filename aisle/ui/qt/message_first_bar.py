"""A status bar whose message comes first: fields that keep spare room give it up for it.

A field such as the solver's word asks for the width of its longest text, so the bar does not
shift as the word changes. In a narrow window (800 pixels, a long language) that spare room
would cut the game's own message ("Stock left: 23   Base card: Queen   Redeals left: 2"), the
text a player needs. So a field that says how little it needs now (`least_width()`) is capped
(a maximum width, never a minimum: nothing here may keep the window from getting narrower) to
what the message leaves, but never below that: its current word stays whole when it can.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

from PySide6.QtWidgets import QStatusBar, QWidget

if TYPE_CHECKING:
    from PySide6.QtGui import QResizeEvent, QShowEvent

    from aisle.ui.qt.elided_label import ElidedLabel

#: Qt's "no maximum" width (QWIDGETSIZE_MAX).
_NO_MAXIMUM = 16777215


@runtime_checkable
class Yielding(Protocol):
    """A field that may give up room: the width its current text needs, margins included."""

    def least_width(self) -> int: ...


class MessageFirstBar(QStatusBar):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._message: ElidedLabel | None = None
        self._fitting = False

    def set_message_label(self, label: ElidedLabel) -> None:
        """The label whose text comes first (it must already be in the bar, with a stretch)."""
        self._message = label

    def fit(self) -> None:
        """Share the room again (the bar's width, the message or a field's text changed). The
        widths it reads are the layout's, so the layout is brought up to date first, and again
        after the caps changed: the first frame already shows the message whole."""
        layout = self.layout()
        if layout is None or self._fitting:
            return
        self._fitting = True  # a cap resizes the field, whose new text may ask to fit again
        try:
            layout.activate()
            self._fit_now()
            layout.activate()
        finally:
            self._fitting = False

    def _fit_now(self) -> None:
        message = self._message
        if message is None:
            return
        margins = message.contentsMargins()
        needed = (message.fontMetrics().horizontalAdvance(message.one_line()) + 2 * message.margin()
                  + margins.left() + margins.right())
        slack = message.width() - needed  # below 0: the message is cut
        for field in self.children():
            if not isinstance(field, QWidget) or not isinstance(field, Yielding) or field.isHidden():
                continue
            width, hint = field.width(), field.sizeHint().width()
            cap = max(field.least_width(), width + slack)
            # Uncapped once it may have all it asks for: the layout then gives it its hint.
            field.setMaximumWidth(_NO_MAXIMUM if cap >= hint else cap)
            slack -= min(cap, hint) - width  # what it takes (or, below 0, gives up)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        # The size grip appears now, and takes room without resizing the bar. (Not `event()`
        # and LayoutRequest: reading an event's type builds PySide6's QEvent.Type, a cost the
        # first frame does without.)
        super().showEvent(event)
        self.fit()
