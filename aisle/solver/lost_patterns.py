"""The exhaustive search, filing each part of the space it proves lost under a pattern that
other positions share (`PatternSearch`), for models that say what their positions' futures
depend on (`LossPatterns`).

Why: in Forty Thieves the depth-first search reaches the same endgame again and again with a
different bottom of the waste (the stock's cards played at other times), and proves each one
lost anew, though the endgame never reaches that far down. A pattern says "these piles, these
foundations, and this top of the waste and stock, whatever lies below": once a position is
proved lost, every later position that fits its pattern is lost too, unsearched.

Why it is sound. Each position's own look (its children, the dead-end test) touches only part of
it: in Forty Thieves the waste from some card up (its `floor`) and everything else. Take the
positions the search reaches from one position P: if none of them is won and every move out of
them leads back among them (or to positions already proved lost), P is lost. Tarjan's strongly
connected components tell when that holds: when the search leaves the root of a component, the
component and all it reaches are done, with no win. The floor of the component is the lowest
floor of anything it reached, so nothing below it was ever looked at: a position alike above
that floor (and with no more left to deal, which could only offer more) goes through the same
steps to the same dead ends, and is lost as well. A move back to a position still being
searched (an ancestor, by a move and its reverse) only joins the components; nothing is filed
before its component is done.

Only the root of each component is filed (a member alone is rarely met again, and the table
stays small), together with each position's floor in the table of positions seen, so that a
move to a position already done passes its floor on.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable
from typing import Any, Protocol

from aisle.solver.model import SolverModel
from aisle.solver.model_search import ENTRY_OVERHEAD, ModelSearch
from aisle.solver.result import Budget, Verdict

#: A table entry's value: what the position spent in its low bits, and once its part of the
#: space is done, its floor + 1 above them (0 there: not done yet).
_SPENT_BITS = 16
_SPENT_MASK = (1 << _SPENT_BITS) - 1
#: What a filed pattern costs beyond the positions' table: its bucket key (shared by its
#: patterns), the pattern, the list it sits in.
PATTERN_BYTES = 260


class LossPatterns(Protocol):
    """What a model gives for `PatternSearch` (besides the usual `SolverModel`)."""

    def children_and_floor(self, state: Any) -> tuple[list[tuple[Any, Any]], int]:
        """`children(state)`, and the position's floor: how much of its bottom part (in
        Forty Thieves: the waste from its bottom card) neither its steps nor its dead-end
        test looked at."""

    def pattern_bucket(self, state: Any, key: Hashable) -> Hashable:
        """What a position must share exactly with a pattern to fit it (the rest is the
        pattern's `fit_floor`); `key` is the position's `key`, often most of it."""

    def loss_pattern(self, state: Any, floor: int) -> Any:
        """The pattern of the lost positions alike with `state` above `floor`."""

    def fit_floor(self, state: Any, pattern: Any) -> int | None:
        """The floor at which `state` fits `pattern` (None: it does not fit)."""


class PatternSearch(ModelSearch):
    """The exhaustive depth-first search with lost patterns (see the module's notes). Its
    verdicts are the plain search's; it gets there through fewer positions."""

    def __init__(self, model: SolverModel[Any, Any], budget: Budget, stop: Callable[[], bool] | None,
                 deadline: float) -> None:
        super().__init__(model, budget, stop, deadline)
        self._patterns_of: LossPatterns = model  # type: ignore[assignment]
        #: bucket -> the patterns filed in it.
        self.patterns: dict[Hashable, list[Any]] = {}
        self.pattern_count = 0
        #: Positions found lost by a pattern, not searched.
        self.fitted = 0
        #: key -> index, for the positions whose component is not done yet.
        self._open: dict[Hashable, int] = {}
        #: Those positions, in the order they were found: (key, index, spent).
        self._component: list[tuple[Hashable, int, int]] = []
        #: Where the depth-first search stands: per position on the path, its key, index,
        #: lowest index reached (Tarjan's low link) and lowest floor reached.
        self._marks: list[list[Any]] = []
        self._counter = 0
        #: One int object per table value (the values repeat; each would cost its own).
        self._values: dict[int, int] = {}

    def run(self, deadline: float | None = None) -> Verdict:
        if deadline is not None:
            self.deadline = deadline
        model = self.model
        patterns = self._patterns_of
        if self._stack is None:
            start = model.start()
            if model.won(start):
                return Verdict.WON
            self.positions = 1
            self._states, self._steps, self._stack, self._marks = [], [], [], []
            self._enter(start, model.key(start), model.spent(start))
            self._sample(model.key(start))
        seen, open_ = self.seen, self._open
        steps, stack, marks = self._steps, self._stack, self._marks
        key_of, spent_of, won = model.key, model.spent, model.won
        bucket_of, fit_floor, filed = patterns.pattern_bucket, patterns.fit_floor, self.patterns
        countdown = self.check_every
        limit = self.budget.positions if self.budget.positions is not None else sys.maxsize
        while stack:
            child = next(stack[-1], None)
            mark = marks[-1]
            if child is None:
                self._leave()
                continue
            step, state = child
            if won(state):
                self._won_by(step)
                return Verdict.WON
            key = key_of(state)
            spent = spent_of(state)
            before = seen.get(key)
            if before is not None and before & _SPENT_MASK <= spent:
                index = open_.get(key)
                if index is not None:  # still being searched: the same component
                    if index < mark[2]:
                        mark[2] = index
                else:  # done: lost, its floor passed on (0 if it is not known)
                    floor = max((before >> _SPENT_BITS) - 1, 0)
                    if floor < mark[3]:
                        mark[3] = floor
                continue
            bucket = filed.get(bucket_of(state, key))
            if bucket is not None:
                fitted = next((at for pattern in bucket
                               if (at := fit_floor(state, pattern)) is not None), None)
                if fitted is not None:
                    self.fitted += 1
                    if fitted < mark[3]:
                        mark[3] = fitted
                    continue
            self.positions += 1
            steps.append(step)
            self._enter(state, key, spent)
            countdown -= 1
            if countdown <= 0 or self.positions >= limit:
                countdown = self.check_every
                self._sample(key)
                if self._out_of_budget():
                    return Verdict.UNKNOWN
        return Verdict.UNKNOWN if model.prunes else Verdict.LOST

    def _enter(self, state: Any, key: Hashable, spent: int) -> None:
        """Go on from `state`, a position not seen before (or seen with more spent)."""
        kids, floor = self._patterns_of.children_and_floor(state)
        index = self._counter
        self._counter += 1
        self.seen[key] = self._value(spent)
        self._open[key] = index
        self._component.append((key, index, spent))
        self._states.append(state)
        assert self._stack is not None
        self._stack.append(iter(kids))
        self._marks.append([key, index, index, floor])

    def _leave(self) -> None:
        """The position on top of the path has nothing more to try: its component is done if it
        is the component's root (then filed), else it passes on what it reached."""
        assert self._stack is not None
        self._stack.pop()
        state = self._states.pop()
        if self._steps:
            self._steps.pop()
        key, index, low, floor = self._marks.pop()
        if low == index:
            self._done(index, floor)
            if floor > 0:
                patterns = self._patterns_of
                self.patterns.setdefault(patterns.pattern_bucket(state, key), []).append(
                    patterns.loss_pattern(state, floor))
                self.pattern_count += 1
        if self._marks:
            above = self._marks[-1]
            if low < above[2]:
                above[2] = low
            if floor < above[3]:
                above[3] = floor

    def _done(self, root: int, floor: int) -> None:
        """The component from `root` on is done: each of its positions lost, at `floor`."""
        component, open_, seen = self._component, self._open, self.seen
        while component:
            key, index, spent = component.pop()
            if open_.get(key) == index:  # (else found again since with less spent: still open)
                del open_[key]
                seen[key] = self._value(spent, floor)
            if index == root:
                return

    def _value(self, spent: int, floor: int | None = None) -> int:
        value = spent if floor is None else spent | ((floor + 1) << _SPENT_BITS)
        return self._values.setdefault(value, value)

    def release(self) -> None:
        super().release()
        self.patterns = {}
        self._open = {}
        self._component = []
        self._marks = []
        self._values = {}

    def memory_mb(self) -> float:
        open_entries = len(self._open) + len(self._component)
        return super().memory_mb() + (self.pattern_count * PATTERN_BYTES
                                      + open_entries * (ENTRY_OVERHEAD + 40)) / (1 << 20)


def exhaustive_search(model: SolverModel[Any, Any], budget: Budget,
                      stop: Callable[[], bool] | None, deadline: float) -> ModelSearch:
    """The exhaustive search for `model`: with lost patterns when the model gives them."""
    if getattr(model, "loss_patterns", False):
        return PatternSearch(model, budget, stop, deadline)
    return ModelSearch(model, budget, stop, deadline)
