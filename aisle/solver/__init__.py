"""The solver: can this position still be won, and how? Pure Python, no Qt.

`solve(game, budget, stop)` searches every position reachable from the game's current one and
answers `Verdict.WON` with a solution, `Verdict.LOST` when it has seen them all, or
`Verdict.UNKNOWN` when the budget ran out first. It works on any game through the Variant API;
a variant may teach it shortcuts (see `Variant.solver_key`, `solver_steps`, `solver_dead_end`,
or a whole compact model of the game, `Variant.solver_model` and aisle/solver/model.py; and
plugins/README.md §13).
"""


from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aisle.solver.result import Budget, Result, Verdict

if TYPE_CHECKING:
    from aisle.solver.hunts import solve
    from aisle.solver.search import SolverError

__all__ = ["Budget", "Result", "SolverError", "Verdict", "solve"]


def __getattr__(name: str) -> Any:
    # The search itself only when asked for: the window imports this package for its worker's
    # client (aisle.solver.background), and the search runs in the worker's own process.
    found: object
    if name == "solve":
        from aisle.solver.hunts import solve as found
    elif name == "SolverError":
        from aisle.solver.search import SolverError as found  # noqa: N813
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    # Kept, so the next use finds it at once.
    globals()[name] = found
    return found
