"""Depth-first search over a game's own model (`aisle.solver.model`), with a table of the
positions seen: the same search as `search.Search`, on immutable model positions instead of a
board played and taken back.

Each key goes into the table once (again only with less spent), so the search ends: with a
win as soon as one is reached, or with every reachable position seen (lost, unless the model
prunes). The path of steps from the start, turned into engine actions, is the solution.
"""

from __future__ import annotations

import heapq
import itertools
import sys
from collections.abc import Callable, Hashable, Iterator
from typing import Any

from aisle.engine.actions import Action
from aisle.solver import clock
from aisle.solver.model import SolverModel
from aisle.solver.result import Budget, Verdict

#: What a table entry costs beyond its key (the dict slot, the value).
ENTRY_OVERHEAD = 40


class ModelSearch:
    def __init__(self, model: SolverModel[Any, Any], budget: Budget, stop: Callable[[], bool] | None,
                 deadline: float, hunch: bool = False) -> None:
        self.model = model
        #: Search with `SolverModel.hunch` instead of `children` (wins only, never LOST).
        self.hunch = hunch
        self.budget = budget
        self.stop = stop
        self.deadline = deadline
        #: key -> the least spent it was seen with
        self.seen: dict[Hashable, int] = {}
        self.positions = 0
        self.solution: tuple[Action, ...] = ()
        self._key_bytes = 0
        self._children = model.hunch if hunch else model.children
        #: Positions looked at between two looks at the clock, the memory and `stop()`.
        self.check_every = model.check_every
        # Where the depth-first search stands (None: not started): the positions on the path,
        # the steps between them, and the children of each still to try.
        self._stack: list[Iterator[tuple[Any, Any]]] | None = None
        self._states: list[Any] = []
        self._steps: list[Any] = []

    def run(self, deadline: float | None = None) -> Verdict:
        """Search until a win, the end of the space, or the budget; UNKNOWN keeps where the
        search stands, so another call (with a later `deadline`) goes on from there."""
        if deadline is not None:
            self.deadline = deadline
        model = self.model
        if self._stack is None:
            start = model.start()
            if model.won(start):
                return Verdict.WON
            self.seen[model.key(start)] = model.spent(start)
            self._sample(model.key(start))
            self.positions = 1
            self._states = [start]
            self._steps = []
            self._stack = [iter(self._children(start) or ())]
        seen = self.seen
        states, steps, stack = self._states, self._steps, self._stack
        children = self._children
        key_of, spent_of, won = model.key, model.spent, model.won
        countdown = self.check_every
        limit = self.budget.positions if self.budget.positions is not None else sys.maxsize
        while stack:
            child = next(stack[-1], None)
            if child is None:
                stack.pop()
                states.pop()
                if steps:
                    steps.pop()
                continue
            step, state = child
            if won(state):
                self._won_by(step)
                return Verdict.WON
            key = key_of(state)
            spent = spent_of(state)
            before_spent = seen.get(key)
            if before_spent is not None and before_spent <= spent:
                continue
            seen[key] = spent
            self.positions += 1
            stack.append(iter(children(state) or ()))
            states.append(state)
            steps.append(step)
            countdown -= 1
            if countdown <= 0 or self.positions >= limit:
                countdown = self.check_every
                self._sample(key)
                if self._out_of_budget():
                    return Verdict.UNKNOWN
        return Verdict.UNKNOWN if model.prunes or self.hunch else Verdict.LOST

    def _won_by(self, step: Any) -> None:
        """The solution: the path's steps and `step`, the one that wins, as engine actions."""
        self._steps.append(step)
        self.solution = tuple(action for before, done in zip(self._states, self._steps, strict=True)
                              for action in self.model.actions(before, done))

    def release(self) -> None:
        """Let go of what the search holds (its table of positions, its path): it will not go
        on, and the next search of the plan gets the memory. Its verdict, solution and count of
        positions stay."""
        self.seen = {}
        self._stack = None
        self._states = []
        self._steps = []

    def path(self) -> list[Any]:
        """The positions from the start to where the search stands (after a win: to the one
        the winning step was taken from)."""
        return list(self._states)

    def stack_left(self) -> bool:
        """Whether the depth-first search has more to look at (it stopped for its budget)."""
        return bool(self._stack)

    def _sample(self, key: Hashable) -> None:
        # The keys of one game are alike in size, so a sample now and then is enough.
        self._key_bytes = sys.getsizeof(key) + _inner_size(key)

    def memory_mb(self) -> float:
        return (self.positions * (self._key_bytes + ENTRY_OVERHEAD) + sys.getsizeof(self.seen)) / (1 << 20)

    def _out_of_budget(self) -> bool:
        budget = self.budget
        if clock.now() >= self.deadline:
            return True
        if budget.positions is not None and self.positions >= budget.positions:
            return True
        if self.memory_mb() >= budget.memory_mb:
            return True
        return self.stop is not None and self.stop()


