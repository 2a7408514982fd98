"""Doublets without texts: the table, the deal, and the doubling rule.

Facts from the reference (AisleRiot's doublets.scm): stock and waste on the left, seven
single-card reserves in an arch around the one foundation at the bottom centre; the foundation
starts with the 7th card dealt; Kings dealt anywhere go back under the stock.
"""

from __future__ import annotations

from aisle.engine import Board, Card, Rank, SlotKind, SlotSpec

STOCK = "stock"
WASTE = "waste"
FOUNDATION = "foundation-1"
RESERVES: tuple[str, ...] = tuple(f"reserve-{n}" for n in range(1, 8))
#: Where the top card may be played from, in the order the reference looks for a playable card.
SOURCES: tuple[str, ...] = (WASTE, *RESERVES)
#: The slots dealt face up, in the reference's order: six reserves, the foundation, the last reserve.
DEAL_ORDER: tuple[str, ...] = (*RESERVES[:6], FOUNDATION, RESERVES[6])

MAX_REDEALS = 2
#: Every rank but the King, four times over.
WINNING_COUNT = 48
REDEALS_KEY = "redeals"

# Grid positions in card units, as in the reference (board 6 wide, 3 high; column 2 is empty).
_POSITIONS: dict[str, tuple[int, int]] = {
    STOCK: (0, 0), WASTE: (1, 0),
    "reserve-1": (3, 0), "reserve-2": (4, 0), "reserve-3": (5, 0),
    "reserve-4": (3, 1), "reserve-5": (5, 1),
    "reserve-6": (3, 2), FOUNDATION: (4, 2), "reserve-7": (5, 2),
}
_KINDS: dict[str, SlotKind] = {STOCK: SlotKind.STOCK, WASTE: SlotKind.WASTE, FOUNDATION: SlotKind.FOUNDATION}


def layout() -> list[SlotSpec]:
    """The slots in the reference's creation order (stock, waste, then the arch row by row)."""
    order = (STOCK, WASTE, *DEAL_ORDER)
    return [SlotSpec(slot_id, _KINDS.get(slot_id, SlotKind.RESERVE), *_POSITIONS[slot_id])
            for slot_id in order]


def wanted_rank(top_rank: int) -> int:
    """The rank that may go onto `top_rank`: double it, less 13 past a King (J = 11, Q = 12).

    13 is prime, so the double of 1..12 is never 0 or 13: a King can never be played, and the
    ranks run A, 2, 4, 8, 3, 6, Q, J, 9, 5, 10, 7 and round again.
    """
    return (2 * top_rank) % 13


def deal(board: Board, deck: list[Card]) -> None:
    """Deal one card face up to each slot of DEAL_ORDER, then send Kings under the stock.

    The stock is the whole deck with deck[0] on top. As in the reference, all eight cards are
    dealt first; only then is each slot checked in order, and while it holds a King that King
    goes face down to the bottom of the stock and the stock's top card replaces it.
    """
    stock = list(reversed(deck))  # bottom first, so deck[0] is the top (last) card
    dealt: dict[str, Card] = {slot_id: stock.pop() for slot_id in DEAL_ORDER}
    for slot_id in DEAL_ORDER:
        # Ends: at most four Kings can be sent under, and the stock holds 44 cards.
        while dealt[slot_id].rank == Rank.KING:
            stock.insert(0, dealt[slot_id])
            dealt[slot_id] = stock.pop()
    for card in stock:
        card.face_up = False
    board.place(STOCK, stock)
    for slot_id in DEAL_ORDER:
        dealt[slot_id].face_up = True
        board.place(slot_id, [dealt[slot_id]])
