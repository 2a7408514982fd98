"""Depth-first search over every reachable position, with a table of the positions seen.

Each position is looked at once (its key goes into the table), so the search ends: with a win
as soon as one is reached, or with every reachable position seen (the deal is lost). Steps are
played and taken back on one private board; the path of steps from the start is the solution.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable, Iterator
from typing import Any

from aisle.engine.board import Board
from aisle.engine.events import Event
from aisle.engine.slots import SlotKind
from aisle.solver import clock
from aisle.solver.position import key_of, play_step, refusal, take_back
from aisle.solver.result import Budget, Verdict
from aisle.source_text import source_text
from aisle.variant import SolverStep, Variant

#: Positions looked at between two looks at the clock, the memory and `stop()`.
CHECK_EVERY = 256
#: What a table entry costs beyond its key and the table itself (the value, alignment).
ENTRY_OVERHEAD = 16


class SolverError(Exception):
    """A game's solver knowledge offered a step the rules refuse (a bug in that game's plugin)."""


class Search:
    def __init__(self, variant: Variant, board: Board, budget: Budget,
                 stop: Callable[[], bool] | None, deadline: float, checked: bool = False,
                 quick: bool = False) -> None:
        self.variant = variant
        self.board = board
        self.budget = budget
        self.stop = stop
        self.deadline = deadline
        #: Check every step against the rules (tests; slow).
        self.checked = checked
        #: key -> the least spent (see `Variant.solver_spent`) it was seen with
        self.seen: dict[Hashable, int] = {}
        self.positions = 0
        self.path: list[SolverStep] = []
        self._key_bytes = 0
        #: Only look for a win, with the variant's quick steps (see `solver_quick_steps`).
        self.quick = quick
        self._exhaustive = not (variant.solver_prunes or quick)

    # -- the search ---------------------------------------------------------------------------
    def run(self) -> Verdict:
        variant, board = self.variant, self.board
        if variant.is_won(board):
            return Verdict.WON
        self._remember(key_of(variant, board), variant.solver_spent(board))
        children = self._children()
        if children is None:
            return self._exhausted()
        stack: list[tuple[Iterator[SolverStep], list[Event]]] = [(iter(children), [])]
        path = self.path
        seen = self.seen
        countdown = CHECK_EVERY
        limit = self.budget.positions if self.budget.positions is not None else sys.maxsize
        while stack:
            steps, _ = stack[-1]
            step = next(steps, None)
            if step is None:
                _, events = stack.pop()
                take_back(board, events)
                if path:
                    path.pop()
                continue
            if self.checked:
                self._check(step)
            events = play_step(variant, board, step)
            if variant.is_won(board):
                path.append(step)
                return Verdict.WON
            key = key_of(variant, board)
            spent = variant.solver_spent(board)
            before = seen.get(key)
            if before is not None and before <= spent:
                take_back(board, events)
                continue
            self._remember(key, spent)
            countdown -= 1
            if countdown <= 0 or self.positions >= limit:
                countdown = CHECK_EVERY
                if self._out_of_budget():
                    take_back(board, events)
                    self._unwind(stack)
                    return Verdict.UNKNOWN
            children = self._children()
            if children is None:
                take_back(board, events)
                continue
            stack.append((iter(children), events))
            path.append(step)
        return self._exhausted()

    def _children(self) -> list[SolverStep] | None:
        """The steps to try from here; None at a dead end."""
        variant, board = self.variant, self.board
        if variant.is_lost(board) or variant.solver_dead_end(board):
            # A lost game takes no more actions, so nothing lies beyond it.
            return None
        steps = variant.solver_quick_steps(board) if self.quick else variant.solver_steps(board)
        if steps is None:
            steps = generic_steps(variant, board)
        return list(steps) or None

    def _exhausted(self) -> Verdict:
        return Verdict.LOST if self._exhaustive else Verdict.UNKNOWN

    def _unwind(self, stack: list[tuple[Iterator[SolverStep], list[Event]]]) -> None:
        """Put the board back to the start (the caller's copy stays usable)."""
        while stack:
            take_back(self.board, stack.pop()[1])
        self.path.clear()

    # -- bookkeeping --------------------------------------------------------------------------
    def _remember(self, key: Hashable, spent: int) -> None:
        self.seen[key] = spent
        self.positions += 1
        if self.positions & 1023 == 1:
            # The keys of one game are all alike in size, so a sample now and then is enough.
            self._key_bytes = sys.getsizeof(key) + _inner_size(key)

    def memory_mb(self) -> float:
        """What the table of positions holds, estimated from its size (no tracing needed)."""
        per_entry = self._key_bytes + ENTRY_OVERHEAD
        return (self.positions * per_entry + sys.getsizeof(self.seen)) / (1 << 20)

    def _out_of_budget(self) -> bool:
        budget = self.budget
        if clock.now() >= self.deadline:
            return True
        if budget.positions is not None and self.positions >= budget.positions:
            return True
        if self.memory_mb() >= budget.memory_mb:
            return True
        return self.stop is not None and self.stop()

    def _check(self, step: SolverStep) -> None:
        events: list[Event] = []
        try:
            for action in step:
                why = refusal(self.variant, self.board, action)
                if why is not None:
                    raise SolverError(f"{self.variant.id}: step {step} refused at {action}: "
                                      f"{source_text(why)}")
                events += play_step(self.variant, self.board, (action,))
        finally:
            take_back(self.board, events)


def _inner_size(key: Any) -> int:
    """The bytes of a tuple key's parts (a string key has none)."""
    if isinstance(key, tuple):
        return sum(sys.getsizeof(part) for part in key)
    return 0


def generic_steps(variant: Variant, board: Board) -> list[SolverStep]:
    """Every legal action as a step; moves onto a foundation first, the stock last (a cheap
    ordering that suits most patience games and leaves nothing out)."""
    actions = variant.legal_actions(board)
    kinds = {slot.id: slot.kind for slot in board.slots}

    def rank(action: Any) -> int:
        target = getattr(action, "target", None)
        if target is None:
            return 2
        return 0 if kinds.get(target) == SlotKind.FOUNDATION else 1

    return [(action,) for action in sorted(actions, key=rank)]
