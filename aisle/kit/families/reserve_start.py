"""The table of a game of the Canfield family read into the compact position its solver model
plays on (Canfield's and Kansas' models: plugins/aisle_canfield/solving.py and
plugins/aisle_kansas/solving.py).

A card is a small int: its suit's index * 16 + its rank counted from the base card's (1: the
base rank, 13: the rank just below it), so that the foundations go from 1 to 13 in every deal.
The position: the piles (bytes, bottom first), each suit's height on the foundations, how many
cards are left in the reserve (its order never changes: the model keeps the cards), the stock and
waste as one sequence (the waste from its bottom, then the stock in the order it deals) with how
many of it are in the waste, and which foundation holds each suit (`NO_HOME`: none yet).
"""

from __future__ import annotations

from collections.abc import Sequence

from aisle.engine import Board, Card

#: (piles, heights by suit, cards left in the reserve, the stock and waste, cards of it in the
#: waste, the foundation of each suit)
ReservePosition = tuple[tuple[bytes, ...], bytes, int, bytes, int, bytes]
#: A suit with no foundation yet.
NO_HOME = 255


def card_code(card: Card, base_rank: int) -> int:
    """The card's code: its suit, and its rank counted from the base card's."""
    return card.id % 52 // 13 * 16 + (card.rank - base_rank) % 13 + 1


def read_table(board: Board, base_rank: int, piles: Sequence[str],
               foundations: Sequence[str]) -> tuple[bytes, ReservePosition]:
    """The reserve's cards (bottom first) and the position of `board` (see the module's notes)."""
    def codes(cards: Sequence[Card]) -> bytes:
        return bytes(card_code(card, base_rank) for card in cards)

    heights = [0, 0, 0, 0]
    homes = [NO_HOME] * 4
    for index, slot in enumerate(foundations):
        cards = board.slot(slot).cards
        if cards:
            suit = cards[-1].id % 52 // 13
            heights[suit], homes[suit] = len(cards), index
    reserve = codes(board.slot("reserve").cards)
    waste = codes(board.slot("waste").cards)
    stock = codes(list(reversed(board.slot("stock").cards)))
    position = (tuple(codes(board.slot(pile).cards) for pile in piles), bytes(heights), len(reserve),
                waste + stock, len(waste), bytes(homes))
    return reserve, position
