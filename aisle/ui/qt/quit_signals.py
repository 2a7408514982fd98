"""Quitting when the system asks: SIGTERM, SIGINT and SIGHUP close the window as the player
would (which saves the game and the settings), and the desktop's logout saves too.

A Python signal handler runs only once the interpreter has control, which Qt's event loop does
not give it while it waits. So the handler only notes the signal; `signal.set_wakeup_fd` makes
the interpreter write a byte to one end of a socket pair the moment a signal arrives, and a
QSocketNotifier on the other end wakes the event loop, which then closes the window. A socket
pair rather than a pipe: Windows takes only sockets there (it has no SIGHUP, and SIGTERM never
comes from outside, but Ctrl+C in a console does).
"""

from __future__ import annotations

import logging
import signal
import socket
from collections.abc import Callable
from types import FrameType
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QSocketNotifier, Qt
from PySide6.QtGui import QGuiApplication, QSessionManager
from PySide6.QtWidgets import QWidget

log = logging.getLogger(__name__)

QUIT_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP") if hasattr(signal, name))


class QuitSignals(QObject):
    """Closes `window` on a quit signal, then `leave`s the event loop; calls `save` when the
    desktop session ends."""

    def __init__(self, window: QWidget, save: Callable[[], None],
                 leave: Callable[[], None] = QCoreApplication.quit) -> None:
        super().__init__(window)
        self._window = window
        self._save = save
        self._leave = leave
        self._received: list[int] = []
        self._old_handlers: dict[int, Any] = {}
        self._old_wakeup: int | None = None
        self._pair: tuple[socket.socket, socket.socket] | None = None
        self._notifier: QSocketNotifier | None = None
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            # Direct: the session manager expects the data saved when the signal returns.
            app.commitDataRequest.connect(self._commit_data, Qt.ConnectionType.DirectConnection)
            app.aboutToQuit.connect(self._about_to_quit)

    @property
    def installed(self) -> bool:
        return self._pair is not None

    def install(self) -> bool:
        """Take over the quit signals (from the main thread); False where that is not possible."""
        reader, writer = socket.socketpair()
        reader.setblocking(False)
        writer.setblocking(False)
        try:
            self._old_wakeup = signal.set_wakeup_fd(writer.fileno())
        except ValueError as error:  # not the main thread
            log.warning("quit signals are not handled: %s", error)
            reader.close()
            writer.close()
            return False
        self._pair = (reader, writer)
        for number in QUIT_SIGNALS:
            self._old_handlers[number] = signal.signal(number, self._note)
        self._notifier = QSocketNotifier(reader.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._woken)
        return True

    def uninstall(self) -> None:
        """Give the signals back as they were."""
        if self._pair is None:
            return
        for number, handler in self._old_handlers.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)
        self._old_handlers.clear()
        signal.set_wakeup_fd(self._old_wakeup if self._old_wakeup is not None else -1)
        if self._notifier is not None:
            self._notifier.setEnabled(False)
            self._notifier.deleteLater()
            self._notifier = None
        for end in self._pair:
            end.close()
        self._pair = None

    def quit(self) -> None:
        """Close the window (it saves) and leave the event loop, even if other windows (help)
        are open."""
        self._window.close()
        self._leave()

    def _note(self, number: int, _frame: FrameType | None) -> None:
        # All a signal handler does: the event loop acts on it (see the module's notes).
        self._received.append(number)

    def _woken(self, *_args: object) -> None:
        if self._pair is None:
            return
        # Each byte is a signal's number: what arrived is known even before the Python
        # handler has run.
        arrived = set(self._received)
        try:
            while piece := self._pair[0].recv(64):
                arrived.update(piece)
        except OSError:  # drained (BlockingIOError), or closed
            pass
        self._received.clear()
        if arrived & set(QUIT_SIGNALS):
            log.info("quitting on signal %s", ", ".join(str(n) for n in sorted(arrived)))
            self.quit()

    def _commit_data(self, _manager: QSessionManager) -> None:
        self._save()

    def _about_to_quit(self) -> None:
        # Leaving without the window closed (the application was told to quit): close it now,
        # so it saves as always.
        if self._window.isVisible():
            self._window.close()
