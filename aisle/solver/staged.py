"""A hunt for a win stage by stage, for games whose play falls into stages that are never undone
(Spider: each deal of the stock begins a stage; see `SolverModel.stage`).

Within a stage the search goes best-first (the lowest `SolverModel.estimate`) through a bounded
number of positions and notes, for each position it looked at, where the step into the next
stage leads from there; the best of those (by their own estimate) begin the next stage. The
stages are searched as a beam: a few positions per stage, all explored before the next stage
begins, so one unlucky choice early on does not doom the whole search. When a pass through the
stages finds no win, the next pass keeps twice as many positions per stage; what a stage's
exploration found is kept, so a wider pass redoes none of the narrower one's work.

The search only hunts for a win: it never answers "lost", since it leaves most of each stage
unexplored. It counts as positions every new position it reaches, like `BestFirst`.
"""

from __future__ import annotations

import heapq
import itertools
import sys
from collections.abc import Hashable, Sequence
from typing import Any, NamedTuple

from aisle.engine.actions import Action
from aisle.solver.model_search import ModelSearch
from aisle.solver.result import Verdict

# The positions expanded (their children looked at) in one stage before its best exits are
# chosen come from the model (`SolverModel.stage_expansions`, `last_stage_expansions`).
#: Positions kept per stage in the first pass; each further pass keeps twice as many.
FIRST_WIDTH = 4
#: The exits a stage's exploration remembers for the wider passes to come.
KEPT_EXITS = 64
#: What a position costs while its stage is explored (its key, parent and heap entry; most of
#: its parts are shared with the position it came from), and what a remembered exit costs (a
#: whole position and the steps to it): measured on Spider Three Decks.
POSITION_BYTES = 600
EXIT_BYTES = 1500


class _Exit(NamedTuple):
    """A way into the next stage: the position reached, its estimate, the steps from the
    stage's first position (the last of them the stage step)."""

    estimate: int
    steps: tuple[Any, ...]
    state: Any


class _Explored(NamedTuple):
    #: The steps from the stage's first position to a win, when one was found.
    win: tuple[Any, ...] | None
    #: The best ways into the next stage, best first.
    exits: list[_Exit]


class _BudgetSpentError(Exception):
    """Raised deep in a stage's exploration to end the whole search at once."""


