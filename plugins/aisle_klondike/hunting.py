"""A beam hunt for Klondike wins, level by level through the stock (`BeamHunt`).

With one card dealt at a time and a limit on the redeals, a game is a bounded number of clicks
on the stock: each click (a redeal is one too) begins a level. At each level the hunt looks,
best-first by an estimate, at what a few kept positions reach without clicking (moves between
the piles, cards going up, the waste's top card played), then clicks once from every position
reached and keeps the best `width` of those the coarse dead-end test lets live for the next
level. A pass ends with a win or with the stock used up; the next pass keeps four times as many
positions per level, until one keeps all it found (a wider one would see no more), or until the
budget has no room for the next (it would cost about four times the last: the time goes back to
the other hunts, which win some deals the beam misses, and to the proofs of loss).

The depth-first hunts can spend their whole time below one early mistake; the beam keeps many
ways through the stock side by side. It wins single-card deal 1, which the other hunts left
unknown at 10 s, in under 90,000 positions (its last pass keeping 1,024 a level; about 3 CPU
seconds), and most deals in a few hundred positions, keeping 4 a level.

The hunt never answers "lost": the hunch leaves steps out, and each pass looks at a sliver of the
game. Its wins are replayed through `Game.play` like every other (aisle.solver.hunts).
"""

from __future__ import annotations

import heapq
import itertools
import sys
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING

from aisle.engine import Action
from aisle.solver import clock
from aisle.solver.model_search import ENTRY_OVERHEAD, ModelSearch
from aisle.solver.result import Budget, Verdict

if TYPE_CHECKING:
    from aisle_klondike.solving import KlondikeModel, State, Step

    #: A path: the node of the position it came from (None at the start) and the step there.
    Node = tuple["Node", Step] | None

#: Positions kept per level in the first pass.
FIRST_WIDTH = 4
#: How many times as many each pass keeps as the one before: the last pass costs most, and the
#: ones before it a third of it together.
GROWTH = 4
#: Positions expanded per level, at most, for each one kept (a bound only: a level's positions
#: without a click are few, and on deals 1, 5 and 93 a quarter of it changed nothing).
EXPANSIONS = 40
#: What one position reached in a level costs in memory (its key, its place in the heap and
#: in the table of those reached, the node of its path; most of its parts are shared).
POSITION_BYTES = 400 + ENTRY_OVERHEAD


class BeamHunt(ModelSearch):
    """The hunt described in the module's notes."""

    def __init__(self, model: KlondikeModel, budget: Budget, stop: Callable[[], bool] | None,
                 deadline: float) -> None:
        super().__init__(model, budget, stop, deadline, hunch=True)
        self.game = model
        #: Positions the level under way holds (for `memory_mb`).
        self._live = 0
        self._countdown = self.check_every
        self._limit = sys.maxsize if budget.positions is None else budget.positions

    def run(self, deadline: float | None = None) -> Verdict:
        if deadline is not None:
            self.deadline = deadline
        width = FIRST_WIDTH
        try:
            while True:
                began, positions = clock.now(), self.positions
                found, more = self._pass(width)
                if found is not None:
                    self.solution = self._actions(found)
                    return Verdict.WON
                if not more:
                    return Verdict.UNKNOWN  # the pass kept all it found: wider ones see no more
                if not self._time_for(GROWTH * (clock.now() - began), GROWTH * (self.positions - positions)):
                    return Verdict.UNKNOWN  # the time it would spend in vain goes to the other hunts
                width *= GROWTH
        except _SpentError:
            return Verdict.UNKNOWN

    def _time_for(self, seconds: float, positions: int) -> bool:
        """Whether the budget has room for a pass that takes about `seconds` and `positions`."""
        if clock.now() + seconds > self.deadline:
            return False
        limit = self.budget.positions
        return limit is None or self.positions + positions <= limit

    def _pass(self, width: int) -> tuple[Node, bool]:
        """One pass keeping `width` positions per level: the path of a win (or None), and
        whether a wider pass would keep more."""
        game = self.game
        key_of, won, alive = game.key, game.won, game.alive
        order = itertools.count()
        beam: list[tuple[State, Node]] = [(game.start(), None)]
        more = False
        while beam:
            reached: dict[Hashable, tuple[State, Node]] = {}
            heap: list[tuple[int, int, State, Node]] = []
            for state, node in beam:
                reached[key_of(state)] = (state, node)
                heap.append((estimate(state), next(order), state, node))
            heapq.heapify(heap)
            limit = width * EXPANSIONS
            while heap and limit > 0:
                limit -= 1
                _, _, state, node = heapq.heappop(heap)
                for step, child in game.hunch_in_place(state):
                    if won(child):
                        return (node, step), True
                    key = key_of(child)
                    if key in reached:
                        continue
                    reached[key] = (child, (node, step))
                    heapq.heappush(heap, (estimate(child), next(order), child, (node, step)))
                    self._count(len(reached))
            more = more or bool(heap)
            beam, cut = self._next_level(reached.values(), width, alive)
            more = more or cut
        return None, more

    def _next_level(self, reached: Iterable[tuple[State, Node]], width: int,
                    alive: Callable[[State], bool]) -> tuple[list[tuple[State, Node]], bool]:
        """One click from every position reached; the best `width` of those the dead-end
        tests let live go on. Also whether some were left out for the width."""
        game = self.game
        order = itertools.count()
        pool: list[tuple[int, int, State, Node]] = []
        for state, node in reached:
            clicked = game.click(state)
            if clicked is not None:
                step, child = clicked
                pool.append((estimate(child), next(order), child, (node, step)))
                self._count(len(pool))
        pool.sort(key=lambda entry: entry[:2])
        beam: list[tuple[State, Node]] = []
        taken: set[tuple[Hashable, int]] = set()
        for _, _, child, path in pool:
            place = (game.key(child), game.spent(child))
            if place in taken or not alive(child):
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
        steps: list[Step] = []
        while node is not None:
            node, step = node
            steps.append(step)
        game = self.game
        state = game.start()
        actions: list[Action] = []
        for step in reversed(steps):
            actions += game.actions(state, step)
            state = game.played(state, step)
        return tuple(actions)


class _SpentError(Exception):
    """Raised deep in a pass to end the hunt at once: its budget is spent."""


def estimate(state: State) -> int:
    """How far the position looks from a win (lower is better): each face-down card weighs
    most (its pile must be cleared down to it), then each card not up, then each card still
    in the stock and waste."""
    _, downs, levels, cycle, _, _, _ = state
    return 10 * sum(downs) + 2 * (52 - sum(levels)) + len(cycle)
