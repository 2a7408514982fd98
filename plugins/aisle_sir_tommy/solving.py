"""Sir Tommy on compact positions for the solver (`SirTommy.solver_model`).

Suits play no part (the foundations take any suit, the piles any card), so cards are ranks. A
position (`State`) holds the four piles' ranks (bottom first) and the foundations' top ranks (0:
empty), both in table order, the waste's rank (0: empty) and the stock in the order it deals.

Piles with the same cards are alike, and so are foundations with the same top: the key sorts
them, and one of each is tried. A card that fits a foundation goes up alone, as the one step,
when the foundations waiting for its rank are at least as many as its rank's cards still out
(`_safe_up`): every such card then finds a foundation whenever it comes free, whatever is
played, so any win from the position with the card still out is a win from the one with it up
(the card's place is free sooner, and nothing else changes). Other cards going up are steps
like any other: two cards of a rank may compete for a foundation, and which one goes first
decides which pile comes free. A card put onto a pile that leaves its rank's cards locked over
lower cards (`locks.py`: no order of going up can work) is a dead end, and not tried.
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import pairwise

from aisle.engine import Action, Board, Deal, Move
from aisle.solver.model import SolverModel
from aisle_sir_tommy.locks import locked

PILES = tuple(f"tableau-{n}" for n in range(1, 5))
FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 5))
#: (piles, foundations' tops, waste, stock in dealing order)
State = tuple[tuple[bytes, ...], bytes, int, bytes]
#: (source: a pile's index or WASTE, target: a pile's index or a foundation's index + UP), or
#: DEAL for a click on the stock.
Step = tuple[int, int]
WASTE = -1
UP = 4
DEAL: Step = (-2, -2)
_KING = 13
_DECKS = 1


class TommyModel(SolverModel[State, Step]):
    """Sir Tommy for the solver (see the module's notes)."""

    hunt_shares = (0.2, 0.3)

    def __init__(self, board: Board) -> None:
        piles = tuple(bytes(card.rank for card in board.slot(pile).cards) for pile in PILES)
        found = bytes(cards[-1].rank if (cards := board.slot(slot).cards) else 0 for slot in FOUNDATIONS)
        waste = board.slot("waste").cards
        if len(waste) > 1:
            raise ValueError("the waste holds one card at most")
        stock = bytes(card.rank for card in reversed(board.slot("stock").cards))
        self._start: State = (piles, found, waste[-1].rank if waste else 0, stock)

    def start(self) -> State:
        return self._start

    def key(self, state: State) -> Hashable:
        """Piles and foundations sorted (alike), the waste, and how many cards the stock has
        left (its cards follow: it only ever gives its top one)."""
        piles, found, waste, stock = state
        return tuple(sorted(piles)), bytes(sorted(found)), waste, len(stock)

    def won(self, state: State) -> bool:
        return all(top == _KING for top in state[1])

    def estimate(self, state: State) -> int:
        """The cards not up, and those lying on a lower card in a pile (each waits for it)."""
        piles, found = state[0], state[1]
        buried = sum(1 for pile in piles for lower, upper in pairwise(pile) if upper > lower)
        return 52 - sum(found) + 2 * buried

    # -- the rules ----------------------------------------------------------------------------
    def _fits(self, found: bytes, rank: int) -> int:
        """The first foundation taking `rank`, or -1."""
        return found.find(rank - 1) if rank > 1 else found.find(0)

    def _move(self, state: State, source: int, target: int) -> State:
        piles, found, waste, stock = state
        if source == WASTE:
            rank, waste = waste, 0
        else:
            rank = piles[source][-1]
            piles = (*piles[:source], piles[source][:-1], *piles[source + 1:])
        if target >= UP:
            index = target - UP
            found = found[:index] + bytes((rank,)) + found[index + 1:]
        else:
            piles = (*piles[:target], piles[target] + bytes((rank,)), *piles[target + 1:])
        return piles, found, waste, stock

    @staticmethod
    def _deal(state: State) -> State:
        piles, found, _, stock = state
        return piles, found, stock[0], stock[1:]

    def _ups(self, state: State) -> list[Step]:
        """The cards that may go up, each onto the first foundation taking it (foundations with the
        same top are alike). Two cards of a rank are both tried unless their piles are alike:
        which goes first decides which pile comes free."""
        piles, found = state[0], state[1]
        ups: list[Step] = []
        seen: set[bytes] = set()
        for source, rank in _tops(state):
            pile = b"" if source == WASTE else piles[source]
            if pile in seen and source != WASTE:
                continue
            target = self._fits(found, rank)
            if target >= 0:
                seen.add(pile)
                ups.append((source, UP + target))
        return ups

    def _safe_up(self, state: State, ups: list[Step]) -> Step | None:
        """An up step every win can take now (see the module's notes), or None."""
        found = state[1]
        for source, target in ups:
            rank = found[target - UP] + 1
            waiting = found.count(rank - 1)
            out = 4 * _DECKS - sum(1 for top in found if top >= rank)
            if waiting >= out:
                return source, target
        return None

    def _lost(self, state: State, ups: list[Step]) -> bool:
        """The game's own end: the stock used up and no card can go up."""
        return not state[3] and not ups

    @staticmethod
    def _locks(state: State, rank: int) -> bool:
        """Whether putting a card of `rank` onto a pile, which led to `state`, left that rank's
        cards locked over lower ones (`locks.py`): a dead end. Only that rank can be newly
        locked (a card covers cards for its own rank only), and only when the pile holds a
        lower card."""
        return locked(state[0], bytes((state[2],)) + state[3], rank)

    def children(self, state: State) -> list[tuple[Step, State]]:
        ups = self._ups(state)
        if self._lost(state, ups):
            return []
        safe = self._safe_up(state, ups)
        if safe is not None:
            return [(safe, self._move(state, *safe))]
        kids = [(step, self._move(state, *step)) for step in ups]
        piles, _, waste, stock = state
        if waste:
            seen: set[bytes] = set()
            # Onto the lowest top above the card first, then empty piles, then the rest.
            order = sorted(range(len(piles)), key=lambda index: _pile_order(piles[index], waste))
            for index in order:
                if piles[index] not in seen:
                    seen.add(piles[index])
                    after = self._move(state, WASTE, index)
                    if min(piles[index], default=waste) >= waste or not self._locks(after, waste):
                        kids.append(((WASTE, index), after))
        elif stock:
            kids.append((DEAL, self._deal(state)))
        return kids

    def actions(self, state: State, step: Step) -> tuple[Action, ...]:
        if step == DEAL:
            return (Deal(),)
        source, target = step
        return (Move(_slot(source), 1, FOUNDATIONS[target - UP] if target >= UP else PILES[target]),)

    def legal(self, state: State) -> list[tuple[Action, State]]:
        piles, found, waste, stock = state
        found_moves: list[tuple[Action, State]] = []
        for source, rank in _tops(state):
            for index, top in enumerate(found):
                if top == rank - 1:
                    step = (source, UP + index)
                    found_moves.append((self.actions(state, step)[0], self._move(state, *step)))
        if waste:
            found_moves += [(Move("waste", 1, PILES[index]), self._move(state, WASTE, index))
                            for index in range(len(piles))]
        elif stock:
            found_moves.append((Deal(), self._deal(state)))
        return found_moves


def _tops(state: State) -> list[tuple[int, int]]:
    """(source, rank) of the cards that may be played: the waste's, then each pile's top."""
    piles, waste = state[0], state[2]
    tops = [(WASTE, waste)] if waste else []
    return tops + [(index, pile[-1]) for index, pile in enumerate(piles) if pile]


def _pile_order(pile: bytes, card: int) -> tuple[int, int]:
    if not pile:
        return 1, 0
    top = pile[-1]
    return (0, top) if top > card else (2, -top)


def _slot(index: int) -> str:
    return "waste" if index == WASTE else PILES[index]
