"""A second start on the same data folder brings the first Aisle's window to the front.

The Aisle holding the data folder's lock (aisle.instance_lock) listens on a local socket named
after the folder, once its first frame is on screen (QtNetwork is loaded then, not on the way).
A second start asks it "show" and exits when it answers "shown". One that gets no answer (the
first is hung, or still starting after a few seconds) opens read-only: it plays, but writes no
save and counts nothing, so no game is lost or counted twice.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtNetwork import QLocalServer, QLocalSocket
from PySide6.QtWidgets import QWidget

from aisle.i18n import T, Text
from aisle.instance_lock import InstanceLock, take_lock

SHOW = b"show"
SHOWN = b"shown"
#: How long a second start keeps trying to reach the first (which may still be starting up).
REACH_SECONDS = 5.0
_WAIT_MS = 500
_RETRY_SECONDS = 0.1
_MAX_LINE = 64


class ShowServer(QObject):
    """The first Aisle's side: "show" brings its window to the front."""

    def __init__(self, name: str, show: Callable[[], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._name = name
        self._show = show
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self._server.newConnection.connect(self._accept)

    def listen(self) -> bool:
        if self._server.listen(self._name):
            return True
        # A socket left by a killed Aisle: ours to remove, since we hold the folder's lock.
        QLocalServer.removeServer(self._name)
        return self._server.listen(self._name)

    def close(self) -> None:
        self._server.close()

    def _accept(self) -> None:
        while (socket := self._server.nextPendingConnection()) is not None:
            socket.readyRead.connect(lambda s=socket: self._read(s))
            socket.disconnected.connect(socket.deleteLater)
            self._read(socket)  # the request may be in already

    def _read(self, socket: QLocalSocket) -> None:
        if not socket.canReadLine():
            if socket.bytesAvailable() > _MAX_LINE:
                socket.abort()  # not one of ours
            return
        if bytes(socket.readLine(_MAX_LINE).data()).strip() == SHOW:
            self._show()
            socket.write(SHOWN + b"\n")
            socket.flush()
        socket.disconnectFromServer()


def serve(window: QWidget, lock: InstanceLock) -> ShowServer | None:
    """Listen for second starts (None when the socket cannot be made: they then open
    read-only)."""
    server = ShowServer(lock.meeting_name, lambda: bring_to_front(window), window)
    return server if server.listen() else None


def bring_to_front(window: QWidget) -> None:
    # Imported here: the server starts right after the first frame, beside other work, and
    # PySide6's `Qt` namespace is built in a turn of its own (aisle.ui.qt.qt_values).
    from PySide6.QtCore import Qt

    if window.isMinimized():
        window.setWindowState(window.windowState() & ~Qt.WindowState.WindowMinimized)
    window.show()
    window.raise_()
    window.activateWindow()


def ask_to_show(name: str, wait_ms: int = _WAIT_MS) -> bool:
    """The second start's side: whether the Aisle listening on `name` showed its window."""
    socket = QLocalSocket()
    try:
        socket.connectToServer(name)
        if not socket.waitForConnected(wait_ms):
            return False
        socket.write(SHOW + b"\n")
        if not socket.waitForBytesWritten(wait_ms):
            return False
        while not socket.canReadLine():
            if not socket.waitForReadyRead(wait_ms):
                return False
        return bytes(socket.readLine(_MAX_LINE).data()).strip() == SHOWN
    finally:
        socket.abort()


def second_start(lock: InstanceLock, seconds: float | None = None) -> tuple[InstanceLock, bool]:
    """Another Aisle holds `lock`: ask it to show its window, for up to `seconds` (default
    REACH_SECONDS: it may be starting up). Returns the lock as it is then (ours, if the other
    quit meanwhile) and whether the other showed its window."""
    deadline = time.monotonic() + (REACH_SECONDS if seconds is None else seconds)
    while True:
        if ask_to_show(lock.meeting_name):
            return lock, True
        if time.monotonic() >= deadline:
            return lock, False
        time.sleep(_RETRY_SECONDS)
        lock = take_lock(lock.folder)
        if lock.other is None:
            return lock, False


def tell_read_only(window: QWidget, lock: InstanceLock) -> None:
    """Say that this window plays read-only, and why."""
    from PySide6.QtWidgets import QMessageBox

    from aisle.ui.dialogs.small import show_message

    show_message(window, T("Aisle is already running"), read_only_message(lock),
                 QMessageBox.Icon.Warning)


def read_only_message(lock: InstanceLock) -> Text:
    """What a read-only start tells the player."""
    other = lock.other
    if other is not None and other.pid is not None and other.host is not None:
        return T("Another Aisle (process {pid} on {host}) is using the data folder {folder} and "
                 "does not answer. This window is read-only: nothing you play here is saved, "
                 "and no game is counted in the statistics.", pid=str(other.pid), host=other.host,
                 folder=str(lock.folder))
    return T("Another Aisle is using the data folder {folder} and does not answer. This window "
             "is read-only: nothing you play here is saved, and no game is counted in the "
             "statistics.", folder=str(lock.folder))
