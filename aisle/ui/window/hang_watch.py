"""A game's code that never returns must not freeze the window for good.

The window's thread beats (a timer, four times a second) whenever its event loop runs. A
watcher thread looks once every half second: when the beat has been missing for `LIMIT` seconds
and the window's thread is running a game plugin's code (a frame of a plugin's module on its
stack, Aisle's own games included), it raises `NoAnswerInTime` in that thread
(CPython's ``PyThreadState_SetAsyncExc``). The plugin's code is left at its next line of
Python, and the error takes the path of any game that fails (aisle.ui.window.guard: the plugin
named with its file and line, the game marked broken, another game offered); the window
answers again.

What it never does: interrupt Aisle's own code (the stack must hold a plugin's frame, looked at
again just before), or code waiting outside Python (a sleep, a lock, a C call: the error only
lands between lines of Python, so such a wait ends first). The solver has its own limit in its
worker process (aisle.solver.background).
"""

from __future__ import annotations

import ctypes
import logging
import sys
import threading
import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

log = logging.getLogger(__name__)

#: Seconds a game's code may keep the window from answering before it is stopped: far beyond
#: anything a game does for a move or a hint, short enough that a player still waits.
LIMIT = 6.0
#: How often the window's thread beats, and the watcher looks (seconds).
_BEAT = 0.25
_LOOK = 0.5


class NoAnswerInTime(Exception):  # noqa: N818 - what the player reads in the report
    """Raised in the window's thread inside a game's code that ran past `LIMIT` seconds."""

    def __str__(self) -> str:
        return (f"the game's code gave no answer within {LIMIT:g} seconds and was stopped "
                f"(it may be stuck in an endless loop)")


class HangWatch(QObject):
    """The beat and the watcher for the window's thread (see the module's notes); `stop` ends
    both. `plugin_modules()` names the top-level modules whose code may be stopped."""

    def __init__(self, plugin_modules: Callable[[], set[str]],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._plugin_modules = plugin_modules
        self._thread_id = threading.get_ident()
        self._beat_at = time.monotonic()
        self._stopping = threading.Event()
        #: Held while the watcher decides and raises, and while `stop` ends it.
        self._lock = threading.Lock()
        #: Times a game's code was stopped (tests read it).
        self.stopped = 0
        self._timer = QTimer(self)
        self._timer.setInterval(int(_BEAT * 1000))
        self._timer.timeout.connect(self._beat)
        self._timer.start()
        self._watcher = threading.Thread(target=self._watch, name="aisle-hang-watch", daemon=True)
        self._watcher.start()

    def stop(self) -> None:
        with self._lock:
            self._stopping.set()
            self._timer.stop()

    def _beat(self) -> None:
        self._beat_at = time.monotonic()

    def _watch(self) -> None:
        while not self._stopping.wait(_LOOK):
            if time.monotonic() - self._beat_at < LIMIT or not self._in_plugin_code():
                continue
            with self._lock:
                # Looked at again: the thread may have left the game's code meanwhile.
                if self._stopping.is_set() or not self._in_plugin_code():
                    continue
                if _raise_in(self._thread_id, NoAnswerInTime):
                    self.stopped += 1
                    log.warning("a game's code ran %g s without an answer: stopped", LIMIT)
            self._beat_at = time.monotonic()  # one stop for each hang

    def _in_plugin_code(self) -> bool:
        frame = sys._current_frames().get(self._thread_id)
        if frame is None:
            return False
        try:
            modules = self._plugin_modules()
        except RuntimeError:  # the plugins' worker thread changed a table meanwhile: next look
            return False
        while frame is not None:
            if str(frame.f_globals.get("__name__", "")).partition(".")[0] in modules:
                return True
            frame = frame.f_back
        return False


def _raise_in(thread_id: int, error: type[BaseException]) -> bool:
    """Have `error` raised in the thread `thread_id` at its next line of Python."""
    changed = ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id),
                                                          ctypes.py_object(error))
    return bool(changed == 1)
