"""Work that can wait until the window has painted its first frame."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget


class _FirstPaint(QObject):
    def __init__(self, widget: QWidget, work: Callable[[], None]) -> None:
        super().__init__(widget)
        self._work = work

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            # Queued behind the paint: it runs once the frame is done, never inside it, and
            # not at all if the widget (and so this filter) is gone by then.
            QTimer.singleShot(0, self, self._run)
        return False

    def _run(self) -> None:
        self.deleteLater()
        self._work()


def after_first_frame(widget: QWidget, work: Callable[[], None]) -> None:
    """Run `work` once, right after `widget` has painted for the first time."""
    widget.installEventFilter(_FirstPaint(widget, work))
