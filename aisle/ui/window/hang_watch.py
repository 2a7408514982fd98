"""A third-party game's code that never returns must not freeze the window for good.

The window's thread beats (a timer, four times a second) whenever its event loop runs. A
watcher thread looks once every half second: when the beat has been missing for `LIMIT` seconds
and a third-party plugin's code is on the window thread's stack, it looks often (every
hundredth of a second) until that code is the one running, the innermost frame, and raises
`NoAnswerInTime` in the thread then (CPython's ``PyThreadState_SetAsyncExc``). The error comes
out at the plugin's next line, or as the plugin calls into Aisle, before any line of Aisle's runs
(CPython looks for it as a function begins and as a loop turns): Aisle's own code, which moves
cards to try them and puts them back, is never left halfway. The error then takes the path of
any game that fails (aisle.ui.window.guard: the plugin named with its file and line, the game
marked broken, another game offered), and the window answers again.

Left alone: Aisle's own games (measured: a hint takes milliseconds, a move a fraction of a
second; a busy computer must never get them called broken), a saved game being replayed (long
and legitimate: a hundred thousand moves), and code waiting outside Python (a sleep, a lock, a C
call: the error would only land once it returns). The solver has its own limit in its worker
process (aisle.solver.background).
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType

from PySide6.QtCore import QObject, QTimer

from aisle.registry.thread_stop import raise_in_thread

log = logging.getLogger(__name__)

#: Seconds a game's code may keep the window from answering before it is stopped: far beyond
#: anything a game does for a move or a hint, short enough that a player still waits.
LIMIT = 6.0
#: How often the window's thread beats, the watcher looks, and looks while it waits for the
#: plugin's own line (seconds).
_BEAT = 0.25
_LOOK = 0.5
_CLOSE_LOOK = 0.01
#: Modules whose work on the stack means "not hung, just long": replaying a saved game.
_LONG_WORK = frozenset({"aisle.engine.save"})


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
        pause = _LOOK
        while not self._stopping.wait(pause):
            pause = _LOOK
            if time.monotonic() - self._beat_at < LIMIT:
                continue
            where = self._where()
            if where is None:
                continue  # not in a plugin's code: Aisle's own, or waiting for the system
            pause = _CLOSE_LOOK
            if not where:
                continue  # the plugin called into Aisle: wait for its own line
            with self._lock:
                # Looked at again under the lock: the thread may have moved on meanwhile.
                if self._stopping.is_set() or not self._where():
                    continue
                if raise_in_thread(self._thread_id, NoAnswerInTime):
                    self.stopped += 1
                    log.warning("a game's code ran %g s without an answer: stopped", LIMIT)
            self._beat_at = time.monotonic()  # one stop for each hang
            pause = _LOOK

    def _where(self) -> bool | None:
        """Whether the window's thread runs a watched plugin's own line now (True), is inside
        Aisle's code called by one (False), or is in no watched plugin's code at all, or in
        long work that is left alone (None)."""
        frame = sys._current_frames().get(self._thread_id)
        if frame is None:
            return None
        try:
            modules = self._plugin_modules()
        except RuntimeError:  # the plugins' worker thread changed a table meanwhile: next look
            return None
        innermost = _top_module(frame) in modules
        seen = False
        stack: FrameType | None = frame
        while stack is not None:
            name = str(stack.f_globals.get("__name__", ""))
            if name in _LONG_WORK:
                return None
            seen = seen or name.partition(".")[0] in modules
            stack = stack.f_back
        return innermost if seen else None


def _top_module(frame: FrameType) -> str:
    return str(frame.f_globals.get("__name__", "")).partition(".")[0]

