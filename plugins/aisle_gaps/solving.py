"""What Gaps teaches the solver (aisle.solver): its rules on compact positions.

A position is the grid as bytes, one per place row by row (the card's id + 1, 0 for a gap),
and the redeals used. Steps: a card into a gap, and the redeal once no card can move. The rules
are the grid functions of `rules`, so the model plays exactly as the engine does, redeal's
shuffle included.
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Action, Board, Card, Deal, Move
from aisle.solver.model import SolverModel
from aisle_gaps import rules
from aisle_gaps.rules import COLUMNS, REDEALS, USED

#: The grid (card id + 1 per place, 0 for a gap) and the redeals used.
State = tuple[bytes, int]
#: (source place, gap) or ("redeal",)
Step = tuple[object, ...]
_REDEAL: Step = ("redeal",)
_GOAL = 48


class GapsModel(SolverModel[State, Step]):
    """Gaps' rules on compact positions (see the module's text)."""

    def __init__(self, board: Board, random_gaps: bool) -> None:
        self.cards = board.cards
        self.random_gaps = random_gaps
        self.place_ids = tuple(slot.id for slot in rules.places(board))
        self._start: State = (self._bytes(rules.grid(board)), int(board.state[USED]))

    @staticmethod
    def _bytes(grid: Sequence[Card | None]) -> bytes:
        return bytes(0 if card is None else card.id + 1 for card in grid)

    def _grid(self, state: State) -> list[Card | None]:
        cards = self.cards
        return [cards[code - 1] if code else None for code in state[0]]

    def start(self) -> State:
        return self._start

    def key(self, state: State) -> bytes:
        return state[0] + bytes((state[1],))

    def won(self, state: State) -> bool:
        return sum(rules.lengths_of(self._grid(state))) == _GOAL

    def _steps(self, state: State) -> list[tuple[Step, State]]:
        grid, (places, used) = self._grid(state), state
        found: list[tuple[Step, State]] = []
        for source, gap in rules.moves_of(grid):
            after = bytearray(places)
            after[gap], after[source] = places[source], 0
            found.append(((source, gap), (bytes(after), used)))
        if not found and used < REDEALS:
            found.append((_REDEAL, (self._bytes(rules.redealt(grid, used, self.random_gaps)), used + 1)))
        return found

    def children(self, state: State) -> list[tuple[Step, State]]:
        """Every step, those that lengthen a sequence first, then those that part no card from
        its successor just right of it."""
        grid = self._grid(state)
        ends = {row * COLUMNS + length for row, length in enumerate(rules.lengths_of(grid))}

        def rank(step: Step) -> int:
            if step == _REDEAL or step[1] in ends:
                return 0
            source = step[0]
            assert isinstance(source, int)
            right, card = grid[source + 1] if source % COLUMNS < COLUMNS - 1 else None, grid[source]
            return 2 if right is not None and card is not None and rules.follows(right, card) else 1

        return sorted(self._steps(state), key=lambda child: rank(child[0]))

    def legal(self, state: State) -> list[tuple[Action, State]]:
        return [(self.actions(state, step)[0], child) for step, child in self._steps(state)]

    def actions(self, state: State, step: Step) -> tuple[Action, ...]:
        if step == _REDEAL:
            return (Deal(),)
        source, gap = step
        assert isinstance(source, int) and isinstance(gap, int)
        return (Move(self.place_ids[source], 1, self.place_ids[gap]),)

    def estimate(self, state: State) -> int:
        """Cards not yet in sequence, then the redeals used."""
        return 3 * (_GOAL - sum(rules.lengths_of(self._grid(state)))) + state[1]
