"""Writing files in the background, newest first: play never waits for the disk.

The GUI thread hands over what a file is to become (a job that writes it, under the file's key);
one thread writes it at once if it is idle. While a write is under way, a newer job for the same
file replaces the one waiting, so a burst of moves costs one or two writes, never a queue. The
moments that must be sure the disk has it (quitting, counting a game) call `flush`.

The thread is started by the first job, so a start that writes nothing costs nothing; the window
holds it (`hold`) until its first frame is shown, so nothing is written beside that frame (a
`flush` lets it go at once). No Qt here.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)

Job = Callable[[], None]


class Autosaver:
    """One writer thread; for each key only the newest job waits."""

    def __init__(self, name: str = "aisle-writer") -> None:
        self._name = name
        self._changed = threading.Condition()
        #: The job waiting for each key, oldest key first.
        self._pending: dict[str, Job] = {}
        #: The key of the job being written (None: none).
        self._writing: str | None = None
        self._closed = False
        self._held = False
        self._thread: threading.Thread | None = None

    def hold(self) -> None:
        """Keep jobs waiting, with no thread started, until `release` (or a `flush`)."""
        with self._changed:
            self._held = True

    def release(self) -> None:
        """Start writing what waits (after `hold`)."""
        with self._changed:
            self._let_go()

    def _let_go(self) -> None:
        """No longer held; the thread starts if a job waits (the lock is held)."""
        self._held = False
        if self._pending:
            self._start()

    def has_job(self, key: str) -> bool:
        """Whether a job for `key` waits or is being written."""
        with self._changed:
            return key in self._pending or self._writing == key

    def _start(self) -> None:
        """Start the thread if there is none (the lock is held)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
            self._thread.start()
        self._changed.notify_all()

    def put(self, key: str, job: Job) -> None:
        """Write `key` with `job` as soon as the thread is free, in place of any job for `key`
        still waiting. Once closed, the job runs at once in the caller's thread."""
        with self._changed:
            if not self._closed:
                self._pending.pop(key, None)
                self._pending[key] = job
                if not self._held:
                    self._start()
                return
        _run_job(job)

    @property
    def idle(self) -> bool:
        """Nothing is being written and nothing waits."""
        with self._changed:
            return not self._pending and self._writing is None

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every job handed over has run; False if `timeout` (seconds) passed first.
        Jobs held back (`hold`) are let go: whoever flushes needs them on disk."""
        with self._changed:
            if threading.current_thread() is self._thread:
                return True  # a job waiting for itself would wait forever
            if self._held:
                self._let_go()
            return self._changed.wait_for(lambda: not self._pending and self._writing is None, timeout)

    def close(self, timeout: float | None = None) -> bool:
        """Run what waits, then stop the thread; later jobs run in the caller's thread."""
        done = self.flush(timeout)
        with self._changed:
            self._closed = True
            self._changed.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
        return done

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: bool(self._pending) or self._closed)
                if not self._pending:
                    return
                key = next(iter(self._pending))
                job = self._pending.pop(key)
                self._writing = key
            try:
                _run_job(job)
            finally:
                with self._changed:
                    self._writing = None
                    self._changed.notify_all()


def _run_job(job: Job) -> None:
    """A job reports its own failures; anything it lets out is a bug, logged, and the thread
    lives on for the next save."""
    try:
        job()
    except Exception:
        log.exception("a background write failed")
