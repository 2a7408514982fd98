"""Solving in a separate process, so the window never waits for the solver.

The front end hands a game over with `BackgroundSolver.submit` and collects the answer with
`poll`, which never blocks (the window calls it from a timer). One worker process lives
between requests: starting one costs a fresh interpreter and the imports of the games.

- The position travels as ``game.to_json()`` plus the game's id; the worker finds the game
  through `aisle.hooks`, as any other program would (a third-party game is solved the same way).
- Every request has a number, and `poll` only ever hands out the answer to the latest one: an
  answer to a position the player has left is dropped, never shown.
- A new request or `cancel` asks the running search to stop (its ``stop`` callback turns true);
  a worker that does not give up within `STOP_GRACE` seconds is killed and a new one started.
- The worker is started with the 'spawn' method everywhere: forking a process that runs Qt's
  threads is unsafe, and spawn is what Windows and macOS do anyway. Nothing here is POSIX-only.

No Qt here: the window drives this from its event loop, tests and tools from plain Python.
"""

from __future__ import annotations

import importlib
import multiprocessing
import time
from collections.abc import Callable, Mapping
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from aisle.engine.actions import action_from_json, action_to_json
from aisle.engine.game import Game, resolve_variant
from aisle.engine.records import frozen
from aisle.solver.result import Budget, Result, Verdict

#: The solver the worker runs unless told otherwise ("module:function").
DEFAULT_SOLVE = "aisle.solver:solve"
#: Seconds a search may take to notice it was asked to stop before its worker is killed.
STOP_GRACE = 0.5
#: How often (seconds) a search in the worker checks that the window that asked still lives.
_PARENT_CHECK = 0.5

_DEFAULT_BUDGET = Budget()
_set = object.__setattr__
_Message = tuple[str, int, str, str, tuple[float, int | None, int]]


@frozen
class Answer:
    """The answer to request `request`; `problem` says why the solve failed (the result is
    then UNKNOWN)."""

    request: int
    result: Result
    problem: str | None

    def __init__(self, request: int, result: Result, problem: str | None = None) -> None:
        _set(self, "request", request)
        _set(self, "result", result)
        _set(self, "problem", problem)


class BackgroundSolver:
    """One worker process answering one request at a time; see the module's notes.

    `solve` is the import path ("module:function") of the solver the worker calls as
    ``solve(game, budget, stop)``; `variants` maps game ids to import paths of Variant classes
    the worker uses besides the installed games (tests use it for their own games).
    """

    def __init__(self, solve: str = DEFAULT_SOLVE, variants: Mapping[str, str] | None = None,
                 grace: float = STOP_GRACE) -> None:
        self.solve_path = solve
        self.variant_paths = dict(variants or {})
        self.grace = grace
        #: Workers started so far, and answers dropped as stale (tests and numbers read them).
        self.starts = 0
        self.dropped = 0
        self._context = multiprocessing.get_context("spawn")
        self._process: BaseProcess | None = None
        self._connection: Connection | None = None
        #: Shared with the worker: every request up to this number is to stop.
        self._cancelled: Any = None
        self._last_request = 0
        #: The request whose answer is wanted (None: nothing is).
        self._wanted: int | None = None
        #: The wanted request's message while the worker is still busy with an older one.
        self._queued: _Message | None = None
        #: The worker has been started and has not said it is ready yet.
        self._starting = False
        #: The request the worker is on, and since when it has been asked to stop.
        self._running: int | None = None
        self._stopping_since: float | None = None
        self._answer: Answer | None = None

    # -- the front end's side ---------------------------------------------------------------
    def submit(self, game: Game, budget: Budget = _DEFAULT_BUDGET) -> int:
        """Ask about the game's current position; returns the request's number. Any earlier
        request is given up (its answer will never be handed out)."""
        self._last_request += 1
        request = self._last_request
        limits = (budget.seconds, budget.positions, budget.memory_mb)
        self._queued = ("solve", request, game.variant_id, game.to_json(), limits)
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
        return self._process is not None and self._process.is_alive()

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
    def _stop_below(self, request: int) -> None:
        """Ask the worker to stop every request numbered below `request`."""
        if self._cancelled is not None:
            self._cancelled.value = request - 1
        if self._running is not None and self._running < request and self._stopping_since is None:
            self._stopping_since = time.monotonic()

    def _pump(self) -> None:
        """Read what the worker said, hand it the queued request when it is free, and replace
        a worker that died or will not stop."""
        self._read_replies()
        if (self._stopping_since is not None
                and time.monotonic() - self._stopping_since > self.grace):
            self._end_worker()  # stuck in a search that does not look at `stop`
        if (self._running is not None or self._starting) and not self.worker_alive:
            lost = self._running if self._running is not None else self._wanted
            self._end_worker()
            if lost is not None and lost == self._wanted:
                # Not sent again: the same position would likely end the same way.
                self._queued = None
                self._deliver(lost, Result(Verdict.UNKNOWN), "the solver's process ended")
        if self._queued is not None and self._running is None and not self._starting:
            if self.worker_alive:
                self._send(self._queued)
            else:
                self._start_worker()  # it sends the request once it says it is ready

    def _read_replies(self) -> None:
        connection = self._connection
        if connection is None:
            return
        try:
            while connection.poll(0):
                self._take(connection.recv())
        except (EOFError, OSError):
            pass  # the worker is gone; `_pump` notices it is not alive

    def _take(self, reply: tuple[Any, ...]) -> None:
        kind, request = reply[0], reply[1]
        if kind == "ready":
            self._starting = False
            return
        if request == self._running:
            self._running = None
            self._stopping_since = None
        if request != self._wanted:
            if kind != "stopped":
                self.dropped += 1  # an answer about a position that was left
            return
        if kind == "answer":
            self._deliver(request, _result_from(reply[2]))
        elif kind == "failed":
            self._deliver(request, Result(Verdict.UNKNOWN), str(reply[2]))

    def _deliver(self, request: int, result: Result, problem: str | None = None) -> None:
        self._wanted = None
        self._answer = Answer(request, result, problem)

    def _send(self, message: _Message) -> None:
        assert self._connection is not None
        try:
            self._connection.send(message)
        except OSError:
            self._end_worker()
            self._queued = None
            self._deliver(message[1], Result(Verdict.UNKNOWN), "the solver's process cannot be reached")
            return
        self._queued = None
        self._running = message[1]

    def _start_worker(self) -> None:
        self._end_worker()
        ours, theirs = self._context.Pipe()
        # Raw: read without a lock on every `stop` check; only this side writes it.
        stopped = self._wanted - 1 if self._wanted is not None else self._last_request
        cancelled = self._context.RawValue("q", stopped)
        process = self._context.Process(
            target=serve, args=(theirs, cancelled, self.solve_path, self.variant_paths),
            name="aisle-solver", daemon=True)
        try:
            process.start()
        except Exception as error:  # no process can be made here: no answers, no crash
            ours.close()
            theirs.close()
            self._queued = None
            if self._wanted is not None:
                self._deliver(self._wanted, Result(Verdict.UNKNOWN),
                              f"the solver's process cannot start: {error!r}")
            return
        theirs.close()
        self._process, self._connection, self._cancelled = process, ours, cancelled
        self._starting = True
        self.starts += 1

    def _end_worker(self) -> None:
        process, connection = self._process, self._connection
        self._process = self._connection = self._cancelled = None
        self._running = None
        self._starting = False
        self._stopping_since = None
        if connection is not None:
            connection.close()
        if process is not None:
            if process.is_alive():
                process.terminate()
                process.join(2.0)
                if process.is_alive():
                    process.kill()
                    process.join(2.0)
            if not process.is_alive():
                process.close()


