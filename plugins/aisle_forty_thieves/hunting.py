"""A beam hunt for Forty Thieves wins, level by level through the stock (`BeamHunt`).

The stock's order is known and there is no redeal, so a game is 64 levels, one for each card
dealt. At each level the hunt looks, best-first by an estimate, at what a few kept positions
reach without dealing (moves between the piles, cards going up, the waste's top card played),
then clicks the stock once from every position reached and keeps the best `width` of those for
the next level. A pass ends with a win or with the stock dealt out; the next pass keeps twice as
many positions per level. Each pass goes once with each of a few estimates (`WEIGHINGS`): they
differ in what they fear most (the waste growing, a card buried in it, the piles filling up),
and each wins deals the others miss (of deals 1-20, at 3 s: 11 to 12 each, 12 together).

The hunt never answers "lost": it looks at a sliver of the game. Its wins are replayed through
`Game.play` like every other (aisle.solver.hunts).
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from aisle.engine import Action
from aisle.kit.remembered import Remembered
from aisle.solver.model_search import ENTRY_OVERHEAD, ModelSearch
from aisle.solver.result import Budget, Verdict

if TYPE_CHECKING:
    from aisle_forty_thieves.solving import FortyThievesModel, State, Step

    #: A path: the node of the position it came from (None at the start) and the step there.
    Node = tuple["Node", Step] | None

#: Positions kept per level in the first pass (each further pass keeps twice as many).
FIRST_WIDTH = 2
#: Positions expanded per level for each one kept, while the stock has cards.
EXPANSIONS = 40
#: The same once the stock is dealt out: all that is left is to find the win.
LAST_EXPANSIONS = 3000
#: What one position reached in a level costs in memory (its key, its place in the heap and in
#: the list of those reached, the node of its path; most of its parts are shared).
POSITION_BYTES = 400 + ENTRY_OVERHEAD
#: The separator `_wanted_depth` joins the piles with (no card's code).
_SEPARATOR = b"\xff"


@dataclass(frozen=True)
class Weighing:
    """What an estimate charges (lower estimates are better): each card not up, each card in
    the waste, each card in a pile (or the waste) not lying on its suit's next higher card, each
    card above a lower card of its suit there (it must move away before that card can go up),
    each card above a card the foundations take next; and what an empty pile is worth."""

    card: int = 10
    waste: int = 1
    gap: int = 2
    block: int = 4
    waste_gap: int = 2
    waste_block: int = 4
    depth: int = 1
    empty: int = 6


#: The estimates each pass goes by, in turn: fearing the waste's growth, what lies buried in
#: the waste, and the piles filling up (see the module's notes).
WEIGHINGS = (Weighing(waste=3), Weighing(waste=0, waste_block=8), Weighing(empty=12))


class BeamHunt(ModelSearch):
    """The hunt described in the module's notes."""

    def __init__(self, model: FortyThievesModel, budget: Budget, stop: Callable[[], bool] | None,
                 deadline: float, weighings: tuple[Weighing, ...] = WEIGHINGS) -> None:
        super().__init__(model, budget, stop, deadline, hunch=True)
        self.game = model
        self.estimates = [weighed(model, weighing) for weighing in weighings]
        #: Positions the level under way holds (for `memory_mb`).
        self._live = 0
        self._countdown = self.check_every

    def run(self, deadline: float | None = None) -> Verdict:
        if deadline is not None:
            self.deadline = deadline
        width = FIRST_WIDTH
        try:
            while True:
                widest = False
                for estimate in self.estimates:
                    found, more = self._pass(width, estimate)
                    if found is not None:
                        self.solution = self._actions(found)
                        return Verdict.WON
                    widest = widest or more
                if not widest:
                    return Verdict.UNKNOWN  # every pass kept all it found: wider ones see no more
                width *= 2
        except _SpentError:
            return Verdict.UNKNOWN

    def _pass(self, width: int, estimate: Callable[[State], int]) -> tuple[Node, bool]:
        """One pass keeping `width` positions per level: the path of a win (or None), and
        whether a wider pass would keep more."""
        game = self.game
        key_of, won = game.key, game.won
        order = itertools.count()
        beam: list[tuple[State, Node]] = [(game.start(), None)]
        more = False
        while True:
            reached: dict[Hashable, tuple[State, Node]] = {}
            heap: list[tuple[int, int, State, Node]] = []
            for state, node in beam:
                reached[key_of(state)] = (state, node)
                heap.append((estimate(state), next(order), state, node))
            heapq.heapify(heap)
            _, _, cycle, shown, _ = beam[0][0]
            stock_left = len(cycle) > shown  # alike for all: a level's moves deal nothing
            limit = width * (EXPANSIONS if stock_left else LAST_EXPANSIONS)
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
            if not stock_left:
                return None, more
            # one click from every position reached; the best `width` go on
            pool: list[tuple[int, int, State, Node]] = []
            for state, node in reached.values():
                step, child = game.dealt(state)
                pool.append((estimate(child), next(order), child, (node, step)))
                self._count(len(reached) + len(pool))
            pool.sort(key=lambda entry: entry[:2])
            beam = []
            taken: set[Hashable] = set()
            for _, _, child, path in pool:
                key = key_of(child)
                if key not in taken:
                    if len(beam) == width:
                        more = True
                        break
                    taken.add(key)
                    beam.append((child, path))

    def _count(self, live: int) -> None:
        """One more position looked at (`live`: those the level holds now)."""
        self.positions += 1
        self._live = live
        self._countdown -= 1
        if self._countdown <= 0:
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
            if step[0] < 0 and step[3]:
                state = game.dealt(state)[1]
            else:
                state = next(child for done, child in game.hunch_in_place(state) if done == step)
        return tuple(actions)


