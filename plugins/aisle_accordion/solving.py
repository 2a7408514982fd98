"""What Accordion teaches the solver: a model of the line as a tuple of card ids (the covered
cards are out of play and need no place in it), searched far faster than the board."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from aisle.engine import Action, Board, Move
from aisle.solver.model import SolverModel
from aisle_accordion.game import LINE, REACH

#: The line's cards, each as its id (suit index × 13 + rank − 1).
State = tuple[int, ...]
#: (the place of the moving card, how far left it goes)
Step = tuple[int, int]


def _matches(card: int, other: int) -> bool:
    return card // 13 == other // 13 or card % 13 == other % 13


class AccordionModel(SolverModel[State, Step]):
    """Every move of the line, three places before one place as the hint tries them."""

    def __init__(self, board: Board) -> None:
        self._start = tuple(slot.cards[0].id for slot in (board.slot(s) for s in LINE) if slot.cards)

    def start(self) -> State:
        return self._start

    def key(self, state: State) -> Hashable:
        return state

    def won(self, state: State) -> bool:
        return len(state) == 1

    def estimate(self, state: State) -> int:
        """The cards left, less a quarter for each move open: every step takes one card off,
        so the length alone ties all children; of two lines as long, the one with more moves
        open is likelier to go on (the best-first hunt's order, no proof)."""
        moves = sum(1 for n in range(1, len(state)) for step in REACH
                    if n >= step and _matches(state[n], state[n - step]))
        return 4 * len(state) - moves

    def children(self, state: State) -> Sequence[tuple[Step, State]]:
        steps = []
        for n in range(1, len(state)):
            for step in REACH:
                if n >= step and _matches(state[n], state[n - step]):
                    left = n - step
                    steps.append(((n, step), (*state[:left], state[n], *state[left + 1:n], *state[n + 1:])))
        return steps

    def actions(self, state: State, step: Step) -> tuple[Action, ...]:
        place, distance = step
        return (Move(LINE[place], 1, LINE[place - distance]),)

    def legal(self, state: State) -> Sequence[tuple[Action, State]]:
        return [(self.actions(state, step)[0], child) for step, child in self.children(state)]
