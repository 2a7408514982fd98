"""Games of pairs (`aisle.kit.pairing`: Pyramid): the hint, in the reference's order for Pyramid
(docs/rules/pyramid.md §6); the first match wins.

1. the top two cards of the waste pair;
2. the cards in play in table order (the waste's top card, then the layout's): a card leaving
   alone goes; any other card pairs with the first card in play after it that it pairs with;
3. deal a card from the stock.

Every suggestion removes cards or deals one; nothing ever comes back, so following the hints
never returns to a position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aisle.engine.actions import Deal
from aisle.engine.board import Board
from aisle.i18n import T
from aisle.variant import Hint, card_name

if TYPE_CHECKING:
    from aisle.kit.pairing import PairingVariant


class PairsFamily:
    """The hint of one pairing game."""

    def __init__(self, variant: PairingVariant) -> None:
        self.variant = variant

    def hint(self, board: Board) -> Hint | None:
        game, one = self.variant, self.variant.one
        both = game.waste_up(board)
        if both is not None:
            return Hint(T("Match the top two cards of the waste."), both)
        playable = game.in_play(board)
        alone, fit = game.pairs.alone, game.pairs.fit
        for index, (place, card) in enumerate(playable):
            if card.rank in alone:
                # TRANSLATORS: {card} is a King such as "K♣".
                return Hint(T("Remove {card}.", card=card_name(card)), one[place][game.up])
            for other, partner in playable[index + 1:]:
                if fit(card, partner):
                    # TRANSLATORS: {card} and {target} are cards such as "6♥" and "7♠".
                    return Hint(T("Move {card} onto {target}.", card=card_name(card),
                                  target=card_name(partner)), one[place][other])
        if game.stock is not None and game.stock_refusal(board) is None:
            return Hint(T("Deal a new card from the stock."), Deal())
        return None