class _SpentError(Exception):
    """Raised deep in a pass to end the hunt at once: its budget is spent."""


def weighed(model: FortyThievesModel, weighing: Weighing) -> Callable[[State], int]:
    """The estimate `weighing` describes, for the positions of `model`."""
    piles_cost: Remembered[bytes, int] = Remembered(
        lambda pile: _disorder(pile, weighing.gap, weighing.block))
    waste_cost: Remembered[bytes, int] = Remembered(
        lambda waste: _disorder(waste, weighing.waste_gap, weighing.waste_block))
    wanted_of = model.wanted

    def estimate(state: State) -> int:
        piles, heights, cycle, shown, _ = state
        total = sum(map(piles_cost.__getitem__, piles)) + waste_cost[cycle[:shown]]
        total += weighing.card * (104 - sum(heights)) + weighing.waste * shown
        total -= weighing.empty * piles.count(b"")
        if weighing.depth:
            total += weighing.depth * _wanted_depth(piles, wanted_of(heights))
        return total

    return estimate


def _disorder(pile: bytes, gap: int, block: int) -> int:
    """What a pile's (or the waste's) cards cost out of order: `gap` for each not lying on its
    suit's next higher card, `block` for each above a lower card of its suit."""
    lowest = [99, 99, 99, 99]
    cost = 0
    below = 0
    for code in pile:
        suit, rank = code >> 4, code & 15
        if below and below != code + 1:
            cost += gap
        if lowest[suit] < rank:
            cost += block
        else:
            lowest[suit] = rank
        below = code
    return cost


def _wanted_depth(piles: tuple[bytes, ...], wanted: tuple[int, ...]) -> int:
    """How many cards lie above the cards the foundations take next, in the piles."""
    layout = _SEPARATOR.join(piles)
    find = layout.find
    depth = 0
    for code in wanted:
        at = find(code)
        if at >= 0:
            end = find(_SEPARATOR, at)
            depth += (len(layout) if end < 0 else end) - at - 1
    return depth
