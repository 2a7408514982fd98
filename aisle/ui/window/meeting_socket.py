"""Where two Aisles on one data folder meet, on POSIX: a Unix-domain socket made with Python's
own sockets and watched by a QSocketNotifier, so that QtNetwork (megabytes the running Aisle
would keep) is never loaded. Windows has no such sockets here: aisle.ui.window.meeting_pipe.
The sockets are those of `_socket`, the C module that `socket` wraps: everything a meeting needs
is there, and `socket` itself builds four large enums when imported (8 ms and 0.7 MiB, in the
moments after the first frame, when the first click comes).

The Aisle holding the folder's lock listens; a second start connects, writes "show" and reads
"shown" back (one line each, as QLocalServer and QLocalSocket spoke it before). The socket lives
in the user's runtime folder ($XDG_RUNTIME_DIR, private to the user), else in the temporary
folder; a second start tries both, so a runtime folder that is missing or read-only only moves
the meeting. The socket is made in a private folder beside its place and renamed into it (as Qt
does): it is never reachable before it is the user's alone, and the rename replaces a socket
left by a killed Aisle (ours to replace: we hold the folder's lock).
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import tempfile
from _socket import AF_UNIX, SOCK_STREAM, socket
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QSocketNotifier

log = logging.getLogger(__name__)

SHOW = b"show"
SHOWN = b"shown"
#: The longest line either side reads: anything longer is no Aisle.
MAX_LINE = 64


def socket_paths(name: str) -> list[Path]:
    """Where the Aisle owning the meeting `name` may listen, in the order it tries them."""
    places: list[Path] = []
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    if runtime and os.path.isabs(runtime):
        places.append(Path(runtime) / name)
    with contextlib.suppress(OSError):  # OSError: no writable temporary folder at all
        places.append(Path(tempfile.gettempdir()) / name)
    return places


def ask_to_show(name: str, wait_ms: int) -> bool:
    """The second start's side: whether the Aisle listening for `name` showed its window (each
    wait on it at most `wait_ms`)."""
    for path in socket_paths(name):
        connection = socket(AF_UNIX, SOCK_STREAM)
        try:
            connection.settimeout(wait_ms / 1000)
            try:
                connection.connect(os.fspath(path))
            except OSError:  # nobody there, or a socket left by a killed Aisle
                continue
            return _answered(connection)
        finally:
            connection.close()
    return False


def _answered(connection: socket) -> bool:
    try:
        connection.sendall(SHOW + b"\n")
        reply = b""
        while b"\n" not in reply and len(reply) <= MAX_LINE:
            piece = connection.recv(MAX_LINE)
            if not piece:
                break
            reply += piece
    except OSError:  # it did not answer in time (hung, or still starting)
        return False
    return reply.partition(b"\n")[0].strip() == SHOWN


class ShowServer(QObject):
    """The first Aisle's side: "show" calls `show` and is answered "shown"."""

    def __init__(self, name: str, show: Callable[[], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._name = name
        self._show = show
        self._listener: socket | None = None
        self._notifier: QSocketNotifier | None = None
        #: Where it listens, and the inode of its socket there (so `close` removes only ours).
        self._place: tuple[Path, int] | None = None
        self._clients: list[_Client] = []

    @property
    def path(self) -> Path | None:
        """Where it listens (None: it does not)."""
        return self._place[0] if self._place is not None else None

    def listen(self) -> bool:
        for path in socket_paths(self._name):
            try:
                listener, inode = _bind(path)
            except OSError as error:
                log.info("cannot listen at %s: %s", path, error)
                continue
            listener.setblocking(False)
            self._listener, self._place = listener, (path, inode)
            self._notifier = QSocketNotifier(listener.fileno(), QSocketNotifier.Type.Read, self)
            self._notifier.activated.connect(self._accept)
            return True
        return False

    def close(self) -> None:
        for client in list(self._clients):
            client.end()
        listener, place, notifier = self._listener, self._place, self._notifier
        self._listener = self._place = self._notifier = None
        if notifier is not None:
            notifier.setEnabled(False)
            notifier.deleteLater()
        if listener is not None:
            listener.close()
        if place is not None:
            path, inode = place
            try:
                if os.lstat(path).st_ino == inode:
                    path.unlink()
            except OSError:
                pass

    def _accept(self) -> None:
        listener = self._listener
        while listener is not None:
            try:
                # What `socket.socket.accept` does: the C method hands out the descriptor.
                descriptor, _address = listener._accept()  # type: ignore[attr-defined]
            except OSError:  # none waiting (BlockingIOError), or it went away meanwhile
                return
            connection = socket(AF_UNIX, SOCK_STREAM, fileno=descriptor)
            connection.setblocking(False)
            self._clients.append(_Client(connection, self._show, self._clients.remove, self))


class _Client(QObject):
    """One second start: its line read as it comes, answered, then the connection closed."""

    def __init__(self, connection: socket, show: Callable[[], None],
                 ended: Callable[[_Client], None], parent: QObject) -> None:
        super().__init__(parent)
        self._connection: socket | None = connection
        self._show = show
        self._ended = ended
        self._read = b""
        self._notifier = QSocketNotifier(connection.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._readable)

    def _readable(self) -> None:
        connection = self._connection
        if connection is None:
            return
        try:
            piece = connection.recv(MAX_LINE + 1)
        except BlockingIOError:
            return
        except OSError:
            piece = b""
        self._read += piece
        if b"\n" in self._read:
            if self._read.partition(b"\n")[0].strip() == SHOW:
                self._show()
                with contextlib.suppress(OSError):  # it left without waiting for the answer
                    connection.sendall(SHOWN + b"\n")
            self.end()
        elif not piece or len(self._read) > MAX_LINE:  # it hung up, or it is not one of ours
            self.end()

    def end(self) -> None:
        connection, self._connection = self._connection, None
        if connection is None:
            return
        self._notifier.setEnabled(False)
        connection.close()
        self._ended(self)
        self.deleteLater()


def _bind(path: Path) -> tuple[socket, int]:
    """A listening socket at `path`, reachable by this user only, and its inode."""
    private = Path(tempfile.mkdtemp(dir=path.parent, prefix=".aisle-"))  # mode 0700
    listener = socket(AF_UNIX, SOCK_STREAM)
    try:
        made = private / "socket"
        listener.bind(os.fspath(made))
        made.chmod(0o600)
        listener.listen(8)
        inode = made.lstat().st_ino
        os.replace(made, path)
    except BaseException:
        listener.close()
        raise
    finally:
        shutil.rmtree(private, ignore_errors=True)
    return listener, inode
