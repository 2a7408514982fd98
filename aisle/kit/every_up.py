"""AisleRiot's autoplay in Eight Off and Seahaven Towers: after every move, every card that fits a
foundation goes up, whether or not it could still be of use below.

A game takes it as its rule with ``autoplay = True`` and ``safe_up_move = every_card_up``; the
solver's model knows it (`aisle.kit.solver_table.Autoplay.EVERY`) and sends the cards up in the
same order: free cells, the waste (when the stock turns one card at a time), reserves, piles,
the first top card that fits each time, onto the first foundation that takes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aisle.engine.actions import Move
from aisle.engine.board import Board

if TYPE_CHECKING:
    from aisle.kit.variant import KitVariant


def every_card_up(self: KitVariant, board: Board) -> Move | None:
    """The next card that goes up by itself (a `safe_up_move` for a game's class)."""
    kit = self.kit
    singles = all(getattr(kit.role_of[place], "deal", 1) == 1 for place in kit.stocks)
    for place in (*kit.cells, *(kit.wastes if singles else ()), *kit.reserves, *kit.tableau):
        card = board.slots[place].top
        if card is not None and card.face_up:
            up = self._foundation_for(board, card)
            if up is not None:
                return Move(kit.ids[place], 1, up)
    return None
