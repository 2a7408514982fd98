"""A hunt for a win that starts over now and then, each time with the steps tried in a slightly
different order (`SolverModel.restarts`).

How long a depth-first hunt takes to find a win is heavy-tailed: one early step in the wrong
order can hold it in a large corner of the game for its whole budget, while the same hunt with
the steps a little shaken finds the win in a few hundred positions. So the hunt first runs in
the model's own order for a while, then starts over and over with short runs whose lengths
follow Luby's sequence (1, 1, 2, 1, 1, 2, 4, ... times a unit: no run length is ever far from
the best one). The first run is not given up: between the short runs it goes on, with most of
the positions, as the model's own order still wins most deals soonest. Each run's order comes
from a generator seeded with the run's number, so a deal always gets the same answer. A hunt
never answers "lost".
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
#: After each shaken run, the first run goes on for this many times as many positions.
FIRST_KEEPS = 8.0
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
        self.check_every = model.check_every

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
    """Depth-first hunts with `SolverModel.hunch`, one after another (see the module's text).

    The first run, in the model's own order, is never given up: after each shaken run it goes
    on for `FIRST_KEEPS` times as many positions as that run had, so most of the hunt keeps to
    the order that wins most deals outright, and the rest is spent on the restarts."""

    def __init__(self, model: SolverModel[Any, Any], budget: Budget, stop: Callable[[], bool] | None,
                 deadline: float, first_keeps: float = FIRST_KEEPS) -> None:
        super().__init__(model, budget, stop, deadline, hunch=True)
        #: `FIRST_KEEPS` for this hunt.
        self.first_keeps = first_keeps
        self.runs = 0
        #: Whether a run saw every position the hunch reaches.
        self.exhausted = False
        #: The run under way (None between runs).
        self._current: ModelSearch | None = None
        #: The first run, and how many more positions it is owed before the next shaken run.
        self._first: ModelSearch | None = None
        self._owed = 0

    def _next(self, room: int | None) -> ModelSearch:
        """The run to go on with: the first one while it is owed positions, else a new one."""
        first = self._first
        if first is not None and self._owed > 0 and first.stack_left():
            length = self._owed if room is None else min(self._owed, room)
            first.budget = Budget(self.budget.seconds, first.positions + length, self.budget.memory_mb,
                                  self.budget.cpu)
            self._owed = 0
            return first
        length = FIRST_RUN if first is None else luby(self.runs - 1) * UNIT
        if room is not None:
            length = min(length, room)
        model = self.model if first is None else _ShakenModel(self.model, self.runs)
        hunt = ModelSearch(model, Budget(self.budget.seconds, length, self.budget.memory_mb, self.budget.cpu),
                           self.stop, self.deadline, hunch=True)
        if first is None:
            self._first = hunt
        else:
            self._owed = int(length * self.first_keeps)
        self.runs += 1
        return hunt

    def release(self) -> None:
        super().release()
        self._current = self._first = None

    def run(self, deadline: float | None = None) -> Verdict:
        if deadline is not None:
            self.deadline = deadline
        total = self.budget.positions
        while not self.exhausted and (total is None or self.positions < total):
            if self._current is None:
                self._current = self._next(None if total is None else total - self.positions)
            hunt = self._current
            before = hunt.positions
            verdict = hunt.run(self.deadline)
            self.positions += hunt.positions - before
            if verdict is Verdict.WON:
                self.solution = hunt.solution
                return verdict
            if not hunt.stack_left():
                self.exhausted = True  # every order has the same positions: none wins
                return Verdict.UNKNOWN
            if hunt.positions < (hunt.budget.positions or 0):
                return Verdict.UNKNOWN  # out of time or memory, or asked to stop: a later call goes on
            self._current = None
        return Verdict.UNKNOWN
