"""Deck work away from the window's thread: one worker, one job at a time.

Reading, checking and trying out a deck file may take a second; the window must not wait for
it. Jobs run one after another in a single worker thread (two cores are shared with the
window), and what they found comes back on the GUI thread: `run_in_background` calls its
`done` there, and `deck_events().checked` says which deck finished its check.

When the application is about to quit, the job under way is told to stop at its next step
(`stopping`) and waited for (`drain`): every step is bounded, so that is a short wait, and it
never outlives the application it draws with. At exit the worker is shut down, then what
`after_stop` was given (the SVG reader thread).
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot

_Result = TypeVar("_Result")


class DeckEvents(QObject):
    """Words from the worker, delivered on the GUI thread."""

    #: A deck's check ended (its id), refused or not: shown decks redraw, dialogs update.
    checked = Signal(str)
    _call = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        # Queued when emitted from the worker, since this object lives in the GUI thread.
        self._call.connect(self._run)

    @Slot(object)
    def _run(self, work: Callable[[], None]) -> None:
        work()


_lock = threading.Lock()
_events: DeckEvents | None = None
_worker: ThreadPoolExecutor | None = None
_stop = threading.Event()
_closers: list[Callable[[], None]] = []


def deck_events() -> DeckEvents:
    global _events
    with _lock:
        if _events is None:
            _events = DeckEvents()
            application = QCoreApplication.instance()
            if application is not None and application.thread() is not _events.thread():
                _events.moveToThread(application.thread())
        return _events


def stopping() -> bool:
    """Whether the program is closing: a job stops at its next step."""
    return _stop.is_set()


def submit(work: Callable[[], _Result]) -> Future[_Result]:
    """Run `work` in the worker (after the jobs before it)."""
    global _worker
    deck_events()  # made here, on the GUI thread, before the worker may need it
    with _lock:
        if _worker is None:
            _worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="aisle-decks")
            application = QCoreApplication.instance()
            if application is not None:
                application.aboutToQuit.connect(drain)
        return _worker.submit(work)


def run_in_background(work: Callable[[], _Result],
                      done: Callable[[Future[_Result]], None]) -> Future[_Result]:
    """Run `work` in the worker, then `done(future)` on the GUI thread."""
    future = submit(work)
    events = deck_events()
    future.add_done_callback(lambda finished: events._call.emit(lambda: done(finished)))
    return future


def drain() -> None:
    """Have the jobs stop at their next step and wait for them (the application is about to
    quit: nothing may draw while it goes). Jobs given later run as usual."""
    _stop.set()
    try:
        submit(lambda: None).result()
    finally:
        _stop.clear()


def after_stop(closer: Callable[[], None]) -> None:
    """Call `closer` at exit, once the worker has finished."""
    with _lock:
        _closers.append(closer)


def stop() -> None:
    """At exit: stop the jobs, wait for the one under way, then close what needs closing."""
    _stop.set()
    with _lock:
        worker = _worker
        closers = list(_closers)
    if worker is not None:
        worker.shutdown(wait=True, cancel_futures=True)
    for closer in closers:
        closer()


atexit.register(stop)


class _Listener(QObject):
    """Hears `checked` for as long as its parent lives (destroyed with it, it is heard no more)."""

    def __init__(self, parent: QObject, handler: Callable[[str], None]) -> None:
        super().__init__(parent)
        self._handler = handler
        deck_events().checked.connect(self._heard)

    @Slot(str)
    def _heard(self, deck_id: str) -> None:
        self._handler(deck_id)


def listen_for_checks(owner: QObject, handler: Callable[[str], None]) -> None:
    """Call `handler(deck id)` on the GUI thread whenever a deck's check ends, while `owner`
    lives."""
    _Listener(owner, handler)
