"""A beam hunt for wins, level by level (`BeamHunt`), for games whose play falls into levels that
are never undone: each click on Klondike's stock, each card dealt from Forty Thieves' stock.

A model that has levels (`LeveledModel`) says which steps stay in a position's level
(`level_steps`: moves between the piles, cards going up, the waste's top card played) and which
one step leads into the next (`next_level`: the click). At each level the hunt looks, best-first
by an estimate, at what the few positions it kept reach within the level, then takes the next
level's step from every position reached, and keeps the best `width` of those that `alive` lets
live. A pass ends with a win or when no position has a next level. Each pass goes once with each
of the model's `beam_estimates` (they differ in what they fear most, and each wins deals the
others miss); then the passes keep `beam_growth` times as many positions a level, until one keeps
all it found (a wider one would see no more) or until the budget has no room for the next round
(it would cost about `beam_growth` times the last: the time goes back to the other hunts, which
win some deals the beam misses, and to the proofs of loss).

Why it pays: the depth-first hunts can spend their whole time below one early mistake; the beam
keeps many ways through the stock side by side. It won Forty Thieves deals in a few thousand
positions that the other hunts needed millions for, and Klondike's single-card deal 1, unknown
after 10 s of them, in about 3 s.

The hunt never answers "lost": the level's steps may leave moves out, and each pass looks at a
sliver of the game. Its wins are replayed through `Game.play` like every other
(aisle.solver.hunts).
"""

from __future__ import annotations

import heapq
import itertools
import sys
from abc import abstractmethod
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Generic

from aisle.engine.actions import Action
from aisle.solver import clock
from aisle.solver.model import SolverModel, State, Step
from aisle.solver.model_search import ENTRY_OVERHEAD, ModelSearch
from aisle.solver.result import Budget, Verdict

#: What one position reached in a level costs in memory (its key, its place in the heap and in
#: the table of those reached, the node of its path; most of its parts are shared).
POSITION_BYTES = 400 + ENTRY_OVERHEAD

#: A path: the node of the position it came from (None at the start) and the step there.
Node = Any


class LeveledModel(SolverModel[State, Step], Generic[State, Step]):
    """A solver model whose play falls into levels never undone, for the beam hunt (see the
    module's notes). Its `own_hunt` is the beam hunt; give it `own_hunt_share` of the budget."""

    #: Positions kept per level in the first pass.
    beam_first_width: int = 4
    #: How many times as many positions each round of passes keeps as the one before.
    beam_growth: int = 4
    #: Positions expanded per level, at most, for each one kept (a bound: a level's positions
    #: are few in most games).
    beam_expansions: int = 40
    #: The same in the last level (no next level from there): all that is left is the win.
    beam_last_expansions: int = 40

    @abstractmethod
    def level_steps(self, state: State) -> Sequence[tuple[Step, State]]:
        """The steps worth trying that stay in the position's level, each with the position it
        leads to (none at a dead end)."""

    @abstractmethod
    def next_level(self, state: State) -> tuple[Step, State] | None:
        """The step into the next level and the position after it; None in the last level."""

    def has_next_level(self, state: State) -> bool:
        """False only when no position of the level `state` is in has a next level (the last
        level, which gets `beam_last_expansions`); True (the default) when it may have one."""
        return True

    @abstractmethod
    def played(self, state: State, step: Step) -> State:
        """The position after `step` (one `level_steps` or `next_level` gave) from `state`."""

    def alive(self, state: State) -> bool:
        """Whether a position entering a level may live (False: a dead-end test proves it
        lost); by default every one may."""
        return True

    @abstractmethod
    def beam_estimates(self) -> Sequence[Callable[[State], int]]:
        """How far a position looks from a win (lower is better), one estimate per pass."""

    def beam_over(self) -> None:
        """The beam hunt is over: let go of what the estimates keep for it (tables of worked
        out figures), so the searches after it get the memory. By default nothing is kept."""

    def own_hunt(self, budget: Budget, stop: Callable[[], bool] | None) -> BeamHunt:
        return BeamHunt(self, budget, stop, 0.0)


