"""The solver: can this position still be won, and how? Pure Python, no Qt.

`solve(game, budget, stop)` searches every position reachable from the game's current one and
answers `Verdict.WON` with a solution, `Verdict.LOST` when it has seen them all, or
`Verdict.UNKNOWN` when the budget ran out first. It works on any game through the Variant API;
a variant may teach it shortcuts (see `Variant.solver_key`, `solver_steps`, `solver_dead_end`,
or a whole compact model of the game, `Variant.solver_model` and aisle/solver/model.py; and
plugins/README.md §13).
"""

from aisle.solver.result import Budget, Result, Verdict
from aisle.solver.search import SolverError
from aisle.solver.solve import solve

__all__ = ["Budget", "Result", "SolverError", "Verdict", "solve"]