# -- the worker's side -----------------------------------------------------------------------
def serve(connection: Connection, cancelled: Any, solve_path: str,
          variant_paths: Mapping[str, str]) -> None:
    """The worker's loop: one request in, one reply out, until told to end or orphaned."""
    solve: Callable[..., Result] = load_object(solve_path)
    extra = {game_id: load_object(path) for game_id, path in variant_paths.items()}
    try:
        connection.send(("ready", 0))
    except OSError:
        return
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):
            return  # the window has gone
        if message is None:
            return
        _kind, request, variant_id, text, limits = message
        reply: tuple[Any, ...]
        if cancelled.value >= request:
            reply = ("stopped", request)
        else:
            try:
                variant = extra.get(variant_id) or resolve_variant(variant_id)
                game = Game.from_json(text, {variant_id: variant})
                result = solve(game, Budget(*limits), _stopper(cancelled, request))
                reply = ("answer", request, _result_data(result))
            except Exception as error:  # a plugin's or the solver's bug: reported, not fatal
                reply = ("failed", request, f"{type(error).__name__}: {error}")
        try:
            connection.send(reply)
        except OSError:
            return


def _stopper(cancelled: Any, request: int) -> Callable[[], bool]:
    """The `stop` callback of one search: cancelled, or the window that asked is gone."""
    parent = multiprocessing.parent_process()
    next_check = time.monotonic() + _PARENT_CHECK

    def stop() -> bool:
        nonlocal next_check
        if cancelled.value >= request:
            return True
        if parent is not None and time.monotonic() >= next_check:
            next_check = time.monotonic() + _PARENT_CHECK
            return not parent.is_alive()
        return False

    return stop


def load_object(path: str) -> Any:
    """The object an import path "package.module:name" names."""
    module, _colon, name = path.partition(":")
    found: Any = importlib.import_module(module)
    for part in name.split(".") if name else ():
        found = getattr(found, part)
    return found


def _result_data(result: Result) -> dict[str, Any]:
    return {"verdict": result.verdict.value,
            "solution": [action_to_json(action) for action in result.solution],
            "positions": result.positions, "seconds": result.seconds}


def _result_from(data: dict[str, Any]) -> Result:
    return Result(Verdict(data["verdict"]), tuple(action_from_json(a) for a in data["solution"]),
                  int(data["positions"]), float(data["seconds"]))
