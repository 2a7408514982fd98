"""A second start on the same data folder brings the first Aisle's window to the front.

The Aisle holding the data folder's lock (aisle.instance_lock) listens at a meeting place named
after the folder, once its first frame is on screen: a Unix-domain socket on POSIX
(aisle.ui.window.meeting_socket, no QtNetwork), a named pipe on Windows
(aisle.ui.window.meeting_pipe). A second start asks it "show" and exits when it answers
"shown". One that gets no answer (the first is hung, or still starting after a few seconds)
opens read-only: it plays, but writes no save and counts nothing, so no game is lost or counted
twice.
"""

from __future__ import annotations

import sys
import time

from PySide6.QtWidgets import QWidget

from aisle.i18n import T, Text
from aisle.instance_lock import InstanceLock, take_lock

if sys.platform == "win32":
    from aisle.ui.window.meeting_pipe import ShowServer
    from aisle.ui.window.meeting_pipe import ask_to_show as _ask
else:
    from aisle.ui.window.meeting_socket import ShowServer
    from aisle.ui.window.meeting_socket import ask_to_show as _ask

__all__ = ["REACH_SECONDS", "ShowServer", "ask_to_show", "bring_to_front", "read_only_message",
           "second_start", "serve", "tell_read_only"]

#: How long a second start keeps trying to reach the first (which may still be starting up).
REACH_SECONDS = 5.0
_WAIT_MS = 500
_RETRY_SECONDS = 0.1


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
    return _ask(name, wait_ms)


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
