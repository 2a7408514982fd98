"""Where two Aisles on one data folder meet, on Windows: a named pipe through QtNetwork's
QLocalServer and QLocalSocket (POSIX uses a plain socket instead, without QtNetwork:
aisle.ui.window.meeting_socket, which also says what is said)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from aisle.ui.window.meeting_socket import MAX_LINE, SHOW, SHOWN


class ShowServer(QObject):
    """The first Aisle's side: "show" calls `show` and is answered "shown"."""

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
        # A pipe left by a killed Aisle: ours to remove, since we hold the folder's lock.
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
            if socket.bytesAvailable() > MAX_LINE:
                socket.abort()  # not one of ours
            return
        if bytes(socket.readLine(MAX_LINE).data()).strip() == SHOW:
            self._show()
            socket.write(SHOWN + b"\n")
            socket.flush()
        socket.disconnectFromServer()


def ask_to_show(name: str, wait_ms: int) -> bool:
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
        return bytes(socket.readLine(MAX_LINE).data()).strip() == SHOWN
    finally:
        socket.abort()