class BeamHunt(ModelSearch):
    """The hunt described in the module's notes."""

    def __init__(self, model: LeveledModel[Any, Any], budget: Budget, stop: Callable[[], bool] | None,
                 deadline: float) -> None:
        super().__init__(model, budget, stop, deadline, hunch=True)
        self.leveled = model
        #: Positions the level under way holds (for `memory_mb`).
        self._live = 0
        self._countdown = self.check_every
        self._limit = sys.maxsize if budget.positions is None else budget.positions

    def run(self, deadline: float | None = None) -> Verdict:
        if deadline is not None:
            self.deadline = deadline
        model = self.leveled
        if model.won(model.start()):
            return Verdict.WON
        width = model.beam_first_width
        try:
            while True:
                began, positions = clock.now(), self.positions
                wider = False
                for estimate in model.beam_estimates():
                    found, more = self._pass(width, estimate)
                    if found is not None:
                        self.solution = self._actions(found)
                        return Verdict.WON
                    wider = wider or more
                if not wider:
                    return Verdict.UNKNOWN  # every pass kept all it found: wider ones see no more
                growth = model.beam_growth
                if not self._time_for(growth * (clock.now() - began), growth * (self.positions - positions)):
                    return Verdict.UNKNOWN  # the time it would spend in vain goes to the other hunts
                width *= growth
        except _SpentError:
            return Verdict.UNKNOWN

    def release(self) -> None:
        super().release()
        self.leveled.beam_over()

    def _time_for(self, seconds: float, positions: int) -> bool:
        """Whether the budget has room for a round that takes about `seconds` and `positions`."""
        if clock.now() + seconds > self.deadline:
            return False
        return self.positions + positions <= self._limit

    def _pass(self, width: int, estimate: Callable[[Any], int]) -> tuple[Node, bool]:
        """One pass keeping `width` positions per level: the path of a win (or None), and
        whether a wider pass would keep more."""
        model = self.leveled
        key_of, won, level_steps = model.key, model.won, model.level_steps
        order = itertools.count()
        beam: list[tuple[Any, Node]] = [(model.start(), None)]
        more = False
        while beam:
            reached: dict[Hashable, tuple[Any, Node]] = {}
            heap: list[tuple[int, int, Any, Node]] = []
            for state, node in beam:
                reached[key_of(state)] = (state, node)
                heap.append((estimate(state), next(order), state, node))
            heapq.heapify(heap)
            last = not any(model.has_next_level(state) for state, _ in beam)
            limit = width * (model.beam_last_expansions if last else model.beam_expansions)
            while heap and limit > 0:
                limit -= 1
                _, _, state, node = heapq.heappop(heap)
                for step, child in level_steps(state):
                    if won(child):
                        return (node, step), True
                    key = key_of(child)
                    if key in reached:
                        continue
                    reached[key] = (child, (node, step))
                    heapq.heappush(heap, (estimate(child), next(order), child, (node, step)))
                    self._count(len(reached))
            more = more or bool(heap)
            beam, cut = self._next_level(reached.values(), width, estimate)
            more = more or cut
        return None, more

    def _next_level(self, reached: Iterable[tuple[Any, Node]], width: int,
                    estimate: Callable[[Any], int]) -> tuple[list[tuple[Any, Node]], bool]:
        """The next level's step from every position reached; the best `width` of those `alive`
        lets live go on. Also whether some were left out for the width."""
        model = self.leveled
        order = itertools.count()
        pool: list[tuple[int, int, Any, Node]] = []
        for state, node in reached:
            entered = model.next_level(state)
            if entered is not None:
                step, child = entered
                pool.append((estimate(child), next(order), child, (node, step)))
                self._count(len(pool))
        pool.sort(key=lambda entry: entry[:2])
        beam: list[tuple[Any, Node]] = []
        taken: set[tuple[Hashable, int]] = set()
        for _, _, child, path in pool:
            # The same key with the same spent is the same position (a key may leave out what
            # the spent tells, such as where the waste ends and the stock begins).
            place = (model.key(child), model.spent(child))
            if place in taken or not model.alive(child):
                continue
            if len(beam) == width:
                return beam, True
            taken.add(place)
            beam.append((child, path))
        return beam, False

    def _count(self, live: int) -> None:
        """One more position looked at (`live`: those the level holds now)."""
        self.positions += 1
        self._live = live
        self._countdown -= 1
        if self._countdown <= 0 or self.positions >= self._limit:  # a small cap is kept exactly
            self._countdown = self.check_every
            if self._out_of_budget():
                raise _SpentError

    def memory_mb(self) -> float:
        return self._live * POSITION_BYTES / (1 << 20)

    def _actions(self, node: Node) -> tuple[Action, ...]:
        """The engine actions of the path ending at `node`, played again from the start."""
        steps: list[Any] = []
        while node is not None:
            node, step = node
            steps.append(step)
        model = self.leveled
        state = model.start()
        actions: list[Action] = []
        for step in reversed(steps):
            actions += model.actions(state, step)
            state = model.played(state, step)
        return tuple(actions)


class _SpentError(Exception):
    """Raised deep in a pass to end the hunt at once: its budget is spent."""