class StagedSearch(ModelSearch):
    """The staged beam hunt described above (needs `SolverModel.stage` and `estimate`)."""

    def run(self, deadline: float | None = None) -> Verdict:
        if deadline is not None:
            self.deadline = deadline
        model = self.model
        start = model.start()
        if model.won(start):
            return Verdict.WON
        if model.stage(start) is None or model.estimate(start) is None:
            return Verdict.UNKNOWN
        self.positions = 1
        self._countdown = self.check_every
        self._limit = self.budget.positions if self.budget.positions is not None else sys.maxsize
        self._live = self._kept = 0
        self._start_key = model.key(start)
        #: key of a stage's first position -> what its exploration found
        self._explored: dict[Hashable, _Explored] = {}
        width = FIRST_WIDTH
        try:
            while True:
                steps, more = self._pass(start, width)
                if steps is not None:
                    self.solution = self._actions(start, steps)
                    return Verdict.WON
                if not more:
                    return Verdict.UNKNOWN
                width *= 2
        except _BudgetSpentError:
            return Verdict.UNKNOWN

    def release(self) -> None:
        super().release()
        self._explored = {}

    def _pass(self, start: Any, width: int) -> tuple[tuple[Any, ...] | None, bool]:
        """One pass through the stages keeping `width` positions each: the steps of a win
        (or None), and whether a wider pass could see more."""
        key_of = self.model.key
        beam: list[tuple[Any, tuple[Any, ...]]] = [(start, ())]
        more = False
        while beam:
            pool: list[tuple[int, int, _Exit, tuple[Any, ...]]] = []
            for state, steps in beam:
                explored = self._explore(state)
                if explored.win is not None:
                    return steps + explored.win, True
                more = more or len(explored.exits) > width
                # Ties go to the better ranked exit of any stage: the beam then holds a few
                # different positions rather than near copies of one.
                pool += ((exit.estimate, rank, exit, steps)
                         for rank, exit in enumerate(explored.exits[:width]))
            pool.sort(key=lambda entry: entry[:2])
            beam = []
            taken: set[Hashable] = set()
            for _, _, exit, steps in pool:
                key = key_of(exit.state)
                if key in taken:
                    continue
                if len(beam) == width:
                    more = True
                    break
                taken.add(key)
                beam.append((exit.state, steps + exit.steps))
        return None, more

    def _explore(self, first: Any) -> _Explored:
        """Best-first through one stage from `first`, remembered by its key."""
        model = self.model
        key_of, estimate, stage_of, won = model.key, model.estimate, model.stage, model.won
        children = self._offered
        first_key = key_of(first)
        known = self._explored.get(first_key)
        if known is not None:
            return known
        stage = stage_of(first)
        #: key -> (the key it was reached from, the step)
        parents: dict[Hashable, tuple[Hashable, Any]] = {first_key: (None, None)}
        order = itertools.count()
        heap: list[tuple[int, int, Hashable, Any]] = [(estimate(first) or 0, 0, first_key, first)]
        #: (estimate, order, the key it leaves from, the stage step, the position reached)
        exits: list[tuple[int, int, Hashable, Any, Any]] = []
        expanded = 0
        limit = model.stage_expansions
        found: _Explored | None = None
        self._live = 0
        while heap:
            if expanded >= limit:
                break
            expanded += 1
            _, _, parent_key, state = heapq.heappop(heap)
            for step, child in children(state) or ():
                if won(child):
                    found = _Explored((*_path(parents, parent_key), step), [])
                    break
                if stage_of(child) != stage:
                    exits.append((estimate(child) or 0, next(order), parent_key, step, child))
                    continue
                key = key_of(child)
                if key in parents:
                    continue
                parents[key] = (parent_key, step)
                heapq.heappush(heap, (estimate(child) or 0, next(order), key, child))
                self._count()
            if found is not None:
                break
            if not exits and expanded == 1:  # no way out of this stage: it is the last
                # (from a start in the last stage, nothing else is left to search)
                limit = model.last_stage_expansions if first_key != self._start_key else sys.maxsize
        if found is None:
            exits.sort(key=lambda entry: entry[:2])
            kept = [_Exit(value, (*_path(parents, parent), step), child)
                    for value, _, parent, step, child in exits[:KEPT_EXITS]]
            found = _Explored(None, kept)
            self._kept += len(kept)
        self._explored[first_key] = found
        return found

    def _offered(self, state: Any) -> Sequence[tuple[Any, Any]]:
        """The steps a stage explores: the model's hunch where it asks for it, else `children`."""
        model = self.model
        if model.hunch_in_stages:
            hunch = model.hunch(state)
            if hunch is not None:
                return hunch
        return model.children(state)

    def _count(self) -> None:
        self.positions += 1
        self._live += 1
        self._countdown -= 1
        if self._countdown <= 0 or self.positions >= self._limit:
            self._countdown = self.check_every
            if self._out_of_budget():
                raise _BudgetSpentError

    def memory_mb(self) -> float:
        # The stage being explored keeps its positions; the stages explored before keep only
        # their best exits.
        return (self._live * POSITION_BYTES + self._kept * EXIT_BYTES) / (1 << 20)

    def _actions(self, start: Any, steps: tuple[Any, ...]) -> tuple[Action, ...]:
        """The steps played again on the model from the start, turned into engine actions."""
        model = self.model
        state = start
        actions: list[Action] = []
        for step in steps:
            actions += model.actions(state, step)
            state = next(child for done, child in self._offered(state) if done == step)
        return tuple(actions)


def _path(parents: dict[Hashable, tuple[Hashable, Any]], key: Hashable) -> tuple[Any, ...]:
    """The steps from a stage's first position to `key`."""
    steps: list[Any] = []
    while True:
        parent, step = parents[key]
        if parent is None:
            return tuple(reversed(steps))
        steps.append(step)
        key = parent
