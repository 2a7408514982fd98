"""Work that can wait until the window has painted its first frame.

The work is done one piece per turn of the event loop: a click or a key that comes meanwhile
waits for one piece at most, not for all of them. Widgets run their pieces in the order they
painted; one widget's pieces run newest first (as the last event filter installed sees an event
first), so a piece asked for last runs before those asked for earlier.

One filter per widget holds all of its pieces: every event of a watched widget crosses into
Python once per filter, and the table's viewport sees a few dozen before its first paint.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget
from shiboken6 import isValid

#: The attribute of a widget naming its filter while it waits for the widget's first paint.
_FILTER = "_aisle_first_paint"
#: Pieces of work whose widget has painted, waiting for their turn, with their filter.
_waiting: deque[tuple[_FirstPaint, Callable[[], None]]] = deque()
_PAINT = QEvent.Type.Paint


class _FirstPaint(QObject):
    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        #: The pieces, oldest first; and how many are still to run once the widget painted.
        self.works: list[Callable[[], None]] = []
        self.left = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == _PAINT:
            watched.removeEventFilter(self)
            if getattr(watched, _FILTER, None) is self:
                delattr(watched, _FILTER)  # pieces asked for from now on wait for the next paint
            # Queued behind the paint: they run once the frame is done, never inside it.
            start = not _waiting
            self.left = len(self.works)
            _waiting.extend((self, work) for work in reversed(self.works))
            self.works = []
            if start and _waiting:
                QTimer.singleShot(0, _run_next)
        return False


def _run_next() -> None:
    """Do the next piece of work still wanted (its widget, and so its filter, may be gone),
    and leave the rest to the following turns."""
    while _waiting:
        piece, work = _waiting.popleft()
        if isValid(piece):
            piece.left -= 1
            if piece.left == 0:
                piece.deleteLater()
            work()
            break
    if _waiting:
        QTimer.singleShot(0, _run_next)


def after_first_frame(widget: QWidget, work: Callable[[], None]) -> None:
    """Run `work` once, right after `widget` has painted for the first time (from now)."""
    waiting = getattr(widget, _FILTER, None)
    if not isinstance(waiting, _FirstPaint) or not isValid(waiting):
        waiting = _FirstPaint(widget)
        widget.installEventFilter(waiting)
        setattr(widget, _FILTER, waiting)
    waiting.works.append(work)
