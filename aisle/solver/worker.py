"""The solver's worker process: one request in, one reply out (see aisle.solver.background).

The worker is a plain child process (``python -c`` running `main`) that talks JSON lines
(aisle.solver.wire): its standard input brings ``["setup", {...}]`` first (the solver, the
way to find games, the module path of the program that started it), then requests
(``["solve", n, game id, game text, limits]``) and ``["stop", n]`` (every request up to n is given
up); its standard output carries the replies, each a list that starts with its kind and the
request's number: ``["ready", 0]`` once loaded; ``["started", n]`` when the game is loaded and
the search begins (the window times the search from there); then ``["answer", n, result]``,
``["stopped", n]`` for a request given up before it began, or ``["failed", n, why, detail]`` with
why "memory" (the worker then ends: a plugin's state may be broken half-way) or "error". What a
plugin prints goes to the standard error, never into the replies.

The end of its standard input means the program that started it is gone: the worker ends, even
while a plugin's code never returns. A watchdog thread ends it, where the address space cannot
be capped, when a request grows beyond its memory (see aisle.solver.memory_cap); and when a
request with a budget in CPU seconds (`Budget.cpu`) computes past it and its grace
(`OVERRUN_EXIT`): the window's own limit on such a request is on the wall clock, and generous,
since a busy machine stretches CPU seconds.
"""

from __future__ import annotations

import importlib
import os
import queue
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import IO, Any

from aisle.engine.save import game_from_json
from aisle.solver import memory_cap
from aisle.solver.result import Budget, Result
from aisle.solver.wire import OVERRUN_EXIT, overrun_grace, read_line, result_data, write_line

#: How often (seconds) the watchdog looks at the memory and the CPU time.
_WATCH_INTERVAL = 0.1
#: The worker's loop ("module:function") unless its setup names another (tests do).
DEFAULT_SERVE = "aisle.solver.worker:serve"
_MB = 1 << 20
_Reply = list[Any]


class Cancelled:
    """Every request up to `up_to` is given up. Written by the thread that reads the requests,
    read by the search's `stop` callback (a plain attribute: no lock on every check)."""

    def __init__(self, up_to: int) -> None:
        self.up_to = up_to


class Outbox:
    """The replies' channel: the worker's real standard output, kept for the replies alone."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream

    def send(self, reply: _Reply) -> None:
        write_line(self._stream, reply)


def main() -> None:
    """The worker process's start: read the setup, keep the standard output for the replies,
    read requests in a thread of their own, and serve them."""
    try:
        first = read_line(sys.stdin)
    except ValueError:
        first = None
    if first is None or first[0] != "setup" or not isinstance(first[-1], dict):
        return  # started by mistake, or the window went before it said anything
    setup = first[-1]
    sys.path[:] = [*setup["path"], *(entry for entry in sys.path if entry not in setup["path"])]
    replies = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    _print_aside()
    cancelled = Cancelled(int(setup["cancelled"]))
    inbox: queue.Queue[list[Any]] = queue.Queue()
    threading.Thread(target=_read_requests, args=(sys.stdin, inbox, cancelled),
                     name="aisle-solver-requests", daemon=True).start()
    serve_with: Callable[..., None] = load_object(setup.get("serve") or DEFAULT_SERVE)
    serve_with(inbox, Outbox(replies), cancelled, setup["solve"], setup["variants"], setup["find"])


def _print_aside() -> None:
    """What a plugin prints goes where the program's errors go (nowhere for a windowed
    Python without a console), never into the replies."""
    try:
        aside = sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):  # no standard error at all
        aside = os.open(os.devnull, os.O_WRONLY)
    os.dup2(aside, sys.stdout.fileno())
    sys.stdout = sys.stderr if sys.stderr is not None else os.fdopen(aside, "w")


def _read_requests(stream: IO[str], inbox: queue.Queue[list[Any]], cancelled: Cancelled) -> None:
    """Requests go to the inbox, stops straight to `cancelled`; the end of the stream (the
    program that started the worker is gone, or closed it) ends the worker at once."""
    while True:
        try:
            message = read_line(stream)
        except (OSError, ValueError):
            message = None
        if message is None:
            os._exit(0)
        if message[0] == "stop":
            cancelled.up_to = max(cancelled.up_to, int(message[1]))
        else:
            inbox.put(message)


def serve(inbox: queue.Queue[list[Any]], outbox: Outbox, cancelled: Cancelled, solve_path: str,
          variant_paths: Mapping[str, str], find_path: str) -> None:
    """The worker's loop, until ended, orphaned, or out of memory."""
    # Ctrl+C in a terminal reaches the whole process group; the program that started the
    # worker decides its end (a traceback from here would only clutter the terminal).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    watchdog = _Watchdog()
    watchdog.start()
    solve: Callable[..., Result] = load_object(solve_path)
    extra = {game_id: load_object(path) for game_id, path in variant_paths.items()}
    find: Callable[[str], Any] = load_object(find_path)
    try:
        outbox.send(["ready", 0])
        while True:
            message = inbox.get()
            reply = _answer(outbox, message, cancelled, solve, extra, find, watchdog)
            outbox.send(reply)
            if reply[0] == "failed" and reply[2] == "memory":
                return
    except OSError:
        return  # the window has gone


