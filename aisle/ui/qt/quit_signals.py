"""Quitting when the system asks: SIGTERM, SIGINT and SIGHUP close the window as the player
would (which saves the game and the settings), and the desktop's logout saves too.

A Python signal handler runs only once the interpreter has control, which Qt's event loop does
not give it while it waits. So the handler only notes the signal; `signal.set_wakeup_fd` makes
the interpreter write a byte to one end of a channel the moment a signal arrives, and a
QSocketNotifier on the other end wakes the event loop, which then closes the window. The two ends
are a pipe on POSIX, a socket pair on Windows, which takes only sockets there (it has no SIGHUP,
and SIGTERM never comes from outside, but Ctrl+C in a console does). A pipe spares POSIX the
import of `socket`, which builds four large enums (8 ms, 0.7 MiB) in the moments after the first
frame, when the first click comes.
"""

from __future__ import annotations

import logging
import os
import signal
from collections.abc import Callable
from types import FrameType
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QSocketNotifier, Qt
from PySide6.QtGui import QGuiApplication, QSessionManager
from PySide6.QtWidgets import QWidget

log = logging.getLogger(__name__)

QUIT_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP") if hasattr(signal, name))


class _WakeUp:
    """Two connected ends, neither blocking: `writer` for `signal.set_wakeup_fd`, `reader` for
    the notifier, and `drain` reads what has come."""

    def __init__(self) -> None:
        if os.name == "nt":
            import socket

            pair = socket.socketpair()
            for end in pair:
                end.setblocking(False)
            self._pair: tuple[Any, Any] | None = pair
            self.reader, self.writer = pair[0].fileno(), pair[1].fileno()
        else:
            self._pair = None
            self.reader, self.writer = os.pipe()
            os.set_blocking(self.reader, False)
            os.set_blocking(self.writer, False)

    def drain(self) -> bytes:
        """Everything written so far (nothing once closed)."""
        came = b""
        try:
            while piece := self._read():
                came += piece
        except OSError:  # drained (BlockingIOError), or closed
            pass
        return came

    def _read(self) -> bytes:
        return self._pair[0].recv(64) if self._pair is not None else os.read(self.reader, 64)

    def close(self) -> None:
        if self._pair is not None:
            for end in self._pair:
                end.close()
        else:
            os.close(self.reader)
            os.close(self.writer)


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
        self._wake_up: _WakeUp | None = None
        self._notifier: QSocketNotifier | None = None
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            # Direct: the session manager expects the data saved when the signal returns.
            app.commitDataRequest.connect(self._commit_data, Qt.ConnectionType.DirectConnection)
            app.aboutToQuit.connect(self._about_to_quit)

    @property
    def installed(self) -> bool:
        return self._wake_up is not None

    def install(self) -> bool:
        """Take over the quit signals (from the main thread); False where that is not possible."""
        wake_up = _WakeUp()
        try:
            self._old_wakeup = signal.set_wakeup_fd(wake_up.writer)
        except ValueError as error:  # not the main thread
            log.warning("quit signals are not handled: %s", error)
            wake_up.close()
            return False
        self._wake_up = wake_up
        for number in QUIT_SIGNALS:
            self._old_handlers[number] = signal.signal(number, self._note)
        self._notifier = QSocketNotifier(wake_up.reader, QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._woken)
        return True

    def uninstall(self) -> None:
        """Give the signals back as they were."""
        if self._wake_up is None:
            return
        for number, handler in self._old_handlers.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)
        self._old_handlers.clear()
        signal.set_wakeup_fd(self._old_wakeup if self._old_wakeup is not None else -1)
        if self._notifier is not None:
            self._notifier.setEnabled(False)
            self._notifier.deleteLater()
            self._notifier = None
        self._wake_up.close()
        self._wake_up = None

    def quit(self) -> None:
        """Close the window (it saves) and leave the event loop, even if other windows (help)
        are open."""
        self._window.close()
        self._leave()

    def _note(self, number: int, _frame: FrameType | None) -> None:
        # All a signal handler does: the event loop acts on it (see the module's notes).
        self._received.append(number)

    def _woken(self, *_args: object) -> None:
        if self._wake_up is None:
            return
        # Each byte is a signal's number: what arrived is known even before the Python
        # handler has run.
        arrived = set(self._received) | set(self._wake_up.drain())
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
