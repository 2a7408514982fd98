"""What a solver run answers: a verdict, the solution when there is one, and what it cost."""

from __future__ import annotations

from enum import StrEnum

from aisle.engine.actions import Action
from aisle.engine.records import frozen

_set = object.__setattr__


class Verdict(StrEnum):
    #: A solution was found: playing it from the position wins.
    WON = "won"
    #: Every reachable position was looked at and none is won.
    LOST = "lost"
    #: The budget ran out before either could be shown.
    UNKNOWN = "unknown"


@frozen
class Budget:
    """How much a run may spend; the first limit reached ends it with `Verdict.UNKNOWN`."""

    seconds: float
    positions: int | None
    memory_mb: int
    #: `seconds` counts the solving process's CPU time, not the wall clock (`aisle.solver.clock`).
    cpu: bool

    def __init__(self, seconds: float = 10.0, positions: int | None = None, memory_mb: int = 300,
                 cpu: bool = False) -> None:
        _set(self, "seconds", seconds)
        _set(self, "positions", positions)
        _set(self, "memory_mb", memory_mb)
        _set(self, "cpu", cpu)


@frozen
class Result:
    """The verdict; `solution` (only when WON) are the actions that win from the position."""

    verdict: Verdict
    solution: tuple[Action, ...]
    positions: int
    seconds: float

    def __init__(self, verdict: Verdict, solution: tuple[Action, ...] = (), positions: int = 0,
                 seconds: float = 0.0) -> None:
        _set(self, "verdict", verdict)
        _set(self, "solution", solution)
        _set(self, "positions", positions)
        _set(self, "seconds", seconds)
