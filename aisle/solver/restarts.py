"""A hunt for a win that starts over now and then, each time with the steps tried in a slightly
different order (`SolverModel.restarts`).

How long a depth-first hunt takes to find a win is heavy-tailed: one early step in the wrong
order can hold it in a large corner of the game for its whole budget, while the same hunt with
the steps a little shaken finds the win in a few hundred positions. So the hunt first runs in
the model's own order for a while, then starts over and over with short runs whose lengths
follow Luby's sequence (1, 1, 2, 1, 1, 2, 4, ... times a unit: no run length is ever far from
the best one). Each run's order comes from a generator seeded with the run's number, so a deal
always gets the same answer. A hunt never answers "lost".
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from aisle.solver.model import SolverModel
from aisle.solver.model_search import ModelSearch
from aisle.solver.result import Budget, Verdict

#: Positions for the first run, in the model's own order.
FIRST_RUN = 50_000
#: Positions for a run of Luby length 1.
UNIT = 2_000
#: How far (in places) a step may move from its place in the model's order, by turns.
SHAKES = (3.0, 12.0)


def luby(index: int) -> int:
    """The `index`-th term (from 0) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ..."""
    number = index + 1
    while True:
        power = 1
        while (1 << power) - 1 < number:
            power += 1
        if number == (1 << power) - 1:
            return 1 << (power - 1)
        number -= (1 << (power - 1)) - 1


class _ShakenModel(SolverModel[Any, Any]):
    """The model, with the hunch's steps in a slightly shaken order."""

    def __init__(self, model: SolverModel[Any, Any], seed: int) -> None:
        self.model = model
        self.random = random.Random(seed)
        # Runs alternate between small and large shakes: each finds wins the other misses.
        self.shake = SHAKES[seed % len(SHAKES)]
        self.prunes = model.prunes

    def hunch(self, state: Any) -> Sequence[tuple[Any, Any]] | None:
        steps = self.model.hunch(state)
        if steps is None or len(steps) < 2:
            return steps
        draw = self.random.random
        shaken = sorted((place + draw() * self.shake, place) for place in range(len(steps)))
        return [steps[place] for _, place in shaken]

    def start(self) -> Any:
        return self.model.start()

    def key(self, state: Any) -> Any:
        return self.model.key(state)

    def spent(self, state: Any) -> int:
        return self.model.spent(state)

    def won(self, state: Any) -> bool:
        return self.model.won(state)

    def children(self, state: Any) -> Sequence[tuple[Any, Any]]:
        return self.model.children(state)

    def actions(self, state: Any, step: Any) -> tuple[Any, ...]:
        return self.model.actions(state, step)

    def legal(self, state: Any) -> Sequence[tuple[Any, Any]]:
        return self.model.legal(state)


class RestartingHunt(ModelSearch):
    """Depth-first hunts with `SolverModel.hunch`, one after another (see the module's text)."""

    def __init__(self, model: SolverModel[Any, Any], budget: Budget, stop: Callable[[], bool] | None,
                 deadline: float) -> None:
        super().__init__(model, budget, stop, deadline, hunch=True)
        self.runs = 0
        #: Whether a run saw every position the hunch reaches.
        self.exhausted = False
        #: The run under way (None between runs).
        self._current: ModelSearch | None = None

    def run(self, deadline: float | None = None) -> Verdict:
        if deadline is not None:
            self.deadline = deadline
        total = self.budget.positions
        while not self.exhausted and (total is None or self.positions < total):
            if self._current is None:
                length = FIRST_RUN if self.runs == 0 else luby(self.runs - 1) * UNIT
                if total is not None:
                    length = min(length, total - self.positions)
                model = self.model if self.runs == 0 else _ShakenModel(self.model, self.runs)
                self._current = ModelSearch(model, Budget(self.budget.seconds, length, self.budget.memory_mb),
                                            self.stop, self.deadline, hunch=True)
            hunt = self._current
            before = hunt.positions
            verdict = hunt.run(self.deadline)
            self.positions += hunt.positions - before
            if verdict is Verdict.WON:
                self.solution = hunt.solution
                return verdict
            if hunt.positions < (hunt.budget.positions or 0):
                # out of time or memory, or asked to stop: a later call goes on with this run,
                # unless it has seen all it can
                if not hunt.stack_left():
                    self.exhausted = True  # every order has the same positions: none wins
                return Verdict.UNKNOWN
            self._current = None
            self.runs += 1
        return Verdict.UNKNOWN
