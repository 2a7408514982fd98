"""The solver's model of a chain game (`aisle.kit.chain`: TriPeaks, Golf), with its dead-end test.

A position is (the layout's cards left as a mask, the cards left in the stock, the chain's top
card, the free layout cards as a mask). The stock never changes order (no redeal), so its count
says which cards it holds, and the cards under the chain's top play no part any more: the key is
the first three. Steps: each free card that follows the top, then a deal (see `children`).

The dead-end test: every layout card must some day follow the chain's top, so when it is free
the top must be a card it follows. That card is one still in the stock, or the top now (when the
card is free now), or a layout card that is not lying under it (that one goes later) nor on it
with another card between (then the card between is the top when it comes free). A layout card
with none of these left can never go: the position is lost. A step changes the answer only for
the cards following the old top, the new top or the card played, so each step checks those.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from aisle.engine.actions import Action, Deal, Move
from aisle.engine.board import Board
from aisle.kit.build import KING
from aisle.kit.families.layout_model import LayoutCards, bits
from aisle.solver.model import SolverModel

if TYPE_CHECKING:
    from aisle.kit.chain import ChainVariant

State = tuple[int, int, int, int]
#: (a layout card's id played onto the chain, or `DEAL`; the deals that follow it)
Step = tuple[int, int]
DEAL = -1
_DEAL_ACTION = Deal()


class ChainModel(SolverModel[State, Step]):
    """A chain game with its stock dealt once onto the chain, on compact positions."""

    def __init__(self, game: ChainVariant, board: Board) -> None:
        self.cards = cards = LayoutCards(game, board)
        self.ids, self.pile = game.kit.ids, game.pile
        rank, follows = cards.rank, game.follows
        ranks = range(1, KING + 1)
        of_rank = [sum(1 << card for card in range(52) if rank[card] == r) for r in range(KING + 1)]
        #: after[r]: the cards that may follow a top card of rank r, as a mask.
        self.after = [sum(of_rank[r2] for r2 in ranks if follows[r][r2]) for r in range(KING + 1)]
        #: before[c]: the ranks card c may follow, as a mask of rank bits.
        self.before = [sum(1 << r for r in ranks if follows[r][rank[card]]) for card in range(52)]
        #: The layout cards whose play can leave the top that card c follows when it comes free.
        self.helpers = [sum(1 << other for other in bits(cards.mask) if self.before[card] >> rank[other] & 1)
                        & ~(cards.above[card] & ~cards.covered[card]) & ~cards.below[card]
                        for card in range(52)]
        #: stock_follows[n]: the cards that may follow one of the last n cards of the stock.
        self.stock_follows = [0]
        for card in reversed(cards.stock):
            self.stock_follows.append(self.stock_follows[-1] | self.after[rank[card]])
        chain = board.slots[self.pile].cards
        top = chain[-1].id if chain else -1
        self._start: State = (cards.mask, len(cards.stock), top, cards.free_mask(cards.mask))

    def start(self) -> State:
        return self._start

    def key(self, state: State) -> tuple[int, int, int]:
        """The top by its rank: only that says what may follow it."""
        return state[0], state[1], self.cards.rank[state[2]] if state[2] >= 0 else 0

    def won(self, state: State) -> bool:
        return not state[0]

    def hopeless(self, deadline: float, stop: Callable[[], bool] | None = None) -> bool:
        """The dead-end test on the start, for every layout card (each step then checks its own)."""
        return not self._goes(self._start, self._start[0])

    # -- the rules --------------------------------------------------------------------------------
    def _goes(self, state: State, cards: int) -> bool:
        """Whether each of `cards` can still follow the chain some day (see the module's notes)."""
        layout, left, top, free = state
        playable = free & self.after[self.cards.rank[top]] if top >= 0 else 0
        helpers = self.helpers
        for card in bits(cards & layout & ~playable & ~self.stock_follows[left]):
            if not helpers[card] & layout:
                return False
        return True

    def _steps(self, state: State) -> list[tuple[int, State]]:
        layout, left, top, free = state
        freed, rank = self.cards.freed, self.cards.rank
        steps: list[tuple[int, State]] = []
        if top >= 0:
            for card in bits(free & self.after[rank[top]]):
                rest = layout & ~(1 << card)
                steps.append((card, (rest, left, card, free & ~(1 << card) | freed(rest, card))))
        if left:
            dealt = self.cards.stock[len(self.cards.stock) - left]
            steps.append((DEAL, (layout, left - 1, dealt, free)))
        return steps

    def children(self, state: State) -> list[tuple[Step, State]]:
        """Each step of `_steps`, followed by the deals that are then the only move (no free card
        follows the top): a position with nothing but a deal to do plays as the position after
        it, so the search never stops at one. Steps into a dead end are left out."""
        rank, after, goes, stock = self.cards.rank, self.after, self._goes, self.cards.stock
        old = after[rank[state[2]]] if state[2] >= 0 else 0
        found: list[tuple[Step, State]] = []
        for move, child in self._steps(state):
            # A step changes the dead-end answer only for the cards following the old top or a
            # new one (a card played or dealt: it is no longer in the layout or the stock).
            layout, left, top, free = child
            touched = old | after[rank[top]]
            deals = 0
            while layout and left and not free & after[rank[top]]:
                top = stock[len(stock) - left]
                left -= 1
                deals += 1
                touched |= after[rank[top]]
            child = (layout, left, top, free)
            if goes(child, touched):
                found.append(((move, deals), child))
        # Cards that may free others first, then the rest, the deal last.
        found.sort(key=lambda child: child[0][0] < 0 or not self.cards.lies_on[child[0][0]])
        return found

    def actions(self, state: State, step: Step) -> tuple[Action, ...]:
        move, deals = step
        if move == DEAL:
            return (_DEAL_ACTION,) * (deals + 1)
        return (Move(self.ids[self.cards.place_of[move]], 1, self.ids[self.pile]), *(_DEAL_ACTION,) * deals)

    def legal(self, state: State) -> Sequence[tuple[Action, State]]:
        """Every action the engine allows, in its order, for the cross-check."""
        by_card = dict(self._steps(state))
        order = [card for card, _place in self.cards.order if card in by_card]
        return [(self.actions(state, (move, 0))[0], by_card[move]) for move in (*order, DEAL)
                if move in by_card]