def _answer(outbox: Outbox, message: list[Any], cancelled: Cancelled,
            solve: Callable[..., Result], extra: Mapping[str, Any], find: Callable[[str], Any],
            watchdog: _Watchdog) -> _Reply:
    _kind, request, variant_id, text, limits = message
    if cancelled.up_to >= request:
        return ["stopped", request]
    budget = Budget(*limits)
    try:
        with _capped(budget.memory_mb, watchdog), _timed(budget, watchdog):
            variant = extra.get(variant_id) or find(variant_id)
            game = game_from_json(text, {variant_id: variant}.__getitem__)
            outbox.send(["started", request])
            result = solve(game, budget, _stopper(cancelled, request))
            return ["answer", request, result_data(result)]
    except MemoryError:  # the cap held; the memory is free again now its frames are gone
        return ["failed", request, "memory", ""]
    except Exception as error:  # a plugin's or the solver's bug: reported, not fatal
        return ["failed", request, "error", f"{type(error).__name__}: {error}"]


@contextmanager
def _capped(memory_mb: int, watchdog: _Watchdog) -> Iterator[None]:
    extra = memory_cap.allowance_mb(memory_mb)
    how = memory_cap.method()
    if how == "address space":
        with memory_cap.address_space_capped(extra):
            yield
    elif how == "watchdog":
        # The peak only grows: measured from the peak now, an earlier request's peak never
        # counts against this one.
        peak = memory_cap.peak_resident() or 0
        watchdog.limit = peak + extra * _MB
        try:
            yield
        finally:
            watchdog.limit = None
    else:
        yield


@contextmanager
def _timed(budget: Budget, watchdog: _Watchdog) -> Iterator[None]:
    """The watchdog ends the worker once a request in CPU seconds has computed past them."""
    if budget.cpu:
        watchdog.cpu_limit = time.process_time() + budget.seconds + overrun_grace(budget.seconds)
    try:
        yield
    finally:
        watchdog.cpu_limit = None


class _Watchdog:
    """Ends the worker from a thread of its own: the main thread may be stuck in a plugin."""

    def __init__(self) -> None:
        #: The most the peak resident size may reach (bytes); None: not watched now.
        self.limit: int | None = None
        #: The process's CPU time (`time.process_time`) the request may reach; None: not watched.
        self.cpu_limit: float | None = None

    def start(self) -> None:
        threading.Thread(target=self._run, name="aisle-solver-watchdog", daemon=True).start()

    def _run(self) -> None:
        while True:
            time.sleep(_WATCH_INTERVAL)
            limit = self.limit
            peak = memory_cap.peak_resident() if limit is not None else None
            if limit is not None and peak is not None and peak > limit:
                os._exit(memory_cap.OUT_OF_MEMORY_EXIT)
            cpu_limit = self.cpu_limit
            if cpu_limit is not None and time.process_time() > cpu_limit:
                os._exit(OVERRUN_EXIT)


def _stopper(cancelled: Cancelled, request: int) -> Callable[[], bool]:
    """The `stop` callback of one search: the request was given up."""

    def stop() -> bool:
        return cancelled.up_to >= request

    return stop


def load_object(path: str) -> Any:
    """The object an import path "package.module:name" names."""
    module, _colon, name = path.partition(":")
    found: Any = importlib.import_module(module)
    for part in name.split(".") if name else ():
        found = getattr(found, part)
    return found
