"""Solving in a separate process, so the window never waits for the solver.

The front end hands a game over with `BackgroundSolver.submit` and collects the answer with
`poll`, which never blocks (the window calls it from a timer; a command line waits with
`wait_for_any`). One worker process lives between requests: starting one costs a fresh
interpreter and the imports of the games.

- The position travels as ``game.to_json()`` plus the game's id; the worker finds the game
  through the registry (`DEFAULT_FIND`), as any other program would (a third-party game is
  solved the same way).
- Every request has a number, and `poll` only ever hands out the answer to the latest one: an
  answer to a position the player has left is dropped, never shown.
- A new request or `cancel` asks the running search to stop (its ``stop`` callback turns true);
  a worker that does not give up within `STOP_GRACE` seconds is killed and a new one started.
- A plugin's code may never return, or never look at ``stop``: a search still running
  `overrun_grace` seconds after its budget's time is killed, and the answer is UNKNOWN with
  `DID_NOT_FINISH` as its reason. A budget in CPU seconds (`Budget.cpu`, what the window uses:
  a busy machine does not eat it) is enforced by the worker's watchdog on the worker's CPU time;
  here its wall-clock limit is `CPU_WALL_FACTOR` times longer, for code that holds the worker
  so fast that even the watchdog cannot run. The worker's memory is capped where the system allows (see
  aisle.solver.memory_cap); running out of it answers UNKNOWN with `OUT_OF_MEMORY`.
- The worker is a fresh interpreter started with `subprocess` (forking a process that runs
  Qt's threads is unsafe), with this program's module path; the two talk JSON lines over its
  standard input and output (aisle.solver.wire), read here by a thread per worker. Not
  multiprocessing: its machinery cost the window more than a megabyte and a helper process of
  its own, for one pipe. Nothing here is POSIX-only.

No Qt here: the window drives this from its event loop, tests and tools from plain Python.
The worker's side is aisle.solver.worker.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

from aisle.engine.game import Game
from aisle.engine.records import frozen
from aisle.i18n import T, Text
from aisle.solver.memory_cap import OUT_OF_MEMORY_EXIT
from aisle.solver.result import Budget, Result, Verdict
from aisle.solver.wire import (
    OVERRUN_EXIT,
    WORKER_VARIABLE,
    overrun_grace,
    read_line,
    result_from,
    write_line,
)

__all__ = ["Answer", "BackgroundSolver", "live_workers", "overrun_grace", "wait_for_any"]

#: The solver the worker runs unless told otherwise ("module:function").
DEFAULT_SOLVE = "aisle.solver:solve"
#: How the worker finds a game by its id ("module:function"): the registry, imported only in the
#: worker's own process (the solver's layer lies below it and never imports it).
DEFAULT_FIND = "aisle.registry.games:variant_class"
#: The worker's loop ("module:function"); None: its own (tests put a variant of it here).
SERVE: str | None = None
#: Seconds a search may take to notice it was asked to stop before its worker is killed.
STOP_GRACE = 0.5
#: Seconds a new worker may take to start (a fresh interpreter, the solver's imports): far more
#: than it ever needs, but not forever.
START_LIMIT = 60.0
#: How many times its seconds a request in CPU seconds may take on the wall clock before its
#: worker is ended from here (the worker's watchdog counts its CPU time, and ends it sooner).
CPU_WALL_FACTOR = 10.0

# Why a request was answered UNKNOWN without the solver's own word; the window shows them.
DID_NOT_FINISH = T("The solver did not finish within its time.")
OUT_OF_MEMORY = T("The solver ran out of memory.")
PROCESS_ENDED = T("The solver's process ended unexpectedly.")
UNREACHABLE = T("The solver's process cannot be reached.")
CANNOT_START = T("The solver's process cannot start.")

_DEFAULT_BUDGET = Budget()
_set = object.__setattr__
_Message = list[Any]
#: Told whenever a worker says something or its replies end (`wait_for_any` waits on it).
_news = threading.Condition()
#: The folder this `aisle` package was imported from.
_AISLE_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
#: Every worker process started here, until seen ended (`live_workers`).
_started: list[subprocess.Popen[str]] = []
#: Runs the worker in a fresh interpreter that finds this Aisle first (filled in); the rest of
#: this program's module path comes with the setup, so the command line stays short.
_BOOT = "import sys; sys.path.insert(0, {root!r}); from aisle.solver.worker import main; main()"


def allowed_seconds(seconds: float, cpu: bool) -> float:
    """How long on the wall clock a request may run before its worker is ended from here."""
    return (CPU_WALL_FACTOR * seconds if cpu else seconds) + overrun_grace(seconds)


def failed(detail: str) -> Text:
    # TRANSLATORS: {error} is a program's error message, such as "RuntimeError: ...", in English.
    return T("The solver failed: {error}", error=detail)


@frozen
class Answer:
    """The answer to request `request`; `reason` says why there is no verdict of the solver's
    own (the result is then UNKNOWN)."""

    request: int
    result: Result
    reason: Text | None

    def __init__(self, request: int, result: Result, reason: Text | None = None) -> None:
        _set(self, "request", request)
        _set(self, "result", result)
        _set(self, "reason", reason)

    @property
    def problem(self) -> str | None:
        """The reason in the current language (for logs and tests)."""
        return None if self.reason is None else self.reason.translate()


class _Worker:
    """One worker process, and its replies as a thread of its own reads them."""

    def __init__(self, setup: dict[str, Any]) -> None:
        command, environment = _worker_command()
        self.process = subprocess.Popen(
            command, env=environment, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            encoding="utf-8",
            # No console window flashing up under a windowed Python on Windows.
            creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0))
        _started.append(self.process)
        self.replies: deque[list[Any]] = deque()
        #: Its replies have ended: the process has ended (or is about to).
        self.ended = False
        self.tell(["setup", {**setup, "path": sys.path}])
        threading.Thread(target=self._read, name="aisle-solver-replies", daemon=True).start()

    def tell(self, message: _Message) -> None:
        assert self.process.stdin is not None
        write_line(self.process.stdin, message)

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def end(self) -> None:
        """End the process (a running search is killed) and wait for it."""
        process = self.process
        assert process.stdin is not None
        with contextlib.suppress(OSError):
            process.stdin.close()  # the worker ends by itself when its input ends
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(2.0)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(2.0)

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            try:
                message = read_line(stream)
            except ValueError:
                continue  # not a reply (the worker keeps its output for replies; never seen)
            except OSError:
                message = None
            if message is None:
                break
            with _news:
                self.replies.append(message)
                _news.notify_all()
        stream.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(5.0)  # the process ends right after its output does
        with _news:
            self.ended = True
            _news.notify_all()


def _worker_command() -> tuple[list[str], dict[str, str] | None]:
    """The worker's command line and environment (None: this program's): a fresh Python running
    `_BOOT`; in a frozen bundle, which runs no `python -c`, the bundle's own executable told by
    `WORKER_VARIABLE` to be the worker."""
    if getattr(sys, "frozen", False):
        return [sys.executable], {**os.environ, WORKER_VARIABLE: "1"}
    return [sys.executable, "-c", _BOOT.format(root=_AISLE_ROOT)], None


def live_workers() -> list[int]:
    """The process ids of the workers started here that still run (none is to be left behind
    once its solver is closed)."""
    _started[:] = [process for process in _started if process.poll() is None]
    return [process.pid for process in _started]


class BackgroundSolver:
    """One worker process answering one request at a time; see the module's notes.

    `solve` is the import path ("module:function") of the solver the worker calls as
    ``solve(game, budget, stop)``; `variants` maps game ids to import paths of Variant classes
    the worker uses besides the installed games (tests use it for their own games).
    """

    def __init__(self, solve: str = DEFAULT_SOLVE, variants: Mapping[str, str] | None = None,
                 grace: float = STOP_GRACE, find: str = DEFAULT_FIND) -> None:
        self.solve_path = solve
        self.find_path = find
        self.variant_paths = dict(variants or {})
        self.grace = grace
        #: The last request whose search the worker said it began (loading its game done).
        self.searching: int | None = None
        #: Workers started so far, and answers dropped as stale (tests and numbers read them).
        self.starts = 0
        self.dropped = 0
        self._worker: _Worker | None = None
        self._last_request = 0
        #: The request whose answer is wanted (None: nothing is).
        self._wanted: int | None = None
        #: The wanted request's message while the worker is still busy with an older one.
        self._queued: _Message | None = None
        #: Since when the worker has been starting (None: it is not, or it said it is ready).
        self._starting_since: float | None = None
        #: The request the worker is on, since when, the time it may take at most (its budget
        #: and the grace) and the moment it is overdue; and since when it has been asked to stop.
        self._running: int | None = None
        self._running_since = 0.0
        self._allowed = 0.0
        self._overdue_at: float | None = None
        self._stopping_since: float | None = None
        #: The worker said it ends (it ran out of memory): replaced before the next request.
        self._retire = False
        self._answer: Answer | None = None

    # -- the front end's side ---------------------------------------------------------------
    def submit(self, game: Game, budget: Budget = _DEFAULT_BUDGET) -> int:
        """Ask about the game's current position; returns the request's number. Any earlier
        request is given up (its answer will never be handed out)."""
        self._last_request += 1
        request = self._last_request
        limits = [budget.seconds, budget.positions, budget.memory_mb, budget.cpu]
        self._queued = ["solve", request, game.variant_id, game.to_json(), limits]
        self._wanted = request
        self._answer = None
        self._stop_below(request)
        self._pump()
        return request

    def cancel(self) -> None:
        """Give up the current request, if any (the worker stays for the next one)."""
        self._wanted = None
        self._queued = None
        self._answer = None
        self._stop_below(self._last_request + 1)

    def poll(self) -> Answer | None:
        """The answer to the latest request if it has come (once), else None. Never blocks."""
        self._pump()
        answer, self._answer = self._answer, None
        return answer

    @property
    def waiting(self) -> bool:
        """Whether an answer is still to come."""
        return self._wanted is not None

    @property
    def busy(self) -> bool:
        """Whether to keep polling: an answer is to come, or a given-up search must still be
        seen to stop (or be killed)."""
        return self._wanted is not None or self._running is not None or self._starting

    @property
    def running(self) -> int | None:
        """The request the worker is on now (None: it is idle or still starting)."""
        return self._running

    @property
    def worker_alive(self) -> bool:
        return self._worker is not None and self._worker.alive

    @property
    def worker_process(self) -> subprocess.Popen[str] | None:
        """The worker process (None: there is none); tests watch it end."""
        return self._worker.process if self._worker is not None else None

    @property
    def worker_pid(self) -> int | None:
        """The worker's process id (None: there is no worker)."""
        return self._worker.process.pid if self._worker is not None else None

    def close(self) -> None:
        """End the worker (a running search is killed); the object may be used again."""
        self._wanted = None
        self._queued = None
        self._answer = None
        self._end_worker()

    def __enter__(self) -> BackgroundSolver:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- inside ------------------------------------------------------------------------------
    @property
    def _starting(self) -> bool:
        return self._starting_since is not None

    def _stop_below(self, request: int) -> None:
        """Ask the worker to stop every request numbered below `request`."""
        if self._worker is not None:
            with contextlib.suppress(OSError):  # gone: `_pump` notices it is not alive
                self._worker.tell(["stop", request - 1])
        if self._running is not None and self._running < request and self._stopping_since is None:
            self._stopping_since = time.monotonic()

    def _pump(self) -> None:
        """Read what the worker said, hand it the queued request when it is free, and replace
        a worker that died, will not stop, runs past its time or takes too long to start."""
        self._read_replies()
        worker = self._worker
        if self._retire or (worker is not None and worker.ended and self._running is None
                            and not self._starting):
            self._end_worker()  # retiring, or gone while idle: a new one takes the next request
        now = time.monotonic()
        if self._stopping_since is not None and now - self._stopping_since > self.grace:
            self._end_worker()  # stuck in a search that does not look at `stop`
        elif self._overdue_at is not None and now > self._overdue_at:
            self._give_up(DID_NOT_FINISH)  # stuck in code that never returns
        elif self._starting_since is not None and now - self._starting_since > START_LIMIT:
            self._give_up(CANNOT_START)
        if (self._running is not None or self._starting) and not self.worker_alive:
            ended = self._worker.process.returncode if self._worker is not None else None
            self._give_up(OUT_OF_MEMORY if ended == OUT_OF_MEMORY_EXIT
                          else DID_NOT_FINISH if ended == OVERRUN_EXIT else PROCESS_ENDED)
        if self._queued is not None and self._running is None and not self._starting:
            if self.worker_alive:
                self._send(self._queued)
            else:
                self._start_worker()  # it sends the request once it says it is ready

    def _give_up(self, reason: Text) -> None:
        """End the worker; the request it was on (or starting for), if still wanted, answers
        UNKNOWN for `reason` and is not sent again: the same position would likely end the
        same way."""
        lost = self._running if self._running is not None else self._wanted
        spent = time.monotonic() - self._running_since if self._running is not None else 0.0
        self._end_worker()
        if lost is not None and lost == self._wanted:
            self._queued = None
            self._deliver(lost, Result(Verdict.UNKNOWN, seconds=spent), reason)

    def _read_replies(self) -> None:
        worker = self._worker
        while worker is not None and worker.replies:
            self._take(worker.replies.popleft())

    def _take(self, reply: list[Any]) -> None:
        kind, request = reply[0], reply[1]
        if kind == "ready":
            self._starting_since = None
            return
        if kind == "started":
            self.searching = request
            if request == self._running:  # the search is timed from its start, not its loading
                self._overdue_at = time.monotonic() + self._allowed
            return
        spent = time.monotonic() - self._running_since
        if request == self._running:
            self._running = None
            self._overdue_at = None
            self._stopping_since = None
        if kind == "failed" and reply[2] == "memory":
            self._retire = True  # the worker ends itself; a new one takes the next request
        if request != self._wanted:
            if kind != "stopped":
                self.dropped += 1  # an answer about a position that was left
            return
        if kind == "answer":
            self._deliver(request, result_from(reply[2]))
        elif kind == "failed":
            reason = OUT_OF_MEMORY if reply[2] == "memory" else failed(str(reply[3]))
            self._deliver(request, Result(Verdict.UNKNOWN, seconds=spent), reason)

    def _deliver(self, request: int, result: Result, reason: Text | None = None) -> None:
        self._wanted = None
        self._answer = Answer(request, result, reason)

    def _send(self, message: _Message) -> None:
        assert self._worker is not None
        try:
            self._worker.tell(message)
        except OSError:
            self._end_worker()
            self._queued = None
            self._deliver(message[1], Result(Verdict.UNKNOWN), UNREACHABLE)
            return
        seconds, cpu = message[4][0], message[4][3]
        self._queued = None
        self._running = message[1]
        self._running_since = time.monotonic()
        self._allowed = allowed_seconds(seconds, cpu)
        # Loading the game is timed too (a plugin's code runs there as well), from now.
        self._overdue_at = self._running_since + self._allowed

    def _start_worker(self) -> None:
        self._end_worker()
        stopped = self._wanted - 1 if self._wanted is not None else self._last_request
        setup = {"solve": self.solve_path, "variants": self.variant_paths, "find": self.find_path,
                 "serve": SERVE, "cancelled": stopped}
        try:
            self._worker = _Worker(setup)
        except Exception as error:  # no process can be made here: no answers, no crash
            self._queued = None
            if self._wanted is not None:
                self._deliver(self._wanted, Result(Verdict.UNKNOWN),
                              failed(f"{type(error).__name__}: {error}"))
            return
        self._starting_since = time.monotonic()
        self.starts += 1

    def _end_worker(self) -> None:
        worker, self._worker = self._worker, None
        self._running = None
        self._starting_since = None
        self._overdue_at = None
        self._stopping_since = None
        self._retire = False
        if worker is not None:
            worker.end()

    # -- for `wait_for_any` ------------------------------------------------------------------
    def _has_news(self) -> bool:
        """Whether the worker said something, or ended, that `_pump` has not yet seen."""
        worker = self._worker
        return worker is not None and (bool(worker.replies) or worker.ended)

    def _due(self) -> float | None:
        """When `_pump` has something to do although the worker says nothing."""
        moments = [self._overdue_at]
        if self._stopping_since is not None:
            moments.append(self._stopping_since + self.grace)
        if self._starting_since is not None:
            moments.append(self._starting_since + START_LIMIT)
        known = [moment for moment in moments if moment is not None]
        return min(known) if known else None


def wait_for_any(solvers: Iterable[BackgroundSolver], timeout: float) -> None:
    """Block until one of the solvers may have an answer to `poll` (a worker said something,
    ended, or ran past a limit), or `timeout` seconds have gone by."""
    solvers = list(solvers)
    now = time.monotonic()
    timeout = max(timeout, 0.0)
    for solver in solvers:
        due = solver._due()
        if due is not None:
            timeout = min(timeout, max(due - now, 0.0) + 0.001)
    with _news:
        if not any(solver._has_news() for solver in solvers):
            _news.wait(timeout)
