"""Games of chains (`aisle.kit.chain`: TriPeaks): the hint, in the reference's order for
TriPeaks (docs/rules/tripeaks.md §6).

1. a card in play that follows the chain: the reference looks at the highest slot first, so the
   last such card in table order (in TriPeaks the bottom row, right to left);
2. deal a card from the stock.

Every suggestion removes a card or deals one; nothing ever comes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aisle.engine.actions import Deal
from aisle.engine.board import Board
from aisle.i18n import T
from aisle.variant import Hint, card_name

if TYPE_CHECKING:
    from aisle.kit.chain import ChainVariant


class ChainFamily:
    """The hint of one chain game."""

    def __init__(self, variant: ChainVariant) -> None:
        self.variant = variant

    def hint(self, board: Board) -> Hint | None:
        game = self.variant
        fitting = game.playable(board)
        if fitting:
            source = board.slots[fitting[-1]].cards[-1]
            top = board.slots[game.pile].cards[-1]
            # TRANSLATORS: {card} and {target} are cards such as "9♥" and "10♠".
            return Hint(T("Move {card} onto {target}.", card=card_name(source),
                          target=card_name(top)), game.one[fitting[-1]][game.pile])
        if game.stock is not None and game.stock_refusal(board) is None:
            return Hint(T("Deal a new card from the stock."), Deal())
        return None
