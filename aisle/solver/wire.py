"""What the window and the solver's worker agree on (aisle.solver.background, .worker): messages
as one JSON document per line (lists, numbers, strings: nothing but plain data crosses), results
as such data, and how long and with which exit status a search that overruns its time ends.

Here, not in the worker's module, so that the window never imports the worker's own machinery.
"""

from __future__ import annotations

import json
from typing import IO, Any

from aisle.engine.actions import action_from_json, action_to_json
from aisle.solver.result import Result, Verdict

#: The worker's exit status when its watchdog ended a request that computed past its CPU time.
OVERRUN_EXIT = 76
#: Set (to "1") for a worker started from a frozen bundle's own executable, which then runs the
#: worker instead of the window (packaging/aisle_main.py): such a program runs no `python -c`.
WORKER_VARIABLE = "AISLE_SOLVER_WORKER"


def overrun_grace(seconds: float) -> float:
    """How long past its budget's time a search may run before its worker is ended: the solver
    checks its clock between positions, and finishes its answer after the time is up."""
    return max(1.0, 0.2 * seconds)


def write_line(stream: IO[str], message: list[Any]) -> None:
    """Send one message and flush it (the other side waits for whole lines)."""
    stream.write(json.dumps(message, separators=(",", ":")) + "\n")
    stream.flush()


def read_line(stream: IO[str]) -> list[Any] | None:
    """The next message; None at the end of the stream. A line that is not a message raises
    ValueError."""
    line = stream.readline()
    if not line:
        return None
    message = json.loads(line)
    if not isinstance(message, list) or not message:
        raise ValueError(f"not a message: {line[:80]!r}")
    return message


def result_data(result: Result) -> dict[str, Any]:
    return {"verdict": result.verdict.value,
            "solution": [action_to_json(action) for action in result.solution],
            "positions": result.positions, "seconds": result.seconds}


def result_from(data: dict[str, Any]) -> Result:
    return Result(Verdict(data["verdict"]), tuple(action_from_json(a) for a in data["solution"]),
                  int(data["positions"]), float(data["seconds"]))
