"""A one-line label that never asks for more room than it is given.

A plain QLabel wants its whole text on one line, and a layout grows the window to grant it: a
long refusal in the status bar would widen the main window. This label takes the width the
layout gives it, ends a text that does not fit with "…", and shows the whole text in its
tooltip (and to screen readers: `text()` stays whole).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSize
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from aisle.ui.qt.qt_values import (
    ALIGN_ABSOLUTE,
    ALIGN_HORIZONTAL_MASK,
    ALIGN_LEFT,
    ALIGN_RIGHT,
    ALIGN_VCENTER,
    PLAIN_TEXT,
    set_properties,
)

if TYPE_CHECKING:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QPaintEvent, QResizeEvent


class ElidedLabel(QLabel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # By number, and the alignment kept here: this label paints in the first frame, which
        # does without PySide6's costly `Qt` namespace (aisle.ui.qt.qt_values).
        set_properties(self, textFormat=PLAIN_TEXT)
        self._alignment = ALIGN_LEFT | ALIGN_VCENTER
        # Ignored: the layout gives whatever width is left, and never grows for the text.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        super().setText(text)
        self._update_tooltip()

    def setAlignment(self, alignment: Qt.AlignmentFlag) -> None:  # noqa: N802 - Qt's name
        super().setAlignment(alignment)
        self._alignment = int(alignment.value)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(0, super().minimumSizeHint().height())

    def one_line(self) -> str:
        """The text as one line: a line break inside a message becomes a space; the wider gaps
        a status line keeps between its parts ("Stock left: 23   Redeals left: 2") stay."""
        return " ".join(line.strip() for line in self.text().splitlines() if line.strip())

    def room(self) -> int:
        """The width the text is drawn in."""
        margin = self.margin()
        return max(0, self.contentsRect().width() - 2 * margin)

    def is_elided(self) -> bool:
        return self.fontMetrics().horizontalAdvance(self.one_line()) > self.room()

    def shown_text(self) -> str:
        """What the label draws: the text, shortened with "…" when it does not fit."""
        if not self.is_elided():
            return self.one_line()
        from PySide6.QtCore import Qt

        return self.fontMetrics().elidedText(self.one_line(), Qt.TextElideMode.ElideRight,
                                             self.room())

    def _update_tooltip(self) -> None:
        self.setToolTip(self.text() if self.is_elided() else "")

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._update_tooltip()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._update_tooltip()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        self.drawFrame(painter)
        margin = self.margin()
        area = self.contentsRect().adjusted(margin, margin, -margin, -margin)
        # What QStyle.drawItemText does, without QStyle: this label paints in the first frame,
        # and building QStyle's Python type (all its enums) costs milliseconds of start-up.
        # A painter on a widget starts with its foreground colour as the pen; setting a pen
        # from Python would build PySide6's `Qt` namespace (aisle.ui.qt.qt_values).
        painter.drawText(area, visual_alignment(self.isRightToLeft(), self._alignment),
                         self.shown_text())


def visual_alignment(right_to_left: bool, flags: int) -> int:
    """QStyle.visualAlignment: left and right swap in a right-to-left layout, unless absolute."""
    if not flags & ALIGN_HORIZONTAL_MASK:
        flags |= ALIGN_LEFT
    if not flags & ALIGN_ABSOLUTE and flags & (ALIGN_LEFT | ALIGN_RIGHT):
        if right_to_left:
            flags ^= ALIGN_LEFT | ALIGN_RIGHT
        flags |= ALIGN_ABSOLUTE
    return flags
