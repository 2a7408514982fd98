"""QtSvg reading and trying out an SVG text without holding Python's lock.

PySide keeps Python's global lock while QSvgRenderer parses (its constructor, `load`) and
while it renders, so doing either in a Python worker thread would still stop the window's
thread: 0.3 s for KDE's Dondorf deck to parse, 0.25 s to draw its back. Here both run in a
QThread of their own, called from C++ (a queued connection to the renderer's `load` slot, a
blocking queued call of its `render` slot), so no Python runs meanwhile; the renderer comes
back to the GUI thread when the check is done (`bring_home`). The text has passed
`aisle.deck_guard` before it gets here, so the parse is bounded.

QtSvg's warnings about what a deck from elsewhere uses and it cannot draw are noise on the
console (a deck it cannot use is refused): its logging categories are turned off here.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import (
    Q_ARG,
    QByteArray,
    QCoreApplication,
    QLoggingCategory,
    QMetaObject,
    QObject,
    QRectF,
    Qt,
    QThread,
    QTimer,
    Signal,
)
from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgRenderer

from aisle.ui.cards.decks.background import after_stop

#: A parse of a text that passed the check takes about a second at most; past this the
#: reader is taken to be stuck.
LOAD_SECONDS = 60.0

_lock = threading.Lock()
_thread: QThread | None = None
#: Renderers given up on while still parsing: deleting one under the parser would crash.
_abandoned: list[QSvgRenderer] = []


class _Feeder(QObject):
    feed = Signal(QByteArray)


def quiet_svg_warnings() -> None:
    """Turn QtSvg's console warnings off (done with the first parse as well)."""
    QLoggingCategory.setFilterRules("qt.svg*=false")


def _reader() -> QThread:
    global _thread
    with _lock:
        if _thread is None:
            quiet_svg_warnings()
            _thread = QThread()
            _thread.setObjectName("aisle-svg-reader")
            _thread.start()
            after_stop(_stop)
        return _thread


def _stop() -> None:
    with _lock:
        thread = _thread
    if thread is not None:
        thread.quit()
        thread.wait()


def load_renderer(text: bytes) -> QSvgRenderer | None:
    """A renderer of the SVG `text`, parsed in the reader thread (this thread waits), and
    living there until `bring_home`. None when the reader does not answer in time."""
    renderer = QSvgRenderer()
    renderer.setFramesPerSecond(0)  # an animated file would otherwise start a timer
    renderer.moveToThread(_reader())
    parsed = threading.Event()

    def loaded() -> None:  # in the reader thread, at the end of `load`
        parsed.set()

    link = renderer.repaintNeeded.connect(loaded, Qt.ConnectionType.DirectConnection)
    feeder = _Feeder()
    feeder.feed.connect(renderer.load, Qt.ConnectionType.QueuedConnection)
    feeder.feed.emit(QByteArray(text))
    if not parsed.wait(LOAD_SECONDS):
        _abandoned.append(renderer)
        return None
    # By its handle: disconnecting the function by name could meet PySide6 having lost track
    # of it across the threads, and warn ("Failed to disconnect").
    QObject.disconnect(link)
    return renderer


def render_there(renderer: QSvgRenderer, painter: QPainter, element: str,
                 target: QRectF) -> None:
    """`renderer.render(painter, element, target)` run in the reader thread; this thread
    waits (never call it from the reader thread itself)."""
    QMetaObject.invokeMethod(renderer, "render", Qt.ConnectionType.BlockingQueuedConnection,
                             Q_ARG(QPainter, painter), Q_ARG(str, element),
                             Q_ARG(QRectF, target))


def bring_home(renderer: QSvgRenderer) -> None:
    """Hand a renderer from the reader thread to the GUI thread, which draws with it."""
    application = QCoreApplication.instance()
    if application is None or renderer.thread() is application.thread():
        return
    home = application.thread()
    moved = threading.Event()

    def move() -> None:  # in the reader thread: only an object's own thread may give it away
        renderer.moveToThread(home)
        moved.set()

    QTimer.singleShot(0, renderer, move)
    moved.wait(LOAD_SECONDS)