def _inner_size(key: Any) -> int:
    if isinstance(key, tuple):
        return sum(sys.getsizeof(part) + _inner_size(part) for part in key)
    return 0


class BestFirst(ModelSearch):
    """A search that always goes on from the most promising position seen so far (the lowest
    `SolverModel.estimate`): it finds wins far sooner than depth-first search, which can spend
    its whole budget below one early mistake. It keeps every open position in memory, so it
    runs with a share of the budget; its positions are only hunted through, never proved
    lost (the exhaustive `ModelSearch` does that)."""

    def __init__(self, model: SolverModel[Any, Any], budget: Budget, stop: Callable[[], bool] | None,
                 deadline: float, hunch: bool = False,
                 estimate: Callable[[Any], int | None] | None = None) -> None:
        super().__init__(model, budget, stop, deadline, hunch)
        #: The estimate to go by (one of `SolverModel.estimates`; by default `estimate`).
        self.estimate = estimate if estimate is not None else model.estimate

    def run(self, deadline: float | None = None) -> Verdict:
        if deadline is not None:
            self.deadline = deadline
        model = self.model
        start = model.start()
        if model.won(start):
            return Verdict.WON
        estimate, key_of, won = self.estimate, model.key, model.won
        children = model.hunch if self.hunch else model.children
        first = estimate(start)
        if first is None:
            return Verdict.UNKNOWN
        start_key = key_of(start)
        #: key -> (the key it was first reached from, the step)
        parents: dict[Hashable, tuple[Hashable, Any]] = {start_key: (None, None)}
        order = itertools.count()
        heap: list[tuple[int, int, Hashable, Any]] = [(first, 0, start_key, start)]
        self.positions = 1
        self._sample(start_key)
        countdown = self.check_every
        limit = self.budget.positions if self.budget.positions is not None else sys.maxsize
        while heap:
            _, _, parent_key, state = heapq.heappop(heap)
            for step, child in children(state) or ():
                key = key_of(child)
                if key in parents:
                    continue
                parents[key] = (parent_key, step)
                if won(child):
                    self.solution = self._replay(parents, key)
                    return Verdict.WON
                heapq.heappush(heap, (estimate(child) or 0, -next(order), key, child))
                self.positions += 1
                countdown -= 1
                if countdown <= 0 or self.positions >= limit:
                    countdown = self.check_every
                    if self._out_of_budget():
                        return Verdict.UNKNOWN
        return Verdict.UNKNOWN

    def memory_mb(self) -> float:
        # Each position seen is kept twice over: its key with its parent, and (while open)
        # the whole position in the heap.
        return self.positions * (3 * self._key_bytes + 4 * ENTRY_OVERHEAD) / (1 << 20)

    def _replay(self, parents: dict[Hashable, tuple[Hashable, Any]], key: Hashable) -> tuple[Action, ...]:
        """The steps from the start to `key`, played again on the model to get the actions."""
        steps: list[Any] = []
        while True:
            parent, step = parents[key]
            if parent is None:
                break
            steps.append(step)
            key = parent
        model = self.model
        state = model.start()
        actions: list[Action] = []
        for step in reversed(steps):
            actions += model.actions(state, step)
            steps_here = (model.hunch(state) if self.hunch else None) or model.children(state)
            state = next(child for done, child in steps_here if done == step)
        return tuple(actions)
