"""What Monte Carlo teaches the solver (aisle.solver): its rules on compact positions.

A position is (the grid, one byte per place: the card's id + 1, 0 for a gap; the cards left in
the stock). The stock never changes order, so its count says which cards it holds. Only ranks
pair, so the key is the grid's ranks and the stock's count: two positions alike in those have
the same futures (the suits of the cards still to come are the same too).

A step is a pair (the place of the card moved, the place of the card it is dropped onto), or
`DEAL`. Each pair is tried once, the card of the later place moved onto the earlier one (the
other way round removes the same two cards).
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Action, Board, Deal, Move
from aisle.solver.model import SolverModel
from aisle_monte_carlo.game import GRID, STOCK, touching

State = tuple[bytes, int]
Step = tuple[int, int]
DEAL: Step = (-1, -1)
_DEAL = Deal()
PLACES = len(GRID)
#: For each place, the later places that touch it.
_LATER = tuple(tuple(other for other in range(place + 1, PLACES) if touching(place, other))
               for place in range(PLACES))


def _rank(code: int) -> int:
    return (code - 1) % 13 + 1 if code else 0


class MonteCarloModel(SolverModel[State, Step]):
    """Monte Carlo's rules on compact positions (see the module's notes)."""

    def __init__(self, board: Board) -> None:
        #: The stock's cards as codes, in the order they are dealt.
        self.stock = bytes(card.id + 1 for card in reversed(board.slot(STOCK).cards))
        grid = bytes(board.slot(place).cards[-1].id + 1 if board.slot(place).cards else 0 for place in GRID)
        self._start: State = (grid, len(self.stock))
        self._ranks = bytes(_rank(code) if code <= 52 else 0 for code in range(256))

    def start(self) -> State:
        return self._start

    def key(self, state: State) -> bytes:
        return state[0].translate(self._ranks) + bytes((state[1],))

    def won(self, state: State) -> bool:
        return not state[1] and not any(state[0])

    def estimate(self, state: State) -> int:
        """The cards still to pair."""
        return state[1] + PLACES - state[0].count(0)

    def _pairs(self, state: State) -> list[tuple[Step, State]]:
        grid, left = state
        ranks = grid.translate(self._ranks)
        found = []
        for place in range(PLACES):
            rank = ranks[place]
            if rank:
                for other in _LATER[place]:
                    if ranks[other] == rank:
                        after = bytearray(grid)
                        after[place] = after[other] = 0
                        found.append(((other, place), (bytes(after), left)))
        return found

    def _deal(self, state: State) -> State | None:
        """The position after closing the gaps and dealing, None when the click is refused."""
        grid, left = state
        cards = grid.replace(b"\0", b"")
        if len(cards) == PLACES or (not left and grid[:len(cards)] == cards):
            return None
        start = len(self.stock) - left
        dealt = self.stock[start:start + PLACES - len(cards)]
        laid = cards + dealt
        return laid + bytes(PLACES - len(laid)), left - len(dealt)

    def children(self, state: State) -> list[tuple[Step, State]]:
        found = self._pairs(state)
        dealt = self._deal(state)
        if dealt is not None:
            found.append((DEAL, dealt))
        return found

    def actions(self, state: State, step: Step) -> tuple[Action, ...]:
        if step == DEAL:
            return (_DEAL,)
        return (Move(GRID[step[0]], 1, GRID[step[1]]),)

    def legal(self, state: State) -> Sequence[tuple[Action, State]]:
        found: list[tuple[Action, State]] = []
        for (source, target), child in self._pairs(state):
            found += [(Move(GRID[source], 1, GRID[target]), child),
                      (Move(GRID[target], 1, GRID[source]), child)]
        dealt = self._deal(state)
        if dealt is not None:
            found.append((_DEAL, dealt))
        return found
