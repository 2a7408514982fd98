"""Work that can wait until the window has painted its first frame.

The work is done one piece per turn of the event loop, in the order the paints asked for it:
a click or a key that comes meanwhile waits for one piece at most, not for all of them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget
from shiboken6 import isValid

#: Work whose widget has painted, waiting for its turn.
_waiting: deque[_FirstPaint] = deque()


class _FirstPaint(QObject):
    def __init__(self, widget: QWidget, work: Callable[[], None]) -> None:
        super().__init__(widget)
        self.work = work

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            # Queued behind the paint: it runs once the frame is done, never inside it.
            _waiting.append(self)
            if len(_waiting) == 1:
                QTimer.singleShot(0, _run_next)
        return False


def _run_next() -> None:
    """Do the next piece of work still wanted (its widget, and so this filter, may be gone),
    and leave the rest to the following turns."""
    while _waiting:
        piece = _waiting.popleft()
        if isValid(piece):
            piece.deleteLater()
            piece.work()
            break
    if _waiting:
        QTimer.singleShot(0, _run_next)


def after_first_frame(widget: QWidget, work: Callable[[], None]) -> None:
    """Run `work` once, right after `widget` has painted for the first time."""
    widget.installEventFilter(_FirstPaint(widget, work))
